//! UCI transcripts in `tamerspiel`: variant selection, a move list with every special move kind
//! (castling, king swap, citadel promotion, pawn -> Dabbabah), `d`, searches with limits, perft,
//! and error replies that leave the position unchanged.

use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::tamerspiel::{TamerSpiel, START_FEN};
use std::time::Duration;

fn bestmove_of(lines: &[String]) -> String {
    lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
}

fn start() -> Driver {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("setoption name UCI_Variant value tamerspiel");
    e.ask("isready", "readyok");
    e
}

/// White: Rooks a1/l1, King g1 (both castlings open), Guard d2 (the swap partner), Vizier b8
/// (one orthogonal step from Black's citadel a8), pawn c7 (one step from the last rank).
/// Black: King f8, Rook e5 (it covers e1, so the long castling g1c1 is illegal).
const SPECIAL: &str = "1V3k6/*1P8*/*10*/*3r6*/*10*/*10*/*2G7*/R5K4R w KQ - 0 1 wb";

/// 1. g1j1 (castling: King to j1, Rook l1 to i1) e5j5+ (the Rook checks down the j-file)
/// 2. j1d2 (king swap with the unattacked Guard d2; White's swap is used) f8g8
/// 3. b8a8 (the Vizier enters the citadel a8 and becomes a Lion) g8h8
/// 4. c7c8d (the pawn becomes a Dabbabah on the last rank) h8h7.
const SPECIAL_MOVES: &str = "g1j1 e5j5 j1d2 f8g8 b8a8 g8h8 c7c8d h8h7";

/// The position after `SPECIAL_MOVES`, worked out by hand: Lion a8, Dabbabah c8, Black King h7,
/// Black Rook j5, White King d2, Rooks a1 and i1, Guard j1; no castling rights left, only
/// Black's swap, halfmove clock 1 (the pawn move reset it), move 5.
const SPECIAL_AFTER: &str = "L1D9/*6k3*/*10*/*8r1*/*10*/*10*/*2K7*/R7RG2 w - - 1 5 b";

#[test]
fn variant_is_announced() {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("setoption name UCI_Variant value tamerspiel");
    let out = e.ask("isready", "readyok");
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string variant tamerspiel") && l.contains(START_FEN)),
        "{out:?}"
    );
    e.send("position startpos");
    assert_eq!(
        e.ask("d", "info string fen").last().unwrap(),
        &format!("info string fen {START_FEN}")
    );
    e.quit();
}

#[test]
fn every_special_move_kind_in_one_move_list() {
    let mut e = start();
    e.send(&format!("position fen {SPECIAL} moves {SPECIAL_MOVES}"));
    let lines = e.ask("d", "info string fen");
    assert_eq!(lines.last().unwrap(), &format!("info string fen {SPECIAL_AFTER}"));
    let after = TamerSpiel::from_fen(SPECIAL_AFTER).unwrap();
    let out = e.ask("go depth 4", "bestmove");
    assert!(out.iter().any(|l| l.starts_with("info depth 4 ") && l.contains(" pv ")), "{out:?}");
    let best = bestmove_of(&out);
    assert!(after.parse_move(&best).is_ok(), "bestmove {best} is legal");
    e.quit();
}

#[test]
fn limits_return_legal_moves_from_the_start() {
    let mut e = start();
    e.send("position startpos moves f3f4 g6g5");
    let pos = TamerSpiel::startpos();
    let pos = pos.play(pos.parse_move("f3f4").unwrap());
    let pos = pos.play(pos.parse_move("g6g5").unwrap());
    for go in [
        "go depth 3",
        "go nodes 5000",
        "go movetime 100",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go mate 2 movetime 200",
    ] {
        let out = e.ask(go, "bestmove");
        assert!(pos.parse_move(&bestmove_of(&out)).is_ok(), "{go}: {out:?}");
    }
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let out = e.ask("stop", "bestmove");
    assert!(pos.parse_move(&bestmove_of(&out)).is_ok());
    e.quit();
}

#[test]
fn perft_matches_the_move_generator() {
    let mut e = start();
    e.send(&format!("position fen {SPECIAL}"));
    let out = e.ask("go perft 2", "Nodes searched");
    let pos = TamerSpiel::from_fen(SPECIAL).unwrap();
    let mut list = <TamerSpiel as Rules>::Moves::default();
    pos.legal_moves(&mut list);
    let mut total = 0;
    for &m in list.iter() {
        let child = pos.play(m);
        let mut l2 = <TamerSpiel as Rules>::Moves::default();
        child.legal_moves(&mut l2);
        total += l2.len();
        let line = format!("{}: {}", pos.move_text(m), l2.len());
        assert!(out.contains(&line), "{line} missing: {out:?}");
    }
    assert_eq!(out.last().unwrap(), &format!("Nodes searched: {total}"));
    // Castling, the citadel entry and the pawn's promotion are among the root moves.
    assert!(out.iter().any(|l| l.starts_with("g1j1: ")));
    assert!(!out.iter().any(|l| l.starts_with("g1c1: ")), "e1 is attacked");
    assert!(out.iter().any(|l| l.starts_with("c7c8d: ")));
    assert!(out.iter().any(|l| l.starts_with("b8a8: ")));
    e.quit();
}

#[test]
fn errors_leave_state_unchanged() {
    let mut e = start();
    e.send(&format!("position fen {SPECIAL} moves g1j1 e5j5"));
    let before = e.ask("d", "info string fen");
    for bad in [
        // In check after e5j5: a swap with the pawn c7 is illegal (TS-5: pieces only), the King
        // cannot step two squares to l1, and from == to is no move.
        &format!("position fen {SPECIAL} moves g1j1 e5j5 j1c7"),
        &format!("position fen {SPECIAL} moves g1j1 e5j5 j1l1"),
        &format!("position fen {SPECIAL} moves g1j1 e5j5 j1j1"),
        // The XBoard castling form is not UCI notation.
        &format!("position fen {SPECIAL} moves g1j1,l1i1"),
        // A swap when not in check (the rule allows it only in check).
        &format!("position fen {SPECIAL} moves g1d2"),
        // A pawn move to c8 with a foreign promotion letter.
        &format!("position fen {SPECIAL} moves c7c8q"),
        // A citadel promotion letter is not notation (it is automatic).
        &format!("position fen {SPECIAL} moves b8a8l"),
        // Holes: a2 does not exist.
        &format!("position fen {SPECIAL} moves a1a2"),
        "position fen 5k6/*10*/8/*10*/*10*/*10*/*10*/6K5 w - - 0 1 wb",
        "position fen 5k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 xy",
        "position startpos moves g1j1",
        "position startpos moves e2e4,e4e5",
    ] {
        e.send(bad);
        let reply = e.until(Duration::from_secs(5), |_| true);
        assert!(reply[0].starts_with("info string error"), "{bad}: {reply:?}");
        assert_eq!(e.ask("d", "info string fen"), before, "{bad} changed the position");
    }
    e.quit();
}

#[test]
fn threads_search_and_stop_cleanly() {
    let mut e = start();
    e.send("setoption name Threads value 2");
    e.send("position startpos moves f3f4 g6g5 f4g5");
    for _ in 0..2 {
        let out = e.ask("go movetime 150", "bestmove");
        assert_ne!(bestmove_of(&out), "0000");
    }
    e.ask("isready", "readyok");
    e.quit();
}
