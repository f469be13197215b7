//! XBoard 4.9.1 really loads a piece image of ours for every piece on its board: the image
//! directory of `menagerie xboard-pieces` is rebuilt with one plain square of its own colour
//! per file (same names), XBoard draws a position holding the variant's pieces with
//! `-pieceImageDirectory DIR -trueColors true`, and the screenshot must contain every colour of
//! the pieces on the board. A wrong file name would make XBoard fall back on its stock image for
//! that piece, and its colour would be missing. The positions hold all 16 lancer facings, both
//! Magician-family pieces a position may hold, 36 of TamerSpiel's 38 tokens, the PieceEater and
//! the hands. Needs xboard, Xvfb, ImageMagick and python3 (`tests/xboard/shot_proxy.py` takes
//! the picture); without them the test says so and passes vacuously.

use engine::pieces;
use engine::xboard::images as xboard_images;
use movegen::rules::VariantId;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn have(cmd: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {cmd}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The cases: a variant and a rule-book FEN (`None`: the start position).
const CASES: &[(VariantId, Option<&str>)] = &[
    (VariantId::Chess, None),
    (
        VariantId::EightPiece,
        Some(
            "j1s1k3/l(n)l(ne)l(e)l(se)l(s)l(sw)l(w)l(nw)/7p/rnbq4/RNBQ4/P7/\
             L(n)L(ne)L(e)L(se)L(s)L(sw)L(w)L(nw)/J1S1K3 w - - 0 1 -",
        ),
    ),
    (VariantId::PieceEater, None),
    (VariantId::Magician, Some("rnbqkbnr/pppppppp/3h4/8/8/3M4/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -")),
    (VariantId::Magician, Some("rnbqkbnr/pppppppp/3c4/8/8/3A4/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -")),
    (VariantId::Magician, Some("rnbqkbnr/pppppppp/3m4/8/8/3Y4/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -")),
    (
        VariantId::TamerSpiel,
        Some("rnbqwtsmaocr/*glevfdpppp*/*10*/*10*/*10*/*10*/*PPPPDFVELG*/RNBQWKSMAOCR w - - 0 1 -"),
    ),
    (VariantId::JumpingKnights, None),
];

/// The tokens of a rule-book FEN's board and hand.
fn tokens(fen: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = fen.split_whitespace().next().unwrap_or("").chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_alphabetic() {
            if chars.peek() == Some(&'(') {
                let f: String = chars.by_ref().take_while(|&x| x != ')').collect();
                out.push(format!("{c}{f})"));
            } else {
                out.push(c.to_string());
            }
        }
    }
    out
}

/// Colour number `i` of `n`: saturated hues, far from the board's wood and from each other.
fn colour(i: usize, n: usize) -> (u8, u8, u8) {
    let h = i * 1530 / n; // 6 * 255 steps around the hue circle
    let x = u8::try_from(h % 255).unwrap_or(0);
    match h / 255 {
        0 => (255, x, 0),
        1 => (255 - x, 255, 0),
        2 => (0, 255, x),
        3 => (0, 255 - x, 255),
        4 => (x, 0, 255),
        _ => (255, 0, 255 - x),
    }
}

/// A free X display number.
fn free_display() -> u32 {
    let base = 150 + std::process::id() % 500;
    (base..base + 100).find(|n| !Path::new(&format!("/tmp/.X{n}-lock")).exists()).unwrap_or(base)
}

struct Guard(Vec<Child>);

