"""Reply and Button store their fields through rules.battle.frozen.quick_init (issue 27):
their __init__ must take exactly the dataclass fields, in order, with the same defaults, and
``replaced`` must copy them as dataclasses.replace does."""
import dataclasses
import inspect

import pytest

from bot.render.reply import Button, Reply
from rules.battle.frozen import replaced


@pytest.mark.parametrize("cls", [Reply, Button])
def test_init_takes_the_fields_in_order_with_their_defaults(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [inspect.Parameter.empty if f.default is dataclasses.MISSING
                                           else f.default for f in fields]


def test_made_replies_are_frozen_equal_hashable_and_replaceable():
    button = Button("回避", "cb:1:a1:dodge", "success")
    reply = Reply("x", mentions=("alice",), buttons=(button,))
    assert reply == Reply(text="x", mentions=("alice",), buttons=(Button("回避", "cb:1:a1:dodge", "success"),))
    assert hash(button) == hash(Button("回避", "cb:1:a1:dodge", "success"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        reply.text = "y"  # type: ignore[misc]
    assert dataclasses.replace(reply, tag="board:1") == replaced(reply, tag="board:1")
    assert Reply.from_dict(reply.to_dict()) == reply
    assert repr(button) == "Button(label='回避', custom_id='cb:1:a1:dodge', style='success')"
