// The app's MicroPython bytecode (static/vendor/app-mpy.tar.gz, tasks.py python_archives):
// downloaded and inflated by the browser, then written into an interpreter's files. Used by
// static/js/mpy-files.js (PyScript's MicroPython) and static/js/embed.js (MicroPython
// started directly, in a frame whose storage is blocked).

const ARCHIVE = new URL("../vendor/app-mpy.tar.gz", import.meta.url);
const BLOCK = 512;

// [path, bytes] of each of the archive's files. The same request as the page's
// <link rel="preload" as="fetch" crossorigin> (tasks.py preload_links), so it is
// downloaded once, from the start of the page.
export function appFiles() {
  return fetch(ARCHIVE)
    .then((response) => {
      if (!response.ok) throw new Error(`${ARCHIVE.pathname}: HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((buffer) => inflated(new Uint8Array(buffer)))
    .then(tarEntries);
}

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
export function writeFiles(FS, files) {
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
