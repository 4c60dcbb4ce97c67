"""The palette-roll phrasing table (issue 21): dice lines as Japanese tables type or click
them from a ココフォリア / いあきゃら chat palette, each with the moment it is typed in
(tests/chat/scenes.py), the speaker, and what it must give. Written by hand from real
habits; as many lines that must do nothing as lines that act.

Expected values: ``attack target=ゾンビ1 weapon=キック typed=25`` (the command and its
options, the typed target number, ``secret`` for the KP's secret answer); ``-`` = only
dice (no declaration); ``? A | B`` = a question between canonical declarations;
``~ A | B`` = a roll naming no target, with every possible target for the battle to keep
the legal one (bot.battle.palette_play). A CoC 7th edition roll is only dice: it is rolled
by the 7th edition's rules with a note, never as this 6th battle's declaration.
"""
from __future__ import annotations

import pytest

from rules.chat import Ambiguous, Declaration, read
from rules.chat.palette import Untargeted
from tests.chat.scenes import VIEWS, context

ROWS = [
    # --- the attack on one's own turn (coc6-house, アリス: ナイフ, 大型ナイフ, 和弓) ---------
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ2", "attack target=ゾンビ2 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 〈キック〉 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 「キック」 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 →ゾンビ2", "attack target=ゾンビ2 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ->ゾンビ2", "attack target=ゾンビ2 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ2へ", "attack target=ゾンビ2 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1に", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1に対して", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 「ゾンビ1」", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "ＣＣＢ＜＝２５\u3000【キック】\u3000ゾンビ１", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "ccb<=25 キック ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "1d100<=25 キック ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "1D100<=25 【キック】 ゾンビ2", "attack target=ゾンビ2 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CC<=25 【キック】 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=70 【キック】 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=50 【こぶし】 ゾンビ1", "attack target=ゾンビ1 weapon=こぶし typed=50"),
    ("house/alice-turn", "alice", "CCB<=50 【こぶし（パンチ）】 ゾンビ1", "attack target=ゾンビ1 weapon=こぶし typed=50"),
    ("house/alice-turn", "alice", "CCB<=25 【組み付き】 ゾンビ2", "attack target=ゾンビ2 weapon=組み付き typed=25"),
    ("house/alice-turn", "alice", "CCB<=10 【頭突き】→ゾンビ1", "attack target=ゾンビ1 weapon=頭突き typed=10"),
    ("house/alice-turn", "alice", "CCB<=25 【ナイフ】 ゾンビ1", "attack target=ゾンビ1 weapon=ナイフ typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【大型ナイフ】 ゾンビ1", "attack target=ゾンビ1 weapon=大型ナイフ typed=25"),
    ("house/alice-turn", "alice", "CCB<=60 【和弓】 ゾンビ2", "attack target=ゾンビ2 weapon=和弓 typed=60"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1の足", "attack target=ゾンビ1 weapon=キック aim=足 typed=25"),
    ("house/alice-turn", "alice", "CCB<=70 ゾンビ1をこぶしで攻撃", "attack target=ゾンビ1 weapon=こぶし typed=70"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 (笑)", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=70 ゾンビ1 【キック】", "attack target=ゾンビ1 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=70 ゾンビ1に【キック】", "attack target=ゾンビ1 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=70 【キック】 対象：ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=70 【キック】 target:ゾンビ2", "attack target=ゾンビ2 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=70 【キック】 相手はゾンビ2", "attack target=ゾンビ2 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=70 キック→ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=70 【キック（蹴り）】 ゾンビ2", "attack target=ゾンビ2 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=50 こぶし(パンチ) ゾンビ1", "attack target=ゾンビ1 weapon=こぶし typed=50"),
    ("house/alice-turn", "alice", "CCB<=70 【キック】 (ゾンビ1)", "attack target=ゾンビ1 weapon=キック typed=70"),
    # the target left out: each enemy not out of action (グール is), never an ally
    ("house/alice-turn", "alice", "CCB<=25 【キック】", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 〈キック〉", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 キック", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】！", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    # a plea or a cry after the roll leaves it alone
    ("house/alice-turn", "alice", "CCB<=70 【キック】 えいっ", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 外れろ", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 いけー！", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ｗｗｗ", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 いけー！", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 当たれ！", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=75 【目星】 お願い", "check skill=目星 typed=75"),
    ("house/alice-turn", "alice", "CCB<=55 【応急手当】 ボブ 頑張れ", "check skill=応急手当 target=ボブ typed=55"),
    ("house/alice-hit", "alice", "CCB<=28 【回避】 お願い！", "react action=回避 typed=28"),
    ("house/alice-hit", "alice", "CCB<=28 【回避】 ぎゃー", "react action=回避 typed=28"),
    ("house/alice-hit", "alice", "CCB<=28 〈回避〉 頼む", "react action=回避 typed=28"),
    ("house/alice-hit", "alice", "CCB<=28 〈回避〉 神様お願い🙏", "react action=回避 typed=28"),
    ("book/alice-hit", "alice", "CCB<=25 【受け流し】 たのむー", "react action=受け流し typed=25"),
    # an aside that changes or adds to the roll: only dice
    ("house/alice-hit", "alice", "CCB<=28 〈回避〉 じゃなくて防御", "-"),
    ("house/alice-hit", "alice", "CCB<=28 〈回避〉 やめとこ", "-"),
    ("house/alice-hit", "alice", "CCB<=28 〈回避〉 ってどうやるの", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 やめとこ", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 テスト", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 れんしゅう", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ふたりとも", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 もういっかい", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 尻尾", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1に尻尾で", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1のしっぽ", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 いけー！ゾンビ1", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 振ったらどうなる", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 さっきの", "-"),
    ("budo/alice-turn", "alice", "CCB<=25 【キック】 ねらうのは頭", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【ナイフ】", "~ アリス：ゾンビ1をナイフで攻撃 | アリス：ゾンビ2をナイフで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ", "? アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    # targets as BCDice reads them: the rules' number decides, the typed one is kept for the reply
    ("house/alice-turn", "alice", "CCB<=101-20 【キック】 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=81"),
    ("house/alice-turn", "alice", "CCB<=80+10 【ナイフ】 ゾンビ1", "attack target=ゾンビ1 weapon=ナイフ typed=90"),
    ("house/alice-turn", "alice", "CCB<=(14*5) 【キック】 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=70"),
    ("house/alice-turn", "alice", "CCB<=70*2/3 【キック】 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=46"),
    ("house/alice-turn", "alice", "CCB<=25+20 【キック】", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    # a firearm by its skill (ボブ: .38リボルバー 〈拳銃〉, ショットガン)
    ("house/bob-turn", "bob", "CCB<=60 【拳銃】 ゾンビ1", "attack target=ゾンビ1 weapon=.38リボルバー typed=60"),
    ("house/bob-turn", "bob", "CCB<=60 【.38リボルバー】 ゾンビ1", "attack target=ゾンビ1 weapon=.38リボルバー typed=60"),
    ("house/bob-turn", "bob", "CCB<=60 【リボルバー】 ゾンビ2", "attack target=ゾンビ2 weapon=.38リボルバー typed=60"),
    ("house/bob-turn", "bob", "CCB<=30 【ショットガン】 →ゾンビ2", "attack target=ゾンビ2 weapon=ショットガン typed=30"),
    ("house/bob-turn", "bob", "CCB<=60 【拳銃】", "~ ボブ：ゾンビ1を.38リボルバーで攻撃 | ボブ：ゾンビ2を.38リボルバーで攻撃"),
    ("house/bob-turn", "bob", "CCB<=60 【銃】 ゾンビ1", "? ボブ：ゾンビ1を.38リボルバーで攻撃 | ボブ：ゾンビ1をショットガンで攻撃"),
    ("house/bob-turn", "bob", "CCB<=25 【ライフル】 ゾンビ1", "attack target=ゾンビ1 weapon=ライフル typed=25"),
    ("house/ken-turn", "bob", "CCB<=60 【拳銃】 ゾンビ", "attack target=ゾンビ weapon=コルト typed=60"),
    ("house/ken-turn", "bob", "CCB<=60 【拳銃】", "~ ケン：ゾンビをコルトで攻撃 | ケン：信者をコルトで攻撃"),
    ("house/emma-turn", "dave", "CCB<=25 【ナイフ】 ゾンビ", "attack target=ゾンビ weapon=ナイフ typed=25"),
    ("house/dan-turn", "carol", "CCB<=50 【こぶし】 信者", "attack target=信者 weapon=こぶし typed=50"),
    ("house/ann-turn", "alice", "CCB<=60 【拳銃】 信者へ", "attack target=信者 weapon=.38リボルバー typed=60"),
    # the KP for the NPC whose turn it is
    ("house/zombie-turn", "kp", "CCB<=50 【斧】 ボブ", "attack target=ボブ weapon=斧 as=ゾンビ1 typed=50"),
    ("house/zombie-turn", "kp", "CCB<=50 【斧】 →アリス", "attack target=アリス weapon=斧 as=ゾンビ1 typed=50"),
    ("house/zombie-turn", "kp", "CCB<=50 【こぶし】", "~ ゾンビ1：アリスをこぶしで攻撃 | ゾンビ1：ボブをこぶしで攻撃 | ゾンビ1：見本・花子をこぶしで攻撃"),
    ("house/cultist-turn", "kp", "CCB<=25 【ナイフ】 アン", "attack target=アン weapon=ナイフ as=信者 typed=25"),
    # its secret roll: the NPC's attack, whose result stays secret
    ("house/zombie-turn", "kp", "SCCB<=50 【斧】 ボブ", "attack target=ボブ weapon=斧 as=ゾンビ1 typed=50 secret"),
    ("house/zombie-turn", "kp", "SCCB<=50 【斧】", "~ ゾンビ1：アリスを斧で攻撃 | ゾンビ1：ボブを斧で攻撃 | ゾンビ1：見本・花子を斧で攻撃"),
    ("house/cultist-turn", "kp", "SCCB<=25 【ナイフ】 アン", "attack target=アン weapon=ナイフ as=信者 typed=25 secret"),
    # treatment: the patient named, or each ally (the roller too) for the battle to keep the hurt one
    ("house/alice-turn", "alice", "CCB<=30 【応急手当】 ボブ", "check skill=応急手当 target=ボブ typed=30"),
    ("house/alice-turn", "alice", "CCB<=30 【応急手当】 →ボブ", "check skill=応急手当 target=ボブ typed=30"),
    ("house/alice-turn", "alice", "CCB<=30 【応急手当】 ボブへ", "check skill=応急手当 target=ボブ typed=30"),
    ("house/alice-turn", "alice", "CCB<=30 【応急手当】 自分", "check skill=応急手当 target=アリス typed=30"),
    ("house/alice-turn", "alice", "CCB<=5 【医学】 ボブ", "check skill=医学 target=ボブ typed=5"),
    ("house/alice-turn", "alice", "CCB<=50 応急手当をボブに", "check skill=応急手当 target=ボブ typed=50"),
    ("house/alice-turn", "alice", "CCB<=55 【応急手当】", "~ アリス：応急手当をアリスに | アリス：応急手当をボブに | アリス：応急手当を見本・花子に"),
    ("house/alice-turn", "alice", "CCB<=55 応急手当", "~ アリス：応急手当をアリスに | アリス：応急手当をボブに | アリス：応急手当を見本・花子に"),
    ("house/alice-turn", "alice", "CCB<=5 【医学】", "~ アリス：医学をアリスに | アリス：医学をボブに | アリス：医学を見本・花子に"),
    # any other skill on one's turn is its check
    ("house/alice-turn", "alice", "CCB<=75 【目星】", "check skill=目星 typed=75"),
    ("house/alice-turn", "alice", "CCB<=65 【聞き耳】", "check skill=聞き耳 typed=65"),
    ("house/alice-turn", "alice", "CCB<=65 【アイデア】", "check skill=アイデア typed=65"),
    ("house/alice-turn", "alice", "CCB<=55 【幸運】", "check skill=幸運 typed=55"),
    ("house/alice-turn", "alice", "CCB<=60 【CON × 5】", "check skill=CON×5 typed=60"),
    ("house/alice-turn", "alice", "CCB<=13*5 【CON × 5】", "check skill=CON×5 typed=65"),
    ("house/alice-turn", "alice", "CCB<=70 【武道（柔道）】", "check skill=武道（柔道） typed=70"),
    ("house/alice-turn", "alice", "CCB<=40 【登攀】", "check skill=登攀 typed=40"),
    ("house/alice-turn", "alice", "CCB<=20 【運転（自動車）】", "check skill=運転（自動車） typed=20"),
    ("house/alice-turn", "alice", "CCB<=20 運転(自動車)", "check skill=運転（自動車） typed=20"),
    # round-start declarations still open: the first turn's roll acts
    ("house/declaring", "alice", "CCB<=25 【キック】 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/declaring", "alice", "CCB<=25 【キック】", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    # --- the roll is the answer to the pending question -----------------------------------
    ("house/alice-hit", "alice", "CCB<=28 【回避】", "react action=回避 typed=28"),
    ("house/alice-hit", "alice", "CCB<=101-20 【回避】", "react action=回避 typed=81"),
    ("house/alice-hit", "alice", "CCB<=28-20 【回避】", "react action=回避 typed=8"),
    ("house/alice-hit", "alice", "CCB<=(14*2) 〈回避〉", "react action=回避 typed=28"),
    ("house/alice-hit", "alice", "CCB<=25 【受け流し】", "? アリス：受け流し：ナイフ | アリス：受け流し：大型ナイフ"),
    ("house/alice-hit-one-parry", "alice", "CCB<=25 【受け流し】", "react action=受け流し typed=25"),
    ("book/alice-hit", "alice", "CCB<=25 【受け流し】", "react action=受け流し typed=25"),
    ("book/alice-hit", "alice", "CCB<=28 【回避】", "react action=回避 typed=28"),
    ("budo/alice-hit", "alice", "CCB<=70 【武道】", "react action=武道 typed=70"),
    ("budo/alice-hit", "alice", "CCB<=28 【回避】", "react action=回避 typed=28"),
    # the KP's secret roll answers for the NPC asked, and stays secret
    ("house/zombie-hit", "kp", "SCCB<=16 【回避】", "react action=回避 as=ゾンビ1 typed=16 secret"),
    ("house/zombie-hit", "kp", "SCCB<=16 〈回避〉します", "react action=回避 as=ゾンビ1 typed=16 secret"),
    ("house/zombie-hit", "kp", "SCCB<=16 回避", "react action=回避 as=ゾンビ1 typed=16 secret"),
    ("house/zombie-hit", "kp", "SCCB<=(8*2) 【回避】", "react action=回避 as=ゾンビ1 typed=16 secret"),
    ("house/zombie-hit", "kp", "SCCB<=16 【防御】", "react action=防御 as=ゾンビ1 typed=16 secret"),
    ("house/zombie-hit", "kp", "CCB<=16 【回避】", "react action=回避 as=ゾンビ1 typed=16"),
    ("house/zombies-hit", "kp", "SCCB<=16 【回避】 ゾンビ2", "react action=回避 as=ゾンビ2 typed=16 secret"),
    ("house/zombies-hit", "kp", "SCCB<=16 【回避】", "? ゾンビ1：回避 | ゾンビ2：回避"),
    ("house/zombies-hit", "kp", "CCB<=16 【回避】 ゾンビ1", "react action=回避 as=ゾンビ1 typed=16"),
    ("budo/zombie-counter", "kp", "SCCB<=40 【カウンター攻撃】", "react action=カウンター攻撃 as=ゾンビ1 typed=40 secret"),
    # --- CoC 7th edition in a 6th battle: only dice (the 7th edition rolls it, with a note) ----------
    ("house/alice-turn", "alice", "CC(-1)<=70 【拳銃】", "-"),
    ("house/alice-turn", "alice", "CC-1<=70", "-"),
    ("house/alice-turn", "alice", "CC(1)<=50", "-"),
    ("house/alice-turn", "alice", "CC<=50h", "-"),
    ("house/alice-turn", "alice", "CC(2)<=25 【キック】 ゾンビ1", "-"),
    ("house/alice-turn", "alice", "CC1<=25", "-"),
    ("house/alice-turn", "alice", "CC+1<=25 【キック】", "-"),
    ("house/alice-turn", "alice", "CC<=25e 【キック】", "-"),
    ("house/alice-turn", "alice", "ＣＣ（－１）＜＝７０", "-"),
    ("house/bob-turn", "alice", "CC(-1)<=70", "-"),
    ("house/alice-hit", "alice", "CC(-1)<=28 【回避】", "-"),
    ("book/alice-turn", "alice", "CC<=50h", "-"),
    ("budo/alice-hit", "alice", "CC(-1)<=28 【回避】", "-"),
    ("house/zombie-hit", "kp", "SCC(-1)<=16 【回避】", "-"),
    # --- negatives: a roll that is only dice ------------------------------------------------
    # someone else's turn
    ("house/bob-turn", "alice", "CCB<=70 【キック】", "-"),
    ("house/bob-turn", "alice", "CCB<=70 【キック】 ゾンビ1", "-"),
    ("house/bob-turn", "alice", "CCB<=70 ゾンビ1をこぶしで攻撃", "-"),
    ("house/zombie-turn", "alice", "CCB<=50 【斧】 ボブ", "-"),
    ("house/zombie-turn", "alice", "CCB<=25 【キック】 ゾンビ1", "-"),
    ("house/alice-turn", "bob", "CCB<=60 【拳銃】", "-"),
    ("house/alice-turn", "bob", "CCB<=30 【応急手当】", "-"),
    ("house/alice-turn", "kp", "CCB<=25 【キック】", "-"),
    ("house/alice-hit", "bob", "CCB<=60 【拳銃】 ゾンビ1", "-"),
    ("house/alice-hit", "alice", "CCB<=25 【キック】 ゾンビ1", "-"),
    # a non-attack skill off turn, or while a question is pending
    ("house/bob-turn", "alice", "CCB<=75 【目星】", "-"),
    ("house/bob-turn", "alice", "CCB<=65 【聞き耳】", "-"),
    ("house/zombie-turn", "alice", "CCB<=65 【アイデア】", "-"),
    ("house/alice-hit", "alice", "CCB<=75 【目星】", "-"),
    ("house/alice-hit", "alice", "CCB<=25 【ナイフ】", "-"),
    ("house/alice-hit", "alice", "CCB<=30 【応急手当】 ボブ", "-"),
    # a reaction skill with nothing to answer
    ("house/alice-turn", "alice", "CCB<=28 【回避】", "-"),
    ("house/alice-turn", "alice", "CCB<=10 【隠れる】", "-"),
    ("house/bob-turn", "bob", "CCB<=24 〈回避〉", "-"),
    # a secret roll that is no NPC's answer
    ("house/alice-turn", "alice", "SCCB<=75 【目星】", "-"),
    ("house/alice-turn", "alice", "SCCB<=25 【キック】 ゾンビ1", "-"),
    ("house/alice-hit", "alice", "SCCB<=28 【回避】", "-"),
    ("house/alice-hit", "kp", "SCCB<=28 【回避】", "-"),
    ("house/zombie-hit", "kp", "SCCB<=16 【目星】", "-"),
    ("house/zombie-turn", "alice", "SCCB<=50 【斧】 ボブ", "-"),
    ("house/zombie-turn", "kp", "SCCB<=50 【目星】 ボブ", "-"),
    ("house/cultist-turn", "alice", "SCCB<=25 【ナイフ】 アン", "-"),
    # the rest of the comment says more than a target: never half of it
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 ゾンビ2", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 C4", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 2回", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 今度こそ", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 アリス", "-"),
    ("house/alice-turn", "alice", "CCB<=75 【目星】 ゾンビ1", "-"),
    # not a skill, or not one a battle acts on
    ("house/alice-turn", "alice", "CCB<=55 【正気度ロール】", "-"),
    ("house/alice-turn", "alice", "CCB<=65 【おやつ】", "-"),
    ("house/alice-turn", "alice", "CCB<=65 ゾンビ1", "-"),
    ("house/alice-turn", "alice", "CCB<=65 【ダメージ判定】", "-"),
    ("house/alice-turn", "alice", "CCB<=50 どうかな", "-"),
    ("house/alice-turn", "alice", "CCB<=20 【目星（暗所）】", "-"),
    ("house/alice-turn", "alice", "CCB<=70 【キック】 対象：全員", "-"),
    ("house/alice-turn", "alice", "CCB<=70 【キック】 target:C4", "-"),
    ("house/alice-turn", "alice", "CCB<=70 キック→どこか", "-"),
    ("house/bob-turn", "alice", "CCB<=70 【キック】 対象：ゾンビ1", "-"),
    ("house/bob-turn", "alice", "CCB<=20 【運転（自動車）】", "-"),
    ("house/zombie-turn", "bob", "CCB<=60 【拳銃】 →ゾンビ1", "-"),
    ("book/alice-hit", "bob", "CCB<=75 【目星】", "-"),
    ("budo/alice-hit", "bob", "CCB<=75 【目星】", "-"),
    ("budo/alice-turn", "bob", "CCB<=60 【拳銃】 ゾンビ1", "-"),
    ("budo/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 2発", "attack target=ゾンビ1 weapon=キック shots=2 typed=25"),
    ("house/alice-turn", "alice", "CCB<=25", "-"),
    # not a 1D100 check, or a target BCDice does not roll against
    ("house/alice-turn", "alice", "1d6 【キック】", "-"),
    ("house/alice-turn", "alice", "1D3+1D4 【ダメージ判定（キック）】", "-"),
    ("house/alice-turn", "alice", "1D6+1D4 【ダメージ判定（キック）】", "-"),
    ("house/alice-turn", "alice", "x2 CCB<=25 【キック】", "-"),
    ("house/alice-turn", "alice", "CCB<=-5 【キック】", "-"),
    ("house/alice-turn", "alice", "CCB<=0 【キック】", "-"),
    ("house/alice-turn", "alice", "2D6<=7 【キック】", "-"),
    ("house/alice-turn", "alice", "CBR(25,50) 【キック】", "-"),
    ("house/alice-turn", "alice", "RES(12-10) 【キック】", "-"),
    # F23: a roll with its comment glued on is the palette roll it means, never silence
    ("house/alice-turn", "alice", "CCB<=25【キック】", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    # talk about dice
    ("house/alice-turn", "alice", "CCB<=25 【キック】 って振ればいいの？", "-"),
    ("house/alice-turn", "alice", "> CCB<=25 【キック】", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】で殴ったほうがいいかな？", "-"),
    ("house/alice-turn", "alice", "キックはCCB<=25だよね", "-"),
    ("house/alice-turn", "alice", "さっきのCCB<=70 【キック】惜しかった", "-"),
    ("house/alice-turn", "alice", "パレットのCCB<=25 【キック】押せばいいんだっけ", "-"),
    ("house/alice-turn", "alice", "#CCB<=25 【キック】", "-"),
    ("house/bob-turn", "bob", "CCBって何の略？", "-"),
    # no battle running yet
    ("house/setup", "alice", "CCB<=25 【キック】 ゾンビ1", "-"),
    ("house/setup", "alice", "CCB<=75 【目星】", "-"),
    # charge-rank rolls d6 pools: a 1D100 line is only dice (its 7th edition lines are noted)
    ("cr/kiryu-turn", "alice", "CCB<=70 【キック】 刺客", "-"),
    ("cr/kiryu-turn", "alice", "CCB<=70 【キック】", "-"),
    ("cr/kiryu-turn", "alice", "CCB<=70 【目星】", "-"),
    ("cr/kiryu-hit", "alice", "CCB<=70 回避", "-"),
    ("cr/assassin-hit", "kp", "SCCB<=20 【回避】", "-"),
    ("cr/kiryu-turn", "alice", "CC(-1)<=70", "-"),
    # more talk around dice, and rolls that say two things
    ("house/alice-turn", "alice", "CCB<=25で振ります", "-"),
    ("house/alice-turn", "alice", "次CCB<=70 【キック】振るね", "-"),
    ("house/alice-turn", "alice", "CCB<70 【キック】", "-"),
    ("house/alice-turn", "alice", "CCB=70 【キック】", "-"),
    ("house/alice-turn", "alice", "「CCB<=25 【キック】」", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1と2", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 全員", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 2回攻撃", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1に受け流し", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 【ナイフ】 ゾンビ1", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 ゾンビ1", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 グールの死体", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 C4へ移動", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ターン終了", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【目星】 ターン終了", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 サルト", "? アリス：ゾンビ1をキックでサルトで攻撃 | アリス：ゾンビ2をキックでサルトで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 ダメージ+1", "-"),
    ("house/alice-turn", "alice", "SCC<=25 【目星】", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 って感じ？", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 ←これ振っていい？", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1 じゃなくてゾンビ2", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1以外", "-"),
    ("house/alice-hit", "alice", "CCB<=28 【目星】", "-"),
    ("house/alice-hit", "alice", "CCB<=25 【キック】", "-"),
    ("house/alice-hit", "bob", "CCB<=60 【拳銃】", "-"),
    ("house/alice-hit", "bob", "CCB<=24 【回避】", "-"),
    ("house/zombie-hit", "alice", "SCCB<=16 【回避】", "-"),
    ("house/zombie-hit", "alice", "CCB<=16 【回避】", "-"),
    ("house/zombie-hit", "alice", "CCB<=25 【キック】 ゾンビ1", "-"),
    ("house/zombies-hit", "alice", "CCB<=16 【回避】 ゾンビ2", "-"),
    ("book/alice-hit", "bob", "CCB<=25 【キック】 ゾンビ1", "-"),
    ("book/alice-hit", "alice", "CCB<=25 【キック】 ゾンビ1", "-"),
    ("book/alice-turn", "bob", "CCB<=60 【拳銃】", "-"),
    ("budo/alice-turn", "alice", "CCB<=70 【武道】 ゾンビ1", "-"),
    ("budo/alice-hit", "bob", "CCB<=60 【拳銃】 ゾンビ1", "-"),
    ("budo/alice-hit", "alice", "SCCB<=70 【武道】", "-"),
    ("budo/alice-turn", "bob", "CCB<=25 【キック】", "-"),
    ("house/declaring", "bob", "CCB<=25 【キック】 ゾンビ1", "-"),
    ("house/declaring", "kp", "CCB<=25 【キック】", "-"),
    # a few more positives per system
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1を殴る", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 見本", "attack target=見本・花子 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=99 【クトゥルフ神話】", "check skill=クトゥルフ神話 typed=99"),
    ("budo/alice-tackled", "alice", "CCB<=25 【組み付き】", "react action=組み付き typed=25"),
    ("house/alice-tackle-choice", "alice", "CCB<=25 【組み付き】", "react action=組み付き typed=25"),
    ("book/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("book/alice-turn", "alice", "CCB<=25 【キック】", "~ アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("book/alice-turn", "alice", "CCB<=30 【応急手当】 ボブ", "check skill=応急手当 target=ボブ typed=30"),
    ("book/alice-turn", "alice", "CCB<=30 【応急手当】", "~ アリス：応急手当をアリスに | アリス：応急手当をボブに | アリス：応急手当を見本・花子に"),
    ("budo/alice-turn", "alice", "CCB<=25 【キック】 ゾンビ2", "attack target=ゾンビ2 weapon=キック typed=25"),
    ("budo/alice-turn", "alice", "CCB<=70 【武道（柔道）】", "check skill=武道（柔道） typed=70"),
    ("budo/alice-turn", "alice", "CCB<=25 【ナイフ】", "~ アリス：ゾンビ1をナイフで攻撃 | アリス：ゾンビ2をナイフで攻撃"),
]


def shown(outcome) -> str:
    """An outcome in the table's notation."""
    if outcome is None:
        return "-"
    if isinstance(outcome, (Ambiguous, Untargeted)):
        mark = "~" if isinstance(outcome, Untargeted) else "?"
        return f"{mark} " + " | ".join(c.text for c in outcome.choices)
    options = " ".join(f"{k}={v}" for k, v in outcome.options.items())
    return f"{outcome.command} {options} typed={outcome.typed_target}" + (" secret" if outcome.secret else "")


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), ROWS,
                         ids=[f"{i:03d}-{r[2][:20]}" for i, r in enumerate(ROWS)])
def test_palette_phrasing(scene, speaker, text, spec):
    assert shown(read(text, context(scene, speaker))) == spec


def test_the_table_is_large_mixed_and_covers_every_system():
    acting = [r for r in ROWS if r[3] != "-"]
    silent = [r for r in ROWS if r[3] == "-"]
    systems = {VIEWS[scene][0] for scene, *_ in ROWS}
    assert len(ROWS) >= 200 and len(silent) >= len(acting)
    assert systems == {"coc6-house", "coc6", "coc6-budo", "charge-rank"}
    for system in ("coc6-house", "coc6", "coc6-budo"):
        kinds = {r[3] == "-" for r in ROWS if VIEWS[r[0]][0] == system}
        assert kinds == {True, False}, system


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), [r for r in ROWS if r[3][:1] in "?~"])
def test_each_choice_reads_back_as_itself(scene, speaker, text, spec):
    """A question's button carries its choice's canonical text: read again in the same
    moment it is exactly that declaration (what pressing the button runs, with the kept die);
    a secret roll's choices are all secret."""
    ctx = context(scene, speaker)
    choices = read(text, ctx).choices
    assert {c.secret for c in choices} == {text.startswith("S")}
    for choice in choices:
        again = read(choice.text, ctx)
        assert isinstance(again, Declaration)
        assert (again.command, again.options) == (choice.command, choice.options)
        assert choice.typed_target is not None
