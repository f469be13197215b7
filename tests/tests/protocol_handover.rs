//! The search/protocol hand-over (issue 16, item 2): a search announces its move before it is
//! idle, so a command that waits for the searcher can neither overtake `bestmove` nor lose or
//! misplace the move; an abandoned XBoard search (`force`, `new`, `variant`, `undo`, ...) never
//! moves afterwards; a move is applied only to the game it was searched for.

use menagerie_tests::proto::Driver;
use movegen::rules::VariantId;
use session::{new_game, GameApi, MoveIn, Notation};
use std::time::Duration;

const T: Duration = Duration::from_secs(30);

fn xboard() -> Driver {
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e
}

fn xb_name(v: VariantId) -> String {
    v.info().xboard_name.to_string()
}

fn moves_in(lines: &[String]) -> Vec<String> {
    lines.iter().filter_map(|l| l.strip_prefix("move ")).map(str::to_string).collect()
}

/// Plays XBoard move texts on a fresh game of `v` after `pre`; the first one refused is the
/// error.
fn replay(v: VariantId, pre: &[&str], moves: &[String]) -> Result<Box<dyn GameApi>, String> {
    let mut g = engine::xboard::game::new_game(v, None, 0).map_err(|e| e.to_string())?;
    for m in pre.iter().copied().chain(moves.iter().map(String::as_str)) {
        g.play(MoveIn::Keyed { text: m, seed: 0 }, Notation::Dialect)
            .map_err(|e| format!("{m}: {e}"))?;
    }
    Ok(g)
}

#[test]
fn uci_bestmove_precedes_the_next_readyok() {
    for round in 0..100 {
        let mut e = Driver::start();
        e.send("uci");
        e.until(T, |l| l == "uciok");
        e.send("go infinite");
        e.send("isready");
        e.send("stop");
        e.send("isready");
        let mut got = e.until(T, |l| l == "readyok");
        got.extend(e.until(T, |l| l == "readyok"));
        let best = got.iter().position(|l| l.starts_with("bestmove"));
        assert!(best.is_some(), "round {round}: no bestmove before the second readyok: {got:?}");
        e.quit();
    }
}

#[test]
fn xboard_old_game_move_never_enters_the_new_game() {
    // The transcript (it crashed in 53 of 60 runs), then a check that the engine's game
    // is the new one: its next move must be legal after 1. e2e3 in 8-Piece Chess.
    for round in 0..60 {
        let mut e = xboard();
        e.send("new");
        e.send("st 0.05");
        e.send("variant jumpingknights");
        e.send("usermove c0c3");
        e.send("variant eightpiece");
        e.send("usermove e2e3");
        e.send("force");
        e.send("ping 1");
        let got = e.until(T, |l| l == "pong 1");
        assert!(moves_in(&got).len() <= 1, "round {round}: {got:?}");
        e.send("sd 1");
        e.send("go");
        let got2 = e.until(T, |l| l.starts_with("move "));
        let all: Vec<String> = got.iter().chain(&got2).cloned().collect();
        // The moves announced after the switch belong to the 8-Piece game in order (a move of
        // the Jumping Knights game may come first, announced before the switch).
        let mut mv = moves_in(&all);
        if mv.len() == 2 {
            assert!(
                replay(VariantId::JumpingKnights, &["c0c3"], &mv[..1]).is_ok(),
                "round {round}: {all:?}"
            );
            mv.remove(0);
        }
        replay(VariantId::EightPiece, &["e2e3"], &mv)
            .unwrap_or_else(|err| panic!("round {round}: {err}; {all:?}"));
        e.quit();
    }
}

#[test]
fn xboard_force_during_thinking_never_moves_twice_for_one_side() {
    for round in 0..100 {
        let mut e = xboard();
        e.send("new");
        // Long searches, so `force` always interrupts one; `?` ends the second.
        e.send("st 10");
        e.send("force");
        e.send("go");
        std::thread::sleep(Duration::from_millis(30 + (round % 5) * 10));
        e.send("force");
        e.send("go");
        e.send("?");
        e.send("ping 1");
        let got = e.until(T, |l| l == "pong 1");
        let mv = moves_in(&got);
        assert!(!mv.is_empty(), "round {round}: the second go must move: {got:?}");
        replay(VariantId::Chess, &[], &mv)
            .unwrap_or_else(|err| panic!("round {round}: {err}; {got:?}"));
        e.quit();
    }
}

