"""`python -m tapete.sim [SEED] [tapete sim's options]` (`make sim`, with GAME=,
SEATS= and SEED=): a whole match on the simulated table (Malilla by default),
recorded, audited and summed up; it is `tapete sim` with its defaults.

The controller firmware runs unmodified inside the MicroPython unix port against
firmware/chips' chip models, with four players laying cards on the readers through
flicker, crosstalk and corrupted replies (sim/players.py). The match option
irregularity=report keeps the match going after the scripted illegal play (the
seat to play in hand 2, trick 3 revokes), so the log shows the violation proven
later, with its proof, and the match still ends at 35. Exit status 1 when the
audit disagrees with the controller or finds errors.
"""
import sys

from ..cli import main as tapete


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and not argv[0].startswith("-"):
        argv = ["--seed"] + argv            # `python -m tapete.sim SEED ...`
    return tapete(["sim"] + argv)


if __name__ == "__main__":
    sys.exit(main())
