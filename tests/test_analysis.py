"""Analysis and review (sharah_web.analysis) in every game: the line is
legal, the numbers take the first side's view, a win at once is seen and
begins the line, a move that loses at once is marked a blunder while the
engine's move is not; and the wire's ``analyse`` and ``review``."""

from __future__ import annotations

import json
import os
import pathlib
import random
import re
import subprocess
import sys

import pytest

import sharah_web
from sharah_web import analysis, bridge, search
from sharah_web.analysis import expected, first_side, mark_for, result_of, review_entry, review_search
from sharah_web.core import Game

from helpers import game_with

ROOT = pathlib.Path(__file__).resolve().parent.parent

GAMES = [("oblong-shatranj", {"die": False}), ("oblong-shatranj", {}), ("scheherazade", {}),
         ("sharah-hedman", {}), ("sharah-mittner", {"placement": "random"}),
         ("sharah-surrounds", {"move_limit": 50})]
IDS = [v + ("-nodie" if o.get("die") is False else "") for v, o in GAMES]
SMALL = {"nodes": 300, "seconds": 5.0}     # a small budget: the properties hold at any budget


def random_game(variant_id: str, options: dict, seed: int, max_plies: int = 400) -> Game:
    """A random game, captures preferred (so games end), to its end or ``max_plies``."""
    game = sharah_web.new_game(variant_id, seed=seed, **options)
    rng = random.Random(seed)
    while game.result is None and len(game.history) < max_plies:
        moves = [m for m in game.legal_moves() if m.kind != "offer-draw"] or game.legal_moves()
        caps = [m for m in moves if m.captured()]
        game.play(rng.choice(caps if caps and rng.random() < 0.7 else moves))
    return game


def analysed(game: Game, budget=SMALL):
    move, info = search.best_move(game, budget=budget)
    return result_of(game, len(game.history), move, info, 0), move, info


def planted() -> Game:
    """Mittner's Sha'rah, where random play always ends in a draw: Red holds
    the Fisher on h14; h14g15 (a red square of Green's back row) wins,
    h14h15 (a green one) loses at once, the other moves hold."""
    from test_mittner import dance
    return dance({"h14": "*", "b2": "o", "n2": "S"})


def decisive(variant_id: str, options: dict, tries: int = 40):
    """Random games that end in a win, each won by its last move."""
    if variant_id == "sharah-mittner":
        game = planted()
        game.play("h14g15")
        yield game
        return
    for seed in range(tries):
        game = random_game(variant_id, options, seed)
        if game.result is not None and game.result.winner is not None:
            last = game.history[-1]
            if last.before.to_move == game.result.winner:
                yield game


# ------------------------------------------------------------ the line

@pytest.mark.parametrize("variant_id,options", GAMES, ids=IDS)
def test_the_line_is_legal_moves_from_the_position(variant_id, options):
    """Over random positions of random games: every move of the line is
    legal where it is played, and the arrows are the line's first moves."""
    checked = 0
    for seed in range(3):
        whole = random_game(variant_id, options, 100 + seed, max_plies=120)
        rng = random.Random(seed)
        for ply in sorted(rng.sample(range(len(whole.history) + 1), min(3, len(whole.history) + 1))):
            game = whole.at(ply)
            if game.result is not None:
                continue
            res, move, _ = analysed(game)
            assert res["line"] and res["line"][0] == move.notation == res["best"]
            v, pos = game.variant, game.current
            for text in res["line"]:
                legal = {m.notation: m for m in v.legal_moves(pos)}
                assert text in legal, (ply, res["line"])
                pos = v.apply(pos, legal[text])
                if v.chances(pos):       # the line stops at the next roll
                    assert text == res["line"][-1]
            names = v.geometry.names
            for (a, b), text in zip(res["arrows"], res["line"]):
                m = next(x for x in game.legal_moves() if x.notation == res["line"][0]) \
                    if text == res["line"][0] else None
                if m is not None and m.frm is not None and m.frm != m.to:
                    assert [a, b] == [names[m.frm], names[m.to]]
            assert all(m["n"] in {x.notation for x in game.legal_moves()} for m in res["moves"])
            checked += 1
    assert checked >= 5


def test_the_die_line_stops_at_the_next_roll_and_says_it_averages():
    game = sharah_web.new_game("oblong-shatranj", seed=3)
    game.play(game.legal_moves()[0])
    res, move, _ = analysed(game)
    assert res["chance"] is True and res["line"] == [move.notation]
    res2, _, _ = analysed(sharah_web.new_game("oblong-shatranj", die=False))
    assert res2["chance"] is False and len(res2["line"]) > 1


