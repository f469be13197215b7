"""Drives `menagerie gui` in a real browser (Debian's chromium through chromedriver, with the
Selenium WebDriver bindings): per variant a scripted game entered by clicks and drags that
includes each special move of the variant; after every move the board in the page (the
`data-square` / `data-piece` contract) must equal the engine's position, read from the API's FEN
and parsed here independently; illegal clicks must change nothing.

Usage: python3 gui_browser.py URL [SCREENSHOT_DIR]   (run by engine/tests/gui_browser.rs;
GUI_VARIANTS=chess,magician runs only those scripts)
"""

import json
import os
import re
import sys
import tempfile
import time
import traceback
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.support.ui import Select
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.mouse_button import MouseButton
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import StaleElementReferenceException

BASE = sys.argv[1].rstrip("/")
SHOTS = sys.argv[2] if len(sys.argv) > 2 else None

# Board shapes from the rule books (not from the server): file letters, lowest rank, rank count,
# squares that do not exist.
SHAPES = {
    "chess": ("abcdefgh", 1, 8, set()),
    "eightpiece": ("abcdefgh", 1, 8, set()),
    "eightpiece-random": ("abcdefgh", 1, 8, set()),
    "pieceeater": ("abcdefgh", 1, 8, set()),
    "magician": ("abcdefgh", 1, 8, set()),
    "tamerspiel": ("abcdefghijkl", 1, 8, {f"{f}{r}" for f in "al" for r in range(2, 8)}),
    "jumpingknights": ("zabcdefghi", 0, 10, set()),
}


def squares_of(variant):
    files, base, ranks, holes = SHAPES[variant]
    return {f"{f}{base + r}" for f in files for r in range(ranks)} - holes


def parse_fen(variant, fen):
    """The FEN's board as {square: token} and its hand as a sorted string."""
    files, base, ranks, holes = SHAPES[variant]
    field = fen.split()[0]
    hand = ""
    if "[" in field:
        field, hand = field.split("[", 1)
        hand = hand.rstrip("]")
    rows = field.split("/")
    assert len(rows) == ranks, f"{fen}: {len(rows)} ranks"
    board = {}
    for i, row in enumerate(rows):
        rank = base + ranks - 1 - i
        f = 0
        for m in re.finditer(r"(\d+)|(\*)|([A-Za-z](?:\([a-z]+\))?)", row):
            if m.group(1):
                f += int(m.group(1))
            elif m.group(2):
                assert f"{files[f]}{rank}" in holes, f"{fen}: * on an existing square"
                f += 1
            else:
                board[f"{files[f]}{rank}"] = m.group(3)
                f += 1
        assert f == len(files), f"{fen}: rank {rank} has {f} squares"
    return board, "".join(sorted(hand))


# The static web build (dist/web.sh) has no server: its API is answered inside the page (the
# WebAssembly build in a Worker), so the checks ask the page's own `backend` what a test of the
# server asks over HTTP (MENAGERIE_WEB_STATIC=1, engine/tests/web_static.rs).
STATIC = os.environ.get("MENAGERIE_WEB_STATIC") == "1"
DRIVER = None
PAGE_API = """
const [path, body, text, done] = arguments;
const opts = body === null ? { method: 'GET' }
  : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
backend.fetch(path, opts)
  .then(async (r) => { const v = text ? await r.text() : await r.json(); done(r.ok ? v : { __error: r.status + ' ' + JSON.stringify(v) }); })
  .catch((e) => done({ __error: String(e) }));
"""


def api(path, body=None, text=False):
    if STATIC:
        r = DRIVER.execute_async_script(PAGE_API, path.lstrip("/"), body, text)
        if isinstance(r, dict) and "__error" in r:
            raise AssertionError(f"{path}: {r['__error']}")
        return r
    if text:
        with urllib.request.urlopen(f"{BASE}{path}", timeout=30) as r:
            return r.read().decode()
    req = urllib.request.Request(
        BASE + path,
        method="POST" if body is not None else "GET",
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def start_browser():
    o = webdriver.ChromeOptions()
    for a in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1400,1000",
        f"--user-data-dir={tempfile.mkdtemp(prefix='menagerie-chromium-')}",
    ]:
        o.add_argument(a)
    o.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=o)


