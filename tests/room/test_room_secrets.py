"""A room's secrets stay its organiser's: every file 0600 and every folder 0700 from
the start, no password on a command line, the room database private, a broker run by
root dropping to its own user, and no table able to take another's client id or the
room server's (issue 36)."""
import os
import pwd
import stat
import subprocess
import threading
import time

import pytest

from tapete.room import broker as room_broker
from tapete.room.broker import Broker, init_room, password
from tapete.room.lines import RoomError
from tapete.room.mqtt import Connected
from tapete.room.publish import TablePublisher
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines
from tapete.views.web import wait_until as poll

from room.broker import connector, have_mosquitto

ROOT = os.getuid() == 0


def mode(path):
    return stat.S_IMODE(os.lstat(path).st_mode)


def wait_until(predicate, timeout=10.0):
    return poll(predicate, timeout, 0.02)


def impostor(room, user, client_id):
    """A paho client with `user`'s password that asks for `client_id`, clean session."""
    import paho.mqtt.client as mqtt
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True,
                    protocol=mqtt.MQTTv311)
    c.username_pw_set(user, password(room.folder, user))
    c.tls_set(ca_certs=os.path.join(room.folder, "ca.crt"))
    return c


@pytest.fixture
def made(room_base, monkeypatch):
    """A room folder made by init_room, and every command line it ran."""
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto and mosquitto-clients (.ci/run installs them)")
    argvs = []
    real = subprocess.run

    def run(args, *a, **kw):
        argvs.append(list(args))
        return real(args, *a, **kw)
    monkeypatch.setattr(room_broker.subprocess, "run", run)
    folder = os.path.join(room_base, "club")
    init_room(folder, "club", ["t1", "t2", "t3"])
    monkeypatch.setattr(room_broker.subprocess, "run", real)
    return folder, argvs


def test_every_file_of_a_room_is_its_owners_only_and_every_folder_private(made):
    folder, _ = made
    # the room folder: 0700, or, run by root, 0710 for the broker's group (it passes, never lists)
    if ROOT:
        assert mode(folder) == 0o710
        assert os.stat(folder).st_gid == pwd.getpwnam("mosquitto").pw_gid
    else:
        assert mode(folder) == 0o700
    for name in ("secrets", "data"):
        assert mode(os.path.join(folder, name)) == 0o700, name
    files = []
    for top, dirs, names in os.walk(folder):
        files += [os.path.join(top, n) for n in names]
    assert {os.path.relpath(f, folder) for f in files} >= {
        "ca.key", "ca.crt", "broker.key", "broker.crt", "passwd", "acl", "mosquitto.conf", "room.json",
        "secrets/room.pass", "secrets/t1.pass", "secrets/t3.pass"}
    for f in files:
        assert mode(f) == 0o600, f
    # nothing left of the making: no CSR, no serial, no plain password file's backup
    assert not {"broker.csr", "broker.ext", "ca.srl", "passwd.tmp"} & set(os.listdir(folder))
    if ROOT:        # the broker's files are its user's; the CA's key and the passwords never
        broker_uid = pwd.getpwnam("mosquitto").pw_uid
        for name in room_broker.BROKER_READS + ("data",):
            assert os.stat(os.path.join(folder, name)).st_uid == broker_uid, name
        for name in ("ca.key", "secrets", "secrets/t1.pass", "room.json"):
            assert os.stat(os.path.join(folder, name)).st_uid == 0, name


def test_no_password_is_ever_on_a_command_line_nor_plain_in_the_password_file(made):
    folder, argvs = made
    words = [password(folder, u) for u in ("room", "t1", "t2", "t3")]
    assert len(set(words)) == 4 and all(len(w) >= 20 for w in words)
    assert any(a[0].endswith("mosquitto_passwd") for a in argvs)
    for argv in argvs:
        for word in words:
            assert not any(word in arg for arg in argv), argv
    with open(os.path.join(folder, "passwd")) as f:
        text = f.read()
    assert [line.split(":")[0] for line in text.splitlines()] == ["room", "t1", "t2", "t3"]
    assert all(line.split(":", 1)[1].startswith("$7$") for line in text.splitlines())   # PBKDF2-SHA512
    assert not any(word in text for word in words)


def test_the_broker_drops_root_and_the_room_database_and_log_are_private(room, tmp_path):
    conf = open(os.path.join(room.folder, "mosquitto.conf")).read().splitlines()
    assert "use_username_as_clientid true" in conf
    with open("/proc/%d/status" % room.proc.pid) as f:
        uid = [line.split()[1:] for line in f if line.startswith("Uid:")][0]
    if ROOT:
        assert "user mosquitto" in conf
        assert set(uid) == {str(pwd.getpwnam("mosquitto").pw_uid)}     # real, effective, saved
    else:
        assert set(uid) == {str(os.getuid())}
    assert mode(os.path.join(room.folder, "broker.log")) == 0o600
    db = str(tmp_path / "room.sqlite")
    store = RoomStore(db)
    store.add("club", "t1", match_lines("truc", 1)[:5])
    for path in (db, db + "-wal", db + "-shm"):
        assert mode(path) == 0o600, path
    store.close()