# ------------------------------------------------------------ the sign

def _down_a_rook(to_move: str) -> Game:
    # Black has no rooks; the kings and pawns stand as in set-up 1
    return game_with("oblong-shatranj", {"a1": "R", "d1": "R", "b2": "N", "c2": "N", "a3": "E", "b3": "K",
                                         "c3": "G", "d3": "E", "a5": "P", "b5": "P", "c5": "P", "d5": "P",
                                         "a12": "p", "b12": "p", "c12": "p", "d12": "p", "b15": "n",
                                         "c15": "n", "a14": "e", "b14": "g", "c14": "k", "d14": "e"},
                     f"{to_move} 0", die=False)


@pytest.mark.parametrize("to_move", ["w", "b"])
def test_the_evaluation_takes_the_first_players_side(to_move):
    game = _down_a_rook(to_move)
    res, _, info = analysed(game)
    assert res["side"] == "white" and res["to_move"] == game.to_move
    assert res["score"] > 3 and res["expected"] > 0.7
    # the search's own score is the side to move's
    assert info["score"] == (res["score"] if to_move == "w" else -res["score"])
    assert all(m["score"] > 2 for m in res["moves"])


@pytest.mark.parametrize("variant_id,options", GAMES, ids=IDS)
def test_the_numbers_are_the_first_sides_in_every_game(variant_id, options):
    """In every game and for either side to move, the score shown is the
    search's score turned to the first side, and so is every move's."""
    first = first_side(sharah_web.variant(variant_id, **options))
    whole = random_game(variant_id, options, 7, max_plies=40)
    seen = set()
    for ply in range(max(0, len(whole.history) - 6), len(whole.history)):
        game = whole.at(ply)
        if game.result is not None:
            continue
        res, _, info = analysed(game)
        sign = 1 if game.to_move == first else -1
        assert res["score"] == info["score"] * sign
        assert [m["score"] for m in res["moves"]] == [s * sign for _n, s in info["moves"]]
        assert (res["expected"] > 0.5) == (res["score"] > 0) or res["score"] == 0
        seen.add(game.to_move)
    assert len(seen) == 2


# ---------------------------------------------------------- win in one

@pytest.mark.parametrize("variant_id,options", GAMES, ids=IDS)
def test_a_win_in_one_is_a_win_whose_line_starts_with_a_winning_move(variant_id, options):
    game = next(decisive(variant_id, options))
    before = game.at(len(game.history) - 1)
    winner = game.result.winner
    res, move, _ = analysed(before)
    first = first_side(game.variant)
    assert res["win_in"] == (1 if winner == first else -1)
    assert res["expected"] == (1.0 if winner == first else 0.0)
    assert res["text"] == f"{winner.capitalize()} wins in 1"
    probe = before.at(len(before.history))
    probe.play(res["line"][0])
    assert probe.result is not None and probe.result.winner == winner


# ------------------------------------------------------------- review

def _blunder(variant_id: str, options: dict):
    """A position of a random game where the mover played a move after
    which the opponent won at once, though another move held (no reply
    wins at once after it): (game at that position, the move played, the
    engine's move and what its search found)."""
    if variant_id == "sharah-mittner":
        at = planted()
        move, info = review_search(at, at.find_move("h14h15"))
        return at, at.find_move("h14h15"), move, info
    for game in decisive(variant_id, options):
        k = len(game.history) - 2
        if k < 0:
            continue
        at = game.at(k)
        played = game.history[k].move
        holds = []
        for m in at.legal_moves():
            after = at.at(k)
            after.play(m)
            if after.result is not None:
                continue
            if after.to_move == at.to_move:
                continue
            safe = True
            for r in after.legal_moves():
                probe = after.at(k + 1)
                probe.play(r)
                if probe.result is not None and probe.result.winner not in (None, at.to_move):
                    safe = False
                    break
            if safe:
                holds.append(m)
        if holds:
            move, info = review_search(at, played)
            if expected(info["score"], info["win_in"]) >= 0.3:
                return at, played, move, info
    return None


@pytest.mark.parametrize("variant_id,options", GAMES, ids=IDS)
def test_a_move_that_loses_at_once_is_a_blunder_and_the_engines_move_is_not(variant_id, options):
    found = _blunder(variant_id, options)
    assert found is not None
    at, played, move, info = found
    entry = review_entry(at, len(at.history), move, info, played)
    assert entry["played"] == played.notation and entry["best"] == move.notation != played.notation
    assert entry["mark"] == "blunder" and entry["loss"] >= 0.15, (entry, info)
    best = review_entry(at, len(at.history), move, info, move)
    assert best["mark"] == "" and best["loss"] == 0.0


