"""The learned opponent's parts that ship: the encoding of a seat's view and moves (``encoding``) and the
numpy network that scores them (``network``). Training lives in the lab (``lab.learn``)."""
