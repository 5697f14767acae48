"""The computer opponent (sharah_web.search): wins in one found at every
level in every game, determinism, budgets, chance nodes, the match players.

Positions are square -> token as in each game's rule tests (tests/helpers.py):
upper case the first side (White, Red), lower case the second.
"""

import itertools
import os
import pathlib
import subprocess
import sys
import time

import pytest

import sharah_web
from sharah_web import randomgame, search
from sharah_web.search import (LEVELS, GreedyPlayer, RandomPlayer, SearchPlayer, Thinker,
                               best_move, hint, make_player)

from helpers import game_with

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEVEL_NUMBERS = sorted(LEVELS)


def assert_wins(game, level, termination=None):
    """``best_move`` at ``level`` plays a move that ends the game in the mover's favour."""
    mover = game.to_move
    move, info = best_move(game, level, seed=level)
    assert move is not None and move in game.legal_moves()
    game.play(move)
    assert game.result is not None and game.result.winner == mover, (move.notation, game.result, info)
    assert termination in (None, game.result.termination)
    assert info["win_in"] == 1 and info["stopped"] == "won"
    return move


def not_every_move_wins(game):
    """The test position is a real test: some moves do not win at once."""
    mover = game.to_move
    for m in game.legal_moves():
        game.play(m)
        lost = game.result is None or game.result.winner != mover
        game.undo()
        if lost:
            return True
    return False


# ------------------------------------------------------------- wins in one

def oblong_mate():
    # White mates on the a-file: Rc2-a2 (the b-rook guards b15 and b16).
    return game_with("oblong-shatranj", {"a16": "k", "b1": "R", "c2": "R", "d1": "K", "d10": "p"},
                     "w 0", die=False)


def oblong_king_capture():
    # The die shows 2 (rook): the rook takes the king on the open a-file.
    return game_with("oblong-shatranj", {"a1": "R", "a10": "k", "d1": "K", "d16": "r", "c12": "p"},
                     "w 2 0")


def scheherazade_mate():
    return game_with("scheherazade", {"a10": "k", "b1": "R", "c2": "R", "e1": "K", "h7": "p"},
                     "w - - 0")


def hedman_fisher_home():
    # Red holds the Fisher, which takes the green pawn on b13, a red rim square
    # (it must capture: the pawn e4xe5 is the other way to obey).
    return game_with("sharah-hedman", {"a1": "A", "m2": "a", "b7": "*", "b13": "p", "e4": "P", "e5": "p"},
                     "r r 0")


def hedman_last_major():
    # The red pawn takes Green's only major piece straight ahead.
    return game_with("sharah-hedman", {"c3": "A", "e5": "P", "e6": "a", "k10": "p", "g7": "*"},
                     "r - 0")


def surrounds_fisher_home():
    # Green holds the Fisher on e14 (white): one step onto d15 or f15, green
    # squares of the far border row, wins (e15 is red: that would lose).
    return game_with("sharah-surrounds", {"h2": "q", "h13": "Q", "e14": "*", "c3": "l", "k12": "L"},
                     "g g + 0")


def mittner_dance_win():
    # Red holds the Fisher on e14 (white, next to the goal row): e15 is a red
    # square of Green's back row.
    return game_with("sharah-mittner", {"e14": "*", "b2": "S", "c3": "O", "n2": "s", "m3": "o"},
                     "r dance -/- r 0")


WINS = [
    ("oblong mate", oblong_mate, "checkmate"),
    ("oblong king capture", oblong_king_capture, "king-captured"),
    ("scheherazade mate", scheherazade_mate, "checkmate"),
    ("hedman fisher home", hedman_fisher_home, "fisher"),
    ("hedman last major", hedman_last_major, "no-majors"),
    ("surrounds fisher home", surrounds_fisher_home, "fisher"),
    ("mittner dance", mittner_dance_win, "fisher"),
]


@pytest.mark.parametrize("name, make, termination", WINS, ids=[w[0] for w in WINS])
@pytest.mark.parametrize("level", LEVEL_NUMBERS)
def test_a_win_in_one_is_found_at_every_level(name, make, termination, level):
    game = make()
    assert game.result is None
    assert not_every_move_wins(game)
    assert_wins(game, level, termination)


def test_the_fisher_is_not_stepped_onto_the_other_colour():
    game = surrounds_fisher_home()
    move = assert_wins(game, 2)
    assert move.notation in ("e14d15", "e14f15")


