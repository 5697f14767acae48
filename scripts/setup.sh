#!/usr/bin/env bash
# Install what the project needs; safe to run again, quick when nothing changed.
#
#   bash scripts/setup.sh [--browser]        # run it on its own
#   source scripts/setup.sh; sharah_setup [--browser]   # from another script
#
# - .venv: a virtual environment with requirements.txt installed, and the
#   engine and the build (pyproject.toml) installed editable; pip runs only
#   when one of those files (or the Python version) changed since the last
#   install (stamp file .venv/.sharah-requirements).
# - node_modules: `npm ci` (Pyodide; axe-core and TypeScript for the tests;
#   pinned in package.json/package-lock.json) only when package.json or
#   package-lock.json changed since the last install (stamp file
#   node_modules/.sharah-lock), or the runtime or the type checker is missing.
# - --browser: a Chromium for the browser tests. $SHARAH_CHROMIUM if set,
#   else Debian's headless shell (/usr/bin/chromium-headless-shell, as
#   scripts/devkit/chromium.py says), else /usr/bin/chromium; the shell is installed with
#   apt-get when neither is there and running as root. Exports
#   SHARAH_CHROMIUM with the path found.
#
# Environment: SHARAH_PYTHON (python3 by default) makes the venv;
# SHARAH_CHROMIUM points at another Chromium binary.
# After sharah_setup, .venv/bin is first on PATH and VIRTUAL_ENV is set.

SHARAH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARAH_VENV="$SHARAH_ROOT/.venv"

_say() { printf '[setup] %s\n' "$*" >&2; }
_fail() { printf '[setup] error: %s\n' "$*" >&2; return 1; }
_is_root() { [ "$(id -u)" = 0 ]; }
_sha256() { sha256sum "$@" | cut -d' ' -f1 | tr -d '\n'; }

# apt-get, waiting for the dpkg lock if another install is running.
_apt() {
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -y "$@"
}
_apt_updated=""
_apt_install() {
    if [ -z "$_apt_updated" ]; then
        _say "apt-get update"
        _apt -q update >&2 || return 1
        _apt_updated=1
    fi
    _say "apt-get install $*"
    _apt -q install --no-install-recommends "$@" >&2
}

_setup_venv() {
    local py="${SHARAH_PYTHON:-python3}"
    command -v "$py" >/dev/null 2>&1 || _fail "$py not found: install Python 3.11 or newer" || return 1
    "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || _fail "$("$py" --version 2>&1) is too old: Python 3.11 or newer is needed" || return 1

    if [ -e "$SHARAH_VENV" ] && ! "$SHARAH_VENV/bin/python" -m pip --version >/dev/null 2>&1; then
        _say ".venv is broken (no working python or pip); making it again"
        rm -rf "$SHARAH_VENV"
    fi
    if [ ! -x "$SHARAH_VENV/bin/python" ]; then
        _say "creating .venv with $("$py" --version 2>&1)"
        if ! "$py" -m venv "$SHARAH_VENV" >/dev/null 2>&1; then
            rm -rf "$SHARAH_VENV"
            local ver
            ver="$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
            if _is_root && command -v apt-get >/dev/null 2>&1; then
                _say "'$py -m venv' failed: installing python3-venv"
                _apt_install python3-venv || _apt_install "python${ver}-venv" \
                    || _fail "could not install python3-venv" || return 1
                "$py" -m venv "$SHARAH_VENV" \
                    || { rm -rf "$SHARAH_VENV"; _fail "'$py -m venv .venv' still fails"; return 1; }
            else
                _fail "'$py -m venv' does not work. On Debian/Ubuntu install the venv module:
    sudo apt-get install python3-venv      (or python${ver}-venv)
then run this again." || return 1
            fi
        fi
    fi

    local stamp="$SHARAH_VENV/.sharah-requirements" want
    want="$(_sha256 "$SHARAH_ROOT/requirements.txt" "$SHARAH_ROOT/pyproject.toml" | tr -d ' ') $("$SHARAH_VENV/bin/python" -c 'import sys; print(sys.version.split()[0])')"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
        _say "python packages: up to date"
    else
        _say "installing python packages (requirements.txt) and the engine (pyproject.toml, editable)"
        rm -f "$stamp"
        "$SHARAH_VENV/bin/python" -m pip install --disable-pip-version-check --no-input -q \
            -r "$SHARAH_ROOT/requirements.txt" || _fail "pip install -r requirements.txt failed" || return 1
        "$SHARAH_VENV/bin/python" -m pip install --disable-pip-version-check --no-input -q --no-deps \
            -e "$SHARAH_ROOT" || _fail "pip install -e . failed" || return 1
        printf '%s\n' "$want" > "$stamp"
    fi
}

