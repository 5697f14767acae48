#!/usr/bin/env python3
"""Fuzz every parser of the engine with random and mutated input.

    .venv/bin/python scripts/fuzz.py                      # 2,000 inputs per target
    .venv/bin/python scripts/fuzz.py --iterations 20000 --seconds 600 --seed 7
    .venv/bin/python scripts/fuzz.py --only position,move

Targets, and what each may do with any input (anything else is a failure):

- ``position``: ``Variant.parse_position`` for every game: a position, or
  ``NotationError`` with a message. An accepted position must also start a
  game, list its moves, judge its result and write itself back as the same
  text.
- ``move``: ``Variant.parse_move`` in positions from random games: one of
  the legal moves, or ``NotationError`` / ``IllegalMoveError`` with a message.
- ``options``: ``sharah_web.variant(id, **options)``: rules, or ``NotationError``.
  Accepted options are exact: each value is the option's type, and a number
  given is the number kept (no rounding, no ``True`` for 1).
- ``record``, ``link``, ``saved``: ``sharah_web.record`` (records, share
  links, saved games), when it is there: a game, or ``RecordError``. An
  accepted game must save and write back (with the tags read) within the
  limits, and read again as the same game: nothing accepted can grow past
  what will load again.
- ``stored``: saved games as the page stores them, damaged in their
  structure: fields replaced by deep nesting (to 5,000), huge strings
  (control characters, quotes, tabs; to past the size limit), wrong types,
  overflowing numbers (``1e400``, ``NaN``, 40 digits), invalid tag names;
  read with ``load_saved`` (a game, or ``RecordError``, as above), then
  sent to the bridge as the page sends it (``open`` with ``saved``): the
  board must open (restored, or set aside with a note), and its record and
  saved game must export; the saved game must restore again.
- ``api``: the Python API with arguments of every type (``new_game``,
  ``play`` with a move and a roll, ``find_move``, ``piece_at``, options):
  only ``NotationError`` / ``IllegalMoveError``, and a refused call leaves
  the game exactly as it was.
- ``fence``: the docs' `````sharah`` fences, parsed and rendered: HTML, or
  ``ValueError`` naming the line.
- ``bridge``: ``bridge.handle`` with JSON requests (a board opened, then
  commands with mutated fields, and mutated JSON text): always a JSON answer,
  never an ``internal`` error.

Inputs are mutations of valid ones (characters deleted, inserted, replaced,
spans duplicated, swapped, truncated, repeated up to the size limits; other
scripts' digits and letters, control characters) and plain random text.
Each call has a time limit (``--timeout``, 5 s): a call that takes longer
counts as a hang. The report lists, per target, how many inputs were
accepted, refused, and failed, and the first failures with their input;
the exit status is 1 when anything failed. Deterministic for a given
``--seed``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import signal
import sys
import time
from pathlib import Path

import sharah_web
from sharah_web import bridge, fence, randomgame
from sharah_web.core import IllegalMoveError, NotationError, shown

ROOT = Path(__file__).resolve().parent.parent

try:  # the records module may not have landed yet
    from sharah_web import record
except ImportError:  # pragma: no cover - depends on the checkout
    record = None

TARGETS = ("position", "move", "options", "record", "link", "saved", "stored", "api", "fence", "bridge")
# Characters mutations insert: the engine's own, digits and letters of other
# scripts (isdigit() is true for some that int() refuses), controls, quotes.
ODD = ("0123456789/:*()+-=@x|; \t\n" "²³¹٣۵߂०１Ａａ½ⅣⅫ" "\x00\x7f\u200b\u0301\ufeff\U0001F600"
       "\"'\\{}[]<>&%#,.!?é" "KQRBNPkqrbnpSFOsfoTtLlYyDdAaGgEeZzIiWwUuHhCc")


class Hang(BaseException):
    """Raised by the alarm; a BaseException, so no ``except Exception`` in
    the engine can swallow it."""


def _alarm(signum, frame):
    raise Hang()


# ------------------------------------------------------------ mutations

def mutate(text: str, rng: random.Random, corpus: list[str]) -> str:
    """One to four random edits of ``text``."""
    for _ in range(rng.choice((1, 1, 1, 2, 3, 4))):
        text = rng.choice(MUTATIONS)(text, rng, corpus)
    return text


def _span(text, rng):
    if not text:
        return 0, 0
    i = rng.randrange(len(text))
    return i, min(len(text), i + rng.randint(1, 8))


def _delete(text, rng, corpus):
    i, j = _span(text, rng)
    return text[:i] + text[j:]


def _insert(text, rng, corpus):
    i = rng.randint(0, len(text))
    pool = ODD if rng.random() < 0.6 or not text else text
    return text[:i] + "".join(rng.choice(pool) for _ in range(rng.randint(1, 4))) + text[i:]


def _replace(text, rng, corpus):
    if not text:
        return rng.choice(ODD)
    i = rng.randrange(len(text))
    return text[:i] + rng.choice(ODD) + text[i + 1:]


def _duplicate(text, rng, corpus):
    i, j = _span(text, rng)
    return text[:j] + text[i:j] + text[j:]


def _swap(text, rng, corpus):
    parts = text.split(" ")
    if len(parts) > 1:
        a, b = rng.sample(range(len(parts)), 2)
        parts[a], parts[b] = parts[b], parts[a]
        return " ".join(parts)
    return text[::-1]


def _letter(text, rng, corpus):
    """A letter becomes another letter of the same text (a piece for a
    piece: the board keeps its shape, so more of these parse)."""
    spots = [i for i, c in enumerate(text) if c.isalpha()]
    if not spots:
        return text
    i = rng.choice(spots)
    return text[:i] + text[rng.choice(spots)] + text[i + 1:]


def _transpose(text, rng, corpus):
    if len(text) < 2:
        return text
    i, j = sorted(rng.sample(range(len(text)), 2))
    return text[:i] + text[j] + text[i + 1:j] + text[i] + text[j + 1:]


def _truncate(text, rng, corpus):
    return text[:rng.randint(0, len(text))]


def _repeat(text, rng, corpus):
    i, j = _span(text, rng)
    return text[:i] + text[i:j] * rng.choice((50, 500, 5000)) + text[j:]


def _case(text, rng, corpus):
    return text.swapcase() if rng.random() < 0.5 else text.upper()


def _splice(text, rng, corpus):
    other = rng.choice(corpus)
    return text[:rng.randint(0, len(text))] + other[rng.randint(0, len(other)):]


def _number(text, rng, corpus):
    """A number in the text becomes a big, zero, negative or odd one."""
    nums = list(re.finditer(r"\d+", text))
    if not nums:
        return text
    m = rng.choice(nums)
    new = rng.choice(("0", "00", "-1", "99", "999999999999999999999", "1e9", "³", "1.5"))
    return text[:m.start()] + new + text[m.end():]


MUTATIONS = (_delete, _insert, _replace, _duplicate, _swap, _truncate, _repeat, _case,
             _splice, _number, _delete, _insert, _replace, _letter, _letter, _transpose, _transpose)


def random_text(rng: random.Random) -> str:
    n = rng.choice((0, 1, 2, 5, 20, 100, 1000))
    return "".join(rng.choice(ODD) for _ in range(n))


def fuzz_input(corpus: list[str], rng: random.Random) -> str:
    if rng.random() < 0.1:
        return random_text(rng)
    return mutate(rng.choice(corpus), rng, corpus)


# --------------------------------------------------------------- corpora

def random_games(n_plies: int, rng: random.Random):
    """For each way of playing each game (``randomgame.played``), and for
    each game with its options drawn at random, a short random game (its
    positions and moves)."""
    out = []
    for _label, vid, base in randomgame.played():
        for opts in (base, randomgame.draw_options(vid, rng, base)):
            game = sharah_web.new_game(vid, seed=rng.randrange(1000), **opts)
            randomgame.play_out(game, rng, plies=n_plies)
            out.append((vid, opts, game))
    return out


def fences() -> list[str]:
    """The bodies of the docs' ```sharah fences."""
    bodies = []
    for path in sorted((ROOT / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        bodies += re.findall(r"^```sharah\n(.*?)^```", text, flags=re.M | re.S)
    return bodies


# ---------------------------------------------------------------- checks
# Each check takes an input and returns "accepted" or "refused", or raises
# AssertionError (a failure with a reason) or any other exception (a failure).

REFUSED = object()


def attempt(call, errors):
    """``call()``; a refusal of the expected kind (``errors``, with a
    message) gives ``REFUSED``; any other exception is a failure and goes on."""
    try:
        return call()
    except errors as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"
        return REFUSED


def check_position(rules, text: str) -> str:
    pos = attempt(lambda: rules.parse_position(text), NotationError)
    if pos is REFUSED:
        return "refused"
    written = pos.text()
    game = sharah_web.Game(rules, pos, seed=1)
    game.legal_moves()
    assert rules.parse_position(written).text() == written, f"{written!r} does not read back the same"
    return "accepted"


def check_move(rules, pos, moves, text: str) -> str:
    move = attempt(lambda: rules.parse_move(text, pos, moves), (NotationError, IllegalMoveError))
    if move is REFUSED:
        return "refused"
    assert move in moves, f"parse_move gave {move} which is not a legal move"
    return "accepted"


def check_options(vid: str, options: dict) -> str:
    rules = attempt(lambda: sharah_web.variant(vid, **options), NotationError)
    if rules is REFUSED:
        return "refused"
    for name, given in options.items():
        kept, default = rules.opts[name], rules.options[name].default
        assert type(kept) is type(default), f"{name}={given!r} kept as {kept!r}, not a {type(default).__name__}"
        if isinstance(given, (int, float)) and not isinstance(given, bool):
            assert kept == given, f"{name}={given!r} kept as {kept!r}"
        if isinstance(given, bool):
            assert isinstance(default, bool), f"{name}={given!r} taken for a number"
    return "accepted"


def reads_back(game, tags=None) -> None:
    """An accepted game (with the tags read with it) saves and writes back
    within the limits, and reads again as the same line of moves."""
    line = [p.move.notation for p in record.line(game)]
    blob = record.saved_game(game, orientation=game.variant.sides[0], tags=tags or {})
    text = json.dumps(blob, ensure_ascii=False, separators=(",", ":"))
    assert len(text) <= record.MAX_SAVED, f"saved as {len(text):,} characters"
    again = record.load_saved(text)
    assert [p.move.notation for p in record.line(again)] == line, "the saved game reads back another game"
    written = record.format_record(game, {**(tags or {}), "Site": "https://example.org/page", "Date": "2026.11.25"})
    assert len(written) <= record.MAX_RECORD, f"a record of {len(written):,} characters"
    assert [p.move.notation for p in record.line(record.parse_record(written).game)] == line, \
        "the record reads back another game"


def check_record_call(fn, value) -> str:
    out = attempt(lambda: fn(value), record.RecordError)
    if out is REFUSED:
        return "refused"
    if isinstance(out, record.Record):
        reads_back(out.game, out.tags)
    elif isinstance(out, record.Link):
        reads_back(out.game)
    else:
        tags = None
        if isinstance(value, str):
            value = json.loads(value)
        if isinstance(value, dict) and isinstance(value.get("tags"), dict):
            tags = value["tags"]
        reads_back(out, tags)
    return "accepted"


def check_stored(entry: str, vid: str, opts: dict) -> str:
    """``entry`` (a stored saved game) read, then restored by the bridge as the page does it."""
    status = check_record_call(record.load_saved, entry)
    bridge.reset()
    req = json.dumps({"cmd": "open", "board": "s", "variant": vid, "options": opts, "saved": entry},
                     ensure_ascii=False, separators=(",", ":"))
    assert len(req) <= bridge.MAX_REQUEST or len(entry) > record.MAX_SAVED, \
        f"a request of {len(req):,} characters for an entry of {len(entry):,}"
    if len(req) > bridge.MAX_REQUEST:
        return status   # the page refuses an entry past the limit before it sends it
    out = json.loads(bridge.handle(req))
    assert out.get("ok") is True, f"the board did not open: {out.get('error')}"
    assert out.get("restored") or out.get("note"), "neither restored nor set aside"
    assert (status == "accepted") == bool(out.get("restored")) or "this board plays" in out.get("note", ""), \
        f"load_saved {status}, the bridge {'restored' if out.get('restored') else out['note']}"
    for cmd in ("record", "save", "link"):
        answer = json.loads(bridge.handle(json.dumps({"cmd": cmd, "board": "s"})))
        if cmd == "link" and not answer["ok"]:
            assert "too long for a link" in answer["error"], answer["error"]
            continue
        assert answer["ok"], f"{cmd} after the open: {answer.get('error')}"
    saved = json.loads(bridge.handle(json.dumps({"cmd": "save", "board": "s"})))["saved"]
    bridge.reset()
    again = json.loads(bridge.handle(json.dumps({"cmd": "open", "board": "s", "variant": vid, "options": opts,
                                                 "saved": json.dumps(saved, ensure_ascii=False)})))
    assert again["ok"] and (again.get("restored") or not out.get("restored")), \
        f"the board's own saved game does not restore: {again.get('note')}"
    return status


def snapshot(game) -> tuple | None:
    if game is None:
        return None
    return (game.position(), [p.move.notation for p in game.history],
            [p.move.notation for p in game.future], game.result, game.rng.getstate())


def check_api(call, game) -> str:
    """``call(game)``: accepted, or refused with ``NotationError`` /
    ``IllegalMoveError`` and the game exactly as it was."""
    before = snapshot(game)
    try:
        call(game)
    except (NotationError, IllegalMoveError) as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"
        assert len(str(e)) <= 500, f"a message of {len(str(e)):,} characters"
        assert snapshot(game) == before, "a refused call changed the game"
        return "refused"
    if before is not None and len(game.history) > len(before[1]):   # a move was played: take it back
        game.undo()
        game.future.clear()
        game.rng.setstate(before[4])
    assert game is None or snapshot(game) == before
    return "accepted"


def check_fence(text: str) -> str:
    def render():
        fence.render_html(fence.parse_fence(text), "fuzz")
    return "refused" if attempt(render, ValueError) is REFUSED else "accepted"


def check_bridge(request: str) -> str:
    answer = bridge.handle(request)
    out = json.loads(answer)
    assert isinstance(out, dict) and isinstance(out.get("ok"), bool), f"odd answer {answer[:200]}"
    assert not out.get("internal"), out.get("error")
    if not out["ok"]:
        assert str(out.get("error", "")).strip(), "an error without a message"
        return "refused"
    return "accepted"


# ------------------------------------------------------------- generators
# Each yields (label, thunk): the label is the input as the report shows it.

def gen_position(rng, games):
    corpus, own = [], {}
    rules_by = {}
    for vid, opts, game in games:
        key = (vid, json.dumps(opts))
        rules_by[key] = game.variant
        own[key] = [p.text() for p in game.positions()[::3]]
        corpus += own[key]
    keys = list(rules_by)
    while True:
        key = rng.choice(keys)
        if rng.random() < 0.4:      # this game's board kept whole, the fields after it mutated
            board, _, fields = rng.choice(own[key]).partition(" ")
            text = board + " " + mutate(fields, rng, corpus)
        elif rng.random() < 0.5:    # this game's position mutated
            text = mutate(rng.choice(own[key]), rng, corpus)
        else:
            text = fuzz_input(corpus, rng)
        rules = rules_by[key]
        yield f"{key[0]} {key[1]} {text!r}", lambda r=rules, t=text: check_position(r, t)


def gen_move(rng, games):
    spots = []
    for vid, opts, game in games:
        for pos in game.positions()[::2]:
            moves = game.variant.legal_moves(pos)
            if moves:
                spots.append((vid, game.variant, pos, moves))
    corpus = sorted({s for _, _, _, moves in spots for m in moves[:60]
                     for s in (m.notation,) + m.aliases} | {"pass", "stalemate", "declare", "resign"})
    while True:
        vid, rules, pos, moves = rng.choice(spots)
        text = fuzz_input(corpus, rng)
        yield f"{vid} {pos.text()!r} {text!r}", lambda r=rules, p=pos, m=moves, t=text: check_move(r, p, m, t)


def gen_options(rng, games):
    specs = {vid: sharah_web.variant(vid).option_specs() for vid in sharah_web.VARIANTS}
    values = [True, False, None, 0, -1, 1, 13, 15, 10**30, 1.5, "", "x", "true", "off", "²",
              "0" * 50, [], {}, "any", "auto", "free", float("inf"), float("-inf"), float("nan"),
              13.0, 13.9, 3.0, 3.5, "13.0", "١٣", " 13 ", "-0", 10 ** 5000, 2 ** 63, [13], {"13": 13}]
    while True:
        vid = rng.choice(sorted(specs))
        options = {}
        for spec in rng.sample(specs[vid], rng.randint(0, len(specs[vid]))):
            pool = values + list(spec["choices"]) + [str(c) for c in spec["choices"]]
            options[spec["name"]] = rng.choice(pool)
        if rng.random() < 0.2:
            options[rng.choice(["", "x", "Die", "size ", "a" * 300])] = rng.choice(values)
        yield f"{vid} {shown(options, 300)}", lambda v=vid, o=options: check_options(v, o)


def gen_record(rng, games):
    corpus = [record.format_record(game, {"White": "A", "Black": "B"}) for _, _, game in games]
    names = ["Event", "Round", "Annotator", "A" * 100, "A" * 101, "bad name", "1x", "_x", "Ev\u00e9nt", "x-y"]
    while True:
        text = fuzz_input(corpus, rng)
        if rng.random() < 0.3:      # a tag with an odd name or a huge value, kept whole
            value = rng.choice(("\x01", "\t", "\\\"", "\u2028", "\U0001F600", "a", "[", "\x7f", "\ud800"))
            value *= rng.choice((1, 100, 3_999, 4_000, 4_001, 60_000, 190_000))
            tag = f'[{rng.choice(names)} "{value}"]\n'
            base = rng.choice(corpus)
            text = tag + base if rng.random() < 0.5 else base.replace("\n", "\n" + tag, 1)
        yield repr(text[:400]), lambda t=text: check_record_call(record.parse_record, t)


def gen_link(rng, games):
    corpus = [record.format_link(game) for _, _, game in games]
    while True:
        text = fuzz_input(corpus, rng)
        yield repr(text), lambda t=text: check_record_call(record.parse_link, t)


def gen_saved(rng, games):
    corpus = [json.dumps(record.saved_game(game)) for _, _, game in games]
    while True:
        text = fuzz_input(corpus, rng)
        try:
            blob = json.loads(text) if rng.random() < 0.7 else text
        except (ValueError, RecursionError):     # a mutation may nest it deep: the text then
            blob = text
        yield repr(text), lambda b=blob: check_record_call(record.load_saved, b)


# Values a damaged saved game may hold in any field.
def _odd_values(rng):
    # nesting is written into the text afterwards (json.dumps cannot write 5,000 deep)
    nested = f"<nest {rng.choice((19, 20, 21, 50, 5000))}>"
    n = rng.choice((10, 4_001, 60_000, 150_000, 190_000))
    return [None, True, False, 0, -1, 7, 2 ** 63, 10 ** 40, 1.5, 13.0, "", "x", [], {}, ["x"], {"a": 1},
            nested, {"a": nested},
            rng.choice("\x01\t\"\\\u2028\U0001F600a[") * n,
            "e3e4@" + "9" * 5000, ["e3e4"] * rng.choice((1, 5_001)),
            {"bad name": "x"}, {"": "x"}, {"1x": "x"}, {"A" * 200: "x"}, {"Event": "\x00"},
            {"Event": "x" * 4_001}, {"Event": 3}, {"Event": "ok", "Round": "[" * 100}]


# Number tokens no JSON writer makes, put in the text in place of a number.
ODD_NUMBERS = ("1e400", "-1e400", "NaN", "Infinity", "-Infinity", "1" * 40, "1.5e308", "-0", "1E2")


def gen_stored(rng, games):
    bases = []
    for vid, opts, game in games:
        tags = {"Event": "Club night", "White": "A", "Black": "B"}
        blob = record.saved_game(game, orientation=game.variant.sides[0], tags=tags)
        bases.append((vid, opts, blob))
    while True:
        vid, opts, base = rng.choice(bases)
        blob = json.loads(json.dumps(base))
        for _ in range(rng.choice((1, 1, 2, 3))):
            where = blob
            key = rng.choice(sorted(blob) + ["extra", "tags", "options", "moves"])
            if key in ("tags", "options") and isinstance(blob.get(key), dict) and rng.random() < 0.6:
                where = blob[key]
                key = rng.choice(sorted(where) + ["Event", "bad name", "setup", "die", "size"])
            elif key == "moves" and isinstance(blob.get(key), list) and blob[key] and rng.random() < 0.6:
                where, key = blob[key], rng.randrange(len(blob[key]))
            where[key] = rng.choice(_odd_values(rng))
        text = json.dumps(blob, ensure_ascii=False, separators=(",", ":"))
        text = re.sub(r'"<nest (\d+)>"', lambda m: "[" * int(m.group(1)) + "]" * int(m.group(1)), text)
        r = rng.random()
        if r < 0.25:        # a number the page never writes
            nums = list(re.finditer(r"(?<=[:\[,])-?\d+(?=[,\]}])", text))
            if nums:
                m = rng.choice(nums)
                text = text[:m.start()] + rng.choice(ODD_NUMBERS) + text[m.end():]
        elif r < 0.35:      # padded to about the size limit
            pad = record.MAX_SAVED - len(text) - 10 + rng.randint(0, 20)
            if pad > 0:
                text = text[:-1] + ',"pad":"' + "x" * pad + '"}'
        elif r < 0.5:       # damaged as text
            text = mutate(text, rng, [text])
        yield f"{vid} {text[:300]!r}", lambda t=text, v=vid, o=opts: check_stored(t, v, o)


def gen_api(rng, games):
    odd = [None, True, False, 0, -1, 3, 6, 7, 13.0, 13.9, float("inf"), float("nan"), 10 ** 40, 10 ** 5000,
           [], {}, ["x"], "", "x", "\x00", "pass", "a" * 10_000, b"b2b3", (1,), object()]
    pool = []
    for vid, opts, game in games:
        moves = [m.notation for m in game.legal_moves()][:20] + [p.move.notation for p in game.history[:20]]
        pool.append((vid, opts, game, moves))
    specs = {vid: sharah_web.variant(vid).option_specs() for vid in sharah_web.VARIANTS}
    while True:
        vid, opts, game, moves = rng.choice(pool)
        value = rng.choice(odd + moves + [fuzz_input(moves or ["x"], rng)])
        roll = rng.choice(odd + [None, 1, 2, 6])
        kind = rng.choice(("new_game", "variant", "seed", "position", "play", "play", "roll", "find",
                           "square", "option"))
        if kind == "new_game":
            call = (lambda g, v=value: sharah_web.new_game(v)) if rng.random() < 0.5 else \
                (lambda g: sharah_web.new_game(rng.choice(sorted(sharah_web.VARIANTS))))
            label, game = f"new_game({shown(value, 60)})", None
        elif kind == "variant":
            call, label, game = (lambda g, v=value: sharah_web.variant(v)), f"variant({shown(value, 60)})", None
        elif kind == "seed":
            call, label, game = (lambda g, v=value: sharah_web.new_game(vid, seed=v, **opts)), \
                f"seed={shown(value, 60)}", None
        elif kind == "position":
            call, label, game = (lambda g, v=value: sharah_web.new_game(vid, v, **opts)), \
                f"position={shown(value, 60)}", None
        elif kind == "play":
            call, label = (lambda g, v=value, r=roll: g.play(v, roll=r)), f"{vid} play({shown(value, 60)}, roll={shown(roll, 30)})"
        elif kind == "roll":
            legal = game.legal_moves()
            move = rng.choice(legal) if legal else value
            call, label = (lambda g, m=move, r=roll: g.play(m, roll=r)), f"{vid} play({shown(move, 60)}, roll={shown(roll, 60)})"
        elif kind == "find":
            call, label = (lambda g, v=value: g.find_move(v)), f"{vid} find_move({shown(value, 60)})"
        elif kind == "square":
            call, label = (lambda g, v=value: g.piece_at(v)), f"{vid} piece_at({shown(value, 60)})"
        else:
            spec = rng.choice(specs[vid])
            call, label, game = (lambda g, n=spec["name"], v=value: sharah_web.variant(vid, **{n: v})), \
                f"{vid} {spec['name']}={shown(value, 60)}", None
        yield label, lambda c=call, g=game: check_api(c, g)


def gen_fence(rng, games):
    corpus = fences()
    while True:
        text = fuzz_input(corpus, rng)
        yield repr(text), lambda t=text: check_fence(t)


def gen_bridge(rng, games):
    opens = []
    for vid, opts, game in games:
        moves = [p.move.notation for p in game.history[:6]]
        opens.append({"cmd": "open", "board": "f1", "variant": vid, "options": opts,
                      "moves": moves, "seed": 3, "mode": rng.choice(["game", "diagram", "try"])})
    commands = [{"cmd": c, "board": "f1"} for c in ("undo", "redo", "restart", "flip", "state", "close")]
    commands += [{"cmd": "play", "board": "f1", "move": "b2b3"},
                 {"cmd": "explain", "board": "f1", "from": "a1", "to": "a5"},
                 {"cmd": "explain", "board": "f1", "drop": "snake", "to": "c3"},
                 {"cmd": "shortcut", "board": "f1", "name": "random-placement", "seed": 3},
                 {"cmd": "undo", "board": "f1", "plies": 3},
                 {"cmd": "restart", "board": "f1", "options": {"die": "false"}},
                 {"cmd": "goto", "board": "f1", "ply": 2},
                 {"cmd": "record", "board": "f1", "tags": {"Date": "2026.11.22"}},
                 {"cmd": "link", "board": "f1"}, {"cmd": "save", "board": "f1"},
                 {"cmd": "load", "board": "f1", "link": "game=1;v=oblong-shatranj;m=b2c4",
                  "if_unchanged": True},
                 {"cmd": "levels", "board": "f1"},
                 {"cmd": "think", "board": "f1", "level": 1, "seed": 5, "slice_ms": 20},
                 {"cmd": "hint", "board": "f1", "slice_ms": 20},
                 {"cmd": "edit", "board": "f1", "op": "put", "square": "c5", "piece": "K"}]
    odd = [None, True, 0, -1, 2**70, 1.5, "", "x" * 300, [], {}, ["b2b3"], {"a": 1}, "²", "a1a1"]
    corpus = [json.dumps(r) for r in opens + commands]
    while True:
        if rng.random() < 0.5:
            # A structured request: an opened board, then a command with a field mutated.
            base = dict(rng.choice(opens))
            req = dict(rng.choice(commands)) if rng.random() < 0.6 else base
            key = rng.choice(sorted(req))
            req[key] = rng.choice(odd + [mutate(json.dumps(req[key]), rng, corpus)])
            texts = [json.dumps(base), json.dumps(req)]
        else:
            texts = [json.dumps(rng.choice(opens)), fuzz_input(corpus, rng)]

        def run(texts=texts):
            status = "refused"
            for t in texts:
                status = check_bridge(t)
            return status
        yield repr(texts[-1]), run


GENERATORS = {"position": gen_position, "move": gen_move, "options": gen_options,
              "record": gen_record, "link": gen_link, "saved": gen_saved,
              "stored": gen_stored, "api": gen_api,
              "fence": gen_fence, "bridge": gen_bridge}


# ------------------------------------------------------------------ runner

def run_target(name, gen, iterations, deadline, timeout, max_shown):
    stats = {"accepted": 0, "refused": 0, "failed": 0, "hangs": 0, "slowest": 0.0}
    failures = []
    for i, (label, thunk) in enumerate(gen):
        if i >= iterations or time.monotonic() > deadline:
            break
        t0 = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            stats[thunk()] += 1
        except Hang:
            stats["hangs"] += 1
            stats["failed"] += 1
            failures.append((label, f"no answer within {timeout} s"))
        except Exception as e:  # noqa: BLE001 - every failure is reported
            stats["failed"] += 1
            failures.append((label, f"{type(e).__name__}: {e}"))
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        stats["slowest"] = max(stats["slowest"], time.perf_counter() - t0)
    stats["inputs"] = stats["accepted"] + stats["refused"] + stats["failed"]
    return stats, failures[:max_shown]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=2000, help="inputs per target (default 2000)")
    ap.add_argument("--seconds", type=float, default=None,
                    help="stop every target when this many seconds have passed in all")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds one call may take (default 5)")
    ap.add_argument("--only", default="", help="comma-separated targets: " + ", ".join(TARGETS))
    ap.add_argument("--show", type=int, default=5, help="failures shown per target (default 5)")
    args = ap.parse_args(argv)
    only = [t for t in args.only.split(",") if t] or list(TARGETS)
    unknown = [t for t in only if t not in TARGETS]
    if unknown:
        ap.error(f"unknown target(s): {', '.join(unknown)}")
    if record is None:
        skipped = [t for t in only if t in ("record", "link", "saved", "stored")]
        if skipped:
            print(f"sharah_web.record is missing: skipping {', '.join(skipped)}")
        only = [t for t in only if t not in skipped]

    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(args.seed)
    start = time.monotonic()
    games = random_games(40, random.Random(args.seed))
    budget = None if args.seconds is None else args.seconds / len(only)
    total_failed = 0
    print(f"{'target':10} {'inputs':>8} {'accepted':>9} {'refused':>8} {'failed':>7} {'hangs':>6} {'slowest':>8}")
    for n, name in enumerate(only):
        if budget is None:
            deadline = float("inf")
        else:   # an even share of what is left
            deadline = time.monotonic() + (args.seconds - (time.monotonic() - start)) / (len(only) - n)
        gen = GENERATORS[name](random.Random(rng.random()), games)
        stats, failures = run_target(name, gen, args.iterations, deadline, args.timeout, args.show)
        total_failed += stats["failed"]
        print(f"{name:10} {stats['inputs']:>8} {stats['accepted']:>9} {stats['refused']:>8} "
              f"{stats['failed']:>7} {stats['hangs']:>6} {stats['slowest']:>7.2f}s", flush=True)
        for label, why in failures:
            print(f"    FAIL {why}\n         input: {label[:400]}")
    bridge.reset()
    print(f"{'all':10} failures: {total_failed}  ({time.monotonic() - start:.0f} s, seed {args.seed})")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
