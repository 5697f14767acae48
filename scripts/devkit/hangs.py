"""A test that hangs fails by name instead of holding the run: a pytest
plugin (pytest.ini's ``-p devkit.hangs``); pytest-timeout gives the limit
(pytest.ini's ``timeout``) and calls these hooks in place of its own timer.

Past the limit, in two steps:

1. Chromium's renderers under this process are killed. A browser test
   waits on a page (Playwright gives ``page.evaluate`` no time limit); seen
   in a run: a renderer whose main thread waited forever, and the run with
   it until CI's own limit. Killed, the page's call raises ("Target
   crashed") and the test fails with its own traceback; the run goes on
   if the test's teardown can (checked by hand with a page in an endless
   loop on the warm desktop profile: its teardown then hung in turn, the
   profile's kept page killed too, and step 2 ended it, 92 s in all with
   a 30 s limit). The test is failed even if it then passes.
2. If the test has still not ended a minute later (or no renderer was
   there: a test of the engine in a loop), every thread's and greenlet's
   stack (the test's frame is in a greenlet under Playwright) is written
   to the process's standard error, where the run's log shows it even from
   an xdist process, and the process ends with every process under it:
   the run reports "worker crashed while running <test>" and ends
   (pytest.ini: no restart).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import traceback
from pathlib import Path

import pytest

GRACE = 60      # s between the two steps
# the process's own standard error, taken when pytest loads the plugin,
# before it captures fd 2 (an xdist process's goes to the run's own)
_STDERR = os.dup(2)


def descendants(pid: int) -> list[int]:
    """Every live process under ``pid`` (/proc's children of each of its
    threads), parents before their children."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            for task in Path(f"/proc/{p}/task").iterdir():
                children = [int(c) for c in (task / "children").read_text().split()]
                out += children
                todo += children
        except (OSError, ValueError):
            continue
    return out


def _renderers() -> list[int]:
    found = []
    for pid in descendants(os.getpid()):
        try:
            if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


def _stacks() -> str:
    parts = [f"--- thread {ident}\n" + "".join(traceback.format_stack(frame))
             for ident, frame in sys._current_frames().items()]
    greenlet = sys.modules.get("greenlet")
    if greenlet is not None:
        parts += ["--- greenlet\n" + "".join(traceback.format_stack(g.gr_frame))
                  for g in gc.get_objects() if isinstance(g, greenlet.greenlet) and g.gr_frame is not None]
    return "\n".join(parts)


def _kill(pids) -> list[int]:
    killed = []
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        except OSError:
            pass
    return killed


def _expired(item, seconds: float, ended: threading.Event) -> None:
    item._hung = seconds
    killed = _kill(_renderers())
    if killed and ended.wait(GRACE):
        return
    try:
        os.write(_STDERR, (f"\n+++ {item.nodeid} still running after {seconds:g} s"
                           f"{f' ({len(killed)} renderers killed {GRACE} s ago)' if killed else ''}: "
                           f"every stack +++\n{_stacks()}\n+++ ending the process +++\n").encode())
    finally:
        # what runs under it first (Playwright's driver, the browsers): they
        # hold the process's end of xdist's channel, which must close for
        # the run to see the process gone
        _kill(reversed(descendants(os.getpid())))
        os._exit(1)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item, settings):
    ended = threading.Event()
    timer = threading.Timer(settings.timeout, _expired, (item, settings.timeout, ended))
    timer.daemon = True
    timer.name = f"timeout {item.nodeid}"
    item._hang_timer = (timer, ended)
    timer.start()
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_cancel_timer(item):
    """Nothing: pytest-timeout also cancels when a test fails
    (``pytest_exception_interact``), and a test whose page was killed
    then hung in its teardown with no timer left; the timer ends with the
    test's whole protocol instead (below)."""
    return True


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    yield
    timer, ended = getattr(item, "_hang_timer", (None, None))
    if timer is not None:
        ended.set()
        timer.cancel()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    seconds = getattr(item, "_hung", None)
    if seconds is not None and not report.failed:
        item._hung = None
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} ran past the limit of {seconds:g} s (pytest.ini's timeout): "
                           "Chromium's renderers under this process were killed to end it")
