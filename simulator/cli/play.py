"""``islandsim play``: a person takes one seat in the terminal, strategies play the others.

The game runs in Python over the game's compiled forward model (``GameSpec.forward``):
``new_game``, then ``pending_decision`` -> (the person, or the seat's compiled strategy) ->
``apply`` until the game is over.  The bots are asked exactly as in a run (same seat streams),
so a bot plays here as it plays in ``islandsim run``.

What the person reads goes through the game's optional hooks (``docs/engine-contract.md``),
each given only what the seat may know: ``narrate_for_seat`` (the log as the seat sees it,
printed as records come), ``describe_view`` (the seat's hand, the table, the scores, shown at
each of its decisions) and ``describe_options`` (one plain text, or step labels, per option).
A decision with more than 20 options is chosen in steps (``simulator/core/engine/option_steps.py``:
colour, then cards, then landing...).  A game without the hooks still plays: its options are
shown as raw codes and nothing is narrated.

This module lives outside ``simulator/core`` because the core's sources key the compiled cache
(``simulator/compiled_cache.py``): an edit here must not recompile every engine.
"""

from __future__ import annotations

import re
import secrets
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, TextIO

import click
import numpy as np

from simulator.cli.interruption import EXIT_INTERRUPTED, EXIT_TERMINATED
from simulator.core.run import limits
from simulator.core.engine.forward import NO_SEAT
from simulator.core.engine.narration import decision_words, play_text_attribute
from simulator.core.engine.option_steps import (
    OptionText,
    check_option_labels,
    entry_texts,
    full_text,
    menu,
    merge_identical,
)
from simulator.core.engine.registry import GameSpec, UsageError, check_players, check_variants, get_game
from simulator.core.engine.seats import seat_number
from simulator.core.engine.stepping import SteppedGame, deal, strategy_choice
from simulator.core.players.adapted import resolve_adapted
from simulator.core.players.strategies import Lineup, build_lineup, check_lineup, default_name, resolve_tuned

EXIT_INPUT_ENDED = 1
"""Status when the input ends (EOF) before the game does."""
LOG_ROWS = 20_000
"""Log records one game may write (event codes start at 1: a row of zeros is no record yet)."""
GAME_INDEX = 0


class InputEnded(Exception):
    """The person's input ended (EOF) before the game did."""


@dataclass
class TerminalGame:
    """One game at the terminal: the game, the person's seat (engine index), the lineup and the position."""

    spec: GameSpec
    players: int
    person: int
    lineup: Lineup
    flags: np.ndarray
    seed: int
    game: SteppedGame
    lines_shown: int = 0
    hand: dict = field(default_factory=dict)
    """The person's cards at the last step (``own_cards``), to name the new ones."""


def other_seat_names(spec: GameSpec, players: int, person: int, names: tuple[str, ...]) -> tuple[str, ...]:
    """The lineup of all seats: ``names`` for the other seats in seat order (the game's tuned default
    when none are given, :func:`default_name`); the person's own seat holds the default strategy,
    never asked.  ``X@tuned`` plays the file tuned for ``players``."""
    default = default_name(spec, players)
    if not names:
        return (default,) * players
    if len(names) != players - 1:
        raise UsageError(f"{len(names)} strategies given for the {players - 1} other seats; give one per other seat "
                         f"in seat order (--lineup a,b,...), or none for the default")  # fmt: skip
    names = tuple(resolve_tuned(spec.id, name, players) for name in names)
    check_lineup(spec, players - 1, names)
    return names[:person] + (default,) + names[person:]


