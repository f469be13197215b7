//! A real GUI: Debian's XBoard 4.9.1 (headless under `xvfb-run`, legality testing off) runs a
//! short game of the engine against itself in every variant the engine plays; the game must end
//! with a result and the traffic log must show no illegal move, error or forfeit (a desync
//! between XBoard's board and the engine's shows up as one of those). `.ci/run` installs `xboard`
//! and `xvfb`; without them this test says so and passes vacuously. `MENAGERIE_XBOARD_VARIANTS`
//! (comma-separated variant ids, e.g. `pieceeater`) limits the run to those variants;
//! `MENAGERIE_XBOARD_ENGINE` replaces the engine command (e.g. `wine /path/to/menagerie.exe`,
//! the Windows build: docs/winboard.md).

use movegen::rules::VariantId;
use std::process::Command;

fn have(cmd: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {cmd}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn xboard() -> Option<String> {
    ["/usr/games/xboard", "xboard"].iter().find(|c| have(c)).map(|c| (*c).to_string())
}

/// Runs one engine-vs-itself game of `variant` in XBoard; returns (pgn, debug log).
pub fn xboard_game(variant: &str, dir: &std::path::Path) -> (String, String) {
    let xb = xboard().expect("xboard present");
    let engine = std::env::var("MENAGERIE_XBOARD_ENGINE")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_menagerie").to_string());
    let pgn = dir.join(format!("{variant}.pgn"));
    let log = dir.join(format!("{variant}.debug"));
    let _ = std::fs::remove_file(&pgn);
    let mut args: Vec<String> = vec![
        "-a".into(),
        "-s".into(),
        "-screen 0 1280x1024x24".into(),
        xb,
        "-fcp".into(),
        engine.clone(),
        "-scp".into(),
        engine,
        "-mg".into(),
        "1".into(),
        "-tc".into(),
        "0:04".into(),
        "-inc".into(),
        "0.05".into(),
        "-sgf".into(),
        pgn.display().to_string(),
        "-xponder".into(),
        "-xexit".into(),
        "-noGUI".into(),
        "-debug".into(),
        "-nameOfDebugFile".into(),
        log.display().to_string(),
        "-saveSettingsOnExit".into(),
        "false".into(),
        "-soundProgram".into(),
        String::new(),
    ];
    if variant != "chess" {
        args.extend(["-variant".into(), variant.into(), "-xlegal".into()]);
    }
    let out =
        Command::new("timeout").arg("240").arg("xvfb-run").args(&args).output().expect("xvfb-run");
    assert!(out.status.success(), "{variant}: xboard exited with {:?}", out.status);
    (
        std::fs::read_to_string(&pgn).unwrap_or_default(),
        std::fs::read_to_string(&log).unwrap_or_default(),
    )
}

#[test]
fn engine_vs_itself_in_xboard_in_every_variant() {
    if xboard().is_none() || !have("xvfb-run") {
        eprintln!("SKIPPED: xboard or xvfb-run not installed (apt-get install xboard xvfb)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("menagerie-xboard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let only = std::env::var("MENAGERIE_XBOARD_VARIANTS").ok();
    let wanted = |v: VariantId| only.as_deref().is_none_or(|o| o.split(',').any(|n| n == v.name()));
    let mut played = 0;
    for v in VariantId::ALL {
        if !wanted(v) {
            continue;
        }
        let (pgn, log) = xboard_game(v.name(), &dir);
        let bad: Vec<&str> = log
            .lines()
            .filter(|l| {
                l.contains("Illegal move")
                    || l.contains("Error (")
                    || l.contains("orfeit")
                    || l.contains("tellusererror")
            })
            .collect();
        assert!(bad.is_empty(), "{v}: problems in the XBoard log:\n{}", bad.join("\n"));
        let result = pgn.lines().find(|l| l.starts_with("[Result ")).unwrap_or("");
        assert!(
            ["[Result \"1-0\"]", "[Result \"0-1\"]", "[Result \"1/2-1/2\"]"].contains(&result),
            "{v}: no result in the PGN:\n{pgn}"
        );
        let plies = log
            .lines()
            .filter(|l| l.contains("first : move ") || l.contains("second: move "))
            .count();
        assert!(plies >= 10, "{v}: only {plies} moves played");
        played += 1;
    }
    assert!(played >= 1);
}
