# The players' languages: gettext catalogues in host/tapete/locale/ (Babel).
#   make i18n   extract every message from the host code and the board's pages into
#               tapete.pot and merge it into each language's tapete.po (new messages
#               come in empty: tests/host/test_i18n.py fails until they are written)

.PHONY: i18n
I18N_LANGS := es ca fr nl en
LOCALE := host/tapete/locale

i18n: $(STAMP)  ## extract the messages and merge them into each language's catalogue (host/tapete/locale)
	$(VENV)/bin/pybabel extract -F $(LOCALE)/babel.cfg -k N_ -k NP_:1c,2 -k pgettext:1c,2 -k say \
	  --no-location --sort-output --omit-header -w 100 -o $(LOCALE)/tapete.pot .
	@for l in $(I18N_LANGS); do \
	  if [ -f $(LOCALE)/$$l/LC_MESSAGES/tapete.po ]; then \
	    $(VENV)/bin/pybabel update -D tapete -i $(LOCALE)/tapete.pot -d $(LOCALE) -l $$l --no-fuzzy-matching --ignore-obsolete -w 100; \
	  else $(VENV)/bin/pybabel init -D tapete -i $(LOCALE)/tapete.pot -d $(LOCALE) -l $$l; fi; \
	done
