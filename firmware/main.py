"""Boot entry: run the table controller (the real board on a Pico, else the simulator);
on the Pico an error that escapes it restarts the table (table/crash.py)."""
from table import app, board, crash

crash.run(app, board)