def test_a_move_is_judged_only_where_the_search_looked_deep_enough(lifted_time_caps):
    game = sharah_web.new_game("oblong-shatranj", die=False)
    for m in ["b5b6", "c12c11", "a5a6", "d12d11"]:
        game.play(m)
    others = [m for m in game.legal_moves()]
    # a search cut short before it finished two moves deep: no move is marked
    move, info = search.best_move(game, budget={"nodes": 20, "seconds": 600.0})
    assert info["depth"] < analysis.MARK_DEPTH and not info["settled"]
    entries = [review_entry(game, 4, move, info, m) for m in others if m != move]
    assert entries and all(not e["judged"] and e["mark"] == "" and e["loss"] == 0.0 for e in entries)
    # the review's budget: every move judged by the scores of the last depth finished
    at, played, move, info = _blunder("oblong-shatranj", {"die": False})
    legal = at.legal_moves()
    assert info["depth"] >= analysis.MARK_DEPTH and set(info["settled"]) == {m.notation for m in legal}
    entries = {m.notation: review_entry(at, len(at.history), move, info, m) for m in legal}
    assert all(e["judged"] and e["depth"] == info["depth"] for e in entries.values())
    assert entries[move.notation]["loss"] == 0.0
    assert entries[played.notation]["loss"] == max(e["loss"] for e in entries.values()) >= 0.15


def test_a_move_the_look_ahead_did_not_finish_is_judged_by_both_moves_searched_as_deep():
    """Scheherazade's review budget finishes one move deep in most positions
    (here 112 moves): the move played and the engine's are then searched
    two moves deep once the search has chosen, and compared; the move and
    the line stay the search's own, and slices change nothing."""
    at = sharah_web.new_game("scheherazade", "r9/1P1h1k1(rs)2/2P7/9p/2b1(NO)1pP2/1o1Nn5/R4H3B/P1S7/4pK4/10 w Kk g7 0",
                             agreement=False)
    played = at.find_move("f2g2")
    plain_move, plain = review_search(at)
    move, info = review_search(at, played)
    assert info["depth"] < analysis.MARK_DEPTH and move.notation == plain_move.notation != played.notation
    assert (info["pv"], info["score"], info["settled"]) == (plain["pv"], plain["score"], plain["settled"])
    assert set(info["judged"]) == {move.notation, played.notation} and info["judge_nodes"] > 0
    entry = review_entry(at, 0, move, info, played)
    top, mine = info["judged"][move.notation], info["judged"][played.notation]
    assert entry["judged"] and entry["loss"] == round(expected(top, None) - expected(mine, None), 4) >= 0.15
    assert entry["mark"] == "blunder"
    thinker = analysis.review_thinker(at, played)
    while thinker.step(nodes=97) is None:
        pass
    assert {k: v for k, v in thinker.outcome[1].items() if k != "seconds"} == \
        {k: v for k, v in info.items() if k != "seconds"}


def _reviews() -> str:
    """Every game's review of one position (a random game's 13th) with a
    move played from it, the entry whole and what the search found, as
    JSON: what must not depend on the process."""
    out = []
    for variant_id, options in GAMES:
        at = random_game(variant_id, options, 5, max_plies=12)
        played = next(m for m in at.legal_moves() if m.kind != "offer-draw")
        move, info = review_search(at, played)
        info.pop("seconds")
        out.append([review_entry(at, 12, move, info, played), info])
    return json.dumps(out, sort_keys=True)


def test_a_review_is_the_same_twice_and_in_another_process_whatever_its_hash_seed():
    """The same position, the same marks and scores to the last digit:
    twice in one process (its pieces made once), and in processes whose
    string hashes differ (sets and dicts of strings iterate in another
    order, objects lie elsewhere in memory)."""
    here = _reviews()
    code = "import test_analysis as t; print(t._reviews()); print(t._reviews())"
    seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"     # not this process's
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT / "tests")}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == [here, here]


