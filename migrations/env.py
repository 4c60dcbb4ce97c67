"""Alembic environment: runs on the connection the bot hands over (``config.attributes``), or
on the URL from the bot's settings when run as ``alembic upgrade head``."""
from __future__ import annotations

import asyncio

from alembic import context

from bot.store.models import Base

config = context.config
target_metadata = Base.metadata


def run_on(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        run_on(connection)
        return
    from sqlalchemy.ext.asyncio import create_async_engine

    from bot.config import Settings

    async def main() -> None:
        engine = create_async_engine(Settings().resolved_database_url())
        async with engine.begin() as conn:
            await conn.run_sync(run_on)
        await engine.dispose()

    asyncio.run(main())


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_online()
