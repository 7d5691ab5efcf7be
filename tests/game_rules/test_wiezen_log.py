"""Wiezen deals written by hand as logs (docs/protocol.md's Wiezen shape), read by a
driver of a few lines over the description's hooks (tests/game_rules/wiezen_driver.py):
what the real stage driver will derive."""
from game_rules.kit import TableError, raises
from game_rules.wiezen_driver import run

# One suit a seat: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs.
SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S".split()
HEARTS = "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H".split()
DIAMONDS = "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D".split()
CLUBS = "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C".split()


def trick(*plays):
    return "play " + " ".join(plays)


def of(out, kind):
    return [e for e in out if e["ev"] == kind]


def test_a_vraag_pair_without_a_trump_loses_every_trick_down_eight():
    lines = ["deal 0", "turnup 2S", "1 vraag", "2 pass", "3 mee", "0 pass",
             trick("1:AH", "2:2D", "3:2C", "0:2S")]
    for i in range(12):                    # seat 0 leads his spades, the others discard
        lines.append(trick("0:" + SPADES[i], "1:" + HEARTS[i + 1], "2:" + DIAMONDS[i], "3:" + CLUBS[i]))
    out = run(lines)
    end = of(out, "hand_end")[0]
    assert of(out, "trump") == [] and end["tricks"] == [13, 0, 0, 0]
    assert end["contract"] == "vraag" and end["declarers"] == [1, 3] and end["trump"] == "S"
    assert end["score"] == [20, -20, 20, -20]       # -(6 + 2 * 7) each declarer


def test_an_open_miserie_hand_must_be_laid_open_after_the_lead():
    lines = ["deal 0", "turnup 2S", "1 open-miserie", "2 pass", "3 pass", "0 pass", "play 1:2H"]
    raises(TableError, run, lines + ["play 2:AD"])
    out = run(lines + ["1 hand " + " ".join(HEARTS[:12]), "play 2:2D 3:2C 0:AS"])
    assert of(out, "trump") == [{"ev": "trump", "suit": "none"}]
    assert of(out, "trick") == [{"ev": "trick", "n": 1, "winner": 1}]
    end = of(out, "hand_end")[0]                    # he took a trick: lost at once
    assert end["ended"] == "decided" and end["score"] == [14, -42, 14, 14]


def test_troel_the_partner_leads_the_fourth_ace_or_it_is_ruled():
    head = ["deal 3", "turnup 2C", "0 troel card=AC", "1 pass", "2 pass", "3 pass", "2 partner"]
    out = run(head + ["play 2:KC"])
    assert of(out, "violation") == [{"ev": "violation", "seat": 2, "card": "KC", "rule": "troel-lead"}]
    out = run(head + ["play 2:AC 3:2C 0:AH 1:3C"])
    assert of(out, "violation") == [] and of(out, "trick")[0]["winner"] == 2


def test_a_false_troel_is_ruled_when_another_seat_plays_a_claimed_ace():
    out = run(["deal 3", "turnup 2C", "0 troel card=AC", "1 pass", "2 pass", "3 pass", "2 partner",
               "play 2:AC 3:2C 0:3C 1:AH"])
    assert [v["rule"] for v in of(out, "violation")] == ["false-troel"]


def test_all_pass_scores_nothing_and_doubles_the_next_deal_by_option():
    out = run(["options all_pass=double", "deal 0", "turnup 2S", "1 pass", "2 pass", "3 pass", "0 pass",
               "deal 1", "turnup 2H", "2 solo-slim", "3 pass", "0 pass", "1 pass",
               "play 2:2H 3:2C 0:2S 1:3H"])
    ends = of(out, "hand_end")
    assert ends[0]["contract"] == "pass" and ends[0]["score"] == [0, 0, 0, 0]
    assert ends[1]["contract"] == "solo-slim" and ends[1]["ended"] == "decided"
    assert ends[1]["score"] == [60, 60, -180, 60]    # lost the first trick: 30 a defender, doubled


def test_abondance_names_its_trump_after_the_bidding_and_is_settled_early():
    lines = ["deal 0", "turnup 2S", "1 abondance tricks=9", "2 pass", "3 pass", "0 pass", "1 trump suit=H"]
    for i in range(9):                       # seat 1 leads his hearts: nobody follows or trumps
        lines.append(trick("1:" + HEARTS[i], "2:" + DIAMONDS[i], "3:" + CLUBS[i], "0:" + SPADES[12 - i]))
    out = run(lines)
    assert of(out, "trump") == [{"ev": "trump", "suit": "H"}]
    end = of(out, "hand_end")[0]
    assert end["ended"] == "decided" and end["tricks"] == [0, 9, 0, 0] and end["score"] == [-5, 15, -5, -5]
