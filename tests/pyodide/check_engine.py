"""Play random games with the engine and check its invariants.

Run by ``engine_check.mjs`` inside Pyodide (under Node), and runnable with
CPython for debugging (``.venv/bin/python tests/pyodide/check_engine.py``).
The last expression evaluates to the JSON summary (a string).

For every position of each game:
- the position text round-trips: ``new_game(..., position=text).position()``;
- every legal move's notation, played on a copy of the game, is accepted and
  gives the same move (notation and effects);
- after the random move is played, ``undo`` restores the exact text and
  ``redo`` returns to the position after the move.
At the end the whole game is undone to the start and redone to the end.

Settings come from the global ``CHECK_CONFIG`` (a JSON string) if defined.
"""

import json
import platform
import random
import sys
import time
import traceback

import sharah_web

DEFAULT_CONFIG = {
    "games": [],
    "max_plies": 1500,
    "capture_bias": 0.5,
    "max_mismatches": 20,
}


def check_game(variant, options, seed, max_plies, max_mismatches, capture_bias, max_moves=None):
    """A random game to its end, or until ``max_moves`` legal moves in all
    were checked (a game of a thousand moves a ply, a few plies); a game
    with no result after ``max_plies`` plies is a mismatch."""
    rng = random.Random(seed)
    checked = 0
    game = sharah_web.new_game(variant, seed=seed, **options)
    mismatches = []
    counts = {"positions": 0, "roundtrips": 0, "notations": 0, "undo_redo": 0}

    def bad(kind, **detail):
        if len(mismatches) < max_mismatches:
            mismatches.append({"check": kind, "ply": len(game.history), **detail})
        else:
            counts["dropped_mismatches"] = counts.get("dropped_mismatches", 0) + 1

    texts = []
    while True:
        text = game.position()
        texts.append(text)
        counts["positions"] += 1

        # The position text round-trips through the parser.
        try:
            again = sharah_web.new_game(variant, position=text, seed=seed, **options)
            if again.position() != text:
                bad("roundtrip", text=text, got=again.position())
            else:
                counts["roundtrips"] += 1
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            bad("roundtrip", text=text, error=f"{type(exc).__name__}: {exc}")
            again = None

        if game.result is not None:
            break
        moves = game.legal_moves()
        if not moves:
            bad("no-moves", text=text, error="no legal moves but no result")
            break
        if len(game.history) >= max_plies:
            bad("too-long", text=text, error=f"no result after {max_plies} plies")
            break
        if max_moves is not None and checked >= max_moves:
            break
        checked += len(moves)

        # Every legal move's notation is accepted on a copy and names the same move.
        if again is not None:
            for move in moves:
                try:
                    played = again.play(move.notation)
                    if played.notation != move.notation or played.effects != move.effects:
                        bad("notation", text=text, move=move.notation, got=played.notation)
                    else:
                        counts["notations"] += 1
                    again.undo()
                    if again.position() != text:
                        bad("copy-undo", text=text, move=move.notation, got=again.position())
                        again = sharah_web.new_game(variant, position=text, seed=seed, **options)
                except Exception as exc:  # noqa: BLE001
                    bad("notation", text=text, move=move.notation, error=f"{type(exc).__name__}: {exc}")
                    again = sharah_web.new_game(variant, position=text, seed=seed, **options)

        # Play a random move (a capture, when one exists, with probability
        # ``capture_bias``, so that games end sooner); undo must restore the
        # exact text and redo return.
        captures = [m for m in moves if m.captured()]
        if captures and rng.random() < capture_bias:
            move = rng.choice(captures)
        else:
            move = rng.choice(moves)
        game.play(move)
        after = game.position()
        result = game.result
        game.undo()
        if game.position() != text or game.result is not None:
            bad("undo", text=text, move=move.notation, got=game.position())
        game.redo()
        if game.position() != after or game.result != result:
            bad("redo", text=after, move=move.notation, got=game.position())
        else:
            counts["undo_redo"] += 1

    # Undo the whole game back to the start, then redo it to the end.
    plies = len(game.history)
    end_result = game.result
    for i in range(plies, 0, -1):
        game.undo()
        if game.position() != texts[i - 1]:
            bad("undo-all", text=texts[i - 1], got=game.position())
            break
    if game.history or game.undo() is not None:
        bad("undo-all", error="history not empty after undoing every ply")
    for i in range(1, plies + 1):
        game.redo()
        if game.position() != texts[i]:
            bad("redo-all", text=texts[i], got=game.position())
            break
    if game.result != end_result:
        bad("redo-all", error=f"result {game.result} after redoing, was {end_result}")

    res = game.result
    return {
        "variant": variant,
        "options": options,
        "seed": seed,
        "plies": plies,
        "finished": res is not None,
        "moves_checked": checked,
        "result": None if res is None else {"winner": res.winner, "reason": res.reason, "text": str(res)},
        "final_position": game.position(),
        "counts": counts,
        "mismatches": mismatches,
    }


