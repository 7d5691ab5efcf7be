"""Property-based fuzzing of `tapete audit` (hypothesis), with and without the C core.

Malformed lines, damaged bytes and deleted lines in real logs; and every input event
and call (match, deal, hand, turnup, play, claim and concede with and without cards,
end, x-undo, unknown and x- events, derived events), with good values and values of
the wrong type in every key, put anywhere in a real match. The audit must never
raise, every error must name a line of the log, in line order, and nothing may reach
the audit's last guard (an exception inside the rules).
"""
import contextlib
import json
import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tapete.judge.audit import AuditError, audit_text
from tapete.rules import claims, games, native, solver

from host.fixtures import GOLDEN, controller_log, whole_match

CORE = [pytest.param(True, id="C-core"), pytest.param(False, id="pure-Python")]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextlib.contextmanager
def rules(with_core):
    """Games made inside use the C core or the pure-Python rules (`native.ENABLED` is
    read when a game is made). Claim searches get a small budget: a claim early in a
    hand can search for seconds, which tells the fuzzing nothing more."""
    if with_core:
        assert native.core is not None, "the C core is not built (pip install -e .)"
    saved = native.ENABLED, claims.PY_BUDGET, claims.NATIVE_BUDGET, solver.solve
    real_solve = solver.solve
    native.ENABLED = with_core
    claims.PY_BUDGET = 2000
    claims.NATIVE_BUDGET = 100000
    solver.solve = lambda game, hands, trick, team, measure=0, budget=0: real_solve(
        game, hands, trick, team, measure, budget or 20000)
    try:
        yield
    finally:
        native.ENABLED, claims.PY_BUDGET, claims.NATIVE_BUDGET, solver.solve = saved


def numbered(events):
    """The lines of a controller log whose events carry `seq` (so x-undo can name them)."""
    return [json.dumps(dict(e, seq=n)) for n, e in enumerate(events)]


MANILLE = numbered(controller_log(whole_match("manille", 8)))
MALILLA = numbered(controller_log(whole_match("malilla", 3)))
BASES = {"manille": MANILLE, "malilla": MALILLA}
LINES = MANILLE
CLEAN = {}


def clean(with_core, name="manille"):
    key = (with_core, name)
    if key not in CLEAN:
        with rules(with_core):
            CLEAN[key] = audit_text("\n".join(BASES[name]))
    return CLEAN[key]


def results_of(result):
    return result["matches"] if "matches" in result else [result]


def check_shape(result, n_lines):
    json.dumps(result)
    for one in results_of(result):
        lines = [e["line"] for e in one["errors"]]
        assert lines == sorted(lines), lines
        for e in one["errors"]:
            assert isinstance(e["line"], int) and 1 <= e["line"] <= n_lines and e["message"]
            assert "the rules failed" not in e["message"], e["message"]


# -- damage to a real log ---------------------------------------------------------------------

junk = st.one_of(
    st.text(max_size=60).filter(lambda t: "\n" not in t and "\r" not in t and t.strip()),
    st.sampled_from(LINES).map(lambda l: l[: len(l) // 2]),            # truncated
    st.builds(lambda k: json.dumps({"ev": k}), st.text(max_size=10)),    # unknown events
    st.just("[]"), st.just("null"), st.just("{}"), st.just('{"ev": 5}'),
)


@pytest.mark.parametrize("core", CORE)
@FAST
@given(inserts=st.lists(st.tuples(st.integers(0, len(LINES)), junk), min_size=1, max_size=5))
def test_inserted_bad_lines_lose_nothing(core, inserts):
    lines = list(LINES)
    bad = set()
    for pos, text in sorted(inserts, key=lambda p: -p[0]):
        lines.insert(pos, text)
    for i, text in enumerate(lines):
        if text not in LINES:
            bad.add(i + 1)
    with rules(core):
        result = audit_text("\n".join(lines))
    check_shape(result, len(lines))
    # every error points at an inserted line, and the match is intact (junk that looks
    # like a derived event can only add a disagreement, never change a hand)
    assert set(e["line"] for e in result["errors"]) <= bad
    assert result["hands"] == clean(core)["hands"]
    assert result["totals"] == clean(core)["totals"] and result["winner"] == clean(core)["winner"]


@pytest.mark.parametrize("core", CORE)
@FAST
@given(index=st.integers(0, len(LINES) - 1), cut=st.integers(0, 200), noise=st.binary(max_size=8))
def test_any_byte_damage_never_crashes(core, index, cut, noise):
    lines = list(LINES)
    line = lines[index]
    cut = min(cut, len(line))
    lines[index] = line[:cut] + noise.decode("latin-1") + line[cut + len(noise):]
    text = "\n".join(lines)
    with rules(core):
        result = audit_text(text)
    check_shape(result, text.count("\n") + 1)


@pytest.mark.parametrize("core", CORE)
@FAST
@given(indices=st.lists(st.integers(0, len(LINES) - 1), min_size=1, max_size=4, unique=True))
def test_deleted_lines_never_crash_and_are_noticed(core, indices):
    lines = [l for i, l in enumerate(LINES) if i not in indices]
    with rules(core):
        result = audit_text("\n".join(lines))
    check_shape(result, len(lines))
    inputs_deleted = any(json.loads(LINES[i])["ev"] in ("play", "deal", "turnup", "match") for i in indices)
    if inputs_deleted:
        assert result["errors"] or result["disagreements"] or result["hands"] != clean(core)["hands"]


# -- every event and call, good and bad values in every key ----------------------------------------

CODES = ["7H", "AS", "10D", "QC", "2S", "9H", "KD", "JC", "3H", "5S", "6D", "8C", "4H", "1 oros"]
wrong = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 70), st.integers(-2 ** 80, 2 ** 80),
    st.floats(), st.text(max_size=8), st.lists(st.integers(-1, 5), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))
