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
             after: Callable[[Move], None] | None = None) -> Game:
    """Play random moves in ``game``: to its end, or until it has ``plies``
    moves. ``limit``: the plies after which a game that has not ended raises
    ``NoEnd``. ``before(moves, move)`` is called before a move is played,
    with the legal moves it was picked from, ``after(move)`` once it is
    played (checks: each must leave the game as it found it)."""
    while game.result is None and (plies is None or len(game.history) < plies):
        if limit is not None and len(game.history) >= limit:
            raise NoEnd(f"no end after {limit} plies")
        moves = game.legal_moves()
        if not moves:
            raise NoEnd(f"no legal move and no result in {game.position()}")
        move = pick(moves, rng, capture_bias, special)
        if before is not None:
            before(moves, move)
        game.play(move)
        if after is not None:
            after(move)
    return game


def played() -> list[tuple[str, str, dict]]:
    """(label, game id, options): every way of playing every game that the
    scripts play one by one (each game's ``played``), in the site's order."""
    return [(label, cls.id, dict(options)) for cls in VARIANTS.values() for label, options in cls.played.items()]
