# The deployed firmware on an emulated Raspberry Pi Pico (rp2040js), docs/pico.md.
#   make pico         deploy with mpremote onto the emulated RP2040, play a hand with a
#                     revoke, record it with `tapete record` through a pseudo-terminal, audit
#   make pico-match   a whole match with 50 random power cuts (flash kept, rebooted)
#   make bench-pico   heap, latency, scan rates, native vs Python, C stack, boot, flash
#   make pico-shell   the emulated Pico on a pseudo-terminal (mpremote, tapete selftest)
# Firmware image and bootrom: ../shared/pico/ or PICO_FIRMWARE / PICO_BOOTROM.

PICO_TOOLS   := tools/pico
PICO_NPM     := $(PICO_TOOLS)/node_modules/.package-lock.json
PICO_IMAGES  := $(firstword $(wildcard $(abspath ../shared/pico)))
PICO_FIRMWARE ?= $(if $(PICO_IMAGES),$(PICO_IMAGES)/firmware.uf2)
PICO_BOOTROM  ?= $(if $(PICO_IMAGES),$(PICO_IMAGES)/rp2040-bootrom-b1.bin)
export PICO_FIRMWARE PICO_BOOTROM

.PHONY: pico pico-match pico-setup pico-ready bench-pico pico-shell

# rp2040js at the version package-lock.json pins, into tools/pico/node_modules (git-ignored).
$(PICO_NPM): $(PICO_TOOLS)/package.json $(PICO_TOOLS)/package-lock.json
	@command -v npm >/dev/null || { echo "pico: npm (Node.js >= 18) is needed for the emulator"; exit 2; }
	cd $(PICO_TOOLS) && npm ci --no-audit --no-fund --silent
	@touch $@

pico-setup: $(PICO_NPM)  ## install the pinned rp2040js emulator (npm) into tools/pico
# Everything the emulated board needs from the build: the .mpy files and main.py that
# `make deploy` copies, the armv6m native module, mpremote, rp2040js.
pico-ready: $(STAMP) $(PICO_NPM) $(MPREMOTE)  ## everything the emulated Pico needs (emulator, firmware image, mpremote)
	@$(MAKE) -s natmod NATMOD_ARCHS=armv6m
	@$(MAKE) -s firmware-mpy

pico: pico-ready  ## the deployed firmware on an emulated RP2040: a hand, recorded and audited
	$(PY) $(PICO_TOOLS)/run.py hand

pico-match: pico-ready  ## a whole match on the emulated RP2040 with 50 random power cuts
	$(PY) $(PICO_TOOLS)/run.py match --cuts 50

bench-pico: pico-ready  ## heap, latency, scan rate, native ratios, C stack, boot, flash on the RP2040
	$(PY) bench/bench_pico.py

pico-shell: pico-ready  ## the emulated Pico on a pseudo-terminal (mpremote, tapete selftest)
	$(PY) $(PICO_TOOLS)/run.py shell $(if $(IMAGE),--image $(IMAGE))
