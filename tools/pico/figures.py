"""The figures `make pico`, `make pico-match` and `make bench-pico` print: latency
percentiles, and what the emulator modelled (flash stalls, garbage collections)."""


def percentile(sorted_values, p):
    """The value below which p percent of `sorted_values` lie (nearest rank)."""
    if not sorted_values:
        return None
    k = max(0, min(len(sorted_values) - 1, -(-len(sorted_values) * p // 100) - 1))
    return sorted_values[int(k)]


def latency(values_ms):
    """{median, p90, p95, p99, worst, n} of a list of milliseconds (None when empty)."""
    v = sorted(values_ms)
    if not v:
        return None
    return {"median": v[len(v) // 2], "p90": percentile(v, 90), "p95": percentile(v, 95),
            "p99": percentile(v, 99), "worst": v[-1], "n": len(v)}


def latency_text(lat):
    """'median X ms, 95% X ms, 99% X ms, worst X ms' (the bench's line form)."""
    return "median %.1f ms, 90%% %.1f ms, 95%% %.1f ms, 99%% %.1f ms, worst %.1f ms" % (
        lat["median"], lat["p90"], lat["p95"], lat["p99"], lat["worst"])


def difference(after, before):
    """What the emulator modelled between two `rig.stats()` reports: counts and totals
    subtracted; the longest stall is the later report's (a maximum over the run)."""
    out = dict(after)
    for key in ("erase", "program", "gc"):
        a, b = after[key], before[key]
        out[key] = {"count": a["count"] - b["count"], "ns": a["ns"] - b["ns"], "max": a["max"]}
    return out


def modelled_text(m):
    """One line: the flash timing, erases, programs and collections the emulator made."""
    def op(o):
        return "%d (total %.1f ms, longest %.1f ms)" % (o["count"], o["ns"] / 1e6, o["max"] / 1e6)
    gc = m["gc"]
    gc_text = "%d, longest pause %.1f ms" % (gc["count"], gc["max"] / 1e6) if gc["count"] \
        else "0 (or not timed: no firmware.elf beside the image)"
    return "modelled: flash timing %s; flash erases %s, programs %s; GC collections %s; " \
           "readers' SPI %.2f MHz" % (m["flash_timing"], op(m["erase"]), op(m["program"]),
                                      gc_text, m.get("spi_hz", 0) / 1e6)
