"""Characters through the console: ownership, re-registering, import, weapons."""
import json
import pytest

NEW = "{who}: /char new name:{name} STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15"


async def test_joining_with_someone_elses_character_is_refused(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス"))
    await table.say("kp: /battle new")
    messages = await table.say("bob: /battle join character:アリス")
    assert messages[0]["ephemeral"] and messages[0]["to"] == "bob"
    assert "他のユーザーのキャラクター" in messages[0]["text"]
    assert (await table.say("alice: /battle join character:アリス"))[0]["ephemeral"] is False


async def test_an_unknown_name_is_answered_with_the_users_own_characters_only(console_table):
    table = await console_table()
    await table.say(NEW.format(who="kp", name="黒衣の信者A"))
    await table.say(NEW.format(who="alice", name="アリス"))
    await table.say("kp: /battle new")
    carol = await table.say("carol: /battle join character:存在しない")
    assert [(m["to"], m["text"]) for m in carol] == [
        ("carol", "キャラクター「存在しない」は登録されていません。あなたのキャラクターはまだありません（/char new で作れます）。")]
    alice = await table.say("alice: /char show name:存在しない")
    assert alice[0]["text"] == "キャラクター「存在しない」は登録されていません。あなたのキャラクター: アリス"
    keeper = await table.say("kp: /battle add name:信者 character:信者")
    assert keeper[0]["text"] == "キャラクター「信者」は登録されていません。あなたのキャラクター: 黒衣の信者A"


async def test_a_sheet_is_shown_only_to_its_owner(console_table):
    table = await console_table()
    await table.say(NEW.format(who="kp", name="グール"))
    reply = await table.say("kp: /char show name:グール")
    assert reply[0]["to"] == "kp" and "STR12" in reply[0]["text"]
    refused = await table.say("alice: /char show name:グール")
    assert refused[0]["to"] == "alice" and "その持ち主だけが表示できます" in refused[0]["text"]
    assert "STR" not in refused[0]["text"]
    await table.say("kp: /battle new")
    named = await table.say("kp: /battle add name:@everyone character:グール")
    assert named[0]["ephemeral"] and "メンション" in named[0]["text"]


async def test_char_new_again_updates_characteristics_and_keeps_skills(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス"))
    await table.say("alice: /char set name:アリス key:こぶし value:90")
    again = await table.say("alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:16 APP:10 SIZ:13 INT:13 EDU:15")
    assert "能力値を更新しました" in again[0]["text"] and "回避 32%" in again[0]["text"]
    shown = await table.say("alice: /char show name:アリス")
    assert "こぶし 90%" in shown[0]["text"] and shown[0]["text"].startswith("【アリス】")


@pytest.mark.rule("X-WPN-01", "X-SKILL-01")
async def test_builtin_melee_weapons_use_their_base_skill(console_table):
    table = await console_table()
    await table.say(NEW.format(who="kp", name="教団員"))
    reply = await table.say("kp: /char weapon name:教団員 weapon:ナイフ")
    assert "（ナイフ、25%、1D4、耐久力9、貫通可）" in reply[0]["text"]
    reply = await table.say("kp: /char weapon name:教団員 weapon:手斧")
    assert "（棍棒、20%、1D6+1、耐久力12）" in reply[0]["text"]
    reply = await table.say("kp: /char weapon name:教団員 weapon:斧")
    assert "（棍棒、20%、1D6+1、耐久力12）" in reply[0]["text"]
    assert "武器表の「手斧」として登録しました。別の武器なら weapon:木斧 で登録し直してください" in reply[0]["text"]
    reply = await table.say("kp: /char weapon name:教団員 weapon:鉄パイプ")
    assert "武器表にない名前" in reply[0]["text"] and "hp:" in reply[0]["text"]
    reply = await table.say("kp: /char weapon name:教団員 weapon:斧 damage:1D8+")
    assert reply[0]["ephemeral"] and "ダイス式として読めません" in reply[0]["text"]


@pytest.mark.parametrize("file,name,hp", [
    ("ccfolia_02_coc6_investigator.json", "見本 花子", "HP 14"),
    ("ccfolia_03_enemy_npc_hidden.json", "黒衣の信者A", "HP 13"),
    ("hokanjo_coc6_example.json", "見本 花子", "HP 14"),
])
async def test_import_sample_sheets(console_table, shared, file, name, hp):
    table = await console_table()
    data = json.dumps(json.loads((shared / "data" / "characters" / file).read_text("utf-8")),
                      ensure_ascii=False)
    reply = await table.say(f"alice: /char import data:{data}")
    assert reply[0]["ephemeral"] and reply[0]["to"] == "alice", reply[0]["text"]
    assert f"「{name}」を取り込みました" in reply[0]["text"] and hp in reply[0]["text"]


async def test_import_without_characteristics_says_what_is_missing(console_table, shared):
    table = await console_table()
    data = (shared / "data" / "characters" / "ccfolia_01_minimal.json").read_text("utf-8").strip()
    reply = await table.say(f"alice: /char import data:{data}")
    assert reply[0]["ephemeral"] and "DEX" in reply[0]["text"]


async def test_a_long_comment_never_hides_the_roll(console_table):
    table = await console_table([30])
    reply = await table.say("alice: CCB<=50 " + "あ" * 3000)
    assert "(1D100<=50) ＞ 30 ＞ 成功" in reply[0]["text"] and len(reply[0]["text"]) < 400


async def test_fire_modes_and_numbers_are_checked(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス"))
    reply = await table.say("alice: /char weapon name:アリス weapon:MP5 class:サブマシンガン rof:連射")
    assert reply[0]["ephemeral"] and "rof は 単発/セミオート/フルオート" in reply[0]["text"]
    reply = await table.say("alice: /char weapon name:アリス weapon:MP5 class:サブマシンガン hp:99999999999999999999")
    assert "値が大きすぎます" in reply[0]["text"]


async def test_an_unknown_skill_is_not_rolled_at_zero(console_table):
    table = await console_table([])
    await table.say(NEW.format(who="alice", name="アリス"))
    await table.say("kp: /battle new")
    await table.say("alice: /battle join character:アリス")
    await table.say("kp: /battle start")
    reply = await table.say("alice: /check skill:存在しない技能")
    assert reply[0]["ephemeral"] and "シートにない技能" in reply[0]["text"]


async def test_a_tie_with_a_hidden_npc_is_not_announced(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス"))
    await table.say(NEW.format(who="kp", name="グール"))
    await table.say("kp: /battle new")
    await table.say("alice: /battle join character:アリス")
    await table.say("kp: /battle add name:グール character:グール hidden:true")
    started = "\n".join(m["text"] for m in await table.say("kp: /battle start") if not m["ephemeral"])
    assert "行動順: アリス → グール" in started and "同値" not in started


async def test_a_hidden_npcs_armour_and_weapons_stay_with_the_kp(console_table):
    # アリス hits (10); the hidden 教団員 blocks (20 vs CON×5 = 60): 1D5 = 3 plus armour 2.
    table = await console_table([10, 20, 3, 2, 2])
    await table.say(NEW.format(who="alice", name="アリス"))
    await table.say(NEW.format(who="kp", name="教団員"))
    await table.say("kp: /char set name:教団員 key:装甲 value:2")
    await table.say("kp: /char weapon name:教団員 weapon:警棒")
    await table.say("kp: /char weapon name:教団員 weapon:ナイフ")
    await table.say("kp: /battle new")
    await table.say("alice: /battle join character:アリス")
    await table.say("kp: /battle add name:教団員 character:教団員 hidden:true")
    await table.say("kp: /battle start")
    hit = await table.say("alice: /attack target:教団員 weapon:こぶし")
    prompt = next(m for m in hit if m["buttons"])
    assert "警棒" not in prompt["text"] and not any("：" in b for b in prompt["buttons"])
    blocked = await table.say("kp: /react action:防御 as:教団員")
    public = "\n".join(m["text"] for m in blocked if not m["ephemeral"])
    private = "\n".join(m["text"] for m in blocked if m["ephemeral"])
    assert "装甲" not in public and "教団員は防御で軽減した（数値はKPのみ）" in public
    assert "装甲2" in private


async def test_values_may_hold_a_full_width_colon_and_buttons_full_width_brackets(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス"))
    reply = await table.say("alice: /char set name:アリス key:武道：組み技系 value:70")
    assert "〈武道：組み技系〉 = 70%" in reply[0]["text"]
    await table.say("kp: /battle new")
    await table.say("alice: /battle join character:アリス")
    await table.say("kp: /battle start")
    ended = await table.say("alice: ［ターン終了］")
    assert any("アリスの手番が終わりました" in m["text"] for m in ended)


async def test_char_new_refuses_a_characteristic_below_1_as_discord_would(console_table):
    table = await console_table()
    for line, expected in (
            ("alice: /char new name:アリス STR:0 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
             "STR の値が小さすぎます（1〜999 の整数）。"),
            ("alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:-1 INT:13 EDU:15",
             "SIZ の値が小さすぎます（1〜999 の整数）。")):
        assert [(m["ephemeral"], m["to"], m["text"]) for m in await table.say(line)] == [(True, "alice", expected)]
    shown = await table.say("alice: /char show name:アリス")
    assert shown[0]["text"].startswith("キャラクター「アリス」は登録されていません。")


ADDED = "は技能表にない技能なので、新しい技能として追加しました（名前の誤りなら、正しい名前で設定し直してください）。"


@pytest.mark.parametrize("exchanges", [
    pytest.param([
        ("alice: /char set name:アリス key:目星 value:60", "アリス: 〈目星〉 = 60% に設定しました。"),
        ("alice: /char set name:アリス key:運転（自動車） value:40", "アリス: 〈運転（自動車）〉 = 40% に設定しました。"),
        ("alice: /char set name:アリス key:目星し value:60", "アリス: 〈目星し〉 = 60% に設定しました。\n〈目星し〉" + ADDED),
        ("alice: /char set name:アリス key:目星し value:70", "アリス: 〈目星し〉 = 70% に設定しました。"),  # on the sheet now
    ], id="a skill the rulebook's table lacks is said to be new"),
    pytest.param([
        ("alice: /char weapon name:アリス weapon:バール damage:abc",
         "damage「abc」はダイス式として読めません（例: 1D8, 1D6+2, 2D3+1D4）。"),
        ("alice: /char weapon name:アリス weapon:バール damage:1D0",
         "damage「1D0」は振れません: ダイスの面数は1以上にしてください（0面）（例: 1D8, 1D6+2）。"),
        ("alice: /char weapon name:アリス weapon:バール damage:1D8+1",
         "アリスに武器「バール」を持たせました（棍棒、0%、1D8+1、耐久力なし）。\n（武器表にない名前なので、未指定の項目は"
         "近接武器の既定値にしました。hp: class: で指定できます。耐久力がないと受け流しには使えません）"),
    ], id="a weapon's damage that cannot be rolled is refused as typed"),
    pytest.param([
        ("alice: /char weapon name:アリス weapon:ナイフ（予備）",
         "アリスに武器「ナイフ（予備）」を持たせました（ナイフ、25%、1D4、耐久力9、貫通可）。\n"
         "（武器表にない名前なので、未指定の項目は武器表の「小型ナイフ」の値にしました。damage: hp: class: で変えられます）"),
        ("alice: /char weapon name:アリス weapon:ナイフ（予備） skill:55 damage:1D6",
         "アリスに武器「ナイフ（予備）」を持たせました（ナイフ、55%、1D6、耐久力9、貫通可）。\n"
         "（武器表にない名前なので、未指定の項目は武器表の「小型ナイフ」の値にしました。hp: class: で変えられます）"),
        ("alice: /char weapon name:アリス weapon:大型ナイフ",
         "アリスに武器「大型ナイフ」を持たせました（ナイフ、25%、1D4+2、耐久力15、貫通可）。"),
    ], id="a weapon named after a kind in the table takes that row"),
    pytest.param([
        ("alice: /char set name:アリス key:STR value:0", "STR には1から999の整数を指定してください（「0」は範囲外です）。"),
        ("alice: /char set name:アリス key:ｐｏｗ value:-3", "POW には1から999の整数を指定してください（「-3」は範囲外です）。"),
        ("alice: /char set name:アリス key:DEX value:1000", "DEX には1から999の整数を指定してください（「1000」は範囲外です）。"),
        ("alice: /char set name:アリス key:STR value:1", "アリス: STR = 1 に設定しました。"),
        ("alice: /char set name:アリス key:STR value:197", "アリス: STR = 197 に設定しました。"),  # a monster's (ダール)
    ], id="a characteristic below 1 is refused"),
])
async def test_sheet_edits_answer_exactly(console_table, exchanges):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス"))
    for line, expected in exchanges:
        assert (await table.say(line))[0]["text"] == expected, line


async def test_a_sheet_changed_during_a_battle_says_the_units_sheet_stays_as_it_joined(console_table):
    table = await console_table()
    await table.say(NEW.format(who="alice", name="アリス"))
    await table.say(NEW.format(who="alice", name="ボブ"))
    await table.say(NEW.format(who="kp", name="ゾンビ"))
    await table.say("kp: /battle new")
    await table.say("alice: /battle join character:アリス")
    await table.say("kp: /battle add name:ゾンビ character:ゾンビ")
    await table.say("kp: /battle start")
    armed = await table.say("alice: /char weapon name:アリス weapon:.38リボルバー")
    assert [m["text"] for m in armed] == ["アリスに武器「.38リボルバー」を持たせました（拳銃、20%、1D10、耐久力10、貫通可、装弾数6、故障ナンバー00）。\n"
                                          "（進行中の戦闘のアリスには反映されません。次の戦闘から使えます）"]
    set_ = await table.say("kp: /char set name:ゾンビ key:こぶし value:90")
    assert [m["text"] for m in set_] == ["ゾンビ: 〈こぶし〉 = 90% に設定しました。\n（進行中の戦闘のゾンビには反映されません。"
                                         "次の戦闘から使えます。この戦闘の値はKPが /kp set で変えられます）"]
    elsewhere = await table.say("alice: /char set name:ボブ key:こぶし value:90")
    assert [m["text"] for m in elsewhere] == ["ボブ: 〈こぶし〉 = 90% に設定しました。"]


@pytest.mark.rule("X-WPN-01", "X-IMPALE-01")
@pytest.mark.parametrize("typed,shown", [
    ("weapon:和弓", "（弓、75%、1D6、耐久力8、貫通可）"),  # 〈弓〉 from the sheet, 貫通可 from the row
    ("weapon:大砲 damage:22", "（棍棒、0%、22、耐久力なし）"),  # a fixed damage
    ("weapon:鉄串 impale:true", "（棍棒、0%、1D3、耐久力なし、貫通可）"),  # the explicit flag
])
async def test_hand_entered_weapons_take_the_sheets_skill_a_fixed_damage_and_the_impale_flag(console_table, typed, shown):
    table = await console_table()
    await table.say(NEW.format(who="kp", name="弓子"))
    await table.say("kp: /char set name:弓子 key:弓 value:75")
    reply = await table.say(f"kp: /char weapon name:弓子 {typed}")
    assert shown in reply[0]["text"]
