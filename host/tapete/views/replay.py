"""`tapete replay MATCH`: a match trick by trick, forwards and back.

At each step (history.py: a hand's start, every trick, a claim): the table from
above as it was, what the table knew then of each hidden hand (`snapshot(knowledge=
True)`: cards a seat is known to hold, cards its plays rule out), the panel as the
controller drew it (its own screen code run under micropython on the simulated
e-ink, sim/panels.py), a claim with its ruling, and each violation twice: at the
trick where the card was played and at the step that proved it.

In the terminal (Textual): right/left or n/p step, home/end, q quits. In the browser
(--web): the same steps on the live board's drawing, with the panel as a picture.
--plain prints every step as text.
"""
import json
import os
import subprocess
import sys
import tempfile

from ..judge.history import History, sort_cards
from ..i18n import _, ngettext
from .state import (TableView, card_text, describe_claim, describe_incident, describe_violation, ending_text, seat_text,
                    spoken, text_lines)

HERE = os.path.dirname(os.path.abspath(__file__))


class Replay:
    """The steps of a match, each with the view's state and (optionally) its panel."""

    def __init__(self, loaded, panels=True, folder=None):
        self.loaded = loaded
        self.history = History(loaded.events)
        self.steps = self.history.steps
        if not self.steps:
            from ..errors import UsageError
            raise UsageError("%s holds no hand to replay" % loaded.label)
        view = TableView()
        for step in self.steps:
            for ev in step.inputs + step.derived:
                view.feed(ev)
            step.view = view.state(True)
        if folder is None:      # scratch pictures, gone when the replay ends
            folder = tempfile.mkdtemp(prefix="tapete-replay-")
            import atexit
            import shutil
            atexit.register(shutil.rmtree, folder, True)
        self.folder = folder
        self.panel_note = None
        if panels:
            self.panel_note = render_panels(self.history, self.folder)

    def step_dict(self, i):
        step = self.steps[i]
        d = step.as_dict()
        d["view"] = dict(step.view, said=spoken(step.view))
        st = step.view
        d["said"] = {"played": [describe_violation(v, st) for v in step.played],
                     "proven": [describe_violation(v, st) for v in step.proven],
                     "claims": [describe_claim(c, st) for c in step.claims],
                     "overrides": override_notes(step), "withdrawn": withdrawn_text(step),
                     "cards": dict((c, card_text(c, st)) for k in step.state.get("knowledge") or []
                                   for c in (k.get("holds") or []) + (k.get("lacks") or []))}
        d["index"] = i
        return d


def render_panels(history, folder):
    """Draw the controller's panel at every step (micropython, sim/panels.py); sets
    each step's `panel` path. Returns None, or a line saying why there are none."""
    from ..sim.process import SimError, micropython
    try:
        mpy = micropython()
    except SimError as err:
        return str(err)
    # the inputs and the director's overrides (the controller derives its own rulings)
    inputs = [ev for _i, ev in history._inputs() if ev.get("ev") != "x-ruling"]
    where = dict((id(ev), k) for k, ev in enumerate(inputs))
    cuts = []
    for step in history.steps:
        cuts.append(where.get(id(step.inputs[-1]), -1) if step.inputs else -1)
    frames = os.path.join(folder, "panels")
    os.makedirs(frames, exist_ok=True)
    events = os.path.join(folder, "inputs.jsonl")
    with open(events, "w") as f:
        for ev in inputs:
            f.write(json.dumps(ev) + "\n")
    config = os.path.join(folder, "panels.json")
    wanted = sorted(set(c for c in cuts if c >= 0))
    with open(config, "w") as f:
        json.dump({"events": events, "cuts": wanted, "root": os.path.join(folder, "flash"),
                   "frames": frames}, f)
    from ..sim.process import FIRMWARE
    env = dict(os.environ)
    natmod = os.path.join(os.path.dirname(FIRMWARE), "build", "natmod", "x64")
    # The C core as the controller has it, when `make natmod` built it (claims are
    # then ruled as on the table; without it, micropython's pure-Python search).
    env["MICROPYPATH"] = os.pathsep.join(([natmod] if os.path.exists(os.path.join(natmod, "tapete_core.mpy"))
                                          else []) + [FIRMWARE, ".frozen"])
    proc = subprocess.run([mpy, "-X", "heapsize=4M", os.path.join(os.path.dirname(HERE), "sim", "panels.py"), config],
                          capture_output=True, text=True, env=env, timeout=600)
    if proc.returncode != 0:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        return "the panel could not be drawn: " + (lines[-1] if lines else "micropython failed")
    for step, cut in zip(history.steps, cuts):
        if cut >= 0:
            path = os.path.join(frames, "%04d.png" % (wanted.index(cut) + 1))
            if os.path.exists(path):
                step.panel = path
    return None


# -- text -------------------------------------------------------------------------------
def knowledge_lines(state, game=None):
    """What the table knew of each hand: held cards, and cards ruled out."""
    out = []
    for seat, k in enumerate(state.get("knowledge") or []):
        if k.get("known"):
            out.append(_("%(seat)s: hand known: %(cards)s") % {"seat": seat_text(seat), "cards": " ".join(
                card_text(c, state) for c in sort_cards(k["holds"], game))})
            continue
        holds = " ".join(card_text(c, state) for c in sort_cards(k.get("holds") or [], game))
        lacks = k.get("lacks") or []
        line = seat_text(seat) + ": "
        line += (_("holds %(cards)s; ") % {"cards": holds}) if holds else ""
        line += (ngettext("cannot hold %(n)s card: %(cards)s", "cannot hold %(n)s cards: %(cards)s",
                          len(lacks)) % {"n": len(lacks), "cards": " ".join(
            card_text(c, state) for c in sort_cards(lacks, game))} if lacks else _("nothing known"))
        out.append(line)
    return out


