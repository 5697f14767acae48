"""What the test run itself promises (pytest.ini, scripts/devkit/hangs.py):
a test that hangs fails by name, split over processes as scripts/test.sh
splits the run. A browser test waiting on a page whose renderer no longer
answers fails with its own traceback once the renderers are killed, and
the run goes on (if the test's teardown can: scripts/devkit/hangs.py);
any other hang has every stack written and ends the run. The modules are
handed out in tests/conftest.py's order (module_order)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from conftest import GUESS, ROOT, module_order

# a stand-in for a Chromium renderer that never answers: a child process
# with Chromium's renderer switch in its command line, waited on
WAITS_ON_A_RENDERER = """
import subprocess
import sys


def test_waits_on_a_renderer():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)", "--type=renderer"])
    child.wait()
"""
WAITS_FOREVER = """
import threading


def test_waits_forever():
    threading.Event().wait()
"""
PASSES = """
def test_passes():
    assert 1 + 1 == 2
"""


def run_with(tmp_path, hanging):
    (tmp_path / "test_a_hangs.py").write_text(textwrap.dedent(hanging))
    for name in ("b", "c", "d"):
        (tmp_path / f"test_{name}_passes.py").write_text(textwrap.dedent(PASSES))
    # the project's pytest.ini (its options and plugin) with a limit of 2 s
    # instead of its own; two processes, as scripts/test.sh runs
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pytest.ini"), "--rootdir", str(tmp_path),
         "-p", "no:cacheprovider", "-n", "2", "--timeout", "2", "."],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    return run.returncode, run.stdout + run.stderr


def test_a_test_waiting_on_a_dead_renderer_fails_by_name_and_the_run_goes_on(tmp_path):
    code, out = run_with(tmp_path, WAITS_ON_A_RENDERER)
    assert code == 1, out
    assert "test_a_hangs.py::test_waits_on_a_renderer ran past the limit of 2 s" in out, out
    assert "1 failed, 3 passed" in out, out
    assert "crashed" not in out, out


def test_any_other_hang_has_its_stacks_written_and_ends_the_run(tmp_path):
    code, out = run_with(tmp_path, WAITS_FOREVER)
    assert code == 1, out
    assert "+++ test_a_hangs.py::test_waits_forever still running after 2 s: every stack +++" in out, out
    assert "threading.Event().wait()" in out, out      # the test's own line, where it hung
    assert "crashed while running 'test_a_hangs.py::test_waits_forever'" in out, out
    assert "1 failed" in out, out


def test_the_modules_go_the_build_s_maker_first_then_those_without_it_then_the_rest_longest_first():
    modules = {                        # name: (tests, needs the build)
        "tests/browser/test_a.py": (5, True),
        "tests/browser/test_b.py": (30, True),
        "tests/browser/test_new.py": (4, True),    # not in the table: 4 x 6 s
        "tests/test_pyodide.py": (7, True),
        "tests/test_core.py": (300, False),
        "tests/test_search.py": (40, False),
        "tests/test_new.py": (100, False),         # not in the table: 100 x 0.05 s
    }
    table = {"tests/browser/test_a.py": 200.0, "tests/browser/test_b.py": 120.0,
             "tests/test_pyodide.py": 48.0, "tests/test_core.py": 4.0, "tests/test_search.py": 35.0,
             "tests/browser/test_gone.py": 500.0}
    assert GUESS == {"browser": 6.0, "": 0.05}
    assert module_order(modules, table) == [
        "tests/browser/test_a.py",                         # the longest that needs the build
        "tests/test_search.py", "tests/test_new.py", "tests/test_core.py",   # 35, 5, 4 s
        "tests/browser/test_b.py", "tests/test_pyodide.py", "tests/browser/test_new.py",   # 120, 48, 24 s
    ]
    # with no table at all, every figure is guessed
    assert module_order(modules, {})[:2] == ["tests/browser/test_b.py", "tests/test_core.py"]   # 180 s; 15 s


# stand-ins for what scripts/test.sh runs, so that the script itself runs
# in a second: setup.sh (nothing to install), the venv's python (pytest's
# summary as told by PYTEST_SAYS, its status by PYTEST_EXITS; the bytecode
# collection and the fixtures succeed), ruff and tsc (pass); node is the real one
STAND_INS = {
    "scripts/setup.sh": """
        SHARAH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
        SHARAH_VENV="$SHARAH_ROOT/.venv"
        sharah_setup() { :; }
        """,
    ".venv/bin/python": """
        #!/usr/bin/env bash
        case "$*" in
            *--collect-only*) exit 0 ;;
            *fixtures.py*) exit 0 ;;
        esac
        echo "$PYTEST_SAYS"
        exit "$PYTEST_EXITS"
        """,
    ".venv/bin/ruff": "#!/usr/bin/env bash\nexit 0\n",
    "node_modules/.bin/tsc": "#!/usr/bin/env bash\nexit 0\n",
    "tests/js/one.test.mjs": """
        import test from "node:test";
        test("one", () => {});
        """,
}


def run_test_sh(tmp_path, says, exits):
    for name, text in STAND_INS.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
        path.chmod(0o755)
    (tmp_path / "scripts/test.sh").write_text((ROOT / "scripts/test.sh").read_text())
    run = subprocess.run(["bash", "scripts/test.sh"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=60, stdin=subprocess.DEVNULL,
                         env={"PATH": "/usr/bin:/bin", "PYTEST_SAYS": says, "PYTEST_EXITS": str(exits)})
    return run.returncode, run.stdout.splitlines()[-1], run.stdout + run.stderr


def test_the_test_command_s_status_is_its_last_line(tmp_path):
    # every part passes: status 0 (an EXIT trap that failed made it 1 once)
    code, last, out = run_test_sh(tmp_path, "== 5 passed, 1 skipped in 3.00s ==", 0)
    assert (code, last) == (0, "8 passed, 0 failed"), out
    # a test fails: status 1, and the count says so
    code, last, out = run_test_sh(tmp_path, "== 1 failed, 4 passed in 3.00s ==", 1)
    assert (code, last) == (1, "7 passed, 1 failed"), out
    # pytest stopped without a summary: one failure
    code, last, out = run_test_sh(tmp_path, "INTERNALERROR", 3)
    assert (code, last) == (1, "3 passed, 1 failed"), out
