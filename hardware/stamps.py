"""The generated hardware files' stamps: a digest of what they are made from, kept
beside them (SOURCES.sha256), so `make hardware-check` and the tests say when they are
stale without building them again (gerbers and PDFs carry dates, so their bytes
cannot be compared). Standard library only: gen_pcb.py runs under the system python
that has KiCad's pcbnew."""
import hashlib
import os


def digest(folder, names, *extra):
    """The digest of the files `names` under `folder`, then of each bytes in `extra`."""
    h = hashlib.sha256()
    for name in names:
        with open(os.path.join(folder, name), "rb") as f:
            h.update(name.encode() + b"\0" + f.read())
    for more in extra:
        h.update(more)
    return h.hexdigest() + "\n"


def check(stamp, want, what):
    """0 when the stamp at `stamp` is `want`; else 1, saying that `what` is stale."""
    try:
        with open(stamp) as f:
            ok = f.read() == want
    except OSError:
        ok = False
    if not ok:
        print("%s is out of date: run make hardware" % what)
        return 1
    return 0
