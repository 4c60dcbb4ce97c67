"""Every command, option and choice name, default and Japanese, obeys Discord's rules (which
Discord enforces only at sync time): names match ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``
and are lowercase, descriptions and choice names 1–100 characters, at most 25 options,
choices and subcommands, required options first, names unique on each level."""
from __future__ import annotations

import unicodedata

import pytest
from discord import AppCommandType, Locale

from bot.commands.spec import COMMANDS, Cmd
from bot.transports.discord.slash import build_tree
from bot.transports.discord.translator import SpecTranslator

SUBCOMMAND, GROUP = 1, 2
DEVANAGARI, THAI = range(0x0900, 0x0980), range(0x0E00, 0x0E80)


def valid_name(name: str) -> bool:
    """Discord's name pattern, by Unicode category (letters, numbers, ``-``, ``_``, and the
    combining marks of the Devanagari and Thai scripts), lowercase where the script has case."""
    if not 1 <= len(name) <= 32 or name != name.lower():
        return False
    for ch in name:
        category = unicodedata.category(ch)
        if ch in "-_" or category[0] in "LN":
            continue
        if ord(ch) in DEVANAGARI or ord(ch) in THAI:
            continue
        return False
    return True


@pytest.mark.parametrize("name, ok", [
    ("roll", True), ("戦闘", True), ("ターン終了", True), ("kp", True), ("as", True),
    ("char-new", True), ("a_b", True), ("ไทย", True), ("हिंदी", True),
    ("Roll", False), ("ＲＯＬＬ", False), ("battle start", False), ("受け流し・回避", False),
    ("", False), ("x" * 33, False), ("x" * 32, True), ("ｒｏｌｌ", True),
])
def test_name_pattern_checker(name, ok):
    assert valid_name(name) is ok


@pytest.fixture
async def payloads(make_bot) -> list[dict]:
    """The translated payloads a sync would send, from the real bot's tree."""
    harness = await make_bot()
    tree = harness.bot.tree
    return [await command.get_translated_payload(tree, SpecTranslator())
            for command in tree.get_commands(type=AppCommandType.chat_input)]


async def test_the_menus_of_spoken_lines_have_names_discord_takes(make_bot):
    """Message context menus (issue 31) have no description and their own rule: 1–32
    characters, any case and spaces."""
    tree = (await make_bot()).bot.tree
    menus = [await c.get_translated_payload(tree, SpecTranslator()) for c in tree.get_commands(type=AppCommandType.message)]
    assert [(m["name"], m["name_localizations"], m["type"]) for m in menus] == [
        ("Edit spoken line", {"ja": "発言を編集"}, 3), ("Delete spoken line", {"ja": "発言を削除"}, 3)]
    assert all(1 <= len(name) <= 32 for m in menus for name in [m["name"], *m["name_localizations"].values()])


def _walk(payloads: list[dict], path: str = ""):
    """(path, node) for every command, subcommand and option payload."""
    for node in payloads:
        here = f"{path} {node['name']}".strip()
        yield here, node
        yield from _walk(node.get("options") or [], here)


def _names(node: dict) -> list[str]:
    return [node["name"], *node.get("name_localizations", {}).values()]


def _descriptions(node: dict) -> list[str]:
    return [node["description"], *node.get("description_localizations", {}).values()]


async def test_every_name_matches_discords_pattern(payloads):
    bad = [(path, name) for path, node in _walk(payloads) for name in _names(node) if not valid_name(name)]
    assert bad == []


async def test_every_description_has_1_to_100_characters(payloads):
    bad = [(path, d) for path, node in _walk(payloads) for d in _descriptions(node) if not 1 <= len(d) <= 100]
    assert bad == []


async def test_every_choice_name_and_value_fits(payloads):
    bad = []
    for path, node in _walk(payloads):
        choices = node.get("choices") or []
        if len(choices) > 25:
            bad.append((path, len(choices)))
        for choice in choices:
            names = [choice["name"], *choice.get("name_localizations", {}).values()]
            bad += [(path, n) for n in names if not 1 <= len(n) <= 100]
            if isinstance(choice["value"], str) and not 1 <= len(choice["value"]) <= 100:
                bad.append((path, choice["value"]))
    assert bad == []


async def test_at_most_25_options_or_subcommands_and_unique_names_per_level(payloads):
    assert len(payloads) <= 100
    for path, node in [("", {"options": payloads}), *_walk(payloads)]:
        children = node.get("options") or []
        assert len(children) <= 25, path
        for locale in ("default", Locale.japanese.value):
            names = [c["name"] if locale == "default" else c.get("name_localizations", {}).get(locale, c["name"])
                     for c in children]
            assert len(names) == len(set(names)), (path, locale, names)


async def test_required_options_come_before_optional_ones(payloads):
    for path, node in _walk(payloads):
        options = [o for o in node.get("options") or [] if o["type"] not in (SUBCOMMAND, GROUP)]
        flags = [o.get("required", False) for o in options]
        assert flags == sorted(flags, reverse=True), path


