"""Every screen the e-ink panel shows, as table states (runs under MicroPython).

`catalogue()` returns (name, table, texts) for each screen: a stand-in for the
controller's Table holding just what the screen reads, and the texts that must be
on it. Game screens come from real matches (rules.match, played with
rules.playout); later games' hand context and tables of 3 to 12 seats, which the
rules do not play yet, from snapshots written here in the shape
Match.snapshot() documents. Used by mpy_test_screens.py and by the contact sheet
(tests/table/contact_sheet.py).
"""
import random
import sys

for _p in sys.path:     # firmware/'s `table` before tests/table (see tablekit)
    if _p.endswith("firmware"):
        sys.path.insert(0, _p)
        break

from reader import enrol
from rules import cards as C
from rules import games
from rules import playout
from rules.match import Match
from table import phases as P

# What the controller and the boards say (controller._warn, board.readers).
def warnings():
    """The controller's warnings, in the sheet's language (table/panel/say.py)."""
    from table.panel.say import say
    return ("S2: " + say("unknown tag"), "S1: " + say("not now"), "S3: " + say("card seen at two seats"),
            "S0: " + say("the dealer turns up"), "S2: " + say("not a card of this game"), "S1: double?")


WARNINGS = warnings()
PROBLEMS = [
    (0, "seat 0: no MFRC522 answers (VersionReg 0x00): check power, wiring, chip select, "
        "or another module holding MISO"),
    (1, "FM17522 clone (works, reported)"),
    (2, "seat 2: FIFO read back 0x00 for 0xa5: MISO disturbed"),
    (3, "suspect: this module may not release MISO (every other reader reads 0x00); "
        "fit the 74HC125 buffer"),
]


class Link:
    def reply(self, obj):
        pass


class Table:
    """What screen.Screen reads of controller.Table."""

    def __init__(self, phase=P.IDLE, match=None, deck=None, seats=4):
        self.phase = phase
        self.match = match if match is not None else Match()
        self.message = ""
        self.notice = ""                # a room's notice (table/io/host.py)
        self.problems = []
        self.violation = None
        self.ruling = None
        self.enroller = None
        self.game_name = "malilla"
        self.preset = 0
        self.first_dealer = 0
        self.seats = seats
        self.deck = deck
        self.view = 0
        self.root = "/tmp"
        self.link = Link()


def enrolled(pack="spanish40", signs=0):
    """An enrolled deck of `pack` (tags made up)."""
    d = enrol.Deck(len(enrol.order(pack)))
    d.name = pack
    d.signs = signs
    for code in enrol.order(pack):
        d.add(bytes((4, code, 1, 2, 3, 4, 5)), 7, code)
    return d.plain()


def match_at(game="malilla", options=None, seed=3, tricks=3, extra=0, hands=1):
    """A real match: `hands` - 1 whole hands, then `tricks` tricks and `extra`
    cards into the next."""
    random.seed(seed)
    rng = random
    m = Match()
    ev = {"ev": "match", "game": game, "seats": 4}
    if options:
        ev["options"] = options
    m.apply(ev)
    dealer = 0
    for h in range(hands):
        events, dealt = playout.hand_events(m.game, dealer, rng, with_hands=False)
        for e in events:
            m.apply(e)
        if h < hands - 1:
            playout.play_hand(m, dealt, rng)
            dealer = m.game.next_dealer(dealer)
        else:
            left = m.game.tricks - tricks
            playout.play_until(m, dealt, left, extra, rng)
    return m


def played_out(game="malilla", seed=3):
    """A real match played to its end."""
    random.seed(seed)
    log, derived, m = playout.random_match(game, None, random, with_hands=False)
    return m


class Snap:
    """A match as a snapshot only (later games; other table sizes)."""

    def __init__(self, snap, target=0):
        self.snap = snap
        self.game = self
        self.target = target

    def snapshot(self, knowledge=False):
        return self.snap


