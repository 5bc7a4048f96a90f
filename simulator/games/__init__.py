"""One sub-package per game: data, state layout, rules, scoring, engine entry point."""
