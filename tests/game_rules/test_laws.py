"""The event's laws (issue 35, docs/referee.md): a card out of turn condoned or taken
back, never a cascade; a proven illegal play ruled report, correct, hand, score or
game; a director's override. One test per sentence of docs/referee.md."""
import random

from game_rules.kit import Match, Trick, cards, call, games, of, play, playout, start

try:
    from tapete.rules import fold
except ImportError:     # MicroPython
    from rules import fold

TRICK_GAMES = ("malilla", "manille", "botifarra", "tute", "envite", "truc")
FOLLOWING = ("malilla", "manille", "botifarra", "tute")     # games whose duties a revoke breaks


class Table:
    """A log as the controller writes it (inputs with their seq, then what they
    derive), folded as the audit folds it (rules/fold.py)."""

    def __init__(self, game, options=None, seats=4):
        self.fold = fold.Fold()
        self.seq = 0
        self.log = []
        ev = {"ev": "match", "game": game, "seats": seats}
        if options:
            ev["options"] = options
        self.put(ev)

    @property
    def m(self):
        return self.fold.match

    def put(self, ev):
        """Log one input or extension (a seq given); the derived events logged after it,
        numbered too, as the controller numbers its lines."""
        ev = dict(ev)
        ev["seq"] = self.seq
        self.seq += 1
        self.log.append(ev)
        status, out = self.fold.feed(ev)
        derived = out if status in ("accepted", "overruled") else []
        for d in derived:
            d = dict(d)
            d["seq"] = self.seq
            self.seq += 1
            self.log.append(d)
            self.fold.feed(d)
        return derived

    def play(self, seat, card):
        return self.put({"ev": "play", "seat": seat, "card": card})

    def seq_of(self, name, **keys):
        for ev in self.log:
            if ev["ev"] == name and all(ev.get(k) == v for k, v in keys.items()):
                return ev["seq"]
        return None


def dealt(table, seed, with_hands=False, dealer=0):
    """Deal a hand (random, from `seed`), make its calls: {seat: [printed cards]}."""
    rng = random.Random(seed) if hasattr(random, "Random") else random
    if not hasattr(random, "Random"):
        random.seed(seed)
    m = table.m
    events, hands = playout.hand_events(m.game, dealer, rng, with_hands)
    for ev in events:
        table.put(ev)
    while m.phase == playout.CALLS:
        table.put(m.game.random_call(m, hands, rng))
    return hands, rng


def legal_card(m, hands, seat, rng):
    """A legal card of `seat` (printed name), taken out of `hands`."""
    held = playout.holding_of(m, hands[seat])
    c = playout.pick(m.game.legal(held, m.trick), rng)
    printed = m.game.outer[c] if m.game.outer is not None else c
    hands[seat].remove(printed)
    return cards.name(printed)


def play_out(table, hands, rng):
    """Play the hand to its end with legal cards (and the game's random calls)."""
    m = table.m
    while playout.in_hand(m) and not m.over:
        ev = m.game.random_call(m, hands, rng) if hasattr(m.game, "random_call") else None
        if ev is None:
            if m.phase != playout.PLAY:
                break
            ev = {"ev": "play", "seat": m.turn, "card": legal_card(m, hands, m.turn, rng)}
        table.put(ev)


def lead_out_of_turn_played_on(name, seed):
    """A hand whose first lead is made by the wrong seat, the other side playing on
    to it and the hand played out: the table (the log)."""
    t = Table(name)
    hands, rng = dealt(t, seed)
    m = t.m
    rightful = m.turn
    wrong = m.game.next_seat(rightful)
    lead = hands[wrong][0]
    hands[wrong].remove(lead)
    t.play(wrong, cards.name(lead))
    # the other side plays on to it with a card that follows it as the game asks
    on = m.game.next_seat(wrong)
    led = Trick(m.game)
    led.start_hand(wrong, m.trick.trump)
    led.add(wrong, m.game.inner[lead] if m.game.inner is not None else lead)
    c = playout.pick(m.game.legal(playout.holding_of(m, hands[on]), led), rng)
    printed = m.game.outer[c] if m.game.outer is not None else c
    hands[on].remove(printed)
    t.play(on, cards.name(printed))
    play_out(t, hands, rng)
    return t, wrong, cards.name(lead)


