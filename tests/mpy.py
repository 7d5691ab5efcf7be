"""Drive the MicroPython unix port from pytest.

`run_module(module, paths)` runs tests/mpy_runner.py on a test module inside
`micropython` and returns {test name: "PASS" or the failure line}. Test files use
`mpy_tests(module, paths)` to get one pytest test per MicroPython test function, so
a failure inside MicroPython fails a named pytest test.
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
TESTS = os.path.join(ROOT, "tests")


def micropython():
    """The path of the `micropython` command (the venv's first)."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    found = here if os.path.exists(here) else shutil.which("micropython")
    if not found:
        raise RuntimeError("micropython not found: run `make test`, which installs it")
    return found


def run_script(args, paths=(), heapsize="2M", timeout=600, cwd=ROOT):
    """Run `micropython` with MICROPYPATH set to `paths` (plus firmware/ and tests/)."""
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join(list(paths) + [FIRMWARE, TESTS, ".frozen"])
    env.setdefault("TAPETE_TMP", _scratch())
    cmd = [micropython(), "-X", "heapsize=" + heapsize] + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout, cwd=cwd)


_SCRATCH = []


def _scratch():
    """One scratch folder for this test run's micropython processes (tests/scratch.py)."""
    if not _SCRATCH:
        import atexit
        import tempfile
        _SCRATCH.append(tempfile.mkdtemp(prefix="tapete-"))
        atexit.register(shutil.rmtree, _SCRATCH[0], True)
    return _SCRATCH[0]


def run_module(module, paths=(), heapsize="2M", timeout=600, cwd=ROOT):
    """Run every test_* of `module` inside micropython; {name: "PASS" | failure text}."""
    proc = run_script([os.path.join(TESTS, "mpy_runner.py"), module], paths, heapsize, timeout, cwd)
    results = {}
    last = None
    for line in proc.stdout.splitlines():
        if line.startswith("PASS "):
            last = line[5:].strip()
            results[last] = "PASS"
        elif line.startswith("FAIL "):
            last = line[5:].split(":", 1)[0].strip()
            results[last] = line
        elif last and results.get(last, "PASS") != "PASS":
            results[last] += "\n" + line
    if not results or proc.returncode not in (0, 1):
        results["<module " + module + ">"] = (
            "micropython exited %d\n%s\n%s" % (proc.returncode, proc.stdout[-3000:], proc.stderr[-3000:]))
    return results


def assert_module_passes(module, paths=(), heapsize="2M", timeout=600, cwd=ROOT):
    """Fail (with every MicroPython failure quoted) unless all of `module`'s tests pass
    (`paths` relative to `cwd` may be given: see tests/table's heap budget)."""
    results = run_module(module, paths, heapsize, timeout, cwd)
    failures = dict((k, v) for k, v in results.items() if v != "PASS")
    assert not failures, "under micropython:\n" + "\n".join(failures.values())
    return results


NATMOD_X64 = os.path.join(ROOT, "build", "natmod", "x64")


def default_mpy_dir():
    """The MicroPython tree beside the checkout (../shared/micropython in CI), or None."""
    for d in ("../shared/micropython", "../micropython"):
        path = os.path.normpath(os.path.join(ROOT, d))
        if os.path.isfile(os.path.join(path, "py", "dynruntime.mk")):
            return path
    return None


def natmod_x64():
    """Build the native module for the unix port (x64) from MPY_DIR; return its folder,
    or (None, reason) when it cannot be built here."""
    mpy_dir = os.environ.get("MPY_DIR") or default_mpy_dir()
    if not mpy_dir:
        return None, ("MPY_DIR is not set: no MicroPython tree to build the native module with "
                      "(clone github.com/micropython/micropython, check out v1.28.0, and run "
                      "make test MPY_DIR=<that clone>)")
    if not shutil.which("x86_64-linux-gnu-gcc"):
        return None, "x86_64-linux-gnu-gcc is not installed"
    try:
        import elftools  # noqa: F401  (mpy_ld needs it)
    except ImportError:
        return None, "pyelftools is not installed (mpy_ld needs it)"
    os.makedirs(NATMOD_X64, exist_ok=True)
    proc = subprocess.run(
        ["make", "-s", "-C", os.path.join(ROOT, "firmware", "native"), "MPY_DIR=" + os.path.abspath(mpy_dir),
         "ARCH=x64", "OUT=" + NATMOD_X64, "PYTHON=" + sys.executable, "natmod"],
        capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return NATMOD_X64, None
