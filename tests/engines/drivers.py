"""The three browser engines behind one small interface, for the engines' smoke
(tests/engines/) and benchmark (tests/benchmarks/bench_engines.py):

- Firefox: Debian's `firefox-esr`, headless, driven by puppeteer-core over WebDriver BiDi
  through a small Node program (firefox.mjs beside this file);
- WebKit: WebKitGTK (JavaScriptCore and WebCore, as in Safari) from Debian's
  `webkit2gtk-driver`: its WebKitWebDriver runs the MiniBrowser under an Xvfb display,
  driven by selenium (W3C WebDriver);
- Chromium: Debian's `chromium` through Playwright, as the browser suite runs it (the
  benchmark's reference; the smoke leaves it to that suite).

`open()` starts a fresh browsing context (empty storage, no service worker); a script
for `evaluate` is the text of a JavaScript function, called with the arguments in the
current frame (a returned promise is awaited).
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import select
import shutil
import signal
import subprocess
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parents[2]
FIREFOX_BRIDGE = Path(__file__).with_name("firefox.mjs")
FIREFOX = ("firefox-esr", "firefox")
WEBKIT_DRIVER = "WebKitWebDriver"
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
COMMAND_TIMEOUT = 120  # s: no single command of a working browser takes this long
SESSION_TIMEOUT = 45  # s for WebKitWebDriver to start a MiniBrowser and its session, and
SESSION_TRIES = 3  # how often it may try (see WebKit.open)


def die_with_parent() -> None:
    """In a child process before it starts: be sent SIGTERM when the test process ends,
    however it ends (Linux's PR_SET_PDEATHSIG), so no browser outlives a killed run. The
    MiniBrowser goes with its Xvfb display."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)


class EngineMissing(RuntimeError):
    """The engine is not installed here (the message says what to install)."""


class Driver(Protocol):
    kind: str  # "firefox", "webkit", "chromium"
    name: str  # "Firefox 153.8.0esr"

    def open(self, width: int, height: int) -> None: ...
    def resize(self, width: int, height: int) -> None: ...
    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def frame(self, selector: str | None) -> None: ...
    def evaluate(self, script: str, *args: Any) -> Any: ...
    def click(self, selector: str, index: int = 0) -> None: ...
    def heard(self) -> list[str]: ...
    def close(self) -> None: ...


def find_firefox() -> str | None:
    for name in FIREFOX:
        path = shutil.which(name)
        if path:
            return path
    return None


def minibrowser() -> Path | None:
    """WebKitGTK's MiniBrowser (libwebkit2gtk-4.1-0), wherever the architecture puts it."""
    if MINIBROWSER.exists():
        return MINIBROWSER
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser"))
    return found[0] if found else None


def missing(kind: str) -> str | None:
    """Why `kind`'s engine cannot start here (what is missing), or None."""
    if kind == "firefox":
        if not find_firefox():
            return "Firefox is not installed (Debian: apt-get install firefox-esr)"
        if not shutil.which("node"):
            return "Node.js is not installed (it runs puppeteer-core)"
        if not (ROOT / "node_modules" / "puppeteer-core").exists():
            return "puppeteer-core is not installed (npm ci)"
    elif kind == "webkit":
        if not shutil.which(WEBKIT_DRIVER):
            return "WebKitWebDriver is not installed (Debian: apt-get install webkit2gtk-driver)"
        if not minibrowser():
            return "WebKitGTK's MiniBrowser is missing (Debian: libwebkit2gtk-4.1-0)"
        if not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
            return "no display and no Xvfb (Debian: apt-get install xvfb)"
        try:
            import selenium  # noqa: F401
        except ImportError:
            return "selenium is not installed (pip install -e .[test])"
    return None


class Firefox:
    """Firefox through firefox.mjs (puppeteer-core), one Node process per Firefox."""

    kind = "firefox"

    def __init__(self) -> None:
        why = missing("firefox")
        if why:
            raise EngineMissing(why)
        self.process = subprocess.Popen(
            ["node", str(FIREFOX_BRIDGE), str(find_firefox())],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=die_with_parent,
        )
        self.name = f"Firefox {self.call('version').split('/')[-1]}"

    def call(self, op: str, **args: Any) -> Any:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"op": op, **args}) + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], COMMAND_TIMEOUT)
        line = self.process.stdout.readline() if ready else ""
        if not line:
            raise RuntimeError(f"Firefox did not answer {op} (puppeteer-core's process ended?)")
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(f"Firefox, {op}: {answer['error']}")
        return answer["value"]

    def open(self, width: int, height: int) -> None:
        self.call("open", width=width, height=height)

    def resize(self, width: int, height: int) -> None:
        self.call("resize", width=width, height=height)

    def goto(self, url: str) -> None:
        self.call("goto", url=url)

    def reload(self) -> None:
        self.call("reload")

    def frame(self, selector: str | None) -> None:
        self.call("frame", selector=selector)

    def evaluate(self, script: str, *args: Any) -> Any:
        return self.call("evaluate", script=script, args=list(args))

    def click(self, selector: str, index: int = 0) -> None:
        self.call("click", selector=selector, index=index)

    def heard(self) -> list[str]:
        return list(self.call("heard"))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.call("close")
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)
        if self.process.poll() is None:
            self.process.kill()


