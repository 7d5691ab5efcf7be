"""Shared helpers for the rule tests, which run under CPython (pytest) and inside
the MicroPython unix port (tests/mpy_runner.py): no pytest import here."""
try:
    from tapete.rules import cards, duties, explain, games, match, playout, errors
    from tapete.rules.trick import Trick
except ImportError:     # MicroPython: the rule module is the package `rules`
    from rules import cards, duties, explain, games, match, playout, errors
    from rules.trick import Trick

Match = match.Match
TableError = errors.TableError


def raises(exc, fn, *args):
    """Call fn(*args), which must raise `exc`; return the exception."""
    try:
        fn(*args)
    except exc as err:
        return err
    raise AssertionError("did not raise " + exc.__name__)


def hand(text):
    """A hand from card codes: hand("7H AH 2S")."""
    return cards.hand_of([cards.parse(t) for t in text.split()])


def names(suitsets):
    """The codes of the cards in suit sets, sorted: for readable assertions."""
    return sorted(cards.name(c) for c in cards.cards_of(suitsets))


def trick(game, trump, leader, played, led_before=""):
    """A Trick of `game` with `played` ("7H 2H", from `leader` on) already on it.

    `led_before`: suit letters led in earlier tricks of the hand."""
    t = Trick(game)
    t.start_hand(leader, cards.parse_suit(trump))
    for s in led_before:
        t.led_suits |= 1 << cards.SUITS.index(s)
    seat = leader
    for code in played.split():
        t.add(seat, cards.parse(code))
        seat = game.next_seat(seat)
    return t


def legal(game, trump, leader, played, held, led_before=""):
    """The legal cards (codes) for the seat to play, holding `held`."""
    t = trick(game, trump, leader, played, led_before)
    return names(game.legal(hand(held), t))


def start(game_name, dealer=0, turnup=None, hands=None, options=None, seats=4, calls=()):
    """A Match after `match`, `deal`, the optional `hand`s, the turn-up and `calls`
    ("seat:word" or (seat, word, extra keys)).

    `hands`: {seat: "codes"}. Returns (match, derived events so far)."""
    m = Match()
    ev = {"ev": "match", "game": game_name, "seats": seats}
    if options:
        ev["options"] = options
    out = m.apply(ev)
    out += m.apply({"ev": "deal", "dealer": dealer})
    if hands:
        for seat in hands:
            out += m.apply({"ev": "hand", "seat": seat, "cards": hands[seat].split()})
    if turnup:
        out += m.apply({"ev": "turnup", "card": turnup})
    for c in calls:
        out += call(m, c)
    return m, out


def call(m, spec):
    """Apply one call: "seat:word" or (seat, word, {extra keys}); the derived events."""
    if isinstance(spec, str):
        seat, word = spec.split(":")
        extra = {}
    else:
        seat, word, extra = spec
    ev = {"ev": "call", "seat": int(seat), "call": word}
    ev.update(extra)
    return m.apply(ev)


def play(m, seq):
    """Apply plays written "seat:card ..." ("1:7H 2:AH"); return the derived events."""
    out = []
    for item in seq.split():
        seat, code = item.split(":")
        out += m.apply({"ev": "play", "seat": int(seat), "card": code})
    return out


def of(events, name):
    """The derived events named `name`."""
    return [e for e in events if e["ev"] == name]


def full_deal(game, dealer, seed):
    """A deterministic deal: ({seat: [cards]}, turn-up)."""
    import random
    random.seed(seed)
    return playout.deal(game, dealer, random)


def judged_hand(name, seed, with_hands=False, options=None, illegal_one_in=4, dealer=0, truth=None):
    """Play one hand where about one card in `illegal_one_in` is chosen among all held
    cards (so some plays are illegal), and judge every play against the true hands.

    Returns (plays, violations): plays are (trick, seat, card code, legal?) in order;
    violations are the `violation` events the match emitted. `truth` (a dict, when
    given) receives (trick, seat, card code) -> the rule word each illegal play
    actually broke, judged with the hand the seat held then."""
    import random
    random.seed(seed)
    m, _ = start(name, dealer=dealer, options=opts_for(name, options))
    game = m.game
    hands, turnup = playout.deal(game, dealer, random)
    if with_hands:
        for seat in hands:
            m.apply({"ev": "hand", "seat": seat, "cards": [cards.name(c) for c in hands[seat]]})
    if turnup is not None:
        m.apply({"ev": "turnup", "card": cards.name(turnup)})
    to_play(m, hands, random)
    holding = dict((s, cards.hand_of(hands[s])) for s in hands)
    plays, violations = [], []
    while m.turn is not None and not m.over:
        seat = m.turn
        ok = game.legal(holding[seat], m.trick)
        if random.getrandbits(8) % illegal_one_in == 0:
            c = playout.pick(holding[seat], random)
        else:
            c = playout.pick(ok, random)
        plays.append((m.trick.number, seat, cards.name(c), cards.holds(ok, c)))
        if truth is not None and not cards.holds(ok, c):
            truth[plays[-1][:3]] = duties.RULE_WORDS[explain.verdict(game, holding[seat], c, m.trick)]
        holding[seat][c >> 4] &= ~cards.bit(c)
        violations += of(m.apply({"ev": "play", "seat": seat, "card": cards.name(c)}), "violation")
    return plays, violations


def to_play(m, hands, rng):
    """Make the random calls a hand needs before its first card (trump, bids)."""
    while m.phase == match.CALLS:
        m.apply(m.game.random_call(m, hands, rng))


def opts_for(name, options=None):
    """`options` with irregularity=report for the games that have the option."""
    opts = dict(options or {})
    if "irregularity" in games.game_class(name).OPTIONS:
        opts.setdefault("irregularity", "report")
    return opts


def hand_until(name, seed, tricks_left, with_hands=False, options=None):
    """A hand played randomly (legally) until `tricks_left` tricks remain, with
    seed % 3 cards on the current trick (`options` over the game's test ones)."""
    import random
    random.seed(seed)
    opts = dict(opts_for(name) or {})
    opts.update(options or {})
    m, _ = start(name, dealer=0, options=opts)
    hands, turnup = playout.deal(m.game, 0, random)
    if with_hands:
        for s in hands:
            m.apply({"ev": "hand", "seat": s, "cards": [cards.name(c) for c in hands[s]]})
    if turnup is not None:
        m.apply({"ev": "turnup", "card": cards.name(turnup)})
    to_play(m, hands, random)
    return m, playout.play_until(m, hands, tricks_left, seed % 3, random)
