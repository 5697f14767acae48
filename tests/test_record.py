"""Whole games as text (sharah_web.record): records, links, saved games,
and the bridge commands that export, import and replay them."""

from __future__ import annotations

import json
import random
import re

import pytest

import sharah_web
from sharah_web import bridge, randomgame, record
from sharah_web.record import RecordError

from helpers import board_text, game_with, call, ok

OBLONG_START = "egke/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/EGKE w 3 0"

GOLDEN_RECORD = """\
[Event "Casual game"]
[Site "?"]
[Date "2026.11.22"]
[White "Anna"]
[Black "?"]
[Result "*"]
[Variant "oblong-shatranj"]
[Options "setup=1 die=true promotion=general bare_king=auto"]
[Roll "3"]

1. b2c4@5 b16a15@1 2. a7a8@2 pass@6 3. pass@3 *
"""

GOLDEN_LINK = ("game=1;v=oblong-shatranj;o=setup:1,die:true,promotion:general,bare_king:auto;"
               "r=3;m=b2c4@5,b16a15@1,a7a8@2,pass@6,pass@3;b=sharah-oblong-1")


def golden_game():
    g = sharah_web.new_game("oblong-shatranj", OBLONG_START)
    for move, roll in [("b2c4", 5), ("b16a15", 1), ("a7a8", 2), ("pass", 6), ("pass", 3)]:
        g.play(move, roll=roll)
    return g


def random_game(variant, seed, plies=None, position=None, **options):
    """A seeded random game that leans to captures and special moves (promotions,
    facings, pulls, pushes, drops, removals, passes, draw offers): ``plies``
    moves, or the tests' share of legal moves (``randomgame.MOVES``)."""
    g = sharah_web.new_game(variant, position, seed=seed, **options)
    return randomgame.play_out(g, random.Random(seed), special=True, plies=plies,
                               moves=None if plies else randomgame.MOVES)


def same_line(a, b):
    """The same start, moves and position after every move (to redo included)."""
    la, lb = record.line(a), record.line(b)
    assert [p.move.notation for p in la] == [p.move.notation for p in lb]
    assert [a.start.text()] + [p.after.text() for p in la] == [b.start.text()] + [p.after.text() for p in lb]


def same_game(a, b):
    """The same line, shown at the same move, with the same result."""
    same_line(a, b)
    assert len(a.history) == len(b.history) and a.position() == b.position()
    assert a.result == b.result


def round_trips(g):
    """Record, link and saved game each give the same game back (a record
    holds no shown move: it reads back at its end)."""
    via_record = record.parse_record(record.format_record(g)).game
    same_line(g, via_record)
    assert via_record.future == []
    if not g.future:
        same_game(g, via_record)
    same_game(g, record.parse_link(record.format_link(g)).game)
    same_game(g, record.load_saved(json.dumps(record.saved_game(g))))


GAMES = randomgame.drawn(seeds=(1, 2))    # variant, options, seed: every game, two ways each


