"""The puzzle finder: positions where the side to move forces a win.

    python scripts/puzzles.py find GAME [--games N] [--first-seed S] [--plies P]
                 [--players A,B] [--budget NODES] [--max-defences N] [--quota D1 D2 D3] [--tail T]
                 [--per-game K] [--cpu SECONDS] [--exercises] [--near-puzzles K [--back]] [--options k=v ...]
                 [--reduce PLIES --keep KIND... --drop KIND... --extra MIN MAX]
    python scripts/puzzles.py check [GAME ...]      # every stored certificate again
    python scripts/puzzles.py stats                 # how many puzzles per game and depth
    python scripts/puzzles.py bench [GAME ...] [--base COMMIT] [--per-game K] [--near] [--budget N]
                                                    # the prover timed on stored puzzles (beside COMMIT's)

``find`` plays seeded self-play games (by default a greedy player, who
takes the most valuable piece it can, against a random one: cheap games
that end, and the weaker side's mistakes are what make forced wins;
``--players level1,random`` for stronger ones) and tries the rules pages'
exercise positions. In each decisive game it asks the prover
(``sharah_web.proof``), of the winner's last ``--tail`` positions, whether
the side to move wins by force in 1, 2 or 3 of its own moves (k moves
before the end: in k at most), whatever the other side does. It keeps the
positions where at most two first moves win (every first move is proven
to win or refuted), at most one of each depth a game, with the
certificate of each winning first move, checks each record again and
merges it into the game's file in ``sharah_web/puzzle_data/``
(``sharah_web.puzzles`` reads and checks it). ``--quota`` says how many
of each depth are wanted (the stored ones count: a full depth is no
longer searched). ``--budget`` caps the positions the prover may look at
per candidate (a candidate over it is skipped, not guessed);
``--max-defences`` the size of a kept puzzle's certificates (the build
checks every one of them).

``--near-puzzles K`` tries, instead of self-play, K positions near each
stored puzzle: its position with one piece of either side taken off (a
piece fewer on the winning side often makes a deeper win), or with
``--back [N]`` the position a move earlier (a move of the winning side and
a reply taken back, drawn at random: a win one move longer, or none; N
moves of each side back: N moves longer); only
a puzzle deeper than the stored one is kept, one at most near each (a
stored puzzle found near it by an earlier run counts).

Games that rarely end between simple players (the Light and Shadow
boards, Mittner's reading) start with ``--reduce N`` from a position of
another game N plies in, with less material: the pieces of the ``--keep``
kinds and a few others drawn at random, never those of ``--drop``
(``--drop fisher`` on the Light and Shadow boards: a Queens' race).

Everything is seeded: the same arguments find the same puzzles; a run
stopped (``--cpu`` seconds, or by hand) goes on from the next seed its
report names. The report gives the yield: puzzles per CPU hour.

Oblong Shatranj is played without the die here; Mittner's placement phase
is no puzzle phase. The Light and Shadow boards are one game: ``find``
takes ``--options board=light`` for the Light board.
"""

from __future__ import annotations

import argparse
import fcntl
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


def reduced(variant, pos, rng, keep: set, drop: set, extra: int):
    """A start with less material, derived from a real game's position:
    the pieces of the kinds in ``keep``, ``extra`` others drawn at random
    (never those of ``drop``), the move clock at zero. None when the
    result is no legal position or the game is already over there."""
    from sharah_web.core import Line, Position
    squares = [sq for sq, p in enumerate(pos.board) if p is not None]
    kept = {sq for sq in squares if pos.board[sq].kind in keep}
    others = [sq for sq in squares if sq not in kept and pos.board[sq].kind not in drop]
    kept |= set(rng.sample(others, min(extra, len(others))))
    board = [p if sq in kept else None for sq, p in enumerate(pos.board)]
    state = dict(pos.state)
    if "clock" in state:
        state["clock"] = 0
    try:
        out = variant.parse_position(variant.position_text(Position(variant, board, pos.to_move, state)))
    except ValueError:
        return None
    if variant.result(Line(variant, out)) is not None or not variant.legal_moves(out):
        return None
    return out