# -- out of turn -------------------------------------------------------------------------------
def test_a_lead_out_of_turn_played_on_stands_in_its_place_in_every_trick_game():
    for name in TRICK_GAMES:
        t, wrong, lead = lead_out_of_turn_played_on(name, 7)
        log = t.log
        violations = [e for e in log if e["ev"] == "violation"]
        rulings = [e for e in log if e["ev"] == "x-ruling"]
        assert [(v["rule"], v["seat"], v["card"]) for v in violations] == [("out-of-turn", wrong, lead)], name
        assert [(r["penalty"], r["seat"], r["card"]) for r in rulings] == [("condone", wrong, lead)], name
        first = [e for e in log if e["ev"] == "trick"][0]
        assert first["leader"] == wrong and first["cards"][0] == lead, name
        end = [e for e in log if e["ev"] == "hand_end"]
        assert len(end) == 1 and end[0].get("ended") != "abandoned", name


def test_the_audits_fold_judges_the_log_the_same_way():
    for name in TRICK_GAMES:
        t, wrong, lead = lead_out_of_turn_played_on(name, 11)
        again = fold.Fold()
        derived = []
        for ev in t.log:
            status, out = again.feed(ev)
            if status == "accepted":
                derived += out
        logged = [dict((k, v) for k, v in e.items() if k != "seq") for e in t.log
                  if e["ev"] not in fold.INPUTS and e["ev"] != "match"]
        assert derived == logged, name


def test_the_other_sides_card_played_on_the_wrong_lead_condones_it_and_the_turn_goes_on_from_it():
    m, _ = start("manille", dealer=0, turnup="KH", options={"out_of_turn": "condone"})
    leader = m.turn
    wrong = m.game.next_seat(leader)
    out = play(m, str(wrong) + ":7S")
    assert of(out, "violation")[0]["rule"] == "out-of-turn" and not of(out, "x-ruling")
    assert m.turn == leader and m.trick.n == 0      # it waits: nothing changed yet
    nxt = m.game.next_seat(wrong)
    out = play(m, str(nxt) + ":8S")
    assert [(r["seat"], r["penalty"]) for r in of(out, "x-ruling")] == [(wrong, "condone")]
    assert m.trick.leader == wrong and m.trick.n == 2 and m.turn == m.game.next_seat(nxt)


def test_the_rightful_card_means_the_wrong_lead_was_taken_back():
    m, _ = start("manille", dealer=0, turnup="KH")
    leader = m.turn
    wrong = m.game.next_seat(m.game.next_seat(leader))     # the leader's partner
    play(m, str(wrong) + ":7S")
    out = play(m, str(leader) + ":8S")
    assert [(r["seat"], r["penalty"]) for r in of(out, "x-ruling")] == [(wrong, "take-back")]
    assert not of(out, "violation") and m.trick.leader == leader and m.trick.n == 1


def test_a_card_played_by_the_offenders_partner_does_not_condone():
    m, _ = start("manille", dealer=0, turnup="KH")
    leader = m.turn
    wrong = m.game.next_seat(leader)
    play(m, str(wrong) + ":7S")
    partner = m.game.next_seat(m.game.next_seat(wrong))
    out = play(m, str(partner) + ":8S")
    assert of(out, "violation")[0]["seat"] == partner      # out of turn itself
    assert [(r["seat"], r["penalty"]) for r in of(out, "x-ruling")] == [(wrong, "take-back")]
    assert m.trick.n == 0


def test_inside_a_trick_a_card_out_of_turn_is_taken_back():
    m, _ = start("manille", dealer=0, turnup="KH")
    leader = m.turn
    play(m, str(leader) + ":7S")
    skipped = m.game.next_seat(m.game.next_seat(leader))
    out = play(m, str(skipped) + ":8S")
    assert [(r["seat"], r["penalty"]) for r in of(out, "x-ruling")] == [(skipped, "take-back")]
    assert m.trick.n == 1 and m.pend_seat == -1