card = st.one_of(st.sampled_from(CODES), st.sampled_from(CODES).map(str.lower), wrong)
seat = st.one_of(st.integers(0, 3), wrong)
card_list = st.one_of(st.lists(card, max_size=11), wrong)
option_value = st.one_of(st.sampled_from([35, 101, 1, "cw", "ccw", "game", "report", "piquet32",
                                          "spanish40", "mexican40", True, False]), wrong)
options = st.one_of(st.dictionaries(
    st.sampled_from(["target", "direction", "irregularity", "deck", "last_trick_bonus",
                     "partner_exemption", "trget", ""]), option_value, max_size=4), wrong)


def event(name, keys, optional=None):
    return st.fixed_dictionaries(dict(keys, ev=st.just(name)), optional=optional or {})


EVENTS = st.one_of(
    event("match", {"game": st.one_of(st.sampled_from(["malilla", "manille", "manilla", "poker"]), wrong)},
          {"seats": st.one_of(st.just(4), wrong), "options": options}),
    event("deal", {"dealer": seat}, {"cards": card_list}),
    event("hand", {"seat": seat, "cards": card_list}),
    event("turnup", {"card": card}),
    event("play", {"seat": seat, "card": card}),
    event("call", {"seat": seat, "call": st.one_of(st.sampled_from(["claim", "concede", "double"]), wrong)},
          {"cards": card_list}),
    event("end", {}),
    event("x-undo", {}, {"undo": st.one_of(st.integers(0, 600), wrong), "seat": seat, "card": card}),
    event("x-note", {}, {"text": wrong}),
    st.fixed_dictionaries({"ev": st.one_of(st.text(max_size=8), wrong)}),
    event("trick", {"hand": wrong, "n": wrong, "leader": seat, "cards": card_list, "winner": seat}),
    st.builds(lambda name, value: {"ev": name, "hand": value, "totals": value, "winner": value},
              st.sampled_from(["trump", "violation", "hand_end", "match_end", "x-claim"]), wrong),
).flatmap(lambda ev: st.fixed_dictionaries({}, optional={"seq": st.one_of(st.integers(0, 600), wrong),
                                                           "t": wrong}).map(lambda extra: dict(ev, **extra)))


def _dumps(ev):
    return json.dumps(ev)     # NaN and Infinity stay as Python's json writes them


@pytest.mark.parametrize("core", CORE)
@FAST
@given(game=st.sampled_from(sorted(BASES)),
       inserts=st.lists(st.tuples(st.floats(0, 1), EVENTS), min_size=1, max_size=6))
def test_any_event_with_any_values_anywhere_never_crashes(core, game, inserts):
    lines = list(BASES[game])
    for where, ev in sorted(inserts, key=lambda p: -p[0]):
        lines.insert(int(where * len(lines)), _dumps(ev))
    with rules(core):
        result = audit_text("\n".join(lines))
    check_shape(result, len(lines))


@pytest.mark.parametrize("core", CORE)
@FAST
@given(events=st.lists(EVENTS, min_size=1, max_size=25))
def test_a_log_made_only_of_such_events_never_crashes(core, events):
    lines = [_dumps(ev) for ev in events]
    with rules(core):
        try:
            result = audit_text("\n".join(lines))
        except AuditError as err:   # no event with an 'ev' name at all
            assert "no table events" in str(err)
            return
    check_shape(result, len(lines))


def _claim_points(lines):
    """For each play of a log: (index, seat, the cards that seat still holds there),
    read from the plays of the rest of its hand."""
    events = [json.loads(l) for l in lines]
    out = []
    for i, ev in enumerate(events):
        if ev["ev"] != "play":
            continue
        held = []
        for later in events[i:]:
            if later["ev"] == "deal":
                break
            if later["ev"] == "play" and later["seat"] == ev["seat"]:
                held.append(later["card"])
        out.append((i, ev["seat"], held))
    return out


