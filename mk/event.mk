# Tournaments (docs/tournaments.md, tapete event).
#   make tournament-demo   a Swiss event of 5 rounds over 8 simulated tables in a room
#                          with a clock; out/tournament/ (its own database), one summary line

.PHONY: tournament-demo
tournament-demo: $(STAMP)  ## a Swiss event, 5 rounds over 8 simulated tables with a clock: out/tournament/
	$(PY) -m tapete.event.demo --out out/tournament
