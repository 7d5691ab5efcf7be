# A room of tables on one MQTT broker (docs/room.md, tapete room).
#   make room-demo TABLES=N   Mosquitto (ACL, TLS) on loopback, N simulated tables over
#                             MQTT, the room server; out/room/room.sqlite, one summary line
#   make room-demo DUPLICATE=1  a duplicate session instead (BOARDS=4 boards, MATCHES=2 rounds):
#                             out/room/sheet-N.html, records.html and records.pdf

TABLES ?= 20
BOARDS ?= 4
.PHONY: room-demo
room-demo: $(STAMP)  ## N simulated tables over MQTT into one room (TABLES=20): out/room/room.sqlite
	$(PY) -m tapete.room.demo --tables $(TABLES) --out out/room $(if $(MATCHES),--matches $(MATCHES),$(if $(DUPLICATE),--matches 2)) $(if $(DUPLICATE),--duplicate $(BOARDS))
