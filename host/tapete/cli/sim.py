"""`tapete sim`: the controller firmware under micropython on the simulated table.

Without --pty the host side runs here: the log is recorded from the simulator's
serial link (with every check `tapete record` makes) into --out, the match is
audited, and a short summary is printed (`make sim`). With --pty the link is a
pseudo-terminal whose path is printed, so `tapete record` (and `serve`,
`scoreboard`) talk to it exactly as to a Pico.

Who plays: by default the players play a whole match (auto). --interactive reads
commands from the terminal, --script from a file (one per line, # comments); the
commands are table_sim.py's (place, call, flicker, dead, restart, ...) plus the
host's own: `unplug [SECONDS]` (the USB cable, with --pty), `sleep SECONDS`, `help`.
"""
import json
import os
import shutil
import signal
import sys
import threading
import time

from ..errors import UsageError

OUT = os.path.join("out", "sim")
HOST_WORDS = ("unplug", "plug", "garble", "sleep", "help")
HELP = """commands (one per line):
  auto | hand | trick | play [N]      play on (the match, the hand, the trick, N cards)
  ready                               wait for a match to start (the host's `new`)
  start GAME                          start a match with the table's buttons
  place SEAT CARD | take CARD | collect
  call SEAT WORD                      a call with a control tag: claim, concede, ...
  press menu|confirm|undo [long]
  flicker N | crosstalk N | corrupt N reader faults (permille)
  dead SEAT | alive SEAT              a reader module that stops answering, and back
  restart                             power cut: the controller reboots, flash kept
  wait N | show | quit
  unplug [SECONDS] | plug             pull the USB cable (with --pty); back after SECONDS, or at plug
  garble N                            with --pty: N permille of chunks damaged on the way
  sleep SECONDS"""


def make_sim_defaults(args):
    """What `make sim` adds: the scripted revoke and a burst of corrupted replies."""
    if args.game == "malilla" and args.options is None and not args.no_misplay:
        return {"irregularity": "report"}, [2, 3], [1, 5]
    # The foul: a non-follow from the first trick with a led suit on (none in Truc,
    # which has no duty to follow), or Mus's false "I have pares"
    return parse_options(args.options), ([1, 2] if not args.no_misplay else None), [1, 5]


def parse_options(text):
    if text is None:
        return None
    try:
        value = json.loads(text)
    except ValueError as err:
        raise UsageError("--options is not valid JSON (%s): %r" % (err, text))
    if not isinstance(value, dict):
        raise UsageError("--options must be a JSON object, got %r" % text)
    return value


def _check_game(game, options, seats=None):
    from ..rules import games
    from ..rules.errors import TableError
    try:
        known = seats in games.game_class(game).seat_counts
        games.get(game, options or {}, seats if known else None)     # a seat count's own options
    except TableError as err:
        raise UsageError(str(err))
    except ImportError:
        raise UsageError("%s's rules are not in this version of tapete yet (games here: %s)"
                         % (game, ", ".join(games_here())))


def games_here():
    """The games whose rules this copy of tapete has."""
    from ..rules import games
    out = []
    for name in games.names():
        try:
            games.game_class(name)
        except ImportError:
            continue
        out.append(name)
    return out


def _end_on_signals():
    """SIGTERM (`kill`, a test's terminate()) and SIGHUP (the terminal closed) end
    `tapete sim` through its finally blocks, as Ctrl-C does: the table is told to quit,
    the pseudo-terminal closed, the --link symlink removed; the exit status is 128 + the signal's number, as the shell's. Python's
    default for both ends the process on the spot, with none of that (the micropython
    table ends anyway: sim/process.py). A second signal of the kind ends it at once.
    Returns the handlers to put back; none outside the main thread, where signals
    cannot be caught."""
    if threading.current_thread() is not threading.main_thread():
        return {}

    def end(signum, _frame):
        signal.signal(signum, signal.SIG_DFL)
        raise SystemExit(128 + signum)
    return {sig: signal.signal(sig, end) for sig in (signal.SIGTERM, signal.SIGHUP)}


