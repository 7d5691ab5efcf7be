"""Files only their owner reads, private from the start: each made with its mode
(a file 0600, a folder 0700) in the one call that creates it, never opened wider
and narrowed afterwards (another user who opens it in between keeps what he read),
and never written through a file or a link someone else put at its place.

A tool that writes a file itself (openssl, mosquitto_passwd) runs under umask 077,
so what it creates is its owner's only too.
"""
import contextlib
import os

from .lines import RoomError

TOOL_UMASK = 0o077      # for a tool's own files: no bit for the group nor the others


@contextlib.contextmanager
def umask(mask):
    """The process's umask set to `mask` for the block (os.mkdir's mode is masked by it)."""
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def make_dir(path, mode=0o700):
    """Make the folder `path` with exactly `mode` (the umask left out: a room folder the
    broker's user may pass through is 0710). Called before any thread runs."""
    with umask(0):
        os.mkdir(path, mode)
    return path


def create(path, mode=0o600, force=False):
    """A new file at `path`, made with `mode`, open for writing (a file object).
    RoomError when something is there already, a link above all: it is never written
    through. With `force`, a plain file of ours there is replaced (unlinked first,
    so the new one is made with `mode`); a link is replaced too, never followed."""
    if force:
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        if st is not None:
            if os.path.isdir(path) and not os.path.islink(path):
                raise RoomError("%s is a folder: name a file" % path)
            os.unlink(path)
    try:
        # (a umask can only take bits away: the file is never wider than `mode`)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)
    except FileExistsError:
        what = "a link" if os.path.islink(path) else "a file"
        raise RoomError("%s: %s is there already; it is never written through (remove it, or --force "
                        "to replace it)" % (path, what))
    return os.fdopen(fd, "w", encoding="utf-8")


def write(path, text, mode=0o600, force=False):
    """Write `text` to a new file at `path` made with `mode` (see create)."""
    with create(path, mode, force) as f:
        f.write(text)
    return path


def replace(path, text, mode=0o600):
    """Write `text` to `path` whole or not at all: into a new file beside it (made with
    `mode`), then renamed over it. For state rewritten often (a kill mid-write leaves
    the old state, never half of one)."""
    tmp = path + ".tmp"
    try:
        os.unlink(tmp)          # a write killed before its rename
    except FileNotFoundError:
        pass
    with create(tmp, mode) as f:
        f.write(text)
    os.replace(tmp, path)
    return path
