"""What the engine reads, at most, and how it shows what it read back: the
limits on a record, a link and a saved game, how deep JSON may nest, and
how a message that quotes the visitor's text is shown. Apart from
``record`` (which reads and writes whole games) because the bridge checks
every request against them before anything else, and a board opens
without ``record``: the first answer compiles less (Pyodide compiles every
module it imports from its source)."""

from __future__ import annotations

import functools
import re

# The limits (docs/about/saving.md gives them to the reader). A record
# writes a tag in as many characters as a saved game ("A":"v", against
# [A "v"] and a line break) and a move in one more (its number, shared by
# two moves, and a space, against quotes and a comma), so a saved game of
# MAX_SAVED characters (at most MAX_PLIES moves) has a record of at most
# MAX_SAVED + 10,000 (the engine's own tags): within MAX_RECORD, with room
# for the tags a page adds (Site, Date).
MAX_RECORD = 200_000     # characters of a record
MAX_LINK = 20_000        # characters of a link fragment
MAX_SAVED = 150_000      # characters of a saved game's JSON, as read and as written
MAX_PLIES = 5_000        # moves in a game read from any of them
MAX_DEPTH = 20           # nesting of a saved game's JSON ([ and { inside each other)

# Characters that change how the text around them is shown, invisibly: the
# direction marks, embeddings, overrides and isolates (U+061C, U+200E,
# U+200F, U+202A-U+202E, U+2066-U+2069), the line and paragraph separators
# (U+2028, U+2029), and the invisible spaces and format characters (U+200B,
# U+2060-U+2064, U+206A-U+206F, U+FEFF, U+FFF9-U+FFFB). Joiners (U+200C,
# U+200D), which some scripts and emoji need, are kept.
_INVISIBLE = ("\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f"
              "\ufeff\ufff9-\ufffb")


@functools.cache
def unshown() -> re.Pattern[str]:
    """The control characters, lone surrogates and invisible characters
    above. Compiled when first used, not when the engine starts: a class
    of characters this far apart takes the regular expression compiler
    milliseconds to lay out, on every boot, before the first answer."""
    return re.compile(f"[\\x00-\\x1f\\x7f-\\x9f\\ud800-\\udfff{_INVISIBLE}]")


def shown_text(text: str) -> str:
    """``text`` (a message that may quote a visitor's input) with every
    control or invisible character written as its escape (``\\u202e``): on
    the page it reads as it is, and cannot turn the words around it."""
    return unshown().sub(lambda m: f"\\u{ord(m.group()):04x}", text)   # no codec: the lean standard library has none


# A JSON string, its closing quote optional: it always matches at once, so
# an unclosed string cannot make the scan go back over the text.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON ``text`` nests deeper than ``limit`` (``[[1]]``: 2), its
    strings left out; measured without recursion, in a few passes over the
    text at C speed: brackets that open and close with nothing between go,
    ``limit`` times; a pair left means a deeper one. Brackets never closed
    count too, as the parser would go down into them."""
    if text.count("[") + text.count("{") <= limit:
        return False
    marks = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text)).translate({ord("{"): "[", ord("}"): "]"})
    for _ in range(limit):
        shorter = marks.replace("[]", "")
        if shorter == marks:
            break
        marks = shorter
    return "[]" in marks or marks.count("[") > limit
