"""The version of a house-rule profile shipped with tapete (docs/profiles.md), read as
data: what the audit compares a log's `profile_version` with.

The profiles are the event layer's files (tapete/event/profiles/<name>.json); the audit
sits below that layer and must not import it, so it reads the one number it needs from
the shipped file itself. A file that is missing, unreadable or for another game has no
version to compare with (None): checking a profile whole is the event layer's job."""
import json
import os

# tapete/judge/audit/ -> tapete/event/profiles/
HERE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "event", "profiles")
NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"


def installed_version(name, game=None):
    """The `version` of the profile shipped as `name` (of `game`), or None."""
    if not isinstance(name, str) or not name or any(ch not in NAME_CHARS for ch in name):
        return None
    try:
        with open(os.path.join(HERE, name + ".json"), encoding="utf-8") as f:
            prof = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(prof, dict) or (game is not None and prof.get("game") != game):
        return None
    version = prof.get("version")
    return version if isinstance(version, int) and not isinstance(version, bool) else None
