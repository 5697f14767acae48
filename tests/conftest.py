"""What every test folder shares: the site with the test pages
(``tests/browser/pages``, published under ``widget-test/``), built once for
the run with ``mkdocs build --strict`` (``built_site``) for a server on
``port``. The browser tests serve it (tests/browser/conftest.py);
test_fence.py checks what the build ships on it.

The run may be split over processes (pytest-xdist, ``-n 2``): a build is
then made once for all of them, by the first that asks (``shared_build``),
in the folder above every process's own temporary folder."""

from __future__ import annotations

import fcntl
import json
import os
from collections import defaultdict
import shutil
import time
from pathlib import Path
from typing import Callable

import pytest

from devkit.site import BuildFailed, build_site, free_port

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "browser" / "pages"
TEST_DIR = "widget-test"


def build_test_site(work: Path, port: int) -> Path:
    """The site with the test pages, built into ``work/site`` for a server
    on ``port``."""
    docs = work / "docs"
    shutil.copytree(ROOT / "docs", docs)
    shutil.copytree(PAGES, docs / TEST_DIR)
    return build_site(work, port, docs)


def run_folder(tmp_path_factory) -> Path:
    """The folder of the run's builds: ``SHARAH_TEST_BUILDS`` if set (kept
    from run to run: a quick way to run a few browser tests again, to be
    emptied when the site changes), else the run's temporary folder (every
    xdist worker's own folder is in it; without xdist the process's own)."""
    if os.environ.get("SHARAH_TEST_BUILDS"):
        folder = Path(os.environ["SHARAH_TEST_BUILDS"]).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def shared_build(tmp_path_factory, name: str, build: Callable[[Path], Path]) -> Path:
    """``build(work)`` made once for the run, by the first process that asks
    (the others wait on a file lock, then take its folder). A failed build
    fails every process that asks, with the build's own message, without
    building again."""
    root = run_folder(tmp_path_factory)
    done = root / f"{name}.json"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            try:
                result = {"folder": str(build(root / name))}
            except BuildFailed as exc:
                result = {"error": str(exc)}
            done.write_text(json.dumps(result), encoding="utf-8")
    result = json.loads(done.read_text(encoding="utf-8"))
    if "error" in result:
        raise BuildFailed(result["error"])
    return Path(result["folder"])


