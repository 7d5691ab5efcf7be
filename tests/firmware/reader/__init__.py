"""Tests of firmware/reader/."""
