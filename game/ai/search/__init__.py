"""The searching bots' comparison of candidate plays: the race on paired playouts (``race``), the players the
playouts are played out with (``pictured``), and the calibrated win chance of the play chosen (``calibration``).
The coach's grades (``game.review.grade``) run the same race."""
