// Embed mode: a compact frame for one game. Nothing heavy loads until the reader clicks
// "Play" (a game at once, the game's usual settings) or "Choose settings", or a reload of
// the host page finds the frame was at its table; the frame reports its height to the
// host page.
// Each game's title and pitch (id -> [title, pitch]), which tasks.py build writes into
// embed.html from the games' registry (tools/registry_pages.py).
const GAMES = JSON.parse(document.getElementById("embed-games")?.textContent ?? "{}");
const params = new URLSearchParams(location.search);
// The last "game" counts, as in the app (ui/share/links.py reads the last of each setting).
const gameId = params.getAll("game").pop() ?? null;
const known = Object.prototype.hasOwnProperty.call(GAMES, gameId || "");
const title = document.getElementById("embed-title");
const pitch = document.getElementById("embed-pitch");
const play = document.getElementById("embed-play");
const setup = document.getElementById("embed-setup");
const fullLink = document.getElementById("open-full");
const notice = document.getElementById("notice");

function say(text) {
  notice.textContent = text;  // text only: nothing from the URL becomes HTML
  notice.hidden = false;
}
// The notice's height with its margins (0 when hidden): at a table, where it is the page's
// first line, a narrow frame puts "Open full app" under it in the table bar's corner, not
// over its words (app.css). Where the browser knows CSS anchors, app.css ties it to the
// table's bar instead, in the same layout (this measure comes a frame later).
new ResizeObserver(() => {
  const style = getComputedStyle(notice);
  const margins = parseFloat(style.marginTop) + parseFloat(style.marginBottom);
  const bottom = notice.hidden ? 0 : notice.offsetHeight + margins;
  document.body.style.setProperty("--notice-bottom", `${bottom}px`);
}).observe(notice);

// An embedded hand or puzzle (`show=`, ui/share/embeds.py) boots at once: it is what the
// blog post shows. Its "Open full app" deals the same deal there.
const showing = params.has("show");
const DEAL = ["game", "players", "seed"];
function dealQuery() {
  const deal = new URLSearchParams();
  for (const [name, value] of params) {
    if (DEAL.includes(name) || name.startsWith("opt-")) deal.set(name, value);
  }
  return deal.toString();
}

if (known) {
  title.textContent = GAMES[gameId][0];
  pitch.textContent = GAMES[gameId][1];
  fullLink.href = showing ? `./?${dealQuery()}` : `./?game=${encodeURIComponent(gameId)}`;
  if (showing) fullLink.title = "Play this deal in the full app";
} else {
  play.disabled = true;
  setup.disabled = true;
  say("This embed names no known game. Open the full app to pick one.");
}

// The reader's game in this frame (ui/saves.py embed_save_key), and whether this tab's
// frame was at its table (kept by the app: tableOnReload). The host page's address is not
// the frame's to change, so a reload of the host page brings the frame back to its table
// through the tab's sessionStorage (a later visit, in a new tab, offers it on Play).
const SAVE_KEY = `pygame-table.save.embed.${gameId}`;
const AT_TABLE = `trick-table.embed.at-table.${gameId}`;
function stored(kind, key) {
  try {
    return window[kind].getItem(key) !== null;
  } catch {
    return false;  // storage blocked: nothing was kept
  }
}
// Where the frame is (the app's words, ui/app.py keep_for_reload: "game", its saved game;
// "learn:N", its lesson after N moves), or null: at no table.
globalThis.tableOnReload = (place) => {
  try {
    if (place) sessionStorage.setItem(AT_TABLE, place);
    else sessionStorage.removeItem(AT_TABLE);
  } catch {
    // storage blocked: the game is not saved either
  }
};
globalThis.tableToResume = () => {
  try {
    return sessionStorage.getItem(AT_TABLE);
  } catch {
    return null;
  }
};

// The body's own height (it has no minimum in embed mode), not the document's: that is
// never less than the frame, so a frame would grow with the game but never shrink back.
const pageHeight = () => Math.ceil(document.body.getBoundingClientRect().height);
function reportHeight() {
  const height = pageHeight();
  if (window.parent !== window) window.parent.postMessage({ type: "trick-table:height", height }, "*");
}
new ResizeObserver(reportHeight).observe(document.body);
addEventListener("load", reportHeight);