def cmd_sim(args):
    before = _end_on_signals()
    try:
        return _sim(args)
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def _sim(args):
    from ..sim.process import PtyBridge, SimError, SimProcess
    options, misplay, burst = make_sim_defaults(args)
    profile = None
    if getattr(args, "profile", None):
        from ..event import profiles
        prof = profiles.named(args.profile, args.game)
        merged = profiles.match_options(prof)
        merged.update(options or {})
        options, profile, version = merged, prof["profile"], prof["version"]
    _check_game(args.game, options, args.seats)
    from ..log import names
    args.names_given = names.from_options(args.names, args.teams)
    if args.names_given:
        if args.pty:
            raise UsageError("--names and --teams are given by the recorder with --pty: "
                             "tapete record PORT --names ...")
        from ..rules import games
        game = games.get(args.game, options or {}, args.seats if args.seats in
                         games.game_class(args.game).seat_counts else None)
        names.check_for_game(args.names_given, game.seats, game.teams)
    if args.script and not os.path.isfile(args.script):
        raise UsageError("no scenario file %s" % args.script)
    out = args.dir
    frames = os.path.join(out, "frames")
    flash = os.path.join(out, "flash")
    for d in (frames, flash):
        shutil.rmtree(d, ignore_errors=True)       # the sim's own scratch folders
    os.makedirs(frames, exist_ok=True)
    driven = args.interactive or args.script
    if not 1 <= args.seats <= 12:
        raise UsageError("--seats: a table has 1 to 12 readers, not %d" % args.seats)
    log_path, first_line = (None, 1) if args.pty else _log_path(args)
    config = {"root": flash, "frames": frames, "seed": args.seed, "seats": args.seats,
              "commands": [] if driven else (["start " + args.game] if args.start else []) + ["auto"],
              "wait_panel": not args.fast, "misplay": misplay, "burst": burst,
              "emitted": args.emitted, "ring": args.ring,
              "faults": {"flicker": args.flicker, "crosstalk": args.crosstalk,
                         "corruption": args.corruption}}
    say = (lambda text: None) if args.quiet else (lambda text: print(text, file=sys.stderr, flush=True))
    try:
        proc = SimProcess(config, on_note=say if args.verbose or driven else None)
    except SimError as err:
        raise UsageError(str(err))
    new = {"cmd": "new", "game": args.game, "dealer": 0}
    if options:
        new["options"] = options
    if profile is not None:
        new["profile"] = profile
        new["profile_version"] = version
    try:
        if args.pty:
            return _serve_pty(args, proc, PtyBridge, driven)
        return _record_here(args, proc, new, driven, frames, log_path, first_line)
    finally:
        proc.stop()


def _serve_pty(args, proc, PtyBridge, driven):
    bridge = PtyBridge(proc, link=args.link, seed=args.seed, drop_closed=args.drop_closed)
    print("tapete sim: serial port %s%s" % (bridge.path, " (also %s)" % args.link if args.link else ""),
          flush=True)
    try:
        if driven:
            _drive(args, proc, bridge)
        else:
            while proc.done < 1 and proc.proc.poll() is None:
                time.sleep(0.1)
            if args.linger is not None:
                time.sleep(args.linger)
            else:
                print("tapete sim: the match is over; Ctrl-C stops the table", flush=True)
                while proc.proc.poll() is None:
                    time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        proc.command("quit")
        try:
            proc.wait(20)
        except Exception:
            pass
        bridge.close()
    return 0


