"""The longest line a table sends its room, measured: what the room's broker limit
(room/broker.py LINE_LIMIT, Mosquitto's message_size_limit) is chosen from.

    .venv/bin/python bench/bench_line_sizes.py            # 40 matches of every game
    .venv/bin/python bench/bench_line_sizes.py --seeds 200

Every line of whole random matches of each game (sim/room_table.py, the lines a
controller logs), as JSON on the wire; and the `match` line with the most names a
table takes (names.MAX_SEATS seats and MAX_TEAMS teams of MAX_LEN characters, each
one outside the BMP: JSON writes it as a \\uXXXX pair, 12 bytes).
"""
import argparse
import json
import sys

from tapete.room.broker import LINE_LIMIT
from tapete.rules import names
from tapete.sim.room_table import DEMO_GAMES, match_lines


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=40)
    args = p.parse_args(argv)
    longest = (0, None, None)
    for game in DEMO_GAMES:
        most = (0, None)
        for seed in range(args.seeds):
            for ev in match_lines(game, seed):
                n = len(json.dumps(ev).encode("utf-8"))
                if n > most[0]:
                    most = (n, ev.get("ev"))
        print("  %-10s longest line %4d bytes (%s)" % (game, most[0], most[1]))
        if most[0] > longest[0]:
            longest = (most[0], game, most[1])
    wide = "\U0001F0A1" * names.MAX_LEN
    match = {"ev": "match", "seq": 2 ** 31, "game": "envite", "options": {"games": 1},
             "names": {"seats": [wide] * names.MAX_SEATS, "teams": [wide] * names.MAX_TEAMS}}
    most_names = len(json.dumps(match).encode("utf-8"))
    print("longest played line: %d bytes (%s, %s); a match with the most names: %d bytes"
          % (longest[0], longest[1], longest[2], most_names))
    print("the broker's LINE_LIMIT: %d bytes (%.0fx the longest played line, %.1fx the most names)"
          % (LINE_LIMIT, LINE_LIMIT / float(longest[0]), LINE_LIMIT / float(most_names)))
    return 0 if LINE_LIMIT >= 2 * max(longest[0], most_names) else 1


if __name__ == "__main__":
    sys.exit(main())
