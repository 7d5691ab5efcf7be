"""`tapete audit LOG`: replay a table log through the rules and report, match by match.

LOG may be a log file, or with the match database a match id or `last`.
"""
import sys

from .common import DB_HELP


def cmd_audit(args):
    """tapete audit LOG [--json]: streams, match by match; a progress line on stderr
    when it is a terminal."""
    from ..log.source import is_db_spec
    if args.db is not None or is_db_spec(args.log):
        return audit_source(args)
    from ..judge.audit import AuditError, audit_matches
    from ..log.read import LogFile, Progress
    from ..views.report import JsonOut, TextOut, write
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


def audit_source(args):
    """`tapete audit` of a match in the database (an id or `last`)."""
    from ..judge.audit import audit_matches
    from ..log.source import from_db, is_db_spec, load
    from ..views.report import JsonOut, TextOut, write
    loaded = from_db(args.log, args.db) if is_db_spec(args.log) else load(args.log, args.db)
    out = (JsonOut if args.json else TextOut)(sys.stdout)
    write(audit_matches(loaded.lines(), loaded.label), out, None)
    return 0


def register(sub):
    """Add `audit` to the tapete command."""
    audit = sub.add_parser("audit", help="replay a table log through the rules and report",
                           description="Replay a table log through the rules and report every "
                           "trick, score, violation and error, match by match. Exit status 0 "
                           "when the log was read, 2 when it could not be. LOG may also be a "
                           "match id in the match database, or `last`.")
    audit.add_argument("log", help="the table log (JSON Lines, docs/protocol.md); it may hold "
                       "several matches")
    audit.add_argument("--json", action="store_true",
                       help="print the audit as JSON: docs/protocol.md's object for one match, "
                       '{"matches": [...], "count": n} for several')
    audit.add_argument("--db", help=DB_HELP + "; LOG may then be a match id or `last`")
    audit.set_defaults(run=cmd_audit)
