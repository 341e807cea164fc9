// What the Python UI asks of the page that may throw in JavaScript. MicroPython cannot
// catch an exception thrown by a synchronous JS call (the rest of that Python run is
// skipped), so these wrappers never throw: blocked storage reads as nothing stored.
globalThis.tableStorage = {
  getItem(key) { try { return localStorage.getItem(key); } catch { return null; } },
  setItem(key, value) { try { localStorage.setItem(key, value); return true; } catch { return false; } },
  removeItem(key) { try { localStorage.removeItem(key); return true; } catch { return false; } },
};
