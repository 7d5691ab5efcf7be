"""`python -m tapete.cli ...`: the `tapete` command without its console script."""
import sys

from . import main

sys.exit(main())
