"""Whole games as text: records, share links and saved games.

Three ways to write the same thing, a game of one variant with its options,
its start and its moves (with the die rolls that came after them):

- a **record** (``format_record`` / ``parse_record``), in the habit of chess's
  PGN: tag pairs, then the moves with numbers::

      [Event "Casual game"]
      [Date "2026.11.22"]
      [White "Anna"]
      [Black "?"]
      [Result "*"]
      [Variant "oblong-shatranj"]
      [Options "setup=1 die=true promotion=general bare_king=auto"]
      [Roll "3"]

      1. b2c4@5 c15b13@1 2. a5a6@2 {the rook's turn} a12a11@6 *

  A move is the game's own notation (``docs/notation.md``); with the die, the
  roll that followed it comes after ``@``. ``Roll`` is the roll before the
  first move, ``Position`` the start when it is not the game's set-up.
  Move numbers, ``{comments}``, ``; comments`` and the result are accepted
  and skipped on import; ``Result``, ``Termination`` (a code of
  ``core.TERMINATIONS``) and the engine's sentence as a comment before the
  result are written for the reader, and the engine works the result out
  again from the moves.
- a **link** fragment (``format_link`` / ``parse_link``), compact and safe
  in a URL: ``game=1;v=oblong-shatranj;o=die:false,setup:1;m=b5b6,c12c11``;
- a **saved game** (``saved_game`` / ``load_saved``): a small JSON object
  for the browser's storage, open to extra keys the page keeps with it.

Reading any of them is all or nothing: it gives a new ``Game`` or raises
``RecordError`` (a ``NotationError``) whose message names the first bad
move by number, with the engine's reason. Every reader checks the size,
the nesting and the type of what it is given before it uses it (see the
limits below), and every writer keeps to the same limits: a game that was
read, or saved, always writes and reads back (``check_fits``). Records and saved games without
rolls are read when every move is possible with some roll: the roll before
a move is taken to be the first (lowest) that allows it; the roll after the
last move is thrown anew.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .core import MAX_POSITION_TEXT, Game, NotationError, Position, shown
from .chesslike import DRAW_ACTIONS
from .notation import number_step, split_roll
from .words import sentence
from .limits import (MAX_DEPTH, MAX_LINK, MAX_PLIES, MAX_RECORD, MAX_SAVED,  # noqa: F401 (record.X)
                     shown_text, too_deep, unshown)

# The limits of what the engine reads are limits.py's (MAX_RECORD, MAX_LINK,
# MAX_SAVED, MAX_PLIES, MAX_DEPTH); those of a record's parts are here.
MAX_TAG = MAX_POSITION_TEXT   # characters of one tag's value (a Position tag holds a position)
MAX_TAG_NAME = 100       # characters of a tag's name
MAX_MOVE_TEXT = 200      # characters of one move (with its roll)
MAX_NUMBER_DIGITS = 20   # digits of a number in a saved game's JSON
LINK_VERSION = 1
SAVED_FORMAT, SAVED_VERSION = "sharah-game", 1

# Tags the page writes itself when it copies a record (its own address): an
# imported record's value never replaces them.
PAGE_TAGS = ("Site",)
# Tags the engine writes and reads itself; a page may add any other.
ENGINE_TAGS = ("Variant", "Options", "Roll", "Position", "FEN", "SetUp", "Result", "Termination")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


class RecordError(NotationError):
    """A record, link or saved game that cannot be read. ``ply`` is the
    number of the first bad move (1 for the first move of the game, each
    side's move counting one) or ``None``, ``move`` its text, ``reason`` why."""

    def __init__(self, reason: str, ply: int | None = None, move: str | None = None):
        self.reason, self.ply, self.move = reason, ply, move
        if ply is None:
            message = reason
        else:
            message = f"move {ply} ({_clip(move)}): {reason}" if move else f"move {ply}: {reason}"
        super().__init__(message)


@dataclass
class GameText:
    """A game as plain data: what every format holds. ``start`` is the start
    position's text, or ``None`` for the game's set-up; ``roll`` the chance
    outcome before the first move (the die), when the set-up leaves it open;
    ``moves`` the notations, ``move@roll`` with the die; ``ply`` how many of
    them are played (the rest can be redone). A game with variations has
    ``tree``: the main line's move texts, each variation as a list after
    the move it replaces (nested as deep as they go, as PGN's parentheses),
    and ``node``, the index of the move shown (``Game.nodes``) when it is
    not on the main line. Readers take ``moves`` as such a tree too."""

    variant: str
    options: dict
    start: str | None = None
    roll: int | None = None
    moves: list = field(default_factory=list)
    ply: int | None = None
    tree: list | None = None
    node: int | None = None


# ------------------------------------------------------------ game -> data

def line(game: Game) -> list:
    """Every ply of the game: the ones played, then the ones that can be redone."""
    return list(game.history) + list(reversed(game.future))


def game_text(game: Game) -> GameText:
    """The plain data of ``game``, its whole line (moves to redo included)."""
    rules = game.variant
    start, roll = start_fields(game)
    chance = has_chance(rules, game.start)
    moves = [_ply_text(rules, ply, chance) for ply in line(game)]
    options = {name: rules.opts[name] for name in rules.options}   # in the game's own order
    tree = node = None
    nodes = game.nodes()
    if any(len(n.children) > 1 for n in nodes):
        tree = _tree_items(game.root, lambda n: _ply_text(rules, n.ply, chance))
        if not game.on_main_line(game.node):
            node = next(i for i, n in enumerate(nodes) if n is game.node)
    return GameText(rules.id, options, start, roll, moves, len(game.history), tree, node)


def plies_along(game: Game, moves: list) -> list:
    """The plies of ``game``'s tree along ``moves`` (move texts as
    ``game_text`` writes them) from the start, as far as the tree has
    them, whichever line the board shows."""
    rules = game.variant
    chance = has_chance(rules, game.start)
    out, node = [], game.root
    for text in moves:
        node = next((c for c in node.children if _ply_text(rules, c.ply, chance) == text), None)
        if node is None:
            break
        out.append(node.ply)
    return out


def _ply_text(rules, ply, chance: bool) -> str:
    after = roll_of(rules, ply.after) if chance else None
    return ply.move.notation if after is None else f"{ply.move.notation}@{after}"


def _tree_items(node, text) -> list:
    """The line after ``node`` with its variations (``GameText.tree``)."""
    out: list = []
    while node.children:
        main = node.children[0]
        out.append(text(main))
        for alt in node.children[1:]:
            out.append([text(alt)] + _tree_items(alt, text))
        node = main
    return out


def _written(data: GameText) -> tuple[list, int | None, int | None]:
    """What a link or saved game writes: (moves, ply, node) - the tree when
    the game has variations."""
    if data.tree is None:
        return data.moves, data.ply, None
    return data.tree, (None if data.node is not None else data.ply), data.node


def tree_size(items: list, depth: int = 1) -> int:
    """The moves of a tree of move texts (``GameText.tree``), every item
    checked: text, or a variation (a list) after a move, at most
    ``MAX_DEPTH`` deep."""
    if depth > MAX_DEPTH:
        raise RecordError(f"the variations are nested more than {MAX_DEPTH} deep")
    n, after_move = 0, False
    for item in items:
        if isinstance(item, list):
            if not after_move:
                raise RecordError("a variation must follow the move it replaces")
            if not item or not isinstance(item[0], str):
                raise RecordError("a variation must begin with a move")
            n += tree_size(item, depth + 1)
        elif isinstance(item, str):
            n += 1
            after_move = True
        else:
            raise RecordError(f"a move is text, not {_clip(item)}")
        if n > MAX_PLIES:
            raise RecordError(f"the game has more than {MAX_PLIES:,} moves; at most {MAX_PLIES:,} are read")
    return n


def has_chance(rules, pos: Position) -> bool:
    """Whether chance (a die) decides something after every move."""
    return bool(rules.chances(pos))


def roll_of(rules, pos: Position):
    """The chance outcome that ``pos`` holds (the die roll), or ``None``."""
    for roll, _ in rules.chances(pos):
        probe = pos.copy()
        rules.set_roll(probe, roll)
        if probe.state == pos.state:
            return roll
    return None


def start_fields(game: Game) -> tuple[str | None, Any]:
    """``(position text or None, roll or None)``: ``None`` when the game starts
    from its set-up, with the roll when chance decided the first move."""
    rules = game.variant
    setup = rules.initial_position()
    text = game.start.text()
    if text == setup.text():
        return None, None
    for roll, _ in rules.chances(setup):
        probe = setup.copy()
        rules.set_roll(probe, roll)
        if probe.text() == text:
            return None, roll
    return text, None


# ------------------------------------------------------------ data -> game

def replay(data: GameText) -> Game:
    """The game ``data`` describes, every move checked; ``RecordError`` for
    the first thing wrong. The game stands at ``data.ply`` (default: the end)."""
    if not isinstance(data.moves, list):
        raise RecordError("its moves are not a list")
    if len(data.moves) > MAX_PLIES:
        raise RecordError(f"the game has {len(data.moves):,} moves; at most {MAX_PLIES:,} are read")
    if any(isinstance(m, list) for m in data.moves):
        return _replay_tree(data)
    rules = _rules(data.variant, data.options)
    pos = _start(rules, data.start, data.roll)
    chance = has_chance(rules, pos)
    moves = [_split_roll(text, i + 1, chance) for i, text in enumerate(data.moves)]
    if chance and data.roll is None and moves and _unrolled(rules, pos):
        game = _first_roll(rules, pos, moves[0])
    else:
        game = Game(rules, pos)
    for i, (text, roll) in enumerate(moves):
        ply = i + 1
        try:
            move = game.find_move(text)
        except ValueError as e:
            raise RecordError(_reason(e), ply, text) from None
        if roll is None and chance and i + 1 < len(moves):
            _play_guessing_roll(game, move, moves[i + 1][0], ply + 1)
        else:
            try:
                game.play(move, roll=roll)
            except ValueError as e:
                raise RecordError(_reason(e), ply, text) from None
    if data.ply is not None:
        if isinstance(data.ply, bool) or not isinstance(data.ply, int) or not 0 <= data.ply <= len(moves):
            raise RecordError(f"the move to show must be 0 to {len(moves)}, not {shown(data.ply)}")
        while len(game.history) > data.ply:
            game.undo()
    return game


def _replay_tree(data: GameText) -> Game:
    """``replay`` for a game with variations (``data.moves`` a tree)."""
    tree_size(data.moves)
    rules = _rules(data.variant, data.options)
    pos = _start(rules, data.start, data.roll)
    chance = has_chance(rules, pos)
    first = data.moves[0]
    if chance and data.roll is None and _unrolled(rules, pos):
        game = _first_roll(rules, pos, _split_roll(first, 1, chance))
    else:
        game = Game(rules, pos)

    def play_line(items: list) -> None:
        before = None                     # the node before the last move of this line
        for k, item in enumerate(items):
            if isinstance(item, list):
                here = game.node
                game.goto_node(before)
                play_line(item)
                game.goto_node(here)
                continue
            ply = len(game.history) + 1
            text, roll = _split_roll(item, ply, chance)
            before = game.node
            try:
                move = game.find_move(text)
            except ValueError as e:
                raise RecordError(_reason(e), ply, text) from None
            following = next((m for m in items[k + 1:] if isinstance(m, str)), None)
            if roll is None and chance and following is not None:
                _play_guessing_roll(game, move, _split_roll(following, ply + 1, chance)[0], ply + 1)
            else:
                try:
                    game.play(move, roll=roll, branch=True)
                except ValueError as e:
                    raise RecordError(_reason(e), ply, text) from None

    play_line(data.moves)
    if data.node is not None:
        try:
            game.goto_node(game.node_at(data.node))
        except ValueError:
            raise RecordError(f"the move to show is not in the game (node {_clip(data.node)})") from None
    elif data.ply is not None:
        main = game.root.main()
        if isinstance(data.ply, bool) or not isinstance(data.ply, int) or not 0 <= data.ply <= len(main):
            raise RecordError(f"the move to show must be 0 to {len(main)}, not {shown(data.ply)}")
        game.goto_node(main[data.ply - 1] if data.ply else game.root)
    return game


def _rules(variant_id: Any, options: Any):
    from . import variant
    if not isinstance(variant_id, str) or not variant_id:
        raise RecordError("it does not say which game it is (no variant)")
    if not isinstance(options, dict):
        raise RecordError("its options are not a list of name and value")
    if not all(isinstance(k, str) for k in options):
        raise RecordError("its options are not a list of name and value (a name is not text)")
    try:
        return variant(_clip(variant_id, 60), **options)
    except ValueError as e:
        raise RecordError(_reason(e)) from None


def _start(rules, text: Any, roll: Any) -> Position:
    if text is None:
        pos = rules.initial_position()
    else:
        if not isinstance(text, str):
            raise RecordError("its start position is not text")
        try:
            pos = rules.parse_position(text)
        except ValueError as e:
            raise RecordError(f"its start position: {_reason(e)}") from None
    if roll is not None:
        try:
            rules.set_roll(pos, roll)
        except ValueError as e:
            raise RecordError(f"the roll before the first move: {_reason(e)}") from None
    return pos


def _split_roll(text: Any, ply: int, chance: bool) -> tuple[str, Any]:
    if not isinstance(text, str):
        raise RecordError("a move must be text", ply, _clip(text))
    if len(text) > MAX_MOVE_TEXT:
        raise RecordError(f"a move is at most {MAX_MOVE_TEXT} characters", ply, text)
    text = text.strip()
    if not chance:
        return text, None
    try:
        return split_roll(text)
    except ValueError as e:
        raise RecordError(_reason(e), ply, text) from None


def _unrolled(rules, pos: Position) -> bool:
    """Whether chance still has to decide the first move in ``pos`` (a '-' roll)."""
    import random
    probe = pos.copy()
    rules.prepare(probe, random.Random(0))
    return probe.state != pos.state


def _first_roll(rules, pos: Position, first: tuple[str, Any]) -> Game:
    """A game from ``pos`` whose first roll lets the first move be played."""
    reasons = []
    for roll, _ in rules.chances(pos):
        start = pos.copy()
        rules.set_roll(start, roll)
        game = Game(rules, start)
        try:
            game.find_move(first[0])
            return game
        except ValueError as e:
            reasons.append(_reason(e))
    raise RecordError(_no_roll_reason(reasons), 1, first[0])


def _play_guessing_roll(game: Game, move, following: str, ply: int) -> None:
    """Play ``move`` with the first roll after which ``following`` is legal
    (or after which the game is over: the next move then says so)."""
    rules = game.variant
    reasons = []
    for roll, _ in rules.chances(game.current):
        kept = list(game.node.children)
        game.play(move, roll=roll, branch=True)
        if game.result is not None:
            return
        try:
            game.find_move(following)
            return
        except ValueError as e:
            reasons.append(_reason(e))
        probe = game.node
        game.undo()
        if not any(probe is n for n in kept):     # a move this line put there, not another line's
            game.delete(probe, main=True)
    raise RecordError(_no_roll_reason(reasons), ply, following)


def _no_roll_reason(reasons: list[str]) -> str:
    # The reason that stands out (say, the piece's own roll) says the most.
    reason = min(reasons, key=reasons.count) if reasons else "it is not a legal move"
    return f"{reason} (the record gives no roll before it, and no roll makes it legal)"


# ------------------------------------------------------------------ limits

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# Control characters (tabs, line breaks, \x00-\x1f, \x7f-\x9f) and lone
# surrogates: a tag's value is one line of text.
_UNWRITABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
def clean_tag(value: str) -> str:
    """A tag's value as records and saved games keep it: each control
    character (a tab, a line break...), lone surrogate, or invisible
    character that changes how text is shown (a right-to-left override, a
    line separator, a zero-width space...) becomes a space."""
    return unshown().sub(" ", value)


def check_tag(name: Any, value: Any, what: str = "the tag") -> None:
    """``RecordError`` unless ``name`` is a tag name (letters, digits and _,
    a letter first, at most ``MAX_TAG_NAME``) and ``value`` text of at most
    ``MAX_TAG`` characters with no control character."""
    if not isinstance(name, str) or len(name) > MAX_TAG_NAME or not _TAG_NAME.fullmatch(name):
        raise RecordError(f"{_clip(name)!r} is not a tag name (letters, digits and _)"
                          if isinstance(name, str) and len(name) <= MAX_TAG_NAME else
                          f"{_clip(name)!r} is not a tag name (letters, digits and _, "
                          f"at most {MAX_TAG_NAME} of them)")
    if not isinstance(value, str):
        raise RecordError(f"{what} {name} must be text")
    if len(value) > MAX_TAG:
        raise RecordError(f"{what} {name} is too long ({len(value):,} characters; at most {MAX_TAG:,})")
    if _UNWRITABLE.search(value):
        raise RecordError(f"{what} {name} holds a control character")


def check_tags(tags: Any, what: str = "the tag") -> dict:
    """``tags`` checked (``check_tag``), as a new dict."""
    if not isinstance(tags, dict):
        raise RecordError("the tags are not a list of name and value")
    for name, value in tags.items():
        check_tag(name, value, what)
    return dict(tags)


def saved_size(blob: dict) -> int:
    """The characters of ``blob`` as the page stores it (``JSON.stringify``:
    no spaces, other scripts' letters as they are)."""
    return len(json.dumps(blob, ensure_ascii=False, separators=(",", ":")))


def check_fits(game: Game, tags: dict | None = None) -> None:
    """``RecordError`` unless ``game`` (with ``tags``) can be saved and read
    back: at most ``MAX_PLIES`` moves, and a saved game of at most
    ``MAX_SAVED`` characters (its record is then shorter than ``MAX_RECORD``).
    Every reader calls it, so a game that was read can always be kept."""
    longest = max(game.variant.sides, key=len)     # the bridge saves the board's orientation too
    saved_game(game, orientation=longest, tags=tags or {})


def read_json(text: Any, what: str, limit: int) -> Any:
    """JSON ``text`` read with its size (``limit`` characters), nesting
    (``MAX_DEPTH``) and numbers (finite, at most ``MAX_NUMBER_DIGITS``
    digits) checked first: ``RecordError`` ("``what`` is damaged ...")
    otherwise. Deep nesting would overflow the stack (in the browser, the
    whole engine's), so it is measured before the parser sees it."""
    if not isinstance(text, str):
        raise RecordError(f"{what} is not text")
    if len(text) > limit:
        raise RecordError(f"{what} is too large ({len(text):,} characters; at most {limit:,})")
    if too_deep(text):
        raise RecordError(f"{what} is damaged (nested more than {MAX_DEPTH} deep)")

    def number(token: str):
        if len(token) > MAX_NUMBER_DIGITS + 8:
            raise _Refused(f"a number is too long: {_clip(token, 20)}")
        value = float(token) if any(c in token for c in ".eE") else int(token)
        if value in (float("inf"), float("-inf")):
            raise _Refused(f"a number is too large: {_clip(token, 20)}")
        return value

    def constant(token: str):
        raise _Refused(f"{token} is not a number")

    try:
        return json.loads(text, parse_int=number, parse_float=number, parse_constant=constant)
    except _Refused as e:
        raise RecordError(f"{what} is damaged ({e})") from None
    except RecursionError:   # a safety net: too_deep keeps it away
        raise RecordError(f"{what} is damaged (nested too deep)") from None
    except ValueError:
        raise RecordError(f"{what} is damaged (not JSON)") from None


class _Refused(Exception):
    """A value ``read_json`` refuses (not a ``ValueError``: the JSON parser
    would take that for its own error and say "not JSON")."""


# ------------------------------------------------------------------ records

def format_record(game: Game, tags: dict | None = None) -> str:
    """The whole game as a record: ``tags`` (Event, Date, the players as the
    sides' names: White, Red...) first, then the engine's own tags, then the
    moves numbered as the move list numbers them. A tag's control
    characters are written as spaces (``clean_tag``); a tag that is no name,
    or longer than ``MAX_TAG``, and a game too long to read back, raise
    ``RecordError``."""
    if tags is not None and not isinstance(tags, dict):
        raise RecordError("the tags are not a list of name and value")
    plies = len(game.nodes()) - 1            # every move, the variations' too
    if plies > MAX_PLIES:
        raise RecordError(f"this game has {plies:,} moves, too many for a record (at most {MAX_PLIES:,})")
    data = game_text(game)
    rules = game.variant
    tags = {k: clean_tag(v) if isinstance(v, str) else v
            for k, v in (tags or {}).items() if k not in ENGINE_TAGS}
    for name, value in tags.items():
        check_tag(name, value)
    out = {"Event": tags.pop("Event", "?"), "Site": tags.pop("Site", "?"), "Date": tags.pop("Date", "????.??.??")}
    for side in rules.sides:
        out[side.capitalize()] = tags.pop(side.capitalize(), "?")
    end = _final_result(game)
    out["Result"] = result_token(rules, end)
    out["Variant"] = rules.id
    out["Options"] = " ".join(f"{k}={_option_text(v)}" for k, v in data.options.items())
    if data.roll is not None:
        out["Roll"] = str(data.roll)
    if data.start is not None:
        out["Position"] = data.start
    if end is not None:
        out["Termination"] = end.termination       # a code of core.TERMINATIONS
    out.update(sorted(tags.items()))
    head = "\n".join(f'[{k} "{_escape(v)}"]' for k, v in out.items())
    why = "" if end is None else "{" + sentence(str(end)).replace("{", "(").replace("}", ")") + "}"   # the engine's words, for the reader
    text = head + "\n\n" + _movetext(game, out["Result"], why) + "\n"
    if len(text) > MAX_RECORD:
        raise RecordError(f"this game's record would be too long ({len(text):,} characters; "
                          f"at most {MAX_RECORD:,})")
    return text


def _final_result(game: Game):
    plies = line(game)
    return plies[-1].result if plies else game.result


def result_token(rules, result) -> str:
    """PGN's result: ``1-0`` when the first side named (White, Red) wins."""
    if result is None:
        return "*"
    if result.winner is None:
        return "1/2-1/2"
    return "1-0" if result.winner == rules.sides[0] else "0-1"


def _option_text(value: Any) -> str:
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if not text or re.search(r"[\s;,:=\"\\]", text):
        raise RecordError(f"the option value {text!r} cannot be written in a record")
    return text


def _escape(value: str) -> str:
    return clean_tag(value).replace("\\", "\\\\").replace('"', '\\"')


def _movetext(game: Game, result: str, comment: str = "") -> str:
    """The moves of the whole tree, numbered; each variation in parentheses
    after the move it replaces, its first move numbered (``3...`` for the
    second player's)."""
    rules = game.variant
    try:
        first = rules.initial_position().to_move
    except Exception:
        first = rules.sides[0]
    chance = has_chance(rules, game.start)
    tokens: list[str] = []   # a number stays on the line of its move

    def write(node, state, fresh: bool) -> None:
        # the line after ``node``; ``state`` the numbering there; ``fresh``:
        # the next move opens a line (after "(" or ")"), so it is numbered
        while node.children:
            main = node.children[0]
            label, after = number_step(state, main.ply, first)
            if not label and fresh and main.ply.move.kind not in DRAW_ACTIONS:
                label = f"{max(state[0], 1)}..."
            move = _ply_text(rules, main.ply, chance)
            tokens.append(f"{label.replace('…', '...')} {move}" if label else move)
            for alt in node.children[1:]:
                label, alt_after = number_step(state, alt.ply, first)
                if not label and alt.ply.move.kind not in DRAW_ACTIONS:
                    label = f"{max(state[0], 1)}..."
                move = _ply_text(rules, alt.ply, chance)
                tokens.append("(" + (f"{label.replace('…', '...')} {move}" if label else move))
                write(alt, alt_after, False)
                tokens[-1] += ")"
            fresh = len(node.children) > 1
            node, state = main, after

    write(game.root, (0, None), True)
    if comment:
        tokens.append(comment)
    tokens.append(result)
    lines, current = [], ""
    for token in tokens:
        if current and len(current) + 1 + len(token) > 79:
            lines.append(current)
            current = token
        else:
            current = f"{current} {token}" if current else token
    lines.append(current)
    return "\n".join(lines)


@dataclass
class Record:
    """A record read back: the game (at its last move) and every tag."""
    game: Game
    tags: dict


def parse_record(text: Any) -> Record:
    """Read a record; ``RecordError`` for the first thing wrong (a bad
    move by its number and the engine's reason)."""
    if not isinstance(text, str):
        raise RecordError("the record must be text")
    if len(text) > MAX_RECORD:
        raise RecordError(f"the record is too long ({len(text):,} characters; at most {MAX_RECORD:,})")
    tags, moves = read_record(text)
    for name, value in tags.items():
        check_tag(name, value)
    if "Variant" not in tags:
        raise RecordError('the record does not say which game it is: add a tag like [Variant "scheherazade"]')
    start = tags.get("Position", tags.get("FEN"))
    roll = tags.get("Roll")
    if roll is not None:
        if not re.fullmatch(r"\d{1,2}", roll):
            raise RecordError(f"the Roll tag must be the die roll before the first move, not {_clip(roll)!r}")
        roll = int(roll)
    data = GameText(tags["Variant"], _read_options(tags.get("Options", "")), start, roll, moves)
    game = replay(data)
    check_fits(game, tags)
    return Record(game, tags)


def _read_options(text: str) -> dict:
    options = {}
    for item in text.split():
        name, eq, value = item.partition("=")
        if not eq or not name or not value:
            raise RecordError(f"the Options tag lists name=value pairs; {_clip(item)!r} is not one")
        if name in options:
            raise RecordError(f"the Options tag gives {_clip(name)} twice")
        options[name] = value
    return options


_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\\n]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"\d+(?:\.+|…)")


