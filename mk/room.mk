# A room of tables on one MQTT broker (docs/room.md, tapete room).
#   make room-demo TABLES=N   Mosquitto (ACL, TLS) on loopback, N simulated tables over
#                             MQTT, the room server; out/room/room.sqlite, one summary line

TABLES ?= 20
.PHONY: room-demo
room-demo: $(STAMP)  ## N simulated tables over MQTT into one room (TABLES=20): out/room/room.sqlite
	$(PY) -m tapete.room.demo --tables $(TABLES) --out out/room $(if $(MATCHES),--matches $(MATCHES))
