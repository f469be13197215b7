//! UCI transcripts in `eightpiece` and `eightpiece-random`: `UCI_Variant`, positions whose move
//! lists contain every special move kind of 8-Piece Chess (castling with the jailer and the rook,
//! king-onto-partner castling in `eightpiece-random`, the pass, sentry push and nudge, lancer move
//! with a new facing, re-orient, turn-only while held, Turn-then-Move, promotion to a lancer and to
//! a jailer, first-rank double step and its en passant), `d`, `go` with limits, `go perft`, and
//! error replies that leave the position unchanged.
//!
//! Every expected FEN comes from the move generator playing the same texts (so the test proves
//! the protocol applies what the rules say); every expected perft count comes from the slow
//! reference generator's numbers in `tests/data/eightpiece.perft`.

use menagerie_tests::proto::Driver;
use movegen::rules::{Rules, VariantId};
use movegen::variants::eightpiece::EightPiece;
use std::collections::BTreeSet;
use std::time::Duration;

const START: &str = "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1";

fn bestmove_of(lines: &[String]) -> String {
    lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
}

fn start(variant: &str) -> Driver {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    let r = e.ask(&format!("setoption name UCI_Variant value {variant}"), "info string variant");
    assert!(r.last().unwrap().starts_with(&format!("info string variant {variant} startpos ")));
    e
}

fn fen_of(e: &mut Driver) -> String {
    e.send("d");
    let lines = e.until(Duration::from_secs(10), |l| l.starts_with("info string fen"));
    lines.last().unwrap().strip_prefix("info string fen ").unwrap().to_string()
}

/// Sends `position fen FEN moves ...`, then `d`; checks the FEN against the generator's and
/// returns the kinds (and lancer promotions as `"promo-lancer"` etc.) of the moves played.
fn play(e: &mut Driver, id: VariantId, fen: &str, moves: &str) -> BTreeSet<String> {
    e.send(&format!("position fen {fen} moves {moves}"));
    let mut g = EightPiece::from_fen_as(id, fen).unwrap();
    let mut kinds = BTreeSet::new();
    for t in moves.split_whitespace() {
        let m = g.parse_move(t).unwrap_or_else(|err| panic!("{t} at {}: {err:?}", g.fen()));
        kinds.insert(format!("{:?}", m.kind()));
        if m.promo() != 0 {
            kinds.insert(format!("promo{}", m.promo()));
        }
        g = g.play(m);
    }
    assert_eq!(fen_of(e), g.fen(), "after {moves}");
    kinds
}

