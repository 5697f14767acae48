"""Bad input of any type and size: saved games, records and the
Python API refuse it with ``NotationError`` / ``IllegalMoveError`` /
``RecordError`` (all ``ValueError``s) and a plain message, and change nothing;
whatever was accepted can be saved, exported and read back."""

from __future__ import annotations

import json

import pytest

import sharah_web
from sharah_web import bridge, record
from sharah_web.core import IllegalMoveError, NotationError
from sharah_web.record import RecordError

from helpers import fail, ok


@pytest.fixture(autouse=True)
def fresh():
    bridge.reset()
    yield
    bridge.reset()


def stored(blob: dict) -> str:
    """A saved game as the page keeps it: ``JSON.stringify`` (no spaces,
    other scripts' letters as they are)."""
    return json.dumps(blob, ensure_ascii=False, separators=(",", ":"))


def request(**req) -> str:
    """A request as the page sends it (``JSON.stringify`` again)."""
    return json.dumps(req, ensure_ascii=False, separators=(",", ":"))


def answer(text: str) -> dict:
    return json.loads(bridge.handle(text))


def snapshot(game) -> tuple:
    """Everything a refused call must leave as it was."""
    return (game.position(), [p.move.notation for p in game.history],
            [p.move.notation for p in game.future], game.result, game.rng.getstate())


def scheherazade_game(plies: int = 2):
    game = sharah_web.new_game("scheherazade", seed=1)
    for _ in range(plies):
        game.play(game.legal_moves()[0])
    return game


def set_aside(out: dict, reason: str) -> None:
    """The open answered a fresh, usable board, with the reason (the page says it)."""
    assert out["ok"] is True and "restored" not in out
    assert out["refused"] == reason
    assert out["state"]["history"] == [] and out["state"]["moves"]


# ------------------------------------------------------------ saved games

def test_a_saved_game_nested_5000_deep_is_refused_before_it_is_parsed():
    good = stored(record.saved_game(scheherazade_game()))
    deep = good[:-1] + ',"extra":' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(RecordError) as e:
        record.load_saved(deep)
    assert type(e.value) is RecordError
    assert str(e.value) == "the saved game is damaged (nested more than 20 deep)"
    # the board opens fresh, says why, and plays
    out = answer(request(cmd="open", board="b", variant="scheherazade", saved=deep))
    set_aside(out, "the saved game is damaged (nested more than 20 deep)")
    assert ok(cmd="play", board="b", move="e3e4")["state"]["history"] == ["e3-e4"]


def test_the_damaged_entries_of_the_records_page_are_set_aside_with_the_engines_reason():
    """The records test page's first board (Oblong without the die, set-up
    1) saved after a7a8, as the page keeps it, then damaged three ways: the
    engine refuses each with its reason, exact, and opens a fresh board that
    plays (the browser test shows the page's side on one of them: the note,
    the entry kept under another key, the board usable)."""
    ok(cmd="open", board="a", variant="oblong-shatranj", options={"setup": 1, "die": False})
    ok(cmd="play", board="a", move="a7a8")
    good = stored(ok(cmd="save", board="a")["saved"])
    blob = json.loads(good)
    cases = {
        good[:-1] + ',"extra":' + "[" * 5000 + "]" * 5000 + "}":
            "the saved game is damaged (nested more than 20 deep)",
        good.replace('"setup":1', '"setup":1e400'):
            "the saved game is damaged (a number is too large: 1e400)",
        stored(dict(blob, tags={"Event": "\x01" * 20_000})):
            "the saved game is damaged (the tag Event is too long (20,000 characters; at most 4,000))",
    }
    for raw, reason in cases.items():
        assert len(raw) <= record.MAX_SAVED and raw != good
        out = answer(request(cmd="open", board="a", variant="oblong-shatranj", options={"setup": 1, "die": False},
                             saved=raw))
        set_aside(out, reason)
        assert ok(cmd="play", board="a", move="a7a8")["state"]["history"] == ["a7a8"]


def test_brackets_inside_text_are_not_nesting():
    game = scheherazade_game()
    blob = record.saved_game(game, tags={"Event": "[" * 300 + "{" * 300}, note="]]]}}}" * 20)
    again = record.load_saved(stored(blob))
    assert [p.move.notation for p in again.history] == [p.move.notation for p in game.history]


