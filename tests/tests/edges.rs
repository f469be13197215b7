//! Correctness at the edges (issue 16, items 3, 4, 5 and 7): mate on the 100th half-move,
//! stoppable perft, `remove` with one move played, the PieceEater FEN after a king capture,
//! clock arithmetic, FEN field names, XBoard `setboard` of the engine's own 8-Piece FEN, and
//! ruling PE-8.

use menagerie_tests::proto::Driver;
use movegen::rules::{EndReason, Outcome, Rules, VariantId};
use movegen::types::Color;
use session::{new_game, MoveIn, Notation};
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(30);

fn uci(variant: VariantId) -> Driver {
    let mut e = Driver::start();
    e.send("uci");
    e.until(T, |l| l == "uciok");
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e
}

/// The last `info ... score ...` line before `bestmove`, and the move.
fn search(e: &mut Driver, fen: &str, go: &str) -> (String, String) {
    e.send(&format!("position fen {fen}"));
    let got = e.ask(go, "bestmove");
    let info = got.iter().rev().find(|l| l.contains(" score ")).cloned().unwrap_or_default();
    let best = got.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    (info, best)
}

#[test]
fn mate_on_the_hundredth_half_move_is_a_mate() {
    // White: Ke1... Re1-e8 is a back-rank mate (the black king on g8 is boxed in by its own
    // pawns f7 g7 h7; e8 is not covered). The move is the 100th half-move without capture or
    // pawn move: mate takes precedence over the 50-move draw (FIDE 9.3; `Game::end` checks the
    // rules first). The same position in 8-Piece Chess (its automatic draw after 100 plies,
    // rule book §9; decided the same way, see docs/variants/eightpiece.md) and in Magician.
    for v in [VariantId::Chess, VariantId::EightPiece, VariantId::Magician] {
        let mut e = uci(v);
        let (info, best) = search(&mut e, "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 99 80", "go depth 6");
        assert_eq!(best, "e1e8", "{v}: {info}");
        assert!(info.contains("score mate 1"), "{v}: {info}");
        e.quit();
    }
    // Jumping Knights, Rule 2: White Ke4 (central), Rh1; Black Kz9 alone on an edge square.
    // Rh1-a1 (any quiet rook move that attacks a8, e.g. along the a-file or the 8th rank, does
    // the same) leaves the black king no move: a8 is attacked (the rook could jump a king there
    // onto the empty a9), z8/a9 are edge squares where a plain move may not end, and nothing
    // stands next to it to jump. Not in check, with a unit on an edge square, against a king
    // on a central square: a stalemate WIN for White, on the 100th half-move.
    let mut e = uci(VariantId::JumpingKnights);
    let fen = "k9/10/10/10/10/5K4/10/10/8R1/10 w - - 99 80";
    let (info, best) = search(&mut e, fen, "go depth 4");
    assert!(info.contains("score mate 1"), "{info}");
    let mut g = new_game(VariantId::JumpingKnights, Some(fen)).unwrap();
    g.play(MoveIn::Text(&best), Notation::Rules).unwrap();
    let end = g.end().expect("over");
    assert_eq!((end.outcome, end.reason), (Outcome::Win(Color::White), EndReason::Stalemate));
    e.quit();
}

#[test]
fn perft_runs_beside_the_protocol_and_stops() {
    let mut e = uci(VariantId::Chess);
    e.send("go perft 9");
    let t = Instant::now();
    e.ask("isready", "readyok");
    e.send("stop");
    e.ask("isready", "readyok");
    assert!(t.elapsed() < Duration::from_secs(10), "stop took {:?}", t.elapsed());
    let got = e.drain(Duration::from_millis(200));
    assert!(!got.iter().any(|l| l.starts_with("Nodes searched")), "{got:?}");
    assert!(e.transcript.iter().any(|l| l == "info string perft stopped"), "{:?}", e.transcript);
    // A short one still prints its result.
    let got = e.ask("go perft 2", "Nodes searched");
    assert_eq!(got.last().unwrap(), "Nodes searched: 400");
    e.quit();

    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("perft 9");
    e.ask("ping 3", "pong 3");
    e.send("?");
    e.ask("ping 4", "pong 4");
    e.until(T, |l| l == "# perft stopped");
    e.ask("perft 3", "Nodes searched: 8902");
    e.quit();
}

#[test]
fn xboard_remove_with_one_move_changes_nothing() {
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    let got = e.ask("remove", "Error");
    assert!(got.last().unwrap().contains("no moves to remove"), "{got:?}");
    // e2e4 still stands: Black to move, so the engine's move must be a Black move after it.
    e.send("sd 1");
    e.send("go");
    let got = e.until(T, |l| l.starts_with("move "));
    let mut g = engine::xboard::game::new_game(VariantId::Chess, None, 0).unwrap();
    g.play(MoveIn::Text("e2e4"), Notation::Dialect).unwrap();
    let sent = got.last().unwrap().strip_prefix("move ").unwrap();
    g.play(MoveIn::Text(sent), Notation::Dialect).unwrap();
    e.quit();
}