def test_the_marks_thresholds():
    assert [mark_for(x) for x in (0.0, 0.049, 0.05, 0.099, 0.1, 0.149, 0.15, 1.0)] == \
        ["", "", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert expected(0.0, None) == 0.5 and expected(-3, 2) == 1.0 and expected(5, -1) == 0.0
    assert round(expected(1.0, None), 2) == 0.59 and round(expected(3.0, None), 2) == 0.75


# --------------------------------------------------------------- wire

@pytest.fixture
def fresh(lifted_time_caps):
    bridge.reset()
    yield
    bridge.reset()


def call(**req):
    return json.loads(bridge.handle(json.dumps(req)))


def test_analyse_over_the_wire_is_the_computers_move(fresh):
    opened = call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"},
                  moves=["b5b6", "c12c11"], mode="game")
    assert opened["ok"]
    replies = []
    while True:
        r = call(cmd="analyse", board="b", slice_ms=40)
        assert r["ok"] and set(r["analysis"]) == set(analysis.AnalysisReply.__annotations__)
        replies.append(r["analysis"])
        if r["analysis"]["result"] is not None:
            break
    assert replies[0]["thinking"] and replies[0]["ply"] == 2
    res = replies[-1]["result"]
    assert set(res) == set(analysis.AnalysisResult.__annotations__)
    game = sharah_web.new_game("oblong-shatranj", die=False)
    game.play("b5b6")
    game.play("c12c11")
    move, info = search.best_move(game)
    assert res["best"] == move.notation and res["stage"] == 0 and res["depth"] == info["depth"]
    assert res["line"] == info["pv"] and res["line_text"].startswith("2. ")
    assert all(set(m) == set(analysis.AnalysisMove.__annotations__) for m in res["moves"])
    # it deepens: the next stage thinks on, then a move on the board starts afresh
    nxt = call(cmd="analyse", board="b", slice_ms=40)["analysis"]
    assert nxt["stage"] == 1 and nxt["result"]["stage"] == 0
    call(cmd="play", board="b", move=move.notation)
    again = call(cmd="analyse", board="b", slice_ms=5)["analysis"]
    assert again["ply"] == 3 and again["stage"] == 0 and again["result"] is None


def test_analyse_refuses_bad_slices_and_puzzles(fresh):
    call(cmd="open", board="b", variant="oblong-shatranj", mode="game")
    for bad in (0, 20_000, True, "5"):
        r = call(cmd="analyse", board="b", slice_ms=bad)
        assert not r["ok"] and "slice_ms" in r["error"]
    call(cmd="open", board="t", variant="oblong-shatranj", options={"die": "false"}, mode="try",
         solutions=["b5b6"])
    r = call(cmd="analyse", board="t", slice_ms=20)
    assert not r["ok"] and "puzzle" in r["error"]


def test_a_finished_game_is_analysed_as_its_result(fresh):
    game = next(decisive("oblong-shatranj", {"die": False}))
    moves = [p.move.notation for p in game.history]
    call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"}, moves=moves)
    a = call(cmd="analyse", board="b", slice_ms=20)["analysis"]
    w = game.result.winner
    assert a["thinking"] is False and a["result"]["expected"] == (1.0 if w == "white" else 0.0)
    # the board's status says who won and why: the panel does not repeat it
    assert a["result"]["over"] is True and a["result"]["text"] == "Game over"
    assert a["result"]["line"] == [] and a["result"]["moves"] == [] and a["result"]["depth"] == 0
    shown = call(cmd="state", board="b")["state"]["result"]["text"]
    assert shown.startswith(f"{w.capitalize()} wins: ") and game.result.reason not in a["result"]["text"]


def _review_all(board="b", slice_ms=200):
    while True:
        r = call(cmd="review", board=board, slice_ms=slice_ms)
        assert r["ok"], r
        if r["review"]["finished"]:
            return r["review"]