@pytest.mark.parametrize("depth, refused", [(20, False), (21, True)])
def test_the_nesting_limit_is_exact(depth, refused):
    blob = stored(record.saved_game(scheherazade_game()))
    text = blob[:-1] + ',"x":' + "[" * (depth - 1) + "]" * (depth - 1) + "}"   # the object is one level
    if refused:
        with pytest.raises(RecordError, match=r"^the saved game is damaged \(nested more than 20 deep\)$"):
            record.load_saved(text)
    else:
        record.load_saved(text)


@pytest.mark.parametrize("number, reason", [
    ("1e400", "a number is too large: 1e400"),
    ("-1e400", "a number is too large: -1e400"),
    ("NaN", "NaN is not a number"),
    ("Infinity", "Infinity is not a number"),
    ("1" * 40, "a number is too long: " + "1" * 20 + "…"),
])
def test_overflowing_numbers_in_a_saved_game_are_refused(number, reason):
    blob = stored(record.saved_game(sharah_web.new_game("oblong-shatranj"))).replace('"setup":1', f'"setup":{number}')
    assert number in blob
    with pytest.raises(RecordError) as e:
        record.load_saved(blob)
    assert type(e.value) is RecordError and str(e.value) == f"the saved game is damaged ({reason})"
    # on the Oblong page: a usable board and a note, not "internal error: OverflowError"
    out = answer(request(cmd="open", board="o", variant="oblong-shatranj", saved=blob))
    set_aside(out, f"the saved game is damaged ({reason})")


def test_an_infinite_option_given_as_an_object_is_refused():
    blob = {**record.saved_game(sharah_web.new_game("oblong-shatranj")), "options": {"setup": float("inf")}}
    with pytest.raises(RecordError, match=r"^option setup takes a whole number, not inf$"):
        record.load_saved(blob)


def test_an_entry_padded_to_2_mb_is_refused_by_its_size():
    good = stored(record.saved_game(scheherazade_game()))
    padded = good[:-1] + ',"pad":"' + "x" * 2_000_000 + '"}'
    with pytest.raises(RecordError) as e:
        record.load_saved(padded)
    assert str(e.value) == f"the saved game is too large ({len(padded):,} characters; at most 150,000)"


def test_the_largest_stored_entry_reaches_the_engine_whatever_it_holds():
    """An entry of MAX_SAVED characters, each one JSON writes as \\u0001 in
    the request, is still read by the engine (no "request is too long"):
    refused in words, set aside, and the board is usable."""
    good = stored(record.saved_game(scheherazade_game()))
    pad = record.MAX_SAVED + 1 - len(good) - len(',"pad":""')
    entry = good[:-1] + ',"pad":"' + "\x01" * pad + '"}'
    assert len(entry) == record.MAX_SAVED + 1
    text = request(cmd="open", board="b", variant="scheherazade", saved=entry)
    assert len(text) > 5.9 * record.MAX_SAVED and len(text) <= bridge.MAX_REQUEST
    set_aside(answer(text), "the saved game is too large (150,001 characters; at most 150,000)")
    # a record at its limit fits a request too
    text = request(cmd="load", board="b", record="\x01" * record.MAX_RECORD)
    assert len(text) <= bridge.MAX_REQUEST
    assert answer(text) == {"ok": False, "board": "b", "error": "the record does not say which game it is: "
                                                    'add a tag like [Variant "scheherazade"]'}


BASE = {"format": "sharah-game", "version": 1, "variant": "scheherazade", "moves": ["e3e4"]}


