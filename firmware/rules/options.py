"""Game options: declared once per game with a default and a one-line meaning,
checked when a match starts (docs/protocol.md: `match.options`).

Loaded when a game is made (and by the registry's `info`), not during play: the
event's laws are read here too (`read_laws`), so that their code leaves the heap with
the option checks once the match is under way.
"""
from .errors import EventError

# Options every game has (docs/protocol.md): name -> (default, allowed values or type,
# one-line meaning).
COMMON = {
    "direction": (None, ("cw", "ccw"), "direction of play and of the deal (default from the rule text)"),
    "misdeal": (None, ("redeal", "pass"), "after a misdeal the same dealer deals again, or the "
                "deal passes to the next (default from the rule text)"),
}

# The event's laws (issue 35, the club referee): how the table rules an irregularity.
# Every game has them; None means "as the game's rule text says" (each game documents
# its reading). A house-rule profile (docs/profiles.md) sets them with the options.
LAWS = {
    "out_of_turn": (None, ("condone", "take-back"), "a card played out of turn stands once the "
                    "other side plays on to it (condone), or the player must take it back"),
    "revoke_penalty": (None, ("report", "hand", "game", "score"), "a proven revoke is reported, "
                       "loses the hand (renuncio), loses the match, or costs a fixed score"),
    "revoke_score": (None, int, "the fixed score a revoke costs (revoke_penalty score)"),
    "revoke_correct": (None, bool, "an illegal card may be taken back and replaced before the "
                       "next trick's first card"),
    "late_misdeal": (None, ("stands", "void"), "a misdeal called after the first card: play on "
                     "(stands) or the hand is void"),
    "claims": (None, ("club", "double-dummy"), "a claim stands by club law (no guess, against "
               "every distribution) or double-dummy (friendly play)"),
    "concession_wait": (None, int, "seconds the partner has to object to a concession"),
}


def declared(cls):
    """Every option of a game class: name -> (default, allowed, meaning)."""
    out = {}
    out.update(COMMON)
    out.update(LAWS)
    out.update(cls.OPTIONS)
    return out


def read_options(game, options):
    """`options` checked against the game's declared ones, with defaults filled in;
    EventError quoting the first wrong one."""
    if not isinstance(options, dict):
        raise EventError("options must be an object, got " + repr(options))
    decl = declared(type(game))
    out = {}
    for key in options:
        if key not in decl:
            raise EventError("unknown option for " + game.name + ": " + repr(key)
                             + " (known: " + ", ".join(sorted(decl)) + ")")
    for key in decl:
        default, allowed = decl[key][0], decl[key][1]
        value = options.get(key, default)
        if key in options:
            check_option(key, value, allowed)
        if value is not None:
            out[key] = value
    return out


def check_option(key, value, allowed):
    """Raise EventError unless `value` suits option `key` (allowed: a tuple of values,
    bool, int (positive), "seat" (a seat number or null), "seats" (a list))."""
    if isinstance(allowed, tuple):
        # true == 1 in Python: a bool is allowed only where the values list it
        if value not in allowed or isinstance(value, bool) and not any(a is value for a in allowed):
            raise EventError("option " + key + " must be one of " + repr(allowed) + ", got "
                             + repr(value))
    elif allowed is bool:
        if value is not True and value is not False:
            raise EventError("option " + key + " must be true or false, got " + repr(value))
    elif allowed is int:
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            raise EventError("option " + key + " must be a positive whole number, got " + repr(value))
    elif allowed == "seat":
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise EventError("option " + key + " must be a seat number or null, got " + repr(value))
    elif allowed == "seats":
        if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool)
                                                  for x in value):
            raise EventError("option " + key + " must be a list of seats, got " + repr(value))


def seat_counts_text(counts):
    """"4", "4 to 12", "3 or 4": for messages."""
    if len(counts) == 1:
        return str(counts[0])
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return str(counts[0]) + " to " + str(counts[-1])
    return ", ".join(str(c) for c in counts[:-1]) + " or " + str(counts[-1])


def read_laws(game):
    """`game`'s laws (LAWS) from its options: `revoke_penalty` wins over the older
    `irregularity` (game or report), which stays the same switch."""
    o = game.options
    game.out_of_turn = o.get("out_of_turn", game.out_of_turn)
    game.revoke_penalty = o.get("revoke_penalty", game.irregularity)
    if game.revoke_penalty in ("game", "report"):
        game.irregularity = game.revoke_penalty
    game.revoke_score = o.get("revoke_score", game.revoke_score)
    game.revoke_correct = o.get("revoke_correct", game.revoke_correct)
    if game.revoke_penalty == "score" and not game.revoke_score:
        raise EventError("option revoke_penalty score needs revoke_score (the score a revoke costs)")
    if game.revoke_penalty in ("hand", "score") and game.teams != 2:
        raise EventError("option revoke_penalty " + game.revoke_penalty + " gives the hand to the "
                         "other side: " + game.name + " with " + str(game.seats)
                         + " seats is played each for themselves")


def check_profile_version(version, profile):
    """The `match` event's `profile_version` (docs/profiles.md): the profile file's
    `version`, a whole number from 1, beside a `profile`; EventError otherwise."""
    if profile is None or not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise EventError("'match' needs 'profile_version' to be a whole number from 1, with "
                         "'profile', got " + repr(version))
