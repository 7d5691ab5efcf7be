"""A person at the emulated table during `tapete selftest`: does what the prompts ask.

`helper(rig)` is a rig scenario: it lays a tag where the self-test asks, takes it
off, presses and releases the buttons, lays a card on every reader and lifts and
lays them back for the timing part, and ends when the self-test says it is done.
"""
TAG = 70   # a control tag's code: any NTAG213 will do
CARD = 0   # the timing part's cards: seat s gets card CARD + s
LIFT_MS = 800   # a card lifted stays off this long (the reader sees it leave)


def helper(rig, press_ms=120):
    seen = 0
    while True:
        yield rig.until(lambda: len(rig.replies) > seen, 600000, "the self-test's next line")
        while seen < len(rig.replies):
            obj = rig.replies[seen]
            seen += 1
            if obj.get("st") == "done":
                return obj
            if obj.get("st") != "prompt":
                continue
            part = obj.get("part")
            if part == "tag":
                rig.place(obj["seat"], TAG)
            elif part == "tag-off":
                rig.remove(TAG)
            elif part == "timing-cards":
                for s in range(rig.seats):
                    rig.place(s, CARD + s)
            elif part == "timing-lift":
                s = obj["seat"]
                rig.remove(CARD + s)
                yield rig.sleep(LIFT_MS)
                rig.place(s, CARD + s)
            elif part == "button":
                rig.press(obj["button"], True)
                yield rig.sleep(press_ms)
                rig.press(obj["button"], False)
