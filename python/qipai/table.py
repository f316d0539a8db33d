"""Every game qipai plays, through one interface: the table layer of the C
library (include/qipai/table.h), and environments for learning agents.

    >>> import qipai.table as table
    >>> table.games()
    ['zhaotong']
    >>> game = table.Game("zhaotong", seed=42)
    >>> while not game.over:
    ...     seat = game.to_act[0]
    ...     events = game.step(game.bot_action(seat, "strong"), seat)
    >>> sum(game.scores)
    0

- ``games()``: the names of the games with a table.
- ``Game(name, rules=None, seed=0, dealer=0)``: one game as the library
  plays it: legal actions and masks, observations, the actions' text, the
  built-in bots, ``step`` with its events as the log's lines (dicts), the
  log (docs/FORMATS.md, "Tables: the log").
- ``VectorEnv(name, n, opponents=..., seed=...)``: n games stepped in one C
  call (cffi releases the GIL), numpy arrays in and out, games that end
  dealt anew in place (auto-reset). This is what makes a learner fast: no
  Python loop per game.
- ``AECEnv(name, ...)``: PettingZoo's AEC interface, one agent a seat.
- ``SingleAgentEnv(name, opponents=..., ...)``: gymnasium's interface for
  one seat against built-in bots that play inside C.

When PettingZoo and Gymnasium can be imported, ``AECEnv`` is a
``pettingzoo.AECEnv`` and ``SingleAgentEnv`` a ``gymnasium.Env``, with
gymnasium's spaces; without them the same classes stand alone, with
qipai.spaces' look-alikes.

Rules are a preset's name (``"default"``), or a mapping of the game's rule
options (``{"base": 2, "multiple_hu": False}``, with ``"preset"`` naming the
preset they change), as ``--rules``/``--rule NAME=VALUE`` take them.
Actions are the game's numbers 0..action_space-1; an illegal action raises
Error (``code == "illegal action"``) and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

import numpy as np

from . import spaces as _spaces
from ._core import Error, check, new_error
from ._native import ffi, lib

try:  # the real interfaces when they are installed
    import gymnasium as _gymnasium
except ImportError:  # pragma: no cover - depends on the machine
    _gymnasium = None
try:
    import pettingzoo as _pettingzoo
except ImportError:  # pragma: no cover - depends on the machine
    _pettingzoo = None

__all__ = ["games", "Game", "VectorEnv", "AECEnv", "SingleAgentEnv", "game_seed", "Rules"]

_EVENT_BYTES = 1 << 18
_TEXT_BYTES = 1 << 16


def games() -> list[str]:
    """The names of the games with a table, in the library's order."""
    return [ffi.string(lib.qipai_table_game_at(i).name).decode()
            for i in range(lib.qipai_table_game_count())]


def game_seed(run_seed: int, number: int) -> int:
    """The seed of game ``number`` (0-based) of the run seeded ``run_seed``,
    as ``qipai GAME sim --seed`` plays it."""
    return int(lib.qipai_table_game_seed(_uint64(run_seed, "run_seed"), _uint64(number, "number")))


def _uint64(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}")
    if not 0 <= int(value) < 2**64:
        raise Error(f"{what} {value}: an integer 0 to 2^64-1", "value out of range")
    return int(value)


def _seat_arg(value: Any, seats: int, what: str = "seat") -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}")
    if not 0 <= int(value) < seats:
        raise Error(f"{what} {value}: seats are 0-{seats - 1}", "value out of range")
    return int(value)


def _game_ptr(name: Any) -> Any:
    if not isinstance(name, str):
        raise TypeError(f"the game's name must be a string, not {type(name).__name__}")
    err = new_error()
    game = lib.qipai_table_game_named(name.encode(), err)
    if game == ffi.NULL:
        check(err.code, err)
    return game


def _strings(array: Any) -> tuple[str, ...]:
    out = []
    if array == ffi.NULL:
        return ()
    i = 0
    while array[i] != ffi.NULL:
        out.append(ffi.string(array[i]).decode())
        i += 1
    return tuple(out)


def _option_text(name: str, value: Any) -> str:
    if isinstance(value, bool):
        value = "true" if value else "false"
    return f"{name}={value}"


