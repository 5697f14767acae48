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
that came from the zip. The lean zip holds those files (and their packages'
``__init__``), and the site ships it, like the engine, as sourceless bytecode
that the same runtime compiles right after the workload, in the same process
(``bytecode.py``: why, and what is kept).

The Pyodide tests (``tests/test_pyodide.py``) run the same workload on the
zips the site ships, and the browser tests run the site on them: a module
missing from the lean zip, or bytecode of another Python, fails the build
(the trace fails; ``shipped`` checks each file's magic number) or the tests,
never a visitor's page.

The trace takes 10-60 s, so its result (the module list and both zips) is
kept in ``.cache/stdlib/`` under a key made of everything it depends on
(the engine's sources, the runtime's files, the workload and these
scripts); the build reuses it while none of them changes.

    python -m sitebuild.stdlib_zip OUT.zip [--no-cache]    # prints the sizes and the modules
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sitebuild import bytecode, pack_engine
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
              timeout: float = TIMEOUT, compile_to: Path | None = None) -> dict:
    """Run the workload under Node (on ``stdlib``, or Pyodide's whole zip;
    compiling to bytecode under ``compile_to`` after it); the summary as a
    dict. Raises StdlibError when it cannot run or fails."""
    node = shutil.which("node")
    if node is None:
        raise StdlibError("node is not on PATH: it is needed to find the standard modules the engine uses")
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise StdlibError(f"{PYODIDE_DIR} lacks the Pyodide runtime: run bash scripts/setup.sh")
    cmd = [node, str(RUNNER), str(engine_zip), json.dumps(config if config is not None else workload())]
    if stdlib is not None:
        cmd += ["--stdlib", str(stdlib)]
    if compile_to is not None:
        cmd += ["--compile", str(compile_to)]
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


def trace(engine_zip: Path, compile_to: Path) -> dict:
    """The workload on the whole standard library: the modules it loaded
    from the zip ({name: path in the zip}), Pyodide's boot ones apart; the
    engine and those modules compiled under ``compile_to`` (``engine/``,
    ``stdlib/``) by the same runtime."""
    summary = run_check(engine_zip, compile_to=compile_to)
    problems = []
    if summary.get("mismatch_count"):
        problems.append(f"{summary['mismatch_count']} mismatches in the engine's checks")
    if summary.get("engine_imports_failed"):
        problems.append(f"imports failed: {summary['engine_imports_failed']}")
    if summary.get("error_path") != "ok":
        problems.append(f"an error did not reach JavaScript as expected: {summary.get('error_path')}")
    if summary.get("network"):
        problems.append(f"the runtime reached the network: {summary['network']}")
    if not summary.get("compiled"):
        problems.append("nothing was compiled")
    if problems:
        raise StdlibError("the trace of the engine's workload failed: " + "; ".join(problems))
    return {"boot": summary["boot_modules"], "modules": summary["stdlib_modules"],
            "pyodide_version": summary["pyodide_version"], "python": summary["python"],
            "magic": summary["compiled"]["magic"]}


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
                        RUNNER, *BOOT, CHECK, WORKLOAD, Path(bytecode.__file__), Path(__file__)).encode())
    return h.hexdigest()[:20]


@dataclass(frozen=True)
class Shipped:
    """What the site ships of Python: both zips, as bytecode."""

    engine: bytes      # the engine (sharah_web/*.pyc)
    stdlib: bytes      # the lean standard library (*.pyc)
    traced: dict       # the trace they were made from: modules, runtime, magic number


def _read_cache(key: str) -> Shipped | None:
    paths = CACHE / f"{key}.json", CACHE / f"{key}.zip", CACHE / f"{key}.engine.zip"
    if not all(p.is_file() for p in paths):
        return None
    try:
        traced = json.loads(paths[0].read_text(encoding="utf-8"))
    except ValueError:
        return None     # a broken cache file: trace again
    return Shipped(engine=paths[2].read_bytes(), stdlib=paths[1].read_bytes(), traced=traced)


def _write_cache(key: str, shipped: Shipped) -> None:
    """Each file written whole, then renamed (the processes of a parallel
    test run may write it at once); the trace last, which marks it done."""
    CACHE.mkdir(parents=True, exist_ok=True)
    for suffix, data in ((".zip", shipped.stdlib), (".engine.zip", shipped.engine),
                         (".json", json.dumps(shipped.traced, indent=1, sort_keys=True).encode())):
        path = CACHE / f"{key}{suffix}"
        tmpfile = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmpfile.write_bytes(data)
        tmpfile.replace(path)


def shipped(engine: bytes | None = None, use_cache: bool = True) -> Shipped:
    """The engine (``engine``: its zip of sources, ``pack_engine``) and the
    lean standard library as the site ships them, from the cache when they
    are there; each zip checked to hold bytecode of the pinned runtime only."""
    engine = engine if engine is not None else pack_engine.engine_zip()
    key = cache_key(engine)
    made = _read_cache(key) if use_cache else None
    if made is None:
        with tempfile.TemporaryDirectory(prefix="sharah-stdlib-") as tmp:
            path, out = Path(tmp) / "engine.zip", Path(tmp) / "compiled"
            path.write_bytes(engine)
            out.mkdir()
            traced = trace(path, out)
            made = Shipped(engine=pack_engine.zip_folder(out / "engine"),
                           stdlib=pack_engine.zip_folder(out / "stdlib"), traced={**traced, "key": key})
        _write_cache(key, made)
    magic = bytes.fromhex(made.traced["magic"])
    for name, data in (("the engine zip", made.engine), ("the standard library zip", made.stdlib)):
        try:
            bytecode.check_magic(name, data, magic)
        except ValueError as exc:
            raise StdlibError(str(exc)) from None
    return made


def stdlib_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 1 or any(a not in ("--no-cache",) for a in argv if a.startswith("--")):
        print("usage: python -m sitebuild.stdlib_zip OUT.zip [--no-cache]", file=sys.stderr)
        return 2
    try:
        made = shipped(use_cache="--no-cache" not in argv)
    except StdlibError as exc:
        print(f"stdlib_zip: {exc}", file=sys.stderr)
        return 1
    data, traced = made.stdlib, made.traced
    Path(args[0]).write_bytes(data)
    full = (PYODIDE_DIR / "python_stdlib.zip").read_bytes()
    print(f"{args[0]}: {len(data):,} bytes ({len(gzip.compress(data, 9)):,} gzipped), "
          f"{len(traced['modules'])} modules ({len(traced['boot'])} at Pyodide's boot); "
          f"Pyodide's whole python_stdlib.zip: {len(full):,} bytes ({len(gzip.compress(full, 9)):,} gzipped); "
          f"the engine's bytecode: {len(made.engine):,} bytes (its sources: {len(pack_engine.engine_zip()):,})")
    print("modules:", " ".join(sorted(traced["modules"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
