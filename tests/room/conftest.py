"""The room tests' fixtures: a room on a real Mosquitto (broker.py)."""
from room.broker import room, room_base  # noqa: F401  (the fixtures)
