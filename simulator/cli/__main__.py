"""``python -m simulator.cli``: the same command line as ``islandsim``."""

from simulator.cli.commands import main

if __name__ == "__main__":
    main()
