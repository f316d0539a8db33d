#!/usr/bin/python3
"""Serves the published page (build/web, web/publish.py) as it should be
served: `make serve` runs it, and the browser tests serve the page through
it, so what they measure is what `make serve` sends.

- a file's .br or .gz beside it is sent instead, with Content-Encoding, when
  the browser accepts that encoding (Vary: Accept-Encoding);
- files named by their content (name.0123456789ab.ext) may be kept for a
  year (Cache-Control: immutable); anything else, index.html above all, is
  asked for again each time (no-cache, answered 304 when unchanged);
- .wasm goes as application/wasm, so the module compiles while it arrives;
- no directory listing: a directory is its index.html or 404, and nothing
  outside the served folder is reachable.

Usage: serve.py [--dir build/web] [--port 8013] [--bind 127.0.0.1]
"""
import argparse
import email.utils
import http.server
import os
import posixpath
import re
import sys
import urllib.parse

TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json",
    ".svg": "image/svg+xml", ".png": "image/png", ".txt": "text/plain; charset=utf-8",
}
ENCODINGS = [("br", ".br"), ("gzip", ".gz")]  # preferred first
HASHED = re.compile(r"\.[0-9a-f]{12}\.[a-z0-9]+$")
YEAR = 365 * 24 * 3600


def accepted(header):
    """The encodings an Accept-Encoding header allows (q=0 refuses one)."""
    out = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            out.add(name.strip().lower())
    return out


class PageHandler(http.server.BaseHTTPRequestHandler):
    root = "."
    server_version = "qipai-serve"
    sys_version = ""
    quiet = False

    def log_message(self, fmt, *args):
        if not self.quiet:
            sys.stderr.write("%s %s\n" % (self.address_string(), fmt % args))

    def resolve(self):
        """The file a request names, or None."""
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        path = posixpath.normpath(path)
        parts = [p for p in path.split("/") if p and p not in (".", "..")]
        full = os.path.join(os.path.abspath(self.root), *parts)
        if os.path.isdir(full):
            full = os.path.join(full, "index.html")
        if not full.startswith(os.path.abspath(self.root) + os.sep) or not os.path.isfile(full):
            return None
        return full

    def do_GET(self):
        self.answer(body=True)

    def do_HEAD(self):
        self.answer(body=False)

    def answer(self, body):
        full = self.resolve()
        if full is None:
            self.send_error(404, "Not found")
            return
        ext = os.path.splitext(full)[1].lower()
        send, encoding = full, None
        allowed = accepted(self.headers.get("Accept-Encoding"))
        for name, suffix in ENCODINGS:
            if name in allowed and os.path.isfile(full + suffix):
                send, encoding = full + suffix, name
                break
        st = os.stat(send)
        etag = f'"{st.st_size:x}-{int(st.st_mtime_ns):x}-{encoding or "id"}"'
        cache = f"public, max-age={YEAR}, immutable" if HASHED.search(full) else "no-cache"
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", cache)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(ext, "application/octet-stream"))
        self.send_header("Content-Length", str(st.st_size))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", cache)
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if body:
            with open(send, "rb") as f:
                while True:
                    chunk = f.read(1 << 16)
                    if not chunk:
                        break
                    self.wfile.write(chunk)


def server(root, port=0, bind="127.0.0.1", quiet=False, handler=PageHandler):
    """A threading server for root (port 0: any free one)."""
    cls = type("Handler", (handler,), {"root": root, "quiet": quiet})
    return http.server.ThreadingHTTPServer((bind, port), cls)


def main():
    p = argparse.ArgumentParser(description="Serves the published page (build/web).")
    p.add_argument("--dir", default="build/web")
    p.add_argument("--port", type=int, default=8013)
    p.add_argument("--bind", default="127.0.0.1")
    a = p.parse_args()
    if not os.path.isfile(os.path.join(a.dir, "index.html")):
        sys.exit(f"serve.py: no {a.dir}/index.html (make web builds it)")
    s = server(a.dir, a.port, a.bind)
    print(f"qipai: serving {a.dir} on http://{a.bind}:{s.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        s.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
