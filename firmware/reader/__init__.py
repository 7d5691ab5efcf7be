"""Reading the cards: the seats' readers scanned into placed / removed events
(seats.py), the enrolled deck that names a tag (deck.py), and enrolment (enrol.py,
loaded only to enrol or check a deck)."""
