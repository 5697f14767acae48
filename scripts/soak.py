#!/usr/bin/env python3
"""Soak the engine: many complete random games of every game, in parallel.

    .venv/bin/python scripts/soak.py                         # 1,000 games of each, 2 jobs
    .venv/bin/python scripts/soak.py --games 100 --jobs 2
    .venv/bin/python scripts/soak.py --only sharah-mittner --games 50 --seed 9
    .venv/bin/python scripts/soak.py --random-options        # options drawn per game

A random player plays legal moves (uniformly, or captures first with
``--capture-bias``) until the game's own rules end it: a game has no ply
cap but a guard (``--guard``, 100,000 plies) that counts as a failure, never
as an end. On every ply the engine must list a move unless the game is over,
``undo`` must give back the exact position text and ``redo`` the position
after the move; every ``--check-every`` plies (and at the end) the position
text must read back to itself. Any exception, or a broken check, is a
failure, reported with the game, its options, the seed and the ply, so
``--only GAME --games 1 --seed SEED`` replays it.

The report gives, per game, the games played, failures, the shortest and
longest game (plies, with the seed), the mean length, how the games ended
and the time; the exit status is 1 when anything failed. Not part of the
test command (``tests/test_properties.py`` runs a few such games there).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

import sharah_web
from sharah_web import randomgame

ROOT = Path(__file__).resolve().parent.parent

# (label, variant id, options): the games as the site offers them.
GAMES = randomgame.played()


class Broken(Exception):
    """A check that failed (not an exception of the engine)."""


def play_game(task: tuple) -> dict:
    """One complete random game: a summary, with ``error`` if anything failed."""
    label, variant_id, options, seed, bias, check_every, guard = task
    rng = random.Random(seed)
    out = {"label": label, "variant": variant_id, "options": options, "seed": seed,
           "plies": 0, "result": None, "error": None}
    t0 = time.perf_counter()
    game = None
    try:
        game = sharah_web.new_game(variant_id, seed=seed, **options)
        rules = game.variant
        texts = []

        def before(moves, move):
            text = game.position()
            if len(game.history) % check_every == 0 and rules.parse_position(text).text() != text:
                raise Broken("the position text does not read back the same")
            texts.append(text)

        def after(move):
            text, later, result = texts.pop(), game.position(), game.result
            if game.undo() is not move or game.position() != text or game.result is not None:
                raise Broken(f"undo of {move.notation} does not give back the position")
            if game.redo() is not move or game.position() != later or game.result != result:
                raise Broken(f"redo of {move.notation} does not give the position after it")

        try:
            randomgame.play_out(game, rng, capture_bias=bias, limit=guard, before=before, after=after)
        except randomgame.NoEnd as e:
            raise Broken(str(e)) from None
        text = game.position()
        if rules.parse_position(text).text() != text:
            raise Broken("the final position text does not read back the same")
        if game.legal_moves():
            raise Broken("the game is over but moves are listed")
        out["result"] = str(game.result)
        out["termination"] = game.result.termination
    except Exception as e:  # noqa: BLE001 - every failure is reported
        out["error"] = f"{type(e).__name__}: {e}"
        out["traceback"] = "" if isinstance(e, Broken) else traceback.format_exc(limit=-6)
        if game is not None:
            out["position"] = game.position()
    out["plies"] = len(game.history) if game is not None else 0
    out["seconds"] = time.perf_counter() - t0
    return out


def tasks(args, games, rng):
    for label, variant_id, base in games:
        for i in range(args.games):
            seed = args.seed * 100_000 + i
            options = randomgame.draw_options(variant_id, rng, base) if args.random_options else base
            yield (label, variant_id, options, seed, args.capture_bias, args.check_every, args.guard)


def report(label: str, rows: list[dict], shown: int) -> int:
    ok = [r for r in rows if r["error"] is None]
    bad = [r for r in rows if r["error"] is not None]
    line = f"{label:20} {len(rows):>6} {len(bad):>8}"
    if ok:
        short = min(ok, key=lambda r: r["plies"])
        long = max(ok, key=lambda r: r["plies"])
        mean = sum(r["plies"] for r in ok) / len(ok)
        line += (f" {short['plies']:>6} (seed {short['seed']}) {long['plies']:>6} (seed {long['seed']})"
                 f" {mean:>7.0f} {sum(r['seconds'] for r in rows):>8.0f}s")
    print(line)
    ends = Counter(r["termination"] for r in ok)
    for termination, n in ends.most_common():
        print(f"{'':22}{n:>6}  {termination}")
    for r in bad[:shown]:
        print(f"    FAIL seed {r['seed']} options {r['options']} ply {r['plies']}: {r['error']}")
        if r.get("position"):
            print(f"         position: {r['position']}")
        if r.get("traceback"):
            print("         " + r["traceback"].strip().replace("\n", "\n         "))
    return len(bad)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games of each game (default 1000)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--only", default="", help="comma-separated labels: "
                    + ", ".join(label for label, _, _ in GAMES))
    ap.add_argument("--random-options", action="store_true",
                    help="draw each game's options at random (never one that removes an end rule)")
    ap.add_argument("--capture-bias", type=float, default=0.0,
                    help="probability of taking when a capture exists (default 0: uniform)")
    ap.add_argument("--check-every", type=int, default=10,
                    help="read the position text back every N plies (default 10)")
    ap.add_argument("--guard", type=int, default=100_000,
                    help="plies after which a game that has not ended is a failure (default 100000)")
    ap.add_argument("--show", type=int, default=5, help="failures shown per game (default 5)")
    args = ap.parse_args(argv)
    only = [s for s in args.only.split(",") if s]
    games = [g for g in GAMES if not only or g[0] in only]
    if only and len(games) != len(only):
        ap.error(f"unknown game in --only; known: {', '.join(g[0] for g in GAMES)}")

    start = time.monotonic()
    rows: dict[str, list] = {label: [] for label, _, _ in games}
    work = list(tasks(args, games, random.Random(args.seed)))
    # Long games first, so that the jobs finish together.
    work.sort(key=lambda t: t[1] != "sharah-surrounds")
    print(f"{len(work)} games ({args.games} of each of {len(games)}), {args.jobs} jobs, seed {args.seed}",
          flush=True)
    with multiprocessing.Pool(args.jobs) as pool:
        done = 0
        for row in pool.imap_unordered(play_game, work, chunksize=4):
            rows[row["label"]].append(row)
            done += 1
            if row["error"]:
                print(f"  failure: {row['label']} seed {row['seed']}: {row['error']}", flush=True)
            if done % max(1, len(work) // 20) == 0:
                print(f"  {done}/{len(work)} games, {time.monotonic() - start:.0f} s", flush=True)
    print()
    print(f"{'game':20} {'games':>6} {'failures':>8} {'shortest (plies)':>17} {'longest (plies)':>17}"
          f" {'mean':>7} {'cpu':>9}")
    failures = sum(report(label, rows[label], args.show) for label, _, _ in games)
    print(f"\n{sum(len(r) for r in rows.values())} games, {failures} failures, "
          f"{time.monotonic() - start:.0f} s wall")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