class Rules:
    """A game's rule set: a preset and the options that change it. Immutable
    (its options are fixed when it is made); ``str(rules)`` is the log's
    ``rules`` object."""

    __slots__ = ("_game", "_buffer", "_name", "_options")

    def __init__(self, game: str, rules: Any = None) -> None:
        g = _game_ptr(game)
        buffer = ffi.new("unsigned char[]", int(lib.QIPAI_TABLE_RULES_SIZE))
        err = new_error()
        preset = None
        options: dict[str, Any] = {}
        if isinstance(rules, Rules):
            preset, options = rules._options[0], dict(rules._options[1])
        elif isinstance(rules, str):
            preset = rules
        elif isinstance(rules, Mapping):
            options = dict(rules)
            preset = options.pop("preset", None)
        elif rules is not None:
            raise TypeError("rules must be a preset's name or a mapping of options, not "
                            f"{type(rules).__name__}")
        if preset is not None and not isinstance(preset, str):
            raise TypeError(f"the preset must be a string, not {type(preset).__name__}")
        check(lib.qipai_table_rules_named(g, buffer, preset.encode() if preset else ffi.NULL,
                                          err), err)
        for name, value in options.items():
            if not isinstance(name, str):
                raise TypeError(f"a rule's name must be a string, not {type(name).__name__}")
            check(lib.qipai_table_rules_option(g, buffer, _option_text(name, value).encode(),
                                               err), err)
        check(lib.qipai_table_rules_check(g, buffer, err), err)
        object.__setattr__(self, "_game", g)
        object.__setattr__(self, "_buffer", buffer)
        object.__setattr__(self, "_name", ffi.string(g.name).decode())
        object.__setattr__(self, "_options", (preset, tuple(options.items())))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Rules are immutable: make a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Rules are immutable: make a new one")

    @property
    def game(self) -> str:
        return self._name

    def as_dict(self) -> dict:
        """Every rule's value, as the log's ``rules`` object."""
        out = ffi.new("char[]", _TEXT_BYTES)
        n = self._game.rules_log(self._buffer, out, _TEXT_BYTES)
        return json.loads(ffi.unpack(out, min(n, _TEXT_BYTES - 1)).decode())

    def __str__(self) -> str:
        return json.dumps(self.as_dict(), separators=(",", ":"))

    def __repr__(self) -> str:
        preset, options = self._options
        parts = [repr(self._name)]
        if preset:
            parts.append(f"preset={preset!r}")
        parts += [f"{k}={v!r}" for k, v in options]
        return "Rules(" + ", ".join(parts) + ")"


class _Table:
    """What a game's rule set makes of the table (seats, spaces, bots)."""

    def __init__(self, name: str, rules: Any) -> None:
        self.rules = rules if isinstance(rules, Rules) and rules.game == name else Rules(name, rules)
        self.ptr = self.rules._game
        self.name = name
        shape = ffi.new("qipai_table_shape *")
        lib.qipai_table_shape_of(self.ptr, self.rules._buffer, shape)
        self.seats = int(shape.seats)
        self.action_space = int(shape.action_space)
        self.observation_size = int(shape.observation_size)
        self.max_legal = int(shape.max_legal)
        self.state_size = int(self.ptr.state_size)
        self.bots = _strings(self.ptr.bots)
        self.roles = _strings(self.ptr.roles)

    def bot(self, name: Any) -> int:
        if not isinstance(name, str):
            raise TypeError(f"a bot's name must be a string, not {type(name).__name__}")
        out = ffi.new("int *")
        err = new_error()
        check(lib.qipai_table_bot_named(self.ptr, name.encode(), out, err), err)
        return int(out[0])


