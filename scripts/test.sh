#!/usr/bin/env bash
# Install what is needed (Python packages, Pyodide, Chromium), then lint with
# ruff (pyproject.toml) and run every test with pytest: the engine tests, the engine inside Pyodide under Node,
# and the browser tests in Chromium. Extra arguments go to pytest, e.g.
#   bash scripts/test.sh -k oblong -x
# SHARAH_CHROMIUM=/path/to/chromium picks another browser binary.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sharah_setup --browser || exit 1
cd "$SHARAH_ROOT"
# the lint first (pyproject.toml: pyflakes and pycodestyle), then the tests;
# both always run, and either failing fails the run
lint=0
"$SHARAH_VENV/bin/ruff" check --quiet || { lint=1; echo "[test] error: ruff check found problems (above)" >&2; }
rc=0
"$SHARAH_VENV/bin/python" -m pytest "$@" || rc=$?
if [ "$rc" = 5 ]; then
    echo "[test] error: pytest collected no tests" >&2
    exit 1
fi
[ "$rc" != 0 ] || rc=$lint
exit "$rc"