@pytest.mark.parametrize("variant, options, seed", GAMES, ids=[f"{v}-{s}" for v, _o, s in GAMES])
def test_random_games_round_trip_through_records_links_and_saved_games(variant, options, seed):
    g = random_game(variant, seed, **options)
    round_trips(g)
    # from a middle position: the record carries it as its start
    later = random_game(variant, seed + 10, 12, position=g.positions()[len(g.history) // 2].text(),
                        **options)
    text = record.format_record(later)
    assert f'[Position "{later.start.text()}"]' in text
    round_trips(later)
    # looking at an earlier move: every format keeps the moves after it
    for _ in range(min(3, len(later.history))):
        later.undo()
    saved = record.load_saved(record.saved_game(later))
    same_game(later, saved)
    assert len(saved.future) == len(later.future)
    same_game(later, record.parse_link(record.format_link(later)).game)


FEATURES = [   # positions where every legal move is a special kind of move
    ("oblong-shatranj", (4, 16, {"b15": "P", "a1": "K", "d14": "k"}), "w 1 0", {"promotion": "any"}),
    ("oblong-shatranj", (4, 16, {"b15": "P", "a1": "K", "d14": "k", "c3": "N"}), "w 3 0", {}),
    ("scheherazade", (10, 10, {"a4": "R", "f4": "H", "j1": "K", "j10": "k"}), "w", {}),
    ("scheherazade", (10, 10, {"e9": "P", "d10": "n", "a1": "K", "j1": "k"}), "w", {}),
    ("scheherazade", (10, 10, {"d4": "p", "e5": "P", "a1": "K", "j10": "k"}), "w - d5 0", {}),
    ("sharah-hedman", (13, 13, {"g7": "*", "e8": "W", "a1": "A", "m2": "a"}), "r - 0", {}),
    ("sharah-surrounds", (15, 15, {"e5": "q", "e9": "Y", "h14": "Q", "h8": "*"}), "g - - 0", {}),   # pulls
    ("sharah-mittner", (15, 15, {"b14": "O", "c14": "O", "b13": "o", "c13": "o", "d13": "o", "d14": "o",
                                 "m3": "o", "h8": "*"}), "r capture -/- - 0", {}),
]


@pytest.mark.parametrize("variant, board, rest, options", FEATURES)
def test_every_legal_move_of_special_positions_round_trips(variant, board, rest, options):
    start = board_text(*board) + " " + rest
    g = sharah_web.new_game(variant, start, **options)
    moves = [m.notation for m in g.legal_moves()]
    assert len(moves) >= 2
    for move in moves:
        one = sharah_web.new_game(variant, start, **options)
        one.play(move)
        round_trips(one)


def test_features_cover_every_kind_of_notation():
    texts = set()
    for variant, board, rest, options in FEATURES:
        texts |= {m.notation for m in sharah_web.new_game(variant, board_text(*board) + " " + rest,
                                                           **options).legal_moves()}
    for variant, options, seed in GAMES:
        texts |= {p.move.notation for p in record.line(random_game(variant, seed, **options))}
    for pattern in (r"=N$", r"=RH$", r"\+F$", r"-F$", r"^x[a-o]\d+$", r"^[SFO]@", r"^pass$",
                    r"^offer-draw$", r"^decline-draw$", r":[nesw]+$", r"\+[a-o]\d+[a-o]\d+$"):
        assert any(re.search(pattern, t) for t in texts), pattern


# ------------------------------------------------------------------ records

def test_record_text_is_exact():
    assert record.format_record(golden_game(), {"Date": "2026.11.22", "White": "Anna",
                                                "Event": "Casual game"}) == GOLDEN_RECORD


def test_record_of_a_finished_game_gives_the_result_and_why():
    g = game_with("oblong-shatranj", {"a1": "K", "b2": "R", "b5": "k"}, "w 2 0")
    g.play("b2b5", roll=4)
    text = record.format_record(g)
    assert '[Result "1-0"]' in text and '[Termination "king-captured"]' in text
    assert text.endswith("1. b2b5@4 {White wins: the black king was captured.} 1-0\n")
    assert '[Position "4/4/4/4/4/4/4/4/4/4/4/1k2/4/4/1R2/K3 w 2 0"]' in text
    assert record.parse_record(text).game.result == g.result


def test_record_sides_are_the_games_own_and_numbers_follow_the_first_mover():
    g = sharah_web.new_game("sharah-mittner")
    g.play("S@e5")
    g.play("S@h10")
    text = record.format_record(g, {"Red": "Ben"})
    assert '[Red "Ben"]\n[Green "?"]' in text
    assert text.endswith("\n\n1. S@e5 S@h10 *\n")      # Green places first
    assert [p.move.notation for p in record.parse_record(text).game.history] == ["S@e5", "S@h10"]
    later = sharah_web.new_game("scheherazade", "ro1bssb1or/2nh1khn2/pppppppppp/10/10/10/10/PPPPPPPPPP/"
                                                "2NH1KHN2/RO1BSSB1OR b Kk - 0")
    later.play("e8e7")
    later.play("e3e4")
    assert record.format_record(later).endswith("\n\n1... e8e7 2. e3e4 *\n")


def test_import_skips_comments_numbers_and_the_result():
    text = ('\ufeff[Variant "oblong-shatranj"]\r\n[Options "die=false"]\r\n'
            "; a line comment\n1.a7a8 {the pawn; goes} 1... d10d9\n2. b7b8 { multi\nline } *  {after}\n")
    game = record.parse_record(text).game
    assert [p.move.notation for p in game.history] == ["a7a8", "d10d9", "b7b8"]


def test_import_accepts_the_long_form_of_scheherazade():
    text = '[Variant "scheherazade"]\n1. Nc2-d4 e8-e7 2. Rj1-j2 *'
    game = record.parse_record(text).game
    assert [p.move.notation for p in game.history] == ["c2d4", "e8e7", "j1j2"]


def test_a_record_keeps_unknown_tags_and_unescapes_values():
    read = record.parse_record('[Variant "scheherazade"]\n[White "A \\"Kid\\" \\\\ B"]\n[Round "3"]\n*')
    assert read.tags == {"Variant": "scheherazade", "White": 'A "Kid" \\ B', "Round": "3"}
    assert '[White "A \\"Kid\\" \\\\ B"]' in record.format_record(read.game, {"White": read.tags["White"]})


def test_a_record_without_rolls_takes_the_roll_each_move_needs():
    g = random_game("oblong-shatranj", 7, 120)
    text = record.format_record(g)
    bare = re.sub(r"@\d", "", text).replace('[Roll "', '[X "')
    assert "@" not in bare
    again = record.parse_record(bare).game
    assert [p.move.notation for p in again.history] == [p.move.notation for p in g.history]
    for a, b in zip(g.positions(), again.positions()):
        assert a.board == b.board and a.to_move == b.to_move
    # the roll before a move other than a pass is the one that move needs
    for i, ply in enumerate(g.history):
        if ply.move.notation != "pass":
            assert again.positions()[i].state["roll"] == g.positions()[i].state["roll"]


def test_a_record_without_rolls_says_when_no_roll_allows_a_move():
    text = '[Variant "oblong-shatranj"]\n1. b2c4 b15c13 2. a5a7 *'
    with pytest.raises(RecordError) as e:
        record.parse_record(text)
    assert e.value.ply == 3 and e.value.move == "a5a7"
    assert str(e.value) == ("move 3 (a5a7): a5a7: the pawn on a5 cannot move to a7 (the record gives no "
                            "roll before it, and no roll makes it legal)")


def illegal_seventh():
    return ('[Variant "oblong-shatranj"]\n[Options "die=false"]\n'
            "1. a7a8 d10d9 2. b7b8 c10c9 3. c7c8 b10b9 4. a8a10 a10a9 *\n")


def test_an_illegal_seventh_move_is_named_by_number_and_reason():
    with pytest.raises(RecordError) as e:
        record.parse_record(illegal_seventh())
    assert str(e.value) == "move 7 (a8a10): a8a10: the pawn on a8 cannot move to a10"
    assert (e.value.ply, e.value.move) == (7, "a8a10")
    assert isinstance(e.value, sharah_web.NotationError)


@pytest.mark.parametrize("text, message", [
    ("", 'the record does not say which game it is: add a tag like [Variant "scheherazade"]'),
    ('[Variant "chess"]\n*', "unknown game 'chess' (known: oblong-shatranj, scheherazade, sharah-hedman, "
                             "sharah-mittner, sharah-surrounds)"),
    ('[Variant "scheherazade"]\n[Options "die=false"]', "scheherazade has no option 'die' (options: agreement)"),
    ('[Variant "scheherazade"]\n[Options "agreement"]',
     "the Options tag lists name=value pairs; 'agreement' is not one"),
    ('[Variant "oblong-shatranj"]\n[Options "setup=9"]', "option setup must be one of 1, 2, 3, 4, 5, 6, 7, not 9"),
    ('[Variant "oblong-shatranj"]\n[Roll "9"]', "the roll before the first move: a die roll is 1 to 6, not 9"),
    ('[Variant "oblong-shatranj"]\n[Roll "x"]', "the Roll tag must be the die roll before the first move, not 'x'"),
    ('[Variant "oblong-shatranj"]\n[Position "4/4 w 0"]', "its start position: the board has 16 ranks, the text gives 2"),
    ('[Variant "oblong-shatranj"]\n[Position "4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/KQ1k w 1 0"]',
     "its start position: unknown piece letter 'Q' in oblong-shatranj"),
    ('[Variant "scheherazade"]\n[Variant "scheherazade"]', "line 2: the tag Variant is given twice"),
    ('[Variant scheherazade]', 'line 1: a tag is written [Name "value"]'),
    ('[Variant "scheherazade"]\n1. e3e4 {unclosed', "line 2: a comment opened with { is not closed with }"),
    ('[Variant "scheherazade"]\n1. e3e4 (1. e3e5 *', "line 2: the result * inside a variation; close it with ) first"),
    ('[Variant "scheherazade"]\n1. e3e4 (1. e3e5', "a variation opened with ( is not closed with )"),
    ('[Variant "scheherazade"]\n(1. e3e5) 1. e3e4 *', "line 2: a variation ( ) must follow the move it replaces"),
    ('[Variant "scheherazade"]\n1. e3e4 () *', "line 2: an empty variation ( )"),
    ('[Variant "scheherazade"]\n1. e3e4 e8e7) *', "line 2: a ) that closes no variation"),
    ('[Variant "scheherazade"]\n1. e3e4 (1. e3e9) *', "move 1 (e3e9): e3e9: the pawn on e3 cannot move to e9"),
    ('[Variant "scheherazade"]\n1. e3e4 *\n2. f8f7', "line 2: moves after the result *"),
    ('[Variant "scheherazade"]\n1. e3e4\n[Black "x"]', "line 3: a tag after the moves; tags come first"),
    ('[Variant "scheherazade"]\n1. e3e4 f8f', "move 2 (f8f): 'f8f' is not a move: write the from-square then "
                                             "the to-square, like b2b3"),
    ('[Variant "oblong-shatranj"]\n[Options "die=false"]\n1. b5b6 \x00\x13\x7f\u20ac',
     "move 2 (\x00\x13\x7f\u20ac): '\\x00\\x13\\x7f€' is not a move: write the from-square then the "
     "to-square, like b2b3"),
])
def test_bad_records_say_what_is_wrong(text, message):
    with pytest.raises(RecordError) as e:
        record.parse_record(text)
    assert str(e.value) == message


def test_oversized_records_and_games_are_refused():
    with pytest.raises(RecordError, match=r"^the record is too long \(200,001 characters; at most 200,000\)$"):
        record.parse_record("x" * 200_001)
    moves = " ".join(["pass"] * 5_001)
    with pytest.raises(RecordError, match=r"^the record has more than 5,000 moves$"):
        record.parse_record(f'[Variant "oblong-shatranj"]\n{moves}')
    with pytest.raises(RecordError, match="^the record must be text$"):
        record.parse_record(b"[Variant]")


def test_random_bytes_never_give_another_error():
    rng = random.Random(5)
    for n in range(200):
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).decode("latin-1")
        prefix = '[Variant "oblong-shatranj"]\n' if n % 2 else ""
        try:
            record.parse_record(prefix + junk)
        except RecordError as e:
            assert str(e)


