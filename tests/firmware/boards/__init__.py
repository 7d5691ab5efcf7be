"""Tests of firmware/boards/."""
