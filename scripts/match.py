#!/usr/bin/env python3
"""Play a match between two computer players and print the score.

    python scripts/match.py VARIANT --a level2 --b random --games 40 [--seed S] [--option k=v]
    python scripts/match.py --all [--games 40]      # the benchmark set for every game

Players: ``random`` (any legal move), ``greedy`` (the most valuable
capture, else random), ``level1`` .. ``level3`` (the search; a budget may
follow: ``level2:nodes=3000``, ``level3:seconds=2``), and any of these as
an older commit's engine plays it: ``COMMIT@level2:seconds=1`` (the
commit's ``sharah_web``, taken out with ``git archive`` into a temporary
folder, runs in a process of its own and is sent the game so far before
each of its moves). So the engine of today meets the engine of before at
equal thinking time a move::

    python scripts/match.py sharah-hedman --a level2:nodes=1000000,seconds=1 \
        --b bcda554@level2:nodes=1000000,seconds=1 --games 40 --jobs 2 The players take the
first side in turn (A has the first side in odd-numbered games). The games
are played in pairs that differ only in who has which side: both games of a
pair have one seed (the dice, and the seeds of the player on each side: a
random player's moves, the search's tie-breaks), derived from ``--seed``,
so a match is reproducible with node budgets and neither player is dealt
luckier dice.

Prints wins, draws and losses for A, why the games ended, and the mean and
maximum thinking time per move for each player. ``--records DIR`` also
writes each game's record (the site's game-record format: load it on any
board, or replay it with ``sharah_web.record``) to DIR. ``--results FILE``
adds each game's result to FILE as it ends, and a run with the same
arguments plays only the games FILE does not have yet: a match of hours
can be played a session at a time, and ends as one run would have. A game still running after
``--max-plies`` plies is stopped and counted as a draw ("unfinished").

``--all`` runs, for every game, the issue's benchmark: the default level
against the random mover and against the greedy capturer, and the highest
level against the default level. It takes hours; ``--games`` and
``--only`` make it shorter.
"""

from __future__ import annotations

import argparse
import atexit
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import sharah_web
from sharah_web import randomgame
from sharah_web.record import format_record
from sharah_web.search import Player, make_player

BENCHMARK = [("level2", "random"), ("level2", "greedy"), ("level3", "level2")]
ROOT = Path(__file__).resolve().parent.parent

# The old engine's side of an ``OldEngine`` player: one request a line (the
# game so far), one answer a line (the move, and the processor time its
# choice took in this process). It uses only what every commit's engine
# has: new_game, Game.play(move, roll=...), make_player. The game is kept
# from one request to the next and only the moves since the last one are
# played (a game of hundreds of plies is not replayed at every move).
OLD_SERVER = """
import json, sys, time
import sharah_web
from sharah_web.search import make_player
player = game = None
played = []
for line in sys.stdin:
    req = json.loads(line)
    if player is None:
        player = make_player(req["spec"], req["seed"])
    moves = req["moves"]
    if game is None or moves[:len(played)] != played:
        game = sharah_web.new_game(req["variant"], req["start"], seed=req["seed"], **req["options"])
        played = []
    for notation, roll in moves[len(played):]:
        game.play(notation, roll=roll) if roll is not None else game.play(notation)
    played = moves
    started = time.thread_time()
    move = player.choose(game).notation
    print(json.dumps({"move": move, "cpu": time.thread_time() - started}), flush=True)
"""
_old_trees: dict[str, str] = {}


def old_tree(commit: str) -> str:
    """A folder holding ``sharah_web`` as it was at ``commit`` (made once
    per process, removed when it ends)."""
    where = _old_trees.get(commit)
    if where is None:
        where = tempfile.mkdtemp(prefix=f"match-{commit[:12]}-")
        atexit.register(shutil.rmtree, where, True)
        archive = subprocess.run(["git", "archive", "--format=tar", commit, "sharah_web"],
                                 cwd=ROOT, capture_output=True, timeout=120)
        if archive.returncode:
            raise SystemExit(f"git archive {commit}: {archive.stderr.decode().strip()}")
        subprocess.run(["tar", "-x", "-C", where], input=archive.stdout, check=True, timeout=120)
        _old_trees[commit] = where
    return where


