"""Tests of firmware/drivers/ (against firmware/chips/' models)."""
