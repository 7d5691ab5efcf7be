"""A game's metadata as plain data, for menus, docs and `tapete games` (rules/games
`info`). Apart from the registry because only the host asks for it: the registry stays
loaded on the Pico for a whole match, and this code would hold its heap for nothing."""


def info(cls):
    """Game class `cls`'s metadata as plain data (for menus, docs and `tapete games`)."""
    from ..options import declared as declared_options
    options = {}
    declared = declared_options(cls)
    calls = list(cls.CALL_WORDS or cls.calls)
    if cls.name == "tute":      # and the options and calls of Tute for two and three (tute_few.py)
        from .tute_few import FEW_OPTIONS, Habanero
        declared.update(FEW_OPTIONS)
        calls = list(Habanero.calls)
    for key in declared:
        default, allowed, meaning = declared[key]
        if key == "direction":      # the rule text's own, unless the option says
            default = "cw" if cls.direction == 1 else "ccw"
            meaning = "direction of play and of the deal (cw: clockwise)"
        if isinstance(allowed, tuple):
            kind = list(allowed)
        elif allowed is bool:
            kind = "true/false"
        elif allowed is int:
            kind = "whole number"
        else:
            kind = allowed
        options[key] = {"default": default, "allowed": kind, "meaning": meaning}
    return {"name": cls.name, "title": cls.title, "pack": cls.pack,
            "seats": list(cls.seat_counts), "options": options,
            "presets": [dict(p) for p in cls.PRESETS],
            "calls": ["claim", "concede", "object"] + calls}