// When the app brings something into view (host.js bringIntoView: the lesson's move, the
// game's result, an opened panel), the host page is asked to scroll to it too: WebKit
// (Safari) scrolls only this frame's own page, never the host page around a frame from
// another site, so a frame that the host sized to its content showed nothing. The
// README's host script answers "trick-table:scroll" with the rows `top`-`bottom` of this
// frame's page. Rows measured while the frame's height differs from its page's are asked
// again once the host has sized the frame: the player's area, docked at the frame's
// bottom (app.css), then moves. (Firefox and Chromium scroll the host page themselves;
// there the host finds the rows in view.)
let unsized = null;
function askHostToShow(node, block) {
  if (window.parent === window) return;
  const box = node.getBoundingClientRect();
  const [top, bottom] = [box.top + scrollY, box.bottom + scrollY];
  window.parent.postMessage({ type: "trick-table:scroll", top, bottom, block }, "*");
  unsized = Math.abs(innerHeight - pageHeight()) > 1 ? { node, block } : null;
}
globalThis.askHostToShow = askHostToShow;
addEventListener("resize", () => {
  if (!unsized || Math.abs(innerHeight - pageHeight()) > 1) return;
  const { node, block } = unsized;
  unsized = null;
  if (node.isConnected) askHostToShow(node, block);
});

// A host without the sizing script leaves the frame at its own height (420 px is common,
// 360 px happens): the page then scrolls inside the frame, and the reader's area (the
// prompt and the hand) is docked at the frame's bottom (app.css). On the reader's turn,
// when that area covers the cards in play (or the top of the centre, where none are), or
// they are above the frame's top, the page scrolls: the table to the frame's top where it
// fits from there to the end of the reader's area, else the table's centre (the others'
// seats above it, a scroll away). Also when the frame is resized. A frame that fits the
// page never scrolls; nor once the game is over (its result is scrolled to instead). Only
// this frame's own page scrolls: never the host page.
function showMyTurn() {
  const board = document.querySelector("#screen:not([hidden]) .table-screen:not([data-waiting]) .board");
  const mine = board && board.querySelector(".my-area");
  const centre = board && board.querySelector(".centre");
  if (!mine || !centre || !mine.querySelector(".prompt")) return;  // not the reader's turn
  if (document.querySelector("#screen [data-testid=game-over]")) return;
  const drawn = (el) => el.getClientRects().length > 0;
  const inPlay = [...centre.querySelectorAll(":is(.trick-stage, .trick)")].find(drawn);
  const shown = (inPlay || [...centre.children].find(drawn) || centre).getBoundingClientRect();
  const docked = mine.getBoundingClientRect();
  if (shown.top >= 0 && shown.bottom <= docked.top + 1) return;
  mine.style.position = "static";  // where the area ends when not docked
  const end = mine.getBoundingClientRect().bottom;
  mine.style.position = "";
  const boardTop = board.getBoundingClientRect().top;
  const top = end - boardTop <= innerHeight ? boardTop : centre.getBoundingClientRect().top - 4;
  scrollTo(0, scrollY + top);
}
new MutationObserver(() => requestAnimationFrame(showMyTurn)).observe(document.getElementById("screen"), {
  subtree: true, childList: true, attributes: true, attributeFilter: ["data-waiting", "hidden"],
});
addEventListener("resize", () => requestAnimationFrame(showMyTurn));

function storageWorks() {
  try {
    const key = "trick-table.probe";
    localStorage.setItem(key, "1");
    localStorage.removeItem(key);
    return typeof indexedDB !== "undefined" && indexedDB !== null;
  } catch (err) {
    return false;
  }
}

function blocked(reason) {
  document.body.dataset.appState = "error";
  document.getElementById("loading").hidden = true;
  say(`The game cannot start inside this page (${reason}). Use "Open full app" to play.`);
  fullLink.classList.add("btn", "primary");
}