class Page:
    def __init__(self, driver, variant):
        self.d = driver
        self.variant = variant

    def wait(self, cond, what, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            try:
                if cond():
                    return
            except Exception:  # the page may be re-rendering
                pass
            time.sleep(0.02)
        raise AssertionError(f"{self.variant}: timed out waiting for {what}")

    def status(self):
        """(ply, busy) from the page's body attributes, in one round trip."""
        return self.d.execute_script(
            "return [document.body.dataset.ply || '-1', document.body.dataset.busy || '1'];"
        )

    def idle(self):
        return self.status()[1] == "0"

    def ply(self):
        return int(self.status()[0])

    def game_id(self):
        q = urllib.parse.parse_qs(urllib.parse.urlparse(self.d.current_url).query)
        return q["game"][0]

    def open(self, query):
        self.d.get(f"{BASE}/?{urllib.parse.urlencode(query)}")
        self.wait(lambda: self.status() == ["0", "0"] and "game=" in self.d.current_url, "the new game")
        self.check_help()

    def check_help(self):
        """The help panel lists, for the variant on the board, one line per move form of the
        server's variant table."""
        variant = api(f"/api/games/{self.game_id()}")["variant"]
        table = {v["id"]: v for v in api("/api/variants")["variants"]}[variant]
        lines = self.d.execute_script(
            "return Array.from(document.querySelectorAll('#help-forms li')).map(l => [l.dataset.form, l.textContent]);"
        )
        assert [f for f, _ in lines] == [f["form"] for f in table["forms"]], f"help {lines} for {variant}"
        assert all(len(t) > 20 for _, t in lines), lines
        assert self.d.find_element(By.ID, "help").is_displayed()

    def text(self, id_):
        return self.d.find_element(By.ID, id_).text

    def no_script_errors(self):
        errors = [l["message"] for l in self.d.get_log("browser") if "Uncaught" in l["message"]]
        assert not errors, f"script errors: {errors}"

    def rect(self, css):
        return self.d.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            " return [r.left, r.top, r.right, r.bottom];",
            css,
        )

    def dom_board(self):
        """{square: data-piece} of the page's board (one round trip)."""
        cells = self.d.execute_script(
            "return Array.from(document.querySelectorAll('#board [data-square]')).map(e =>"
            " [e.dataset.square, Array.from(e.querySelectorAll('[data-piece]')).map(p => p.dataset.piece)]);"
        )
        out = {}
        names = set()
        for name, pieces in cells:
            assert name not in names, f"{name} drawn twice"
            names.add(name)
            assert len(pieces) <= 1, f"{name} holds {len(pieces)} pieces"
            if pieces:
                out[name] = pieces[0]
        assert names == squares_of(self.variant), f"squares drawn {sorted(names ^ squares_of(self.variant))} differ"
        return out

    def dom_hand(self):
        items = self.d.execute_script(
            "return Array.from(document.querySelectorAll('[data-hand]')).map(h =>"
            " h.dataset.hand.repeat(Number(h.querySelector('.count').textContent)));"
        )
        return "".join(sorted("".join(items)))

    def check_board(self):
        st = api(f"/api/games/{self.game_id()}")
        assert st["ply"] == self.ply(), f"page at ply {self.ply()}, game at {st['ply']}"
        board, hand = parse_fen(self.variant, st["fen"])
        dom = self.dom_board()
        assert dom == board, f"{self.variant}: page {dom} != engine {board} ({st['fen']})"
        if "[" in st["fen"].split()[0]:
            assert self.dom_hand() == hand, f"hands: page {self.dom_hand()} != engine {hand}"
        return st

    def element(self, click):
        if click.startswith("@"):
            st = api(f"/api/games/{self.game_id()}")
            letter = click[1] if st["turn"] == "w" else click[1].lower()
            return self.d.find_element(By.CSS_SELECTOR, f'[data-hand="{letter}"]')
        return self.d.find_element(By.CSS_SELECTOR, f'[data-square="{click}"]')

    def click(self, name):
        # The board may be redrawn (an engine's reply) between finding a square and clicking it.
        for attempt in range(3):
            try:
                self.element(name).click()
                return
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def drag(self, a, b):
        ActionChains(self.d).drag_and_drop(self.element(a), self.element(b)).perform()

    def move(self, clicks, choice=None, drag=False, expect_text=None):
        """Enters one move; checks the board after it."""
        before = self.ply()
        if drag:
            self.drag(clicks[0], clicks[1])
            for c in clicks[2:]:
                self.click(c)
        elif clicks == ["pass"]:
            self.d.find_element(By.ID, "pass").click()
        else:
            for c in clicks:
                self.click(c)
        if choice:
            self.wait(lambda: self.d.find_element(By.ID, "chooser").is_displayed(), f"the chooser for {choice}")
            options = self.d.find_elements(By.CSS_SELECTOR, "#choices [data-choice]")
            assert len(options) >= 2, f"a chooser with {len(options)} options"
            # The chooser leaves the destination square in sight.
            c = self.rect("#chooser")
            q = self.rect(f'#board [data-square="{clicks[-1]}"]')
            overlap = c[0] < q[2] and q[0] < c[2] and c[1] < q[3] and q[1] < c[3]
            assert not overlap, f"the chooser {c} covers {clicks[-1]} {q}"
            self.d.find_element(By.CSS_SELECTOR, f'#choices [data-choice="{choice}"]').click()
        self.wait(lambda: self.ply() == before + 1 and self.idle(), f"move {clicks} {choice or ''}")
        st = self.check_board()
        text = st["moves"][-1]["text"]
        if expect_text:
            assert text == expect_text or text.startswith(expect_text + ","), f"played {text}, meant {expect_text}"
        return st

    def illegal(self, clicks):
        """Clicks that are no move: nothing changes."""
        before_ply = self.ply()
        before = self.dom_board()
        for c in clicks:
            self.click(c)
        time.sleep(0.1)
        assert self.ply() == before_ply, f"illegal clicks {clicks} changed the game"
        assert self.dom_board() == before, f"illegal clicks {clicks} changed the board"
        self.d.find_element(By.TAG_NAME, "body").send_keys("\ue00c")  # Escape clears the selection

    def shot(self, name):
        if SHOTS:
            self.d.save_screenshot(os.path.join(SHOTS, f"gui-{name}.png"))


HUMANS = {"white": "human", "black": "human"}


def chess(p):
    # Double step, en passant, castling both ways (Black's by the king-to-rook path), promotion
    # by capture with a chooser (FIDE 3.7, 3.8).
    p.open({"variant": "chess", "fen": "r3k2r/3p1ppp/8/4P3/8/8/p5PP/RN2K2R b KQkq - 0 1", **HUMANS})
    p.check_board()
    p.illegal(["d7", "d4"])
    p.move(["d7", "d5"], expect_text="d7d5")
    p.move(["e5", "d6"], drag=True, expect_text="e5d6")
    p.move(["e8", "a8"], expect_text="e8c8")
    p.move(["e1", "g1"], expect_text="e1g1")
    p.move(["a2", "b1"], choice="a2b1n", expect_text="a2b1n")
    p.shot("chess")
    # Flipped, the same squares hold the same pieces, and moves are entered the same way.
    p.d.find_element(By.ID, "flip").click()
    p.check_board()
    p.move(["g2", "g4"], expect_text="g2g4")
    p.d.find_element(By.ID, "flip").click()
    # The end of a game is announced with its rule.
    p.open({"variant": "chess", "fen": "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1", **HUMANS})
    p.move(["d1", "d8"], expect_text="d1d8")
    status = p.d.find_element(By.ID, "status").text
    assert "Game over: 1-0" in status and "checkmate" in status, status
    assert status.count("checkmate") == 1, status
    assert p.d.find_elements(By.CSS_SELECTOR, '.sq.check[data-square="g8"]'), "the mated king is marked"