@pytest.mark.parametrize("change, message", [
    ({"tags": {"bad name": "x"}},
     "the saved game is damaged ('bad name' is not a tag name (letters, digits and _))"),
    ({"tags": {"Event": 3}}, "the saved game is damaged (the tag Event must be text)"),
    ({"tags": {"Event": "a\tb"}}, "the saved game is damaged (the tag Event holds a control character)"),
    ({"tags": {"Event": "x" * 4001}},
     "the saved game is damaged (the tag Event is too long (4,001 characters; at most 4,000))"),
    ({"tags": {"A" * 101: "x"}},
     "the saved game is damaged ('" + "A" * 40 + "…' is not a tag name (letters, digits and _, at most 100 "
     "of them))"),
    ({"tags": ["Event", "x"]}, "the saved game is damaged (its tags are not a list of name and value)"),
    ({"version": "1"}, "the saved game was stored by another version of this site (format 1); it cannot be read"),
    ({"version": 10 ** 15}, "the saved game was stored by another version of this site "
                            "(format 1000000000000000); it cannot be read"),
    ({"moves": {"1": "e3e4"}}, "the saved game is damaged (no move list)"),
    ({"moves": ["e3e4" + " " * 200]}, "move 1 (e3e4                                    …): a move is at most "
                                      "200 characters"),
    ({"roll": "3"}, "the saved game is damaged (a bad roll)"),
    ({"roll": True}, "the saved game is damaged (a bad roll)"),
    ({"ply": 10 ** 25}, "the move to show must be 0 to 1, not 10000000000000000000000000"),
    ({"ply": 1.0}, "the move to show must be 0 to 1, not 1.0"),
    ({"variant": 5}, "it does not say which game it is (no variant)"),
    ({"variant": ["scheherazade"]}, "it does not say which game it is (no variant)"),
    ({"start": 5}, "its start position is not text"),
    ({"options": {"agreement": 1}}, "option agreement is on or off (true/false), not 1"),
    ({"options": {"agreement": [True]}}, "option agreement is on or off (true/false), not [True]"),
])
def test_every_field_of_a_saved_game_is_checked_for_type_and_size(change, message):
    text = stored({**BASE, **change})
    with pytest.raises(RecordError) as e:
        record.load_saved(text)
    assert type(e.value) is RecordError and str(e.value) == message
    set_aside(answer(request(cmd="open", board="b", variant="scheherazade", saved=text)), message)


def test_a_saved_tag_with_a_bad_name_never_reaches_the_board():
    """Before: the tag was restored, and "Copy the record" failed from then on."""
    blob = {**record.saved_game(scheherazade_game()), "tags": {"bad name": "x", "Event": "ok"}}
    out = answer(request(cmd="open", board="b", variant="scheherazade", saved=stored(blob)))
    assert "refused" in out and "restored" not in out
    assert ok(cmd="record", board="b", tags={"Date": "2026.11.25"})["record"].startswith('[Event "?"]')
    # loading it later is refused the same way, the board unchanged
    ok(cmd="play", board="b", move="e3e4")
    before = ok(cmd="state", board="b")["state"]
    out = answer(request(cmd="load", board="b", saved=stored(blob)))
    assert out == {"ok": False, "board": "b", "error": "the saved game is damaged ('bad name' is not a tag "
                                                       "name (letters, digits and _))"}
    assert ok(cmd="state", board="b")["state"] == before
    assert ok(cmd="record", board="b")["record"]


# ------------------------------------------------------------------ records

@pytest.mark.parametrize("fill, n", [("\x01", 60_000), ("\t", 190_000)])
def test_a_record_with_a_huge_control_character_tag_is_refused_at_import(fill, n):
    text = f'[Variant "scheherazade"]\n[Event "{fill * n}"]\n\n1. e3e4 *'
    message = f"the tag Event is too long ({n:,} characters; at most 4,000)"
    with pytest.raises(RecordError) as e:
        record.parse_record(text)
    assert type(e.value) is RecordError and str(e.value) == message
    ok(cmd="open", board="b", variant="scheherazade")
    ok(cmd="play", board="b", move="e3e4")
    before = ok(cmd="state", board="b")["state"]
    assert answer(request(cmd="load", board="b", record=text)) == {"ok": False, "board": "b", "error": message}
    assert ok(cmd="state", board="b")["state"] == before
    assert ok(cmd="save", board="b")["saved"]["moves"] == ["e3e4"]


def test_control_characters_in_a_tag_become_spaces_and_read_back():
    text = '[Variant "scheherazade"]\n[Event "Cup\x01\x1f\t2026\x7f"]\n[Round "\u0085"]\n\n1. e3e4 *'
    read = record.parse_record(text)
    assert read.tags["Event"] == "Cup   2026 " and read.tags["Round"] == " "
    written = record.format_record(read.game, read.tags)
    assert '[Event "Cup   2026 "]' in written
    assert record.parse_record(written).tags["Event"] == "Cup   2026 "
    # a page's own tag is written the same way
    assert '[Site "a b"]' in record.format_record(read.game, {"Site": "a\nb"})
    # and the board keeps it through a reload
    ok(cmd="open", board="b", variant="scheherazade")
    ok(cmd="load", board="b", record=text)
    saved = ok(cmd="save", board="b")["saved"]
    assert saved["tags"]["Event"] == "Cup   2026 "
    bridge.reset()
    assert answer(request(cmd="open", board="b", variant="scheherazade", saved=stored(saved)))["restored"]


