"""Bytecode made on the visitor's device: the engine and the lean standard
library compiled to sourceless ``.pyc`` by the runtime that will run them.

The site ships Python source (bytecode would not fit the first visit's
bytes). Compiling that source is most of a boot: Pyodide's own start-up
imports most of the standard library zip, then the worker imports the
engine. So once a worker is up and the visitor is reading, it compiles
both here, a few files a step (``Compiler.step``: a request never waits
behind the whole of it), and keeps the two zips in the browser's Cache
Storage (``site_assets/js/engine-worker.js``); every later boot on this
device starts on them.

A ``.pyc`` here is the runtime's magic number, flags 0 and eight zero
bytes (a sourceless file's timestamp and size are never checked), then the
marshalled code, compiled as the file the source would have been (a
module of the standard library inside the runtime's zip of it, an engine
module under the folder the engine is unpacked into): a traceback names
the same file and line. The zips are stored, not
deflated: they are read at every boot and never cross the network.

Pure standard library (``compile``, ``marshal``, ``zipfile``), so the
tests run it under CPython too.
"""

from __future__ import annotations

import io
import marshal
import os
import sys
import time
import zipfile
from importlib.util import MAGIC_NUMBER

HEADER = MAGIC_NUMBER + bytes(16 - len(MAGIC_NUMBER))


def pyc(source: bytes, filename: str) -> bytes:
    """``source`` as a sourceless ``.pyc`` whose code names ``filename``."""
    return HEADER + marshal.dumps(compile(source, filename, "exec", dont_inherit=True))


def zip_sources(zf: zipfile.ZipFile, path: str) -> list[tuple[str, str, object]]:
    """The files of the zip ``zf`` (open, at ``path``): (name in the zip, the
    file name its code names, a reader of its bytes)."""
    return [(i.filename, f"{path}/{i.filename}", lambda name=i.filename: zf.read(name))
            for i in zf.infolist() if not i.is_dir()]


def dir_sources(root: str) -> list[tuple[str, str, object]]:
    """The files under the folder ``root`` (``__pycache__`` left out), as
    ``zip_sources`` gives them."""
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = os.path.join(folder, name)

            def read(path=path) -> bytes:
                with open(path, "rb") as f:
                    return f.read()
            out.append((os.path.relpath(path, root).replace(os.sep, "/"), path, read))
    return out


class Compiler:
    """Zips of bytecode, one for each source (a zip's path or a folder's),
    made a few files at a time: ``step(seconds)`` until it says it is done,
    then ``write(folder)``. A ``.py`` becomes its ``.pyc``; any other
    file is kept as it is."""

    def __init__(self, *sources: str):
        self._todo = []
        self._out = []
        self._open = []
        for index, source in enumerate(sources):
            if os.path.isdir(source):
                files = dir_sources(source)
            else:
                self._open.append(zipfile.ZipFile(source))
                files = zip_sources(self._open[-1], source)
            self._out.append(io.BytesIO())
            self._todo.extend((index, *f) for f in files)
        self._todo.reverse()
        self._zips = [zipfile.ZipFile(b, "w", zipfile.ZIP_STORED) for b in self._out]
        self.files = 0

    def step(self, seconds: float = 0.03) -> bool:
        """Compile files for about ``seconds`` (one at least); whether all
        are done."""
        end = time.perf_counter() + seconds
        while self._todo:
            index, name, filename, read = self._todo.pop()
            data = read()
            if name.endswith(".py"):
                name, data = name + "c", pyc(data, filename)
            self._zips[index].writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
            self.files += 1
            if time.perf_counter() >= end:
                break
        return not self._todo

    def write(self, folder: str) -> list[str]:
        """Finish (every step done) and write the zips into ``folder``, as
        ``0.zip``, ``1.zip``... in the order of the sources; their paths."""
        while not self.step(60.0):
            pass
        for zf in self._open:
            zf.close()
        os.makedirs(folder, exist_ok=True)
        paths = []
        for index, (zf, buffer) in enumerate(zip(self._zips, self._out)):
            zf.close()
            path = os.path.join(folder, f"{index}.zip")
            with open(path, "wb") as f:
                f.write(buffer.getvalue())
            paths.append(path)
        return paths


def stdlib_zip() -> str:
    """The path of the standard library's zip on ``sys.path`` (Pyodide's
    ``/lib/python3XY.zip``)."""
    return next(p for p in sys.path if p.endswith(".zip") and os.path.isfile(p))
