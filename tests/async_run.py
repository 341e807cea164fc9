"""asyncio.run for CPython tests that may share a process with browser tests."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """asyncio.run in a thread of its own: a browser test earlier in the same test process
    (pytest-xdist runs both kinds in each worker) leaves Playwright's sync-API event loop
    marked as running in the main thread, where asyncio.run refuses to start."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
