"""The fields of a position text after the side to move: each game declares
them once (``Variant.position_fields``, ``core.StateField``), and reading,
writing and the position editor's inputs follow from the declaration."""

import json
import random
from pathlib import Path

import pytest

import sharah_web
from sharah_web import editor
from sharah_web.core import UNSET, Game, NotationError, StateField, Variant

# Position texts and what the code before the declarations made of them
# (written by it): the state read, the text written back when it
# differs from the one read, or the error. Each game's cases are random
# positions of random games, and the same with a state field replaced by
# another token, left out, or one too many.
RECORDED = json.loads((Path(__file__).parent / "data" / "position_texts.json").read_text())
CONFIGS = [(c["game"], c["options"]) for c in RECORDED]


@pytest.mark.parametrize("recorded", RECORDED, ids=[f"{g}{o or ''}" for g, o in CONFIGS])
def test_position_texts_read_and_write_as_before(recorded):
    rules = sharah_web.variant(recorded["game"], **recorded["options"])
    assert len(recorded["cases"]) >= 40
    for board, rest, expect in recorded["cases"]:
        text = f"{recorded['boards'][board]} {rest}".rstrip()
        if "error" in expect:
            with pytest.raises(NotationError) as e:
                rules.read_position(text)
            assert str(e.value) == expect["error"], text
            continue
        pos = rules.read_position(text)
        assert repr(sorted(pos.state.items())) == expect["state"], text
        written = pos.text()
        assert written == (text if "formatted" not in expect
                           else f"{recorded['boards'][board]} {expect['formatted']}".rstrip())
        assert rules.read_position(written).state == pos.state


@pytest.mark.parametrize("variant_id, options", CONFIGS, ids=[f"{g}{o or ''}" for g, o in CONFIGS])
def test_every_position_of_random_games_reads_back_as_written(variant_id, options):
    rules = sharah_web.variant(variant_id, **options)
    rng = random.Random(23)
    seen = 0
    for seed in range(3):
        game = Game(rules, rules.initial_position(), seed=seed)
        while game.result is None and len(game.history) < 80:
            game.play(rng.choice(game.legal_moves()))
            text = game.position()
            pos = rules.read_position(text)
            assert pos.text() == text
            for f in rules.position_fields:      # the text holds every declared field
                if f.default is not UNSET:         # (a flag holds only its token's value)
                    assert pos.state.get(f.name) == game.current.state.get(f.name), (f.name, text)
            seen += 1
    assert seen >= 100


@pytest.mark.parametrize("variant_id, options", CONFIGS, ids=[f"{g}{o or ''}" for g, o in CONFIGS])
def test_the_editor_fields_are_the_declared_ones(variant_id, options):
    rules = sharah_web.variant(variant_id, **options)
    pos = rules.initial_position()
    fields = editor.fields(rules, pos)
    assert [f["name"] for f in fields] == ["to_move"] + [f.name for f in rules.position_fields]
    assert [f["value"] for f in fields[1:] if f["value"]] == rules.format_state(pos)
    for spec, field in zip(rules.position_fields, fields[1:]):
        assert (field["label"], field["doc"]) == (spec.label, spec.doc)
        # every choice the editor offers sets the field to that token
        for token, _label in field["choices"]:
            new = editor.set_field(rules, pos, spec.name, token)
            assert editor.fields(rules, new)[fields.index(field)]["value"] == token


def test_hedman_light_and_shadow_and_mittner_share_the_holder_field():
    tokens = {}
    for vid in ("sharah-hedman", "sharah-surrounds", "sharah-mittner"):
        rules = sharah_web.variant(vid)
        (spec,) = [f for f in rules.position_fields if f.name in ("control", "ctrl", "holder")]
        tokens[vid] = [(t, v) for t, v, _ in spec.tokens]
    assert list(tokens.values()) == [[("-", None), ("r", "red"), ("g", "green")]] * 3


def test_scheherazade_writes_the_draw_offer_only_with_draw_offers_on():
    on = sharah_web.variant("scheherazade")
    start = on.initial_position().text()
    offered = on.read_position(start + " =")
    assert offered.state["draw"] == "offered" and offered.text() == start + " ="
    assert "draw" not in on.read_position(start).state
    with pytest.raises(NotationError, match="unexpected fields at the end of the position: x"):
        on.read_position(start + " x")
    # without offers there is no draw field: before, "=" was read and then
    # stayed in every later position, as no answer could clear it
    off = sharah_web.variant("scheherazade", agreement=False)
    with pytest.raises(NotationError, match="unexpected fields at the end of the position: ="):
        off.read_position(start + " =")
    assert "draw" not in [f["name"] for f in editor.fields(off, off.initial_position())]


class _Toy(Variant):
    """A game with one field of each kind, to show what a declaration gives."""

    id, width, height = "toy", 4, 4
    position_fields = (
        StateField("light", "Light", "is the light on", False, (("-", False, "off"), ("+", True, "on")),
                   bad="the light is + or -, not {token!r}"),
        StateField("count", "Count", "how many", 0, digits=2),
        StateField("word", "Word", "a word in capitals", "HI", read=lambda v, t: t.upper(),
                   write=lambda v, w: w.lower()),
        StateField("flag", "Flag", "a flag at the end", UNSET, (("!", "raised", "raised"),)),
    )


def test_a_declaration_gives_reading_writing_and_the_editor():
    toy = _Toy()
    pos = toy.read_position("4/4/4/4 w + 12 abc !")
    assert pos.state == {"light": True, "count": 12, "word": "ABC", "flag": "raised"}
    assert pos.text() == "4/4/4/4 w + 12 abc !"
    short = toy.read_position("4/4/4/4 w")
    assert short.state == {"light": False, "count": 0, "word": "HI"}      # no flag: not in the state
    assert short.text() == "4/4/4/4 w - 0 hi"
    with pytest.raises(NotationError, match=r"^the light is \+ or -, not 'on'$"):
        toy.read_position("4/4/4/4 w on")
    with pytest.raises(NotationError, match=r"^Count: not '123'$"):     # two digits at most
        toy.read_position("4/4/4/4 w - 123")
    with pytest.raises(NotationError, match="unexpected fields at the end of the position: x"):
        toy.read_position("4/4/4/4 w - 1 a x")
    assert [(f["name"], f["type"], f["choices"]) for f in toy.state_fields(pos)] == [
        ("light", "choice", [["-", "off"], ["+", "on"]]), ("count", "int", []),
        ("word", "text", []), ("flag", "choice", [["", "none"], ["!", "raised"]])]
    assert toy.state_tokens(short) == ["-", "0", "hi", ""]


def test_mittner_needs_every_field():
    rules = sharah_web.variant("sharah-mittner")
    board = rules.initial_position().text().split()[0]
    with pytest.raises(NotationError, match="the position needs four fields"):
        rules.read_position(f"{board} g place S11F11O11/s11f11o11 -")
    pos = rules.read_position(f"{board} g place S11F11O11/s11f11o11 - 0")
    assert pos.state["trail"] == () and pos.state["hands"] == ((11, 11, 11), (11, 11, 11))


@pytest.mark.parametrize("variant_id, options", CONFIGS, ids=[f"{g}{o or ''}" for g, o in CONFIGS])
def test_the_start_holds_every_declared_field_and_nothing_undeclared(variant_id, options):
    rules = sharah_web.variant(variant_id, **options)
    declared = {f.name for f in rules.position_fields if f.default is not UNSET}
    assert set(rules.initial_position().state) == declared | set(rules.hidden_state)
    assert rules.read_position(rules.initial_position().text()).state == rules.initial_position().state
