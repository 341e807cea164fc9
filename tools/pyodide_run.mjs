#!/usr/bin/env node
// Run a Python file under Pyodide (the build the bots' worker loads) in Node.
//
//   node tools/pyodide_run.mjs [--root DIR] SCRIPT.py [ARGS...]
//
// Pyodide comes from this repository's node_modules (`npm ci`). DIR (default: this
// repository) is mounted read-only-in-spirit at /mnt/root and put first on sys.path, so
// `import pygame_rules` finds DIR/pygame_rules; SCRIPT.py runs as __main__ with
// sys.argv = [SCRIPT.py, ARGS...]. stdout and stderr are the process's; the exit code is 0,
// or 1 on an uncaught Python exception. For benchmarks (tests/benchmarks/bench_search_speed.py).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let root = resolve(here, "..");
if (args[0] === "--root") {
  root = resolve(args[1]);
  args.splice(0, 2);
}
const [script, ...rest] = args;
const modules = join(resolve(here, ".."), "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(modules, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: `${modules}/` });
py.FS.mkdirTree("/mnt/root");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/mnt/root");
py.globals.set("_argv", [script, ...rest]);
try {
  py.runPython("import sys; sys.path.insert(0, '/mnt/root'); sys.argv = list(_argv)");
  py.runPython(readFileSync(script, "utf8"), { filename: script });
} catch (error) {
  process.stderr.write(`${error.message ?? error}\n`);
  process.exit(1);
}
