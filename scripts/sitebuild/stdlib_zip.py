"""The lean standard library the site ships instead of Pyodide's whole
``python_stdlib.zip``: only the modules the engine and Pyodide's
own start-up import, found by running the engine's test workload, not kept
by hand.

How the list is found: ``tests/pyodide/engine_check.mjs`` boots the pinned
Pyodide under Node on the whole standard library, unpacks the engine zip
(``pack_engine.py``) as the worker does, plays the workload of
``tests/pyodide/workload.json`` (every game, records, links, saved games,
the computer), imports every module the engine's sources name (also the
imports inside functions, read from the sources here), raises an error
through to JavaScript (the worker's failure path), and lists every module
that came from the zip. The lean zip holds those files, copied from
Pyodide's own zip, without their comments and with empty docstrings
(``minify``: 0.48 MB instead of 0.76).

The Pyodide tests (``tests/test_pyodide.py``) run the same workload on the
lean zip, and the browser tests run the site on it: a module missing from
it fails the build (the trace fails) or the tests, never a visitor's page.

The trace takes 10-60 s, so its result (and the lean zip made from it) is
kept in ``.cache/stdlib/`` under a key made of everything it depends on
(the engine zip, the runtime's files, the workload and this script); the
build reuses it while none of them changes, and processes that need it at
once (a parallel test run on a fresh clone) wait for one trace.

    python -m sitebuild.stdlib_zip OUT.zip [--no-cache]    # prints the sizes and the modules
"""

from __future__ import annotations

import ast
import fcntl
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from sitebuild import pack_engine
from sitebuild.context import PYODIDE_DIR, ROOT

RUNNER = ROOT / "tests" / "pyodide" / "engine_check.mjs"
CHECK = ROOT / "tests" / "pyodide" / "check_engine.py"
# how the runner boots the runtime: the site's own boot module, through the Node side
BOOT = (ROOT / "site_assets" / "js" / "pyodide-boot.js", ROOT / "scripts" / "devkit" / "pyodide_node.mjs")
WORKLOAD = ROOT / "tests" / "pyodide" / "workload.json"
CACHE = ROOT / ".cache" / "stdlib"
TIMEOUT = 600   # seconds for the trace (10-20 s on a quiet machine)


class StdlibError(RuntimeError):
    """The lean standard library could not be made (the build fails)."""


def engine_imports() -> list[str]:
    """Every standard module the engine's shipped sources import, at any
    depth (``import x`` inside a function too), read from the sources."""
    names = set()
    for path in pack_engine.engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(n for n in names
                  if n.split(".")[0] in sys.stdlib_module_names and n != "__future__")


def workload() -> dict:
    """The workload: ``tests/pyodide/workload.json``'s settings, with its
    games made from the registry: a random game of each way of playing each
    game (``randomgame.played``, with the game's ``random_end``), and the
    bridge's checks of each game (its first way)."""
    from sharah_web import randomgame
    from sharah_web.variants import VARIANTS

    config = json.loads(WORKLOAD.read_text(encoding="utf-8"))
    config.pop("comment", None)
    budget, plies = config.pop("max_moves"), config.pop("bridge_plies")
    config["games"] = [{"variant": vid, "options": {**randomgame.end_options(vid), **options}, "seed": n,
                        "max_moves": budget}
                       for n, (_label, vid, options) in enumerate(randomgame.played(), 1)]
    config["bridge"] = [{"variant": cls.id, "options": next(iter(cls.played.values()), {}), "seed": n,
                         "plies": plies} for n, cls in enumerate(VARIANTS.values(), 1)]
    config["imports"] = engine_imports()
    return config


def run_check(engine_zip: Path, stdlib: Path | None = None, config: dict | None = None,
              timeout: float = TIMEOUT) -> dict:
    """Run the workload under Node (on ``stdlib``, or Pyodide's whole zip);
    the summary as a dict. Raises StdlibError when it cannot run or fails."""
    node = shutil.which("node")
    if node is None:
        raise StdlibError("node is not on PATH: it is needed to find the standard modules the engine uses")
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise StdlibError(f"{PYODIDE_DIR} lacks the Pyodide runtime: run bash scripts/setup.sh")
    cmd = [node, str(RUNNER), str(engine_zip), json.dumps(config if config is not None else workload())]
    if stdlib is not None:
        cmd += ["--stdlib", str(stdlib)]
    try:
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise StdlibError(f"the engine's workload took more than {timeout} s under Node") from exc
    if proc.returncode != 0:
        raise StdlibError(f"the engine's workload failed under Node (exit {proc.returncode}):\n"
                          f"{proc.stderr[-4000:]}")
    lines = proc.stdout.strip().splitlines()
    if not lines:
        raise StdlibError(f"the engine's workload printed nothing:\n{proc.stderr[-4000:]}")
    return json.loads(lines[-1])


def trace(engine_zip: Path) -> dict:
    """The workload on the whole standard library: the modules it loaded
    from the zip ({name: path in the zip}), Pyodide's boot ones apart."""
    summary = run_check(engine_zip)
    problems = []
    if summary.get("mismatch_count"):
        problems.append(f"{summary['mismatch_count']} mismatches in the engine's checks")
    if summary.get("engine_imports_failed"):
        problems.append(f"imports failed: {summary['engine_imports_failed']}")
    if summary.get("error_path") != "ok":
        problems.append(f"an error did not reach JavaScript as expected: {summary.get('error_path')}")
    if summary.get("network"):
        problems.append(f"the runtime reached the network: {summary['network']}")
    if problems:
        raise StdlibError("the trace of the engine's workload failed: " + "; ".join(problems))
    return {"boot": summary["boot_modules"], "modules": summary["stdlib_modules"],
            "pyodide_version": summary["pyodide_version"], "python": summary["python"]}