def _drive(args, proc, bridge=None):
    """Feed commands from the terminal or the scenario file, one at a time."""
    if args.script:
        with open(args.script, encoding="utf-8") as f:
            lines = [x.strip() for x in f]
        interactive = False
    else:
        lines = None
        interactive = True
        print(HELP if sys.stdin.isatty() else "", flush=True)
    while True:
        if lines is not None:
            if not lines:
                break
            line = lines.pop(0)
        else:
            try:
                line = input("sim> " if sys.stdin.isatty() else "")
            except EOFError:
                break
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "help":
            print(HELP, flush=True)
        elif words[0] == "sleep":
            time.sleep(float(words[1]))
        elif words[0] in ("unplug", "plug", "garble"):
            if bridge is None:
                print("tapete sim: %s needs --pty" % words[0], file=sys.stderr)
                continue
            if words[0] == "garble":
                bridge.garble = int(words[1])
                continue
            if words[0] == "unplug":
                bridge.unplug()
                print("tapete sim: unplugged", flush=True)
                if len(words) == 1:
                    continue        # until `plug`
                time.sleep(float(words[1]))
            path = bridge.plug()
            print("tapete sim: plugged in again at %s" % path, flush=True)
        elif words[0] == "quit":
            break
        else:
            ok = proc.run(line)
            if not ok:
                print("tapete sim: the simulator stopped", file=sys.stderr)
                return
            if interactive:
                proc.run("show")
    if args.linger:
        time.sleep(args.linger)


def _side(emitted, end, w):
    """'team 1 (seats 1+3+5)' at a table of partners, 'seat 2' when each plays alone."""
    from ..log.names import of_match
    from ..views.state import team_name
    match = next((e for e in reversed(emitted) if e.get("ev") == "match"), {})
    seats = match.get("seats") or 4
    teams = len(end.get("totals") or [0, 0])
    return team_name({"teams": [list(range(t, seats, teams)) for t in range(teams)],
                      "names": of_match(match)}, w)


