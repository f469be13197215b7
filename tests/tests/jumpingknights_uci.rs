//! UCI transcripts in `jumpingknights`: `UCI_Variant`, positions with every special move kind
//! (jumps of every unit, en passant over the skipped square, castling both ways, promotions on
//! rank 8 and by a jump onto rank 9 incl. Nightrider and War Machine, Rule 4), `d`, searches with
//! each limit, `go perft`, and error replies that leave the position unchanged.
//!
//! Expected positions are derived by hand (each in a comment) or, for the long move lists, by
//! replaying the same moves through the rules crate.

use menagerie_tests::load_perft_file;
use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::jumpingknights::JumpingKnights;
use std::time::Duration;

fn bestmove_of(lines: &[String]) -> String {
    lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
}

fn start() -> Driver {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    let r = e.ask("setoption name UCI_Variant value jumpingknights", "info string variant");
    assert!(r.last().unwrap().contains("jumpingknights"), "{r:?}");
    e
}

fn fen_of(e: &mut Driver) -> String {
    let r = e.ask("d", "info string fen");
    r.last().unwrap().strip_prefix("info string fen ").unwrap().to_string()
}

fn replay(fen: Option<&str>, moves: &str) -> JumpingKnights {
    let mut p = fen.map_or_else(JumpingKnights::startpos, |f| JumpingKnights::from_fen(f).unwrap());
    for m in moves.split_whitespace() {
        p = p.play(p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}")));
    }
    p
}

#[test]
fn en_passant_promotion_jumps_and_war_machine() {
    let mut e = start();
    // 1.e2-e4 c7-c6 2.e4-e5 d7-d5 3.e5xd6-c7 e.p.: the white pawn jumps the skipped square d6,
    // lands on c7 (emptied by c7-c6) and removes the double-stepped pawn d5. By hand: White's
    // pawns a2 b2 c2 d2 f2 g2 h2 and c7; Black's a7 b7 c6 e7 f7 g7 h7; the capture resets the
    // halfmove clock; Black to move in move 3; all castling rights kept.
    e.send("position startpos moves e2e4 c7c6 e4e5 d7d5 e5d6,d6c7");
    assert_eq!(
        fen_of(&mut e),
        "2w4w2/1rnbqkbnr1/1ppP1pppp1/3p6/10/10/10/1PPPP1PPP1/1RNBQKBNR1/2W4W2 b KQkq - 0 3"
    );
    // 3...h7-h6 4.c7xd8-e9=N: the pawn jumps the queen on d8 and lands on the edge rank 9,
    // promoting to a Nightrider. 4...War Machine b9xe9-f9: a 3-jump over c9 and d9 onto the
    // nightrider on e9 (JK-2), then a 1-step to f9.
    let moves = "e2e4 c7c6 e4e5 d7d5 e5d6,d6c7 h7h6 c7d8,d8e9n b9e9,e9f9";
    e.send(&format!("position startpos moves {moves}"));
    let fen = fen_of(&mut e);
    assert_eq!(fen, replay(None, moves).fen());
    // By hand: no queen for Black, nothing on d8/e9, the War Machines on f9 and g9.
    assert!(fen.starts_with("6ww2/1rnb1kbnr1/"), "{fen}");
    let out = e.ask("go depth 4", "bestmove");
    assert!(out.iter().any(|l| l.starts_with("info depth 4 ") && l.contains(" pv ")));
    let best = bestmove_of(&out);
    assert!(replay(None, moves).parse_move(&best).is_ok(), "bestmove {best}");
    e.quit();
}