@pytest.mark.parametrize("level", [2, 3])
def test_a_mate_in_one_threat_is_parried(level):
    # Black threatens Rb14-b1 mate (the rook on a2 guards the second rank).
    game = game_with("oblong-shatranj", {"d1": "K", "c4": "R", "a2": "r", "b14": "r", "d16": "k"},
                     "w 0", die=False)
    game.play("c4a4")                       # a careless move allows the mate
    game.play("b14b1")
    assert game.result is not None and game.result.winner == "black"
    game.undo()
    game.undo()
    move, _ = best_move(game, level, seed=1)
    game.play(move)
    for reply in game.legal_moves():
        game.play(reply)
        assert game.result is None or game.result.winner != "black", (move, reply)
        game.undo()


# ------------------------------------------------------- the die: chance nodes

def test_the_search_weighs_the_die():
    # The die shows 6 (king): the black rook on a8 would take the white king
    # on the next 2. Passing or staying on the a-file risks that; b1/b2 do not.
    game = game_with("oblong-shatranj", {"a1": "K", "a8": "r", "d16": "k", "d14": "p"}, "w 6 0")
    for level in LEVEL_NUMBERS:
        move, info = best_move(game, level, seed=3)
        assert move.notation in ("a1b1", "a1b2"), (level, move, info)


def test_a_lost_turn_is_the_only_move_and_is_played():
    # The die shows 3 (knight) and White has none: the only move is to pass.
    game = game_with("oblong-shatranj", {"a1": "K", "b2": "P", "d16": "k", "c12": "p"}, "w 3 0")
    move, info = best_move(game, 2)
    assert move.kind == "pass" and info["stopped"] == "forced"
    game.play(move)
    assert game.result is None


@pytest.mark.parametrize("roll", range(1, 7))
def test_every_roll_gives_a_legal_move(roll):
    game = sharah_web.new_game("oblong-shatranj", seed=4)
    players = RandomPlayer(5)
    for _ in range(24):
        game.play(players.choose(game))
    board, side, _roll, clock = game.position().split()
    rolled = sharah_web.new_game("oblong-shatranj", f"{board} {side} {roll} {clock}")
    for level in LEVEL_NUMBERS:
        move, info = best_move(rolled, level, budget={"nodes": 1500, "seconds": 20})
        assert move in rolled.legal_moves()
        if len(rolled.legal_moves()) == 1:
            assert move.kind == "pass"


def test_an_unrolled_die_has_no_move_yet():
    pos = sharah_web.variant("oblong-shatranj").initial_position()    # the roll is '-'
    move, info = best_move(pos, 1)
    assert move is None and info["stopped"] == "no moves" and info["nodes"] == 0


# Oblong Shatranj without die, White to move and mate in two, each with one
# solution, a quiet move (no capture), among a dozen or more legal moves
# (found by brute force over random positions).
OBLONG_MATES_IN_TWO = [
    ({"b10": "k", "c16": "K", "a5": "G", "c10": "E", "a15": "r", "c12": "R"}, "c12a12"),
    ({"c3": "k", "d1": "K", "a2": "E", "a4": "R", "c5": "n", "c11": "G"}, "a4c4"),
    ({"a12": "k", "a1": "K", "d2": "R", "a14": "r", "d8": "E"}, "d2a2"),
    ({"c4": "k", "b8": "K", "b10": "N", "a16": "R", "c2": "n"}, "a16c16"),
    ({"b4": "k", "a15": "K", "b11": "n", "c6": "R", "a14": "E"}, "c6b6"),
]


@pytest.mark.parametrize("level", [2, 3])
@pytest.mark.parametrize("pieces, solution", OBLONG_MATES_IN_TWO)
def test_a_mate_in_two_is_found_through_the_reductions(pieces, solution, level):
    # Oblong without die searches late quiet moves shallower first
    # (Tuning.reduce): the quiet first move of a mate in two is still found
    game = game_with("oblong-shatranj", pieces, "w 0", die=False)
    assert search.tuning_for(game.variant).reduce
    assert len(game.legal_moves()) > search.REDUCE_AFTER + 8
    move, info = best_move(game, level, seed=level)
    assert (move.notation, info["win_in"], info["stopped"]) == (solution, 3, "won")
    assert not move.captured()


