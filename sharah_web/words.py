"""The engine's words for the reader, each written one way: a sentence
from its parts (every message the engine sends ends as one), and the
compass's words for a facing. Imports nothing of the engine."""

from __future__ import annotations

import re

# A facing's words (core.Piece.facing is one of these codes).
FACING_WORDS = {"n": "north", "ne": "north-east", "e": "east", "se": "south-east",
                "s": "south", "sw": "south-west", "w": "west", "nw": "north-west"}


def held_by(side: str | None, nobody: str) -> str:
    """Who holds a piece (the Fisher), as a player says it: "held by Red",
    or, when nobody does, the game's words for that (``nobody``: "not held
    yet", "neutral"...)."""
    return f"held by {side.capitalize()}" if side else nobody


_SQUARE_FIRST = re.compile(r"[a-p]\d")


def sentence(*parts: str) -> str:
    """``parts`` (the empty ones left out) joined by spaces, as one
    sentence: a capital first letter (a leading square or move, ``b2b4``,
    keeps its case) and a full stop, unless it ends with one already."""
    text = " ".join(p.strip() for p in parts if p and p.strip())
    if not text:
        return ""
    if not _SQUARE_FIRST.match(text):
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