// PyScript 0.7 opens IndexedDB for its package cache before starting an interpreter,
// and browsers deny IndexedDB to cross-site frames when third-party storage is
// blocked. There we start MicroPython ourselves (the same runtime and bytecode as with
// PyScript; about 6 MB less than Pyodide), and the app's Python reaches the page through
// `js` (ui/runtime/browser.py). This frame can keep nothing anyway; its bots think on the
// page, with no worker.
async function bootWithoutPyScript(bar) {
  const base = new URL("static/", location.href);
  const [{ loadMicroPython }, { appFiles, offerModules, writeFiles }] = await Promise.all([
    import(new URL("vendor/micropython/micropython.mjs", base).href),
    import(new URL("js/app-files.js", base).href),
  ]);
  const files = appFiles();
  bar.value = 30;
  const micropython = await loadMicroPython({
    url: new URL("vendor/micropython/micropython.wasm", base).href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  bar.value = 80;
  writeFiles(micropython.FS, await files);
  offerModules(micropython.FS);
  micropython.runPython(BOOT_PY.replace("from pyscript import window", "from js import window"));
}

// index.html's boot script, the same text: the app in steps after the runtime's own task.
const BOOT_PY = `import asyncio

from pyscript import window


async def boot():
    # Our Python starts after the runtime's own task, in steps that each give the page a
    # turn (no task over 100 ms): the engine, the UI, then the first screen. (Awaiting the
    # page's next task, static/js/host.js: a 1 ms asyncio.sleep may not return to it.)
    # Performance marks at each step: tests/benchmarks read them to tell our steps from
    # the runtime's own start.
    try:
        window.performance.mark("py-boot")
        await window.nextTask()
        import pygame_rules.bots
        window.performance.mark("py-engine")
        await window.nextTask()
        from ui.app import main
        window.performance.mark("py-ui")
        await window.nextTask()
    except Exception as exc:
        window.showBootFailure("Python could not load the app (" + str(exc) + ").")
        raise
    main()


asyncio.create_task(boot())
`;
window.showBootFailure = (message) => blocked(message);

// index.html's config of the main thread, the same text.
const MPY_CONFIG = '{"interpreter": "./static/vendor/micropython/micropython.mjs", "plugins": ["!error", "!py-editor", "!py-game", "!py-terminal", "!deprecations-manager", "!donkey", "!codemirror"]}';

function bootWithPyScript() {
  const py = document.createElement("script");
  py.type = "mpy";
  py.setAttribute("config", MPY_CONFIG);
  py.textContent = BOOT_PY;
  document.body.append(py);
  // PyScript, with the hook that unpacks the app's bytecode (static/js/mpy-files.js).
  const core = document.createElement("script");
  core.type = "module";
  core.src = "./static/js/mpy-files.js";
  core.onerror = () => blocked("the game engine could not be loaded");
  document.head.append(core);
}

// Boot the app: `how` the reader asked for it (ui/runtime/page.py embed_start): "play" (their
// game in this frame, else a new one with the game's usual settings), "setup" (the setup
// screen), "resume" (a reload of the host page while the frame was at its table).
let started = false;
function start(how) {
  if (started) return;
  started = true;
  document.body.dataset.embedStart = how;
  const storage = storageWorks();
  if (!storage && how !== "view") say("Your browser blocks storage in embedded frames: this game will not be saved.");
  document.getElementById("embed-start").hidden = true;
  document.getElementById("loading").hidden = false;
  document.body.dataset.appState = "loading";
  const bar = document.getElementById("loading-bar");
  let steps = 0;
  addEventListener("py:progress", () => { steps += 1; bar.value = Math.min(95, 5 + steps * 12); });
  new MutationObserver(() => {
    if (document.body.dataset.appState === "ready") document.getElementById("loading").hidden = true;
  }).observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
  if (storage) {
    bootWithPyScript();
  } else {
    bootWithoutPyScript(bar).catch((err) => blocked(`the game engine could not start: ${err}`));
  }
  setTimeout(() => {
    if (document.body.dataset.appState === "loading") blocked("the game engine did not start in time");
  }, 90000);
}

if (known && showing) {
  start("view");  // a hand or puzzle keeps nothing, and is never resumed
} else if (known) {
  play.addEventListener("click", () => start("play"));
  setup.addEventListener("click", () => start("setup"));
  const place = globalThis.tableToResume() ?? "";
  if ((place === "game" && stored("localStorage", SAVE_KEY)) || place.startsWith("learn:")) {
    start("resume");  // the frame was at its table: it comes back to it, moving nothing outside
  } else if (stored("localStorage", SAVE_KEY)) {
    play.textContent = "Resume your game";
    document.getElementById("embed-note").textContent =
      "You have a game in progress here. The settings start another, or a guided first deal.";
  }
}