def eightpiece(p):
    # Re-orient, pass (king held), sentry push, a lancer nudge, Turn-then-Move, castling with
    # the jailer, promotion to a lancer with its facing (rule book §4, §6.2, §7.2, §8, §5).
    p.open({"variant": "eightpiece", "fen": "7k/1P5J/8/5n2/L(w)5l(n)1/3S4/5P2/J3K2R w KQ - 0 1 -", **HUMANS})
    p.check_board()
    p.illegal(["a4", "b5"])
    p.move(["a4", "a4"], choice="a4a4=e", expect_text="a4a4=e")
    p.move(["pass"], expect_text="0000")
    p.illegal(["h8", "g8"])
    p.move(["d3", "f5", "g3"], expect_text="d3f5,f5g3")
    p.move(["g3", "h5"], drag=True, expect_text="g3h5")
    p.move(["f5", "g4", "h4"], expect_text="f5g4,g4h4")
    p.shot("eightpiece")
    p.move(["h4", "h3"], expect_text="h4h3")
    p.move(["e1", "c1"], expect_text="e1c1")
    p.move(["pass"], expect_text="0000")
    p.move(["b7", "b8"], choice="b7b8l=s", expect_text="b7b8l=s")


def eightpiece_random(p):
    # Castling king onto partner (rule book §10), from a numbered setup page too.
    p.open({"variant": "eightpiece-random", "setup": "17", **HUMANS})
    p.check_board()
    assert p.d.find_element(By.ID, "setup").get_attribute("value") == "17"
    assert "setup 17" in p.text("setup-now"), p.text("setup-now")
    p.open({"variant": "eightpiece-random", "setup": "0", **HUMANS})
    assert p.d.find_element(By.ID, "setup").get_attribute("value") == "0"
    assert "setup 0" in p.text("setup-now"), p.text("setup-now")
    p.open({"variant": "eightpiece-random", "fen": "jk6/pppppppp/8/8/8/8/PPPPPPPP/JK6 w Aa - 0 1 -", **HUMANS})
    p.move(["b1", "a1"], expect_text="b1a1")
    p.move(["b8", "a8"], drag=True, expect_text="b8a8")
    p.shot("eightpiece-random")
    p.move(["d2", "d4"], expect_text="d2d4")


def pieceeater(p):
    # The forced step (rule 3), random steps with their outcome numbers, drops from both hands
    # (pieceeater.md §3, §4); the die is seeded, so the game is the same every run.
    p.open({"variant": "pieceeater", "seed": "1", **HUMANS})
    p.check_board()
    st = p.move(["e2", "e4"], expect_text="e2e4")
    eff = p.d.find_element(By.ID, "effect").text
    assert "outcome 1 of 1" in eff and "d4→e4" in eff, eff
    p.move(["g8", "f6"], drag=True, expect_text="g8f6")
    # The hand pieces White may drop have the "usable" ring.
    usable = [e.get_attribute("data-hand") for e in p.d.find_elements(By.CSS_SELECTOR, ".hand-piece.usable")]
    assert usable and all(u.isupper() for u in usable), usable
    p.illegal(["@P", "e4"])
    p.move(["@P", "e2"], expect_text="P@e2")
    p.shot("pieceeater")
    p.move(["@N", "g8"], expect_text="N@g8")
    eff = p.d.find_element(By.ID, "effect").text
    assert re.search(r"outcome \d+ of \d+", eff), eff


def magician(p):
    # Switch, promotion to the Magician (promoted at once to the Prime Minister), and her
    # promotion far from the pawn that reached the 6th rank (magician.md §2, §4).
    p.open({"variant": "magician", "fen": "r3k3/8/8/4P3/2B4Q/8/1p2K3/8 w - - 0 1 Mm", **HUMANS})
    p.check_board()
    p.move(["c4", "c4"], expect_text="c4c4m")
    p.move(["b2", "b1"], choice="b2b1m", expect_text="b2b1m")
    # The move list shows the Magician's new form apart, never as a PGN comment (issue 58).
    moves = p.text("moves")
    assert "b1=M (M = Y)" in moves and "{" not in moves, moves
    assert p.d.find_elements(By.CSS_SELECTOR, "#moves .note"), "the note apart"
    p.move(["e5", "e6"], expect_text="e5e6")
    assert "{" not in p.text("moves"), p.text("moves")
    p.shot("magician")
    p.move(["b1", "a2"], drag=True, expect_text="b1a2")


def tamerspiel(p):
    # Castling, the king swap out of check, a citadel promotion, the optional Dabbabah
    # (tamerspiel.md §6, §4, §5).
    p.open({"variant": "tamerspiel", "fen": "5k6/*1N8*/*P9*/*10*/*10*/*10*/*2r7*/2G3K4R w K - 0 1 w", **HUMANS})
    p.check_board()
    p.illegal(["g1", "a1"])
    p.move(["g1", "j1"], expect_text="g1j1")
    p.move(["d2", "j2"], drag=True, expect_text="d2j2")
    p.move(["j1", "c1"], expect_text="j1c1")
    p.move(["f8", "g8"], expect_text="f8g8")
    p.move(["c7", "a8"], expect_text="c7a8")
    p.shot("tamerspiel")
    p.move(["g8", "f8"], expect_text="g8f8")
    p.move(["b6", "b7"], choice="b6b7d", expect_text="b6b7d")


