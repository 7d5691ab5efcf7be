"""The control beside tests/room/mpy_table_mqtt.py: the same loop probe, on a loop
with nothing else, in a second MicroPython process run at the same time on the same
machine, until the file STOP exists. Its longest hold is the machine's own noise (other
processes, the scheduler) in that window, the margin the table's figure is read with.

    micropython mpy_loop_probe.py STOP      prints "noise: held N ms at most"
"""
import os
import sys
import asyncio
from mpy_loop_lag import Probe


async def main(stop):
    probe = Probe()
    asyncio.create_task(probe.run())
    while True:
        await asyncio.sleep_ms(100)
        try:
            os.stat(stop)
            break
        except OSError:
            pass
    print("noise: held %d ms at most" % probe.held)


asyncio.run(main(sys.argv[1]))