def neighbours_of_puzzles(variant, store: list[dict], rng, per: int, back: int = 0):
    """(puzzle, source, position) near the stored puzzles' positions: each with one
    piece of either side taken off (never a royal piece or the Fisher: the
    game's own check of a position refuses what it cannot be without),
    ``per`` of them a puzzle, drawn. A piece fewer on the defending side
    often makes a shallower win, one fewer on the winning side a deeper
    one (or none): the prover tells. ``back``: instead, that many moves
    of each side taken back (``stepped_back``): the position ``back``
    moves of the winner and as many replies earlier, where a win that
    much longer may be forced."""
    from sharah_web.core import Line, Position
    names = variant.geometry.names
    for record in store:
        if {k: str(v) for k, v in record["options"].items()} != \
                {k: str(v) for k, v in variant.opts.items() if v != variant.options[k].default}:
            continue
        pos = variant.parse_position(record["position"])
        if back:
            for _ in range(per):
                out, taken = pos, []
                for _ in range(back):
                    reply = stepped_back(variant, out, variant.opponent(pos.to_move), rng)
                    first = reply and stepped_back(variant, reply[0], pos.to_move, rng)
                    if not first:
                        break
                    taken[:0] = [f"{names[first[1]]}-{names[first[2]]}", f"{names[reply[1]]}-{names[reply[2]]}"]
                    out = first[0]
                else:
                    out = variant.parse_position(variant.position_text(
                        Position(variant, out.board, pos.to_move, dict(pos.state))))
                    if variant.result(Line(variant, out)) is None and variant.has_legal_move(out):
                        yield record, (f"puzzle {record['id']} {'a move' if back == 1 else f'{back} moves'} earlier "
                                       f"({', '.join(taken)} taken back)"), out
            continue
        squares = [sq for sq, p in enumerate(pos.board) if p is not None and p.side is not None]
        for sq in rng.sample(squares, min(per, len(squares))):
            board = list(pos.board)
            board[sq] = None
            try:
                out = variant.parse_position(variant.position_text(
                    Position(variant, board, pos.to_move, dict(pos.state))))
            except ValueError:
                continue
            if variant.result(Line(variant, out)) is not None or not variant.has_legal_move(out):
                continue
            yield record, f"puzzle {record['id']} without the piece on {names[sq]}", out


def stepped_back(variant, pos, side: str, rng, tries: int = 60):
    """``pos`` with one piece of ``side`` put back on an empty square from
    which a legal move of ``side`` (a move that takes nothing: the board
    has no piece to give back) brings it where it stands, ``side`` to move
    there: (that position, the square, the piece's square), or None when
    ``tries`` draws find none."""
    from sharah_web.core import Position
    own = [sq for sq, p in enumerate(pos.board) if p is not None and p.side == side]
    empty = [sq for sq, p in enumerate(pos.board) if p is None]
    for _ in range(tries if own and empty else 0):
        sq, frm = rng.choice(own), rng.choice(empty)
        board = list(pos.board)
        board[frm], board[sq] = board[sq], None
        try:
            out = variant.parse_position(variant.position_text(Position(variant, board, side, dict(pos.state))))
        except ValueError:
            continue
        if any(m.frm == frm and m.to == sq and not m.captured() for m in variant.legal_moves(out)):
            return out, frm, sq
    return None


