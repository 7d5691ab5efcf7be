"""The referee's incident log (issue 35, item 7): every irregularity of a match and how
it was ruled, in the players' language.

An incident is one thing the referee deals with: a violation (a card refused at the
play, a revoke proven later), a claim or a concession, a misdeal. Its ruling
(`x-ruling`: the penalty and what it scores) and a director's override of it
(`x-override`: the new penalty, by whom, why) are folded into it, so each incident is
one line: who, what, the proof, the penalty, the override. The live board, the room
board's table page, the score sheet (`Incidents`, fed the log's events) and the
report (`from_audit`, from `tapete audit`'s hands) all list the same incidents,
worded once (views/state.py `describe_incident`, beside the violation's and the
claim's words).

A ruling joins the incident of its hand with its seat and its rule word (a claim's
ruling: `claim` or `concede`; a misdeal's: `misdeal`), the latest one not ruled yet;
a ruling that joins none (the laws may rule what no event showed) is an incident of
its own. An override joins the ruling whose `seq` it names; one naming none is shown
nowhere (the audit reports it as an error of its line).
"""
MAX_LIVE = 12       # incidents the live views keep (the full list is the report's)


class Incidents:
    """The incident log folded from a match's events, as the controller logged them."""

    def __init__(self, keep=None):
        self.items = []
        self.keep = keep        # a live view keeps the last ones only (bounded memory)

    def feed(self, ev):
        name = ev.get("ev")
        if name == "match":
            self.items = []
        elif name == "violation":
            self.violation(ev)
        elif name == "x-claim":
            self.add({"hand": ev.get("hand"), "trick": ev.get("trick"), "seat": ev.get("seat"),
                      "what": ev.get("call") or "claim", "claim": _plain(ev), "seq": ev.get("seq")})
        elif name == "hand_end" and isinstance(ev.get("misdeal"), dict):
            md = ev["misdeal"]
            # its ruling may have come first (the rules rule it before the hand closes)
            found = next((i for i in self.items if i["hand"] == ev.get("hand") and i["what"] == "misdeal"), None)
            if found is None:
                self.add({"hand": ev.get("hand"), "seat": md.get("seat"), "what": "misdeal",
                          "reason": md.get("reason")})
            else:
                found["reason"] = md.get("reason")
                if md.get("seat") is not None:
                    found["seat"] = md["seat"]
        elif name == "x-ruling":
            self.ruling(ev)
        elif name == "x-override":
            for item in self.items:
                if ev.get("ruling") is not None and item.get("ruling_seq") == ev.get("ruling"):
                    item["override"] = {"penalty": ev.get("penalty"), "by": ev.get("by"),
                                        "reason": ev.get("reason")}
        if self.keep is not None and len(self.items) > 2 * self.keep:
            del self.items[:-self.keep]

    def violation(self, ev):
        if ev.get("revises"):
            for item in self.items:     # the rule named at the hand's end replaces the first
                v = item.get("violation")
                if v and all(v.get(k) == ev.get(k) for k in ("hand", "trick", "seat", "card")):
                    item["violation"] = _plain(ev)
                    item["what"] = ev.get("rule")
                    return
        self.add({"hand": ev.get("hand"), "trick": ev.get("trick"), "seat": ev.get("seat"),
                  "what": ev.get("rule"), "violation": _plain(ev), "seq": ev.get("seq")})

    def ruling(self, ev, line=None):
        found = self.find(ev.get("hand"), ev.get("seat"), ev.get("rule"), any_seat=ev.get("rule") == "misdeal")
        if found is None:
            found = self.add({"hand": ev.get("hand"), "trick": ev.get("trick"), "seat": ev.get("seat"),
                              "what": ev.get("rule")})
        for k in ("penalty", "score", "team"):
            if k in ev:
                found[k] = ev[k]
        found["ruling_seq"] = ev.get("seq")
        if ev.get("proof") and not found.get("violation"):
            found["proof"] = ev["proof"]
        if isinstance(ev.get("override"), dict):    # the audit's: already joined
            found["override"] = ev["override"]
        if line is not None:
            found.setdefault("line", line)      # the line of the irregularity itself
        return found

    def find(self, hand, seat, what, any_seat=False):
        for item in reversed(self.items):
            first = (item.get("violation") or {}).get("revises")    # the rule first proven
            if item["hand"] == hand and what in (item["what"], first) and "penalty" not in item \
                    and (any_seat or item.get("seat") == seat):
                return item
        return None

    def add(self, item):
        self.items.append(item)
        return item


def from_audit(result):
    """The incident log of one audited match (`tapete audit --json`'s object), each
    incident with the `line` of the log that shows it."""
    log = Incidents()
    for hand in result.get("hands") or []:
        found = []
        for v in hand.get("violations") or []:
            found.append((v.get("line") or 0, "violation", v))
        for c in hand.get("claims") or []:
            found.append((c.get("line_no") or 0, "x-claim", c))
        for r in hand.get("rulings") or []:
            found.append((r.get("line") or 0, "x-ruling", r))
        for line, kind, ev in sorted(found, key=lambda f: (f[0], f[1] == "x-ruling")):
            if kind == "x-ruling":
                log.ruling(ev, line)
                continue
            if kind == "violation" and ev.get("revised_from"):
                ev = dict(ev, revises=ev["revised_from"])
            log.feed(dict(ev, ev=kind))
            log.items[-1]["line"] = line
        md = hand.get("misdeal")
        if isinstance(md, dict):
            log.feed({"ev": "hand_end", "hand": hand.get("hand"), "misdeal": md})
    return log.items


def _plain(ev):
    return dict((k, v) for k, v in ev.items() if k not in ("ev", "crc"))