class Xvfb:
    """A virtual X display for the MiniBrowser (a GTK window even under automation)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
            preexec_fn=die_with_parent,
        )
        os.close(write)
        with os.fdopen(read) as numbers:
            ready, _, _ = select.select([numbers], [], [], 30)
            number = numbers.readline().strip() if ready else ""
        if not number:
            self.close()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)


# For WebKit.click in a frame: the element scrolled into the frame's own view, then its rows
# in the frame; and, in the page around the frame, those rows scrolled into its view.
ROWS_IN_VIEW = """const el = arguments[0];
el.scrollIntoView({block: "nearest"});
const r = el.getBoundingClientRect();
return [r.top, r.bottom];"""
SCROLL_TO_ROWS = """const [selector, top, bottom] = arguments;
const y = document.querySelector(selector).getBoundingClientRect().top;
if (y + top < 0 || y + bottom > innerHeight) scrollBy(0, y + (top + bottom - innerHeight) / 2);"""


class WebKit:
    """WebKitGTK's MiniBrowser through WebKitWebDriver and selenium; `open()` starts a new
    session, a new MiniBrowser (its storage is ephemeral under automation)."""

    kind = "webkit"

    def __init__(self) -> None:
        why = missing("webkit")
        if why:
            raise EngineMissing(why)
        self.xvfb = None if os.environ.get("DISPLAY") else Xvfb()
        self.driver: Any = None
        self.service: Any = None
        self.in_frame: str | None = None  # the frame entered, when from another site
        self.used = True
        self.open(1280, 860)
        version = self.driver.capabilities.get("browserVersion", "?")
        self.name = f"WebKitGTK {version}"

    def open(self, width: int, height: int) -> None:
        from selenium.webdriver.common.proxy import Proxy, ProxyType
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.remote.webdriver import WebDriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        if not self.used:  # a session that has loaded nothing yet is as fresh as a new one
            self.resize(width, height)
            return
        self.quit()
        options = Options()
        options.binary_location = str(minibrowser())
        options.add_argument("--automation")
        env = {**os.environ, **({"DISPLAY": self.xvfb.display} if self.xvfb else {})}
        # Pages drawn without WebKitGTK's GL compositor: under Xvfb its GL is Mesa's on the
        # CPU, a quarter of the smoke's CPU time (108 s -> 80 s for the 13 tests; issue 35:
        # the suite is CPU-bound on 2 cores). Scripts, wasm, DOM and layout are the same.
        env.setdefault("WEBKIT_DISABLE_COMPOSITING_MODE", "1")
        # WebKitWebDriver picks a free port for the MiniBrowser's inspector, lets it go,
        # then starts the browser on it: on a busy machine another process can take the
        # port in between, and the new session then waits forever (seen here). A session
        # not started in SESSION_TIMEOUT is started again, with a new driver and browser:
        # a browser that did not start is not a finding about the app.
        failures = []
        for _ in range(SESSION_TRIES):
            self.service = Service(
                shutil.which(WEBKIT_DRIVER),
                env=env,
                popen_kw={"preexec_fn": die_with_parent, "start_new_session": True},
            )
            self.service.start()
            # Straight to the local driver, whatever proxy the environment names; every
            # command answers in time, or fails (selenium waits forever by default).
            config = ClientConfig(
                self.service.service_url,
                timeout=SESSION_TIMEOUT,
                proxy=Proxy({"proxyType": ProxyType.DIRECT}),
            )
            try:
                self.driver = WebDriver(
                    command_executor=RemoteConnection(client_config=config), options=options
                )
                break
            except Exception as failed:  # urllib3's timeout, or selenium's own errors
                failures.append(f"{type(failed).__name__}: {str(failed)[:200]}")
                self.quit()
        else:
            raise RuntimeError(f"WebKitWebDriver started no session: {failures}")
        config.timeout = COMMAND_TIMEOUT
        self.driver.set_script_timeout(COMMAND_TIMEOUT)
        self.driver.set_page_load_timeout(COMMAND_TIMEOUT)
        self.in_frame = None
        self.resize(width, height)
        self.used = False

    def resize(self, width: int, height: int) -> None:
        """The window's size (the MiniBrowser's window is at least about 450 px wide; its
        toolbar takes some of the height)."""
        self.driver.set_window_rect(x=0, y=0, width=width, height=height)

    def goto(self, url: str) -> None:
        self.used = True
        self.in_frame = None
        self.driver.get(url)

    def reload(self) -> None:
        self.in_frame = None
        self.driver.refresh()

    def frame(self, selector: str | None) -> None:
        from selenium.webdriver.common.by import By

        self.driver.switch_to.default_content()
        self.in_frame = None
        if selector is not None:
            element = self.driver.find_element(By.CSS_SELECTOR, selector)
            # WebKit's scrolling stops at a frame from another site (see click).
            if self.driver.execute_script("return arguments[0].contentDocument === null", element):
                self.in_frame = selector
            self.driver.switch_to.frame(element)

    def evaluate(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(f"return ({script}).apply(null, arguments)", *args)

    def click(self, selector: str, index: int = 0) -> None:
        from selenium.webdriver.common.by import By

        found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        if index >= len(found):
            raise RuntimeError(f"{selector}: no element {index} of {len(found)}")
        if self.in_frame is not None:
            # In a frame from another site, WebKit's WebDriver scrolls the frame's own page
            # to the element, not the page around the frame, and its click then lands
            # outside the window, on nothing, with no error: the page is scrolled to the
            # element first, as a reader would.
            rows = self.driver.execute_script(ROWS_IN_VIEW, found[index])
            frame = self.in_frame
            self.frame(None)
            self.driver.execute_script(SCROLL_TO_ROWS, frame, *rows)
            self.frame(frame)
            found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        found[index].click()

    def heard(self) -> list[str]:
        return []  # no console events in WebDriver classic: the probe reports (probe.js)

    def quit(self) -> None:
        if self.driver is not None:
            with contextlib.suppress(Exception):
                self.driver.quit()
            self.driver = None
        if self.service is not None:
            # The driver and the MiniBrowser it started: one process group of their own.
            with contextlib.suppress(Exception):
                os.killpg(self.service.process.pid, signal.SIGTERM)
            with contextlib.suppress(Exception):
                self.service.stop()
            self.service = None

    def close(self) -> None:
        self.quit()
        if self.xvfb:
            self.xvfb.close()


class Chromium:
    """Chromium through Playwright, as the browser suite runs it (the benchmark's
    reference)."""

    kind = "chromium"

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        path = shutil.which("chromium") or shutil.which("chromium-browser")
        self.browser = self.playwright.chromium.launch(
            executable_path=path, args=["--no-sandbox", "--disable-gpu", "--no-first-run"]
        )
        self.name = f"Chromium {self.browser.version}"
        self.context: Any = None
        self.page: Any = None
        self.current: Any = None
        self.errors: list[str] = []

    def open(self, width: int, height: int) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.current = self.page.main_frame
        self.errors = []
        self.page.on("console", self.console)
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def goto(self, url: str) -> None:
        self.page.goto(url)
        self.current = self.page.main_frame

    def reload(self) -> None:
        self.page.reload()
        self.current = self.page.main_frame

    def frame(self, selector: str | None) -> None:
        if selector is None:
            self.current = self.page.main_frame
        else:
            self.current = self.current.wait_for_selector(selector).content_frame()

    def evaluate(self, script: str, *args: Any) -> Any:
        return self.current.evaluate(f"({script})(...{json.dumps(list(args))})")

    def click(self, selector: str, index: int = 0) -> None:
        self.current.locator(selector).nth(index).click()

    def heard(self) -> list[str]:
        heard, self.errors = self.errors, []
        return heard

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.browser.close()
        self.playwright.stop()


def launch(kind: str) -> Driver:
    """The engine `kind` ("firefox", "webkit", "chromium"), started; EngineMissing when it
    is not installed."""
    engines: dict[str, type[Firefox] | type[WebKit] | type[Chromium]] = {
        "firefox": Firefox,
        "webkit": WebKit,
        "chromium": Chromium,
    }
    return engines[kind]()
