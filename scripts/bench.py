"""The speed benchmark: engine speed on CPython and in Pyodide,
boot and response times in Chromium, the engine's size; a table of every
budget, met or not. Not part of the tests: run it by hand.

    .venv/bin/python scripts/bench.py              # everything (about 5 minutes)
    .venv/bin/python scripts/bench.py --engine     # perft on CPython and in Pyodide under Node
    .venv/bin/python scripts/bench.py --browser    # build the site, measure in Chromium
    .venv/bin/python scripts/bench.py --json out.json   # also write every figure
    .venv/bin/python scripts/bench.py --search --base COMMIT   # the search, this tree vs COMMIT
    .venv/bin/python scripts/bench.py --review     # the review of a 60-ply game: Pyodide, then Chromium
    .venv/bin/python scripts/bench.py --review-pyodide   # only its searches in Pyodide under Node

Needs what ``bash scripts/setup.sh`` installs: the venv (mkdocs,
Playwright), ``node_modules/pyodide``; and the full Chromium a visitor has
(``SHARAH_CHROMIUM`` or ``/usr/bin/chromium``, Debian's ``chromium``; ``--chromium PATH``;
the tests drive the headless shell, ``devkit.chromium``). Everything it starts (a Node
process, a static server on 127.0.0.1, Chromium, a temporary site) is
stopped and removed before it exits, also on an error or Ctrl-C.

Ratios are measured within one run (the machines are shared and noisy);
``--runs`` and ``--repeat`` take medians and best times over repetitions.
What each figure means, and the figures of every run so far, are in
``docs/about/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import importlib
import json
import os
import re
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from devkit import site as devkit_site
from devkit.chromium import ARGS as CHROMIUM_ARGS
from devkit.chromium import require_chromium
from devkit.server import StaticServer
from sharah_web.variants import VARIANTS
from sitebuild import pack_engine

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "scripts" / "bench"

# ---------------------------------------------------------------- budgets

PAINT_BUDGET = 0.5          # s, (a)
BOOT_RATIO_BUDGET = 1.2     # (b): first board interactive / bare Pyodide boot
NAV_BUDGET = 0.2            # s, (c)
CLICK_BUDGET = 0.050        # s, (d)
PYODIDE_RATIO_BUDGET = 0.4  # Pyodide rate / CPython rate, same perft
PERFT2_BUDGET = 2.0         # s, every game's perft(2) from the set-up, CPython
# bytes, the engine zip as shipped: what a first visit downloads (170,238 on
# 2026-11-27, 3.5 % of it). What the first answer compiles is the cost that
# matters at boot; tests/test_speed.py pins it (FIRST_ANSWER, its bytes). The
# modules imported later (search, analysis, proof, puzzles, editor: 45,634
# bytes of the zip) stay in it: a second zip would save 0.04 s of a first
# visit on 4G and make the computer's first move wait for a download.
SIZE_BUDGET = 180_000

# ---------------------------------------------------------- engine jobs

# One perft per game at a depth that takes roughly 1-5 s on CPython on the
# reference machine (each game's ``bench_jobs``); the same job runs in Pyodide.
ENGINE_JOBS = [   # (label, variant, options, position or None for the set-up, depth)
    (label, cls.id, options, position, depth)
    for cls in VARIANTS.values() for label, options, position, depth in cls.bench_jobs
]

# ---------------------------------------------------------- the search job

# The computer's search on fixed positions (scripts/bench/search-positions.json,
# 20 a game, from self-play: --make-positions writes them again), to a fixed
# depth per game (each game's ``bench_depths``; no node budget, no time cap:
# the same tree on any machine, so this tree and an older commit search the
# same positions the same way), then the default level as it plays.
SEARCH_JOBS = [   # (label, variant, options, depth)
    (label, cls.id, options, depth)
    for cls in VARIANTS.values() for label, options, depth in cls.bench_depths
]
SEARCH_POSITIONS = HERE / "search-positions.json"
SELF_PLAY_PLIES = (12, 18, 24, 30, 36)   # where a self-play game gives a position
SELF_PLAY_PLAYER = "level1:nodes=300"    # quick, and with level 1's noise: games differ

# ---------------------------------------------------------- browser pages

FIRST_PAGE = f"games/{next(iter(VARIANTS))}/"     # the first game's page
NAV_PAGES = [f"games/{vid}/" for vid in VARIANTS if f"games/{vid}/" != FIRST_PAGE]   # each game's page
BOOT_TIMEOUT = 90_000   # ms
# How often the benchmark looks whether a cold load or a bare boot is done,
# in ms. Each end of (b) stamps its own time in the page (window.__bench,
# window.bareBoot), so looking late changes no figure; Playwright's default,
# looking at every animation frame, makes the page lay itself out (style,
# layout, intersection observers) 60 times a second while the engine boots,
# on the cores the boot needs: CPU a visitor's page does not spend, and
# more of it on a site page than on the bare one.
POLL_MS = 100
HOVER_MS = 300          # the pointer on a link before the click (the walk that fetches ahead)
SEARCH_GAMES = [{"variant": cls.id, "options": options}    # each game's bench_search
                for cls in VARIANTS.values() for options in cls.bench_search]


def say(text: str = "") -> None:
    print(text, flush=True)


def note(text: str) -> None:
    print(f"[bench] {text}", file=sys.stderr, flush=True)


# ================================================================ machine

def machine() -> dict:
    model = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    info = {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version(),
            "date": datetime.date.today().isoformat(), "system": platform.platform()}
    try:
        info["node"] = subprocess.run(["node", "--version"], capture_output=True, text=True,
                                      timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        info["node"] = None
    return info


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def children_cpu() -> float | None:
    """The processor time so far of every living process this one started,
    and theirs (Chromium's, under Playwright), in seconds, from ``/proc``
    (Linux; None elsewhere): on a loaded machine, what a page cost, where
    its wall clock says more of the load."""
    stats = {}
    try:
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue               # ended meanwhile
                stats[int(pid)] = (int(fields[1]), int(fields[11]) + int(fields[12]))   # parent, utime + stime
    except OSError:
        return None
    kids: dict[int, list[int]] = {}
    for pid, (parent, _ticks) in stats.items():
        kids.setdefault(parent, []).append(pid)
    ticks, todo = 0, [os.getpid()]
    while todo:
        for kid in kids.get(todo.pop(), []):
            ticks += stats[kid][1]
            todo.append(kid)
    return ticks / os.sysconf("SC_CLK_TCK")


# ================================================================ engine

def perft_argv(variant, options, position, depth) -> list[str]:
    argv = ["perft", variant, str(depth), "--from-depth", str(depth), "--json"]
    for k, v in options.items():
        argv += ["--option", f"{k}={str(v).lower() if isinstance(v, bool) else v}"]
    if position:
        argv += ["--position", position]
    return argv


def run_cpython(argv: list[str]) -> dict:
    proc = subprocess.run([sys.executable, "-m", "sharah_web", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    if proc.returncode:
        raise RuntimeError(f"python -m sharah_web {' '.join(argv)} failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def run_pyodide(zip_path: Path, jobs: list[list[str]], tmp: Path) -> tuple[list[dict], dict]:
    jobs_file = tmp / "jobs.json"
    jobs_file.write_text(json.dumps(jobs))
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        raise RuntimeError("node_modules/pyodide is missing: run bash scripts/setup.sh")
    proc = subprocess.run(["node", str(HERE / "perft_pyodide.mjs"), str(zip_path), str(jobs_file)],
                          cwd=ROOT, capture_output=True, text=True, timeout=1800)
    if proc.returncode:
        raise RuntimeError(f"Pyodide under Node failed:\n{proc.stderr[-3000:]}")
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return lines[:-1], lines[-1]


def engine_bench(args, tmp: Path) -> dict:
    zip_path = tmp / "engine.zip"
    zip_path.write_bytes(pack_engine.engine_zip())
    jobs = [perft_argv(v, o, p, d) for _label, v, o, p, d in ENGINE_JOBS]
    cp: list[list[dict]] = [[] for _ in jobs]
    py: list[list[dict]] = [[] for _ in jobs]
    boot = None
    for rep in range(args.repeat):
        note(f"engine, round {rep + 1}/{args.repeat}: CPython (load average {load_average()})")
        for i, argv in enumerate(jobs):
            cp[i].append(run_cpython(argv))
        note(f"engine, round {rep + 1}/{args.repeat}: Pyodide under Node (load average {load_average()})")
        records, boot = run_pyodide(zip_path, jobs, tmp)
        for i, rec in enumerate(records):
            if "error" in rec:
                raise RuntimeError(f"Pyodide: {' '.join(jobs[i])}: {rec['error']}")
            py[i].append(rec)

    rows = []
    for (label, variant, options, position, depth), c, p in zip(ENGINE_JOBS, cp, py):
        best_c = min(c, key=lambda r: r["rows"][-1]["seconds"])["rows"][-1]
        best_p = min(p, key=lambda r: r["rows"][-1]["seconds"])["rows"][-1]
        rows.append({
            "label": label, "variant": variant, "options": options,
            "position": position or "set-up", "depth": depth,
            "nodes": best_c["nodes"], "nodes_pyodide": best_p["nodes"],
            "cpython_s": best_c["seconds"], "pyodide_s": best_p["seconds"],
            "cpython_cpu_s": best_c.get("cpu_seconds"),
            "cpython_nps": best_c["nodes"] / best_c["seconds"],
            "pyodide_nps": best_p["nodes"] / best_p["seconds"],
            "ratio": (best_p["nodes"] / best_p["seconds"]) / (best_c["nodes"] / best_c["seconds"]),
            # the same on processor time, when both runtimes report it
            "ratio_cpu": (best_c["cpu_seconds"] / best_p["cpu_seconds"]
                          if best_c.get("cpu_seconds") and best_p.get("cpu_seconds") else None),
            "cpython_runtime": c[0]["runtime"], "pyodide_runtime": p[0]["runtime"],
        })

    # every game's perft(2) from its set-up, default options, on CPython
    perft2 = []
    for variant in VARIANTS:
        reuse = [r for r in rows if r["variant"] == variant and not r["options"]
                 and r["position"] == "set-up" and r["depth"] == 2]
        if reuse:
            perft2.append({"variant": variant, "nodes": reuse[0]["nodes"], "seconds": reuse[0]["cpython_s"],
                           "cpu_seconds": reuse[0]["cpython_cpu_s"]})
            continue
        times = [run_cpython(perft_argv(variant, {}, None, 2)) for _ in range(args.repeat)]
        best = min(times, key=lambda r: r["rows"][-1]["seconds"])["rows"][-1]
        perft2.append({"variant": variant, "nodes": best["nodes"], "seconds": best["seconds"],
                       "cpu_seconds": best.get("cpu_seconds")})
    return {"jobs": rows, "perft2": perft2, "pyodide_boot_node_s": boot.get("boot_seconds"),
            "engine_import_node_s": boot.get("import_seconds"),
            "engine_import_all_node_s": boot.get("import_all_seconds"),
            "pyodide_version": boot.get("version")}


def print_engine(res: dict) -> None:
    say("Engine speed: perft, the same job on CPython and in Pyodide under Node")
    head = (f"{'game':<28} {'depth':>5} {'nodes':>10} {'CPython s':>10} {'CPython n/s':>12} "
            f"{'Pyodide s':>10} {'Pyodide n/s':>12} {'ratio':>6} {'cpu':>5}")
    say(head)
    say("-" * len(head))
    for r in res["jobs"]:
        flag = "" if r["nodes"] == r["nodes_pyodide"] else f"  MISMATCH: Pyodide counted {r['nodes_pyodide']}"
        say(f"{r['label']:<28} {r['depth']:>5} {r['nodes']:>10} {r['cpython_s']:>10.2f} "
            f"{r['cpython_nps']:>12.0f} {r['pyodide_s']:>10.2f} {r['pyodide_nps']:>12.0f} "
            f"{r['ratio']:>6.2f} {r['ratio_cpu'] or 0:>5.2f}{flag}")
    say(f"(ratio = Pyodide n/s / CPython n/s; cpu: the same on processor time; "
        f"{res['jobs'][0]['cpython_runtime']} vs "
        f"{res['jobs'][0]['pyodide_runtime']}, pyodide {res['pyodide_version']}; "
        f"under Node: Pyodide boot {res['pyodide_boot_node_s']:.2f} s, "
        f"import sharah_web.bridge with Oblong Shatranj {res['engine_import_node_s']:.2f} s, "
        f"with every game {res['engine_import_all_node_s'] or 0:.2f} s)")
    say()
    say("perft(2) from each game's set-up on CPython")
    for r in res["perft2"]:
        cpu = f" ({r['cpu_seconds']:.2f} s of processor time)" if r.get("cpu_seconds") is not None else ""
        say(f"  {r['variant']:<20} {r['nodes']:>10} nodes {r['seconds']:>7.2f} s{cpu}")
    say()


# ================================================================ search

def make_positions(per_game: int = 20) -> dict:
    """Positions from self-play (level 1 on a small budget against itself,
    seeded): one every few plies of a game's middle, 20 a game."""
    import sharah_web
    from sharah_web.search import make_player
    out = {}
    for label, variant, options, _depth in SEARCH_JOBS:
        found: list[str] = []
        seed = 0
        while len(found) < per_game:
            seed += 1
            game = sharah_web.new_game(variant, seed=seed, **options)
            players = [make_player(SELF_PLAY_PLAYER, seed * 2 + i) for i in range(2)]
            for ply in range(max(SELF_PLAY_PLIES) + 1):
                if game.result is not None or len(found) >= per_game:
                    break
                if ply in SELF_PLAY_PLIES and game.legal_moves():
                    found.append(game.position())
                game.play(players[ply % 2].choose(game))
            note(f"positions: {label}: {len(found)} after {seed} games")
        out[label] = found
    return out


def old_engine(commit: str, tmp: Path) -> Path:
    """``sharah_web`` as it was at ``commit``, in a temporary folder (``git archive``)."""
    where = tmp / f"old-{commit[:12]}"
    where.mkdir()
    archive = subprocess.run(["git", "archive", "--format=tar", commit, "sharah_web"], cwd=ROOT,
                             capture_output=True, timeout=120)
    if archive.returncode:
        raise RuntimeError(f"git archive {commit}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive.stdout, check=True, timeout=120)
    return where


def engine_zip_of(tree: Path) -> bytes:
    """The engine zip of the ``sharah_web`` package under ``tree``."""
    import io
    import zipfile
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((tree / "sharah_web").rglob("*.py")):
            zf.write(path, path.relative_to(tree).as_posix())
    return buf.getvalue()


def search_job_bench(args, tmp: Path) -> dict:
    positions = json.loads(SEARCH_POSITIONS.read_text())
    config = {"seed": 1, "level": "nodes" if args.level_nodes else True, "limit": args.positions,
              "games": [{"label": label, "variant": v, "options": o, "depth": d,
                         "positions": positions[label]}
                        for label, v, o, d in SEARCH_JOBS if not args.only or label in args.only]}
    cfg = tmp / "search-config.json"
    cfg.write_text(json.dumps(config))
    trees = {"new": ROOT}
    if args.base:
        trees["old"] = old_engine(args.base, tmp)
    runs: dict = {}
    for rep in range(args.repeat):
        for name, tree in trees.items():
            note(f"search, round {rep + 1}/{args.repeat}: {name} on CPython (load average {load_average()})")
            proc = subprocess.run([sys.executable, str(HERE / "search_job.py"), str(cfg)],
                                  cwd=tmp, capture_output=True, text=True, timeout=3600,
                                  env={**os.environ, "PYTHONPATH": str(tree)})
            if proc.returncode:
                raise RuntimeError(f"search job ({name}, CPython) failed:\n{proc.stderr[-3000:]}")
            runs.setdefault((name, "cpython"), []).append(json.loads(proc.stdout))
            if args.no_pyodide:
                continue
            note(f"search, round {rep + 1}/{args.repeat}: {name} in Pyodide under Node "
                 f"(load average {load_average()})")
            zip_path = tmp / f"engine-{name}.zip"
            zip_path.write_bytes(engine_zip_of(tree))
            proc = subprocess.run(["node", str(HERE / "search_pyodide.mjs"), str(zip_path), str(cfg)],
                                  cwd=ROOT, capture_output=True, text=True, timeout=7200)
            if proc.returncode:
                raise RuntimeError(f"search job ({name}, Pyodide) failed:\n{proc.stderr[-3000:]}")
            runs.setdefault((name, "pyodide"), []).append(json.loads(proc.stdout.splitlines()[-1]))
    rows = []
    for g, game in enumerate(config["games"]):
        row = {"label": game["label"], "depth": game["depth"], "positions": len(game["positions"][:args.positions or None])}
        for (name, runtime), reps in runs.items():
            per = [rep["games"][g]["rows"] for rep in reps]
            # per position, the fastest repetition (the others were interrupted more)
            cpu = sum(min(p[i]["fixed"]["cpu"] for p in per) for i in range(len(per[0])))
            wall = sum(min(p[i]["fixed"]["seconds"] for p in per) for i in range(len(per[0])))
            nodes = sum(r["fixed"]["nodes"] for r in per[0])
            level = [r["level"] for r in per[0]]
            row[f"{name} {runtime}"] = {
                "cpu": cpu, "wall": wall, "nodes": nodes,
                "moves": [r["fixed"]["move"] for r in per[0]],
                "level_depth": statistics.median(r["depth"] for r in level),
                "level_depth_min": min(r["depth"] for r in level),
                "level_seconds": statistics.median(min(p[i]["level"]["cpu" if args.level_nodes else "seconds"]
                                                       for p in per)
                                                   for i in range(len(per[0]))),
            }
        rows.append(row)
    return {"base": args.base, "rows": rows, "runtimes": sorted({k[1] for k in runs}),
            "level_cpu": bool(args.level_nodes)}


def print_search(res: dict) -> None:
    say("Search: fixed positions searched to a fixed depth, this tree (new)"
        + (f" and {res['base']} (old)" if res["base"] else "")
        + " in the same run; time = the sum over the positions of each position's fastest repetition "
          "(processor time); n/s = positions a second")
    for runtime in res["runtimes"]:
        head = (f"{'game (' + runtime + ')':<30} {'depth':>5} {'pos':>4} {'new s':>7} {'new n/s':>8}"
                + (f" {'old s':>7} {'old n/s':>8} {'speed-up':>8} {'same moves':>10}" if res["base"] else "")
                + f" {'level 2 depth (min)':>19} {'level 2 cpu' if res.get('level_cpu') else 'level 2 s':>9}"
                + (" (old)" if res["base"] else ""))
        say(head)
        say("-" * len(head))
        for r in res["rows"]:
            n = r[f"new {runtime}"]
            t = n["cpu"]
            line = f"{r['label']:<30} {r['depth']:>5} {r['positions']:>4} {t:>7.2f} {n['nodes'] / t:>8.0f}"
            lv = f" {n['level_depth']:>12g} ({n['level_depth_min']})    {n['level_seconds']:>9.2f}"
            if res["base"]:
                o = r[f"old {runtime}"]
                to = o["cpu"]
                same = sum(a == b for a, b in zip(n["moves"], o["moves"]))
                line += (f" {to:>7.2f} {o['nodes'] / to:>8.0f} {to / t:>8.2f} "
                         f"{same:>4}/{len(n['moves']):<5}")
                lv += f" ({o['level_depth']:g} ({o['level_depth_min']}), {o['level_seconds']:.2f} s)"
            say(line + lv)
        say()


# ================================================================ browser

def build_site(tmp: Path, port: int) -> Path:
    """The site (devkit.site.build_site) with the benchmark's own pages."""
    t0 = time.perf_counter()
    out = devkit_site.build_site(tmp, port, quiet=True)
    note(f"site built in {time.perf_counter() - t0:.1f} s")
    bench = out / "bench"
    bench.mkdir()
    for name in ("bare.html", "bare-worker.js", "search.html", "search-worker.js", "search-bench.py"):
        shutil.copy(HERE / name, bench / name)
    # the bare boot's standard library: Pyodide's whole one (the site has the lean one)
    shutil.copy(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", bench / "python_stdlib.zip")
    # the engine's worker alone: the engine zip and the build stamp the first page's head names
    tag = re.search(r"<script data-js=[^>]*>", (out / FIRST_PAGE / "index.html").read_text(encoding="utf-8"))
    facts = dict(re.findall(r'data-(zip|build)="([^"]+)"', tag[0])) if tag else {}
    if set(facts) != {"zip", "build"}:
        raise RuntimeError(f"{FIRST_PAGE}: no engine zip and build stamp in its head")
    alone = (HERE / "alone.html").read_text(encoding="utf-8")
    (bench / "alone.html").write_text(alone.replace("__SHARAH_ZIP__", facts["zip"])
                                      .replace("__SHARAH_BUILD__", facts["build"]), encoding="utf-8")
    return out


def _median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


class Browser:
    """Chromium with the site served on 127.0.0.1 (devkit.server: HTTP/1.1,
    ETag/304, no gzip, no shaping); closes both on exit."""

    def __init__(self, site: Path, port: int, exe: str, slowdown: float = 1.0):
        self.site, self.port, self.exe = site, port, exe
        self.slowdown = slowdown
        self.base = f"http://127.0.0.1:{port}/"
        self.server = self.pw_cm = self.pw = self.browser = None
        self.instrument = (HERE / "instrument.js").read_text()

    def __enter__(self):
        self.server = StaticServer(self.site, self.port)
        from playwright.sync_api import sync_playwright
        self.pw_cm = sync_playwright()
        self.pw = self.pw_cm.__enter__()
        self.browser = self.pw.chromium.launch(executable_path=self.exe, args=CHROMIUM_ARGS)
        return self

    def __exit__(self, *exc):
        try:
            if self.browser is not None:
                self.browser.close()
        finally:
            try:
                if self.pw_cm is not None:
                    self.pw_cm.__exit__(*exc)
            finally:
                if self.server is not None:
                    self.server.close()

    def context(self):
        ctx = self.browser.new_context(viewport={"width": 1280, "height": 900})
        ctx.add_init_script(self.instrument)

        def only_local(route, request):   # nothing may come from another host
            if request.url.startswith(self.base) or request.url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                route.abort()
        ctx.route("**/*", only_local)
        return ctx

    def new_page(self, ctx):
        """A page of ``ctx``; with ``--cpu-slowdown N`` its main thread runs
        N times slower (Chromium's CPU throttling, as in its developer
        tools): a machine that much slower, for the page's own work. The
        engine's worker is not slowed."""
        page = ctx.new_page()
        if self.slowdown > 1:
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": self.slowdown})
        return page


def bare_boot(b: Browser, page_name: str = "bare.html") -> dict:
    """A worker on a page with nothing else: Pyodide alone (``bare.html``),
    or the site's engine worker alone (``alone.html``), to its message."""
    ctx = b.context()
    try:
        page = b.new_page(ctx)
        page.goto(b.base + "bench/" + page_name)
        page.wait_for_function("() => window.bareBoot", timeout=BOOT_TIMEOUT, polling=POLL_MS)
        res = page.evaluate("() => ({...window.bareBoot, created: window.__bench.workers.length ? "
                            "window.__bench.workers[0].t : null})")
        if "error" in res:
            raise RuntimeError(f"bare Pyodide boot failed: {res['error']}")
        return {"page_s": res["pageMs"] / 1000, "worker_s": res["workerMs"] / 1000,
                "worker_created_s": res["created"] / 1000 if res["created"] is not None else None}
    finally:
        ctx.close()


def first_load(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function("() => window.__bench.ready.length > 0 || (window.sharahDebug && window.sharahDebug.failed)",
                           timeout=BOOT_TIMEOUT, polling=POLL_MS)
    failed = page.evaluate("window.sharahDebug && window.sharahDebug.failed")
    if failed:
        raise RuntimeError(f"the engine failed in the browser: {failed}")
    page.wait_for_function("() => window.__bench.boardPainted !== null", timeout=BOOT_TIMEOUT, polling=POLL_MS)
    m = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const B = window.__bench;
        const w = B.workers.find(w => w.url.includes('engine-worker'));
        // the engine's own marks (engine.js), else what the Worker wrapper saw
        const mark = (name) => { const m = performance.getEntriesByName(name, 'mark')[0]; return m ? m.startTime : null; };
        const start = mark('sharah:engine-start'), up = mark('sharah:engine-ready');
        return {painted: B.boardPainted, rect: B.boardRect, mounted: B.firstMounted,
                worker: start !== null ? start : (w ? w.t : null),
                worker_ready: up !== null ? up : (w ? w.ready : null),
                all_workers: B.workers.map(w => [w.url.split('?')[0].split('/').pop(), Math.round(w.t)]),
                first_ready: B.ready[0].t, dcl: nav ? nav.domContentLoadedEventEnd : null,
                fcp: fcp ? fcp.startTime : null, worker_boot: window.sharahDebug.bootMs,
                steps: window.sharahDebug.bootSteps || null,
                boards: document.querySelectorAll('figure.sharah-board[data-mode]').length};
    }""")
    return {"painted_s": m["painted"] / 1000, "first_ready_s": m["first_ready"] / 1000,
            "mounted_s": m["mounted"] / 1000 if m["mounted"] is not None else None,
            "dcl_s": m["dcl"] / 1000 if m["dcl"] else None,
            "fcp_s": m["fcp"] / 1000 if m["fcp"] is not None else None,
            "worker_created_s": m["worker"] / 1000 if m["worker"] is not None else None,
            "worker_ready_s": m["worker_ready"] / 1000 if m["worker_ready"] is not None else None,
            "worker_boot_s": (m["worker_boot"] or 0) / 1000, "board_in_viewport": m["rect"]["inViewport"],
            # the worker's own timeline: ms from its script's start to the end of each step
            "boot_steps_ms": m["steps"],
            "boards": m["boards"], "workers": m["all_workers"]}


def instant_nav(page, target: str, hover_ms: int = 0) -> dict:
    """Click the navigation link to ``target``; time from the click (the
    input's timestamp) to the new page's first board being ready. With
    ``hover_ms``, the pointer rests on the link that long before the click,
    as a reader's does (mkdocs-material then fetches the page ahead)."""
    before = page.evaluate("() => ({marker: window.__bench.marker, n: window.__bench.ready.length,"
                           " workers: window.sharahDebug.workersCreated,"
                           " old: [...document.querySelectorAll('figure.sharah-board')].map(f => f.id)})")
    # a link the reader can see (a collapsed section of the navigation has
    # its links laid out but hidden); else any link to it, clicked by script
    link = page.evaluate_handle("""(t) => {
        const links = [...document.querySelectorAll('nav.md-nav--primary a.md-nav__link, a[href]')]
            .filter(a => a.href.endsWith(t));
        const seen = (a) => a.checkVisibility ? a.checkVisibility({checkVisibilityCSS: true, checkOpacity: true})
                                              : a.getClientRects().length > 0;
        return links.find(seen) || links[0] || null;
    }""", target).as_element()
    if link is None:
        raise RuntimeError(f"no link to {target} on {page.url}")
    link_seen = link.is_visible()
    if link_seen:
        if hover_ms:
            link.hover()
            page.wait_for_timeout(hover_ms)
        link.click()
    else:
        link.dispatch_event("click")
    # a board of the new page (not one of the old page's: they may still be opening) has become ready
    mine = """([n, old]) => {
        const B = window.__bench;
        const gone = new Set(old);
        const ids = new Set([...document.querySelectorAll('figure.sharah-board[data-mode]')].map(f => f.id)
                            .filter(id => !gone.has(id)));
        const first = B.ready.slice(n).find(r => ids.has(r.id));
        const mount = B.mounted.find(r => ids.has(r.id));
        if (!first) return null;
        // the breakdown: the page fetched, swapped in (document$), the first
        // board's "open" sent, taken by the worker, answered
        const after = (xs, t) => xs.find((x) => (x.t === undefined ? x : x.t) >= t);
        const page = performance.getEntriesByType('resource')
            .filter((e) => e.startTime >= B.navClick && ['fetch', 'xmlhttprequest'].includes(e.initiatorType))[0];
        const swap = after(B.swaps, B.navClick);
        const open = B.opens.find((o) => o.t >= B.navClick && (o.board || '').split('~')[0] === first.id);
        const answer = open ? B.answers.find((a) => a.id === open.id && a.t >= open.t) : null;
        return {t: first.t, click: B.navClick, marker: B.marker, mounted: mount ? mount.t : null,
                html: document.documentElement.outerHTML.length,
                workers: window.sharahDebug.workersCreated,
                fetched: page ? page.responseEnd : null, swapped: swap === undefined ? null : swap,
                sent: open ? open.t : null, began: answer ? answer.began : null,
                engine_ms: answer ? answer.ms : null, answered: answer ? answer.t : null};
    }"""
    page.wait_for_function(mine, arg=[before["n"], before["old"]], timeout=BOOT_TIMEOUT)
    after = page.evaluate(mine, [before["n"], before["old"]])
    if not page.url.rstrip("/").endswith(target.rstrip("/")):
        raise RuntimeError(f"navigation to {target} ended on {page.url}")
    instant = after["marker"] == before["marker"] and after["workers"] == before["workers"]
    def since(k):
        return ((after[k] - after["click"]) / 1000 if after.get(k) is not None else None)
    return {"page": target, "instant": instant, "hover_ms": hover_ms if link_seen else 0,
            "ready_s": since("t"), "mounted_s": since("mounted"),
            "html_chars": after["html"], "fetched_s": since("fetched"), "swapped_s": since("swapped"),
            "open_sent_s": since("sent"), "engine_began_s": since("began"),
            "engine_s": after["engine_ms"] / 1000 if after.get("engine_ms") is not None else None,
            "answered_s": since("answered")}


def click_delays(page, clicks: int) -> dict:
    """Click pieces of the page's first playable board that has moves with
    destinations, ``clicks`` times, a different piece each time when it can;
    the delay from the input to the frame with the destinations drawn."""
    page.wait_for_function("() => [...document.querySelectorAll('figure.sharah-board[data-mode]')]"
                           ".every(f => f.dataset.state === 'ready' || f.dataset.state === 'error')",
                           timeout=BOOT_TIMEOUT)
    found = page.evaluate("""() => {
        const figs = [...document.querySelectorAll('figure.sharah-board[data-mode]')];
        const order = [...figs.filter(f => f.dataset.mode === 'game'), ...figs.filter(f => f.dataset.mode !== 'game')];
        for (const fig of order) {
            const w = fig.sharahWidget;
            if (!w || !w.index || fig.dataset.state !== 'ready') continue;
            const squares = [...w.index.byFrom.entries()]
                .filter(([sq, ms]) => ms.some(m => m.to && m.to !== sq)).map(([sq]) => sq);
            if (squares.length) return {id: fig.id, mode: fig.dataset.mode, squares};
        }
        return null;
    }""")
    if not found:
        return {"board": None, "delays_ms": []}
    fig = page.locator(f"[id='{found['id']}']")
    fig.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    squares = found["squares"][:12]
    state = "(id) => { const w = document.getElementById(id).sharahWidget; return {sel: w.sel, dests: w.dests()}; }"

    def click(sq):
        box = fig.locator(f".sharah-svg rect[data-sq='{sq}']").bounding_box()
        n = page.evaluate("window.__bench.clicks.length")
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(f"() => window.__bench.clicks.length > {n}")
        return page.evaluate(f"window.__bench.clicks[{n}]")

    delays, missed = [], 0
    for i in range(clicks * 3):
        if len(delays) >= clicks:
            break
        sq = squares[i % len(squares)]
        st = page.evaluate(state, found["id"])
        if st["sel"] and (st["sel"] == sq or sq in st["dests"]):
            click(st["sel"])   # let go first (unmeasured): clicking a destination would play
        rec = click(sq)
        if rec["dests"] > 0:
            delays.append(rec["painted"] - rec["down"])
        else:
            missed += 1
        page.wait_for_timeout(20)
    return {"board": found["id"], "mode": found["mode"], "delays_ms": delays, "missed": missed}


def search_bench(b: Browser, site: Path) -> dict:
    engine = sorted((site / "assets" / "sharah").glob("engine-*.zip"))
    if not engine:
        raise RuntimeError("the built site has no engine zip")
    ctx = b.context()
    try:
        page = b.new_page(ctx)
        from urllib.parse import urlencode
        query = urlencode({"engine": f"../assets/sharah/{engine[0].name}",
                           "config": json.dumps({"games": SEARCH_GAMES, "budget_seconds": 120})})
        page.goto(b.base + "bench/search.html?" + query)
        page.wait_for_function("() => window.searchBench", timeout=300_000)
        return page.evaluate("window.searchBench")
    finally:
        ctx.close()


# The review job: a 60-ply game of each (page, variant, options) (each
# game's ``bench_review``), played by
# a quick self-play player with a fixed seed, opened by a share link and
# reviewed by the page's "Review the game" (analysis.js) at the default
# analysis budget; the budget is 60 s a game. First the review's searches
# of a 60-ply game of every game (its default options and its
# ``bench_review``) in Pyodide under Node: the same nodes on any machine,
# and their processor time in the browser's runtime, which each game's
# ``Variant.review_nodes`` holds to about 20 s (REVIEW_CPU_BUDGET).
REVIEW_PLIES = 60
REVIEW_SEED = 11            # the games' (their players' and, in Oblong Shatranj, the die's)
REVIEW_BUDGET = 60.0        # s, the whole review of a 60-ply game in the browser
REVIEW_CPU_BUDGET = 20.0    # s, its searches' processor time in Pyodide (a third of it)
REVIEW_JOBS = [(f"games/{cls.id}/", cls.id, options) for cls in VARIANTS.values() for options in cls.bench_review]
REVIEW_ENGINE_JOBS = [(cls.id, options) for cls in VARIANTS.values()
                      for options in ([{}] + [o for o in cls.bench_review if o])]


def review_game(variant: str, options: dict):
    """A game of ``REVIEW_PLIES`` plies (fixed seed)."""
    import sharah_web
    from sharah_web.search import make_player
    game = sharah_web.new_game(variant, seed=REVIEW_SEED, **options)
    player = make_player("level1:nodes=200", seed=REVIEW_SEED)
    while len(game.history) < REVIEW_PLIES and game.result is None:
        game.play(player.choose(game))
    return game


def review_pyodide(tmp: Path) -> list[dict]:
    """The review's searches (``analysis.review_search``) of a
    ``REVIEW_PLIES``-ply game of each of ``REVIEW_ENGINE_JOBS`` in Pyodide
    under Node (``search_job.py``'s review job): nodes, processor time, the slowest
    position, the depths finished, the moves judged and marked."""
    games = [{"variant": v, "options": o, "seed": REVIEW_SEED,
              "moves": [p.move.notation for p in review_game(v, o).history]} for v, o in REVIEW_ENGINE_JOBS]
    cfg = tmp / "review-config.json"
    cfg.write_text(json.dumps({"job": "review", "games": games}))
    zip_path = tmp / "engine.zip"
    zip_path.write_bytes(pack_engine.engine_zip())
    note(f"the review's searches of {len(games)} games in Pyodide under Node (load average {load_average()})")
    proc = subprocess.run(["node", str(HERE / "search_pyodide.mjs"), str(zip_path), str(cfg)],
                          cwd=ROOT, capture_output=True, text=True, timeout=3600)
    if proc.returncode:
        raise RuntimeError(f"review job (Pyodide) failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.splitlines()[-1])["games"]


def print_review_pyodide(rows: list[dict]) -> None:
    say(f"The review's searches of a {REVIEW_PLIES}-ply game in Pyodide under Node (node budgets only; "
        f"processor time, budget {REVIEW_CPU_BUDGET:g} s):")
    for r in rows:
        label = r["variant"] + "".join(f" {k}={v}" for k, v in r["options"].items())
        depths = ", ".join(f"{n} at {d}" for d, n in sorted(r["depths"].items()))
        say(f"  {label:<34} budget {r['budget']:>6,} nodes: {r['nodes']:>9,} nodes, {r['cpu']:6.1f} s cpu "
            f"{verdict(r['cpu'] <= REVIEW_CPU_BUDGET)} (slowest position {r['slowest']:.2f} s, "
            f"{r['nodes'] / max(r['cpu'], 1e-9):,.0f} nodes/s) over {r['positions']} positions; "
            f"depth finished: {depths}; {r['judged']} moves judged, {r['marks']} marked")


def review_engine(variant: str, options: dict) -> dict:
    """The review's searches of the same game on CPython (node budgets
    only: the same nodes on any machine), side by side with the default
    level's: nodes, processor time, the depths finished, the moves judged
    and marked."""
    from sharah_web import analysis, record, search
    game = review_game(variant, options)
    line = record.line(game)
    tuning = search.tuning_for(game.variant)
    review = analysis.review_level(game.variant)
    level = dataclasses.replace(search.level_of(search.DEFAULT_LEVEL), seconds=10 ** 6)
    out = {}
    for name, lvl in (("review", review), ("level 2", level)):
        row = {"budget": tuning.nodes(lvl), "nodes": 0, "cpu": 0.0, "depths": {}, "judged": 0, "marks": 0,
               "positions": 0}
        for i in range(len(line) + 1):
            at = game.at(i)
            if at.result is not None:
                continue
            played = line[i].move if i < len(line) else None
            c0 = time.process_time()
            move, info = search.Thinker(at, lvl, 0, judge=played and played.notation,
                                        judge_depth=analysis.MARK_DEPTH).step()
            row["cpu"] += time.process_time() - c0
            entry = analysis.review_entry(at, i, move, info, played)
            row["nodes"] += info["nodes"]
            row["positions"] += 1
            row["depths"][info["depth"]] = row["depths"].get(info["depth"], 0) + 1
            row["judged"] += entry["judged"]
            row["marks"] += bool(entry["mark"])
        out[name] = row
    return out


def review_bench(b: Browser) -> list[dict]:
    out = []
    for path, variant, options in REVIEW_JOBS:
        from sharah_web import record
        link = record.format_link(review_game(variant, options))
        label = variant + "".join(f" {k}={v}" for k, v in options.items())
        note(f"reviewing a {REVIEW_PLIES}-ply game of {label} in the browser")
        ctx = b.context()
        try:
            page = b.new_page(ctx)
            page.goto(b.base + path + "#" + link)
            page.wait_for_function(
                "(n) => [...document.querySelectorAll('figure.sharah-board[data-mode=game]')].some("
                "f => f.querySelectorAll('ol.sharah-moves li[data-ply]').length >= n)",
                arg=REVIEW_PLIES, timeout=BOOT_TIMEOUT * 2)
            handle = page.evaluate_handle(
                "(n) => [...document.querySelectorAll('figure.sharah-board[data-mode=game]')].find("
                "f => f.querySelectorAll('ol.sharah-moves li[data-ply]').length >= n)", REVIEW_PLIES)
            plies = page.evaluate("(f) => f.querySelectorAll('ol.sharah-moves li[data-ply]').length", handle)
            began, cpu = time.perf_counter(), children_cpu()
            page.evaluate("(f) => f.querySelector('button[data-analysis=review]').click()", handle)
            page.wait_for_function("(f) => f.dataset.review === 'done'", arg=handle, timeout=600_000)
            wall = time.perf_counter() - began
            cpu = None if cpu is None else children_cpu() - cpu
            text = page.evaluate("(f) => f.querySelector('.sharah-review-progress').textContent", handle)
            marks = page.evaluate("(f) => f.querySelectorAll('ol.sharah-moves li[data-mark]').length", handle)
            out.append({"game": label, "plies": plies, "seconds": round(wall, 2), "progress": text,
                        "marks": marks, "load": load_average(), "cpu": cpu})
        finally:
            ctx.close()
        note("the same game's searches on CPython (node budgets only), the review's and the default level's")
        out[-1]["engine"] = review_engine(variant, options)
    return out


def print_review(rows: list[dict]) -> None:
    say(f"Review of a {REVIEW_PLIES}-ply game in the browser (\"Review the game\", the default analysis "
        f"budget; budget {REVIEW_BUDGET:g} s):")
    for r in rows:
        cpu = "" if r.get("cpu") is None else f"; Chromium's processor time {r['cpu']:.1f} s"
        say(f"  {r['game']:<34} {r['plies']:>3} plies  {r['seconds']:7.1f} s  "
            f"{verdict(r['seconds'] <= REVIEW_BUDGET)}  ({r['progress']}; {r.get('marks', 0)} marks in the "
            f"move list; load average after {r.get('load', '?')}{cpu})")
        for name, e in (r.get("engine") or {}).items():
            depths = ", ".join(f"{n} at {d}" for d, n in sorted(e["depths"].items()))
            say(f"      CPython, {name:<8} budget {e['budget']:>6,} nodes: {e['nodes']:>9,} nodes, "
                f"{e['cpu']:6.1f} s cpu over {e['positions']} positions; depth finished: {depths}; "
                f"{e['judged']} moves judged, {e['marks']} marked")


def has_search() -> bool:
    path = ROOT / "sharah_web" / "search.py"
    if not path.is_file():
        return False
    try:
        module = importlib.import_module("sharah_web.search")
    except Exception as e:   # another helper's work in progress
        note(f"sharah_web/search.py does not import: {e}")
        return False
    return callable(getattr(module, "best_move", None))


def browser_bench(args, tmp: Path) -> dict:
    try:
        import playwright  # noqa: F401
        import mkdocs  # noqa: F401
    except ImportError as e:
        raise RuntimeError(f"{e.name} is missing: run this with .venv/bin/python "
                           f"(bash scripts/setup.sh --browser installs it)") from None
    exe = require_chromium(args.chromium)
    port = devkit_site.free_port()
    note("building the site")
    site = build_site(tmp, port)
    res: dict = {"runs": [], "bare": [], "alone": [], "nav": [], "nav_hover": [], "clicks": {}, "search": None,
                 "slowdown": args.cpu_slowdown}
    res["static_svg"] = first_board_in_html(site / FIRST_PAGE / "index.html")
    with Browser(site, port, exe, args.cpu_slowdown) as b:
        res["chromium"] = b.browser.version
        for run in range(args.runs):
            note(f"browser, run {run + 1}/{args.runs} (load average {load_average()})")
            # rotate which goes first, so drift in the machine's load hits all three alike
            order = (("bare", "alone", "page"), ("page", "bare", "alone"), ("alone", "page", "bare"))[run % 3]
            ctx = None
            try:
                for what in order:
                    if what == "bare":
                        res["bare"].append(bare_boot(b))
                        continue
                    if what == "alone":
                        res["alone"].append(bare_boot(b, "alone.html"))
                        continue
                    ctx = b.context()
                    page = b.new_page(ctx)
                    res["runs"].append(first_load(page, b.base + FIRST_PAGE))
                    # every run walks the other game pages by instant
                    # navigation; the last one also clicks pieces on each
                    page.wait_for_timeout(300)
                    last = run == args.runs - 1
                    if last:
                        res["clicks"][FIRST_PAGE] = click_delays(page, args.clicks)
                    for target in NAV_PAGES:
                        res["nav"].append(instant_nav(page, target))
                        if last:
                            res["clicks"][target] = click_delays(page, args.clicks)
                        else:
                            page.wait_for_timeout(300)
            finally:
                if ctx is not None:
                    ctx.close()
        # the same walk once more, in a fresh context, the pointer resting on
        # each link first (a reader with a mouse or the keyboard: the page is
        # fetched ahead); (c) is judged on the clicks above, as on a phone
        note(f"browser, the walk with the pointer on each link {HOVER_MS} ms first")
        ctx = b.context()
        try:
            page = b.new_page(ctx)
            first_load(page, b.base + FIRST_PAGE)
            page.wait_for_timeout(300)
            for target in NAV_PAGES:
                res["nav_hover"].append(instant_nav(page, target, hover_ms=HOVER_MS))
                page.wait_for_timeout(300)
        finally:
            ctx.close()
        if has_search():
            note("timing the computer's move in the browser")
            res["search"] = search_bench(b, site)
        if not args.no_review:
            res["review"] = review_bench(b)
    return res


def print_browser(res: dict) -> None:
    say(f"Browser: Chromium {res['chromium']}, headless, the built site on 127.0.0.1, "
        f"page {FIRST_PAGE}, {len(res['runs'])} cold loads (fresh contexts)"
        + (f"; each page's main thread slowed {res['slowdown']:g} times (--cpu-slowdown; "
           "not the workers: (b) compares two workers, so it does not show a slower machine)"
           if res.get("slowdown", 1) > 1 else ""))
    for i, (r, bare) in enumerate(zip(res["runs"], res["bare"]), 1):
        created, boot, msg = r["worker_created_s"], r["worker_boot_s"], r["worker_ready_s"]
        parts = ""
        if created is not None and msg is not None:
            parts = (f" = engine worker created {created:.2f} s + its script starting "
                     f"{msg - created - boot:.2f} s + Pyodide and engine {boot:.2f} s + first board "
                     f"{r['first_ready_s'] - msg:.2f} s")
        say(f"  run {i}: board painted {r['painted_s']:.3f} s (FCP {r['fcp_s'] or 0:.3f} s); "
            f"first board interactive {r['first_ready_s']:.2f} s{parts}")
        st = r.get("boot_steps_ms")
        if st and all(k in st for k in ("runtime", "unpacked", "imported")):
            say(f"         in the worker: runtime loaded {st['runtime']} ms, engine unpacked "
                f"+{st['unpacked'] - st['runtime']} ms, engine imported +{st['imported'] - st['unpacked']} ms")
        say(f"         bare Pyodide boot {bare['page_s']:.2f} s = worker created "
            f"{bare['worker_created_s'] or 0:.2f} s + loadPyodide {bare['worker_s']:.2f} s + the rest; "
            f"ratio {r['first_ready_s'] / bare['page_s']:.2f}")
        alone = res.get("alone") or []
        if len(alone) >= i:
            a = alone[i - 1]
            say(f"         the engine's worker alone on a page {a['page_s']:.2f} s (its ready; "
                f"ratio to the bare boot {a['page_s'] / bare['page_s']:.2f}): the page's own share "
                f"{r['first_ready_s'] - a['page_s']:+.2f} s")
        others = [w for w in r.get("workers", []) if "engine-worker" not in w[0]]
        if others and i == 1:
            say(f"         other workers on the page: {', '.join(f'{n} at {t / 1000:.2f} s' for n, t in others)}")
    for n in res["nav"]:
        ready = f"{n['ready_s']:.3f} s" if n["ready_s"] is not None else "?"
        mounted = f"{n['mounted_s']:.3f} s" if n.get("mounted_s") is not None else "?"
        say(f"  instant navigation to {n['page']}: first board interactive after {ready} "
            f"(its boards mounted after {mounted}; page {n['html_chars'] / 1e6:.2f} M characters)"
            f"{'' if n['instant'] else ' (NOT instant: the page was reloaded)'}")
        steps = [("page fetched", "fetched_s"), ("swapped in", "swapped_s"), ("open sent", "open_sent_s"),
                 ("taken by the engine", "engine_began_s"), ("answered", "answered_s")]
        known = [f"{what} {n[k] * 1000:.0f}" for what, k in steps if n.get(k) is not None]
        if known:
            work = f" (the engine worked {n['engine_s'] * 1000:.0f} ms)" if n.get("engine_s") is not None else ""
            say(f"      ms after the click: {', '.join(known)}{work}, ready {n['ready_s'] * 1000:.0f}")
    navs = res["nav"]
    parts = [("fetched", "fetched_s"), ("swapped in", "swapped_s"), ("open sent", "open_sent_s"),
             ("taken by the engine", "engine_began_s"), ("answered", "answered_s"), ("ready", "ready_s")]
    meds = [(what, _median([n.get(k) for n in navs])) for what, k in parts]
    if navs and all(m is not None for _, m in meds):
        say("  instant navigation, the median of each step (ms after the click): "
            + ", ".join(f"{what} {m * 1000:.0f}" for what, m in meds)
            + f"; the engine worked {(_median([n.get('engine_s') for n in navs]) or 0) * 1000:.0f} ms")
    hov = [n["ready_s"] for n in res.get("nav_hover", []) if n["ready_s"] is not None and n["hover_ms"]]
    if hov:
        say(f"  the walk again, the pointer on each link {HOVER_MS} ms before the click (the page fetched "
            f"ahead): first board interactive {', '.join(f'{x:.3f}' for x in hov)} s, median "
            f"{statistics.median(hov):.3f} s; page fetched after "
            f"{(_median([n.get('fetched_s') for n in res['nav_hover']]) or 0) * 1000:.0f} ms (median)")
    for pg, c in res["clicks"].items():
        d = c["delays_ms"]
        if not d:
            say(f"  clicks on {pg}: no board with pieces to click")
            continue
        say(f"  clicks on {pg} ({c['mode']} board {c['board']}): {len(d)} clicks, median "
            f"{statistics.median(d):.1f} ms, max {max(d):.1f} ms")
    s = res["search"]
    if s is None:
        say("  computer's move: n/a (sharah_web/search.py with best_move is not there yet)")
    elif "error" in s:
        say(f"  computer's move: failed: {s['error']}")
    else:
        say(f"  computer's move at the default level (best_move({s['call']}), {len(s['rows'])} positions): "
            f"median {s['median_seconds']:.2f} s, max {s['max_seconds']:.2f} s")
        for r in s["rows"]:
            say(f"    {r['variant']:<18} after {r['plies']:>2} plies: {r['seconds']:.2f} s ({r['move']})")
    say()


# ================================================================ summary

def first_board_in_html(html_file: Path) -> bool:
    """Whether the page's first board figure holds its SVG picture in the
    HTML as built (no script needed to draw it)."""
    html = html_file.read_text(encoding="utf-8")
    start = html.find('<figure class="sharah-board')
    if start < 0:
        return False
    end = html.find("</figure>", start)
    return "<svg" in html[start:end]


def verdict(ok) -> str:
    return "n/a" if ok is None else ("met" if ok else "NOT MET")


def budget_rows(engine: dict | None, browser: dict | None, size: int) -> list[tuple]:
    rows = []
    if browser:
        paint = _median(r["painted_s"] for r in browser["runs"])
        ready = _median(r["first_ready_s"] for r in browser["runs"])
        bare = _median(b["page_s"] for b in browser["bare"])
        ratio = _median(r["first_ready_s"] / b["page_s"] for r, b in zip(browser["runs"], browser["bare"]))
        # "with no script": the board's picture is in the page as served (the
        # build's SVG), so what is painted waits for no script. (Whether it
        # is painted before the widget mounts it is no longer asked: since
        # the tap at paint, the widget mounts a board as soon as the parser
        # is past it, which may come before the first paint, on purpose.)
        static = browser.get("static_svg", True)
        rows.append(("(a) static board painted (median of loads)",
                     f"{paint:.3f} s ({'its picture in the page as served' if static else 'NOT in the page as served'})",
                     f"< {PAINT_BUDGET} s", paint < PAINT_BUDGET and static))
        rows.append(("(b) first board interactive / bare Pyodide boot (median of paired ratios)",
                     f"{ratio:.2f} ({ready:.2f} s and {bare:.2f} s, medians)", f"<= {BOOT_RATIO_BUDGET}",
                     ratio <= BOOT_RATIO_BUDGET))
        if browser.get("alone"):
            alone = _median(a["page_s"] / b["page_s"] for a, b in zip(browser["alone"], browser["bare"]))
            rows.append(("(b) of which: the engine's worker alone / bare Pyodide boot (median of pairs)",
                         f"{alone:.2f} ({_median(a['page_s'] for a in browser['alone']):.2f} s)",
                         "(no budget)", None))
        navs = [n["ready_s"] for n in browser["nav"] if n["ready_s"] is not None]
        all_instant = all(n["instant"] for n in browser["nav"])
        if navs:
            # judged like (a), (b) and (d): the median, here of every
            # navigation of every run; the slowest page's median and the
            # slowest single navigation are shown beside it
            pages = {}
            for n in browser["nav"]:
                if n["ready_s"] is not None:
                    pages.setdefault(n["page"], []).append(n["ready_s"])
            worst_page = max(statistics.median(v) for v in pages.values())
            med = statistics.median(navs)
            rows.append((f"(c) interactive after instant navigation (median of {len(navs)}; "
                         f"slowest page; slowest)",
                         f"{med:.3f} s; {worst_page:.3f} s; {max(navs):.3f} s", f"< {NAV_BUDGET} s",
                         all_instant and len(navs) == len(browser["nav"]) and med < NAV_BUDGET))
        delays = [d for c in browser["clicks"].values() for d in c["delays_ms"]]
        if delays:
            worst = max(statistics.median(c["delays_ms"]) for c in browser["clicks"].values() if c["delays_ms"])
            med = statistics.median(delays)
            rows.append((f"(d) click to destinations drawn (median of {len(delays)}; worst page)",
                         f"{med:.1f} ms; {worst:.1f} ms", f"< {CLICK_BUDGET * 1000:.0f} ms",
                         med < CLICK_BUDGET * 1000))
        s = browser["search"]
        if s and "error" not in s and s.get("median_seconds") is not None:
            rows.append(("(e) computer's move, default level (median)", f"{s['median_seconds']:.2f} s",
                         "(no budget)", None))
        else:
            rows.append(("(e) computer's move, default level (median)", "n/a", "(no budget)", None))
    if engine:
        # judged on processor time when both runtimes report it (see above)
        def ratio(r):
            return (r["ratio_cpu"] or r["ratio"])
        worst = min(engine["jobs"], key=ratio)
        rows.append(("engine in Pyodide / CPython, same perft (lowest; processor time)",
                     f"{ratio(worst):.2f} ({worst['label']}; wall clock {worst['ratio']:.2f})",
                     f">= {PYODIDE_RATIO_BUDGET}", ratio(worst) >= PYODIDE_RATIO_BUDGET))
        # judged on processor time: on a shared machine the wall clock also
        # counts the other programs' turns (both are shown)
        slow = max(engine["perft2"], key=lambda r: r["cpu_seconds"] or r["seconds"])
        cpu = slow["cpu_seconds"] or slow["seconds"]
        rows.append(("perft(2) from the set-up on CPython (slowest game; processor time)",
                     f"{cpu:.2f} s, {slow['seconds']:.2f} s wall ({slow['variant']})", f"< {PERFT2_BUDGET} s",
                     cpu < PERFT2_BUDGET))
    rows.append(("engine as shipped (the zip)", f"{size:,} bytes", f"< {SIZE_BUDGET:,} bytes",
                 size < SIZE_BUDGET))
    return rows


def print_budgets(rows) -> None:
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    w2 = max(len(r[2]) for r in rows)
    say("Budgets")
    say(f"{'budget':<{w0}}  {'measured':<{w1}}  {'target':<{w2}}  verdict")
    say("-" * (w0 + w1 + w2 + 15))
    for name, got, target, ok in rows:
        say(f"{name:<{w0}}  {got:<{w1}}  {target:<{w2}}  {verdict(ok)}")


# ================================================================ main

def one_job(name: str, run) -> int:
    """Run one job alone (``run(tmp)``, a temporary folder), between the load averages."""
    tmp = Path(tempfile.mkdtemp(prefix="sharah-bench-"))
    try:
        say(f"sharah_web {name} benchmark, {machine()['date']}, load average {load_average()}")
        run(tmp)
    except RuntimeError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    say(f"load average after {load_average()}")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="The speed benchmark: engine (CPython vs Pyodide), "
                                "browser (boot, navigation, clicks, computer's move), size.")
    p.add_argument("--engine", action="store_true", help="only the engine part (perft, CPython and Pyodide)")
    p.add_argument("--browser", action="store_true", help="only the browser part (build, Chromium)")
    p.add_argument("--repeat", type=int, default=2, metavar="N",
                   help="run each perft N times on each runtime and keep the best (default 2)")
    p.add_argument("--runs", type=int, default=5, metavar="N",
                   help="cold page loads and bare boots to take the median of (default 5)")
    p.add_argument("--clicks", type=int, default=30, metavar="N",
                   help="measured clicks on each game page's board (default 30)")
    p.add_argument("--chromium", metavar="PATH", help="the Chromium binary (default $SHARAH_CHROMIUM "
                   "or /usr/bin/chromium)")
    p.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON")
    p.add_argument("--search", action="store_true",
                   help="only the search job: fixed positions to a fixed depth, CPython and Pyodide")
    p.add_argument("--base", metavar="COMMIT", help="with --search: also time the engine of COMMIT "
                   "(checked out into a temporary folder) in the same run")
    p.add_argument("--positions", type=int, default=0, metavar="N",
                   help="with --search: only the first N positions of each game (default: all 20)")
    p.add_argument("--only", action="append", metavar="LABEL",
                   help="with --search: only this game (a label of SEARCH_JOBS; repeatable)")
    p.add_argument("--no-pyodide", action="store_true", help="with --search: CPython only")
    p.add_argument("--level-nodes", action="store_true",
                   help="with --search: the default level on its node budget alone (no time cap), "
                        "its processor time reported: on a loaded machine the cap would end it")
    p.add_argument("--make-positions", action="store_true",
                   help=f"write {SEARCH_POSITIONS.relative_to(ROOT)} again, from self-play")
    p.add_argument("--review", action="store_true",
                   help=f"only the review job: a {REVIEW_PLIES}-ply game of each of a few games reviewed "
                        "in the browser (build, Chromium)")
    p.add_argument("--review-pyodide", action="store_true",
                   help="only the review's searches in Pyodide under Node (the first part of --review)")
    p.add_argument("--no-review", action="store_true", help="the browser part without the review job")
    p.add_argument("--cpu-slowdown", type=float, default=1.0, metavar="N",
                   help="run each page's main thread N times slower (Chromium's CPU throttling; "
                        "not the workers): how the page would fare on a slower machine")
    args = p.parse_args(argv)
    if args.repeat < 1 or args.runs < 1 or args.clicks < 1:
        p.error("--repeat, --runs and --clicks must be at least 1")
    if not 1 <= args.cpu_slowdown <= 20:
        p.error("--cpu-slowdown is a factor from 1 (none) to 20")
    if args.make_positions:
        SEARCH_POSITIONS.write_text(json.dumps(make_positions(), indent=1) + "\n")
        return 0
    if args.review or args.review_pyodide:
        def review_job(tmp: Path) -> None:
            print_review_pyodide(review_pyodide(tmp))
            if args.review_pyodide:
                return
            port = devkit_site.free_port()
            note("building the site")
            site = build_site(tmp, port)
            with Browser(site, port, require_chromium(args.chromium), args.cpu_slowdown) as b:
                print_review(review_bench(b))
        return one_job("review", review_job)
    if args.search:
        return one_job("search", lambda tmp: print_search(search_job_bench(args, tmp)))
    do_engine = args.engine or not args.browser
    do_browser = args.browser or not args.engine

    info = machine()
    info["load_before"] = load_average()
    say(f"sharah_web benchmark, {info['date']}: {info['cpu']}, {info['cores']} cores, "
        f"Python {info['python']}, node {info['node']}, load average {info['load_before']}")
    say()
    size = len(pack_engine.engine_zip())
    engine = browser = None
    tmp = Path(tempfile.mkdtemp(prefix="sharah-bench-"))
    try:
        if do_engine:
            engine = engine_bench(args, tmp)
            print_engine(engine)
        if do_browser:
            browser = browser_bench(args, tmp)
            print_browser(browser)
            if browser.get("review"):
                print_review(browser["review"])
    except RuntimeError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    info["load_after"] = load_average()
    say(f"Engine package as shipped: {size:,} bytes (the zip of sharah_web/, "
        f"{len(pack_engine.engine_files())} files)")
    say()
    rows = budget_rows(engine, browser, size)
    print_budgets(rows)
    say()
    say(f"load average before {info['load_before']}, after {info['load_after']} (1, 5, 15 min)")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "engine": engine, "browser": browser,
                                               "engine_zip_bytes": size,
                                               "budgets": [{"budget": r[0], "measured": r[1], "target": r[2],
                                                            "met": r[3]} for r in rows]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
