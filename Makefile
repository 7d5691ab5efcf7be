# tapete: every entry point. Setup happens inside the targets that need it, so a
# fresh clone needs only `make sim` and `make test`.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MPY    := $(VENV)/bin/micropython
STAMP  := $(VENV)/.installed-stamp

# Anything that changes what `pip install -e` builds re-runs the install.
INSTALL_DEPS := pyproject.toml setup.py $(wildcard firmware/native/*.c firmware/native/*.h)

.PHONY: all setup test sim bench clean help

all: test

help:
	@echo "make sim    play a whole match on the simulated table, log it and audit it"
	@echo "make test   run every test (CPython and the MicroPython unix port)"
	@echo "make bench  run the benchmarks in bench/"

$(STAMP): $(INSTALL_DEPS)
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

setup: $(STAMP)

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	@for b in bench/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) build out *.egg-info .pytest_cache .hypothesis

# Parts of the project add their own targets here (native module, firmware, sim).
-include mk/*.mk
