"""The Chromium the browser tests and the benchmarks drive, and the
switches every one of them launches it with.

Two builds of the same Chromium, both Debian packages:

- ``chromium-headless-shell`` (``SHELL``), what the tests drive by default:
  Chromium's headless shell, the same Blink, V8 and network stack without
  the browser's own window layer, as Playwright itself drives headless
  Chromium, for less processor time a run (docs/about/benchmarks.md,
  "The test run").
- ``chromium`` (``FULL``), the browser a visitor has: the benchmarks
  (``bench.py``, ``arrival.py``) and the site's images measure and draw
  with it, and the tests fall back to it where the shell is missing.

``SHARAH_CHROMIUM`` (or a script's ``--chromium``) picks any other binary.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

SHELL = "/usr/bin/chromium-headless-shell"
FULL = "/usr/bin/chromium"
TESTS = (SHELL, FULL)       # what the tests look for, in this order
VISITOR = (FULL,)           # what the benchmarks and the images look for

# The switches of every launch: root needs --no-sandbox; no GPU here; nothing
# fetched from Google's hosts (the tests see every request leave 127.0.0.1)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]

# The tests' launches add one: V8 runs WebAssembly with its baseline compiler
# only (Liftoff), never spending the processor on optimising Pyodide's hot
# functions again in the background (TurboFan). The same WebAssembly, the
# same results, slower code: the tests check what the site does, the
# benchmarks (ARGS alone) how fast a visitor's browser does it
# (docs/about/benchmarks.md, "The test run": about a fifth of the browser
# tests' processor time).
TEST_ARGS = [*ARGS, "--js-flags=--liftoff-only"]


def _executable(path: str) -> str | None:
    return path if Path(path).is_file() and os.access(path, os.X_OK) else shutil.which(path)


def chromium_path(arg: str | None = None, defaults: tuple[str, ...] = VISITOR) -> str | None:
    """``arg``, else ``SHARAH_CHROMIUM``, else the first of ``defaults``
    installed: its path if it is an executable file (or a command on
    PATH), else None."""
    chosen = arg or os.environ.get("SHARAH_CHROMIUM")
    if chosen:
        return _executable(chosen)
    return next((found for found in map(_executable, defaults) if found), None)


def require_chromium(arg: str | None = None, defaults: tuple[str, ...] = VISITOR) -> str:
    """``chromium_path``, or an error that says how to get one."""
    found = chromium_path(arg, defaults)
    if not found:
        raise RuntimeError(f"no Chromium at {arg or os.environ.get('SHARAH_CHROMIUM') or ' or '.join(defaults)}: "
                           "install Debian's chromium, or give --chromium PATH (or SHARAH_CHROMIUM)")
    return found
