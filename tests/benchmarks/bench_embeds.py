"""Issue 37.4, the embedded hand and puzzle (`embed.html?show=...`): prints figures, asserts
nothing.

Target: a replay or puzzle frame is viewable within the bare MicroPython page's boot +
0.5 s (same run) and 0.5 MB gzip, and the bots' worker (Pyodide) loads only when a bot's
answer is needed.

For every game, the demo post's hand and puzzle (tools/demo_post.py: its deal, the first
hand, the hand opened after FIRST_SHOWN moves, the puzzle at the player's first choice),
each run alternating (so that a shared machine's load falls on all alike):
- bare-mpy: bench_split.py's bare page (PyScript + MicroPython, one `<script type="mpy">`);
- hand, puzzle: the frame's page opened on its own (storage allowed: PyScript's path);
- hand x-site, puzzle x-site (unless --no-cross-site): the same frame as a blog pastes it
  (ui/share/embeds.py iframe_code) in a page of another site (`localhost`; the game on
  127.0.0.1), where the browser blocks a frame's storage: embed.js then starts MicroPython
  itself (bootWithoutPyScript). Its time counts from the host page's navigation.
Served by bench_split.py's GzipServer (gzips as GitHub Pages does); bytes as gzip -6.

"Viewable": a hand when `body[data-app-state=ready]` and `#screen .review-counter` is
visible; a puzzle when `#screen .puzzle-ask` (the question, at the player's moves) is
visible; the bare page when its attribute is set.

Figures, each the median (and range) of the runs:
- desktop cold (a fresh 1280x860 context, no cache): seconds from navigation to viewable,
  the bare page's boot in the same run and game, and the difference (paired: the frame
  against the bare load just before it); the longest main-thread task to viewable; gzip
  bytes transferred until viewable and the 10 biggest files; requests with `pyodide` in
  their URL before viewable (the target: none) and in the --idle seconds after it (the
  frame left alone: none expected either); which boot path ran (pyscript or direct), and
  the boot steps' performance marks (`mpy-*` from static/js/mpy-files.js; `py-boot`,
  `py-engine`, `py-ui` from embed.js's boot script);
- an emulated phone (bench_split.py's phone_context: CPU 4x slower, 1.6 Mbit/s down,
  750 kbit/s up, 150 ms latency, 360x740) for bare-mpy, hand and puzzle of each game
  (--phone-games): the first visit on a fresh persistent profile, then a repeat visit
  (a reload: the HTTP cache, as the frame has no service worker).
The last table sets each figure against its target.

Usage: python tests/benchmarks/bench_embeds.py [runs]   (needs a built _site/; default 3)
       options: --no-phone, --no-cross-site, --phone-games ID,ID (default all),
       --idle S (default 2), --site DIR (another build), --trace
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
import bench_split  # noqa: E402
from bench_split import (  # noqa: E402
    BOOT_TIMEOUT,
    GAMES,
    LAUNCH_ARGS,
    MB,
    GzipServer,
    Transfers,
    attempt,
    desktop_load,
    long_tasks,
    med,
    median_or_none,
    page_url,
    phone_visits,
    print_biggest,
    start_gzip_server,
    verdict,
)
from browser.conftest import DESKTOP, start_server, system_chromium  # noqa: E402

import pygame_rules  # noqa: E402
from tools.demo_post import FIRST_SHOWN, first_hand, puzzle_move  # noqa: E402
from ui.share.embeds import frame_title, iframe_code, view_query  # noqa: E402

VIEWS = ("hand", "puzzle")
FRAME_KINDS = ("hand", "puzzle", "hand x-site", "puzzle x-site")
KINDS = ("bare-mpy", *FRAME_KINDS)
PHONE_KINDS = ("bare-mpy", "hand", "puzzle")
MORE_THAN_BARE = 0.5  # s: the target, over the bare MicroPython page's boot
MOST_BYTES = 0.5  # MB gzip
MARKS = ("mpy-files", "py-boot", "py-engine", "py-ui")

# Installed in every page and frame before its own scripts: long tasks and the moment the
# page is viewable (`ready`, as bench_split.py's wait_boot reads it), checked once per frame
# after the DOM changed (and every 100 ms: visibility may change with no mutation).
PROBE = """(() => {
  const W = (window.__bench = {
    origin: performance.timeOrigin, longTasks: [], ready: null, clickable: null,
    botsReady: null,
  });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) W.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { W.longTasks = null; }
  const show = new URLSearchParams(location.search).get("show");
  const shown = (el) => !!el && (el.checkVisibility
    ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0);
  const viewable = (body) => {
    if (body.hasAttribute("data-bench-ready")) return true;  // the bare page
    if (show === "hand")
      return body.dataset.appState === "ready"
        && shown(document.querySelector("#screen .review-counter"));
    if (show === "puzzle") return shown(document.querySelector("#screen .puzzle-ask"));
    return false;
  };
  const check = () => {
    const body = document.body;
    if (!body) return;
    const now = performance.now();
    if (W.ready === null && viewable(body)) W.ready = now;
    if (W.botsReady === null && body.matches("[data-bots=ready], [data-bots-ready]"))
      W.botsReady = now;
  };
  let queued = false;
  const frame = () => { queued = false; check(); };
  new MutationObserver(() => {
    if (!queued) { queued = true; requestAnimationFrame(frame); }
  }).observe(document, { subtree: true, childList: true, attributes: true });
  const timer = setInterval(() => {
    check();
    if (W.ready !== null || performance.now() > 300000) clearInterval(timer);
  }, 100);
})();"""

# Read in a viewable frame: its boot path and its performance marks (ms from navigation).
FRAME_FACTS = """() => ({
  path: document.querySelector("script[type=mpy]") ? "pyscript" : "direct",
  marks: Object.fromEntries(performance.getEntriesByType("mark")
    .map((m) => [m.name, m.startTime])),
})"""

# Read in a page once viewable: its marks and the requests it made (Resource Timing: the
# page's own, not a worker's), in ms from its navigation.
PAGE_STEPS = """() => ({
  ready: window.__bench.ready,
  marks: Object.fromEntries(performance.getEntriesByType("mark")
    .map((m) => [m.name, m.startTime])),
  requests: performance.getEntriesByType("resource").concat(
      performance.getEntriesByType("navigation"))
    .map((r) => [r.startTime, r.responseEnd, new URL(r.name).pathname]),
})"""

HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A blog post</title><link rel="icon" href="data:,"></head><body>
<h1>A blog post</h1>
{frame}
<p>The rest of the post.</p>
</body></html>"""


