"""Table logs: reading them, the serial link and its port, recording, the match
database, the seq intake the serial link and the room share, players' names.
The lowest layer of the host: it imports only the rule module and the foundation."""
