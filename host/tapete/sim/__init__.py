"""The simulated table (`make sim`)."""
