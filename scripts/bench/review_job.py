"""The review job of ``scripts/bench.py --review``: the review's searches
of each game's positions (``analysis.review_search``: the game's own node
budget, no time cap), run inside Pyodide under Node
(``search_pyodide.mjs ENGINE.zip CONFIG.json review_job.py``, with
``CONFIG`` set to the JSON text). For each game: the nodes searched, the
processor time, the depths finished, the moves judged and marked; the
same nodes on any machine, so the processor time says what the review
costs in the browser's runtime.
"""

import json
import time


def cpu_seconds() -> float:
    """The process's processor time (under Node, the JS function the runner
    gives as ``CPU_SECONDS``: Pyodide's own clock is the wall clock)."""
    given = globals().get("CPU_SECONDS")
    return float(given()) if given is not None else time.process_time()


def run(cfg: dict) -> dict:
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
            move, info = analysis.review_search(at)
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


RESULT = json.dumps(run(json.loads(globals()["CONFIG"])))