def test_reductions_search_deeper_on_the_same_budget(monkeypatch):
    # an Oblong middle game (no die), the same node budget, with and without
    # the late move reductions: deeper with them, and exactly as deep again
    # for the same seed (the budget is counted in nodes)
    game = sharah_web.new_game("oblong-shatranj", seed=3, die=False)
    for _ in range(24):
        game.play(best_move(game, 1, seed=len(game.history))[0])
    rules = type(game.variant)
    plain = game.variant.search_tuning()
    assert plain["reduce"]
    depths = {}
    for reduce in (False, True):
        monkeypatch.setattr(rules, "search_tuning", lambda self, reduce=reduce: {**plain, "reduce": reduce})
        runs = [best_move(game, 3, seed=7, budget={"nodes": 12_000, "seconds": 60})[1]
                for _ in range(2)]
        assert runs[0]["depth"] == runs[1]["depth"] and runs[0]["pv"] == runs[1]["pv"]
        depths[reduce] = runs[0]["depth"]
    assert depths[True] > depths[False] >= 3


def light_and_shadow_middle_game():
    """A Light and Shadow middle game (over a thousand moves a side): 30
    random moves from the set-up."""
    game = sharah_web.new_game("sharah-surrounds", seed=2)
    players = RandomPlayer(5)
    for _ in range(30):
        game.play(players.choose(game))
    return game


def test_killers_before_captures_give_the_same_depth_searched_to_its_end(monkeypatch):
    # the Light and Shadow boards try the killers before the captures: at a
    # depth searched to its end the move and its score are the same either way
    game = light_and_shadow_middle_game()
    rules = type(game.variant)
    plain = game.variant.search_tuning()
    assert plain["killers_first"]
    two = search.Level(2, "two moves", 6_000, 600.0, max_depth=2)
    found = {}
    for first in (False, True):
        monkeypatch.setattr(rules, "search_tuning", lambda self, first=first: {**plain, "killers_first": first})
        move, info = best_move(game, two, seed=1, budget={"nodes": 10 ** 7, "seconds": 600})
        assert info["depth"] == 2 and info["stopped"] == "done"
        found[first] = (move.notation, info["score"], info["scores"][move.notation])
    assert found[True] == found[False]


def test_a_depth_the_budget_would_barely_begin_is_not_begun(monkeypatch):
    # Light and Shadow middle game: level 2 looks two moves ahead to the end
    # and does not begin a third with the rest of its budget (Tuning.finish);
    # without the rule the rest is spent, on the same first two depths
    game = light_and_shadow_middle_game()
    rules = type(game.variant)
    plain = game.variant.search_tuning()
    budget = search.tuning_for(game.variant).nodes(LEVELS[2])
    assert plain["finish"]
    move, info = best_move(game, 2, seed=1, budget={"seconds": 600})
    assert info["depth"] == 2 and info["stopped"] == "nodes"
    assert info["nodes"] - info["safety_nodes"] < budget
    monkeypatch.setattr(rules, "search_tuning", lambda self: {**plain, "finish": 0.0})
    spent = best_move(game, 2, seed=1, budget={"seconds": 600})[1]
    assert spent["depth"] == 2 and spent["stopped"] == "nodes"
    assert spent["nodes"] - spent["safety_nodes"] > budget


# ----------------------------------------------------------------- budgets

def test_the_node_budget_is_respected():
    game = sharah_web.new_game("scheherazade")
    move, info = best_move(game, 3, budget={"nodes": 300, "seconds": 60})
    assert move in game.legal_moves()
    assert info["stopped"] == "nodes"
    # the safety pass has its own allowance (the level's budget) on top
    assert info["nodes"] - info["safety_nodes"] <= 301
    assert 0 < info["safety_nodes"] <= search.tuning_for(game.variant).allowance(LEVELS[3])


# (the clock caps the look-ahead: the first look and the safety pass come
# before it, and take a few hundredths of a second in Oblong without die)

def test_the_time_budget_is_respected():
    game = sharah_web.new_game("oblong-shatranj", die=False)
    started = time.perf_counter()
    move, info = best_move(game, 3, budget={"nodes": 10**9, "seconds": 0.3})
    elapsed = time.perf_counter() - started
    assert move in game.legal_moves()
    assert info["stopped"] == "time"
    assert elapsed < 0.3 + 2.0     # a correctness bound with a generous margin, not a speed target


def test_a_number_budget_is_a_time_cap():
    game = sharah_web.new_game("oblong-shatranj", die=False)
    started = time.perf_counter()
    move, info = best_move(game, 3, budget=0.2)
    assert time.perf_counter() - started < 0.2 + 2.0
    assert move in game.legal_moves()


def test_a_stop_callback_ends_the_search():
    game = sharah_web.new_game("sharah-hedman")
    calls = []

    def stop():
        calls.append(1)
        return True

    move, info = best_move(game, 3, budget={"nodes": 10**9, "seconds": 60}, stop=stop)
    assert move in game.legal_moves()
    assert info["stopped"] == "stopped" and calls
    assert info["nodes"] < 2000


