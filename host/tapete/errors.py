"""The host tools' own errors: a user's mistake is one clear line and an exit status.

`tapete` (cli.main) prints `tapete COMMAND: MESSAGE` for any of these and exits
with their `exit_code`; a traceback is only ever a bug.
"""


class UsageError(Exception):
    """Bad input from the user (an option, a path, a match id): exit 2."""

    exit_code = 2
