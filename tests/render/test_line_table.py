"""Lines looked up by event class (bot/render/line_table.py) read as the cascades they replace."""
import pytest

from bot.render.line_table import LineTable, joined
from rules.systems.coc6.events import CheckRolled
from rules.systems.coc7.events import Check7Rolled


def test_a_subclass_takes_its_base_class_row_and_groups_are_asked_in_order():
    table = LineTable({Check7Rolled: lambda e, _: None}, {CheckRolled: lambda e, view: f"{view}:{e.unit}"})
    roll = dict(purpose="目星", target=60, roll=12, level="成功", text="成功", skills=[])
    assert table(Check7Rolled(unit="アリス", faces=[12], **roll), "v") == "v:アリス"
    assert table(CheckRolled(unit="ゾンビ", **roll), "v") == "v:ゾンビ"
    assert table(object()) is None


def test_two_rows_of_one_group_for_one_class_are_refused():
    with pytest.raises(ValueError):
        LineTable({CheckRolled: lambda e, _: "a", Check7Rolled: lambda e, _: "b"})
    with pytest.raises(ValueError):
        joined({CheckRolled: lambda e, _: "a"}, {CheckRolled: lambda e, _: "b"})
