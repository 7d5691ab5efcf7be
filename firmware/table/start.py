"""A new match at the table (from the menu or the host's `new`): the game checked
against the table's deck and seats, its `match` event and first `deal`. A rare part
of the controller (table/controller.py `_RARE`): loaded for a match's start and
dropped with the option checks once it is under way (the controller's `new_match`),
so that playing never holds it."""
import gc

from rules import cards as C
from rules import games
from rules.errors import TableError
from rules.match import Match


def new_match(t, game_name, options=None, dealer=0, profile=None, version=None):
    """Start a match on table `t`: `match` and the first `deal`; `profile`: the
    house-rule profile's name the host resolved `options` from, `version` its file's
    version (both on the `match` event)."""
    t.flush()
    gc.collect()        # room for the game's code in one piece, before it loads
    game = games.get(game_name, options, match_seats(t, game_name))   # EventError on bad options
    if not isinstance(dealer, int) or not 0 <= dealer < game.seats:
        raise TableError("dealer must be a seat 0.." + str(game.seats - 1))
    name = game.name
    fitted = None
    if t.names:      # the table's names, cut to this game's seats and teams
        from rules import names
        fitted = names.fit(t.names, game.seats, game.teams)
    if t.deck is not None:
        lacks = t.deck.lacks(game.pack_set)
        if lacks:
            raise TableError("the enrolled deck lacks " + str(len(lacks)) + " card(s) of "
                             + game.name + ": " + " ".join(C.name(c) for c in lacks)
                             + "; enrol a pack that holds them")
    t.journal.start()
    t.match = Match()
    game = None
    gc.collect()        # the old match's buffers go before the new ones come
    t.undone = []
    t.ruled = {}
    t.overrides = {}
    t.violation = None
    t.ruling = None
    ev = {"ev": "match", "game": game_name, "seats": match_seats(t, game_name),
          "first_dealer": dealer, "t": t.now()}
    if options:
        ev["options"] = options
    if profile is not None:
        ev["profile"] = profile     # the rules check it (a name of 1 to 40 characters)
    if fitted:
        ev["names"] = fitted
    r = t.round
    if t.profile and r is not None:
        ev["profile"] = t.profile       # the round's, its version there (table/io/clock.py)
        version = r[5] if r[5] > 0 else None
    if version is not None:
        ev["profile_version"] = version
    t.match_names = fitted
    t.match.apply(ev)
    ev["game"] = name
    t._input(ev)
    t.first_dealer = dealer
    t.menu = None    # the match waits for its first deal (HAND_END)
    t.next_deal()


def match_seats(t, game_name):
    """The seats a new match of `game_name` is played by at table `t`: its readers,
    when the game is played by that many, else the game's own count."""
    counts = games.game_class(game_name).seat_counts
    return t.seats if t.seats in counts else counts[-1] if counts[-1] < t.seats else counts[0]
