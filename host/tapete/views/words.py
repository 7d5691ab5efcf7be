"""The table's words in the players' language: cards, suits, trump, the hand's context.

Every key the rules put in a snapshot's `context` (rules/view.py and each game's
`context()`) is said here in words, with its value: a player never reads
"trump_by 0". A word a game says its own way (Botifarra's trumfo and contro, Tute's
cantes, Mus's lances) is a `NP_(game, ...)` entry: i18n.pgettext looks for the game's
own word first and falls back to the common one.

A Spanish-suited pack (every game but Malilla, whose text deals from a French pack,
and Manille unless its deck is spanish40) is shown as its cards are printed: 1 to
7, 8 and 9, 10 sota, 11 caballo, 12 rey, with oros, copas, espadas and bastos
(rules/spanish.py: oros = D, copas = H, espadas = S, bastos = C).
"""
from ..i18n import N_, NP_, _, pgettext

FRENCH_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FRENCH_SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SPANISH_SUITS = {"S": NP_("spanish pack", "swords"), "H": NP_("spanish pack", "cups"),
                 "D": NP_("spanish pack", "coins"), "C": NP_("spanish pack", "clubs")}
# The number printed on a Spanish card: the sota is 10, the caballo 11, the rey 12.
SPANISH_FACES = {"A": "1", "J": "10", "Q": "11", "K": "12"}
SPANISH_GAMES = ("botifarra", "tute", "envite", "truc", "mus", "brisca", "guinote")

# The game's name as its players write it (a proper name: the same in every language).
GAME_NAMES = {"malilla": "Malilla", "manille": "Manille", "botifarra": "Botifarra", "tute": "Tute",
              "envite": "Envite", "truc": "Truc", "mus": "Mus", "wiezen": "Wiezen",
              "brisca": "Brisca", "guinote": "Guiñote"}


def spanish_pack(s):
    """True when the snapshot's match is dealt from a Spanish-suited pack."""
    game = (s or {}).get("game")
    if game == "manille":
        return ((s.get("options") or {}).get("deck")) == "spanish40"
    return game in SPANISH_GAMES


def game_name(s):
    game = (s or {}).get("game") or ""
    return GAME_NAMES.get(game, game)


def say(s, msgid):
    """`msgid` in the words of the snapshot's game."""
    return pgettext((s or {}).get("game") or "", msgid)


def suit_word(suit, s=None):
    if spanish_pack(s):
        return pgettext("spanish pack", SPANISH_SUITS.get(suit, suit))
    return _(FRENCH_SUITS[suit]) if suit in FRENCH_SUITS else suit


def card_text(code, s=None):
    """'7H' -> '7♥'; in a Spanish pack '7 copas' (as printed: 'KD' -> '12 oros')."""
    if not code:
        return ""
    face, suit = code[:-1], code[-1]
    if spanish_pack(s):
        return SPANISH_FACES.get(face, face) + " " + suit_word(suit, s)
    return face + FRENCH_SIGNS.get(suit, suit)


def pack_card_text(code, pack):
    """A card of a pack named by the pack alone (a deck being written, no game yet), as
    card_text says it: '7S' -> '7♠', in a Spanish pack '7 espadas'."""
    if not code:
        return ""
    face, suit = code[:-1], code[-1]
    if str(pack).startswith("spanish"):
        return SPANISH_FACES.get(face, face) + " " + pgettext("spanish pack", SPANISH_SUITS.get(suit, suit))
    return face + FRENCH_SIGNS.get(suit, suit)


def trump_text(s):
    """'♥ hearts', Botifarra's 'botifarra' (no trumps), '?' before it is known."""
    t = s.get("trump")
    if t is None:
        return "?" if s.get("trumps", True) else say(s, N_("no trumps in this game"))
    if t == "none":
        return say(s, N_("no trump"))
    if spanish_pack(s):
        return suit_word(t, s)
    return FRENCH_SIGNS.get(t, "") + " " + suit_word(t, s)


