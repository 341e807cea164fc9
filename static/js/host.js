// A link to a table (?game=..., a lesson's ?learn=...) never shows the lobby: it is hidden
// before the page is first laid out (html[data-boot=link], app.css), which on a phone (CPU
// x4) took 140 ms of layout before Python started. The app removes the mark when it shows
// the lobby.
if (/[?&](game|learn)=/.test(location.search)) document.documentElement.dataset.boot = "link";

// The games' files and the boot's preloads: in a block, as this script's names share the
// page's global scope with the other classic scripts (embed.js).
{
  // Asks for a file the boot fetches later, now (as fetch() will ask: cors mode), or for a
  // module script.
  const preload = (href, module) => {
    const link = document.createElement("link");
    link.rel = module ? "modulepreload" : "preload";
    if (!module) [link.as, link.crossOrigin] = ["fetch", "anonymous"];
    link.href = `./${href}`;
    document.head.append(link);
  };

  // Each game's own bytecode ships in an archive of its own, and its stylesheet in a file of
  // its own (the build lists them by game id in #game-files: tasks.py game_files_json). An
  // address that names one known game (its `game=`, `learn=` and `rules=`, the last of each
  // counting, as in ui/share/links.py) boots with that game's files only; any other (the
  // lobby, an unknown id) with every game's. static/js/app-files.js fetches the archives with
  // the app's own and waits for the stylesheets; the app asks for the other games' files
  // when it needs them (ui/runtime/page.py load_games).
  const GAME_FILES = JSON.parse(document.getElementById("game-files")?.textContent ?? "{}");
  const address = new URLSearchParams(location.search);
  const named = new Set(
    ["game", "learn", "rules"].map((key) => address.getAll(key).pop()).filter((id) => id !== undefined),
  );
  const known = (id) => Object.prototype.hasOwnProperty.call(GAME_FILES, id);
  globalThis.gameFiles = GAME_FILES;
  globalThis.bootGames = named.size === 1 && [...named].every(known) ? [...named] : Object.keys(GAME_FILES);
  // The features a link's first move never uses (the lobby, setup, the game over, the
  // share panels: tasks.py REST_MODULES) ship apart, in app-mpy-rest.tar.gz: a page that
  // boots with one game leaves them for later (the app asks for them: ui/app.py
  // with_whole_app), but for an embedded hand or puzzle, which shows one at once, and an
  // address with no table (`?rules=` alone: the page's own lobby is drawn at once). A blog's
  // frame (embed.html, which lists #boot-fetches) boots with it too: a stylesheet applied
  // under a drawn frame made WebKit report "ResizeObserver loop completed with undelivered
  // notifications" (static/js/embed.js measures the frame's height), when the rest came
  // after a resumed game's end (tests/engines/test_smoke.py).
  const showing = /[?&]show=/.test(location.search);
  const table = /[?&](game|learn)=/.test(location.search);
  const framePage = document.getElementById("boot-fetches") !== null;
  globalThis.bootRest = globalThis.bootGames.length !== 1 || showing || !table || framePage;

  // A stylesheet, applied: a promise settled once it is. A game's (one with none: at once)
  // has its rules all under the game's table (.game-<id>), so the order of the games' files
  // does not matter; they come after the app's, as the rest of the app's does.
  const styles = new Map();
  const settle = new Map();  // a stylesheet's address -> [resolve, reject] of its promise
  for (const kind of ["load", "error"]) {
    document.addEventListener(kind, (event) => {
      const link = event.target;
      if (!(link instanceof HTMLLinkElement) || !settle.has(link.href)) return;
      const [resolve, reject] = settle.get(link.href);
      settle.delete(link.href);
      if (kind === "load") resolve();
      else reject(new Error(`${new URL(link.href).pathname} could not be loaded`));
    }, true);  // load and error do not bubble: taken on their way down
  }
  const applied = (href) => {
    if (!styles.has(href)) {
      const url = new URL(`./${href}`, location.href).href;
      styles.set(href, new Promise((resolve, reject) => settle.set(url, [resolve, reject])));
      if (document.readyState === "loading") {
        // While the page is parsed: a stylesheet of the page's own (it blocks the first
        // rendering as the app's does; WebKit's frames saw their sizes change under a
        // ResizeObserver when one was applied later).
        document.write(`<link rel="stylesheet" href="./${href}">`);
      } else {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = `./${href}`;
        document.head.append(link);
      }
    }
    return styles.get(href);
  };
  globalThis.gameStyle = (id) => (GAME_FILES[id]?.style ? applied(GAME_FILES[id].style) : Promise.resolve());
  globalThis.restStyle = () => applied("static/css/rest.css");  // the rest of the app's

  // An embedded hand or puzzle (`show=`) boots by itself (static/js/embed.js): what its boot
  // fetches one after another (the build lists it in embed.html: tasks.py boot_fetches) is
  // asked for here, all at once, as index.html's preload links do; PyScript's part only
  // where the frame may keep storage (else embed.js starts MicroPython without PyScript).
  // A frame that waits for its reader's Play loads nothing heavy before it, so none here.
  // The full app's page (index.html) preloads the rest of its chain itself; its games' here,
  // and their stylesheets are asked for.
  const bootFetches = document.getElementById("boot-fetches");
  if (bootFetches && showing) {
    const boot = JSON.parse(bootFetches.textContent);
    let storage = false;
    try {
      localStorage.setItem("trick-table.probe", "1");
      localStorage.removeItem("trick-table.probe");
      storage = typeof indexedDB !== "undefined" && indexedDB !== null;
    } catch {
      // blocked: embed.js's own boot
    }
    for (const href of [...boot.modules, ...(storage ? boot.pyscript_modules : [])]) preload(href, true);
    for (const href of [...boot.fetched, ...(storage ? boot.pyscript_fetched : [])]) preload(href, false);
  }
  // (Only on the app's pages: the build lists their files, #game-files.)
  const appPage = document.getElementById("game-files") !== null;
  if (appPage && (!bootFetches || showing)) {
    if (globalThis.bootRest) {
      preload("static/vendor/app-mpy-rest.tar.gz", false);
      globalThis.restStyle().catch(() => {});  // reported by app-files.js's boot
    }
    for (const id of globalThis.bootGames) {
      preload(GAME_FILES[id].archive, false);
      globalThis.gameStyle(id).catch(() => {});  // reported by app-files.js's boot
    }
  }
}

