"""Zhaotong (Yunnan) mahjong: the game engine, the bots, position analysis,
and environments for learning agents.

    >>> from qipai.zhaotong import Game
    >>> game = Game(seed=42)
    >>> while not game.over:
    ...     seat = game.to_act[0]
    ...     game.step(game.bot_action(seat, "strong"))
    >>> sum(game.scores)
    0

- ``Game``: one game as the library plays it (include/qipai/zhaotong.h):
  ``legal_actions()``, ``step(action)`` with the events it causes, the
  bots, the action numbers, mask and observation of a seat, and the log in
  the JSON-lines format of docs/formats/zhaotong.md.
- ``analyze(line)``: ``qipai zhaotong analyze``'s answer for a position.
- ``AECEnv``: the PettingZoo AEC interface, four seats ``seat_0``..``seat_3``.
- ``SingleAgentEnv``: gymnasium's reset()/step() for one seat against three
  bots that play inside C, one C call per agent step.

Actions are numbered 0-198 (ACTION_SPACE) as the library numbers them;
observations are the library's 925 floats (OBSERVATION_BLOCKS has the
layout). Rules (docs/RULES.md, "Zhaotong") are given as a mapping of the
log's rule names: ``{"cap": 6, "fan.gen": 2, "multiple_hu": False}``.
"""

from __future__ import annotations

import json
import os
import secrets
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Mapping, NamedTuple, Sequence

import numpy as np

from . import spaces
from ._core import (Error, check, error_name, fail, get_query, int_arg, is_int, new_error,
                    option_words, text_arg, wrong_type)
from ._native import ffi, lib

__all__ = [
    "Action", "Game", "AECEnv", "SingleAgentEnv", "analyze", "replay", "game_seed", "tile_name",
    "tile_kind", "BOTS", "ACTION_SPACE", "OBSERVATION_SIZE", "OBSERVATION_BLOCKS",
    "ACTION_TYPES", "PHASES",
]

KINDS = int(lib.QIPAI_ZT_KINDS)
SEATS = int(lib.QIPAI_ZT_SEATS)
#: The number of action numbers (0-198; docs/formats/zhaotong.md).
ACTION_SPACE = int(lib.QIPAI_ZT_ACTION_SPACE)
#: The length of an observation.
OBSERVATION_SIZE = int(lib.QIPAI_ZT_OBSERVATION_SIZE)
#: The built-in bots' names ("seed", "strong", ...), as the library names them.
BOTS = tuple(ffi.string(lib.qipai_zt_bot_name(b)).decode() for b in range(lib.QIPAI_ZT_BOT_COUNT))
#: Action types, in the library's order (the log's names).
ACTION_TYPES = ("discard", "peng", "ming_gang", "an_gang", "bu_gang", "hu", "pass")
#: Game phases.
PHASES = ("turn", "claim", "rob", "over")

#: The observation's blocks: name -> (offset, size, per_seat). A per-seat
#: block has four equal parts, part r for seat (observer + r) % 4.
OBSERVATION_BLOCKS: dict[str, tuple[int, int, bool]] = {
    "HAND": (lib.QIPAI_ZT_OBS_HAND, KINDS, False),
    "HAND_TUO": (lib.QIPAI_ZT_OBS_HAND_TUO, 1, False),
    "DRAWN": (lib.QIPAI_ZT_OBS_DRAWN, KINDS + 1, False),
    "HU_LOCKED": (lib.QIPAI_ZT_OBS_HU_LOCKED, 1, False),
    "TUO_KIND": (lib.QIPAI_ZT_OBS_TUO_KIND, KINDS, False),
    "MELDS": (lib.QIPAI_ZT_OBS_MELDS, 4 * 4 * KINDS, True),
    "MELD_TUO": (lib.QIPAI_ZT_OBS_MELD_TUO, 4 * KINDS, True),
    "RIVER": (lib.QIPAI_ZT_OBS_RIVER, 4 * KINDS, True),
    "SHOWN": (lib.QIPAI_ZT_OBS_SHOWN, 4 * KINDS, True),
    "SHOWN_TUO": (lib.QIPAI_ZT_OBS_SHOWN_TUO, 4, True),
    "WON": (lib.QIPAI_ZT_OBS_WON, 4, True),
    "SCORES": (lib.QIPAI_ZT_OBS_SCORES, 4, True),
    "DEALER": (lib.QIPAI_ZT_OBS_DEALER, 4, True),
    "TURN": (lib.QIPAI_ZT_OBS_TURN, 4, True),
    "PHASE": (lib.QIPAI_ZT_OBS_PHASE, 3, False),
    "CLAIM": (lib.QIPAI_ZT_OBS_CLAIM, KINDS, False),
    "CLAIM_TUO": (lib.QIPAI_ZT_OBS_CLAIM_TUO, 1, False),
    "FLAGS": (lib.QIPAI_ZT_OBS_FLAGS, 6, False),
    "VISIBLE": (lib.QIPAI_ZT_OBS_VISIBLE, KINDS, False),
    "WALL": (lib.QIPAI_ZT_OBS_WALL, 1, False),
}

def _kind_names() -> tuple[str, ...]:
    names = []
    for k in range(KINDS):
        buffer = ffi.new("char[8]")
        lib.qipai_mj_format_kind(k, False, buffer, 8)
        names.append(ffi.string(buffer).decode())
    return tuple(names)


#: "1m" .. "9s", by kind 0-26.
TILES = _kind_names()
_KIND_OF = {name: k for k, name in enumerate(TILES)}


def tile_name(kind: int) -> str:
    """The name of tile kind 0-26: ``tile_name(4) == "5m"``."""
    return TILES[int_arg(kind, "kind", 0, KINDS - 1)]


