"""What the seat lights say after each verdict. Called on the per-play path: no
allocation (the Lights driver keeps meanings in bytearrays, colours made once)."""
from drivers.leds import OFF, TURN, ACCEPTED, ILLEGAL, WINNER, WARNING, STATUS
from rules.verdicts import REFUSED, PROVEN, TRICK_DONE, MATCH_DONE, RULED, CONDONE


def turn(lights, seats, seat):
    """Only `seat` lit: its turn."""
    for s in range(seats):
        lights.seat(s, TURN if s == seat else OFF, False)


def awaiting(lights, seats, bits):
    """The seats whose card or call the table waits for lit (a bit per seat)."""
    for s in range(seats):
        lights.seat(s, TURN if (bits >> s) & 1 else OFF, False)


def verdict(lights, match, status, seat):
    """Show the verdict on a play by `seat` that returned `status`."""
    n = match.seats
    if status & REFUSED:
        if match.pend_seat == seat:
            # out of turn, held by the law (condone): steady amber, it stands once the
            # other side plays on to it; the rightful seat still lit
            lights.seat(seat, WARNING, False)
            if match.turn is not None:
                lights.seat(match.turn, TURN, False)
        else:
            lights.seat(seat, ILLEGAL, True)    # take the card back
        lights.status(WARNING, False)
        return
    condoned = -1
    if status & RULED:
        r = match.rulings
        for k in range(match.ruling_count):
            if r[5 * k + 2] == CONDONE:
                condoned = r[5 * k]
    if status & TRICK_DONE:
        winner = match.last.winner
        for s in range(n):
            lights.seat(s, WINNER if s == winner else OFF, s == winner)
    else:
        if match.trick.n == 1 or condoned >= 0:    # a new trick: last trick's lights go
            for s in range(n):
                if s != seat:
                    lights.seat(s, OFF, False)
        if condoned >= 0:
            lights.seat(condoned, ACCEPTED, False)  # the card out of turn stands
        lights.seat(seat, ACCEPTED, False)
        nxt = match.turn
        if nxt is not None:
            lights.seat(nxt, TURN, False)
    if status & PROVEN:
        offender = match.knowledge.play_seat[match.proofs[0]]
        lights.seat(offender, ILLEGAL, True)
        lights.status(WARNING, True)
    else:
        lights.status(STATUS, False)
    if status & MATCH_DONE:
        team = match.winner
        for s in range(n):
            lights.seat(s, WINNER if team is not None and s % 2 == team else OFF, True)


def collected(lights, match):
    """The trick is off the table: the leader's turn."""
    turn(lights, match.seats, match.turn)


def warn(lights, seat):
    """A card or tag that is not a play here (wrong phase, unknown tag, conflict)."""
    if seat is not None and seat >= 0:
        lights.seat(seat, WARNING, True)
    lights.status(WARNING, True)


def calm(lights):
    lights.status(STATUS, False)
