"""What an MQTT client for a Pico W imports that the MicroPython unix port lacks, stood
in for (import this first): `machine.unique_id` (its default client id) and `network`
(a Wi-Fi station always joined: the unix port's sockets are the machine's own)."""
import sys


class _Module:
    pass


def _install():
    if isinstance(sys.modules.get("network"), _Module):
        return
    import machine as real
    machine = _Module()
    for name in dir(real):
        try:
            setattr(machine, name, getattr(real, name))
        except (AttributeError, TypeError):
            pass
    machine.unique_id = lambda: b"unix"
    sys.modules["machine"] = machine

    class WLAN:
        def __init__(self, *_):
            pass

        def isconnected(self):
            return True

        def active(self, *_):
            return True

        def connect(self, *_, **__):
            pass

        def disconnect(self):
            pass

        def status(self, *_):
            return 3            # CYW43_LINK_UP

        def config(self, *_, **__):
            pass

    network = _Module()
    network.WLAN = WLAN
    network.STA_IF = 0
    network.STAT_IDLE = 0
    network.STAT_CONNECTING = 1
    network.STAT_GOT_IP = 3
    sys.modules["network"] = network


_install()
