"""The Python archives the page loads (tasks.py `python_archives`: sources for Pyodide,
bytecode for MicroPython): pygame_rules/ and ui/ whole, so everything the app imports, and
none of the dev tools (tools/)."""

from __future__ import annotations

import gzip
import json
import re
import sys
import tarfile
from pathlib import Path

import pytest

import pygame_rules
import tasks
from tools import registry_pages as tools_pages
from tools.mpy_bytecode import import_closure, imported_names

ROOT = Path(__file__).resolve().parent.parent

# The archives are built once for the module's tests (about 15 s each on 2 cores), on one
# test process (pytest-xdist's loadgroup: `python3 tasks.py test`).
pytestmark = pytest.mark.xdist_group("python-archives")


@pytest.fixture(scope="module")
def archives(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the Python archives (tasks.py `python_archives`), built once; the
    tests only read it."""
    folder = tmp_path_factory.mktemp("archives")
    tasks.python_archives(Path(sys.executable), folder)
    return folder


def imported_modules(source: str, package: str) -> set[str]:
    """The absolute names of our own modules that `source` (a module of `package`) imports."""
    names = imported_names(source, package)
    return {n for n in names if n.split(".")[0] in tasks.PYTHON_PACKAGES}


MPY_ARCHIVES = (
    "app-mpy.tar.gz",
    tasks.REST_ARCHIVE,
    *(tasks.game_archive(g) for g in pygame_rules.GAME_IDS),
)


def archive_names(folder: Path, archives: tuple[str, ...]) -> list[str]:
    names = []
    for archive in archives:
        with tarfile.open(folder / archive) as tar:
            names += tar.getnames()
    return names


@pytest.mark.parametrize(
    "names_of, suffix", [(("app.tar.gz",), ".py"), (MPY_ARCHIVES, ".mpy")], ids=["py", "mpy"]
)
def test_archives_hold_what_the_worker_and_the_page_import(
    archives: Path, names_of: tuple[str, ...], suffix: str
) -> None:
    names = archive_names(archives, names_of)
    assert len(names) == len(set(names))  # each file in one archive only
    shipped = {name.removesuffix(suffix) + ".py" for name in names}
    assert all(name.endswith(suffix) for name in names)
    # Walk the imports from the page's entry point, and from each game's modules (imported
    # by name when the game is first asked for: pygame_rules.import_for); every module
    # reached must be shipped.
    per_game = [
        f"{package}.{pygame_rules.module_name(game_id)}"
        for game_id in pygame_rules.GAME_IDS
        for package in ("pygame_rules", "pygame_rules.bots", "ui.tables", "ui.lessons")
    ]
    for name in per_game:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name
    todo, seen, reached = ["ui.app", *per_game], set(), set()
    while todo:
        name = todo.pop()
        path = ROOT / (name.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT / name.replace(".", "/") / "__init__.py"
        if name in seen or not path.exists():
            continue  # a name imported from a module, not a module itself
        seen.add(name)
        reached.add(path.relative_to(ROOT).as_posix())
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        todo.extend(imported_modules(path.read_text(), package))
    assert {"ui.app", "ui.tables", "pygame_rules.bots.search", "pygame_rules.trickbook"} <= seen
    ours = {name for name in shipped if name.split("/")[0] in tasks.PYTHON_PACKAGES}
    assert not any(name.startswith("tools/") for name in shipped)
    if suffix == ".py":  # the bots' worker: what it imports, and nothing of the page's own
        assert ours == set(tasks.worker_sources())
        worker = [
            "ui/play/bot_worker.py",
            "ui/review/coaching.py",  # the coach's search, imported as a request asks for it
            "pygame_rules/bots/coach.py",
            "ui/__init__.py",  # the packages above a module are imported with it
            *(f"pygame_rules/bots/{pygame_rules.module_name(g)}.py" for g in pygame_rules.GAME_IDS),
        ]
        assert set(worker) <= ours
        assert not {"ui/app.py", "ui/screens/lobby.py", "ui/runtime/page.py"} & ours
    else:  # the page: what it imports, and nothing else (not the worker's own modules)
        assert ours == reached
        assert "ui/play/bot_worker.py" not in ours
        assert "ui/review/coaching.py" not in ours


def test_each_games_bytecode_ships_in_its_own_archive(archives: Path) -> None:
    """A game's rules, bots, table and lesson (and nothing else) are in its archive, which a
    link to another game never downloads: no module of the app's own archive imports them
    (they are imported by name, pygame_rules.import_for), nor does another game's."""
    module_of = {}
    for game_id in pygame_rules.GAME_IDS:
        names = archive_names(archives, (tasks.game_archive(game_id),))
        module = pygame_rules.module_name(game_id)
        assert {f"{folder}/{module}.mpy" for folder in tasks.GAME_MODULE_FOLDERS} <= set(names)
        assert all(name.rpartition("/")[2].startswith(module) for name in names), names
        for name in names:
            module_of[name.removesuffix(".mpy").replace("/", ".")] = game_id
    assert "pygame_rules.magic_trick_baker_laws" in module_of
    for name in archive_names(archives, ("app-mpy.tar.gz",)):
        if name.startswith(tasks.PRECOMPILED):
            continue
        source = ROOT / name.replace(".mpy", ".py")
        package = name.removesuffix(".mpy").replace("/", ".")
        package = package if source.name == "__init__.py" else package.rpartition(".")[0]
        reached = imported_modules(source.read_text(), package) & set(module_of)
        assert not reached, f"{name} imports {reached}: a link to another game lacks them"
    for module, game_id in module_of.items():
        source = ROOT / (module.replace(".", "/") + ".py")
        others = {
            name
            for name in imported_modules(source.read_text(), module.rpartition(".")[0])
            if module_of.get(name, game_id) != game_id
        }
        assert not others, f"{module} imports another game's {others}"


def test_the_features_a_links_first_move_never_uses_ship_apart(archives: Path) -> None:
    """The rest of the app (tasks.py REST_MODULES) is in an archive of its own, which a link
    to a table boots without (static/js/host.js bootRest): no module that the boot imports
    imports one of them as it is imported, only inside a function that runs once the app
    has asked for them (ui/app.py with_whole_app)."""
    rest = set(archive_names(archives, (tasks.REST_ARCHIVE,)))
    assert rest == {name.removesuffix(".py") + ".mpy" for name in tasks.REST_MODULES}
    at_boot = tasks.page_sources(at_import=True)
    assert "ui/app.py" in at_boot and "ui/screens/play.py" in at_boot
    assert not at_boot & set(tasks.REST_MODULES), at_boot & set(tasks.REST_MODULES)
    assert set(tasks.REST_MODULES) <= tasks.page_sources()  # still the page's to import
    for script in ("static/js/app-files.js", "static/js/host.js"):
        assert f"vendor/{tasks.REST_ARCHIVE}" in (ROOT / script).read_text(), script
    # Its stylesheet too: applied with it (host.js restStyle), never linked by a page (which
    # would put it in the bundle every link downloads: tasks.py bundle_styles).
    assert '"static/css/rest.css"' in (ROOT / "static/js/host.js").read_text()
    assert ".coach {" in (ROOT / "static/css/rest.css").read_text()
    for page in ("index.html", "embed.html"):
        assert "rest.css" not in (ROOT / page).read_text()


def test_the_bots_quick_engine_has_the_pages_bytecode_and_its_own_script(
    archives: Path,
) -> None:
    """The quick engine (static/js/bots-worker.js, MicroPython in a worker) runs the page's
    archives and app-mpy-bots.tar.gz: together they hold what its script imports, and its
    own archive only what the page never imports (ui/play/bot_worker.py)."""
    own = archive_names(archives, (tasks.QUICK_WORKER_ARCHIVE,))
    assert own == ["ui/play/bot_worker.mpy"]
    shipped = set(own) | set(archive_names(archives, MPY_ARCHIVES))
    needed = import_closure(ROOT, list(tasks.QUICK_WORKER_ENTRIES), at_import=True)
    needed |= {f"pygame_rules/bots/{pygame_rules.module_name(g)}.py" for g in pygame_rules.GAME_IDS}
    assert {name.removesuffix(".py") + ".mpy" for name in needed} <= shipped
    client = (ROOT / "ui/runtime/worker_client.py").read_text()
    assert f'"static/vendor/{tasks.QUICK_WORKER_ARCHIVE}"' in client
    assert 'PAGE_ARCHIVE = "static/vendor/app-mpy.tar.gz"' in client


def test_the_imports_run_as_a_module_is_imported() -> None:
    """`at_import`: not those in a function's body, nor under `if TYPE_CHECKING:`."""
    source = """
import a
from .b import c
if TYPE_CHECKING:
    import typed
else:
    import untyped
class K:
    import in_class
    def method(self):
        import in_method
def f():
    from g import h
"""
    every = imported_names(source, "pkg")
    assert {"a", "pkg.b", "pkg.b.c", "typed", "untyped", "in_class", "in_method", "g"} <= every
    at_import = imported_names(source, "pkg", at_import=True)
    assert at_import == {"a", "pkg.b", "pkg.b.c", "untyped", "in_class"}


def test_the_bytecode_archive_holds_pyscripts_own_package(archives: Path) -> None:
    """The modules of the `pyscript` package that core.js writes at boot and the page
    imports, compiled, under the folder static/js/mpy-files.js puts first on MicroPython's
    sys.path; the others are left out, and the page imports none of them (MicroPython would
    not find them: tasks.py PYSCRIPT_IMPORTED)."""
    modules = tasks.pyscript_package()
    assert "__init__.py" in modules and "ffi.py" in modules
    with tarfile.open(archives / "app-mpy.tar.gz") as tar:
        names = {name for name in tar.getnames() if name.startswith("precompiled/")}
    imported = {
        name
        for source in tasks.page_sources()
        for name in imported_names((ROOT / source).read_text(), "")
        if name.split(".")[0] == "pyscript"
    }
    assert "import pyscript" in (ROOT / "static/js/mpy-files.js").read_text()  # the package
    assert "pyscript.ffi" in imported
    compiled = {name.removeprefix("precompiled/pyscript/") for name in names}
    submodules = {m.split(".", 1)[1] for m in imported if "." in m}
    used = {f"{m}.mpy" for m in submodules if f"{m}.py" in modules}
    assert "workers.mpy" in used  # `from pyscript import workers`: a module as a name
    assert used <= compiled, used - compiled
    assert {"__init__.mpy", "ffi.mpy", "context.mpy", "events.mpy", "storage.mpy"} <= compiled
    assert not {"web.mpy", "fs.mpy", "media.mpy"} & compiled
    assert compiled <= {name.removesuffix(".py") + ".mpy" for name in modules}
    assert 'const PRECOMPILED = "precompiled";' in (ROOT / "static/js/mpy-files.js").read_text()
    assert tasks.PRECOMPILED == "precompiled"


def test_the_page_preloads_what_its_boot_fetches_in_a_chain() -> None:
    """Every preload names a file the build ships (a wrong name would download nothing
    useful, or twice), and the chain's links are all there (the built site, tasks.build)."""
    links, early = tasks.preload_links(), tasks.early_preload_links()
    lines = (links + "\n" + early).splitlines()
    hrefs = [line.split('href="./', 1)[1].split('"', 1)[0] for line in lines]
    for href in hrefs:
        assert (tasks.SITE / href).is_file(), f"{href} is preloaded but not in the built site"
    assert "static/vendor/app-mpy.tar.gz" in hrefs
    assert "static/vendor/micropython/micropython.wasm" in hrefs
    assert "static/js/app-files.js" in hrefs  # imported by mpy-files.js: not a step of its own
    assert any(h.startswith("static/vendor/pyscript/core-") for h in hrefs)
    assert len(hrefs) == len(set(hrefs))  # each file asked for once
    index = (tasks.SITE / "index.html").read_text()
    assert links in index and tasks.PRELOAD_MARKER not in index
    # The largest file above the script that blocks the parser: asked for at once.
    assert early in index and tasks.EARLY_PRELOAD_MARKER not in index
    assert index.index(early) < index.index("static/js/host.js")
    assert "micropython.wasm" in early


def test_a_shown_hand_or_puzzle_preloads_the_same_chain() -> None:
    """embed.html lists the same files for static/js/host.js to preload in a frame that
    boots by itself (`show=`); each is shipped, and the page has no marker left."""
    embed = (tasks.SITE / "embed.html").read_text()
    assert tasks.view_preloads() in embed and tasks.VIEW_PRELOAD_MARKER not in embed
    listed = json.loads(embed.split('id="boot-fetches">', 1)[1].split("</script>", 1)[0])
    assert listed == tasks.boot_fetches()
    for files in listed.values():
        for href in files:
            assert (tasks.SITE / href).is_file(), f"{href} is preloaded but not in the built site"
    assert embed.index('id="boot-fetches"') < embed.index("static/js/host.js")  # read by it


def test_precache_manifest_gives_each_lists_size_as_stored_and_as_downloaded(
    tmp_path: Path,
) -> None:
    """`bytes`: the files as stored; `download` and `sizes`: as a gzipping host sends them
    (gzip -6 for text, JavaScript, WebAssembly...; a .gz as it is). The page, "./", is
    index.html, fetched on its own too."""
    page = b"<p>Trick Table</p>\n" * 200
    archive = gzip.compress(b"engine" * 1000, 9, mtime=0)
    wasm = b"\0asm" + bytes(range(256)) * 40
    (tmp_path / "static" / "vendor" / "pyodide").mkdir(parents=True)
    (tmp_path / "index.html").write_bytes(page)
    (tmp_path / "static" / "vendor" / "app.tar.gz").write_bytes(archive)
    (tmp_path / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").write_bytes(wasm)
    files = ["index.html", "static/vendor/app.tar.gz", "static/vendor/pyodide/pyodide.asm.wasm"]
    manifest = tasks.precache_manifest(tmp_path, files, "v1")
    assert manifest["files"] == ["./", "index.html", "static/vendor/app.tar.gz"]
    assert manifest["later"] == ["static/vendor/pyodide/pyodide.asm.wasm"]
    page_gz = len(gzip.compress(page, 6, mtime=0))
    wasm_gz = len(gzip.compress(wasm, 6, mtime=0))
    assert page_gz < len(page) and wasm_gz < len(wasm)
    assert manifest["sizes"] == {
        "./": page_gz,
        "index.html": page_gz,
        "static/vendor/app.tar.gz": len(archive),
        "static/vendor/pyodide/pyodide.asm.wasm": wasm_gz,
    }
    assert manifest["bytes"] == {"files": 2 * len(page) + len(archive), "later": len(wasm)}
    assert manifest["download"] == {"files": 2 * page_gz + len(archive), "later": wasm_gz}


def test_the_built_precache_manifest_sizes_every_file_it_lists() -> None:
    """The built site's static/precache.json (tasks.build): a size for each listed file,
    the one `download_size` gives, and totals that add up."""
    manifest = json.loads((tasks.SITE / "static" / "precache.json").read_text())
    listed = manifest["files"] + manifest["later"]
    assert set(manifest["sizes"]) == set(listed)
    for name in listed:
        path = tasks.SITE / ("index.html" if name == "./" else name)
        assert manifest["sizes"][name] == tasks.download_size(path), name
    for part in ("files", "later"):
        names = manifest[part]
        assert manifest["download"][part] == sum(manifest["sizes"][name] for name in names)
        stored = sum(
            (tasks.SITE / ("index.html" if n == "./" else n)).stat().st_size for n in names
        )
        assert manifest["bytes"][part] == stored
    assert manifest["later"] and all(n.startswith(tasks.LATER_PREFIX) for n in manifest["later"])


def test_the_embed_boots_python_as_the_page_does() -> None:
    """index.html's boot script and config and embed.js's copies of them (BOOT_PY,
    MPY_CONFIG) are the same text."""
    page = (ROOT / "index.html").read_text()
    tag = re.search(r"<script type=\"mpy\" config='([^']*)'>\n", page)
    assert tag is not None
    boot = page[tag.end() : page.index("  </script>", tag.end())]
    embed = (ROOT / "static" / "js" / "embed.js").read_text()
    copy = embed.split("const BOOT_PY = `", 1)[1].split("`;", 1)[0]
    assert "await window.nextTask()" in boot
    assert copy == boot
    # and its config, inline JSON: no TOML parser and no request before the first move
    config = json.loads(tag.group(1))
    assert config["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert embed.split("const MPY_CONFIG = '", 1)[1].split("';", 1)[0] == tag.group(1)


def test_each_page_links_one_stylesheet_and_each_game_keeps_its_own(tmp_path: Path) -> None:
    """bundle_styles: the built pages link site.css only, which holds the text of the files
    the pages link (the app's), and those are gone; each game's own stylesheet stays a file
    (static/js/host.js applies those of the games an address names)."""
    css = tmp_path / "static" / "css"
    css.mkdir(parents=True)
    (css / "app.css").write_text("a { color: red; }\n")
    games = list(reversed(pygame_rules.GAME_IDS))
    for game_id in games[1:]:  # a game may have no stylesheet of its own
        (css / f"{game_id}.css").write_text(f".game-{game_id} {{ color: blue; }}\n")
    head = (
        '  <link rel="stylesheet" href="./static/css/app.css">\n'
        f"  {tools_pages.STYLES_MARKER}\n  <script></script>\n"
    )
    for page in ("index.html", "embed.html"):
        (tmp_path / page).write_text(f"<head>\n{head}</head>\n")
    tasks.bundle_styles(tmp_path)
    for page in ("index.html", "embed.html"):
        text = (tmp_path / page).read_text()
        assert text.count("stylesheet") == 1 and 'href="./static/css/site.css"' in text
        assert "<!--" not in text
    assert (css / "site.css").read_text() == "/* app.css */\na { color: red; }\n"
    assert sorted(p.name for p in css.iterdir()) == sorted(
        ["site.css", *(f"{game_id}.css" for game_id in games[1:])]
    )
    files = json.loads(tasks.game_files_json(tmp_path).split(">", 1)[1].split("<", 1)[0])
    assert list(files) == list(pygame_rules.GAME_IDS)
    assert files[games[0]]["style"] is None
    assert files[games[1]] == {
        "archive": f"static/vendor/app-mpy-{games[1]}.tar.gz",
        "style": f"static/css/{games[1]}.css",
    }


def test_the_built_pages_link_the_apps_bundle_and_name_every_games_files() -> None:
    for page in ("index.html", "embed.html"):
        source = (ROOT / page).read_text()
        assert tasks.STYLESHEET.findall(source) == ["app.css"]  # the games' are found
        assert tools_pages.STYLES_MARKER in source
        assert tasks.GAME_FILES_MARKER in source.splitlines()
        built = (tasks.SITE / page).read_text()
        assert tasks.STYLESHEET.findall(built) == ["site.css"]
        # before host.js, which reads it
        assert built.index('id="game-files"') < built.index("static/js/host.js")
        files = json.loads(built.split('id="game-files">', 1)[1].split("</script>", 1)[0])
        assert list(files) == list(pygame_rules.GAME_IDS)
        for paths in files.values():
            for path in paths.values():
                assert (tasks.SITE / path).is_file(), path
    # app.css alone, minified (tasks.minify_site): the games' are files of their own.
    bundle = (tasks.SITE / tasks.STYLE_BUNDLE).read_text()
    assert ".site-bar{" in bundle and "/*" not in bundle


def test_the_site_ships_our_scripts_and_stylesheets_minified_with_their_names() -> None:
    """tasks.minify_site: each of our scripts and stylesheets is shipped smaller, without
    its comments, its functions' names kept (a traceback names them); MicroPython's
    loader still exports what PyScript imports."""
    sources = [*(ROOT / "static/js").glob("*.js"), *(ROOT / "static/css").glob("*.css")]
    shipped = [tasks.SITE / path.relative_to(ROOT) for path in sources]
    pairs = [(src, out) for src, out in zip(sources, shipped, strict=True) if out.exists()]
    assert len(pairs) >= 10  # app.css is in site.css
    for source, built in pairs:
        text = built.read_text()
        assert len(text) < len(source.read_text()), built
        assert "/*" not in text and "\n//" not in text, built
    host = (tasks.SITE / "static/js/host.js").read_text()
    assert "globalThis.gameStyle" in host and "const preload" in host
    assert "The games' files and the boot's preloads" not in host  # a comment of its source
    assert "export function appFiles" in (tasks.SITE / "static/js/app-files.js").read_text()
    loader = (tasks.SITE / tasks.MICROPYTHON_LOADER).read_text()
    assert len(loader) < len((ROOT / tasks.MICROPYTHON_LOADER).read_text())
    assert "export async function loadMicroPython" in loader