class _Tree:
    """A tree of moves being read (a record's or a link's): ``line``, where
    the moves go, and ``open``, the lines its open variations branched
    from, innermost last."""

    def __init__(self):
        self.top: list = []
        self.line = self.top
        self.open: list[list] = []

    def branch(self) -> bool:
        """A variation begins after the line's last move and takes the moves
        that follow; False (and nothing changes) when it would be nested
        more than ``MAX_DEPTH - 1`` deep."""
        if len(self.open) + 1 >= MAX_DEPTH:
            return False
        variation: list = []
        self.line.append(variation)
        self.open.append(self.line)
        self.line = variation
        return True

    def close(self) -> bool:
        """The innermost variation ends; False when none is open."""
        if not self.open:
            return False
        self.line = self.open.pop()
        return True


def read_record(text: str) -> tuple[dict, list]:
    """The tags and the move texts of a record, in order, each variation
    (in parentheses) a list after the move it replaces (``GameText.tree``);
    comments, move numbers and the result left out. Only the form is
    checked here."""
    text = text.lstrip("\ufeff")
    tags: dict = {}
    tree = _Tree()
    count = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c == "[":
            if tree.top:
                raise RecordError(f"line {_line(text, i)}: a tag after the moves; tags come first")
            m = _TAG.match(text, i)
            if not m:
                raise RecordError(f'line {_line(text, i)}: a tag is written [Name "value"]')
            name, value = m.group(1), clean_tag(re.sub(r"\\(.)", r"\1", m.group(2)))
            if name in tags:
                raise RecordError(f"line {_line(text, i)}: the tag {name} is given twice")
            tags[name] = value
            i = m.end()
        elif c == "{":
            end = text.find("}", i)
            if end < 0:
                raise RecordError(f"line {_line(text, i)}: a comment opened with {{ is not closed with }}")
            i = end + 1
        elif c == ";":
            end = text.find("\n", i)
            i = n if end < 0 else end + 1
        elif c == "(":
            if not any(isinstance(m, str) for m in tree.line):
                raise RecordError(f"line {_line(text, i)}: a variation ( ) must follow the move it replaces")
            if not tree.branch():
                raise RecordError(f"line {_line(text, i)}: variations nested more than {MAX_DEPTH - 1} deep")
            i += 1
        elif c == ")":
            if not tree.open:
                raise RecordError(f"line {_line(text, i)}: a ) that closes no variation")
            if not tree.line:
                raise RecordError(f"line {_line(text, i)}: an empty variation ( )")
            tree.close()
            i += 1
        elif c in "]}":
            raise RecordError(f"line {_line(text, i)}: a {c} that closes nothing")
        else:
            m = re.compile(r"[^\s{};\[\]()]+").match(text, i)
            token, i = m.group(0), m.end()
            number = _NUMBER.match(token)
            if number:
                token = token[number.end():]
            if not token:
                continue
            if token in RESULTS:
                if tree.open:
                    raise RecordError(f"line {_line(text, i)}: the result {token} inside a variation; close it with ) first")
                rest = text[i:].strip()
                if rest and not re.fullmatch(r"(\{[^}]*\}\s*)*", rest):
                    raise RecordError(f"line {_line(text, i)}: moves after the result {token}")
                break
            tree.line.append(token)
            count += 1
            if count > MAX_PLIES:
                raise RecordError(f"the record has more than {MAX_PLIES:,} moves")
    if tree.open:
        raise RecordError("a variation opened with ( is not closed with )")
    return tags, tree.top


