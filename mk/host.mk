# Host tools: screenshots for docs/host-tools.md.
#   make docs-shots   the live board and the terminal views from their tests (headless
#                     chromium, tmux), the replay in the browser and a report page

.PHONY: docs-shots

docs-shots: $(STAMP)
	TAPETE_SCREENSHOTS=1 $(PY) -m pytest -q tests/host/test_serve.py tests/host/test_live_views.py
	$(PY) tests/host/docshots.py