def _log_path(args):
    """The log this run writes, checked before the table starts, and the number of
    its first line. The sim's own log (out/sim/table.jsonl) is made anew each run. A
    file named with --out may be a recorded match: it is written only when new, or
    with --force (made anew), or with --append (this match after those it holds)."""
    if args.force and args.append:
        raise UsageError("--force writes the log anew, --append adds to it: choose one")
    if args.out is None:
        path = os.path.join(args.dir, "table.jsonl")
        if os.path.exists(path):
            os.remove(path)
        return path, 1
    path = args.out
    if os.path.isdir(path):
        raise UsageError("--out %s is a folder: name the log file" % path)
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise UsageError("--out %s: there is no folder %s" % (path, folder))
    if not os.path.exists(path):
        return path, 1
    if args.force:
        os.remove(path)
        return path, 1
    if not args.append:
        raise UsageError("%s already holds a log: --force writes it anew, --append adds this "
                         "match after it" % path)
    with open(path, "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        with open(path, "ab") as f:
            f.write(b"\n")     # a torn last line stays a line of its own
        data += b"\n"
    return path, data.count(b"\n") + 1


def _this_run(result, first_line):
    """The audit results of the matches this run wrote: a log of several matches
    audits as {"matches": [...]}, each with its "lines"; one match as its own object."""
    if "matches" not in result:
        # One match in the file: the lines it held before (not a match: a torn
        # line, say) are not this run's to answer for.
        ours = dict(result)
        for key in ("errors", "disagreements"):
            if key in result:
                ours[key] = [e for e in result[key] if (e.get("line") or first_line) >= first_line]
        return [ours]
    return [r for r in result["matches"] if r["lines"][0] >= first_line] or result["matches"][-1:]


def summary_line(ev):
    """The line `tapete sim` prints for a hand's end, and for a hand a director's override
    reopened (`x-reopen`: the end printed before no longer stands, play goes on); None
    for any other event. In the players' language."""
    from ..i18n import _
    if ev.get("ev") == "hand_end":
        return _("hand %(hand)s: points %(points)s, score %(score)s, totals %(totals)s") % {
            "hand": ev["hand"], "points": "/".join(map(str, ev["points"])),
            "score": "/".join(map(str, ev["score"])), "totals": "/".join(map(str, ev["totals"]))}
    if ev.get("ev") == "x-reopen":
        from ..views.replay import reopened_text
        return reopened_text(ev)
    return None


def _record_here(args, proc, new, driven, frames, path, first_line):
    """`make sim`: record the link here, audit the log, print a summary."""
    from ..judge.audit import audit_file
    from ..log.link import LogAppender, Recorder
    from ..views.report import render
    log = LogAppender(path)
    db = None
    if args.db:
        from ..log.store import Store
        db = Store(args.db)
        db.start("sim seed %d" % args.seed)
    emitted = []
    problems = []

    def store(ev):
        log(ev)
        emitted.append(ev)
        if db is not None:
            db.add(ev)
        if args.verbose:
            print(json.dumps(ev), flush=True)
        elif not args.quiet:
            line = summary_line(ev)
            if line is not None:
                print(line, flush=True)

    def reply(obj):
        if obj.get("reply") == "boot" and obj.get("phase") == "idle":
            if args.names_given:        # before the match, whoever starts it
                from ..log.names import commands
                for cmd in commands(args.names_given):
                    rec.send(cmd)
            if not args.start:
                rec.send(new)
        elif "error" in obj:
            problems.append("controller error: " + json.dumps(obj))

    rec = Recorder(proc, store, reply, on_problem=problems.append)
    reader = threading.Thread(target=rec.run, daemon=True)
    reader.start()
    if driven:
        _drive(args, proc)
    proc.command("quit")
    code = proc.wait()
    reader.join(30)
    log.close()
    if code != 0:
        print("the simulator exited with status %d" % code)
        for n in proc.notes[-10:]:
            print("  " + n)
        return 1
    result = audit_file(path)
    out_dir = os.path.dirname(path) or "."
    matches = result["matches"] if "matches" in result else [result]
    report = "\n".join(("Match %d of %d, lines %d to %d\n\n" % (i, len(matches), r["lines"][0], r["lines"][1])
                        if len(matches) > 1 else "") + render(r) for i, r in enumerate(matches, 1))
    with open(os.path.join(out_dir, "audit.txt"), "w") as f:
        f.write(report)
    with open(os.path.join(out_dir, "audit.json"), "w") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
    if args.verbose:
        sys.stdout.write(report)
    ours = _this_run(result, first_line)
    return _summary(args, path, emitted, ours, rec, problems, frames, out_dir, driven, first_line)


def _summary(args, path, emitted, results, rec, problems, frames, out_dir, driven, first_line=1):
    """What this run played, and its audit: `results`, the audit of each match this run
    wrote (the file may hold earlier ones, with --append)."""
    from ..i18n import _, ngettext
    from ..views.state import describe_violation, ending_text
    end = [e for e in emitted if e.get("ev") == "match_end"]
    hands = [e for e in emitted if e.get("ev") == "hand_end"]
    violations = [e for e in emitted if e.get("ev") == "violation"]
    game = next((e.get("game") for e in emitted if e.get("ev") == "match"), "?")
    n_frames = len([f for f in os.listdir(frames) if f.endswith(".png")]) if os.path.isdir(frames) else 0
    from ..views.words import game_name
    s = {"game": game, "options": next((e.get("options") for e in emitted if e.get("ev") == "match"), None) or {}}
    print()
    if end:
        w = end[-1].get("winner")
        print(ngettext("%(game)s, seed %(seed)s: %(who)s after %(hands)s hand, totals %(totals)s (%(reason)s)",
                       "%(game)s, seed %(seed)s: %(who)s after %(hands)s hands, totals %(totals)s (%(reason)s)",
                       len(hands)) % {
            "game": game_name(s), "seed": args.seed,
            "who": _("%(team)s wins") % {"team": _side(emitted, end[-1], w)} if w is not None else _("no winner"),
            "hands": len(hands), "totals": "/".join(map(str, end[-1]["totals"])),
            "reason": ending_text(s, end[-1].get("reason"))})
    else:
        print(_("%(game)s, seed %(seed)s: the match did not end (%(hands)s hands)") % {
            "game": game_name(s), "seed": args.seed, "hands": len(hands)})
    for v in violations:
        print(_("violation:") + " " + describe_violation(v, s))
    after = ", after the %d line(s) it held" % (first_line - 1) if first_line > 1 else ""
    print("log: %s (%d events%s); frames: %s (%d PNG, the last one the final panel)"
          % (path, len(emitted), after, frames, n_frames))
    print("audit: %s and %s" % (os.path.join(out_dir, "audit.txt"), os.path.join(out_dir, "audit.json")))
    print("link: %d resends asked, %d bad lines, %d gaps, %d lost" % (rec.resends, rec.bad_lines,
                                                                     rec.gaps, rec.lost))
    errors = sum(len(r["errors"]) for r in results)
    disagreements = sum(len(r.get("disagreements", [])) for r in results)
    if not end and not driven:
        print("FAIL: the match did not end")
        return 1
    if errors or disagreements:
        print("FAIL: %d audit errors, %d disagreements with the controller" % (errors, disagreements))
        return 1
    print("audit: zero disagreements with the controller, zero errors")
    return 0


def add_arguments(p):
    from ..rules import games
    p.add_argument("--game", default="malilla", choices=games.names(), help="the game (default malilla)")
    p.add_argument("--options", help="the match's options as a JSON object")
    p.add_argument("--profile", metavar="NAME", help="the match's house-rule profile (a name "
                   "`tapete games --profiles` lists, or a profile file); --options go over it")
    p.add_argument("--names", metavar="A,B,...", help="the players' names, seat 0 first, comma "
                   "separated (a comma inside a name as \\,), given to the table before the match")
    p.add_argument("--teams", metavar="A,B", help="the teams' names, team 0 first (as --names)")
    p.add_argument("--seed", type=int, default=2026, help="the deal and the readers' faults (default 2026)")
    p.add_argument("--seats", type=int, default=4,
                   help="readers under the table, 1 to 12 (default 4); the match is played by as "
                        "many as its game allows (Envite 4 to 12, Manille 3 or 4)")
    p.add_argument("--pty", action="store_true",
                   help="serve the controller's serial link on a pseudo-terminal (its path is printed)")
    p.add_argument("--link", help="with --pty: a symlink kept pointing at the current terminal "
                   "(it changes after an unplug)")
    p.add_argument("--start", action="store_true",
                   help="the players start the match with the table's buttons (else the host's `new`)")
    p.add_argument("--interactive", action="store_true", help="commands from the terminal (see help)")
    p.add_argument("--script", metavar="FILE", help="commands from a scenario file")
    p.add_argument("--fast", action="store_true",
                   help="players do not wait for the e-ink panel: the fastest the table can send")
    p.add_argument("--linger", type=float, help="with --pty: stop this many seconds after the players are done")
    p.add_argument("--out", help="without --pty: the log file (default out/sim/table.jsonl, made anew); "
                   "a file that exists is refused unless --force or --append")
    p.add_argument("--force", action="store_true", help="with --out: write the log anew if it exists")
    p.add_argument("--append", action="store_true",
                   help="with --out: add this match after those the log holds (audited apart)")
    p.add_argument("--db", help="without --pty: also store the log in this match database")
    p.add_argument("--dir", default=OUT, help="the simulator's folder: flash, frames (default out/sim)")
    p.add_argument("--flicker", type=int, default=20, help="permille of frames a lying card misses")
    p.add_argument("--crosstalk", type=int, default=150, help="permille of windows a neighbour's tag answers")
    p.add_argument("--corruption", type=int, default=5, help="permille of replies with a flipped bit")
    p.add_argument("--no-misplay", action="store_true", help="no deliberate revoke")
    p.add_argument("--emitted", help="keep every event the controller sends in this file (tests)")
    p.add_argument("--drop-closed", action="store_true",
                   help="with --pty: output is dropped while no program has the port open, as a "
                        "Pico's USB drops it when the host closes the port (default: the kernel "
                        "buffers it)")
    p.add_argument("--ring", type=int, default=64, help="the controller's resend ring, in lines "
                   "(default 64, as on the Pico; tests make it small to reach resends from the journal)")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--verbose", action="store_true", help="every event as JSON and the full audit")


def register(sub):
    p = sub.add_parser("sim", help="the table's firmware on the simulated table",
                       description=__doc__.split("\n\n")[0])
    add_arguments(p)
    p.set_defaults(run=cmd_sim)