def snap(game, seats, teams, totals, trump="H", turn=1, last_n=0, context=None, hand=2,
         dealer=0, winner=None):
    last = None
    if last_n:
        faces = ("7", "A", "K", "Q", "J", "6", "5", "4", "3", "2", "10", "9")
        cards = [[(dealer + 1 + i) % seats, faces[i % len(faces)] + "SHDC"[i % 4]]
                 for i in range(last_n)]
        last = {"n": 3, "leader": cards[0][0], "winner": cards[-1][0], "cards": cards}
    return Snap({"game": game, "options": {}, "seats": seats, "phase": "play", "hand": hand,
                 "dealer": dealer, "trump": trump, "turnup": None, "turn": turn,
                 "totals": totals, "winner": winner, "over": winner is not None,
                 "reason": None, "context": context or {}, "trick": None, "last": last,
                 "teams": teams})


def _game(name, m, phase, texts, deck=None, message="", violation=None, problems=None, ruling=None):
    t = Table(phase, m, deck or enrolled())
    t.message = message
    t.violation = violation
    t.ruling = ruling
    t.problems = problems or []
    return (name, t, texts)


def catalogue():
    """[(name, table, texts that must be drawn)] of every screen."""
    from table.panel.say import say, say_n
    global WARNINGS
    WARNINGS = warnings()       # the language may have changed since the import
    out = []
    # Idle: no deck; a deck; reader faults found at boot.
    t = Table()
    t.message = say("enrol a deck")
    out.append(("idle, no deck", t, [say("enrol a deck"), "NO DECK ENROLLED"]))
    tags = len(enrol.CONTROLS)
    out.append(("idle", Table(deck=enrolled()), ["SPANISH 40, %d TAGS" % (40 + tags)]))
    t = Table(deck=enrolled())
    t.problems = PROBLEMS
    out.append(("idle, reader faults", t, ["S0 no MFRC522 answers", "S1 FM17522 clone",
                                           "S2 FIFO read back", "S3 suspect"]))
    # Setup: each game and preset.
    from table.menu import presets
    for game in games.names():
        for i in range(len(presets(game))):
            t = Table(P.SETUP, deck=enrolled("french52"))
            t.game_name, t.preset, t.first_dealer = game, i, i % 4
            # each option by its name in words (never the registry's key), and its value
            from table.panel.screen_menu import option_text
            opts = presets(game)[i]
            words = [option_text(k, opts[k]) for k in opts] or ["as written"]
            assert all("_" not in w for w in words), words
            out.append(("setup %s %d" % (game, i), t, [game.upper(), "S%d" % (i % 4)] + words))
    # Setup after a refused start (the deck lacks the game's cards) and a deck check.
    t = Table(P.SETUP, deck=enrolled("piquet32"))
    lacks = t.deck.lacks(games.get("malilla").deck)
    t.message = ("the enrolled deck lacks %d card(s) of malilla: %s; enrol a pack that holds them"
                 % (len(lacks), " ".join(C.name(c) for c in lacks)))
    out.append(("setup, deck lacks cards", t, [t.message]))
    t = Table(P.SETUP, deck=enrolled())
    t.message = (say("missing %(cards)s") % {"cards": "7H KS"} + "; "
                 + say_n("%(n)s tag not enrolled", "%(n)s tags not enrolled", 1) % {"n": 1})
    out.append(("setup, deck check result", t, [t.message]))
    # The menu's other messages (table/menu.py).
    for phase, msg in ((P.SETUP, say("deck complete: %(n)s cards") % {"n": 40}),
                       (P.SETUP, say("enrolled %(n)s tags") % {"n": 50}),
                       (P.IDLE, say("enrol a deck first"))):
        t = Table(phase, deck=enrolled() if phase == P.SETUP else None)
        t.message = msg
        out.append(("message " + msg, t, [msg]))
    # Enrolment: the first card, a card, a control tag, Spanish signs, a refused tag.
    for pack, pos, signs, msg, want in (
            ("spanish40", 0, 0, "", ["ENROL", "SPANISH 40", "NEXT", "A\x01", "0 / %d" % (40 + tags),
                                     "menu: other pack"]),
            ("french52", 22, 0, "", ["ENROL", "FRENCH 52", "10\x02", "22 / %d" % (52 + tags)]),
            ("spanish48", 48 + 8, 0, "", ["no-trump"]),
            ("spanish40", 17, 1, "already enrolled: 7S", ["10\x02", "already enrolled: 7S"])):
        t = Table(P.ENROL)
        en = t.enroller = enrol.Enroller(pack, signs=signs)
        for i in range(pos):
            en.offer(bytes((4, i, 9, 9, 9, 9, 9)), 7)
        t.message = msg
        out.append(("enrol %s %d" % (pack, pos), t, want))
    # Writing a deck (reader/ndef.py): the first tag, a control tag, a tag laid again,
    # a tag that cannot be written; the pass's end.
    for pack, pos, msg, want in (
            ("spanish40", 0, "", ["WRITE DECK", "SPANISH 40", "NEXT", "A\x01", "menu: other pack",
                                  "confirm: done"]),
            ("french52", 52 + 3, "", ["WRITE DECK", "FRENCH 52", "undo"]),
            ("spanish48", 9, say("already written: %(card)s") % {"card": "AS"}, ["already written: AS"]),
            ("spanish40", 2, say("this tag cannot be written"), ["this tag cannot be written"])):
        t = Table(P.ENROL)
        w = t.enroller = enrol.Writer(pack)
        w.pos = pos
        t.message = msg
        out.append(("write %s %d" % (pack, pos), t, want))
    t = Table(P.SETUP, deck=None)
    t.message = say("wrote %(n)s tags") % {"n": 70}
    out.append(("message wrote", t, [t.message]))
    # The deck check: some cards seen, two foreign tags; then all seen.
    g = games.get("malilla")
    for seen in (36, 40):
        t = Table(P.ENROL, deck=enrolled())
        ch = t.enroller = enrol.DeckCheck("malilla", enrol.pack_codes(g.deck))
        for c in ch.expected[:seen]:
            ch.seen(c)
        if seen < 40:
            ch.foreign_tag(b"\x04\x01\x02\x03\x04\x05\x06", 7)
            ch.foreign_tag(b"\x04\x01\x02\x03\x04\x05\x07", 7)
        want = [str(seen) + " / 40"] + (["2 tags not enrolled", "missing"] if seen < 40
                                        else ["every card seen"])
        out.append(("deck check %d" % seen, t, want))
    # The game: turn-up, play, collect, hand end, over; Manille; Spanish signs.
    out.append(_game("turn-up", _turnup_pending(), P.TURNUP, ["TURN-UP", "S0"]))
    m = match_at(tricks=3)
    out.append(_game("play", m, P.PLAY, ["TO PLAY", "S" + str(m.turn), "LAST TRICK 3"]))
    out.append(_game("play, spanish signs", m, P.PLAY, ["TO PLAY"], deck=enrolled(signs=1)))
    # The match's start under a house-rule profile (docs/profiles.md): its name by the game's.
    mp = match_at("manille", {"beat_in_suit": True}, tricks=0, seed=5)
    mp.profile = "manillen"
    out.append(_game("play, a profile at the match's start", mp, P.PLAY, ["MANILLEN", "TO PLAY"]))
    m2 = match_at(tricks=3, extra=4)
    out.append(_game("collect", m2, P.COLLECT, ["TRICK TO", "collect it"]))
    m = match_at(tricks=10)
    out.append(_game("hand end", m, P.HAND_END, ["HAND END"]))
    m = played_out()
    w = m.winner
    out.append(_game("over", m, P.OVER, ["WINNER", ("S0+S2", "S1+S3")[w]]))
    m = match_at("manille", tricks=5, seed=5)
    out.append(_game("manille play", m, P.PLAY, ["MANILLE", "TO PLAY"], deck=enrolled("piquet32")))
    # A violation with its proof, and one refused at play.
    m = match_at(tricks=6)
    v = {"ev": "violation", "hand": 1, "trick": 3, "seat": 1, "card": "7H", "rule": "revoke",
         "proven": 6, "proof": {"trick": 6, "card": "2H"}}
    out.append(_game("violation with proof", m, P.PLAY, ["FOUL S1 revoke", "7\x02 in trick 3",
                                                          "proven by 2\x02 in trick 6"],
                     violation=v))
    v = {"ev": "violation", "hand": 1, "trick": 6, "seat": 3, "card": "KS", "rule": "out-of-turn",
         "proven": "at-play"}
    out.append(_game("violation at play", m, P.PLAY, ["FOUL S3 out-of-turn", "at play"],
                     violation=v))
    # The event's laws (docs/referee.md): a lead out of turn held, then condoned; one to
    # take back; a revoke ruled as a renuncio, to be corrected, waived by a director.
    m = match_at(tricks=6)
    m.pend_seat = 2
    v = {"ev": "violation", "hand": 1, "trick": 7, "seat": 2, "card": "KS", "rule": "out-of-turn",
         "proven": "at-play"}
    out.append(_game("ruling: lead out of turn held", m, P.PLAY,
                     ["FOUL S2 out-of-turn", say("stands once played on")], violation=v))
    m = match_at(tricks=6)
    r = {"ev": "x-ruling", "hand": 1, "trick": 7, "seat": 2, "team": 0, "rule": "out-of-turn",
         "penalty": "condone", "card": "KS"}
    out.append(_game("ruling: condoned", m, P.PLAY, ["FOUL S2 out-of-turn"], violation=v, ruling=r))
    r = dict(r, penalty="take-back")
    out.append(_game("ruling: take it back", m, P.PLAY, ["FOUL S2 out-of-turn"], violation=v, ruling=r))
    v = {"ev": "violation", "hand": 1, "trick": 3, "seat": 1, "card": "7H", "rule": "revoke",
         "proven": 6, "proof": {"trick": 6, "card": "2H"}}
    r = {"ev": "x-ruling", "hand": 1, "trick": 3, "seat": 1, "team": 1, "rule": "revoke",
         "penalty": "hand", "card": "7H", "score": [35, 0]}
    out.append(_game("ruling: renuncio, hand to the other side", m, P.PLAY,
                     ["FOUL S1 revoke", "RULING hand to team 0"], violation=v, ruling=r))
    v = {"ev": "violation", "hand": 1, "trick": 7, "seat": 1, "card": "7H", "rule": "revoke",
         "proven": "at-play"}
    out.append(_game("ruling: correct", m, P.PLAY, ["FOUL S1 revoke"], violation=v,
                     ruling=dict(r, trick=7, penalty="correct")))
    out.append(_game("ruling: score", m, P.PLAY, ["FOUL S1 revoke"], violation=v,
                     ruling=dict(r, trick=7, penalty="score", score=[5, 0])))
    out.append(_game("ruling: match", m, P.PLAY, ["FOUL S1 revoke"], violation=v,
                     ruling=dict(r, trick=7, penalty="game")))
    # The rulings with no violation box: the band says them
    # (table/ruled.py, table/restore.py `overridden`), until the next card.
    misdeal = {"ev": "x-ruling", "hand": 1, "trick": 7, "seat": 0, "team": 0, "rule": "misdeal",
               "penalty": "stands"}
    for name, text, ruled in (
            ("ruling: late misdeal stands, a short hand", "S1: " + say("a card short, its trick to team") + " 0",
             dict(misdeal, short=1)),
            ("ruling: late misdeal stands", say("late misdeal: play on"), misdeal),
            ("ruling: claim refused", "S0: " + say("claim refused, play on"), None),
            ("ruling: concession cancelled", "S2: " + say("objects: concession cancelled"), None),
            ("ruling: overruled, renuncio", say("OVERRULED") + " S1: " + say("hand to team") + " 0", r),
            ("ruling: overruled, waived", say("OVERRULED") + " S1: " + say("reported"), r)):
        out.append(_game(name, m, P.PLAY, [text], message=text, ruling=ruled))
    claimed = snap("malilla", 4, [[0, 2], [1, 3]], [24, 0], "C", turn=None, last_n=4,
                   context={"ended": "claim"}, hand=1)
    out.append(_game("ruling: claim accepted", claimed, P.HAND_END, [say("CLAIM")]))
    # Every warning the controller sets, and reader faults, during play.
    m = match_at(tricks=2)
    for w in WARNINGS:
        out.append(_game("message " + w, m, P.PLAY, [w], message=w))
    out.append(_game("message, reader faults", m, P.PLAY, ["reader faults: S0 S1 S2 S3"],
                     problems=PROBLEMS))
    out.append(_game("message and one fault", m, P.PLAY, [WARNINGS[2], "S1 FM17522 clone"],
                     message=WARNINGS[2], problems=PROBLEMS[1:2]))
    long_msg = "S0: a longer warning, wrapped over several lines of the message band"
    out.append(_game("message, long", m, P.PLAY, [long_msg], message=long_msg))
    # A room's notice at the hand's end (table/io/host.py), alone and beside a warning.
    from table.panel.say import say
    notice = say("MISBOARD board") + " 12"
    for msg in ("", WARNINGS[0]):
        name, t, texts = _game("room notice" + (", and a message" if msg else ""), m, P.HAND_END,
                               [notice] + ([msg] if msg else []), message=msg)
        t.notice = notice
        out.append((name, t, texts))
    # No trump; later games' hand context; tables of 3 to 12 seats.
    out.append(_game("no trump", snap("botifarra", 4, [[0, 2], [1, 3]], [12, 30], "none",
                                      last_n=4), P.PLAY, ["BOTIFARRA", "TO PLAY"]))
    # Later games, in real matches: what their calls settled, and who must answer.
    for name, seats, options, stop, want in CONTEXTS:
        m = moment(name, seats, options, stop)
        if want is None:
            d = m.snapshot()["context"]["declarations"][0]
            want = ["S%d" % d["seat"], str(d["points"])]
        phase = P.CALLS if m.phase == P.CALLS else P.SHOW if m.phase == P.SHOW else P.PLAY
        out.append(_game("context " + name + " " + stop, m, phase,
                         ["HAND"] + want, deck=enrolled("french52")))
    for seats in (3, 5, 8, 12):
        if seats in (3, 5):      # each for themselves
            teams = [[s] for s in range(seats)]
            totals = [s * 7 for s in range(seats)]
        else:
            teams = [[s for s in range(seats) if s % 2 == k] for k in range(2)]
            totals = [21, 9]
        s = snap("table%d" % seats, seats, teams, totals, "C", turn=seats - 1, last_n=seats,
                 dealer=seats - 2)
        out.append(_game("%d seats" % seats, s, P.PLAY,
                         ["S%d" % (seats - 1), "LAST TRICK 3",
                          winner_cell(s.snap)]))
    s = snap("envite", 12, [[s for s in range(12) if s % 2 == k] for k in range(2)], [24, 20],
             winner=1, turn=None, last_n=12)
    out.append(_game("12 seats over", s, P.OVER, ["WINNER", "ODD", winner_cell(s.snap)]))
    return out