def trump_label(s):
    """'trump' as the game says it (triunfo, trumfo, atout, troef)."""
    return say(s, N_("trump"))


def seat_text(seat):
    return _("seat %(seat)s") % {"seat": seat}


def seat_label(s, seat):
    """Who sits at `seat`: the player's name when the match gave one (`names`,
    docs/protocol.md 1.2), else "seat N"."""
    from ..log.names import seat_name
    return seat_name((s or {}).get("names"), seat) or seat_text(seat)


def seats_text(seats):
    return ", ".join(seat_text(x) for x in seats)


def seat_ref(s, seat):
    """A seat as the messages "seat %(seat)s ..." take it: "2", or "2 (Carme)" when
    the player has a name (every language's message keeps its own word for seat)."""
    from ..log.names import seat_name
    name = seat_name((s or {}).get("names"), seat)
    return "%s (%s)" % (seat, name) if name else seat


def team_name(s, team):
    """'team 0 (seats 0+2)'; with names 'Els Cracs (Ana + Carme)', 'team 0 (Ana +
    Carme)' or 'Els Cracs'; a team of one is its seat's label."""
    from ..log.names import seat_name, team_given_name
    teams = s.get("teams") or [[0, 2], [1, 3]]
    if team is None or team >= len(teams):
        return _("no team")
    names = s.get("names")
    given = team_given_name(names, team)
    if len(teams[team]) == 1:
        return given or seat_label(s, teams[team][0])
    if any(seat_name(names, x) for x in teams[team]):
        return "%s (%s)" % (given or _("team %(team)s") % {"team": team},
                            " + ".join(seat_label(s, x) for x in teams[team]))
    if given:
        return given
    return _("team %(team)s (seats %(seats)s)") % {"team": team, "seats": "+".join(str(x) for x in teams[team])}


# -- the hand's context ---------------------------------------------------------------------
CONTEXT_LABELS = {
    "multiplier": N_("multiplier"),
    "stake": N_("stake"),
    "proposed": N_("raised to, awaiting an answer"),
    "trump_by": N_("trump named by"),
    "chooser": N_("names trump"),
    "doubling": N_("may double"),
    "declarations": N_("declarations"),
    "awaiting": N_("waiting for"),
    "ended": N_("hand ended by"),
    "games": N_("games won"),
    "lying": N_("lying down"),
    "bid": N_("highest bid"),
    "round": N_("round"),
    "bets": N_("bets"),
    "eleven": N_("at eleven"),
    "hands": N_("hands in the match"),
    "contract": N_("contract"),
    "declarers": N_("played by"),
    "partner": N_("partner"),
    "target": N_("tricks to take"),
    "stock": N_("cards in the stock"),
    "vueltas": N_("de vueltas"),
}
# Shown in this order (the rest after them, alphabetically).
CONTEXT_ORDER = ("contract", "declarers", "partner", "target", "round", "stake", "proposed", "multiplier", "bets",
                 "bid", "chooser", "trump_by", "doubling", "declarations", "awaiting", "lying", "eleven", "games",
                 "hands", "stock", "vueltas", "ended")

# The game's own words for a context key (found first by `say`).
_GAME_LABELS = (
    NP_("botifarra", "multiplier"), NP_("botifarra", "names trump"), NP_("botifarra", "trump named by"),
    NP_("botifarra", "may double"), NP_("botifarra", "no trump"), NP_("botifarra", "trump"),
    NP_("tute", "declarations"), NP_("tute", "trump"),
    NP_("mus", "round"), NP_("mus", "bets"), NP_("mus", "stake"),
    NP_("envite", "stake"), NP_("envite", "lying down"), NP_("envite", "trump"),
    NP_("truc", "stake"), NP_("truc", "at eleven"),
    NP_("manille", "trump"), NP_("manille", "highest bid"), NP_("malilla", "trump"),
    NP_("guinote", "declarations"),
)

