"""Small stand-ins for gymnasium's spaces (Discrete, Box, Dict), so the
environments describe their actions and observations without depending on
gymnasium or PettingZoo (which Debian does not package).

They carry the same attributes (``n``, ``low``, ``high``, ``shape``,
``dtype``, ``spaces``) and methods (``sample()``, ``contains()`` / ``in``,
``seed()``), so code written against gymnasium's spaces reads them as it
would read the real ones; ``to_gymnasium()`` converts when gymnasium is
installed.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

__all__ = ["Space", "Discrete", "Box", "Dict"]


class Space:
    """What every space has: a shape, a dtype and its own generator."""

    shape: tuple[int, ...] | None = None
    dtype: Any = None

    def __init__(self, seed: int | None = None) -> None:
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Reseeds the space's generator (used by sample())."""
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def contains(self, x: Any) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)

    def sample(self, mask: Any = None) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError


class Discrete(Space):
    """The integers start .. start + n - 1 (gymnasium.spaces.Discrete)."""

    def __init__(self, n: int, seed: int | None = None, start: int = 0) -> None:
        super().__init__(seed)
        self.n = int(n)
        self.start = int(start)
        self.shape = ()
        self.dtype = np.dtype(np.int64)

    def sample(self, mask: Any = None) -> int:
        """A uniform element; with mask (int8, shape (n,)) one where mask is 1."""
        if mask is None:
            return self.start + int(self.np_random.integers(self.n))
        legal = np.flatnonzero(np.asarray(mask))
        if legal.size == 0:
            return self.start
        return self.start + int(legal[self.np_random.integers(legal.size)])

    def contains(self, x: Any) -> bool:
        if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
            return self.start <= int(x) < self.start + self.n
        return False

    def __repr__(self) -> str:
        return f"Discrete({self.n})" if self.start == 0 else f"Discrete({self.n}, start={self.start})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)

    def to_gymnasium(self) -> Any:
        """The same space as a gymnasium.spaces.Discrete (needs gymnasium)."""
        import gymnasium  # noqa: PLC0415 - optional

        return gymnasium.spaces.Discrete(self.n, start=self.start)


class Box(Space):
    """Arrays of a shape with bounds low and high (gymnasium.spaces.Box)."""

    def __init__(self, low: Any, high: Any, shape: tuple[int, ...] | None = None,
                 dtype: Any = np.float32, seed: int | None = None) -> None:
        super().__init__(seed)
        self.dtype = np.dtype(dtype)
        if shape is None:
            shape = np.shape(low) if np.ndim(low) else np.shape(high)
        self.shape = tuple(int(s) for s in shape)
        self.low = np.broadcast_to(np.asarray(low, dtype=self.dtype), self.shape).copy()
        self.high = np.broadcast_to(np.asarray(high, dtype=self.dtype), self.shape).copy()

    def sample(self, mask: Any = None) -> np.ndarray:
        """Uniform within finite bounds (unbounded parts: standard normal)."""
        low = np.where(np.isfinite(self.low), self.low, -1.0).astype(np.float64)
        high = np.where(np.isfinite(self.high), self.high, 1.0).astype(np.float64)
        if self.dtype.kind in "iu":
            return self.np_random.integers(low, high + 1).astype(self.dtype)
        return self.np_random.uniform(low, high).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        array = np.asarray(x)
        return (array.shape == self.shape and np.can_cast(array.dtype, self.dtype)
                and bool(np.all(array >= self.low)) and bool(np.all(array <= self.high)))

    def __repr__(self) -> str:
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

    def to_gymnasium(self) -> Any:
        """The same space as a gymnasium.spaces.Box (needs gymnasium)."""
        import gymnasium  # noqa: PLC0415 - optional

        return gymnasium.spaces.Box(self.low, self.high, self.shape, self.dtype)


class Dict(Space):
    """Named subspaces (gymnasium.spaces.Dict): here ``observation`` and
    ``action_mask``, as PettingZoo's environments with masks have them."""

    def __init__(self, spaces: Mapping[str, Space], seed: int | None = None) -> None:
        super().__init__(seed)
        self.spaces = dict(spaces)

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def keys(self) -> Any:
        return self.spaces.keys()

    def sample(self, mask: Any = None) -> dict[str, Any]:
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        return (isinstance(x, Mapping) and set(x) == set(self.spaces)
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __repr__(self) -> str:
        return "Dict(" + ", ".join(f"{k!r}: {s!r}" for k, s in self.spaces.items()) + ")"

    def to_gymnasium(self) -> Any:
        """The same space as a gymnasium.spaces.Dict (needs gymnasium)."""
        import gymnasium  # noqa: PLC0415 - optional

        return gymnasium.spaces.Dict({k: s.to_gymnasium() for k, s in self.spaces.items()})