def step_notes(step):
    """Violations at their play and at their proof, claims with their ruling."""
    out = []
    st = step.view
    for v in step.played:
        out.append(_("PLAYED HERE, later proven:") + " " + describe_violation(v, st))
    for v in step.proven:
        out.append(_("PROVEN HERE:") + " " + describe_violation(v, st))
    for c in step.claims:
        out.append(_("CLAIM:") + " " + describe_claim(c, st))
    out.extend(override_notes(step))
    if step.hand_end:
        e = step.hand_end
        out.append(_("hand %(hand)s over: points %(points)s, score %(score)s, totals %(totals)s") % {
            "hand": e.get("hand"), "points": "/".join(map(str, e.get("points") or [])),
            "score": "/".join(map(str, e.get("score") or [])), "totals": "/".join(map(str, e.get("totals") or []))}
            + (" (%s %s)" % (_("hand ended by"), ending_text(st, e["ended"])) if e.get("ended") else ""))
    if step.withdrawn:
        out.append(withdrawn_text(step))
    return out


def override_notes(step):
    """A director's override at its step: the ruling, its penalty before and the new one,
    by whom, why (the incident log's words, views/state.py), the hand it reopened, the
    cards it voided."""
    out = []
    st = step.view
    o = step.overruled
    if o is not None:
        out.append(overruled_text(o, st))
        if step.reopen is not None:
            out.append(reopened_text(step.reopen) if step.hand_end is None else
                       _("hand %(hand)s: the end said before is withdrawn; it ends as the director ruled") % {
                           "hand": step.reopen.get("hand")})
        if o.get("voided"):
            out.append(voided_text(o["voided"]))
    return out


def voided_text(n):
    """The cards played on after a ruling that a director's override made end the hand."""
    return ngettext("%(n)s card played after the ruling no longer counts",
                    "%(n)s cards played after the ruling no longer count", n) % {"n": n}


def withdrawn_text(step):
    """At a step whose hand end (match end) a later override withdrew: that, or None."""
    return _("this end was withdrawn by the director's override") if step.withdrawn else None


def overruled_text(o, s=None):
    """An override (History's `overruled`, the audit's `overrides`) in the incident log's
    words: 'hand 1: seat 0: revoke; ruling: the offending side loses the hand;
    OVERRULED by Marta: reported, no penalty (the lead was condoned)'."""
    item = {"hand": o.get("hand"), "seat": o.get("seat"), "what": o.get("rule"), "penalty": o.get("was"),
            "override": {"penalty": o.get("penalty"), "by": o.get("by"), "reason": o.get("reason")}}
    return describe_incident(item, s)


def reopened_text(ev):
    """The line of an `x-reopen`: the hand's end the log said no longer stands."""
    return _("hand %(hand)s reopened by the director's override: its end no longer stands, play goes on") % {
        "hand": ev.get("hand")}


def plain(replay, out=sys.stdout, keep=False):
    game = replay.history.match.game
    n = len(replay.steps)
    for i, step in enumerate(replay.steps):
        out.write("== " + _("step %(n)s/%(steps)s: %(title)s (seq %(seq)s)") % {
            "n": i + 1, "steps": n, "title": step.title(), "seq": step.seq} + "\n")
        for line in text_lines(step.view):
            out.write("  " + line + "\n")
        out.write("  " + _("what the table knew") + ":\n")
        for line in knowledge_lines(step.state, game):
            out.write("    " + line + "\n")
        for line in step_notes(step):
            out.write("  " + line + "\n")
        if step.panel and keep:
            out.write("  panel: %s\n" % step.panel)
    if replay.panel_note:
        out.write("(no panel pictures: %s)\n" % replay.panel_note)


def panel_braille(path, scale=None):
    """A 1-bit panel PNG as lines of braille (2 x 4 dots a character), shrunk `scale`
    times (a dot is black when any pixel under it is). By default the picture is at
    most 34 characters wide, beside the table in a 130-column terminal: the large
    facts (trump, scores, turn) stay readable; `--web` shows the panel whole."""
    import png
    width, height, rows, _info = png.Reader(filename=path).asRGB8()
    if scale is None:
        scale = max(2, -(-width // 68))
    ink = []
    for row in rows:
        ink.append([row[3 * x] < 128 for x in range(width)])
    w, h = (width + scale - 1) // scale, (height + scale - 1) // scale

    def dot(x, y):
        for j in range(y * scale, min(height, (y + 1) * scale)):
            for i in range(x * scale, min(width, (x + 1) * scale)):
                if ink[j][i]:
                    return True
        return False
    bits = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
            (0, 3, 0x40), (1, 3, 0x80))
    lines = []
    for cy in range(0, h, 4):
        line = []
        for cx in range(0, w, 2):
            code = 0
            for dx, dy, b in bits:
                if cx + dx < w and cy + dy < h and dot(cx + dx, cy + dy):
                    code |= b
            line.append(chr(0x2800 + code))
        lines.append("".join(line))
    return lines
