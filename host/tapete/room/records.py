"""The hand records of a duplicate session: every board's hands printed, so the
director (or a dealing machine's operator) can put each seat's cards in its pocket
before the session. HTML (printed from a browser, four boards a page) and PDF (drawn
with matplotlib's PDF backend, the host's plotting dependency already: no other
library), the same words in both, in the players' language (i18n).

A board: its number, the dealer, the turn-up when the game turns one, and each seat's
cards sorted by suit and, in a suit, high to low as the game ranks them. Seats are
named as the tables name them (seat 0 to n-1; team 0 sits North-South, seats 0 and
2, docs/room.md), so a card goes in the pocket of the seat that will hold it.
"""
from ..i18n import _
from ..judge.history import sort_cards
from ..rules import games
from ..views.words import FRENCH_SIGNS, GAME_NAMES, SPANISH_FACES, card_text, seat_text, spanish_pack, suit_word

PER_PAGE = 4            # boards on one printed page (A4 portrait)


def _game(name):
    try:
        return games.get(name, {}) if name else None
    except Exception:   # noqa: BLE001: an unknown game prints the cards as given
        return None


def board_lines(board, game_name):
    """A board as printed: (title, [lines]) in the players' language."""
    game = _game(game_name)
    s = {"game": game_name}
    lines = [_("dealer: %(seat)s") % {"seat": seat_text(board["dealer"])}]
    if board.get("turnup"):
        lines.append(_("turn-up: %(card)s") % {"card": card_text(board["turnup"], s)})
    for seat, hand in enumerate(board["hands"]):
        shown = []
        for suit in "SHDC":
            of_suit = [c for c in sort_cards(hand, game) if c[-1:] == suit]
            if of_suit:
                shown.append(_suit_cards(suit, of_suit, s))
        side = _("North-South") if seat % 2 == 0 else _("East-West")
        lines.append("%s (%s): %s" % (seat_text(seat), side, "  |  ".join(shown)))
    return _("Board %(board)s") % {"board": board["board"]}, lines


def _suit_cards(suit, codes, s):
    """'♠ A K 7' (French pack) or 'swords: 1 12 7' (Spanish: the suit's word once)."""
    if spanish_pack(s):
        return suit_word(suit, s) + ": " + " ".join(SPANISH_FACES.get(c[:-1], c[:-1]) for c in codes)
    return FRENCH_SIGNS[suit] + " " + " ".join(c[:-1] for c in codes)


def title(game_name, room=None):
    game = GAME_NAMES.get(game_name, game_name or "")
    head = _("Hand records") + (" · " + game if game else "")
    return head + (" · " + _("room %(room)s") % {"room": room} if room else "")


def _html(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def records_html(boards, game_name=None, room=None, lang="en"):
    """The printable page of every board (`boards`: load_boards's dict)."""
    head = title(game_name, room)
    parts = ["<!DOCTYPE html><html lang='%s'><head><meta charset='utf-8'>" % _html(lang),
             "<meta name='viewport' content='width=device-width, initial-scale=1'>",
             "<title>%s</title>" % _html(head),
             "<style>body{font-family:'DejaVu Sans',Arial,sans-serif;margin:1.5rem;color:#111}"
             ".board{border:1px solid #999;padding:.4rem .7rem;margin:0 0 .8rem;break-inside:avoid}"
             ".board h2{font-size:1.1rem;margin:.1rem 0 .3rem}.board p{margin:.15rem 0;overflow-wrap:anywhere}"
             "@media print{body{margin:0}.board:nth-of-type(%dn){break-after:page}}</style></head><body>" % PER_PAGE,
             "<h1>%s</h1>" % _html(head)]
    for n in sorted(boards):
        name, lines = board_lines(dict(boards[n], board=n), game_name)
        parts.append("<section class='board' data-board='%d'><h2>%s</h2>%s</section>"
                     % (n, _html(name), "".join("<p>%s</p>" % _html(line) for line in lines)))
    parts.append("</body></html>")
    return "\n".join(parts)


def records_pdf(boards, path, game_name=None, room=None):
    """The same records as a PDF at `path`: A4 pages of PER_PAGE boards, text drawn by
    matplotlib (DejaVu Sans, which has the suits' signs)."""
    from matplotlib.backends.backend_pdf import PdfPages
    head = title(game_name, room)
    with PdfPages(path) as pdf:
        for fig in pages(boards, game_name, room):
            pdf.savefig(fig)
        info = pdf.infodict()
        info["Title"] = head
        info["Creator"] = "tapete"


def pages(boards, game_name=None, room=None):
    """The records' A4 pages as matplotlib figures (the PDF's; a test draws them)."""
    from matplotlib.figure import Figure
    head = title(game_name, room)
    fig = None
    for n in sorted(boards):
        name, lines = board_lines(dict(boards[n], board=n), game_name)
        height = 0.03 + 0.022 * len(lines) + 0.025
        if fig is not None and (placed == PER_PAGE or y - height < 0.03):
            yield fig           # the page is full (four boards, or fewer of a 12-seat Envite)
            fig = None
        if fig is None:
            fig = Figure(figsize=(8.27, 11.69))
            fig.text(0.06, 0.965, head, fontsize=13, weight="bold", va="top")
            y, placed = 0.92, 0
        fig.text(0.06, y, name, fontsize=12, weight="bold", va="top")
        y -= 0.03
        for line in lines:
            fig.text(0.08, y, line, fontsize=9, va="top")
            y -= 0.022
        y -= 0.025
        placed += 1
    if fig is not None:
        yield fig


def game_of(boards, given=None):
    """The session's game: `given`, else the one the boards file names."""
    if given:
        return given
    named = set(b.get("game") for b in boards.values() if b.get("game"))
    return named.pop() if len(named) == 1 else None

