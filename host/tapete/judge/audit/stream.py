"""A log of any number of matches audited as it is read, one match's memory at a
time."""
from ...log.read import LogFile
from .common import AuditError, IDLE, _decode, _starts_a_match, parse_line
from .core import Audit


def audit_matches(lines, name="the log"):
    """Audit each match of a log given as (line number, text) pairs. Yields one result
    per match (the object of `audit --json`, plus "lines": [first, last]) as soon as
    the log moves on to the next match, so one match at a time is held. Lines before
    the first match belong to it. AuditError when the lines hold no event at all."""
    audit = Audit()
    read = events = 0
    for number, text in lines:
        event = None
        if type(text) is str:
            try:
                event = _decode(text)
            except (ValueError, RecursionError):
                pass
        if type(event) is not dict:     # the slow path: say why, or skip a blank line
            if isinstance(text, str) and (not text or text.isspace()):
                continue
            try:
                event = parse_line(text)
            except ValueError as err:
                read += 1
                audit.bad_line(number, str(err))
                continue
        read += 1
        kind = event.get("ev")
        if type(kind) is str:
            events += 1
            if kind == "match" and audit.phase() != IDLE and _starts_a_match(event):
                yield _with_lines(audit)
                audit = Audit()
        audit.feed(number, event)
    if not read:
        raise AuditError(name + " is empty: no events to audit")
    if not events:
        raise AuditError(name + " holds no table events: none of its " + str(read)
                         + " lines is a JSON object with an 'ev' (is it a table log?)")
    yield _with_lines(audit)


def _with_lines(audit):
    result = audit.result()
    result["lines"] = list(audit.lines)
    return result


def audit_lines(lines, name="the log"):
    """Audit (line number, text) pairs: the object of `tapete audit --json`. For a log
    of one match it is docs/protocol.md's; for several, {"matches": [each one's, with
    "lines": [first, last]], "count": n}. AuditError when there is no event at all."""
    results = list(audit_matches(lines, name))
    if len(results) == 1:
        del results[0]["lines"]
        return results[0]
    return {"matches": results, "count": len(results)}


def audit_text(text):
    """Audit a whole log given as text (tests, the simulator, a stored match)."""
    return audit_lines([(i, t) for i, t in enumerate(text.split("\n"), 1)])


def audit_file(path, progress=None):
    """Audit a log file (as `audit_lines`); AuditError when it cannot be read at all.
    For a file of many matches, `audit_matches(LogFile(path))` streams instead."""
    return audit_lines(LogFile(path, progress), repr(path))
