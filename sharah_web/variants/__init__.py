"""The registry of games: one small module each."""

from __future__ import annotations

from .oblong import OblongShatranj

VARIANTS = {cls.id: cls for cls in (OblongShatranj,)}