def set_table(game_id: str, players: int, seat: int, names: tuple[str, ...], variants: tuple[str, ...],
              seed: int, rules: tuple[tuple[str, str], ...] = ()) -> TerminalGame:  # fmt: skip
    """Check the command's input (:class:`UsageError` if bad), compile the lineup, deal the game."""
    spec = get_game(game_id)
    if spec.forward is None:
        raise UsageError(f"{spec.title} cannot be played in the terminal yet: its engine is not a forward model "
                         f"(docs/engine-contract.md); games that can: {', '.join(playable_games())}")  # fmt: skip
    check_players(spec, players)
    if not 1 <= seat <= players:
        raise UsageError(f"--seat must be a seat from 1 to {players}, not {seat}")
    person = seat - 1
    flags = check_variants(spec, variants, players, rules)
    names = resolve_adapted(spec.id, players, tuple(names), tuple(variants), rules)  # X@adapted: this setup's file
    lineup = build_lineup(spec, players, other_seat_names(spec, players, person, names))
    game = deal(spec.forward, players, seed, GAME_INDEX, flags, LOG_ROWS)
    table = TerminalGame(spec, players, person, lineup, flags, seed, game)
    return table


COMPILE_NOTICE_AFTER_SECONDS = 3.0
"""A step of the preparation taking longer than this is numba compiling (loading a cached engine
takes well under it): it is announced, and its time told when it ends."""


class Preparation:
    """Says what is being compiled before the first prompt: on a fresh cache the deal, the rules
    and each strategy compile one after the other (41-108 s in all on a busy 2-core machine).  A
    step that takes longer than ``COMPILE_NOTICE_AFTER_SECONDS`` is announced while it runs and
    its time told when it ends; a cached engine says nothing."""

    def __init__(self, title: str, say: Callable[[str], None]) -> None:
        self.title = title
        self.say = say
        self.headed = False
        self._lock = threading.Lock()

    def _announce(self, what: str, announced: list[bool]) -> None:
        with self._lock:
            if not self.headed:
                self.say(f"compiling {self.title} for this machine (the first game after an install or a code "
                         f"change; cached afterwards), step by step:")  # fmt: skip
                self.headed = True
            self.say(f"  compiling {what}...")
            announced.append(True)

    @contextmanager
    def step(self, what: str):
        """Run the body as one step named ``what``."""
        announced: list[bool] = []
        started = time.perf_counter()
        timer = None
        if COMPILE_NOTICE_AFTER_SECONDS <= 0:
            self._announce(what, announced)
        else:
            timer = threading.Timer(COMPILE_NOTICE_AFTER_SECONDS, self._announce, args=(what, announced))
            timer.daemon = True
            timer.start()
        try:
            yield
        finally:
            if timer is not None:
                timer.cancel()
            with self._lock:
                if announced:
                    self.say(f"  {what}: ready after {time.perf_counter() - started:.0f} s")


def warm_up(table: TerminalGame, preparation: Preparation) -> None:
    """Compile (or load) the rules and every bot's strategy before the first prompt, on copies of
    the position: the game itself, its streams and its log are left as they are, so the bots
    play as they would have."""
    game = table.game
    state, options = game.state.copy(), game.options.copy()
    with preparation.step("the rules"):
        seat, kind, n_options = (int(value) for value in game.forward.pending_decision(state, options))
        if seat != NO_SEAT:
            game.forward.apply(state.copy(), 0, game.log.copy())
    if seat == NO_SEAT or n_options < 1:
        return
    lineup = table.lineup
    done = set()
    for bot in range(table.players):
        name = lineup.names[bot]
        if bot == table.person or name in done:
            continue
        done.add(name)
        with preparation.step(f"the strategy {name}"):
            lineup.functions[bot](state.copy(), seat, kind, options.copy(), n_options, lineup.params[bot].copy(),
                                  game.streams[bot].copy())  # fmt: skip


def playable_games() -> list[str]:
    """The games with a forward model (the ones ``play`` can run)."""
    from simulator.core.engine.registry import game_ids

    return [game_id for game_id in game_ids() if get_game(game_id).forward is not None]


def new_narration(table: TerminalGame) -> list[str]:
    """The narration lines the person has not read yet (as the seat sees them)."""
    hook = table.spec.narrate_for_seat
    if hook is None:
        return []
    lines = hook(table.game.log, table.game.records_written(), table.flags, table.person)
    fresh = lines[table.lines_shown:]
    table.lines_shown = len(lines)
    return fresh


