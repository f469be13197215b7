#!/usr/bin/env python3
"""Contact sheets of the piece pictures, one per variant: docs/screenshots/pieces-<variant>.png.

Reads the manifests engine/assets/pieces/<variant>.tsv, writes one HTML page per variant (every piece type: the
White and the Black picture at 60 px on a light and a dark square, a large copy, its FEN
tokens, name and moves) and renders it with headless Chromium.
Usage: python3 engine/assets/pieces/contact_sheet.py [OUTPUT_DIR]   (default docs/screenshots)
Needs: chromium (Debian package `chromium`).
"""
import glob
import html
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
LIGHT, DARK = "#f0d9b5", "#b58863"


def manifest():
    rows = []
    for path in sorted(glob.glob(os.path.join(HERE, "*.tsv"))):
        header = None
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                fields = line.split("\t")
                if header is None:
                    header = fields
                    continue
                rows.append(dict(zip(header, fields)))
    return rows


def page(variant, rows):
    # One line per piece type: rows with the same name and moves are the two colours of a type.
    types = {}
    for r in rows:
        types.setdefault((r["name"], r["moves"]), []).append(r)
    out = []
    for (name, moves), group in types.items():
        pics = ""
        for r in group:
            src = "file://" + os.path.join(HERE, r["file"])
            pics += (
                f'<span class="sq" style="background:{LIGHT}"><img src="{src}" width="60"></span>'
                f'<span class="sq" style="background:{DARK}"><img src="{src}" width="60"></span>'
            )
        big = "file://" + os.path.join(HERE, group[0]["file"])
        tokens = " ".join(html.escape(r["fen"]) for r in group)
        out.append(
            f'<div class="row"><span class="pics">{pics}</span>'
            f'<img class="big" src="{big}" width="100">'
            f'<div class="txt"><b>{html.escape(name)}</b> <code>{tokens}</code><br>'
            f"{html.escape(moves)}</div></div>"
        )
    return (
        "<!doctype html><html><head><meta charset='utf-8'><style>"
        "body{margin:8px;font:13px sans-serif;background:#fff;width:1100px}"
        "h1{font-size:18px;margin:4px 0}.row{display:flex;align-items:center;"
        "border-bottom:1px solid #ddd;padding:3px 0}.pics{width:250px;flex:none}"
        ".sq{display:inline-block;width:60px;height:60px;vertical-align:middle}"
        ".big{flex:none;margin:0 10px}.txt{flex:1}code{background:#eee;padding:0 3px}"
        f"</style></head><body><h1>Menagerie pieces: {html.escape(variant)}</h1>"
        + "".join(out)
        + "</body></html>",
        len(types),
    )


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "screenshots")
    rows = manifest()
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    with tempfile.TemporaryDirectory() as tmp:
        for v in variants:
            text, n = page(v, [r for r in rows if r["variant"] == v])
            src = os.path.join(tmp, f"{v}.html")
            with open(src, "w", encoding="utf-8") as f:
                f.write(text)
            png = os.path.join(outdir, f"pieces-{v}.png")
            subprocess.run(
                [
                    "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp}/profile", "--hide-scrollbars",
                    f"--screenshot={png}", f"--window-size=1120,{45 + 107 * n}", "file://" + src,
                ],
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            print(png)


if __name__ == "__main__":
    main()