def jumpingknights(p):
    # En passant by jumping, a queen's jump capture (by its landing square), promotion by a
    # jump onto the edge with a chooser, castling (jumpingknights.md §4, §5).
    p.open({"variant": "jumpingknights", "fen": "10/8n1/4p2P2/2k7/5P4/4p5/10/10/4QK2R1/10 b K - 0 1", **HUMANS})
    p.check_board()
    p.illegal(["z9", "a8"])
    p.move(["d7", "d5"], expect_text="d7d5")
    p.move(["e5", "d6", "c7"], expect_text="e5d6,d6c7")
    p.move(["b6", "a5"], expect_text="b6a5")
    p.move(["d1", "d8"], drag=True, expect_text="d1d4,d4d8")
    p.shot("jumpingknights")
    p.move(["a5", "b4"], expect_text="a5b4")
    p.move(["g7", "h8", "i9"], choice="g7h8,h8i9w", expect_text="g7h8,h8i9w")
    p.move(["b4", "b3"], expect_text="b4b3")
    p.move(["e1", "g1"], expect_text="e1g1")
    # Rule 4 (JK-5): the rook on the edge square z4 can capture onto a central square. The
    # status says a capture is compulsory; a move it forbids, clicked or typed, is refused with
    # the reason (issue 58).
    p.open({"variant": "jumpingknights", "fen": "10/5k4/10/10/10/R1p7/10/10/5K4/10 w - - 0 1", **HUMANS})
    assert "White must capture (Rule 4, JK-5)" in p.text("status"), p.text("status")
    for clicks in [["e1"], ["z4", "a4"]]:
        p.illegal(clicks)
        p.wait(lambda: p.d.find_element(By.ID, "error").is_displayed(), f"the refusal of {clicks}")
        assert "A capture is compulsory (Rule 4, JK-5)" in p.text("error"), p.text("error")
        p.d.execute_script("hideError();")
    p.d.find_element(By.ID, "move-input").send_keys("e1e2", Keys.ENTER)
    p.wait(lambda: p.d.find_element(By.ID, "error").is_displayed(), "the typed refusal")
    assert p.text("error").startswith("`e1e2` is not allowed. A capture is compulsory"), p.text("error")
    p.d.find_element(By.ID, "move-input").clear()
    p.move(["z4", "b4", "c4"], expect_text="z4b4,b4c4")
    assert "must capture" not in p.text("status"), p.text("status")


def engine_plays(p):
    # The engine answers as Black; the page shows its move.
    p.open({"variant": "tamerspiel", "white": "human", "black": "engine"})
    # The level menu: full strength and levels 19..0, each with its rating. At level 0 (100
    # nodes) the engine answers at once even with a minute to think.
    options = p.d.find_elements(By.CSS_SELECTOR, "#level option")
    assert len(options) == 21 and options[0].text == "Full strength", [o.text for o in options]
    assert options[1].text.startswith("Level 19 (about ") and options[20].text.startswith("Level 0 ("), options[1].text
    Select(p.d.find_element(By.ID, "level")).select_by_value("0")
    p.d.find_element(By.ID, "movetime").clear()
    p.d.find_element(By.ID, "movetime").send_keys("60")
    p.click("e2")
    p.click("e3")
    p.wait(lambda: p.ply() == 2 and p.idle(), "the level-0 engine's reply", timeout=15)
    # A move typed into the Move field: after the engine's reply the field has the focus again.
    box = p.d.find_element(By.ID, "move-input")
    box.send_keys("d2d3", Keys.ENTER)
    p.wait(lambda: p.ply() == 4 and p.idle(), "the engine's reply to d2d3", timeout=15)
    p.wait(lambda: p.d.execute_script("return document.activeElement.id") == "move-input", "the field's focus")
    Select(p.d.find_element(By.ID, "level")).select_by_value("")
    p.d.find_element(By.ID, "movetime").clear()
    p.d.find_element(By.ID, "movetime").send_keys("0.2")
    p.check_board()
    # Analysis fills the evaluation bar; switched off, the engine stops.
    p.d.find_element(By.ID, "analysis").click()
    p.wait(lambda: p.d.find_element(By.ID, "evalbar").get_attribute("data-score"), "the evaluation bar")
    assert p.d.find_element(By.ID, "evalbar").is_displayed()
    # The number fits the bar (it runs along it): no wider than the bar, as tall as its text.
    fits = p.d.execute_script(
        "const b = document.getElementById('evalbar').getBoundingClientRect();"
        "const t = document.getElementById('evalbar-text').getBoundingClientRect();"
        "return t.width <= b.width && t.height >= 12 && t.top >= b.top && t.bottom <= b.bottom;")
    assert fits, "the evaluation bar's number is clipped"
    p.d.find_element(By.ID, "analysis").click()
    p.wait(lambda: not p.d.find_element(By.ID, "evalbar").is_displayed(), "the bar gone with analysis")
    # Resignation ends the game (the engine plays Black, so White resigns).
    p.d.find_element(By.ID, "resign").click()
    p.wait(lambda: "Game over: 0-1" in p.text("status"), "the resignation")
    assert "White resigns" in p.text("status"), p.text("status")
    # A mate in one: the engine finds it, and says at which depth.
    query = {"variant": "chess", "fen": "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1", "white": "engine", "black": "human"}
    p.d.get(f"{BASE}/?{urllib.parse.urlencode(query)}")
    p.wait(lambda: p.ply() == 1 and p.idle(), "the engine's mate")
    assert "Game over: 1-0" in p.text("status"), p.text("status")
    # Only Black is a person's: the board is seen from Black's side (issue 58).
    assert top_left(p) == "h1", top_left(p)
    # The search's last line may come a moment after the move (another connection).
    p.wait(lambda: "mate found at depth 1" in p.text("engine-out"), "the mate's depth line", timeout=5)
    # A draw offer to an engine a queen down is accepted (decision 0013).
    p.open({"variant": "chess", "fen": "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", **HUMANS, "black": "engine"})
    p.d.find_element(By.ID, "offer-draw").click()
    p.wait(lambda: "Game over: 1/2-1/2" in p.text("status"), "the accepted draw")
    assert "Draw by agreement" in p.text("status"), p.text("status")
    # In the start position it is declined, and the page says when the engine would accept.
    p.open({"variant": "chess", **HUMANS, "black": "engine"})
    p.d.find_element(By.ID, "offer-draw").click()
    p.wait(lambda: p.d.find_element(By.ID, "error").is_displayed(), "the declined draw")
    assert "declined" in p.text("error") and "at least a pawn worse" in p.text("error"), p.text("error")
    assert p.ply() == 0 and "Game over" not in p.text("status")


