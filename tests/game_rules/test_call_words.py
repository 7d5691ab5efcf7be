"""Every call word of every registered game, by every seat, at moments of random
legal matches: a call the game's rule text allows there is accepted, and a call it
forbids is refused and changes nothing (the match's whole state after the refusal
equals the state before). tests/game_rules/test_call_moments.py holds the raises
and answers in every order; this file adds what is judged word by word: Tute's
declarations (veinte, cuarenta, tute: who may declare, when, which cards), Manille's
auction, claims and concessions in each game, Mus's draw, discards, declarations
and bets, and the refusals of all of them."""
import random

from game_rules.kit import Match, cards, games, playout
from game_rules.test_call_moments import (allowed_botifarra, allowed_envite, allowed_truc,
                                          call)

try:
    from tapete.rules.phases import CALLS, PLAY
except ImportError:
    from rules.phases import CALLS, PLAY

KING = 12       # suit-set slots (face - 1), as rules/games/tute.py has them
QUEEN = 11
CLAIM_TRICKS = 2        # claims are tried with at most this many tricks left (a quick check)


# -- the match's whole state, for "a refused call changes nothing" ---------------------
def state(x, seen=None):
    """Plain data of everything reachable from `x` through attributes, lists and dicts
    (objects already on the path are named, not walked again)."""
    if x is None or isinstance(x, (bool, int, str, float)):
        return x
    if isinstance(x, (bytes, bytearray)):
        return ("bytes", bytes(x))
    seen = seen or []
    if any(s is x for s in seen):
        return "<seen " + type(x).__name__ + ">"
    seen = seen + [x]
    if isinstance(x, (list, tuple)):
        return [state(v, seen) for v in x]
    if isinstance(x, dict):
        return sorted((str(k), state(v, seen)) for k, v in x.items())
    attrs = getattr(x, "__dict__", None)
    if attrs is None:
        return type(x).__name__
    return [type(x).__name__] + [(k, state(attrs[k], seen)) for k in sorted(attrs)]


# -- random legal matches, with the cards each seat holds at every moment ---------------
def moments(name, options, seed, seats=None, every=3):
    """(log so far, match rebuilt from it, cards each seat holds) at every `every`-th
    input of a random legal match (one or two hands). On odd seeds the table is not
    told the hands (no `hand` events before play), as at a table without readers'
    hands known."""
    random.seed(seed)
    full, _, _ = playout.random_match(name, options, random, True, max_hands=2, seats=seats)
    tell = seed % 2 == 0 or name == "mus"       # Mus's hands come at its showdown
    log = []
    held = {}
    m = Match()
    for i, ev in enumerate(full):
        if i >= 2 and i % every == 0:
            yield log, m, held
        if ev["ev"] == "deal":
            held = {}
        if ev["ev"] == "hand" and name != "mus":
            held[ev["seat"]] = list(ev["cards"])
            if not tell:
                continue
        if ev["ev"] == "play" and ev["card"] in held.get(ev["seat"], ()):
            held[ev["seat"]].remove(ev["card"])
        log.append(ev)
        m.apply(ev)


def accepted(log, ev):
    """True when `ev` is accepted after `log` (on a match of its own)."""
    m = Match()
    for e in log:
        m.apply(e)
    try:
        m.apply(ev)
    except ValueError:
        return False
    return True


# -- what each rule text allows ------------------------------------------------------
def allowed_tute(m, held):
    """Tute (seed 004): "after a player wins a trick, but before leading to the next
    one", that player may declare a marriage it holds, one at a time, each suit once;
    las cuarenta "must be the first declaration" (refused after its side's veinte, and
    a veinte refused while the table knows the seat holds the cuarenta); four kings, a
    tute. Cards played, or known in another seat's hand, cannot be declared; a known
    hand's seat declares only cards it holds."""
    d = m.ctx.talk
    if m.phase != PLAY or m.trick.n or m.trick.number < 2 or d.at_trick == m.last.number:
        return []
    seat = m.last.winner
    team = m.game.team_of[seat]
    trump = m.trump

    def free(c):
        if m.played[c >> 4] & cards.bit(c):
            return False
        if any(o != seat and m.holding[o][c >> 4] & cards.bit(c) for o in range(m.seats)):
            return False
        return not m.known[seat] or bool(m.holding[seat][c >> 4] & cards.bit(c))

    cuarenta_held = m.holding[seat][trump] & (1 << KING) and m.holding[seat][trump] & (1 << QUEEN)
    out = []
    for suit in range(4):
        pair = [(suit << 4) + KING, (suit << 4) + QUEEN]
        if d.suits & (1 << suit) or not all(free(c) for c in pair):
            continue
        if suit == trump and d.veinte & (1 << team):
            continue
        if suit != trump and cuarenta_held:
            continue
        out.append(call(seat, "declare", cards=[cards.name(c) for c in pair]))
    kings = [(s << 4) + KING for s in range(4)]
    if all(free(c) for c in kings):
        out.append(call(seat, "declare", cards=[cards.name(c) for c in kings]))
    return out


