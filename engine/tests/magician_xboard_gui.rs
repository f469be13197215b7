//! The switch through a real GUI: Debian's XBoard 4.9.1 (headless under `xvfb-run`, legality
//! testing off) runs the engine against itself from hand-made `magician` positions in which a
//! switch is forced or winning, so both of XBoard's relays of the two-leg switch reach the
//! other engine: White's in lion form (verbatim) and Black's in castling form (`F F,K X`, no
//! letter). The traffic log must show those relays, no illegal move, error or forfeit, and
//! the game must end with the result the rules give. Without xboard, xvfb-run or python3 the
//! test says so and passes vacuously (as `xboard_gui.rs`).
//!
//! XBoard starts an engine-defined variant from the first engine's `setup` FEN (it ignores that
//! FEN's side to move: White moves first) and gives no other way in (`-lpf` sends the second
//! engine an empty `variant`). So the first engine runs behind a small proxy that rewrites the
//! FEN of its `setup` line and sends its own engine the same `setboard`.

use std::process::Command;

fn have(cmd: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {cmd}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

const PROXY: &str = r#"import os, subprocess, sys, threading
fen = os.environ["MAG_START_FEN"]
eng = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
lock = threading.Lock()
def relay():
    for line in eng.stdout:
        with lock:
            if line.startswith("setup "):
                line = " ".join(line.split()[:-6] + fen.split()) + "\n"
                eng.stdin.write("setboard " + fen + "\n")
                eng.stdin.flush()
            sys.stdout.write(line)
            sys.stdout.flush()
    os._exit(0)
threading.Thread(target=relay, daemon=True).start()
try:
    for line in sys.stdin:
        with lock:
            eng.stdin.write(line)
            eng.stdin.flush()
except BrokenPipeError:
    pass
eng.wait()
"#;

/// Plays one game from `fen` (six XBoard fields, White to move); returns (pgn, debug log).
fn game(name: &str, fen: &str) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("menagerie-magx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proxy = dir.join("proxy.py");
    std::fs::write(&proxy, PROXY).unwrap();
    let pgn = dir.join(format!("{name}.pgn"));
    let log = dir.join(format!("{name}.debug"));
    let _ = std::fs::remove_file(&pgn);
    let engine = env!("CARGO_BIN_EXE_menagerie");
    let args: Vec<String> = vec![
        "-a".into(),
        "-s".into(),
        "-screen 0 1280x1024x24".into(),
        "/usr/games/xboard".into(),
        "-fcp".into(),
        format!("python3 {} {engine}", proxy.display()),
        "-scp".into(),
        engine.into(),
        "-variant".into(),
        "magician".into(),
        "-xlegal".into(),
        "-mg".into(),
        "1".into(),
        "-tc".into(),
        "0:10".into(),
        "-inc".into(),
        "0.1".into(),
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
    let out = Command::new("timeout")
        .arg("120")
        .arg("xvfb-run")
        .args(&args)
        .env("MAG_START_FEN", fen)
        .output()
        .expect("xvfb-run");
    assert!(out.status.success(), "{name}: xboard exited with {:?}", out.status);
    (
        std::fs::read_to_string(&pgn).unwrap_or_default(),
        std::fs::read_to_string(&log).unwrap_or_default(),
    )
}

fn no_problems(name: &str, log: &str) {
    let bad: Vec<&str> = log
        .lines()
        .filter(|l| {
            l.contains("Illegal move")
                || l.contains("Error (")
                || l.contains("orfeit")
                || l.contains("tellusererror")
        })
        .collect();
    assert!(bad.is_empty(), "{name}: problems in the XBoard log:\n{}", bad.join("\n"));
}

#[test]
fn both_relays_of_the_switch_in_real_xboard() {
    if !have("/usr/games/xboard") || !have("xvfb-run") || !have("python3") {
        eprintln!("SKIPPED: xboard, xvfb-run or python3 not installed");
        return;
    }

    // Black's switch, forced. White: Ka1, pawns a2 (blocked by a3), b3 (blocked by b4), f6,
    // h6; its only move is Kb1 (b2 is covered by the a3 pawn). Black: Kh8 boxed in (g7 is
    // covered by the f6 and h6 pawns, g8 and h7 hold its own units), a moved bishop on g8
    // whose diagonals end on its own pawns f7 and h7, and blocked pawns: its only move is the
    // switch, which the engine sends through the empty g7 (`g8g7,g7g8m`); XBoard relays it to
    // White in its castling form `g8g8,g7X`. Then White's king moves and Black, with the
    // Magician as boxed in as the bishop was (no move onto f7/h7, nothing to capture), is
    // stalemated: a draw.
    let (pgn, log) = game("black", "6bk/5p1p/5P1P/8/1p6/pP6/P7/K7 w - - 0 1");
    no_problems("black", &log);
    assert!(log.contains("<second: move g8g7,g7g8m"), "black switch not sent:\n{log}");
    assert!(log.contains(">first : g8g8,g7"), "castling-form relay not seen:\n{log}");
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(pgn.contains("{Stalemate}"), "{pgn}");

    // White's switch: the mate in two of magician_search.rs (1. Bf7=M, 2. b6 promotes her to
    // a High-Priestess whose knight capture mates h8). The engine sends the switch through the
    // empty f8 and XBoard relays it verbatim (lion form).
    let (pgn, log) = game("white", "7k/5Bpp/8/1P6/8/8/8/n6K w - - 0 1");
    no_problems("white", &log);
    assert!(log.contains("<first : move f7f8,f8f7m"), "white switch not sent:\n{log}");
    assert!(log.contains(">second: f7f8,f8f7m"), "lion-form relay not seen:\n{log}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("{White mates}"), "{pgn}");
}