def top_left(p):
    """The square drawn top left: a8 with White at the bottom, h1 with Black."""
    return p.d.execute_script("return document.querySelector('#board [data-square]').dataset.square;")


def page_features(p):
    # A game the server cannot start: its message is shown and the start position opens, with no
    # script error.
    p.d.get_log("browser")
    bad = "4k3/8/8/8/8/8/8/3qK3 b - - 0 1"
    p.d.get(f"{BASE}/?{urllib.parse.urlencode({'variant': 'chess', 'fen': bad})}")
    p.wait(lambda: p.status() == ["0", "0"] and "game=" in p.d.current_url, "the start position")
    banner = p.text("banner")
    assert "invalid FEN (side field)" in banner and "start position" in banner, banner
    st = p.check_board()
    assert st["fen"].startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), st["fen"]
    p.no_script_errors()
    p.d.find_element(By.ID, "banner-close").click()
    # The first-visit hint: shown once, until dismissed.
    p.d.execute_script("localStorage.clear();")
    p.open({"variant": "chess", **HUMANS})
    assert p.d.find_element(By.ID, "first-hint").is_displayed()
    p.d.find_element(By.ID, "first-hint-ok").click()
    p.open({"variant": "chess", **HUMANS})
    assert not p.d.find_element(By.ID, "first-hint").is_displayed()
    # The legend links the rule text shipped with the page, by a relative URL (issue 58).
    link = p.d.execute_script("return document.getElementById('rules-link').getAttribute('href');")
    assert link == "rules/chess.md", link
    with urllib.request.urlopen(f"{BASE}/{link}", timeout=30) as r:
        assert r.read().decode().startswith("# `chess`")
    # Two people: White at the bottom. The engine taking White alone turns the board to Black's
    # side; a person taking White back turns it again (issue 58).
    assert top_left(p) == "a8", top_left(p)
    Select(p.d.find_element(By.ID, "player-w")).select_by_value("engine")
    assert top_left(p) == "h1", top_left(p)
    p.wait(lambda: p.ply() == 1 and p.idle(), "the engine's move as White")
    Select(p.d.find_element(By.ID, "player-w")).select_by_value("human")
    assert top_left(p) == "a8", top_left(p)
    p.open({"variant": "chess", **HUMANS})
    # Typed moves: coordinates and algebraic, completed from the legal list; a bad one changes
    # nothing.
    options = p.d.execute_script("return Array.from(document.querySelectorAll('#move-list option')).map(o => o.value);")
    assert "Nf3" in options and "g1f3" in options, options
    box = p.d.find_element(By.ID, "move-input")
    box.send_keys("e2e4", Keys.ENTER)
    p.wait(lambda: p.ply() == 1 and p.idle(), "the typed e2e4")
    box.send_keys("Nf6", Keys.ENTER)
    p.wait(lambda: p.ply() == 2 and p.idle(), "the typed Nf6")
    box.send_keys("Ke5", Keys.ENTER)
    p.wait(lambda: p.d.find_element(By.ID, "error").is_displayed(), "the refusal")
    assert "not a legal move" in p.text("error")
    assert p.ply() == 2
    box.clear()
    st = p.check_board()
    assert [m["text"] for m in st["moves"]] == ["e2e4", "g8f6"], st["moves"]
    # The refusal goes with the next good move.
    box.send_keys("d2d4", Keys.ENTER)
    p.wait(lambda: p.ply() == 3 and p.idle(), "the typed d2d4")
    assert not p.d.find_element(By.ID, "error").is_displayed(), "the refusal outlived a good move"
    # Keys: Home/↑ to the start, End/↓ back to the current position.
    p.d.execute_script("document.activeElement.blur();")
    for key, ply in [(Keys.HOME, "0"), (Keys.END, "3"), (Keys.ARROW_UP, "0"), (Keys.ARROW_DOWN, "3")]:
        ActionChains(p.d).send_keys(key).perform()
        p.wait(lambda: p.d.execute_script("return document.body.dataset.viewPly") == ply, f"the key to ply {ply}")
    # A square takes the focus and Enter clicks it: d7, then Space on d6 plays d7d6.
    p.element("d7").send_keys(Keys.ENTER)
    p.element("d6").send_keys(" ")
    p.wait(lambda: p.ply() == 4 and p.idle(), "d7d6 by the keyboard")
    assert p.check_board()["moves"][3]["text"] == "d7d6"
    # Typed promotions: with its piece in any case and with or without `=` it is played; without
    # its piece it opens the chooser over the four.
    promo = "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1"
    p.open({"variant": "chess", "fen": promo, **HUMANS})
    box = p.d.find_element(By.ID, "move-input")
    box.send_keys("e8=q", Keys.ENTER)
    p.wait(lambda: p.ply() == 1 and p.idle(), "the typed e8=q")
    assert p.check_board()["moves"][0]["text"] == "e7e8q"
    p.open({"variant": "chess", "fen": promo, **HUMANS})
    box = p.d.find_element(By.ID, "move-input")
    box.send_keys("e8", Keys.ENTER)
    p.wait(lambda: p.d.find_element(By.ID, "chooser").is_displayed(), "the chooser for e8")
    buttons = p.d.find_elements(By.CSS_SELECTOR, "#choices button")
    assert sorted(b.get_attribute("data-choice") for b in buttons) == ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]
    [b for b in buttons if b.get_attribute("data-choice") == "e7e8n"][0].click()
    p.wait(lambda: p.ply() == 1 and p.idle(), "the chosen knight")
    assert p.check_board()["moves"][0]["text"] == "e7e8n"
    # A reload keeps the players: Black stays a person's, and the engine does not move.
    p.d.refresh()
    p.wait(lambda: p.status() == ["1", "0"], "the reloaded game")
    time.sleep(1.5)
    assert p.ply() == 1, "the engine moved after a reload"
    assert p.d.find_element(By.ID, "player-b").get_attribute("value") == "human"
    # Check: the checked king is marked and the status says so.
    p.open({"variant": "chess", "fen": "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", **HUMANS})
    p.move(["f1", "b5"], expect_text="f1b5")
    marked = [e.get_attribute("data-square") for e in p.d.find_elements(By.CSS_SELECTOR, ".sq.check")]
    assert marked == ["e8"], marked
    assert "check" in p.text("status"), p.text("status")
    # Arrows and circles: right-click circles, right-drag draws an arrow, a left click clears.
    p.d.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    ActionChains(p.d).context_click(p.element("e4")).perform()
    right_drag(p.d, p.element("c7"), p.element("c6"))
    p.wait(lambda: p.d.find_elements(By.CSS_SELECTOR, '#draw-layer [data-arrow="c7c6"]'), "the arrow")
    assert p.d.find_elements(By.CSS_SELECTOR, '#draw-layer [data-circle="e4"]'), "the circle"
    p.shot("check")
    p.click("h2")
    assert not p.d.find_elements(By.CSS_SELECTOR, "#draw-layer [data-arrow], #draw-layer [data-circle]")
    p.d.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    # Check on TamerSpiel's Tetrarch (a royal piece other than the king).
    p.variant = "tamerspiel"
    p.open({"variant": "tamerspiel", "fen": "5t6/*10*/*10*/*10*/*10*/*10*/*10*/4R1K5 w - - 0 1 -", **HUMANS})
    p.move(["e1", "f1"], expect_text="e1f1")
    marked = [e.get_attribute("data-square") for e in p.d.find_elements(By.CSS_SELECTOR, ".sq.check")]
    assert marked == ["f8"], marked
    p.variant = "chess"
    # A PGN of two games: a picker chooses between them; move numbers follow the FEN.
    pgn = ""
    for moves, fen in [(["e2e4", "e7e5"], None), (["e2f2", "g1f2"], "4k3/8/8/8/8/8/4q3/6KQ b - - 0 25")]:
        body = {"variant": "chess", **({"fen": fen} if fen else {})}
        gid = api("/api/games", body)["id"]
        for m in moves:
            api(f"/api/games/{gid}/move", {"move": m})
        pgn += api(f"/api/games/{gid}/pgn", text=True)
    area = p.d.find_element(By.ID, "pgn-text")
    area.clear()
    p.d.execute_script("arguments[0].value = arguments[1];", area, pgn)
    p.d.find_element(By.ID, "pgn-load").click()
    p.wait(lambda: p.d.find_element(By.ID, "pgn-pick-box").is_displayed() and p.idle(), "the game picker")
    picker = p.d.find_element(By.ID, "pgn-game")
    assert len(picker.find_elements(By.TAG_NAME, "option")) == 2
    assert "e4" in p.text("moves")
    picker.find_elements(By.TAG_NAME, "option")[1].click()
    p.wait(lambda: "Qf2" in p.text("moves"), "the second game")
    moves = p.text("moves")
    assert moves.startswith("25.") and "26." in moves, moves
    # Movetext without tags loads as the board's variant.
    p.open({"variant": "magician", **HUMANS})
    area = p.d.find_element(By.ID, "pgn-text")
    p.d.execute_script("arguments[0].value = '1. e4 e5 2. Bc4 Nc6';", area)
    p.d.find_element(By.ID, "pgn-load").click()
    p.wait(lambda: p.ply() == 4 and p.idle(), "the movetext")
    assert api(f"/api/games/{p.game_id()}")["variant"] == "magician"
    # The help panel of the variant with most move forms, and the first visit's hint, for the
    # screenshot.
    p.d.execute_script("localStorage.clear();")
    p.open({"variant": "eightpiece", **HUMANS})
    p.shot("help")
    p.d.find_element(By.ID, "first-hint-ok").click()
    # A low clock turns red.
    p.d.find_element(By.CSS_SELECTOR, '#tc-mode option[value="clock"]').click()
    p.d.find_element(By.ID, "clock-min").clear()
    p.d.find_element(By.ID, "clock-min").send_keys("0.05")
    p.d.find_element(By.ID, "new-game").click()
    p.wait(lambda: "low" in p.d.find_element(By.ID, "clock-w").get_attribute("class"), "the low-time warning")
    assert "low" in p.d.find_element(By.ID, "clock-b").get_attribute("class")
    # The clocks start with the first move; the time control is the game's.
    time.sleep(1.2)
    assert p.text("clock-w").endswith("0:03"), p.text("clock-w")
    assert api(f"/api/games/{p.game_id()}")["time_control"] == {"base_ms": 3000, "inc_ms": 2000}
    p.d.refresh()
    p.wait(lambda: p.status() == ["0", "0"], "the reloaded game")
    assert p.d.find_element(By.ID, "tc-mode").get_attribute("value") == "clock"
    assert p.d.find_element(By.ID, "clock-min").get_attribute("value") == "0.05"
    # Black's flag falls: the game is over (White wins on time), moves are refused, and the PGN
    # says so with its TimeControl.
    p.move(["e2", "e4"], expect_text="e2e4")
    p.wait(lambda: "White wins on time" in p.text("status"), "Black's flag", timeout=10)
    st = api(f"/api/games/{p.game_id()}")
    assert st["end"]["result"] == "1-0" and st["legal"] == [], st["end"]
    pgn = api(f"/api/games/{p.game_id()}/pgn", text=True)
    assert '[TimeControl "3+2"]' in pgn and '[Result "1-0"]' in pgn, pgn
    p.d.find_element(By.CSS_SELECTOR, '#tc-mode option[value="move"]').click()
    p.no_script_errors()


