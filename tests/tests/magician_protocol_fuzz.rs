//! Random and mutated protocol input in `magician` (2 x 20,000 lines): switch texts in every
//! form and mangled, promotion letters, `setboard` FENs with and without the flags, highlight
//! requests. The engine never panics, answers `isready` / `ping` after any sequence, and still
//! plays a legal `magician` move at the end.

use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::magician::Magician;
use rand_core::{RngCore, SeedableRng};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

static PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_panics() {
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICS.fetch_add(1, Ordering::SeqCst);
        prev(info);
    }));
}

/// A start with moved bishops (switches possible) and pawns about to promote.
const FEN: &str = "r3k2r/1P2p3/8/3P1b1P/2B5/8/6p1/R3K2R w KQkq - 0 1 Mm";

const UCI_LINES: &[&str] = &[
    "isready",
    "ucinewgame",
    "setoption name UCI_Variant value magician",
    "position startpos moves e2e4 e7e5 f1c4 b8c6 c4c4m",
    "position fen r3k2r/1P2p3/8/3P1b1P/2B5/8/6p1/R3K2R w KQkq - 0 1 Mm moves c4c4m f5f5m b7b8q",
    "position fen r3k2r/1P2p3/8/3P1b1P/2B5/8/6p1/R3K2R w KQkq - 0 1 Mm moves b7b8m g2g1y",
    "position fen 4k3/8/8/8/8/8/8/3MK3 w - - 0 1 m moves d1d1m",
    "position fen 4k3/8/8/8/8/8/8/3MK3 w - - 0 1 Mm",
    "go depth 2",
    "go nodes 300",
    "go movetime 5",
    "go perft 2",
    "stop",
    "d",
];

const XB_LINES: &[&str] = &[
    "new",
    "variant magician",
    "force",
    "go",
    "playother",
    "setboard r3k2r/1P2p3/8/3P1b1P/2B5/8/6p1/R3K2R w KQkq - 0 1",
    "setboard 4k3/p7/8/8/2b5/8/P7/3MK3 b - - 0 1",
    "setboard 4k3/8/8/8/8/8/8/3MK3 w - - 0 1 Mm",
    "usermove c4c5,c5c4m",
    "usermove c4c4,c5b4",
    "usermove f5f5,f4`5",
    "usermove f5f4,f4f5m",
    "usermove b7b8y",
    "usermove b7b8m",
    "usermove g2g1c",
    "usermove O-O-O",
    "usermove h5h6",
    "undo",
    "remove",
    "lift c4",
    "put c5",
    "lift c5",
    "hover c5",
    "sd 2",
    "perft 2",
];

const GARBAGE: &[&str] = &[
    "",
    " ",
    "0000",
    "@@@@",
    "c4c4",
    "c4c4m",
    "c4c4mm",
    "c4c5,",
    ",c5c4m",
    "c4c5,c5",
    "c4c5,c5c4ÿ",
    "c4ÿ,c5c4",
    "e7e8y",
    "e7e8x",
    "a1a1m",
    "Mm",
    "M",
    "m",
    "-",
    "x",
    "ÿ",
    "99",
    "-1",
];

fn mutate(rng: &mut rand_pcg::Pcg64, line: &str) -> String {
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    let pick = |rng: &mut rand_pcg::Pcg64| GARBAGE[(rng.next_u32() as usize) % GARBAGE.len()];
    match rng.next_u32() % 5 {
        0 => return line.to_string(),
        1 => {
            let i = (rng.next_u32() as usize) % tokens.len();
            tokens[i] = pick(rng).to_string();
        }
        2 => {
            let i = (rng.next_u32() as usize) % (tokens.len() + 1);
            tokens.insert(i, pick(rng).to_string());
        }
        3 if tokens.len() > 1 => {
            let i = (rng.next_u32() as usize) % tokens.len();
            tokens.remove(i);
        }
        _ => {
            // Character edits (printable ASCII and a multi-byte character).
            let mut b: Vec<char> = line.chars().collect();
            for _ in 0..1 + rng.next_u32() % 3 {
                let r = rng.next_u32();
                let c = if r.is_multiple_of(7) { 'é' } else { char::from(32 + (r % 95) as u8) };
                let i = (rng.next_u32() as usize) % (b.len() + 1);
                if rng.next_u32().is_multiple_of(2) && i < b.len() {
                    b[i] = c;
                } else {
                    b.insert(i, c);
                }
            }
            return b.into_iter().collect();
        }
    }
    tokens.join(" ")
}

/// Keeps the input cheap: a line asking for a deep or long search becomes `isready`.
fn bounded(line: String) -> String {
    let heavy = ["perft", "depth", "movetime", "nodes", "sd", "go", "Hash", "Threads"];
    let big = line.split_whitespace().any(|t| {
        t.parse::<f64>()
            .map_or(t.chars().any(|c| c.is_ascii_digit()) && t.len() > 3, |v| v.abs() > 3.0)
    });
    if heavy.iter().any(|h| line.contains(h)) && big || line.trim_start().starts_with("quit") {
        return "isready".to_string();
    }
    line
}

#[test]
fn uci_fuzz_in_magician() {
    count_panics();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(31);
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("setoption name UCI_Variant value magician");
    for i in 0..20_000 {
        let base = UCI_LINES[(rng.next_u32() as usize) % UCI_LINES.len()];
        e.send(&bounded(mutate(&mut rng, base)));
        if i % 100 == 99 {
            e.send("stop");
            e.send("isready");
            e.until(Duration::from_secs(20), |l| l == "readyok");
        }
    }
    // A search the fuzz started ends on `stop` with a `bestmove` a moment later (commands
    // before it are refused as "while searching"): let it arrive first.
    e.send("stop");
    e.drain(Duration::from_millis(500));
    e.send("setoption name UCI_Variant value magician");
    e.send(&format!("position fen {FEN}"));
    e.ask("isready", "readyok");
    let out = e.ask("go depth 2", "bestmove");
    let best = out.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert!(Magician::from_fen(FEN).unwrap().parse_move(&best).is_ok(), "{best} {out:?}");
    e.quit();
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "a panic happened (see output)");
}

#[test]
fn xboard_fuzz_in_magician() {
    count_panics();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(32);
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("variant magician");
    e.send("st 0.01");
    for i in 0..20_000 {
        let base = XB_LINES[(rng.next_u32() as usize) % XB_LINES.len()];
        let line = bounded(mutate(&mut rng, base));
        if line.trim_start().starts_with("ping") {
            continue;
        }
        e.send(&line);
        if i % 100 == 99 {
            e.send("st 0.01");
            e.send("sd 2");
            e.send("?");
            e.send(&format!("ping {i}"));
            let want = format!("pong {i}");
            e.until(Duration::from_secs(20), |l| l == want);
        }
    }
    e.send("exit");
    e.send("new");
    e.send("variant magician");
    e.send("force");
    e.send("setboard k7/2K5/B7/8/8/8/8/8 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    let out = e.until(Duration::from_secs(20), |l| l.starts_with("move "));
    assert_eq!(out.last().unwrap(), "move a6a7,a7a6m");
    e.quit();
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "a panic happened (see output)");
}
