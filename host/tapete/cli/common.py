"""What several verbs share on the command line."""

MATCH_HELP = ("a match: its id in the match database (see `tapete stats --list`), `last`, "
              "a log file (its last match), or FILE:N (its N-th match)")
DB_HELP = "the match database (default: tapete.sqlite in the user's data folder)"
