"""Settings from the environment or a ``.env`` file (pydantic-settings); see ``.env.example``."""
from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


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