def test_bad_levels_and_budgets_are_refused():
    game = sharah_web.new_game("oblong-shatranj", die=False)
    with pytest.raises(ValueError):
        best_move(game, 7)
    with pytest.raises(ValueError):
        best_move(game, 1, budget={"moves": 3})
    with pytest.raises(TypeError):
        best_move("not a game")


# ------------------------------------------------------------- determinism

@pytest.mark.parametrize("variant, options", [
    ("oblong-shatranj", {}), ("oblong-shatranj", {"die": False}), ("scheherazade", {}),
    ("sharah-hedman", {}), ("sharah-surrounds", {}), ("sharah-mittner", {"placement": "random"}),
])
def test_same_seed_and_node_budget_same_move(variant, options):
    game = sharah_web.new_game(variant, seed=2, **options)
    rnd = RandomPlayer(2)
    for _ in range(6):
        game.play(rnd.choose(game))
    budget = {"nodes": 400, "seconds": 60}
    first = best_move(game, 2, seed=11, budget=budget)
    again = best_move(game, 2, seed=11, budget=budget)
    assert first[0].notation == again[0].notation
    assert {k: v for k, v in first[1].items() if k != "seconds"} == \
        {k: v for k, v in again[1].items() if k != "seconds"}


def test_same_move_in_another_process_with_another_hash_seed():
    code = ("import sharah_web; from sharah_web.search import best_move, RandomPlayer\n"
            "for vid, opts in (('sharah-hedman', {}), ('sharah-mittner', {'placement': 'random'})):\n"
            "    g = sharah_web.new_game(vid, seed=3, **opts); r = RandomPlayer(3)\n"
            "    for _ in range(4): g.play(r.choose(g))\n"
            "    m, i = best_move(g, 2, seed=5, budget={'nodes': 300, 'seconds': 60})\n"
            "    print(m.notation, i['nodes'], i['score'], i['depth'])\n")
    outs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        outs.append(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                   text=True, check=True, timeout=120).stdout)
    assert outs[0] == outs[1] and outs[0].count("\n") == 2


# ------------------------------------------------------------------ slices

EVERY_GAME = [(vid, options) for vid, options, _seed in randomgame.drawn(seeds=(6,))]


def without_time(info):
    return {k: v for k, v in info.items() if k != "seconds"}


