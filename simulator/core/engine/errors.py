"""The one exception for bad input from the user.

Kept in a module of its own so that modules compiled code depends on (the strategy-reference
parser, for one) can raise it without importing the registry: the registry is then not part of
the compiled engines' fingerprint (``simulator/compiled_cache.py``).  Every other module imports it
from :mod:`simulator.core.engine.registry`, as before.
"""


class UsageError(Exception):
    """Bad input from the user: the CLI prints the message on one line and exits with status 2."""
