"""Delivery keys: a chat message is taken once (issue 18 item 8, issue 28). Its key
(``chat-<message id>``) is a row of ``requests`` inserted by the first durable write the
message makes (a roll's claim, a question, a battle step): a second delivery of the same
message (a gateway replay after a RESUME, another process on the same token) finds it taken."""
from __future__ import annotations

from datetime import datetime

from bot.store.writer import Statement, Tx

_CLAIM = Statement("INSERT INTO requests (request_id, replies, created_at) VALUES (:request_id, :replies, :now)"
                   " ON CONFLICT (request_id) DO NOTHING", json=["replies"], times=["now"])


def claim(tx: Tx, key: str, now: datetime) -> bool:
    """Take the delivery ``key`` in the write transaction ``tx``: True for the one writer that
    recorded it first, also across processes and restarts (kept a day, as every request id:
    ``Store.expire_requests``); a key taken already changes no row (``ON CONFLICT DO NOTHING``)."""
    return tx.execute(_CLAIM, {"request_id": key, "replies": [], "now": now}) == 1