class OldEngine(Player):
    """A player (``SPEC``) as the engine of ``COMMIT`` plays it, in a
    process of its own; for one game (a fresh one per game). ``cpu`` is
    the processor time its last choice took there."""

    def __init__(self, commit: str, spec: str, seed: int):
        self.name = f"{commit}@{spec}"
        self.spec, self.seed = spec, seed
        env = {**os.environ, "PYTHONPATH": old_tree(commit)}
        self.proc = subprocess.Popen([sys.executable, "-c", OLD_SERVER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=tempfile.gettempdir())

    def choose(self, game):
        rules = game.variant
        options = {k: v for k, v in rules.opts.items() if v != rules.options[k].default}
        req = {"spec": self.spec, "seed": self.seed, "variant": rules.id, "options": options,
               "start": game.start.text(),      # (a die's rolls are in the positions' state)
               "moves": [[p.move.notation, p.after.state.get("roll")] for p in game.history]}
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"{self.name}: the old engine stopped")
        answer = json.loads(answer)
        self.cpu = answer["cpu"]
        return game.find_move(answer["move"])

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def new_player(spec: str, seed: int) -> Player:
    """``make_player``'s players, and ``COMMIT@SPEC`` (``OldEngine``)."""
    commit, at, rest = spec.partition("@")
    if at:
        return OldEngine(commit, rest, seed)
    return make_player(spec, seed)


