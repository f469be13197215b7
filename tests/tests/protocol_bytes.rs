//! Raw input bytes (issue 16, item 1): a line that is not UTF-8, control bytes such as NUL
//! inside a line, `\r\n` endings and a byte-order mark are reported on the protocol's error
//! channel or tolerated, and never end the engine. Mutated byte lines in both protocols and
//! every variant, with a liveness check (`isready` / `ping`) after every batch.

use menagerie_tests::proto::Driver;
use movegen::rules::VariantId;
use rand_core::{RngCore, SeedableRng};
use session::new_game;
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

const T: Duration = Duration::from_secs(20);

#[test]
fn the_issue_transcripts() {
    // `printf 'uci\nisready\n\xff\nisready\n'` answered one `readyok` and ended.
    let mut e = Driver::start();
    e.send_raw(b"uci\nisready\n\xff\nisready\n");
    let got = e.until(T, |l| l == "readyok");
    assert!(got.iter().any(|l| l == "uciok"), "{got:?}");
    let got = e.until(T, |l| l == "readyok");
    assert!(
        got.iter().any(|l| l.starts_with("info string error") && l.contains("not UTF-8")),
        "the bad line is reported: {got:?}"
    );
    e.quit();

    // A byte-order mark before the first command and `\r\n` endings.
    let mut e = Driver::start();
    e.send_raw(b"\xef\xbb\xbfuci\r\n");
    e.until(T, |l| l == "uciok");
    e.send_raw(b"isready\r\n");
    e.until(T, |l| l == "readyok");
    // NUL inside a line: reported, not executed; the next line is.
    e.send_raw(b"is\0ready\nisready\n");
    let got = e.until(T, |l| l == "readyok");
    assert!(
        got.iter().any(|l| l.starts_with("info string error") && l.contains("U+0000")),
        "{got:?}"
    );
    e.quit();

    // The same in XBoard, with `ping`.
    let mut e = Driver::start();
    e.send_raw(b"xboard\r\nprotover 2\r\n");
    e.until(T, |l| l == "feature done=1");
    e.send_raw(b"ping 1\r\n\xff\xfe\nping 2\n");
    let got = e.until(T, |l| l == "pong 2");
    assert!(got.iter().any(|l| l == "pong 1"), "{got:?}");
    assert!(got.iter().any(|l| l.starts_with("Error (malformed input)")), "{got:?}");
    e.quit();
}

#[test]
fn a_search_in_progress_still_answers_after_garbage() {
    let mut e = Driver::start();
    e.send("uci");
    e.until(T, |l| l == "uciok");
    e.send("go infinite");
    e.send_raw(b"\xc3\n\0\0\0\n\x80abc\r\n");
    e.send("isready");
    e.until(T, |l| l == "readyok");
    e.send("stop");
    e.until(T, |l| l.starts_with("bestmove"));
    e.quit();
}

/// A line with byte-level damage (never a newline: that would make two lines).
fn damage(rng: &mut rand_pcg::Pcg64, line: &str) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    let at = |rng: &mut rand_pcg::Pcg64, len: usize| (rng.next_u32() as usize) % (len + 1);
    match rng.next_u32() % 8 {
        0 => {
            let i = at(rng, b.len());
            b.insert(i, 0x80 | (rng.next_u32() as u8));
        }
        1 if !b.is_empty() => {
            let i = (rng.next_u32() as usize) % b.len();
            b[i] = rng.next_u32() as u8;
        }
        2 => {
            let i = at(rng, b.len());
            b.insert(i, 0);
        }
        3 => b.push(b'\r'),
        4 => b.splice(0..0, [0xef, 0xbb, 0xbf]).for_each(drop),
        5 => {
            let n = 1 + rng.next_u32() % 40;
            b = (0..n).map(|_| rng.next_u32() as u8).collect();
        }
        6 => b.push(0xc3), // a sequence cut short
        _ => {}
    }
    b.retain(|&x| x != b'\n');
    b.push(b'\n');
    b
}

fn first_move(v: VariantId, xboard: bool) -> String {
    let g = engine::xboard::game::new_game(v, None, 0).expect("every variant is built");
    let notation = if xboard { session::Notation::Dialect } else { session::Notation::Rules };
    g.legal(notation).into_iter().next().expect("a legal move").text
}

fn uci_bytes(v: VariantId, lines: usize, seed: u64) {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let m = first_move(v, false);
    let base = [
        format!("setoption name UCI_Variant value {v}"),
        "position startpos".to_string(),
        format!("position startpos moves {m}"),
        "go depth 2".to_string(),
        "go movetime 5".to_string(),
        "go nodes 300".to_string(),
        "go infinite".to_string(),
        "go perft 2".to_string(),
        "stop".to_string(),
        "isready".to_string(),
        "ucinewgame".to_string(),
        "d".to_string(),
    ];
    let mut e = Driver::start();
    e.send("uci");
    e.until(T, |l| l == "uciok");
    e.send(&format!("setoption name UCI_Variant value {v}"));
    for i in 0..lines {
        let line = &base[(rng.next_u32() as usize) % base.len()];
        e.send_raw(&damage(&mut rng, line));
        if i % 40 == 39 {
            e.send("stop");
            e.send("isready");
            e.until(T, |l| l == "readyok");
        }
    }
    e.send("stop");
    e.send(&format!("setoption name UCI_Variant value {v}"));
    e.send(&format!("position startpos moves {m}"));
    let out = e.ask("go depth 1", "bestmove");
    assert_ne!(out.last().unwrap(), "bestmove 0000", "{v}");
    e.quit();
}

fn xboard_bytes(v: VariantId, lines: usize, seed: u64) {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let name = v.info().xboard_name.to_string();
    let m = first_move(v, true);
    let fen = new_game(v, None).expect("built").fen();
    let base = [
        "new".to_string(),
        format!("variant {name}"),
        "force".to_string(),
        "go".to_string(),
        format!("usermove {m}"),
        m.clone(),
        "undo".to_string(),
        "remove".to_string(),
        format!("setboard {fen}"),
        "sd 2".to_string(),
        "lift e2".to_string(),
        "analyze".to_string(),
        "exit".to_string(),
        "?".to_string(),
        "result 1-0 {x}".to_string(),
        "post".to_string(),
    ];
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("st 0.01");
    e.send(&format!("variant {name}"));
    for i in 0..lines {
        let line = &base[(rng.next_u32() as usize) % base.len()];
        e.send_raw(&damage(&mut rng, line));
        if i % 40 == 39 {
            e.send("exit");
            e.send("st 0.01");
            e.send("sd 2");
            e.send("?");
            e.send(&format!("ping {i}"));
            let want = format!("pong {i}");
            e.until(T, |l| l == want);
        }
    }
    e.send("exit");
    e.send("new");
    e.send(&format!("variant {name}"));
    e.send("force");
    e.send("sd 1");
    e.send(&format!("usermove {m}"));
    e.send("go");
    e.until(T, |l| l.starts_with("move "));
    e.quit();
}

#[test]
fn damaged_bytes_in_every_variant_and_both_protocols() {
    count_panics();
    for (k, v) in VariantId::ALL.into_iter().enumerate() {
        uci_bytes(v, 600, 100 + k as u64);
        xboard_bytes(v, 600, 200 + k as u64);
    }
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "a panic happened (see output)");
}