def test_truncated_records_fail_cleanly_or_read_a_shorter_game():
    text = record.format_record(random_game("sharah-hedman", 4, 30))
    full = record.parse_record(text).game
    for cut in range(0, len(text), 7):
        try:
            game = record.parse_record(text[:cut]).game
        except RecordError as e:
            assert str(e)
            continue
        plies = [p.move.notation for p in game.history]
        assert plies == [p.move.notation for p in full.history][:len(plies)]


# -------------------------------------------------------------------- links

def test_link_text_is_exact_and_reads_back():
    g = golden_game()
    assert record.format_link(g, "sharah-oblong-1") == GOLDEN_LINK
    link = record.parse_link("#" + GOLDEN_LINK)
    assert link.board == "sharah-oblong-1"
    same_game(g, link.game)


def test_a_link_escapes_what_a_url_cannot_hold():
    g = random_game("sharah-surrounds", 4, 40)
    text = record.format_link(g)
    assert re.fullmatch(r"[A-Za-z0-9/:@()*+=\-._~!;,%]+", text)
    assert "%3E" in text          # an Aes Sedai's push, b5e5>f5h5
    same_game(g, record.parse_link(text).game)


@pytest.mark.parametrize("fragment, message", [
    ("#board=1", "this is not a game link (it should start with #game=)"),
    ("game=2;v=scheherazade", "this link was written in another format (version 2); this site reads version 1"),
    ("game=x;v=scheherazade", "this is not a game link"),
    ("game=1;m=e3e4", "the link does not say which game it is"),
    ("game=1;v=scheherazade;q=1", "the link has a part this site does not know: q"),
    ("game=1;v=scheherazade;v=scheherazade", "the link gives v twice"),
    ("game=1;v=scheherazade;junk", "the link's parts are key=value; 'junk' is not one"),
    ("game=1;v=scheherazade;o=agreement", "the link's options are name:value pairs; 'agreement' is not one"),
    ("game=1;v=scheherazade;m=e3e4,f8f7,e4e", "move 3 (e4e): 'e4e' is not a move: write the from-square then "
                                             "the to-square, like b2b3"),
    ("game=1;v=scheherazade;m=e3e4;n=5", "the move to show must be 0 to 1, not 5"),
    ("game=1;v=scheherazade;r=-1", "the roll before the first move must be a whole number, not '-1'"),
    ("game=1;v=scheherazade;p=10/10_w", "its start position: the board has 10 ranks, the text gives 2"),
    ("game=1;v=%E2%82%AC", "unknown game '€' (known: oblong-shatranj, scheherazade, sharah-hedman, "
                           "sharah-mittner, sharah-surrounds)"),
    ("game=" + "1" * 20_001, "the link is too long (20,006 characters; at most 20,000)"),
])
def test_bad_links_say_what_is_wrong(fragment, message):
    with pytest.raises(RecordError) as e:
        record.parse_link(fragment)
    assert str(e.value) == message


