"""The learned opponent's parts that ship: the encoding of a seat's view and moves (``encoding``) and the
numpy network that scores them (``network``). Training lives in the lab (``lab.learn``).

A decision's matrices are small (a few dozen rows): numpy's linear algebra on one thread is four to five times
faster for them than on two threads that wait for each other, so one thread is asked for unless the player's
environment says otherwise (it counts only where numpy is first imported here).
"""

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
