"""``python -m simulator``: the same command line as ``islandsim``."""

from simulator.cli.commands import main

if __name__ == "__main__":
    main()