def test_under_take_back_a_card_out_of_turn_is_refused_and_changes_nothing_but_itself():
    m, _ = start("manille", dealer=0, turnup="KH", options={"out_of_turn": "take-back"})
    leader = m.turn
    wrong = m.game.next_seat(leader)
    out = play(m, str(wrong) + ":7S")
    assert [e["ev"] for e in out] == ["violation", "x-ruling"] and out[1]["penalty"] == "take-back"
    out = play(m, str(m.game.next_seat(wrong)) + ":8S")     # played on anyway: judged where played
    assert of(out, "violation")[0]["rule"] == "out-of-turn" and m.trick.n == 0
    assert not of(play(m, str(leader) + ":9S"), "violation") and m.trick.n == 1


def test_a_card_laid_again_by_its_seat_once_its_turn_comes_is_played():
    m, _ = start("manille", dealer=0, turnup="KH")
    leader = m.turn
    partner = m.game.next_seat(m.game.next_seat(leader))
    play(m, str(partner) + ":7S")
    out = play(m, str(leader) + ":8S")          # the rightful lead: the 7S was taken back
    assert of(out, "x-ruling")[0]["penalty"] == "take-back"
    out = play(m, str(m.game.next_seat(leader)) + ":9S " + str(partner) + ":7S")
    assert not of(out, "violation") and m.trick.n == 3


def test_every_default_out_of_turn_law_is_condone():
    for name in TRICK_GAMES + ("mus",):
        assert games.get(name).out_of_turn == "condone", name


# -- Truc: the hand ---------------------------------------------------------------------
def test_truc_the_partners_lead_before_the_answer_stands_when_the_other_side_plays_on_and_accepts():
    m = Match()
    m.apply({"ev": "match", "game": "truc", "seats": 4})
    m.apply({"ev": "deal", "dealer": 0})
    play(m, "3:4H 2:3S 1:5C")
    call(m, "0:truc")
    play(m, "0:6D")                             # seat 2 took the trick with the 3S
    out = play(m, "2:4S")                       # ... and leads before the answer
    assert of(out, "violation")[0]["rule"] == "out-of-turn"
    out = play(m, "1:7C")                       # the other side plays on: a card accepts
    assert [(r["seat"], r["penalty"]) for r in of(out, "x-ruling")] == [(2, "condone")]
    assert m.ctx.stake == 2 and m.trick.leader == 2 and m.trick.n == 2
    out = play(m, "0:2C 3:5S")
    spare = ["AS", "AC", "AD", "AH", "KS", "KC", "KD", "KH"]    # cards nobody has played
    while not of(out, "hand_end"):
        out += play(m, str(m.turn) + ":" + spare.pop())
    end = of(out, "hand_end")[0]
    assert end.get("ended") != "abandoned" and sum(end["score"]) == 2


# -- penalties ---------------------------------------------------------------------------------
def revoke_at_play(name, options, seed0=0):
    """A table where a seat whose hand is known has just revoked (proven at the play),
    and the hands left: (table, seat, card, hands, rng, derived of the revoke)."""
    for seed in range(seed0, seed0 + 60):
        t = Table(name, options)
        hands, rng = dealt(t, seed, with_hands=True)
        m = t.m
        while m.phase == playout.PLAY and not m.over:
            seat = m.turn
            held = playout.holding_of(m, hands[seat])
            c = playout.revoke_card(m, held)
            if c is not None and m.trick.number < m.hand_cards - 1:
                printed = m.game.outer[c] if m.game.outer is not None else c
                hands[seat].remove(printed)
                return t, seat, cards.name(printed), hands, rng, t.play(seat, cards.name(printed))
            t.play(seat, legal_card(m, hands, seat, rng))
    raise AssertionError("no revoke found in " + name)


def test_report_writes_the_ruling_down_and_play_goes_on():
    for name in FOLLOWING:
        t, seat, card, hands, rng, out = revoke_at_play(name, {"revoke_penalty": "report"})
        r = of(out, "x-ruling")
        assert [(x["seat"], x["card"], x["penalty"]) for x in r] == [(seat, card, "report")], name
        assert not of(out, "hand_end") and not t.m.over


