// The engines' probe: the test server (tests/engines/server.py) serves it at the head of
// static/js/host.js, the first script of index.html and embed.html, so it runs in every
// page and frame of the app before the app's own scripts, in any engine. WebKitGTK's
// WebDriver has no console events (no BiDi in Debian's build) and no way to add a script
// before a page's own, so the pages report for themselves:
// - problems: console.error calls, uncaught errors, unhandled rejections, files that failed
//   to load (elements' error events, caught on their way down);
// - ready, clickable: when (performance.now(), ms since navigation) body[data-app-state]
//   first read "ready", and a move was first clickable on a table (as bench_split.py's
//   probe tells it), for tests/benchmarks/bench_engines.py.
(() => {
  if (window.__engineProbe) return;
  const W = (window.__engineProbe = { problems: [], ready: null, clickable: null });
  const note = (text) => { if (W.problems.length < 50) W.problems.push(String(text).slice(0, 400)); };
  const error = console.error;
  console.error = function (...args) {
    note("console error: " + args.map(String).join(" "));
    return error.apply(this, args);
  };
  addEventListener("error", (event) => {
    const el = event.target;
    if (el && el !== window && el.nodeType === Node.ELEMENT_NODE)
      note(`failed to load: <${el.localName}> ${el.src || el.href || ""}`);
    else note(`page error: ${event.message} (${event.filename}:${event.lineno})`);
  }, true);
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    note(`unhandled rejection: ${reason && reason.message ? reason.message : reason}`);
  });
  const movable = () => {
    if (!document.querySelector(".table-screen:not([data-waiting])")) return false;
    return [...document.querySelectorAll("#screen [data-action]:not([disabled])")]
      .some((el) => el.getClientRects().length > 0);
  };
  // The state's change when it happens; a move once a frame shows it (checked once per
  // frame after the DOM changed: a layout of the probe's own at every change costs).
  let queued = false;
  new MutationObserver(() => {
    if (W.ready === null && document.body && document.body.dataset.appState === "ready")
      W.ready = performance.now();
    if (W.clickable !== null || queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      if (W.clickable === null && movable()) W.clickable = performance.now();
    });
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();