#[test]
fn castling_both_ways() {
    let mut e = start();
    // Kings e1/e8 with both rooks, pawns a2 h2 a7 h7. 1.O-O (e1g1: K g1, R h1-f1) O-O-O
    // (e8c8: K c8, R a8-d8). By hand: rank 8 `3kr3r1`, rank 1 `1R4RK2`, no rights left, two
    // quiet moves on the clock, White to move in move 2.
    e.send(
        "position fen 10/1r3k2r1/1p6p1/10/10/10/10/1P6P1/1R3K2R1/10 w KQkq - 0 1 moves e1g1 e8c8",
    );
    assert_eq!(fen_of(&mut e), "10/3kr3r1/1p6p1/10/10/10/10/1P6P1/1R4RK2/10 w - - 2 2");
    e.quit();
}

#[test]
fn seed_game_jumps_and_the_only_replies() {
    let mut e = start();
    // The seed's sample game: a Nightrider jump (g8xd2-c0), a War Machine jump (b0xc0-f0) and
    // two queen jumps; afterwards White's legal moves are exactly Ke1-f1, Bg2-f1 and War Machine
    // f0-f1 (JK-4, derived in docs/variants/jumpingknights.md section 4).
    let moves = "g2g3 g8d2,d2c0 b0c0,c0f0 d7d5 f1g2 c7c6 d1d5,d5d7 d8d7,d7d1";
    e.send(&format!("position startpos moves {moves}"));
    assert_eq!(fen_of(&mut e), replay(None, moves).fen());
    let out = e.ask("go perft 1", "Nodes searched");
    assert_eq!(out.last().unwrap(), "Nodes searched: 3");
    for m in ["e1f1: 1", "g2f1: 1", "f0f1: 1"] {
        assert!(out.contains(&m.to_string()), "{m}: {out:?}");
    }
    let best = bestmove_of(&e.ask("go depth 3", "bestmove"));
    assert!(["e1f1", "g2f1", "f0f1"].contains(&best.as_str()), "{best}");
    e.quit();
}

#[test]
fn rule4_filters_moves_and_refuses_others() {
    let mut e = start();
    // The rule book's Rule 4 example: White Ke3 War Machine b0 Ra5, Black Kh8 Nightrider b1.
    // The War Machine can jump the nightrider onto b2 or b4 (central), so White must do that or
    // give check (Ra5-a8, Ra5-h5): 4 legal moves.
    let fen = "10/8k1/10/10/1R8/10/5K4/10/2n7/2W7 w - - 0 1";
    e.send(&format!("position fen {fen}"));
    let out = e.ask("go perft 1", "Nodes searched");
    assert_eq!(out.last().unwrap(), "Nodes searched: 4");
    for m in ["b0b1,b1b2: 1", "b0b1,b1b4: 1", "a5a8: 1", "a5h5: 1"] {
        assert!(out.contains(&m.to_string()), "{m}: {out:?}");
    }
    let before = fen_of(&mut e);
    e.send(&format!("position fen {fen} moves a5a6"));
    let r = e.until(Duration::from_secs(5), |_| true);
    assert!(r[0].starts_with("info string error") && r[0].contains("Rule 4"), "{r:?}");
    assert_eq!(fen_of(&mut e), before);
    let best = bestmove_of(&e.ask("go depth 5", "bestmove"));
    assert!(["b0b1,b1b2", "b0b1,b1b4", "a5a8", "a5h5"].contains(&best.as_str()), "{best}");
    e.quit();
}

#[test]
fn every_limit_returns_a_legal_move() {
    let mut e = start();
    let fen = "2w4w2/1rnbqkb1r1/1pp2pppp1/3p6/4p5/10/7P2/1PPP1PPBP1/1RNBQK1NR1/6WW2 w KQkq - 0 4";
    e.send(&format!("position fen {fen}"));
    let pos = JumpingKnights::from_fen(fen).unwrap();
    for go in [
        "go depth 3",
        "go nodes 5000",
        "go movetime 50",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 500 btime 500 movestogo 3",
    ] {
        let out = e.ask(go, "bestmove");
        assert!(pos.parse_move(&bestmove_of(&out)).is_ok(), "{go}: {out:?}");
    }
    e.send("go infinite");
    e.send("isready");
    let got = e.until(Duration::from_secs(5), |l| l == "readyok");
    assert!(!got.iter().any(|l| l.starts_with("bestmove")));
    let out = e.ask("stop", "bestmove");
    assert!(pos.parse_move(&bestmove_of(&out)).is_ok());
    e.quit();
}