def test_truncated_links_fail_cleanly_or_read_a_shorter_game():
    g = random_game("sharah-mittner", 3, 80)
    text = record.format_link(g)
    for cut in range(0, len(text), 5):
        try:
            game = record.parse_link(text[:cut]).game
        except RecordError as e:
            assert str(e)
            continue
        plies = [p.move.notation for p in game.history]
        assert plies == [p.move.notation for p in g.history][:len(plies)]


def test_a_game_too_long_for_a_link_says_so(monkeypatch):
    g = random_game("scheherazade", 1, 12)
    monkeypatch.setattr(record, "MAX_LINK", 60)
    with pytest.raises(RecordError, match=r"^this game is too long for a link \(\d+ characters; at most "
                                          r"60\): copy its record instead$"):
        record.format_link(g)


# -------------------------------------------------------------- saved games

def test_saved_game_is_plain_json_open_to_extra_keys():
    g = golden_game()
    g.undo()
    blob = record.saved_game(g, players={"white": "human"})
    assert blob == {"players": {"white": "human"}, "format": "sharah-game", "version": 1,
                    "variant": "oblong-shatranj",
                    "options": {"setup": 1, "die": True, "promotion": "general", "bare_king": "auto"},
                    "start": None, "roll": 3, "moves": ["b2c4@5", "b16a15@1", "a7a8@2", "pass@6", "pass@3"],
                    "ply": 4}
    same_game(g, record.load_saved(json.dumps(blob)))