def _line(text: str, i: int) -> int:
    return text.count("\n", 0, i) + 1


# -------------------------------------------------------------------- links

_SAFE = "/:@()*+=-._~!"     # kept as they are in a link; the rest is %-escaped


def format_link(game: Game, board: str | None = None) -> str:
    """The game as a link fragment (without the ``#``), every option
    spelled out: ``game=1;v=...;o=name:value,...;p=...;r=...;m=...;n=...;b=...``."""
    if board is not None and not isinstance(board, str):
        raise RecordError(f"the board's name is text, not {shown(board)}")
    data = game_text(game)
    fields = [f"game={LINK_VERSION}", f"v={_q(data.variant)}",
              "o=" + ",".join(f"{_q(k)}:{_q(_option_text(v))}" for k, v in data.options.items())]
    if data.start is not None:
        if "_" in data.start:
            raise RecordError("this start position cannot be written in a link")
        fields.append("p=" + _q(data.start.replace(" ", "_")))
    if data.roll is not None:
        fields.append(f"r={data.roll}")
    moves, ply, node = _written(data)
    fields.append("m=" + ",".join(_link_tokens(moves)))
    if node is not None:
        fields.append(f"k={node}")
    elif ply != len(data.moves):
        fields.append(f"n={ply}")
    if board:
        fields.append("b=" + _q(board))
    text = ";".join(fields)
    if len(text) > MAX_LINK:
        raise RecordError(f"this game is too long for a link ({len(text):,} characters; at most "
                          f"{MAX_LINK:,}): copy its record instead")
    return text


