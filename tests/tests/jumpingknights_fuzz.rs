//! Mutated `jumpingknights` protocol input (UCI and XBoard; 10^4 lines each): jump texts with
//! broken legs, XBoard's file letters and both relay forms, five- and six-field FENs, `lift`/
//! `put` on every kind of square. The engine never panics and still answers `isready` / `ping`
//! and plays a legal move afterwards.

use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::jumpingknights::JumpingKnights;
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

const EP: &str =
    "2w4w2/1rnbqkbnr1/1pp2pppp1/10/4pP4/10/10/1PPPP1PPP1/1RNBQKBNR1/2W4W2 w KQkq d6 0 3";

const UCI_LINES: &[&str] = &[
    "setoption name UCI_Variant value jumpingknights",
    "position startpos",
    "position startpos moves g2g3 g8d2,d2c0 b0c0,c0f0 d7d5 f1g2 c7c6 d1d5,d5d7 d8d7,d7d1",
    "position startpos moves e2e4 c7c6 e4e5 d7d5 e5d6,d6c7 h7h6 c7d8,d8e9n b9e9,e9f9",
    "position fen 10/8k1/10/10/1R8/10/5K4/10/2n7/2W7 w - - 0 1 moves b0b1,b1b4",
    "position fen 10/1r3k2r1/1p6p1/10/10/10/10/1P6P1/1R3K2R1/10 w KQkq - 0 1 moves e1g1 e8c8",
    "go depth 2",
    "go nodes 300",
    "go movetime 5",
    "go perft 2",
    "stop",
    "d",
    "isready",
];

const XB_LINES: &[&str] = &[
    "new",
    "variant jumpingknights",
    "force",
    "go",
    "playother",
    "usermove f2f4",
    "usermove h8e2,e2d0",
    "usermove c0d0,d0g0",
    "usermove f5e5,e5d7",
    "usermove f5d7,e5`7",
    "usermove f5e6,e6d7",
    "usermove d7e8,e8f9n",
    "usermove O-O",
    "setboard 10/1k8/10/10/8pP/10/3K6/10/10/10 w i6 0 1",
    "setboard 2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w - 0 1",
    "undo",
    "remove",
    "lift j5",
    "put i5",
    "lift i5",
    "hover a0",
    "perft 2",
    "sd 2",
    "st 0.01",
];

const GARBAGE: &[&str] =
    &["", ",", ",,", "z9z9", "j9j9", "k0k1", "a0a0,a0a0", "e5d6,", "e5d6,d6", "e2e4w", "`", "99"];

fn mutate(rng: &mut rand_pcg::Pcg64, line: &str) -> String {
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    let r = rng.next_u32();
    match r % 5 {
        0 => return line.to_string(),
        1 => {
            let i = (rng.next_u32() as usize) % tokens.len();
            tokens[i] = GARBAGE[(rng.next_u32() as usize) % GARBAGE.len()].to_string();
        }
        2 => {
            let i = (rng.next_u32() as usize) % (tokens.len() + 1);
            tokens.insert(i, GARBAGE[(rng.next_u32() as usize) % GARBAGE.len()].to_string());
        }
        3 if tokens.len() > 1 => {
            let i = (rng.next_u32() as usize) % tokens.len();
            tokens.remove(i);
        }
        _ => {
            // Change one character of the line to a board-ish character.
            let pool = b"abcdefghijz0123456789,`-/wWnN ";
            let mut b: Vec<u8> = line.bytes().collect();
            if !b.is_empty() {
                let i = (rng.next_u32() as usize) % b.len();
                b[i] = pool[(rng.next_u32() as usize) % pool.len()];
            }
            return String::from_utf8_lossy(&b).into_owned();
        }
    }
    tokens.join(" ")
}

/// No deep searches: any number above 8 next to a search keyword makes the line `isready`.
fn bounded(line: String) -> String {
    let heavy = ["perft", "depth", "movetime", "nodes", "sd", "st"];
    let toks: Vec<&str> = line.split_whitespace().collect();
    if toks.iter().any(|t| heavy.iter().any(|h| t.contains(h)))
        && toks.iter().any(|t| t.parse::<f64>().is_ok_and(|v| v.abs() > 8.0 || v.is_nan()))
    {
        return "isready".to_string();
    }
    if toks.first() == Some(&"go") && toks.len() == 1 {
        return "go depth 2".to_string();
    }
    line
}

#[test]
fn uci_fuzz() {
    count_panics();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(41);
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("setoption name UCI_Variant value jumpingknights");
    for i in 0..10_000 {
        let base = UCI_LINES[(rng.next_u32() as usize) % UCI_LINES.len()];
        let line = bounded(mutate(&mut rng, base));
        if line.trim_start().starts_with("quit") || line.contains("infinite") {
            continue;
        }
        e.send(&line);
        if i % 50 == 49 {
            e.send("stop");
            e.send("isready");
            e.until(Duration::from_secs(20), |l| l == "readyok");
        }
    }
    // A search stopped now may still report its bestmove after `readyok`: let it drain.
    e.send("stop");
    e.ask("isready", "readyok");
    e.drain(Duration::from_millis(500));
    e.send("setoption name UCI_Variant value jumpingknights");
    e.send(&format!("position fen {EP}"));
    e.ask("isready", "readyok");
    let out = e.ask("go depth 2", "bestmove");
    let best = out.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert!(JumpingKnights::from_fen(EP).unwrap().parse_move(&best).is_ok(), "{best}");
    e.quit();
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "a panic happened (see output)");
}

#[test]
fn xboard_fuzz() {
    count_panics();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(42);
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("variant jumpingknights");
    e.send("st 0.01");
    for i in 0..10_000 {
        let base = XB_LINES[(rng.next_u32() as usize) % XB_LINES.len()];
        let line = bounded(mutate(&mut rng, base));
        let t = line.trim_start();
        if t.starts_with("quit") || t.starts_with("ping") || t.starts_with("analyze") {
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
    e.send("new");
    e.send("variant jumpingknights");
    e.send("force");
    e.send("sd 2");
    e.send("usermove f2f4");
    let out = e.ask("go", "move ");
    let mv = out.last().unwrap().strip_prefix("move ").unwrap().to_string();
    // XBoard's names back to ours (files shift by one) and checked by the rules crate.
    let ours: String = mv
        .chars()
        .map(|c| match c {
            'a' => 'z',
            'b'..='j' => char::from(c as u8 - 1),
            c => c,
        })
        .collect();
    let p = JumpingKnights::startpos();
    let p = p.play(p.parse_move("e2e4").unwrap());
    assert!(p.parse_move(&ours).is_ok(), "{mv} = {ours}");
    e.quit();
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "a panic happened (see output)");
}
