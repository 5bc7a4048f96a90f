"""Reconstructed components are disclosed on a report's first screen (issue 37, item 3): an answer
about a reconstructed component says so and links to the values; an answer about a rulebook value
does not; every report of a game with reconstructed components ends its first screen with one line
naming them."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from simulator.analysis.report import document as report, reconstructions
from simulator.analysis.studies import experiment

GAMES = ("loot", "sails", "skeleton", "skirmish", "tobago")
ROOT = Path(__file__).resolve().parents[2]
HEALERS = ("two-healers moves no seat's win rate beyond noise (largest change seat 2 +0.8 pp [-0.3, +1.9]); "
           "healer cost per player 10.4 → 8.4, mean score 36.7 → 38.7 points.")  # fmt: skip
BONUS = "first_player_bonus=2 moves no seat's win rate beyond noise (largest change seat 1 -0.6 pp [-1.7, +0.5])."
VALUES = "../docs/games/loot.md#rule-settings"


def _declared(game: str):
    return importlib.import_module(f"simulator.games.{game}.settings").RULE_SETTINGS


@pytest.mark.parametrize("game", GAMES)
def test_every_reconstructed_setting_belongs_to_exactly_one_component(game):
    declared = _declared(game)
    reconstructed = {setting.name for setting in declared.settings if setting.reconstructed}
    held = [name for component in reconstructions.components_of(game) for name in component.settings]
    assert sorted(held) == sorted(reconstructed)  # none forgotten, none twice, none from the rulebook


@pytest.mark.parametrize("game", GAMES)
def test_the_link_points_at_the_rule_settings_table_of_the_game_doc(game):
    address = reconstructions.values_address(game)
    assert address == f"../docs/games/{game}.md#rule-settings"
    doc = (ROOT / "reports" / address.split("#")[0]).resolve()
    assert "\n## Rule settings\n" in doc.read_text(encoding="utf-8")


def test_an_answer_about_a_reconstructed_component_carries_the_caveat():
    caveat = reconstructions.answer_caveat("loot", HEALERS)
    assert caveat == reconstructions.Caveat("Healer costs are a reconstruction", VALUES)


def test_an_answer_about_a_rulebook_value_carries_none():
    assert reconstructions.answer_caveat("loot", BONUS) is None
    assert reconstructions.answer_caveat("skirmish", "gems-to-win-7 widens the gap between first and last") is None


def test_a_preset_of_a_reconstructed_setting_or_the_setting_itself_is_named():
    assert reconstructions.answer_caveat("skirmish", "chests-9-6-3 moves no seat").text == "The chest mix is a reconstruction"
    assert reconstructions.answer_caveat("tobago", "gold_cards=own-file: seat 1 +1.0 pp").text == (
        "The gold card split is a reconstruction")
    assert reconstructions.answer_caveat("skeleton", "pile-radius-3.0: blows per player 0.41 → 0.29").text == (
        "The pile model is a reconstruction")


def test_a_variant_name_is_matched_whole():
    assert reconstructions.answer_caveat("skirmish", "no-potion-x and no-potions") is None
    assert reconstructions.answer_caveat("skirmish", "no-potion lowers").text == (
        "The Potion and Boat card counts are a reconstruction")


def test_two_components_named_in_one_answer_are_said_together():
    caveat = reconstructions.answer_caveat("tobago", "clue-deck-b and gold-values-low both shrink the gap")
    assert caveat.text == "The clue deck and the gold card split are reconstructions"


def test_the_report_level_line_names_the_components_every_result_rests_on():
    line = reconstructions.report_caveat("loot")
    assert line.text == "Every result here rests on reconstructed components: Healer costs and the small islands"
    assert reconstructions.report_caveat("skeleton").text.endswith(": the pile model")
    assert reconstructions.report_caveat("no-such-game") is None


def test_the_link_is_relative_to_the_folder_the_report_is_written_to(tmp_path):
    address = reconstructions.values_address("tobago", tmp_path / "out")
    assert (tmp_path / "out" / address.split("#")[0]).resolve() == ROOT / "docs" / "games" / "tobago.md"


def _document() -> report.Document:
    return report.Document("Loot Island: variants", answers=[HEALERS, BONUS], facts=[{"game": "loot", "title": "4 players"}])


def test_the_html_first_screen_links_the_caveat_of_the_answer_about_healers_only(tmp_path):
    page = report.to_html(_document(), ROOT / "reports")
    items = page.split("<li>")[1:3]
    assert f'Healer costs are a reconstruction (<a href="{VALUES}">values</a>).' in items[0]
    assert "reconstruction" not in items[1]
    assert "Every result here rests on reconstructed components: Healer costs and the small islands" in page


def test_the_markdown_report_findings_file_and_terminal_carry_the_caveats(tmp_path):
    document = _document()
    markdown = report.write(document, tmp_path / "r.md", "md").read_text(encoding="utf-8")
    assert f"1. {HEALERS} *Healer costs are a reconstruction ([values](" in markdown
    assert f"2. {BONUS}\n" in markdown
    section = experiment.findings_section("loot-variants", "loot-variants.html", document, ROOT / "reports")
    assert f"*Healer costs are a reconstruction ([values]({VALUES})).*" in section
    assert f"*Every result here rests on reconstructed components: Healer costs and the small islands ([values]({VALUES})).*" in section
    lines = experiment.terminal_summary(document)
    assert lines[1].endswith(f"Healer costs are a reconstruction (values: {VALUES}).") and lines[2] == f"2. {BONUS}"


def test_a_report_of_a_game_without_reconstructions_has_no_caveat():
    document = report.Document("toy", answers=["healer cost"], facts=[{"game": "toy"}])
    assert reconstructions.first_screen(document) == ([None], None)
    assert "reconstruction" not in report.to_html(document)