@pytest.mark.parametrize("variant, options", EVERY_GAME)
def test_a_search_in_slices_ends_exactly_as_one_in_one_go(variant, options):
    game = sharah_web.new_game(variant, seed=6, **options)
    rnd = RandomPlayer(6)
    for _ in range(5):
        game.play(rnd.choose(game))
    budget = {"nodes": 500, "seconds": 600}
    whole_move, whole = best_move(game, 2, seed=8, budget=budget)
    thinker = Thinker(game, 2, seed=8, budget=budget)
    slices = 1
    listing = search.tuning_for(game.variant).listing
    while (out := thinker.step(nodes=23)) is None:
        # a slice ends at its 23rd node (where listing moves is charged, the
        # listing may carry it further: the next slice counts from there)
        assert not thinker.done
        assert thinker.nodes == 23 * slices if not listing else thinker.nodes >= 23 * slices
        slices += 1
    move, info = out
    assert (slices >= info["nodes"] // 23 if not listing else slices > 10) and info["nodes"] > 500
    assert move.notation == whole_move.notation
    assert without_time(info) == without_time(whole)
    timed = Thinker(game, 2, seed=8, budget=budget)
    while (out := timed.step(seconds=0.0005)) is None:
        pass
    assert out[0].notation == whole_move.notation and without_time(out[1]) == without_time(whole)
    assert thinker.step() is thinker.outcome          # a finished search answers the same again


def test_the_time_cap_counts_thinking_not_the_pauses(monkeypatch):
    clock = [0.0]

    def tick_tock():                                   # every reading takes a millisecond
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(search, "_clock", tick_tock)
    game = sharah_web.new_game("sharah-hedman")

    def think(seconds):
        thinker = Thinker(game, 3, seed=1, budget={"nodes": 10**9, "seconds": seconds})
        slices = 1
        while (out := thinker.step(nodes=10)) is None:
            clock[0] += 50.0                           # a long pause between slices
            slices += 1
        return out, slices

    # the first look and the safety pass are not cut by the clock: with no
    # time at all, they still finish (in several slices), and the time they
    # took is not charged to the look-ahead's cap
    (move, first), slices = think(0.0)
    assert move in game.legal_moves() and first["stopped"] == "time" and slices > 3
    assert first["checked"] > 0 and first["depth"] == 0
    (move, info), slices = think(2.0)
    assert move in game.legal_moves() and info["stopped"] == "time"
    assert slices > 3
    # (the search with no time read the clock once more, a millisecond, to stop)
    assert first["seconds"] - 0.001 + 2.0 <= info["seconds"] <= first["seconds"] + 2.01


def test_a_given_up_search_cannot_go_on():
    thinker = Thinker(sharah_web.new_game("scheherazade"), 3, budget={"nodes": 10**6, "seconds": 60})
    assert thinker.step(nodes=50) is None
    thinker.close()
    with pytest.raises(RuntimeError, match="given up"):
        thinker.step()


# ------------------------------------------------------------------- info

def test_info_describes_the_search():
    game = sharah_web.new_game("oblong-shatranj", die=False)
    move, info = best_move(game, 1, seed=0)
    assert info["level"] == 1 and info["depth"] >= 1 and info["nodes"] > 0
    assert info["pv"][0] == move.notation
    assert info["moves"][0][0] == move.notation
    assert isinstance(info["score"], float) and info["win_in"] is None


def test_a_depth_cut_short_still_ranks_every_move_it_has_a_score_for():
    # The best few moves (the analysis lists them) after a search whose last
    # depth ran out of nodes: the moves that depth searched first, by their
    # new scores, then the others at the scores of the depth before, in its
    # order. (It listed only the moves the cut depth had reached: one, on a
    # busy machine, under the analysis' time cap.)
    game = sharah_web.new_game("scheherazade")
    for nodes in range(100, 3000, 25):
        move, info = Thinker(game, 3, 0, {"nodes": nodes, "seconds": 60}).step()
        settled, latest = info["settled"], info["scores"]
        cut = {n for n, v in latest.items() if v != settled.get(n)}
        if info["stopped"] == "nodes" and settled and 1 <= len(cut) < 5:
            break
    else:
        pytest.fail("no budget cut a depth after fewer than five moves")
    names = [n for n, _ in info["moves"]]
    assert len(names) == 5 and names[0] == move.notation
    assert set(names[:len(cut)]) == cut
    assert [v for _, v in info["moves"][:len(cut)]] == sorted((latest[n] for n in cut), reverse=True)
    rest = info["moves"][len(cut):]
    assert all(v == settled[n] for n, v in rest)
    assert [v for _, v in rest] == sorted((v for _, v in rest), reverse=True)


def test_a_finished_game_has_no_move():
    game = oblong_mate()
    assert_wins(game, 1)
    move, info = best_move(game, 2)
    assert move is None and info["stopped"] == "over"


def test_a_position_without_a_game_is_searched_too():
    pos = oblong_mate().current
    move, info = best_move(pos, 2)
    assert move.notation == "c2a2" and info["win_in"] == 1


def test_the_computer_never_offers_a_draw_but_answers_one():
    game = sharah_web.new_game("scheherazade")
    move, _ = best_move(game, 1)
    assert move.kind != "offer-draw"
    game.play("offer-draw")
    move, _ = best_move(game, 1)
    assert move.kind in ("accept-draw", "decline-draw")


@pytest.mark.parametrize("level", LEVEL_NUMBERS)
def test_a_draw_offer_is_accepted_when_behind_and_declined_when_ahead(level):
    behind = game_with("scheherazade", {"e1": "K", "a1": "R", "j1": "R", "e10": "k", "a7": "p"},
                       "w - - 0")
    ahead = game_with("scheherazade", {"e1": "K", "a7": "P", "e10": "k", "a10": "r", "j10": "r"},
                      "w - - 0")
    for game, answer in ((behind, "accept-draw"), (ahead, "decline-draw")):
        game.play("offer-draw")                  # White offers; Black (the computer) answers
        assert best_move(game, level, seed=level)[0].notation == answer


def test_hint_is_the_default_level():
    game = oblong_mate()
    assert hint(game).notation == "c2a2"


# ----------------------------------------------------------------- players

def test_greedy_takes_the_most_valuable_piece():
    game = game_with("oblong-shatranj", {"b2": "R", "b8": "r", "d2": "p", "a1": "K", "d16": "k"},
                     "w 0", die=False)
    assert GreedyPlayer(0).choose(game).notation == "b2b8"


def test_greedy_takes_the_king_with_the_die():
    game = game_with("oblong-shatranj", {"b2": "R", "b8": "k", "d2": "r", "a1": "K", "c16": "p"},
                     "w 2 0")
    assert GreedyPlayer(0).choose(game).notation == "b2b8"


def own_and_enemy_capture():
    # Green's Lord on e5 may take its own Domnisoara on g7 (worth 5) or the
    # red Aes Sedai on c7 (worth 3), which the Domnisoara may take too.
    return game_with("sharah-surrounds", {"e5": "l", "g7": "d", "c7": "A", "h14": "Q", "h2": "q",
                                          "h8": "*"}, "g - - 0")


def test_greedy_takes_the_enemy_piece_not_its_own_more_valuable_one():
    game = own_and_enemy_capture()
    assert {"e5g7", "e5c7", "g7c7"} <= {m.notation for m in game.legal_moves() if m.captured()}
    assert {GreedyPlayer(seed).choose(game).notation for seed in range(8)} == {"e5c7", "g7c7"}


def test_own_pieces_taken_count_against_a_capture_when_ordering_moves():
    from sharah_web.core import Line
    game = own_and_enemy_capture()
    pos, moves = game.current, game.legal_moves()
    board, value = pos.board, game.variant.piece_value
    by_name = {m.notation: m for m in moves}
    gain = {n: search.capture_gain(board, by_name[n].captured(), "green", value)
            for n in ("e5g7", "e5c7", "g7c7")}
    assert gain == {"e5g7": -5, "e5c7": 3, "g7c7": 3}
    s = search._Search(game.variant, Line(game.variant, pos), 1000, 10.0, search.Tuning(), None)
    ranked = [m.notation for m in s.order(pos, moves, 1, None)]
    # the winning captures first (the less valuable taker first), then every
    # other move in the order generated: taking one's own piece is no capture
    assert ranked[:2] == ["e5c7", "g7c7"]
    assert ranked[2:] == [m.notation for m in moves if m.notation not in ("e5c7", "g7c7")]


def test_listing_moves_is_charged_where_the_game_says_so():
    from sharah_web.core import Line
    game = sharah_web.new_game("sharah-surrounds")
    moves = game.legal_moves()
    assert len(moves) > 1000
    for listing, charged in ((0.0, 0), (0.03, int(len(moves) * 0.03))):
        s = search._Search(game.variant, Line(game.variant, game.current), 1000, 10.0,
                           search.Tuning(listing=listing), None)
        assert s.expand() == moves and s.nodes == charged
    assert search.tuning_for(game.variant).listing > 0
    others = [cls(**options) for cls in sharah_web.VARIANTS.values() if cls.id != "sharah-surrounds"
              for options in cls.played.values()]
    assert len(others) >= 5 and all(search.tuning_for(v).listing == 0 for v in others)


def test_random_and_greedy_play_legal_moves_to_the_end():
    game = sharah_web.new_game("oblong-shatranj", seed=1)
    players = [RandomPlayer(1), GreedyPlayer(2)]
    while game.result is None and len(game.history) < 2000:
        game.play(players[len(game.history) % 2].choose(game))
    assert game.result is not None


def test_make_player():
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("greedy"), GreedyPlayer)
    p = make_player("level3:nodes=100,seconds=2")
    assert isinstance(p, SearchPlayer) and p.level.number == 3
    assert p.budget == {"nodes": 100, "seconds": 2.0}
    assert make_player("2").level.number == 2
    with pytest.raises(ValueError):
        make_player("level2:depth=3")
    with pytest.raises(ValueError):
        make_player("level9")


