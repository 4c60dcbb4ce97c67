"""What players type in a CoC 6 battle (issue 9): the words of seed 000's house rules
(``HOUSE``: 武道 and 弓道 specials, called shots, firing modes, ○○に集中, 行動遅延) and of
the published rules with seed 001's parry (``BOOK``). The shared reactions and weapons
are in :data:`rules.chat.words.BASE`."""
from __future__ import annotations

from rules.chat.words import COC_VERB_WEAPONS, Words
from rules.coc6.weapons import BUILTIN_WEAPONS
from rules.systems.coc6.concentrate import ACTIONS as FOCUS_ACTIONS

MODES = {"単発": ("単射",), "セミオート": ("セミオ", "3点射", "三点射"), "フルオート": ("フルオ", "連射", "全弾"),
         "未照準": ("照準なし",)}
"""Firing modes (H-FIRE-, ``/attack mode:``)."""

CHECKS = {"応急手当": ("応急手当て", "応急処置", "おうきゅうてあて", "応急"), "医学": ("いがく", "治療")}
"""Skills whose check the rules apply on one's turn (treatment)."""

WEAPONS = {name: () for name in BUILTIN_WEAPONS}
"""The weapons of the built-in table: named in a line by a unit that lacks one, the rules
say so (「バットを持っていません」) instead of the line being talk."""

DECLARATIONS = {"行動遅延": ("遅延", "行動を遅らせる"), "矢をつがえる": ("矢を番える", "つがえる"),
                "弦の張り替え": ("弦を張り替える", "弦張り替え"), "剛の型破棄": ("剛の型を破棄",), "装填": ("リロード",)}
"""The house rules' round declarations (seed 000); under the book rules the rules explain
that they are not declarations there."""

CALLED = {"急所": ("頭", "頭部", "きゅうしょ"), "腕": ("うで",), "足": ("脚", "あし"), "羽": ("翼", "はね")}
"""The called shots (H-CALL-)."""

HOUSE = Words(
    reactions={"武道": ("ぶどう", "武道で防ぐ", "武道で防ぎ", "武道で防御", "武道で受ける", "武道で捌く", "武道でさばく",
                      "武道で受け流し", "武道で受け流す"),
               "反撃": ("はんげき",), "継続回避": ()},
    declarations=DECLARATIONS,
    focus=FOCUS_ACTIONS,
    specials={"サルト": ("投げ",), "タックル": (), "ラッシュ": (), "フェイント": (), "精密射撃": (),
              "剛の型": ("金剛の射",), "流鏑馬": ("やぶさめ",), "連続攻撃": ("連撃",), "同時攻撃": (),
              "2丁拳銃": ("二丁拳銃",)},
    aims={**CALLED, "眼球": ("目", "眼"), "心臓": (), "肩": (), "膝": ("関節",), "喉": ("のど", "喉元", "のど元", "のどもと"),
          "武器": ("武器狙い",), "ノックアウト": ("ko", "ノックアウト狙い")},
    modes=MODES,
    checks=CHECKS,
    weapons=WEAPONS,
    verb_weapons=COC_VERB_WEAPONS,
    special_families={"二刀流": ("連続攻撃", "同時攻撃")},
)
"""``coc6-house`` (seed 000)."""

BOOK = Words(declarations=DECLARATIONS, modes=MODES, checks=CHECKS, weapons=WEAPONS, verb_weapons=COC_VERB_WEAPONS)
"""``coc6`` (seed 001 on the published rules): the shared words, firing modes and treatment."""
