"""The A/B benchmark (``islandsim bench-ab``): alternation, the ratio interval, input errors.

No assertion here is about speed (a loaded machine decides those): the tests check the order of
the processes, what each is asked, the arithmetic of the interval, and that a comparison of HEAD
with itself on the toy game goes through the real export and child processes.
"""

from __future__ import annotations

import math
import statistics

import pytest

from simulator.benchmark import ab
from simulator.core.engine.registry import UsageError
from tests.cli_helpers import islandsim

TOY_MODULE = "tests.analysis.toygame"


class ScriptedChild:
    """A stand-in for the child processes: records every call and answers from a script of CPU times."""

    def __init__(self, seconds: dict[str, list[float]], decisions: dict[str, int | None]):
        self.seconds = {side: list(values) for side, values in seconds.items()}
        self.decisions = decisions
        self.calls: list[tuple[str, dict]] = []

    def __call__(self, side: ab.Side, request: dict) -> dict:
        self.calls.append((side.name, request))
        if request["repeats"] == 0:
            return {"cpu_seconds": [], "decisions": self.decisions[side.name], "simulator": "x", "lineup": []}
        value = self.seconds[side.name].pop(0)
        return {"cpu_seconds": [value * 1.5, value, value * 1.2][: request["repeats"]], "decisions": None,
                "simulator": "x", "lineup": []}  # fmt: skip


SIDES = {ab.BASE: ab.Side(ab.BASE, "base", ab.PACKAGE_ROOT), ab.NEW: ab.Side(ab.NEW, "new", ab.PACKAGE_ROOT)}


def test_compare_compiles_each_side_once_untimed_then_alternates_base_and_new():
    child = ScriptedChild({ab.BASE: [2.0, 2.2, 1.8], ab.NEW: [1.0, 1.2, 0.9]}, {ab.BASE: None, ab.NEW: 500})
    cases = [ab.Case("sails", 4, ("first_option",) * 4)]
    [measurement] = ab.compare(cases, SIDES, n=100, rounds=3, repeats=3, seed=7, child=child)
    order = [name for name, _ in child.calls]
    assert order == ["base", "new", "base", "new", "base", "new", "base", "new"]
    compile_requests = [request for _, request in child.calls[:2]]
    assert all(request["repeats"] == 0 and request["count_decisions"] for request in compile_requests)
    timed = [request for _, request in child.calls[2:]]
    assert all(request["repeats"] == 3 and not request["count_decisions"] for request in timed)
    assert {request["seed"] for _, request in child.calls} == {7}
    assert {request["n"] for _, request in child.calls} == {100}
    # the option-0 strategy is the child's own function on both sides
    assert timed[0]["lineup"] == [f"{ab.CHILD_MODULE}:first_option"] * 4
    # each process counts by its fastest chunk
    assert measurement.seconds == {ab.BASE: [2.0, 2.2, 1.8], ab.NEW: [1.0, 1.2, 0.9]}
    assert measurement.decisions == {ab.BASE: None, ab.NEW: 500}


def test_summary_row_ratio_lies_in_its_interval_and_per_decision_borrows_the_count():
    measurement = ab.Measurement(ab.Case("loot", 4), n=1000)
    measurement.seconds = {ab.BASE: [0.20, 0.22, 0.19, 0.21], ab.NEW: [0.10, 0.12, 0.10, 0.10]}
    measurement.decisions = {ab.BASE: None, ab.NEW: 50_000}
    row = ab.summarize(measurement)
    assert row["ratio_low"] < row["ratio"] < row["ratio_high"]
    assert row["base_us_per_game"] == pytest.approx(1e6 * statistics.median([0.20, 0.22, 0.19, 0.21]) / 1000)
    assert row["new_us_per_game"] == pytest.approx(100.0)
    assert row["new_us_per_decision"] == pytest.approx(100.0 * 1000 / 50_000)
    assert row["base_us_per_decision"] == pytest.approx(row["base_us_per_game"] * 1000 / 50_000)
    assert row["decisions_borrowed"] is True
    text = ab.format_results([row], "abc1234", "this tree")
    assert "* decisions counted on the other side" in text
    assert "abc1234" in text and f"{row['ratio']:.3f} [{row['ratio_low']:.3f}, {row['ratio_high']:.3f}]" in text


def test_ratio_interval_is_the_t_interval_on_log_ratios():
    base, new = [1.0, 2.0, 4.0], [1.1, 1.8, 4.4]
    logs = [math.log(b / a) for a, b in zip(base, new)]
    half = 4.303 * statistics.stdev(logs) / math.sqrt(3)
    ratio, low, high = ab.ratio_interval(base, new)
    assert ratio == pytest.approx(math.exp(statistics.fmean(logs)))
    assert (low, high) == pytest.approx((math.exp(statistics.fmean(logs) - half), math.exp(statistics.fmean(logs) + half)))
    assert ab.ratio_interval([2.0, 2.0], [1.0, 1.0]) == pytest.approx((0.5, 0.5, 0.5))
    with pytest.raises(ValueError):
        ab.ratio_interval([1.0], [1.0])


def test_t_quantile_table_and_expansion_meet():
    assert ab.t_quantile_975(1) == 12.706
    assert ab.t_quantile_975(30) == 2.042
    assert ab.t_quantile_975(31) == pytest.approx(2.0395, abs=0.001)
    assert ab.t_quantile_975(120) == pytest.approx(1.9799, abs=0.001)
    assert ab.t_quantile_975(10**6) == pytest.approx(1.95996, abs=0.0001)