class Game:
    """One game of ``name`` dealt from ``seed`` (the game's generator draws
    everything random from it) with ``dealer`` dealing. A plain value: copy()
    copies it (a search clones freely)."""

    def __init__(self, name: str, rules: Any = None, seed: int = 0, dealer: int = 0) -> None:
        self._table = _Table(name, rules)
        self._state = np.zeros(self._table.state_size + 16, dtype=np.uint8)
        self._ptr = ffi.from_buffer("unsigned char[]", self._state, require_writable=True)
        self._err = new_error()
        self._events: list[dict] = []
        self._seed = _uint64(seed, "seed")
        dealer = _seat_arg(dealer, self._table.seats, "dealer")
        check(lib.qipai_table_init(self._table.ptr, self._ptr, self._table.rules._buffer,
                                   self._seed, dealer, self._err), self._err)

    # ---- what the game is ----
    @property
    def name(self) -> str:
        return self._table.name

    @property
    def title(self) -> str:
        return ffi.string(self._table.ptr.title).decode()

    @property
    def rules(self) -> Rules:
        return self._table.rules

    @property
    def seats(self) -> int:
        return self._table.seats

    @property
    def action_space(self) -> int:
        return self._table.action_space

    @property
    def observation_size(self) -> int:
        return self._table.observation_size

    @property
    def bots(self) -> tuple[str, ...]:
        return self._table.bots

    @property
    def roles(self) -> tuple[str, ...]:
        return self._table.roles

    @property
    def seed(self) -> int:
        return int(self._table.ptr.seed_of(self._ptr))

    @property
    def dealer(self) -> int:
        return int(self._table.ptr.dealer_of(self._ptr))

    # ---- where it stands ----
    @property
    def to_act(self) -> list[int]:
        """The seats that must act now (several in a mahjong claim)."""
        bits = lib.qipai_table_to_act(self._table.ptr, self._ptr)
        return [s for s in range(self.seats) if bits >> s & 1]

    @property
    def over(self) -> bool:
        return bool(self._table.ptr.over(self._ptr))

    @property
    def scores(self) -> list[int]:
        """Each seat's score so far, in points (final once over)."""
        out = ffi.new("int64_t[]", int(lib.QIPAI_TABLE_MAX_SEATS))
        self._table.ptr.scores(self._ptr, out)
        return [int(out[s]) for s in range(self.seats)]

    def won(self, seat: int) -> bool:
        return bool(self._table.ptr.won(self._ptr, _seat_arg(seat, self.seats)))

    @property
    def left_to_draw(self) -> int:
        """Tiles or cards left to draw (-1 for a game without a wall)."""
        return int(self._table.ptr.left_to_draw(self._ptr))

    @property
    def events(self) -> list[dict]:
        """Every event so far, as the log's lines (the deal's excluded)."""
        return list(self._events)

    def check(self) -> None:
        """Raises Error if the state breaks the game's invariants."""
        check(self._table.ptr.check(self._ptr, self._err), self._err)

    @classmethod
    def _of_state(cls, table: _Table, state: np.ndarray, events: list[dict], seed: int) -> "Game":
        """A Game holding state (the caller's bytes, taken as they are)."""
        game = object.__new__(cls)
        game._table = table
        game._state = state
        game._ptr = ffi.from_buffer("unsigned char[]", state, require_writable=True)
        game._err = new_error()
        game._events = events
        game._seed = seed
        return game

    def copy(self) -> "Game":
        return Game._of_state(self._table, self._state.copy(), list(self._events), self._seed)

    def _seat_or_first(self, seat: Any) -> int:
        if seat is None:
            to_act = self.to_act
            if not to_act:
                raise Error("the game is over: no seat acts", "state error")
            return to_act[0]
        return _seat_arg(seat, self.seats)

    # ---- actions ----
    def legal_actions(self, seat: int | None = None) -> list[int]:
        """The seat's legal action numbers now (the first seat to act's by
        default), in the game's order; [] for a seat not to act."""
        seat = self._seat_or_first(seat)
        out = ffi.new("int32_t[]", max(self._table.max_legal, 1))
        n = lib.qipai_table_legal(self._table.ptr, self._ptr, seat, out)
        return [int(out[i]) for i in range(n)]

    def action_mask(self, seat: int | None = None) -> np.ndarray:
        """int8 (action_space,): 1 for each legal action of the seat."""
        seat = self._seat_or_first(seat)
        mask = np.zeros(self.action_space, dtype=np.int8)
        lib.qipai_table_mask(self._table.ptr, self._ptr, seat,
                             ffi.from_buffer("uint8_t[]", mask, require_writable=True))
        return mask

    def observe(self, seat: int) -> np.ndarray:
        """float32 (observation_size,): what the seat may know."""
        seat = _seat_arg(seat, self.seats)
        out = np.zeros(self.observation_size, dtype=np.float32)
        self._table.ptr.observe(self._ptr, seat,
                                ffi.from_buffer("float[]", out, require_writable=True))
        return out

    def _action_arg(self, action: Any) -> int:
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action must be an action number, not {type(action).__name__}")
        if not 0 <= int(action) < self.action_space:
            raise Error(f"action {action}: actions are 0-{self.action_space - 1}",
                        "value out of range")
        return int(action)

    def action_text(self, action: int, seat: int | None = None, chinese: bool = False) -> str:
        """The action's text for people and logs."""
        action = self._action_arg(action)
        seat = self._seat_or_first(seat)
        out = ffi.new("char[]", 256)
        n = self._table.ptr.action_text(self._ptr, seat, action, bool(chinese), out, 256)
        return ffi.unpack(out, min(n, 255)).decode()

    def action_of_text(self, text: str, seat: int | None = None) -> int:
        """The action a person typed (a label action_text writes, or the
        game's shorthands); Error naming what is wrong."""
        if not isinstance(text, str):
            raise TypeError(f"the action's text must be a string, not {type(text).__name__}")
        seat = self._seat_or_first(seat)
        out = ffi.new("int32_t *")
        check(self._table.ptr.action_parse(self._ptr, seat, text.encode(), out, self._err),
              self._err)
        return int(out[0])

    def bot_action(self, seat: int | None = None, bot: str = "strong") -> int:
        """What the built-in bot would play for the seat now."""
        seat = self._seat_or_first(seat)
        b = self._table.bot(bot)
        out = ffi.new("int32_t *")
        check(lib.qipai_table_bot_choose(self._table.ptr, self._ptr, seat, b, out, self._err),
              self._err)
        return int(out[0])

    def step(self, action: int, seat: int | None = None) -> list[dict]:
        """Plays the seat's action (the first seat to act's by default) and
        returns the events it caused as the log's lines, the action's first.
        An illegal action raises Error and changes nothing."""
        action = self._action_arg(action)
        seat = self._seat_or_first(seat)
        out = ffi.new("char[]", _EVENT_BYTES)
        length = ffi.new("size_t *")
        code = lib.qipy_table_step(self._table.ptr, self._ptr, seat, action, out, _EVENT_BYTES,
                                   length, self._err)
        if code != lib.QIPAI_OK and code != lib.QIPAI_ERR_BUFFER:
            check(code, self._err)
        text = ffi.unpack(out, min(length[0], _EVENT_BYTES)).decode()
        events = [json.loads(line) for line in text.splitlines() if line]
        self._events += events
        check(code, self._err)  # a step whose lines did not fit: played, then said
        return events

    def play(self, bots: str | Sequence[str] = "strong") -> None:
        """Plays the game to its end with built-in bots (one name, or one a
        seat)."""
        names = [bots] * self.seats if isinstance(bots, str) else list(bots)
        if len(names) != self.seats:
            raise Error(f"{self.seats} bots, one a seat, not {len(names)}", "invalid argument")
        numbers = [self._table.bot(n) for n in names]
        while not self.over:
            seat = self.to_act[0]
            out = ffi.new("int32_t *")
            check(lib.qipai_table_bot_choose(self._table.ptr, self._ptr, seat, numbers[seat], out,
                                             self._err), self._err)
            self.step(int(out[0]), seat)

    # ---- text ----
    def render(self, seat: int | None = None, chinese: bool = False) -> str:
        """The table as the seat sees it (every card or tile with None)."""
        seat = -1 if seat is None else _seat_arg(seat, self.seats)
        out = ffi.new("char[]", _TEXT_BYTES)
        n = self._table.ptr.render(self._ptr, seat, bool(chinese), out, _TEXT_BYTES)
        return ffi.unpack(out, min(n, _TEXT_BYTES - 1)).decode()

    def log(self, number: int = 1, bots: Sequence[str] | None = None) -> list[str]:
        """The game's log so far as lines (docs/FORMATS.md, "Tables: the
        log"): its header, its deal and every event; ``qipai GAME replay``
        checks a finished one. Events are those played through this Game."""
        out = ffi.new("char[]", _TEXT_BYTES)
        names = [ffi.new("char[]", b.encode()) for b in bots] if bots else []
        array = ffi.new("char *[]", names) if names else ffi.NULL
        # the header and the deal are those of the game as dealt: replay it
        first = Game(self.name, self.rules, self._seed, self.dealer)
        n = lib.qipai_table_log_header(first._table.ptr, first._ptr, _uint64(number, "number"),
                                       array, out, _TEXT_BYTES)
        lines = [ffi.unpack(out, min(n, _TEXT_BYTES - 1)).decode()]
        n = lib.qipai_table_log_deal(first._table.ptr, first._ptr, -1, out, _TEXT_BYTES)
        lines.append(ffi.unpack(out, min(n, _TEXT_BYTES - 1)).decode())
        lines += [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in self._events]
        return lines