#[test]
fn pieceeater_fen_after_a_king_capture_loads_back() {
    // White's queen on e2 takes the black king on e8 along the open e-file (there is no check
    // rule in PieceEater Chess); the PE on a5 does not step after a king capture (§2).
    let fen = "4k3/8/8/X7/8/8/4Q3/4K3[] w - - 0 1 -";
    let mut g = new_game(VariantId::PieceEater, Some(fen)).unwrap();
    g.play(MoveIn::Text("e2e8"), Notation::Rules).unwrap();
    let end = g.end().expect("over");
    assert_eq!((end.outcome, end.reason), (Outcome::Win(Color::White), EndReason::KingCaptured));
    let after = g.fen();
    let back = new_game(VariantId::PieceEater, Some(&after))
        .unwrap_or_else(|e| panic!("`{after}` must load: {e}"));
    assert_eq!(back.fen(), after);
    assert_eq!(back.end(), Some(end));
    // Still refused: a side NOT to move without a king, or two kings.
    for bad in ["4Q3/8/8/X7/8/8/8/4K3[] w - - 0 1 -", "3kk3/8/8/X7/8/8/8/4K3[] w - - 0 1 -"] {
        assert!(new_game(VariantId::PieceEater, Some(bad)).is_err(), "{bad}");
    }
}

#[test]
fn ruling_pe8_skipped_square_under_the_pe_means_no_en_passant() {
    // PE-8. White has just played e2-e4 and the PE stepped d2-e3 onto the skipped square.
    // Perft 1 by hand: Black has 6 actions, K e8-d8/f8/d7/e7/f7 and f4-f3 (no e.p. onto the
    // PE, PE-5; f4xe3 impossible for the same reason, g3 empty). The PE on e3 may not step
    // back to d2 (rule 1) nor onto d2/e2/f2 next to the white king (rule 2); it may go to
    // d3, f3, d4, e4 (eating the pawn) or f4. After a king move (never next to the PE) it
    // chooses among those 5 at random: 5 x 5 = 25 turns. After f4-f3 the pawn stands next to
    // the PE on an allowed square: rule 3 forces the PE to eat it, 1 turn. 25 + 1 = 26.
    let fen = "4k3/8/8/8/4Pp2/4X3/8/4K3[] b - e3 0 1 d2";
    let g = new_game(VariantId::PieceEater, Some(fen)).expect("PE-8: accepted");
    assert_eq!(g.legal(Notation::Rules).len(), 26);
    // Written with `-`.
    assert_eq!(g.fen(), "4k3/8/8/8/4Pp2/4X3/8/4K3[] b - - 0 1 d2");
    // Every reader: CLI perft, UCI position, XBoard setboard.
    let mut out = Vec::new();
    let args = engine::cli::PerftArgs {
        variant: "pieceeater".into(),
        fen: Some(fen.into()),
        setup: None,
        divide: false,
        threads: 1,
        depth: 1,
    };
    engine::cli::run_perft(&args, &mut out).expect("perft runs");
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("nodes 26 "), "{text}");
    let mut e = uci(VariantId::PieceEater);
    e.send(&format!("position fen {fen}"));
    let got = e.ask("go perft 1", "Nodes searched");
    assert_eq!(got.last().unwrap(), "Nodes searched: 26");
    e.quit();
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("variant pieceeater");
    e.send(&format!("setboard {fen}"));
    let got = e.ask("perft 1", "Nodes searched");
    assert_eq!(got.last().unwrap(), "Nodes searched: 26", "{got:?}");
    e.quit();
    // A square that is not the skipped one stays refused even under the PE.
    assert!(
        new_game(VariantId::PieceEater, Some("4k3/8/8/8/4Pp2/3X4/8/4K3[] b - d3 0 1 -")).is_err()
    );
}

#[test]
fn xboard_setboard_takes_the_engines_own_eightpiece_fen() {
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("variant eightpiece");
    let start = movegen::variants::eightpiece::EightPiece::startpos().fen();
    assert!(start.contains("l(se)") && start.contains("L(ne)"), "{start}");
    for fen in [
        start.clone(),
        // Every facing, as `d` prints them.
        "jl(e)sqkbnr/pppppppp/8/3L(w)4/4l(nw)3/8/PPPPPPPP/JL(sw)SQKBNR w KQkq - 0 1 -".to_string(),
    ] {
        e.send(&format!("setboard {fen}"));
        let got = e.ask("ping 1", "pong 1");
        assert!(
            !got.iter().any(|l| l.contains("Illegal") || l.starts_with("Error")),
            "{fen}: {got:?}"
        );
    }
    e.quit();
}

#[test]
fn fen_field_names_and_huge_clocks() {
    let err = new_game(VariantId::Chess, Some("4k3/8/8/8/8/8/8/4K3 w - - 0 999999")).err().unwrap();
    assert!(err.to_string().contains("fullmove"), "{err}");
    assert!(matches!(err, session::Error::Fen { field: "fullmove", .. }), "{err:?}");
    let err = new_game(VariantId::Chess, Some("4k3/8/8/8/8/8/8/4K3 w - - 99999 1")).err().unwrap();
    assert!(err.to_string().contains("halfmove"), "{err}");
    assert!(matches!(err, session::Error::Fen { field: "halfmove", .. }), "{err:?}");
    // XBoard clock values that overflow a multiplication.
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("new");
    e.send("level 40 307445734561825860:00 0");
    e.send("level 0 99999999999999999999 0");
    e.send("time 18446744073709551615");
    e.send("otim 18446744073709551615");
    e.send("st 0.01");
    e.send("usermove e2e4");
    e.until(T, |l| l.starts_with("move "));
    e.ask("ping 9", "pong 9");
    e.quit();
}
