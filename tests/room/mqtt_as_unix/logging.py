"""The `logging` mqtt_async imports when it can (the unix port has none; its own
stand-in formats `warning(msg, err)` with a % that raises, killing its reconnecting
task): quiet, warnings to stderr."""
import sys


class _Logger:
    def debug(self, *_):
        pass

    def info(self, *_):
        pass

    def warning(self, msg, *args):
        print("mqtt_async:", msg, *args, file=sys.stderr)


def getLogger(_name=None):
    return _Logger()
