"""Gateway payloads as Discord sends them (INTERACTION_CREATE, MESSAGE_CREATE), for feeding
through discord.py's own parsing in the Discord-layer tests."""
from __future__ import annotations

import itertools

APP_ID = "1100000000000000001"
GUILD_ID = "1200000000000000002"
CHANNEL_ID = "1300000000000000003"
DM_CHANNEL_ID = "1300000000000000004"
BOT_USER_ID = APP_ID
USERS = {"alice": "1400000000000000011", "bob": "1400000000000000012", "kp": "1400000000000000013",
         "carol": "1400000000000000014", "dave": "1400000000000000015"}
OPTION_TYPES = {str: 3, int: 4, bool: 5}
USER, ROLE, ATTACHMENT = 6, 8, 11
"""Option types whose value is an id resolved from the interaction's ``resolved`` data."""
ROLES = {"キーパー": "1600000000000000021", "PL": "1600000000000000022"}
"""The test guild's roles besides @everyone (whose id is the guild's)."""
BOT_ROLE = ("ボット", "1600000000000000029")
"""The bot's own role: Manage Webhooks and Manage Messages (issue 31: lines spoken as
characters), which the harness may take away (GUILD_ROLE_UPDATE, ``Harness.take``)."""
BOT_ROLE_PERMISSIONS = (1 << 29) | (1 << 13)
"""Manage Webhooks, Manage Messages."""
TIMESTAMP = "2026-11-29T15:00:00.000000+00:00"

_ids = itertools.count(1500000000000000000)


def snowflake() -> str:
    """A fresh, increasing snowflake id."""
    return str(next(_ids))


def user(name: str) -> dict:
    """The user object of ``name`` (``alice``, ``bob``, ``kp``)."""
    return {"id": USERS[name], "username": name, "global_name": name.capitalize(),
            "discriminator": "0", "avatar": None, "public_flags": 0}


def bot_user() -> dict:
    """The bot's own user object (id = the application id)."""
    return {"id": BOT_USER_ID, "username": "coc-bot", "global_name": None, "discriminator": "0",
            "avatar": None, "public_flags": 0, "bot": True}


def application() -> dict:
    """The bot's application, as ``GET /oauth2/applications/@me`` returns it."""
    return {"id": APP_ID, "name": "coc-bot", "description": "", "icon": None, "rpc_origins": [],
            "bot_public": True, "bot_require_code_grant": False, "owner": user("kp"), "team": None,
            "verify_key": "0" * 64, "flags": 0, "summary": "", "interactions_endpoint_url": None}


def partial_guild() -> dict:
    """The test guild as ``GET /users/@me/guilds`` lists it."""
    return {"id": GUILD_ID, "name": "卓", "icon": None, "owner": False, "permissions": "2248473465835073",
            "features": []}


def registered(command: dict) -> dict:
    """A command as Discord returns it after a sync (the sent payload plus ids; a context
    menu's description is "")."""
    return {"description": "", **command, "id": snowflake(), "application_id": APP_ID, "version": snowflake()}


def member(name: str, roles: tuple[str, ...] = ()) -> dict:
    """The guild member object of ``name`` holding ``roles`` (names of :data:`ROLES`), as an
    interaction or GUILD_CREATE carries it."""
    return {"user": user(name), "roles": [ROLES[r] for r in roles], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
            "nick": None, "pending": False, "permissions": "2248473465835073", "flags": 0,
            "premium_since": None, "avatar": None, "communication_disabled_until": None}


def channel() -> dict:
    """The test text channel, as an interaction carries it."""
    return {"id": CHANNEL_ID, "type": 0, "guild_id": GUILD_ID, "name": "セッション",
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
            "last_message_id": None, "rate_limit_per_user": 0, "topic": None, "flags": 0}


def role(name: str) -> dict:
    """The role object ``name`` (``@everyone`` has the guild's id)."""
    role_id = GUILD_ID if name == "@everyone" else ROLES[name]
    return {"id": role_id, "name": name, "color": 0, "hoist": False, "position": 0 if name == "@everyone" else 1,
            "permissions": "1071698660929", "managed": False, "mentionable": False, "flags": 0}


def bot_role(permissions: int = BOT_ROLE_PERMISSIONS) -> dict:
    """The bot's role (:data:`BOT_ROLE`) holding ``permissions``."""
    return {**role("@everyone"), "id": BOT_ROLE[1], "name": BOT_ROLE[0], "position": 2, "managed": True,
            "permissions": str(permissions)}


