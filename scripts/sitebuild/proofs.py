"""Every stored puzzle's certificate checked again from the rules, at the
start of each build (like the fences: a puzzle whose win no longer holds
after a rules change fails the build, named). The games are checked side
by side, one process each, on the machine's cores; ``mkdocs serve`` checks
again only when the puzzle data changed."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from mkdocs.exceptions import PluginError

_checked: list[str] = []      # the data digest last checked (mkdocs serve)


class PuzzleProofError(PluginError):
    pass


def check_puzzles() -> None:
    from sharah_web import puzzles
    digest = puzzles.data_digest()
    if digest in _checked:
        return
    with ProcessPoolExecutor(max_workers=min(len(puzzles.GAMES), os.cpu_count() or 1)) as pool:
        failures = [f for found in pool.map(puzzles.check_game, puzzles.GAMES) for f in found]
    if failures:
        raise PuzzleProofError("puzzles whose win no longer holds:\n  " + "\n  ".join(failures))
    _checked[:] = [digest]