def _link_tokens(items: list) -> list[str]:
    """A tree of moves as a link's tokens: a variation's first move after
    "(", its last before ")"."""
    out: list[str] = []
    for item in items:
        if isinstance(item, list):
            inner = _link_tokens(item)
            inner[0] = "(" + inner[0]
            inner[-1] += ")"
            out.extend(inner)
        else:
            out.append(_q(item, move=True))
    return out


def _link_moves(text: str) -> list:
    """The tree of moves in a link's ``m`` (``_link_tokens`` read back)."""
    tree = _Tree()
    for token in text.split(","):
        while token.startswith("("):
            if not tree.branch():
                raise RecordError(f"the link's variations are nested more than {MAX_DEPTH - 1} deep")
            token = token[1:]
        closing = len(token) - len(token.rstrip(")"))
        token = token[:len(token) - closing]
        if not token:
            raise RecordError("the link's moves are damaged (an empty move)")
        tree.line.append(_unquote(token))
        for _ in range(closing):
            if not tree.close():
                raise RecordError("the link's moves are damaged (a ) that closes nothing)")
    if tree.open:
        raise RecordError("the link's moves are damaged (a variation not closed)")
    return tree.top


def _q(text: str, move: bool = False) -> str:
    from urllib.parse import quote     # here, not at the top: a large import in the browser
    return quote(str(text), safe=_SAFE.replace("(", "").replace(")", "") if move else _SAFE)


