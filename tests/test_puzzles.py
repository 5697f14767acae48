"""Puzzles: the prover (sharah_web.proof) on positions of known answer in
every game, against a plain reference search; the stored puzzles proved
again (certificates, and for depth 1 and 2 that no other first move wins);
the puzzle board on the wire (bridge: puzzle, solve)."""

import copy
import json

import pytest

import sharah_web
from sharah_web import bridge, puzzles
from sharah_web.proof import Prover, check_certificate

from helpers import board_text, game_with

MIT_FISHER = {"h8": "*"}


def reference_wins(game, n: int) -> bool:
    """Plain AND/OR search over a ``Game`` (play and undo, nothing
    remembered, nothing ordered): the side to move wins within ``n``."""
    attacker = game.to_move
    for m in [m for m in game.legal_moves() if m.kind not in ("offer-draw", "accept-draw", "decline-draw")]:
        game.play(m)
        try:
            r = game.result
            if r is not None:
                ok = r.winner == attacker
            elif n == 1:
                ok = False
            else:
                ok = True
                defences = [d for d in game.legal_moves() if d.kind not in ("offer-draw", "accept-draw", "decline-draw")]
                ok = bool(defences)
                for d in defences:
                    game.play(d)
                    try:
                        r2 = game.result
                        held = (r2.winner != attacker) if r2 is not None else not reference_wins(game, n - 1)
                    finally:
                        game.undo()
                    if held:
                        ok = False
                        break
        finally:
            game.undo()
        if ok:
            return True
    return False


def reference_winning_moves(game, n: int) -> list[str]:
    """Every first move that wins within ``n``, by the reference search."""
    attacker = game.to_move
    out = []
    for m in game.legal_moves():
        if m.kind in ("offer-draw", "accept-draw", "decline-draw"):
            continue
        game.play(m)
        try:
            r = game.result
            if r is not None:
                ok = r.winner == attacker
            elif n == 1:
                ok = False
            else:
                ok = True
                for d in [d for d in game.legal_moves() if d.kind not in ("offer-draw", "accept-draw", "decline-draw")]:
                    game.play(d)
                    try:
                        r2 = game.result
                        held = (r2.winner != attacker) if r2 is not None else not reference_wins(game, n - 1)
                    finally:
                        game.undo()
                    if held:
                        ok = False
                        break
        finally:
            game.undo()
        if ok:
            out.append(m.notation)
    return out


def mittner(pieces, rest):
    p = dict(pieces)
    p.setdefault("h8", "*") if "*" not in p.values() else None
    return sharah_web.new_game("sharah-mittner", board_text(15, 15, p) + " " + rest)


# (name, game, depth, the winning first moves: the known answer)
KNOWN = [
    # a rook takes the last knight: the black king is bare, and cannot take back
    ("oblong bare", lambda: game_with("oblong-shatranj", {"a1": "K", "b1": "R", "b11": "n", "d14": "k"},
                                      "w 0", die=False), 1, ["b1b11"]),
    # the same, but the black king next to b11 would bare White back: a draw, no win
    ("oblong bare-back", lambda: game_with("oblong-shatranj", {"a1": "K", "b1": "R", "b11": "n", "c12": "k"},
                                           "w 0", die=False), 1, []),
    # a back-rank mate along the tenth rank
    ("scheherazade mate", lambda: game_with("scheherazade", {"e1": "K", "a1": "R", "b9": "R", "j10": "k",
                                                             "c7": "p"}), 1, ["a1a10"]),
    # the rook on b9 shuts the ninth rank; either rook then mates on the tenth
    ("scheherazade mate in 2", lambda: game_with("scheherazade", {"e1": "K", "a1": "R", "b2": "R", "j10": "k",
                                                                 "c7": "p"}), 2, None),
    # the withdrawer steps away from Green's last major piece and takes it
    ("hedman withdrawer", lambda: game_with("sharah-hedman", {"e6": "W", "e7": "a", "a1": "A", "k10": "p"},
                                            "r - 0"), 1, None),
    # Green, holding the Fisher, brings him onto a green square of Red's back row
    ("mittner fisher home", lambda: mittner({"h2": "*", "n14": "O", "b14": "s"}, "g dance -/- g 0"), 1, None),
    # an Aes Sedai pushes the Fisher onto a green border square
    ("surrounds push", lambda: game_with("sharah-surrounds", {"h2": "q", "h14": "Q", "d10": "a", "d14": "*"},
                                         "g r + 0"), 1, None),
]


@pytest.mark.parametrize("name, make, depth, winning", KNOWN, ids=[k[0] for k in KNOWN])
def test_prover_finds_exactly_the_winning_first_moves(name, make, depth, winning):
    game = make()
    reference = reference_winning_moves(game, depth)
    if winning is not None:
        assert reference == winning       # the known answer, by the plain search too
    prover = Prover(game.variant, game.current)
    sol = prover.solve(depth)
    if not reference:
        assert sol is None or sol.depth > depth
        return
    assert sol is not None and sol.depth <= depth
    if sol.depth == depth:
        assert sol.winning == reference
    for move, cert in sol.certificates.items():
        assert check_certificate(game.variant, game.current, move, cert, sol.depth) is None
    for move, defence in sol.refutations.items():
        ok, _ = Prover(game.variant, game.current).move_wins(
            next(m for m in game.legal_moves() if m.notation == move), sol.depth)
        assert not ok


