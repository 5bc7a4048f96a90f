"""Choosing among many options in steps (``islandsim play``; plain Python, never compiled).

A game's ``describe_options`` hook gives, per option, either one string or a tuple of step labels
from coarse to fine, e.g. ``("play red", "cards 1, 4 and 6", "to the Big Loot landing")``.  The
full text of an option is its labels joined with ", " (:func:`full_text`).  The labels of one
decision must be unique and none may be a prefix of another (:func:`check_option_labels`), so
that following labels step by step always ends on exactly one option.

:func:`menu` says what to show once the labels chosen so far (``path``) are fixed:

- the full texts of the options still matching, when there are at most ``MAX_LISTED`` of them
  or when each label at this step leads to one option only (stepping would not narrow anything);
- otherwise the distinct labels at the current step.
  A step whose label is the same for every option still matching is taken without asking.

Entries are listed in the natural order of their labels (:func:`display_key`: "card 2" before
"card 10"), never in the engine's order of the options: that order may follow something the seat
cannot see (Skeleton Island numbers its Sand cards by what is printed on them), and a list in
that order would tell it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

OptionText = str | tuple[str, ...]
"""What ``describe_options`` gives per option: one text, or its step labels from coarse to fine."""
LABEL_SEPARATOR = ", "
MAX_LISTED = 20
"""At most this many options still matching are listed in full rather than asked in steps."""


def step_labels(text: OptionText) -> tuple[str, ...]:
    """The step labels of one option (a plain string is one step)."""
    return (text,) if isinstance(text, str) else tuple(text)


def full_text(text: OptionText) -> str:
    """The whole text of one option: its step labels joined with ", "."""
    return LABEL_SEPARATOR.join(step_labels(text))


_NUMBER = re.compile(r"(\d+)")


def natural_key(label: str) -> tuple[tuple[int, int, str], ...]:
    """A label's sort key: text case-blind, numbers by value (``"card 2"`` before ``"card 10"``)."""
    return tuple((0, int(chunk), "") if chunk.isdigit() else (1, 0, chunk.lower())
                 for chunk in _NUMBER.split(label) if chunk)  # fmt: skip


def display_key(text: OptionText) -> tuple:
    """Where an option is listed: by its labels, step by step, each in :func:`natural_key` order
    (so the first entry of each step leads to the first option of the full list)."""
    return tuple(natural_key(label) for label in step_labels(text))


def check_option_labels(texts: Sequence[OptionText]) -> None:
    """Raise ``ValueError`` unless the options' labels can be chosen step by step: every option has
    at least one label, no label is empty, no two options have the same labels, and no option's
    labels are the first steps of another's (stepping could not tell them apart)."""
    labels = [step_labels(text) for text in texts]
    for index, steps in enumerate(labels):
        if not steps or any(not isinstance(label, str) or not label.strip() for label in steps):
            raise ValueError(f"option {index + 1} has an empty step label: {steps!r}")
    first_seen: dict[tuple[str, ...], int] = {}
    for index, steps in enumerate(labels):
        if steps in first_seen:
            raise ValueError(f"options {first_seen[steps] + 1} and {index + 1} have the same labels: "
                             f"{full_text(steps)!r}")  # fmt: skip
        first_seen[steps] = index
    for index, steps in enumerate(labels):
        for length in range(1, len(steps)):
            if steps[:length] in first_seen:
                raise ValueError(f"option {first_seen[steps[:length]] + 1} ({full_text(steps[:length])!r}) is the "
                                 f"first steps of option {index + 1} ({full_text(steps)!r})")  # fmt: skip


@dataclass(frozen=True)
class Menu:
    """What to show at one step: ``path`` (the labels chosen so far, taken steps included), and
    either ``options`` (indices of the options listed in full: choosing one ends the decision)
    or ``labels`` (the distinct labels at this step, with ``counts[i]`` options behind ``labels[i]``)."""

    path: tuple[str, ...]
    options: tuple[int, ...] = ()
    labels: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()

    @property
    def is_final(self) -> bool:
        """Whether this menu lists whole options."""
        return bool(self.options)

    def __len__(self) -> int:
        return len(self.options) if self.options else len(self.labels)


def matching(labels: Sequence[tuple[str, ...]], path: tuple[str, ...]) -> list[int]:
    """The indices of the options whose labels start with ``path``."""
    return [index for index, steps in enumerate(labels) if steps[:len(path)] == path]