def test_lineup_parsing():
    assert ab.parse_lineup("default", 4) == ()
    assert ab.parse_lineup("ismcts+budget=400", 3) == ("ismcts+budget=400",) * 3
    assert ab.parse_lineup("greedy,random", 2) == ("greedy", "random")
    with pytest.raises(UsageError, match="names 2 strategies for 4 players"):
        ab.parse_lineup("greedy,random", 4)
    with pytest.raises(UsageError, match="empty strategy name"):
        ab.parse_lineup("greedy,,random", 3)


def _in_a_git_clone() -> bool:
    try:
        ab.resolve_commit("HEAD")
    except UsageError:
        return False
    return True


@pytest.mark.skipif(not _in_a_git_clone(), reason="bench-ab exports a revision: needs git and a clone")
def test_a_b_of_head_against_itself_on_the_toy_game(tmp_path):
    """The real machinery: HEAD exported, one compile process and two rounds per side."""
    rows, label = ab.run_ab("HEAD", ("toy",), 3, ("default",), n=50, rounds=2, repeats=1, seed=1,
                            cache_root=tmp_path, game_module=TOY_MODULE)  # fmt: skip
    [row] = rows
    assert label == ab.resolve_commit("HEAD")[:7]
    assert (row["game"], row["players"], row["lineup"], row["rounds"]) == ("toy", 3, "default", 2)
    assert row["base_us_per_game"] > 0 and row["new_us_per_game"] > 0
    assert row["ratio_low"] <= row["ratio"] <= row["ratio_high"]
    tree = tmp_path / ab.resolve_commit("HEAD") / "tree"
    assert (tree / "simulator" / "benchmark" / "ab_child.py").is_file()


def test_a_child_that_imports_another_tree_is_refused(tmp_path, monkeypatch):
    """A side whose folder holds no islandsim: the child imports this tree's (next on PYTHONPATH),
    which the check catches."""
    monkeypatch.setenv("PYTHONPATH", str(ab.PACKAGE_ROOT))
    (tmp_path / "scratch").mkdir()
    (tmp_path / "scratch" / f"{ab.CHILD_MODULE}.py").write_text(ab.CHILD_SOURCE.read_text())
    side = ab.Side(ab.BASE, "empty", tmp_path / "empty")
    (tmp_path / "empty").mkdir()
    request = {"game": "toy", "players": 3, "lineup": [], "n": 5, "repeats": 0, "seed": 1, "count_decisions": False,
               "game_module": TOY_MODULE}  # fmt: skip
    with pytest.raises(UsageError, match="imported islandsim from"):
        ab.run_child(side, request, tmp_path / "scratch")


def test_a_usage_error_in_the_child_names_the_side(tmp_path):
    (tmp_path / f"{ab.CHILD_MODULE}.py").write_text(ab.CHILD_SOURCE.read_text())
    side = ab.Side(ab.NEW, "this tree", ab.PACKAGE_ROOT)
    request = {"game": "nosuchgame", "players": 4, "lineup": [], "n": 5, "repeats": 0, "seed": 1,
               "count_decisions": False}  # fmt: skip
    with pytest.raises(UsageError, match=r"new \(this tree\): unknown game 'nosuchgame'"):
        ab.run_child(side, request, tmp_path)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["no-such-revision-xyz", "--game", "sails"], "error: unknown revision 'no-such-revision-xyz'"),
        (["--upload-pack=x", "--game", "sails"], "error: "),
        (["HEAD", "--game", "sails", "--rounds", "1"], "error: --rounds must be at least 2"),
        (["HEAD", "--game", "sails", "--n", "0"], "error: --n must be at least 1"),
        (["HEAD", "--game", "sails", "--repeats", "0"], "error: --repeats must be at least 1"),
        (["HEAD", "--game", "sails", "--players", "0"], "error: --players must be at least 1"),
        (["HEAD", "--game", "sails", "--lineup", "greedy,random"], "error: --lineup 'greedy,random' names 2"),
        (["HEAD"], "error: Missing option '--game'"),
        (["HEAD", "--game", "sails", "--json", "--format", "md"], "error: give --json or --format md, not both"),
    ],
)
def test_bad_input_is_one_error_line_and_status_2(capsys, arguments, message):
    status, out, err = islandsim(capsys, "bench-ab", *arguments)
    assert status == 2
    assert out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_the_child_finds_the_core_modules_under_their_names_before_issue_24():
    """A base revision older than the house order (3974a9e) has ``simulator.core.runner``, not
    ``simulator.core.run.runner``: the child falls back on the old name, and prefers the new one."""
    from simulator.benchmark.ab_child import _core_module

    assert _core_module("simulator.core.no_such_module", "simulator.core.run.runner").__name__ == \
        "simulator.core.run.runner"
    assert _core_module("simulator.core.engine.registry", "simulator.core.no_such_module").__name__ == \
        "simulator.core.engine.registry"


def test_default_names_the_untuned_default_strategy_so_both_revisions_play_it():
    # a lineup with no names plays the tuned default since issue 37, and the untuned one in older
    # revisions: bench-ab's "default" must time the same players on both sides
    from simulator.benchmark.ab import Case, named_default

    assert named_default(Case("sails", 4)).lineup == ("greedy",) * 4
    assert named_default(Case("sails", 4, ("bluffer",) * 4)).lineup == ("bluffer",) * 4
