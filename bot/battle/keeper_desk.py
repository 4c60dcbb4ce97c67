"""The keeper's desk: every /kp command and ``/battle log``. The ones that work on steps or
outside the rules — undo, redo, override, allow, settings, KP roles, the questions pending —
are here; the rest (``/kp set``, ``place``, ``skip`` …) are rules commands decided as one step
(bot.battle.builders). H-GEN-01: the KP's word beats every rule. Every decision goes through
:meth:`bot.battle.battles.Battles.transact`.
"""
from __future__ import annotations

import asyncio
import dataclasses

from bot.commands import settings as kp_settings
from bot.commands import options as opt
from bot.battle.battles import Battles
from bot.battle.builders import BUILDERS, decided_routes
from bot.battle.pending import pending
from bot.sheets.characters import CharacterBook
from bot.battle.draft import Draft, Loaded
from bot.render import log as battle_log
from bot.commands.setting_names import show_value
from bot.render.reply import Reply, clip, pages, private, public
from bot.commands.request import Request
from bot.render.labels import request_label
from rules.battle import keeper as kc
from rules.battle.events import Event
from rules.battle.override import (ReplayDice, damage_faces, face_for, is_check, latest_roll,
                                   parse_result, rolled_first)
from rules.battle.steps import (Step, StepStarted, StepsReverted, StepsRestored, actions,
                                command_from_record, command_record, next_step, redoable,
                                timeline)
from rules.errors import InvalidInput, RuleViolation
from rules.systems import get_system
from bot.sheets.edition import default_system
from rules.systems.coc6.checks import bands


def _steps_option(req, name: str = "steps") -> int:
    count = opt.integer(req.options, name, name)
    if count is None:
        return 1
    if count < 1:
        raise InvalidInput(f"{name} には1以上の整数を指定してください。")
    return count


def _latest_actions(events: list[Event], steps: list[Step], count: int, by: str) -> list[list[Step]]:
    """The ``count`` keeper actions undo takes back, latest first, one at a time: undoing an
    override brings back the steps it replaced, and those are the next to go."""
    taken: list[list[Step]] = []
    numbers: list[int] = []
    marker = StepStarted(step=next_step(steps), by=by)
    for _ in range(count):
        trial = timeline(events + [marker, StepsReverted(steps=list(numbers), by=by)]) if numbers else steps
        groups = actions(trial)
        if not groups:
            break
        taken.append(groups[-1])
        numbers.extend(s.number for s in groups[-1])
    return taken