def test_hand_the_renuncio_gives_every_trick_and_point_of_the_hand_to_the_other_side():
    for name in FOLLOWING:
        t, seat, card, hands, rng, out = revoke_at_play(name, {"revoke_penalty": "hand", "target": 1000}
                                                        if name != "tute" else {"revoke_penalty": "hand"})
        m = t.m
        other = 1 - m.game.team_of[seat]
        end = of(out, "hand_end")[0]
        assert end["ended"] == "revoke", name
        assert end["tricks"][other] == m.hand_cards and end["tricks"][1 - other] == 0, name
        assert end["points"][1 - other] == 0 and end["score"][other] > 0, name
        # (Malilla's turn-up bonus is scored at the turn-up, before any card: it stays)
        assert end["score"][1 - other] == 0 or name == "malilla", name
        r = of(out, "x-ruling")[0]
        assert r["penalty"] == "hand" and r["score"] == end["score"], name


def test_hand_in_malilla_manille_and_botifarra_scores_what_a_capot_of_the_other_side_scores():
    expected = {"malilla": 35, "manille": 30, "botifarra": 36}
    for name in expected:
        t, seat, card, hands, rng, out = revoke_at_play(name, {"revoke_penalty": "hand", "target": 1000})
        end = of(out, "hand_end")[0]
        other = 1 - t.m.game.team_of[seat]
        mult = t.m.ctx.multiplier if name == "botifarra" else 1
        assert end["score"][other] == expected[name] * mult, (name, end)


def test_score_the_other_side_scores_the_fixed_stones_of_the_event():
    t, seat, card, hands, rng, out = revoke_at_play("envite", {"revoke_penalty": "score",
                                                               "revoke_score": 3}, 0) \
        if _envite_revokes() else revoke_at_play("manille", {"revoke_penalty": "score", "revoke_score": 5})
    end = of(out, "hand_end")[0]
    other = 1 - t.m.game.team_of[seat]
    assert end["ended"] == "revoke" and end["score"][1 - other] == 0
    assert end["score"][other] == (3 if t.m.game.name == "envite" else 5)


def _envite_revokes():
    """True when Envite's duties let a seat revoke (it follows the suit led)."""
    from game_rules.kit import duties
    return bool(games.get("envite").duties & duties.FOLLOW)


def test_score_needs_the_score_it_costs():
    from game_rules.kit import raises, TableError
    err = raises(TableError, games.get, "envite", {"revoke_penalty": "score"})
    assert "revoke_score" in str(err)


def test_game_the_offending_side_loses_the_match_as_the_old_irregularity_option_did():
    for options in ({"revoke_penalty": "game"}, {"irregularity": "game"}, {}):
        t, seat, card, hands, rng, out = revoke_at_play("malilla", options)
        end = of(out, "match_end")[0]
        assert end["reason"] == "irregularity" and end["winner"] == 1 - seat % 2
        assert of(out, "x-ruling")[0]["penalty"] == "game"


def test_the_old_irregularity_report_still_only_reports():
    t, seat, card, hands, rng, out = revoke_at_play("malilla", {"irregularity": "report"})
    assert of(out, "x-ruling")[0]["penalty"] == "report" and not t.m.over


def test_correct_the_card_taken_back_and_replaced_inside_its_window_costs_nothing():
    for name in ("botifarra", "manille"):
        t, seat, card, hands, rng, out = revoke_at_play(name, {"revoke_correct": True,
                                                              "revoke_penalty": "hand"})
        assert [x["penalty"] for x in of(out, "x-ruling")] == ["correct"], name
        undo = t.seq_of("play", seat=seat, card=card)
        t.put({"ev": "x-undo", "undo": undo, "seat": seat, "card": card})
        hands[seat].append(cards.parse(card))
        m = t.m
        assert m.court[0] == 0 and m.turn == seat, name       # the window closed: nothing to rule
        t.play(seat, legal_card(m, hands, seat, rng))
        play_out(t, hands, rng)
        rulings = [e for e in t.log if e["ev"] == "x-ruling"]
        assert [x["penalty"] for x in rulings] == ["correct"], name
        assert [e for e in t.log if e["ev"] == "hand_end"][-1].get("ended") is None, name


