"""The numbers of a verdict, shared by rules/match.py (the fast door) and
rules/rulings.py (the law's penalties): a leaf module, so neither imports the other's
code to read them."""

# Status bits returned by `play`.
ACCEPTED = 1    # the card is on the trick
REFUSED = 2     # the card was refused (see `refused_rule`); nothing changed
PROVEN = 4      # a violation became certain at this play (see `proofs`)
TRICK_DONE = 8
HAND_DONE = 16
MATCH_DONE = 32
RULED = 64      # the play brought rulings (see `rulings`): a condoned card, a penalty

# The penalties of a ruling (`x-ruling.penalty`), numbered for the fixed-size table (their
# words, rules/rulings.py PENALTIES, load with the law's code: the play path needs none).
REPORT = 0
CORRECT = 1
CONDONE = 2
TAKE_BACK = 3
HAND = 4
GAME = 5
SCORE = 6
