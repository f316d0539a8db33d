#!/usr/bin/python3
"""Publishes the page: from the staged tree that `make web` builds (the
files under their own names, as node and scripts load them) to the tree that
is served, where every file but index.html is named by its content
(qipai_wasm.3f2a…c1.wasm), so a server may let browsers keep it for a year,
and index.html (never kept without asking) names them:

- an import map sends each module's plain name (./js/qipai.js) to its hashed
  one, so the modules import each other by their plain names unchanged;
- every module is preloaded, and so is the WebAssembly, whose address and
  size the loader reads from <meta name="qipai-wasm"> (web/js/qipai.js);
- beside each text file and the .wasm, its .gz and .br, which web/serve.py
  sends to browsers that accept them (brotli takes the 8 MB module to about
  1.3 MB, gzip to about 2 MB).

Usage: publish.py STAGE OUT. OUT is emptied first. Needs the brotli program
(Debian's brotli; tools/deps.sh ensure web).
"""
import gzip
import hashlib
import html
import json
import os
import shutil
import subprocess
import sys

COMPRESSED = (".wasm", ".js", ".css", ".html")
HASH_CHARS = 12


def hashed_name(path, data):
    stem, ext = os.path.splitext(path)
    return f"{stem}.{hashlib.sha256(data).hexdigest()[:HASH_CHARS]}{ext}"


def compress(path):
    with open(path, "rb") as f:
        data = f.read()
    with open(path + ".gz", "wb") as f:
        # mtime 0: the same input gives the same bytes
        f.write(gzip.compress(data, compresslevel=9, mtime=0))
    subprocess.run(["brotli", "-q", "11", "-w", "24", "-f", "-o", path + ".br", path], check=True)


def main(stage, out):
    if shutil.which("brotli") is None:
        sys.exit("publish.py: needs the brotli program (apt-get install brotli; tools/deps.sh ensure web)")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    names = {}  # plain path (relative, '/' separated) -> hashed path
    for root, _, files in os.walk(stage):
        for f in sorted(files):
            src = os.path.join(root, f)
            rel = os.path.relpath(src, stage).replace(os.sep, "/")
            if rel == "index.html" or f.endswith(".d"):
                continue
            with open(src, "rb") as fh:
                data = fh.read()
            names[rel] = hashed_name(rel, data)
            dst = os.path.join(out, names[rel])
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "wb") as fh:
                fh.write(data)
    page = open(os.path.join(stage, "index.html"), encoding="utf-8").read()
    modules = sorted(n for n in names if n.endswith(".js"))
    imports = {f"./{n}": f"./{names[n]}" for n in modules}
    wasm = "qipai_wasm.wasm"
    head = [
        '<script type="importmap">' + json.dumps({"imports": imports}, indent=None) + "</script>",
        f'<meta name="qipai-wasm" content="{html.escape(names[wasm])}" '
        f'data-bytes="{os.path.getsize(os.path.join(stage, wasm))}">',
        f'<link rel="preload" href="{html.escape(names[wasm])}" as="fetch" type="application/wasm" crossorigin>',
    ] + [f'<link rel="modulepreload" href="{html.escape(names[n])}">' for n in modules]
    # The staged page's own preloads name plain files: the published one
    # preloads every module by its hashed name instead.
    lines = [l for l in page.split("\n") if 'rel="modulepreload"' not in l]
    page = "\n".join(lines)
    marker = '<link rel="stylesheet" href="style.css">'
    if marker not in page or '<script type="module" src="js/main.js"></script>' not in page:
        sys.exit("publish.py: index.html lacks the stylesheet or main.js line it rewrites")
    page = page.replace(marker, "\n".join(head) + f'\n<link rel="stylesheet" href="{names["style.css"]}">')
    page = page.replace('src="js/main.js"', f'src="{names["js/main.js"]}"')
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as fh:
        fh.write(page)
    for root, _, files in os.walk(out):
        for f in files:
            if f.endswith(COMPRESSED):
                compress(os.path.join(root, f))
    total = sum(os.path.getsize(os.path.join(out, names[n]) + ".br") for n in names if n.endswith(COMPRESSED))
    print(f"publish.py: {len(names) + 1} files in {out}, {total / 1e6:.2f} MB as brotli")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: publish.py STAGE OUT")
    main(sys.argv[1], sys.argv[2])