def play_one(args) -> dict:
    """One game: A and B players by spec, A on the first side or not."""
    variant, options, spec_a, spec_b, number, seed, max_plies, records = args
    a_first = number % 2 == 1
    game = sharah_web.new_game(variant, seed=seed, **{**randomgame.end_options(variant), **options})
    # the player on each side gets that side's seed, whoever it is
    a = new_player(spec_a, seed * 2 + (1 if a_first else 2))
    b = new_player(spec_b, seed * 2 + (2 if a_first else 1))
    first, second = game.variant.sides
    players = {first: a, second: b} if a_first else {first: b, second: a}
    times = {"A": [], "B": []}
    cpu = {"A": [], "B": []}
    label = {id(a): "A", id(b): "B"}
    plies = 0
    while game.result is None and plies < max_plies:
        player = players[game.to_move]
        t, c = time.perf_counter(), time.thread_time()
        move = player.choose(game)
        times[label[id(player)]].append(time.perf_counter() - t)
        # an old engine thinks in its own process: its time is its own figure
        cpu[label[id(player)]].append(player.cpu if isinstance(player, OldEngine)
                                      else time.thread_time() - c)
        game.play(move)
        plies += 1
    for p in (a, b):
        if isinstance(p, OldEngine):
            p.close()
    result = game.result
    side_a = first if a_first else second
    if records:
        tags = {first.capitalize(): spec_a if a_first else spec_b,
                second.capitalize(): spec_b if a_first else spec_a, "Seed": str(seed)}
        path = os.path.join(records, f"{variant}-{seed}-{number}.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(format_record(game, tags) + "\n")
    if result is None:
        outcome, reason, termination = "draw", "unfinished", "unfinished"
    else:
        outcome = "draw" if result.winner is None else "win" if result.winner == side_a else "loss"
        reason, termination = result.reason, result.termination
    return {"outcome": outcome, "reason": reason, "termination": termination, "plies": plies,
            "times": times, "cpu": cpu,
            "a_first": a_first, "seed": seed}


def match_key(variant, options, spec_a, spec_b, seed, max_plies) -> dict:
    """What makes two matches the same match, game for game (node budgets:
    a player's move depends on the position and its seed alone)."""
    return {"variant": variant, "options": dict(sorted(options.items())), "a": spec_a, "b": spec_b,
            "seed": seed, "max_plies": max_plies}


def played_before(path, key) -> dict[int, dict]:
    """The games of this match already in the results file ``path``, by
    number (a line of another match, or one cut short, is passed over)."""
    found = {}
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return found
    if text and not text.endswith("\n"):
        with open(path, "a", encoding="utf-8") as f:
            f.write("\n")                    # the next game's line starts a line of its own
    lines = text.splitlines()
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue                        # a line cut short when a run was stopped
        if isinstance(entry, dict) and entry.get("match") == key and isinstance(entry.get("number"), int):
            found[entry["number"]] = entry["result"]
    return found


def run_match(variant, options, spec_a, spec_b, games, seed, max_plies, jobs, quiet=False,
              records=None, results_file=None) -> dict:
    """Play the match. With ``results_file``, each game's result is added
    to that file (a JSON line) as it ends, and a game already there for
    the same match is not played again: a long match can be stopped and
    taken up where it was, by another run with the same arguments."""
    key = match_key(variant, options, spec_a, spec_b, seed, max_plies)
    done = played_before(results_file, key) if results_file else {}
    # games 1 and 2 are a pair, 3 and 4...: one seed, the sides swapped
    tasks = [(variant, options, spec_a, spec_b, n, seed * 100_000 + (n - 1) // 2, max_plies, records)
             for n in range(1, games + 1) if n not in done]
    by_number = {n: r for n, r in done.items() if n <= games}
    if by_number and not quiet:
        print(f"  {len(by_number)} games read back from {results_file}", flush=True)
    started = time.perf_counter()

    def finished(task, r) -> None:
        by_number[task[4]] = r
        if results_file:
            with open(results_file, "a", encoding="utf-8") as f:
                f.write(json.dumps({"match": key, "number": task[4], "result": r}) + "\n")
        if not quiet:
            _progress(len(by_number), games, r)

    if jobs > 1 and len(tasks) > 1:
        with multiprocessing.Pool(jobs) as pool:
            for task, r in zip(tasks, pool.imap(play_one, tasks)):
                finished(task, r)
    else:
        for task in tasks:
            finished(task, play_one(task))
    results = [by_number[n] for n in sorted(by_number)]
    score = Counter(r["outcome"] for r in results)
    reasons = Counter((r["outcome"], r["termination"]) for r in results)
    times = {k: [t for r in results for t in r["times"][k]] for k in ("A", "B")}
    cpu = {k: [t for r in results for t in r["cpu"][k]] for k in ("A", "B")}
    return {"variant": variant, "options": options, "a": spec_a, "b": spec_b, "games": games,
            "wins": score["win"], "draws": score["draw"], "losses": score["loss"],
            "reasons": reasons, "times": times, "cpu": cpu,
            "plies": sum(r["plies"] for r in results) / max(1, games),
            "seconds": time.perf_counter() - started}


def _progress(n, total, r) -> None:
    cpu = ", ".join(f"{who} {sum(c) / len(c):.2f} s" for who, c in r["cpu"].items() if c)
    print(f"  game {n}/{total}: A {r['outcome']} ({r['reason']}, {r['plies']} plies; "
          f"CPU a move: {cpu})", flush=True)


def report(m: dict) -> str:
    opts = " ".join(f"{k}={v}" for k, v in m["options"].items())
    title = f"{m['variant']}{' ' + opts if opts else ''}: A={m['a']} vs B={m['b']}, {m['games']} games"
    lines = [title,
             f"  A: {m['wins']} wins, {m['draws']} draws, {m['losses']} losses "
             f"({100 * m['wins'] / max(1, m['games']):.0f}% won); {m['plies']:.0f} plies a game"]
    for who in ("A", "B"):
        ts, cs = m["times"][who], m["cpu"][who]
        if ts:
            lines.append(f"  {who} ({m[who.lower()]}): {1000 * sum(ts) / len(ts):.0f} ms a move on "
                         f"average, {1000 * max(ts):.0f} ms at most, {len(ts)} moves "
                         f"(CPU: {1000 * sum(cs) / len(cs):.0f} ms average, {1000 * max(cs):.0f} ms at most)")
    for (outcome, reason), n in sorted(m["reasons"].items(), key=lambda kv: -kv[1]):
        lines.append(f"    {n} x A {outcome}: {reason}")
    lines.append(f"  ({m['seconds']:.0f} s)")
    return "\n".join(lines)


def parse_options(items: list[str]) -> dict:
    out = {}
    for item in items or []:
        k, sep, v = item.partition("=")
        if not sep or not k:
            raise SystemExit(f"--option takes name=value, not {item!r}")
        out[k] = v
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant", nargs="?", help="game id: " + ", ".join(sorted(sharah_web.VARIANTS)))
    ap.add_argument("--a", default="level2", help="player A (default level2)")
    ap.add_argument("--b", default="random", help="player B (default random)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--option", action="append", metavar="K=V", help="a game option (repeatable)")
    ap.add_argument("--max-plies", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (timings suffer "
                                                         "if more than the machine's cores)")
    ap.add_argument("--all", action="store_true", help="the benchmark set for every game")
    ap.add_argument("--only", action="append", metavar="VARIANT",
                    help="with --all: just these games (repeatable)")
    ap.add_argument("--quiet", action="store_true", help="no line per game")
    ap.add_argument("--records", metavar="DIR", help="write each game's record into DIR")
    ap.add_argument("--results", metavar="FILE",
                    help="add each game's result to FILE, and take a match up where FILE has it")
    args = ap.parse_args(argv)
    if args.records:
        os.makedirs(args.records, exist_ok=True)
    if args.all:
        for _label, variant, options in randomgame.played():
            if args.only and variant not in args.only:
                continue
            for a, b in BENCHMARK:
                m = run_match(variant, options, a, b, args.games, args.seed, args.max_plies,
                              args.jobs, args.quiet, args.records, args.results)
                print(report(m), flush=True)
        return 0
    if not args.variant:
        ap.error("give a game id, or --all")
    if args.variant not in sharah_web.VARIANTS:
        ap.error(f"unknown game {args.variant!r}: " + ", ".join(sorted(sharah_web.VARIANTS)))
    options = parse_options(args.option)
    sharah_web.variant(args.variant, **options)            # check the options first
    for spec in (args.a, args.b):
        make_player(spec.partition("@")[2] or spec)
    m = run_match(args.variant, options, args.a, args.b, args.games, args.seed,
                  args.max_plies, args.jobs, args.quiet, args.records, args.results)
    print(report(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
