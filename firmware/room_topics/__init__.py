"""The room's MQTT topics, written once. The table (table/mqtt_pub.py), the host
(tapete.room: the room server and `tapete record --mqtt`) and the broker's ACL
(tapete.room_broker) all build theirs from these templates; the host reads this very
file, mounted as tapete.room_topics (pyproject.toml), as firmware/rules is tapete.rules.

    tapete/<room>/<table>/log      the table publishes each log line, unchanged, QoS 1
    tapete/<room>/<table>/resend   the room asks the table again: {"cmd": "resend", "from": N}
    tapete/<room>/<table>/notice   the room tells the table's players (a host command)

A table's broker user is its name, so one Mosquitto `pattern` line per kind (`%u`, the
user) gives every table its own topics: adding a table is one password entry.
"""
PREFIX = "tapete"
LOG = "log"
RESEND = "resend"
NOTICE = "notice"
KINDS = (LOG, RESEND, NOTICE)


def topic(room, table, kind):
    """tapete/<room>/<table>/<kind> (names are checked by whoever takes them from a user)."""
    return "%s/%s/%s/%s" % (PREFIX, room, table, kind)


def every_table(room, kind):
    """The subscription (or ACL topic) to `kind` of every table of the room."""
    return topic(room, "+", kind)


def own_table(room, kind):
    """The ACL pattern of a table's own `kind` topic: Mosquitto puts the user in %u."""
    return topic(room, "%u", kind)


def parse(name):
    """(room, table, kind) of a room topic, or None when it is not one."""
    parts = name.split("/")
    if len(parts) != 4 or parts[0] != PREFIX:
        return None
    return parts[1], parts[2], parts[3]