class KeeperDesk:
    """The keeper commands over ``battles``: ``routes()`` gives ``{path: handler(request)}``."""

    def __init__(self, battles: Battles, characters: CharacterBook) -> None:
        self.battles = battles
        self.store = battles.store
        self.characters = characters

    def routes(self) -> dict:
        """``{English path: async handler(request) -> replies}`` of the commands here."""
        rules_commands = [path for path in BUILDERS if path.startswith("kp ")]
        return {**decided_routes(self.battles, self.characters, rules_commands),
                "kp undo": self.undo, "kp redo": self.redo, "kp override": self.override,
                "kp allow": self.allow, "kp setting": self.setting, "kp role": self.role,
                "kp pending": lambda req: pending(self.battles, req), "battle log": self.log}

    # --- undo / redo ----------------------------------------------------------------------

    async def undo(self, req: Request) -> list[Reply]:
        """``/kp undo steps:N``: take back the latest N keeper actions (H-GEN-01)."""
        count = _steps_option(req)

        async def make(system, loaded: Loaded, is_kp: bool):
            taken = _latest_actions(loaded.events, loaded.steps, count, req.user)
            if not taken:
                raise InvalidInput("取り消せる操作がありません。")
            numbers = [s.number for group in taken for s in group]
            secret = battle_log.secret_names(loaded.events)  # a public message: the players' labels
            labels = "、".join(battle_log.players_label(group[0].label, [e for s in group for e in s.events], secret)
                              or "（操作）" for group in taken)
            events = [StepStarted(step=loaded.next_step, by=req.user, label=request_label(req),
                                  speaker=req.name),
                      StepsReverted(steps=numbers, by=req.user, reason="undo")]
            return events, [public(f"⏪ KP（{req.name or req.user}）が{len(taken)}つの操作を取り消しました: {labels}")]
        return await self.battles.transact(req, make, history=True)

    async def redo(self, req: Request) -> list[Reply]:
        """``/kp redo steps:N``: restore the latest N undone actions (H-GEN-01)."""
        count = _steps_option(req)

        async def make(system, loaded: Loaded, is_kp: bool):
            stack = redoable(loaded.steps)[-count:]
            if not stack:
                raise InvalidInput("やり直せる操作がありません（取り消しの後に別の操作をすると、やり直せなくなります）。")
            numbers = [n for group in stack for n in group]
            events = [StepStarted(step=loaded.next_step, by=req.user, label=request_label(req),
                                  speaker=req.name),
                      StepsRestored(steps=numbers, by=req.user)]
            return events, [public(f"⏩ KP（{req.name or req.user}）が{len(stack)}つの取り消しをやり直しました。")]
        return await self.battles.transact(req, make, history=True)

    # --- override ---------------------------------------------------------------------------

    async def override(self, req: Request) -> list[Reply]:
        """``/kp override result:…``: re-decide the latest roll as ``result`` and replay the steps after it (H-GEN-01)."""
        text = opt.text(req.options, "result") or ""
        active = await self.battles.active(req.channel)
        rule = getattr(get_system(active.system), "override_rule", None) if active else None  # the 7th's words and dice
        wanted = rule.parse(text) if rule else parse_result(text)

        async def make(system, loaded: Loaded, is_kp: bool):
            ref = latest_roll(loaded.steps, checks_only=not isinstance(wanted, int))
            e, rolled = ref.event, rolled_first(loaded.steps, ref).event  # a second override: the real die
            faces = [list(f) for f in ref.step.dice]
            if is_check(e):
                if rule is not None:
                    faces[ref.index:ref.index + ref.count], face = rule.faces(e, wanted)
                else:
                    face = wanted if isinstance(wanted, int) else face_for(wanted, e.target, bands(loaded.state))
                    if not 1 <= face <= 100:
                        raise InvalidInput("1D100の出目は1から100の間で指定してください。")
                    faces[ref.index] = [100, face]
                hidden = getattr(loaded.state.units.get(e.unit), "hidden", False)
                what = f"{e.unit}の{e.purpose}" + ("" if hidden else f"（{rolled.roll}）")
            else:
                faces[ref.index:ref.index + ref.count] = damage_faces(e.rolls, e.total, wanted)
                what = f"{e.unit}へのダメージ（{rolled.total}）"
            result = opt.text(req.options, "result")
            later = [s for s in loaded.steps if s.number >= ref.step.number and not s.meta]
            redo = [s for s in later if s.active and s.command and s.command.get("type") not in ("Override",)]
            draft = Draft(system, loaded)
            override = kc.Override(issuer=req.user, result=result or "", keeper=True)
            draft.add([StepStarted(step=loaded.next_step, by=req.user, command=command_record(override),
                                   label=request_label(req), speaker=req.name),
                       kc.KeeperRuling(by=req.user, action="上書き", detail=f"{what}を「{result}」に"),
                       StepsReverted(steps=[s.number for s in later], by=req.user, reason="override")])
            dropped = []
            for i, step in enumerate(redo):
                replay = ReplayDice(faces if i == 0 else step.dice, self.battles.dice)
                rulings = tuple(x for x in step.events if isinstance(x, kc.KeeperRuling))
                try:
                    draft.decide(command_from_record(step.command), replay, step.by, step.label,
                                 joined=True, rulings=rulings, speaker=step.speaker)
                except RuleViolation:
                    if i == 0:
                        raise
                    dropped.append(battle_log.players_label(step.label, step.events,
                                                            battle_log.secret_names(loaded.events)) or "（操作）")
            if is_check(e) and not isinstance(wanted, int):
                _show_ruled_roll(draft.events, rolled, face, result or "")
            note = f"\n（成り立たなくなったため取り消した操作: {'、'.join(dropped)}）" if dropped else ""
            return draft.events, [public(f"⚖ KP（{req.name or req.user}）の裁定: {what}を「{result}」にして処理し直します。{note}")]
        return await self.battles.transact(req, make, history=True)

    # --- allow -------------------------------------------------------------------------------

    async def allow(self, req: Request) -> list[Reply]:
        """``/kp allow``: let the channel's last refused declaration happen (H-GEN-01). For a
        hidden NPC the table reads a neutral ruling (what was refused and by which clause tells
        what it declared or may do, H-GEN-01) and the KP the full one privately."""
        refusal = await self.store.keeper.refusal(req.channel)

        async def make(system, loaded: Loaded, is_kp: bool):
            if refusal is None or refusal.battle_id != loaded.record.id:
                raise InvalidInput("認められる「拒否された宣言」がありません（拒否された直後に /kp allow を使います）。")
            base = command_from_record(refusal.command)
            command = dataclasses.replace(base, allow=base.allow | {refusal.clause})
            ruling = kc.KeeperRuling(by=req.user, action="許可", clause=refusal.clause,
                                     detail=f"{refusal.label}（{refusal.user}）")
            draft = Draft(system, loaded)
            try:
                draft.decide(command, self.battles.dice, refusal.user, refusal.label, rulings=(ruling,))
            except RuleViolation as exc:
                if exc.clause and exc.allowable:
                    await self.store.keeper.put_refusal(req.channel, dataclasses.replace(
                        refusal, command=command_record(command), clause=exc.clause), self.battles.clock())
                raise
            ruled = f"⚖ KP（{req.name or req.user}）の裁定: {refusal.label} を認めます（{refusal.clause}）。"
            actor = loaded.state.units.get(battle_log.acting_for(draft.events) or "")
            if getattr(actor, "hidden", False) and actor.owner is None:  # why it was refused is the KP's secret
                return draft.events, [public(f"⚖ KP（{req.name or req.user}）の裁定: 非公開のNPCの操作を認めます（詳細はKPのみ）。"),
                                      private(req.user, "🔒 KP用（シークレット）\n" + ruled)]
            return draft.events, [public(ruled)]
        replies = await self.battles.transact(req, make)  # returns only when it happened
        await self.store.keeper.clear_refusal(req.channel)
        return replies

    # --- settings, roles, handover ------------------------------------------------------------

    async def setting(self, req: Request) -> list[Reply]:
        """``/kp setting [key] [value]``: list the KP settings, or change one (kept for the channel)."""
        record = await self.battles.active(req.channel)
        stored = await self.store.keeper.channel_settings(req.channel)
        system = get_system(record.system if record else default_system(stored.get("edition")))
        known = self.battles.setting_defaults(system)
        values = {**known, **stored}
        if record is not None:
            values.update({k: v for k, v in (await self.battles.loaded(record))[1].state.settings.items() if k in known})
        key, raw = opt.text(req.options, "key"), opt.text(req.options, "value")
        if key is None or raw is None:
            if key is not None:
                name = kp_settings.resolve(key, known)
                return [private(req.user, kp_settings.table_text({name: values[name]}, {name: known[name]}))]
            sources = getattr(getattr(system, "rules", None), "sources", "")
            return [private(req.user, page) for page in pages(kp_settings.table_text(values, known, sources))]
        name, value = kp_settings.parse(key, raw, known)
        await self.store.keeper.put_channel_setting(req.channel, name, value)
        text = f"⚙ 設定「{kp_settings.shown_name(name)}」を {show_value(value)} にしました（このチャンネルの以後の戦闘にも使います）。"
        if record is None:
            return [public(text)]

        async def make(system_, loaded: Loaded, is_kp: bool):
            command = kc.ChangeSetting(issuer=req.user, key=name, value=value, keeper=is_kp)
            return self.battles.decide_step(system_, loaded, command, req.user, request_label(req),
                                            req.name), []  # the setting's own line says it
        return await self.battles.transact(req, make)

    async def role(self, req: Request) -> list[Reply]:
        """``/kp role role:…``: members of that role count as KP in this server."""
        role = opt.text(req.options, "role")
        if not role:
            raise InvalidInput("role: にKPとして扱うロールを指定してください。")
        added = await self.store.keeper.add_keeper_role(req.scope, role)
        self.battles.roles_changed(req.scope)
        roles = "、".join(map(role_text, await self.store.keeper.keeper_roles(req.scope)))
        shown = role_text(role)
        head = f"ロール「{shown}」をKPとして扱います。" if added else f"ロール「{shown}」はすでにKPとして扱っています。"
        return [public(f"{head}（KPロール: {roles}）")]

    async def log(self, req: Request) -> list[Reply]:
        """``/battle log``: the active (or latest) battle's log as text and HTML files (KP copy unveils secrets)."""
        record = await self.battles.active(req.channel, fresh=True) or await self.store.latest_battle(req.channel)
        if record is None:
            raise InvalidInput("このチャンネルにはまだ戦闘の記録がありません。")
        system, loaded = await self.battles.loaded(record, history=True)
        reveal = await self.battles.is_kp(req, loaded.state.keeper)
        view = system.view(loaded.state)
        entries = battle_log.entries(loaded.steps, view, reveal)
        title = f"{system.title} 戦闘ログ（{req.channel}）"
        copy = "KP用（シークレットを含む）" if reveal else "プレイヤー用（シークレットは伏せています）"
        text, html = await asyncio.to_thread(_logs, entries, title)  # CPU work off the event loop
        stem = f"battle-{record.id}" + ("-kp" if reveal else "")
        return [Reply(text=clip(f"📜 戦闘ログ {copy}: {len(entries)}件"), ephemeral=True, to=req.user,
                      file={"name": f"{stem}.txt", "content": text}),
                Reply(text=clip("📜 戦闘ログ（HTML）"), ephemeral=True, to=req.user,
                      file={"name": f"{stem}.html", "content": html})]


def _show_ruled_roll(events: list, original, face: int, result: str) -> None:
    """Show the re-decided check as the die that was really rolled and the KP's ruling
    (``(1D100<=50) ＞ 80 ＞ 失敗 → KP裁定で「成功」``), not the stand-in face that made the
    rules read it as ``result``; the stand-in stays in the step's recorded dice."""
    for index, event in enumerate(events):
        if (is_check(event) and event.unit == original.unit
                and event.purpose == original.purpose and event.roll == face):
            events[index] = dataclasses.replace(event, text=f"{original.text} → KP裁定で「{result}」")
            return


def role_text(role: str) -> str:
    """A stored KP role as a message shows it: a Discord role id as ``<@&id>`` (Discord
    shows the role's name; nobody is pinged), a console role name as it is."""
    return f"<@&{role}>" if role.isdigit() else role


def _logs(entries: list, title: str) -> tuple[str, str]:
    """The battle log as ``(text, html)`` (run in a worker thread: long battles take a while)."""
    return battle_log.text_log(entries, title), battle_log.html_log(entries, title)
