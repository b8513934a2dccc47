"""Playing with friends over the network: the protocol, the server, the client and table discovery."""