def test_a_node_budget_alone_plays_the_same_game_on_a_busy_machine(monkeypatch):
    """``level1:nodes=200`` names a game by its seed: a busy machine (a
    clock that runs fast) plays the same moves as a quiet one."""
    def self_play() -> list[str]:
        game = sharah_web.new_game("scheherazade", seed=11)
        player = make_player("level1:nodes=200", seed=11)
        while len(game.history) < 6:
            game.play(player.choose(game))
        return [p.move.notation for p in game.history]

    quiet = self_play()
    ticks = itertools.count()
    monkeypatch.setattr(search, "_clock", lambda: next(ticks) * 1.0)   # a second at every look
    assert self_play() == quiet


def match_command():
    """scripts/match.py, loaded as a module."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("match", ROOT / "scripts" / "match.py")
    match = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(match)
    return match


def test_match_command_plays_and_reports(capsys):
    match = match_command()
    assert match.main(["oblong-shatranj", "--a", "greedy", "--b", "random", "--games", "2",
                       "--quiet", "--option", "die=false", "--max-plies", "300"]) == 0
    out = capsys.readouterr().out
    assert "A=greedy vs B=random, 2 games" in out
    assert "wins" in out and "ms a move on average" in out


def test_match_command_writes_records_that_replay(tmp_path, capsys):
    from sharah_web.record import parse_record
    match = match_command()
    assert match.main(["scheherazade", "--a", "greedy", "--b", "random", "--games", "2", "--quiet",
                       "--seed", "3", "--records", str(tmp_path)]) == 0
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["scheherazade-300000-1.txt", "scheherazade-300000-2.txt"]
    for f, greedy_first in zip(files, (True, False)):
        text = f.read_text()
        game = parse_record(text).game
        assert game.result is not None and f'[Termination "{game.result.termination}"]' in text
        assert ('[White "greedy"]' in text) == greedy_first and '[Seed "' in text


def test_a_match_with_a_results_file_is_taken_up_where_it_stopped(tmp_path, monkeypatch, capsys):
    """``--results FILE``: a match stopped after two games and run again
    for four plays only games 3 and 4, and its count is the count of one
    run of four; a line cut short and another match's lines are passed
    over."""
    match = match_command()
    args = ["oblong-shatranj", "--a", "greedy", "--b", "random", "--quiet", "--seed", "2",
            "--max-plies", "80", "--option", "die=false"]
    whole = match.run_match("oblong-shatranj", {"die": "false"}, "greedy", "random", 4, 2, 80, 1, quiet=True)
    results = tmp_path / "results.jsonl"
    assert match.main(args + ["--games", "2", "--results", str(results)]) == 0
    assert match.main(["scheherazade", "--a", "random", "--b", "random", "--games", "1", "--quiet",
                       "--max-plies", "10", "--results", str(results)]) == 0
    with results.open("a") as f:
        f.write('{"match": {"variant": "obl')            # a run stopped while writing
    played = []
    real = match.play_one
    monkeypatch.setattr(match, "play_one", lambda task: played.append(task[4]) or real(task))
    again = match.run_match("oblong-shatranj", {"die": "false"}, "greedy", "random", 4, 2, 80, 1,
                            quiet=True, results_file=str(results))
    assert played == [3, 4]
    for k in ("wins", "draws", "losses", "reasons", "plies"):
        assert again[k] == whole[k], k
    assert match.main(args + ["--games", "4", "--results", str(results)]) == 0
    assert played == [3, 4]                             # all four were there


def test_the_two_games_of_a_pair_differ_only_in_who_has_which_side(tmp_path, capsys):
    """Two random players: with the sides' seeds kept and the players
    swapped, a pair's two games are the same game (dice and all)."""
    from sharah_web.record import parse_record
    match = match_command()
    assert match.main(["oblong-shatranj", "--a", "random", "--b", "random", "--games", "4", "--quiet",
                       "--seed", "5", "--max-plies", "60", "--records", str(tmp_path)]) == 0
    moves = {f.name: [p.move.notation for p in parse_record(f.read_text()).game.history]
             for f in tmp_path.iterdir()}
    assert sorted(moves) == [f"oblong-shatranj-50000{k}-{n}.txt" for k, n in ((0, 1), (0, 2), (1, 3), (1, 4))]
    assert moves["oblong-shatranj-500000-1.txt"] == moves["oblong-shatranj-500000-2.txt"]
    assert moves["oblong-shatranj-500001-3.txt"] == moves["oblong-shatranj-500001-4.txt"]
    assert moves["oblong-shatranj-500000-1.txt"] != moves["oblong-shatranj-500001-3.txt"]


