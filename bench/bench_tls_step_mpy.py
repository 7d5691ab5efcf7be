"""The longest step of a table's TLS handshake with the room's broker, in MicroPython:
the one call that cannot yield to the table's loop (mbedtls verifies the broker's
certificate chain and its key-exchange signature and makes the client's ECDHE key in
the step that reads the broker's first flight). Both ends run here over an in-memory
pipe, so no network is needed; only the client's steps are timed.

    micropython bench/bench_tls_step_mpy.py ROOM_FOLDER     (the unix port)
    or on a Pico W: copy this file and the three DER files it names, then import it

ROOM_FOLDER: a room made by `tapete room init`; its broker.crt, broker.key and ca.crt
are read as DER (`openssl x509 -outform DER`, `openssl ec -outform DER`) from
broker.der, broker.key.der and ca.der beside them. Prints the client's steps in us and
the longest in ms, on the wall and (Linux) of the process's CPU: docs/room.md compares
it with the scan round.
"""
import io
import sys
import time

try:
    import ssl

    def verify(ctx, der):
        ctx.load_verify_locations(cadata=der)
except ImportError:
    import tls as ssl     # type: ignore  # a build with the C module alone

    def verify(ctx, der):
        ctx.load_verify_locations(der)


class End(io.IOBase):
    """One end of an in-memory pipe: reads what the other end wrote (None: nothing yet)."""

    def __init__(self, inbox, outbox):
        self.inbox = inbox
        self.outbox = outbox

    def readinto(self, buf, n=-1):
        if not self.inbox:
            return None
        data = self.inbox.pop(0)
        k = min(len(buf), len(data))
        buf[:k] = data[:k]
        if k < len(data):
            self.inbox.insert(0, data[k:])
        return k

    def write(self, buf):
        self.outbox.append(bytes(buf))
        return len(buf)

    def ioctl(self, req, arg):
        return 0


def cpu_ns():
    """ns of CPU this process has used (Linux; 0 elsewhere: a Pico runs nothing else)."""
    try:
        with open("/proc/self/schedstat") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 0


def load(folder, name):
    with open(folder.rstrip("/") + "/" + name, "rb") as f:
        return f.read()


def main(folder):
    a2b, b2a = [], []
    srv = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    srv.load_cert_chain(load(folder, "broker.der"), load(folder, "broker.key.der"))
    cli = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    cli.verify_mode = ssl.CERT_REQUIRED
    verify(cli, load(folder, "ca.der"))
    c = cli.wrap_socket(End(b2a, a2b), server_hostname="127.0.0.1", do_handshake_on_connect=False)
    s = srv.wrap_socket(End(a2b, b2a), server_side=True, do_handshake_on_connect=False)
    steps = []
    cpu = []
    sent = False
    got = None
    for _ in range(40):
        t = time.ticks_us()
        n = cpu_ns()
        if not sent:
            sent = bool(c.write(b"\x10hello"))
        else:
            got = c.read(5)
        cpu.append((cpu_ns() - n) // 1000)
        steps.append(time.ticks_diff(time.ticks_us(), t))
        try:
            if s.read(6):
                s.write(b"world")
        except OSError:
            pass
        if got:
            break
    print("client steps (us):", steps, "of CPU (us, Linux):", cpu)
    print("longest client step: %d ms, %d ms of CPU" % (max(steps) // 1000, max(cpu) // 1000))


main(sys.argv[1] if len(sys.argv) > 1 else ".")
