"""The `tapete` command: one subcommand per job (audit, and more as they come)."""
import argparse
import json
import sys

from . import __version__


def cmd_audit(args):
    """tapete audit LOG [--json]: streams, match by match; a progress line on stderr
    when it is a terminal."""
    from .audit import AuditError, audit_matches
    from .logread import LogFile, Progress
    from .report import JsonOut, TextOut, write
    progress = Progress(sys.stderr) if sys.stderr.isatty() else None
    out = (JsonOut if args.json else TextOut)(sys.stdout)
    try:
        write(audit_matches(LogFile(args.log, progress), repr(args.log)), out,
              progress.clear if progress else None)
    except AuditError as err:
        if progress:
            progress.clear()
        print("tapete audit: " + str(err), file=sys.stderr)
        return 2
    return 0


def build_parser():
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="tapete", description="tapete: the electronic card table")
    parser.add_argument("--version", action="version", version="tapete " + __version__)
    parser.add_argument("--lang", metavar="LANG", default=None,
                        help="the language of what players read: es, ca, fr, nl or en (default: "
                        "TAPETE_LANG, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else en); the "
                        "browser's board follows each browser's own language")
    sub = parser.add_subparsers(dest="command", required=True)
    audit = sub.add_parser("audit", help="replay a table log through the rules and report",
                           description="Replay a table log through the rules and report every "
                           "trick, score, violation and error, match by match. Exit status 0 "
                           "when the log was read, 2 when it could not be.")
    audit.add_argument("log", help="the table log (JSON Lines, docs/protocol.md); it may hold "
                       "several matches")
    audit.add_argument("--json", action="store_true",
                       help="print the audit as JSON: docs/protocol.md's object for one match, "
                       '{"matches": [...], "count": n} for several')
    audit.set_defaults(run=cmd_audit)
    for extra in EXTRA_COMMANDS:
        extra(sub)
    return parser


# Other parts of the host package register their subcommands here: each entry is a
# function taking the subparsers object (see host/tapete/*_cli.py).
EXTRA_COMMANDS = []


def _load_extras():
    if EXTRA_COMMANDS:
        return
    for name in ("play_cli", "serial_cli", "sim_cli", "host_cli", "games_cli", "selftest_cli",
                 "room_cli"):
        try:
            module = __import__("tapete." + name, fromlist=["register"])
        except ModuleNotFoundError as err:
            if err.name != "tapete." + name:
                raise       # a missing dependency is a real error, not an absent part
            continue
        EXTRA_COMMANDS.append(module.register)


def main(argv=None):
    """Entry point of the `tapete` console command."""
    _load_extras()
    parser = build_parser()
    args = parser.parse_args(argv)
    from . import i18n
    try:
        i18n.set_language(args.lang or i18n.from_environment())
    except ValueError as err:
        parser.error(str(err))
    try:
        return args.run(args) or 0
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as err:        # a user's mistake is one line, never a traceback
        code = _user_error(err)
        if code is None:
            raise
        print("tapete %s: %s" % (args.command, err), file=sys.stderr)
        return code


def _user_error(err):
    """The exit status for an error the user can fix (tapete.errors, port, store)."""
    from .store import StoreError
    code = getattr(err, "exit_code", None)      # UsageError, PortError, SimError
    if isinstance(code, int):
        return code
    if isinstance(err, StoreError):
        return 2
    return None


if __name__ == "__main__":
    sys.exit(main())
