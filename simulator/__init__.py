"""Engine package: core services and one sub-package per game."""

from simulator.compiled_cache import use_versioned_cache

__version__ = "0.1.0"

use_versioned_cache()