// An embedded frame's colours: `theme=light|dark|auto` in its address (the last one counts,
// as for every setting), set here, before the page is first drawn, so that a dark frame
// never shows light first (embed.js is deferred). `dark` is <html data-theme="dark">
// (app.css); `auto` follows the system's setting, and its changes while the page is open;
// `light`, none, or an unknown one (ui/share/links.py says so) keeps the light theme. The
// color-scheme meta says the same, for the browser's own controls and scrollbars. Only a
// page that takes its theme from its address (embed.html: <html data-theme-from>) reads it;
// the full app's is the player's (below).
const showDark = (dark) => {
  const root = document.documentElement;
  if (dark) root.dataset.theme = "dark";
  else delete root.dataset.theme;
  document.querySelector("meta[name=color-scheme]")?.setAttribute("content", dark ? "dark" : "light");
};
const systemDark = matchMedia("(prefers-color-scheme: dark)");
if (document.documentElement.hasAttribute("data-theme-from")) {
  const choice = new URLSearchParams(location.search).getAll("theme").pop();
  showDark(choice === "dark" || (choice === "auto" && systemDark.matches));
  if (choice === "auto") systemDark.addEventListener("change", (event) => showDark(event.matches));
} else {
  // The full app's colours: the player's choice in the bar's Colours menu (#theme), kept
  // on this device (THEME_KEY: "light" or "dark"; nothing stored is "auto", the system's
  // setting, followed while the page is open). Applied here, before the first paint, so
  // that a dark choice never shows light first; the menu is wired once the page is parsed
  // (the Python UI never needs to know). Blocked storage: the choice lasts for this page.
  const THEME_KEY = "trick-table.theme";
  const stored = () => {
    try { return localStorage.getItem(THEME_KEY); } catch { return null; }
  };
  const known = (value) => (value === "light" || value === "dark" ? value : "auto");
  let choice = known(stored());
  const show = () => showDark(choice === "dark" || (choice === "auto" && systemDark.matches));
  show();
  systemDark.addEventListener("change", show);
  document.addEventListener("DOMContentLoaded", () => {
    const menu = document.getElementById("theme");
    if (!menu) return;
    menu.value = choice;
    menu.addEventListener("change", () => {
      choice = known(menu.value);
      try {
        if (choice === "auto") localStorage.removeItem(THEME_KEY);
        else localStorage.setItem(THEME_KEY, choice);
      } catch { /* not remembered: storage is blocked */ }
      show();
    });
    // Another tab's choice is this one's too.
    addEventListener("storage", (event) => {
      if (event.key !== THEME_KEY && event.key !== null) return;
      choice = known(stored());
      menu.value = choice;
      show();
    });
  });
}

