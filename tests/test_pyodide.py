"""The engine inside Pyodide (the runtime the site ships), under Node.

``tests/pyodide/engine_check.mjs`` boots Pyodide from ``node_modules/pyodide``
with no network, on the lean standard library the site ships
(``scripts/sitebuild/stdlib_zip.py``: only the modules the engine and Pyodide's
start-up import), unpacks the engine zip made by ``scripts/sitebuild/pack_engine.py``,
plays random games and the worker's JSON API (``tests/pyodide/workload.json``,
``tests/pyodide/check_engine.py``) and prints a JSON summary, which these
tests check. A module missing from the lean zip fails them.

Outside CI the tests are skipped when Node or ``node_modules/pyodide`` is
missing (run ``bash scripts/test.sh``, which installs it); with ``CI`` set
they fail instead.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sharah_web
from sharah_web import randomgame

from sitebuild import stdlib_zip

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "tests" / "pyodide" / "engine_check.mjs"
# it waits for the lean standard library's trace, which the run's build makes too
pytestmark = pytest.mark.build

# The workload (every game of the registry, the bridge: records, links, saved
# games, the computer), shared with scripts/sitebuild/stdlib_zip.py, which
# traces it to make the lean zip.
CONFIG = stdlib_zip.workload()
# seconds; a normal run takes 10-20 s, and took more than 240 s at a load
# of 17-20 on two cores (a whole run beside two engineers' browser tests):
# a limit for a check that hangs, under pytest.ini's 600 s for any test
TIMEOUT = 540


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def pinned_pyodide_version() -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]


def missing(reason: str):
    if in_ci():
        pytest.fail(f"{reason} (CI is set, so this is a failure, not a skip)")
    pytest.skip(f"{reason}; run `bash scripts/test.sh` (or `npm ci`) to install it")


@pytest.fixture(scope="module")
def summary(tmp_path_factory) -> dict:
    node = shutil.which("node")
    if node is None:
        missing("node is not on PATH")
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        missing(f"{PYODIDE_DIR.relative_to(ROOT)} is missing")

    folder = tmp_path_factory.mktemp("pyodide")
    engine_zip = folder / "engine.zip"
    subprocess.run([sys.executable, "-m", "sitebuild.pack_engine", str(engine_zip)],
                   cwd=ROOT, check=True, capture_output=True, text=True, timeout=60)
    # the site's lean standard library, as the build makes it (traced from
    # this same workload on Pyodide's whole zip; cached in .cache/stdlib/)
    lean = folder / "stdlib-lean.zip"
    lean.write_bytes(stdlib_zip.stdlib_zip(engine_zip.read_bytes())[0])

    try:
        proc = subprocess.run([node, str(RUNNER), str(engine_zip), json.dumps(CONFIG),
                               "--stdlib", str(lean)],
                              cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"engine_check.mjs took more than {TIMEOUT} s; stderr:\n{exc.stderr}")
    if proc.returncode != 0:
        pytest.fail(f"engine_check.mjs exited with {proc.returncode}\n"
                    f"--- stderr ---\n{proc.stderr[-6000:]}\n--- stdout ---\n{proc.stdout[-2000:]}")
    lines = proc.stdout.strip().splitlines()
    assert lines, f"engine_check.mjs printed nothing; stderr:\n{proc.stderr[-4000:]}"
    data = json.loads(lines[-1])
    print(f"pyodide {data.get('pyodide_version')}, python {data.get('python')}: boot "
          f"{data.get('boot_seconds')} s, checks {data.get('check_seconds')} s")
    return data


def test_runtime_is_the_pinned_pyodide(summary):
    pinned = pinned_pyodide_version()
    installed = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    assert installed == pinned, f"node_modules has pyodide {installed}, package.json pins {pinned}: run npm ci"
    assert summary["pyodide_version"] == pinned
    assert summary["implementation"] == "CPython"
    assert summary["platform"] == "emscripten"
    assert summary["python"].startswith("3.14."), f"Pyodide {pinned} should run Python 3.14, got {summary['python']}"


def test_the_whole_engine_runs_on_the_lean_standard_library(summary):
    """The games and the bridge above ran on the lean zip; so did every
    module the engine's sources import (also inside functions), and an
    error raised in Python reached JavaScript with its message."""
    assert summary["stdlib"] == "stdlib-lean.zip"
    names = summary["engine_imports"]
    assert {"dataclasses", "json", "random", "re", "urllib.parse"} <= set(names), names
    assert summary["engine_imports_failed"] == {}
    assert summary["error_path"] == "ok"
    loaded = summary["stdlib_modules"]
    assert "dataclasses" in loaded and "urllib.parse" in loaded
    # far from everything: Pyodide's whole zip has several hundred modules
    whole = stdlib_zip.PYODIDE_DIR / "python_stdlib.zip"
    assert "email" not in loaded and "sqlite3" not in loaded and "unittest" not in loaded
    data = stdlib_zip.stdlib_zip(None)[0]
    assert len(data) < whole.stat().st_size / 2, (len(data), whole.stat().st_size)


def test_a_module_missing_from_the_zip_fails(tmp_path):
    """Take dataclasses (which the engine imports) out of the lean zip: the
    run fails, naming the module."""
    import zipfile
    if shutil.which("node") is None or not (PYODIDE_DIR / "pyodide.mjs").is_file():
        missing("node or node_modules/pyodide is missing")
    engine = tmp_path / "engine.zip"
    engine.write_bytes(stdlib_zip.pack_engine.engine_zip())
    data, traced = stdlib_zip.stdlib_zip(engine.read_bytes())
    short = tmp_path / "stdlib-short.zip"
    with zipfile.ZipFile(short, "w") as out, zipfile.ZipFile(io.BytesIO(data)) as src:
        for name in src.namelist():
            if name != "dataclasses.py":
                out.writestr(name, src.read(name))
    assert "dataclasses" in traced["modules"]
    with pytest.raises(stdlib_zip.StdlibError, match="dataclasses"):
        stdlib_zip.run_check(engine, short, config={"games": [], "bridge": []}, timeout=TIMEOUT)


def test_nothing_fetched_from_the_network(summary):
    assert summary["network"] == []


def test_engine_came_from_the_zip(summary):
    assert summary["engine_module"].startswith("/sharah/sharah_web/")
    assert summary["engine_zip_bytes"] > 0
    assert "oblong-shatranj" in summary["variants"]


def test_every_game_of_the_registry_is_played(summary):
    """Each way of playing each game, and the bridge with each game; Oblong
    Shatranj with the die and without."""
    ways = {(v, json.dumps(o, sort_keys=True)) for _label, v, o in randomgame.played()}
    assert {(g["variant"], json.dumps({k: v for k, v in g["options"].items()
                                       if k not in randomgame.end_options(g["variant"])}, sort_keys=True))
            for g in summary["games"]} == ways
    assert [b["variant"] for b in summary["bridge"]] == list(sharah_web.VARIANTS)
    dice = {g["options"].get("die", True) for g in summary["games"] if g["variant"] == "oblong-shatranj"}
    assert dice == {True, False}, "need at least one game with the die and one without"


@pytest.mark.parametrize("index", range(len(CONFIG["games"])),
                         ids=[f"{g['variant']}-seed{g['seed']}" for g in CONFIG["games"]])
def test_random_game(summary, index):
    game = summary["games"][index]
    where = f"{game['variant']} {game['options']} seed {game['seed']}"
    problems = "\n".join(json.dumps(m) for m in game["mismatches"])
    dropped = game["counts"].get("dropped_mismatches", 0)
    assert not game["mismatches"] and not dropped, \
        f"{where}: {len(game['mismatches']) + dropped} mismatches, e.g.:\n{problems}"
    spec = CONFIG["games"][index]
    # to its end, or as far as its share of legal moves
    assert game["finished"] or game["moves_checked"] >= spec["max_moves"], where
    if game["finished"]:
        assert game["result"]["reason"], where
        assert game["result"]["winner"] in (None, *sharah_web.variant(game["variant"]).sides), where
    assert game["plies"] > 0, where
    counts = game["counts"]
    assert counts["positions"] == game["plies"] + 1, where
    assert counts["roundtrips"] == counts["positions"], where
    assert counts["undo_redo"] == game["plies"], where
    assert counts["notations"] >= game["plies"], where


def test_no_mismatches_at_all(summary):
    assert summary["mismatch_count"] == 0


@pytest.mark.parametrize("index", range(len(CONFIG["bridge"])),
                         ids=[f"bridge-{b['variant']}" for b in CONFIG["bridge"]])
def test_bridge_records_links_and_thinking(summary, index):
    check = summary["bridge"][index]
    assert check["variant"] == CONFIG["bridge"][index]["variant"]
    assert check["mismatches"] == []
    assert check["counts"]["loads"] == 3             # record, link and saved game
    assert check["counts"]["slices"] >= 1            # the search ran, in slices


def test_bad_stored_data_is_set_aside_in_pyodide(summary):
    """Bad input, in the runtime the site ships: a saved game nested 5,000
    deep, an option of 1e400 and a tag that is no name are set aside with
    their reason, and the board plays; a request nested 5,000 deep and a record
    with a 60,000-character tag are refused in words (no "internal" error)."""
    inputs = summary["inputs"]
    reasons = {"deep saved game": "the saved game is damaged (nested more than 20 deep)",
               "setup 1e400": "the saved game is damaged (a number is too large: 1e400)",
               "bad tag name": "the saved game is damaged ('bad name' is not a tag name (letters, digits and _))"}
    for name, reason in reasons.items():
        assert inputs[name] == {"ok": True, "restored": False, "error": None, "then_played": True,
                                "refused": reason}, name
    assert inputs["deep request"] == {"ok": False, "error": "the request is nested more than 20 deep"}
    assert inputs["huge tag record"] == {"ok": False, "board": "i",
                                         "error": "the tag Event is too long (60,000 characters; at most 4,000)"}


def test_processes_of_a_parallel_run_trace_once(tmp_path, monkeypatch):
    """Two builds at once (the processes of ``-n 2``) with nothing cached:
    one traces, the other waits for its result and reads it from the
    cache (a trace is 20-60 processor-seconds)."""
    import threading
    import time

    monkeypatch.setattr(stdlib_zip, "CACHE", tmp_path)
    traces = []

    def fake_trace(path):
        traces.append(path)
        time.sleep(0.3)             # long enough for the other to arrive meanwhile
        return {"modules": {"json": "json/__init__.py"}}

    monkeypatch.setattr(stdlib_zip, "trace", fake_trace)
    # the key as one process computes it (threads here: Python 3.11's ast.parse
    # is not safe in two threads at once, and the key is not what is tested)
    key = stdlib_zip.cache_key(b"engine")
    monkeypatch.setattr(stdlib_zip, "cache_key", lambda engine: key)
    results = []
    threads = [threading.Thread(target=lambda: results.append(stdlib_zip.traced_modules(b"engine")))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(traces) == 1
    assert len(results) == 2 and results[0] == results[1]
    assert results[0] == {"modules": {"json": "json/__init__.py"}, "key": key}
