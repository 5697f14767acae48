"""Staging: the site's files that do not come from docs/.

- the widget (``site_assets/js``, ``css``, ``img`` as ``assets/sharah/``;
  ``site_assets/overrides`` is the theme's ``custom_dir`` and
  ``site_assets/sw`` the service worker's source (offline.py), not copied),
  with the build's names written into its scripts;
- the site's own copy of the Pyodide runtime (from ``node_modules/pyodide``,
  as ``assets/pyodide/``);
- the engine zip (``assets/sharah/engine-<hash>.zip``, named by its content
  hash) and the lean standard library (``assets/pyodide/stdlib-<hash>.zip``,
  which the worker passes as loadPyodide's ``stdLibURL``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from . import pack_engine, stdlib_zip
from .context import ASSETS, PYODIDE_DEST, PYODIDE_DIR, ROOT, VERSION_PLACEHOLDER, BuildContext
from .head import HEAD_SCRIPT

log = logging.getLogger("mkdocs.hooks.sharah")

# What loadPyodide() fetches when no package is loaded: the module, the
# Emscripten glue, the wasm binary, the standard library and the lock file.
# The standard library is not Pyodide's whole python_stdlib.zip but the lean
# one stdlib_zip.py makes.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_SHIPPED = tuple(n for n in PYODIDE_FILES if n != "python_stdlib.zip")
ENGINE_PLACEHOLDER = "__SHARAH_ENGINE_ZIP__"
STDLIB_PLACEHOLDER = "__SHARAH_STDLIB_ZIP__"


def _add(files: Files, file: File) -> None:
    old = files.get_file_from_path(file.src_uri)
    if old is not None:
        files.remove(old)
    files.append(file)


def stage_runtime(files: Files, config) -> None:
    """The Pyodide runtime, from the npm package."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_DIR / name).is_file()]
    if missing:
        raise PluginError(
            f"the Pyodide runtime is missing ({PYODIDE_DIR} lacks {', '.join(missing)}): "
            f"run bash scripts/setup.sh (it installs pyodide with npm ci)")
    for name in PYODIDE_SHIPPED:
        if name == "pyodide-lock.json":
            continue
        _add(files, File.generated(config, f"{PYODIDE_DEST}/{name}", abs_src_path=str(PYODIDE_DIR / name)))
    # The lock file lists the 357 packages of Pyodide's distribution, which
    # the site never loads (it ships none of them): only its "info" is kept
    # (119 KB -> 0.1 KB; 27 KB less on the wire, gzipped).
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    _add(files, File.generated(config, f"{PYODIDE_DEST}/pyodide-lock.json",
                               content=json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True)))


def stage_engine(files: Files, config, ctx: BuildContext) -> tuple[bytes, bytes]:
    """The engine zip and the lean standard library; returns both."""
    data = pack_engine.engine_zip()
    ctx.engine_name = f"engine-{pack_engine.engine_hash(data)}.zip"
    _add(files, File.generated(config, f"{ASSETS}/{ctx.engine_name}", content=data))
    # the lean standard library: traced from the engine's workload (cached
    # in .cache/stdlib/ while the engine and the runtime do not change)
    try:
        stdlib, traced = stdlib_zip.stdlib_zip(data)
    except stdlib_zip.StdlibError as exc:
        raise PluginError(f"the lean standard library could not be made: {exc}") from None
    ctx.stdlib_name = f"stdlib-{stdlib_zip.stdlib_hash(stdlib)}.zip"
    _add(files, File.generated(config, f"{PYODIDE_DEST}/{ctx.stdlib_name}", content=stdlib))
    log.info("standard library: %s, %d modules, %d bytes", ctx.stdlib_name, len(traced["modules"]), len(stdlib))
    return data, stdlib


# A widget module imports its siblings plainly (``from "./board.js"``, or
# ``import("./computer.js")`` on a line of its own, which the type checker
# and Node's test runner resolve); the build stamps each of those imports
# with the build (``"./board.js?v=<build>"``), so that every module is
# loaded once and a new build is never mixed with a cached old one.
SIBLING_IMPORT = re.compile(r"""^(\s*import\(\s*|import\s*|(?:import|export)\b[^"';]*?\bfrom\s*)(["'])(\./[\w-]+\.m?js)\2""",
                            re.M)


def stamp_imports(text: str, build: str) -> str:
    """``text`` (a widget module) with its sibling imports stamped with ``build``."""
    return SIBLING_IMPORT.sub(lambda m: f"{m[1]}{m[2]}{m[3]}?v={build}{m[2]}", text)


def stage_widget(files: Files, config, ctx: BuildContext, engine: bytes, stdlib: bytes) -> None:
    """The widget's files; sets the build's version (``ctx.build``), the
    hash of everything the widget runs."""
    assets = ROOT / "site_assets"
    sources = sorted(p for p in assets.rglob("*") if p.is_file() and not p.name.startswith(".")
                     and p.relative_to(assets).parts[0] not in ("overrides", "sw")  # the theme's templates;
                     and p.suffix != ".md"        # the service worker (offline.py); notes for developers;
                     and not p.name.endswith(".d.ts")    # types for the type checker;
                     and p != HEAD_SCRIPT)                # inlined in the pages' heads (head.py)
    ctx.build = hashlib.sha256(engine + stdlib + (assets / "sw" / "sw.js").read_bytes()
                               + b"".join(p.read_bytes() for p in sources
                                          if p.suffix in (".js", ".mjs"))).hexdigest()[:12]
    for path in sources:
        rel = path.relative_to(assets).as_posix()
        if rel.startswith("js/") and path.suffix in (".js", ".mjs"):
            text = path.read_text(encoding="utf-8")
            text = (stamp_imports(text, ctx.build).replace(ENGINE_PLACEHOLDER, ctx.engine_name)
                    .replace(VERSION_PLACEHOLDER, ctx.build).replace(STDLIB_PLACEHOLDER, ctx.stdlib_name))
            _add(files, File.generated(config, f"{ASSETS}/{rel}", content=text))
        else:
            _add(files, File.generated(config, f"{ASSETS}/{rel}", abs_src_path=str(path)))


def stage(files: Files, config, ctx: BuildContext) -> Files:
    stage_runtime(files, config)
    engine, stdlib = stage_engine(files, config, ctx)
    stage_widget(files, config, ctx, engine, stdlib)
    return files
