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

const ARCHIVE = new URL("../vendor/app-mpy.tar.gz", import.meta.url);
const PRECOMPILED = "precompiled";  // tasks.py PRECOMPILED
const BLOCK = 512;

// The same request as the page's <link rel="preload" as="fetch" crossorigin> (tasks.py
// preload_links), so it is downloaded once, from the start of the page.
const entries = fetch(ARCHIVE)
  .then((response) => {
    if (!response.ok) throw new Error(`${ARCHIVE.pathname}: HTTP ${response.status}`);
    return response.arrayBuffer();
  })
  .then((buffer) => inflated(new Uint8Array(buffer)))
  .then(tarEntries);
entries.catch(() => {});  // reported when the hook awaits it

// The tar inside: a host that sends the archive with Content-Encoding: gzip has had
// fetch() inflate it already.
async function inflated(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const text = (bytes, start, length) => {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end));
};

// [path, bytes] of each regular file of a ustar archive (the build writes no other kind:
// tasks.py python_archive); anything else is an error, not skipped.
function tarEntries(bytes) {
  const files = [];
  for (let at = 0; at + BLOCK <= bytes.length; ) {
    const name = text(bytes, at, 100);
    if (!name) break;  // the two zero blocks at the end
    const prefix = text(bytes, at + 345, 155);
    const size = parseInt(text(bytes, at + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(bytes[at + 156] || 0x30);
    if (type !== "0" || !Number.isSafeInteger(size) || size < 0) {
      throw new Error(`${ARCHIVE.pathname}: unexpected entry ${name} (type ${type})`);
    }
    const path = prefix ? `${prefix}/${name}` : name;
    if (path.startsWith("/") || path.split("/").includes("..")) {
      throw new Error(`${ARCHIVE.pathname}: unsafe path ${path}`);
    }
    files.push([path, bytes.slice(at + BLOCK, at + BLOCK + size)]);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (!files.length) throw new Error(`${ARCHIVE.pathname}: no files`);
  return files;
}

// Write the files into the interpreter's working directory, as PyScript's `"./*"` does.
function writeFiles(FS, files) {
  const cwd = FS.cwd().replace(/\/$/, "");
  const made = new Set([cwd]);
  for (const [path, data] of files) {
    const parts = path.split("/");
    let dir = cwd;
    for (const part of parts.slice(0, -1)) {
      dir += `/${part}`;
      if (made.has(dir)) continue;
      try { FS.mkdir(dir); } catch (_) { /* there already */ }
      made.add(dir);
    }
    FS.writeFile(`${cwd}/${path}`, data, { canOwn: true });
  }
}

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
