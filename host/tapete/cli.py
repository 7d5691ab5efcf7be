"""The `tapete` command: one subcommand per job (audit, and more as they come)."""
import argparse
import json
import sys

from . import __version__


def cmd_audit(args):
    """tapete audit LOG [--json]"""
    from .audit import AuditError, audit_file
    from .report import render
    try:
        result = audit_file(args.log)
    except AuditError as err:
        print("tapete audit: " + str(err), file=sys.stderr)
        return 2
    if args.json:
        json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render(result))
    return 0


def build_parser():
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="tapete", description="tapete: the electronic card table")
    parser.add_argument("--version", action="version", version="tapete " + __version__)
    sub = parser.add_subparsers(dest="command", required=True)
    audit = sub.add_parser("audit", help="replay a table log through the rules and report")
    audit.add_argument("log", help="the table log (JSON Lines, shared/PROTOCOL.md)")
    audit.add_argument("--json", action="store_true", help="print the audit as one JSON object")
    audit.set_defaults(run=cmd_audit)
    for extra in EXTRA_COMMANDS:
        extra(sub)
    return parser


# Other parts of the host package register their subcommands here: each entry is a
# function taking the subparsers object (see host/tapete/*_cli.py).
EXTRA_COMMANDS = []


def _load_extras():
    for name in ("play_cli", "serial_cli", "sim_cli", "selftest_cli"):
        try:
            module = __import__("tapete." + name, fromlist=["register"])
        except ImportError:
            continue
        EXTRA_COMMANDS.append(module.register)


def main(argv=None):
    """Entry point of the `tapete` console command."""
    _load_extras()
    args = build_parser().parse_args(argv)
    try:
        return args.run(args) or 0
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
