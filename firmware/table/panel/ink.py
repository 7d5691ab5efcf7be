"""Ink and paper, the seat's label and the words for why a match ended: what every
screen draws with (screen.py and the screen_* parts it loads). Apart from screen.py
so that those parts never import it back."""
from .say import say

INK = 0       # the panel RAM: 0 black, 1 white
PAPER = 1


def seat(s):
    """A seat's label: S0 .. S11, as the table log counts them."""
    return "S" + str(s)


def reason_word(r):
    """Why a match ended (rules: Match.end_reason) or a hand ended early (a hand
    context's `ended`), in the table's language; None for a reason it has no word for.
    Made at each call: the language may change while this module stays loaded."""
    return {"target": say("TARGET REACHED"), "irregularity": say("IRREGULARITY"), "games": say("GAMES WON"),
            "ordago": say("ORDAGO"), "hands": say("HANDS PLAYED"), "claim": say("CLAIM"),
            "concede": say("CONCEDED"), "misdeal": say("MISDEAL"), "abandoned": say("ABANDONED"),
            "revoke": say("REVOKE"),
            "fold": say("FOLD"), "reject": say("REFUSED RAISE"), "pass": say("ALL PASS"),
            "decided": say("DECIDED"), "trawl": say("TRAWL"),
            "tute": "TUTE"}.get(r)      # tute: the game's own word in every language
