"""The search benchmark's job: run by ``scripts/bench.py --search`` on
CPython (``PYTHONPATH=ENGINE_DIR python search_job.py CONFIG.json``: the
engine on PYTHONPATH comes before the installed one) and inside
Pyodide under Node (``search_pyodide.mjs``, with ``CONFIG`` set to the
JSON text); the same file times the engine of this tree and the engine of
an older commit, so it uses only what both have: ``sharah_web.variant``,
``Variant.read_position``, ``search.best_move`` and ``search.Level``.

For every game: each position searched to a fixed depth (a level with no
node budget and no time cap: the same tree whatever the machine), and, with
``"level"``, the default level as it plays (its own budgets) on the same
positions: the depth it completes and the time it takes (``"level":
"nodes"``: its node budget alone, no time cap, so that a loaded machine
does not cut it short: the processor time it takes is the figure).

With ``"job": "review"`` (``scripts/bench.py --review``, this tree's
engine only): the review's searches of each game's line instead.
"""

import json
import sys
import time

SAFETY_NODES = 6_000
UNLIMITED = {"nodes": 10 ** 9, "seconds": 10 ** 6}


def cpu_seconds() -> float:
    """The process's processor time (under Node, the JS function the runner
    gives as ``CPU_SECONDS``: Pyodide's own clock is the wall clock)."""
    given = globals().get("CPU_SECONDS")
    return float(given()) if given is not None else time.process_time()


def run(cfg: dict) -> dict:
    import sharah_web
    from sharah_web import search

    out = []
    for game in cfg["games"]:
        rules = sharah_web.variant(game["variant"], **game.get("options", {}))
        # the safety pass's allowance as at the default level before this
        # benchmark (it follows the level's nodes); no node budget, no time cap
        fixed = search.Level(number=2, name="fixed", nodes=SAFETY_NODES, seconds=10 ** 6,
                             max_depth=game["depth"])
        rows = []
        for text in game["positions"][:cfg.get("limit") or None]:
            pos = rules.read_position(text)
            row = {}
            c0, t0 = cpu_seconds(), time.perf_counter()
            move, info = search.best_move(pos, fixed, seed=cfg.get("seed", 1), budget=UNLIMITED)
            row["fixed"] = {"seconds": time.perf_counter() - t0, "cpu": cpu_seconds() - c0,
                            "nodes": info["nodes"], "depth": info["depth"],
                            "move": str(move), "score": info["score"]}
            if cfg.get("level"):
                # "nodes": the level's node budget alone (no time cap), so that
                # the depth it completes does not depend on the machine's load
                budget = {"seconds": 10 ** 6} if cfg["level"] == "nodes" else None
                c0, t0 = cpu_seconds(), time.perf_counter()
                move, info = search.best_move(pos, search.DEFAULT_LEVEL, seed=cfg.get("seed", 1),
                                              budget=budget)
                row["level"] = {"seconds": time.perf_counter() - t0, "cpu": cpu_seconds() - c0,
                                "nodes": info["nodes"], "depth": info["depth"], "move": str(move),
                                "stopped": info["stopped"]}
            rows.append(row)
        out.append({"label": game["label"], "rows": rows})
    return {"games": out, "runtime": f"{sys.platform} Python {sys.version.split()[0]}"}


def review(cfg: dict) -> dict:
    """The review's searches (``analysis.review_search``: the game's own
    node budget, no time cap) of every position of each game's line: the
    nodes searched, the processor time, the depths finished, the moves
    judged and marked (``scripts/bench.py --review``)."""
    import sharah_web
    from sharah_web import analysis, record, search

    out = []
    for job in cfg["games"]:
        game = sharah_web.new_game(job["variant"], seed=job["seed"], **job.get("options", {}))
        for move in job["moves"]:
            game.play(move)
        line = record.line(game)
        level = analysis.review_level(game.variant)
        row = {"variant": job["variant"], "options": job.get("options", {}),
               "budget": search.tuning_for(game.variant).nodes(level), "nodes": 0, "cpu": 0.0,
               "slowest": 0.0, "depths": {}, "judged": 0, "marks": 0, "positions": 0}
        for i in range(len(line) + 1):
            at = game.at(i)
            if at.result is not None:
                continue
            c0 = cpu_seconds()
            move, info = analysis.review_search(at, line[i].move if i < len(line) else None)
            spent = cpu_seconds() - c0
            entry = analysis.review_entry(at, i, move, info, line[i].move if i < len(line) else None)
            row["cpu"] += spent
            row["slowest"] = max(row["slowest"], spent)
            row["nodes"] += info["nodes"]
            row["positions"] += 1
            depth = str(info["depth"])
            row["depths"][depth] = row["depths"].get(depth, 0) + 1
            row["judged"] += entry["judged"]
            row["marks"] += bool(entry["mark"])
        out.append(row)
    return {"games": out}


def main(cfg: dict) -> dict:
    """The job the config names (``"job"``: "search", the default, or "review")."""
    return review(cfg) if cfg.get("job") == "review" else run(cfg)


if __name__ == "__main__" and len(sys.argv) == 2:
    with open(sys.argv[1], encoding="utf-8") as f:
        print(json.dumps(main(json.load(f))))
elif "CONFIG" in globals():
    RESULT = json.dumps(main(json.loads(CONFIG)))  # noqa: F821 (set by search_pyodide.mjs)