def tile_kind(tile: str) -> int:
    """The kind 0-26 of a tile name (``"5m"``, ``"五万"``)."""
    kind = _KIND_OF.get(text_arg(tile, "tile"))
    if kind is not None:
        return kind
    rules = ffi.new("qipai_mj_rules *")
    lib.qipai_mj_rules_named(rules, b"zhaotong", ffi.NULL)
    hand = ffi.new("qipai_mj_hand *")
    err = new_error()
    check(lib.qipai_mj_parse(rules, tile.encode(), hand, ffi.NULL, err), err)
    kinds = [k for k in range(KINDS) if hand.counts[k]]
    if len(kinds) != 1 or hand.counts[kinds[0]] != 1 or hand.wilds:
        raise fail(f"{tile!r} is not one tile", lib.QIPAI_ERR_SIZE)
    return kinds[0]


def game_seed(run_seed: int, number: int) -> int:
    """The seed of game ``number`` of a run seeded ``run_seed``: what
    ``qipai zhaotong sim --seed`` plays (a function of the two alone)."""
    return int(lib.qipai_zt_game_seed(run_seed, number))


def _bot(name: str) -> int:
    out = ffi.new("qipai_zt_bot *")
    err = new_error()
    check(lib.qipai_zt_bot_named(out, text_arg(name, "bot").encode(), err), err)
    return int(out[0])


def make_rules(rules: Mapping[str, Any] | None = None) -> Any:
    """A ``qipai_zt_rules`` from the defaults and a mapping of options."""
    value = ffi.new("qipai_zt_rules *")
    lib.qipai_zt_rules_default(value)
    err = new_error()
    for name, v in _rule_items(rules):
        check(lib.qipai_zt_rules_option(value, f"{name}={v}".encode(), err), err)
    return value