# (game, seats, options, the moment, texts that must show): real matches stopped at a
# moment whose hand context the screen must show.
CONTEXTS = (
    ("botifarra", 4, None, "doubling", ["TRUMP BY S", "DOUBLE?"]),
    ("botifarra", 4, None, "doubled", ["x2"]),
    ("tute", 4, None, "declared", None),     # the declaration's seat and points
    ("envite", 12, None, "raise", ["STAKE 2", "RAISE TO 4", "ANSWER S"]),
    ("envite", 6, None, "lying", ["LYING S"]),
    ("truc", 4, None, "truc", ["STAKE 1", "RAISE TO 2", "ANSWER S"]),
    ("truc", 4, None, "eleven", ["ELEVEN S"]),
    ("mus", 4, None, "bet", ["RAISE TO", "ANSWER S"]),
    ("mus", 4, None, "show", ["TO SHOW"]),      # the showdown: who must lay a hand down
    ("manille", 4, {"auction": True}, "bid", ["BID"]),
    ("wiezen", 4, None, "bidding", ["BY S", "ANSWER S"]),     # the bid standing, who speaks
    ("wiezen", 4, None, "contract", ["BY S", "TRICKS"]),      # the contract in play
    ("wiezen", 4, None, "show", ["TO SHOW"]),   # open miserie: the hand waits for the open hand
    ("guinote", 4, None, "stock", ["STOCK"]),  # games with a stock: the cards still to draw
    ("brisca", 3, None, "stock", ["STOCK"]),
    ("tute", 2, None, "stock", ["STOCK"]),     # habanero
)


