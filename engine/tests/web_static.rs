//! The web board as a static site (issue 58): `dist/web.sh`'s zip (target/dist/
//! menagerie-web-<version>.zip, written by `dist/build.sh`) unpacked and served by
//! `python3 -m http.server`, with no `menagerie` process, in headless Chromium:
//!
//! * `tests/python/web_static.py`: the first board within the transfer budget (1.5 MB
//!   gzip-compressed), the web-app manifest, and the site working offline from its service
//!   worker's copy (a board and a move with the server stopped);
//! * `tests/python/gui_browser.py` with `MENAGERIE_WEB_STATIC=1`: every browser script of the
//!   local server's page (every variant's special moves by clicks, the engine's game at a low
//!   level, PGN export and import, a reload keeping players and clock, the phone-sized board by
//!   touch) against the page whose API the WebAssembly build answers in a Worker.
//!
//! Skips with a message when the zip or the browser is missing, unless
//! `MENAGERIE_REQUIRE_WASM=1` (CI, after `dist/build.sh`) makes the zip's absence a failure.
//! With `MENAGERIE_GUI_SCREENSHOTS=DIR` the static site is also photographed at phone size.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn site_zip() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.join(format!("target/dist/menagerie-web-{}.zip", env!("CARGO_PKG_VERSION")))
}

/// A static server of `dir` on a free port: the child and its URL.
fn serve(dir: &Path) -> (Child, String) {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new("python3")
        .args(["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory"])
        .arg(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("a line");
    let port = line.split("port ").nth(1).and_then(|t| t.split_whitespace().next());
    let url = format!("http://127.0.0.1:{}", port.expect("the server's port"));
    (child, url)
}

#[test]
fn the_static_site_plays_every_variant_and_works_offline() {
    let zip = site_zip();
    if !zip.exists() {
        assert!(
            std::env::var_os("MENAGERIE_REQUIRE_WASM").is_none(),
            "{} is missing (dist/build.sh writes it), and CI requires it",
            zip.display()
        );
        eprintln!("SKIPPED: {} is missing (run dist/build.sh --profile ci)", zip.display());
        return;
    }
    if let Some(why) = support::browser_missing() {
        eprintln!("SKIPPED: {why}");
        return;
    }
    let dir = std::env::temp_dir().join(format!("menagerie-web-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let unzip = Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(&zip)
        .arg(&dir)
        .status()
        .expect("python3 runs");
    assert!(unzip.success(), "the zip unpacks");
    let site = dir.join(format!("menagerie-web-{}", env!("CARGO_PKG_VERSION")));
    assert!(site.join("index.html").exists() && site.join("menagerie_bg.wasm").exists());
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/python");
    let shots = std::env::var("MENAGERIE_GUI_SCREENSHOTS")
        .ok()
        .map(|d| Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(d));

    let mut cmd = Command::new("timeout");
    cmd.args(["300", "python3"]).arg(scripts.join("web_static.py")).arg(&site);
    if let Some(d) = &shots {
        std::fs::create_dir_all(d).expect("screenshot directory");
        cmd.arg(d);
    }
    let out = cmd.output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    assert!(
        out.status.success(),
        "web_static.py failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("web static: ok"), "{stdout}");

    let (mut server, url) = serve(&site);
    let out = Command::new("timeout")
        .args(["600", "python3"])
        .arg(scripts.join("gui_browser.py"))
        .arg(&url)
        .env("MENAGERIE_WEB_STATIC", "1")
        .output()
        .expect("python3 runs");
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    assert!(
        out.status.success(),
        "browser scripts on the static site failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for case in ["chess", "eightpiece", "eightpiece-random", "pieceeater", "magician"] {
        assert!(stdout.contains(&format!("ok   {case} ")), "no result for {case}:\n{stdout}");
    }
    for case in ["tamerspiel", "jumpingknights", "engine", "page", "phone", "lichess"] {
        assert!(stdout.contains(&format!("ok   {case} ")), "no result for {case}:\n{stdout}");
    }
}