def _frozen_rules(rules: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The rule options a game or an environment was made with, read-only:
    changing them would not change the rules it plays by."""
    return MappingProxyType(dict(rules or {}))


class _RuleMap:
    """The read-only ``rules`` of Game and the environments."""

    @property
    def rules(self) -> Mapping[str, Any]:
        """The rule options given (read-only: make another game for others)."""
        return self._rule_map


def _rule_items(rules: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """A mapping of rule options as (name, value text): values are ints,
    bools or their text ("6", "false"); TypeError for another type."""
    if rules is None:
        return []
    if not isinstance(rules, Mapping):
        raise wrong_type("rules", "a mapping of rule options", rules)
    items = []
    for name, v in rules.items():
        what = f"rules[{name!r}]"
        text_arg(name, "a rule's name")
        if isinstance(v, (bool, np.bool_)):
            v = "true" if v else "false"
        elif is_int(v):
            v = str(int(v))
        elif isinstance(v, str):
            text_arg(v, what)
        else:
            raise wrong_type(what, "an int, a bool or a string", v)
        items.append((name, v))
    return items


class Action(NamedTuple):
    """One action: ``type`` (ACTION_TYPES), the ``seat`` taking it, the
    ``tile`` (None for hu and pass; a 坨 discard names the 坨's kind) and
    ``tuo``, the 坨 it uses (碰, 杠) or 1 for a 补杠 adding a 坨."""

    type: str
    seat: int
    tile: str | None = None
    tuo: int = 0

    def __str__(self) -> str:
        tile = f" {self.tile}" if self.tile else ""
        tuo = f" +{self.tuo}坨" if self.tuo else ""
        return f"seat {self.seat} {self.type}{tile}{tuo}"


def _action_out(a: Any) -> Action:
    kind = ACTION_TYPES[a.type]
    tile = None if kind in ("hu", "pass") else TILES[a.kind]
    return Action(kind, int(a.seat), tile, int(a.tuo))


def _action_in(action: Action | tuple, out: Any) -> Any:
    """Fills a qipai_zt_action from an Action (or a tuple of its fields)."""
    if not isinstance(action, (tuple, list)) or not 1 <= len(action) <= 4:
        raise wrong_type("action", "an Action (type, seat, tile, tuo) or an action number", action)
    kind, seat, tile, tuo = (*action, *(None, None, 0)[len(action) - 1:])  # tile, tuo optional
    if kind not in ACTION_TYPES:
        raise fail(f"{action!r} is not an action: (type, seat, tile, tuo) with type one of "
                   f"{', '.join(ACTION_TYPES)}")
    out.type = ACTION_TYPES.index(kind)
    out.seat = _seat_arg(seat, "the action's seat")
    out.kind = 0 if tile is None else _tile_arg(tile, "the action's tile")
    out.tuo = int_arg(tuo, "the action's tuo (a count of 坨)", 0, 4)
    return out


def _tile_arg(tile: Any, what: str) -> int:
    """A tile of the game: its name ("5m", "五万") or its number 0-26, as Lua
    and Go take it."""
    if is_int(tile):
        return int_arg(tile, what, 0, KINDS - 1)
    if not isinstance(tile, str):
        raise wrong_type(what, "a tile name or number", tile)
    return tile_kind(tile)


def _seat_arg(seat: Any, what: str = "seat") -> int:
    """A seat 0-3 (TypeError for a non-integer, Error outside 0-3)."""
    if not is_int(seat):
        raise wrong_type(what, "a seat (an int 0-3)", seat)
    if not 0 <= seat < SEATS:
        raise fail(f"{what} {seat!r}: seats are 0-3", lib.QIPAI_ERR_RANGE)
    return int(seat)


def _index_arg(index: Any, what: str = "action") -> int:
    """An action number 0-198 (TypeError for a non-integer)."""
    if not is_int(index):
        raise wrong_type(what, f"an action number (an int 0-{ACTION_SPACE - 1})", index)
    if not 0 <= index < ACTION_SPACE:
        raise fail(f"{what}: an action number 0-{ACTION_SPACE - 1}, not {index}",
                   lib.QIPAI_ERR_RANGE)
    return int(index)


def _seed_arg(seed: Any) -> int:
    if not is_int(seed):
        raise wrong_type("seed", "an int 0 to 2^64-1", seed)
    if not 0 <= seed < 2**64:
        raise fail(f"seed {seed!r}: an integer 0 to 2^64-1", lib.QIPAI_ERR_RANGE)
    return int(seed)


def _hand_text(hand: Any, tuo_kind: int) -> str:
    """Concealed tiles in compact notation, 坨 written as their kind."""
    counts = [int(hand.counts[k]) for k in range(KINDS)]
    counts[tuo_kind] += int(hand.tuo)
    parts = []
    for suit, letter in enumerate("mps"):
        digits = "".join(str(n + 1) * counts[suit * 9 + n] for n in range(9))
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


_MELD_TYPES = ("peng", "ming_gang", "an_gang", "bu_gang")


class Game(_RuleMap):
    """One Zhaotong game, as the library plays it.

    ``Game(seed=None, dealer=0, rules=None, wall=None)``: the wall shuffled
    from ``seed`` (a fresh random seed when None) or given as 108 tile
    names; ``rules`` a mapping of rule options (docs/formats/zhaotong.md:
    ``cap``, ``base``, ``fan.gen``, ``multiple_hu`` ...); ``bots`` the
    seats' players' names for the log's header. The same seed, dealer and
    rules give the same game in any process.

    Seats 0-3 act through ``step(action)``; ``legal_actions(seat)`` lists
    what a seat may do, ``bot_action(seat, bot)`` what a built-in bot would.
    """

    def __init__(self, seed: int | None = None, *, dealer: int = 0,
                 rules: Mapping[str, Any] | None = None, wall: Sequence[str] | None = None,
                 bots: Sequence[str] | None = None) -> None:
        self._rules = make_rules(rules)
        self._rule_map = _frozen_rules(rules)
        self._game = ffi.new("qipai_zt_game *")
        self._action = ffi.new("qipai_zt_action *")
        self._legal = ffi.new("qipai_zt_action[]", int(lib.QIPAI_ZT_MAX_ACTIONS))
        self._err = new_error()
        self.bots = list(bots) if bots is not None else None
        dealer = _seat_arg(dealer, "dealer")
        if wall is not None:
            if isinstance(wall, str) or not isinstance(wall, Sequence):
                raise wrong_type("wall", "a sequence of 108 tile names", wall)
            if len(wall) != int(lib.QIPAI_ZT_TILES):
                raise fail(f"a wall holds 108 tiles, not {len(wall)}", lib.QIPAI_ERR_SIZE)
            kinds = ffi.new("uint8_t[]", [_tile_arg(t, "a wall's tile") for t in wall])
            check(lib.qipai_zt_game_init_wall(self._game, self._rules, kinds, dealer, self._err),
                  self._err)
        else:
            seed = secrets.randbits(53) if seed is None else _seed_arg(seed)
            check(lib.qipai_zt_game_init(self._game, self._rules, int(seed), dealer, self._err),
                  self._err)
        self.actions: list[Action] = []
        self._start()

    def _start(self) -> None:
        """The log's state of a game just dealt: its deal line, no events."""
        self._events: list[dict] = []
        self._lines: list[str] = []
        self._records: Any = None  # the step's records, allocated at the first step
        self._deal = _log_text(lambda out, size: lib.qipai_zt_log_deal(self._game, out, size))

    # ---- the state ---------------------------------------------------------
    @property
    def seed(self) -> int:
        """The seed the wall was shuffled with (0 when the wall was given)."""
        return int(self._game.seed)

    @property
    def dealer(self) -> int:
        return int(self._game.dealer)

    @property
    def tuo(self) -> str:
        """The 坨's kind (the turned tile): every tile of it is a wildcard."""
        return TILES[self._game.tuo]

    @property
    def phase(self) -> str:
        """``turn`` (a seat plays), ``claim`` (a discard may be claimed),
        ``rob`` (a 补杠 may be robbed) or ``over``."""
        return PHASES[self._game.phase]

    @property
    def over(self) -> bool:
        return self._game.phase == 3

    @property
    def turn(self) -> int:
        """The seat in turn, or the discarder (claim), or the 补杠 player (rob)."""
        return int(self._game.turn)

    @property
    def to_act(self) -> list[int]:
        """The seats that must act now, lowest first (empty when over)."""
        bits = lib.qipai_zt_to_act(self._game)
        return [s for s in range(SEATS) if bits >> s & 1]

    @property
    def wall_left(self) -> int:
        """Tiles left to draw."""
        return int(lib.QIPAI_ZT_TILES) - int(self._game.wall_next)

    @property
    def wall(self) -> list[str]:
        """The whole wall in order (the log's header has it)."""
        return [TILES[self._game.wall[i]] for i in range(int(lib.QIPAI_ZT_TILES))]

    @property
    def scores(self) -> list[int]:
        return [int(self._game.players[s].score) for s in range(SEATS)]

    @property
    def winners(self) -> list[int]:
        """The seats that have won, in the order they won."""
        won = [(int(p.win.order), s) for s, p in enumerate(self._game.players) if p.status == 1]
        return [s for _, s in sorted(won)]

    @property
    def end(self) -> str | None:
        """How the game ended: ``wall`` or ``one_left``; None while it runs."""
        return (None, "wall", "one_left")[self._game.end] if self.over else None

    def hand(self, seat: int) -> str:
        """Seat's concealed tiles, compact, 坨 written as their kind."""
        return _hand_text(self._player(seat).hand, self._game.tuo)

    def tuo_count(self, seat: int) -> int:
        """How many 坨 seat holds concealed."""
        return int(self._player(seat).hand.tuo)

    def melds(self, seat: int) -> list[dict]:
        """Seat's melds: ``{"type", "tile", "tuo", "from"}`` as the log writes them."""
        h = self._player(seat).hand
        return [{"type": _MELD_TYPES[m.type], "tile": TILES[m.kind], "tuo": int(m.tuo),
                 "from": int(getattr(m, "from"))}
                for m in (h.melds[i] for i in range(h.meld_count))]

    def river(self) -> list[dict]:
        """Every discard in order: ``{"tile", "seat", "claimed"}``."""
        g = self._game
        return [{"tile": TILES[g.river[i].kind], "seat": int(g.river[i].seat),
                 "claimed": bool(g.river[i].claimed)} for i in range(g.discard_count)]

    def visible(self) -> list[int]:
        """Tiles seen on the table by kind (what any player may count)."""
        out = ffi.new("uint8_t[]", KINDS)
        lib.qipai_zt_visible(self._game, out)
        return list(out)

    def _player(self, seat: int) -> Any:
        return self._game.players[_seat_arg(seat)]

    def check(self) -> None:
        """Checks the game's invariants (every tile in one place, hand
        sizes, scores summing to zero); raises Error naming a broken one."""
        check(lib.qipai_zt_check(self._game, self._err), self._err)

    def copy(self) -> "Game":
        """An independent copy (to look ahead)."""
        other = Game.__new__(Game)
        other._rules = ffi.new("qipai_zt_rules *", self._rules[0])
        other._rule_map = self._rule_map
        other._game = ffi.new("qipai_zt_game *", self._game[0])
        other._action = ffi.new("qipai_zt_action *")
        other._legal = ffi.new("qipai_zt_action[]", int(lib.QIPAI_ZT_MAX_ACTIONS))
        other._err = new_error()
        other.bots = list(self.bots) if self.bots is not None else None
        other.actions = list(self.actions)
        other._events = list(self._events)
        other._lines = list(self._lines)
        other._records = None
        other._deal = self._deal
        return other

    @classmethod
    def _from_log(cls, rules: Any, wall: Any, dealer: int, seed: Any) -> "Game":
        """A game from a log's header: dealt from its seed when the header has
        one that gives its wall (so the game logs the same header), else
        from the wall."""
        game = cls.__new__(cls)
        game._rules = ffi.new("qipai_zt_rules *", rules[0])
        game._rule_map = _frozen_rules(None)
        game._game = ffi.new("qipai_zt_game *")
        game._action = ffi.new("qipai_zt_action *")
        game._legal = ffi.new("qipai_zt_action[]", int(lib.QIPAI_ZT_MAX_ACTIONS))
        game._err = new_error()
        game.bots = None
        game.actions = []
        dealt = False
        if is_int(seed) and 0 <= seed < 2**64:
            dealt = not lib.qipai_zt_game_init(game._game, game._rules, seed, dealer, game._err) \
                and ffi.buffer(game._game.wall) == ffi.buffer(wall, int(lib.QIPAI_ZT_TILES))
        if not dealt:
            check(lib.qipai_zt_game_init_wall(game._game, game._rules, wall, dealer, game._err),
                  game._err)
        game._start()
        return game

    # ---- acting ----------------------------------------------------------------
    def _seat_or_next(self, seat: int | None) -> int:
        if seat is None:
            seats = self.to_act
            if not seats:
                raise fail("the game is over", lib.QIPAI_ERR_ILLEGAL)
            return seats[0]
        self._player(seat)
        return int(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of seat now (of the lowest seat to act when
        None); empty when the seat is not to act."""
        seat = self._seat_or_next(seat) if seat is not None or not self.over else 0
        n = lib.qipai_zt_legal_actions(self._game, seat, self._legal)
        return [_action_out(self._legal[i]) for i in range(n)]

    def action_mask(self, seat: int) -> np.ndarray:
        """The mask of seat's legal action numbers (int8, ACTION_SPACE)."""
        mask = np.zeros(ACTION_SPACE, dtype=np.int8)
        lib.qipai_zt_action_mask(self._game, self._player_seat(seat),
                                 ffi.from_buffer("uint8_t[]", mask, require_writable=True))
        return mask

    def observe(self, seat: int) -> np.ndarray:
        """What seat may know, as the library encodes it (float32,
        OBSERVATION_SIZE; the layout is OBSERVATION_BLOCKS)."""
        obs = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        lib.qipai_zt_observe(self._game, self._player_seat(seat),
                             ffi.from_buffer("float[]", obs, require_writable=True))
        return obs

    def _player_seat(self, seat: int) -> int:
        self._player(seat)
        return int(seat)

    def action_index(self, action: Action | tuple) -> int:
        """The number (0-198) of an action."""
        index = lib.qipai_zt_action_index(self._game, _action_in(action, self._action))
        if index < 0:
            raise fail(f"{action!r} has no action number")
        return int(index)

    def action_of_index(self, seat: int, index: int) -> Action:
        """The action that number index stands for, for seat, now."""
        check(lib.qipai_zt_action_of_index(self._game, self._player_seat(seat),
                                           _index_arg(index, "index"), self._action, self._err),
              self._err)
        return _action_out(self._action)

    def bot_action(self, seat: int | None = None, bot: str = "strong") -> Action:
        """What a built-in bot (``strong`` or ``seed``) would do for seat
        (the lowest seat to act when None). The bot sees only what the
        seat may see."""
        seat = self._seat_or_next(seat)
        check(lib.qipai_zt_bot_choose(self._game, seat, _bot(bot), self._action, self._err),
              self._err)
        return _action_out(self._action)

    def step(self, action: Action | tuple | int, seat: int | None = None) -> list[dict]:
        """Plays one action: an Action, or an action number for seat (the
        lowest seat to act when None). Returns the events it caused, as the
        log's lines (docs/formats/zhaotong.md). An illegal action raises
        Error with the reason and changes nothing."""
        if is_int(action):
            seat = self._seat_or_next(seat)
            check(lib.qipai_zt_action_of_index(self._game, seat, _index_arg(action), self._action,
                                               self._err), self._err)
        else:
            _action_in(action, self._action)
        taken = _action_out(self._action)
        events = self._step_events(self._action)
        self.actions.append(taken)
        return events

    def _step_events(self, action: Any) -> list[dict]:
        """Steps the action; its events as the log's lines (kept), parsed."""
        if self._records is None:
            self._records = ffi.new("qipai_zt_record[]", _STEP_RECORDS)
            self._record_out = ffi.new("qipy_zt_records *",
                                       {"records": self._records, "capacity": _STEP_RECORDS})
        out = self._record_out
        check(lib.qipy_zt_step_records(self._game, action, out, self._err), self._err)
        if out.overflow:  # cannot be: the library bounds the events of one action
            raise fail(f"more than {_STEP_RECORDS} events in one step", lib.QIPAI_ERR_LIMIT)
        text = _log_text(lambda buf, size: lib.qipy_zt_log_records(self._records, out.count,
                                                                    buf, size))
        lines = text.split("\n")[:-1]
        events = [json.loads(line) for line in lines]
        self._lines.extend(lines)
        self._events.extend(events)
        return events

    def play(self, bots: Sequence[str] = ("strong", "strong", "strong", "strong")) -> None:
        """Plays the game to its end with a built-in bot on every seat (the
        lowest seat to act first, as ``qipai zhaotong sim`` plays)."""
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            raise wrong_type("bots", "a sequence of four bot names", bots)
        if len(bots) != SEATS:
            raise fail(f"play() needs four bots, not {len(bots)}", lib.QIPAI_ERR_SIZE)
        ids = [_bot(b) for b in bots]
        while not self.over:
            seat = self.to_act[0]
            check(lib.qipai_zt_bot_choose(self._game, seat, ids[seat], self._action, self._err),
                  self._err)
            self._step_events(self._action)
            self.actions.append(_action_out(self._action))

    @property
    def events(self) -> list[dict]:
        """Every event so far, as the log's lines (docs/formats/zhaotong.md)."""
        return list(self._events)

    # ---- the log -----------------------------------------------------------------
    def log(self, number: int = 1, bots: Sequence[str] | None = None) -> list[str]:
        """The game's log so far, JSON lines as ``qipai zhaotong sim --log``
        writes them (docs/formats/zhaotong.md): the header (game ``number``,
        with ``bots`` when given), the deal, every event. A finished game's
        log passes ``qipai zhaotong replay``."""
        bots = bots if bots is not None else self.bots
        if bots is not None and (isinstance(bots, str) or not isinstance(bots, Sequence)):
            raise wrong_type("bots", "a sequence of four names", bots)
        if bots is not None and len(bots) != SEATS:
            raise fail(f"a log names four bots, not {len(bots)}", lib.QIPAI_ERR_SIZE)
        names = [ffi.new("char[]", text_arg(b, "bots' item").encode()) for b in bots] if bots else []
        array = ffi.new("char *[4]", names) if names else ffi.NULL
        header = _log_text(lambda out, size: lib.qipai_zt_log_header(self._game, number, array,
                                                                     out, size))
        return [header, self._deal, *self._lines]

    def write_log(self, file: str | os.PathLike | Any, number: int = 1,
                  bots: Sequence[str] | None = None) -> None:
        """Writes log() to a path or an open text file, a line each."""
        text = "".join(line + "\n" for line in self.log(number, bots))
        if hasattr(file, "write"):
            file.write(text)
        else:
            with open(file, "w", encoding="utf-8") as f:
                f.write(text)


_STEP_RECORDS = int(lib.QIPAI_ZT_REPLAY_EVENTS)


def _log_text(write: Any, size: int = int(lib.QIPAI_ZT_LOG_LINE)) -> str:
    """Text from a snprintf-style writer write(out, size), whatever its length."""
    out = ffi.new("char[]", size)
    n = write(out, size)
    if n >= size:
        out = ffi.new("char[]", n + 1)
        write(out, n + 1)
    return ffi.unpack(out, n).decode()


def replay(file: str | os.PathLike | Any) -> list[Game]:
    """The games of a log (a path or an open text file) re-played through the
    library's replay check, as ``qipai zhaotong replay`` checks them: every
    action must be legal when it comes and every other line must be the event
    the rules give there. Returns the games (their actions, events, scores);
    raises Error naming the game and line of the first departure."""
    if hasattr(file, "read"):
        text = file.read()
    else:
        with open(file, encoding="utf-8") as f:
            text = f.read()
    checker = ffi.new("qipai_zt_replay *")
    record = ffi.new("qipai_zt_record *")
    rules = ffi.new("qipai_zt_rules *")
    wall = ffi.new("uint8_t[]", int(lib.QIPAI_ZT_TILES))
    dealer = ffi.new("int *")
    number = ffi.new("int64_t *")
    err = new_error()
    games: list[Game] = []

    def refuse(where: str, code: int) -> None:
        raise Error(f"{where}: {ffi.string(err.message).decode('utf-8', 'replace')}",
                    error_name(code))

    for count, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        data = line.encode("utf-8", "surrogatepass")
        where = f"line {count}" + (f" (game {len(games)})" if games else "")
        try:
            kind = json.loads(line).get("type")
        except (ValueError, AttributeError):
            raise fail(f"{where}: not a JSON object", lib.QIPAI_ERR_SYNTAX) from None
        if kind == "game":
            if games and not lib.qipai_zt_replay_done(checker):
                raise fail(f"{where}: game {len(games)} stops before its end", lib.QIPAI_ERR_STATE)
            code = lib.qipai_zt_log_read_header(data, len(data), rules, wall, dealer, number, err)
            if code:
                refuse(where, code)
            code = lib.qipai_zt_replay_start(checker, rules, wall, dealer[0], err)
            if code:
                refuse(where, code)
            games.append(Game._from_log(rules, wall, dealer[0], json.loads(line).get("seed")))
            continue
        if not games:
            raise fail(f"{where}: a line before the first game's header", lib.QIPAI_ERR_SYNTAX)
        code = lib.qipai_zt_log_read_record(data, len(data), record, err)
        if code:
            refuse(where, code)
        code = lib.qipai_zt_replay_record(checker, record, err)
        if code:
            refuse(where, code)
        if record.type == lib.QIPAI_ZT_EV_ACTION:
            games[-1].step(_action_out(record.event.action))
    if games and not lib.qipai_zt_replay_done(checker):
        raise fail(f"the log stops before game {len(games)}'s end", lib.QIPAI_ERR_STATE)
    return games


def analyze(line: str, *, tuo: str | None = None, visible: str | None = None,
            brief: bool = False, rules: Mapping[str, Any] | None = None) -> dict:
    """``qipai zhaotong analyze``'s answer for a position line
    (``"123m456m789m1p peng:5p tuo:9s"``): suits, shanten, and win and
    score, or waits and effective tiles, or the discard advice."""
    words = option_words({"tuo": tuo, "visible": visible, "brief": brief}, ("brief",))
    for name, v in _rule_items(rules):
        words += ["--rule", f"{name}={v}"]
    return get_query(("zhaotong", "analyze", *words)).answer(text_arg(line, "line"))


# ---- environments -------------------------------------------------------------

def _observation_space() -> spaces.Dict:
    low = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    high = np.full(OBSERVATION_SIZE, 4, dtype=np.float32)
    offset, size, _ = OBSERVATION_BLOCKS["SCORES"]
    low[offset:offset + size] = -np.inf
    high[offset:offset + size] = np.inf
    offset, size, _ = OBSERVATION_BLOCKS["WALL"]
    high[offset:offset + size] = int(lib.QIPAI_ZT_TILES)
    for name in ("DRAWN", "HU_LOCKED", "TUO_KIND", "WON", "DEALER", "TURN", "PHASE", "CLAIM",
                 "CLAIM_TUO", "FLAGS"):
        offset, size, _ = OBSERVATION_BLOCKS[name]
        high[offset:offset + size] = 1
    return spaces.Dict({
        "observation": spaces.Box(low, high, (OBSERVATION_SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (ACTION_SPACE,), np.int8),
    })


def _env_view(env: Any, seat: int) -> dict[str, np.ndarray]:
    obs = np.empty(OBSERVATION_SIZE, dtype=np.float32)
    mask = np.empty(ACTION_SPACE, dtype=np.int8)
    lib.qipai_zt_observe(ffi.addressof(env.game), seat,
                         ffi.from_buffer("float[]", obs, require_writable=True))
    lib.qipai_zt_action_mask(ffi.addressof(env.game), seat,
                             ffi.from_buffer("uint8_t[]", mask, require_writable=True))
    return {"observation": obs, "action_mask": mask}


class _Seeds:
    """Per-game seeds of a run: reset(seed=S) starts the run S; each reset
    after plays the run's next game (qipai_zt_game_seed(S, i), as
    ``qipai zhaotong sim --seed S`` does); a run never seeded gets a random S."""

    def __init__(self) -> None:
        self.run_seed: int | None = None
        self.number = 0

    def next(self, seed: int | None) -> tuple[int, int]:
        if seed is not None:
            self.run_seed, self.number = _seed_arg(seed), 0
        elif self.run_seed is None:
            self.run_seed, self.number = secrets.randbits(63), 0
        number = self.number
        self.number += 1
        return game_seed(self.run_seed, number), number


def _log_game(env: Any, rules: Mapping[str, Any], bots: Sequence[str] | None) -> Game:
    """The env's game re-played from its seed and actions, with its events."""
    g = env.game
    game = Game(int(g.seed), dealer=int(g.dealer), rules=rules, bots=bots)
    for i in range(env.history_count):
        a = env.history[i]
        game.step(_action_out(a))
    return game


class AECEnv(_RuleMap):
    """Zhaotong for four learning agents, in PettingZoo's AEC interface
    (without depending on PettingZoo): agents ``seat_0``..``seat_3``.

        env = AECEnv()
        env.reset(seed=1)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                action = env.action_space(agent).sample(observation["action_mask"])
            env.step(action)

    The agent selected is the lowest seat that must act (in a claim several
    seats decide, one after another, none seeing the others' choices).
    ``rewards`` after each step are every seat's score change in that step
    (zero-sum); ``_cumulative_rewards`` sum them until the agent acts. A
    seat that wins stays in the round for the score changes that still
    reach it (血战到底: later 杠 money, the settlement); every agent is
    terminated when the game ends and must then be stepped with None.
    Observations are dicts ``{"observation": float32 (925,), "action_mask":
    int8 (199,)}``; the mask is all zero for a seat not to act.
    """

    metadata = {"render_modes": ["ansi"], "name": "qipai_zhaotong_v0",
                "is_parallelizable": False}

    def __init__(self, *, rules: Mapping[str, Any] | None = None, dealer: int | None = None,
                 render_mode: str | None = None) -> None:
        self.possible_agents = [f"seat_{s}" for s in range(SEATS)]
        self.agents: list[str] = []
        self.render_mode = render_mode
        self._rules = make_rules(rules)
        self._rule_map = _frozen_rules(rules)
        self.dealer = None if dealer is None else _seat_arg(dealer, "dealer")
        self._env = ffi.new("qipy_zt_env *")
        self._env.seat = -1
        self._deltas = ffi.new("int64_t[]", SEATS)
        self._err = new_error()
        self._seeds = _Seeds()
        self._action_space = spaces.Discrete(ACTION_SPACE)
        self._observation_space = _observation_space()
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict] = {}
        self.agent_selection: str = self.possible_agents[0]
        self.game_seed: int | None = None

    # PettingZoo's small helpers
    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> "AECEnv":
        return self

    def action_space(self, agent: str) -> spaces.Discrete:
        """Discrete(199): the library's action numbers."""
        return self._action_space

    def observation_space(self, agent: str) -> spaces.Dict:
        """Dict(observation: Box float32 (925,), action_mask: Box int8 (199,))."""
        return self._observation_space

    def _seat(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise fail(f"no agent {agent!r} (agents: {', '.join(self.possible_agents)})") from None

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deals a new game: game 0 of run ``seed``, else the run's next game
        (options: ``game_seed`` plays that game's wall, ``dealer`` a seat)."""
        options = options or {}
        game_number = 0
        if "game_seed" in options:
            seed_now = int(options["game_seed"])
        else:
            seed_now, game_number = self._seeds.next(seed)
        dealer = options.get("dealer", self.dealer if self.dealer is not None else game_number % 4)
        check(lib.qipy_zt_env_reset(self._env, self._rules, seed_now, int(dealer), self._err),
              self._err)
        self.game_seed = seed_now
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self._next_seat()]

    def _next_seat(self) -> int:
        bits = lib.qipai_zt_to_act(ffi.addressof(self._env.game))
        for s in range(SEATS):
            if bits >> s & 1:
                return s
        return 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What the agent's seat may know, with its mask."""
        return _env_view(self._env, self._seat(agent))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        """(observation, cumulative reward, termination, truncation, info) of
        the agent selected."""
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> "_AECIterator":
        """Yields the selected agent until every agent is done."""
        return _AECIterator(self, max_iter)

    def step(self, action: int | None) -> None:
        """The selected agent's action number (None once it is terminated).
        A number not in its mask raises Error and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:  # (PettingZoo's step of a done agent; this one is not done)
            raise fail(f"{agent} must act: an action number 0-{ACTION_SPACE - 1}, not None",
                       lib.QIPAI_ERR_ILLEGAL)
        action = _index_arg(action, f"{agent} must act: action")
        seat = self._seat(agent)
        check(lib.qipy_zt_env_act(self._env, seat, action, self._deltas, self._err),
              self._err)
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: int(self._deltas[self._seat(a)]) for a in self.agents}
        game = self._env.game
        if game.phase == 3:
            scores = [int(game.players[s].score) for s in range(SEATS)]
            for a in self.agents:
                s = self._seat(a)
                self.terminations[a] = True
                self.infos[a] = {"scores": scores, "won": bool(game.players[s].status == 1),
                                 "end": (None, "wall", "one_left")[game.end]}
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self._next_seat()]
        self._accumulate_rewards()

    def _accumulate_rewards(self) -> None:
        for agent, reward in self.rewards.items():
            self._cumulative_rewards[agent] += reward

    def _clear_rewards(self) -> None:
        for agent in self.rewards:
            self.rewards[agent] = 0

    def _was_dead_step(self, action: Any) -> None:
        """PettingZoo's removal of a done agent (its step(None))."""
        if action is not None:
            raise fail("when an agent is done, the only valid action is None",
                       lib.QIPAI_ERR_ILLEGAL)
        agent = self.agent_selection
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()

    # ---- what is around the interface --------------------------------------------
    @property
    def scores(self) -> list[int]:
        return [int(self._env.game.players[s].score) for s in range(SEATS)]

    def game(self) -> Game:
        """The game so far, re-played from its seed and actions (a Game with
        its events and log)."""
        return _log_game(self._env, self.rules, None)

    def render(self) -> str | None:
        """The table as text (render_mode ``ansi``)."""
        text = _render(self._env.game)
        return text if self.render_mode == "ansi" else print(text)

    def close(self) -> None:
        pass


class _AECIterator:
    def __init__(self, env: AECEnv, max_iter: int) -> None:
        self.env = env
        self.left = max_iter

    def __iter__(self) -> "_AECIterator":
        return self

    def __next__(self) -> str:
        if not self.env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return self.env.agent_selection


class SingleAgentEnv(_RuleMap):
    """One learning seat against three built-in bots, in gymnasium's shape:
    ``reset(seed=None) -> (observation, info)``, ``step(action) ->
    (observation, reward, terminated, truncated, info)``.

    ``opponents`` are the bots of the other seats in seat order after the
    agent's (``strong`` or ``seed``); ``seat`` is the agent's seat; the
    dealer rotates with the game number unless ``dealer`` fixes it. The bots
    play inside C between the agent's turns: one C call per agent step. The
    reward is the change of the agent's score since its last step (the final
    settlement included in the last one). Observations are dicts
    ``{"observation": float32 (925,), "action_mask": int8 (199,)}``; an
    action number outside the mask raises Error and changes nothing.
    """

    metadata = {"render_modes": ["ansi"], "name": "qipai_zhaotong_single_v0"}

    def __init__(self, opponents: Sequence[str] = ("strong", "strong", "strong"), *,
                 seat: int = 0, dealer: int | None = None,
                 rules: Mapping[str, Any] | None = None, render_mode: str | None = None) -> None:
        if isinstance(opponents, str):
            opponents = (opponents,) * (SEATS - 1)
        if not isinstance(opponents, Sequence):
            raise wrong_type("opponents", "a bot's name or three of them", opponents)
        if len(opponents) != SEATS - 1:
            raise fail(f"three opponents, not {len(opponents)}", lib.QIPAI_ERR_SIZE)
        self.opponents = tuple(opponents)
        self.seat = _seat_arg(seat)
        self.dealer = None if dealer is None else _seat_arg(dealer, "dealer")
        self._rules = make_rules(rules)
        self._rule_map = _frozen_rules(rules)
        self.render_mode = render_mode
        self._env = ffi.new("qipy_zt_env *")
        self._env.seat = self.seat
        for i, name in enumerate(self.opponents):
            self._env.bots[(self.seat + 1 + i) % SEATS] = _bot(name)
        self._obs = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        self._mask = np.zeros(ACTION_SPACE, dtype=np.int8)
        self._obs_ptr = ffi.from_buffer("float[]", self._obs, require_writable=True)
        self._mask_ptr = ffi.from_buffer("uint8_t[]", self._mask, require_writable=True)
        self._reward = ffi.new("int64_t *")
        self._over = ffi.new("int *")
        self._err = new_error()
        self._seeds = _Seeds()
        self._started = False
        self.action_space = spaces.Discrete(ACTION_SPACE)
        self.observation_space = _observation_space()
        self.game_seed: int | None = None

    @property
    def unwrapped(self) -> "SingleAgentEnv":
        return self

    def reset(self, *, seed: int | None = None,
              options: dict | None = None) -> tuple[dict[str, np.ndarray], dict]:
        """Deals the next game and lets the bots play up to the agent's first
        decision. ``seed`` starts a run (its game 0); without it, the run's
        next game. options: ``game_seed`` plays that game, ``dealer`` a seat.
        (A game that ends before the agent ever acts is skipped for the
        run's next one.)"""
        options = options or {}
        while True:
            game_number = 0
            if "game_seed" in options:
                seed_now = int(options["game_seed"])
            else:
                seed_now, game_number = self._seeds.next(seed)
                seed = None
            dealer = options.get("dealer",
                                 self.dealer if self.dealer is not None else game_number % 4)
            check(lib.qipy_zt_env_reset(self._env, self._rules, seed_now, int(dealer), self._err),
                  self._err)
            if self._env.game.phase != 3 or "game_seed" in options:
                break
        self.game_seed = seed_now
        self._started = True
        lib.qipy_zt_single_view(self._env, self._obs_ptr, self._mask_ptr)
        info = {"game_seed": seed_now, "dealer": int(dealer), "seat": self.seat}
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}, info

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        """The agent's action number; the bots then play until the agent
        must act again or the game ends."""
        if not self._started:
            raise fail("reset() the environment before step()", lib.QIPAI_ERR_STATE)
        code = lib.qipy_zt_single_step(self._env, _index_arg(action), self._obs_ptr,
                                       self._mask_ptr, self._reward, self._over, self._err)
        if code:
            check(code, self._err)
        obs = {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
        if self._over[0]:
            game = self._env.game
            info = {"scores": [int(game.players[s].score) for s in range(SEATS)],
                    "won": bool(game.players[self.seat].status == 1),
                    "end": (None, "wall", "one_left")[game.end]}
            return obs, float(self._reward[0]), True, False, info
        return obs, float(self._reward[0]), False, False, {}

    def action_masks(self) -> np.ndarray:
        """The current mask (sb3-contrib's MaskablePPO asks for it so)."""
        return self._mask.copy()

    @property
    def scores(self) -> list[int]:
        return [int(self._env.game.players[s].score) for s in range(SEATS)]

    def game(self) -> Game:
        """The game so far, re-played from its seed and actions (a Game with
        its events and log)."""
        bots = [None] * SEATS
        bots[self.seat] = "agent"
        for i, name in enumerate(self.opponents):
            bots[(self.seat + 1 + i) % SEATS] = name
        return _log_game(self._env, self.rules, bots)

    def render(self) -> str | None:
        """The table as the agent's seat sees it (render_mode ``ansi``)."""
        text = _render(self._env.game, self.seat)
        return text if self.render_mode == "ansi" else print(text)

    def close(self) -> None:
        pass


def _render(g: Any, seat: int | None = None) -> str:
    """The table as text: the 坨, the wall, each seat's score, melds, river
    (and the seat's own hand when a seat is given)."""
    lines = [f"坨 {TILES[g.tuo]}  wall {int(lib.QIPAI_ZT_TILES) - g.wall_next}  "
             f"phase {PHASES[g.phase]}  turn seat {g.turn}"]
    for s in range(SEATS):
        p = g.players[s]
        melds = " ".join(f"{_MELD_TYPES[m.type]}:{TILES[m.kind]}{'+' * m.tuo}"
                         for m in (p.hand.melds[i] for i in range(p.hand.meld_count)))
        river = "".join(TILES[g.river[i].kind] for i in range(g.discard_count)
                        if g.river[i].seat == s)
        status = " won" if p.status == 1 else ""
        hand = ""
        if s == seat or p.status == 1:
            hand = "  hand " + _hand_text(p.hand, g.tuo)
        lines.append(f"seat {s}{status}: score {int(p.score)}{hand}  melds {melds or '-'}  "
                     f"river {river or '-'}")
    return "\n".join(lines)
