"""`tapete stats`: results, violations and claims over the match database."""
from .common import DB_HELP


def cmd_stats(args):
    from ..views.stats import cmd_stats as run
    return run(args)


def register(sub):
    """Add `stats` to the tapete command."""
    s = sub.add_parser("stats", help="results, violations and claims over every recorded match",
                       description="What the match database says, per game: matches and hands, "
                       "results per team and per seat, violations per seat and per rule, points "
                       "per hand, claims made and refused.")
    s.add_argument("--db", help=DB_HELP)
    s.add_argument("--game", help="one game only")
    s.add_argument("--json", action="store_true", help="the figures as JSON")
    s.add_argument("--list", action="store_true", help="list the matches (their ids) instead")
    s.set_defaults(run=cmd_stats)