@pytest.fixture(scope="session")
def port(tmp_path_factory) -> int:
    """The port of the site's address (its ``site_url``), one for the run:
    the browser's requests to it reach this process's own server."""
    root = run_folder(tmp_path_factory)
    chosen = root / "port.txt"
    with open(root / "port.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not chosen.exists():
            chosen.write_text(str(free_port()), encoding="utf-8")
    return int(chosen.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, port) -> Path:
    """The site with the test pages, built once for the run."""
    return shared_build(tmp_path_factory, "site", lambda work: build_test_site(work, port))


@pytest.fixture
def lifted_time_caps(monkeypatch):
    """The levels' time caps lifted to ten minutes (a review has none): a
    busy machine cannot cut a search short, so every answer is the node
    budget's (the same as ``best_move`` with the same level and seed)."""
    import dataclasses

    from sharah_web import search
    for number, level in search.LEVELS.items():
        monkeypatch.setitem(search.LEVELS, number, dataclasses.replace(level, seconds=600.0))


# ------------------------------------------------------ the modules' order

# Each module's seconds in a whole run (its tests' setup, call and
# teardown), written by a run with ``SHARAH_TEST_SECONDS=tests/module_seconds.json``.
# Under xdist the run hands out whole modules (``--dist loadfile``) in the
# order they are collected (``--no-loadscope-reorder``: xdist's own order,
# by number of tests, put modules of a few long tests last, and both
# processes at the site's build at once, one of them waiting). So the
# modules are collected: the longest that needs the build (it starts the
# build), then every module that needs none, longest first (the other
# process runs them meanwhile), then the other modules that need it,
# longest first, so that the two processes end within a short module of
# each other. A stale or missing figure only shares the work less evenly; a
# module not in the file is guessed from its number of tests.
SECONDS = ROOT / "tests" / "module_seconds.json"
GUESS = {"browser": 6.0, "": 0.05}      # seconds a test, where the file has no figure


def module_of(nodeid: str) -> str:
    """The module a test id is in (``tests/test_core.py``)."""
    return nodeid.split("::")[0]


def module_seconds() -> dict[str, float]:
    try:
        table = json.loads(SECONDS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {k: float(v) for k, v in table.items() if isinstance(v, (int, float))}


def module_order(modules: dict[str, tuple[int, bool]], table: dict[str, float]) -> list[str]:
    """``modules`` (name: its number of tests, whether it needs the build)
    in the order to run them (above)."""
    def seconds(name: str) -> float:
        if name in table:
            return table[name]
        return modules[name][0] * GUESS["browser" if "/browser/" in name else ""]
    longest = sorted(modules, key=lambda name: (-seconds(name), name))
    build = [name for name in longest if modules[name][1]]
    free = [name for name in longest if not modules[name][1]]
    return build[:1] + free + build[1:]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The modules in ``module_order``, each module's tests in their order."""
    modules: dict[str, tuple[int, bool]] = {}
    for item in items:
        name = module_of(item.nodeid)
        count, build = modules.get(name, (0, False))
        # what waits for the run's build: the built site, or (marked ``build``)
        # the lean standard library's trace that the build also makes
        needs = "built_site" in getattr(item, "fixturenames", ()) or item.get_closest_marker("build") is not None
        modules[name] = (count + 1, build or needs)
    rank = {name: n for n, name in enumerate(module_order(modules, module_seconds()))}
    order = {id(item): n for n, item in enumerate(items)}
    items.sort(key=lambda item: (rank[module_of(item.nodeid)], order[id(item)]))


def pytest_sessionfinish(session):
    """With ``SHARAH_TEST_SECONDS=FILE``: each module's seconds of this run
    written to FILE (a whole run: ``bash scripts/test.sh``), for
    ``module_seconds``."""
    out = os.environ.get("SHARAH_TEST_SECONDS")
    if not out or os.environ.get("PYTEST_XDIST_WORKER") or not COSTS:
        return
    table = {m: round(c[3], 1) for m, c in sorted(COSTS.items(), key=lambda r: -r[1][3])}
    Path(out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")


# ------------------------------------------------------ what a test costs

COSTS: dict[str, list] = defaultdict(lambda: [0, 0, 0.0, 0.0])   # module: tests, boots, cpu s, wall s
PROCESSES: dict[str, list] = defaultdict(lambda: [0.0, 0.0])     # process: busy s, its last report's s
STARTED = time.monotonic()


def pytest_runtest_logreport(report):
    """With ``SHARAH_TEST_COST=1``, each browser test's cost
    (tests/browser/conftest.py notes it in its report's properties) summed
    by module. Here, not beside the noting: under xdist the reports reach
    the main process, which loads this file but not the browser tests'."""
    module = COSTS[module_of(report.nodeid)]
    module[3] += report.duration
    worker = getattr(report, "node", None)          # under xdist, the process that ran it
    process = PROCESSES[worker.gateway.id if worker else "main"]
    process[0] += report.duration
    process[1] = time.monotonic() - STARTED
    for name, value in report.user_properties:
        if name == "cost" and report.when == "teardown":
            module[0] += 1
            module[1] += value[0]
            module[2] += value[1]
            # a line a test (the first of a process starts the browser), by
            # the run's one reporter (not also by each xdist worker)
            if os.environ.get("SHARAH_TEST_COST_LOG") and not os.environ.get("PYTEST_XDIST_WORKER"):
                with open(os.environ["SHARAH_TEST_COST_LOG"], "a") as log:
                    log.write(f"{report.nodeid}\t{value[0]}\t{value[1]}\n")


def pytest_terminal_summary(terminalreporter):
    """With ``SHARAH_TEST_COST=1``: the engine boots and processor seconds
    (pytest's process tree, Chromium's included) of each browser test
    module, and its wall seconds."""
    if not os.environ.get("SHARAH_TEST_COST"):
        return
    rows = sorted(((m, c) for m, c in COSTS.items() if c[0]), key=lambda r: -r[1][2])
    terminalreporter.section("engine boots and processor seconds by module")
    for module, (tests, boots, cpu, wall) in rows:
        terminalreporter.write_line(f"{module:48} {tests:4} tests {boots:4} boots {cpu:8.1f} cpu-s {wall:8.1f} s")
    terminalreporter.write_line(f"{'all':48} {sum(r[1][0] for r in rows):4} tests "
                                f"{sum(r[1][1] for r in rows):4} boots {sum(r[1][2] for r in rows):8.1f} cpu-s")
    # how evenly the modules were shared: each process's seconds in tests,
    # and when its last test ended (the first to end waited that long for the others)
    terminalreporter.section("the processes' shares")
    for name, (busy, last) in sorted(PROCESSES.items()):
        terminalreporter.write_line(f"{name:8} {busy:8.1f} s in tests, its last ended at {last:8.1f} s")
