"""The registry of games: one small module each."""

from __future__ import annotations

from .hedman import HedmanSharah
from .oblong import OblongShatranj
from .surrounds import SharahSurrounds

VARIANTS = {cls.id: cls for cls in (OblongShatranj, HedmanSharah, SharahSurrounds)}
