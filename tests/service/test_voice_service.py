"""Speaking as one's character through the service (issue 31): portraits from a ココフォリア
piece and from an upload, the voice following a renamed or deleted sheet, rolls in speech
kept under the character, a line delivered twice spoken once, and who may voice an NPC."""
from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from bot.render.voice import Voice
from bot.service import Request
from service_table import ALICE, KP, text


def spoken(replies) -> Voice | None:
    """The line spoken as a character among ``replies``, or None."""
    found = [Voice.from_dict(r.voice) for r in replies if r.voice]
    return found[0] if found else None


async def alice(table) -> None:
    await table.say(ALICE, "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)


async def test_a_ccfolia_piece_brings_its_portrait_and_faces(table, shared):
    piece = json.loads((shared / "data" / "characters" / "ccfolia_02_coc6_investigator.json").read_text(encoding="utf-8"))
    piece["data"].update(iconUrl="https://storage.ccfolia-cdn.net/users/u/files/hanako.png",
                         faces=[{"label": "@笑顔", "iconUrl": "https://storage.ccfolia-cdn.net/users/u/files/smile.png"},
                                {"label": "怒り", "iconUrl": None}])
    told = await table.say(ALICE, "char import", data=json.dumps(piece, ensure_ascii=False))
    assert "🖼 立ち絵と表情1つ（笑顔）も取り込みました" in told[0].text
    await table.say(ALICE, "char voice", name="見本 花子")
    plain = spoken(await table.say(ALICE, "chat", text="はじめまして"))
    smile = spoken(await table.say(ALICE, "chat", text="よろしくね @笑顔"))
    assert (plain.avatar_url, smile.avatar_url, smile.speech) == (
        "https://storage.ccfolia-cdn.net/users/u/files/hanako.png",
        "https://storage.ccfolia-cdn.net/users/u/files/smile.png", "よろしくね")


def tall_picture() -> bytes:
    """A 立ち絵 300×600: red above (the face), blue below."""
    picture = Image.new("RGB", (300, 600), (0, 0, 255))
    picture.paste((255, 0, 0), (0, 0, 300, 300))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


async def test_an_uploaded_picture_is_kept_square_from_the_top_and_a_file_that_is_no_picture_refused(table):
    await alice(table)
    req = Request(channel=table.channel, user=ALICE, name=ALICE, command="char portrait",
                  options={"image": tall_picture(), "image_name": "alice.png"})
    assert "ボットが保存しました" in text(await table.service.handle(req))
    await table.say(ALICE, "char voice")
    voice = spoken(await table.say(ALICE, "chat", text="こんにちは"))
    kept = Image.open(io.BytesIO(await table.service.voice.image(voice.image))).convert("RGB")
    assert kept.size == (256, 256) and kept.getpixel((128, 250)) == (255, 0, 0)  # the upper square: the face
    bad = Request(channel=table.channel, user=ALICE, name=ALICE, command="char portrait",
                  options={"image": b"not a picture", "image_name": "sheet.txt"})
    assert text(await table.service.handle(bad)) == "「sheet.txt」は画像として読めませんでした（PNG・JPEG・GIF・WebP を添付してください）。"


async def test_the_voice_portraits_and_prefix_follow_a_renamed_sheet_and_go_with_a_deleted_one(table):
    await alice(table)
    await table.say(ALICE, "char portrait", url="https://example.jp/alice.png")
    await table.say(ALICE, "char voice", name="アリス", prefix="ア:")
    await table.say(ALICE, "char rename", name="アリス", new="アリス・リデル")
    voice = spoken(await table.say(ALICE, "chat", text="名前が変わったの"))
    assert (voice.character, voice.avatar_url) == ("アリス・リデル", "https://example.jp/alice.png")
    assert spoken(await table.say(ALICE, "chat", text="ア: 接頭辞も")).character == "アリス・リデル"
    await table.say(ALICE, "char delete", name="アリス・リデル")
    assert spoken(await table.say(ALICE, "chat", text="もういない")) is None


@pytest.mark.rule("X-ROLL-01")
async def test_rolls_in_speech_are_kept_under_the_character_and_the_kps_npc(table):
    await table.say(KP, "session start")
    await alice(table)
    await table.say(ALICE, "char voice", name="アリス")
    await table.say(KP, "kp voice", npc="店主")
    table.dice.feed(30, 70)
    await table.say(ALICE, "chat", text="1d100<={SAN} 大丈夫")
    await table.say(KP, "chat", text="CCB<=50 【値切り】 まけませんよ")
    summary = text(await table.say(KP, "session end"))
    assert "【アリス】ロール 1回／成功 0（決定的成功 0）／致命的失敗 0／平均出目 30.0" in summary
    assert "【店主】ロール 1回／成功 0（決定的成功 0）／致命的失敗 0／平均出目 70.0" in summary


async def test_unknown_sheet_values_are_left_as_typed_and_the_speaker_told(table):
    await alice(table)
    await table.say(ALICE, "char voice")
    replies = await table.say(ALICE, "chat", text="CCB<={魔術} ためしに")
    assert spoken(replies).speech == "CCB<={魔術} ためしに"
    assert [r.text for r in replies if r.ephemeral] == [
        "{魔術} はアリスのシートにない値なので、そのまま投稿しました（技能名・SAN・HP・能力値が使えます）。"]


async def test_a_roll_too_long_for_the_post_comes_under_it_as_a_file(table):
    await alice(table)
    await table.say(ALICE, "char voice")
    table.dice.feed(*[50] * 100)
    replies = await table.say(ALICE, "chat", text="x100 CCB<=50 全部")
    assert spoken(replies).notes == () and replies[1].file["name"] == "roll.txt"


async def test_a_line_delivered_twice_is_spoken_once(table):
    await alice(table)
    await table.say(ALICE, "char voice")
    req = Request(channel=table.channel, user=ALICE, name=ALICE, command="chat", options={"text": "一度だけ"},
                  request_id="1500000000000000001")
    assert spoken(await table.service.handle(req)).speech == "一度だけ"
    assert await table.service.handle(req) == []  # a RESUME, another process: no second post


async def test_only_the_channels_kp_voices_an_npc(table):
    await table.say(KP, "session start")
    refused = await table.say(ALICE, "kp voice", npc="店主")
    assert [r.text for r in refused] == ["この操作はKPだけが行えます（権限: KP）。"]
    assert "NPC「店主」として投稿します" in text(await table.say(KP, "kp voice", npc="店主"))


async def test_an_npc_voiced_before_its_sheet_was_made_speaks_with_the_sheet_once_it_is(table):
    await table.say(KP, "kp voice", npc="ゾンビ")
    assert spoken(await table.say(KP, "chat", text="ウウ……")).avatar_url is None
    await table.say(KP, "char new", name="ゾンビ", str=16, con=16, pow=1, dex=8, app=1, siz=14, int=1, edu=1)
    await table.say(KP, "char portrait", name="ゾンビ", url="https://example.jp/zombie.png")
    assert spoken(await table.say(KP, "chat", text="ガアア")).avatar_url == "https://example.jp/zombie.png"


async def test_an_expression_the_character_lacks_stays_in_the_line_and_the_speaker_is_told(table):
    await alice(table)
    await table.say(ALICE, "char portrait", face="笑顔", url="https://example.jp/smile.png")
    await table.say(ALICE, "char voice")
    replies = await table.say(ALICE, "chat", text="えーん @泣き顔")
    assert spoken(replies).speech == "えーん @泣き顔"
    assert [r.text for r in replies if r.ephemeral] == [
        "「@泣き顔」という表情はアリスにないので、そのまま発言しました（あるもの: 笑顔。"
        "/char portrait face:泣き顔 file:（画像）で追加できます）。"]


async def test_the_kp_speaks_as_an_npc_once_by_its_prefix(table):
    told = await table.say(KP, "kp voice", npc="店主", prefix="店:")
    assert [r.text for r in told] == ["🎭 「店:」で始めた行は店主として投稿します（その行だけ。例: 店: こんにちは）。"]
    assert spoken(await table.say(KP, "chat", text="KPとして一言")) is None
    assert spoken(await table.say(KP, "chat", text="店：いらっしゃい")).character == "店主"