def candidates(game_id: str, options: dict, args):
    """(seed, game) for each self-play game: its last positions are the
    candidates. ``args.players``: the two players (``make_player``'s
    names), the first of them moving first in even seeds; ``args.reduce``:
    the game starts from a position of another game ``args.reduce`` plies
    in, with only some of its pieces (``reduced``)."""
    import random
    from sharah_web.search import RandomPlayer, make_player

    def play(game, a, b, seed, plies):
        a_first = seed % 2 == 0
        while game.result is None and len(game.history) < plies:
            if game.current.state.get("phase") == "place":
                game.play(RandomPlayer(seed * 7 + len(game.history)).choose(game))
                continue
            mine = (len(game.history) % 2 == 0) == a_first
            game.play((a if mine else b).choose(game))
        return game

    first, second = args.players.split(",")
    for seed in range(args.first_seed, args.first_seed + args.games):
        a, b = make_player(first, seed), make_player(second, seed + 1000)
        game = new_game(game_id, seed=seed, **options)
        if args.reduce:
            rng = random.Random(seed)
            play(game, make_player("greedy", seed), make_player("random", seed + 1000), seed, args.reduce)
            if game.result is not None:
                continue
            start = reduced(game.variant, game.current, rng, set(args.keep), set(args.drop),
                            rng.randint(*args.extra))
            if start is None:
                continue
            game = new_game(game_id, game.variant.position_text(start), seed=seed, **options)
        yield seed, play(game, a, b, seed, args.plies)


def try_position(variant, pos, budget: int, limit: int, min_depth: int = 1):
    """A puzzle from ``pos``, or None (no win within ``limit``, a win in
    fewer than ``min_depth`` moves, more than two winning first moves, or
    over the budget)."""
    if pos.state.get("phase") == "place" or pos.state.get("roll"):
        return None
    prover = Prover(variant, pos, max_nodes=budget)
    try:
        return prover.solve(limit, max_winning=2, min_depth=min_depth)
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
    quota = dict(zip((1, 2, 3), args.quota))
    started, cpu0 = time.time(), time.process_time()
    tally = {"tried": 0, "found": 0, "games": 0, "decisive": 0}

    def full(depth: int) -> bool:
        return per_depth[depth] >= quota[depth]

    def consider(pos, source: str, limit: int, skip=()) -> int:
        """The depth of the puzzle kept from ``pos``, else 0 (``skip``:
        depths not wanted from this position's game)."""
        text = variant.position_text(pos)
        while limit > 1 and (full(limit) or limit in skip):
            limit -= 1          # only shallower puzzles are still wanted
        if text in seen or full(limit) or limit in skip:
            return 0
        seen.add(text)
        tally["tried"] += 1
        shallowest = next((d for d in (1, 2, 3) if not full(d) and d not in skip), limit)
        sol = try_position(variant, pos, args.budget, limit, shallowest)
        if sol is None or full(sol.depth) or sol.depth in skip:
            return 0
        if sol.defences > args.max_defences:
            print(f"not kept, {sol.defences} defences (over --max-defences): depth {sol.depth} {source}",
                  flush=True)
            return 0
        record = puzzles.record_of(args.game, variant, pos, sol, source)
        bad = puzzles.check_puzzle(record)
        if bad:                      # the prover and the checker disagree: say so, keep nothing
            print(f"NOT KEPT {record['id']}: {bad}", flush=True)
            return 0
        with open(puzzles.path_of(args.game).with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)         # another finder may write the file too
            fresh = [r for r in puzzles.load(args.game) if r["id"] != record["id"]]
            puzzles.save(args.game, fresh + [record])
        per_depth[sol.depth] += 1
        tally["found"] += 1
        print(f"{time.time() - started:7.0f}s {record['id']} depth {sol.depth} "
              f"{'/'.join(sol.winning)} ({sol.defences} defences, {sol.nodes} nodes) {source}", flush=True)
        return sol.depth

    def report(last_seed=None) -> None:
        cpu = time.process_time() - cpu0
        rate = tally["found"] / cpu * 3600 if cpu else 0.0
        nxt = f"; next --first-seed {last_seed + 1}" if last_seed is not None else ""
        print(f"{cpu:7.0f}s cpu: {tally['games']} games ({tally['decisive']} decisive), "
              f"{tally['tried']} positions proved, {tally['found']} puzzles "
              f"({rate:.0f} per CPU hour); per depth {per_depth}{nxt}", flush=True)

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
    if args.near_puzzles:
        import random
        rng = random.Random(args.first_seed)
        # one new puzzle near a stored one (this run's or an earlier run's: puzzles
        # alike are no new puzzle), and only a deeper one (else it is the same)
        done = {m.group(1) for r in store if (m := re.match(r"puzzle (\S+) (?:a move earlier|\d+ moves earlier|without)",
                                                             r.get("source", "")))}
        # moves taken back: the puzzles that many moves short of the depth asked for
        near = [r for r in store if r["depth"] + args.back == args.depth] if args.back else list(store)
        for record, source, pos in neighbours_of_puzzles(variant, near, rng, args.near_puzzles, args.back):
            if record["id"] not in done and consider(pos, source, args.depth, range(1, record["depth"] + 1)):
                done.add(record["id"])
            if tally["tried"] >= tally.get("reported", 0) + 50:
                tally["reported"] = tally["tried"]
                report()
            if all(full(d) for d in (1, 2, 3)) or (args.cpu and time.process_time() - cpu0 > args.cpu):
                break
        report()
        return
    for seed, game in candidates(args.game, options, args):
        tally["games"] += 1
        if game.result is None or game.result.winner is None:
            continue       # forced wins are near the end of decisive games
        tally["decisive"] += 1
        # the winner's last moves: k moves before the end, a win in k may be forced
        plies = [p for p in reversed(game.history) if p.before.to_move == game.result.winner]
        kept: list[int] = []     # depths kept from this game: one puzzle of each at most
        for k, ply in enumerate(plies[:args.tail], 1):
            if len(kept) >= args.per_game:
                break
            depth = consider(ply.before, f"self-play seed {seed}", min(k, args.depth), kept)
            if depth:
                kept.append(depth)
        if seed % 10 == 0:
            report(seed)
        if all(full(d) for d in (1, 2, 3)) or (args.cpu and time.process_time() - cpu0 > args.cpu):
            break
    report(seed if tally["games"] else None)


