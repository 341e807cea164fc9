// Loading indicator and boot-failure message; runs before Python.
// Steps reported by PyScript's `py:progress` events move the bar; the app sets
// body[data-app-state] to "ready" once Python has drawn the page.
const bar = document.getElementById("loading-bar");
const text = document.getElementById("loading-text");
const box = document.getElementById("loading");
let steps = 0;

addEventListener("py:progress", ({ detail }) => {
  steps += 1;
  if (bar) bar.value = Math.min(95, 5 + steps * 12);
  if (text && typeof detail === "string") text.textContent = `${detail}…`;
});

function showFailure(reason) {
  if (document.body.dataset.appState !== "loading") return;
  document.body.dataset.appState = "error";
  if (text) text.textContent = "The game engine could not start. " + reason;
  if (bar) bar.hidden = true;
}

window.showBootFailure = showFailure;  // called by index.html's script when imports fail

addEventListener("error", (event) => {
  showFailure(event.message ? String(event.message) : "A file failed to load.");
});
addEventListener("unhandledrejection", (event) => {
  showFailure(String(event.reason && event.reason.message ? event.reason.message : event.reason));
});

new MutationObserver(() => {
  if (document.body.dataset.appState === "ready" && box) box.hidden = true;
}).observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });

// Offline status line (#offline-status in index.html's footer): what the service worker
// has in its cache, as it answers "offline-status" (static/sw.js), never assumed. Sizes
// are download sizes, as a gzipping host sends the files (tasks.py precache_manifest).
// data-offline (test hook): saving, ready (the app; the bots' engine not yet), all,
// unavailable, failed; unknown (hidden: the worker did not answer, e.g. an older one).
const offlineLine = document.getElementById("offline-status");
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

function showOffline(state, message) {
  if (!offlineLine) return;
  offlineLine.dataset.offline = state;
  offlineLine.textContent = message;
  offlineLine.hidden = !message;
}

function describeOffline({ installed, files, later }) {
  if (!installed || files.missing) return ["saving", "Saving the app for offline play…"];
  const saved = mb(files.cached_bytes + later.cached_bytes);
  if (!later.missing) {
    return ["all", `Ready to play offline, the bots' full engine included (a ${saved} download, saved on this device).`];
  }
  return ["ready", `Ready to play offline (a ${saved} download, saved on this device). ` +
    `The Normal and Hard bots' full engine, ${mb(later.missing_bytes)} more, is saved once you play them.`];
}

// Ask `worker` what its cache holds; null when it does not answer (an older version).
function askOfflineStatus(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 10_000);
    channel.port1.onmessage = ({ data }) => { clearTimeout(timer); resolve(data); };
    worker.postMessage("offline-status", [channel.port2]);
  });
}

let offlineAsked = 0;
async function refreshOffline(registration) {
  const worker = registration.active;
  if (!worker) return;
  const asked = ++offlineAsked;
  const status = await askOfflineStatus(worker);
  if (asked !== offlineAsked) return;  // a later answer is on its way
  if (!status || status.error) showOffline("unknown", "");
  else showOffline(...describeOffline(status));
}

// Offline support: one service worker at the site root (relative URL, so it
// works under /<repo>/ on GitHub Pages). When a new version has installed
// while this page runs on the old one, offer a reload.
function offerUpdate(worker) {
  const bar = document.getElementById("update");
  if (!bar) return;
  bar.hidden = false;
  bar.querySelector("button").addEventListener("click", () => {
    worker.postMessage("skip-waiting");
  });
}

// At a phone's table the site's bar sits in the table bar's corner (app.css): a notice
// above the table (#notice, or #update at a game's end) moves it down with the table, by
// the notices' height with their margins (--notes-bottom), rather than under the bar's menu.
// Measured from the notices alone, as they change size (shown, hidden, reworded). Where
// the browser knows CSS anchors, app.css ties the bar to the table's bar instead, in the
// same layout: this measure comes a frame later (the bar lay over the first seat then).
const noteIds = ["notice", "update"];
const notes = new ResizeObserver(() => {
  let top = 0;
  for (const id of noteIds) {
    const note = document.getElementById(id);
    if (!note || !note.offsetHeight) continue;  // hidden, or held back mid-hand (app.css)
    const style = getComputedStyle(note);
    top += (top ? 0 : parseFloat(style.marginTop)) + note.offsetHeight + parseFloat(style.marginBottom);
  }
  document.body.style.setProperty("--notes-bottom", `${Math.round(top)}px`);
});
for (const id of noteIds) {
  const note = document.getElementById(id);
  if (note) notes.observe(note);
}

// The browser's own offer to install the app (Chromium's beforeinstallprompt): never shown
// by itself (no banner mid-hand); kept for the game-over screen's quiet "Install Trick
// Table" button (ui/screens/game_over.py), which app.css shows while body[data-install] is
// set. The offer can be shown once: installApp() (ui/runtime/page.py install_app) uses it.
let installOffer = null;
const noOffer = () => { installOffer = null; delete document.body.dataset.install; };
addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  installOffer = event;
  document.body.dataset.install = "offered";
});
addEventListener("appinstalled", noOffer);
window.installApp = () => {
  const offer = installOffer;
  noOffer();
  try {
    offer?.prompt()?.catch?.(() => {});  // a Promise in Chromium: refused, or shown once already
  } catch { /* not an offer the browser made */ }
};

const NO_OFFLINE = "Offline play is not available in this browser.";

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || !window.__updateRequested) return;
    reloading = true;
    location.reload();
  });
  // Registered once the app is ready, so precaching never competes with the boot (the
  // first move); the install then runs on during the visit, and goes on if the tab is
  // closed: one visit that reaches a drawn page suffices (tests/browser/test_offline_status.py).
  const whenReady = new Promise((resolve) => {
    if (document.body.dataset.appState === "ready") return resolve();
    new MutationObserver((_, observer) => {
      if (document.body.dataset.appState === "ready") { observer.disconnect(); resolve(); }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
  });
  // Called by the app once the bots' worker has loaded Pyodide: cache it for offline play.
  window.cacheLater = () => {
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage("cache-later");
    }).catch(() => {});
  };
  whenReady.then(() => navigator.serviceWorker.register("./sw.js")).then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    const watched = new WeakSet();  // updatefound may follow for the worker installing now
    const watch = (worker) => {
      if (!worker || watched.has(worker)) return;
      watched.add(worker);
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
        if (worker.state === "redundant" && !registration.active) {  // its precache failed
          showOffline("failed", "The app could not be saved for offline play; it works online.");
        }
      });
    };
    if (registration.installing) watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
    if (!registration.active) showOffline("saving", "Saving the app for offline play…");
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data === "offline-changed") refreshOffline(registration);
    });
    navigator.serviceWorker.startMessages();
    return navigator.serviceWorker.ready.then(() => refreshOffline(registration));
  }).catch(() => {
    // No offline support here (e.g. storage blocked): the app still runs.
    showOffline("unavailable", NO_OFFLINE);
  });
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("#update button")) window.__updateRequested = true;
  }, true);
} else if (location.protocol !== "file:") {
  // No service workers (an insecure http: address, some private modes): say so, rather
  // than leave one to expect the app to work offline after a visit.
  showOffline("unavailable", NO_OFFLINE);
}