@pytest.mark.skipif(not ROOT, reason="only root's broker drops to another user")
def test_a_room_its_broker_cannot_reach_is_refused_before_it_starts(tmp_path):
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto and mosquitto-clients (.ci/run installs them)")
    hidden = tmp_path / "hidden"            # pytest's tmp_path: under a 0700 folder of root's
    hidden.mkdir(mode=0o700)
    init_room(str(hidden / "club"), "club", ["t1"], port=18999)
    with pytest.raises(RoomError, match="drops root to user mosquitto, who cannot reach"):
        Broker(str(hidden / "club")).start()


def test_a_room_is_made_only_in_a_new_or_empty_folder(room_base):
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto_passwd (.ci/run installs it)")
    used = os.path.join(room_base, "used")
    os.mkdir(used)
    with open(os.path.join(used, "notes.txt"), "w") as f:
        f.write("x")
    with pytest.raises(RoomError, match="a room is made in a new"):
        init_room(used, "club", ["t1"])
    link = os.path.join(room_base, "link")
    os.symlink(used, link)
    with pytest.raises(RoomError, match="a room is made in a new"):
        init_room(link, "club", ["t1"])
    empty = os.path.join(room_base, "empty")
    os.mkdir(empty, 0o755)
    init_room(empty, "club", ["t1"])
    assert mode(empty) in (0o700, 0o710)


def test_a_room_folder_named_from_here_is_made_as_well(room_base, monkeypatch):
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto_passwd (.ci/run installs it)")
    monkeypatch.chdir(room_base)
    init_room(os.path.join("out", "club"), "club", ["t1"])      # as bench_room.py names it
    assert open(os.path.join(room_base, "out", "club", "passwd")).read().startswith("room:$7$")


def test_an_impostor_with_a_tables_password_cannot_take_the_room_servers_client_id(room, tmp_path):
    host, port = room.info["host"], room.info["port"]
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room")).start(host, port)
    drops = []
    server_down = server.client.on_disconnect

    def counted(*a, **kw):
        drops.append("room")
        return server_down(*a, **kw)
    server.client.on_disconnect = counted
    t2 = TablePublisher("club", "t2", connector(room, "t2")).start(host, port)
    lines = match_lines("truc", 3)
    half = len(lines) // 2
    for ev in lines[:half]:
        t2.publish(ev)
    assert wait_until(lambda: store.next_seq("club", "t2") == half, 15)
    # t1's credentials, the room server's client ids (the broker's and the old one), a
    # clean session that would wipe the server's kept one: each time it is t1's id it gets
    for cid in ("room", "tapete-room-club", "t2"):
        imp = impostor(room, "t1", cid)
        up = Connected(imp)
        imp.connect(host, port)
        imp.loop_start()
        up.wait()
        # a subscription it is allowed (t1's notices) works: it is connected, as t1
        got = threading.Event()
        imp.on_subscribe = lambda *a: got.set()
        imp.subscribe("tapete/club/t1/notice", 1)
        assert got.wait(5)
        imp.disconnect()
        imp.loop_stop()
    time.sleep(0.5)
    assert drops == [] and server.connected.up and t2.connected.up
    for ev in lines[half:]:
        t2.publish(ev)
    assert wait_until(lambda: store.next_seq("club", "t2") == len(lines), 15)
    t2.stop()
    server.stop()
    assert [e["seq"] for e in store.store.events(store.matches()[0]["match"])] == list(range(len(lines)))
    store.close()


def test_a_second_connection_with_a_tables_password_takes_only_that_tables_id(room):
    """What one table's password can still do: knock that same table off (the broker
    binds the id to the user), never another table."""
    host, port = room.info["host"], room.info["port"]
    t1 = TablePublisher("club", "t1", connector(room, "t1")).start(host, port)
    t2 = TablePublisher("club", "t2", connector(room, "t2")).start(host, port)
    went = []
    for pub in (t1, t2):
        down = pub.client.on_disconnect
        pub.client.on_disconnect = lambda *a, p=pub, d=down, **kw: (went.append(p.table), d(*a, **kw))
    imp = impostor(room, "t1", "t2")        # asks for t2's id with t1's password
    imp.connect(host, port)
    imp.loop_start()
    assert wait_until(lambda: went, 5)
    imp.disconnect()
    imp.loop_stop()
    time.sleep(0.3)
    assert set(went) == {"t1"}
    t1.stop(1)
    t2.stop(1)
