"""Disclosing reconstructed components on a report's first screen (issue 37, item 3).

Some components of the games are not known from a rulebook or a public source: their values are a
reconstruction (12 of Loot Island's 14 Healers, Tobago's clue deck, Skirmish's board...).  Each
game declares which settings are reconstructed (``Setting.reconstructed`` in
``simulator/games/<id>/settings.py``; the "Rule settings" table of ``docs/games/<id>.md``).  Here
those settings are grouped into the components a reader knows (:data:`COMPONENTS`), each with the
words and variants a report's answer names it by, so that:

- an answer that names a reconstructed component (a setup that changes it, a measure of it such as
  "healer cost per player", or one of its settings) carries a short caveat, "Healer costs are a
  reconstruction", linked to the values (:func:`answer_caveats`);
- the first screen ends with one line naming the reconstructed components every result of the game
  rests on (:func:`report_caveat`).

The link goes to the game's "Rule settings" section, relative to the folder the report is written
to (``../docs/games/<id>.md#rule-settings`` from ``reports/``).  An answer is matched on its text,
after every clause is written (confirmations included), so the wording of the answers may change
freely: a setup's variant names, setting names and the component's words stay in it.  Plain Python;
plays nothing.
"""

from __future__ import annotations

import html
import importlib
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Protocol, Sequence


class Document(Protocol):
    """What this module reads of a report (``simulator.analysis.report.document.Document``, which
    imports this module): its first-screen answers and its studies' facts."""

    answers: list[str]
    facts: list[dict]

REPOSITORY = Path(__file__).resolve().parents[3]
"""The project's root (the folder holding ``docs/``)."""
SECTION = "rule-settings"
"""The anchor of the "Rule settings" section of ``docs/games/<id>.md``."""


@dataclass(frozen=True)
class Component:
    """A reconstructed component of a game, as a reader names it.

    ``settings``: the game's reconstructed settings it holds (each reconstructed setting belongs to
    exactly one component: ``tests/analysis/test_reconstructions.py``); ``variants``: variants that
    are not presets of those settings but act on the component (``two-healers``); ``words``: regular
    expressions (case ignored, matched at the start of a word) an answer names it by; ``headline``:
    named in the report-level line, as every result of the game rests on it."""

    game: str
    name: str
    plural: bool
    settings: tuple[str, ...]
    variants: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    headline: bool = False

    def sentence(self) -> str:
        """``Healer costs are a reconstruction``."""
        return _capital(f"{self.name} {'are' if self.plural else 'is'} a reconstruction")


_PILE = ("pile_radius", "card_width", "card_length", *(f"blow_layer{layer}_probability" for layer in range(1, 9)),
         "blow_strength", "blow_flip_probability")  # fmt: skip
_MOVEMENT = tuple(f"move_{value}_cards" for value in range(1, 8))
_ACTIONS = ("red_blue_action_a", "red_blue_action_b", "green_purple_action_a", "green_purple_action_b")

COMPONENTS: tuple[Component, ...] = (
    Component("loot", "Healer costs", True, ("healers",), ("healers-revealed", "two-healers"), (r"healer",), True),
    Component("loot", "the small islands", True, ("small_islands", "small_island_tiles"), (), (r"small islands?\b",), True),
    Component("loot", "the Treasure cards' crossed cubes", True, ("treasures",), (), (r"crossed[ _-]cubes?\b",)),
    Component("loot", "the crown ladder's 4th and 5th places", True, ("crown_bonus_4", "crown_bonus_5"), (),
              (r"crown ladder", r"crown bonus")),
    Component("loot", "the Map cards' icons", True, ("map_cards",), (), (r"map cards?' icons?", r"icons?\b")),
    Component("sails", "the Treasure values", True, ("treasure_values",), (), (r"treasure values?\b",), True),
    Component("sails", "the Action cards' pairing", False, _ACTIONS,
              ("actions-side-b", "rb-action-side-b", "gp-action-side-b"), (r"action[- ]card pairing",), True),
    Component("skeleton", "the pile model", False, _PILE, ("blow-may-flip", "blow-each-standard"),
              (r"pile model", r"pile radius", r"blow strength", r"blows?\b"), True),
    Component("skirmish", "the board", False, ("board",), ("choose-start-anchor",),
              (r"board\b", r"docks?\b", r"anchor squares?\b"), True),
    Component("skirmish", "the chest mix", False, ("chest_ammunition", "chest_trapped"), ("no-bobby",),
              (r"chest mix", r"chest tiles?\b"), True),
    Component("skirmish", "the Movement card split", False, _MOVEMENT, (), (r"movement[- ]card split", r"movement split"), True),
    Component("skirmish", "the Potion and Boat card counts", True, ("potion_cards", "boat_cards"), ("no-potion", "no-boat"),
              (r"potion cards?\b", r"boat cards?\b")),
    Component("tobago", "the clue deck", False, ("clue_cards",), (), (r"clue deck",), True),
    Component("tobago", "the gold card split", False, ("gold_cards",), (), (r"gold values?\b", r"gold card split"), True),
)  # fmt: skip
"""Every reconstructed component of the shipped games (the brief of issue 37, item 3)."""