@pytest.mark.parametrize("blob, message", [
    ("{not json", "the saved game is damaged (not JSON)"),
    ("[1, 2]", "this is not a saved game"),
    ({"format": "sharah-game", "version": 0, "variant": "scheherazade", "moves": []},
     "the saved game was stored by another version of this site (format 0); it cannot be read"),
    ({"format": "sharah-game", "version": 1, "variant": "scheherazade"}, "the saved game is damaged (no move list)"),
    ({"format": "sharah-game", "version": 1, "variant": "scheherazade", "moves": ["e3e4", 7]},
     "move 2 (7): a move must be text"),
    ({"format": "sharah-game", "version": 1, "variant": "scheherazade", "options": [], "moves": []},
     "its options are not a list of name and value"),
    ({"format": "sharah-game", "version": 1, "variant": "scheherazade", "moves": ["e3e4"], "ply": "1"},
     "the move to show must be 0 to 1, not '1'"),
    ("x" * 300_001, "the saved game is too large (300,001 characters; at most 150,000)"),
])
def test_bad_saved_games_say_what_is_wrong(blob, message):
    with pytest.raises(RecordError) as e:
        record.load_saved(blob if isinstance(blob, str) else json.dumps(blob))
    assert str(e.value) == message


# ------------------------------------------------------------------ the bridge