// What the Python UI asks of the page that may throw in JavaScript. MicroPython cannot
// catch an exception thrown by a synchronous JS call (the rest of that Python run is
// skipped), so these wrappers never throw: blocked storage reads as nothing stored.
// The DOM for a screen built from ui/runtime/dom.py's plain tree ([tag, attrs, children], a child
// a string or a tree) in one call: text goes in as text nodes, attributes by setAttribute,
// never as HTML.
// An <svg> and everything in it (a chart: ui/screens/charts.py) is made in SVG's namespace.
const SVG = "http://www.w3.org/2000/svg";
const buildTree = (tree, svg = false) => {
  if (typeof tree === "string") return document.createTextNode(tree);
  const [tag, attrs, children] = tree;
  const inSvg = svg || tag === "svg";
  const node = inSvg ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.appendChild(buildTree(child, inSvg));
  return node;
};
// A screen redrawn in place: `container`'s content becomes the plain tree `text`, reusing
// the elements already there where the new tree has the same element at the same place.
// A redraw changes a few cards of hundreds: the page restyles and lays out only those,
// and the focused control stays focused (a whole new screen had to be focused again,
// which laid the page out inside the redraw's task). An element is reused only for one
// of the same tag that is the same control or card (SAME_ELEMENT: a card that enters is
// a new element, so its entrance plays), and never when its state lives outside its
// attributes (a form field, a <details>) or when it speaks up (a live region: a new one
// is not read out, as before, where a changed one would be). Nor is an element of another
// kind (its first class: "seat" of "seat active human"): where a hint took the prompt's
// place, the prompt's <div> was remade into the row of cards after it, and the row's own
// element rebuilt further on (a hundred elements per turn in Wray's game).
const SAME_ELEMENT = ["id", "data-action", "data-focus", "data-ui", "data-value", "data-enter"];
const NEVER_REUSED = new Set(["INPUT", "SELECT", "TEXTAREA", "DETAILS", "DIALOG"]);
const LIVE_ROLES = new Set(["status", "alert", "log"]);
const speaks = (node) => node.hasAttribute("aria-live") || LIVE_ROLES.has(node.getAttribute("role"));
const kind = (classes) => {
  if (!classes) return "";
  const start = classes.trimStart();
  const space = start.search(/\s/);
  return space < 0 ? start : start.slice(0, space);
};
const reusable = (node, tree) => {
  if (typeof tree === "string") return node.nodeType === Node.TEXT_NODE;
  if (node.nodeType !== Node.ELEMENT_NODE || NEVER_REUSED.has(node.tagName)) return false;
  const [tag, attrs] = tree;
  if (node.localName !== tag || speaks(node)) return false;
  if (kind(node.getAttribute("class")) !== kind(attrs.class)) return false;
  return SAME_ELEMENT.every((name) => node.getAttribute(name) === (attrs[name] ?? null));
};
const patchElement = (node, [, attrs, children]) => {
  for (const name of node.getAttributeNames()) {
    if (!Object.hasOwn(attrs, name)) node.removeAttribute(name);
  }
  for (const [name, value] of Object.entries(attrs)) {
    if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  }
  patchChildren(node, children);
};
const patchChildren = (parent, children) => {
  let current = parent.firstChild;
  for (const child of children) {
    let same = current !== null && reusable(current, child);
    const next = same || current === null ? null : current.nextSibling;
    if (next !== null && reusable(next, child)) {
      current.remove(); // one element gone (the card just played): the rest move up
      current = next;
      same = true;
    }
    if (same) {
      if (typeof child === "string") {
        if (current.data !== child) current.data = child;
      } else {
        patchElement(current, child);
      }
      current = current.nextSibling;
    } else {
      parent.insertBefore(buildTree(child, parent.namespaceURI === SVG), current);
    }
  }
  while (current !== null) {
    const after = current.nextSibling;
    current.remove();
    current = after;
  }
};
globalThis.tablePatch = (container, text) => patchChildren(container, [JSON.parse(text)]);

