"""The house-rule profile on the boards (docs/profiles.md): the room's table list and
a table's page (and `tapete serve`'s board) say the profile a match is played under,
with its version, in the players' language; a match without one says nothing."""
import json

from tapete import i18n
from tapete.room.server import RoomBoard
from tapete.sim.room_table import match_lines


def _board(head):
    board = RoomBoard("club")
    for ev in match_lines("botifarra", 3, head=head)[:40]:
        board.feed("t1", ev)
    return board


def test_the_room_says_the_profile_and_its_version_in_every_language():
    board = _board({"profile": "botifarra-torrefarrera", "profile_version": 2})
    for lang in i18n.LANGUAGES:
        with i18n.using(lang):
            want = i18n._("house rules: %(profile)s (version %(version)s)") % {
                "profile": "botifarra-torrefarrera", "version": 2}
        tables = json.loads(board.summary(lang)[1])["tables"]
        assert tables[0]["profile"] == want, lang
        with i18n.using(lang):
            said = json.loads(board.table_state("t1", lang)[1])["state"]["said"]
        assert said["profile"] == want, lang
    assert "versión 2" in json.loads(board.summary("es")[1])["tables"][0]["profile"]


def test_a_log_without_a_version_names_the_profile_alone_and_none_says_nothing():
    board = _board({"profile": "botifarra-torrefarrera"})
    with i18n.using("en"):
        assert json.loads(board.summary("en")[1])["tables"][0]["profile"] == \
            "house rules: botifarra-torrefarrera"
    board = _board(None)
    assert json.loads(board.summary("en")[1])["tables"][0]["profile"] is None
