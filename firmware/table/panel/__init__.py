"""The e-ink panel's pictures, a leaf of the table: ink, paper, seat labels (ink.py),
the screens (screen.py and the screen_* parts it loads when a picture needs them),
the letters beyond ASCII (letters.py), and the words in the table's language
(say.py, with the generated lang_<xx>.py tables). It reads the table's state and
phase numbers (table/phases.py) and imports nothing else of the table."""