globalThis.tableStorage = {
  getItem(key) { try { return localStorage.getItem(key); } catch { return null; } },
  setItem(key, value) { try { localStorage.setItem(key, value); return true; } catch { return false; } },
  removeItem(key) { try { localStorage.removeItem(key); return true; } catch { return false; } },
};

// A frame (an embed in a blog post) moves nothing outside itself before the reader has
// used it: until their first pointer or key inside it, the app's scrolls stay within the
// frame's own page and it takes no focus (focusing anything in a frame takes the focus
// from the host page: its activeElement becomes the frame). That is while a reload of the
// host page brings the frame back to its table by itself (static/js/embed.js). Afterwards
// a frame still takes the focus only while it has it (never from the host page, where the
// reader may be typing), and brings things into view in the host page too.
let readerHere = window.parent === window;
if (!readerHere) {
  const here = () => { readerHere = true; };
  addEventListener("pointerdown", here, { capture: true });
  addEventListener("keydown", here, { capture: true });
}
const mayFocus = () => readerHere && (window.parent === window || document.hasFocus());

// Scroll this page (not the host page around a frame) so that `node` is in its window: at
// the top (`block` "start"), else by the nearest edge.
const scrollWithin = (node, block) => {
  const box = node.getBoundingClientRect();
  let by = 0;
  if (block === "start" || box.top < 0 || box.height > innerHeight) by = box.top;
  else if (box.bottom > innerHeight) by = box.bottom - innerHeight;
  if (by) scrollBy(0, by);
};

// `node.scrollIntoView({block})` for the Python UI (ui/runtime/browser.py bring_into_view);
// in an embedded frame, the host page is asked to do the same (static/js/embed.js
// askHostToShow), once the reader has used the frame.
globalThis.bringIntoView = (node, block) => {
  if (!readerHere) {
    scrollWithin(node, block);
    return;
  }
  node.scrollIntoView({ block });
  if (globalThis.askHostToShow) globalThis.askHostToShow(node, block);
};

// `node.focus()` without scrolling, for the Python UI (ui/runtime/browser.py focus); in a
// frame, only while it may (above). True when focused.
globalThis.focusNode = (node) => {
  if (!mayFocus()) return false;
  node.focus({ preventScroll: true });
  return true;
};

// The app draws every screen itself: a reload starts at the page's top (the browser's own
// restoring put a reloaded lobby halfway down, where the table had been scrolled).
if ("scrollRestoration" in history) history.scrollRestoration = "manual";

// A promise settled in the page's next task (a MessageChannel message: no timer clamping).
// Python awaits it to hand the page a turn: MicroPython's asyncio runs every timer that is
// already due before it returns to JavaScript, so a 1 ms asyncio.sleep may not (ui/app.py).
globalThis.nextTask = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
  channel.port2.postMessage(null);
});
