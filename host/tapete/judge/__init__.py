"""Judging a match from its log: the audit, the match told step by step (history),
the double-dummy analysis. Below the views; above the log."""
