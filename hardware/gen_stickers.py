"""Generate the face stickers (PDF, A4, 1:1): hardware/stickers/stickers_<lang>.pdf for
every language in host/tapete/locale/LINGUAS. Pages: the Spanish 40, the Spanish 48, the
French 52 (two pages) and the control tags, each in the order enrolment asks for them
(suits S H D C, faces as the pack keeps them, then firmware/reader/deck.py's CONTROLS), so a
sheet is peeled and laid in order. A sticker is 30 mm round: it covers a 25 mm NTAG213.

    python hardware/gen_stickers.py          write them
    python hardware/gen_stickers.py --check  exit 1 when they are out of date

A control sticker carries the table's word (small, what the panel shows while
enrolling) under the word in the sticker's language. Spanish suit words come from the
host's catalogues (context "spanish pack"), the control words from WORDS below.
"""
import ast
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import stamps  # noqa: E402
OUT = os.path.join(HERE, "stickers")
LOCALE = os.path.join(ROOT, "host", "tapete", "locale")
STAMP = os.path.join(OUT, "SOURCES.sha256")
# What the sheets are drawn from: this file, and the words of every page (the packs,
# the control tags, the suits' names from the catalogues): a catalogue that gains a
# message the stickers do not show leaves them current.
SOURCES = ("hardware/gen_stickers.py",)
STICKER = 30.0        # mm diameter
PITCH = 32.0          # mm between sticker centres
COLS, ROWS = 6, 8
SUITS = "SHDC"        # enrolment's suit order (firmware/reader/enrol.py)
SIGN = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED = {"H", "D"}
SPANISH_SUIT = {"S": "swords", "H": "cups", "D": "coins", "C": "clubs"}   # PROTOCOL.md
SPANISH_COLOUR = {"S": "#1f4e9e", "H": "#b22222", "D": "#b8860b", "C": "#2e7d32"}
FACE = {1: "A", 11: "J", 12: "Q", 13: "K"}
SPANISH_FACE = {11: "10", 12: "11", 13: "12"}     # the number printed on a Spanish card
PACKS = (("spanish40", "Spanish 40"), ("spanish48", "Spanish 48"), ("french52", "French 52"))

# The control tags' words per language (firmware/reader/deck.py CONTROLS; English is the word).
WORDS = {
    "es": "reclamar ceder confirmar deshacer triunfo triunfo triunfo triunfo |sin triunfo| contrar "
          "delegar paso cantar subir quiero |no quiero| jugar retirarse truco retruco mus |no hay mus| "
          "descartar sí no envidar ver órdago |reparto nulo| oponerse rectificar cambiar",
    "ca": "reclamar cedir confirmar desfer triomf triomf triomf triomf |sense triomf| contrar "
          "delegar passo cantar pujar vull |no vull| jugar retirar-se truc retruc mus |no hi ha mus| "
          "descartar sí no envidar veure òrdago |repartiment nul| oposar-se rectificar canviar",
    "fr": "réclamer abandonner confirmer annuler atout atout atout atout |sans atout| contrer "
          "déléguer passe annoncer relancer |j'accepte| refuser jouer |se coucher| truc retruc mus "
          "|pas de mus| écarter oui non enchérir voir órdago maldonne objection rectifier échanger",
    "nl": "claimen opgeven bevestigen terug troef troef troef troef |zonder troef| doubleren "
          "delegeren pas melden verhogen accepteren weigeren spelen folden truc retruc mus "
          "|geen mus| afleggen ja nee bieden zien órdago |fout gedeeld| bezwaar herzien ruilen",
    # Basque: the Mus words as Basque players say them (iduki, inbido, hordago)
    "eu": "erreklamatu utzi berretsi desegin triunfoa triunfoa triunfoa triunfoa |triunforik ez| "
          "contro eskuordetu paso kantatu igo iduki |ez dut nahi| jokatu erretiratu truc retruc mus "
          "|ez dago mus| deskartatu bai ez inbido ikusi hordago |banaketa okerra| |aurka egin| zuzendu aldatu",
    "gl": "reclamar ceder confirmar desfacer triunfo triunfo triunfo triunfo |sen triunfo| contrar "
          "delegar paso cantar subir quero |non quero| xogar retirarse truco retruco mus |non hai mus| "
          "descartar si non envidar ver órdago |reparto nulo| opoñerse rectificar cambiar",
    "en": "claim concede confirm undo trump trump trump trump |no trump| double delegate pass "
          "declare raise accept reject play fold truc retruc mus |no mus| discard yes no bid see "
          "órdago misdeal object overrule exchange",
}


def _words(text):
    out, parts = [], text.split("|")
    for i, part in enumerate(parts):
        out += [part.strip()] if i % 2 else part.split()
    return [w for w in out if w]


def languages():
    with open(os.path.join(LOCALE, "LINGUAS")) as f:
        return [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]


def _literal(path, name):
    with open(os.path.join(ROOT, path)) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
            return node.value
    raise SystemExit("%s has no %s" % (path, name))