def test_correct_not_used_before_the_next_tricks_first_card_the_law_penalises_then():
    t, seat, card, hands, rng, out = revoke_at_play("botifarra", {"revoke_correct": True,
                                                                 "revoke_penalty": "hand"})
    m = t.m
    number = m.trick.number
    while m.trick.number == number:
        t.play(m.turn, legal_card(m, hands, m.turn, rng))
    out = t.play(m.turn, legal_card(m, hands, m.turn, rng))     # the next trick's first card
    assert [(x["seat"], x["penalty"]) for x in of(out, "x-ruling")] == [(seat, "hand")]
    assert of(out, "hand_end")[0]["ended"] == "revoke"


# -- the director ---------------------------------------------------------------------------------
def test_a_directors_override_rules_again_and_what_followed_is_judged_under_it():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand"})
    assert of(out, "hand_end")
    ruling = t.seq_of("x-ruling", seat=seat)
    derived = t.put({"ev": "x-override", "ruling": ruling, "penalty": "report", "by": "director",
                     "reason": "the card was exposed by the dealer"})
    assert [d["ev"] for d in derived] == ["x-reopen"]     # the hand the ruling ended goes on
    assert t.m.phase == playout.PLAY and not t.m.over
    assert t.fold.overrides == {(1, t.m.knowledge.play_trick[t.m.knowledge.count - 1], seat, "revoke"): "report"}


def test_an_override_naming_no_ruling_or_a_wrong_penalty_is_refused_and_changes_nothing():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report"})
    before = t.m.snapshot()
    status, err = t.fold.feed({"ev": "x-override", "ruling": 9999, "penalty": "report"})
    assert status == "refused" and "no ruling" in str(err)
    ruling = t.seq_of("x-ruling", seat=seat)
    status, err = t.fold.feed({"ev": "x-override", "ruling": ruling, "penalty": "condone"})
    assert status == "refused" and "condone" in str(err)
    assert t.m.snapshot() == before


def test_an_override_of_a_condoned_lead_takes_it_back():
    t, wrong, lead = lead_out_of_turn_played_on("manille", 3)
    ruling = t.seq_of("x-ruling", penalty="condone")
    t.put({"ev": "x-override", "ruling": ruling, "penalty": "take-back", "by": "director"})
    m = t.fold.match
    assert m.hand_no == 1 and m.knowledge.count and m.knowledge.play_seat[0] != wrong


def test_a_refused_claim_leaves_the_claimers_cards_seen_so_his_revoke_is_proven_at_the_play():
    """docs/claims.md: a claim that does not end the hand leaves the claimer's cards
    faced; the table knows his hand, so a later revoke of his is ruled at the play,
    inside the correction window (docs/referee.md, `revoke_correct`)."""
    for name in ("botifarra", "manille"):
        for seed in range(40):
            t = Table(name, {"revoke_correct": True, "revoke_penalty": "hand"})
            hands, rng = dealt(t, seed, with_hands=True)
            m = t.m
            found = None
            while m.phase == playout.PLAY and not m.over and m.trick.number < m.hand_cards - 1:
                seat = m.turn
                held = playout.holding_of(m, hands[seat])
                c = playout.revoke_card(m, held)
                if c is not None and m.trick.n:
                    found = seat, c
                    break
                t.play(seat, legal_card(m, hands, seat, rng))
            if found is None:
                continue
            seat, c = found
            out = t.put({"ev": "call", "seat": seat, "call": "claim",
                         "cards": [cards.name(x) for x in hands[seat]]})
            if of(out, "x-claim")[0]["sound"] is True:
                continue        # the claim ended the hand: try another deal
            assert m.known[seat], name
            printed = m.game.outer[c] if m.game.outer is not None else c
            hands[seat].remove(printed)
            out = t.play(seat, cards.name(printed))
            v = of(out, "violation")
            assert [(x["seat"], x["proven"]) for x in v] == [(seat, "at-play")], (name, out)
            assert [x["penalty"] for x in of(out, "x-ruling")] == ["correct"], name
            break
        else:
            raise AssertionError("no refused claim before a revoke in " + name)
