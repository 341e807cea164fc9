// A link to a table (?game=...) never shows the lobby: it is hidden before the page is
// first laid out (html[data-boot=link], app.css), which on a phone (CPU x4) took 140 ms of
// layout before Python started. The app removes the mark when it shows the lobby.
if (/[?&]game=/.test(location.search)) document.documentElement.dataset.boot = "link";

// What the Python UI asks of the page that may throw in JavaScript. MicroPython cannot
// catch an exception thrown by a synchronous JS call (the rest of that Python run is
// skipped), so these wrappers never throw: blocked storage reads as nothing stored.
// The DOM for a screen built from ui/runtime/dom.py's plain tree ([tag, attrs, children], a child
// a string or a tree) in one call: text goes in as text nodes, attributes by setAttribute,
// never as HTML.
const buildTree = (tree) => {
  if (typeof tree === "string") return document.createTextNode(tree);
  const [tag, attrs, children] = tree;
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.appendChild(buildTree(child));
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
const LIVE = "[aria-live], [role=status], [role=alert], [role=log]";
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
  if (node.localName !== tag || node.matches(LIVE)) return false;
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
    const next = current === null ? null : current.nextSibling;
    if (current !== null && next !== null && !reusable(current, child) && reusable(next, child)) {
      current.remove(); // one element gone (the card just played): the rest move up
      current = next;
    }
    if (current !== null && reusable(current, child)) {
      if (typeof child === "string") {
        if (current.data !== child) current.data = child;
      } else {
        patchElement(current, child);
      }
      current = current.nextSibling;
    } else {
      parent.insertBefore(buildTree(child), current);
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

// `node.scrollIntoView({block})` for the Python UI (ui/browser.py scroll_into_view); in an
// embedded frame, the host page is asked to do the same (static/js/embed.js askHostToShow).
globalThis.bringIntoView = (node, block) => {
  node.scrollIntoView({ block });
  if (globalThis.askHostToShow) globalThis.askHostToShow(node, block);
};

// A promise settled in the page's next task (a MessageChannel message: no timer clamping).
// Python awaits it to hand the page a turn: MicroPython's asyncio runs every timer that is
// already due before it returns to JavaScript, so a 1 ms asyncio.sleep may not (ui/app.py).
globalThis.nextTask = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
  channel.port2.postMessage(null);
});
