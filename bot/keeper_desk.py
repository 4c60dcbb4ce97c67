"""The keeper's desk: the /kp commands that work on steps or outside the rules — undo, redo,
override, allow, settings, KP roles — and the step bookkeeping every decided command shares
(H-GEN-01: the KP's word beats every rule). Mixed into :class:`bot.service.Service`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot import kp_settings
from bot import options as opt
from bot.render import battle as render
from bot.render import buttons
from bot.render import log as battle_log
from bot.render.log import show_value
from bot.render.reply import Reply, clip, private, public
from bot.store import BattleRecord, Refusal
from rules.battle import keeper as kc
from rules.battle.events import Event
from rules.battle.override import (ReplayDice, damage_faces, face_for, latest_roll,
                                   parse_result)
from rules.battle.state import BattleState
from rules.battle.steps import (Step, StepStarted, StepsReverted, StepsRestored, actions,
                                command_from_record, command_record, next_step, rebuild,
                                redoable, timeline)
from rules.errors import InvalidInput, RuleViolation
from rules.systems import DEFAULT_SYSTEM, get_system
from rules.systems.coc6.checks import bands


@dataclass
class Loaded:
    """A battle as folded: its ``record``, every stored event, the state and the steps."""

    record: BattleRecord
    events: list[Event]
    state: BattleState
    steps: list[Step]


class RecordingDice:
    """Wraps a Dice and records ``faces`` = ``[[sides, face], …]`` in roll order."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.faces: list[list[int]] = []

    def roll(self, sides: int) -> int:
        """Roll one die of ``sides`` sides with the wrapped dice and record it."""
        face = self.inner.roll(sides)
        self.faces.append([sides, face])
        return face


class Draft:
    """Events being prepared in one keeper action, folded as they are added."""

    def __init__(self, system, loaded: Loaded) -> None:
        self.system = system
        self.base = loaded.events
        self.events: list[Event] = []
        self.state = loaded.state
        self.steps = loaded.steps

    def add(self, events: list[Event]) -> None:
        """Append ``events`` (markers included) and bring the draft's state up to date."""
        self.state, self.steps = rebuild(self.system.new_state, self.system.evolve, self.state, self.steps,
                                         self.base + self.events, events)
        self.events.extend(events)

    def decide(self, command, dice, by: str, label: str, joined: bool = False,
               rulings: tuple[Event, ...] = (), speaker: str = "") -> list[Event]:
        """Decide ``command`` on the draft's state as one step; raises what decide raises."""
        recorder = RecordingDice(dice)
        events = self.system.decide(self.state, command, recorder)
        step = [StepStarted(step=next_step(self.steps), by=by, command=command_record(command),
                            dice=recorder.faces, label=label, joined=joined, speaker=speaker),
                *rulings, *events]
        self.add(step)
        return events


def _steps_option(req, name: str = "steps") -> int:
    count = opt.integer(req.options, name, name)
    if count is None:
        return 1
    if count < 1:
        raise InvalidInput(f"{name} には1以上の整数を指定してください。")
    return count


def _explained(e: Event) -> bool:
    """Keeper bookkeeping that the reply of /kp undo, redo, override or allow already says
    in a sentence (the battle log still lists it)."""
    if isinstance(e, (StepsReverted, StepsRestored)):
        return True
    return isinstance(e, kc.KeeperRuling) and e.action in ("上書き", "許可")


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


def _keeper_command(build):
    """A handler deciding ``build(request)`` (a keeper command) through the game system."""
    async def run(service, req) -> list[Reply]:
        return await service._battle(req, lambda state: build(req))
    return run