def js(p, script, *args):
    return p.d.execute_script(script, *args)


def lichess(p):
    """Moves animated (not under reduced motion), the move sound and its remembered mute, the
    material difference, the board size, premoves, the engine's arrows and MultiPV lines, the
    evaluation graph."""
    p.d.get_log("browser")
    p.open({"variant": "chess", **HUMANS})
    sounds = lambda: int(js(p, "return document.body.dataset.sounds || '0'"))
    js(p, "localStorage.setItem('menagerie-sound', 'on'); showSoundButton();")
    n = sounds()
    p.move(["e2", "e4"])
    assert js(p, "return document.body.dataset.slides") == "e2e4", "the pawn slid e2-e4"
    assert sounds() == n + 1, "a move sound"
    # Muted: no sound, and the choice is remembered across a reload.
    p.d.find_element(By.ID, "sound").click()
    assert js(p, "return localStorage.getItem('menagerie-sound')") == "off"
    p.move(["d7", "d5"])
    assert sounds() == n + 1, "muted, yet a sound"
    p.d.refresh()
    p.wait(lambda: p.ply() == 2 and p.idle(), "the reloaded game")
    assert "off" in p.text("sound").lower(), p.text("sound")
    p.d.find_element(By.ID, "sound").click()
    # Reduced motion: the capture does not slide. The material difference: White a pawn up.
    p.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    p.move(["e4", "d5"])
    p.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert js(p, "return document.body.dataset.slides") == "reduced"
    mat = lambda where: js(p, f"return Array.from(document.querySelectorAll('#material-{where} [data-material]')).map(e => e.dataset.material).join('')")
    assert (mat("bottom"), mat("top")) == ("P", ""), (mat("bottom"), mat("top"))
    p.move(["g8", "f6"], drag=True)
    # The board size: smaller squares, remembered; at the largest the board fits a phone.
    size = lambda: js(p, "return document.querySelector('#board .sq').offsetWidth")
    full = size()
    js(p, "const r = document.getElementById('board-size'); r.value = '60'; r.dispatchEvent(new Event('input'));")
    p.wait(lambda: size() < full * 0.7, "smaller squares")
    small = size()
    p.d.refresh()
    p.wait(lambda: p.ply() == 4 and p.idle(), "the reloaded game")
    assert size() == small and p.d.find_element(By.ID, "board-size").get_attribute("value") == "60"
    js(p, "const r = document.getElementById('board-size'); r.value = '160'; r.dispatchEvent(new Event('input'));")
    p.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        p.d.refresh()
        p.wait(lambda: p.ply() == 4 and p.idle(), "the game on a phone")
        assert inside_screen(p, "#board"), "the largest board is wider than the phone"
    finally:
        p.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    js(p, "const r = document.getElementById('board-size'); r.value = '100'; r.dispatchEvent(new Event('input'));")
    # The evaluation graph of the game so far (a button; a finished game gets it by itself).
    p.d.find_element(By.ID, "graph-run").click()
    graph = lambda k: p.d.find_element(By.ID, "graph").get_attribute(f"data-{k}")
    p.wait(lambda: graph("done") == "1", "the evaluation graph", timeout=30)
    assert (graph("plies"), graph("scored")) == ("5", "5"), (graph("plies"), graph("scored"))
    # MultiPV analysis: three lines, the best one's first move as an arrow from its clicks.
    Select(p.d.find_element(By.ID, "multipv")).select_by_value("3")
    p.d.find_element(By.ID, "analysis").click()
    p.wait(lambda: len(p.d.find_elements(By.CSS_SELECTOR, "#pv-lines .pv-line")) == 3, "three lines")
    p.wait(lambda: p.d.find_elements(By.CSS_SELECTOR, "#draw-layer [data-best]"), "the best-move arrow")
    p.wait(lambda: len(p.d.find_elements(By.CSS_SELECTOR, "#draw-layer [data-line]")) == 2, "the other lines' arrows")
    best, action = js(p, "return [document.querySelector('#draw-layer [data-best]').dataset.best, lines[0].action];")
    assert best == action[:4], (best, action)
    time.sleep(1.5)  # a few iterations, for the picture
    p.shot("analysis-arrows")
    p.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        time.sleep(0.5)
        assert inside_screen(p, "#board") and inside_screen(p, "#graph"), "the phone's board or graph"
        p.shot("phone-analysis")
    finally:
        p.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    p.d.find_element(By.ID, "analysis").click()
    Select(p.d.find_element(By.ID, "multipv")).select_by_value("1")
    # A hint is drawn as an arrow.
    p.d.find_element(By.ID, "hint").click()
    p.wait(lambda: p.d.find_elements(By.CSS_SELECTOR, "#draw-layer [data-hint]"), "the hint's arrow")
    # Premoves: entered while the engine thinks, played after its reply if legal then.
    p.open({"variant": "chess", "white": "human", "black": "engine"})
    p.d.find_element(By.ID, "movetime").clear()
    p.d.find_element(By.ID, "movetime").send_keys("3")
    thinking = lambda: "thinking" in p.text("status")
    p.click("e2")
    p.click("e4")
    p.wait(thinking, "the engine thinking")
    p.click("g1")
    p.click("f3")
    assert js(p, "return document.body.dataset.premove") == "g1 f3"
    p.wait(lambda: p.ply() >= 3, "the premove played", timeout=15)
    assert api(f"/api/games/{p.game_id()}")["moves"][2]["text"] == "g1f3"
    # Cancelled by Escape and by a right click; an illegal one is dropped with a word.
    p.wait(thinking, "the engine thinking again")
    p.click("b1")
    p.d.find_element(By.TAG_NAME, "body").send_keys("\ue00c")
    assert js(p, "return document.body.dataset.premove") == ""
    p.click("b1")
    ActionChains(p.d).context_click(p.element("e4")).perform()
    assert js(p, "return document.body.dataset.premove") == ""
    p.click("f3")
    p.click("f6")
    assert js(p, "return document.body.dataset.premove") == "f3 f6"
    p.wait(lambda: p.ply() == 4 and p.idle(), "the engine's reply", timeout=15)
    p.wait(lambda: "dropped" in p.text("error"), "the dropped premove's word")
    time.sleep(0.3)
    assert p.ply() == 4, "an illegal premove was played"
    # A finished game gets its graph; a click on it shows that ply.
    p.open({"variant": "chess", **HUMANS})
    for m in [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]:
        p.move(m)
    p.wait(lambda: graph("done") == "1", "the graph of the finished game", timeout=30)
    assert graph("plies") == "5" and graph("scored") == "5"
    js(p, "document.querySelector('#graph [data-graph-ply=\"1\"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    p.wait(lambda: js(p, "return document.body.dataset.viewPly") == "1", "the graph's ply shown")
    p.no_script_errors()


def inside_screen(p, selector):
    """Whether the element `selector` lies within the window's width."""
    return p.d.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return r.left >= 0 && r.right <= document.documentElement.clientWidth;", selector)


def tap(p, square):
    """A touch tap on a square (a touch pointer's down and up)."""
    ab = ActionBuilder(p.d, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    ab.pointer_action.move_to(p.element(square)).pointer_down().pointer_up()
    ab.perform()


def phone(p):
    # At 390x844 (a phone's screen, emulated: a headless window has a larger minimum width) the
    # whole board, the choosers and the move list fit the screen, the move list right under the
    # board, and moves are made by touch, tap by tap.
    p.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    p.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        for variant in ["chess", "tamerspiel", "jumpingknights", "eightpiece"]:
            p.variant = variant
            p.open({"variant": variant, **HUMANS})
            assert inside_screen(p, "#board"), f"{variant}: the board is wider than the phone"
            assert inside_screen(p, "#moves"), f"{variant}: the move list is off screen"
            below = p.d.execute_script("return document.getElementById('moves-box').getBoundingClientRect().top")
            assert below < 844, f"{variant}: the move list starts at {below}, below the screen"
        p.shot("phone-eightpiece")
        p.variant = "chess"
        p.open({"variant": "chess", "fen": "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1", **HUMANS})
        tap(p, "e7")
        tap(p, "d8")
        p.wait(lambda: p.d.find_element(By.ID, "chooser").is_displayed(), "the chooser by touch")
        assert inside_screen(p, "#chooser"), "the promotion chooser is cut off"
        p.shot("phone-chooser")
        [b for b in p.d.find_elements(By.CSS_SELECTOR, "#choices button") if b.get_attribute("data-choice") == "e7d8q"][0].click()
        p.wait(lambda: p.ply() == 1 and p.idle(), "the promotion by touch")
        assert p.check_board()["moves"][0]["text"] == "e7d8q"
        # On a desktop the board follows the window: wider window, larger squares.
        p.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        p.wait(lambda: p.d.execute_script("return document.querySelector('.sq').offsetWidth") >= 60, "the larger board")
    finally:
        p.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        p.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def right_drag(driver, a, b):
    """A drag with the right mouse button (draws an arrow)."""
    ab = ActionBuilder(driver)
    ab.pointer_action.move_to(a).pointer_down(MouseButton.RIGHT).move_to(b).pointer_up(MouseButton.RIGHT)
    ab.perform()


def main():
    only = set(os.environ.get("GUI_VARIANTS", "").split(",")) - {""}
    global DRIVER
    d = DRIVER = start_browser()
    failures = []
    try:
        # A returning visitor (the first-visit hint is tested, and shown, by the `page` script).
        d.get(f"{BASE}/pieces/none")
        d.execute_script("localStorage.setItem('menagerie-help-seen', '1');")
        for name, fn, variant in [
            ("chess", chess, "chess"),
            ("eightpiece", eightpiece, "eightpiece"),
            ("eightpiece-random", eightpiece_random, "eightpiece-random"),
            ("pieceeater", pieceeater, "pieceeater"),
            ("magician", magician, "magician"),
            ("tamerspiel", tamerspiel, "tamerspiel"),
            ("jumpingknights", jumpingknights, "jumpingknights"),
            ("engine", engine_plays, "tamerspiel"),
            ("page", page_features, "chess"),
            ("lichess", lichess, "chess"),
            ("phone", phone, "chess"),
        ]:
            if only and name not in only:
                continue
            t = time.time()
            try:
                fn(Page(d, variant))
                print(f"ok   {name} ({time.time() - t:.1f} s)", flush=True)
            except Exception as e:  # report every variant, then fail
                failures.append(name)
                where = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == __file__]
                print(f"FAIL {name}: {str(e).splitlines()[0] if str(e) else repr(e)}", flush=True)
                print(f"   at line {where[-1].lineno}: {where[-1].line}" if where else "", flush=True)
                logs = d.get_log("browser")
                for line in logs[-10:]:
                    print("   browser:", line, flush=True)
    finally:
        d.quit()
    print(f"browser scripts: {len(failures)} failed", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
