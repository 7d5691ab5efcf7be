# tapete: every entry point. Setup happens inside the targets that need it, so a
# fresh clone needs only `make sim` and `make test`.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MPY    := $(VENV)/bin/micropython
STAMP  := $(VENV)/.installed-stamp
# A MicroPython source tree (py/dynruntime.mk, tools/mpy_ld.py) for the native rule
# core as .mpy: v1.28.0's, beside the checkout in CI; or set MPY_DIR yourself.
MPY_DIR ?= $(firstword $(wildcard $(abspath ../shared/micropython) $(abspath ../micropython)))
export MPY_DIR

# Anything that changes what `pip install -e` builds re-runs the install.
INSTALL_DEPS := pyproject.toml setup.py $(wildcard firmware/native/*/*.c firmware/native/*/*.h)

.PHONY: all setup test sim bench clean help

all: test  ## the default: make test
help:  ## list every target (this list)
	@grep -hE '^[a-z][a-z0-9-]*:.*## ' $(MAKEFILE_LIST) | sort \
	  | sed -E 's/^([a-z0-9-]+):.*## (.*)$$/make \1\t\2/' | expand -t 22

$(STAMP): $(INSTALL_DEPS)
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

setup: $(STAMP)  ## make the .venv and install the package with its test tools
test: $(STAMP)  ## run every test (CPython and the MicroPython unix port): what CI runs
	$(PY) -m pytest

sim: $(STAMP)  ## play a whole match on the simulated table, log it and audit it (GAME=, SEATS=, SEED=)
	$(PY) -m tapete.sim $(if $(SEED),--seed $(SEED)) $(if $(GAME),--game $(GAME)) $(if $(SEATS),--seats $(SEATS))

# Benchmarks: bench_*_mpy.py run inside micropython (with the native module when
# `make natmod` built it), bench_rules.py under both, the rest under CPython.
# Figures are ratios measured in one run: these machines are noisy.
NATMOD_X64 := build/natmod/x64
bench: $(STAMP)  ## run the benchmarks in bench/ (figures are ratios measured in one run)
	@for b in bench/bench_*.py; do \
	  case $$b in *_mpy.py) ;; *) echo "== $$b (CPython)"; $(PY) $$b || exit 1;; esac; \
	done
	@for b in bench/bench_rules.py bench/bench_*_mpy.py; do \
	  [ -f $$b ] || continue; \
	  if [ $$b = bench/bench_core_mpy.py ] && [ ! -f $(NATMOD_X64)/tapete_core.mpy ]; then \
	    echo "== $$b: skipped, no native module (make natmod MPY_DIR=...)"; continue; fi; \
	  echo "== $$b (micropython)"; \
	  MICROPYPATH=$(NATMOD_X64):firmware:tests $(MPY) -X heapsize=32M $$b || exit 1; \
	done

clean:  ## remove the .venv, build/, out/ and the emulator's node_modules
	rm -rf $(VENV) build out *.egg-info .pytest_cache .hypothesis tools/pico/node_modules

# Parts of the project add their own targets here (native module, firmware, sim).
-include mk/*.mk