#[test]
fn xboard_undo_during_thinking_is_consistent() {
    for round in 0..100 {
        let mut e = xboard();
        e.send("new");
        e.send("st 0.05");
        e.send("force");
        e.send("go");
        std::thread::sleep(Duration::from_millis(30 + (round % 5) * 10));
        e.send("undo");
        e.send("ping 1");
        let got = e.until(T, |l| l == "pong 1");
        let moved = !moves_in(&got).is_empty();
        let refused = got.iter().any(|l| l.starts_with("Error") && l.contains("undo"));
        // Either the move was announced and is taken back, or it was abandoned and there was
        // nothing to take back: never both, never neither.
        assert!(moved != refused, "round {round}: {got:?}");
        // Either way the game is at the start again.
        e.send("sd 1");
        e.send("go");
        let got = e.until(T, |l| l.starts_with("move "));
        replay(VariantId::Chess, &[], &moves_in(&got))
            .unwrap_or_else(|err| panic!("round {round}: {err}; {got:?}"));
        e.quit();
    }
}

#[test]
fn uci_cycles_over_every_variant_pair() {
    let mut e = Driver::start();
    e.send("uci");
    e.until(T, |l| l == "uciok");
    for a in VariantId::ALL {
        for b in VariantId::ALL {
            let mb = new_game(b, None).unwrap().legal(Notation::Rules)[0].text.clone();
            e.send(&format!("setoption name UCI_Variant value {a}"));
            e.send("position startpos");
            e.send("go movetime 3");
            e.send("isready");
            e.send("stop");
            e.send(&format!("setoption name UCI_Variant value {b}"));
            e.send(&format!("position startpos moves {mb}"));
            e.send("go depth 1");
            let first = e.until(T, |l| l.starts_with("bestmove"));
            let second = e.until(T, |l| l.starts_with("bestmove"));
            let text = |lines: &[String]| {
                lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
            };
            let mut ga = new_game(a, None).unwrap();
            ga.play(MoveIn::Keyed { text: &text(&first), seed: 0 }, Notation::Rules)
                .unwrap_or_else(|err| panic!("{a}->{b}: {err}: {first:?}"));
            let mut gb = new_game(b, None).unwrap();
            gb.play(MoveIn::Text(&mb), Notation::Rules).unwrap();
            gb.play(MoveIn::Keyed { text: &text(&second), seed: 0 }, Notation::Rules)
                .unwrap_or_else(|err| panic!("{a}->{b}: {err}: {second:?}"));
            assert!(
                !second.iter().any(|l| l.contains("error")),
                "{a}->{b}: nothing refused: {second:?}"
            );
        }
    }
    e.quit();
}

#[test]
fn xboard_cycles_over_every_variant_pair() {
    let mut e = xboard();
    let mut k = 0;
    for a in VariantId::ALL {
        for b in VariantId::ALL {
            k += 1;
            let first = |v: VariantId| {
                engine::xboard::game::new_game(v, None, 0).unwrap().legal(Notation::Dialect)[0]
                    .text
                    .clone()
            };
            let (ma, mb) = (first(a), first(b));
            e.send("new");
            e.send("st 0.02");
            e.send(&format!("variant {}", xb_name(a)));
            e.send(&format!("usermove {ma}"));
            if k % 2 == 0 {
                std::thread::sleep(Duration::from_millis(25));
            }
            e.send(&format!("variant {}", xb_name(b)));
            e.send(&format!("usermove {mb}"));
            e.send("force");
            e.send(&format!("ping {k}"));
            let want = format!("pong {k}");
            let got = e.until(T, |l| l == want);
            let mut mv = moves_in(&got);
            assert!(mv.len() <= 2, "{a}->{b}: {got:?}");
            // A move of game `a` can only come first; every other move belongs to game `b`.
            if !mv.is_empty() && replay(b, &[&mb], &mv[..1]).is_err() {
                replay(a, &[&ma], &mv[..1])
                    .unwrap_or_else(|err| panic!("{a}->{b}: {err}; {got:?}"));
                mv.remove(0);
            }
            replay(b, &[&mb], &mv).unwrap_or_else(|err| panic!("{a}->{b}: {err}; {got:?}"));
            assert!(!got.iter().any(|l| l.starts_with("Error")), "{a}->{b}: {got:?}");
        }
    }
    e.quit();
}
