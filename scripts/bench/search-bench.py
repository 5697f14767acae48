"""Time ``sharah_web.search.best_move`` at its default level (no level
argument) on a few positions of every game. Run by scripts/bench.py inside
Pyodide in a browser worker (``search-worker.js``, with ``CONFIG`` set to a
JSON string); the last expression is the JSON answer.

How it is called is read from its signature: one required parameter is
given the ``Game`` (the ``Position`` when the parameter's name speaks of a
position and not of a game), two are given the rules and the position. A
``(move, info)`` answer counts as its move.
"""

import inspect
import json
import random
import statistics
import time

import sharah_web
from sharah_web import search


def _caller(fn):
    params = [p for p in inspect.signature(fn).parameters.values()
              if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if len(params) == 2:
        return "variant, position", lambda g: fn(g.variant, g.current)
    if len(params) == 1 and "pos" in params[0].name and "game" not in params[0].name:
        return "position", lambda g: fn(g.current)
    if len(params) == 1:
        return "game", lambda g: fn(g)
    raise TypeError(f"best_move{inspect.signature(fn)}: cannot tell how to call it")


def _bench(cfg):
    style, call = _caller(search.best_move)
    deadline = time.perf_counter() + cfg.get("budget_seconds", 120)
    rows = []
    for spec in cfg["games"]:
        for k, plies in enumerate(cfg.get("plies", [0, 6, 12])):
            if time.perf_counter() > deadline:
                break
            game = sharah_web.new_game(spec["variant"], seed=k + 1, **spec.get("options", {}))
            rng = random.Random(k + 1)
            for _ in range(plies):
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(rng.choice(moves))
            if not game.legal_moves():
                continue
            t0 = time.perf_counter()
            move = call(game)
            if isinstance(move, tuple):
                move = move[0]
            rows.append({"variant": spec["variant"], "plies": plies,
                         "seconds": time.perf_counter() - t0, "move": str(move)})
    times = [r["seconds"] for r in rows]
    return {"call": style, "rows": rows,
            "median_seconds": statistics.median(times) if times else None,
            "max_seconds": max(times) if times else None}


json.dumps(_bench(json.loads(CONFIG)))  # noqa: F821 (CONFIG: set by the runner)
