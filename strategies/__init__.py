"""Pluggable compiled strategies, one module per game."""
