// The app's MicroPython bytecode (static/vendor/app-mpy.tar.gz, each game's own in
// app-mpy-<game id>.tar.gz, and the features a link's first move never uses in
// app-mpy-rest.tar.gz: tasks.py python_archives): downloaded and inflated by the browser,
// then written into an interpreter's files. Used by static/js/mpy-files.js
// (PyScript's MicroPython) and static/js/embed.js (MicroPython started directly, in a frame
// whose storage is blocked).

const ARCHIVE = new URL("../vendor/app-mpy.tar.gz", import.meta.url);
const REST = new URL("../vendor/app-mpy-rest.tar.gz", import.meta.url);
const SITE = new URL("../../", import.meta.url);
const BLOCK = 512;
// Each game's files by id, the games the page boots with (static/js/host.js: the one game
// a link names, else all), and whether it boots with the rest of the app (all but a link
// to one game's table).
const GAME_FILES = globalThis.gameFiles ?? {};
const BOOT_GAMES = globalThis.bootGames ?? Object.keys(GAME_FILES);
const BOOT_REST = globalThis.bootRest ?? true;

// [path, bytes] of each of an archive's files (static/js/bots-worker.js fetches its own).
export function archiveFiles(url) {
  return fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((buffer) => inflated(new Uint8Array(buffer)))
    .then((bytes) => tarEntries(bytes, url.pathname));
}

// A game's bytecode, fetched once, when its stylesheet is applied too (host.js gameStyle):
// its table is never drawn unstyled.
const fetched = new Map();
function gameFiles(id) {
  if (!fetched.has(id)) {
    const files = archiveFiles(new URL(GAME_FILES[id].archive, SITE));
    fetched.set(id, Promise.all([files, globalThis.gameStyle(id)]).then(([list]) => list));
  }
  return fetched.get(id);
}

// The rest of the app's files, fetched once, when its stylesheet is applied too (host.js
// restStyle).
let restFiles = null;
const rest = () => (restFiles ??= Promise.all([archiveFiles(REST), globalThis.restStyle()]).then(([list]) => list));

// [path, bytes] of the app's files, the boot's games' and, but for a link to a table, the
// rest's, once the games' stylesheets are applied. The same requests as the page's
// <link rel="preload" as="fetch" crossorigin> (tasks.py preload_links, static/js/host.js),
// so each is downloaded once, from the start of the page.
export function appFiles() {
  const parts = [archiveFiles(ARCHIVE), ...(BOOT_REST ? [rest()] : []), ...BOOT_GAMES.map(gameFiles)];
  return Promise.all(parts).then((lists) => lists.flat());
}

// Once the boot's files are written into `FS`: the rest of the app and the other games on
// the app's request (ui/runtime/page.py modules_missing, load_modules), as
// `globalThis.appModules`: `missing(everyGame)` counts the parts not written yet (the rest;
// with `everyGame`, each other game too: an embedded frame shows one game only), and
// `load(everyGame)` fetches and writes them.
export function offerModules(FS) {
  const written = new Set(BOOT_GAMES);
  if (BOOT_REST) written.add(REST.href);
  const missing = (everyGame) => [
    ...(written.has(REST.href) ? [] : [REST.href]),
    ...(everyGame ? Object.keys(GAME_FILES).filter((id) => !written.has(id)) : []),
  ];
  globalThis.appModules = {
    missing: (everyGame) => missing(Boolean(everyGame)).length,
    load: async (everyGame) => {
      const parts = missing(Boolean(everyGame));
      const lists = await Promise.all(parts.map((part) => (part === REST.href ? rest() : gameFiles(part))));
      parts.forEach((part, at) => {
        if (written.has(part)) return;  // written by another call meanwhile
        writeFiles(FS, lists[at]);
        written.add(part);
      });
      return true;
    },
  };
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
function tarEntries(bytes, archive) {
  const files = [];
  for (let at = 0; at + BLOCK <= bytes.length; ) {
    const name = text(bytes, at, 100);
    if (!name) break;  // the two zero blocks at the end
    const prefix = text(bytes, at + 345, 155);
    const size = parseInt(text(bytes, at + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(bytes[at + 156] || 0x30);
    if (type !== "0" || !Number.isSafeInteger(size) || size < 0) {
      throw new Error(`${archive}: unexpected entry ${name} (type ${type})`);
    }
    const path = prefix ? `${prefix}/${name}` : name;
    if (path.startsWith("/") || path.split("/").includes("..")) {
      throw new Error(`${archive}: unsafe path ${path}`);
    }
    files.push([path, bytes.slice(at + BLOCK, at + BLOCK + size)]);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (!files.length) throw new Error(`${archive}: no files`);
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