def _unquote(text: str) -> str:
    from urllib.parse import unquote
    return unquote(text)


@dataclass
class Link:
    """A link read back: the game (at the move it shows) and the board it names."""
    game: Game
    board: str | None


def parse_link(fragment: Any) -> Link:
    """Read a link fragment (with or without its ``#``; ``MAX_LINK`` counts
    the characters after it, as ``write_link`` writes them)."""
    if not isinstance(fragment, str):
        raise RecordError("the link must be text")
    text = fragment.strip().removeprefix("#")
    if len(text) > MAX_LINK:
        raise RecordError(f"the link is too long ({len(text):,} characters; at most {MAX_LINK:,})")
    fields = _link_fields(text)
    version = fields.pop("game")
    if version != str(LINK_VERSION):
        if re.fullmatch(r"\d{1,6}", version):
            raise RecordError(f"this link was written in another format (version {version}); "
                              f"this site reads version {LINK_VERSION}")
        raise RecordError("this is not a game link")
    unknown = sorted(set(fields) - {"v", "o", "p", "r", "m", "n", "k", "b"})
    if unknown:
        raise RecordError(f"the link has a part this site does not know: {_clip(unknown[0])}")
    if "v" not in fields:
        raise RecordError("the link does not say which game it is")
    options = {}
    for item in filter(None, fields.get("o", "").split(",")):
        name, colon, value = item.partition(":")
        if not colon or not name:
            raise RecordError(f"the link's options are name:value pairs; {_clip(_unquote(item))!r} is not one")
        options[_unquote(name)] = _unquote(value)
    start = _unquote(fields["p"]).replace("_", " ") if "p" in fields else None
    roll = _whole(fields.get("r"), "the roll before the first move")
    ply = _whole(fields.get("n"), "the move to show")
    node = _whole(fields.get("k"), "the move to show")
    moves = _link_moves(fields["m"]) if fields.get("m") else []
    game = replay(GameText(_unquote(fields["v"]), options, start, roll, moves, ply, node=node))
    check_fits(game)
    board = _unquote(fields["b"]) if fields.get("b") else None
    return Link(game, board)