def embed_queries() -> dict[str, dict[str, str]]:
    """game -> view -> the demo post's query string for that frame."""
    queries: dict[str, dict[str, str]] = {}
    for game_id, _ in GAMES:
        session, start, stop = first_hand(game_id)
        at = puzzle_move(session, start, stop)
        queries[game_id] = {
            "hand": view_query(session, "hand", start, stop, FIRST_SHOWN),
            "puzzle": view_query(session, "puzzle", start, stop, at),
        }
    return queries


def write_hosts(folder: Path, base: str, queries: dict[str, dict[str, str]]) -> None:
    """A host page per frame, `host-GAME-VIEW.html`: the frame's pasted code, nothing else."""
    for game_id, views in queries.items():
        title = pygame_rules.get_game(game_id).title
        for view, query in views.items():
            code = iframe_code(base + "embed.html" + query, frame_title(title, view), view)
            (folder / f"host-{game_id}-{view}.html").write_text(HOST_PAGE.format(frame=code))


def pyodide_requests(transfers: Transfers, cut: float) -> tuple[list[str], list[str]]:
    """The URLs with `pyodide` in them requested up to `cut` (epoch ms), and after it.
    A request's start is the browser's own time when known, else when this script heard."""
    before, after = [], []
    for request, heard in list(transfers.requested):
        if "pyodide" not in request.url:
            continue
        began = heard
        with contextlib.suppress(Exception):
            if request.timing["startTime"] > 0:
                began = min(heard, request.timing["startTime"])
        (before if began <= cut else after).append(request.url)
    return before, after


