"""Boot entry: run the table controller (the real board on a Pico, else the simulator);
on the Pico an error that escapes it restarts the table (table/crash.py)."""
# The rule core's native module first, while the heap is in one piece: it needs ~10.7 KB
# in one block, and loaded at the first match, after the boot's imports and the panel's
# 15 KB frame (boards/wiring.py), it found none (MemoryError on the emulated RP2040).
try:
    import tapete_core  # type: ignore  # noqa: F401 (rules/native.py finds it loaded)
except ImportError:
    pass
from table import app, crash
from boards import factory

crash.run(app, factory)