def test_known_single_answers_hold_for_the_fisher_and_withdrawer_puzzles():
    hed = KNOWN[4][1]()
    sol = Prover(hed.variant, hed.current).solve(1)
    assert sol.depth == 1 and all(m.startswith("e6e") for m in sol.winning) and "e6e5" in sol.winning
    mit = KNOWN[5][1]()
    sol = Prover(mit.variant, mit.current).solve(1)
    assert "h2g1" in sol.winning and sol.results[sol.winning.index("h2g1")] == "fisher"
    sur = KNOWN[6][1]()
    sol = Prover(sur.variant, sur.current).solve(1)
    assert "d10d13>d14d15" in sol.winning


def test_the_mate_in_two_has_the_stubborn_line_and_no_faster_win():
    game = KNOWN[3][1]()
    prover = Prover(game.variant, game.current)
    assert not prover.wins(1)
    sol = prover.solve(2)
    assert sol.depth == 2
    assert "b2b9" in sol.winning
    first, defence, final = sol.line
    replay = KNOWN[3][1]()
    for text in sol.line:
        replay.play(text)
    assert replay.result.winner == "white"


def test_a_tampered_certificate_fails_naming_the_line():
    game = KNOWN[0][1]()
    assert check_certificate(game.variant, game.current, "b1b11", "b1b11", 1) is None
    assert "does not win at once" in check_certificate(game.variant, game.current, "b1b10", "b1b10", 1)
    game2 = KNOWN[3][1]()
    sol = Prover(game2.variant, game2.current).solve(2)
    move = sol.winning[0]
    cert = copy.deepcopy(sol.certificates[move])
    dropped = sorted(cert["r"])[0]
    del cert["r"][dropped]
    assert check_certificate(game2.variant, game2.current, move, cert, 2) == \
        f"{move}: the defence {dropped} is not answered"


# ------------------------------------------------------------------ the stored puzzles

STORED = [r for g in puzzles.GAMES for r in puzzles.load(g)]


def test_every_stored_puzzle_is_proved_again():
    assert puzzles.check_all() == []


def test_a_puzzle_whose_win_no_longer_holds_fails_named(monkeypatch):
    """A rules change that takes the win away (here: the game's referee
    never ends a game) fails the check, naming the puzzle."""
    record = STORED[0]
    cls = sharah_web.variants.VARIANTS[record["game"]]
    monkeypatch.setattr(cls, "result", lambda self, game: None)
    monkeypatch.setattr(puzzles, "load", lambda g: [record] if g == record["game"] else [])
    failures = puzzles.check_all()
    assert len(failures) == 1 and failures[0].startswith(f"puzzle {record['id']} ({record['game']}): ")


@pytest.mark.parametrize("record", [r for r in STORED if r["depth"] <= 2], ids=lambda r: r["id"])
def test_no_other_first_move_wins(record):
    """Uniqueness proved again for depth 1 and 2: each stored winning move
    wins, every other first move is refuted, and none wins faster."""
    v = sharah_web.variant(record["game"], **record["options"])
    pos = v.parse_position(record["position"])
    prover = Prover(v, pos)
    if record["depth"] == 2:
        assert not prover.wins(1)
    winning = []
    for m in v.legal_moves(pos):
        if m.kind in ("offer-draw", "accept-draw", "decline-draw"):
            continue
        ok, _ = prover.move_wins(m, record["depth"])
        if ok:
            winning.append(m.notation)
    assert winning == record["winning"]
    assert 1 <= len(winning) <= 2
    if record["depth"] == 1:      # the wins at once, found by playing every move: all candidates
        candidates = v.win_candidates(pos, v.legal_moves(pos))
        assert set(winning) <= {m.notation for m in candidates}
        assert v.win_candidate_moves(pos) == candidates
    refuted = sorted(m for ms in record["refutations"].values() for m in ms)
    assert refuted == sorted(set(m.notation for m in v.legal_moves(pos)
                                 if m.kind not in ("offer-draw", "accept-draw", "decline-draw")) - set(winning))


def test_every_game_has_its_puzzles_in_the_data():
    assert {r["game"] for r in STORED} <= set(puzzles.GAMES)
    for r in STORED:
        assert r["id"] == puzzles.puzzle_id(r["game"], r["options"], r["position"])
        assert r["themes"] and r["themes"][0] in sharah_web.core.TERMINATIONS
        assert r["solution"][0] in r["winning"]
        assert len(r["solution"]) <= 2 * r["depth"] - 1


# ------------------------------------------------------------------ the puzzle board

def ask(**req):
    return json.loads(bridge.handle(json.dumps(req)))


