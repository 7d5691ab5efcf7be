# Host tools: screenshots for docs/host-tools.md, and the slow host tests.
#   make docs-shots   the live board and the terminal views from their tests (headless
#                     chromium, tmux), the replay in the browser and a report page

.PHONY: docs-shots

docs-shots: $(STAMP)  ## the live board, terminal views, replay and report screenshots in docs/
	TAPETE_SCREENSHOTS=1 $(PY) -m pytest -q tests/host/views/test_serve.py tests/host/views/test_live_views.py
	$(PY) tests/host/docshots.py

# The slow host tests (one hand of every game on the simulated table), not in `make test`.
.PHONY: test-slow
test-slow: $(STAMP)  ## one hand of every game on the simulated table, audited; every screen in every language (slow, not in make test)
	TAPETE_SLOW=1 $(PY) -m pytest -q tests/host/sim/test_sim_games.py tests/firmware/test_panel_words.py