def new_cards(table: TerminalGame) -> list[str]:
    """A line naming the cards new in the person's hand since the last step (what the seat drew,
    which the narration gives only as a count), when the game's ``play_text.own_cards(state,
    seat, variant_flags) -> {key: name}`` says what the hand holds."""
    hook = play_text_attribute(table.spec, "own_cards")
    if hook is None:
        return []
    held = hook(table.game.state, table.person, table.flags)
    gained = [name for key, name in held.items() if key not in table.hand]
    table.hand = held
    return [f"  (your new {'card' if len(gained) == 1 else 'cards'}: {', '.join(gained)})"] if gained else []


def with_new_cards(table: TerminalGame, lines: list[str]) -> list[str]:
    """The fresh narration lines with the person's new cards named after the last line telling
    that the seat drew ("Seat 1 draws 2 cards"), or after them all."""
    cards = new_cards(table)
    if not cards:
        return lines
    drew = re.compile(rf"^\s*seat {seat_number(table.person)} (draws|is dealt)\b", re.IGNORECASE)
    at = max((index + 1 for index, line in enumerate(lines) if drew.match(line)), default=len(lines))
    return lines[:at] + cards + lines[at:]


def option_texts(table: TerminalGame, kind: int, n_options: int) -> tuple[list[OptionText], list[int]]:
    """The options of the person's decision in plain words (a text or step labels per option) when
    the game says how, else their raw codes; checked to be choosable step by step.  Options the
    game numbers as identical (two copies of one card) are offered once: returns the texts
    offered and, for each, the index of the option it stands for."""
    hook = table.spec.describe_options
    if hook is None:
        return [f"option code {int(code)}" for code in table.game.options[:n_options]], list(range(n_options))
    texts = list(hook(table.game.state, table.person, kind, table.game.options, n_options, table.flags))
    try:
        if len(texts) != n_options:
            raise ValueError(f"{len(texts)} texts for {n_options} options")
        check_option_labels(texts)
        offered, stands_for = merge_identical(texts)
        check_option_labels(offered)
    except ValueError as error:
        raise RuntimeError(f"{table.spec.title}: describe_options for decision '{table.spec.decision_name(kind)}' "
                           f"cannot be chosen from: {error}") from None  # fmt: skip
    return offered, stands_for


def numbered(lines: list[str], with_back: bool) -> list[str]:
    """Menu lines numbered from 1, after a "0. back" line when going back is possible."""
    width = len(str(len(lines)))
    back = [f"  {0:>{width}}. back"] if with_back else []
    return back + [f"  {number:>{width}}. {line}" for number, line in enumerate(lines, start=1)]


def view_lines(table: TerminalGame) -> list[str]:
    """What the person's seat sees now."""
    hook = table.spec.describe_view
    if hook is None:
        return [f"({table.spec.title} does not describe a seat's view yet)"]
    return hook(table.game.state, table.person, table.flags)


BACK = -1
"""What :func:`read_number` returns for "0" when going back is possible."""


def read_number(count: int, with_back: bool, read_line: Callable[[], str], say: Callable[..., None]) -> int:
    """Read until a number from 1 to ``count`` (0-based index back), or 0 for :data:`BACK` when allowed."""
    lowest = 0 if with_back else 1
    while True:
        say(f"choose 1-{count}, or 0 to go back: " if with_back else f"choose 1-{count}: ", newline=False)
        line = read_line()
        if line == "":
            raise InputEnded()
        if not sys.stdin.isatty():
            say(line.rstrip("\n"))  # scripted input: the answer shows in the transcript
        text = line.strip()
        if text.isdigit() and lowest <= int(text) <= count:
            return int(text) - 1 if int(text) else BACK
        say(f"'{text}' is not an option: type a number from {lowest} to {count}")


