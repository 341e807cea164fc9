"""The MicroPython subset, checked statically (runs in CPython; docs/micropython-subset.md).

    python3 tools/micropython/check_subset.py [PACKAGE_DIR] [--profile NAME]

    from check_subset import check_package
    problems = check_package("pygame_rules", "engine")  # [] when the package keeps the subset

One line per problem (path:line: rule: detail); the command exits 1 if there is any. A
profile says which modules a package may import at run time and where math's float
functions are allowed; every module of the package is checked (it ships whole). What a
static check cannot see (dict/set iteration order, ties in a sort key, last-bit float
differences) the cross-interpreter replay (xcheck.py) catches.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def words(text: str) -> frozenset[str]:
    """The space-separated words of `text`."""
    return frozenset(text.split())


# Names both CPython and MicroPython 1.28's WebAssembly build (PyScript variant) have, from
# dir() in each.
MPY_MODULES: dict[str, frozenset[str]] = {
    "math": words(
        "acos acosh asin asinh atan atan2 atanh ceil copysign cos cosh degrees e erf erfc exp "
        "expm1 fabs factorial floor fmod frexp gamma inf isclose isfinite isinf isnan ldexp "
        "lgamma log log10 log2 modf nan pi pow radians sin sinh sqrt tan tanh tau trunc"
    ),
    "time": words("time time_ns sleep gmtime localtime mktime"),
    "json": words("dumps loads dump load"),
    "sys": words(
        "argv byteorder exit implementation maxsize modules path platform stderr stdin stdout "
        "version version_info"
    ),
}
MPY_BUILTINS = words(
    "ArithmeticError AssertionError AttributeError BaseException EOFError Ellipsis Exception "
    "GeneratorExit ImportError IndentationError IndexError KeyError KeyboardInterrupt "
    "LookupError MemoryError NameError NotImplemented NotImplementedError OSError "
    "OverflowError RuntimeError StopAsyncIteration StopIteration SyntaxError SystemExit "
    "TypeError UnicodeError ValueError ZeroDivisionError abs all any bin bool bytearray bytes "
    "callable chr classmethod compile complex delattr dict dir divmod enumerate eval exec "
    "filter float frozenset getattr globals hasattr hash help hex id input int isinstance "
    "issubclass iter len list locals map max memoryview min next object oct open ord pow "
    "print property range repr reversed round set setattr slice sorted staticmethod str sum "
    "super tuple type zip"
)
MISSING_BUILTINS = frozenset(
    name for name in dir(builtins) if not name.startswith("_") and name not in MPY_BUILTINS
)
# The public methods of str, list, dict, set, frozenset, tuple, int, float and bytes that
# MicroPython has; calling any other of CPython's is a problem.
MPY_METHODS = words(
    "center count encode endswith find format index isalpha isdigit islower isspace isupper "
    "join lower lstrip partition replace rfind rindex rpartition rsplit rstrip split "
    "splitlines startswith strip upper decode "
    "append clear copy extend insert pop remove reverse sort fromkeys get items keys popitem "
    "setdefault update values add difference difference_update discard intersection "
    "intersection_update isdisjoint issubset issuperset symmetric_difference "
    "symmetric_difference_update union from_bytes to_bytes"
)
MISSING_METHODS = frozenset(
    name
    for kind in (str, list, dict, set, frozenset, tuple, int, float, bytes)
    for name in dir(kind)
    if not name.startswith("_") and name not in MPY_METHODS
)
# The keyword arguments MicroPython's builtins and built-in methods accept (None: any).
BUILTIN_KWARGS: dict[str, frozenset[str] | None] = {
    "sorted": frozenset({"key", "reverse"}),
    "sort": frozenset({"key", "reverse"}),
    "min": frozenset({"key", "default"}),
    "max": frozenset({"key", "default"}),
    "print": frozenset({"sep", "end", "file"}),
    "enumerate": frozenset({"start"}),
    "dict": None,
    "update": None,  # dict.update(name=...)
    "format": None,  # str.format(name=...)
}
MODULE_KWARGS = {("json", "dumps"): {"separators"}, ("json", "dump"): {"separators"}}
# A module's own names that MicroPython does not set (it has __name__ and __file__).
MISSING_MODULE_NAMES = words("__package__ __spec__ __loader__ __builtins__ __cached__")
IGNORED_DUNDERS = words(
    "__init_subclass__ __set_name__ __class_getitem__ __missing__ __getattribute__"
)
TYPE_NAMES = frozenset({"dict", "list", "tuple", "set", "frozenset", "type"})
# Methods of the built-in containers that MicroPython does not expose as attributes.
CONTAINER_DUNDERS = words("__getitem__ __setitem__ __delitem__ __contains__ __len__ __iter__")
# math functions whose results are exact (ints, or exact on floats) in both interpreters
EXACT_MATH = frozenset({"factorial", "floor", "ceil", "trunc", "isfinite", "isinf", "isnan"})
FLOAT_SPEC = re.compile(r"[eEfFgG%]$")
FORMAT_FIELD = re.compile(r"\{[^{}]*:([^{}]*)\}")
PERCENT_FLOAT = re.compile(r"%[-+ #0]*(\d+|\*)?(\.(\d+|\*))?[eEfFgG]")
COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
TOTAL_KEY = "mpy-total-key"  # the comment a sort with key= carries: its key has no ties


@dataclass(frozen=True)
class Profile:
    """What the modules of one package may use."""

    name: str
    modules: dict[str, frozenset[str]]  # run-time imports allowed, with the usable names
    packages: frozenset[str] = frozenset()  # other packages it may import absolutely
    float_math: tuple[str, ...] = ("",)  # path prefixes where math's float functions may run
    future: frozenset[str] = field(default_factory=lambda: frozenset({"annotations"}))
    # Modules that talk to the page (JavaScript), and the one folder allowed to import them.
    edge_modules: frozenset[str] = frozenset()
    edge: str = ""


PROFILES = {
    # pygame_rules/: the rules engines and the bots. The rules keep to integers.
    "engine": Profile(
        name="engine",
        modules=MPY_MODULES,
        float_math=("bots/",),
    ),
    # ui/: the page's Python on MicroPython, plus what it asks of the page (PyScript's
    # FFI; js and jsffi only in ui/runtime/browser.py's fallback for MicroPython without
    # PyScript). ui/play/bot_worker.py runs in the Pyodide worker but keeps the subset too.
    "ui": Profile(
        name="ui",
        modules=dict(
            MPY_MODULES,
            asyncio=words("create_task sleep"),
            pyscript=words("document window workers"),
            **{
                "pyscript.ffi": words("create_proxy to_js"),
                "js": words("document window"),
                "jsffi": words("create_proxy to_js"),
            },
        ),
        packages=frozenset({"pygame_rules", "ui"}),
        float_math=("",),
        edge_modules=frozenset({"pyscript", "pyscript.ffi", "js", "jsffi", "ui.runtime.browser"}),
        edge="runtime/",
    ),
}


class Checker(ast.NodeVisitor):
    """Collects the problems of one module."""

    def __init__(self, path: str, source: str, profile: Profile, names: Names) -> None:
        self.path = path
        self.lines = source.splitlines()
        self.profile = profile
        self.bound = names.bound
        self.defined = names.defined
        self.float_math = any(path.startswith(prefix) for prefix in profile.float_math)
        self.problems: list[str] = []
        self.type_checking = 0  # inside `if TYPE_CHECKING:`
        self.annotation = 0
        self.optional = 0  # inside `try: ... except ImportError:`

    def bad(self, node: ast.AST, rule: str, detail: str) -> None:
        """Record a problem at `node`."""
        self.problems.append(f"{self.path}:{getattr(node, 'lineno', 0)}: {rule}: {detail}")

    # -- where we are -----------------------------------------------------------------------
    def visit_If(self, node: ast.If) -> None:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            self.type_checking += 1
            for child in node.body:
                self.visit(child)
            self.type_checking -= 1
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Try(self, node: ast.Try) -> None:
        optional = any(
            isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers
        )
        self.optional += optional
        for child in node.body:
            self.visit(child)
        self.optional -= optional
        rest: list[ast.AST] = [*node.handlers, *node.orelse, *node.finalbody]
        for other in rest:
            self.visit(other)

    def visit_TryStar(self, node: ast.AST) -> None:
        self.bad(node, "syntax", "except* does not compile")
        self.generic_visit(node)

    def _annotation(self, node: ast.AST | None) -> None:
        if node is not None:
            self.annotation += 1
            self.visit(node)
            self.annotation -= 1

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.visit(node.target)
        self._annotation(node.annotation)
        if node.value is not None:
            self.visit(node.value)

    def visit_arg(self, node: ast.arg) -> None:
        self._annotation(node.annotation)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        if node.args.posonlyargs:
            self.bad(node, "syntax", "positional-only parameters (/) do not compile")
        if node.name in IGNORED_DUNDERS:
            self.bad(node, "dunder", f"MicroPython ignores {node.name}")
        for decorator in node.decorator_list:
            self.visit(decorator)
        self.visit(node.args)
        self._annotation(node.returns)
        for child in node.body:
            self.visit(child)

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    # -- imports ----------------------------------------------------------------------------
    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._module(node, alias.name, [])

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if not node.level:  # relative imports: the package itself
            self._module(node, node.module or "", [a.name for a in node.names])

    def _module(self, node: ast.AST, module: str, names: list[str]) -> None:
        edge = self.profile.edge
        if module in self.profile.edge_modules and not self.path.startswith(edge):
            self.bad(node, "import", f"{module} talks to the page: only {edge} may import it")
        if self.type_checking or self.optional:
            return
        if module == "__future__":
            if not set(names) <= self.profile.future:
                allowed = ", ".join(sorted(self.profile.future))
                self.bad(node, "import", f"from __future__ import only {allowed}")
            return
        if module.split(".")[0] in self.profile.packages:
            return
        if module not in self.profile.modules:
            self.bad(node, "import", f"{module} at run time (types: under TYPE_CHECKING)")
            return
        for name in names:
            if name not in self.profile.modules[module]:
                self.bad(node, "import", f"MicroPython's {module} has no {name}")

    # -- names and attributes ---------------------------------------------------------------
    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load) and node.id in MISSING_MODULE_NAMES:
            self.bad(node, "builtin", f"MicroPython's modules have no {node.id}")
        if (
            isinstance(node.ctx, ast.Load)
            and node.id in MISSING_BUILTINS
            and node.id not in self.bound
            and not self.annotation
            and not self.type_checking
        ):
            self.bad(node, "builtin", f"MicroPython has no {node.id}")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        value = node.value
        if (
            isinstance(value, ast.Name)
            and value.id in self.profile.modules
            and node.attr not in self.profile.modules[value.id]
            and not self.type_checking
        ):
            self.bad(node, "module", f"MicroPython's {value.id} has no {node.attr}")
        if node.attr == "__dict__" and isinstance(node.ctx, ast.Store):
            self.bad(node, "__dict__", "an instance's __dict__ is read-only (use setattr)")
        if node.attr in {"__mro__", "__qualname__"}:
            self.bad(node, "attribute", f"MicroPython has no {node.attr}")
        if node.attr in CONTAINER_DUNDERS and not (
            isinstance(value, ast.Name) and value.id == "self"
        ):
            self.bad(
                node,
                "attribute",
                f"MicroPython's built-in types have no {node.attr} to take (a list's was"
                " key=values.__getitem__): index, or write a lambda",
            )
        self.generic_visit(node)

    # -- syntax -----------------------------------------------------------------------------
    def _display(self, node: ast.List | ast.Tuple | ast.Set) -> None:
        loading = isinstance(getattr(node, "ctx", ast.Load()), ast.Load)
        if loading and any(isinstance(e, ast.Starred) for e in node.elts):
            self.bad(node, "syntax", "*x in a list/tuple/set display (use +)")
        self.generic_visit(node)

    visit_List = _display
    visit_Tuple = _display
    visit_Set = _display

    def visit_Dict(self, node: ast.Dict) -> None:
        if any(key is None for key in node.keys):
            self.bad(node, "syntax", "**x in a dict display (use dict(a, k=v) or update)")
        self.generic_visit(node)

    def visit_Match(self, node: ast.AST) -> None:
        self.bad(node, "syntax", "match statements do not compile")
        self.generic_visit(node)

    def visit_TypeAlias(self, node: ast.AST) -> None:
        self.bad(node, "syntax", "type statements do not compile")

    def visit_Slice(self, node: ast.Slice) -> None:
        if node.step is not None:
            self.bad(node, "syntax", "a slice with a step (only lists support it)")
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        cause = node.cause
        if cause is not None and not (isinstance(cause, ast.Constant) and cause.value is None):
            self.bad(node, "raise", "raise ... from exc: no exception chaining")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if (
            not self.annotation
            and not self.type_checking
            and isinstance(node.value, ast.Name)
            and node.value.id in TYPE_NAMES
        ):
            self.bad(node, "generic", f"{node.value.id}[...] at run time (types: TYPE_CHECKING)")
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        sides = [node.left, *node.comparators]
        if any(_is_view(side) for side in sides) and any(
            isinstance(op, COMPARISONS) for op in node.ops
        ):
            self.bad(node, "dict view", "dict views never compare equal (compare len, `in`)")
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if (_is_view(node.left) or _is_view(node.right)) and isinstance(
            node.op, (ast.Sub, ast.BitAnd, ast.BitOr, ast.BitXor)
        ):
            self.bad(node, "dict view", "set operations on dict views (use set(d))")
        if (
            isinstance(node.op, ast.Mod)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
            and PERCENT_FLOAT.search(node.left.value)
        ):
            self.bad(node, "float format", "floats format differently in MicroPython")
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        for value in node.values:
            if isinstance(value, ast.FormattedValue) and value.format_spec is not None:
                spec = ast.unparse(value.format_spec)[2:-1]  # f'...' around the spec
                if FLOAT_SPEC.search(spec):
                    self.bad(node, "float format", f"{spec!r}: floats format differently")
        self.generic_visit(node)

    # -- calls ------------------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        keywords = {k.arg for k in node.keywords if k.arg is not None}
        if isinstance(func, ast.Name) and func.id not in self.bound:
            self._builtin_call(node, func.id, keywords)
        elif isinstance(func, ast.Attribute):
            self._method_call(node, func, keywords)
        self.generic_visit(node)

    def _builtin_call(self, node: ast.Call, name: str, keywords: set[str]) -> None:
        if name in MPY_BUILTINS and keywords:
            allowed = BUILTIN_KWARGS.get(name, frozenset())
            if allowed is not None and keywords - allowed:
                detail = ", ".join(f"{k}=" for k in sorted(keywords - allowed))
                self.bad(node, "keywords", f"{name}() takes no {detail} in MicroPython")
        if (
            name in ("isinstance", "issubclass")
            and node.args
            and isinstance(node.args[-1], ast.BinOp)
        ):
            self.bad(node, "isinstance", "X | Y as a type (use a tuple)")
        if name in ("hash", "id"):
            self.bad(node, "hash", f"{name}() values differ between interpreters")
        if name == "round":
            self.bad(node, "float", "round() rounds floats differently in MicroPython")
        if name == "sorted" and "key" in keywords:
            self._total_key(node)

    def _method_call(self, node: ast.Call, func: ast.Attribute, keywords: set[str]) -> None:
        attr, owner = func.attr, func.value
        module = owner.id if isinstance(owner, ast.Name) else None
        if module in self.profile.modules:
            extra = keywords - MODULE_KWARGS.get((module, attr), set())
            if extra:
                detail = ", ".join(f"{k}=" for k in sorted(extra))
                self.bad(node, "keywords", f"{module}.{attr}() takes no {detail}")
            if module == "math" and not self.float_math and attr not in EXACT_MATH:
                self.bad(node, "float", f"math.{attr} may differ in the last bit (ints here)")
        elif attr not in self.defined:
            if attr in MISSING_METHODS:
                self.bad(node, "method", f".{attr}() does not exist in MicroPython")
            elif keywords:
                allowed = BUILTIN_KWARGS.get(attr, frozenset())
                if attr in MPY_METHODS and allowed is not None and keywords - allowed:
                    detail = ", ".join(f"{k}=" for k in sorted(keywords - allowed))
                    self.bad(node, "keywords", f".{attr}() takes no {detail} in MicroPython")
        if attr == "sort" and "key" in keywords:
            self._total_key(node)
        specs = (
            FORMAT_FIELD.findall(owner.value)
            if attr == "format" and isinstance(owner, ast.Constant) and isinstance(owner.value, str)
            else []
        )
        if any(FLOAT_SPEC.search(spec) for spec in specs):
            self.bad(node, "float format", "floats format differently in MicroPython")
        mutators = {"update", "pop", "clear", "setdefault", "popitem"}
        if isinstance(owner, ast.Attribute) and owner.attr == "__dict__" and attr in mutators:
            self.bad(node, "__dict__", "an instance's __dict__ is read-only")

    def _total_key(self, node: ast.Call) -> None:
        """MicroPython's sort is not stable: a key must leave no ties, and say so."""
        lines = self.lines[max(0, node.lineno - 2) : getattr(node, "end_lineno", node.lineno)]
        if not any(TOTAL_KEY in line for line in lines):
            self.bad(node, "sort", f"key= in an unstable sort: a key with no ties, # {TOTAL_KEY}")