def old_prover(base: str):
    """The prover module (``sharah_web/proof.py``) of commit ``base``, run
    on this tree's rules: what ``bench`` compares with."""
    import importlib.util
    import subprocess
    import tempfile
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{base}:sharah_web/proof.py"],
                          check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "proof_base.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("sharah_web._proof_base", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module        # (its dataclasses look themselves up there)
    spec.loader.exec_module(module)
    return module


def bench(args) -> None:
    """The stored puzzles of depth 2 and more solved again by this tree's
    prover and by ``--base``'s, side by side (each puzzle by one and then
    the other, in one process): processor time, positions, and whether
    both find the same depth and winning moves (an answer over the budget
    counts as no disagreement). ``--near``: instead, positions near the
    stored puzzles (one piece taken off) with no win in 2, asked for a
    win in 3: most of what the finder proves is of this kind."""
    import statistics
    from sharah_web import proof
    provers = {"new": proof} | ({"old": old_prover(args.base)} if args.base else {})
    print(f"{'game':18} {'n':>3} " + " ".join(f"{k + ' s':>8} {k + ' nodes':>11}" for k in provers)
          + ("  speed-up (median)  same" if args.base else ""))
    import random
    for g in args.games or puzzles.GAMES:
        store = puzzles.load(g)
        if args.near:      # positions near the puzzles with no win in 2: the finder's costly case
            cases = []
            for _r, _s, pos in neighbours_of_puzzles(make_variant(g, **store[0]["options"]), store,
                                                     random.Random(1), 2):
                if len(cases) == args.per_game:
                    break
                if proof.Prover(pos.variant, pos, max_nodes=args.budget).depth(2) is None:
                    cases.append((pos.variant, pos, 3))
        else:
            cases = []
            for r in [r for r in store if r["depth"] >= 2][:args.per_game]:
                v = make_variant(g, **r["options"])
                cases.append((v, v.parse_position(r["position"]), r["depth"]))
        if not cases:
            continue
        total = {k: [0.0, 0] for k in provers}
        ratios, same = [], 0
        for v, pos, depth in cases:
            got = {}
            for name, module in provers.items():
                prover = module.Prover(v, pos, max_nodes=args.budget)
                t0 = time.process_time()
                try:
                    sol = prover.solve(depth, max_winning=2)
                    answer = (sol.depth, sorted(sol.winning)) if sol else None
                except module.Budget:
                    answer = "over budget"
                spent = time.process_time() - t0
                total[name][0] += spent
                total[name][1] += prover.nodes
                got[name] = (answer, spent)
            if args.base:
                ratios.append(got["old"][1] / max(got["new"][1], 1e-6))
                same += got["old"][0] == got["new"][0] or got["old"][0] == "over budget"
        line = f"{g:18} {len(cases):3} " + " ".join(f"{t:8.2f} {n:11,}" for t, n in total.values())
        if args.base:
            line += f"  {statistics.median(ratios):17.1f}  {same}/{len(cases)}"
        print(line, flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("game")
    f.add_argument("--games", type=int, default=20)
    f.add_argument("--first-seed", type=int, default=1)
    f.add_argument("--plies", type=int, default=300)
    f.add_argument("--players", default="greedy,random",
                   help="the two self-play players: random, greedy, level1, level1:nodes=300...")
    f.add_argument("--budget", type=int, default=60_000)
    f.add_argument("--max-defences", type=int, default=1500,
                   help="a puzzle whose certificates answer more defences is not kept (the build checks them all)")
    f.add_argument("--depth", type=int, default=3)
    f.add_argument("--tail", type=int, default=4, help="the winner's moves tried from the end of each decisive game")
    f.add_argument("--per-game", type=int, default=2, help="puzzles kept from one game at most")
    f.add_argument("--quota", type=int, nargs=3, default=(20, 20, 20), metavar=("D1", "D2", "D3"),
                   help="puzzles wanted per depth (stored ones count)")
    f.add_argument("--cpu", type=float, default=0, help="stop after this many CPU seconds (0: no limit)")
    f.add_argument("--reduce", type=int, default=0,
                   help="start each game from another game's position this many plies in, with less material")
    f.add_argument("--keep", nargs="*", default=[], help="with --reduce: kinds of piece always kept")
    f.add_argument("--drop", nargs="*", default=[], help="with --reduce: kinds of piece never kept")
    f.add_argument("--extra", type=int, nargs=2, default=(2, 6), metavar=("MIN", "MAX"),
                   help="with --reduce: how many other pieces are kept")
    f.add_argument("--options", nargs="*", default=[])
    f.add_argument("--exercises", action="store_true", help="try the rules pages' positions first")
    f.add_argument("--near-puzzles", type=int, default=0, metavar="K",
                   help="instead of self-play: K positions near each stored puzzle (one piece taken off)")
    f.add_argument("--back", type=int, nargs="?", const=1, default=0, metavar="N",
                   help="with --near-puzzles: N moves of each side taken back (1 if not given), not a piece taken off")
    c = sub.add_parser("check")
    c.add_argument("games", nargs="*")
    sub.add_parser("stats")
    b = sub.add_parser("bench")
    b.add_argument("games", nargs="*")
    b.add_argument("--base", help="a commit whose prover is timed beside this tree's")
    b.add_argument("--per-game", type=int, default=8, help="positions per game")
    b.add_argument("--near", action="store_true", help="positions near the puzzles, no win in 2, asked for 3")
    b.add_argument("--budget", type=int, default=300_000, help="positions each prover may look at, per case")
    args = ap.parse_args(argv)
    if args.cmd == "bench":
        bench(args)
        return 0
    if args.cmd == "find":
        find(args)
        return 0
    if args.cmd == "stats":
        print(f"{'game':18} {'all':>4} {'win in 1':>9} {'in 2':>5} {'in 3':>5} {'hard':>5}")
        for g in puzzles.GAMES:
            store = puzzles.load(g)
            depths = [sum(1 for p in store if p["depth"] == d) for d in (1, 2, 3)]
            hard = sum(1 for p in store if p["hard"])
            print(f"{g:18} {len(store):4} {depths[0]:9} {depths[1]:5} {depths[2]:5} {hard:5}")
        return 0
    started = time.time()
    failures = puzzles.check_all(args.games or None)
    for f in failures:
        print(f)
    print(f"{'FAILED' if failures else 'ok'} in {time.time() - started:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
