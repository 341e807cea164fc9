// The table's sounds (issue 40.2), made here with Web Audio: no files, no request. The
// Python UI decides when (ui/screens/play.py: a card played, a trick taken, a die rolled,
// your turn) and calls tableSound("card trick ..."); this plays them if sound is on.
// The bar's toggle (#sound, aria-pressed) is remembered on this device: the full app's
// under SOUND_KEY ("off"; nothing stored is on), a frame's (embed.html) under its own key
// ("on"; nothing stored is off: a blog's reader hears nothing until they turn it on).
// Nothing plays, and no AudioContext exists, before the reader's first tap or key here.
(() => {
  const embed = document.body.dataset.mode === "embed";
  const KEY = embed ? "trick-table.sound.embed" : "trick-table.sound";
  const stored = () => {
    try { return localStorage.getItem(KEY); } catch { return null; }
  };
  const remembered = () => (embed ? stored() === "on" : stored() !== "off");
  let on = remembered();
  let used = false;  // a tap or a key: the browser lets a page start sound only after one
  let audio = null;
  // Test hook (docs/test-hooks.md): the last sounds the app asked for, and those played.
  const heard = (window.tableSounds = { asked: [], played: [] });
  const note = (list, name) => { list.push(name); if (list.length > 40) list.shift(); };

  const wake = () => {
    if (!audio) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      audio = new Context();
    }
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  };
  // The audio's first start takes a phone about 60 ms (Chromium, CPU x4): never inside the
  // task of a tap, which redraws the table, but in a task of its own just after it. A timer
  // under 1 s keeps the tap's permission to start sound in WebKit; Chromium and Firefox
  // allow it once the page has had a tap.
  const wakeSoon = () => {
    if (audio) wake();
    else setTimeout(wake, 0);
  };
  const firstUse = () => {
    used = true;
    if (on) wakeSoon();
    removeEventListener("pointerup", firstUse, true);
    removeEventListener("keydown", firstUse, true);
  };
  addEventListener("pointerup", firstUse, true);  // before the app's click handler
  addEventListener("keydown", firstUse, true);

  // A tone of `freq` Hz (sliding to `to`) or a noise burst (freq 0), from `at` s for `len` s.
  const tone = (ctx, at, freq, len, level, to, type) => {
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(level, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + len);
    gain.connect(ctx.destination);
    let source;
    if (freq) {
      source = ctx.createOscillator();
      source.type = type || "sine";
      source.frequency.setValueAtTime(freq, at);
      if (to) source.frequency.exponentialRampToValueAtTime(to, at + len);
    } else {
      const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * len), ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
      source = ctx.createBufferSource();
      source.buffer = buffer;
      const band = ctx.createBiquadFilter();
      band.type = "bandpass";
      band.frequency.value = to || 2500;
      source.connect(band);
      band.connect(gain);
    }
    if (freq) source.connect(gain);
    source.start(at);
    source.stop(at + len);
  };
  // Each sound: its parts, and how long it lasts (the next one starts after it).
  const SOUNDS = {
    card: [(c, t) => tone(c, t, 0, 0.07, 0.5, 1800), 0.09],
    trick: [(c, t) => { tone(c, t, 0, 0.12, 0.4, 900); tone(c, t + 0.04, 660, 0.18, 0.12); }, 0.22],
    dice: [(c, t) => { for (const d of [0, 0.06, 0.11, 0.19]) tone(c, t + d, 0, 0.04, 0.6, 3200); }, 0.26],
    turn: [(c, t) => { tone(c, t, 660, 0.25, 0.1); tone(c, t + 0.12, 990, 0.35, 0.1); }, 0.4],
  };

  const play = (names) => {
    const ctx = on && wake();
    if (!ctx) return;
    let at = ctx.currentTime + 0.01;
    for (const name of names) {
      SOUNDS[name][0](ctx, at);
      at += SOUNDS[name][1];
      note(heard.played, name);
    }
  };
  globalThis.tableSound = (names) => {
    const known = names.split(" ").filter((name) => SOUNDS[name]);
    for (const name of known) note(heard.asked, name);
    if (!on || !used || !known.length) return;
    if (audio) play(known);
    else setTimeout(() => play(known), 0);  // after the audio's start (wakeSoon)
  };

  const toggles = () => document.querySelectorAll("#sound");
  const show = () => {
    for (const button of toggles()) button.setAttribute("aria-pressed", String(on));
  };
  show();
  for (const button of toggles()) {
    button.addEventListener("click", () => {
      on = !on;
      try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* not remembered */ }
      if (on && used) wakeSoon();
      else if (!on && audio) audio.suspend().catch(() => {});
      show();
    });
  }
  // Another tab's choice is this one's too.
  addEventListener("storage", (event) => {
    if (event.key !== KEY && event.key !== null) return;
    on = remembered();
    show();
  });
})();