async def test_each_command_stays_under_4000_characters(payloads):
    def size(node: dict) -> int:
        total = len(node["name"]) + len(node.get("description", ""))
        total += sum(len(str(c["name"])) + len(str(c["value"])) for c in node.get("choices") or [])
        return total + sum(size(o) for o in node.get("options") or [])

    assert max(size(p) for p in payloads) <= 4000


async def test_every_spec_command_is_registered_with_its_japanese_names(payloads):
    by_name = {p["name"]: p for p in payloads}
    for cmd in COMMANDS:
        words, ja_words = cmd.path.split(), cmd.ja.split()
        node = by_name[words[0]]
        assert node["name_localizations"] == {"ja": ja_words[0]}
        if len(words) == 2:
            node = next(o for o in node["options"] if o["name"] == words[1])
            assert node["name_localizations"] == {"ja": ja_words[1]}
        assert node["description"] == cmd.desc
        assert node["description_localizations"] == {"ja": cmd.desc}
        sent = {o["name"]: o for o in node.get("options") or []}
        assert sorted(sent) == sorted(o.name for o in cmd.options)
        for option in cmd.options:
            assert sent[option.name]["name_localizations"] == {"ja": option.ja}
            assert sent[option.name]["required"] is option.required
            assert sent[option.name]["type"] == {"str": 3, "int": 4, "bool": 5, "user": 6, "role": 8,
                                                 "attachment": 11}[option.type]
            assert (sent[option.name].get("min_value"), sent[option.name].get("max_value")) == (option.low, option.high)
            assert sent[option.name].get("autocomplete", False) is bool(option.autocomplete)
            assert [(c["value"], c["name_localizations"]["ja"]) for c in sent[option.name].get("choices", [])] \
                == list(option.choices)


async def test_only_roll_is_offered_outside_servers(payloads):
    contexts = {p["name"]: (p["contexts"], p["dm_permission"]) for p in payloads}
    assert contexts.pop("roll") == (None, True)
    assert [name for name, allowed in contexts.items() if allowed != ([0], False)] == []


def test_a_path_deeper_than_a_group_is_refused_when_building():
    with pytest.raises(ValueError, match="one or two words"):
        build_tree((Cmd("kp deep command", "kp 深い コマンド", "説明"),))
    with pytest.raises(ValueError, match="one or two words"):
        build_tree((Cmd("kp undo", "kp取消", "説明"),))


def _shown(node: dict, locale: str) -> str:
    """A name as the client of ``locale`` shows it (the default name without a localisation)."""
    return node["name"] if locale == "default" else node.get("name_localizations", {}).get(locale, node["name"])


def collisions(payloads: list[dict], locale: str) -> list[tuple[str, str]]:
    """``(where, name)`` for every name the client of ``locale`` shows twice side by side:
    the command picker lists top-level commands and subcommands together, each under its
    path, and matches what is typed against every word (typing 「ロール」 offers ``/ロール`` and
    ``/kp ロール`` at once: a subcommand must not read as a command of its own, while
    ``/戦闘 開始`` and ``/セッション 開始`` are told apart by their groups); a command lists its
    options, an option its choices."""
    found = []
    commands = [_shown(p, locale) for p in payloads]
    subcommands = [(_shown(p, locale), _shown(s, locale)) for p in payloads for s in p.get("options") or []
                   if s["type"] in (SUBCOMMAND, GROUP)]
    picker = commands + [f"{group} {name}" for group, name in subcommands]
    found += [("picker", name) for name in sorted(set(picker)) if picker.count(name) > 1]
    found += [("picker", f"{group} {name}") for group, name in subcommands if name in commands]
    for path, node in _walk(payloads):
        options = [_shown(o, locale) for o in node.get("options") or [] if o["type"] not in (SUBCOMMAND, GROUP)]
        found += [(path, name) for name in sorted(set(options)) if options.count(name) > 1]
        choices = [c.get("name_localizations", {}).get(locale, c["name"]) for c in node.get("choices") or []]
        found += [(path, name) for name in sorted(set(choices)) if choices.count(name) > 1]
    return found


def test_the_collision_check_finds_a_command_and_a_subcommand_of_the_same_name():
    payloads = [{"name": "roll", "type": 1, "name_localizations": {"ja": "ロール"}},
                {"name": "kp", "type": 1, "name_localizations": {"ja": "kp"}, "options": [
                    {"name": "role", "type": SUBCOMMAND, "name_localizations": {"ja": "ロール"}, "options": [
                        {"name": "role", "type": 8, "name_localizations": {"ja": "ロール"}}]}]}]
    assert collisions(payloads, "ja") == [("picker", "kp ロール")]
    assert collisions(payloads, "default") == []


async def test_no_two_names_shown_side_by_side_in_the_japanese_client_are_the_same(payloads):
    assert collisions(payloads, Locale.japanese.value) == []


async def test_roll_alone_reads_roll_in_the_japanese_client(payloads):
    names = [(path, n["name_localizations"]["ja"]) for path, n in _walk(payloads) if "name_localizations" in n]
    assert [path for path, name in names if name == "ロール"] == ["roll"]
    role = next(n for path, n in _walk(payloads) if path == "kp role")
    assert (role["name_localizations"], role["options"][0]["name_localizations"]) == ({"ja": "kpロール"}, {"ja": "対象ロール"})