def many_tags(total: int, value: str = "") -> str:
    """Tag lines of ``total`` characters or a little more (names T0, T1...)."""
    lines, size, i = [], 0, 0
    while size < total:
        line = f'[T{i} "{value}"]'
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines)


def test_a_record_too_large_to_keep_is_refused_at_import():
    text = '[Variant "scheherazade"]\n' + many_tags(160_000) + "\n\n1. e3e4 *"
    assert len(text) < record.MAX_RECORD
    with pytest.raises(RecordError, match=r"^this game is too large to keep \(1[56]\d,\d{3} characters; "
                                          r"at most 150,000\)$"):
        record.parse_record(text)


def test_the_largest_record_accepted_saves_exports_and_reads_back():
    """Tags of quotes (each written as \\" in both forms) up to just below the
    saved game's limit: the record is read, its saved game is within the
    limit, its record (with the page's tags) reads again, and the request
    that restores it is far below the request limit."""
    head = '[Variant "scheherazade"]\n' + many_tags(146_000, '\\"' * 40)
    text = head + "\n\n1. e3e4 f8f7 2. d3d4 *"
    read = record.parse_record(text)
    ok(cmd="open", board="b", variant="scheherazade")
    assert ok(cmd="load", board="b", record=text)["applied"]
    saved = ok(cmd="save", board="b")["saved"]
    entry = stored(saved)
    assert 140_000 < len(entry) <= record.MAX_SAVED
    written = ok(cmd="record", board="b", tags={"Site": "https://example.org/x", "Date": "2026.11.25"})["record"]
    assert len(written) <= len(entry) + 10_000 < record.MAX_RECORD
    again = record.parse_record(written)
    assert {k: v for k, v in again.tags.items() if k.startswith("T")} == \
        {k: v for k, v in read.tags.items() if k.startswith("T")}
    restore = request(cmd="open", board="b", variant="scheherazade", saved=entry)
    assert len(restore) < bridge.MAX_REQUEST // 4
    bridge.reset()
    out = answer(restore)
    assert out["restored"] and out["state"]["history"] == ["e3-e4", "f8-f7", "d3-d4"]


def test_a_game_too_long_to_keep_is_refused_when_saved_and_the_game_stays(monkeypatch):
    """Each state of a game board carries the game as ``save`` gives it, so
    the page stores it in the task that shows the move; past the limits, it
    carries the reason instead, in the words ``save`` refuses with."""
    monkeypatch.setattr(record, "MAX_PLIES", 3)
    ok(cmd="open", board="b", variant="scheherazade")
    for move in ("e3e4", "f8f7", "d3d4"):
        state = ok(cmd="play", board="b", move=move)["state"]
    assert ok(cmd="save", board="b")["saved"]["moves"] == ["e3e4", "f8f7", "d3d4"]
    assert state["saved"] == ok(cmd="save", board="b")["saved"] and state["unsaved"] is None
    state = ok(cmd="play", board="b", move="d8d7")["state"]
    why = "this game has 4 moves, too many to keep (at most 3): the game before the last moves is kept"
    out = answer(request(cmd="save", board="b"))
    assert out == {"ok": False, "board": "b", "error": why}
    assert state["saved"] is None and state["unsaved"] == why
    assert ok(cmd="flip", board="b")["state"]["unsaved"] == why
    assert ok(cmd="state", board="b")["state"]["history"] == ["e3-e4", "f8-f7", "d3-d4", "d8-d7"]
    assert answer(request(cmd="record", board="b"))["error"] == \
        "this game has 4 moves, too many for a record (at most 3)"


def test_a_game_too_large_to_keep_is_refused_when_saved(monkeypatch):
    game = scheherazade_game(4)
    size = record.saved_size(record.saved_game(game))
    monkeypatch.setattr(record, "MAX_SAVED", size - 1)
    with pytest.raises(RecordError) as e:
        record.saved_game(game)
    assert str(e.value) == f"this game is too large to keep ({size:,} characters; at most {size - 1:,})"


