"""What the audit's parts share: its terms (the derived events, the keys the
contract fixes, how much is listed), reading a line, and small helpers."""
import difflib
import json

from ...log.read import BadLine, LogError
from ...rules import cards, games
from ...rules.errors import TableError
from ...rules.match import DERIVED, DERIVED_X
from ...rules.options import declared as declared_options, seat_counts_text


AuditError = LogError    # the log could not be read at all (exit status 2)

IDLE = "idle"
OVER = "over"
DERIVED_EXTRA = DERIVED_X      # tapete's own derived events (rules/match.py)
DERIVED_ALL = DERIVED + DERIVED_EXTRA
# The most hands a recorder's gap may hold: more is a damaged hand number (a match
# of the longest game, Tute played to its `hands`, has far fewer).
HANDS_IN_A_GAP = 500
# What `record` reads of a derived event the rules did not make (a hand in a gap).
UNJUDGED_KEYS = {"trump": ("suit",), "trick": ("cards",),
                 "violation": ("hand", "trick", "seat", "card", "rule", "proven"),
                 "x-refused": ("message",)}
# Keys of `hand_end` that carry a hand's context into the audit's hands (docs/protocol.md:
# multiplier, stake, declarations, rounds, ended; and tapete's own).
HAND_CONTEXT = ("multiplier", "stake", "value", "declarations", "rounds", "ended", "games", "lying",
                "bid", "trump_by", "doubles", "cards", "misdeal")
REFUSED_RULES = ("out-of-turn", "unknown-card", "duplicate-card")
# The keys of each derived event that docs/protocol.md fixes; only these are compared.
CONTRACT_KEYS = {
    "trump": ("suit", "hand"),
    "trick": ("hand", "n", "leader", "cards", "winner"),
    "violation": ("hand", "trick", "seat", "card", "rule", "proven"),
    "hand_end": ("hand", "points", "score", "totals"),
    "match_end": ("winner", "totals", "reason"),
}
_decode = json.JSONDecoder().decode    # json.loads without its checks of the argument
# Errors (and disagreements) listed per match; past that they are counted, so that a
# file of junk is audited in bounded memory.
LISTED = 1000



def parse_line(text):
    """A log line as an event dict; ValueError with a readable reason otherwise."""
    if text is None:
        raise ValueError("not UTF-8 text")
    if isinstance(text, BadLine):
        raise ValueError(text.reason)
    try:
        event = json.loads(text)
    except (ValueError, RecursionError) as err:
        stripped = text.strip()
        hint = " (truncated line?)" if not stripped.endswith("}") else ""
        reason = str(err) if isinstance(err, ValueError) else "nested too deeply"
        raise ValueError("not JSON" + hint + ": " + reason + ": " + _quote(stripped))
    if not isinstance(event, dict):
        raise ValueError("not a JSON object: " + _quote(text.strip()))
    return event


