"""``python -m sharah_web perft``: the counts, chance, finished games, the
output and the errors (``sharah_web/perft.py``, ``sharah_web/__main__.py``)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import sharah_web
from sharah_web.__main__ import main
from sharah_web.perft import divide, perft, start_position

from helpers import board_text
from test_scheherazade import PERFT as SCHEHERAZADE_PERFT

ROOT = Path(__file__).resolve().parent.parent
OBLONG = "oblong-shatranj"


def run(*argv: str) -> tuple[int, str, str]:
    """The CLI in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    real_err = sys.stderr
    sys.stderr = err
    try:
        code = main(list(argv), out=out)
    except SystemExit as e:
        code = e.code
    finally:
        sys.stderr = real_err
    return code, out.getvalue(), err.getvalue()


def table(stdout: str) -> dict[int, int]:
    """depth -> nodes from the printed table."""
    rows = re.findall(r"^\s*(\d+)\s+(\d+)\s+[\d.]+\s+(?:\d+|-)\s*$", stdout, re.M)
    return {int(d): int(n) for d, n in rows}


# ------------------------------------------------------------ output format

def test_the_table_gives_nodes_time_and_rate_for_every_depth():
    code, out, err = run("perft", OBLONG, "2", "--option", "die=false")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"perft {OBLONG} (die=False) on CPython (Python ")
    assert lines[1] == "position: " + sharah_web.new_game(OBLONG, die=False).position()
    assert lines[2].split() == ["depth", "nodes", "seconds", "nodes/s"]
    assert len(lines) == 5
    for line, (depth, nodes) in zip(lines[3:], [(1, 24), (2, 576)]):
        d, n, seconds, rate = line.split()
        assert (int(d), int(n)) == (depth, nodes)
        assert float(seconds) >= 0 and (rate == "-" or int(rate) >= 0)


def test_divide_lists_every_first_move_and_sums_to_the_total():
    code, out, _ = run("perft", OBLONG, "2", "--option", "die=false", "--divide")
    assert code == 0
    head, _, rest = out.partition("divide at depth 2:\n")
    assert table(head) == {1: 24, 2: 576}
    rows = [line.split() for line in rest.splitlines()]
    assert rows[-1] == ["total", "576"]
    assert len(rows[:-1]) == 24 and all(int(n) == 24 for _, n in rows[:-1])