class KeeperDesk:
    """Keeper commands by English path: ``await handler(service, request) -> replies``."""

    async def decide_step(self, system, loaded: Loaded, command, by: str, label: str,
                          speaker: str = "") -> list[Event]:
        """The events of ``command`` as one step (marker first); raises what decide raises."""
        draft = Draft(system, loaded)
        draft.decide(command, self.dice, by, label, speaker=speaker)
        return draft.events

    async def remember_refusal(self, req, loaded: Loaded, command, exc: RuleViolation) -> None:
        """Store the refused command so that ``/kp allow`` can let it happen (survives restarts)."""
        await self.store.put_refusal(req.channel, Refusal(loaded.record.id, req.user, command_record(command),
                                                          exc.clause, request_label(req)), self.clock())

    def setting_defaults(self, system) -> dict:
        """Every KP setting with its default for ``system``."""
        return kp_settings.defaults(system.settings(), self.reminder_minutes, self.autoskip_minutes)

    def event_replies(self, record: BattleRecord, system, events: list[Event], state: BattleState,
                      view) -> list[Reply]:
        """The public lines of new events (secret rolls of hidden units as 🔒) and, when some
        were hidden, the full lines privately for the KP."""
        secret = state.settings.get("secret_hidden_rolls", True)
        events = [e for e in events if not _explained(e)]
        public_lines = battle_log.lines(events, view, reveal=not secret)
        replies = []
        finish = any(type(e).__name__ == "SideOutOfAction" for e in events) and state.phase == "active"
        if public_lines:
            replies.append(public("\n".join(public_lines),
                                  buttons=(render.finish_button(record.id),) if finish else ()))
        full = battle_log.lines(events, view, reveal=True)
        hidden = [line for line, shown in zip(full, public_lines) if line != shown]
        if secret and hidden and state.keeper:
            replies.append(private(state.keeper, "🔒 KP用（シークレット）\n" + "\n".join(hidden)))
        return replies

    # --- undo / redo ----------------------------------------------------------------------

    async def _undo(self, req) -> list[Reply]:
        count = _steps_option(req)

        async def make(system, loaded: Loaded, is_kp: bool):
            taken = _latest_actions(loaded.events, loaded.steps, count, req.user)
            if not taken:
                raise InvalidInput("取り消せる操作がありません。")
            numbers = [s.number for group in taken for s in group]
            labels = "、".join(group[0].label or "（操作）" for group in taken)
            events = [StepStarted(step=next_step(loaded.steps), by=req.user, label=request_label(req),
                                  speaker=req.name),
                      StepsReverted(steps=numbers, by=req.user, reason="undo")]
            return events, [public(f"⏪ KP（{req.name or req.user}）が{len(taken)}つの操作を取り消しました: {labels}")]
        return await self.transact(req, make)

    async def _redo(self, req) -> list[Reply]:
        count = _steps_option(req)

        async def make(system, loaded: Loaded, is_kp: bool):
            stack = redoable(loaded.steps)[-count:]
            if not stack:
                raise InvalidInput("やり直せる操作がありません（取り消しの後に別の操作をすると、やり直せなくなります）。")
            numbers = [n for group in stack for n in group]
            events = [StepStarted(step=next_step(loaded.steps), by=req.user, label=request_label(req),
                                  speaker=req.name),
                      StepsRestored(steps=numbers, by=req.user)]
            return events, [public(f"⏩ KP（{req.name or req.user}）が{len(stack)}つの取り消しをやり直しました。")]
        return await self.transact(req, make)

    # --- override ---------------------------------------------------------------------------

    async def _override(self, req) -> list[Reply]:
        wanted = parse_result(opt.text(req.options, "result") or "")

        async def make(system, loaded: Loaded, is_kp: bool):
            ref = latest_roll(loaded.steps, checks_only=not isinstance(wanted, int))
            e = ref.event
            faces = [list(f) for f in ref.step.dice]
            if type(e).__name__ == "CheckRolled":
                face = wanted if isinstance(wanted, int) else face_for(wanted, e.target, bands(loaded.state))
                if not 1 <= face <= 100:
                    raise InvalidInput("1D100の出目は1から100の間で指定してください。")
                faces[ref.index] = [100, face]
                hidden = getattr(loaded.state.units.get(e.unit), "hidden", False)
                what = f"{e.unit}の{e.purpose}" + ("" if hidden else f"（{e.roll}）")
            else:
                faces[ref.index:ref.index + ref.count] = damage_faces(e.rolls, e.total, wanted)
                what = f"{e.unit}へのダメージ（{e.total}）"
            result = opt.text(req.options, "result")
            later = [s for s in loaded.steps if s.number >= ref.step.number and not s.meta]
            redo = [s for s in later if s.active and s.command and s.command.get("type") not in ("Override",)]
            draft = Draft(system, loaded)
            override = kc.Override(issuer=req.user, result=result or "", keeper=True)
            draft.add([StepStarted(step=next_step(loaded.steps), by=req.user, command=command_record(override),
                                   label=request_label(req), speaker=req.name),
                       kc.KeeperRuling(by=req.user, action="上書き", detail=f"{what}を「{result}」に"),
                       StepsReverted(steps=[s.number for s in later], by=req.user, reason="override")])
            dropped = []
            for i, step in enumerate(redo):
                replay = ReplayDice(faces if i == 0 else step.dice, self.dice)
                rulings = tuple(x for x in step.events if isinstance(x, kc.KeeperRuling))
                try:
                    draft.decide(command_from_record(step.command), replay, step.by, step.label,
                                 joined=True, rulings=rulings, speaker=step.speaker)
                except RuleViolation:
                    if i == 0:
                        raise
                    dropped.append(step.label)
            if type(e).__name__ == "CheckRolled" and not isinstance(wanted, int):
                _show_ruled_roll(draft.events, e, face, result or "")
            note = f"\n（成り立たなくなったため取り消した操作: {'、'.join(dropped)}）" if dropped else ""
            return draft.events, [public(f"⚖ KP（{req.name or req.user}）の裁定: {what}を「{result}」にして処理し直します。{note}")]
        return await self.transact(req, make)

    # --- allow -------------------------------------------------------------------------------

    async def _allow(self, req) -> list[Reply]:
        refusal = await self.store.refusal(req.channel)

        async def make(system, loaded: Loaded, is_kp: bool):
            if refusal is None or refusal.battle_id != loaded.record.id:
                raise InvalidInput("認められる「拒否された宣言」がありません（拒否された直後に /kp allow を使います）。")
            base = command_from_record(refusal.command)
            command = dataclasses.replace(base, allow=base.allow | {refusal.clause})
            ruling = kc.KeeperRuling(by=req.user, action="許可", clause=refusal.clause,
                                     detail=f"{refusal.label}（{refusal.user}）")
            draft = Draft(system, loaded)
            try:
                draft.decide(command, self.dice, refusal.user, refusal.label, rulings=(ruling,))
            except RuleViolation as exc:
                if exc.clause and exc.allowable:
                    await self.store.put_refusal(req.channel, dataclasses.replace(
                        refusal, command=command_record(command), clause=exc.clause), self.clock())
                raise
            return draft.events, [public(f"⚖ KP（{req.name or req.user}）の裁定: {refusal.label} を認めます（{refusal.clause}）。")]
        replies = await self.transact(req, make)
        if not any(r.ephemeral for r in replies):
            await self.store.clear_refusal(req.channel)
        return replies

    # --- settings, roles, handover ------------------------------------------------------------

    async def _setting(self, req) -> list[Reply]:
        record = await self.store.active_battle(req.channel)
        system = get_system(record.system if record else DEFAULT_SYSTEM)
        known = self.setting_defaults(system)
        stored = await self.store.channel_settings(req.channel)
        values = {**known, **stored}
        if record is not None:
            values.update({k: v for k, v in (await self._loaded(record))[1].state.settings.items() if k in known})
        key, raw = opt.text(req.options, "key"), opt.text(req.options, "value")
        if key is None or raw is None:
            if key is not None:
                name = kp_settings.resolve(key, known)
                return [private(req.user, kp_settings.table_text({name: values[name]}, {name: known[name]}))]
            sources = getattr(getattr(system, "rules", None), "sources", "")
            return [private(req.user, kp_settings.table_text(values, known, sources))]
        name, value = kp_settings.parse(key, raw, known)
        await self.store.put_channel_setting(req.channel, name, value)
        text = f"⚙ 設定 {name} を {show_value(value)} にしました（このチャンネルの以後の戦闘にも使います）。"
        if record is None:
            return [public(text)]

        async def make(system_, loaded: Loaded, is_kp: bool):
            command = kc.ChangeSetting(issuer=req.user, key=name, value=value, keeper=is_kp)
            return await self.decide_step(system_, loaded, command, req.user, request_label(req),
                                          req.name), []  # the setting's own line says it
        return await self.transact(req, make)

    async def _role(self, req) -> list[Reply]:
        role = opt.text(req.options, "role")
        if not role:
            raise InvalidInput("role: にKPとして扱うロールを指定してください。")
        added = await self.store.add_keeper_role(req.guild or "console", role)
        roles = "、".join(await self.store.keeper_roles(req.guild or "console"))
        head = f"ロール「{role}」をKPとして扱います。" if added else f"ロール「{role}」はすでにKPとして扱っています。"
        return [public(f"{head}（KPロール: {roles}）")]

    async def _log(self, req) -> list[Reply]:
        record = await self.store.active_battle(req.channel) or await self.store.latest_battle(req.channel)
        if record is None:
            raise InvalidInput("このチャンネルにはまだ戦闘の記録がありません。")
        system, loaded = await self._loaded(record)
        reveal = await self.is_kp(req, loaded.state.keeper)
        view = system.view(loaded.state)
        entries = battle_log.entries(loaded.steps, view, reveal)
        title = f"{system.title} 戦闘ログ（{req.channel}）"
        copy = "KP用（シークレットを含む）" if reveal else "プレイヤー用（シークレットは伏せています）"
        text = battle_log.text_log(entries, title)
        html = battle_log.html_log(entries, title)
        stem = f"battle-{record.id}" + ("-kp" if reveal else "")
        return [Reply(text=clip(f"📜 戦闘ログ {copy}: {len(entries)}件"), ephemeral=True, to=req.user,
                      file={"name": f"{stem}.txt", "content": text}),
                Reply(text=clip("📜 戦闘ログ（HTML）"), ephemeral=True, to=req.user,
                      file={"name": f"{stem}.html", "content": html})]

    KEEPER_COMMANDS = {
        "kp undo": _undo, "kp redo": _redo, "kp override": _override, "kp allow": _allow,
        "kp setting": _setting, "kp role": _role, "battle log": _log,
        "kp set": _keeper_command(lambda r: kc.SetValue(
            issuer=r.user, target=opt.text(r.options, "target") or "", field=opt.text(r.options, "field") or "",
            value=opt.text(r.options, "value") or "")),
        "kp skip": _keeper_command(lambda r: kc.SkipTurn(issuer=r.user)),
        "kp order": _keeper_command(lambda r: kc.Reorder(
            issuer=r.user, name=opt.text(r.options, "name") or "",
            position=opt.integer(r.options, "position", "position") or 1)),
        "kp handover": _keeper_command(lambda r: kc.Handover(issuer=r.user, user=opt.text(r.options, "user") or "")),
    }
    """``{English path: handler(service, request)}``; the service routes these first."""


