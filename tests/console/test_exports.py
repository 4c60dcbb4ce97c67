"""Each database's console attachments go to their own folder: two databases side by side
never overwrite each other's ``battle-1.txt`` (issue 10)."""
from __future__ import annotations

from pathlib import Path

from bot.cli import exports_dir


def test_exports_dir_is_named_for_the_database(tmp_path):
    assert exports_dir(tmp_path / "a.db") == tmp_path / "exports" / "a"
    assert exports_dir(tmp_path / "b.sqlite3") == tmp_path / "exports" / "b"


def test_two_databases_in_one_folder_keep_their_own_logs(play, tmp_path: Path):
    first = play("kp: /battle new system:coc6\nkp: /battle log\n", "")
    second = play("kp: /battle new system:coc6-house\nkp: /battle log\n", "")
    assert "基本ルール" in first.said(1) and "ハウスルール" in second.said(1)
    one = (tmp_path / "exports" / "bot1" / "battle-1-kp.txt").read_text(encoding="utf-8")
    two = (tmp_path / "exports" / "bot2" / "battle-1-kp.txt").read_text(encoding="utf-8")
    assert one.splitlines()[0].startswith("CoC6 基本ルール")
    assert two.splitlines()[0].startswith("CoC6 ハウスルール")
    assert not (tmp_path / "exports" / "battle-1-kp.txt").exists()
