#!/usr/bin/env bash
# Install what is needed (Python packages, Pyodide, Chromium), then run every
# test with pytest: the engine tests, the engine inside Pyodide under Node,
# and the browser tests in Chromium. Extra arguments go to pytest, e.g.
#   bash scripts/test.sh -k oblong -x
# SHARAH_CHROMIUM=/path/to/chromium picks another browser binary.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sharah_setup --browser || exit 1
cd "$SHARAH_ROOT"
rc=0
"$SHARAH_VENV/bin/python" -m pytest "$@" || rc=$?
if [ "$rc" = 5 ]; then
    echo "[test] error: pytest collected no tests" >&2
    exit 1
fi
exit "$rc"