def ask_person(table: TerminalGame, kind: int, n_options: int, read_line: Callable[[], str], say: Callable[..., None]) -> int:
    """Show the seat's view and the options; read the person's choice (the option's 0-based index).

    With more than ``option_steps.MAX_LISTED`` options the choice is made in steps (the game's
    step labels: colour, then cards, then landing...), with "0. back" to go up a step; it always
    ends on exactly one legal option; options that are copies of one another are offered once."""
    say("")
    for line in view_lines(table):
        say(line)
    say(f"Seat {seat_number(table.person)}, your decision ({decision_words(table.spec, kind)}):")
    texts, stands_for = option_texts(table, kind, n_options)
    chosen_paths: list[tuple[str, ...]] = [()]
    while True:
        shown = menu(texts, chosen_paths[-1])
        if shown.path:
            say(f"  chosen so far: {full_text(shown.path)}")
        with_back = len(chosen_paths) > 1
        for line in numbered(entry_texts(texts, shown), with_back):
            say(line)
        answer = read_number(len(shown), with_back, read_line, say)
        if answer == BACK:
            chosen_paths.pop()
        elif shown.is_final:
            if shown.path:
                say(f"  you chose: {full_text(texts[shown.options[answer]])}")
            return stands_for[shown.options[answer]]
        elif shown.counts[answer] == 1:  # the label is one option: chosen
            index = menu(texts, shown.path + (shown.labels[answer],)).options[0]
            say(f"  you chose: {full_text(texts[index])}")
            return stands_for[index]
        else:
            chosen_paths.append(shown.path + (shown.labels[answer],))


def ask_bot(table: TerminalGame, seat: int, kind: int, n_options: int) -> int:
    """The seat's compiled strategy's choice, checked as the core's loop checks it."""
    lineup = table.lineup
    return strategy_choice(table.game, lineup.functions[seat], lineup.names[seat], lineup.params[seat], seat, kind,
                           n_options, table.spec.decision_name(kind))  # fmt: skip


def final_lines(table: TerminalGame) -> list[str]:
    """The final scores and ranks of every seat: the ranked seats by rank, then those the game
    ranks not (the skirmish game ranks its winner only; Loot Island's eliminated seats) by score,
    survivors first, then the last eliminated first."""
    spec = table.spec
    seat_row = np.zeros((table.players, len(spec.seat_columns)), dtype=np.int64)
    game_row = np.zeros(len(spec.game_columns), dtype=np.int64)
    spec.forward.final_results(table.game.state, seat_row, game_row)
    column = {name: index for index, name in enumerate(spec.seat_columns)}
    none = np.zeros(table.players, dtype=np.int64)
    eliminated = seat_row[:, column["eliminated"]] if "eliminated" in column else none
    out = seat_row[:, column["elimination_order"]] if "elimination_order" in column else none
    score, rank = seat_row[:, column.get("score", 0)], seat_row[:, column.get("rank", 1)]
    # unranked: by score, survivors first, then the later out before the earlier
    order = sorted(range(table.players), key=lambda seat: (rank[seat] == 0, rank[seat], -score[seat],
                                                          int(eliminated[seat]), -int(out[seat]), seat))  # fmt: skip
    lines = ["", "Game over."]
    for seat in order:
        who = "you" if seat == table.person else table.lineup.names[seat]
        standing = f"rank {int(rank[seat])}" if rank[seat] else ("eliminated" if eliminated[seat] else "did not win")
        lines.append(f"  seat {seat_number(seat)} ({who}): score {int(score[seat])}, {standing}")
    return lines


def play_to_the_end(table: TerminalGame, read_line: Callable[[], str], say: Callable[..., None]) -> None:
    """The loop: narrate, ask the person or a bot, apply, until the game is over."""
    while True:
        for line in with_new_cards(table, new_narration(table)):
            say(line)
        seat, kind, n_options = table.game.pending_decision()
        if seat == NO_SEAT:
            break
        if seat == table.person:
            choice = ask_person(table, kind, n_options, read_line, say)
        else:
            choice = ask_bot(table, seat, kind, n_options)
        table.game.apply(choice)
    for line in final_lines(table):
        say(line)