def menu(texts: Sequence[OptionText], path: tuple[str, ...] = (), max_listed: int | None = None) -> Menu:
    """The menu after choosing the labels ``path`` (see the module's docstring; ``max_listed``
    defaults to ``MAX_LISTED``).  Steps whose label every matching option shares are added to the
    returned ``path``.  ``path`` must match at least one option (``ValueError`` otherwise)."""
    if max_listed is None:
        max_listed = MAX_LISTED
    labels = [step_labels(text) for text in texts]
    while True:
        candidates = matching(labels, path)
        if not candidates:
            raise ValueError(f"no option starts with {full_text(path)!r}")
        if len(candidates) <= max_listed:
            return Menu(path, options=_in_display_order(labels, candidates))
        step = len(path)
        distinct: dict[str, int] = {}
        for index in candidates:
            label = labels[index][step]  # prefix-free labels: every candidate has this step
            distinct[label] = distinct.get(label, 0) + 1
        if len(distinct) == 1:
            path = path + (next(iter(distinct)),)
            continue
        if len(distinct) == len(candidates):
            return Menu(path, options=_in_display_order(labels, candidates))
        ordered = sorted(distinct, key=natural_key)
        return Menu(path, labels=tuple(ordered), counts=tuple(distinct[label] for label in ordered))


def _in_display_order(labels: Sequence[tuple[str, ...]], candidates: list[int]) -> tuple[int, ...]:
    return tuple(sorted(candidates, key=lambda index: display_key(labels[index])))


def entry_texts(texts: Sequence[OptionText], shown: Menu) -> list[str]:
    """The lines of a menu, unnumbered: full option texts, or labels with how many options each holds."""
    if shown.is_final:
        return [full_text(texts[index]) for index in shown.options]
    return [label if count == 1 else f"{label} ({count} options)" for label, count in zip(shown.labels, shown.counts)]


def number_alike(texts: Sequence[OptionText], keys: Sequence[int] | None = None,
                 identical: bool = False) -> list[OptionText]:  # fmt: skip
    """The texts with options that read the same told apart: each option of a group of ``n`` with
    the same labels gets ``" (k of n alike)"`` after its last label, ``k`` counting in ascending
    ``keys`` (default: the options' order).  For options the rules make different but a person
    cannot tell apart (two face-down cards lying alike, whose faces differ); choose ``keys``
    that say nothing hidden (never an engine id that follows from a hidden card).

    With ``identical`` the options of a group have the same effect as far as anyone can know
    (two copies of one card, two orders of identical treasures): they read ``" (k of n
    identical)"``, and ``play`` offers each group as one option (:func:`merge_identical`)."""
    word = "identical" if identical else "alike"
    labels = [step_labels(text) for text in texts]
    groups: dict[tuple[str, ...], list[int]] = {}
    for index, steps in enumerate(labels):
        groups.setdefault(steps, []).append(index)
    numbered: list[OptionText] = list(texts)
    for steps, members in groups.items():
        if len(members) < 2:
            continue
        ordered = sorted(members, key=lambda index: (keys[index] if keys is not None else index, index))
        for rank, index in enumerate(ordered, start=1):
            tail = f"{steps[-1]} ({rank} of {len(members)} {word})"
            numbered[index] = tail if isinstance(texts[index], str) else steps[:-1] + (tail,)
    return numbered


_IDENTICAL = re.compile(r" \(\d+ of \d+ identical\)$")
"""The tail :func:`number_alike` gives an option of a group of identical ones."""


def merge_identical(texts: Sequence[OptionText]) -> tuple[list[OptionText], list[int]]:
    """One entry per group of identical options (numbered by ``number_alike(..., identical=True)``):
    the entries' texts without the numbering, and for each entry the index of the option it
    stands for (the group's first).  Choosing any option of such a group does the same, so a
    person is asked once ("pay with red 1", not "(1 of 2 identical)" and "(2 of 2 identical)");
    a strategy still sees every option."""
    merged: list[OptionText] = []
    stands_for: list[int] = []
    seen: dict[tuple[str, ...], int] = {}
    for index, text in enumerate(texts):
        steps = step_labels(text)
        if not _IDENTICAL.search(steps[-1]):
            merged.append(text)
            stands_for.append(index)
            continue
        plain = steps[:-1] + (_IDENTICAL.sub("", steps[-1]),)
        if plain in seen:
            continue
        seen[plain] = len(merged)
        merged.append(plain[0] if isinstance(text, str) else plain)
        stands_for.append(index)
    return merged, stands_for


def plain_text(text: OptionText) -> str:
    """The full text of an option without its place in a group of identical ones ("discard red 4",
    not "discard red 4 (2 of 2 identical)"): which copy was taken says nothing."""
    return _IDENTICAL.sub("", full_text(text))
