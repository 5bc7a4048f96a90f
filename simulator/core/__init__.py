"""Game-agnostic services, in layers (each may import the ones before it, never those after):
:mod:`.engine` (the game contract, registry and what compiled code shares), :mod:`.players`
(strategy references, parameter files, settings, the search player), :mod:`.store` (run folders
on disk) and :mod:`.run` (playing a run and printing its summary).  Games sit between the engine
and the players (they import only :mod:`.engine`); ``tests/test_import_layers.py`` checks the order.
"""