def tute_tries(m, held):
    """Declarations to try: each marriage and the four kings, by every seat."""
    out = []
    for seat in range(m.seats):
        for suit in range(4):
            out.append(call(seat, "declare", cards=[cards.name((suit << 4) + KING),
                                                    cards.name((suit << 4) + QUEEN)]))
        out.append(call(seat, "declare", cards=[cards.name((s << 4) + KING) for s in range(4)]))
    return out


def allowed_manille(m, held):
    """Manille aux enchères (rules/games/manille.py): the seat to speak bids above the last
    bid (31 at least) or passes; once the others have passed after a bid, its bidder
    names a suit."""
    a = m.ctx.talk
    if a is None or m.phase != CALLS or a.done:
        return []
    if a.naming:
        return [call(a.high_seat, "trump", suit=s) for s in ("S", "H", "D", "C")]
    low = max(a.high + 1, m.game.total_points // 2 + 1)
    out = [call(a.turn, "pass")]
    if low <= m.game.total_points:
        out.append(call(a.turn, "bid", amount=low))
    return out


def manille_tries(m, held):
    a = m.ctx.talk
    low = 31 if a is None else max(a.high + 1, 31)
    out = []
    for seat in range(m.seats):
        out += [call(seat, "pass"), call(seat, "bid", amount=low), call(seat, "trump", suit="S"),
                call(seat, "trump", suit="none")]
    return out


def allowed_mus(m, held):
    """Mus (seed 004): in turn from the dealer's right, each says mus or no mus; after
    four mus each discards one to four cards; pares and juego are declared in turn
    (yes or no); a round's betting is opened in turn (pass, a bid of 2 or more, or
    órdago) and a bid is answered by either opponent still speaking (see, fold, a
    raise above it or an órdago; an órdago is seen or folded)."""
    h = m.ctx.talk
    if h is None or h.phase != CALLS:        # the showdown takes hands, no calls
        return []
    p = h.stage
    if p == 0:
        s = h.order[h.index]
        return [call(s, "mus"), call(s, "no-mus")]
    if p == 1:
        return [call(h.order[h.index], "discard", count=1)]
    if p == 2:
        word = ("pares", "juego")[h.declaring - 2]
        s = h.order[h.index]
        return [call(s, word, has=True), call(s, word, has=False)]
    b = h.bets
    if b.proposal is None:
        s = b.speakers[b.pos]
        return [call(s, "pass"), call(s, "bid", amount=2), call(s, "ordago")]
    out = []
    for s in b.answerers[b.apos:]:
        out += [call(s, "see"), call(s, "fold")]
        if b.proposal != "ordago":
            out.append(call(s, "ordago"))
            if b.proposal < b.target:
                out.append(call(s, "raise", amount=b.proposal + 1))
    return out


def mus_tries(m, held):
    h = m.ctx.talk
    b = h.bets if h is not None else None
    least = 2 if b is None or not isinstance(b.proposal, int) else b.proposal + 1
    out = []
    for seat in range(4):
        out += [call(seat, "mus"), call(seat, "no-mus"), call(seat, "discard", count=1),
                call(seat, "pares", has=True), call(seat, "juego", has=False),
                call(seat, "pass"), call(seat, "bid", amount=least), call(seat, "see"),
                call(seat, "fold"), call(seat, "ordago"), call(seat, "raise", amount=least)]
    return out


def tricks_left(m):
    return m.hand_cards - m.trick.number + 1


def allowed_claims(m, held):
    """Every game with tricks: any seat concedes while a hand is played (a table of
    three playing each for themselves has nobody to concede to); where the game takes
    claims, any seat claims showing the cards it still holds."""
    if m.phase != PLAY or m.game.name == "mus":
        return []
    out = []
    if m.game.teams == 2:
        out += [call(s, "concede") for s in range(m.seats)]
    if m.game.claims and tricks_left(m) <= CLAIM_TRICKS and len(held) == m.seats:
        out += [call(s, "claim", cards=list(held[s])) for s in held]
    return out


def claim_tries(m, held):
    """Concessions by every seat; claims (near a hand's end) with the seat's own
    cards, and with the next seat's."""
    out = [call(s, "concede") for s in range(m.seats)]
    if len(held) == m.seats and (m.phase != PLAY or tricks_left(m) <= CLAIM_TRICKS):
        for s in held:
            out.append(call(s, "claim", cards=list(held[s])))
            other = held[(s + 1) % m.seats]
            if m.known[s] and sorted(other) != sorted(held[s]):     # else the table cannot tell
                out.append(call(s, "claim", cards=list(other)))
    return out


def words_tries(m, held):
    """Every call word of the game by every seat (keys for the word's usual form)."""
    out = []
    for word in games.info(m.game.name)["calls"]:
        if word in ("claim", "concede"):
            continue
        for seat in range(m.seats):
            out.append(call(seat, word))
    return out


def wrap(allowed):
    """A test_call_moments oracle (match only) as one of this file's (match, held)."""
    return lambda m, held: allowed(m)


def culprit(log, refused):
    """The first of `refused` whose refusal changes a match rebuilt from `log`."""
    for ev in refused:
        m = Match()
        for e in log:
            m.apply(e)
        before = state(m)
        try:
            m.apply(ev)
        except ValueError:
            pass
        if state(m) != before:
            return ev
    return None


def same(a, b):
    return a["seat"] == b["seat"] and a["call"] == b["call"] and \
        sorted(a.get("cards", ())) == sorted(b.get("cards", ())) and a.get("suit") == b.get("suit")


def judged(name, options, allowed, tries, seeds=(0, 1), seats=None, every=3):
    """Try every call of `tries` at moments of random matches: those `allowed` gives
    must be accepted; the others refused with the match's state unchanged. Returns
    the call words seen accepted."""
    words = set()
    for seed in seeds:
        for log, m, held in moments(name, options, seed, seats, every):
            ok = allowed(m, held) + allowed_claims(m, held)
            for ev in ok:
                assert accepted(log, ev), (name, seed, len(log), ev, log[-3:])
                words.add(ev["call"])
            # The state is compared once after every refused try of the moment (a
            # change by one stays: the next try does not undo it); on a difference the
            # tries are made again one by one on fresh matches to name the culprit.
            before = state(m)
            refused = [ev for ev in tries(m, held) + claim_tries(m, held) + words_tries(m, held)
                       if not any(same(ev, o) for o in ok)]
            for ev in refused:
                try:
                    m.apply(ev)
                except ValueError:
                    continue
                raise AssertionError(("accepted", name, seed, len(log), ev, log[-3:]))
            if state(m) != before:
                raise AssertionError(("changed", name, seed, len(log), culprit(log, refused)))
    return words


def none_tries(m, held):
    return []


def test_tute_declarations_are_accepted_exactly_when_the_text_allows_them():
    words = judged("tute", None, allowed_tute, tute_tries, seeds=(0, 1, 2, 3), every=1)
    assert {"declare", "concede", "claim"} <= words, words


def test_manille_auction_bids_passes_and_trump_only_in_turn():
    words = judged("manille", {"auction": True}, allowed_manille, manille_tries, every=2)
    assert {"bid", "pass", "trump", "concede", "claim"} <= words, words


def test_manille_and_malilla_take_claims_and_concessions_but_no_other_word():
    for name, options, seats in (("manille", None, 4), ("manille", None, 3),
                                 ("manille", {"deck": "spanish40"}, 4), ("malilla", None, None)):
        words = judged(name, options, lambda m, held: [], none_tries, seats=seats, every=4)
        assert "claim" in words, (name, seats, words)
        assert ("concede" in words) == (seats != 3), (name, seats, words)


def test_mus_draw_discards_declarations_and_bets_only_by_the_seat_the_text_names():
    words = judged("mus", None, allowed_mus, mus_tries, seeds=(0, 1, 2), every=1)
    assert {"mus", "no-mus", "discard", "pares", "juego", "pass", "bid", "see", "fold",
            "ordago", "raise"} <= words, words


def test_truc_envite_and_botifarra_calls_forbidden_by_the_text_are_refused_and_change_nothing():
    for name, options, allowed in (("truc", {"target": 6}, allowed_truc),
                                   ("envite", None, allowed_envite),
                                   ("botifarra", None, allowed_botifarra)):
        words = judged(name, options, wrap(allowed), none_tries, every=3)
        assert "concede" in words, (name, words)
        assert ("claim" in words) == (name == "botifarra"), (name, words)
