"""MicroPython entry of `make sim`: the controller firmware, unmodified, on the
simulated table, with four scripted players.

    MICROPYPATH=firmware:host/tapete/sim:.frozen micropython table_sim.py ROOT FRAMES SEED
"""
import sys

from table import app as A
from table import board as B
from table.simboard import makedirs
from players import Players, enrol_file


def main(argv):
    root, frames, seed = argv[1], argv[2], int(argv[3])
    makedirs(root)
    enrol_file(root + "/enrol.json")
    b = B.make(root=root, frames=frames, seed=seed)     # not a Pico: the simulator
    b.sim.flicker = 20          # permille of frames a lying card misses
    b.sim.crosstalk = 150       # permille of windows a neighbour's tag answers
    b.sim.corruption = 5        # permille of replies with a flipped bit

    def note(text):
        sys.stderr.write("sim: " + text + "\n")

    async def players(app):
        p = Players(app, seed=seed, misplay=(2, 3), burst=(1, 5), log=note)
        await p.play_match()
        s = b.sim.stats
        note("readers: %d missed frames, %d crosstalk couplings, %d corrupted replies; "
             "reader layer %s" % (s["missed"], s["coupled"], s["corrupted"], app.reader.stats))

    A.run(b, players)


main(sys.argv)
