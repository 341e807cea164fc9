// Firefox for the engines' smoke and benchmark (tests/engines/drivers.py, class Firefox):
// Debian's firefox-esr, headless, driven by puppeteer-core (package.json) over WebDriver
// BiDi. Usage: node tests/engines/firefox.mjs /usr/bin/firefox-esr
// One command a line on stdin, {"op": NAME, ...arguments}; one answer a line on stdout,
// {"ok": true, "value": ...} or {"ok": false, "error": "..."}. Commands act on the current
// page and, within it, the current frame (`frame` enters an <iframe>, or goes back to the
// top with no selector).
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  protocol: "webDriverBiDi",
  // No updates, telemetry or other requests of Firefox's own: nothing leaves the machine.
  extraPrefsFirefox: {
    "app.update.enabled": false,
    "browser.safebrowsing.malware.enabled": false,
    "browser.safebrowsing.phishing.enabled": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
  },
});

let context = null;
let page = null;
let frame = null;
let heard = [];  // console errors and page errors, as Firefox reports them

const commands = {
  version: async () => browser.version(),
  // A new browser context (its own storage and service workers) with one page.
  open: async ({ width, height }) => {
    if (context) await context.close();
    context = await browser.createBrowserContext();
    page = await context.newPage();
    frame = page.mainFrame();
    heard = [];
    page.on("console", (message) => {
      if (message.type() === "error") heard.push(`console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => heard.push(`page error: ${error.message ?? error}`));
    await page.setViewport({ width, height });
  },
  resize: async ({ width, height }) => page.setViewport({ width, height }),
  goto: async ({ url }) => {
    await page.goto(url);
    frame = page.mainFrame();
  },
  reload: async () => {
    await page.reload();
    frame = page.mainFrame();
  },
  frame: async ({ selector }) => {
    frame = page.mainFrame();
    if (!selector) return;
    const element = await frame.waitForSelector(selector);
    frame = await element.contentFrame();
  },
  evaluate: async ({ script, args }) => frame.evaluate(`(${script})(...${JSON.stringify(args)})`),
  click: async ({ selector, index }) => {
    const found = await frame.$$(selector);
    if (index >= found.length) throw new Error(`${selector}: no element ${index} of ${found.length}`);
    await found[index].click();
  },
  heard: async () => heard.splice(0),
  close: async () => {
    await browser.close();
    process.exit(0);
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  let answer;
  try {
    const { op, ...args } = JSON.parse(line);
    if (!Object.hasOwn(commands, op)) throw new Error(`unknown command ${op}`);
    const value = await commands[op](args);
    answer = { ok: true, value: value === undefined ? null : value };
  } catch (error) {
    answer = { ok: false, error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
await browser.close();
