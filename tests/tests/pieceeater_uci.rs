//! UCI transcripts in `pieceeater`: full turns (`action,PE-leg`), turns sent without their PE
//! leg (forced step applied by the engine), drops, `bestmove` = the player's action only, perft,
//! and errors that leave the position unchanged.

use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::pieceeater::PieceEater;
use movegen::Move;
use std::time::Duration;

fn legal(p: &PieceEater) -> Vec<Move> {
    let mut l = <PieceEater as Rules>::Moves::default();
    p.legal_moves(&mut l);
    l.iter().copied().collect()
}

/// The first legal full turn of `p` whose text starts with `prefix`.
fn turn(p: &PieceEater, prefix: &str) -> String {
    legal(p)
        .into_iter()
        .map(|m| p.move_text(m))
        .find(|t| t.starts_with(prefix))
        .unwrap_or_else(|| panic!("no legal turn {prefix}... in {}", p.fen()))
}

fn start() -> Driver {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("setoption name UCI_Variant value pieceeater");
    e
}

#[test]
fn turns_drops_and_forced_steps() {
    let mut e = start();
    let mut p = PieceEater::startpos();
    let mut sent = Vec::new();
    // 1. g1f3 with an explicit random PE step (f3 is not next to the PE on d4): d4d5.
    // 2. ...e7e5 sent WITHOUT its leg: e5 is next to the PE on d5, so rule 3 forces d5e5 (the
    //    PE eats the pawn); the engine must apply it by itself.
    // 3. A knight drop on g1 (emptied by 1. g1f3), with whatever PE leg is legal first.
    // 4. ...P@e7: a pawn drop on Black's 2nd rank, with a PE leg.
    for (text, full) in
        [("g1f3,d4d5", "g1f3,d4d5"), ("e7e5", "e7e5,d5e5"), ("", "N@g1,"), ("", "P@e7,")]
    {
        let full = if text.is_empty() { turn(&p, full) } else { full.to_string() };
        let m = p.parse_move(&full).unwrap_or_else(|e| panic!("{full}: {e:?}"));
        p = p.play(m);
        sent.push(if text.is_empty() { full } else { text.to_string() });
    }
    e.send(&format!("position startpos moves {}", sent.join(" ")));
    let d = e.ask("d", "info string fen");
    assert_eq!(d.last().unwrap(), &format!("info string fen {}", p.fen()), "{d:?}");

    // A search answers with the player's action only (no PE leg), a legal action here.
    e.send("go movetime 300");
    let out = e.until(Duration::from_secs(20), |l| l.starts_with("bestmove"));
    let best = out.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert!(!best.contains(','), "bestmove carries a PE step: {best}");
    assert!(legal(&p).iter().any(|&m| p.move_text(m).split(',').next() == Some(best.as_str())));

    // Errors: a step the PE cannot make, a malformed leg, an illegal drop; position unchanged.
    let before = e.ask("d", "info string fen");
    for bad in [
        "position startpos moves g1f3,d4h8",
        "position startpos moves g1f3,d4",
        "position startpos moves Q@e4",
        "position startpos moves K@e3,d4d5",
    ] {
        e.send(bad);
        let reply = e.until(Duration::from_secs(5), |_| true);
        assert!(reply[0].starts_with("info string error"), "{bad}: {reply:?}");
        assert_eq!(e.ask("d", "info string fen"), before, "{bad} changed the position");
    }
    e.quit();
}

#[test]
fn perft_counts_every_outcome() {
    let mut e = start();
    e.send("position startpos");
    let out = e.ask("go perft 1", "Nodes searched");
    // Counted by hand: 8 single pawn steps, 7 double steps (d2d4 is blocked by the PE on d4)
    // and 4 knight moves = 19 actions; no drop (ranks 1 and 2 are full). Six actions land next
    // to the PE (c2c3 d2d3 e2e3 c2c4 e2e4 b1c3): rule 3 forces the eat, one outcome each. The
    // other 13 leave the PE free (pe-left `-`, no king within reach): 8 outcomes each.
    // 6 + 13 * 8 = 110.
    assert_eq!(out.last().unwrap(), "Nodes searched: 110");
    e.quit();
}

/// Regression: in these positions (from a 4x-time self-play match, 63 plies) the search's
/// principal variation, pieced together across chance nodes, held a move illegal where it was
/// to be printed; turning it into text panicked the search thread and the engine never
/// answered `go`. Every game position along the way must now get a `bestmove`.
#[test]
fn a_pv_across_chance_nodes_never_stops_the_answer() {
    let moves = "g2g4,d4c3 d7d6,c3d3 g4g5,d3c2 c8f5,c2b2 d2d3,b2a1 b8c6,a1h1 g1f3,h1h2 R@c8,h2a3 b1d2,a3a4 N@b8,a4a5 R@h1,a5a6 h7h5,a6h5 P@h2,h5g6 f5d7,g6f5 h2h4,f5e4 c6b4,e4d4 B@a1,d4e5 b4a2,e5d5 c1a3,d5e4 a7a5,e4e5 N@b1,e5f5 e7e5,f5g5 P@g2,g5f6 g8e7,f6f5 P@c2,f5f4 B@g8,f4e5 g2g4,e5e6 f7f5,e6f5 f3d4,f5e5 d7g4,e5e6 f2f3,e6f5 g4h5,f5f6 f1h3,f6g5 P@d7,g5g6 h1g1,g6h7 g8d5,h7h8 g1g5,h8g1 a2b4,g1g8 a3b4,g8h7 a5b4,h7g6 g5d5,g6f6 e7d5,f6e5 a1b2,e5f4 d8h4,f4g3 e1f1,g3h4 d5e3,h4a3 f1e1,a3h3 e3d1,h3g3 e1d1,g3h2 a8a5,h2h1 d2e4,h1g1 d6d5,g1h2 e4g5,h2h3 a5a6,h3a2 d1c1,a2a3 f8e7,a3h4 g5h7,h4h3 P@f7,h3g2 b1d2,g2g3 c7c5,g3f2 d4f5,f2e3 e7d8,e3f4 f5g7,f4f3";
    let mut e = start();
    e.send(&format!("position startpos moves {moves}"));
    e.send("go movetime 80");
    let out = e.until(Duration::from_secs(20), |l| l.starts_with("bestmove"));
    assert!(out.last().is_some_and(|l| l.starts_with("bestmove ")), "{out:?}");
    e.ask("isready", "readyok");
}