impl Drop for Guard {
    fn drop(&mut self) {
        for c in self.0.iter_mut().rev() {
            // SIGTERM first: XBoard then tells its engines to quit.
            let _ = Command::new("kill").arg(c.id().to_string()).status();
            let t = Instant::now();
            while t.elapsed() < Duration::from_secs(5) {
                if c.try_wait().ok().flatten().is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Draws `fen` (or the start position) of `id` in XBoard with the coloured images; returns the
/// screenshot's colour histogram.
fn xboard_colours(
    id: VariantId,
    fen: Option<&str>,
    images: &Path,
    work: &Path,
) -> BTreeMap<String, u64> {
    let engine = env!("CARGO_BIN_EXE_menagerie");
    let display = free_display();
    let mut guard = Guard(Vec::new());
    guard.0.push(
        Command::new("Xvfb")
            .args([format!(":{display}"), "-screen".into(), "0".into(), "1280x1024x24".into()])
            .args(["-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb"),
    );
    std::thread::sleep(Duration::from_millis(1500));
    let prefix = work.join("shot");
    let xboard_fen = fen.map(|f| {
        let fields: Vec<&str> = f.split_whitespace().collect();
        let board = xboard_images::board_as_xboard(id, fields[0]);
        format!("{board} {}", fields[1..6].join(" "))
    });
    let mut cmd = Command::new("/usr/games/xboard");
    cmd.env("DISPLAY", format!(":{display}"))
        .env("SHOT_PREFIX", &prefix)
        .env("SHOT_SPECIAL", "^never$")
        .env("SHOT_FEN", xboard_fen.unwrap_or_default())
        .args([
            "-fcp",
            &format!("python3 {}/tests/xboard/shot_proxy.py {engine}", repo().display()),
        ])
        .args(["-scp", engine, "-mg", "1", "-tc", "0:30", "-xponder", "-size", "72"])
        .args(["-pieceImageDirectory", &images.display().to_string(), "-trueColors", "true"])
        .args(["-saveSettingsOnExit", "false", "-soundProgram", "", "-messageSuppress"])
        .arg("Right-clicking menu item or dialog text pops up help on it")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if id != VariantId::Chess {
        cmd.args(["-variant", id.name(), "-xlegal"]);
    }
    guard.0.push(cmd.spawn().expect("xboard"));
    let done = prefix.with_file_name("shot-start.txt");
    let t = Instant::now();
    while !done.exists() && t.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(200));
    }
    drop(guard);
    assert!(done.exists(), "{id}: XBoard drew nothing within 60 s");
    let png = prefix.with_file_name("shot-start.png");
    let out = Command::new("convert")
        .arg(&png)
        .args(["-format", "%c", "histogram:info:-"])
        .output()
        .expect("convert");
    // Lines like `   2601: (255,  0,  0) #FF0000 red`.
    let mut hist = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let count = line.split(':').next().and_then(|c| c.trim().parse::<u64>().ok());
        let hex = line.split_whitespace().find(|w| w.starts_with('#') && w.len() == 7);
        if let (Some(count), Some(hex)) = (count, hex) {
            *hist.entry(hex.to_ascii_uppercase()).or_insert(0) += count;
        }
    }
    hist
}

#[test]
fn xboard_draws_our_image_for_every_piece_on_its_board() {
    let tools = ["/usr/games/xboard", "Xvfb", "convert", "python3"];
    if let Some(t) = tools.iter().find(|t| !have(t)) {
        eprintln!("SKIPPED: {t} not installed (apt-get install xboard xvfb imagemagick)");
        return;
    }
    let base = std::env::temp_dir().join(format!("menagerie-xbpix-{}", std::process::id()));
    for (n, (id, fen)) in CASES.iter().enumerate() {
        let work = base.join(n.to_string());
        let images = work.join("images");
        std::fs::create_dir_all(&images).unwrap();
        let rows: Vec<_> = pieces::rows().into_iter().filter(|r| r.variant == id.name()).collect();
        let mut expected = BTreeMap::new();
        for (i, r) in rows.iter().enumerate() {
            let (red, green, blue) = colour(i, rows.len());
            let hex = format!("#{red:02X}{green:02X}{blue:02X}");
            let svg = format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"100\" \
                 height=\"100\"><rect x=\"10\" y=\"10\" width=\"80\" height=\"80\" fill=\"{hex}\"/></svg>"
            );
            let name = xboard_images::image_name(*id, r.fen).unwrap();
            std::fs::write(images.join(format!("{name}.svg")), svg).unwrap();
            expected.insert(r.fen.to_string(), hex);
        }
        let start = movegen::with_variant!(*id, V => {
            <V as movegen::rules::Rules>::fen(&<V as movegen::rules::Rules>::startpos())
        });
        let on_board = tokens(fen.unwrap_or(&start));
        let hist = xboard_colours(*id, *fen, &images, &work);
        for t in &on_board {
            let hex = &expected[t];
            let seen = hist.get(hex).copied().unwrap_or(0);
            // The smallest square here (72 px scaled to 12 files: 48 px) shows about 38 x 38.
            assert!(seen >= 800, "{id} {t}: colour {hex} of its image seen on {seen} pixels only");
        }
        eprintln!("{id}: {} pieces drawn with our images", on_board.len());
    }
    let _ = std::fs::remove_dir_all(&base);
}