# ------------------------------------------------------------- the Python API

def test_new_game_refuses_arguments_of_any_type():
    for bad, message in [(["oblong-shatranj"], r"^unknown game \['oblong-shatranj'\] \(known: "),
                         (None, r"^unknown game None"), (7, r"^unknown game 7")]:
        with pytest.raises(NotationError, match=message):
            sharah_web.new_game(bad)
    for seed in ([], 1.5, True, "7"):
        with pytest.raises(NotationError, match=r"^the seed is a whole number, not "):
            sharah_web.new_game("oblong-shatranj", seed=seed)
    with pytest.raises(NotationError, match=r"^the position is text, not \['4/4'\]$"):
        sharah_web.new_game("oblong-shatranj", ["4/4"])


@pytest.mark.parametrize("roll", [[], True, 3.0, "3", 10 ** 100, {}])
def test_a_bad_roll_is_refused_and_changes_nothing(roll):
    game = sharah_web.new_game("oblong-shatranj", seed=4)
    game.play(game.legal_moves()[0], roll=2)
    before = snapshot(game)
    move = game.legal_moves()[0]
    with pytest.raises(NotationError) as e:
        game.play(move, roll=roll)
    assert type(e.value) is NotationError and str(e.value).startswith("a roll is a whole number, not ")
    assert snapshot(game) == before
    game.play(move, roll=6)   # the same move with a real roll
    assert game.current.state["roll"] == 6


def test_a_roll_out_of_range_or_without_a_die_changes_nothing():
    for options, roll, message in [({}, 7, "a die roll is 1 to 6, not 7"),
                                   ({"die": False}, 3, "this game is played without the die")]:
        game = sharah_web.new_game("oblong-shatranj", seed=2, **options)
        before = snapshot(game)
        with pytest.raises(NotationError, match=f"^{message}$"):
            game.play(game.legal_moves()[0], roll=roll)
        assert snapshot(game) == before


@pytest.mark.parametrize("move", [123, None, ["b5b6"], b"b5b6", 2.5])
def test_a_move_that_is_not_text_is_refused_and_changes_nothing(move):
    game = sharah_web.new_game("oblong-shatranj", die=False)
    game.play("b5b6")
    before = snapshot(game)
    with pytest.raises(NotationError) as e:
        game.play(move)
    assert type(e.value) is NotationError and str(e.value).startswith("a move is text, like b2b3, not ")
    assert snapshot(game) == before


@pytest.mark.parametrize("square", [10 ** 9, -1, "a" * 100, None, [1]])
def test_piece_at_refuses_what_is_no_square(square):
    game = sharah_web.new_game("oblong-shatranj")
    with pytest.raises(NotationError):
        game.piece_at(square)


@pytest.mark.parametrize("value, message", [
    (13.9, "option quiet_limit takes a whole number, not 13.9"),
    (True, "option quiet_limit takes a whole number, not True"),
    (float("inf"), "option quiet_limit takes a whole number, not inf"),
    (float("nan"), "option quiet_limit takes a whole number, not nan"),
    ("13.5", "option quiet_limit takes a whole number, not '13.5'"),
    ("١٣", "option quiet_limit takes a whole number, not '١٣'"),
    ("13 14", "option quiet_limit takes a whole number, not '13 14'"),
    ([13], "option quiet_limit takes a whole number, not [13]"),
    (10 ** 9, "option quiet_limit takes a whole number of at most 9 digits, not 1000000000"),
    pytest.param(10 ** 5000, "option quiet_limit takes a whole number of at most 9 digits, "
                 "not a number too large to write", id="10**5000"),
])
def test_whole_number_options_are_exact(value, message):
    with pytest.raises(NotationError) as e:
        sharah_web.variant("sharah-mittner", quiet_limit=value)
    assert type(e.value) is NotationError and str(e.value) == message


def test_whole_numbers_given_as_13_0_or_text_are_taken_exactly():
    for value in (13, 13.0, "13", " 13 "):
        assert sharah_web.variant("sharah-mittner", quiet_limit=value).opts["quiet_limit"] == 13
    assert sharah_web.variant("oblong-shatranj", setup=3.0).opts["setup"] == 3
    with pytest.raises(NotationError, match=r"^option setup takes a whole number, not True$"):
        sharah_web.variant("oblong-shatranj", setup=True)
    with pytest.raises(NotationError, match=r"^option setup must be one of 1, 2, 3, 4, 5, 6, 7, not 13$"):
        sharah_web.variant("oblong-shatranj", setup=13.0)


