"""Rectangular boards: square numbering, names and steps.

A square is an int: ``rank * width + file``, both counted from 0, so a1 is 0
and sits at the bottom left of the side that moves first. Names are a file
letter and a rank number ("a1", "g10"). Boards run from 4x16 to 15x15, so
files never go past "p" and ranks never past 16.
"""

from __future__ import annotations

import re

from .errors import NotationError

FILE_LETTERS = "abcdefghijklmnop"
MAX_FILES = len(FILE_LETTERS)
MAX_RANKS = 26

SQUARE_RE = re.compile(r"([a-p])(\d{1,2})")

# The eight compass directions as (file step, rank step), "n" towards the
# top of the board as the first side sees it.
DIRECTIONS = {
    "n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1),
    "s": (0, -1), "sw": (-1, -1), "w": (-1, 0), "nw": (-1, 1),
}
DIRECTION_OF = {v: k for k, v in DIRECTIONS.items()}
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL


class Geometry:
    """Square arithmetic for one board size. Instances are cached per size."""

    _cache: dict[tuple[int, int], "Geometry"] = {}

    def __new__(cls, width: int, height: int):
        key = (width, height)
        if key in cls._cache:
            return cls._cache[key]
        if not (1 <= width <= MAX_FILES and 1 <= height <= MAX_RANKS):
            raise ValueError(f"board size {width}x{height} is not supported")
        self = super().__new__(cls)
        self.width = width
        self.height = height
        self.size = width * height
        self.names = [FILE_LETTERS[s % width] + str(s // width + 1) for s in range(self.size)]
        self.index = {name: s for s, name in enumerate(self.names)}
        self._steps: dict[tuple[int, int], list[int]] = {}
        self._rays: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        self._derived: dict = {}
        cls._cache[key] = self
        return self

    def __repr__(self) -> str:
        return f"Geometry({self.width}, {self.height})"

    def file(self, sq: int) -> int:
        return sq % self.width

    def rank(self, sq: int) -> int:
        return sq // self.width

    def square(self, file: int, rank: int) -> int | None:
        if 0 <= file < self.width and 0 <= rank < self.height:
            return rank * self.width + file
        return None

    def name(self, sq: int) -> str:
        return self.names[sq]

    def parse(self, text: str) -> int:
        """The square named by ``text``; ``NotationError`` (a ``ValueError``)
        if it is not on this board."""
        sq = self.index.get(text) if isinstance(text, str) else None
        if sq is None:
            if not isinstance(text, str):
                raise NotationError(f"a square is named by text, like b3, not {text!r:.40}")
            if SQUARE_RE.fullmatch(text or ""):
                raise NotationError(
                    f"square {text} is off the {self.width}x{self.height} board "
                    f"(files a-{FILE_LETTERS[self.width - 1]}, ranks 1-{self.height})")
            raise NotationError(f"{text!r} is not a square name (a file letter and a rank number, like b3)")
        return sq

    def step_table(self, vector: tuple[int, int]) -> list[int]:
        """For each square, the square one ``vector`` away, or -1 off the board."""
        table = self._steps.get(vector)
        if table is None:
            dx, dy = vector
            table = []
            for s in range(self.size):
                t = self.square(s % self.width + dx, s // self.width + dy)
                table.append(-1 if t is None else t)
            self._steps[vector] = table
        return table

    def step(self, sq: int, vector: tuple[int, int]) -> int | None:
        t = self.step_table(vector)[sq]
        return None if t < 0 else t

    def ray_table(self, vector: tuple[int, int]) -> list[tuple[int, ...]]:
        """For each square, the squares reached by repeating ``vector``, nearest first."""
        table = self._rays.get(vector)
        if table is None:
            steps = self.step_table(vector)
            table = []
            for s in range(self.size):
                ray = []
                t = steps[s]
                while t >= 0:
                    ray.append(t)
                    t = steps[t]
                table.append(tuple(ray))
            self._rays[vector] = table
        return table

    def derived(self, key, build):
        """A table made from this board size alone (a game's rays that stop
        at its centre, say): ``build()``, made on first use and kept under
        ``key``, so that every game of this size shares it. Never change it."""
        table = self._derived.get(key)
        if table is None:
            table = self._derived[key] = build()
        return table

    def ray(self, sq: int, vector: tuple[int, int]) -> tuple[int, ...]:
        return self.ray_table(vector)[sq]

    def checker(self, sq: int) -> str:
        """"dark" or "light" in the usual pattern: a1 dark."""
        return "dark" if (sq % self.width + sq // self.width) % 2 == 0 else "light"

    def on_edge(self, sq: int) -> bool:
        f, r = self.file(sq), self.rank(sq)
        return f in (0, self.width - 1) or r in (0, self.height - 1)

    def distance(self, a: int, b: int) -> int:
        """King-move distance."""
        return max(abs(self.file(a) - self.file(b)), abs(self.rank(a) - self.rank(b)))
