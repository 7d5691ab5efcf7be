# The e-ink screens as contact sheets: every screen of tests/table/screens.py on each
# panel, drawn by the firmware's own code under micropython.
#   make screens    docs/screens-4.2.png, docs/screens-2.9.png, docs/screens-2.13.png, and the
#                   4.2" panel in each other language of host/tapete/locale/LINGUAS:
#                   docs/screens-4.2-es.png, -ca, -fr, -nl, -eu, -gl

.PHONY: screens
SCREEN_LANGS := $(filter-out en,$(shell sed 's/\#.*//' host/tapete/locale/LINGUAS))

screens: $(STAMP)  ## every e-ink screen on each panel as a contact sheet in docs/
	@mkdir -p build/screens
	@for p in 4.2 2.9 2.13; do \
	  MICROPYPATH=tests/table:firmware:tests $(MPY) -X heapsize=64M tests/table/contact_sheet.py \
	    $$p build/screens/screens-$$p.png | head -1 || exit 1; \
	done
	$(PY) tests/table/compress_png.py build/screens/screens-4.2.png docs/screens-4.2.png \
	  build/screens/screens-2.9.png docs/screens-2.9.png build/screens/screens-2.13.png docs/screens-2.13.png
	@for l in $(SCREEN_LANGS); do \
	  MICROPYPATH=tests/table:firmware:tests $(MPY) -X heapsize=64M tests/table/contact_sheet.py \
	    4.2 build/screens/screens-4.2-$$l.png lang=$$l | head -1 || exit 1; \
	  $(PY) tests/table/compress_png.py build/screens/screens-4.2-$$l.png docs/screens-4.2-$$l.png || exit 1; \
	done
