"""Property-based fuzzing of `tapete audit` with malformed logs (hypothesis)."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapete.audit import audit_text

from host.fixtures import controller_log, whole_match

BASE = controller_log(whole_match("manille", 8))
LINES = [json.dumps(e) for e in BASE]
CLEAN = audit_text("\n".join(LINES))
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

junk = st.one_of(
    st.text(max_size=60).filter(lambda t: "\n" not in t and "\r" not in t and t.strip()),
    st.sampled_from(LINES).map(lambda l: l[: len(l) // 2]),            # truncated
    st.builds(lambda k: json.dumps({"ev": k}), st.text(max_size=10)),    # unknown events
    st.just("[]"), st.just("null"), st.just("{}"), st.just('{"ev": 5}'),
)


def check_shape(result, n_lines):
    json.dumps(result)
    for e in result["errors"]:
        assert 1 <= e["line"] <= n_lines and e["message"]


@FAST
@given(st.lists(st.tuples(st.integers(0, len(LINES)), junk), min_size=1, max_size=5))
def test_inserted_bad_lines_lose_nothing(inserts):
    lines = list(LINES)
    bad = set()
    for pos, text in sorted(inserts, key=lambda p: -p[0]):
        lines.insert(pos, text)
    for i, text in enumerate(lines):
        if text not in LINES:
            bad.add(i + 1)
    result = audit_text("\n".join(lines))
    check_shape(result, len(lines))
    # every error points at an inserted line, and the match is intact (junk that looks
    # like a derived event can only add a disagreement, never change a hand)
    assert set(e["line"] for e in result["errors"]) <= bad
    assert result["hands"] == CLEAN["hands"]
    assert result["totals"] == CLEAN["totals"] and result["winner"] == CLEAN["winner"]


@FAST
@given(st.integers(0, len(LINES) - 1), st.integers(0, 200), st.binary(max_size=8))
def test_any_byte_damage_never_crashes(index, cut, noise):
    lines = list(LINES)
    line = lines[index]
    cut = min(cut, len(line))
    lines[index] = line[:cut] + noise.decode("latin-1") + line[cut + len(noise):]
    text = "\n".join(lines)
    result = audit_text(text)
    check_shape(result, text.count("\n") + 1)


@FAST
@given(st.lists(st.integers(0, len(LINES) - 1), min_size=1, max_size=4, unique=True))
def test_deleted_lines_never_crash_and_are_noticed(indices):
    lines = [l for i, l in enumerate(LINES) if i not in indices]
    result = audit_text("\n".join(lines))
    check_shape(result, len(lines))
    inputs_deleted = any(json.loads(LINES[i])["ev"] in ("play", "deal", "turnup", "match") for i in indices)
    if inputs_deleted:
        assert result["errors"] or result["disagreements"] or result["hands"] != CLEAN["hands"]