def test_from_depth_and_json():
    code, out, _ = run("perft", OBLONG, "3", "--option", "die=false", "--from-depth", "3", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["variant"] == OBLONG and record["options"]["die"] is False
    assert [(r["depth"], r["nodes"]) for r in record["rows"]] == [(3, 13826)]
    assert record["runtime"].startswith("CPython")


def test_it_runs_as_a_module():
    proc = subprocess.run([sys.executable, "-m", "sharah_web", "perft", "scheherazade", "2",
                           "--option", "agreement=false"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert table(proc.stdout) == {1: 37, 2: 1369}


# ------------------------------------------------------------ the counts

def test_scheherazade_matches_the_recorded_perft():
    # the counts in test_scheherazade.py leave draw offers out (agreement=false)
    code, out, _ = run("perft", "scheherazade", "2", "--option", "agreement=false")
    assert code == 0
    assert table(out) == {d: SCHEHERAZADE_PERFT[d] for d in (1, 2)}


def test_scheherazade_with_draw_offers_counts_them_as_moves():
    # 37 moves and the offer; after each of White's 37 moves Black has 37
    # and the offer; after the offer Black may only accept or decline
    rules, pos = start_position("scheherazade")
    assert perft(rules, pos, 1) == 38
    assert perft(rules, pos, 2) == 37 * 38 + 2


# White's 24 first moves in set-up 1 (rank 1 EGKE, rank 2 .NN., rank 3 R..R,
# pawns on ranks 5 and 7): the elephants leap two squares diagonally, the
# general and the king step (the king only to d2, the general only to a2:
# nothing else on rank 2 is free but a2 and d2), each knight has two
# squares, each rook its rank and one step up and down the file, each of
# the eight pawns one step.
OBLONG_FIRST_MOVES = sorted([
    "a1c3", "d1b3",                      # elephants
    "b1a2",                              # general
    "c1d2",                              # king
    "b2a4", "b2c4", "c2b4", "c2d4",      # knights
    "a3b3", "a3c3", "a3a2", "a3a4",      # rook a3
    "d3c3", "d3b3", "d3d2", "d3d4",      # rook d3
    "a5a6", "b5b6", "c5c6", "d5d6",      # pawns
    "a7a8", "b7b8", "c7c8", "d7d8",
])


def test_oblong_without_the_die_has_24_first_moves():
    rules, pos = start_position(OBLONG, options={"die": False})
    parts = divide(rules, pos, 1)
    assert sorted(m for m, _ in parts) == OBLONG_FIRST_MOVES
    assert perft(rules, pos, 1) == 24
    # Black's 24 replies never depend on White's first move: the camps
    # are too far apart to touch.
    assert perft(rules, pos, 2) == 24 * 24


def test_oblong_with_the_die_expands_the_first_roll():
    # the set-up has no roll yet: each of the six rolls is its own start
    rules, pos = start_position(OBLONG)
    parts = divide(rules, pos, 1)
    per_roll = Counter(label.split()[1] for label, _ in parts)
    # pawn: 8 (no pass while a pawn can move); rook: 8 + pass; knight:
    # 4 + pass; elephant: 2 + pass; general: 1 + pass; king: 1 + pass
    assert per_roll == {"1": 8, "2": 9, "3": 5, "4": 3, "5": 2, "6": 2}
    assert perft(rules, pos, 1) == 29
    assert perft(rules, pos, 0) == 1      # a roll is expanded only when a move follows
    code, out, _ = run("perft", OBLONG, "2")
    assert code == 0 and table(out) == {1: 29, 2: 29 * 29}


def test_oblong_with_the_die_expands_every_roll_between_moves():
    # a knight roll: 4 knight moves and the pass; after each, Black's six
    # rolls give Black's 29 moves in all
    rules, pos = start_position(OBLONG, "egke/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/EGKE w 3 0")
    assert perft(rules, pos, 1) == 5
    assert perft(rules, pos, 2) == 5 * 29


# ------------------------------------------------- against a plain walk

def reference_perft(game, depth: int, rolls) -> int:
    """The same count by the public Game API: play, undo, the game's own
    result (a finished game lists no moves), every roll given explicitly."""
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        if depth == 1:
            total += 1
            continue
        for roll in rolls:
            game.play(move, roll=roll)
            total += reference_perft(game, depth - 1, rolls)
            game.undo()
    return total


def oblong_text(pieces, rest):
    return board_text(4, 16, pieces) + " " + rest


CASES = [
    # the white rook can take the king: that move ends the game (with the die)
    (OBLONG, oblong_text({"a16": "k", "d10": "p", "b2": "K", "a1": "R"}, "w 2 0"), {}, 3),
    # a king that can be taken at once, both sides with a few pieces
    (OBLONG, oblong_text({"c16": "k", "b14": "n", "a12": "p", "c15": "R", "b2": "K", "d4": "N"},
                         "w 6 0"), {}, 3),
    # bare king without the die: the bared side may answer
    (OBLONG, oblong_text({"a16": "k", "a10": "p", "c2": "K", "b9": "R"}, "w 0"), {"die": False}, 3),
    # checkmates and stalemates near the end
    (OBLONG, oblong_text({"a16": "k", "c14": "K", "d1": "R", "b10": "p"}, "w 0"), {"die": False}, 3),
    ("scheherazade", None, {}, 2),
    ("sharah-hedman", None, {}, 2),
]


@pytest.mark.parametrize("variant_id, text, options, depth", CASES)
def test_perft_agrees_with_play_and_undo(variant_id, text, options, depth):
    rules, pos = start_position(variant_id, text, options)
    rolls = range(1, 7) if rules.opts.get("die") else [None]
    game = sharah_web.new_game(variant_id, text, seed=1, **options)
    for d in range(1, depth + 1):
        assert perft(rules, pos, d) == reference_perft(game, d, rolls), d


def test_chance_read_from_after_move_when_the_game_has_no_chances_hook():
    # perft reads the die faces from Variant.chances; without that hook it
    # watches what after_move asks of the random source: the same counts
    rules, pos = start_position(OBLONG, CASES[1][1])
    expected = [perft(rules, pos, d) for d in (1, 2, 3)]
    rules.chances = None
    assert [perft(rules, pos, d) for d in (1, 2, 3)] == expected


def test_a_finished_game_counts_as_a_leaf_and_has_nothing_below():
    rules, pos = start_position(OBLONG, CASES[0][1])
    parts = dict(divide(rules, pos, 2))
    assert parts["a1a16"] == 0          # the king is taken: the game is over
    assert parts["a1a15"] > 0
    assert dict(divide(rules, pos, 1))["a1a16"] == 1


def test_a_finished_start_has_no_moves():
    # Black's king is gone with the die: White has won before moving
    rules, pos = start_position(OBLONG, oblong_text({"a15": "p", "b2": "K"}, "w 1 0"))
    assert perft(rules, pos, 1) == 0


def test_random_placement_is_drawn_from_the_seed():
    rules, pos = start_position("sharah-mittner", options={"placement": "random"})
    a = perft(rules, pos, 1, seed=3)
    assert a == perft(rules, pos, 1, seed=3) and a > 0


# ------------------------------------------------------------ bad arguments

@pytest.mark.parametrize("argv, message", [
    (["perft", "chess", "2"], "unknown game 'chess'"),
    (["perft", OBLONG, "two"], "DEPTH must be a whole number"),
    (["perft", OBLONG, "0"], "DEPTH must be between 1 and"),
    (["perft", OBLONG, "99"], "DEPTH must be between 1 and"),
    (["perft", OBLONG, "2", "--option", "die=maybe"], "option die is on or off"),
    (["perft", OBLONG, "2", "--option", "colour=red"], "has no option 'colour'"),
    (["perft", OBLONG, "2", "--option", "die"], "write it as name=value"),
    (["perft", OBLONG, "2", "--position", "4/4 w"], "the board has 16 ranks"),
    (["perft", OBLONG, "2", "--position", "nonsense"], "position text needs the board"),
    (["perft", OBLONG, "2", "--from-depth", "3"], "--from-depth must be between 1 and DEPTH"),
    (["perft"], "the following arguments are required"),
    ([], "the following arguments are required"),
])
def test_bad_arguments_say_what_is_wrong_and_exit_2(argv, message):
    code, out, err = run(*argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert "usage: python -m sharah_web" in err
    assert "Traceback" not in err


def test_bad_arguments_exit_2_from_the_shell():
    proc = subprocess.run([sys.executable, "-m", "sharah_web", "perft", "chess", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "error: unknown game 'chess' (known: " in proc.stderr
    assert "Traceback" not in proc.stderr