def test_on_off_and_text_options_take_their_own_type_only():
    with pytest.raises(NotationError, match=r"^option die is on or off \(true/false\), not 1$"):
        sharah_web.variant("oblong-shatranj", die=1)
    with pytest.raises(NotationError, match=r"^option promotion takes text, not \['any'\]$"):
        sharah_web.variant("oblong-shatranj", promotion=["any"])
    with pytest.raises(NotationError, match=r"^option split takes text, not 11$"):
        sharah_web.variant("sharah-mittner", split=11)
    long = "x" * 5000
    with pytest.raises(NotationError) as e:
        sharah_web.variant("oblong-shatranj", promotion=long)
    assert str(e.value) == "option promotion must be one of general, any, not '" + "x" * 39 + "…"


ODD = [None, True, 0, -1, 13.9, float("inf"), float("nan"), 10 ** 5000, [], {}, ["x"], {"a": 1},
       "", "\x00", "x" * 10_000, b"b5b6", object(), (1,)]


def calls(game):
    """Every public call that takes input, as ``label -> function of one value``."""
    saved = record.saved_game(game)
    out = {
        "variant": lambda v: sharah_web.variant(v),
        "new_game": lambda v: sharah_web.new_game(v),
        "new_game position": lambda v: sharah_web.new_game("oblong-shatranj", v),
        "new_game seed": lambda v: sharah_web.new_game("oblong-shatranj", seed=v),
        "play": lambda v: game.play(v),
        "play roll": lambda v: game.play(game.legal_moves()[0], roll=v),
        "find_move": lambda v: game.find_move(v),
        "piece_at": lambda v: game.piece_at(v),
        "parse_position": lambda v: game.variant.parse_position(v),
        "parse_move": lambda v: game.variant.parse_move(v, game.current),
        "parse_record": record.parse_record,
        "parse_link": record.parse_link,
        "load_saved": record.load_saved,
        "format_record tags": lambda v: record.format_record(game, v),
        "format_record value": lambda v: record.format_record(game, {"Event": v}),
        "format_link board": lambda v: record.format_link(game, v),
        "saved_game tags": lambda v: record.saved_game(game, tags=v),
    }
    for key in ("variant", "options", "start", "roll", "moves", "ply", "tags", "version"):
        out[f"saved {key}"] = lambda v, key=key: record.load_saved({**saved, key: v})
        out[f"saved as text {key}"] = lambda v, key=key: record.load_saved(stored({**saved, key: v}))
    out["saved move"] = lambda v: record.load_saved({**saved, "moves": [v]})
    for vid in sharah_web.VARIANTS:
        for spec in sharah_web.variant(vid).option_specs():
            out[f"{vid} {spec['name']}"] = lambda v, vid=vid, name=spec["name"]: sharah_web.variant(vid, **{name: v})
    return out


def test_the_api_raises_only_its_own_errors_for_any_value():
    game = sharah_web.new_game("oblong-shatranj", seed=3)
    game.play(game.legal_moves()[0])
    before = snapshot(game)
    wrong = []
    for label, call in calls(game).items():
        for value in ODD:
            if label == "play roll" and value is None:
                continue   # the move, with chance deciding the roll: not a bad input
            try:
                call(value)
            except (NotationError, IllegalMoveError) as e:    # RecordError is a NotationError
                if not str(e).strip() or len(str(e)) > 300:
                    wrong.append(f"{label}: message {str(e)[:60]!r}")
            except (TypeError, ValueError) as e:   # a value that cannot be JSON (saved as text)
                if not (label.startswith("saved as text") and type(e) in (TypeError, ValueError)):
                    wrong.append(f"{label} {sharah_web.core.shown(value)}: {type(e).__name__}: {e}")
            except Exception as e:   # noqa: BLE001 - the point of the test
                wrong.append(f"{label} {sharah_web.core.shown(value)}: {type(e).__name__}: {e}")
    assert wrong == []
    assert snapshot(game) == before


