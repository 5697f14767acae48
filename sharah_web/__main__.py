"""Command line: ``python -m sharah_web perft VARIANT DEPTH [...]``.

    python -m sharah_web perft scheherazade 3 --option agreement=false
    python -m sharah_web perft oblong-shatranj 2 --option die=false --divide
    python -m sharah_web perft sharah-hedman 2 --position "<position text>" --json

Prints the node count, the time and the nodes per second of perft(1) up to
perft(DEPTH) (each depth timed on its own). See ``sharah_web/perft.py`` for
what is counted (die rolls are expanded; a finished game has no moves).
Bad arguments print a message and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys

MAX_DEPTH = 12


def _parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    from .variants import VARIANTS
    parser = argparse.ArgumentParser(
        prog="python -m sharah_web",
        description="Tools for the sharah_web rules engine.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    p = sub.add_parser(
        "perft", help="count the leaves of the legal-move tree and time it",
        description="Count the positions DEPTH moves ahead (perft) and the nodes per second. "
                    "Die rolls between moves are expanded (each roll its own subtree); "
                    "a finished game has no moves.",
        epilog=f"games: {', '.join(VARIANTS)}")
    p.add_argument("variant", metavar="VARIANT", help="a game id, e.g. scheherazade")
    p.add_argument("depth", metavar="DEPTH", help=f"how many moves deep (1 to {MAX_DEPTH})")
    p.add_argument("--position", metavar="TEXT", help="start from this position text "
                   "instead of the game's set-up")
    p.add_argument("--option", metavar="K=V", action="append", default=[],
                   help="a game option, e.g. die=false (repeatable)")
    p.add_argument("--divide", action="store_true",
                   help="also print the count below each first move at DEPTH")
    p.add_argument("--from-depth", metavar="N", type=int, default=None,
                   help="time only depths N..DEPTH (default 1)")
    p.add_argument("--seed", metavar="N", type=int, default=0,
                   help="random source for chance at the start other than a die roll "
                        "(Mittner's placement=random); default 0")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return parser, {"perft": p}


def _options(parser, pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            parser.error(f"--option {pair!r}: write it as name=value, e.g. die=false")
        out[key.strip()] = value.strip()
    return out


def _runtime() -> str:
    impl = platform.python_implementation()
    where = "Pyodide" if sys.platform == "emscripten" else impl
    return f"{where} (Python {platform.python_version()})"


def perft_command(parser, args, out) -> int:
    from .core import NotationError
    from .perft import PerftError, divide, start_position, timed_perft

    try:
        depth = int(args.depth)
    except ValueError:
        parser.error(f"DEPTH must be a whole number, not {args.depth!r}")
    if not 1 <= depth <= MAX_DEPTH:
        parser.error(f"DEPTH must be between 1 and {MAX_DEPTH}, not {depth}")
    first = 1 if args.from_depth is None else args.from_depth
    if not 1 <= first <= depth:
        parser.error(f"--from-depth must be between 1 and DEPTH ({depth}), not {first}")
    options = _options(parser, args.option)
    try:
        rules, pos = start_position(args.variant, args.position, options)
    except NotationError as e:
        parser.error(str(e))
    except ValueError as e:   # a square name off the board, etc.
        parser.error(f"bad position: {e}")

    try:
        rows = timed_perft(rules, pos, depth, args.seed, min_depth=first)
        parts = divide(rules, pos, depth, args.seed) if args.divide else None
    except PerftError as e:
        parser.error(str(e))

    shown = ", ".join(f"{k}={v}" for k, v in rules.opts.items() if k in options)
    if args.json:
        record = {"variant": rules.id, "options": rules.opts, "position": pos.text(),
                  "runtime": _runtime(), "rows": rows}
        if parts is not None:
            record["divide"] = [{"move": m, "nodes": n} for m, n in parts]
        out.write(json.dumps(record) + "\n")
        return 0
    out.write(f"perft {rules.id}{f' ({shown})' if shown else ''} on {_runtime()}\n")
    out.write(f"position: {pos.text()}\n")
    out.write(f"{'depth':>5} {'nodes':>14} {'seconds':>10} {'nodes/s':>12}\n")
    for r in rows:
        nps = f"{r['nps']:.0f}" if r["nps"] is not None else "-"
        out.write(f"{r['depth']:>5} {r['nodes']:>14} {r['seconds']:>10.3f} {nps:>12}\n")
    if parts is not None:
        out.write(f"divide at depth {depth}:\n")
        width = max((len(m) for m, _ in parts), default=0)
        for m, n in parts:
            out.write(f"  {m:<{width}} {n}\n")
        out.write(f"  {'total':<{width}} {sum(n for _, n in parts)}\n")
    return 0


def main(argv: list[str] | None = None, out=None) -> int:
    """Run a command; returns the exit status (argparse exits with 2 on a
    bad argument, raising ``SystemExit``)."""
    parser, commands = _parsers()
    args = parser.parse_args(argv)
    out = out or sys.stdout
    # each command reports errors with its own usage line
    return perft_command(commands["perft"], args, out)


if __name__ == "__main__":
    sys.exit(main())
