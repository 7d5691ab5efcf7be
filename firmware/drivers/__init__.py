"""Hardware drivers: each takes its bus and pins as constructor arguments."""


class ReaderError(RuntimeError):
    """A reader module is missing, faulty, or the bus is disturbed (drivers/mfrc522.py
    and its rare part, mfrc522_setup.py, raise it: here, so that neither imports the
    other)."""


def once(name):
    """drivers.<name> for one call: imported, then forgotten at once, so its code
    is freed after the call (drivers' rare parts: set-up, self-test)."""
    import sys
    full = "drivers." + name
    __import__(full)
    mod = sys.modules.pop(full)
    try:
        delattr(sys.modules["drivers"], name)
    except (AttributeError, KeyError):
        pass
    return mod
