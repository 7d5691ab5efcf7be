"""Wiezen's contracts as the panel names them (the hand context's `contract`:
rules/games/wiezen/contracts.py WORDS, and "pass" when all passed). Loaded only to
draw a Wiezen hand's context, and dropped with it."""
from .say import say


def contract(word):
    """The panel's name of contract `word` in the table's language (the word itself
    when unknown)."""
    names = {"vraag": say("ASK & ACCEPT"), "alleen": say("ALONE"), "abondance-9": say("ABONDANCE 9"),
             "abondance-10": say("ABONDANCE 10"), "abondance-11": say("ABONDANCE 11"),
             "abondance-12": say("ABONDANCE 12"), "miserie": say("MISERY"),
             "open-miserie": say("OPEN MISERY"), "troel": say("TROEL"), "troela": say("TROELA"),
             "solo": say("SOLO"), "solo-slim": say("SOLO SLIM"), "pass": say("ALL PASS")}
    return names.get(word, word.upper())
