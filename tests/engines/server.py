"""The built site for the engines' smoke and benchmark, on a free local port: as built, but
with the probe (probe.js) at the head of static/js/host.js, and one page of the tests' own,
`__engines/frame.html?src=URL&width=W&height=H`, that frames a page of the site at that
size (a phone's 360 px, narrower than WebKitGTK's MiniBrowser window can be). Also a plain
static server, for host pages of another site. Stdlib only."""

from __future__ import annotations

import functools
import html
import http.server
import io
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

PROBE = Path(__file__).with_name("probe.js")
HOST_JS = "/static/js/host.js"
FRAME_PAGE = "/__engines/frame.html"
FRAME_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{width} px</title><style>body {{ margin: 0 }}</style></head><body>
<iframe id="app" title="The app" src="{src}" style="width:{width}px;height:{height}px;border:0">
</iframe></body></html>"""


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
        ".webmanifest": "application/manifest+json",
    }
    probe = False

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self) -> Any:
        url = urlsplit(self.path)
        if self.probe and url.path == HOST_JS:
            host_js = Path(self.directory, HOST_JS.lstrip("/")).read_bytes()
            return self.send_bytes(PROBE.read_bytes() + b"\n" + host_js, "text/javascript")
        if self.probe and url.path == FRAME_PAGE:
            query = {k: v[-1] for k, v in parse_qs(url.query).items()}
            page = FRAME_HTML.format(
                src=html.escape(query.get("src", ""), quote=True),
                width=int(query.get("width", 360)),
                height=int(query.get("height", 740)),
            )
            return self.send_bytes(page.encode(), "text/html; charset=utf-8")
        return super().send_head()

    def send_bytes(self, body: bytes, content_type: str) -> io.BytesIO:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return io.BytesIO(body)


class ProbeHandler(Handler):
    probe = True


class Server(http.server.ThreadingHTTPServer):
    """A browser dropping a connection is not an error."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    name = "127.0.0.1"  # the host name in its URL (`localhost` is another site)

    @property
    def url(self) -> str:
        return f"http://{self.name}:{self.server_address[1]}/"

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


def serve(directory: Path, host: str = "127.0.0.1", probe: bool = True) -> Server:
    """Serve `directory` (with the probe: the built site) on a free port of `host`."""
    handler = functools.partial(ProbeHandler if probe else Handler, directory=str(directory))
    server = Server((host, 0), handler)
    server.name = host
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def frame_url(site_url: str, src: str, width: int = 360, height: int = 740) -> str:
    """The tests' page on the site's own origin that frames `src` at width x height."""
    query = urlencode({"src": src, "width": width, "height": height})
    return f"{site_url}{FRAME_PAGE.lstrip('/')}?{query}"