def _is_view(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"keys", "items", "values"}
        and not node.args
    )


@dataclass
class Names:
    """The package's own names: they are not the builtins or methods of the same name."""

    defined: set[str] = field(default_factory=set)  # functions, methods and classes
    bound: set[str] = field(default_factory=set)  # those, variables, parameters, imports

    @classmethod
    def of(cls, trees: list[ast.Module]) -> Names:
        """The names the modules define and bind."""
        names = cls()
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.defined.add(node.name)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.bound.add(node.id)
                elif isinstance(node, ast.arg):
                    names.bound.add(node.arg)
                elif isinstance(node, ast.alias):
                    names.bound.add((node.asname or node.name).split(".")[0])
        names.bound |= names.defined
        return names


def package_files(path: Path) -> list[Path]:
    """The package's modules, all of them checked: the package ships whole (sorted)."""
    return sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)


def check_package(path: str | Path, profile: Profile | str = "engine") -> list[str]:
    """The problems of the package at `path` (a directory) under `profile` (a Profile or a
    name in PROFILES)."""
    root = Path(path)
    if not root.is_dir():
        raise FileNotFoundError(f"no package directory {root}")
    chosen = PROFILES[profile] if isinstance(profile, str) else profile
    files = package_files(root)
    sources = {p: p.read_text(encoding="utf-8") for p in files}
    trees = {p: ast.parse(source, str(p)) for p, source in sources.items()}
    names = Names.of(list(trees.values()))
    problems: list[str] = []
    for p in files:
        relative = p.relative_to(root).as_posix()
        checker = Checker(relative, sources[p], chosen, names)
        checker.visit(trees[p])
        problems += [f"{root.name}/{problem}" for problem in checker.problems]
    return problems


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", nargs="?", default=str(ROOT / "pygame_rules"))
    parser.add_argument("--profile", choices=sorted(PROFILES), default="engine")
    opts = parser.parse_args(argv)
    problems = check_package(opts.package, opts.profile)
    for problem in problems:
        print(problem)
    count = len(package_files(Path(opts.package)))
    print(f"{len(problems)} problem(s) in {count} file(s)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
