//! A real browser drives `menagerie gui`: Debian's chromium through chromedriver with the
//! Selenium WebDriver bindings (`tests/python/gui_browser.py`, decision 0004) plays a scripted
//! game by clicks and drags in every variant, checking the page's board against the engine's
//! position after every move, and the help panel of every variant; the `page` script covers a
//! FEN the server refuses, the first-visit hint, typed moves, the check mark, arrows and
//! circles, the PGN game picker and the low-time warning; `engine`, the evaluation bar,
//! resignation and a draw offer; `lichess`, the moves animated, the move sound and its mute,
//! the material difference, the board size, premoves, the engine's arrows and MultiPV lines
//! and the evaluation graph. `.ci/run` installs chromium, chromium-driver and selenium;
//! without them this test says so and passes vacuously. With `MENAGERIE_GUI_SCREENSHOTS=DIR` it
//! also saves a screenshot of each variant after a special move (`docs/screenshots/gui-*.png`),
//! one of a check and one of the help panel.

mod support;

use std::process::Command;

#[test]
fn every_variant_played_by_clicks_in_chromium() {
    if let Some(why) = support::browser_missing() {
        eprintln!("SKIPPED: {why}");
        return;
    }
    let mut server = support::Server::start();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/python/gui_browser.py");
    let mut cmd = Command::new("timeout");
    cmd.args(["600", "python3", script, &server.url]);
    if let Ok(dir) = std::env::var("MENAGERIE_GUI_SCREENSHOTS") {
        // A relative directory is the workspace's (tests run in the package's directory).
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
        std::fs::create_dir_all(&dir).expect("screenshot directory");
        cmd.arg(dir);
    }
    let out = cmd.output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}");
    assert!(out.status.success(), "browser scripts failed:\n{stdout}\n{stderr}");
    for v in ["chess", "eightpiece", "eightpiece-random", "pieceeater", "magician", "tamerspiel"] {
        assert!(stdout.contains(&format!("ok   {v} ")), "no result for {v}:\n{stdout}");
    }
    for case in ["jumpingknights", "engine", "page", "lichess"] {
        assert!(stdout.contains(&format!("ok   {case} ")), "no result for {case}:\n{stdout}");
    }
    assert!(server.alive(), "the server died");
}