# the characters that turn text around or hide in it, as the tests name them
TURNING = {"\u202e": "right-to-left override", "\u2028": "line separator", "\u2029": "paragraph separator",
           "\u200b": "zero-width space", "\u061c": "Arabic letter mark", "\u2066": "left-to-right isolate",
           "\ufeff": "zero-width no-break space"}


def test_direction_and_separator_characters_in_a_tag_become_spaces():
    value = "A" + "B".join(TURNING) + "\u200dZ"       # the joiner stays: scripts and emoji need it
    text = f'[Variant "scheherazade"]\n[Event "{value}"]\n\n1. e3e4 *'
    read = record.parse_record(text)
    assert read.tags["Event"] == "A" + "B".join(" " * len(TURNING)) + "\u200dZ"
    written = record.format_record(read.game, read.tags)
    assert not set(TURNING) & set(written)
    # and the board copies it so
    ok(cmd="open", board="b", variant="scheherazade")
    ok(cmd="load", board="b", record=text)
    copied = ok(cmd="record", board="b")["record"]
    assert not set(TURNING) & set(copied)
    assert '[Event "A B B B B B B \u200dZ"]' in copied


def test_a_message_that_quotes_a_move_shows_turning_characters_as_escapes():
    ok(cmd="open", board="b", variant="scheherazade")
    error = fail(cmd="load", board="b", link="#game=1;v=scheherazade;m=e3\u202ee4")
    assert "\u202e" not in error
    assert error.startswith("move 1 (e3\\u202ee4): ")
    error = fail(cmd="play", board="b", move="e3\u2028e4\u2066")
    assert not set(TURNING) & set(error)
    assert "\\u2028" in error and "\\u2066" in error


def test_a_link_counts_its_characters_after_the_hash():
    # 20,000 characters after the "#": read (and refused for what it says, not its length)
    with pytest.raises(RecordError) as e:
        record.parse_link("#game=" + "1" * 19_995)
    assert str(e.value) == "this is not a game link"
    with pytest.raises(RecordError) as e:
        record.parse_link("#game=" + "1" * 19_996)
    assert str(e.value) == "the link is too long (20,001 characters; at most 20,000)"


def test_a_link_too_long_says_why():
    # (its board is still found: share.js reads it from the first MAX_LINK characters, tests/js/share.test.mjs)
    link = "#game=1;b=board-2;v=scheherazade;m=" + "e3e4," * 5_000
    ok(cmd="open", board="b", variant="scheherazade")
    assert fail(cmd="load", board="b", link=link) == (
        f"the link is too long ({len(link) - 1:,} characters; at most 20,000)")


@pytest.mark.parametrize("orientation", [["white"], 1, True, {"side": "white"}, "purple", ""])
def test_a_saved_game_whose_orientation_is_not_a_side_is_set_aside(orientation):
    ok(cmd="open", board="b", variant="scheherazade")
    ok(cmd="play", board="b", move="e3e4")
    saved = ok(cmd="save", board="b")["saved"]
    bridge.reset()
    out = ok(cmd="open", board="b", variant="scheherazade", saved=stored({**saved, "orientation": orientation}))
    set_aside(out, "the saved game is damaged (its orientation is not one of white, black)")
    # one that names a side, or none, is restored
    bridge.reset()
    out = ok(cmd="open", board="b", variant="scheherazade", saved=stored({**saved, "orientation": "black"}))
    assert out["restored"] and out["state"]["orientation"] == "black"
    bridge.reset()
    del saved["orientation"]
    assert ok(cmd="open", board="b", variant="scheherazade", saved=stored(saved))["restored"]


def test_an_imported_site_tag_does_not_replace_the_pages_address():
    text = ('[Variant "scheherazade"]\n[Site "https://elsewhere.example/play"]\n[Date "1990.01.02"]\n'
            '[Event "Cup"]\n\n1. e3e4 *')
    ok(cmd="open", board="b", variant="scheherazade")
    ok(cmd="load", board="b", record=text)
    copied = ok(cmd="record", board="b", tags={"Site": "https://this.example/games/x/", "Date": "2026.11.27"})["record"]
    assert '[Site "https://this.example/games/x/"]' in copied
    assert "elsewhere" not in copied
    # the game's own tags stay: its date and event
    assert '[Date "1990.01.02"]' in copied and '[Event "Cup"]' in copied
