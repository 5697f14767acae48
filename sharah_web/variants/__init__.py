"""The registry of games: one small module each."""

from __future__ import annotations

from .hedman import HedmanSharah
from .mittner import MittnerShahrah
from .oblong import OblongShatranj
from .scheherazade import Scheherazade
from .surrounds import SharahSurrounds

VARIANTS = {cls.id: cls for cls in (OblongShatranj, Scheherazade, HedmanSharah,
                                    SharahSurrounds, MittnerShahrah)}
