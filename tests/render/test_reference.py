"""docs/commands.md is generated from the code (issue 27): it fails here whenever the file and
the spec, the permission table, the chat forms or the KP settings disagree, and says the one
command that writes it again."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main, reference_text, write_docs
from bot.commands import settings as kp_settings
from bot.commands.spec import COMMANDS
from bot.render.chat_forms import CHAT_FORMS
from bot.render.reference import DOCS_PATH, REGENERATE, command_groups

ROOT = Path(__file__).resolve().parents[2]
TEXT = reference_text()
SETTINGS = TEXT[TEXT.index("## KP設定"):]


def test_the_file_is_what_the_code_says():
    stored = (ROOT / DOCS_PATH).read_text(encoding="utf-8")
    assert stored == TEXT, f"{DOCS_PATH} はコードと食い違っています。`{REGENERATE}` で書き直してください。"


def _section(cmd) -> str:
    """The part of the reference about ``cmd``: from its heading to the next one."""
    start = TEXT.index(f"### `/{cmd.ja}`（`/{cmd.path}`）\n")
    end = TEXT.find("\n#", start + 1)
    return TEXT[start:end]


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda cmd: cmd.path)
def test_every_command_has_its_paths_its_description_and_every_option(cmd):
    section = _section(cmd)
    assert cmd.desc in section
    for option in cmd.options:
        assert f"| `{option.ja}` | `{option.name}` |" in section
        for value, _label in option.choices:
            assert f"`{value}`" in section


def test_an_option_row_gives_type_range_and_requirement():
    attack = _section(next(c for c in COMMANDS if c.path == "attack"))
    assert "| `補正` | `modifier` | 整数 | — | -999〜999 | 技能値への補正（%） |" in attack
    assert "| `対象` | `target` | 文字 | 必須 | — | 攻撃する相手 |" in attack
    assert "使える人: 参加者（自分のユニット。KPは as: で誰でも）" in attack
    kp_set = _section(next(c for c in COMMANDS if c.path == "kp set"))
    assert "| `対象` | `target` | 文字 | 必須 | — | ユニット（`name`・`名前` でも） |" in kp_set
    assert "使える人: KP" in kp_set


def test_choices_are_shown_with_their_labels():
    check = _section(next(c for c in COMMANDS if c.path == "check"))
    assert "`r`（レギュラー）、`h`（ハード）、`e`（イクストリーム）" in check
    new = _section(next(c for c in COMMANDS if c.path == "battle new"))
    assert "`coc6-house`（CoC6 ハウスルール）" in new and "返事は本人にだけ表示" not in new


def test_the_chat_forms_are_the_ones_help_shows():
    for form in CHAT_FORMS[1:]:
        assert f"- {form.strip()}\n" in TEXT


@pytest.mark.parametrize("key", list(kp_settings.OPTIONS))
def test_every_kp_setting_has_a_row_with_its_clause(key):
    option = kp_settings.OPTIONS[key]
    row = next(line for line in SETTINGS.splitlines() if line.startswith("| ") and f"| `{key}` |" in line)
    assert row.endswith(f"| {option.clause} |")


def test_a_setting_row_gives_its_japanese_names_and_each_systems_default():
    rows = {line.split(" | ")[1]: line for line in SETTINGS.splitlines() if line.startswith("| `")}
    assert rows["`parry_free_at`"] == ("| `受け流し宣言` | `parry_free_at` | 宣言なしで受け流せる〈マーシャルアーツ〉〈武道〉の値 | 整数 | "
                                       "11（CoC6 ハウスルール）、1（CoC6 基本ルール・CoC6 武道ルール） | H-DEF-PARRY-03 |")
    assert rows["`chat_declarations`"].startswith("| `チャット宣言`（`チャット` でも） | `chat_declarations` |")
    assert rows["`turn_reminder_minutes`"].endswith("| 整数 | 10 | H-GEN-01 |")


def test_the_command_groups_of_help_and_the_reference_are_one():
    firsts = [first for first, _ja, _cmds in command_groups()]
    assert firsts[:3] == ["roll", "char", "battle"]
    assert sum(len(cmds) for _f, _j, cmds in command_groups()) == len(COMMANDS)


def test_docs_writes_the_file_and_check_says_when_it_differs(tmp_path, capsys):
    assert write_docs(check=True, root=tmp_path) == 1
    assert not (tmp_path / DOCS_PATH).exists()
    assert f"`{REGENERATE}` で書き直してください" in capsys.readouterr().err
    assert write_docs(root=tmp_path) == 0
    assert (tmp_path / DOCS_PATH).read_text(encoding="utf-8") == TEXT
    assert write_docs(check=True, root=tmp_path) == 0
    assert main(["docs", "--check"]) == 0  # the repository's own file, through the command line