#[test]
fn perft_matches_the_reference_counts() {
    let mut e = start();
    e.send("position startpos");
    let out = e.ask("go perft 2", "Nodes searched");
    // From tests/data/jumpingknights.perft (the slow reference generator).
    let want = load_perft_file("jumpingknights.perft")
        .into_iter()
        .find(|c| c.id == "startpos")
        .and_then(|c| c.counts.iter().find(|&&(d, _)| d == 2).map(|&(_, n)| n))
        .unwrap();
    assert_eq!(out.last().unwrap(), &format!("Nodes searched: {want}"));
    // One line per root move: the reference's depth-1 count.
    let roots = load_perft_file("jumpingknights.perft")
        .into_iter()
        .find(|c| c.id == "startpos")
        .and_then(|c| c.counts.iter().find(|&&(d, _)| d == 1).map(|&(_, n)| n))
        .unwrap();
    let lines = out.iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count();
    assert_eq!(lines as u64, roots);
    e.quit();
}

#[test]
fn errors_leave_the_position_unchanged() {
    let mut e = start();
    // White pawn e5, Black has just played d7-d5 (e.p. square d6); c7 empty.
    let fen = "10/1rnbqkbnr1/1pp2pppp1/10/4pP4/10/10/10/1RNBQKBNR1/10 w KQkq d6 0 3";
    e.send(&format!("position fen {fen}"));
    let before = fen_of(&mut e);
    for bad in [
        // XBoard's e.p. form (kill square = the victim) is not notation.md's.
        format!("position fen {fen} moves e5d5,d5c7"),
        // Malformed texts.
        format!("position fen {fen} moves e5d6,"),
        format!("position fen {fen} moves e5d6,d6"),
        format!("position fen {fen} moves e5d6,d6c7x"),
        format!("position fen {fen} moves e5"),
        // A non-capture may not end on the edge: d0 is empty but on rank 0.
        format!("position fen {fen} moves d1d0"),
        // A capture is a jump: the queen cannot move onto the pawn d5.
        format!("position fen {fen} moves d1d5"),
        // A jump needs a victim: d2 is empty.
        format!("position fen {fen} moves d1d2,d2d3"),
        // The queen's jump over d5 must land beyond it (d6, d7), not short of it.
        format!("position fen {fen} moves d1d5,d5d4"),
        // A legal move followed by an illegal one: nothing is applied.
        format!("position fen {fen} moves e5d6,d6c7 e5e4"),
        "position startpos moves e2e4,e4e5".to_string(),
        "position fen 10/10/10 w - - 0 1".to_string(),
    ] {
        e.send(&bad);
        let reply = e.until(Duration::from_secs(5), |_| true);
        assert!(reply[0].starts_with("info string error"), "{bad}: {reply:?}");
        assert_eq!(fen_of(&mut e), before, "{bad} changed the position");
    }
    assert_eq!(e.ask("isready", "readyok"), vec!["readyok"]);
    // The e.p. jump itself is legal here.
    e.send(&format!("position fen {fen} moves e5d6,d6c7"));
    assert_ne!(fen_of(&mut e), before);
    e.quit();
}

#[test]
fn threads_search_and_stop_cleanly() {
    let mut e = start();
    e.send("setoption name Threads value 2");
    e.send("setoption name Hash value 16");
    e.send("position startpos moves e2e4 d7d5");
    for _ in 0..2 {
        let out = e.ask("go movetime 200", "bestmove");
        let best = bestmove_of(&out);
        assert!(replay(None, "e2e4 d7d5").parse_move(&best).is_ok(), "{best}");
    }
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.ask("stop", "bestmove");
    e.ask("isready", "readyok");
    e.quit();
}
