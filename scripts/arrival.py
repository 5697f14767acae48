"""The arrival benchmark: the site as a phone visitor meets it.

The built site is served on 127.0.0.1 by devkit.server, set up to do
what common static hosts do (gzip for text, JavaScript, JSON and wasm; an
ETag, ``Cache-Control: no-cache``, 304 for a matching ``If-None-Match``),
over a shaped link: one rate shared by every connection, and a delay before
each response. Chromium (the system one, through Playwright) with a 390x844
phone viewport, touch, loads a page three ways:

- first visit: a fresh browser profile;
- repeat visit: the same profile, a new tab, once the service worker has
  stored the site and the engine's worker has kept its bytecode (a reader
  who read the first page a while, and came back);
- offline: the same profile, the network cut (the server answers nothing,
  the browser is offline), the page reloaded.

Each time: the bytes on the wire until the page's first game board is ready
(counted by the server, byte by byte as they leave, headers included), of
which the runtime's (``assets/pyodide/``); the time to the first diagram
(the page's first board painted); a tap on a piece of the first game board
the moment that board is painted, to the frame that shows its destination
dots, or the magnifier (a board whose squares are under 40 px, live, opens
it at a finger's tap: that is its answer), or "dropped" when neither
comes; the time until the board is
ready. Medians of ``--runs`` runs (at least 3). A bare Pyodide boot on the
same machine (unshaped, in a module worker) is measured in the same run.

    .venv/bin/python scripts/arrival.py                      # 4G and slow, both pages, 3 runs
    .venv/bin/python scripts/arrival.py --profiles 4G --runs 5 --json out.json
    .venv/bin/python scripts/arrival.py --profiles 4G --against /tmp/old/site   # old and new, alternately

Each visit also records the board's way to ready: the engine's worker
created, its "ready" received, the board's "open" taken by the worker and
answered, and the worker's own boot steps. ``--against SITE`` measures a
second built site (an older commit's ``mkdocs build``) in the same runs,
alternately with this one, so that a change is told apart from the
machine's speed.

Every loop is bounded (in count and in time); everything it starts (the
server, Chromium, the temporary site) is stopped and removed when it ends.
The results of 2026-11-25 are in docs/about/benchmarks.md ("Arrival").
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import bench  # (build_site, machine, the instrument script)
from devkit.chromium import ARGS as CHROMIUM_ARGS
from devkit.chromium import require_chromium
from devkit.server import Link, StaticServer
from devkit.site import free_port
from sharah_web.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent

PROFILES = {            # name: (Mbit/s, ms added to each response)
    "4G": (9.0, 85),
    "slow": (1.6, 150),
}
PAGES = {vid: f"games/{vid}/" for vid in VARIANTS}     # each game's page
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
LOAD_LIMIT = 180        # s: one page load, at most
SW_LIMIT = 120          # s: the service worker storing the site, at most
BUDGETS = {             # 4G, the Scheherazade and Light/Shadow pages
    "first_bytes": 5_000_000, "tap_after_paint_s": 0.5, "paint_s": 1.5,
    "first_ready_s": 8.0, "repeat_ready_s": 4.0,
}


def note(text: str) -> None:
    print(f"[arrival] {text}", file=sys.stderr, flush=True)


# ================================================================ the server

def serve(folder: Path, port: int) -> StaticServer:
    """The site as a common static host serves it (devkit.server): gzip,
    ETag and 304, ``Cache-Control: no-cache``, HTTP/1.1 with keep-alive
    (at most six connections to the host, requests queue behind each
    other: most hosts speak HTTP/2, where they do not, so the figures are
    pessimistic there), no ``Last-Modified`` (the 304s come from the
    ETag), over a shaped link (unshaped until ``server.link.shape``)."""
    return StaticServer(folder, port, gzip=True, cache_control="no-cache", last_modified=False,
                        link=Link(10_000, 0), name="arrival")


# ================================================================ a visit

# Runs in the page before the tap: each frame, until the dots show (or
# the limit), is the tapped board showing destination marks, or its
# magnifier (playview.js: on a touch screen a live board with small squares
# answers a tap with it; a board still on the build's early answer picks
# at once)?
WATCH_DOTS = """([id, limit]) => {
  const B = window.__bench; B.dots = null; const t0 = performance.now();
  const fig = document.getElementById(id);
  const look = () => {
    if (fig.querySelector('.is-dest') || fig.dataset.loupe) { B.dots = performance.now(); return; }
    if (performance.now() - t0 < limit) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


# The board's way to ready, in ms since the navigation (the instrument's
# records): the engine's worker created, its "ready" received (the runtime
# up and the engine imported), the board's "open" sent, taken by the worker
# (``open_ms``: how long the engine worked on it), its answer received; and
# the worker's own boot steps (ms since its script started: the runtime
# loaded, the engine unpacked, the engine imported; null for a build whose
# worker does not post them), and what it booted on (``python``: "bytecode"
# kept on the device or "source"; null for a build that keeps none).
TIMELINE = """(id) => {
    const B = window.__bench, r = B.ready.find(x => x.id === id);
    const w = B.workers.find(x => x.url.includes('engine-worker'));
    const open = B.opens.find(o => (o.board || '').split('~')[0] === id);
    const answer = open ? B.answers.find(a => a.id === open.id && a.t >= open.t) : null;
    return {painted: B.boardPainted, ready: r ? r.t : null, origin: performance.timeOrigin,
            worker: w ? w.t : null, engine_up: w ? w.ready : null, open_sent: open ? open.t : null,
            open_began: answer ? answer.began : null, open_ms: answer ? answer.ms : null,
            answered: answer ? answer.t : null,
            steps: (window.sharahDebug && window.sharahDebug.bootSteps) || null,
            python: (window.sharahDebug && window.sharahDebug.python) || null};
}"""
TIMELINE_KEYS = ("worker", "engine_up", "open_sent", "open_began", "answered")


def visit(ctx, base: str, page_path: str, target: dict, server: StaticServer, tap: bool = True,
          then=None) -> dict:
    """Load a page in ``ctx``; the figures of one arrival (``then(page)``
    runs before the page is closed: the reader stays on it)."""
    page = ctx.new_page()
    try:
        t_start = time.time()
        page.goto(base + page_path, wait_until="commit", timeout=LOAD_LIMIT * 1000)
        fig_id, _sq = target["id"], target["square"]
        # the reader goes to the board as soon as it is in the page (boards
        # far from the screen are not laid out: content-visibility), then
        # waits for it to be painted: its square laid out
        page.wait_for_function("(id) => { const f = document.getElementById(id); "
                               "if (f) f.scrollIntoView({block: 'center'}); return !!f; }",
                               arg=fig_id, polling="raf", timeout=LOAD_LIMIT * 1000)
        page.wait_for_function(
            """(id) => { const s = document.getElementById(id).querySelector('svg');
                 return s && s.getBoundingClientRect().width > 0; }""",
            arg=fig_id, polling="raf", timeout=LOAD_LIMIT * 1000)
        tapped = None
        if tap:
            # the static drawing has no square elements (one path per colour):
            # tap where the probe found the square, as a fraction of the board
            # (a touch is placed in the visual viewport, which a phone may
            # have moved within the layout one: the page's rects are there)
            box = page.evaluate("(id) => { const r = document.getElementById(id).querySelector('svg')"
                                ".getBoundingClientRect(), v = window.visualViewport || {offsetLeft: 0, offsetTop: 0};"
                                " return {x: r.x - v.offsetLeft, y: r.y - v.offsetTop, w: r.width, h: r.height}; }",
                                fig_id)
            page.evaluate(WATCH_DOTS, [fig_id, LOAD_LIMIT * 1000])
            tapped = page.evaluate("performance.now()")
            page.touchscreen.tap(box["x"] + box["w"] * target["fx"], box["y"] + box["h"] * target["fy"])
        page.wait_for_function(
            "(id) => { const f = document.getElementById(id); return (f && f.dataset.state === 'ready') || "
            "(window.sharahDebug && window.sharahDebug.failed); }",
            arg=fig_id, timeout=LOAD_LIMIT * 1000)
        t_ready_epoch = page.evaluate("performance.timeOrigin + performance.now()") / 1000
        failed = page.evaluate("window.sharahDebug && window.sharahDebug.failed")
        if failed:
            raise RuntimeError(f"the engine failed: {failed}")
        m = page.evaluate(TIMELINE, fig_id)
        dots = None
        if tap:
            # the dots may come later than ready (a tap kept until the engine is up)
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                dots = page.evaluate("window.__bench.dots")
                if dots is not None:
                    break
                page.wait_for_timeout(50)
        nav0 = m["origin"] / 1000
        wire = server.link.bytes_between(min(t_start, nav0), t_ready_epoch)
        extra = then(page) if then else {}
        return {**extra, "paint_s": m["painted"] / 1000 if m["painted"] is not None else None,
                "ready_s": m["ready"] / 1000 if m["ready"] is not None else None,
                **{f"{k}_s": (m[k] / 1000 if m[k] is not None else None) for k in TIMELINE_KEYS},
                "open_ms": m["open_ms"], "boot_steps_ms": m["steps"], "python": m["python"],
                "tap_at_s": tapped / 1000 if tapped is not None else None,
                "dots_after_tap_s": (dots - tapped) / 1000 if dots is not None and tapped is not None else None,
                "dropped": bool(tap and dots is None),
                "bytes": wire["all"], "runtime_bytes": wire["runtime"],
                "runtime_bytes_200": wire["runtime_200"], "t_ready_epoch": t_ready_epoch}
    finally:
        page.close()


def wait_stored(page, base: str, page_path: str) -> dict:
    """Until the service worker controls the page and has stored it, and,
    with an engine that keeps bytecode (its ready says ``python``), until
    the engine's worker has kept it (the reader stays on the page
    meanwhile); the seconds waited for each."""
    t0 = time.monotonic()
    out = {}
    while time.monotonic() - t0 < SW_LIMIT:
        ok = page.evaluate("""async (u) => { const k = (await caches.keys()).filter((n) => n.startsWith('sharah-'));
            if (!k.length || !navigator.serviceWorker.controller) return false;
            return !!(await (await caches.open(k[0])).match(u)); }""", base + page_path + "index.html")
        if ok:
            out["sw_stored_s"] = time.monotonic() - t0
            break
        page.wait_for_timeout(250)
    else:
        raise RuntimeError(f"the service worker did not store {page_path} within {SW_LIMIT} s")
    if page.evaluate("window.sharahDebug.python") is None:
        return out
    while time.monotonic() - t0 < SW_LIMIT:
        if page.evaluate("""async () => { for (const n of await caches.keys()) if (n.startsWith('pyc-')
                && (await (await caches.open(n)).keys()).length === 2) return true; return false; }"""):
            out["bytecode_kept_s"] = time.monotonic() - t0
            return out
        page.wait_for_timeout(250)
    raise RuntimeError(f"the engine's worker did not keep its bytecode within {SW_LIMIT} s")


def find_target(browser, base: str, page_path: str, instrument: str) -> dict:
    """The page's first game board and a square of it whose piece has
    destinations (asked of the live board once, on the unshaped link)."""
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(instrument)
    try:
        page = ctx.new_page()
        page.goto(base + page_path, timeout=LOAD_LIMIT * 1000)
        page.wait_for_function("() => [...document.querySelectorAll('figure.sharah-board[data-mode=game]')]"
                               ".every(f => f.dataset.state === 'ready')", timeout=LOAD_LIMIT * 1000)
        # the first game board with a piece the reader can move (a board
        # where the computer has the first move shows none)
        found = page.evaluate("""() => {
            for (const fig of document.querySelectorAll('figure.sharah-board[data-mode=game]')) {
              const w = fig.sharahWidget;
              const byFrom = w.index ? w.index.byFrom : w.byFrom;   // (an older build's board: --against)
              const squares = [...byFrom.entries()].filter(([sq, ms]) => ms.some(m => m.to && m.to !== sq)).map(([sq]) => sq);
              if (squares.length) return {id: fig.id, squares};
            }
            return {id: null, squares: []};
        }""")
        if not found["squares"]:
            raise RuntimeError(f"{page_path}: no game board has a piece to tap")
        sq = found["squares"][0]
        where = page.evaluate("""([id, sq]) => { const f = document.getElementById(id);
            const s = f.querySelector('svg').getBoundingClientRect();
            const r = f.querySelector(`rect[data-sq="${sq}"]`).getBoundingClientRect();
            return {fx: (r.x + r.width / 2 - s.x) / s.width, fy: (r.y + r.height / 2 - s.y) / s.height}; }""",
                              [found["id"], sq])
        return {"id": found["id"], "square": sq, **where}
    finally:
        ctx.close()


def bare_boot(browser, base: str, instrument: str) -> float:
    ctx = browser.new_context()
    ctx.add_init_script(instrument)
    try:
        page = ctx.new_page()
        page.goto(base + "bench/bare.html")
        page.wait_for_function("() => window.bareBoot", timeout=LOAD_LIMIT * 1000)
        res = page.evaluate("window.bareBoot")
        if "error" in res:
            raise RuntimeError(f"bare Pyodide boot failed: {res['error']}")
        return res["workerMs"] / 1000
    finally:
        ctx.close()


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def run(args) -> dict:
    exe = require_chromium(args.chromium)
    # the page gives the engine 60 s to start, then shows Retry: on a loaded
    # machine that ended the run; the benchmark's own limits apply instead
    instrument = (bench.HERE / "instrument.js").read_text() + f"\nwindow.sharahBootLimit = {LOAD_LIMIT * 1000};\n"
    out = {"machine": bench.machine(), "load_start": bench.load_average(), "runs": args.runs,
           "profiles": {}, "bare_boot_s": []}
    if args.against:
        out["against"] = {"folder": str(args.against), "profiles": {}}
    with tempfile.TemporaryDirectory(prefix="sharah-arrival-") as tmp:
        port = free_port()
        site = bench.build_site(Path(tmp), port)
        stdlib = next((site / "assets" / "pyodide").glob("stdlib-*.zip"))
        out["sizes"] = {p.name: p.stat().st_size for p in sorted((site / "assets" / "pyodide").iterdir())}
        out["sizes"]["python_stdlib.zip (Pyodide's whole one, not shipped)"] = \
            (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").stat().st_size
        note(f"lean standard library {stdlib.name}: {stdlib.stat().st_size:,} bytes")
        # this build, and the one measured against it (each on its own
        # server, unshaped while probing), in the order they are measured
        sites = [(out, serve(site, port), f"http://127.0.0.1:{port}/")]
        if args.against:
            other = free_port()
            sites.append((out["against"], serve(Path(args.against), other), f"http://127.0.0.1:{other}/"))
        base = sites[0][2]
        from playwright.sync_api import sync_playwright
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
                try:
                    targets = [{name: find_target(browser, b, PAGES[name], instrument) for name in args.pages}
                               for _, _, b in sites]
                    note(f"targets: {targets}")
                    for name in args.profiles:
                        mbit, delay = PROFILES[name]
                        for page_name in args.pages:
                            runs = [[] for _ in sites]
                            for i in range(args.runs):
                                sites[0][1].link.shape(10_000, 0)
                                out["bare_boot_s"].append(bare_boot(browser, base, instrument))
                                # alternately first and second, run by run
                                for k in (range(len(sites)) if i % 2 == 0 else reversed(range(len(sites)))):
                                    _, server, b = sites[k]
                                    server.link.shape(mbit, delay)
                                    runs[k].append(one_run(browser, b, PAGES[page_name], targets[k][page_name],
                                                           server, instrument, args.offline))
                                    server.link.shape(10_000, 0)
                                    note(f"{name} {page_name} run {i + 1}{' (against)' if k else ''}: "
                                         f"{json.dumps(runs[k][-1])}")
                            for (res, _, _), rs in zip(sites, runs):
                                prof = res["profiles"].setdefault(name, {"mbit": mbit, "delay_ms": delay, "pages": {}})
                                prof["pages"][page_name] = {"runs": rs, "median": summarize(rs)}
                finally:
                    browser.close()
        finally:
            for _, server, _ in sites:
                server.close()
    out["bare_boot_median_s"] = median(out["bare_boot_s"])
    out["load_end"] = bench.load_average()
    return out


def one_run(browser, base, page_path, target, server: StaticServer, instrument: str, offline: bool) -> dict:
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(instrument)
    try:
        first = visit(ctx, base, page_path, target, server, then=lambda p: wait_stored(p, base, page_path))
        t_stored = time.time()
        # what the service worker fetched once the first board was ready
        # (most of it revalidated: 304s, the bodies from the HTTP cache)
        sw_bytes = server.link.bytes_between(first["t_ready_epoch"], t_stored)["all"]
        repeat = visit(ctx, base, page_path, target, server)
        out = {"first": first, "repeat": repeat, "sw_bytes": sw_bytes}
        if offline:
            server.down = True
            server.hits_while_down.clear()
            ctx.set_offline(True)
            try:
                out["offline"] = visit(ctx, base, page_path, target, server)
                out["offline"]["tried_host"] = [t for t in server.hits_while_down if "/sw.js" not in t]
            except Exception as exc:  # noqa: BLE001 - reported as a failure of this visit
                out["offline"] = {"error": str(exc).splitlines()[0]}
            finally:
                ctx.set_offline(False)
                server.down = False
        return out
    finally:
        ctx.close()


def summarize(runs: list[dict]) -> dict:
    out = {}
    for kind in ("first", "repeat", "offline"):
        if not any(kind in r for r in runs):
            continue            # not measured (--no-offline)
        visits = [r[kind] for r in runs if kind in r and "error" not in r[kind]]
        if not visits:
            out[kind] = {"ok": 0}
            continue
        out[kind] = {k: median([v.get(k) for v in visits]) for k in
                     ("paint_s", "ready_s", "dots_after_tap_s", "bytes", "runtime_bytes", "runtime_bytes_200",
                      *(f"{t}_s" for t in TIMELINE_KEYS), "open_ms")}
        steps = [v.get("boot_steps_ms") or {} for v in visits]
        out[kind]["boot_steps_ms"] = {name: median([st.get(name) for st in steps])
                                      for name in dict.fromkeys(n for st in steps for n in st)}
        out[kind]["dropped"] = sum(v["dropped"] for v in visits)
        out[kind]["ok"] = len(visits)
        out[kind]["bytes_all"] = [v["bytes"] for v in visits]
    return out


def fmt_s(x):
    return "-" if x is None else f"{x:.2f} s"


def report(res: dict) -> None:
    print(f"Arrival, {res['machine']['date']}: {res['machine']['cpu']}, {res['machine']['cores']} cores; "
          f"load {res['load_start']} -> {res['load_end']}; bare Pyodide boot (unshaped, module worker, "
          f"median of {len(res['bare_boot_s'])}): {fmt_s(res['bare_boot_median_s'])}")
    report_site(res)
    if "against" in res:
        print(f"\nMeasured against {res['against']['folder']} (alternately, the same runs):")
        report_site(res["against"])


def report_site(res: dict) -> None:
    for name, prof in res["profiles"].items():
        print(f"\n{name}: {prof['mbit']} Mbit/s, {prof['delay_ms']} ms per response, "
              f"medians of {len(next(iter(prof['pages'].values()))['runs'])} runs")
        print("| page | visit | bytes until ready (runtime) | first diagram | tap at paint -> dots | board ready |")
        print("|---|---|---|---|---|---|")
        for page, kind, m in visits(prof):
            if not m:
                print(f"| {page} | {kind} | failed | | | |")
                continue
            tap = "dropped" if m["dropped"] and m["dots_after_tap_s"] is None else fmt_s(m["dots_after_tap_s"])
            if m["dropped"] and m["dots_after_tap_s"] is not None:
                tap += f" ({m['dropped']} of {m['ok']} dropped)"
            print(f"| {page} | {kind} | {m['bytes']:,.0f} ({m['runtime_bytes']:,.0f}) | {fmt_s(m['paint_s'])} "
                  f"| {tap} | {fmt_s(m['ready_s'])} |")
        print("\nThe way to ready (medians, s since the navigation; the worker's boot steps in ms since its script ran):")
        print("| page | visit | worker created | engine up | open taken | open (engine) | answer | ready | boot steps |")
        print("|---|---|---|---|---|---|---|---|---|")
        for page, kind, m in visits(prof):
            if not m:
                continue
            ms = "-" if m.get("open_ms") is None else f"{m['open_ms']:.0f} ms"
            steps = ", ".join(f"{k} {v:.0f}" for k, v in m.get("boot_steps_ms", {}).items()) or "-"
            print(f"| {page} | {kind} | {fmt_s(m.get('worker_s'))} | {fmt_s(m.get('engine_up_s'))} "
                  f"| {fmt_s(m.get('open_began_s'))} | {ms} | {fmt_s(m.get('answered_s'))} "
                  f"| {fmt_s(m['ready_s'])} | {steps} |")


def visits(prof: dict):
    """(page, visit, its medians or None when it failed), in the tables' order."""
    for page, data in prof["pages"].items():
        for kind in ("first", "repeat", "offline"):
            if kind not in data["median"]:
                continue        # not measured
            m = data["median"][kind]
            yield page, kind, (m if m and m.get("ok") else None)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", default="4G,slow", help="comma-separated: " + ", ".join(PROFILES))
    parser.add_argument("--pages", default="scheherazade,sharah-surrounds", help="comma-separated: " + ", ".join(PAGES))
    parser.add_argument("--runs", type=int, default=3, help="runs per page and profile (at least 3; at most 20)")
    parser.add_argument("--no-offline", dest="offline", action="store_false", help="skip the offline reload")
    parser.add_argument("--chromium", help="the Chromium binary (default: SHARAH_CHROMIUM or /usr/bin/chromium)")
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument("--against", type=Path, metavar="SITE",
                        help="also measure this built site (an older commit's, say), alternately with this one "
                             "in the same runs: a comparison that the machine's speed does not decide")
    args = parser.parse_args(argv)
    args.profiles = [p for p in args.profiles.split(",") if p]
    args.pages = [p for p in args.pages.split(",") if p]
    bad = [p for p in args.profiles if p not in PROFILES] + [p for p in args.pages if p not in PAGES]
    if bad or not 1 <= args.runs <= 20:
        parser.error(f"unknown profile or page: {bad}" if bad else "--runs must be 1..20")
    if args.against and not (args.against / "sw.js").is_file():
        parser.error(f"--against: {args.against} is not a built site (no sw.js)")
    if args.runs < 3:
        note("fewer than 3 runs: the medians are not to be judged")
    res = run(args)
    report(res)
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
