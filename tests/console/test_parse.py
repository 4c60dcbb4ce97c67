"""Reading console lines (COMMANDS.md, console contract)."""
import pytest

from bot.console.parse import ParseError, parse_command, parse_line


def test_name_command_and_options():
    line = parse_line("alice: /attack target:ゾンビ weapon:こぶし")
    assert (line.channel, line.name, line.command) == (None, "alice", "attack")
    assert line.options == {"target": "ゾンビ", "weapon": "こぶし"}


def test_values_run_to_the_next_known_option_and_may_hold_spaces_and_colons():
    assert parse_command("roll command:CCB<=70 こぶし 攻撃: 1回目") == ("roll", {"command": "CCB<=70 こぶし 攻撃: 1回目"})
    assert parse_command('char set name:"見本 花子" key:こぶし value:70')[1] == {
        "name": "見本 花子", "key": "こぶし", "value": "70"}


def test_japanese_names_full_width_colons_and_case():
    assert parse_command("戦闘 開始") == ("battle start", {})
    assert parse_command("攻撃 対象：ゾンビ 武器:バット") == ("attack", {"target": "ゾンビ", "weapon": "バット"})
    assert parse_command("char new name:アリス STR:12 Con:13")[1] == {"name": "アリス", "str": "12", "con": "13"}


def test_channel_prefix_buttons_and_chat():
    line = parse_line("@room2 bob: [回避]")
    assert (line.channel, line.name, line.button) == ("room2", "bob", "回避")
    assert parse_line("bob: CCB<=50 目星").chat == "CCB<=50 目星"


@pytest.mark.parametrize("text,message", [
    ("fireball", "というコマンドはありません"),
    ("attack ゾンビ", "オプション「ゾンビ」が読めません"),
    ("battle start now", "オプションがありません"),
])
def test_unreadable_commands_explain_themselves(text, message):
    with pytest.raises(ParseError, match=message):
        parse_command(text)


def test_a_line_without_a_name():
    with pytest.raises(ParseError, match="名前: 内容"):
        parse_line("/battle status")


@pytest.mark.parametrize("text,stray", [
    ("char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:14 LUCK:99", "LUCK"),
    ("attack target:ゾンビ weapon:こぶし foo:bar", "foo"),
])
def test_an_unknown_option_is_named_not_swallowed(text, stray):
    with pytest.raises(ParseError, match=f"「{stray}:」は"):
        parse_command(text)


def test_free_text_options_keep_their_colons():
    assert parse_command("roll command:CCB<=70 目標:ゾンビ")[1] == {"command": "CCB<=70 目標:ゾンビ"}


def test_typed_values_are_read_as_discord_would_take_them(tmp_path):
    assert parse_command("kp handover user:@bob") == ("kp handover", {"user": "bob"})
    assert parse_command("kp role role:＠キーパー") == ("kp role", {"role": "キーパー"})
    assert parse_command("kp undo steps:１００") == ("kp undo", {"steps": "１００"})
    sheet = tmp_path / "sheet.json"
    sheet.write_text('{"kind": "character"}', encoding="utf-8")
    assert parse_command(f"char import file:{sheet}") == ("char import", {"data": '{"kind": "character"}'})


@pytest.mark.parametrize("text,message", [
    ("kp undo steps:0", "steps の値が小さすぎます（1〜100 の整数）。"),
    ("kp undo steps:101", "steps の値が大きすぎます（1〜100 の整数）。"),
    ("attack target:ゾンビ modifier:たくさん", "modifier には整数を指定してください（「たくさん」は数値ではありません）。"),
    ("char import file:/nonexistent/sheet.json", "ファイル「/nonexistent/sheet.json」を開けません: No such file or directory"),
])
def test_typed_values_out_of_range_or_unreadable_are_refused(text, message):
    with pytest.raises(ParseError) as raised:
        parse_command(text)
    assert str(raised.value) == message


def test_a_sheet_file_over_the_limit_is_refused_as_on_discord(tmp_path):
    sheet = tmp_path / "big.json"
    sheet.write_bytes(b" " * 1_000_001)
    with pytest.raises(ParseError) as raised:
        parse_command(f"char import file:{sheet}")
    assert str(raised.value) == ("ファイル「big.json」は大きすぎます（1,000,001 バイト、上限 1,000,000 バイト）。"
                                 "キャラクターシートのJSONかテキストを添付してください。")
