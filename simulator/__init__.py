"""Engine package: core services and one sub-package per game."""

from simulator import moved_modules
from simulator.compiled_cache import use_versioned_cache

__version__ = "0.1.0"

moved_modules.install()
use_versioned_cache()
