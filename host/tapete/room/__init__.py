"""A room of tables on one MQTT broker: the broker set up never open, the room
server and its store, the room board, duplicate boards and schedules, and a
table's own publisher on a computer (docs/room.md)."""
