//! A real client: python-chess (PyPI `chess`) plays a short game and runs an analysis over UCI
//! and over XBoard (`tests/python/python_chess_client.py`). `.ci/run` installs python-chess;
//! without it this test says so and passes vacuously.

use std::process::Command;

#[test]
fn python_chess_drives_uci_and_xboard() {
    let has = Command::new("python3").args(["-c", "import chess.engine"]).status();
    if !matches!(has, Ok(s) if s.success()) {
        eprintln!(
            "SKIPPED: python3 with python-chess is not installed (pip install chess==1.11.2)"
        );
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/python/python_chess_client.py");
    let out = Command::new("timeout")
        .args(["300", "python3", script, env!("CARGO_BIN_EXE_menagerie")])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "client failed:\n{stdout}\n{stderr}");
    for want in ["uci game ok", "uci analysis ok", "xboard game ok", "xboard analysis ok"] {
        assert!(stdout.contains(want), "missing `{want}`:\n{stdout}\n{stderr}");
    }
}
