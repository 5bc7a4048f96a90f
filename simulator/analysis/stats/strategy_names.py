"""Strategy names as a study writes them, for reports that rank or compare strategies across
player counts.

A study names ``X@tuned`` (settings may follow: ``ismcts@tuned+budget=100``); at P players it plays
``X@tuned-<P>p``, the file tuned at that count (:func:`simulator.core.players.strategies.resolve_tuned`),
and its runs record that file.  Shown as recorded, ``greedy@tuned-2p`` and ``greedy@tuned-4p`` read
as two strategies; they are one (the tuned default), whose weights follow the table size.  Reports
therefore show :func:`as_written` wherever strategies are ranked or compared, and name the
per-count file in their details (:func:`per_count_file`).  The runs, their manifests and every
JSON output keep the recorded name.
"""

from __future__ import annotations

from simulator.core.players.reference import names_user_code, parse_reference

TUNED_FILE = "tuned"
"""The parameter file a study writes (``X@tuned``), resolved per player count."""


def per_count_file(players: int) -> str:
    """The shipped file that ``X@tuned`` resolves to at ``players`` players: ``tuned-<P>p``."""
    return f"{TUNED_FILE}-{players}p"


def as_written(name: str, players: int) -> str:
    """``name`` (recorded in a run at ``players`` players) as a study writes it: ``X@tuned-<P>p``
    (settings kept) becomes ``X@tuned``; any other name is returned as is, among them a file
    tuned for another player count (``greedy@tuned-4p`` played at 3 players is not what
    ``greedy@tuned`` plays there)."""
    if names_user_code(name):
        return name
    reference = parse_reference(name)
    if reference.param_file != per_count_file(players):
        return name
    return reference.with_param_file(TUNED_FILE).text


def with_file(name: str, players: int) -> str:
    """``name`` as written, followed by the file it played at ``players`` players when that differs:
    ``greedy@tuned (file tuned-4p)``; for the details of a report."""
    written = as_written(name, players)
    return written if written == name else f"{written} (file {per_count_file(players)})"


SEARCH_STRATEGY = "ismcts"
"""The search player's registered name (simulator/core/players/ismcts.py)."""


def _setting(settings: tuple[str, ...], key: str) -> str | None:
    """The value of ``key=value`` among a reference's settings, or None."""
    return next((text.split("=", 1)[1] for text in settings if text.split("=", 1)[0] == key), None)


def plain_name(name: str) -> str:
    """A strategy as a reader says it, without its settings string (which reports keep for their
    appendix): ``ismcts@tuned+budget=100+agree=0.25`` is "the search player, 100 simulated games per
    move", ``greedy@tuned-4p`` "the tuned greedy player", ``greedy`` "the greedy player", a parameter
    file given by path "the greedy player with the weights of my-weights.toml"; a user's
    ``module:function`` is named as written."""
    if names_user_code(name):
        return name
    reference = parse_reference(name)
    if reference.base == SEARCH_STRATEGY:
        return f"the search player, {search_budget(name)} simulated games per move"
    base = reference.base.replace("_", " ")
    if reference.param_file is None:
        return f"the {base} player"
    if reference.param_file == TUNED_FILE or reference.param_file.startswith(TUNED_FILE + "-"):
        return f"the tuned {base} player"
    return f"the {base} player with the weights of {reference.param_file.rsplit('/', 1)[-1]}"


def search_budget(name: str) -> int | None:
    """The simulated games per move of a search player's name (its default when the name sets none),
    None for another strategy."""
    if names_user_code(name):
        return None
    reference = parse_reference(name)
    if reference.base != SEARCH_STRATEGY:
        return None
    from simulator.core.players.ismcts import DEFAULT_BUDGET

    return int(_setting(reference.settings, "budget") or DEFAULT_BUDGET)


def short_plain_name(name: str) -> str:
    """:func:`plain_name` in a few words, for a list: ``tuned prospector``, ``raider``, ``search (100
    simulated games per move)``."""
    plain = plain_name(name).removeprefix("the ")
    if plain.startswith("search player, "):
        return f"search ({plain.removeprefix('search player, ')})"
    return plain.removesuffix(" player")


def plain_names(names: list[str] | tuple[str, ...]) -> str:
    """Several strategies in plain words, each once, in order: ``the tuned prospector player``, or
    ``the tuned prospector, raider and bomber players``."""
    said = list(dict.fromkeys(short_plain_name(name) for name in names))
    budgets = sorted({budget for budget in map(search_budget, names) if budget is not None})
    if len(budgets) > 1:  # one search player at several budgets (by player count): named once
        merged = f"search ({' or '.join(map(str, budgets))} simulated games per move)"
        said = list(dict.fromkeys(short_plain_name(name) if search_budget(name) is None else merged for name in names))
        if said == [merged]:
            return f"the search player ({' or '.join(map(str, budgets))} simulated games per move)"
    if len(said) == 1:
        return plain_name(names[0])
    return "the " + ", ".join(said[:-1]) + " and " + said[-1] + " players"
