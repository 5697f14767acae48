"""The engine's two errors, in a module that imports nothing of the engine,
so that every module may raise them (``geometry`` among them, which
``core`` imports). ``core`` re-exports both."""


class NotationError(ValueError):
    """Text that is not a move, a position, or an option this game knows."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow here."""