def timeline(transfers: Transfers, origin: float, cut: float) -> list[tuple[float, float, str]]:
    """(start, end in s from `origin`, URL path) of every request finished by `cut` (epoch
    ms), by start."""
    found = []
    for request in list(transfers.finished):
        timing = request.timing
        if not request.url.startswith("http") or timing["responseEnd"] < 0:
            continue
        end = timing["startTime"] + timing["responseEnd"]
        if end <= cut + 10:
            path = urllib.parse.urlsplit(request.url).path
            found.append(((timing["startTime"] - origin) / 1e3, (end - origin) / 1e3, path))
    return sorted(found)


def inspector(idle: float) -> Any:
    """desktop_load's `inspect`: the boot path, the marks, Pyodide before and after."""

    def inspect(page: Page, transfers: Transfers, cut: float) -> dict[str, Any]:
        facts = page.evaluate(FRAME_FACTS)
        requests = timeline(transfers, page.evaluate("performance.timeOrigin"), cut)
        page.wait_for_timeout(idle * 1000)
        before, after = pyodide_requests(transfers, cut)
        return {**facts, "requests": requests, "pyodide": before, "pyodide_idle": after}

    return inspect


def phone_steps(page: Page) -> dict[str, Any]:
    """A phone's first visit, step by step: requests and marks in s, those done by viewable."""
    found = page.evaluate(PAGE_STEPS)
    ready = found["ready"]
    return {
        "in_frame": ready / 1000,
        "marks": {name: at for name, at in found["marks"].items() if at <= ready},
        "requests": sorted(
            (start / 1000, end / 1000, path)
            for start, end, path in found["requests"]
            if 0 < end <= ready
        ),
    }


