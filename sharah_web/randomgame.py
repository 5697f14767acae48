"""Random games, for the scripts and the tests (not shipped to the browser):
the options of a random game (``draw_options``: each game's ``random_end``
fixed, so that the game is sure to end), a random move (``pick``) and the
loop that plays a game to its end (``play_out``). Used by soak, fuzz and
match (scripts/) and by the property and record tests."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from .core import Game, Move
from .variants import VARIANTS

# Moves that are not plain steps or captures: promotions, facings, pulls,
# pushes, drops, removals, passes, draw offers (their notation says so).
SPECIAL = re.compile(r"[=+>:@]|^x|pass|offer|decline|stalemate")


class NoEnd(AssertionError):
    """A random game went on past its limit, or had no move and no result."""


def end_options(variant_id: str) -> dict:
    """The options a random game of ``variant_id`` fixes so that it ends."""
    return dict(VARIANTS[variant_id].random_end)


BOOL = [False, True]


def drawn_options(variant_id: str) -> dict[str, list]:
    """The options a random game draws: name -> the values to draw from
    (``BOOL`` for on/off), every option with choices but those
    ``end_options`` fixes."""
    fixed = end_options(variant_id)
    out = {}
    for spec in VARIANTS[variant_id]().option_specs():
        if spec["name"] in fixed:
            continue
        if spec["type"] == "bool":
            out[spec["name"]] = BOOL
        elif spec["choices"]:
            out[spec["name"]] = list(spec["choices"])
    return out


def draw_options(variant_id: str, rng: random.Random, base: dict | None = None) -> dict:
    """``base``, then ``end_options``, then every other option
    ``drawn_options`` lists, drawn at random."""
    options = {**end_options(variant_id), **(base or {})}
    for name, values in drawn_options(variant_id).items():
        if name not in options:
            options[name] = rng.random() < 0.5 if values == BOOL else rng.choice(values)
    return options


def pick(moves: list[Move], rng: random.Random, capture_bias: float = 0.0, special: bool = False) -> Move:
    """A random move of ``moves``: a capture, when there is one, with
    probability ``capture_bias``; with ``special``, a special move (SPECIAL)
    about a third of the time, a capture another third."""
    if special:
        specials = [m for m in moves if SPECIAL.search(m.notation)]
        captures = [m for m in moves if m.captured()]
        r = rng.random()
        return rng.choice(specials if r < 0.35 and specials else captures if r < 0.7 and captures else moves)
    captures = [m for m in moves if m.captured()] if capture_bias else ()
    return rng.choice(captures if captures and rng.random() < capture_bias else moves)


def play_out(game: Game, rng: random.Random, capture_bias: float = 0.0, special: bool = False,
             plies: int | None = None, limit: int | None = None,
             before: Callable[[list[Move], Move], None] | None = None,
             after: Callable[[Move], None] | None = None, moves: int | None = None) -> Game:
    """Play random moves in ``game``: to its end, or until it has ``plies``
    moves, or until ``moves`` legal moves in all were picked from (about the
    same work in every game, whatever its moves a ply: ``MOVES``).
    ``limit``: the plies after which a game that has not ended raises
    ``NoEnd``. ``before(moves, move)`` is called before a move is played,
    with the legal moves it was picked from, ``after(move)`` once it is
    played (checks: each must leave the game as it found it)."""
    seen = 0
    while (game.result is None and (plies is None or len(game.history) < plies)
           and (moves is None or seen < moves)):
        if limit is not None and len(game.history) >= limit:
            raise NoEnd(f"no end after {limit} plies")
        legal = game.legal_moves()
        if not legal:
            raise NoEnd(f"no legal move and no result in {game.position()}")
        seen += len(legal)
        move = pick(legal, rng, capture_bias, special)
        if before is not None:
            before(legal, move)
        game.play(move)
        if after is not None:
            after(move)
    return game


# The legal moves a test's random game picks from, in all (``play_out``'s
# ``moves``): a game of a few moves a ply plays to its end (or far), one of
# a thousand (the Light and Shadow boards) a few plies.
MOVES = 20_000


def played() -> list[tuple[str, str, dict]]:
    """(label, game id, options): every way of playing every game that the
    scripts play one by one (each game's ``played``), in the site's order."""
    return [(label, cls.id, dict(options)) for cls in VARIANTS.values() for label, options in cls.played.items()]


def drawn(seeds: tuple[int, ...] = (1,)) -> list[tuple[str, dict, int]]:
    """(game id, options, seed): each way of playing each game (``played``)
    with each seed, its other options drawn by ``draw_options`` from
    ``random.Random(seed)`` (the tests' random games: every game of the
    registry, and over the seeds the options it offers). An option that
    tells the game's ways apart keeps its value (its default where a way
    does not name it)."""
    out = []
    for _label, vid, base in played():
        ways = {name for cls_id, options in ((v, o) for _l, v, o in played()) if cls_id == vid for name in options}
        specs = VARIANTS[vid].options
        fixed = {name: base.get(name, specs[name].default) for name in ways}
        out += [(vid, draw_options(vid, random.Random(seed), fixed), seed) for seed in seeds]
    return out
