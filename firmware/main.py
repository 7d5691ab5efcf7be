"""Boot entry: run the table controller (the real board on a Pico, else the simulator)."""
from table import app, board

app.run(board.make())
