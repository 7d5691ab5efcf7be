"""The controller's serial port, as `tapete record` and `tapete serve` use it.

`Port` wraps pyserial: `readline()` returns b"" after a short silence (so the
caller can look around), and when the port goes away (the USB cable pulled, the
simulator's pseudo-terminal closed) it closes it, says so, and opens the same path
again as soon as it is back, within `reconnect_s` seconds; after that it raises
`Disconnected`. Whatever it says goes to `on_problem`; `on_reconnect()` is called
when the port is back (the Recorder then asks for what it missed).
"""
import os
import stat
import time


class PortError(Exception):
    """A port that cannot be used: the message is the one line the user sees."""

    exit_code = 2


class Disconnected(PortError):
    """The port went away while recording and did not come back."""

    exit_code = 1


def check_path(name):
    """PortError with a helpful line when `name` cannot be a serial port."""
    if name.startswith(("socket://", "rfc2217://", "loop://")):
        return
    if not os.path.exists(name):
        raise PortError("no serial port %s (is the table plugged in? its port is usually "
                        "/dev/ttyACM0; `ls /dev/ttyACM*` lists them)" % name)
    mode = os.stat(name).st_mode
    if stat.S_ISREG(mode):
        raise PortError("%s is a file, not a serial port: to check a recorded log use "
                        "`tapete audit %s` (or `tapete replay %s`)" % (name, name, name))
    if stat.S_ISDIR(mode):
        raise PortError("%s is a folder, not a serial port" % name)


def open_serial(name, baud=115200, timeout=0.2):
    """A pyserial port; PortError (one line) when it cannot be opened."""
    check_path(name)
    import serial
    try:
        ser = serial.serial_for_url(name, baud, timeout=timeout, do_not_open=True)
        if _is_device(name):
            # An advisory lock (flock) on the device: a second `tapete record` or
            # `serve` on the same table would read half of its lines each.
            ser.exclusive = True
        ser.open()
        return ser
    except (serial.SerialException, OSError, ValueError) as err:
        raise PortError("cannot open %s: %s" % (name, _why(err)))


def _is_device(name):
    return not name.startswith(("socket://", "rfc2217://", "loop://")) and os.name == "posix"


def _why(err):
    text = str(err)
    if "exclusively lock" in text:
        return ("it is in use by another program (another `tapete record`, `serve` or "
                "`scoreboard` on this table?): stop that one first")
    if "Permission denied" in text:
        return "permission denied (add yourself to the dialout group: sudo usermod -aG dialout $USER)"
    if "busy" in text.lower():
        return "the port is busy (another program has it open)"
    return text


class Port:
    """A serial port that survives being unplugged and plugged in again."""

    def __init__(self, name, baud=115200, timeout=0.2, reconnect_s=30.0,
                 on_problem=None, on_reconnect=None):
        self.name = name
        self.baud = baud
        self.timeout = timeout
        self.reconnect_s = reconnect_s
        self.on_problem = on_problem or (lambda text: None)
        self.on_reconnect = on_reconnect
        self.reconnects = 0
        self.closed = False
        self.ser = open_serial(name, baud, timeout)

    @property
    def away(self):
        """True while the port is unplugged (and looked for)."""
        return self.ser is None and not self.closed

    def readline(self):
        """One line (bytes), or b"" after `timeout` seconds of silence (or while the
        port is away: it is looked for again at each call)."""
        if self.ser is None:
            self._look_again()
            return b""
        try:
            return self.ser.readline()
        except Exception as err:     # pyserial's SerialException, OSError (EIO) on unplug
            if not self.closed:
                self._lost(err)
            return b""

    def write(self, data):
        if self.ser is None:
            return      # away: the Recorder asks again when the port is back
        try:
            self.ser.write(data)
            self.ser.flush()
        except Exception as err:
            if not self.closed:
                self._lost(err)

    def close(self):
        self.closed = True
        try:
            if self.ser is not None:
                self.ser.close()
        except Exception:
            pass

    def _lost(self, err):
        try:
            self.ser.close()
        except Exception:
            pass
        self.ser = None
        self.deadline = time.monotonic() + self.reconnect_s
        self.on_problem("port %s disconnected (%s): waiting up to %g s for it to come back"
                        % (self.name, str(err).split("\n")[0][:80], self.reconnect_s))

    def _look_again(self):
        time.sleep(min(0.1, self.timeout))
        try:
            self.ser = open_serial(self.name, self.baud, self.timeout)
        except PortError:
            if time.monotonic() > self.deadline:
                raise Disconnected("port %s disconnected and did not come back within %g s; "
                                   "the log keeps every event received until then"
                                   % (self.name, self.reconnect_s))
            return
        self.reconnects += 1
        self.on_problem("port %s is back" % self.name)
        if self.on_reconnect is not None:
            self.on_reconnect()
