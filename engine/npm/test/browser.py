"""The npm package in a browser: headless Chromium (through chromedriver and Selenium) opens
test/browser/index.html from a static server (python3 -m http.server, no Menagerie process),
where the rules run in the page and the engine in a module Web Worker, and checks what it
reports; then the page example of docs/javascript.md (MENAGERIE_ROOT: the repository). engine/
npm/ci.sh runs this from the folder the tarball was installed into.

    python3 test/browser.py      # exit 0: passed; prints SKIPPED without Chromium/Selenium
"""
import json
import os
import socket
import subprocess
import sys
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    print("SKIPPED: selenium is not installed (pip install selenium)")
    sys.exit(0)
import shutil

if not shutil.which("chromium") or not shutil.which("chromedriver"):
    print("SKIPPED: chromium or chromedriver is not installed")
    sys.exit(0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# The page example of docs/javascript.md (its ```html block), beside the installed package.
root = os.environ.get("MENAGERIE_ROOT")
example = None
if root:
    doc = open(os.path.join(root, "docs", "javascript.md"), encoding="utf-8").read()
    example = doc.split("```html\n", 1)[1].split("```", 1)[0]
    with open("example.html", "w", encoding="utf-8") as f:
        f.write(example)

port = free_port()
server = subprocess.Popen(
    [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
    stdout=subprocess.DEVNULL,
    stderr=subprocess.DEVNULL,
)
try:
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium")
    for flag in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ]:
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    try:
        time.sleep(0.5)
        driver.get(f"http://127.0.0.1:{port}/test/browser/index.html")
        deadline = time.time() + 120
        text = "running"
        while time.time() < deadline:
            text = driver.find_element("id", "result").text
            if text != "running":
                break
            time.sleep(0.2)
        page = None
        if example:
            driver.get(f"http://127.0.0.1:{port}/example.html")
            deadline = time.time() + 60
            while time.time() < deadline:
                page = driver.find_element("id", "board").text
                if page.strip() != "thinking...":
                    break
                time.sleep(0.2)
    finally:
        driver.quit()
finally:
    server.terminate()

print(text)
out = json.loads(text)
assert out["ok"], out["errors"]
assert len(out["variants"]) == 7 and all(v["pushed"] for v in out["variants"].values()), out
assert not any(b.startswith("ILLEGAL") for b in out["best"].values()), out["best"]
assert out["stopMs"] < 100, f"stop answered in {out['stopMs']} ms"
assert out["engineReadyMs"] < 1000, f"engine ready in {out['engineReadyMs']} ms"
if example:
    # The example plays the engine's move on an 8-Piece board and shows the board as text.
    assert page and "Black to move" in page and len(page.splitlines()) >= 8, page
    print("the page example of docs/javascript.md ran:\n" + page)
print(
    f"browser: rules ready in {out['rulesReadyMs']} ms, engine in {out['engineReadyMs']} ms, "
    f"stop answered in {out['stopMs']} ms"
)
