"""Reading console lines (COMMANDS.md, console contract)."""
import pytest

from bot.transports.console.parse import ParseError, parse_command, parse_line


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


@pytest.mark.parametrize("text,parsed", [
    ("roll 1D100", ("roll", {"command": "1D100"})),
    ("roll CCB<=50 目星", ("roll", {"command": "CCB<=50 目星"})),
    ("ロール ＣＣＢ＜＝５０", ("roll", {"command": "ＣＣＢ＜＝５０"})),  # kept as typed, as command: is
    ("check 目星", ("check", {"skill": "目星"})),
    ("check SAN loss:1/1D6", ("check", {"skill": "SAN", "loss": "1/1D6"})),
    ("check 聞き耳 modifier:-10", ("check", {"skill": "聞き耳", "modifier": "-10"})),
    ("char show アリス", ("char show", {"name": "アリス"})),
    ('char show "見本 花子"', ("char show", {"name": "見本 花子"})),
])
def test_a_value_right_after_roll_check_or_char_show_is_its_main_option(text, parsed):
    assert parse_command(text) == parsed


@pytest.mark.parametrize("text,message", [
    ("attack ゾンビ", "オプション「ゾンビ」が読めません。オプションは「名前:値」で書きます（例: /attack target:ゾンビ）。"
                     "/attack のオプション: target:、weapon:、special:、aim:、mode:、shots:、modifier:、power:、bonus:、as:"),
    ("check 目星 skill:聞き耳", "オプション「目星」が読めません。オプションは「名前:値」で書きます（例: /check skill:目星）。"
                            "/check のオプション: skill:、target:、modifier:、loss:、character:、bonus:、difficulty:、luck:、as:、source:、push:、reason:、opposed:、against:"),
    ("check 目星 foo:bar", "「foo:」は /check のオプションにありません。使えるオプション: skill:、target:、modifier:、loss:、character:、bonus:、difficulty:、luck:、as:、source:、push:、reason:、opposed:、against:"),
    ("kp place unit:ゾンビ to:C4", "「unit:」は /kp place のオプションにありません。使えるオプション: name:、to:"),
])
def test_a_bare_value_elsewhere_is_refused_with_the_form_to_type(text, message):
    with pytest.raises(ParseError) as raised:
        parse_command(text)
    assert str(raised.value) == message


@pytest.mark.parametrize("text,message", [
    ("battle", "/battle だけでは何をするか分かりません。後ろに続けて書いてください（例: /battle new）。"
               "続けられるのは: new、join、add、start、status、remove、end、reopen、log、map"),
    ("kp", "/kp だけでは何をするか分かりません。後ろに続けて書いてください（例: /kp set）。"
           "続けられるのは: set、place、object、override、allow、undo、redo、skip、rest、close、pending、order、setting、role、handover、voice"),
    ("battle foo", "「/battle foo」というコマンドはありません。/battle の後ろに続けられるのは: "
                   "new、join、add、start、status、remove、end、reopen、log、map"),
])
def test_a_group_alone_asks_for_its_subcommand(text, message):
    with pytest.raises(ParseError) as raised:
        parse_command(text)
    assert str(raised.value) == message


def test_a_line_without_a_name():
    with pytest.raises(ParseError, match="名前: 内容"):
        parse_line("/battle status")


@pytest.mark.parametrize("text,stray", [
    ("char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:14 MOV:8", "MOV"),  # luck: is an option (7th)
    ("attack target:ゾンビ weapon:こぶし foo:bar", "foo"),
])
def test_an_unknown_option_is_named_not_swallowed(text, stray):
    with pytest.raises(ParseError, match=f"「{stray}:」は"):
        parse_command(text)


def test_kp_set_reads_char_sets_name_and_key_as_its_target_and_field():
    wanted = ("kp set", {"target": "ゾンビ", "field": "HP", "value": "3"})
    assert parse_command("kp set name:ゾンビ key:HP value:3") == wanted
    assert parse_command("kp set 名前:ゾンビ 項目:HP 値:3") == wanted
    assert parse_command("kp set target:ゾンビ field:HP value:3") == wanted


async def test_a_kp_typing_kp_set_as_char_set_sets_the_units_hp(console_table):
    table = await console_table()
    await table.say("kp: /battle new")
    await table.say("kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1")
    await table.say("kp: /battle add name:ゾンビ character:ゾンビ")
    set_ = await table.say("kp: /kp set name:ゾンビ key:HP value:3")
    assert [m["text"] for m in set_] == ["⚖ KP裁定［設定］ゾンビのHPを3に（kp）\nゾンビ HP 15 → 3"]


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
    ("char new name:テスト STR:abc", "STR には整数を指定してください（「abc」は数値ではありません）。"),
    ("char import file:/nonexistent/sheet.json", "ファイル「/nonexistent/sheet.json」を開けません（ファイルがありません）。パスを確かめてください。"),
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


async def test_the_banners_short_forms_roll_check_and_show_through_the_console(console_table):
    table = await console_table([42, 20])
    await table.say("alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15")
    assert [m["text"] for m in await table.say("alice: /roll 1D100")] == ["alice\n(1D100) ＞ 42"]
    assert [m["text"] for m in await table.say("alice: /check 目星")] == ["🎲 アリス 目星（25%）：(1D100<=25) ＞ 20 ＞ 成功\n📈 アリス〈目星〉に成長の印"]
    shown = await table.say("alice: /char show アリス")
    assert [(m["to"], m["text"].splitlines()[0]) for m in shown] == [("alice", "【アリス】")]