def test_review_over_the_wire_marks_a_blunder_and_is_kept_with_the_saved_game(fresh):
    # Oblong Shatranj without die: a random game that ends in a win, whose
    # loser's last move let the winner in at once
    # (from the position where it was played, so the review is short)
    at, played, move, info = _blunder("oblong-shatranj", {"die": False})
    moves = [at.history[-1].move.notation, played.notation]
    call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"},
         position=at.at(len(at.history) - 1).position(), moves=moves)
    first = call(cmd="review", board="b", slice_ms=30)["review"]
    assert first["total"] == len(moves) + 1 and not first["finished"]
    assert set(first) == set(analysis.ReviewReply.__annotations__)
    done = _review_all()
    assert done["done"] == done["total"] and len(done["entries"]) == len(moves) + 1
    entry = done["entries"][len(moves) - 1]
    assert entry["played"] == played.notation and entry["mark"] == "blunder" and entry["judged"]
    assert [e["ply"] for e in done["entries"]] == list(range(len(moves) + 1))
    # each position at the review's budget: the engine's move is the search's at that budget
    move_there, _ = review_search(at)
    assert entry["best"] == move_there.notation
    # the mark beside its move in the move list, said to screen readers
    items = re.findall(r"<li [^>]*>.*?</li>", call(cmd="state", board="b")["state"]["moves_html"])
    marked = [i for i in items if "data-mark" in i]
    assert len(marked) == sum(1 for e in done["entries"] if e["mark"]) and len(items) == len(moves)
    assert f'data-ply="{len(moves)}"' in items[-1] and 'data-mark="blunder"' in items[-1]
    assert '<span aria-hidden="true">??</span>' in items[-1]
    assert f'(blunder, better {entry["best_name"]})' in items[-1]
    # ... and the better move shown beside the sign, as lichess shows it
    assert f'<span class="sharah-move-better" aria-hidden="true">better {entry["best_name"]}</span>' in items[-1]
    # kept with the saved game: a reload shows it without thinking
    saved = call(cmd="save", board="b")["saved"]
    assert saved["review"]["entries"] == done["entries"]
    bridge.reset()
    call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"}, saved=saved)
    look = call(cmd="review", board="b", look=True)["review"]
    assert look["finished"] and look["entries"] == done["entries"] and look["seconds"] == 0
    assert 'data-mark="blunder"' in call(cmd="state", board="b")["state"]["moves_html"]
    # a new move: only the last position and the new one are reviewed again
    legal = call(cmd="state", board="b")["state"]["moves"]
    call(cmd="play", board="b", move=legal[0]["n"])
    after = call(cmd="review", board="b", look=True)["review"]
    assert after["done"] == len(moves) and after["total"] == len(moves) + 2
    assert after["entries"] == done["entries"][:-1]
    # looking back, the marked move is among the moves to redo, with its mark
    st = call(cmd="goto", board="b", ply=len(moves) - 1)["state"]
    assert 'data-mark="blunder"' in st["future_html"]
    assert ("data-mark" in st["moves_html"]) == bool(done["entries"][0]["mark"])


def test_a_move_made_looking_back_reviews_again_only_from_there(fresh):
    moves = ["b5b6", "c12c11", "a5a6", "d12d11"]
    call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"}, moves=moves)
    done = _review_all()
    assert done["done"] == 5
    # back to the position after two moves; another move starts a variation
    call(cmd="goto", board="b", ply=2)
    call(cmd="play", board="b", move="d5d6", branch=True)
    look = call(cmd="review", board="b", look=True)["review"]
    # the positions before it, and the moves played from them, are the same: kept;
    # the position where the new move was played, and those after, are reviewed again
    assert look["total"] == 4 and look["done"] == 2 and look["entries"] == done["entries"][:2]
    again = _review_all()
    assert again["entries"][:2] == done["entries"][:2] and again["entries"][2]["played"] == "d5d6"
    assert [e["ply"] for e in again["entries"]] == [0, 1, 2, 3]


def test_cancel_keeps_what_is_reviewed(fresh):
    call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"},
         moves=["b5b6", "c12c11", "a5a6", "d12d11"])
    while True:
        r = call(cmd="review", board="b", slice_ms=30)["review"]
        if r["done"] >= 2:
            break
    stopped = call(cmd="review", board="b", cancel=True)["review"]
    assert not stopped["finished"] and stopped["done"] == r["done"]
    assert call(cmd="save", board="b")["saved"]["review"]["entries"] == stopped["entries"]


def test_a_damaged_review_in_a_saved_game_is_dropped_and_the_game_kept(fresh):
    call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"}, moves=["b5b6"])
    saved = call(cmd="save", board="b")["saved"]
    entry = {"ply": 0, "score": 0.1, "win_in": None, "expected": 0.5, "best": "b5b6", "best_name": "b5b6",
             "played": "b5b6", "loss": 0.0, "mark": "", "depth": 3, "judged": True}
    v = analysis.REVIEW_VERSION
    assert analysis.check_review({"v": v, "moves": ["b5b6"], "entries": [entry]})["entries"] == [entry]
    for bad in ({"v": v, "moves": ["b5b6"], "entries": [{"ply": 0}]}, "x", {"v": 9},
                {"v": v - 1, "moves": ["b5b6"], "entries": [entry]},           # a review of another version
                {"v": v, "moves": ["b5b6"], "entries": [{**entry, "judged": 1}]},
                {"v": v, "moves": ["b5b6"], "entries": [{**entry, "depth": True}]}):
        bridge.reset()
        r = call(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"},
                 saved={**saved, "review": bad})
        assert r["ok"] and r.get("restored") and r["state"]["ply"] == 1
        assert call(cmd="review", board="b", look=True)["review"]["done"] == 0
