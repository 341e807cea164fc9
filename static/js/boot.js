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

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || !window.__updateRequested) return;
    reloading = true;
    location.reload();
  });
  // Registered once the app is ready, so precaching never competes with the boot.
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
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
  }).catch(() => { /* no offline support here (e.g. storage blocked): the app still runs */ });
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("#update button")) window.__updateRequested = true;
  }, true);
}
