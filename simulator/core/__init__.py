"""Game-agnostic services: registry, random streams, strategy contract, runner, results."""
