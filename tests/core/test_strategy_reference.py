"""Strategy references (simulator/core/players/reference.py): one parser for every form a lineup
writes, one resolver (simulator/core/players/strategies.py) that builds what it names."""

import dataclasses

import numpy as np
import pytest

from simulator.core.engine.registry import StrategySpec, UsageError
from simulator.core.players import param_files
from simulator.core.players.reference import StrategyReference, names_user_code, parse_reference
from simulator.core.players.strategies import check_strategy_name, resolve_strategy
from simulator.core.players.strategy_settings import StrategySetting
from tests.analysis import toygame


@pytest.mark.parametrize("text, expected", [
    ("greedy", StrategyReference("greedy")),
    ("greedy@tuned-4p", StrategyReference("greedy", "tuned-4p")),
    ("greedy@weights/my+best.toml", StrategyReference("greedy", "weights/my+best.toml")),
    ("ismcts+budget=400+c=0.5", StrategyReference("ismcts", None, ("budget=400", "c=0.5"))),
    ("greedy@tuned-4p+depth=3", StrategyReference("greedy", "tuned-4p", ("depth=3",))),
    ("mypkg.mod:decide", StrategyReference("mypkg.mod:decide", user_module="mypkg.mod", user_function="decide")),
])
def test_every_form_parses_into_one_value_and_writes_back_the_same_text(text, expected):
    reference = parse_reference(text)
    assert reference == expected
    assert reference.text == text
    assert reference.is_user == (":" in text)
    assert names_user_code(text) == reference.is_user
    with pytest.raises(dataclasses.FrozenInstanceError):
        reference.base = "other"  # type: ignore[misc]


@pytest.mark.parametrize("text, message", [
    ("@tuned-4p", "write a parameter file as STRATEGY@FILE"),
    ("greedy@", "write a parameter file as STRATEGY@FILE"),
    ("greedy+depth=3@tuned-4p", "write a parameter file as STRATEGY@FILE"),
    ("+budget=400", "the strategy's name comes first"),
    ("mypkg.mod:", "a user strategy is written module:function"),
    (":decide", "a user strategy is written module:function"),
    ("mypkg.mod:decide+budget=3", "a user strategy is written module:function"),
])
def test_malformed_references_are_refused_in_one_line(text, message):
    with pytest.raises(UsageError, match=message) as refused:
        parse_reference(text)
    assert "\n" not in str(refused.value) and f"'{text}'" in str(refused.value)


def _toy_with_setting():
    """The toy game whose 'plain' strategy has one tunable weight, then a 'depth' setting."""
    depth = StrategySetting("depth", 1, "search depth", default=3, minimum=1, maximum=9, integer=True)

    def strategies():
        return {name: StrategySpec(name, len, np.array([weight, 3.0]), description, tunable=1)
                for (name, weight), description in zip(toygame.WEIGHTS.items(), toygame.DESCRIPTIONS.values())}

    return dataclasses.replace(toygame.game_spec(), strategy_loader=strategies, strategy_settings={"plain": (depth,)})


def test_the_resolver_applies_a_parameter_file_and_settings_together(tmp_path):
    spec = _toy_with_setting()
    path = tmp_path / "plain-weights.toml"
    path.write_text(param_files.dump("toy", 3, "plain", [5.0], {}))
    name = f"plain@{path}+depth=4"
    check_strategy_name(spec, name)
    strategy = resolve_strategy(spec, name)
    assert strategy.name == name
    assert strategy.params.tolist() == [5.0, 4.0]
    assert resolve_strategy(spec, f"plain@{path}").params.tolist() == [5.0, 3.0]
    assert resolve_strategy(spec, "plain+depth=9").params.tolist() == [2.0, 9.0]
    with pytest.raises(UsageError, match="depth must be a whole number from 1 to 9, not '10'"):
        check_strategy_name(spec, f"plain@{path}+depth=10")


def test_a_parameter_file_of_another_strategy_is_refused_naming_the_right_reference(tmp_path):
    path = tmp_path / "strong-weights.toml"
    path.write_text(param_files.dump("toy", 3, "strong", [5.0], {}))
    with pytest.raises(UsageError, match=r"holds weights of strategy 'strong', not plain; write strong@strong-weights.toml"):
        check_strategy_name(toygame.game_spec(), f"plain@{path}")
