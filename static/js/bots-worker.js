// The bots' quick engine: MicroPython in a worker of its own, started with the bots' worker
// (Pyodide, ui/runtime/worker_client.py) and asked in its place until that one is ready.
// Its runtime and bytecode are the page's own, already downloaded (the page's archives and
// app-mpy-bots.tar.gz, 1.7 KB: ui/play/bot_worker.py, tasks.py QUICK_WORKER_ARCHIVE), so on a
// phone's first visit it is ready in seconds, where Pyodide's 5 MB take half a minute.
// No PyScript: only JSON text crosses, as with the other worker.
//   page -> worker: {archives: [paths from the site's root]} once, then
//                   {id, method, text} (ui/play/bot_worker.py `answer_later`) and {cancel: id}
//   worker -> page: {ready: "MicroPython ..."} or {failed: reason}, then {id, text}
import { loadMicroPython } from "../vendor/micropython/micropython.mjs";
import { archiveFiles, writeFiles } from "./app-files.js";

const SITE = new URL("../../", import.meta.url);
let bots = null;  // ui.play.bot_worker, once ready
const early = [];  // messages that came while it started

async function start(archives) {
  const files = Promise.all(archives.map((path) => archiveFiles(new URL(path, SITE))));
  const micropython = await loadMicroPython({
    url: new URL("../vendor/micropython/micropython.wasm", import.meta.url).href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  writeFiles(micropython.FS, (await files).flat());
  const module = micropython.pyimport("ui.play.bot_worker");
  const about = module.ready();
  bots = module;
  return about;
}

function handle(data) {
  if (data.cancel !== undefined) bots.cancel(data.cancel);
  else bots.answer_later(data.method, data.text, (text) => postMessage({ id: data.id, text }));
}

addEventListener("message", ({ data }) => {
  if (data.archives) {
    start(data.archives).then(
      (about) => {
        postMessage({ ready: about });
        early.splice(0).forEach(handle);
      },
      (err) => postMessage({ failed: String(err?.message || err) }),
    );
  } else if (bots) handle(data);
  else early.push(data);
});
