//! UCI transcripts in `magician`: variant selection, a move list with every special move kind
//! (castling both ways, e.p., the switch, the 6th-rank trigger by a push and by e.p., promotion
//! to the Magician written with her final form's letter, an ordinary promotion), `d`, searches
//! with limits, `go perft` against the reference generator's counts, and error replies that
//! leave the position unchanged.

use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::magician::Magician;
use std::time::Duration;

fn bestmove_of(lines: &[String]) -> String {
    lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
}

fn magician() -> Driver {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    let r = e.ask("setoption name UCI_Variant value magician", "info string variant");
    assert_eq!(
        r.last().unwrap(),
        "info string variant magician startpos \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm"
    );
    e
}

/// White: Ke1, Ra1, Rh1, a moved bishop on c4, pawns b7, d5, h5; Black: Ke8, Ra8, Rh8,
/// pawns e7, g2; both may still bring in their Magician.
const START: &str = "r3k2r/1P2p3/8/3P3P/2B5/8/6p1/R3K2R w KQkq - 0 1 Mm";
/// The game: 1. O-O-O e5 2. dxe6 e.p. (no Magician yet: no trigger) O-O 3. Bc4=M (switch)
/// Re8 4. h6: a pawn arrives on White's 6th rank, Black's strongest orthodox piece is a rook,
/// so the c4 Magician becomes a Chancellor; 4... g1=M written with her final form `c`
/// (White's strongest is a rook: Chancellor at once; Black's flag is cleared); 5. bxa8=Q.
const MOVES: &str = "e1c1 e7e5 d5e6 e8g8 c4c4m f8e8 h5h6 g2g1c b7a8q";
/// Worked out by hand from the moves above (C on c4, c on g1, flags and castling gone, the
/// capture on a8 reset the halfmove clock).
const AFTER: &str = "Q3r1k1/8/4P2P/8/2C5/8/8/2KR2cR b - - 0 5 -";

#[test]
fn plays_every_special_move_and_searches() {
    let mut e = magician();
    e.send(&format!("position fen {START} moves {MOVES}"));
    let d = e.ask("d", "info string fen");
    assert_eq!(d.last().unwrap(), &format!("info string fen {AFTER}"));
    // The same game written with `g2g1m` instead of the alias reaches the same position.
    e.send(&format!("position fen {START} moves {}", MOVES.replace("g2g1c", "g2g1m")));
    assert_eq!(e.ask("d", "info string fen").last().unwrap(), &format!("info string fen {AFTER}"));
    let p = Magician::from_fen(AFTER).unwrap();
    for go in [
        "go depth 4",
        "go nodes 4000",
        "go movetime 60",
        "go wtime 800 btime 800 winc 10 binc 10",
        "go wtime 600 btime 600 movestogo 5",
    ] {
        let out = e.ask(go, "bestmove");
        assert!(p.parse_move(&bestmove_of(&out)).is_ok(), "{go}: {out:?}");
        assert!(out.iter().any(|l| l.starts_with("info depth ")), "{go}: {out:?}");
    }
    // A switch as the engine's best move, in notation.md form (mate in one, see
    // magician_search.rs).
    e.send("position fen k7/2K5/B7/8/8/8/8/8 w - - 0 1 Mm");
    let out = e.ask("go depth 3", "bestmove");
    assert_eq!(bestmove_of(&out), "a6a6m");
    assert!(out.iter().any(|l| l.contains("score mate 1") && l.contains(" pv a6a6m")));
    e.quit();
}

#[test]
fn perft_matches_the_reference_counts() {
    let mut e = magician();
    // Counts from tests/data/magician.perft (computed by the slow reference generator).
    e.send("position startpos");
    let out = e.ask("go perft 3", "Nodes searched");
    assert_eq!(out.last().unwrap(), "Nodes searched: 8902");
    e.send("position fen r1bqk2r/ppp2ppp/2n2n2/3pP3/1m6/2NM4/PPPP1PPP/R1BQK2R w KQkq d6 0 7 -");
    let out = e.ask("go perft 2", "Nodes searched");
    assert_eq!(out.last().unwrap(), "Nodes searched: 1426");
    assert_eq!(out.iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count(), 35);
    // The switch appears among the root moves in its notation.md form.
    e.send("position fen 4k3/p7/8/8/2B5/8/P7/4K3 w - - 0 1 M");
    let out = e.ask("go perft 1", "Nodes searched");
    assert!(out.contains(&"c4c4m: 1".to_string()), "{out:?}");
    e.quit();
}

#[test]
fn bad_special_moves_leave_the_position_unchanged() {
    let mut e = magician();
    e.send(&format!("position fen {START} moves e1c1 e7e5"));
    let before = e.ask("d", "info string fen");
    // Each bad command with a part of the expected error: the move lists fail exactly at the
    // bad move (so everything before it was legal).
    let cases: Vec<(String, &str)> = vec![
        // Switch of a bishop on its start square (MG-1): f1 has not moved.
        ("position startpos moves e2e4 e7e5 f1f1m".into(), "(move 3 of the list)"),
        // A second switch (of the g5 bishop) after the first cleared White's flag.
        (
            "position startpos moves e2e4 e7e5 f1c4 b8c6 c4c4m g8f6 d2d3 f6g4 c1g5 a7a6 g5g5m"
                .into(),
            "(move 11 of the list)",
        ),
        // Promotion to the Magician after the switch cleared White's flag.
        (format!("position fen {START} moves c4c4m e7e6 b7b8m"), "(move 3 of the list)"),
        // The final-form alias must name the actual form (a Chancellor here: White's strongest
        // orthodox piece is a rook), not a Prime Minister.
        (format!("position fen {START} moves e1c1 g2g1y"), "(move 2 of the list)"),
        // Malformed texts.
        (format!("position fen {START} moves c4c4x"), "(move 1 of the list)"),
        (format!("position fen {START} moves c4c4mm"), "(move 1 of the list)"),
        (format!("position fen {START} moves e1c1 c4"), "(move 2 of the list)"),
        // XBoard's two-leg form belongs to the XBoard adapter (notation.md is UCI's text).
        (format!("position fen {START} moves c4c5,c5c4m"), "(move 1 of the list)"),
        // MG-3: a family piece on the board while the flag is still set; a six-field FEN
        // defaults to `Mm`, so it is rejected for the same reason.
        ("position fen 4k3/8/8/8/8/8/8/3MK3 w - - 0 1 Mm".into(), "magician"),
        ("position fen 4k3/8/8/8/8/8/8/3MK3 w - - 0 1".into(), "magician"),
        ("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 Mx".into(), "magician"),
    ];
    for (bad, why) in &cases {
        e.send(bad);
        let reply = e.until(Duration::from_secs(5), |_| true);
        assert!(reply[0].starts_with("info string error"), "{bad}: {reply:?}");
        assert!(reply[0].contains(why), "{bad}: {reply:?}");
        assert_eq!(e.ask("d", "info string fen"), before, "{bad} changed the position");
    }
    assert_eq!(e.ask("isready", "readyok"), vec!["readyok"]);
    e.quit();
}
