"""Nothing lost when a table's recorder is restarted while the room's broker is away
(issue 36 item 3): the recorder's log is the store, `<log>.acked` says how far the
broker has acknowledged it, and a recorder started again publishes what the room never
had; `tapete record --mqtt` starts while the broker is away. Against the real Mosquitto."""
import json
import os
import signal
import stat
import subprocess
import sys
import tty

from tapete.log.link import seal
from tapete.room.backlog import Backlog, state_path
from tapete.room.lines import log_topic
from tapete.room.publish import TablePublisher
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines

from room.broker import connector
from room.test_broker import wait_until

TAPETE = [sys.executable, "-m", "tapete.cli"]


def logged(path):
    """The log's table lines (those with a seq), as events."""
    with open(path, encoding="utf-8") as f:
        return [ev for ev in map(json.loads, f) if isinstance(ev.get("seq"), int)]


def stored(store, table):
    return [e for m in store.matches() if m["table"] == table for e in store.store.events(m["match"])]


def publisher(room, log):
    backlog = Backlog(log, log_topic("club", "t1"))
    return TablePublisher("club", "t1", connector(room, "t1"), backlog=backlog).start(
        room.info["host"], room.info["port"], wait_s=0.5, away_ok=True)


def append(log, pub, events):
    """What the recorder does for each line: the log first, then the publisher."""
    with open(log, "a", encoding="utf-8") as f:
        for ev in events:
            f.write(json.dumps(ev) + "\n")
            f.flush()
            pub.publish(ev, os.path.getsize(log))


def test_a_publisher_killed_while_the_broker_is_away_loses_nothing(room, tmp_path):
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"))
    server.start(room.info["host"], room.info["port"])
    log = str(tmp_path / "t1.jsonl")
    lines = match_lines("truc", 11)
    a, b = len(lines) // 3, 2 * len(lines) // 3
    pub = publisher(room, log)
    append(log, pub, lines[:a])
    assert wait_until(lambda: store.next_seq("club", "t1") == a, 15)
    assert wait_until(lambda: pub.waiting() == 0, 15)
    pub.take_commands()                     # the recorder's loop: the state follows the acks
    pub.backlog.save(force=True)
    room.stop()
    append(log, pub, lines[a:b])            # while the broker is away: only in paho's memory
    pub.take_commands()
    pub.client.loop_stop()                  # killed: no flush, nothing more saved
    assert stat.S_IMODE(os.stat(state_path(log)).st_mode) == 0o600
    again = publisher(room, log)            # started again, the broker still away
    assert again.republished == b - a and not again.connected.up
    append(log, again, lines[b:])
    room.start()
    assert wait_until(lambda: store.next_seq("club", "t1") == len(lines), 30)
    again.stop()
    server.stop()
    assert stored(store, "t1") == logged(log) == lines     # line for line, 0 lost
    # everything acknowledged: a third start publishes nothing again
    third = TablePublisher("club", "t1", connector(room, "t1"), backlog=Backlog(log, log_topic("club", "t1")))
    assert third.republished == 0 and len(third.kept) == len(lines)
    third.client.loop_stop()
    store.close()


def test_record_started_and_restarted_while_the_broker_is_away_loses_nothing(room, tmp_path):
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"))
    server.start(room.info["host"], room.info["port"])
    room.stop()
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    os.close(slave)
    out = str(tmp_path / "t1.jsonl")
    url = "mqtts://t1@127.0.0.1:%d/club" % room.info["port"]
    cmd = TAPETE + ["record", path, "--plain", "--out", out, "--db", str(tmp_path / "t1.sqlite"),
                    "--mqtt", url, "--mqtt-ca", os.path.join(room.folder, "ca.crt"),
                    "--mqtt-password-file", os.path.join(room.folder, "secrets", "t1.pass")]
    lines = match_lines("tute", 5)
    half = len(lines) // 2

    def write(events):
        for ev in events:
            os.write(master, (seal(json.dumps(ev)) + "\n").encode())

    def log_has(n):
        return os.path.exists(out) and len(logged(out)) == n

    state = state_path(out)

    def started(before=None):
        """The recorder reads its port: it has written its state (a new file each time)."""
        return wait_until(lambda: os.path.exists(state) and os.stat(state).st_ino != before, 30)

    first = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    second = None
    try:
        assert started()                # the broker away: it records all the same
        write(lines[:half])
        assert wait_until(lambda: log_has(half), 30)
        before = os.stat(state).st_ino
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        second = subprocess.Popen(cmd + ["--until-end", "--idle", "60"], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, text=True)
        assert started(before)
        write(lines[half:-1])
        assert wait_until(lambda: log_has(len(lines) - 1), 30)
        room.start()                    # the broker back
        write(lines[-1:])
        _, err = second.communicate(timeout=60)
    finally:
        for p in (first, second):
            if p is not None and p.poll() is None:
                p.kill()
        os.close(master)
    assert second.returncode == 0, err
    assert "0 lost" in err and "the room: every line acknowledged" in err, err
    assert wait_until(lambda: store.next_seq("club", "t1") == len(lines), 30)
    server.stop()
    assert stored(store, "t1") == logged(out) == lines
    store.close()


def test_record_ending_while_the_broker_is_away_says_what_the_room_has_not_had(room, tmp_path):
    room.stop()
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    os.close(slave)
    out = str(tmp_path / "t2.jsonl")
    proc = subprocess.Popen(TAPETE + [
        "record", path, "--plain", "--out", out, "--db", str(tmp_path / "t2.sqlite"), "--until-end",
        "--idle", "60", "--mqtt", "mqtts://t2@127.0.0.1:%d/club" % room.info["port"],
        "--mqtt-ca", os.path.join(room.folder, "ca.crt"),
        "--mqtt-password-file", os.path.join(room.folder, "secrets", "t2.pass")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines = match_lines("truc", 2)
    try:
        assert wait_until(lambda: os.path.exists(state_path(out)), 30)
        for ev in lines:
            os.write(master, (seal(json.dumps(ev)) + "\n").encode())
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == 0, err
    assert "does not answer yet: recording here, publishing when it comes" in err
    assert "0 lost" in err and ("the room: %d lines not acknowledged yet (kept in the log: published at the "
                                "next start)" % len(lines)) in err, err
    assert "Traceback" not in err and "ERROR" not in err, err
    assert logged(out) == lines
    assert json.load(open(state_path(out))) == {"topic": "tapete/club/t2/log", "offset": 0}