def _seeded(seed: Any) -> int:
    if seed is None:
        return int(np.random.SeedSequence().generate_state(2, np.uint32).view(np.uint64)[0])
    return _uint64(seed, "seed")


def _bot_numbers(table: _Table, opponents: Any, seats: Sequence[int]) -> list[int]:
    """bots[s]: the bot playing seat s, -1 for the learner's seats."""
    bots = [-1] * table.seats
    others = [s for s in range(table.seats) if s not in seats]
    if opponents is None:
        if others:
            raise Error("opponents are needed for the seats the learner does not play",
                        "invalid argument")
        return bots
    names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
    if len(names) != len(others):
        raise Error(f"{len(others)} opponents (one for each other seat), not {len(names)}",
                    "invalid argument")
    for s, name in zip(others, names):
        bots[s] = table.bot(name)
    return bots


class VectorEnv:
    """n games of ``name`` stepped side by side in one C call.

    ``opponents``: None, the learner plays every seat (each step acts for
    the seat to act in each game); or bot names (one name for all, or one
    for each other seat in seat order) for every seat but ``seat``, which the
    learner plays: the bots play inside C up to its next decision.

    ``reset(seed=None)`` -> (obs (n, F) float32, mask (n, A) bool, info);
    ``step(actions)`` with an int array (n,) -> (obs, mask, rewards (n,)
    float32, terminated (n,) bool, truncated (n,) bool, info). A reward is
    the score change of the seat that acted, from its action to the next
    decision (to the game's end for a game that ended); info["scores"]
    (n, seats) int64 has every seat's change, info["seat"] (n,) the seat to
    act now, info["final_observation"] (n, F) the acting seat's observation
    at the end of each game that ended (valid where terminated). A game that
    ends is dealt anew in place from the run's next game (game i of the run
    ``seed`` is ``game_seed(seed, i)``, as ``qipai GAME sim`` plays it). The
    arrays returned are reused by the next call: copy what you keep.
    """

    def __init__(self, name: str, n: int, opponents: Any = None, *, seed: int | None = 0,
                 seat: int = 0, rules: Any = None) -> None:
        self._table = t = _Table(name, rules)
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise TypeError(f"n must be an integer, not {type(n).__name__}")
        if not 1 <= int(n) <= 1 << 24:
            raise Error(f"n {n}: 1 to {1 << 24} games", "value out of range")
        self.n = int(n)
        self.seat = _seat_arg(seat, t.seats)
        learner = [self.seat] if opponents is not None else list(range(t.seats))
        self._bots = ffi.new("int[]", list(_bot_numbers(t, opponents, learner)) +
                             [0] * (int(lib.QIPAI_TABLE_MAX_SEATS) - t.seats))
        self.name = name
        self.seed = _seeded(seed)
        self.num_envs = self.n
        self.single_action_space = _spaces.Discrete(t.action_space)
        self.single_observation_space = _spaces.Box(-np.inf, np.inf, (t.observation_size,),
                                                    np.float32)
        self._states = np.zeros(self.n * t.state_size + 64, dtype=np.uint8)
        self._vec = ffi.new("qipai_table_vec *")
        self._err = new_error()
        self._obs = np.zeros((self.n, t.observation_size), dtype=np.float32)
        self._final = np.zeros((self.n, t.observation_size), dtype=np.float32)
        self._mask = np.zeros((self.n, t.action_space), dtype=np.uint8)
        self._seats = np.zeros(self.n, dtype=np.intc)
        self._scores = np.zeros((self.n, t.seats), dtype=np.int64)
        self._done = np.zeros(self.n, dtype=np.uint8)
        self._rewards = np.zeros(self.n, dtype=np.float32)
        self._actions = np.zeros(self.n, dtype=np.int32)
        p = ffi.from_buffer
        self._p = {
            "states": p("unsigned char[]", self._states, require_writable=True),
            "obs": p("float[]", self._obs, require_writable=True),
            "final": p("float[]", self._final, require_writable=True),
            "mask": p("uint8_t[]", self._mask, require_writable=True),
            "seats": p("int[]", self._seats, require_writable=True),
            "scores": p("int64_t[]", self._scores, require_writable=True),
            "done": p("uint8_t[]", self._done, require_writable=True),
            "actions": p("int32_t[]", self._actions, require_writable=True),
        }
        self._started = False

    @property
    def games_done(self) -> int:
        """Games ended since the last reset."""
        return int(self._vec.games_done)

    def _view(self) -> None:
        lib.qipai_table_vec_observe(self._vec, self._p["seats"], self._p["obs"], self._p["mask"])

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, dict]:
        """Deals games 0..n-1 of the run ``seed`` (the last seed given when
        None) and lets the bots play up to the learner's first decisions."""
        if seed is not None:
            self.seed = _uint64(seed, "seed")
        t = self._table
        check(lib.qipai_table_vec_init(self._vec, t.ptr, t.rules._buffer, self.seed, self.n,
                                       self._p["states"], self._states.nbytes, self._err),
              self._err)
        check(lib.qipai_table_vec_step_bots(self._vec, ffi.NULL, self._bots, ffi.NULL, ffi.NULL,
                                            ffi.NULL, self._err), self._err)
        self._started = True
        self._view()
        return self._obs, self._mask.view(np.bool_), {"seat": self._seats}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          np.ndarray, dict]:
        """One action a game (an int array of shape (n,)); an illegal one in
        any game raises Error naming it and nothing is played."""
        if not self._started:
            raise Error("reset() the environment before step()", "state error")
        array = np.asarray(actions)
        if array.shape != (self.n,) or array.dtype.kind not in "iu":
            raise TypeError(f"actions must be an integer array of shape ({self.n},), not "
                            f"{array.dtype} {array.shape}")
        np.copyto(self._actions, array, casting="unsafe")
        if not np.array_equal(self._actions, array):
            raise Error("actions out of the int32 range", "value out of range")
        seats = self._seats.copy()
        check(lib.qipai_table_vec_step_bots(self._vec, self._p["actions"], self._bots,
                                            self._p["scores"], self._p["done"], self._p["final"],
                                            self._err), self._err)
        np.copyto(self._rewards, self._scores[np.arange(self.n), seats], casting="unsafe")
        self._view()
        terminated = self._done.view(np.bool_)
        info = {"seat": self._seats, "scores": self._scores, "final_observation": self._final,
                "acted": seats}
        return (self._obs, self._mask.view(np.bool_), self._rewards, terminated,
                np.zeros(self.n, dtype=np.bool_), info)

    def close(self) -> None:
        pass