def test_an_older_commit_s_engine_plays_as_its_player_would_move_by_move(capsys):
    """``COMMIT@SPEC``: the commit's engine in a process of its own is sent
    the game so far and keeps it, playing only the moves since its last
    answer (a new game when they do not follow on); its moves are the
    player's own, and its thinking time is its process's."""
    match = match_command()
    old = match.new_player("HEAD@random", 7)
    here = search.make_player("random", 7)
    try:
        game = sharah_web.new_game("oblong-shatranj", seed=3)
        for _ in range(12):
            move = old.choose(game)
            assert move == here.choose(game)
            assert 0 <= old.cpu < 5
            game.play(move)
        other = sharah_web.new_game("oblong-shatranj", seed=3, die=False)
        assert old.choose(other) == here.choose(other)
    finally:
        old.close()


def test_tuning_follows_the_options():
    die = sharah_web.variant("oblong-shatranj")
    plain = sharah_web.variant("oblong-shatranj", die=False)
    assert search.tuning_for(die) == search.Tuning(scale=2.5, qdepth=2, deeper=3.0)
    assert search.tuning_for(plain) == search.Tuning(scale=0.35, qdepth=4, strongest=4.8, reduce=True, deeper=2.0)


def test_a_games_extra_for_the_strongest_level_applies_to_it_alone():
    tuning = search.Tuning(scale=0.5, strongest=2.5)
    assert [tuning.nodes(LEVELS[n]) for n in (1, 2, 3)] == [300, 3_000, 30_000]
    assert search.Tuning(scale=0.5).nodes(LEVELS[3]) == 12_000


