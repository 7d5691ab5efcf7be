"""An error that escapes the controller: on the Pico the table restarts instead of
lying dead at the REPL.

A real table has no one to type at its REPL. An exception that leaves the
controller's tasks (a MemoryError in a fragmented heap, a fault in a driver) would
stop the table for the rest of the evening; restarting brings the match back from
the journal exactly as after a power cut (nothing lost, duplicated or invented:
tests/pico). The error's text is kept on flash and said once, in the next boot
reply ("crash"), so the host can record why the table restarted.
Ctrl-C (mpremote, `tapete selftest`) still stops the controller: it is asked for.
"""
import sys

FILE = "crash.txt"
KEEP = 300          # bytes of the error kept: the last lines of its traceback


def _path(root):
    return (root.rstrip("/") + "/" if root else "") + FILE


def run(app, board):
    """Run the controller (table/app.py) on `board.make()` (board: boards/factory.py);
    on the Pico, restart the chip after an error, with its text kept. Elsewhere (the
    simulator, tests) the error goes up as it is."""
    made = None
    try:
        made = board.make()
        app.run(made)
    except KeyboardInterrupt:
        raise
    except Exception as err:        # noqa: B902 (whatever it was, the table must come back)
        if not board.on_pico():
            raise
        keep(err, getattr(made, "root", "") or "")
        import machine
        machine.reset()


def keep(err, root):
    """Print the error on the serial port and keep its last lines on flash. Each step
    may fail (the heap is what ran out, or the flash): the restart comes anyway."""
    try:
        sys.print_exception(err)
    except Exception:
        pass
    try:
        import io
        buf = io.StringIO()
        sys.print_exception(err, buf)
        text = buf.getvalue()[-KEEP:]
        with open(_path(root), "w") as f:
            f.write(text)
    except Exception:
        pass


def last(root):
    """The last line of the kept error (its type and message), removed once read;
    None when the table did not restart after an error."""
    import os
    path = _path(root)
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return None
    try:
        os.remove(path)
    except OSError:
        pass
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    return lines[-1] if lines else "an error"