#[test]
fn every_special_move_through_position_and_d() {
    let mut e = start("eightpiece");
    let id = VariantId::EightPiece;
    let mut kinds = BTreeSet::new();
    // Opening: both sides castle short (rook partner); both lancers leave b1/b8 passing over
    // their own c-pawns and take a new facing (`=e`, `=s`).
    e.send("position startpos moves e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1 e8g8 b1d3=e b8d6=s");
    let mut g = EightPiece::startpos();
    for t in "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1 e8g8 b1d3=e b8d6=s".split_whitespace() {
        let m = g.parse_move(t).unwrap();
        kinds.insert(format!("{:?}", m.kind()));
        g = g.play(m);
    }
    assert_eq!(fen_of(&mut e), g.fen());
    // Long castling: the king goes to c1 and the jailer a1 to d1 (rule book §8); the path b1-d1
    // is emptied first (lancer b1 away, sentry c1 out through d2/e3, queen d1 to e2).
    kinds.extend(play(&mut e, id, START, "d2d4 d7d5 b1d3=n b8d6=s c1e3 c8f5 d1d2 d8d7 e1c1 e8c8"));
    // Sentry push: the sentry b4 goes to the lancer's square c5, the lancer is pushed to c8
    // (a push along the line b4-c5, any distance onto an empty square).
    kinds.extend(play(&mut e, id, "7k/8/8/2l(n)5/1S6/8/8/4K3 w - - 0 1", "b4c5,c5c8"));
    // Nudge: the same sentry move, the lancer one step to d4 (it then faces se, §6.2).
    kinds.extend(play(&mut e, id, "7k/8/8/2l(n)5/1S6/8/8/4K3 w - - 0 1", "b4c5,c5d4"));
    // The lancer e4 was just pushed by the sentry d3 (push field d3e4): Turn-then-Move to e7.
    kinds.extend(play(&mut e, id, "7k/8/8/8/4L(ne)3/3s4/8/7K w - - 0 1 d3e4", "e4e7"));
    // The same lancer held by the jailer e5 may only turn in place (8P-9): to n.
    kinds.extend(play(&mut e, id, "7k/8/8/4j3/4L(ne)3/3s4/8/7K w - - 0 1 d3e4", "e4e4=n"));
    // Re-orient: the lancer a8 faces w, off the board; it turns to e.
    kinds.extend(play(&mut e, id, "L(w)6k/8/8/8/8/8/8/7K w - - 0 1", "a8a8=e"));
    // Pass: the king b1 is held by the jailer b2 (not in check: jailers never capture);
    // passing is its only move (§4). Then Black's king answers.
    kinds.extend(play(&mut e, id, "k7/8/8/8/8/8/1j6/1K6 w - - 0 1", "0000 a8a7"));
    // Promotions: to a lancer facing s (e8 has e7 in front), then Black moves, then the pawn
    // b7 promotes to a jailer.
    kinds.extend(play(&mut e, id, "7k/1P2P3/8/8/8/8/8/K7 w - - 0 1", "e7e8l=s h8g7 b7b8j"));
    // A pawn pushed back to its own first rank double-steps d1-d3 (§5) and is taken e.p. by
    // the e3 pawn on d2 (8P-3).
    kinds.extend(play(&mut e, id, "7k/8/8/8/8/4p3/8/3P3K w - - 0 1", "d1d3 e3d2"));
    for k in ["Castle", "Push", "Nudge", "TurnMove", "Turn", "Pass", "DoublePush", "EnPassant"] {
        assert!(kinds.contains(k), "no {k} move was played: {kinds:?}");
    }
    // Kind indices: 6 jailer, 7 lancer.
    assert!(kinds.contains("promo6") && kinds.contains("promo7"), "{kinds:?}");
    // Lancer moves with a new facing are Normal moves with a facing; b1d3=e proved it above.
    e.quit();
}

#[test]
fn random_setup_castles_king_onto_partner() {
    let mut e = start("eightpiece-random");
    let id = VariantId::EightPieceRandom;
    // King c1 between jailer b1 and rook h1 (Shredder letters H and B). Short: king to g1,
    // rook to f1, written king-onto-rook c1h1. Long: the king stays on c1 and the jailer goes
    // b1 to d1, written c1b1 (rule book §10, Chess960 conventions).
    let fen = "bjk3qr/pppppppp/8/8/8/8/PPPPPPPP/BJK3QR w HBhb - 0 1";
    let k = play(&mut e, id, fen, "c1b1 c8b8");
    assert!(k.contains("Castle"), "{k:?}");
    let fen2 = "bjk4r/pppppppp/8/8/8/8/PPPPPPPP/BJK4R w HBhb - 0 1";
    let k = play(&mut e, id, fen2, "c1h1 c8h8");
    assert!(k.contains("Castle"), "{k:?}");
    // `position startpos` in eightpiece-random is setup number `Seed` (0 by default).
    e.send("position startpos");
    let setup0 = movegen::variants::eightpiece::setup::fen(0).unwrap();
    let want = EightPiece::from_fen_as(id, &setup0).unwrap().fen();
    assert_eq!(fen_of(&mut e), want);
    e.quit();
}

