"""What people look at: the live state folded from the log, the words in the
players' language, the terminal view, the web board, the replay, the report, the
score sheets and the season's statistics."""
