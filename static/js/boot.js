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

addEventListener("error", (event) => {
  showFailure(event.message ? String(event.message) : "A file failed to load.");
});
addEventListener("unhandledrejection", (event) => {
  showFailure(String(event.reason && event.reason.message ? event.reason.message : event.reason));
});

new MutationObserver(() => {
  if (document.body.dataset.appState === "ready" && box) box.hidden = true;
}).observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