def test_a_games_deeper_search_applies_to_the_playing_levels_from_the_default_up():
    """``Tuning.deeper`` multiplies levels 2 and 3 as they play, not level
    1, nor a level made for a review or a benchmark (the review's budget
    stays the game's own)."""
    import dataclasses
    tuning = search.Tuning(scale=0.5, strongest=2.5, deeper=3.0)
    assert [tuning.nodes(LEVELS[n]) for n in (1, 2, 3)] == [300, 9_000, 90_000]
    assert tuning.nodes(dataclasses.replace(LEVELS[2], name="review")) == 3_000
    assert tuning.nodes(search.Level(2, "fixed", 6_000, 1.0)) == 3_000


def computer_page_rows(titles: tuple[str, ...], cells: str) -> dict:
    """The rows of a table of the computer page, one per way of playing,
    by their titles (in the order of ``WAYS``): each way's game -> the
    numbers its row's ``cells`` (a regular expression) catch."""
    import re
    text = (ROOT / "docs" / "about" / "computer.md").read_text()
    rows = {}
    for title, (variant_id, options) in zip(titles, WAYS, strict=True):
        row = re.search(r"^\| " + re.escape(title) + r" \| " + cells, text, re.MULTILINE)
        assert row, title
        rows[title] = (sharah_web.variant(variant_id, **options),
                       [int(x.replace(",", "")) for x in row.groups()])
    return rows


# the ways of playing the computer page's tables list, in their order
WAYS = (("oblong-shatranj", {}), ("oblong-shatranj", {"die": False}), ("scheherazade", {}),
        ("sharah-hedman", {}), ("sharah-surrounds", {}), ("sharah-mittner", {}))


def test_the_budget_table_on_the_computer_page_is_the_code():
    titles = ("Oblong Shatranj with die", "Oblong Shatranj without die", "Scheherazade",
              "Sha'rah (Hedman)", "Sha'rah on the Light and Shadow boards", "Sha'rah (Mittner)")
    for title, (rules, stated) in computer_page_rows(titles, r"([\d,]+) \| ([\d,]+) \| ([\d,]+) \|$").items():
        tuning = search.tuning_for(rules)
        assert stated == [tuning.nodes(LEVELS[n]) for n in (1, 2, 3)], title


def test_the_review_budget_table_on_the_computer_page_is_the_code():
    """The review's node budget per position (the game's ``review_nodes``
    scaled by its tuning) is the one the computer page's review table
    states: the levels' budgets may change without changing the review."""
    from sharah_web import analysis
    titles = ("Oblong Shatranj with die", "Oblong Shatranj without die", "Scheherazade",
              "Hedman's Sha'rah", "Light and Shadow boards", "Mittner's Sha'rah")
    for title, (rules, stated) in computer_page_rows(titles, r"([\d,]+) \| about").items():
        assert stated == [search.tuning_for(rules).nodes(analysis.review_level(rules))], title


@pytest.mark.parametrize("vid, options", [
    ("oblong-shatranj", {}), ("oblong-shatranj", {"die": False}),
    ("sharah-hedman", {}), ("sharah-surrounds", {})])
def test_the_evaluation_terms_follow_every_move(vid, options):
    """The sums the search keeps move by move (``Position.terms``, made by
    ``terms.Sums.play`` from each move's effects) are the sums counted anew
    on the board after every move of a random game (captures, promotions,
    the Fisher's hand-overs), and the evaluation reads the same from both."""
    import random

    from sharah_web import terms

    game = sharah_web.new_game(vid, seed=4, **options)
    rules = game.variant
    assert terms.fields(rules)
    kept = terms.tracked(rules, game.current)
    assert kept.terms.packed == terms.count(rules, kept.board)
    rng = random.Random(9)
    captures = 0
    for _ in range(120):
        moves = game.legal_moves()
        if game.result is not None or not moves:
            break
        move = rng.choice(moves)
        captures += bool(move.captured())
        kept = rules.apply(kept, move)
        game.play(move)
        kept.state = dict(game.current.state)      # what chance decided (the die)
        assert kept.board == game.current.board
        assert kept.terms.packed == terms.count(rules, kept.board), move.notation
        fresh = game.current.copy()
        assert fresh.terms is None
        for side in rules.sides:
            assert rules.evaluate(kept, side) == rules.evaluate(fresh, side)
    assert captures
