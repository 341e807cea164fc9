#!/usr/bin/env node
// Run a Python file under MicroPython's WebAssembly build (the one PyScript loads) in Node.
//
//   node tools/micropython/run.mjs [--package DIR]... [--path DIR]... [--heapsize N[k|m]]
//                                  [--pystack WORDS] [--loader FILE] SCRIPT.py [ARGS...]
//
// The build is the npm package @micropython/micropython-webassembly-pyscript, pinned in
// package.json and taken from this repository's node_modules (`npm ci` installs it).
//
// Every --package DIR is copied (recursively, skipping __pycache__ and dot files) into the
// MicroPython virtual FS (MEMFS) as /lib/<name of DIR>, and /lib goes on sys.path: so
// `--package pygame_rules` makes `import pygame_rules` work.  Every --path DIR's contents
// are copied to /mnt/<n>/, and /mnt/<n> goes on sys.path (modules such as tests/canon.py).
// SCRIPT.py is copied to /main/<name> and run as __main__ with sys.argv = [SCRIPT.py,
// ARGS...]; /main is first on sys.path.  stdout/stderr go to the process's; the exit code
// is 0, sys.exit(n)'s n, or 1 on an uncaught exception (MicroPython's traceback on stderr).
//
// Memory: this build never collects garbage while Python runs; it grows the heap instead
// and collects only when control returns to JavaScript (ports/webassembly/main.c,
// MICROPY_GC_SPLIT_HEAP_AUTO), with a 2 GB ceiling.  A long script therefore hands its
// work over in chunks: it does `import runmjs; runmjs.PENDING.append(generator)` (see
// steps.py), and once the script body has run, this runner calls next() on each pending
// generator from JavaScript until it is exhausted, one chunk per call, so the garbage of
// each chunk is collected.  Defaults (heap 1 MB that grows, pystack 2048 words) are the
// package's, as under PyScript.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const PACKAGE = "@micropython/micropython-webassembly-pyscript";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
let ENTRY = path.join(ROOT, "node_modules", ...PACKAGE.split("/"), "micropython.mjs");

function usage(msg) {
    if (msg) console.error(`run.mjs: ${msg}`);
    console.error(
        "usage: node tools/micropython/run.mjs [--package DIR]... [--path DIR]... " +
            "[--heapsize N[k|m]] [--pystack WORDS] [--loader FILE] SCRIPT.py [ARGS...]",
    );
    process.exit(2);
}

const argv = process.argv.slice(2);
const paths = [];
const packages = [];
const options = {}; // heapsize, pystack: the package defaults unless given
while (argv.length && argv[0].startsWith("--")) {
    const opt = argv.shift();
    if (opt === "--") break;
    const val = argv.shift();
    if (val === undefined) usage(`${opt} needs a value`);
    if (opt === "--path") paths.push(val);
    else if (opt === "--package") packages.push(val);
    else if (opt === "--loader") ENTRY = path.resolve(val); // e.g. the site's patched copy
    else if (opt === "--heapsize") {
        const m = /^(\d+)([kKmM]?)$/.exec(val);
        if (!m) usage(`bad --heapsize ${val}`);
        options.heapsize = parseInt(m[1], 10) * ({ k: 1024, m: 1048576 }[m[2].toLowerCase()] || 1);
    } else if (opt === "--pystack") {
        if (!/^\d+$/.test(val)) usage(`bad --pystack ${val}`);
        options.pystack = parseInt(val, 10);
    } else usage(`unknown option ${opt}`);
}
const script = argv.shift();
if (!script) usage("no script");
if (!fs.existsSync(ENTRY)) {
    console.error(`run.mjs: ${ENTRY} is missing: run \`npm ci\` in ${ROOT} (python3 tasks.py test does)`);
    process.exit(2);
}
const { loadMicroPython } = await import(pathToFileURL(ENTRY).href);

// Line-buffered output straight to the process streams (a byte at a time is slow).
const out = (line) => process.stdout.write(line + "\n");
const err = (line) => process.stderr.write(line + "\n");
const mp = await loadMicroPython({ ...options, stdout: out, stderr: err, linebuffer: true });
const FS = mp.FS;

function mkdirp(p) {
    let cur = "";
    for (const part of p.split("/").filter(Boolean)) {
        cur += "/" + part;
        try { FS.mkdir(cur); } catch { /* exists */ }
    }
}

function copyTree(src, dst) {
    mkdirp(dst);
    for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
        if (ent.name === "__pycache__" || ent.name.startsWith(".")) continue;
        const s = path.join(src, ent.name);
        const d = dst + "/" + ent.name;
        if (ent.isDirectory()) copyTree(s, d);
        else if (ent.isFile()) FS.writeFile(d, fs.readFileSync(s));
    }
}

const sysPath = [];
for (const p of packages) copyTree(path.resolve(p), "/lib/" + path.basename(path.resolve(p)));
if (packages.length) sysPath.push("/lib");
paths.forEach((p, i) => {
    const mnt = `/mnt/${i}`;
    copyTree(path.resolve(p), mnt);
    sysPath.push(mnt);
});
mkdirp("/main");
FS.writeFile("/main/runmjs.py", "# Present only under run.mjs: generators of work chunks to step from JS.\nPENDING = []\n");
const mainFile = "/main/" + path.basename(script);
FS.writeFile(mainFile, fs.readFileSync(script));
sysPath.unshift("/main");

// The runner itself is Python: exceptions are printed by MicroPython with its traceback,
// SystemExit gives the exit code.  (runPython only throws for errors in this wrapper.)
const q = JSON.stringify;
mp.runPython(`
import sys
sys.path[:0] = ${q(sysPath)}
sys.argv[:] = ${q([script, ...argv])}
_rc = 0
try:
    with open(${q(mainFile)}) as _f:
        _src = _f.read()
    _g = {"__name__": "__main__", "__file__": ${q(mainFile)}}
    exec(compile(_src, ${q(mainFile)}, "exec"), _g)
except SystemExit as _e:
    _c = _e.args[0] if _e.args else 0
    if _c is None:
        _rc = 0
    elif isinstance(_c, int):
        _rc = _c
    else:
        print(_c, file=sys.stderr)
        _rc = 1
except BaseException as _e:
    sys.print_exception(_e, sys.stderr)
    _rc = 1

def _step():
    # One chunk of the first pending generator; False when nothing is left (or it failed).
    global _rc
    import runmjs
    while runmjs.PENDING and _rc == 0:
        try:
            next(runmjs.PENDING[0])
            return True
        except StopIteration:
            runmjs.PENDING.pop(0)
        except SystemExit as e:
            c = e.args[0] if e.args else 0
            _rc = c if isinstance(c, int) else 1
        except BaseException as e:
            sys.print_exception(e, sys.stderr)
            _rc = 1
    return False
`);
// Each call returns to JS, where the WebAssembly build collects its garbage.
for (;;) {
    mp.runPython("_more = _step()");
    if (mp.globals.get("_more") !== true) break;
}
process.exitCode = mp.globals.get("_rc");