# ---- one game at a time: PettingZoo's AEC and gymnasium's single agent --------

def _space_module() -> Any:
    return _gymnasium.spaces if _gymnasium is not None else _spaces


def _observation_space(t: _Table) -> Any:
    s = _space_module()
    return s.Dict({
        "observation": s.Box(-np.inf, np.inf, (t.observation_size,), np.float32),
        "action_mask": s.Box(0, 1, (t.action_space,), np.int8),
    })


_AECBase: Any = _pettingzoo.AECEnv if _pettingzoo is not None else object
_GymBase: Any = _gymnasium.Env if _gymnasium is not None else object


def _illegal_option(value: Any) -> str:
    if value not in ("raise", "end"):
        raise Error(f"illegal_action {value!r}: 'raise' or 'end'", "invalid argument")
    return value


class _Seeds:
    """Per-game seeds of a run: reset(seed=S) plays game 0 of run S, each
    reset after it the run's next game; a run never seeded gets a random S."""

    def __init__(self) -> None:
        self.run_seed: int | None = None
        self.number = 0

    def next(self, seed: Any) -> tuple[int, int]:
        if seed is not None:
            self.run_seed, self.number = _uint64(seed, "seed"), 0
        elif self.run_seed is None:
            self.run_seed, self.number = _seeded(None), 0
        number = self.number
        self.number += 1
        return game_seed(self.run_seed, number), number