@pytest.fixture(autouse=True)
def fresh():
    bridge.reset()
    yield
    bridge.reset()


NODIE = {"variant": "oblong-shatranj", "options": {"die": "false"}}


def test_bridge_exports_and_imports_a_record_all_or_nothing():
    ok(cmd="open", board="b", uid="u1", **NODIE)
    for move in ("b5b6", "c12c11"):
        ok(cmd="play", board="b", move=move)
    before = ok(cmd="state", board="b")["state"]
    out = call(cmd="load", board="b", record=illegal_seventh())
    assert out == {"ok": False, "board": "b", "error": "move 7 (a8a10): a8a10: the pawn on a8 cannot move to a10"}
    assert ok(cmd="state", board="b")["state"] == before
    good = illegal_seventh().replace("4. a8a10 a10a9", "4. d7d8 a10a9").replace('[Options', '[White "Anna"]\n[Options')
    out = ok(cmd="load", board="b", record=good)
    assert out["applied"] is True and out["plies"] == 8 and out["tags"]["White"] == "Anna"
    assert out["state"]["history"][-2:] == ["d7d8", "a10a9"] and out["state"]["ply"] == 8
    text = ok(cmd="record", board="b", tags={"Date": "2026.11.23", "White": "Someone else"})["record"]
    assert '[Date "2026.11.23"]' in text and '[White "Anna"]' in text     # the game's own tags win
    assert text.endswith("4. d7d8 a10a9 *\n")


def test_bridge_load_refuses_another_game_and_other_boards():
    ok(cmd="open", board="b", **NODIE)
    out = call(cmd="load", board="b", record='[Variant "scheherazade"]\n1. e3e4 *')
    assert out["error"] == "this is a game of Scheherazade; this board plays Oblong Shatranj with die"
    ok(cmd="open", board="d", mode="diagram", **NODIE)
    out = call(cmd="load", board="d", link="game=1;v=oblong-shatranj;o=die:false;m=b5b6")
    assert out["error"] == "only a game board takes a whole game (this board is a diagram)"
    assert call(cmd="load", board="b")["error"] == "load takes one of record, link or saved"


def test_bridge_link_loads_only_when_nothing_is_lost():
    ok(cmd="open", board="b", **NODIE)
    ok(cmd="play", board="b", move="b5b6")
    link = ok(cmd="link", board="b")["link"]
    assert link == "game=1;v=oblong-shatranj;o=setup:1,die:false,promotion:general,bare_king:auto;m=b5b6;b=b"
    ok(cmd="open", board="friend", **NODIE)
    ok(cmd="load", board="friend", link=link)
    ok(cmd="play", board="friend", move="c12c11")
    answer = ok(cmd="link", board="friend")["link"]
    # the answer continues b's game: it loads without asking
    out = ok(cmd="load", board="b", link=answer, if_unchanged=True)
    assert out["applied"] is True and out["state"]["history"] == ["b5b6", "c12c11"]
    # another game would replace moves b has played: not loaded, nothing changed
    ok(cmd="play", board="b", move="a5a6")
    before = ok(cmd="state", board="b")["state"]
    other = "game=1;v=oblong-shatranj;o=die:false;m=d5d6"
    assert ok(cmd="load", board="b", link=other, if_unchanged=True) == {"ok": True, "board": "b", "applied": False}
    assert ok(cmd="state", board="b")["state"] == before
    assert ok(cmd="load", board="b", link=other)["state"]["history"] == ["d5d6"]