def _show_ruled_roll(events: list, original, face: int, result: str) -> None:
    """Show the re-decided check as the die that was really rolled and the KP's ruling
    (``(1D100<=50) ＞ 80 ＞ 失敗 → KP裁定で「成功」``), not the stand-in face that made the
    rules read it as ``result``; the stand-in stays in the step's recorded dice."""
    for index, event in enumerate(events):
        if (type(event).__name__ == "CheckRolled" and event.unit == original.unit
                and event.purpose == original.purpose and event.roll == face):
            events[index] = dataclasses.replace(event, text=f"{original.text} → KP裁定で「{result}」")
            return


def request_label(req) -> str:
    """The request as a user would type it, for the battle log (``/attack target:ゾンビ``;
    a chat declaration as typed: 「ゾンビをこぶしで攻撃」)."""
    if getattr(req, "said", ""):
        return f"「{req.said}」"
    if req.command == "button":
        bid = buttons.decode(opt.text(req.options, "custom_id") or "")
        label = opt.text(req.options, "label") or (bid.label if bid and bid.choice in buttons.LABELS else None)
        return f"[{label}]" if label else "[ボタン]"
    options = " ".join(f"{k}:{v}" for k, v in req.options.items() if v not in (None, ""))
    return f"/{req.command}" + (f" {options}" if options else "")