def check_bridge(specs, max_mismatches):
    """The worker's JSON API as the page uses it, for a few games: open a
    board, play the first legal moves, export the game as a record, a link
    and a saved game and load each into a new board (the same position and
    history), then let the computer think in 20 ms slices to the end and
    compare its move with ``best_move`` of the same level and seed."""
    from sharah_web import bridge, record, search

    def call(**req):
        return json.loads(bridge.handle(json.dumps(req)))

    out = []
    for n, spec in enumerate(specs):
        mismatches = []
        counts = {"loads": 0, "slices": 0}

        def bad(kind, **detail):
            if len(mismatches) < max_mismatches:
                mismatches.append({"check": kind, **detail})

        board = f"py{n}"
        base = {"variant": spec["variant"], "options": spec.get("options", {}), "seed": spec.get("seed", 0)}
        try:
            reply = call(cmd="open", board=board, **base)
            if not reply.get("ok"):
                bad("open", error=reply.get("error"))
                out.append({"variant": spec["variant"], "counts": counts, "mismatches": mismatches})
                continue
            for _ in range(spec.get("plies", 4)):
                state = reply["state"]
                if state["result"] or not state["moves"]:
                    break
                reply = call(cmd="play", board=board, move=state["moves"][0]["n"])
                if not reply.get("ok"):
                    bad("play", error=reply.get("error"))
                    break
            state = call(cmd="state", board=board)["state"]
            exports = {
                "record": call(cmd="record", board=board).get("record"),
                "link": call(cmd="link", board=board).get("link"),
                "saved": call(cmd="save", board=board).get("saved"),
            }
            for kind, data in exports.items():
                if data is None:
                    bad("export", kind=kind)
                    continue
                copy = f"{board}-{kind}"
                call(cmd="open", board=copy, **base)
                loaded = call(cmd="load", board=copy, **{kind: data})
                if not loaded.get("ok"):
                    bad("load", kind=kind, error=loaded.get("error"))
                    continue
                got = loaded["state"]
                if got["history"] != state["history"] or got["pieces"] != state["pieces"]:
                    bad("load", kind=kind, want=state["history"], got=got["history"])
                else:
                    counts["loads"] += 1
                call(cmd="close", board=copy)
            if not state["result"]:
                level, seed = spec.get("level", 1), spec.get("think_seed", 3)
                while True:
                    reply = call(cmd="think", board=board, level=level, seed=seed, slice_ms=20)
                    if not reply.get("ok"):
                        bad("think", error=reply.get("error"))
                        break
                    counts["slices"] += 1
                    if not reply.get("thinking"):
                        break
                capped = reply.get("ok") and reply.get("info", {}).get("stopped") == "time"
                if capped:      # a slow machine: the level's time cap, not its node budget, ended it
                    counts["time_capped"] = 1
                elif reply.get("ok") and exports["record"]:
                    game = record.parse_record(exports["record"]).game
                    want, _info = search.best_move(game, level, seed=seed, budget={"seconds": 600})
                    if want is None or want.notation != reply["move"]:
                        bad("think", want=want and want.notation, got=reply["move"])
            call(cmd="close", board=board)
        except Exception as exc:  # noqa: BLE001 - reported in the summary
            bad("exception", error=f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc(limit=-8))
        out.append({"variant": spec["variant"], "counts": counts, "mismatches": mismatches})
    return out


