// The app's MicroPython bytecode (static/vendor/app-mpy.tar.gz, tasks.py python_archives)
// unpacked into the page's interpreter before its Python runs, by JavaScript.
// PyScript's own `[files]` unpacking of a .tar.gz runs Python's tarfile and gzip inside
// MicroPython, in the runtime's first task: about half of a 250-300 ms task on a desktop
// (docs/runtime-split-notes.md). Here the browser inflates the archive (DecompressionStream)
// while the runtime loads, and the hook below only writes the files: a few ms.
// The archive also holds PyScript's own `pyscript` package as bytecode (`precompiled/`,
// tasks.py python_archives), which the hook imports in a task of its own: PyScript writes
// the package's source before each script and imports it, and compiling it took 40-120 ms
// of the same task as the script's start.
// The pages load PyScript through this module only: its hook is then added in the same
// module graph's evaluation as PyScript's core, before PyScript can run a script (with
// core.js a script of its own, a slow answer for this file let MicroPython start first
// and the page's Python found no app: tests/browser/test_mpy_files.py).
import { hooks } from "../vendor/pyscript/core.js";
import { appFiles, offerModules, writeFiles } from "./app-files.js";

const PRECOMPILED = "precompiled";  // tasks.py PRECOMPILED

// Downloaded while the runtime loads.
const entries = appFiles();
entries.catch(() => {});  // reported when the hook awaits it

hooks.main.onReady.add(async (wrap) => {
  if (wrap.type !== "mpy") return;
  let files;
  try {
    files = await entries;
  } catch (err) {
    window.showBootFailure?.(`The app's files could not be loaded (${err.message || err}).`);
    throw err;
  }
  const { interpreter } = wrap;
  writeFiles(interpreter.FS, files);
  offerModules(interpreter.FS);
  // Ahead of the cwd, where PyScript is about to write the package's source (which
  // MicroPython would import, and compile, before a .mpy of the same name).
  const precompiled = `${interpreter.FS.cwd().replace(/\/$/, "")}/${PRECOMPILED}`;
  interpreter.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(precompiled)})\ndel sys`);
  window.performance.mark("mpy-files");
  await nextTask();
  interpreter.runPython("import pyscript\n_file = pyscript.__file__\ndel pyscript");
  // The file imported (tests/browser/test_mpy_files.py: the bytecode, not the source).
  window.performance.mark("mpy-pyscript", { detail: interpreter.globals.get("_file") });
  interpreter.runPython("del _file");
  await nextTask();
});

const nextTask = globalThis.nextTask || (() => new Promise((resolve) => setTimeout(resolve)));
