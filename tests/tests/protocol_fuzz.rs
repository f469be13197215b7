//! Random and mutated protocol input (10^5 lines in CI, 10^6 with `--ignored`): the engine never
//! panics, and answers `isready` / `ping` correctly after any sequence of garbage.

use menagerie_tests::proto::Driver;
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

const UCI_LINES: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1",
    "position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8q",
    "go depth 2",
    "go movetime 5",
    "go nodes 300",
    "go wtime 100 btime 100 winc 0 binc 0",
    "go infinite",
    "go ponder movetime 5",
    "go perft 2",
    "stop",
    "ponderhit",
    "setoption name Hash value 8",
    "setoption name Threads value 2",
    "setoption name MultiPV value 2",
    "setoption name UCI_Variant value chess",
    "setoption name Seed value 7",
    "setoption name UCI_Chess960 value true",
    "d",
    "debug on",
];

const XB_LINES: &[&str] = &[
    "new",
    "force",
    "go",
    "playother",
    "usermove e2e4",
    "usermove e7e5",
    "e2e4",
    "undo",
    "remove",
    "setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "setboard 4k3/8/8/8/8/8/8/4K3 w - 0 1",
    "level 40 0:02 0",
    "st 0.01",
    "sd 2",
    "time 100",
    "otim 100",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "?",
    "hard",
    "easy",
    "result 1-0 {x}",
    "variant normal",
    "variant eightpiece",
    "memory 8",
    "cores 2",
    "option Seed=3",
    "lift e2",
    "put e4",
    "hover e4",
    "perft 2",
    "protover 2",
    "accepted setboard",
];

const GARBAGE: &[&str] = &[
    "",
    " ",
    "\t",
    "0000",
    "@@@@",
    "e9e9",
    "z0z0",
    "moves",
    "fen",
    "value",
    "name",
    "-1",
    "999999999999999999999",
    "NaN",
    "inf",
    "KQkq",
    "P@e4",
    "a1a1m",
    "e7e8l=s",
    "b1e4=se",
    "c5e7,e7f8",
    "ÿ",
    "\u{1b}[2J",
];

/// Mutates a line: character edits, token shuffles, garbage tokens.
fn mutate(rng: &mut rand_pcg::Pcg64, line: &str) -> String {
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    match rng.next_u32() % 6 {
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
        4 => {
            let mut b: Vec<char> = line.chars().collect();
            for _ in 0..1 + rng.next_u32() % 3 {
                let c = char::from(32 + (rng.next_u32() % 95) as u8);
                let i = (rng.next_u32() as usize) % (b.len() + 1);
                if rng.next_u32().is_multiple_of(2) && i < b.len() {
                    b[i] = c;
                } else {
                    b.insert(i, c);
                }
            }
            return b.into_iter().collect();
        }
        _ => {
            let n = 1 + rng.next_u32() % 40;
            return (0..n).map(|_| char::from(32 + (rng.next_u32() % 95) as u8)).collect();
        }
    }
    tokens.join(" ")
}

/// Keeps fuzzing cheap and bounded: no deep perft/search, no huge hash or thread counts.
fn bounded(line: String) -> String {
    let heavy = [
        "perft", "depth", "movetime", "nodes", "Hash", "Threads", "memory", "cores", "sd", "st",
        "level", "wtime", "btime", "time", "otim", "MultiPV", "mate",
    ];
    let toks: Vec<&str> = line.split_whitespace().collect();
    if toks.iter().any(|t| heavy.iter().any(|h| t.contains(h))) {
        let numbers_small = toks.iter().all(|t| match t.parse::<f64>() {
            Ok(v) => v.abs() <= 8.0,
            Err(_) => !t.chars().any(|c| c.is_ascii_digit()) || t.contains('e') || t.contains(':'),
        });
        if !numbers_small || line.contains(':') {
            return "isready".to_string();
        }
    }
    line
}

fn run_uci(lines: usize, seed: u64) {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    for i in 0..lines {
        let base = UCI_LINES[(rng.next_u32() as usize) % UCI_LINES.len()];
        let line = bounded(mutate(&mut rng, base));
        if line.trim() == "quit" || line.trim_start().starts_with("quit") {
            continue;
        }
        e.send(&line);
        if i % 50 == 49 {
            e.send("stop");
        }
        if i % 100 == 99 {
            e.send("isready");
            e.until(Duration::from_secs(20), |l| l == "readyok");
        }
    }
    e.send("stop");
    e.send("ucinewgame");
    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos");
    e.ask("isready", "readyok");
    let out = e.ask("go depth 1", "bestmove");
    assert_ne!(out.last().unwrap(), "bestmove 0000");
    e.quit();
}

fn run_xboard(lines: usize, seed: u64) {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("st 0.01");
    for i in 0..lines {
        let base = XB_LINES[(rng.next_u32() as usize) % XB_LINES.len()];
        let line = bounded(mutate(&mut rng, base));
        if line.trim_start().starts_with("quit") || line.trim_start().starts_with("ping") {
            continue;
        }
        e.send(&line);
        if i % 100 == 99 {
            // Keep time controls short, make any thinking move now, then sync.
            e.send("st 0.01");
            e.send("sd 3");
            e.send("?");
            e.send(&format!("ping {i}"));
            let want = format!("pong {i}");
            e.until(Duration::from_secs(20), |l| l == want);
        }
    }
    e.send("exit");
    e.send("new");
    e.send("force");
    e.send("sd 2");
    e.send("usermove e2e4");
    e.send("go");
    let out = e.until(Duration::from_secs(20), |l| l.starts_with("move "));
    assert!(out.last().unwrap().starts_with("move "));
    e.quit();
}

#[test]
fn uci_fuzz() {
    count_panics();
    run_uci(50_000, 11);
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "a panic happened (see output)");
}

#[test]
fn xboard_fuzz() {
    count_panics();
    run_xboard(50_000, 12);
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "a panic happened (see output)");
}

#[test]
#[ignore = "long: 10^6 lines"]
fn fuzz_million() {
    count_panics();
    run_uci(500_000, 21);
    run_xboard(500_000, 22);
    assert_eq!(PANICS.load(Ordering::SeqCst), 0);
}
