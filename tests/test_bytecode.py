"""sharah_web.bytecode: the zips of bytecode the engine's worker makes on
the visitor's device (the browser side: tests/browser/test_kept_bytecode.py,
tests/js/bytecode.test.mjs). Here under CPython: a zip and a folder of
sources become zips of sourceless .pyc that import without the sources,
whose tracebacks name the source's file and line, made a file a step."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
import zipfile

from sharah_web.bytecode import HEADER, Compiler

MOD = textwrap.dedent('''\
    """A module."""
    VALUE = 41


    def fail():
        raise ValueError("from line 6")
''')


def test_sources_become_sourceless_bytecode_that_imports_and_names_its_lines(tmp_path):
    src_zip = tmp_path / "lib.zip"
    with zipfile.ZipFile(src_zip, "w") as zf:
        zf.writestr("zpkg/__init__.py", "from .mod import VALUE\n")
        zf.writestr("zpkg/mod.py", MOD)
        zf.writestr("zpkg/data.txt", "kept as it is")
    folder = tmp_path / "engine"
    (folder / "dpkg" / "__pycache__").mkdir(parents=True)
    (folder / "dpkg" / "__init__.py").write_text("")
    (folder / "dpkg" / "mod.py").write_text(MOD)
    (folder / "dpkg" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"left out")

    compiler = Compiler(str(src_zip), str(folder))
    steps = 1
    while not compiler.step(0.0):      # one file a step at least
        steps += 1
    assert steps == compiler.files == 5
    lib, engine = compiler.write(str(tmp_path / "out"))

    with zipfile.ZipFile(lib) as zf:
        assert sorted(zf.namelist()) == ["zpkg/__init__.pyc", "zpkg/data.txt", "zpkg/mod.pyc"]
        assert zf.read("zpkg/data.txt") == b"kept as it is"
        assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
        assert zf.read("zpkg/mod.pyc")[:16] == HEADER
        assert HEADER[:4] == importlib.util.MAGIC_NUMBER
    with zipfile.ZipFile(engine) as zf:
        assert sorted(zf.namelist()) == ["dpkg/__init__.pyc", "dpkg/mod.pyc"]
    unpacked = tmp_path / "unpacked"
    zipfile.ZipFile(engine).extractall(unpacked)

    # in a fresh interpreter, with no source anywhere on its path
    probe = textwrap.dedent(f'''\
        import sys, traceback
        sys.path[:0] = [{str(lib)!r}, {str(unpacked)!r}]
        import zpkg, zpkg.mod, dpkg.mod
        print(zpkg.VALUE, zpkg.mod.__file__.endswith(".pyc"), dpkg.mod.__file__.endswith(".pyc"))
        for mod in (zpkg.mod, dpkg.mod):
            try:
                mod.fail()
            except ValueError as exc:
                frame = traceback.extract_tb(exc.__traceback__)[-1]
                print(frame.filename, frame.lineno, frame.name)
    ''')
    out = subprocess.run([sys.executable, "-I", "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == [
        "41 True True",
        f"{src_zip}/zpkg/mod.py 6 fail",
        f"{folder}/dpkg/mod.py 6 fail",
    ]
