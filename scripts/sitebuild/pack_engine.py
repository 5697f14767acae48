"""Pack the ``sharah_web`` package into a zip that Pyodide unpacks (all of it
but what only the site build, the scripts and the tests use: ``NOT_SHIPPED``).

Used by the site build (``stage.py``) and by the Pyodide test
under Node. The zip is deterministic: same sources, same bytes, same hash.

    python -m sitebuild.pack_engine OUT.zip
"""

from __future__ import annotations

import hashlib
import io
import sys
import zipfile
from pathlib import Path

from sitebuild.context import ROOT

PACKAGE = ROOT / "sharah_web"


# Only the site build (the ```sharah fence, in fence.py; the early answers,
# in early.py) and the scripts and tests (random games) use these: the
# browser never does.
NOT_SHIPPED = {"fence.py", "early.py", "randomgame.py"}


def engine_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts
                  and p.relative_to(PACKAGE).as_posix() not in NOT_SHIPPED)


def engine_zip() -> bytes:
    """The package's sources as zip bytes, paths starting ``sharah_web/``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in engine_files():
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def engine_hash(data: bytes | None = None) -> str:
    return hashlib.sha256(data if data is not None else engine_zip()).hexdigest()[:12]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m sitebuild.pack_engine OUT.zip")
    data = engine_zip()
    Path(sys.argv[1]).write_bytes(data)
    print(f"{sys.argv[1]}: {len(data)} bytes, {len(engine_files())} files, hash {engine_hash(data)}")
