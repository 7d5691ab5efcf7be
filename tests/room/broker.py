"""A room on a real Mosquitto on loopback (Debian `mosquitto`; .ci/run installs it):
the `room` fixture (conftest.py) and a connector for its users."""
import os
import shutil
import socket

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
def room(tmp_path):
    """A room 'club' with tables t1, t2 and its broker running; yields the Broker."""
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto and mosquitto-clients (.ci/run installs them)")
    folder = str(tmp_path / "room")
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