_setup_node() {
    command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 \
        || _fail "node and npm are needed (Node 18 or newer; on Debian: apt-get install nodejs npm)" || return 1
    node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' \
        || _fail "node $(node --version) is too old: Node 18 or newer is needed" || return 1

    local stamp="$SHARAH_ROOT/node_modules/.sharah-lock" want pinned installed=""
    want="$(_sha256 "$SHARAH_ROOT/package.json" "$SHARAH_ROOT/package-lock.json" | tr -d ' ')"
    pinned="$(node -p 'require(process.argv[1]).dependencies.pyodide' "$SHARAH_ROOT/package.json")"
    if [ -f "$SHARAH_ROOT/node_modules/pyodide/package.json" ]; then
        installed="$(node -p 'require(process.argv[1]).version' "$SHARAH_ROOT/node_modules/pyodide/package.json")"
    fi
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ "$installed" = "$pinned" ] \
            && [ -f "$SHARAH_ROOT/node_modules/pyodide/pyodide.asm.wasm" ] \
            && [ -x "$SHARAH_ROOT/node_modules/.bin/tsc" ]; then
        _say "node packages: up to date (pyodide $installed)"
    else
        _say "installing node packages (npm ci: pyodide $pinned)"
        (cd "$SHARAH_ROOT" && npm ci --no-audit --no-fund --no-update-notifier --loglevel=error >&2) \
            || _fail "npm ci failed" || return 1
        installed="$(node -p 'require(process.argv[1]).version' "$SHARAH_ROOT/node_modules/pyodide/package.json")"
        [ "$installed" = "$pinned" ] || _fail "npm installed pyodide $installed, package.json pins $pinned" || return 1
        printf '%s\n' "$want" > "$stamp"
    fi
}

_setup_chromium() {
    local path=""
    if [ -n "${SHARAH_CHROMIUM:-}" ]; then
        path="$(command -v -- "$SHARAH_CHROMIUM" 2>/dev/null || true)"
        [ -n "$path" ] && [ -f "$path" ] && [ -x "$path" ] \
            || _fail "SHARAH_CHROMIUM=$SHARAH_CHROMIUM is not an executable file" || return 1
        case "$path" in /*) ;; *) path="$PWD/$path" ;; esac
    else
        local c
        for c in ${_SHARAH_CHROMIUM_CANDIDATES:-/usr/bin/chromium-headless-shell /usr/bin/chromium chromium chromium-browser}; do
            path="$(command -v -- "$c" 2>/dev/null || true)"
            [ -n "$path" ] && break
        done
        if [ -z "$path" ]; then
            if _is_root && command -v apt-get >/dev/null 2>&1; then
                _say "Chromium is missing: installing the Debian package chromium-headless-shell"
                _apt_install chromium-headless-shell || _fail "apt-get install chromium-headless-shell failed" || return 1
                path=/usr/bin/chromium-headless-shell
            else
                _fail "the browser tests need Chromium, which is not installed. Either:
    sudo apt-get install chromium-headless-shell   (Debian; or chromium)
or point SHARAH_CHROMIUM at a Chromium or Chrome binary:
    SHARAH_CHROMIUM=/path/to/chrome bash scripts/test.sh
(Playwright cannot download its own browsers here.)" || return 1
            fi
        fi
    fi
    local version
    version="$("$path" --version 2>/dev/null | head -n1)" \
        || _fail "$path --version failed: is it a Chromium binary?" || return 1
    export SHARAH_CHROMIUM="$path"
    _say "chromium: $path (${version:-unknown version})"
}

sharah_setup() {
    local browser="" arg
    for arg in "$@"; do
        case "$arg" in
            --browser) browser=1 ;;
            -h|--help) sed -n '2,/^$/p' "$SHARAH_ROOT/scripts/setup.sh" | sed 's/^# \{0,1\}//'; return 0 ;;
            *) _fail "unknown option $arg (known: --browser)"; return 1 ;;
        esac
    done

    # One install at a time (serve.sh and test.sh may start together).
    local lockfd="" lockfile
    lockfile="${TMPDIR:-/tmp}/sharah-setup-$(printf '%s' "$SHARAH_ROOT" | _sha256).lock"
    if command -v flock >/dev/null 2>&1 && { exec {lockfd}>>"$lockfile"; } 2>/dev/null; then
        flock "$lockfd" || true
    else
        lockfd=""
    fi
    local rc=0
    _setup_venv && _setup_node && { [ -z "$browser" ] || _setup_chromium; } || rc=1
    if [ -n "$lockfd" ]; then
        exec {lockfd}>&-
    fi
    [ "$rc" = 0 ] || return 1

    export VIRTUAL_ENV="$SHARAH_VENV"
    case ":$PATH:" in
        *":$SHARAH_VENV/bin:"*) ;;
        *) export PATH="$SHARAH_VENV/bin:$PATH" ;;
    esac
    unset PYTHONHOME
}

# Run directly: do the setup.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    sharah_setup "$@"
fi
