// A link to a table (?game=...) never shows the lobby: it is hidden before the page is
// first laid out (html[data-boot=link], app.css), which on a phone (CPU x4) took 140 ms of
// layout before Python started. The app removes the mark when it shows the lobby.
if (/[?&]game=/.test(location.search)) document.documentElement.dataset.boot = "link";

// What the Python UI asks of the page that may throw in JavaScript. MicroPython cannot
// catch an exception thrown by a synchronous JS call (the rest of that Python run is
// skipped), so these wrappers never throw: blocked storage reads as nothing stored.
// The DOM for a screen built from ui/dom.py's plain tree ([tag, attrs, children], a child
// a string or a tree) in one call: text goes in as text nodes, attributes by setAttribute,
// never as HTML.
globalThis.tableBuild = (text) => {
  const build = (tree) => {
    if (typeof tree === "string") return document.createTextNode(tree);
    const [tag, attrs, children] = tree;
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    for (const child of children) node.appendChild(build(child));
    return node;
  };
  return build(JSON.parse(text));
};

globalThis.tableStorage = {
  getItem(key) { try { return localStorage.getItem(key); } catch { return null; } },
  setItem(key, value) { try { localStorage.setItem(key, value); return true; } catch { return false; } },
  removeItem(key) { try { localStorage.removeItem(key); return true; } catch { return false; } },
};

// A promise settled in the page's next task (a MessageChannel message: no timer clamping).
// Python awaits it to hand the page a turn: MicroPython's asyncio runs every timer that is
// already due before it returns to JavaScript, so a 1 ms asyncio.sleep may not (ui/app.py).
globalThis.nextTask = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
  channel.port2.postMessage(null);
});
