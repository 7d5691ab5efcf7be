"""The table's lines to the outside: the serial link's framing (link.py), the host's
commands (host.py), lines sent again on request (resend.py), and the room's MQTT
client on a Pico W (mqtt_pub.py)."""
