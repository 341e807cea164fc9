#!/usr/bin/env python3
"""A lean python_stdlib.zip for the Pyodide worker: only the modules it imports, as .pyc.

Pyodide's python_stdlib.zip holds the whole standard library as sources (about 2.5 MB),
and every module the worker imports is compiled at each boot. `build_lean_stdlib` boots
Pyodide in Node (tools/pyodide_stdlib.mjs) the way a PyScript worker does: the full
stdlib, the app's packages unpacked into the cwd from a .zip and a .tar.gz (PyScript's
`[files]`), PyScript's own bootstrap (which writes and imports the `pyscript` package),
then the worker's imports and a safety margin (`SAFETY_MARGIN`), some error paths
(tracebacks in Python and across to JavaScript, an asyncio task failing). Every module
zipimport loaded from the stdlib zip, Pyodide's own `pyodide` and `_pyodide` included,
is compiled by Pyodide's Python (so the magic number matches) to an unchecked
hash-based .pyc where its .py was (`json/__init__.pyc`), and written to `out_zip`.
Then (`verify=True`) a fresh Pyodide boots with the lean zip, runs the same steps and
fails if any module of the full stdlib was asked for and missing.

The browser picks the lean zip up by name: PyScript loads Pyodide with `indexURL` only,
and Pyodide fetches `${indexURL}python_stdlib.zip`. Stdlib only (tasks.py runs it before
anything is installed); needs Node 20+ and the `pyodide` and `@pyscript/core` npm packages.

    python3 tools/pyodide_stdlib.py OUT.zip --import pygame_rules --import pygame_rules.bots \
        --path pygame_rules
    python3 tools/pyodide_stdlib.py --check OUT.zip --import ... --path ...   # boot timings
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pygame_rules import GAME_IDS, module_name

HELPER = Path(__file__).resolve().with_suffix(".mjs")

# The bots worker (`<script type="py" worker name="bots">`, static/py/bots.py): what its
# script imports, and the app's packages (repo-relative), traced whole (the site ships the
# worker only what it imports: tasks.py worker_sources). PyScript's own `pyscript` package
# and its bootstrap are always traced. Each game's rules and bots are imported when a
# request first names the game (pygame_rules.GAME_IDS): every one of them is traced.
_GAMES = tuple(module_name(game_id) for game_id in GAME_IDS)
BOTS_WORKER_IMPORTS = (
    "json",
    "asyncio",
    "pygame_rules",
    "pygame_rules.bots",
    "ui.play.bot_worker",
    *(f"pygame_rules.{game}" for game in _GAMES),
    *(f"pygame_rules.bots.{game}" for game in _GAMES),
)
BOTS_WORKER_PACKAGES = ("pygame_rules", "ui")

# Imported in the trace besides the worker's own imports: what a worker may load only at
# run time. Tracebacks (also loaded at boot today, kept should Pyodide stop doing so),
# codecs looked up by name, and the archive formats PyScript's [files] may unpack.
SAFETY_MARGIN = (
    "traceback",
    "linecache",
    "tokenize",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "tarfile",
    "gzip",
    "zipfile",
)

_DATE = (2020, 1, 1, 0, 0, 0)


class LeanStdlibError(RuntimeError):
    """The trace or the check in Pyodide failed, or the lean zip lacks a needed module."""


def zip_sizes(path: Path) -> dict[str, int]:
    """A file's size raw and gzip -9 (what a server sending it compressed sends)."""
    data = path.read_bytes()
    return {"raw": len(data), "gzip": len(gzip.compress(data, 9, mtime=0))}


def stdlib_module_names(stdlib_zip: Path) -> set[str]:
    """Every module and package name a stdlib zip holds (as .py or .pyc)."""
    names = set()
    with zipfile.ZipFile(stdlib_zip) as archive:
        for member in archive.namelist():
            stem, dot, ext = member.rpartition(".")
            if dot and ext in ("py", "pyc"):
                names.add(stem.removesuffix("/__init__").replace("/", "."))
    return names


def _source_files(extra_paths: Sequence[Path]) -> list[tuple[str, Path]]:
    """(archive name, file) of every .py under the given package dirs or files."""
    files = []
    for root in extra_paths:
        root = Path(root).resolve()
        found = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in found:
            if "__pycache__" not in path.parts:
                files.append((path.relative_to(root.parent).as_posix(), path))
    if not files:
        raise LeanStdlibError(f"no Python files under {list(extra_paths)}")
    return files


