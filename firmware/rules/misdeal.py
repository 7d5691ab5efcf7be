"""docs/protocol.md 1.2 `misdeal`: a hand voided before its first card, and after it
the law `late_misdeal` (docs/referee.md): the hand stands (a short seat's missing trick
goes to its opponents) or is void.

Loaded by rules/match.py when a misdeal is called (and at the end of a hand that stood
short): the Pico's heap holds it only then.
"""
from .errors import EventError, OrderError


def on_misdeal(m, ev):
    """docs/protocol.md 1.2 `misdeal`: until the hand's first card the hand in
    progress is void and the next `deal` follows the game's rule (option
    `misdeal`: the same dealer deals again, or the errant dealer passes the cards
    to the next). Called later, the law `late_misdeal` rules (an `x-ruling`):
    `stands` plays on (a `short` seat's missing trick goes to its opponents),
    `void` voids the hand as before play."""
    m._require_hand_open()
    seat = m._seat(ev, "seat") if ev.get("seat") is not None else m.dealer
    reason = ev.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise EventError("'misdeal' needs 'reason' to be a text, got " + repr(reason))
    game = m.game
    late = game.play_begun(m)
    short = ev.get("short")
    if short is not None:
        short = m._seat(ev, "short")
        if not late or game.late_misdeal != "stands":
            raise OrderError("'short' is for a misdeal that stands (called after the first card "
                             "under the law late_misdeal stands)")
        if game.teams != 2 or game.draws or not game.tricks or m.short_team >= 0:
            raise EventError("a short hand's missing trick is ruled in trick games of two sides, "
                             "once a hand" + ("" if game.tricks else ": " + game.name + " has no tricks"))
        if m.hand_tricks - m.trick.number < 1:
            raise OrderError("seat " + str(short) + "'s hand cannot be short: its last trick is under way")
    if late:
        ruling = {"ev": "x-ruling", "hand": m.hand_no, "trick": m.trick.number,
                  "seat": seat, "team": game.team_of[seat], "rule": "misdeal",
                  "penalty": game.late_misdeal}
        if game.late_misdeal == "stands":
            if short is not None:
                # One trick fewer is played; the cards left at its end are the
                # missing trick, won by the short seat's opponents (short_trick).
                m.short_team = game.other_team(game.team_of[short])
                m.hand_tricks -= 1
                m.hand_cards -= 1
                ruling["short"] = short
            return [ruling]
        out = [ruling]
    else:
        out = []
    end = m.void_hand("misdeal")
    m.misdealt_by = seat
    end["misdeal"] = {"seat": seat, "reason": reason,
                      "next_dealer": m.next_dealers()[0]}
    out.append(end)
    return out


def short_trick(m):
    """A misdeal that stood with a short hand: the trick it cannot play goes to the
    short seat's opponents, with the points of every card not played (the cards
    still in hand) and the last trick's bonus."""
    team = m.short_team
    game = m.game
    m.tricks_won[team] += 1
    played = m.played
    for c in range(64):
        if game.deck[c >> 4] & ~played[c >> 4] & (1 << (c & 15)):
            m.card_points[team] += game.points_of[c]
    m.last_team = team