def _quote(text, limit=80):
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _shown(value, limit=80):
    """repr(value), cut short: a log line can hold anything."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _by_line(entry):
    line = entry["line"]
    return (line is None, line or 0)


def _count(n, name):
    plural = {"match": "matches"}.get(name, name + "s")
    return str(n) + " " + (name if n == 1 else plural)


def _fault(err):
    """The error line for an exception the rules should never raise."""
    return ("the rules failed on this event (" + type(err).__name__ + ": " + str(err)
            + "); the match goes on from the events before it. This is a fault in "
            "tapete: please report it with this log")


def _declared(game):
    return set(declared_options(type(game)))


def _mend_match(event):
    """A `match` event the rules refused, mended where only its options or seat count
    are wrong: (the event to play, [what was wrong and what is played instead]), or
    (None, []) when the game itself is unknown."""
    name = event.get("game")
    try:
        plain = games.get(name)
    except TableError:
        return None, []
    problems = []
    options = event.get("options")
    kept = {}
    if options is not None and not isinstance(options, dict):
        problems.append("'options' must be an object of option names and values, got "
                        + _shown((options)) + "; the match is audited with "
                        + plain.name + "'s default options")
    elif options:
        declared = _declared(plain)
        for key in options:
            try:
                games.get(name, {key: options[key]})
            except TableError as err:
                problems.append(str(err) + "; " + _instead(plain, key, declared))
            else:
                kept[key] = options[key]
        try:
            games.get(name, kept)
        except TableError as err:
            problems.append("these options do not go together (" + str(err)
                            + "); the match is audited with " + plain.name + "'s defaults")
            kept = {}
    seats = event.get("seats", plain.seats)
    if seats not in type(plain).seat_counts or isinstance(seats, bool):
        problems.append(plain.name + " is played by " + seat_counts_text(type(plain).seat_counts)
                        + " seats, got seats=" + _shown((seats)) + "; the match is audited as a "
                        + str(plain.seats) + "-seat match")
        seats = plain.seats
    mended = dict(event, seats=seats)
    if "options" in event:
        mended["options"] = kept
    profile = event.get("profile")
    if profile is not None and (not isinstance(profile, str) or not 0 < len(profile) <= 40
                                or any(ch < " " for ch in profile)):
        problems.append("'profile' must be a name of 1 to 40 characters, got " + _shown(profile)
                        + "; the match is audited under its options, with no profile named")
        del mended["profile"]
    version = event.get("profile_version")
    if version is not None and ("profile" not in mended or not isinstance(version, int)
                                or isinstance(version, bool) or version < 1):
        problems.append("'profile_version' must be a whole number from 1, beside a 'profile', got "
                        + _shown(version) + "; the match is audited with no profile version")
        del mended["profile_version"]
    return mended, problems


def _game_hint(name):
    if not isinstance(name, str):
        return ""
    close = difflib.get_close_matches(name.lower(), games.names(), 1)
    return " (did you mean " + repr(close[0]) + "?)" if close else ""


def _instead(game, key, declared):
    """What the audit plays instead of a bad option."""
    if key not in declared:
        close = difflib.get_close_matches(key, sorted(declared), 1)
        hint = " (did you mean " + repr(close[0]) + "?)" if close else ""
        return "the match is audited without it" + hint
    default = game.options.get(key)
    if default is None:
        return "the match is audited with " + game.name + "'s own rule for it"
    return "the match is audited with its default, " + json.dumps(default)


def _same(expected, logged):
    """True when a logged derived event says what the rules derived (on the keys that
    docs/protocol.md fixes)."""
    name = expected.get("ev")
    if logged.get("ev") != name:
        return False
    keys = CONTRACT_KEYS.get(name)
    if keys is None:    # tapete's own x- events: every key but the link's seq and time
        if name == "x-claim" and expected.get("sound") is False and logged.get("sound") is False:
            # A refused claim's `deal` and `line` are one refutation of many: the table's
            # search (the Python rules on the unix port, the C core on the Pico) may find
            # another than the host's. The ruling is `sound`.
            return _contract(_refutation_apart(expected)) == _contract(_refutation_apart(logged))
        return _contract(expected) == _contract(logged)
    for k in keys:
        if expected.get(k) != logged.get(k):
            return False
    return True


def _refutation_apart(event):
    return dict((k, v) for k, v in event.items() if k not in ("deal", "line"))


_CARDS = {}


def _card(text):
    """cards.parse for a card the rules accepted, remembered (the audit asks often)."""
    c = _CARDS.get(text)
    if c is None:
        c = cards.parse(text)
        if len(_CARDS) < 512:       # bounded: a log can spell cards many ways
            _CARDS[text] = c
    return c


def _contract(event):
    keys = CONTRACT_KEYS.get(event.get("ev"))
    if keys is None:    # tapete's own (x-claim): every key but the link's seq and time
        return dict((k, v) for k, v in event.items() if k not in ("seq", "t"))
    out = {"ev": event.get("ev")}
    for k in keys:
        out[k] = event.get(k)
    return out


def _refusal_detail(v, match):
    if v["rule"] == "out-of-turn":
        return " out of turn"
    if v["rule"] == "unknown-card":
        return ", which is not in the " + match.game.name + " pack"
    return ", already played this hand"


def _starts_a_match(event):
    """True for a `match` event naming a game the rules know (it can start a match,
    mended if need be); a `match` naming none is only an error in the current one."""
    if event.get("ev") != "match":
        return False
    try:
        games.get(event.get("game"))
    except TableError:
        return False
    return True
