"""Engine package: core services and one sub-package per game."""
__version__ = "0.1.0"