class AECEnv(_AECBase):
    """``name`` for one learning agent a seat (``seat_0``, ...), in
    PettingZoo's AEC interface. The agent selected is the lowest seat that
    must act. ``rewards`` after each step are every seat's score change in
    it, ``_cumulative_rewards`` their sums since the agent last acted; every
    agent is terminated when the game ends (then stepped with None).
    Observations: ``{"observation": float32 (F,), "action_mask": int8
    (A,)}``, the mask all zero for a seat not to act.

    Options: ``illegal_action="raise"`` (an action outside the mask raises
    Error and changes nothing) or ``"end"`` (the game ends there: the agent
    gets ``illegal_reward``, the others 0), so that checkers that sample
    unmasked actions can run; ``observation_scale`` multiplies every
    observation.
    """

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, name: str = "zhaotong", *, rules: Any = None, dealer: int | None = None,
                 render_mode: str | None = None, illegal_action: str = "raise",
                 illegal_reward: float = -1.0, observation_scale: float = 1.0) -> None:
        self._table = _Table(name, rules)
        self.metadata = dict(self.metadata, name=f"qipai_{name}_v0")
        self.name = name
        self.possible_agents = [f"seat_{s}" for s in range(self._table.seats)]
        self.agents: list[str] = []
        if dealer is not None:
            dealer = _seat_arg(dealer, self._table.seats, "dealer")
        self.dealer = dealer
        if render_mode not in (None, "ansi", "human"):
            raise Error(f"render_mode {render_mode!r}: 'ansi', 'human' or None", "invalid argument")
        self.render_mode = render_mode
        self.illegal_action = _illegal_option(illegal_action)
        self.illegal_reward = float(illegal_reward)
        self.observation_scale = float(observation_scale)
        self._seeds = _Seeds()
        self._game: Game | None = None
        self._action_spaces = {a: _space_module().Discrete(self._table.action_space)
                               for a in self.possible_agents}
        self._observation_spaces = {a: _observation_space(self._table)
                                    for a in self.possible_agents}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict] = {}
        self.agent_selection = self.possible_agents[0]
        self._ended_illegally = False

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> "AECEnv":
        return self

    def _seat(self, agent: Any) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise Error(f"no agent {agent!r} (agents: {', '.join(self.possible_agents)})",
                        "invalid argument") from None

    def action_space(self, agent: str) -> Any:
        self._seat(agent)
        return self._action_spaces[agent]

    def observation_space(self, agent: str) -> Any:
        self._seat(agent)
        return self._observation_spaces[agent]

    def _need_game(self) -> Game:
        if self._game is None:
            raise Error("reset() the environment first", "state error")
        return self._game

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deals game 0 of run ``seed``, else the run's next game (options:
        ``dealer``)."""
        options = options or {}
        game_seed_now, number = self._seeds.next(seed)
        dealer = options.get("dealer", self.dealer if self.dealer is not None
                             else number % self._table.seats)
        self._game = Game(self.name, self._table.rules, game_seed_now, dealer)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._ended_illegally = False
        self.agent_selection = self.possible_agents[self._game.to_act[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat(agent)
        game = self._need_game()
        obs = game.observe(seat)
        if self.observation_scale != 1.0:
            obs *= np.float32(self.observation_scale)
        mask = (game.action_mask(seat) if not game.over and seat in game.to_act
                and not self._ended_illegally else np.zeros(self._table.action_space, np.int8))
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        agent = self.agent_selection
        self._need_game()
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        return _AECIterator(self, max_iter)

    def step(self, action: Any) -> None:
        game = self._need_game()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        if action is None or isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"{agent} must act: an action number, not {type(action).__name__}")
        before = game.scores
        legal = 0 <= int(action) < self._table.action_space and bool(
            game.action_mask(seat)[int(action)])
        if not legal and self.illegal_action == "end":
            self._cumulative_rewards[agent] = 0.0
            self.rewards = {a: 0.0 for a in self.agents}
            self.rewards[agent] = self.illegal_reward
            self._ended_illegally = True
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"illegal_action": int(action), "seat": seat}
            self.agent_selection = self.agents[0]
            self._accumulate_rewards()
            return
        game.step(int(action), seat)  # Error, nothing changed, when illegal
        after = game.scores
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: float(after[self._seat(a)] - before[self._seat(a)])
                        for a in self.agents}
        if game.over:
            for a in self.agents:
                s = self._seat(a)
                self.terminations[a] = True
                self.infos[a] = {"scores": after, "won": game.won(s)}
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[game.to_act[0]]
        self._accumulate_rewards()

    def _accumulate_rewards(self) -> None:
        for agent, reward in self.rewards.items():
            self._cumulative_rewards[agent] += reward

    def _clear_rewards(self) -> None:
        for agent in self.rewards:
            self.rewards[agent] = 0.0

    def _was_dead_step(self, action: Any) -> None:
        if action is not None:
            raise Error("when an agent is done, the only valid action is None", "invalid argument")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards,
                      self._cumulative_rewards, self.infos):
            del table[agent]
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

    def game(self) -> Game:
        """The game being played (a copy)."""
        return self._need_game().copy()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self._need_game().render()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

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


class SingleAgentEnv(_GymBase):
    """One learning seat of ``name`` against built-in bots, in gymnasium's
    interface: ``reset(seed=None, options=None) -> (obs, info)``,
    ``step(action) -> (obs, reward, terminated, truncated, info)``.

    ``opponents``: one bot name for every other seat, or one each in seat
    order (None: the game's first bot). The bots play inside C, one C call per agent step (a vector of
    one game). The reward is the agent's score change since its last
    decision (to the game's end in the last step), a float. Observations
    ``{"observation": float32 (F,), "action_mask": int8 (A,)}``. Options as
    AECEnv's: ``illegal_action``, ``illegal_reward``, ``observation_scale``.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, name: str = "zhaotong", opponents: Any = None, *, seat: int = 0,
                 rules: Any = None, render_mode: str | None = None,
                 illegal_action: str = "raise", illegal_reward: float = -1.0,
                 observation_scale: float = 1.0) -> None:
        if opponents is None:  # the game's first bot at every other seat
            opponents = _Table(name, rules).bots[0]
        self._vec = VectorEnv(name, 1, opponents, seed=0, seat=seat, rules=rules)
        t = self._table = self._vec._table
        self.name = name
        self.seat = self._vec.seat
        self.opponents = opponents
        if render_mode not in (None, "ansi", "human"):
            raise Error(f"render_mode {render_mode!r}: 'ansi', 'human' or None", "invalid argument")
        self.render_mode = render_mode
        self.illegal_action = _illegal_option(illegal_action)
        self.illegal_reward = float(illegal_reward)
        self.observation_scale = float(observation_scale)
        self.action_space = _space_module().Discrete(t.action_space)
        self.observation_space = _observation_space(t)
        self._seeds = _Seeds()
        self._started = False
        self._over = False

    def _view(self, obs: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
        out = obs[0].copy()
        if self.observation_scale != 1.0:
            out *= np.float32(self.observation_scale)
        return {"observation": out, "action_mask": mask[0].astype(np.int8)}

    def reset(self, *, seed: int | None = None,
              options: dict | None = None) -> tuple[dict[str, np.ndarray], dict]:
        """Deals the run's next game (game 0 of run ``seed``; the dealer
        rotates with the game's number, as ``qipai GAME sim`` deals) and lets
        the bots play up to the agent's first decision (a game that ends
        before it is followed by the run's next)."""
        if _gymnasium is not None:
            super().reset(seed=seed)
        _, number = self._seeds.next(seed)
        v = self._vec
        v.seed = int(self._seeds.run_seed)
        check(lib.qipai_table_vec_init(v._vec, self._table.ptr, self._table.rules._buffer,
                                       v.seed, 1, v._p["states"], v._states.nbytes, v._err), v._err)
        if number:  # the slot holds game 0: deal game `number` of the run in its place
            check(lib.qipai_table_init(self._table.ptr, v._p["states"], self._table.rules._buffer,
                                       game_seed(v.seed, number), number % self._table.seats,
                                       v._err), v._err)
            v._vec.next_game = number + 1
        check(lib.qipai_table_vec_step_bots(v._vec, ffi.NULL, v._bots, ffi.NULL, ffi.NULL,
                                            ffi.NULL, v._err), v._err)
        number = int(v._vec.next_game) - 1
        self._seeds.number = number + 1
        v._started = True
        v._view()
        self._started, self._over = True, False
        info = {"game": number, "game_seed": game_seed(v.seed, number), "seat": self.seat}
        return self._view(v._obs, v._mask), info

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        if not self._started:
            raise Error("reset() the environment before step()", "state error")
        if self._over:
            raise Error("the game is over: reset() it", "state error")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
                action = int(action)
            else:
                raise TypeError(f"an action number, not {type(action).__name__}")
        mask = self._vec._mask[0]
        if not (0 <= int(action) < self._table.action_space and mask[int(action)]):
            if self.illegal_action == "end":
                self._over = True
                return (self._view(self._vec._obs, self._vec._mask), self.illegal_reward, True,
                        False, {"illegal_action": int(action)})
        obs, masks, rewards, terminated, _, info = self._vec.step(np.array([action]))
        reward = float(rewards[0])
        if terminated[0]:
            self._over = True
            final = info["final_observation"][0].copy()
            if self.observation_scale != 1.0:
                final *= np.float32(self.observation_scale)
            view = {"observation": final,
                    "action_mask": np.zeros(self._table.action_space, np.int8)}
            return view, reward, True, False, {"scores": info["scores"][0].tolist()}
        return self._view(obs, masks), reward, False, False, {}

    def action_masks(self) -> np.ndarray:
        """The current mask (sb3-contrib's MaskablePPO asks for it so)."""
        return self._vec._mask[0].astype(np.int8)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self._vec._states[:self._table.state_size + 16].copy()
        text = Game._of_state(self._table, state, [], 0).render(self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
