# The players' languages: gettext catalogues in host/tapete/locale/ (Babel), one per
# code of host/tapete/locale/LINGUAS (the one list).
#   make i18n   extract every message from the host code and the board's pages into
#               tapete.pot, merge it into each language's tapete.po (a new language of
#               LINGUAS gets its catalogue; new messages come in empty:
#               tests/host/views/test_i18n.py fails until they are written), then write the
#               panel's tables (tools/panel_words.py: it stops, naming them, while a
#               panel message is untranslated; translate and run make i18n again)

.PHONY: i18n
LOCALE := host/tapete/locale
I18N_LANGS := $(shell sed 's/\#.*//' $(LOCALE)/LINGUAS)

i18n: $(STAMP)  ## extract the messages, merge them into each catalogue of LINGUAS, write the panel's tables
	$(VENV)/bin/pybabel extract -F $(LOCALE)/babel.cfg -k N_ -k NP_:1c,2 -k pgettext:1c,2 -k say -k say_n:1,2 \
	  --no-location --sort-output --omit-header -w 100 -o $(LOCALE)/tapete.pot .
	@for l in $(I18N_LANGS); do \
	  if [ -f $(LOCALE)/$$l/LC_MESSAGES/tapete.po ]; then \
	    $(VENV)/bin/pybabel update -D tapete -i $(LOCALE)/tapete.pot -d $(LOCALE) -l $$l --no-fuzzy-matching --ignore-obsolete -w 100; \
	  else $(VENV)/bin/pybabel init -D tapete -i $(LOCALE)/tapete.pot -d $(LOCALE) -l $$l -w 100; fi; \
	done
	$(PY) tools/panel_words.py
