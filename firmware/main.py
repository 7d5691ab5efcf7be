"""Boot entry: run the table controller (the real board on a Pico, else the simulator);
on the Pico an error that escapes it restarts the table (table/crash.py)."""
import gc

# While booting, collect every BOOT_GC bytes allocated (table/app.py `run` turns it off
# once the controller is built). Without it the heap first filled up with the imports'
# garbage before its first collection, and the long-lived objects made meanwhile lay
# spread over the whole heap: with the firmware's folders the largest free block after
# boot was 6.7 KB (13.5 KB before them, by luck of the layout) and loading a game for
# `new` ran out (MemoryError). Packed, they lie at the bottom and 53 KB stay in one
# block, for ~0.5 s more boot (docs/pico.md, "9.": `make bench-pico` measures both).
BOOT_GC = 8192
gc.threshold(BOOT_GC)
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
