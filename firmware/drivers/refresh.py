"""Full or partial e-ink refreshes: a planner for eink.EInk (not needed by the
table app, which decides in table/app.py; kept apart so it takes no heap there)."""


class RefreshPlanner:
    """Partial refreshes during play; a full one between hands and after max_partials."""

    def __init__(self, max_partials=10):
        self.max_partials = max_partials
        self.dirty = False
        self.full_wanted = True  # the first image is always a full refresh

    def changed(self):
        """The picture changed: refresh when the panel is free."""
        self.dirty = True

    def hand_over(self):
        """Between hands: clean the ghosts with a full refresh."""
        self.full_wanted = True
        self.dirty = True

    def next(self, eink):
        """None when nothing to do, else True (full) or False (partial)."""
        if not self.dirty:
            return None
        if self.full_wanted or eink.partials >= self.max_partials:
            return True
        return False

    def done(self, full):
        self.dirty = False
        if full:
            self.full_wanted = False

    async def run(self, eink, step_ms=50):
        """asyncio task: refresh whenever the picture changed and the panel is free."""
        import asyncio
        while True:
            full = self.next(eink)
            if full is not None and eink.ready():
                self.dirty = False
                await eink.refresh(full)
                if full:
                    self.full_wanted = False
            await asyncio.sleep_ms(step_ms)
