"""The registry of games: one small module each."""

from __future__ import annotations

from .oblong import OblongShatranj
from .surrounds import SharahSurrounds

VARIANTS = {cls.id: cls for cls in (OblongShatranj, SharahSurrounds)}
