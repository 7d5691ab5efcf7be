"""The referee's rulings and a director's overrides in the audit (issue 35, items 2 and
7; a part of Audit).

A ruling (`x-ruling`, docs/protocol.md) is listed under its hand's `rulings` with its
line and the controller's `seq`. Where the rules derive it, it is compared like any
derived event; where they derive no ruling at that point (an event's laws the rules
of this version do not rule), the controller's ruling is listed as it logged it, with
`"judged": false`, and is not a disagreement: the audit compares only what the rules
derive. An override (`x-override`) is attached to the ruling whose `seq` it names,
with its line; one naming no ruling, or with a penalty that is no penalty word, is an
error of its line. When the match is rebuilt (after an override or an undo), a ruling
the rules derive again is listed as the controller logged it (its penalty, its seq),
so the override that names it joins it again.
"""
from ...rules.rulings import key as ruling_key
from .common import _shown

PENALTIES = ("report", "correct", "condone", "take-back", "hand", "game", "score", "stands", "void")
RULING_KEYS = ("hand", "trick", "seat", "team", "rule", "penalty", "card", "score", "proof", "short")


class Rulings:
    """Audit's part that lists the rulings and their overrides."""

    def keep_ruling(self, number, event, judged):
        """Fold one ruling into its hand (the last hand when it names none known)."""
        if not self.hands:
            self.error(number, "x-ruling before any hand: left out")
            return None
        hand = self.hands[-1]
        if isinstance(event.get("hand"), int):
            hand = next((h for h in reversed(self.hands) if h["hand"] == event["hand"]), hand)
        ruling = self.logged_before(event) if judged is None and self.fold.rebuilding else None
        if ruling is not None:
            hand.setdefault("rulings", []).append(ruling)
            return ruling
        ruling = dict((k, event[k]) for k in RULING_KEYS if k in event)
        ruling["line"] = number
        if event.get("seq") is not None:
            ruling["seq"] = event["seq"]
        if judged is False:
            ruling["judged"] = False
        hand.setdefault("rulings", []).append(ruling)
        return ruling

    def logged_ruling(self, number, event):
        """A ruling the controller logged that the rules did not derive here."""
        if event.get("penalty") not in PENALTIES:
            self.error(number, "x-ruling with penalty %s, not one of %s: left out"
                       % (_shown(event.get("penalty")), ", ".join(PENALTIES)))
            return
        self.keep_ruling(number, event, False)

    def ruling_logged_as(self, logged):
        """The controller logged the ruling the rules derived: its seq is the one an
        override names."""
        for hand in reversed(self.hands):
            for ruling in reversed(hand.get("rulings", ())):
                if "seq" not in ruling:
                    if logged.get("seq") is not None:
                        ruling["seq"] = logged["seq"]
                        kept = dict((k, v) for k, v in ruling.items() if k != "override")
                        self.__dict__.setdefault("logged_rulings", []).append(kept)
                    return

    def logged_before(self, derived):
        """While the match is rebuilt: the ruling `derived` as the controller logged it
        before (a copy), when it did and it is not listed again yet; else None."""
        seqs = set(r.get("seq") for h in self.hands for r in h.get("rulings", ()))
        k = ruling_key(derived)
        for ruling in self.__dict__.get("logged_rulings", ()):
            if ruling_key(ruling) == k and ruling["seq"] not in seqs:
                return dict(ruling)
        return None