def _link_fields(text: str) -> dict:
    if not text.startswith("game="):
        raise RecordError("this is not a game link (it should start with #game=)")
    fields: dict = {}
    for part in text.split(";"):
        key, eq, value = part.partition("=")
        if not eq:
            raise RecordError(f"the link's parts are key=value; {_clip(_unquote(part))!r} is not one")
        if key in fields:
            raise RecordError(f"the link gives {_clip(key)} twice")
        fields[key] = value
    return fields


def _whole(text: str | None, what: str) -> int | None:
    if text is None:
        return None
    if not re.fullmatch(r"\d{1,5}", text):
        raise RecordError(f"{what} must be a whole number, not {_clip(_unquote(text))!r}")
    return int(text)


# -------------------------------------------------------------- saved games

def saved_game(game: Game, **extra) -> dict:
    """The game as a small JSON-ready object for the browser's storage: the
    format and its version, the variant, every option, the start, the
    moves (all of the line), ``ply`` (how many are played), and ``extra``
    (the bridge adds ``orientation`` and the record's ``tags``).

    ``RecordError`` when ``load_saved`` would not read it back: more than
    ``MAX_PLIES`` moves, tags that are not tags (``check_tag``), or more
    than ``MAX_SAVED`` characters in all. So a game that could be saved
    can always be read again."""
    plies = len(game.nodes()) - 1            # every move, the variations' too
    if plies > MAX_PLIES:
        raise RecordError(f"this game has {plies:,} moves, too many to keep (at most {MAX_PLIES:,}): "
                          f"the game before the last moves is kept")
    if extra.get("tags") is not None:
        check_tags(extra["tags"])
    data = game_text(game)
    moves, ply, node = _written(data)
    out = dict(extra)
    out.update({"format": SAVED_FORMAT, "version": SAVED_VERSION, "variant": data.variant,
                "options": data.options, "start": data.start, "roll": data.roll,
                "moves": moves, "ply": ply})
    if node is not None:
        out["node"] = node
    size = saved_size(out)
    if size > MAX_SAVED:
        raise RecordError(f"this game is too large to keep ({size:,} characters; at most {MAX_SAVED:,})")
    return out