CLAIM_POINTS = dict((name, _claim_points(lines)) for name, lines in BASES.items())


@pytest.mark.parametrize("core", CORE)
@FAST
@given(game=st.sampled_from(sorted(BASES)), pick=st.floats(0, 1),
       how=st.sampled_from(["shown", "none", "one short", "concede", "twice"]))
def test_claims_and_concessions_anywhere_in_a_hand_never_crash(core, game, pick, how):
    lines = list(BASES[game])
    points = CLAIM_POINTS[game]
    i, seat, held = points[min(int(pick * len(points)), len(points) - 1)]
    call = {"ev": "call", "seat": seat, "call": "concede" if how == "concede" else "claim"}
    if how in ("shown", "twice"):
        call["cards"] = held
    elif how == "one short":
        call["cards"] = held[1:]
    new = [_dumps(call)] * (2 if how == "twice" else 1)
    lines[i:i] = new
    with rules(core):
        result = audit_text("\n".join(lines))
    check_shape(result, len(lines))
    ruled = [c for h in results_of(result)[0]["hands"] for c in h.get("claims", [])]
    if how in ("shown", "concede"):
        assert ruled and ruled[0]["line_no"] == i + 1
    if how == "none":           # the claimer's hand is hidden: the claim must show it
        errors = results_of(result)[0]["errors"]
        assert any(e["line"] == i + 1 and "cards" in e["message"] for e in errors)


# -- one refused call anywhere, in every game ----------------------------------------------

GAME_LOGS = ("malilla_match", "manille_match", "manille3_match", "manille_auction_match",
             "botifarra_match", "tute_match", "envite_match", "truc_match", "mus_match")
REFUSED_LINE_KEYS = ("line", "line_no", "lines", "play_line", "revised_line")


def _golden(name):
    with open(os.path.join(GOLDEN, name + ".jsonl")) as f:
        return f.read().splitlines()


GOLDEN_LINES = dict((name, _golden(name)) for name in GAME_LOGS)
GOLDEN_CLEAN = {}


def _without_lines(x):
    """The audit's hands without log line numbers (an inserted line moves them by one)."""
    if isinstance(x, dict):
        return dict((k, _without_lines(v)) for k, v in x.items() if k not in REFUSED_LINE_KEYS)
    if isinstance(x, list):
        return [_without_lines(v) for v in x]
    return x


# Each call word of every game with the keys it takes, so that a refusal is about the
# moment or the seat more often than about the call's shape.
CALL_KEYS = st.one_of(
    st.just({}), st.fixed_dictionaries({"suit": st.sampled_from(["S", "H", "D", "C", "none"])}),
    st.fixed_dictionaries({"amount": st.sampled_from([2, 3, 31, 40, 61])}),
    st.fixed_dictionaries({"has": st.booleans()}), st.fixed_dictionaries({"count": st.integers(1, 4)}),
    st.fixed_dictionaries({"cards": st.sampled_from([["KS", "QS"], ["KH", "QH"], ["KC", "KS", "KH", "KD"],
                                                     ["7H"], []])}))


@pytest.mark.parametrize("core", CORE)
@settings(max_examples=int(os.environ.get("TAPETE_FUZZ_EXAMPLES", 60)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAME_LOGS), where=st.floats(0, 1), seat=st.integers(0, 3),
       word=st.integers(0, 20), keys=CALL_KEYS)
def test_one_refused_call_anywhere_in_any_game_changes_no_hand_total_or_winner(core, name, where, seat,
                                                                               word, keys):
    """docs/protocol.md 1.2's contract over every game: a call line the rules refuse where it
    lands (any call word of the game, by any seat, with the keys such calls take)
    adds one error, on its line, and leaves the hands, totals, winner and the
    controller disagreements as they were. Calls accepted where they land are not
    this property's (hypothesis's `assume`)."""
    lines = GOLDEN_LINES[name]
    game = json.loads(lines[0])["game"]
    words = games.info(game)["calls"]
    ev = dict(keys, ev="call", seat=seat, call=words[word % len(words)])
    pos = 1 + int(where * (len(lines) - 1))
    with rules(core):
        if (core, name) not in GOLDEN_CLEAN:
            GOLDEN_CLEAN[(core, name)] = audit_text("\n".join(lines) + "\n")
        base = GOLDEN_CLEAN[(core, name)]
        result = audit_text("\n".join(lines[:pos] + [json.dumps(ev)] + lines[pos:]) + "\n")
    assume(any(e["line"] == pos + 1 for e in result["errors"]))
    assert len(result["errors"]) == len(base["errors"]) + 1, (name, pos, ev, result["errors"])
    assert _without_lines(result["hands"]) == _without_lines(base["hands"]), (name, pos, ev)
    assert result["totals"] == base["totals"] and result["winner"] == base["winner"], (name, pos, ev)
    assert result["disagreements"] == base["disagreements"], (name, pos, ev)