# Botifarra's doubling by its own names: contro, recontro, Sant Vicenç.
BOTIFARRA_DOUBLES = {1: NP_("botifarra", "not doubled"), 2: NP_("botifarra", "doubled"),
                     4: NP_("botifarra", "redoubled"), 8: NP_("botifarra", "redoubled again")}

# Tute's marriages: cantar las veinte, las cuarenta (in trumps).
TUTE_MARRIAGES = {20: NP_("tute", "the twenty"), 40: NP_("tute", "the forty")}

# How a hand ended early (rules/match.py end_hand's reasons).
ENDINGS = {"claim": N_("a claim"), "concede": N_("a concession"), "reject": N_("a refused raise"),
           "fold": N_("a fold"), "tute": N_("a tute"), "trawl": N_("trawling"), "pass": N_("all passing"),
           "ordago": N_("an órdago"), "decided": N_("its outcome being settled"), "irregularity": N_("an irregularity"), "target": N_("the target reached"),
           "cap": N_("the round's cap (its points, deals or time)"),
           "revoke": N_("a revoke ruled")}

# Wiezen's contracts (rules/games/wiezen/contracts.py WORDS), by the names Flemish
# players use where the other languages have none of their own.
WIEZEN_CONTRACTS = {"vraag": NP_("wiezen", "ask and accept"), "alleen": NP_("wiezen", "alone"),
                    "abondance-9": NP_("wiezen", "abondance 9"), "abondance-10": NP_("wiezen", "abondance 10"),
                    "abondance-11": NP_("wiezen", "abondance 11"), "abondance-12": NP_("wiezen", "abondance 12"),
                    "miserie": NP_("wiezen", "misery"), "open-miserie": NP_("wiezen", "open misery"),
                    "troel": NP_("wiezen", "troel"), "troela": NP_("wiezen", "troela"),
                    "solo": NP_("wiezen", "solo"), "solo-slim": NP_("wiezen", "solo slim"),
                    "pass": N_("all passing")}


def contract_text(s, word):
    """A Wiezen contract's name in the players' language."""
    return say(s, WIEZEN_CONTRACTS[word]) if word in WIEZEN_CONTRACTS else str(word)


# Mus's rounds (lances) and its draw.
MUS_ROUNDS = {"grande": NP_("mus", "grande"), "chica": NP_("mus", "chica"), "pares": NP_("mus", "pares"),
              "juego": NP_("mus", "juego"), "punto": NP_("mus", "punto"), "mus": NP_("mus", "the draw (mus)"),
              "draw": NP_("mus", "the draw (mus)"), "declare": NP_("mus", "declaring"),
              "bet": NP_("mus", "betting"), "show": NP_("mus", "the showdown"), "over": NP_("mus", "over"),
              "discard": NP_("mus", "the draw (mus)")}     # the discards after "mus": the draw still


def context_label(s, key):
    return say(s, CONTEXT_LABELS[key]) if key in CONTEXT_LABELS else key.replace("_", " ")