def check_inputs():
    """Bad stored data and requests, made here (a request
    nested 5,000 deep would not pass as a command-line argument): each
    answer as the page gets it. In the browser, deep nesting overflowed
    the whole engine's stack ("Maximum call stack size exceeded")."""
    from sharah_web import bridge, new_game, record

    good = record.saved_game(new_game("scheherazade"))
    text = json.dumps(good, separators=(",", ":"))
    oblong = json.dumps(record.saved_game(new_game("oblong-shatranj")), separators=(",", ":"))
    cases = {
        "deep saved game": ("scheherazade", text[:-1] + ',"x":' + "[" * 5000 + "]" * 5000 + "}"),
        "setup 1e400": ("oblong-shatranj", oblong.replace('"setup":1', '"setup":1e400')),
        "bad tag name": ("scheherazade", json.dumps({**good, "tags": {"bad name": "x"}})),
    }
    out = {}
    for name, (variant, saved) in cases.items():
        bridge.reset()
        reply = json.loads(bridge.handle(json.dumps({"cmd": "open", "board": "i", "variant": variant,
                                                     "saved": saved})))
        state = reply.get("state") or {}
        play = json.loads(bridge.handle(json.dumps({"cmd": "play", "board": "i",
                                                    "move": (state.get("moves") or [{}])[0].get("n")})))
        out[name] = {"ok": reply.get("ok"), "refused": reply.get("refused"), "error": reply.get("error"),
                     "restored": reply.get("restored", False), "then_played": play.get("ok")}
    deep = '{"cmd":"state","board":"i","x":' + "[" * 5000 + "]" * 5000 + "}"
    out["deep request"] = json.loads(bridge.handle(deep))
    record_text = '[Variant "scheherazade"]\n[Event "' + "\x01" * 60_000 + '"]\n\n1. e3e4 *'
    out["huge tag record"] = json.loads(bridge.handle(json.dumps({"cmd": "load", "board": "i",
                                                                 "record": record_text})))
    bridge.reset()
    return out


def main(config=None):
    cfg = dict(DEFAULT_CONFIG)
    cfg.update(config or {})
    start = time.perf_counter()
    games = []
    for spec in cfg["games"]:
        t0 = time.perf_counter()
        try:
            summary = check_game(spec["variant"], spec.get("options", {}), spec.get("seed", 0),
                                 spec.get("max_plies", cfg["max_plies"]), cfg["max_mismatches"],
                                 cfg["capture_bias"], spec.get("max_moves"))
        except Exception as exc:  # noqa: BLE001 - reported in the summary
            summary = {
                "variant": spec["variant"], "options": spec.get("options", {}),
                "seed": spec.get("seed", 0), "plies": 0, "finished": False, "result": None,
                "final_position": None, "counts": {"positions": 0},
                "mismatches": [{"check": "exception", "error": f"{type(exc).__name__}: {exc}",
                                "traceback": traceback.format_exc(limit=-8)}],
            }
        summary["seconds"] = round(time.perf_counter() - t0, 3)
        games.append(summary)
    bridge_checks = check_bridge(cfg.get("bridge", []), cfg["max_mismatches"])
    return {
        "bridge": bridge_checks,
        "inputs": check_inputs() if cfg.get("inputs") else None,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "engine_version": getattr(sharah_web, "__version__", None),
        "variants": sorted(sharah_web.VARIANTS),
        "games": games,
        "mismatch_count": sum(len(g["mismatches"]) + g["counts"].get("dropped_mismatches", 0) for g in games)
        + sum(len(b["mismatches"]) for b in bridge_checks),
        "seconds": round(time.perf_counter() - start, 3),
    }


try:
    _config = json.loads(CHECK_CONFIG)  # noqa: F821 - set by the Node runner
except NameError:       # run by CPython: the same workload, made from the registry
    from sitebuild.stdlib_zip import workload
    _config = workload()

_summary_json = json.dumps(main(_config))

if __name__ == "__main__":
    print(_summary_json)

_summary_json