def role_update(data: dict) -> dict:
    """GUILD_ROLE_UPDATE of the role ``data`` in the test guild."""
    return {"guild_id": GUILD_ID, "role": data}


def ready() -> dict:
    """READY as the gateway sends it on connecting: the bot, its one guild still unavailable."""
    return {"v": 10, "user": bot_user(), "guilds": [{"id": GUILD_ID, "unavailable": True}],
            "session_id": "session-1", "resume_gateway_url": "wss://gateway.discord.gg", "shard": [0, 1],
            "application": {"id": APP_ID, "flags": 0}}


def guild_create(roles: dict[str, tuple[str, ...]] | None = None) -> dict:
    """GUILD_CREATE of the test guild: its roles, the test channel, and the members
    ``alice``, ``bob``, ``kp`` (``roles`` maps a member to role names)."""
    roles = roles or {}
    return {"id": GUILD_ID, "name": "卓", "icon": None, "owner_id": USERS["kp"], "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [role("@everyone")] + [role(r) for r in ROLES] + [bot_role()], "emojis": [], "stickers": [],
            "features": [], "mfa_level": 0, "system_channel_flags": 0, "premium_tier": 0,
            "preferred_locale": "ja", "nsfw_level": 0, "premium_progress_bar_enabled": False,
            "joined_at": TIMESTAMP, "large": False, "unavailable": False, "member_count": 4,
            "members": [member(n, roles.get(n, ())) for n in USERS] + [{**member("kp"), "user": bot_user(),
                                                                         "roles": [BOT_ROLE[1]]}],
            "channels": [{k: v for k, v in channel().items() if k != "guild_id"}], "threads": [],
            "presences": [], "voice_states": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": []}


def _interaction(kind: int, who: str, data: dict, roles: tuple[str, ...] = (), **extra) -> dict:
    return {"id": snowflake(), "application_id": APP_ID, "type": kind, "token": f"token-{snowflake()}",
            "version": 1, "guild_id": GUILD_ID, "channel_id": CHANNEL_ID, "channel": channel(),
            "member": member(who, roles), "data": data, "locale": "ja", "guild_locale": "ja",
            "app_permissions": "2248473465835073", "entitlements": [],
            "authorizing_integration_owners": {"0": GUILD_ID}, "context": 0,
            "attachment_size_limit": 10485760, **extra}


class Resolved:
    """An option value that is an id of the interaction's ``resolved`` data: ``kind``
    (:data:`USER`, :data:`ROLE`, :data:`ATTACHMENT`), the ``section`` of ``resolved``, the
    id and the objects to put there."""

    def __init__(self, kind: int, section: str, value: str, objects: dict) -> None:
        self.kind, self.section, self.value, self.objects = kind, section, value, objects


def user_option(name: str, roles: tuple[str, ...] = ()) -> Resolved:
    """A user option naming the member ``name`` (``kp``, ``bob``) or the bot (``bot``)."""
    who = bot_user() if name == "bot" else user(name)
    data = {k: v for k, v in member(name if name != "bot" else "kp", roles).items() if k != "user"}
    return Resolved(USER, "users", who["id"], {"users": {who["id"]: who}, "members": {who["id"]: data}})


def role_option(name: str) -> Resolved:
    """A role option naming the guild's role ``name``."""
    data = role(name)
    return Resolved(ROLE, "roles", data["id"], {"roles": {data["id"]: data}})


def attachment_option(attachment: dict) -> Resolved:
    """An attachment option carrying ``attachment`` (see ``FakeDiscord.attach``)."""
    return Resolved(ATTACHMENT, "attachments", attachment["id"], {"attachments": {attachment["id"]: attachment}})


def _options(values: dict, focused: str | None = None) -> list[dict]:
    options = []
    for name, value in values.items():
        if isinstance(value, Resolved):
            options.append({"name": name, "type": value.kind, "value": value.value})
            continue
        option = {"name": name, "type": OPTION_TYPES[type(value)], "value": value}
        if name == focused:
            option["focused"] = True
        options.append(option)
    return options


def _command_data(path: str, values: dict, focused: str | None = None) -> dict:
    words = path.split()
    options = _options(values, focused)
    if len(words) == 2:
        options = [{"name": words[1], "type": 1, "options": options}]
    data = {"id": snowflake(), "name": words[0], "type": 1, "options": options, "guild_id": GUILD_ID}
    resolved: dict = {}
    for value in values.values():
        if isinstance(value, Resolved):
            for section, objects in value.objects.items():
                resolved.setdefault(section, {}).update(objects)
    if resolved:
        data["resolved"] = resolved
    return data


def slash(who: str, path: str, roles: tuple[str, ...] = (), **values) -> dict:
    """An application-command interaction (type 2): ``/path`` by ``who`` (a member holding
    ``roles``) with ``values`` (English option names; str, int, bool or :class:`Resolved`
    values). ``as_``/``class_`` → ``as``/``class``."""
    values = {k.rstrip("_"): v for k, v in values.items()}
    return _interaction(2, who, _command_data(path, values), roles)


def slash_in_dm(who: str, path: str, **values) -> dict:
    """``/path`` typed by ``who`` in their DM with the bot (no guild, ``user`` not ``member``)."""
    data = slash(who, path, **values)
    for key in ("guild_id", "member", "guild_locale"):
        data.pop(key)
    data["data"].pop("guild_id")
    data.update(user=user(who), channel_id=DM_CHANNEL_ID, context=1,
                channel={"id": DM_CHANNEL_ID, "type": 1, "recipients": [user(who)], "last_message_id": None})
    return data


def autocomplete(who: str, path: str, focused: str, **values) -> dict:
    """An autocomplete interaction (type 4) with ``focused`` being typed."""
    values = {k.rstrip("_"): v for k, v in values.items()}
    return _interaction(4, who, _command_data(path, values, focused))


def message(content: str, components: list | None = None, flags: int = 0, message_id: str | None = None,
            author: dict | None = None, channel_id: str = CHANNEL_ID) -> dict:
    """A message object (the bot's when ``author`` is None)."""
    return {"id": message_id or snowflake(), "channel_id": channel_id, "author": author or bot_user(),
            "content": content, "timestamp": TIMESTAMP, "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "type": 0, "flags": flags, "components": components or []}


def click(who: str, custom_id: str, on_message: dict) -> dict:
    """A component interaction (type 3): ``who`` clicks the button ``custom_id`` on the
    message ``on_message`` (a message object, e.g. one sent by an earlier bot instance)."""
    return _interaction(3, who, {"custom_id": custom_id, "component_type": 2}, message=on_message)


def choose(who: str, menu: str, value: str, on_message: dict) -> dict:
    """A component interaction (type 3) of a select menu: ``who`` chooses the option
    ``value`` of the menu ``menu`` (custom id) on the message ``on_message``."""
    return _interaction(3, who, {"custom_id": menu, "component_type": 3, "values": [value]}, message=on_message)


def click_in_dm(who: str, custom_id: str, on_message: dict) -> dict:
    """``who`` clicks ``custom_id`` on ``on_message``, a message in their DM with the bot."""
    data = click(who, custom_id, on_message)
    for key in ("guild_id", "member", "guild_locale"):
        data.pop(key)
    data.update(user=user(who), channel_id=on_message["channel_id"], context=1,
                channel={"id": on_message["channel_id"], "type": 1, "recipients": [user(who)],
                         "last_message_id": None})
    return data


def message_create(who: str, content: str) -> dict:
    """A MESSAGE_CREATE event: ``who`` writes ``content`` in the test channel."""
    data = message(content, author=user(who))
    data["guild_id"] = GUILD_ID
    data["member"] = {k: v for k, v in member(who).items() if k != "user"}
    data["nonce"] = snowflake()
    return data


THREAD_CREATED, CHANNEL_NAME_CHANGE, REPLY = 18, 4, 19
"""Message types: the system message of a new thread (content = its name), of a channel or
thread renamed (content = the new name), and a person's reply."""


def system_message(who: str, kind: int, content: str) -> dict:
    """The MESSAGE_CREATE Discord sends for a system message of type ``kind`` caused by
    ``who`` (:data:`THREAD_CREATED`, :data:`CHANNEL_NAME_CHANGE`): the author is the person,
    the content the thread's or channel's new name."""
    data = message_create(who, content)
    data["type"] = kind
    data.pop("nonce")
    if kind == THREAD_CREATED:
        data["message_reference"] = {"type": 0, "channel_id": snowflake(), "guild_id": GUILD_ID}
    return data


def reply_create(who: str, content: str, to: dict) -> dict:
    """A MESSAGE_CREATE of type 19: ``who`` replies ``content`` to the message ``to``."""
    data = message_create(who, content)
    data["type"] = REPLY
    data["message_reference"] = {"type": 0, "message_id": to["id"], "channel_id": to["channel_id"],
                                 "guild_id": GUILD_ID}
    data["referenced_message"] = to
    return data


def webhook_message(content: str) -> dict:
    """A MESSAGE_CREATE posted by a webhook (a dice bot bridge, a TRPG tool): no member."""
    data = message(content, author={"id": snowflake(), "username": "ココフォリア", "discriminator": "0000",
                                     "avatar": None, "bot": True, "global_name": None})
    data.update(guild_id=GUILD_ID, webhook_id=data["author"]["id"])
    return data



PUBLIC_THREAD, PRIVATE_THREAD = 11, 12
"""Channel types of threads."""


def thread(thread_id: str, kind: int = PUBLIC_THREAD, archived: bool = False, name: str = "戦闘") -> dict:
    """A thread of the test channel, as an interaction or THREAD_UPDATE carries it."""
    return {"id": thread_id, "type": kind, "guild_id": GUILD_ID, "parent_id": CHANNEL_ID, "owner_id": USERS["kp"],
            "name": name, "last_message_id": None, "rate_limit_per_user": 0, "flags": 0,
            "message_count": 0, "member_count": 1, "total_message_sent": 0,
            "thread_metadata": {"archived": archived, "auto_archive_duration": 1440,
                                "archive_timestamp": TIMESTAMP, "locked": False,
                                **({"invitable": False} if kind == PRIVATE_THREAD else {})}}


def in_thread(data: dict, thread_data: dict) -> dict:
    """``data`` (an interaction or MESSAGE_CREATE) moved into the thread ``thread_data``."""
    data["channel_id"] = thread_data["id"]
    if "token" in data:
        data["channel"] = thread_data
    return data


def channel_delete() -> dict:
    """CHANNEL_DELETE of the test channel."""
    return channel()


def thread_delete(thread_id: str) -> dict:
    """THREAD_DELETE of a thread of the test channel (Discord sends only these ids)."""
    return {"id": thread_id, "guild_id": GUILD_ID, "parent_id": CHANNEL_ID, "type": PUBLIC_THREAD}


def guild_delete() -> dict:
    """GUILD_DELETE when the bot is removed from the test guild (no ``unavailable``)."""
    return {"id": GUILD_ID}


def webhook(webhook_id: str, token: str, channel_id: str = CHANNEL_ID, name: str = "CoCボット なりきり",
            by: dict | None = None, avatar: str | None = None) -> dict:
    """A webhook object as Discord returns it to a member with Manage Webhooks (made by
    ``by``, the bot by default)."""
    return {"id": webhook_id, "type": 1, "guild_id": GUILD_ID, "channel_id": channel_id, "name": name,
            "avatar": avatar, "token": token, "application_id": APP_ID if by is None else None,
            "user": by or bot_user()}


def webhook_post(webhook_id: str, username: str, content: str, channel_id: str = CHANNEL_ID,
                 message_id: str | None = None) -> dict:
    """The message a webhook posted (its author the webhook under ``username``)."""
    data = message(content, message_id=message_id, channel_id=channel_id,
                   author={"id": webhook_id, "username": username, "discriminator": "0000", "avatar": None,
                           "bot": True, "global_name": None})
    data.update(guild_id=GUILD_ID, webhook_id=webhook_id)
    return data


MESSAGE_MENU = 3
"""The application command type of a message context menu."""


def message_menu(who: str, name: str, target: dict) -> dict:
    """``who`` picks the message menu ``name`` (its default name) on the message ``target``."""
    data = {"id": snowflake(), "name": name, "type": MESSAGE_MENU, "target_id": target["id"], "guild_id": GUILD_ID,
            "resolved": {"messages": {target["id"]: target}}}
    return _interaction(2, who, data)


def modal_submit(who: str, custom_id: str, values: dict[str, str]) -> dict:
    """``who`` submits the form ``custom_id`` with ``values`` (text input custom id → text)."""
    rows = [{"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]} for key, value in values.items()]
    return _interaction(5, who, {"custom_id": custom_id, "components": rows})