def _at(m, stop):
    """Is match `m` at the moment `stop`?"""
    c = m.snapshot()["context"]
    return {"doubling": "doubling" in c, "doubled": c.get("multiplier", 1) > 1 and m.turn is not None,
            "declared": "declarations" in c, "raise": "proposed" in c and m.phase == 4,
            "lying": "lying" in c and m.phase == 4, "truc": "proposed" in c,
            "eleven": "eleven" in c and m.phase == 4, "bet": "proposed" in c,
            "bid": "bid" in c, "show": m.phase == P.SHOW,
            "bidding": "awaiting" in c and "contract" in c,
            "contract": "target" in c and m.turn is not None and m.trick.number > 1,
            "stock": 0 < c.get("stock", 0) and m.trick.number >= 2 and m.trick.n == 0}[stop]


def moment(name, seats, options, stop):
    """A real match of `name`, played with random legal cards and calls until the
    moment `stop` (the first seed that reaches it)."""
    from rules.playout import hand_events, in_hand
    for seed in range(200):
        random.seed(seed)
        m = Match()
        ev = {"ev": "match", "game": name, "seats": seats}
        if options:
            ev["options"] = options
        m.apply(ev)
        dealer = 0
        for _ in range(60):
            if m.over:
                break
            events, hands = hand_events(m.game, dealer, random, False)
            for e in events:
                m.apply(e)
            while in_hand(m):
                playout.refill(m, hands, random)    # a game with a stock: the draws
                if _at(m, stop):
                    return m
                caller = getattr(m.game, "random_call", None)
                e = caller(m, hands, random) if caller else None
                if e is None:
                    held = m._codes(hands[m.turn])
                    c = playout.pick(m.game.legal(held, m.trick), random)
                    printed = m.game.outer[c] if m.game.outer is not None else c
                    hands[m.turn].remove(printed)
                    e = {"ev": "play", "seat": m.turn, "card": C.name(printed)}
                m.apply(e)
            dealer = m.game.next_dealer(dealer)
    raise AssertionError("no match reaches " + stop)


def winner_cell(snap):
    """The last trick's winning cell: its seat and card (drawn reversed)."""
    last = snap["last"]
    for seat, card in last["cards"]:
        if seat == last["winner"]:
            return "S%d %s" % (seat, card)
    return "?"


def draw(screen, table, fb, ox=0, oy=0):
    """The whole picture into one frame buffer holding the panel at (ox, oy), skipping
    nothing: what strays off the panel lands in the buffer around it."""
    screen.prepare(table)
    screen.paint(fb, ox, oy, 1 << 21, -(1 << 20))


def _turnup_pending():
    m = Match()
    m.apply({"ev": "match", "game": "malilla", "seats": 4})
    m.apply({"ev": "deal", "dealer": 0})
    return m
