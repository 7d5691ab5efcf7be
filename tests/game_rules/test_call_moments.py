"""Every call word is accepted at every moment its game's rule text allows it, in
every allowed order (docs/protocol.md 1.2). Random hands are played legally; at each
moment the match is rebuilt from the log so far and every call the text allows
there is tried on it: each must be accepted."""
import random

from game_rules.kit import Match, playout

PLAY = 4
CALLS = 3


def moments(name, options, seed, inputs=60):
    """(log so far, match rebuilt from it) at every input moment of a random match
    (at most `inputs` of them)."""
    random.seed(seed)
    log, _, _ = playout.random_match(name, options, random, seed % 2 == 0, max_hands=3)
    for i in range(2, min(len(log), inputs)):
        m = Match()
        for ev in log[:i]:
            m.apply(ev)
        yield log[:i], m


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


def call(seat, word, **keys):
    ev = {"ev": "call", "seat": seat, "call": word}
    ev.update(keys)
    return ev


def allowed_truc(m):
    """Truc: truc by the seat to play (before its card) or the seat that has just
    played; retruc likewise by an opponent of the truc side once truc is accepted;
    the next player in turn's accept or reject (option answer "next", the text);
    the side at eleven's play or fold."""
    t = m.ctx.talk
    out = []
    if m.phase == CALLS and t.deciding >= 0:
        for s in range(4):
            if s % 2 == t.deciding:
                out += [call(s, "play"), call(s, "fold")]
        return out
    if m.phase != PLAY or t is None or t.eleven:
        return out
    st = t.stakes
    trick = m.trick
    speakers = [trick.to_play] + ([trick.seats[trick.n - 1]] if trick.n else [])
    if st.pending:
        s = m.game.next_seat(t.raise_seat)
        out += [call(s, "accept"), call(s, "reject")]
    elif st.step == 0:
        out += [call(s, "truc") for s in speakers]
    elif st.step == 1:
        out += [call(s, "retruc") for s in speakers if s % 2 != t.truc_team]
    return out


def allowed_envite(m):
    """Envite: either captain raises first; the other captain answers (accept,
    reject or raise); a lying-down captain plays or folds."""
    t = m.ctx.talk
    caps = m.game.captains
    if t is None or m.phase not in (CALLS, PLAY):
        return []
    if t.deciding >= 0:
        return [call(caps[t.deciding], "play"), call(caps[t.deciding], "fold")]
    if t.lying[0] or t.lying[1] or m.phase != PLAY:
        return []
    st = t.stakes
    if st.pending:
        other = caps[1 - st.raiser]
        out = [call(other, "accept"), call(other, "reject")]
        if st.step + 2 < len(st.ladder):
            out.append(call(other, "raise"))
        return out
    if st.raises == 0:
        return [call(caps[0], "raise"), call(caps[1], "raise")]
    return [call(caps[1 - st.raiser], "raise")] if st.can_raise() else []


def allowed_botifarra(m):
    """Botifarra: the chooser names trump (any suit or none) or, the dealer only,
    delegates; then the seat whose turn it is, in turn from the last to declare
    (option doubling "turn", the text), doubles or passes."""
    t = m.ctx.talk
    if t is None or m.phase != CALLS and not (m.phase == PLAY and t.doubling_open(m)):
        return []
    if t.trump is None:
        out = [call(t.chooser, "trump", suit=s) for s in ("S", "H", "D", "C", "none")]
        if not t.delegated:
            out.append(call(m.dealer, "delegate"))
        return out
    if t.doubling_open(m):
        return [call(m.game.speaker(t), w) for w in ("double", "pass")]
    return []


def allowed_mus(m):
    """Mus: a bid on the table is answered by either opponent still in."""
    h = m.ctx.talk
    if h is None or h.phase != CALLS or h.stage != 3 or h.bets.proposal is None:
        return []
    out = []
    b = h.bets
    for s in b.answerers[b.apos:]:
        out += [call(s, "see"), call(s, "fold")]
    return out


def allowed_everywhere(m):
    """Every game: a concession by any seat while a hand is played."""
    if m.phase != PLAY or m.game.name == "mus":
        return []
    return [call(s, "concede") for s in range(m.seats)]


GAMES = (("truc", {"target": 6}, allowed_truc), ("envite", None, allowed_envite),
         ("botifarra", None, allowed_botifarra), ("mus", None, allowed_mus),
         ("malilla", None, allowed_everywhere), ("tute", None, allowed_everywhere),
         ("manille", None, allowed_everywhere))


def test_every_call_is_accepted_at_every_moment_its_rule_text_allows():
    for name, options, allowed in GAMES:
        words = set()
        for seed in range(2):
            for log, m in moments(name, options, seed, 40):
                tries = allowed(m)
                if allowed is not allowed_everywhere:
                    tries = tries + allowed_everywhere(m)
                for ev in tries:
                    assert accepted(log, ev), (name, seed, len(log), ev, log[-3:])
                    words.add(ev["call"])
        assert words, name
        if name == "truc":
            assert {"truc", "retruc", "accept", "reject", "concede"} <= words, words
        if name == "botifarra":
            assert {"trump", "delegate", "double", "pass"} <= words, words
        if name == "envite":
            assert {"raise", "accept", "reject"} <= words, words
        if name == "mus":
            assert {"see", "fold"} <= words, words