def _write_archives(files: list[tuple[str, Path]], folder: Path) -> list[dict[str, str]]:
    """The packages as app.zip and app.tar.gz: both ways PyScript's [files] unpack."""
    app_zip, app_tgz = folder / "app.zip", folder / "app.tar.gz"
    with zipfile.ZipFile(app_zip, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in files:
            archive.writestr(zipfile.ZipInfo(name, _DATE), path.read_bytes())
    with tarfile.open(app_tgz, "w:gz") as archive:
        for name, path in files:
            archive.add(path, arcname=name)
    return [{"path": str(app_zip), "format": "zip"}, {"path": str(app_tgz), "format": "tar.gz"}]


def _run_helper(request: Mapping[str, object], folder: Path) -> dict[str, Any]:
    """Run tools/pyodide_stdlib.mjs on one request; its JSON result."""
    node = shutil.which("node")
    if not node:
        raise LeanStdlibError("Node.js is needed to run Pyodide (node not on PATH)")
    request_path, result_path = folder / f"{request['mode']}.json", folder / "result.json"
    result_path.unlink(missing_ok=True)
    request_path.write_text(json.dumps({**request, "result": str(result_path)}))
    proc = subprocess.run(
        [node, str(HELPER), str(request_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if not result_path.exists():
        raise LeanStdlibError(f"Pyodide in Node failed:\n{proc.stderr[-4000:]}")
    result: dict[str, Any] = json.loads(result_path.read_text())
    if result.get("failure"):
        raise LeanStdlibError(
            f"{request['mode']} in Pyodide failed: {result['failure']}\n{proc.stderr[-4000:]}"
        )
    return result


def check_lean_stdlib(
    node_modules: Path,
    stdlib_zip: Path,
    imports: Sequence[str],
    extra_paths: Sequence[Path],
    *,
    code: str = "",
    expected_boot: Sequence[str] = (),
) -> dict[str, Any]:
    """Boot Pyodide in Node with `stdlib_zip`, as a PyScript worker, and run the imports.

    Then `code` (Python, top-level await allowed) and the error paths. Raises
    LeanStdlibError when anything fails, when a module of Pyodide's full stdlib was
    asked for and is not in `stdlib_zip` (even if the importer caught the ImportError),
    or when a module of `expected_boot` was not loaded at boot. Returns the helper's
    result: timings in ms (loadPyodide, pyscriptBootstrap, imports, code, errors, total),
    the modules loaded from the zip, the traceback seen from JavaScript.
    """
    node_modules = Path(node_modules).resolve()
    full_names = stdlib_module_names(node_modules / "pyodide" / "python_stdlib.zip")
    with tempfile.TemporaryDirectory(prefix="lean-stdlib-") as tmp:
        folder = Path(tmp)
        request = {
            "mode": "check",
            "nodeModules": str(node_modules),
            "stdLibURL": str(Path(stdlib_zip).resolve()),
            "archives": _write_archives(_source_files(extra_paths), folder),
            "imports": list(imports),
            "code": code,
        }
        result = _run_helper(request, folder)
    missing = sorted(set(result["missed"]) & full_names)
    missing += sorted(set(expected_boot) - set(result["bootModules"]))
    if missing:
        raise LeanStdlibError(f"{stdlib_zip} lacks stdlib modules the worker needs: {missing}")
    return result


def _cache_key(
    node_modules: Path, request: Mapping[str, object], files: Sequence[tuple[str, Path]]
) -> str:
    digest = hashlib.sha256(json.dumps(request, sort_keys=True).encode())
    inputs = [
        node_modules / "pyodide" / "python_stdlib.zip",
        node_modules / "pyodide" / "package.json",
        node_modules / "@pyscript" / "core" / "package.json",
        node_modules / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js",
        HELPER,
        Path(__file__).resolve(),
    ]
    for path in inputs + [path for _, path in files]:
        digest.update(str(path).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:24]


def build_lean_stdlib(
    node_modules: Path,
    out_zip: Path,
    imports: Sequence[str],
    extra_paths: Sequence[Path],
    *,
    code: str = "",
    margin: Sequence[str] = SAFETY_MARGIN,
    optimize: int = 0,
    verify: bool = True,
    cache_dir: Path | None = None,
) -> dict[str, Any]:
    """Write the lean stdlib zip for a PyScript worker that imports `imports`.

    `node_modules` holds `pyodide` and `@pyscript/core`; `extra_paths` are the app's
    package directories (or .py files), unpacked into Pyodide's cwd as PyScript would;
    `imports` are what the worker imports (plus `margin`); `code` is optional Python run
    after them (a workload, to catch imports done lazily in functions). `optimize` is
    compile()'s level (2 drops docstrings and asserts: smaller, untested by the app).
    With `verify`, the lean zip is then booted and checked (`check_lean_stdlib`). With
    `cache_dir`, unchanged inputs (npm packages, these tools, the packages' files, the
    arguments) reuse the zip built before; the directory keeps only the latest build.

    Returns a report: "modules" (names compiled into the zip), "boot_modules" (those
    Pyodide loads by itself at boot), "members" (zip entries),
    "sizes" {"full": {"raw", "gzip"}, "lean": {...}} in bytes, "timings" in ms of the
    trace ("trace") and of the check ("check", when verified), "cached".
    """
    node_modules = Path(node_modules).resolve()
    out_zip = Path(out_zip)
    full_zip = node_modules / "pyodide" / "python_stdlib.zip"
    files = _source_files(extra_paths)
    all_imports = list(dict.fromkeys([*imports, *margin]))
    settings = {"imports": all_imports, "code": code, "optimize": optimize, "verify": verify}
    cached = None
    if cache_dir is not None:
        key = _cache_key(node_modules, settings, files)
        cached = Path(cache_dir) / f"{key}.zip"
        if cached.exists() and cached.with_suffix(".json").exists():
            out_zip.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, out_zip)
            stored: dict[str, Any] = json.loads(cached.with_suffix(".json").read_text())
            return {**stored, "cached": True}
    with tempfile.TemporaryDirectory(prefix="lean-stdlib-") as tmp:
        folder = Path(tmp)
        lean = folder / "python_stdlib.zip"
        request = {
            "mode": "build",
            "nodeModules": str(node_modules),
            "archives": _write_archives(files, folder),
            "imports": all_imports,
            "code": code,
            "optimize": optimize,
            "out": str(lean),
        }
        trace = _run_helper(request, folder)
        with zipfile.ZipFile(lean) as archive:
            members = len(archive.namelist())
        report: dict[str, Any] = {
            "modules": sorted(trace["modules"]),
            "boot_modules": sorted(trace["bootModules"]),
            "members": members,
            "sizes": {"full": zip_sizes(full_zip), "lean": zip_sizes(lean)},
            "timings": {"trace": trace["timings"]},
            "cached": False,
        }
        if verify:
            check = check_lean_stdlib(
                node_modules,
                lean,
                all_imports,
                extra_paths,
                code=code,
                expected_boot=report["boot_modules"],
            )
            report["timings"]["check"] = check["timings"]
        out_zip.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(lean, out_zip)
        if cached is not None:  # keeps only this build
            cached.parent.mkdir(parents=True, exist_ok=True)
            for old in cached.parent.glob("*.zip"):
                old.unlink()
                old.with_suffix(".json").unlink(missing_ok=True)
            shutil.copyfile(lean, cached)
            cached.with_suffix(".json").write_text(json.dumps(report, indent=1))
    return report


def describe(report: Mapping[str, Any]) -> str:
    """One line: module count and the full and lean sizes."""
    sizes = report["sizes"]
    return (
        f"lean stdlib: {len(report['modules'])} modules, {report['members']} zip entries; "
        f"full {sizes['full']['raw']:,} B ({sizes['full']['gzip']:,} gzip) -> "
        f"lean {sizes['lean']['raw']:,} B ({sizes['lean']['gzip']:,} gzip)"
        + (" [cached]" if report.get("cached") else "")
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: build a lean zip (or --check one) and print sizes and timings."""
    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("zip", type=Path, help="where to write the lean zip (or: --check it)")
    parser.add_argument("--import", dest="imports", action="append", default=[])
    parser.add_argument("--path", dest="paths", action="append", type=Path, default=[])
    parser.add_argument("--code", default="", help="Python run after the imports")
    parser.add_argument("--node-modules", type=Path, default=root / "node_modules")
    parser.add_argument("--optimize", type=int, default=0)
    parser.add_argument("--check", action="store_true", help="only boot and check ZIP")
    args = parser.parse_args(argv)
    try:
        if args.check:
            result = check_lean_stdlib(
                args.node_modules, args.zip, args.imports, args.paths, code=args.code
            )
            print(json.dumps(result["timings"]))
            return
        report = build_lean_stdlib(
            args.node_modules,
            args.zip,
            args.imports,
            args.paths,
            code=args.code,
            optimize=args.optimize,
        )
    except LeanStdlibError as exc:
        sys.exit(str(exc))
    print(describe(report))
    print(json.dumps(report["timings"]))


if __name__ == "__main__":
    main()