def load_saved(blob: Any) -> Game:
    """A saved game back (its JSON text, or the object read from it);
    ``RecordError`` when it is damaged, from another version, too large
    (``MAX_SAVED`` characters, nested deeper than ``MAX_DEPTH``), or its
    moves no longer play. Each field is checked for its type and size
    before it is used; ``tags``, when present, must be tags ``saved_game``
    writes (``check_tag``), so the game can always be written again."""
    if isinstance(blob, str):
        blob = read_json(blob, "the saved game", MAX_SAVED)
    if not isinstance(blob, dict) or blob.get("format") != SAVED_FORMAT:
        raise RecordError("this is not a saved game")
    if blob.get("version") != SAVED_VERSION:
        raise RecordError(f"the saved game was stored by another version of this site "
                          f"(format {_clip(blob.get('version'))}); it cannot be read")
    moves = blob.get("moves")
    if not isinstance(moves, list):
        raise RecordError("the saved game is damaged (no move list)")
    roll = blob.get("roll")
    if roll is not None and (isinstance(roll, bool) or not isinstance(roll, int)):
        raise RecordError("the saved game is damaged (a bad roll)")
    tags = blob.get("tags")
    if tags is not None:
        if not isinstance(tags, dict):
            raise RecordError("the saved game is damaged (its tags are not a list of name and value)")
        try:
            check_tags(tags)
        except RecordError as e:
            raise RecordError(f"the saved game is damaged ({e})") from None
    node = blob.get("node")
    if node is not None and (isinstance(node, bool) or not isinstance(node, int)):
        raise RecordError("the saved game is damaged (a bad move to show)")
    game = replay(GameText(blob.get("variant"), blob.get("options", {}), blob.get("start"),
                           roll, moves, blob.get("ply"), node=node))
    check_fits(game, tags)
    return game


# ------------------------------------------------------------------ helpers

def _reason(e: Exception) -> str:
    return str(e).strip().rstrip(".")


def _clip(value: Any, n: int = 40) -> str:
    if isinstance(value, str):
        return value if len(value) <= n else value[:n] + "…"
    return shown(value, n)
