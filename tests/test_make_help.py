"""`make help` lists every target of the Makefile and mk/*.mk, each with a line."""
import glob
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def targets():
    names = set()
    for path in [os.path.join(ROOT, "Makefile")] + glob.glob(os.path.join(ROOT, "mk", "*.mk")):
        with open(path) as f:
            for line in f:
                m = re.match(r"^([a-z][a-z0-9-]*):(?!=)", line)
                if m:
                    names.add(m.group(1))
    return names


def test_make_help_lists_every_target_with_what_it_does():
    out = subprocess.run(["make", "-s", "-C", ROOT, "help"], capture_output=True, text=True).stdout
    listed = dict(re.findall(r"^make (\S+)\s+(.+)$", out, re.M))
    missing = sorted(targets() - set(listed))
    assert not missing, "targets without a '## what it does' comment: " + ", ".join(missing)