@dataclass(frozen=True)
class Caveat:
    """A caveat of the first screen: its sentence and the address of the values it rests on."""

    text: str
    address: str

    def html(self) -> str:
        """The caveat as HTML, the link on "values"."""
        return (f'<span class="caveat">{html.escape(self.text)} (<a href="{html.escape(self.address, quote=True)}">'
                "values</a>).</span>")  # fmt: skip

    def markdown(self) -> str:
        """The caveat as Markdown (italic, the link on "values")."""
        return f"*{self.text} ([values]({self.address})).*"

    def plain(self) -> str:
        """The caveat as plain text (a terminal), with the address."""
        return f"{self.text} (values: {self.address})."


def components_of(game: str) -> tuple[Component, ...]:
    """The reconstructed components of ``game`` (none for a game not in :data:`COMPONENTS`)."""
    return tuple(component for component in COMPONENTS if component.game == game)


def values_address(game: str, folder: Path | str | None = None) -> str:
    """The address of ``game``'s rule-settings table relative to ``folder`` (the report's folder;
    ``reports/`` when None): ``../docs/games/<id>.md#rule-settings``."""
    target = REPOSITORY / "docs" / "games" / f"{game}.md"
    base = Path(folder).resolve() if folder is not None else REPOSITORY / "reports"
    try:
        relative = os.path.relpath(target, base)
    except ValueError:  # another drive (Windows): the project-relative path
        relative = f"docs/games/{game}.md"
    return f"{Path(relative).as_posix()}#{SECTION}"


@lru_cache(maxsize=None)
def _presets(game: str) -> dict[str, tuple[str, ...]]:
    """Variant -> settings it sets, from the game's declared settings ({} when it declares none)."""
    try:
        declared = importlib.import_module(f"simulator.games.{game}.settings").RULE_SETTINGS
    except (ImportError, AttributeError):
        return {}
    return {variant: tuple(values) for variant, values in declared.presets.items()}


def _token(name: str) -> str:
    """A variant or setting name as a whole token (``island-1`` does not match ``island-10``)."""
    return rf"(?<![\w-]){re.escape(name)}(?![\w-])"


@lru_cache(maxsize=None)
def _pattern(component: Component) -> re.Pattern:
    presets = [variant for variant, names in _presets(component.game).items() if set(names) & set(component.settings)]
    tokens = [_token(name) for name in (*component.settings, *component.variants, *presets)]
    words = [rf"(?<![\w-]){word}" for word in component.words]
    return re.compile("|".join(tokens + words), re.IGNORECASE)


def named_components(game: str, text: str) -> list[Component]:
    """The reconstructed components of ``game`` that ``text`` names (a setup changing one, one of
    its settings, or the component's words), in declaration order."""
    return [component for component in components_of(game) if _pattern(component).search(text)]


def _sentence(components: Sequence[Component]) -> str:
    """``Healer costs are a reconstruction``; two or more: ``Healer costs and the small islands are
    reconstructions``."""
    if len(components) == 1:
        return components[0].sentence()
    names = [component.name for component in components]
    return _capital(f"{', '.join(names[:-1])} and {names[-1]} are reconstructions")


def answer_caveat(game: str, answer: str, folder: Path | str | None = None) -> Caveat | None:
    """The caveat of one answer: the reconstructed components it names, or None."""
    named = named_components(game, answer)
    return Caveat(_sentence(named), values_address(game, folder)) if named else None


def answer_caveats(game: str, answers: Iterable[str], folder: Path | str | None = None) -> list[Caveat | None]:
    """One caveat (or None) per answer, in order."""
    return [answer_caveat(game, answer, folder) for answer in answers]


def report_caveat(game: str, folder: Path | str | None = None) -> Caveat | None:
    """The report-level line: the reconstructed components every result of ``game`` rests on, or
    None for a game with none."""
    headline = [component for component in components_of(game) if component.headline]
    if not headline:
        return None
    names = [component.name for component in headline]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return Caveat(f"Every result here rests on reconstructed components: {listed}", values_address(game, folder))


def document_game(document: Document) -> str:
    """The game a report is about (its studies' facts record it), or '' (no facts, several games)."""
    games = {fact.get("game", "") for fact in getattr(document, "facts", [])}
    return games.pop() if len(games) == 1 else ""


def first_screen(document: Document, folder: Path | str | None = None) -> tuple[list[Caveat | None], Caveat | None]:
    """The hook the renderers call: one caveat per answer of ``document`` and its report-level line."""
    game = document_game(document)
    if not game:
        return [None] * len(document.answers), None
    return answer_caveats(game, document.answers, folder), report_caveat(game, folder)


def answer_lines(document: Document, folder: Path | str | None = None, style: str = "markdown",
                 count: int | None = None) -> list[str]:  # fmt: skip
    """The first screen's numbered answers (the first ``count``, all when None), each followed by its
    caveat, then the report-level line: Markdown (``style="markdown"``: the report and
    ``reports/findings.md``) or plain text (``"plain"``: the terminal)."""
    caveats, line = first_screen(document, folder)
    render = Caveat.markdown if style == "markdown" else Caveat.plain
    lines = [f"{number}. {answer}" + (f" {render(caveat)}" if caveat else "")
             for number, (answer, caveat) in enumerate(zip(document.answers[:count], caveats), 1)]  # fmt: skip
    return lines + ([render(line)] if line else [])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
