"""The registry of games: one small module each.

``VARIANTS`` maps each game's id to its rules class. A game's module is
imported the first time its class is asked for, so the browser's engine
compiles only the games its page shows (Pyodide ships no bytecode for the
engine: every module imported is compiled from source, in the worker, before
the first board can open). Listing the ids imports nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

# id -> (module, class name): the order of the engine's own listings (the site's
# navigation orders its pages itself)
_WHERE = {
    "oblong-shatranj": ("oblong", "OblongShatranj"),
    "scheherazade": ("scheherazade", "Scheherazade"),
    "sharah-hedman": ("hedman", "SharahHedman"),
    "sharah-surrounds": ("surrounds", "SharahSurrounds"),
    "sharah-mittner": ("mittner", "SharahMittner"),
}


class _Registry(Mapping):
    """A read-only mapping id -> class that imports a game's module on first use."""

    def __init__(self, where: dict[str, tuple[str, str]]):
        self._where = where
        self._classes: dict = {}

    def __getitem__(self, variant_id):
        cls = self._classes.get(variant_id)
        if cls is None:
            module, name = self._where[variant_id]
            cls = self._classes[variant_id] = getattr(import_module(f".{module}", __name__), name)
            if cls.id != variant_id:
                raise AssertionError(f"{module}.{name} has id {cls.id!r}, registered as {variant_id!r}")
        return cls

    def __iter__(self):
        return iter(self._where)

    def __len__(self):
        return len(self._where)

    def load_next(self) -> bool:
        """Import one game not imported yet (the browser's worker calls this
        while idle, so the next page's games are ready); True while more are left."""
        left = [v for v in self._where if v not in self._classes]
        if left:
            self[left[0]]
        return len(left) > 1

    def __repr__(self):
        return f"VARIANTS({', '.join(self._where)})"


VARIANTS = _Registry(_WHERE)
