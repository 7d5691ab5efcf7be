"""The boards the table runs on: the pin map (pins.py, generated), the Pico's buses
and drivers built from it (wiring.py), the factory that gives the Pico as a board or
the simulated table (factory.py, sim.py on chips/' models), and here what every
board shares: its seats by default, the antenna's settling, and from how many seats
every field stays on (read by both boards, the table's scan and the self-test).
Here, and not in a module of their own: on the Pico each module costs heap."""

SEATS = 4
SETTLE_MS = 3
STEADY_FROM = 7     # from this many seats every reader's field stays on (reader/seats.py's
                    # steady fields): one field at a time settles 3 ms per seat, and a
                    # round of 12 seats with a card on each took 106 ms on the RP2040
                    # (bench_pico_round --pieces): 9 Hz. Up to 6 one field at a time
                    # draws the least current (hardware/ASSEMBLY.md) and is as quick


def steady_fields(seats):
    """Does a table of this many seats keep every field on? (A board may say
    otherwise with a `steady_fields` attribute.)"""
    return seats >= STEADY_FROM