def controls():
    return tuple(ast.literal_eval(_literal("firmware/reader/deck.py", "CONTROLS")))


def packs():
    ns = {}
    with open(os.path.join(ROOT, "firmware", "rules", "packs.py")) as f:
        exec(compile(f.read(), "packs.py", "exec"), ns)
    return ns["PACKS"]


def suit_words(lang):
    """The Spanish suits' names in `lang` (the host's catalogue, context 'spanish pack')."""
    if lang == "en":
        return dict(SPANISH_SUIT)
    from babel.messages.pofile import read_po
    with open(os.path.join(LOCALE, lang, "LC_MESSAGES", "tapete.po"), "rb") as f:
        cat = read_po(f)
    out = {}
    for s, w in SPANISH_SUIT.items():
        m = cat.get(w, context="spanish pack")
        out[s] = m.string if m and m.string else w
    return out


def stickers(lang):
    """[(title, [(big, small, colour, note), ...]), ...]: the pages of one language."""
    suits = suit_words(lang)
    words = _words(WORDS[lang])
    ctl = controls()
    if len(words) != len(ctl):
        raise SystemExit("gen_stickers.py WORDS[%s]: %d words for %d control tags"
                         % (lang, len(words), len(ctl)))
    pages = []
    for pack, title in PACKS:
        faces = packs()[pack]
        items = []
        for s in SUITS:
            for f in faces:
                if pack.startswith("spanish"):
                    items.append((SPANISH_FACE.get(f, str(f)), suits[s], SPANISH_COLOUR[s], ""))
                else:
                    items.append((FACE.get(f, str(f)) + SIGN[s], "", "#b22222" if s in RED else "black", ""))
        for n, i in enumerate(range(0, len(items), COLS * ROWS)):
            chunk = [(b, sm, c, "%d" % (i + k + 1)) for k, (b, sm, c, _) in enumerate(items[i:i + COLS * ROWS])]
            pages.append(("%s%s" % (title, " (%d)" % (n + 1) if len(items) > COLS * ROWS else ""), chunk))
    items = []
    for k, (code, word) in enumerate(zip(ctl, words)):
        small = code
        if code.startswith("trump-"):
            s = code[-1]
            word = "%s %s" % (word, SIGN[s])
            small = "%s  %s" % (code, suits[s])
        items.append((word, small, "black", "%d" % (k + 1)))
    pages.append(("control tags", items))
    return pages


def write_pdf(lang, path, previews=()):
    """The PDF; `previews`: (page index, PNG path) pairs also drawn as pictures."""
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["pdf.fonttype"] = 42          # TrueType: the words stay text
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.patches import Circle
    mm = 1 / 25.4
    with PdfPages(path, metadata={"Creator": "tapete hardware/gen_stickers.py", "Producer": None,
                                  "CreationDate": None}) as pdf:
        for page, (title, items) in enumerate(stickers(lang)):
            fig = plt.figure(figsize=(210 * mm, 297 * mm))
            ax = fig.add_axes([0, 0, 1, 1])
            ax.set_xlim(0, 210)
            ax.set_ylim(297, 0)
            ax.set_axis_off()
            ax.text(105, 12, "tapete · %s · %s · %d mm round, 1:1 (print at 100%%)"
                    % (title, lang, STICKER), ha="center", fontsize=9)
            x0 = (210 - (COLS - 1) * PITCH) / 2
            for k, (big, small, colour, note) in enumerate(items):
                cx, cy = x0 + (k % COLS) * PITCH, 30 + (k // COLS) * PITCH
                ax.add_patch(Circle((cx, cy), STICKER / 2, fill=False, lw=0.3, ec="#999999"))
                size = 20 if len(big) <= 3 else max(7, min(13, 100 // len(big)))  # fits 26 mm
                ax.text(cx, cy - (2 if small else 0), big, ha="center", va="center",
                        fontsize=size, color=colour, fontweight="bold")
                if small:
                    ax.text(cx, cy + 7, small, ha="center", va="center", fontsize=6.5, color=colour)
                ax.text(cx, cy + 12, note, ha="center", va="center", fontsize=4.5, color="#888888")
            pdf.savefig(fig)
            for i, png in previews:
                if i % len(stickers(lang)) == page:
                    fig.savefig(png, dpi=70, metadata={"Software": None})
            plt.close(fig)


def digest():
    return stamps.digest(ROOT, SOURCES, *(repr((lang, stickers(lang))).encode("utf-8") for lang in languages()))


def main(argv):
    if "--check" in argv:
        return stamps.check(STAMP, digest(), "hardware/stickers")
    os.makedirs(OUT, exist_ok=True)
    for lang in languages():
        docs = os.path.join(ROOT, "docs", "hardware")
        previews = [(0, os.path.join(docs, "stickers_es_spanish40.png")),
                    (-1, os.path.join(docs, "stickers_es_controls.png"))] if lang == "es" else ()
        write_pdf(lang, os.path.join(OUT, "stickers_%s.pdf" % lang), previews)
    with open(STAMP, "w") as f:
        f.write(digest())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