def _notice(text: str) -> None:
    click.echo(text, err=True)


def _game_ids() -> list[str]:
    from simulator.core.engine.registry import game_ids

    return list(game_ids())


def _say(text: str, newline: bool = True) -> None:
    click.echo(text, nl=newline)


def _reader(stream: TextIO) -> Callable[[], str]:
    return stream.readline


def play(game_id: str, players: int, seat: int, names: tuple[str, ...], variants: tuple[str, ...],
         seed: int | None, rules: tuple[tuple[str, str], ...] = ()) -> None:  # fmt: skip
    """The ``islandsim play`` command: set the table, play, leave cleanly on EOF or Ctrl-C."""
    if seed is None:
        seed = secrets.randbits(32)
    try:
        preparation = Preparation(get_game(game_id).title if game_id in _game_ids() else game_id, _notice)
        with preparation.step("the deal"):
            table = set_table(game_id, players, seat, names, variants, seed, rules)
        warm_up(table, preparation)
        lineup = ", ".join(f"seat {number} {'you' if number == seat else name}"
                           for number, name in enumerate(table.lineup.names, start=1))  # fmt: skip
        _say(f"{table.spec.title}, {players} players, seed {seed}; variants: {', '.join(variants) or 'none'}")
        _say(f"lineup: {lineup}")
        if rules:
            from simulator.core.engine.rule_settings import rules_text

            _say(f"rule settings: {rules_text(rules)}")
        if table.spec.narrate_for_seat is None:
            _say(f"({table.spec.title} has no narration for a seat yet: only your decisions are shown)")
        play_to_the_end(table, _reader(sys.stdin), _say)
    except InputEnded:
        click.echo("", err=False)
        click.echo("input ended before the game did: game left", err=True)
        sys.exit(EXIT_INPUT_ENDED)
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM (runner.Terminated)
        click.echo("", err=False)
        click.echo("interrupted: game left", err=True)
        sys.exit(EXIT_INTERRUPTED if type(stop) is KeyboardInterrupt else EXIT_TERMINATED)


def register(cli_group: click.Group) -> None:
    """Add ``islandsim play`` to the command group."""
    from simulator.cli.options import complete_strategy, game_option, rules_options, user_rules
    from simulator.core.players.strategies import lineup_names

    @cli_group.command("play")
    @game_option()
    @click.option("--players", type=int, required=True, help="Number of players.")
    @click.option("--seat", type=int, required=True, help="Your seat, 1..players.")
    @click.option("--lineup", default=None, shell_complete=complete_strategy,
                  help="Strategies of the other seats in seat order, players - 1 of them as a comma list: "
                       "--seat 2 --lineup greedy,bluffer,greedy at 4 players of Sails gives seat 1 greedy, "
                       "seats 3 and 4 bluffer and greedy (see `islandsim strategies --game G`).")  # fmt: skip
    @click.option("--strategy", "strategy_names", multiple=True, shell_complete=complete_strategy,
                  help="Strategy of another seat, in seat order (repeat); same as --lineup.")  # fmt: skip
    @click.option("--variant", "variant_names", multiple=True, help="Rule variant (repeat to combine).")
    @rules_options
    @click.option("--seed", type=limits.SEED, default=None, help="Seed of the deal (default: a random one, printed).")
    def play_command(game_id, players, seat, lineup, strategy_names, variant_names, rule_assignments, rules_file, seed):
        """Play one game in the terminal against the strategies.

        You take seat --seat; --lineup names the strategies of the other seats in seat order
        (players - 1 names; default: the game's default strategy).  At each of your decisions
        the game shows what your seat sees and numbers the options: type a number.  A decision
        with many options is chosen in steps (say colour, then cards, then landing; 0 goes
        back a step).  Ctrl-C or the end of the input leaves the game.
        """
        rules = user_rules(game_id, rule_assignments, rules_file)
        play(game_id, players, seat, lineup_names(lineup, strategy_names), tuple(variant_names), seed, rules)
