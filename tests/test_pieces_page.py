"""A Betza string is movement the engine runs, or there is none; and the
pages quote exactly what runs (docs/pieces.md and the games' piece tables)."""

import random
import re
from pathlib import Path

import pytest

import sharah_web
from sharah_web import randomgame
from sharah_web.core import Game
from sharah_web.variants import VARIANTS

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _ways() -> list[tuple[str, dict]]:
    """Each way of playing each game, and each option value that gives a
    piece another Betza string (the Domnisoara moving as the Lord)."""
    out = [(vid, options) for _label, vid, options in randomgame.played()]
    for cls in VARIANTS.values():
        plain = cls()
        for name, spec in cls.options.items():
            values = spec.choices or ((not spec.default,) if isinstance(spec.default, bool) else ())
            for value in values:
                rules = cls(**{name: value})
                if any(rules.betza_of(k) != plain.betza_of(k) for k in plain.types):
                    out.append((cls.id, {name: value}))
    return out


GAMES = _ways()


def _positions(rules, plies=40, seed=23):
    game = Game(rules, rules.initial_position(), seed=seed)
    rng = random.Random(seed)
    out = [game.current]
    while game.result is None and len(out) < plies:
        game.play(rng.choice(game.legal_moves()))
        out.append(game.current)
    return out


def _moves_of(rules, pos, kind):
    return sorted(m.notation for m in rules.legal_moves(pos)
                  if m.frm is not None and pos.board[m.frm] is not None and pos.board[m.frm].kind == kind)


@pytest.mark.parametrize("variant_id, options", GAMES, ids=[f"{g}{o or ''}" for g, o in GAMES])
def test_every_betza_string_makes_its_pieces_moves(variant_id, options):
    """Give a piece other Betza and its moves change: the string is read.
    (The positions come from the real rules, played the same way.)"""
    cls = VARIANTS[variant_id]
    rules = cls(**options)
    positions = _positions(rules)
    on_board = {p.kind for pos in positions for p in pos.board if p is not None}
    driven = [k for k in rules.types if rules.betza_of(k) and k in on_board]
    assert driven or not any(rules.betza_of(k) for k in rules.types)   # a game whose pieces all move by code
    for kind in driven:
        other = "W" if rules.betza_of(kind) in ("K", "Q") else "K"
        patched = type("Patched", (cls,), {
            "betza_of": lambda self, k, kind=kind, other=other: other if k == kind else cls.betza_of(self, k)})
        rules2 = patched(**options)
        assert any(_moves_of(rules, pos, kind) != _moves_of(rules2, rules2.read_position(pos.text()), kind)
                   for pos in positions), f"{variant_id}: the {kind}'s Betza {rules.betza_of(kind)!r} is not read"


def test_pieces_that_move_by_their_own_code_have_no_betza():
    hedman, surrounds, mittner = (sharah_web.variant(v) for v in
                                  ("sharah-hedman", "sharah-surrounds", "sharah-mittner"))
    assert {k for k in hedman.types if hedman.betza_of(k)} == {"pawn", "guardian"}
    assert {k for k in surrounds.types if surrounds.betza_of(k)} == {"lord", "lady", "domnisoara", "troublemaker"}
    assert not any(mittner.betza_of(k) for k in mittner.types)
    # the Domnisoara's string follows her option
    assert surrounds.betza_of("domnisoara") == surrounds.betza_of("lady") == "RB5"
    lord = sharah_web.variant("sharah-surrounds", domnisoara_moves="lord")
    assert lord.betza_of("domnisoara") == lord.betza_of("lord") == "B5W"


def _sections(text):
    """``(title, prose, fence)`` for each ``###`` section with a diagram."""
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        title = block.splitlines()[0].strip()
        block = re.split(r"^## ", block, flags=re.M)[0]
        fence = re.search(r"```sharah\n(.*?)```", block, re.S)
        prose = re.sub(r"```.*?```", "", block, flags=re.S)
        yield title, prose, dict(re.findall(r"^(\w+): (.*)$", fence.group(1), re.M)) if fence else None


def test_the_pieces_page_quotes_the_betza_that_runs():
    text = (DOCS / "pieces.md").read_text()
    checked = 0
    for title, prose, fence in _sections(text):
        assert fence, f"{title}: no diagram"
        rules = sharah_web.variant(fence["variant"])
        piece = rules.read_position(fence["position"]).board[rules.geometry.parse(fence["show"])]
        runs = rules.betza_of(piece.kind) if piece.kind in rules.types else ""
        quoted = re.findall(r"Betza\s+`([^`]+)`", prose)
        if title == "The fifteen queens":
            cells = re.findall(r"\b([A-Z]{2}) `([^`]+)`", prose)
            assert len(cells) == 15
            for letters, notation in cells:
                assert notation == rules.betza_of(rules.kind_from_letters(letters)), letters
            checked += 15
            continue
        if not runs:
            assert not quoted, f"{title}: quotes Betza {quoted}, but the engine moves it by its own code"
            continue
        assert quoted and quoted[0] == runs, f"{title}: the page says {quoted}, the engine runs {runs!r}"
        if piece.kind == "domnisoara":
            lord = sharah_web.variant(fence["variant"], domnisoara_moves="lord")
            assert quoted[1:] == [lord.betza_of("domnisoara")]
        checked += 1
    assert checked >= 30


def test_the_game_pages_piece_tables_quote_the_betza_that_runs():
    """A game page's table of pieces (a row per piece, its Betza string in
    the last column) quotes what the engine runs, on every game's page."""
    checked = 0
    for variant_id in VARIANTS:
        rules = sharah_web.variant(variant_id)
        text = (DOCS / "games" / f"{variant_id}.md").read_text(encoding="utf-8")
        for name, notation in re.findall(r"^\|.*?\*\*(\w+)\*\*.*\| `([^`]+)` \|$", text, re.M):
            (kind,) = [t.kind for t in rules.piece_types if t.name.split(" ")[0] == name]
            assert notation == rules.betza_of(kind), (variant_id, name)
            checked += 1
    assert checked >= 12     # Oblong Shatranj's and Scheherazade's tables at least


def test_the_pieces_page_shows_every_piece_of_every_game():
    """The pieces page is written, not made from the registry: it must still
    show each game (its table links the game's page) and each of its pieces
    (a section named after it; a compound, after each of its parts)."""
    text = (DOCS / "pieces.md").read_text(encoding="utf-8")
    headings = [h.lower() for h in re.findall(r"^### (.+)$", text, re.M)]
    missing = []
    for cls in VARIANTS.values():
        if f"(games/{cls.id}.md)" not in text:
            missing.append(f"{cls.id}: no link to its page")
        for piece in cls.piece_types:
            parts = piece.name.split(" ")[0].lower().split("-")
            missing += [f"{cls.id}: {piece.name} ({part})" for part in parts
                        if not any(h.startswith(part) or h.startswith(f"the {part}") for h in headings)]
    assert missing == []
