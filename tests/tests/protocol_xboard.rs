//! XBoard (CECP v2) transcripts in `chess`: feature negotiation, playing both sides, force
//! mode, undo/remove, setboard, time controls, analyze mode, highlight, result claims, errors.

use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::chess::Chess;
use std::time::Duration;

fn start() -> Driver {
    let mut e = Driver::start();
    e.send("xboard");
    let f = e.ask("protover 2", "feature done=1");
    let all = f.join("\n");
    for feat in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "san=0",
        "colors=0",
        "sigint=0",
        "analyze=1",
        "memory=1",
        "smp=1",
        "highlight=1",
        "myname=\"Menagerie",
        "variants=\"normal",
    ] {
        assert!(all.contains(feat), "missing {feat}: {all}");
    }
    assert!(all.contains("option=\"Seed -spin"), "{all}");
    e
}

fn sync(e: &mut Driver, n: u32) -> Vec<String> {
    e.ask(&format!("ping {n}"), &format!("pong {n}"))
}

#[test]
fn engine_plays_black_after_usermove() {
    let mut e = start();
    e.send("new");
    e.send("level 40 0:10 0");
    e.send("post");
    e.send("time 1000");
    e.send("otim 1000");
    let out = e.ask("usermove e2e4", "move ");
    let mv = out.last().unwrap().strip_prefix("move ").unwrap().to_string();
    let after = Chess::startpos().play(Chess::startpos().parse_move("e2e4").unwrap());
    assert!(after.parse_move(&mv).is_ok(), "{mv}");
    // Thinking output: ply score time nodes pv.
    let think = out.iter().find(|l| l.starts_with("1 ")).expect("thinking line");
    assert!(think.split_whitespace().count() >= 5, "{think}");
    sync(&mut e, 1);
    e.quit();
}

#[test]
fn force_mode_undo_remove_and_go() {
    let mut e = start();
    e.send("new");
    e.send("force");
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("undo");
    e.send("remove");
    // undo takes back one move, remove two: only e2e4 is left, Black to move.
    e.send("st 0.2");
    let out = e.ask("go", "move ");
    let p = Chess::startpos().play(Chess::startpos().parse_move("e2e4").unwrap());
    let mv = out.last().unwrap().strip_prefix("move ").unwrap();
    assert!(p.parse_move(mv).is_ok(), "engine moved {mv} for Black");
    sync(&mut e, 2);
    e.quit();
}

#[test]
fn illegal_and_unknown_input() {
    let mut e = start();
    e.send("new");
    e.send("force");
    let r = e.ask("usermove e2e5", "Illegal move");
    assert!(r.last().unwrap().ends_with(": e2e5"), "{r:?}");
    let r = e.ask("frobnicate 3", "Error");
    assert_eq!(r.last().unwrap(), "Error (unknown command): frobnicate 3");
    let r = e.ask("setboard 8/8/8/8 w - - 0 1", "Error");
    assert!(r.iter().any(|l| l == "tellusererror Illegal position"), "{r:?}");
    for bad in
        ["level x y z", "st -1", "sd x", "memory 0", "cores 0", "option Nope=1", "variant shogi"]
    {
        let r = e.ask(bad, "Error");
        assert!(r.last().unwrap().starts_with("Error ("), "{bad}: {r:?}");
    }
    // The game is untouched: e2e4 still legal.
    e.send("usermove e2e4");
    let r = sync(&mut e, 3);
    assert_eq!(r, vec!["pong 3"]);
    e.quit();
}

#[test]
fn mates_and_claims_the_result() {
    let mut e = start();
    e.send("new");
    e.send("force");
    e.send("setboard r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    e.send("sd 3");
    let out = e.ask("go", "1-0");
    assert!(out.contains(&"move h5f7".to_string()), "{out:?}");
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
    e.quit();
}

#[test]
fn claims_after_the_opponents_mating_move() {
    let mut e = start();
    e.send("new");
    // Engine plays Black; White's 2nd move... let it reach a fool's mate for White to suffer:
    // set a position where White (user) mates at once.
    e.send("force");
    e.send("setboard rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3");
    e.send("playother"); // the engine plays the side not on move: Black
    let out = e.ask("usermove d1h5", "1-0");
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
    e.quit();
}

#[test]
fn ping_during_thinking_answers_after_the_move() {
    let mut e = start();
    e.send("new");
    e.send("st 0.3");
    e.send("usermove d2d4");
    e.send("ping 9");
    let out = e.until(Duration::from_secs(10), |l| l == "pong 9");
    let mv = out.iter().position(|l| l.starts_with("move ")).expect("move before pong");
    assert_eq!(mv + 1, out.len() - 1, "pong right after the move: {out:?}");
    e.quit();
}

#[test]
fn analyze_mode_and_stat() {
    let mut e = start();
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    e.until(Duration::from_secs(10), |l| l.starts_with("4 "));
    e.send(".");
    e.until(Duration::from_secs(10), |l| l.starts_with("stat01: "));
    e.send("usermove e2e4");
    e.until(Duration::from_secs(10), |l| l.starts_with("3 "));
    e.send("exit");
    e.drain(Duration::from_millis(200));
    let r = sync(&mut e, 4);
    assert_eq!(r.last().unwrap(), "pong 4");
    e.quit();
}

#[test]
fn highlight_dialogue() {
    let mut e = start();
    e.send("new");
    e.send("force");
    let r = e.ask("lift e2", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 8/8/8/8/4Y3/4Y3/8/8");
    e.send("usermove e2e4");
    e.send("usermove d7d5");
    let r = e.ask("lift e4", "highlight");
    // e5 quiet, d5 capture.
    assert_eq!(r.last().unwrap(), "highlight 8/8/8/3RY3/8/8/8/8");
    e.quit();
}

#[test]
fn memory_cores_options_and_time() {
    let mut e = start();
    e.send("new");
    e.send("memory 32");
    e.send("cores 2");
    e.send("option Seed=42");
    e.send("option MultiPV=2");
    e.send("level 0 1 1");
    e.send("time 500");
    e.send("otim 500");
    let out = e.ask("usermove e2e4", "move ");
    assert!(out.last().unwrap().starts_with("move "));
    sync(&mut e, 5);
    e.quit();
}
