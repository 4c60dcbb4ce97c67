"""A session's messages in Japanese (issue 19): its start, and the summary ``/session end``
posts: each character's dice statistics and SAN/HP change, the offer of growth rolls."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from bot.render.reply import MAX_TEXT

JST = timezone(timedelta(hours=9), "JST")
"""The times a session shows: Japan's (the tables this bot is for); stored as naive UTC."""


def local(moment: datetime) -> datetime:
    """The naive-UTC ``moment`` in :data:`JST`."""
    return moment.replace(tzinfo=timezone.utc).astimezone(JST)


def clock_time(moment: datetime) -> str:
    """``21:03`` (JST) of the naive-UTC ``moment``."""
    return local(moment).strftime("%H:%M")


def span(start: datetime, end: datetime) -> str:
    """``12/03 19:00〜23:10 JST、4時間10分`` (the end's date too when it is another day)."""
    first, last = local(start), local(end)
    minutes = max(0, int((end - start).total_seconds() // 60))
    length = f"{minutes // 60}時間{minutes % 60}分" if minutes >= 60 else f"{minutes}分"
    ending = last.strftime("%H:%M") if first.date() == last.date() else last.strftime("%m/%d %H:%M")
    return f"{first.strftime('%m/%d %H:%M')}〜{ending} JST、{length}"


def signed(delta: int) -> str:
    """``+3``, ``−3`` (a minus sign, as the sheets write it), ``±0``."""
    return f"+{delta}" if delta > 0 else (f"−{-delta}" if delta < 0 else "±0")


def tally_line(tally) -> str:
    """One character's line: 「【アリス】ロール 12回／成功 7（決定的成功 1）／致命的失敗 1／平均出目 48.3／
    SAN 55→52（−3）／HP 12→4（−8）」 (bot.sheets.session_stats.Tally; 平均出目: the mean of its
    1D100 faces, 「—」 without one; SAN and HP only when they changed); a 7th investigator's in
    the 7th edition's words (クリティカル, ファンブル)."""
    mean = "—" if tally.mean is None else f"{tally.mean:.1f}"
    critical, fumble = ("クリティカル", "ファンブル") if tally.seventh else ("決定的成功", "致命的失敗")
    parts = [f"ロール {tally.rolls}回", f"成功 {tally.successes}（{critical} {tally.criticals}）",
             f"{fumble} {tally.fumbles}", f"平均出目 {mean}"]
    for label, pair in (("SAN", tally.san), ("HP", tally.hp)):
        if pair is not None and pair[0] != pair[1]:
            parts.append(f"{label} {pair[0]}→{pair[1]}（{signed(pair[1] - pair[0])}）")
    return f"【{tally.name}】" + "／".join(parts)


def growth_lines(marked: list[str]) -> list[str]:
    """The offer of growth rolls (成長ロール) to the characters with marked skills (marked in
    this channel): the command for each, and the KP's for all at once; without marks,
    nothing. The skills are not named: a mark may come from a secret roll."""
    if not marked:
        return []
    return ["🌱 成長ロールができます（KPは /char growth all:true で全員分をまとめて振れます）:",
            *(f"・{name} → /char growth name:{name}" for name in marked)]


def summary_texts(head: str, tallies: list, marked: list[str], left_out: bool) -> list[str]:
    """The summary ``/session end`` posts, as messages of at most Discord's 2,000 characters
    (whole lines per message): ``head``, a line per character (:func:`tally_line`), a note
    when secret rolls or hidden NPCs were left out, the growth offer and where the log is."""
    lines = [head]
    lines += [tally_line(t) for t in tallies] or ["（このセッションに公開されたロールはありません）"]
    if left_out:
        lines.append("（シークレットダイスと非公開NPCのロールは集計に含めていません）")
    lines += growth_lines(marked)
    lines.append("📜 セッション全体のログは /session log で出せます。")
    messages: list[str] = [""]
    for line in lines:
        line = line if len(line) <= MAX_TEXT else line[:MAX_TEXT - 1] + "…"
        if messages[-1] and len(messages[-1]) + 1 + len(line) > MAX_TEXT:
            messages.append("")
        messages[-1] = f"{messages[-1]}\n{line}" if messages[-1] else line
    return messages
