"""Write tests/data/computer_moves.json: the move the computer chooses, at
each level with a fixed node budget and no clock, on positions of random
games of every game. Recorded once with the engine of commit 7ce0a8c
(before the board contract refactor and the declared position fields), so
tests/test_computer_moves.py shows the computer still plays the same moves
(but for one Hedman position whose tie the exact evaluation broke the
other way: the test's docstring).

The test compares the positions where the search's safety pass (added
after the recording) finds no move that loses at once: there the
look-ahead is the one recorded.

    PYTHONPATH=<tree> python tests/data/make_computer_moves.py OUT.json
"""

import json
import random
import sys

from sharah_web import new_game
from sharah_web.search import best_move

CONFIGS = [
    ("oblong-shatranj", {"die": True}),
    ("oblong-shatranj", {"die": False}),
    ("scheherazade", {}),
    ("sharah-hedman", {}),
    ("sharah-surrounds", {}),
    ("sharah-mittner", {"placement": "random"}),
]
NODES = 800


def choose(variant, options, position, level, seed):
    """The computer's move (its notation) from ``position``, searched with
    ``NODES`` nodes and no clock."""
    game = new_game(variant, position, seed=seed, **options)
    move, _ = best_move(game, level=level, seed=seed, budget={"nodes": NODES, "seconds": 1000})
    return None if move is None else move.notation


def main(out: str) -> None:
    cases = []
    for variant, options in CONFIGS:
        for seed in range(3):
            for plies in (4, 12):
                game = new_game(variant, seed=seed, **options)
                rng = random.Random(seed * 100 + plies)
                for _ in range(plies):
                    moves = game.legal_moves()
                    if game.result is not None or not moves:
                        break
                    m = rng.choice(moves)
                    game.play(m)
                if game.result is not None:
                    continue
                for level in (1, 2, 3):
                    move = choose(variant, options, game.position(), level, seed)
                    cases.append({"variant": variant, "options": options, "seed": seed,
                                  "position": game.position(), "level": level, "move": move})
    with open(out, "w", encoding="utf-8") as f:
        json.dump(cases, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