def open_puzzle(record, board="pz"):
    return ask(cmd="open", board=board, mode="puzzle", variant=record["game"],
               puzzle=puzzles.play_data(record))


def deep_puzzle():
    return next(r for r in STORED if r["depth"] >= 2)


def test_a_puzzle_is_solved_by_its_line_against_the_stubborn_defence():
    record = deep_puzzle()
    reply = open_puzzle(record)
    assert reply["ok"], reply
    st = reply["state"]
    assert st["puzzle"] == {"id": record["id"], "depth": record["depth"], "moves_left": record["depth"],
                            "solved": False, "mistakes": 0, "themes": record["themes"]}
    line = record["solution"]
    for i in range(0, len(line), 2):
        out = ask(cmd="solve", board="pz", move=line[i])
        assert out["ok"], out
        if i + 1 < len(line):
            assert (out["verdict"], out["reply"]) == ("right", line[i + 1])
        else:
            assert out["verdict"] == "solved"
    assert out["state"]["puzzle"]["solved"] and out["state"]["result"]["winner"] == out["state"]["history_sides"][0]
    again = ask(cmd="solve", board="pz", move=line[0])
    assert not again["ok"] and "solved" in again["error"]


def test_a_wrong_first_move_is_not_kept_and_says_why():
    record = deep_puzzle()
    open_puzzle(record)
    defence, moves = next(iter(record["refutations"].items()))
    out = ask(cmd="solve", board="pz", move=moves[0])
    assert out["ok"] and out["verdict"] == "wrong" and out["reason"] in ("loses", "holds", "ends")
    if out["reason"] != "ends":
        assert out["refutation"] == defence
    assert out["state"]["ply"] == 0 and out["state"]["puzzle"]["mistakes"] == 1


def test_every_winning_first_move_is_accepted():
    record = next((r for r in STORED if len(r["winning"]) == 2), None)
    if record is None:
        pytest.skip("no puzzle with two winning first moves in the data")
    for move in record["winning"]:
        open_puzzle(record)
        out = ask(cmd="solve", board="pz", move=move)
        assert out["verdict"] in ("right", "solved")


def test_a_puzzle_board_refuses_bad_puzzles_and_plain_moves():
    record = deep_puzzle()
    data = puzzles.play_data(record)
    bad = ask(cmd="open", board="pz2", mode="puzzle", variant=record["game"], puzzle=dict(data, lines=[]))
    assert not bad["ok"] and "damaged" in bad["error"]
    wrong_game = "scheherazade" if record["game"] != "scheherazade" else "oblong-shatranj"
    bad = ask(cmd="open", board="pz2", mode="puzzle", variant=wrong_game, puzzle=data)
    assert not bad["ok"] and "is not a puzzle of" in bad["error"]
    open_puzzle(record)
    out = ask(cmd="play", board="pz", move=record["solution"][0])
    assert not out["ok"] and "solve" in out["error"]
    out = ask(cmd="puzzle", board="pz", puzzle=dict(data, depth=9))
    assert not out["ok"]
    st = ask(cmd="state", board="pz")["state"]
    assert st["puzzle"]["id"] == record["id"]        # a refused puzzle changes nothing


def test_restart_sets_the_puzzle_back():
    record = deep_puzzle()
    open_puzzle(record)
    ask(cmd="solve", board="pz", move=record["solution"][0])
    out = ask(cmd="restart", board="pz")
    assert out["state"]["ply"] == 0 and out["state"]["puzzle"]["moves_left"] == record["depth"]


def finder():
    """scripts/puzzles.py (the finder), loaded as a module."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location("puzzle_finder",
                                                  Path(__file__).resolve().parent.parent / "scripts" / "puzzles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["sharah-surrounds", "oblong-shatranj"])
def test_the_finder_takes_a_move_of_each_side_back(game):
    """The finder's ``--back`` source: a stored puzzle of depth 2 a move
    earlier. Each side's move taken back is legal there, takes nothing,
    and played again (the winner's, then the reply) gives the puzzle's
    board back, the winner to move."""
    import random
    find = finder()
    record = next(r for r in STORED if r["game"] == game and r["depth"] == 2)
    v = sharah_web.variant(game, **record["options"])
    pos = v.parse_position(record["position"])
    rng = random.Random(7)

    def occupancy(p):
        return [(x.kind, x.side) if x else None for x in p.board]

    checked = 0
    for _ in range(10):
        reply = find.stepped_back(v, pos, v.opponent(pos.to_move), rng)
        first = reply and find.stepped_back(v, reply[0], pos.to_move, rng)
        if not first:          # none found in its draws (a rule may leave no quiet move)
            continue
        checked += 1
        earlier = first[0]
        for back, side in ((first, pos.to_move), (reply, v.opponent(pos.to_move))):
            assert earlier.to_move == side
            move = next(m for m in v.legal_moves(earlier) if m.frm == back[1] and m.to == back[2])
            assert not move.captured()
            earlier = v.apply(earlier, move)
        assert occupancy(earlier) == occupancy(pos) and earlier.to_move == pos.to_move
    assert checked >= 3
