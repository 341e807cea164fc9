"""The docs are this repository's own reference: short where they must be, and pointing
nowhere outside it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = re.compile(r"\.\./shared|/work/|shared/(seeds|rules|DESIGN)")


def repository_texts() -> list[Path]:
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for folder in ("pygame_rules", "ui", "tests", "static"):
        texts += [
            p
            for p in sorted((ROOT / folder).rglob("*"))
            if p.suffix in (".py", ".md", ".js", ".html")
        ]
    return [p for p in texts if "vendor" not in p.parts]


def test_nothing_points_outside_the_repository() -> None:
    me = Path(__file__).resolve()
    for path in repository_texts():
        if path == me:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not OUTSIDE.search(line), f"{path.relative_to(ROOT)}:{number} points outside"


def test_the_reference_pages_exist_and_bots_md_stays_a_reference() -> None:
    for page in ("contract.md", "test-hooks.md", "bots.md", "bots-log.md"):
        assert (ROOT / "docs" / page).exists(), page
    assert len((ROOT / "docs" / "bots.md").read_text().splitlines()) <= 300
    assert (ROOT / "tests" / "browser" / "README.md").exists()