def test_bridge_saves_and_restores_on_open():
    ok(cmd="open", board="b", uid="u", **NODIE, moves=["b5b6"])
    ok(cmd="play", board="b", move="c12c11")
    ok(cmd="play", board="b", move="a5a6")
    ok(cmd="undo", board="b")
    ok(cmd="flip", board="b")
    saved = ok(cmd="save", board="b")["saved"]
    assert saved["moves"] == ["b5b6", "c12c11", "a5a6"] and saved["ply"] == 2
    assert saved["orientation"] == "black"
    bridge.reset()
    out = ok(cmd="open", board="b", uid="u", **NODIE, moves=["b5b6"], saved=json.dumps(saved))
    s = out["state"]
    assert out["restored"] is True and "refused" not in out
    assert s["history"] == ["b5b6", "c12c11"] and s["can_redo"] and s["orientation"] == "black"
    assert s["future"] == [{"name": "a5a6", "number": "2.", "side": "white", "kind": "move"}]
    # the page's own opening stays the board's start
    assert ok(cmd="restart", board="b")["state"]["history"] == ["b5b6"]


def test_bridge_open_sets_a_bad_saved_game_aside_with_a_note():
    old = {"format": "sharah-game", "version": 0, "moves": []}
    out = ok(cmd="open", board="b", **NODIE, saved=json.dumps(old))
    assert out["refused"] == ("the saved game was stored by another version of this site (format 0); "
                              "it cannot be read")
    assert out["state"]["history"] == [] and "restored" not in out
    out = ok(cmd="open", board="c", variant="scheherazade",
             saved=json.dumps(record.saved_game(sharah_web.new_game("oblong-shatranj"))))
    assert out["refused"].startswith("this is a game of Oblong Shatranj with die; this board plays Scheherazade")


def test_a_loaded_game_from_another_start_becomes_the_boards_start():
    ok(cmd="open", board="b", **NODIE)
    start = "4/4/4/4/4/4/4/4/4/4/4/2k1/4/4/1R2/K3 w 0"
    g = sharah_web.new_game("oblong-shatranj", start, die=False)
    g.play("b2b3")
    ok(cmd="load", board="b", saved=record.saved_game(g))
    s = ok(cmd="restart", board="b")["state"]
    assert s["position"] == start and s["history"] == []


def test_bridge_goto_replays_without_losing_moves():
    ok(cmd="open", board="b", **NODIE)
    for move in ("a7a8", "d10d9", "b7b8", "c10c9"):
        ok(cmd="play", board="b", move=move)
    s = ok(cmd="goto", board="b", ply=1)["state"]
    assert s["history"] == ["a7a8"] and s["ply"] == 1
    assert [f["name"] for f in s["future"]] == ["d10d9", "b7b8", "c10c9"]
    assert [f["number"] for f in s["future"]] == ["", "2.", ""]
    assert ok(cmd="goto", board="b", ply=0)["state"]["history"] == []
    assert ok(cmd="goto", board="b", ply=4)["state"]["future"] == []
    before = ok(cmd="state", board="b")["state"]
    for bad in (5, -1, "2", True):
        assert call(cmd="goto", board="b", ply=bad)["error"] == f"ply must be a whole number from 0 to 4, not {bad!r}"
    assert ok(cmd="state", board="b")["state"] == before


def test_a_records_own_tags_are_written_back_and_bad_tags_refused():
    read = record.parse_record('[Variant "scheherazade"]\n[Event "' + "long " * 100 + '"]\n'
                               '[A_very_long_tag_name_that_is_still_a_name "x"]\n1. e3e4 *')
    again = record.parse_record(record.format_record(read.game, read.tags))
    assert again.tags == {**read.tags, "Site": "?", "Date": "????.??.??", "White": "?", "Black": "?",
                          "Result": "*", "Options": "agreement=true"}
    with pytest.raises(RecordError, match=r"^'two words' is not a tag name \(letters, digits and _\)$"):
        record.format_record(read.game, {"two words": "x"})
    with pytest.raises(RecordError, match=r"^the tag Round must be text$"):
        record.format_record(read.game, {"Round": 3})
