"""The puzzle finder: positions where the side to move forces a win.

    python scripts/puzzles.py find GAME [--games N] [--first-seed S] [--plies P]
                                        [--budget NODES] [--quota Q] [--tail T]
                                        [--exercises] [--options k=v ...]
    python scripts/puzzles.py check [GAME ...]      # every stored certificate again
    python scripts/puzzles.py stats                 # how many puzzles per game and depth

``find`` plays seeded self-play games (the computer's first level against
itself, a greedy player or a random one: the weaker side's mistakes are
what make forced wins) and tries the rules pages' exercise positions; in
every position of every game it asks the prover (``sharah_web.proof``)
whether the side to move wins by force in 1, 2 or 3 of its own moves,
whatever the other side does. It keeps the positions where at most two
first moves win (every first move is proven to win or refuted), with the
certificate of each winning first move, and merges them into the game's
file in ``sharah_web/puzzle_data/`` (``sharah_web.puzzles`` reads and
checks it). Everything is seeded: the same arguments find the same
puzzles. ``--budget`` caps the positions the prover may look at per
candidate (a candidate over it is skipped, not guessed).

Oblong Shatranj is played without the die here; Mittner's placement phase
is no puzzle phase. The Light and Shadow boards are one game: ``find``
takes ``--options board=light`` for the Light board.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from sharah_web import new_game, variant as make_variant
from sharah_web.proof import Budget, Prover
from sharah_web import puzzles

ROOT = Path(__file__).resolve().parent.parent

DOCS = ROOT / "docs" / "games"


def parse_options(items: list[str]) -> dict:
    out = {}
    for item in items:
        k, _, v = item.partition("=")
        out[k] = v
    return out


def exercise_positions(game_id: str) -> list[tuple[dict, str]]:
    """The positions (with their options) of the game's rules page fences."""
    found = []
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for fence in re.findall(r"```sharah\n(.*?)```", text, re.S):
            fields = dict(re.findall(r"^(variant|position|options):[ \t]*(.*)$", fence, re.M))
            if fields.get("variant") != game_id or not fields.get("position"):
                continue
            opts = parse_options(fields.get("options", "").split())
            found.append((opts, fields["position"].strip()))
    return found


def candidates(game_id: str, options: dict, games: int, first_seed: int, plies: int):
    """(options, game) for each self-play game: its positions are the candidates."""
    from sharah_web.search import make_player
    opponents = ("random", "greedy", "random", "level1")
    for seed in range(first_seed, first_seed + games):
        game = new_game(game_id, seed=seed, **options)
        a = make_player("level1" if seed % 4 == 3 else "greedy", seed)
        b = make_player(opponents[seed % len(opponents)], seed + 1000)
        strong_first = seed % 2 == 0
        while game.result is None and len(game.history) < plies:
            if game.current.state.get("phase") == "place":
                from sharah_web.search import RandomPlayer
                game.play(RandomPlayer(seed * 7 + len(game.history)).choose(game))
                continue
            mine = (len(game.history) % 2 == 0) == strong_first
            game.play((a if mine else b).choose(game))
        yield seed, game


def try_position(variant, pos, budget: int, limit: int):
    """A puzzle from ``pos``, or None (no win within ``limit``, more than
    two winning first moves, or over the budget)."""
    if pos.state.get("phase") == "place" or pos.state.get("roll"):
        return None
    prover = Prover(variant, pos, max_nodes=budget)
    try:
        return prover.solve(limit, max_winning=2)
    except Budget:
        return None


def find(args) -> None:
    options = parse_options(args.options)
    if args.game == "oblong-shatranj":
        options.setdefault("die", "false")
    variant = make_variant(args.game, **options)
    store = puzzles.load(args.game)
    seen = {p["position"] for p in store}
    per_depth = {d: sum(1 for p in store if p["depth"] == d) for d in (1, 2, 3)}
    started = time.time()

    def consider(pos, source: str, limit: int) -> None:
        text = variant.position_text(pos)
        if text in seen:
            return
        seen.add(text)
        sol = try_position(variant, pos, args.budget, limit)
        if sol is None or per_depth[sol.depth] >= args.quota:
            return
        record = puzzles.record_of(args.game, variant, pos, sol, source)
        fresh = [r for r in puzzles.load(args.game) if r["id"] != record["id"]]   # another finder may have written
        puzzles.save(args.game, fresh + [record])
        per_depth[sol.depth] += 1
        print(f"{time.time() - started:7.0f}s {record['id']} depth {sol.depth} "
              f"{'/'.join(sol.winning)} ({sol.defences} defences, {sol.nodes} nodes) {source}", flush=True)

    if args.exercises:
        for opts, text in exercise_positions(args.game):
            opts = {**options, **opts}
            v = make_variant(args.game, **opts)
            if v.opts != variant.opts:
                continue
            try:
                pos = v.parse_position(text)
            except ValueError:
                continue
            consider(pos, "exercise", args.depth)
    for seed, game in candidates(args.game, options, args.games, args.first_seed, args.plies):
        print(f"{time.time() - started:7.0f}s game {seed}: {len(game.history)} moves, {game.result}", flush=True)
        if game.result is None or game.result.winner is None:
            continue       # forced wins are near the end of decisive games
        # the winner's last moves: k moves before the end, a win in k may be forced
        plies = [p for p in reversed(game.history) if p.before.to_move == game.result.winner]
        for k, ply in enumerate(plies[:args.tail], 1):
            consider(ply.before, f"self-play seed {seed}", min(k, args.depth))
        if all(per_depth[d] >= args.quota for d in (1, 2, 3)):
            break
    print("per depth:", per_depth)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("game")
    f.add_argument("--games", type=int, default=20)
    f.add_argument("--first-seed", type=int, default=1)
    f.add_argument("--plies", type=int, default=300)
    f.add_argument("--budget", type=int, default=60_000)
    f.add_argument("--depth", type=int, default=3)
    f.add_argument("--tail", type=int, default=4, help="the winner's moves tried from the end of each decisive game")
    f.add_argument("--quota", type=int, default=20, help="puzzles kept per depth")
    f.add_argument("--options", nargs="*", default=[])
    f.add_argument("--exercises", action="store_true", help="try the rules pages' positions first")
    c = sub.add_parser("check")
    c.add_argument("games", nargs="*")
    sub.add_parser("stats")
    args = ap.parse_args(argv)
    if args.cmd == "find":
        find(args)
        return 0
    if args.cmd == "stats":
        for g in puzzles.GAMES:
            store = puzzles.load(g)
            print(g, len(store), {d: sum(1 for p in store if p["depth"] == d) for d in (1, 2, 3)})
        return 0
    started = time.time()
    failures = puzzles.check_all(args.games or None)
    for f in failures:
        print(f)
    print(f"{'FAILED' if failures else 'ok'} in {time.time() - started:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
