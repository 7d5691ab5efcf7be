"""A person at the emulated table during `tapete selftest`: does what the prompts ask.

`helper(rig)` is a rig scenario: it lays a tag where the self-test asks, takes it
off, presses and releases the buttons, and ends when the self-test says it is done.
"""
TAG = 70   # a control tag's code: any NTAG213 will do


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
            elif part == "button":
                rig.press(obj["button"], True)
                yield rig.sleep(press_ms)
                rig.press(obj["button"], False)
