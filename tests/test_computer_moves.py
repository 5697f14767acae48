"""The computer plays the same moves as before the board contract refactor
and the declared position fields: tests/data/computer_moves.json holds the
moves the engine of commit 7ce0a8c chose at each level, with a fixed node
budget and no clock, on positions of random games of every game
(tests/data/make_computer_moves.py wrote it).

The search has since gained a safety pass (a root move after which the
opponent wins at once is not searched deeper). Where that pass finds no
such move, the look-ahead is the recorded one, so the move must be too.

Hedman's evaluation has since added its terms exactly (whole hundredths
of a pawn, divided once) where it had added 0.06 a rank pawn by pawn:
moves that scored the same but for the last bit now tie exactly, and the
seed's order breaks the tie. In one position (both levels 2 and 3) that
chose g4e6 over b3c5, both 0.18 at depth 2; its recording says g4e6."""

import json
from pathlib import Path

import pytest

from sharah_web import new_game
from sharah_web.search import best_move

CASES = json.loads((Path(__file__).parent / "data" / "computer_moves.json").read_text(encoding="utf-8"))


def choose(case):
    game = new_game(case["variant"], case["position"], seed=case["seed"], **case["options"])
    return best_move(game, level=case["level"], seed=case["seed"], budget={"nodes": 800, "seconds": 1000})


def test_the_recording_covers_every_game_and_level():
    assert {c["variant"] for c in CASES} == {
        "oblong-shatranj", "scheherazade", "sharah-hedman", "sharah-surrounds", "sharah-mittner"}
    assert {c["level"] for c in CASES} == {1, 2, 3}
    assert all(c["move"] for c in CASES)


@pytest.mark.parametrize("variant", sorted({c["variant"] for c in CASES}))
def test_the_computer_plays_the_recorded_moves(variant):
    compared = differ = 0
    for case in (c for c in CASES if c["variant"] == variant):
        move, info = choose(case)
        if info["losing"]:
            continue            # the safety pass rightly steers away from a loss in one
        compared += 1
        if move.notation != case["move"]:
            differ += 1
            print("differs:", case, move.notation)
    assert differ == 0
    assert compared >= 10       # most positions have no loss in one: the test compares
