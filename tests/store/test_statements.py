"""The hot writer's statements (bot.store.writer.Statement): written once with ``:name``
parameters, bound by position on the stdlib sqlite3 driver (:func:`bot.store.writer.qmark`)."""
from __future__ import annotations

from bot.store.writer import Statement, qmark


def test_a_statement_binds_by_position_in_the_order_its_names_stand():
    assert qmark("INSERT INTO t (a, b) VALUES (:a, :b_2) ON CONFLICT (a) DO UPDATE SET b = :a") == (
        "INSERT INTO t (a, b) VALUES (?, ?) ON CONFLICT (a) DO UPDATE SET b = ?", ["a", "b_2", "a"])
    # a colon inside quotes, a time of day and a cast are no parameters
    assert qmark("SELECT ':x', \"col:y\", '12:30', x::text FROM t WHERE k = :k") == (
        "SELECT ':x', \"col:y\", '12:30', x::text FROM t WHERE k = ?", ["k"])
    statement = Statement("INSERT INTO t (p, at, n) VALUES (:p, :at, :n)", json=["p"], times=["at"])
    assert statement.order == (("p", 1), ("at", 2), ("n", 0))
