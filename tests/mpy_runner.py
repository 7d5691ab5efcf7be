"""Run a test module's test_* functions inside the MicroPython unix port.

Usage: micropython tests/mpy_runner.py MODULE [NAME ...]
MODULE is imported from sys.path (the caller puts firmware/ and the test folder
there); every function whose name starts with test_ is called with no argument.
Prints one line per test, `PASS name` or `FAIL name: error`, then a summary line
`N passed, N failed`; exits 1 when a test failed.
"""
import sys


def main(argv):
    """Run the named module's tests (all of them, or those named)."""
    module = __import__(argv[1])
    for part in argv[1].split(".")[1:]:
        module = getattr(module, part)
    wanted = argv[2:]
    names = sorted(n for n in dir(module) if n.startswith("test_"))
    passed = failed = 0
    for name in names:
        if wanted and name not in wanted:
            continue
        try:
            getattr(module, name)()
        except Exception as err:  # report every failure, keep running the rest
            failed += 1
            print("FAIL", name + ":", type(err).__name__, err)
            try:
                sys.print_exception(err)
            except AttributeError:
                pass
        else:
            passed += 1
            print("PASS", name)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main(sys.argv)
