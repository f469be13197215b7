"""The web board as a static site (dist/web.sh), in headless Chromium with no `menagerie`
process: served by `python3 -m http.server` from SITE, the first board's transfer (gzip-compressed
sizes of every file the page loaded) is within the budget of issue 58 (1.5 MB); the time until
the engine in the Worker answered is printed (a measurement, not a test); the web-app manifest
is there; and once loaded the site works offline: the server stopped, a reload shows a board
whose legal moves come from the WebAssembly build, and a move can be played.

    python3 tests/python/web_static.py SITE_DIR [SCREENSHOT_DIR]
"""
import gzip
import os
import re
import subprocess
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(__file__))
import gui_browser as gb  # noqa: E402  (the browser and the page helpers)

SITE = os.path.abspath(sys.argv[1])
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None
BUDGET = 1_500_000


def serve():
    p = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", SITE],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    port = re.search(r"port (\d+)", line).group(1)
    return p, f"http://127.0.0.1:{port}"


def wait(cond, what, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        try:
            if cond():
                return
        except Exception:
            pass
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def board_ready(d):
    return d.execute_script(
        "return document.body.dataset.busy === '0' && !!document.querySelector('.sq') && location.search.includes('game=');")


def main():
    server, base = serve()
    d = gb.DRIVER = gb.start_browser()
    gb.STATIC = True
    try:
        d.get(f"{base}/?variant=chess")
        wait(lambda: board_ready(d) and d.execute_script(
            "return [...document.images].every((i) => i.complete);"), "the first board")
        # Every file the first board needed, compressed as a host would send it.
        names = d.execute_script(
            "return [location.href, ...performance.getEntriesByType('resource').map(e => e.name)];")
        # The Worker's own loads are on its own timeline: its script and the WebAssembly build.
        names += [f"{base}/{f}" for f in ["board-worker.js", "menagerie.js", "menagerie_bg.wasm"]]
        total, rows = 0, []
        for url in dict.fromkeys(names):
            path = urllib.parse.urlparse(url).path.lstrip("/") or "index.html"
            f = os.path.join(SITE, urllib.parse.unquote(path))
            if os.path.isfile(f):
                size = len(gzip.compress(open(f, "rb").read(), 9))
                total += size
                rows.append((size, path))
        for size, path in sorted(rows, reverse=True)[:6]:
            print(f"   {size:>9} {path}")
        print(f"first board: {len(rows)} files, {total} bytes gzip-compressed (budget {BUDGET})")
        assert total <= BUDGET, f"the first board takes {total} bytes, over {BUDGET}"
        ready = d.execute_script("return backend.readyMs;")
        assert ready is not None, "the engine in the Worker never answered"
        first = d.execute_script(
            "return performance.getEntriesByName('menagerie-first-board')[0].startTime;")
        print(f"first board drawn {first:.0f} ms after the page's start")
        print(f"engine ready {ready:.0f} ms after the page's start")
        manifest = d.execute_script(
            "return fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json());")
        assert manifest["start_url"] == "./" and manifest["icons"], manifest
        # The service worker takes the page once it has kept every file.
        wait(lambda: d.execute_script("return !!navigator.serviceWorker.controller;"),
             "the service worker", timeout=60)
        server.terminate()
        server.wait()
        d.get(f"{base}/?variant=jumpingknights")
        wait(lambda: board_ready(d), "the board offline")
        gid = d.execute_script("return new URLSearchParams(location.search).get('game');")
        st = gb.api(f"/api/games/{gid}")
        assert st["variant"] == "jumpingknights" and st["legal"], st
        move = st["legal"][0]["action"]
        after = gb.api(f"/api/games/{st['id']}/move", {"move": move})
        assert after["ply"] == 1, after
        print(f"offline: jumpingknights from the service worker's copy, {move} played")
        if SHOTS:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
            for variant in ["eightpiece", "jumpingknights"]:
                d.get(f"{base}/?variant={variant}&white=human&black=engine")
                wait(lambda: board_ready(d) and d.execute_script(
                    "return [...document.images].every((i) => i.complete);"), "the phone board")
                d.save_screenshot(os.path.join(SHOTS, f"web-phone-{variant}.png"))
        errors = [l["message"] for l in d.get_log("browser") if "Uncaught" in l["message"]]
        assert not errors, errors
    finally:
        d.quit()
        if server.poll() is None:
            server.terminate()
    print("web static: ok")


if __name__ == "__main__":
    main()
