// Node helper of tools/pyodide_stdlib.py: boot Pyodide as a PyScript worker would, record
// or check which standard-library modules it loads, and write the lean python_stdlib.zip.
//
//   node tools/pyodide_stdlib.mjs REQUEST.json
//
// REQUEST (written by tools/pyodide_stdlib.py):
//   mode          "build": boot with the full stdlib, trace, compile the used modules to
//                 .pyc and write `out`; "check": boot with `stdLibURL` (the lean zip), run
//                 the same steps and report any stdlib module that was asked for but absent
//   nodeModules   the project's node_modules directory
//   stdLibURL     (check) the zip to boot with instead of pyodide's python_stdlib.zip
//   archives      [{path, format}] unpacked into the cwd like PyScript's [files] "./*"
//   imports       modules to import after PyScript's worker bootstrap
//   code          Python run after the imports (a workload, may be "")
//   out           (build) where to write the lean zip
//   optimize      (build) compile() optimization level (0 keeps docstrings and asserts)
//   result        where to write the JSON result
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const request = JSON.parse(readFileSync(process.argv[2], "utf8"));
const modules = join(request.nodeModules, "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(modules, "pyodide.mjs")).href);
// PyScript's Python bootstrap, exactly as its worker runs it before the user's code:
// writes the `pyscript` package into the cwd and imports it.
const { stdlib } = await import(
    pathToFileURL(join(request.nodeModules, "@pyscript", "core", "src", "stdlib.js")).href
);

const log = (text) => process.stderr.write(`${text}\n`);
// Node would print the error's line of pyodide.asm.mjs (megabytes): only the message.
for (const event of ["uncaughtException", "unhandledRejection"]) {
    process.on(event, (error) => {
        log(`${event}: ${error?.stack ?? error}`);
        process.exit(2);
    });
}
const ms = (start) => Math.round(performance.now() - start);
const timings = {};
const result = { mode: request.mode, timings };

// Which stdlib-zip modules are loaded (by zipimport, from the stdlib zip): name -> member.
const LOADED = `
import json as _j, sys as _s
def _lean_loaded():
    zip_path = next(p for p in _s.path if p.endswith(".zip"))
    found = {}
    for name, module in list(_s.modules.items()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        loader = type(getattr(spec, "loader", None)).__name__
        if loader == "zipimporter" and origin.startswith(zip_path + "/"):
            found[name] = origin[len(zip_path) + 1:]
    return _j.dumps({"zip": zip_path, "modules": found})
`;
const loaded = (py) => {
    py.runPython(LOADED, { globals: py.globals });
    const text = py.globals.get("_lean_loaded")();
    py.runPython("del _lean_loaded, _j, _s");
    return JSON.parse(text);
};

const t0 = performance.now();
const py = await loadPyodide({
    indexURL: `${modules}/`,
    ...(request.stdLibURL ? { stdLibURL: request.stdLibURL } : {}),
    stdout: log,
    stderr: log,
});
timings.loadPyodide = ms(t0);
const boot = loaded(py);
result.bootModules = boot.modules;

// Records every import that no finder could satisfy (a stdlib module missing from a lean
// zip shows up here even when the importer catches the ImportError).
py.runPython(`
import sys
class _LeanMissRecorder:
    missed = []
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.missed.append(name)
sys.meta_path.append(_LeanMissRecorder)
del sys
`);

let failure = null;
try {
    const t1 = performance.now();
    // What PyScript registers in a worker before running Python (polyscript's worker
    // template and @pyscript/core's hooks): stand-ins with the same names and shapes.
    py.registerJsModule("polyscript", {
        config: { sync_main_only: true },
        js_modules: {},
        xworker: { window: null, sync: {} },
        target: "",
        IDBMap: class {},
        IDBMapSync: class {},
        ffi: {},
        currentScript: null,
        lazy_py_modules: async () => [],
        storage: async () => ({}),
        JSON,
    });
    py.registerJsModule("_pyscript", {
        fs: { ERROR: "storage permissions not granted", NAMESPACE: "@pyscript.fs" },
        interpreter: {},
    });
    // PyScript's [files] "./app.tar.gz" = "./*": pyodide.unpackArchive into the cwd.
    for (const { path, format } of request.archives) {
        py.unpackArchive(new Uint8Array(readFileSync(path)), format, { extractDir: "." });
    }
    // polyscript's pyodide engine with experimental_create_proxy = "auto"
    py.runPython(
        [
            "import js",
            "from pyodide.ffi import to_js",
            "o=js.Object.fromEntries",
            "js.experimental_create_proxy=lambda r:to_js(r,dict_converter=o)",
        ].join(";"),
        { globals: py.toPy({}) },
    );
    delete globalThis.experimental_create_proxy;
    await py.runPythonAsync(stdlib);
    timings.pyscriptBootstrap = ms(t1);

    const t2 = performance.now();
    const imports = request.imports.map((name) => `import ${name}`).join("\n");
    await py.runPythonAsync(`${imports}\n__export__ = []\n`);
    timings.imports = ms(t2);
    // polyscript's worker template after the user's code: the __export__ hand-over.
    py.runPython(
        [
            "import js as __polyscript_workers__",
            '__polyscript_workers__.__polyscript_workers__ = "__export__" in locals() and __export__ or []',
            "del __polyscript_workers__",
        ].join("\n"),
    );
    delete globalThis.__polyscript_workers__;

    const t3 = performance.now();
    if (request.code) await py.runPythonAsync(request.code);
    timings.code = ms(t3);

    // Error paths a worker takes at run time: a traceback formatted in Python, one that
    // crosses into JavaScript (an exported function raising), a name suggestion, source
    // lines read from a .py file on the FS, and an asyncio task failing unobserved.
    const t4 = performance.now();
    await py.runPythonAsync(`
import asyncio, gc, os, sys, traceback
with open("_lean_probe.py", "w", encoding="utf-8") as f:
    f.write("def fail(data):\\n    return data['missing']  # source line shown\\n")
import _lean_probe
try:
    _lean_probe.fail({})
except KeyError:
    text = traceback.format_exc()
assert "source line shown" in text and "KeyError" in text, text
try:
    travelback  # noqa
except NameError as exc:
    text = "".join(traceback.format_exception(exc))
assert "Did you mean" in text, text
def _lean_raise(text):
    raise ValueError(text)
async def _lean_task_fails():
    raise RuntimeError("unobserved")
task = asyncio.ensure_future(_lean_task_fails())
await asyncio.sleep(0)
del task
gc.collect()
del sys.modules["_lean_probe"], _lean_probe
os.remove("_lean_probe.py")
`);
    let message = "";
    try {
        py.globals.get("_lean_raise")("from an exported function");
    } catch (error) {
        message = String(error.message);
    }
    if (!message.includes("Traceback") || !message.includes("ValueError: from an exported")) {
        throw new Error(`no Python traceback crossed into JavaScript: ${message}`);
    }
    result.jsTraceback = message;
    timings.errors = ms(t4);
} catch (error) {
    failure = String(error?.message ?? error);
}
result.failure = failure;
result.missed = JSON.parse(
    py.runPython(
        "import json, sys; json.dumps(next(m for m in sys.meta_path if getattr(m, '__name__', '') == '_LeanMissRecorder').missed)",
    ),
);
const traced = loaded(py);
result.zipPath = traced.zip;
result.modules = traced.modules;

if (request.mode === "build" && !failure) {
    // Compile every module that was loaded from the stdlib zip (and each package's
    // __init__) with Pyodide's own Python, as sourceless .pyc where the .py was.
    const t5 = performance.now();
    const members = JSON.stringify(Object.values(traced.modules));
    py.runPython(`
import importlib.util, json, marshal, zipfile
members = set(json.loads(${JSON.stringify(members)}))
for member in list(members):
    parts = member.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        members.add("/".join(parts[:i]) + "/__init__.py")
with zipfile.ZipFile(${JSON.stringify(traced.zip)}) as full:
    names = set(full.namelist())
    members &= names
    dirs = sorted({m.rsplit("/", 1)[0] + "/" for m in members if "/" in m})
    with zipfile.ZipFile("/tmp/lean_stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as lean:
        for name in dirs:
            lean.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), b"")
        for member in sorted(members):
            source = full.read(member)
            code = compile(source, ${JSON.stringify(traced.zip)} + "/" + member, "exec",
                           dont_inherit=True, optimize=${Number(request.optimize ?? 0)})
            # unchecked hash-based pyc (PEP 552): never compared with a source
            pyc = (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
                   + importlib.util.source_hash(source) + marshal.dumps(code))
            info = zipfile.ZipInfo(member[:-3] + ".pyc", (2020, 1, 1, 0, 0, 0))
            lean.writestr(info, pyc, zipfile.ZIP_DEFLATED, 9)
`);
    writeFileSync(request.out, py.FS.readFile("/tmp/lean_stdlib.zip"));
    timings.compile = ms(t5);
}
timings.total = ms(t0);
writeFileSync(request.result, JSON.stringify(result, null, 1));
process.exit(failure ? 1 : 0);
