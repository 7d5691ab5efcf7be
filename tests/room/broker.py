"""A room on a real Mosquitto on loopback (Debian `mosquitto`; .ci/run installs it):
the `room` fixture (conftest.py) and a connector for its users."""
import os
import shutil
import socket
import tempfile

import pytest

from tapete.room.broker import Broker, init_room, password


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def have_mosquitto():
    return bool(shutil.which("mosquitto") or os.path.exists("/usr/sbin/mosquitto")) \
        and bool(shutil.which("mosquitto_passwd"))


@pytest.fixture
def room_base(tmp_path):
    """A folder for a room the broker can reach: run as root, Mosquitto drops to its
    own user, who cannot pass pytest's private tmp_path (0700): a folder of /tmp it
    may pass through (0711, not list) instead."""
    if os.getuid() != 0:
        yield str(tmp_path)
        return
    base = tempfile.mkdtemp(prefix="tapete-room-")
    os.chmod(base, 0o711)
    yield base
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def room(room_base):
    """A room 'club' with tables t1, t2 and its broker running; yields the Broker."""
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto and mosquitto-clients (.ci/run installs them)")
    folder = os.path.join(room_base, "room")
    init_room(folder, "club", ["t1", "t2"], port=free_port())
    broker = Broker(folder).start()
    yield broker
    broker.stop()


def connector(broker, user):
    """`connect(client_id, clean)` for a user of the room (room_mqtt.client)."""
    from tapete.room.mqtt import client
    word = password(broker.folder, user)
    ca = os.path.join(broker.folder, "ca.crt")
    return lambda cid, clean: client(cid, user, word, ca, clean)