def _file_hash(*paths: Path) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def cache_key(engine: bytes) -> str:
    h = hashlib.sha256(engine)
    h.update(json.dumps(workload(), sort_keys=True).encode())   # made from the registry
    h.update(_file_hash(PYODIDE_DIR / "python_stdlib.zip", PYODIDE_DIR / "pyodide.asm.wasm",
                        PYODIDE_DIR / "pyodide.asm.mjs", PYODIDE_DIR / "pyodide.mjs",
                        RUNNER, *BOOT, CHECK, WORKLOAD, Path(__file__)).encode())
    return h.hexdigest()[:20]


def traced_modules(engine: bytes | None = None, use_cache: bool = True) -> dict:
    """The trace for this engine and runtime, from the cache when it is there."""
    engine = engine if engine is not None else pack_engine.engine_zip()
    key = cache_key(engine)
    cached = CACHE / f"{key}.json"
    CACHE.mkdir(parents=True, exist_ok=True)
    # one trace for the processes of a parallel test run: the others wait
    # for it and read its result (a trace is 20-60 processor-seconds)
    with open(CACHE / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)        # released as the file closes
        if use_cache and cached.is_file():
            try:
                return json.loads(cached.read_text(encoding="utf-8"))
            except ValueError:
                pass    # a broken cache file: trace again
        with tempfile.TemporaryDirectory(prefix="sharah-stdlib-") as tmp:
            path = Path(tmp) / "engine.zip"
            path.write_bytes(engine)
            result = trace(path)
        result["key"] = key
        tmpfile = cached.with_suffix(f".{os.getpid()}.tmp")     # never a half-written file to read
        tmpfile.write_text(json.dumps(result, indent=1, sort_keys=True), encoding="utf-8")
        tmpfile.replace(cached)
    return result


# Pyodide's own packages keep their sources as they are (their docstrings
# document the JavaScript API).
KEEP_AS_IS = ("_pyodide/", "pyodide/")


def minify(name: str, source: bytes) -> bytes:
    """The module's source without comments, and with every docstring
    emptied (``""``: a docstring is still there, as code that reads
    ``__doc__`` expects; the standard library also runs under ``-OO``,
    which drops them). Written back by ``ast.unparse``: 35 % smaller.
    A file this Python cannot parse (newer syntax) is kept as it is."""
    if name.startswith(KEEP_AS_IS) or not name.endswith(".py"):
        return source
    try:
        tree = ast.parse(source, filename=name)
    except (SyntaxError, ValueError):
        return source
    for doc in pack_engine.docstrings(tree):
        doc.value = ""
    return (ast.unparse(tree) + "\n").encode("utf-8")


def lean_zip(modules: dict, full: Path | None = None) -> bytes:
    """A zip of the given files ({module: path in the zip}) copied from
    Pyodide's whole zip, with each package's ``__init__.py`` up the tree.
    Deterministic: the same list gives the same bytes."""
    full = full or PYODIDE_DIR / "python_stdlib.zip"
    wanted = set()
    for path in modules.values():
        wanted.add(path)
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            wanted.add("/".join(parts[:i]) + "/__init__.py")
    buf = io.BytesIO()
    with zipfile.ZipFile(full) as src, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        names = set(src.namelist())
        missing = sorted(w for w in wanted if w not in names and not w.endswith("/__init__.py"))
        if missing:
            raise StdlibError(f"the trace names files that {full.name} lacks: {missing}")
        for name in sorted(w for w in wanted if w in names):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, minify(name, src.read(name)))
    return buf.getvalue()


def stdlib_zip(engine: bytes | None = None, use_cache: bool = True) -> tuple[bytes, dict]:
    """The lean zip's bytes and the trace it was made from. The zip is kept
    beside the trace (``.cache/stdlib/<key>.zip``: every build of a test run
    ships the same one)."""
    traced = traced_modules(engine, use_cache)
    key = traced.get("key")
    cached = CACHE / f"{key}.zip" if key else None
    if use_cache and cached is not None and cached.is_file():
        return cached.read_bytes(), traced
    data = lean_zip(traced["modules"])
    if cached is not None:
        tmpfile = cached.with_suffix(f".{os.getpid()}.ziptmp")
        tmpfile.write_bytes(data)
        tmpfile.replace(cached)
    return data, traced


def stdlib_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 1 or any(a not in ("--no-cache",) for a in argv if a.startswith("--")):
        print("usage: python -m sitebuild.stdlib_zip OUT.zip [--no-cache]", file=sys.stderr)
        return 2
    try:
        data, traced = stdlib_zip(use_cache="--no-cache" not in argv)
    except StdlibError as exc:
        print(f"stdlib_zip: {exc}", file=sys.stderr)
        return 1
    Path(args[0]).write_bytes(data)
    full = (PYODIDE_DIR / "python_stdlib.zip").read_bytes()
    print(f"{args[0]}: {len(data):,} bytes ({len(gzip.compress(data, 9)):,} gzipped), "
          f"{len(traced['modules'])} modules ({len(traced['boot'])} at Pyodide's boot); "
          f"Pyodide's whole python_stdlib.zip: {len(full):,} bytes ({len(gzip.compress(full, 9)):,} gzipped)")
    print("modules:", " ".join(sorted(traced["modules"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
