"""The command surface (COMMANDS.md) as data: every command, option and choice with its
Japanese localisation and descriptions. The Discord layer builds its app commands from this
table and the console accepts both spellings through it; the service receives the English
command path and option names.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.coc6.character import CHARACTERISTIC_RANGE, CHARACTERISTICS


TYPES = ("str", "int", "bool", "user", "role", "attachment")
"""Option types. ``user``/``role``/``attachment`` are Discord's Member, Role and Attachment
(the service receives the user's id, the role's id, the file's text under ``data``); the
console takes them as text (a name, a role name, a file path)."""


@dataclass(frozen=True)
class Opt:
    """An option: ``name`` (English id), ``ja`` (Japanese name), ``desc`` (Japanese
    description), ``type`` (one of :data:`TYPES`), ``required``, ``choices``
    (``(value, Japanese label)`` pairs; value is what the service receives), ``autocomplete``,
    and for ``int`` the inclusive range ``low``..``high`` (Discord enforces it in the client,
    the console with :func:`check_int`); ``aliases``: other names the console reads for it
    (``/kp set name:`` as ``target:``, as /char set spells it; Discord offers only the
    option's own names)."""

    name: str
    ja: str
    desc: str
    type: str = "str"
    required: bool = False
    choices: tuple[tuple[str, str], ...] = ()
    autocomplete: str | None = None
    low: int | None = None
    high: int | None = None
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"option {self.name!r}: unknown type {self.type!r}")
        if (self.low is not None or self.high is not None) and self.type != "int":
            raise ValueError(f"option {self.name!r}: only int options have a range")


def num(name: str, ja: str, desc: str, low: int, high: int, required: bool = False) -> Opt:
    """A ranged integer option ``low``..``high`` (inclusive)."""
    return Opt(name, ja, desc, "int", required, low=low, high=high)


def check_int(option: Opt, value: int, label: str | None = None) -> str | None:
    """The Japanese refusal when ``value`` is outside the option's range, else None;
    ``label``: the option as the refusal names it (``STR`` for ``str``), else its name."""
    label = label or option.name
    if option.high is not None and value > option.high:
        return f"{label} の値が大きすぎます（{option.low}〜{option.high} の整数）。"
    if option.low is not None and value < option.low:
        return f"{label} の値が小さすぎます（{option.low}〜{option.high} の整数）。"
    return None


@dataclass(frozen=True)
class Cmd:
    """A command: ``path`` (``"battle start"``), ``ja`` (Japanese path, same depth),
    ``desc`` (Japanese description, ≤ 100 characters), ``options``; ``private``: its answer
    is normally shown only to the user (Discord defers it ephemeral); ``home``: the package
    of ``bot/`` whose handler serves it (:data:`HOMES`; the service's route table checks it)."""

    path: str
    ja: str
    desc: str
    options: tuple[Opt, ...] = ()
    private: bool = False
    home: str = "battle"

    def __post_init__(self) -> None:
        if self.home not in HOMES:
            raise ValueError(f"command {self.path!r}: unknown home {self.home!r}")


HOMES = ("battle", "sheets")
"""The packages that serve commands: ``bot.battle`` (battles, the keeper's desk, chat lines
and buttons) and ``bot.sheets`` (dice, sheets, checks on a sheet, sessions)."""


AS = Opt("as", "代理", "KPが代わりに行動させるユニット", autocomplete="unit")
SYSTEM_CHOICES = (("coc6-house", "CoC6 ハウスルール"), ("coc6", "CoC6 基本ルール"),
                  ("coc6-budo", "CoC6 武道ルール"), ("charge-rank", "チャージランク制"),
                  ("coc7", "新クトゥルフ神話TRPG（7版）"))
STATS = tuple(num(s.lower(), s.lower(), f"{s}（能力値。CoCのシートでは必須）", *CHARACTERISTIC_RANGE) for s in CHARACTERISTICS)
CHARGE_RANK = (num("reflex", "リフレクス", "〔リフレクス〕（チャージランク制）", 0, 999),
               num("stamina", "スタミナ", "〔スタミナ〕（チャージランク制）", 0, 999),
               num("capacity", "キャパシティ", "〔キャパシティ〕（チャージランク制、省略でリフレクス）", 0, 999),
               num("guard", "ガード", "〔ガード〕（チャージランク制、省略で0）", 0, 999),
               num("attack_power", "攻撃力", "攻撃力（チャージランク制、省略で1）", 0, 999),
               num("mp", "mp", "MP（チャージランク制、呪文に使う。省略でなし）", 0, 999))
"""The numbers of a charge-rank sheet (``/char new system:charge-rank``), option id → its name
on the sheet by the ``ja`` of each."""
REACTIONS = (("回避", "回避"), ("受け流し", "受け流し"), ("防御", "防御"), ("隠れる", "隠れる"),
             ("かばう", "かばう"), ("武道", "武道"), ("カウンター", "カウンター"),
             ("インターセプト", "インターセプト"), ("カバーリング", "カバーリング"),
             ("妨害", "妨害"), ("回避カウンター", "回避カウンター"), ("カウンター攻撃", "カウンター攻撃"),
             ("組み付き", "組み付き"), ("吹き飛ばし", "吹き飛ばし"), ("押し倒し", "押し倒し"), ("反撃", "反撃"), ("継続回避", "継続回避"),
             ("回避（+30%）", "回避（+30%）"), ("防御（+30%）", "防御（+30%）"),
             ("受け流し（+30%）", "受け流し（+30%）"), ("隠れる（+30%）", "隠れる（+30%）"), ("なし", "なし"),
             ("応戦", "応戦（7版）"))
DECLARATIONS = (("受け流し", "受け流し"), ("行動遅延", "行動遅延"), ("回避に集中", "回避に集中"),
                ("防御に集中", "防御に集中"), ("受け流しに集中", "受け流しに集中"),
                ("隠れるに集中", "隠れるに集中"), ("かばうに集中", "かばうに集中"),
                ("矢をつがえる", "矢をつがえる"), ("弦の張り替え", "弦の張り替え"), ("剛の型破棄", "剛の型破棄"),
                ("装填", "装填（リロード）"),
                ("なし", "宣言しない"), ("以後宣言しない", "以後宣言しない（この戦闘のあいだ）"),
                ("宣言再開", "宣言再開（以後宣言しないを取り消す）"),
                ("銃を構える", "銃を構える（7版）"), ("銃をしまう", "銃をしまう（7版）"),
                ("身を投げ出す", "身を投げ出す（7版）"), ("装填", "装填（7版）"), ("武器を拾う", "武器を拾う（7版）"))

COMMANDS: tuple[Cmd, ...] = (
    Cmd("roll", "ロール", "ダイスを振る（BCDice互換: CCB<=70, 2D6+1D4, RES(12-10) など）", (
        Opt("command", "コマンド", "ダイスコマンド（後ろにコメントも書けます）", required=True),
        Opt("system", "システム", "この1回だけ使う版（省略時はチャンネルの版）",
            choices=(("coc6", "クトゥルフ神話TRPG（6版）"), ("coc7", "新クトゥルフ神話TRPG（7版）")))), home="sheets"),
    Cmd("char new", "キャラ 作成", "能力値からキャラクターを作る（7版は能力値を%で、チャージランク制は system と自分の数値で）", (
        Opt("name", "名前", "キャラクター名", required=True), *STATS,
        Opt("edition", "版", "6版か7版か（省略時はチャンネルの版）",
            choices=(("6", "6版（クトゥルフ神話TRPG）"), ("7", "7版（新クトゥルフ神話TRPG）"))),
        num("luck", "幸運", "7版の幸運（省略すると3D6×5を振ります）", 0, 99),
        num("age", "年齢", "7版の年齢（40代からMOVが下がります）", 1, 999),
        Opt("system", "ルール", "シートのルール（省略でCoC）", choices=(("coc6", "CoC6"), ("charge-rank", "チャージランク制"))),
        *CHARGE_RANK), private=True, home="sheets"),
    Cmd("char set", "キャラ 設定", "能力値・技能・HP・装甲などを1つ設定する", (
        Opt("name", "名前", "キャラクター名", required=True, autocomplete="character"),
        Opt("key", "項目", "項目名（STR, こぶし, 回避, HP, 装甲 …）", required=True),
        Opt("value", "値", "設定する値", required=True)), private=True, home="sheets"),
    Cmd("char weapon", "キャラ 武器", "武器を持たせる（既知の武器は表から補完）", (
        Opt("name", "名前", "キャラクター名", required=True, autocomplete="character"),
        Opt("weapon", "武器", "武器名", required=True),
        Opt("skill", "技能", "技能値（%）または技能名"),
        Opt("damage", "ダメージ", "ダメージ（例: 1D8, 1D6+2）"),
        num("hp", "耐久力", "武器の耐久力", 0, 9999),
        Opt("class", "分類", "受け流しの分類（刀剣, 棍棒, ナイフ, 拳銃 …）"),
        Opt("rof", "射撃モード", "銃の射撃モード（単発 / 単発/セミオート/フルオート）"),
        num("range", "射程", "射程（m）", 0, 100000),
        Opt("impale", "貫通", "スペシャルで貫通する武器か（未指定なら武器表のとおり）", "bool"),
        num("shots", "攻撃回数", "7版：1ラウンドに撃てる回数（拳銃は3）", 1, 10),
        num("ammo", "装弾数", "銃に込められる弾数（未指定なら武器表のとおり）", 1, 100000),
        num("malfunction", "故障ナンバー", "銃の故障ナンバー（この出目以上で故障。100は表の「00」。未指定なら武器表のとおり）", 1, 100),
        Opt("delete", "削除", "この武器をキャラクターから外す", "bool")), private=True, home="sheets"),
    Cmd("char show", "キャラ 表示", "キャラクターを表示する", (
        Opt("name", "名前", "キャラクター名", autocomplete="character"),), private=True, home="sheets"),
    Cmd("char growth", "キャラ 成長", "成長ロール（成長の印の付いた技能）。KPは all で全員分、skill と mark で印の付け外し", (
        Opt("name", "名前", "キャラクター名", autocomplete="character"),
        Opt("all", "全員", "KP: このチャンネルで印の付いた全員の成長ロール", "bool"),
        Opt("skill", "技能", "印を付け外しする技能"),
        Opt("mark", "印", "true で印を付ける（KP）、false で外す", "bool")), home="sheets"),
    Cmd("char list", "キャラ 一覧", "自分のキャラクターの一覧", private=True, home="sheets"),
    Cmd("char delete", "キャラ 削除", "キャラクターを削除する", (
        Opt("name", "名前", "キャラクター名", required=True, autocomplete="character"),), private=True, home="sheets"),
    Cmd("char import", "キャラ 取込", "ココフォリアのコマ／キャラクター保管所のシートから作る", (
        Opt("file", "ファイル", "JSONまたはテキストのファイル", "attachment"),
        Opt("data", "データ", "ココフォリアのコマのテキスト、またはキャラクター保管所のURL")), private=True, home="sheets"),
    Cmd("char rename", "キャラ 改名", "自分のキャラクターの名前を変える", (
        Opt("name", "名前", "今の名前", required=True, autocomplete="character"),
        Opt("new", "新しい名前", "新しい名前", required=True)), private=True, home="sheets"),
    Cmd("char export", "キャラ 書出", "ココフォリアに貼れるコマのデータ（チャットパレット付き）を出す", (
        Opt("name", "名前", "キャラクター名", autocomplete="character"),), private=True, home="sheets"),
    Cmd("char voice", "キャラ なりきり", "このチャンネルでキャラクターとして発言する（名前と立ち絵で投稿）・接頭辞を決める", (
        Opt("name", "名前", "発言するキャラクター（省略で自分の唯一のキャラクター）", autocomplete="character"),
        Opt("on", "オン", "true でこのチャンネル（スレッド）でなりきり発言を始める、false でやめる", "bool"),
        Opt("prefix", "接頭辞", "この文字で始めた行だけキャラクターとして話す（例: アリス: 。なし で外す）")),
        private=True, home="sheets"),
    Cmd("char portrait", "キャラ 立ち絵", "立ち絵と表情差分（笑顔・怒り…）を画像かURLで設定する（引数なしで一覧）", (
        Opt("name", "名前", "キャラクター名（省略で自分の唯一のキャラクター）", autocomplete="character"),
        Opt("face", "表情", "表情差分の名前（例: 笑顔。発言の最後に @笑顔 と書いて使う。省略で基本の立ち絵）"),
        Opt("file", "画像", "立ち絵の画像（PNG・JPEG・GIF・WebP。ボットが保存します）", "attachment"),
        Opt("url", "url", "立ち絵の画像のURL（https://…、そのまま使います）"),
        Opt("delete", "削除", "この立ち絵（表情）を外す", "bool")), private=True, home="sheets"),
    Cmd("battle new", "戦闘 作成", "このチャンネルで戦闘を開く（あなたがKPになります）", (
        Opt("system", "ルール", "ルールシステム", choices=SYSTEM_CHOICES),)),
    Cmd("battle join", "戦闘 参加", "自分のキャラクターで戦闘に参加する", (
        Opt("character", "キャラ", "参加するキャラクター", autocomplete="character"),)),
    Cmd("battle add", "戦闘 追加", "KP: NPCを追加する", (
        Opt("name", "名前", "戦闘での名前", required=True),
        Opt("character", "キャラ", "元にする保存済みキャラクター", autocomplete="character"),
        Opt("hidden", "非公開", "数値をKPだけに見せる", "bool"))),
    Cmd("battle start", "戦闘 開始", "KP: ラウンド1を始める"),
    Cmd("battle status", "戦闘 状況", "順番・HP・行動ポイント・状態を表示する"),
    Cmd("battle remove", "戦闘 除外", "KP: 参加者を戦闘から外す", (
        Opt("name", "名前", "外す参加者", required=True, autocomplete="unit"),)),
    Cmd("battle end", "戦闘 終了", "KP: 戦闘を終える（対応待ちや両陣営が健在なら確認します）", (
        Opt("confirm", "確認なし", "確認せずにすぐ終える", "bool"),)),
    Cmd("battle reopen", "戦闘 再開", "KP: このチャンネルで最後に終えた戦闘を再開する"),
    Cmd("battle log", "戦闘 ログ", "戦闘の記録をファイルで出す", private=True),
    Cmd("attack", "攻撃", "自分の手番に攻撃する", (
        Opt("target", "対象", "攻撃する相手", required=True, autocomplete="unit"),
        Opt("weapon", "武器", "使う武器（省略時は最初の武器）", autocomplete="weapon"),
        Opt("special", "特殊", "特殊攻撃（サルト, タックル, 精密射撃 …）"),
        Opt("aim", "部位", "部位狙い（急所, 腕, 足 …）"),
        Opt("mode", "射撃", "射撃モード（単発, セミオート, フルオート, 未照準）"),
        num("shots", "弾数", "撃つ弾数", 1, 1000),
        num("modifier", "補正", "技能値への補正（%）", -999, 999),
        num("power", "パワー", "パワーランク（チャージランク制）", 0, 99),
        num("bonus", "ボーナス", "7版：ボーナスダイス（+）・ペナルティダイス（−）の数（遮蔽・奇襲など）", -2, 2),
        AS)),
    Cmd("react", "対応", "自分への攻撃に対応する（回避・受け流し・なし …）", (
        Opt("action", "行動", "対応の種類", required=True, choices=REACTIONS),
        Opt("weapon", "武器", "受け流しに使う武器", autocomplete="weapon"),
        Opt("target", "対象", "かばう相手", autocomplete="unit"),
        Opt("object", "遮蔽物", "隠れる物"),
        num("power", "パワー", "パワーランク", 0, 99),
        AS)),
    Cmd("declare", "宣言", "ラウンドのはじめの宣言（受け流し・行動遅延・○○に集中）と装填（リロード）", (
        Opt("action", "行動", "宣言する行動", required=True, choices=DECLARATIONS),
        Opt("target", "対象", "受け流す相手", autocomplete="unit"),
        num("amount", "量", "行動遅延で下げるDEX", 1, 999),
        AS)),
    Cmd("spell", "呪文", "自分の手番に呪文を唱える（MPを消費。効果はKPが裁定）", (
        Opt("name", "呪文名", "唱える呪文の名前", required=True),
        num("mp", "mp", "消費するMP", 0, 999, True),
        Opt("target", "対象", "呪文をかける相手", autocomplete="unit"),
        num("power", "パワー", "パワーランク（チャージランク制）", 0, 99),
        AS)),
    Cmd("end", "ターン終了", "自分の手番を終える", (AS,)),
    Cmd("wait", "待機", "待機する（チャージランク制）", (AS,)),
    Cmd("escape", "逃亡", "戦闘から逃げる（チャージランク制）", (
        num("power", "パワー", "パワーランク", 0, 99, True), AS)),
    Cmd("move", "移動", "マスを移動する（1マス1ポイント）。チャージランク制はパワーランク分だけ区域へ近づく", (
        Opt("to", "移動先", "移動先のマス（例: C4）"),
        num("power", "パワー", "パワーランク（チャージランク制、省略でチャージランク全部）", 0, 99), AS)),
    Cmd("check", "判定", "技能・能力値・SANの判定（目星、アイデア、CON×5、SAN …）。戦闘外は自分のキャラクターで", (
        Opt("skill", "技能", "技能名、アイデア・幸運・知識、CON×5、SAN など", required=True),
        Opt("target", "対象", "手当てなどの相手", autocomplete="unit"),
        num("modifier", "補正", "補正（%）", -999, 999),
        Opt("loss", "減少", "SANチェックの減少値 成功時/失敗時（例: 1/1D6）"),
        Opt("character", "キャラクター", "戦闘外で判定するキャラクター（複数持っているとき）", autocomplete="character"),
        num("bonus", "ボーナス", "7版：ボーナスダイス（+）・ペナルティダイス（−）の数", -2, 2),
        Opt("difficulty", "難易度", "7版：難易度", choices=(("r", "レギュラー"), ("h", "ハード"), ("e", "イクストリーム"))),
        Opt("luck", "幸運", "7版：失敗したら幸運を使って成功にする（KPが許可したとき）", "bool"),
        AS,
        Opt("source", "原因", "SANチェック：減少の原因（深きもの など。同じ原因からは失敗時の最大値まで）"),
        Opt("push", "プッシュ", "7版：直前に失敗した判定をプッシュする（KPが失敗したときの結果を告げてから振ります）", "bool"),
        Opt("reason", "理由", "7版：プッシュの理由（どうやってもう一度試すか）"),
        Opt("opposed", "対抗相手", "7版：対抗ロールの相手（キャラクター名、またはシートのないNPCの名前）"),
        Opt("against", "相手の技能", "7版：対抗ロールの相手の技能名か値（省略で同じ技能。シートのない相手は 60 のように値）"))),
    Cmd("battle map", "戦闘 マップ", "盤面を画像で表示する"),
    Cmd("help", "ヘルプ", "使い方: 戦闘中はいまチャットに書けることと例、戦闘外はコマンドと書き方", private=True),
    Cmd("kp set", "kp 設定", "KP: HP・能力値・技能・AP・武器の耐久力・状態を直接変える", (
        Opt("target", "対象", "ユニット", required=True, autocomplete="unit", aliases=("name", "名前")),
        Opt("field", "項目", "項目（HP, MP, AP, DEX, 状態, 武器名.耐久力, 銃名.残弾, 銃名.故障 …）", required=True, aliases=("key",)),
        Opt("value", "値", "新しい値（状態は +転倒 / -転倒）", required=True))),
    Cmd("kp place", "kp 配置", "KP: ユニットをマスに置く", (
        Opt("name", "名前", "ユニット", required=True, autocomplete="unit"),
        Opt("to", "マス", "マス（例: C4）", required=True))),
    Cmd("kp object", "kp 物体", "KP: 遮蔽物や壁を置く", (
        Opt("name", "名前", "物体の名前", required=True),
        num("siz", "siz", "遮蔽物のSIZ", 0, 999),
        Opt("at", "位置", "マス（例: D5）。省略するとマップなし"),
        Opt("kind", "種類", "遮蔽物 または 壁", choices=(("遮蔽物", "遮蔽物"), ("壁", "壁"))))),
    Cmd("kp override", "kp 上書き", "KP: 直前のロールの結果を差し替えて処理し直す", (
        Opt("result", "結果", "成功, 失敗, スペシャル, 決定的成功, 致命的失敗 または出目", required=True),)),
    Cmd("kp allow", "kp 許可", "KP: 直前に拒否された宣言を認める"),
    Cmd("kp undo", "kp 取消", "KP: 直前の操作を取り消す", (
        num("steps", "回数", "取り消す操作の数（既定 1）", 1, 100),)),
    Cmd("kp redo", "kp やり直し", "KP: 取り消した操作をやり直す", (
        num("steps", "回数", "やり直す操作の数（既定 1）", 1, 100),)),
    Cmd("kp skip", "kp スキップ", "KP: 今の手番を飛ばす"),
    Cmd("kp rest", "kp 休息", "KP: 休息させてスタミナを最大値まで戻す（チャージランク制。負傷で下がった最大値まで）", (
        Opt("name", "名前", "休息させる参加者（省略で全員）", autocomplete="unit"),)),
    Cmd("kp close", "kp 宣言締切", "KP: ラウンド開始時の宣言を締め切る（未回答は宣言なし）"),
    Cmd("kp pending", "kp 保留中", "KP: 答えを待っている質問（NPC・非公開NPCの対応や宣言）をもう一度表示する", private=True),
    Cmd("kp order", "kp 順番", "KP: 行動順を動かす", (
        Opt("name", "名前", "ユニット", required=True, autocomplete="unit"),
        num("position", "位置", "何番目にするか（1から）", 1, 100, True))),
    Cmd("kp setting", "kp 設定項目", "KP: この戦闘のルール設定（引数なしで一覧）", (
        Opt("key", "項目", "設定項目"),
        Opt("value", "値", "新しい値"))),
    Cmd("kp role", "kp kpロール", "KP: KPとして扱うロールを設定する", (
        Opt("role", "対象ロール", "KPとして扱うロール", "role", True),)),
    Cmd("kp handover", "kp 交代", "KP: KPを別のユーザーに渡す", (
        Opt("user", "ユーザー", "新しいKP", "user", True),)),
    Cmd("kp voice", "kp なりきり", "KP: このチャンネルでNPCとして発言する（シートのない名前だけでも話せます）", (
        Opt("npc", "npc", "発言するNPCの名前", autocomplete="character"),
        Opt("on", "オン", "false でNPCとしての発言をやめる", "bool"),
        Opt("prefix", "接頭辞", "この文字で始めた行だけNPCとして話す（例: 店主: 。なし で外す）")), private=True, home="sheets"),
    Cmd("session start", "セッション 開始", "KP: このチャンネルのセッションを始める（終了までのロール・判定・戦闘を記録）", home="sheets"),
    Cmd("session end", "セッション 終了", "KP: セッションを終え、キャラクターごとの出目の集計とSAN・HPの変化を出す", home="sheets"),
    Cmd("session log", "セッション ログ", "セッション全体の記録をファイル（HTML・テキスト）で出す", (
        num("number", "回", "このチャンネルの何回目のセッションか（省略で最新）", 1, 100000),), private=True, home="sheets"),
    Cmd("san loss", "正気度 減少", "パレットで振った正気度ロールの減少値を入れる（KPか、振った本人）", (
        Opt("value", "減少値", "成功時/失敗時（例: 1/1D6）。成否はさきほどのロールのとおり", required=True),
        Opt("character", "キャラクター", "減少値を待っているキャラクター（何人かいるとき）", autocomplete="character"),
        Opt("source", "原因", "減少の原因（深きもの など。同じ原因からは失敗時の最大値まで）")), home="sheets"),
    Cmd("san time", "正気度 時間経過", "KP: ゲーム内の時間を進める（不定の狂気の1時間、狂気・状態の残り時間）", (
        num("minutes", "分", "経過した分", 0, 525600), num("hours", "時間", "経過した時間", 0, 8760),
        num("rounds", "ラウンド", "経過したラウンド（戦闘中は戦闘のラウンドで進みます）", 0, 1000)), home="sheets"),
    Cmd("san state", "正気度 状態", "KP: シートの状態（一時的狂気・気絶など）を付ける・外す", (
        Opt("character", "キャラクター", "状態を変えるキャラクター", required=True, autocomplete="character"),
        Opt("state", "状態", "状態の名前（一時的狂気、不定の狂気、気絶 …）", required=True),
        Opt("time", "長さ", "続く長さ（1D10ラウンド、1D10時間、30分、1D10行動。省略でKPが外すまで）"),
        Opt("end", "解除", "この状態を外す", "bool")), home="sheets"),
    Cmd("table add", "表 登録", "サーバーの表を登録する（BCDiceの表の形式。チャットに「表登録」と表を貼っても登録できます）", (
        Opt("text", "表", "表（1行目に名前、2行目にダイス、「出目:内容」の行。1行なら 狂気表 1D3 1:叫ぶ 2:逃げる 3:笑う）"),
        Opt("file", "ファイル", "表のテキストファイル", "attachment"),
        Opt("name", "呼び名", "表を呼ぶ名前（省略で表の1行目）")), home="sheets"),
    Cmd("table list", "表 一覧", "このサーバーの表の一覧（7版のチャンネルではBCDiceの7版の表も）", private=True, home="sheets"),
    Cmd("table show", "表 表示", "表の中身を表示する", (
        Opt("name", "呼び名", "表の呼び名", required=True, autocomplete="table"),), private=True, home="sheets"),
    Cmd("table remove", "表 削除", "表を削除する（登録した人かKP）", (
        Opt("name", "呼び名", "表の呼び名", required=True, autocomplete="table"),), home="sheets"),
    Cmd("table roll", "表 振る", "表を振る", (
        Opt("name", "呼び名", "表の呼び名", required=True, autocomplete="table"),
        Opt("secret", "シークレット", "結果を自分とKPにだけ見せる", "bool")), home="sheets"),
)

BY_PATH: dict[str, Cmd] = {cmd.path: cmd for cmd in COMMANDS}
"""Every command by its English path."""
