"""The Chromium the browser tests and the benchmarks drive."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

DEFAULT = "/usr/bin/chromium"


def chromium_path(arg: str | None = None) -> str | None:
    """``arg``, else ``SHARAH_CHROMIUM``, else Debian's Chromium: its path
    if it is an executable file (or a command on PATH), else None."""
    path = arg or os.environ.get("SHARAH_CHROMIUM") or DEFAULT
    return path if Path(path).is_file() and os.access(path, os.X_OK) else shutil.which(path)


def require_chromium(arg: str | None = None) -> str:
    """``chromium_path``, or an error that says how to get one."""
    found = chromium_path(arg)
    if not found:
        raise RuntimeError(f"no Chromium at {arg or os.environ.get('SHARAH_CHROMIUM') or DEFAULT}: install "
                           "Debian's chromium, or give --chromium PATH (or SHARAH_CHROMIUM)")
    return found