def context_value(s, key, value):
    """A context value in words (seats as seats, Botifarra's doubles by their names)."""
    if key in ("trump_by", "chooser"):
        return seat_label(s, value)
    if key == "contract":
        return contract_text(s, value)
    if key == "partner":
        return seat_label(s, value)
    if key in ("doubling", "awaiting", "lying", "eleven", "declarers"):
        return seats_text(value)
    if key == "multiplier":
        if s.get("game") == "botifarra" and value in BOTIFARRA_DOUBLES:
            word = say(s, BOTIFARRA_DOUBLES[value])
            return word if value == 1 else "%s ×%s" % (word, value)
        return "×%s" % value
    if key == "ended":
        return say(s, ENDINGS[value]) if value in ENDINGS else str(value)
    if key == "round":
        return say(s, MUS_ROUNDS[value]) if value in MUS_ROUNDS else str(value)
    if key == "bets":
        out = []
        for bet in value:
            name, _sp, stake = str(bet).partition(" ")
            out.append("%s %s" % (say(s, MUS_ROUNDS[name]) if name in MUS_ROUNDS else name, stake))
        return ", ".join(out)
    if key == "games":
        return " – ".join(str(x) for x in value)
    if key == "bid" and isinstance(value, dict):
        return _("%(amount)s by seat %(seat)s") % {"amount": value.get("amount"), "seat": value.get("seat")}
    if key == "declarations":
        return "; ".join(_("seat %(seat)s: %(points)s (%(cards)s)") % {
            "seat": d.get("seat"), "points": say(s, TUTE_MARRIAGES[d.get("points")])
            if s.get("game") == "tute" and d.get("points") in TUTE_MARRIAGES else d.get("points"),
            "cards": " ".join(card_text(c, s) for c in d.get("cards") or [])} for d in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join("%s %s" % (context_label(s, k), v) for k, v in sorted(value.items()))
    return str(value)


def context_items(s):
    """The hand's context as (label, text) pairs in words, in the order players read them."""
    ctx = s.get("context") or {}
    keys = [k for k in CONTEXT_ORDER if k in ctx] + sorted(k for k in ctx if k not in CONTEXT_ORDER)
    return [(k, context_label(s, k), context_value(s, k, ctx[k])) for k in keys]


# The rules a play (or a word) can break (rules/duties.py RULE_WORDS), as players name them.
RULES = {"revoke": N_("revoke"), "must-beat": N_("must-beat"), "seven-discard": N_("seven-discard"),
         "must-trump": N_("must-trump"), "must-overtrump": N_("must-overtrump"), "low-card": N_("low-card"),
         "trawl": N_("trawl"), "out-of-turn": N_("out-of-turn"), "unknown-card": N_("unknown-card"),
         "duplicate-card": N_("duplicate-card"), "not-in-hand": N_("not-in-hand"),
         "false-declaration": N_("false-declaration"),
         # Wiezen's (rules/games/wiezen/proofs.py, and troel's first lead)
         "troel-lead": NP_("wiezen", "the fourth ace not led first"),
         "false-troel": NP_("wiezen", "a false troel"), "troel-partner": NP_("wiezen", "the wrong troel partner"),
         "troel-unannounced": NP_("wiezen", "a troel not announced"),
         "mee-suit": NP_("wiezen", "went along without the suit")}


def rule_text(s, rule):
    return say(s, RULES[rule]) if rule in RULES else str(rule)


def declaration_text(s, what):
    """Mus's declared round ('pares') in the game's words."""
    return say(s, MUS_ROUNDS[what]) if what in MUS_ROUNDS else str(what)


# The options of a game (rules/options.py and each game's OPTIONS), said in words.
OPTIONS = {"direction": N_("direction"), "irregularity": N_("a proven foul"), "target": N_("target"),
           "auction": N_("auction"), "deck": N_("pack"), "last_trick_bonus": N_("last trick bonus"),
           "partner_exemption": N_("partner exemption"), "hands": N_("hands"), "captains": N_("captains"),
           "dummy": N_("dummy"), "games": N_("games"), "fold_bonus": N_("bonuses on a fold"),
           "lone_stake": N_("a round declared by one side alone is worth"),
           "bonus": NP_("mus", "pares and juego bonuses"), "max_multiplier": N_("highest multiplier"),
           "beat_in_suit": N_("must beat in suit"),
           "kings": N_("kings"), "real31": N_("31 real"),
           "lone_side": N_("a round declared by one side alone"), "answer": N_("a raise is answered by"),
           "exempt_trump": N_("exempt from trumping too"),
           "cuarenta_bar": N_("las cuarenta barred by a veinte of"), "doubling": N_("doubling spoken"),
           "level_redeal": N_("a 30-30 deal is dealt again"),
           # Tute for two and three's (rules/games/tute.py OPTIONS, read by tute_few.py)
           "stock_duty": NP_("tute", "duty while the stock lasts"), "tute": NP_("tute", "a tute allowed at two"),
           "pack": NP_("tute", "the pack at three"), "subastado": NP_("tute", "Tute subastado"),
           # Wiezen's (rules/games/wiezen/__init__.py OPTIONS)
           "score_table": NP_("wiezen", "score table"), "ladder": NP_("wiezen", "misery ranks"),
           "all_pass": NP_("wiezen", "when all pass"), "trump_with_bid": NP_("wiezen", "trump named with the bid"),
           "solo_slim": NP_("wiezen", "solo slim trump"), "miserie_trump": NP_("wiezen", "misery trump"),
           "abondance_lead": NP_("wiezen", "abondance led by"),
           "open_miserie_shown": NP_("wiezen", "open misery laid open"),
           "bid_trump": NP_("wiezen", "colour whist (trump bid)"), "deals": NP_("wiezen", "deals"),
           # the event's house-rule laws (rules/options.py LAWS), every game's
           "out_of_turn": N_("a card out of turn"), "revoke_penalty": N_("a proven revoke"),
           "revoke_score": N_("a revoke costs"), "revoke_correct": N_("an illegal card may be corrected"),
           "late_misdeal": N_("a misdeal called after the first card"), "claims": N_("claims judged"),
           "concession_wait": N_("seconds to object to a concession")}
OPTION_VALUES = {"cw": N_("clockwise"), "ccw": N_("anticlockwise"), "game": N_("loses the game"),
                 "report": N_("is reported"), "piquet32": N_("piquet 32"), "spanish40": N_("Spanish 40"),
                 "mexican40": N_("Mexican 40"),
                 # Mus's `bonus`: whose pares and juego score their bonus (rules/mus.py)
                 "side": NP_("mus", "of both partners"), "best": NP_("mus", "of the best player only")}
# Values whose words depend on the option (the same value word means other things).
OPTION_KEY_VALUES = {("lone_side", "bet"): N_("is bet"), ("lone_side", "only"): N_("is not bet"),
                     ("answer", "next"): N_("the next player"), ("answer", "side"): N_("either opponent"),
                     ("cuarenta_bar", "player"): N_("the same player"), ("cuarenta_bar", "side"): N_("either partner"),
                     ("stock_duty", "trump"): NP_("tute", "a trump on a trump lead"),
                     ("stock_duty", "none"): NP_("tute", "none"),
                     ("pack", "turnup"): NP_("tute", "13 each, the 40th turned up"),
                     ("pack", "no-twos"): NP_("tute", "the 2s out, 12 each"),
                     ("auction", "one"): NP_("tute", "one round of bids"),
                     ("auction", "open"): NP_("tute", "open until the others pass"),
                     ("doubling", "turn"): N_("in turn"), ("doubling", "side"): N_("by either player of a side"),
                     ("score_table", "iwwa"): NP_("wiezen", "the IWWA sheet"),
                     ("score_table", "kleuren"): NP_("wiezen", "the colour whist table"),
                     ("score_table", "light"): NP_("wiezen", "IWWA with a light failed ask"),
                     ("ladder", "iwwa"): NP_("wiezen", "between abondance 10 and 11"),
                     ("ladder", "miserie-low"): NP_("wiezen", "just above ask and accept"),
                     ("all_pass", "next"): NP_("wiezen", "the next dealer deals"),
                     ("all_pass", "redeal"): NP_("wiezen", "the same dealer deals again"),
                     ("all_pass", "double"): NP_("wiezen", "the next deal counts double"),
                     ("solo_slim", "turnup"): NP_("wiezen", "the turn-up's"),
                     ("solo_slim", "choice"): NP_("wiezen", "named by the declarer"),
                     ("miserie_trump", "none"): NP_("wiezen", "none"),
                     ("miserie_trump", "turnup"): NP_("wiezen", "the turn-up's"),
                     ("abondance_lead", "left"): NP_("wiezen", "the dealer's left"),
                     ("abondance_lead", "declarer"): NP_("wiezen", "the declarer"),
                     ("open_miserie_shown", "lead"): NP_("wiezen", "after the first lead"),
                     ("open_miserie_shown", "trick"): NP_("wiezen", "after the first trick"),
                     ("out_of_turn", "condone"): N_("stands once played on"),
                     ("out_of_turn", "take-back"): N_("is taken back"),
                     ("revoke_penalty", "hand"): N_("loses the hand"),
                     ("revoke_penalty", "score"): N_("costs a fixed score"),
                     ("late_misdeal", "stands"): N_("stands"), ("late_misdeal", "void"): N_("voids the hand"),
                     ("claims", "club"): N_("by club law"), ("claims", "double-dummy"): N_("double-dummy")}


def options_text(s):
    """'target 101, direction anticlockwise, ...': the match's options in words."""
    out = []
    for key, value in sorted((s.get("options") or {}).items()):
        label = say(s, OPTIONS[key]) if key in OPTIONS else key.replace("_", " ")
        if isinstance(value, bool):
            value = _("yes") if value else _("no")
        elif isinstance(value, str) and (key, value) in OPTION_KEY_VALUES:
            value = say(s, OPTION_KEY_VALUES[(key, value)])
        elif isinstance(value, str) and value in OPTION_VALUES:
            value = say(s, OPTION_VALUES[value])
        elif isinstance(value, (list, tuple)):
            value = "+".join(str(v) for v in value)
        out.append("%s %s" % (label, value))
    return ", ".join(out)


# The calls (docs/protocol.md 1.1, each game's `calls`), said as the players say them.
CALLS = {"claim": N_("claims the rest"), "concede": N_("concedes the rest"),
         "object": N_("objects to the concession"), "bid": N_("bids"),
         "pass": N_("passes"), "trump": N_("names trump"), "delegate": N_("leaves trump to the partner"),
         "double": N_("doubles"), "declare": N_("declares"), "raise": N_("raises"), "accept": N_("accepts"),
         "reject": N_("refuses"), "play": N_("plays the hand"), "fold": N_("folds"), "see": N_("sees"),
         "ordago": N_("an órdago"), "truc": NP_("truc", "truc"), "retruc": NP_("truc", "retruc"),
         "mus": NP_("mus", "mus"), "no-mus": NP_("mus", "no mus"), "discard": N_("discards"),
         "pares": NP_("mus", "pares"), "juego": NP_("mus", "juego"),
         "exchange": N_("exchanges the turn-up"),
         # Wiezen's (docs/protocol.md, Wiezen's calls)
         "wait": NP_("wiezen", "waits"), "vraag": NP_("wiezen", "asks"), "mee": NP_("wiezen", "goes along"),
         "alleen": NP_("wiezen", "plays alone"), "abondance": NP_("wiezen", "bids abondance"),
         "miserie": NP_("wiezen", "bids misery"), "open-miserie": NP_("wiezen", "bids open misery"),
         "troel": NP_("wiezen", "announces troel"), "troela": NP_("wiezen", "announces troela"),
         "solo": NP_("wiezen", "bids solo"), "solo-slim": NP_("wiezen", "bids solo slim"),
         "partner": NP_("wiezen", "makes himself known as partner")}
_GAME_CALLS = (NP_("botifarra", "names trump"), NP_("botifarra", "doubles"), NP_("envite", "raises"),
               NP_("mus", "raises"), NP_("mus", "bids"), NP_("mus", "sees"), NP_("truc", "accepts"),
               NP_("truc", "refuses"))


def call_text(s, word):
    return say(s, CALLS[word]) if word in CALLS else str(word)
