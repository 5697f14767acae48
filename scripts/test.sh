#!/usr/bin/env bash
# Install what is needed (Python packages, Pyodide, TypeScript, Chromium),
# then run every check and test:
#   1. the type check of the widget's JavaScript (tsc -p tsconfig.json:
#      site_assets/js and the service worker, JSDoc types, strict);
#   2. the lint of the Python (ruff, pyproject.toml: pyflakes and pycodestyle);
#   3. the JavaScript unit tests (node --test tests/js/), on fixtures the
#      engine writes first (tests/js/fixtures.py);
#   4. pytest: the engine tests, the engine inside Pyodide under Node, and
#      the browser tests in Chromium, split over SHARAH_TEST_WORKERS
#      processes (pytest-xdist; 2 by default: the browser tests mostly wait,
#      and the site is built once for all of them), a test module's tests
#      on one process, in order (pytest.ini: --dist loadfile, a module's
#      shared page is opened once; a test that hangs fails by name after
#      pytest.ini's timeout and ends the run).
# All of them always run. Extra arguments go to pytest, e.g.
#   bash scripts/test.sh -k oblong -x
#   bash scripts/test.sh -n 0 tests/test_core.py     (one process, no xdist)
# The last line sums up every part: "N passed, N failed" (the type check
# and the lint count as one each). SHARAH_CHROMIUM=/path/to/chromium picks
# another browser binary.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sharah_setup --browser || exit 1
cd "$SHARAH_ROOT"

passed=0
failed=0
parts=()

# ---- 0. the Python's bytecode, made meanwhile
# Every pytest process compiles the test modules (with pytest's assertion
# rewriting), the engine and the build's hooks from source when nothing is
# cached, and so does every Python process the tests start; where
# PYTHONDONTWRITEBYTECODE is set (it stops the writing, not the reading)
# they do so at every run. One collection that may write, started now, makes
# that bytecode while the type check and the unit tests run (they leave a
# core free): a pytest process then collects in half the time.
env -u PYTHONDONTWRITEBYTECODE "$SHARAH_VENV/bin/python" -m pytest --collect-only -q -n 0 \
    -p no:cacheprovider >/dev/null 2>&1 &
bytecode=$!
# cleanup: what the run leaves behind goes, whatever happened. It cannot
# fail: under set -e a failing command in an EXIT trap becomes the script's
# exit status (a collection that has ended makes kill fail).
scratch=()
cleanup() {
    kill "$bytecode" 2>/dev/null || true
    rm -rf "${scratch[@]}" || true
}
trap cleanup EXIT

# ---- 1. the type check
if [ ! -x node_modules/.bin/tsc ]; then
    echo "[test] error: node_modules/.bin/tsc is missing: run bash scripts/setup.sh (npm ci installs TypeScript)" >&2
    exit 1
fi
# check NAME HINT COMMAND...: run COMMAND, count it as one passed or failed
# part, and on failure print HINT (its lines) to stderr
check() {
    local name="$1" hint="$2"
    shift 2
    if "$@"; then
        passed=$((passed + 1))
        parts+=("$name passed")
    else
        failed=$((failed + 1))
        parts+=("$name FAILED")
        printf '%s\n' "$hint" >&2
    fi
}
echo "[test] type check: tsc -p tsconfig.json"
check "type check" "[test] the type check FAILED: the errors above are in the widget's JavaScript (JSDoc types,
[test] tsconfig.json); if contract.d.ts is stale, run: python scripts/contract_types.py" \
    node_modules/.bin/tsc -p tsconfig.json --pretty false

# ---- 2. the lint
check "lint" "[test] error: ruff check found problems (above)" "$SHARAH_VENV/bin/ruff" check --quiet

# ---- 3. the JavaScript unit tests, on fixtures written by the engine
echo "[test] JavaScript unit tests: python tests/js/fixtures.py; node --test tests/js/"
fixtures="$(mktemp -d "${TMPDIR:-/tmp}/sharah-js-fixtures.XXXXXX")"
tap="$(mktemp "${TMPDIR:-/tmp}/sharah-node-test.XXXXXX")"
log="$(mktemp "${TMPDIR:-/tmp}/sharah-pytest.XXXXXX")"
scratch=("$fixtures" "$tap" "$log")
n_passed=0
n_failed=0
if "$SHARAH_VENV/bin/python" tests/js/fixtures.py "$fixtures"; then
    set +e
    SHARAH_JS_FIXTURES="$fixtures" node --test --test-reporter=spec --test-reporter-destination=stdout \
        --test-reporter=tap --test-reporter-destination="$tap" tests/js/
    node_rc=$?
    set -e
    n_passed="$(grep -oE '^# pass [0-9]+' "$tap" | grep -oE '[0-9]+$' || echo 0)"
    n_failed="$(grep -oE '^# fail [0-9]+' "$tap" | grep -oE '[0-9]+$' || echo 0)"
    if [ "$node_rc" != 0 ] && [ "$n_failed" = 0 ]; then
        n_failed=1      # node --test stopped without a summary
    fi
else
    echo "[test] the JavaScript tests' fixtures could not be written (tests/js/fixtures.py failed above)" >&2
    n_failed=1
fi
passed=$((passed + n_passed))
failed=$((failed + n_failed))
parts+=("node --test ${n_passed} passed, ${n_failed} failed")

# ---- 4. pytest (its own summary line, then the counts read from it)
wait "$bytecode" || true     # (a collection that failed: pytest says why below)
color=()
[ -t 1 ] && color=(--color=yes)
set +e
"$SHARAH_VENV/bin/python" -m pytest "${color[@]}" -n "${SHARAH_TEST_WORKERS:-2}" "$@" 2>&1 | tee "$log"
rc="${PIPESTATUS[0]}"
set -e
if [ "$rc" = 5 ]; then
    echo "[test] error: pytest collected no tests" >&2
    exit 1
fi
summary="$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '(passed|failed|errors?|skipped|deselected|no tests ran).* in [0-9.]+s' | tail -n1 || true)"
count() { printf '%s' "$summary" | grep -oE "[0-9]+ $1" | grep -oE '^[0-9]+' || echo 0; }
p_passed="$(count passed)"; p_failed="$(count failed)"; p_errors="$(count 'errors?')"
if [ "$rc" != 0 ] && [ $((p_failed + p_errors)) = 0 ]; then
    p_errors=1      # pytest stopped without a summary (interrupted, internal error)
fi
passed=$((passed + p_passed))
failed=$((failed + p_failed + p_errors))
parts+=("pytest ${p_passed} passed, $((p_failed + p_errors)) failed")

echo "[test] $(IFS=';'; echo "${parts[*]}" | sed 's/;/; /g')"
echo "${passed} passed, ${failed} failed"
[ "$failed" = 0 ] && [ "$rc" = 0 ]
