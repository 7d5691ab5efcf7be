"""The `tapete` command: one verb per job, each verb a module of this package (VERBS)."""
import argparse
import importlib
import logging
import sys

from .. import __version__


def build_parser():
    """The argument parser with every subcommand."""
    from ..i18n import LANGUAGES
    parser = argparse.ArgumentParser(prog="tapete", description="tapete: the electronic card table")
    parser.add_argument("--version", action="version", version="tapete " + __version__)
    parser.add_argument("--lang", metavar="LANG", default=None,
                        help="the language of what players read: " + ", ".join(LANGUAGES) + " (default: "
                        "TAPETE_LANG, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else en); the "
                        "browser's board follows each browser's own language")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="say more of what happens on stderr (the standard library's logging: "
                        "-v what each part does, -vv every detail); problems are said in any case")
    sub = parser.add_subparsers(dest="command", required=True)
    for verb in VERBS:
        # a verb whose module is missing is a broken install: the ImportError says so
        importlib.import_module("tapete.cli." + verb).register(sub)
    return parser


# The verbs of the `tapete` command, each the module of this package that registers
# it (its `register(subparsers)`), in the order `tapete --help` lists them.
VERBS = ("audit", "record", "scoreboard", "sim", "serve", "replay", "stats", "report", "games",
         "selftest", "write_deck", "room", "event")


def main(argv=None):
    """Entry point of the `tapete` console command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    start_logging(args.verbose)
    from .. import i18n
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


def start_logging(verbose):
    """The host's logging on stderr: one logger per package (tapete.room, tapete.log,
    ...); warnings and errors always, -v adds what each part does, -vv every detail."""
    level = (logging.WARNING, logging.INFO, logging.DEBUG)[min(verbose, 2)]
    logging.basicConfig(level=level, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s: %(message)s")
    logging.getLogger("tapete").setLevel(level)


def _user_error(err):
    """The exit status for an error the user can fix (tapete.errors, port, store)."""
    from ..log.store import StoreError
    code = getattr(err, "exit_code", None)      # UsageError, PortError, SimError
    if isinstance(code, int):
        return code
    if isinstance(err, StoreError):
        return 2
    return None

