"""Settings from the environment or a ``.env`` file (pydantic-settings); see ``.env.example``."""
from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from typing_extensions import Annotated


class Settings(BaseSettings):
    """Every setting of the bot. Environment variables use the upper-case names."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", description="Discord bot token (Developer Portal → Bot)")
    data_dir: Path = Field(default=Path("data"), description="directory for the database file")
    database_url: str = Field(default="", description="SQLAlchemy async URL; default SQLite in data_dir")
    dev_guild_id: int | None = Field(default=None, description="guild for `python -m bot sync --guild`")
    log_level: str = Field(default="INFO")
    turn_reminder_minutes: int = Field(default=10, description="remind an idle actor after this")
    turn_autoskip_minutes: int = Field(default=0, description="auto-skip an idle turn (0 = off)")
    shard_count: int | None = Field(default=None, ge=1,
                                    description="total shards over all processes (empty: Discord's recommendation)")
    portrait_url: str = Field(default="", description="public https address the kept portraits are served under "
                                                       "(e.g. https://bot.example.jp; empty: the webhook wears them)")
    portrait_port: int | None = Field(default=None, ge=1, le=65535,
                                      description="port this process serves the portraits on (behind PORTRAIT_URL)")
    portrait_host: str = Field(default="0.0.0.0", description="address the portrait server listens on")
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None, description="the shards this process runs, e.g. 0,1 (needs SHARD_COUNT; empty: all)")

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value):
        """``SHARD_IDS=0,1`` (or ``0-3``) as a list of ints; empty means all shards."""
        if isinstance(value, str):
            ids: list[int] = []
            for part in value.replace(" ", "").split(","):
                if "-" in part:
                    low, high = part.split("-", 1)
                    ids.extend(range(int(low), int(high) + 1))
                elif part:
                    ids.append(int(part))
            return ids or None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> "Settings":
        """SHARD_IDS needs SHARD_COUNT, and every id is below it."""
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS を使うときは SHARD_COUNT（全プロセスの合計シャード数）も設定してください")
            wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if wrong:
                raise ValueError(f"SHARD_IDS の {wrong} は 0〜{self.shard_count - 1} の範囲にありません（SHARD_COUNT={self.shard_count}）")
        return self

    @field_validator("discord_token")
    @classmethod
    def _no_blank_token(cls, value: str) -> str:
        """Surrounding spaces are no part of a token: ``"   "`` is no token at all."""
        return value.strip()

    def resolved_database_url(self) -> str:
        """``database_url`` or ``sqlite+aiosqlite:///<data_dir>/bot.db`` (creating data_dir)."""
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{(self.data_dir / 'bot.db').resolve()}"


def sqlite_url(path: str | Path) -> str:
    """The async SQLAlchemy URL of the SQLite file ``path``."""
    return f"sqlite+aiosqlite:///{Path(path).resolve()}"