#[test]
fn go_with_limits_returns_legal_moves() {
    let mut e = start("eightpiece");
    // A middlegame with holds, sentries and a lancer, White to move after ...e7e5 (e.p. e6).
    let fen = "j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9";
    let pos = EightPiece::from_fen(fen).unwrap();
    e.send(&format!("position fen {fen}"));
    for go in ["go depth 4", "go nodes 5000", "go movetime 100", "go wtime 800 btime 800"] {
        let out = e.ask(go, "bestmove");
        let best = bestmove_of(&out);
        assert!(pos.parse_move(&best).is_ok(), "{go}: bestmove {best} illegal");
    }
    // Right after a push, Black's Turn-then-Move and turns are legal replies; searching there
    // must return one of the legal moves too.
    let fen = "7k/8/8/8/4L(ne)3/3s4/8/7K w - - 0 1 d3e4";
    let pos = EightPiece::from_fen(fen).unwrap();
    e.send(&format!("position fen {fen}"));
    let best = bestmove_of(&e.ask("go depth 5", "bestmove"));
    assert!(pos.parse_move(&best).is_ok(), "bestmove {best} illegal");
    // The held king's only move is the pass: bestmove 0000.
    e.send("position fen k7/8/8/8/8/8/1j6/1K6 w - - 0 1");
    assert_eq!(bestmove_of(&e.ask("go depth 3", "bestmove")), "0000");
    e.quit();
}

#[test]
fn go_perft_matches_the_reference() {
    let mut e = start("eightpiece");
    e.send("position startpos");
    // Reference counts (tests/data/eightpiece.perft, id startpos): 55 and 2992.
    let out = e.ask("go perft 2", "Nodes searched");
    assert_eq!(out.last().unwrap(), "Nodes searched: 2992");
    let rows = out.iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count();
    assert_eq!(rows, 55);
    // id held-pushed-lancer: 9 and 258, with the turn-only moves written `e4e4=n`.
    e.send("position fen 7k/8/8/4j3/4L(ne)3/3s4/8/7K w - - 0 1 d3e4");
    let out = e.ask("go perft 2", "Nodes searched");
    assert_eq!(out.last().unwrap(), "Nodes searched: 258");
    assert!(out.iter().any(|l| l.starts_with("e4e4=n: ")), "{out:?}");
    e.quit();
}

#[test]
fn bad_special_moves_leave_the_position_unchanged() {
    let mut e = start("eightpiece");
    let fen = "7k/8/8/4j3/4L(ne)3/3s4/8/7K w - - 0 1 d3e4";
    e.send(&format!("position fen {fen}"));
    let before = fen_of(&mut e);
    for bad in [
        "e4e4=zz",     // malformed facing
        "e4e4=ne",     // turning to the facing it already has is no turn
        "e4e5",        // held: it cannot move (8P-9)
        "0000",        // the white king is not held, so no pass
        "d3e4,e4e5",   // a push by the opponent's sentry
        "e4e4",        // a turn without a facing
        "e4e4=n,e4e5", // a second leg after a turn
    ] {
        let r = e.ask(&format!("position fen {fen} moves {bad}"), "info string error");
        assert!(r.last().unwrap().contains("position unchanged"), "{bad}: {r:?}");
        assert_eq!(fen_of(&mut e), before, "{bad} changed the position");
    }
    // A malformed push text in the middle of a list: rejected, old position kept.
    let r = e.ask("position startpos moves e2e4 c1e3,e3e9", "info string error");
    assert!(r.last().unwrap().contains("move 2 of the list"), "{r:?}");
    assert_eq!(fen_of(&mut e), before);
    // Bad FEN (lancer without a facing) is rejected the same way.
    let r = e.ask("position fen 7k/8/8/8/4L3/8/8/7K w - - 0 1", "info string error");
    assert!(!r.is_empty());
    assert_eq!(fen_of(&mut e), before);
    e.quit();
}

#[test]
fn threads_two_search_is_legal() {
    let mut e = start("eightpiece");
    e.send("setoption name Threads value 2");
    e.send("position startpos moves e2e4 e7e5");
    let pos = {
        let mut g = EightPiece::startpos();
        for t in ["e2e4", "e7e5"] {
            g = g.play(g.parse_move(t).unwrap());
        }
        g
    };
    let best = bestmove_of(&e.ask("go movetime 300", "bestmove"));
    assert!(pos.parse_move(&best).is_ok(), "{best}");
    e.quit();
}