def host_load(browser: Browser, server: GzipServer, host_url: str, idle: float) -> dict[str, Any]:
    """One cold load of a host page on another site: from its navigation until its frame is
    viewable; the frame's long tasks, the bytes, the boot path and marks, Pyodide."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        context.add_init_script(PROBE)
        transfers = Transfers(context, server)
        page = context.new_page()
        page.goto(host_url, wait_until="commit", timeout=BOOT_TIMEOUT)
        page.wait_for_selector("iframe", state="attached", timeout=BOOT_TIMEOUT)
        frame = None
        deadline = time.monotonic() + BOOT_TIMEOUT / 1000
        while frame is None or "embed.html" not in frame.url:
            frame = page.query_selector("iframe").content_frame()  # type: ignore[union-attr]
            if time.monotonic() > deadline:
                raise TimeoutError("the frame never loaded")
            time.sleep(0.02)
        frame.wait_for_function(
            "window.__bench && window.__bench.ready !== null",
            timeout=BOOT_TIMEOUT,
            polling=200,
        )
        host_origin = page.evaluate("performance.timeOrigin")
        frame_origin, ready = frame.evaluate("[performance.timeOrigin, window.__bench.ready]")
        cut = frame_origin + ready
        tasks = long_tasks(frame, ready)  # type: ignore[arg-type]  (a Frame evaluates too)
        files, later = transfers.before(cut)
        files = [f for f in files if not f[0].startswith("/host-")]  # the blog's own page
        facts = frame.evaluate(FRAME_FACTS)
        requests = timeline(transfers, frame_origin, cut)
        page.wait_for_timeout(idle * 1000)
        before, after = pyodide_requests(transfers, cut)
        return {
            "time": (cut - host_origin) / 1000,
            "in_frame": ready / 1000,
            "tasks": tasks,
            "files": files,
            "later": later,
            **facts,
            "requests": requests,
            "pyodide": before,
            "pyodide_idle": after,
        }
    finally:
        context.close()


def print_steps(kind: str, by_game: dict[str, list[Any]]) -> None:
    """The load of median time among `by_game`'s, step by step: its requests (start-end),
    its performance marks, viewable; in s from its page's navigation."""
    found = [(game, load) for game, loads in by_game.items() for load in loads if load]
    if not found:
        return
    found.sort(key=lambda item: item[1].get("in_frame", item[1].get("time", 0)))
    game, load = found[(len(found) - 1) // 2]
    viewable = load.get("in_frame", load.get("time", 0))
    print(f"  {kind}: {game}, viewable at {viewable:.2f} s")
    steps = [(start, f"{start:5.2f}-{end:5.2f}  {path}") for start, end, path in load["requests"]]
    steps += [
        (at / 1000, f"{at / 1000:5.2f}        mark {name}") for name, at in load["marks"].items()
    ]
    steps.append((viewable, f"{viewable:5.2f}        viewable"))
    for _, line in sorted(steps):
        print(f"    {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=3)
    parser.add_argument("--no-phone", action="store_true")
    parser.add_argument("--no-cross-site", action="store_true")
    parser.add_argument(
        "--phone-games",
        default=",".join(game for game, _ in GAMES),
        help="the games whose frames the phone opens (comma-separated ids)",
    )
    parser.add_argument("--idle", type=float, default=2.0, help="seconds left alone after viewable")
    parser.add_argument("--trace", action="store_true", help="print tracebacks of failures")
    parser.add_argument("--site", type=Path, help="the built site to measure (default _site/)")
    args = parser.parse_args()
    if args.site is not None:
        bench_split.SITE = args.site.resolve()
    site = bench_split.SITE
    if not (site / "embed.html").exists():
        sys.exit("no _site/: run `python3 tasks.py build` first")
    games = [game for game, _ in GAMES]
    phone_games = [g for g in args.phone_games.split(",") if g]
    if set(phone_games) - set(games):
        parser.error(f"--phone-games: the games are {games}")
    kinds = [k for k in KINDS if not (args.no_cross_site and "x-site" in k)]
    began = time.monotonic()
    queries = embed_queries()
    server, base = start_gzip_server()
    server.warm()
    hosts = tempfile.TemporaryDirectory(prefix="bench-embeds-host-")
    host_server, host_base = start_server(Path(hosts.name), "localhost")
    write_hosts(Path(hosts.name), base, queries)
    inspect = inspector(args.idle)
    # kind -> game -> loads (None: failed), in run order
    desk: dict[str, dict[str, list[Any]]] = {k: {g: [] for g in games} for k in KINDS}
    phone: dict[str, dict[str, list[Any]]] = {k: {g: [] for g in games} for k in PHONE_KINDS}
    print(
        f"bench_embeds: {args.runs} run(s), alternating {', '.join(kinds)} per game;"
        f" gzip server {base}, host site {host_base}; {os.cpu_count()} CPUs,"
        f" load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )

    def url_of(kind: str, game: str) -> str:
        if kind == "bare-mpy":
            return page_url(base, kind)
        if kind.endswith("x-site"):
            return f"{host_base}host-{game}-{kind.split()[0]}.html"
        return base + "embed.html" + queries[game][kind]

    try:
        with sync_playwright() as p:
            browser = None
            for run in range(1, args.runs + 1):
                for game in games:
                    for kind in kinds:
                        if browser is None or not browser.is_connected():
                            browser = p.chromium.launch(
                                executable_path=system_chromium(), args=LAUNCH_ARGS
                            )
                        label = f"run {run} desktop {kind:<13} {game}"
                        url = url_of(kind, game)
                        if kind.endswith("x-site"):
                            load = attempt(label, host_load, browser, server, url, args.idle)
                        else:
                            load = attempt(
                                label, desktop_load, browser, server, url, kind, PROBE, inspect
                            )
                        desk[kind][game].append(load)
                        if load:
                            print_load(label, load)
                if args.no_phone:
                    continue
                if browser is not None:
                    browser.close()  # one browser at a time on a loaded machine
                    browser = None
                for game in phone_games:
                    for kind in PHONE_KINDS:
                        label = f"run {run} phone {kind:<8} {game}"
                        url = url_of(kind, game)
                        visit = attempt(
                            label, phone_visits, p, url, kind, PROBE, False, phone_steps
                        )
                        phone[kind][game].append(visit)
                        if visit:
                            print(
                                f"  {label:<48} first {visit['first']:6.2f} s,"
                                f" repeat (reload) {visit['repeat']:6.2f} s",
                                flush=True,
                            )
            if browser is not None:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
        host_server.shutdown()
        host_server.server_close()
        hosts.cleanup()
    report(desk, phone, kinds, phone_games, args)
    print(
        f"\nwall time {time.monotonic() - began:.0f} s; load average now {os.getloadavg()[0]:.1f}"
    )


def print_load(label: str, load: dict[str, Any]) -> None:
    tasks = load["tasks"] or []
    marks = load.get("marks") or {}
    steps = " ".join(f"{m} {marks[m] / 1000:.2f}" for m in MARKS if m in marks)
    extra = ""
    if "path" in load:
        extra = (
            f"  {load['path']}; pyodide {len(load['pyodide'])} before,"
            f" {len(load['pyodide_idle'])} idle"
        )
    print(
        f"  {label:<48} {load['time']:6.2f} s  longest task {max(tasks, default=0):4.0f} ms"
        f"  {sum(f[2] for f in load['files']) / MB:6.3f} MB gzip ({len(load['files'])} files)"
        f"{extra}" + (f"\n{'':<52}marks (s): {steps}" if steps else ""),
        flush=True,
    )


def report(
    desk: dict[str, dict[str, list[Any]]],
    phone: dict[str, dict[str, list[Any]]],
    kinds: list[str],
    phone_games: list[str],
    args: argparse.Namespace,
) -> None:
    """The 10 biggest files and the boot marks of each kind, then the table of targets."""
    games = [game for game, _ in GAMES]

    def loads(kind: str, game: str | None = None) -> list[dict[str, Any]]:
        return [load for g in ([game] if game else games) for load in desk[kind][g] if load]

    print("\nbytes until viewable, 10 biggest files over all games (gzip as sent / raw, KB):")
    for kind in kinds:
        late = [load["later"] for load in loads(kind)]
        print(f"  {kind} (requests finished after that moment, per load: {late})")
        print_biggest(loads(kind))

    print("\nboot steps, desktop cold (s from the frame's navigation, median over all loads):")
    for kind in FRAME_KINDS:
        if kind not in kinds:
            continue
        found = loads(kind)
        cells = [
            f"{m} {med([load['marks'][m] / 1000 for load in found if m in load['marks']])}"
            for m in MARKS
        ]
        viewable = med([load.get("in_frame", load["time"]) for load in found])
        paths = sorted({load["path"] for load in found})
        print(f"  {kind:<13} ({'/'.join(paths)}): {', '.join(cells)}, viewable {viewable}")

    print(
        "\na frame's load of median time, step by step (s from the frame's navigation:"
        " requests start-end, performance marks, viewable):"
    )
    for kind in kinds:
        print_steps(kind, desk[kind])
    if not args.no_phone:
        print("\nthe same, a phone's first visit (Resource Timing: the page's own requests):")
        for kind in PHONE_KINDS:
            print_steps(
                kind,
                {
                    g: [v and v.get("inspected") for v in visits]
                    for g, visits in phone[kind].items()
                },
            )

    def paired(
        table: dict[str, dict[str, list[Any]]], kind: str, game: str, key: str
    ) -> list[float | None]:
        """The frame's figure less the bare page's of the same run and game."""
        return [
            None if frame is None or bare is None else frame[key] - bare[key]
            for frame, bare in zip(table[kind][game], table["bare-mpy"][game])
        ]

    rows: list[list[str]] = []

    def add(
        metric: str,
        values: list[Any],
        bare: list[Any] | None = None,
        diff: list[Any] | None = None,
        unit: str = "s",
        digits: int = 2,
        target: str = "",
        limit: float | None = None,
        judged: list[Any] | None = None,
    ) -> None:
        judge = median_or_none(judged if judged is not None else values)
        rows.append(
            [
                metric,
                med(values, unit, digits),
                "" if bare is None else med(bare, unit, digits),
                "" if diff is None else med(diff, unit, digits),
                target,
                verdict(judge, limit),
            ]
        )

    for kind in FRAME_KINDS:
        if kind not in kinds:
            continue
        for game in [*games, None]:
            diff = (
                paired(desk, kind, game, "time")
                if game
                else [d for g in games for d in paired(desk, kind, g, "time")]
            )
            add(
                f"desktop cold -> viewable, {kind}: {game or 'all games'}",
                [load["time"] for load in loads(kind, game)],
                [load["time"] for load in loads("bare-mpy", game)],
                diff,
                target=f"<= bare + {MORE_THAN_BARE} s",
                limit=MORE_THAN_BARE,
                judged=diff,
            )
    for kind in kinds:
        add(
            f"longest task to viewable, {kind}",
            [max(load["tasks"], default=0) for load in loads(kind) if load["tasks"] is not None],
            unit="ms",
            digits=0,
        )
    for kind in kinds:
        add(
            f"bytes to viewable (gzip), {kind}",
            [sum(f[2] for f in load["files"]) / MB for load in loads(kind)],
            unit="MB",
            digits=3,
            target=f"<= {MOST_BYTES} MB" if kind != "bare-mpy" else "",
            limit=MOST_BYTES if kind != "bare-mpy" else None,
        )
    for kind in FRAME_KINDS:
        if kind not in kinds:
            continue
        found = loads(kind)
        add(
            f"pyodide requests before viewable, {kind}",
            [len(load["pyodide"]) for load in found],
            unit="",
            digits=0,
            target="0 (max over loads)",
            limit=0,
            judged=[max((len(load["pyodide"]) for load in found), default=None)],
        )
        add(
            f"pyodide requests in {args.idle:g} s idle after, {kind}",
            [len(load["pyodide_idle"]) for load in found],
            unit="",
            digits=0,
        )
    if not args.no_phone:
        for key, name in (("first", "first visit"), ("repeat", "repeat visit (reload)")):
            for kind in VIEWS:
                for game in [*phone_games, None] if len(phone_games) > 1 else phone_games:
                    chosen = [game] if game else phone_games
                    diff = [d for g in chosen for d in paired(phone, kind, g, key)]
                    add(
                        f"phone {name} -> viewable, {kind}: {game or 'all games'}",
                        [v[key] for g in chosen for v in phone[kind][g] if v],
                        [v[key] for g in chosen for v in phone["bare-mpy"][g] if v],
                        diff,
                        target=f"(<= bare + {MORE_THAN_BARE} s)",
                        limit=MORE_THAN_BARE,
                        judged=diff,
                    )
    header = ["metric", "median (range)", "bare-mpy", "less bare (paired)", "target", ""]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    print(
        "\nTargets (desktop: 1280x860 headless Chromium, cold; MB = 10^6 bytes; median"
        " (min-max) over the runs; 'less bare': each load less the bare page's load of the"
        " same run and game, just before it)"
    )
    for row in [header, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    print(
        "x-site: the frame in a page of another site (storage blocked: MicroPython started"
        " by embed.js, no PyScript), timed from the host page's navigation"
    )
    if not args.no_phone:
        print(
            "phone: CPU 4x slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency, 360x740,"
            " fresh profile; the repeat visit is a reload (HTTP cache); the issue sets the"
            " phone no number of its own: bare + 0.5 s shown for comparison"
        )


if __name__ == "__main__":
    main()
