//! The PieceEater's chance step: the die (seeded PCG, the seed's re-rolled eight-sided die),
//! exact replay of a game from its seed, uniform outcomes, turns that arrive without their PE
//! leg (notation.md), move text errors, and the algebraic form for game records.

use movegen::moves::ACTION_MASK;
use movegen::rules::{EndReason, Rules};
use movegen::types::{Geo8x8, Geometry};
use movegen::variants::pieceeater::{PeDie, PieceEater, Step};
use rand_core::{RngCore, SeedableRng};
use std::collections::BTreeMap;

/// Plays a game: actions picked by `pick_seed`, PE steps rolled by a die seeded `die_seed`.
/// Returns the turns as text and the final position.
fn game(pick_seed: u64, die_seed: u64, max_plies: usize) -> (Vec<String>, PieceEater) {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(pick_seed);
    let mut die = PeDie::new(die_seed);
    let mut pos = PieceEater::startpos();
    let mut texts = Vec::new();
    for _ in 0..max_plies {
        let actions = pos.actions();
        if actions.is_empty() {
            break;
        }
        let action = actions[(rng.next_u64() % actions.len() as u64) as usize];
        let m = die.resolve(&pos, action);
        assert_eq!(m.0 & ACTION_MASK, action.0 & ACTION_MASK);
        assert!(pos.probability(m) > 0.0, "the die picked an outcome the rules forbid");
        texts.push(pos.move_text(m));
        pos = pos.play(m);
    }
    (texts, pos)
}

#[test]
fn a_game_replays_exactly_from_its_seed() {
    let (a, pa) = game(1, 77, 300);
    let (b, pb) = game(1, 77, 300);
    assert_eq!(a, b);
    assert_eq!(pa, pb);
    // Another die seed with the same action choices gives another game.
    let (c, _) = game(1, 78, 300);
    assert_ne!(a, c);
    // Replaying the recorded texts reproduces the final position exactly.
    let mut pos = PieceEater::startpos();
    for t in &a {
        pos = pos.play(pos.parse_move(t).unwrap());
    }
    assert_eq!(pos, pa);
}

#[test]
fn forced_steps_take_no_roll() {
    let pos = PieceEater::startpos();
    let mut die = PeDie::new(5);
    // e2e4 lands next to the PE on d4: the eat is forced (rule 3), the die stays still.
    let m = pos.parse_move_rolling("e2e4", &mut die).unwrap();
    assert_eq!(pos.move_text(m), "e2e4,d4e4");
    assert_eq!(die.rolls(), 0);
    assert_eq!(pos.step_after(m), Step::Forced(Geo8x8::parse_square("e4").unwrap()));
    // g1f3: eight allowed squares, the die is rolled (each face names one of them).
    let m = pos.parse_move_rolling("g1f3", &mut die).unwrap();
    assert_eq!(die.rolls(), 1);
    assert!(pos.move_text(m).starts_with("g1f3,d4"));
    assert_eq!(pos.action_text(m), "g1f3");
    // A full turn is taken as sent, without a roll.
    let m = pos.parse_move_rolling("g1f3,d4c5", &mut die).unwrap();
    assert_eq!(pos.move_text(m), "g1f3,d4c5");
    assert_eq!(die.rolls(), 1);
}

/// 80,000 rolls for one action with eight allowed squares: each square close to 1/8; and with
/// five allowed squares (the die re-rolls faces that name a forbidden square), close to 1/5.
#[test]
fn outcomes_are_uniform() {
    let mut die = PeDie::new(2024);
    let pos = PieceEater::startpos();
    let action = pos.parse_move("g1f3,d4d5").unwrap();
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for _ in 0..80_000 {
        *counts.entry(pos.move_text(die.resolve(&pos, action))).or_default() += 1;
    }
    assert_eq!(counts.len(), 8);
    for (t, n) in &counts {
        assert!((9_400..=10_600).contains(n), "{t}: {n} of 80000");
    }
    // PE a1 with Black's king on h8: a2 b2 b1 h2 b8 allowed (see pieceeater_rules.rs).
    let pos = PieceEater::from_fen("7k/8/8/8/4K3/8/8/X7[] w - - 0 1 -").unwrap();
    let action = pos.parse_move("e4e5,a1a2").unwrap();
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for _ in 0..50_000 {
        *counts.entry(pos.move_text(die.resolve(&pos, action))).or_default() += 1;
    }
    assert_eq!(counts.len(), 5);
    for (t, n) in &counts {
        assert!((9_400..=10_600).contains(n), "{t}: {n} of 50000");
    }
}

#[test]
fn the_die_faces_are_uniform() {
    let mut die = PeDie::new(9);
    let mut faces = [0u32; 9];
    for _ in 0..80_000 {
        faces[usize::from(die.roll())] += 1;
    }
    assert_eq!(faces[0], 0);
    for f in &faces[1..] {
        assert!((9_500..=10_500).contains(f), "{faces:?}");
    }
}

#[test]
fn move_text_errors() {
    let pos = PieceEater::startpos();
    for bad in [
        "",
        "e2",
        "e2e5",
        "g1f3,",
        "g1f3,d4",
        "g1f3,d4d4",
        "g1f3,e5d5", // the PE is on d4
        "g1f3,d4f6", // not a neighbour
        "e2e4,d4d5", // the eat of e4 is forced
        "g1f3",      // the step is not forced: give it (or roll, parse_move_rolling)
        "N@e4",      // drops go on the 1st rank only (and b1-g1 are full)
        "n@b1",      // drop letters are upper case
        "Q@a3",
        "e2e4q",
        "e1e1",
        "d2d4", // blocked by the PE
        "xyzw",
        "a1a1a1a1a1",
    ] {
        assert!(pos.parse_move(bad).is_err(), "`{bad}` accepted");
        assert!(pos.parse_move_rolling(bad, &mut PeDie::new(1)).is_err() || bad == "g1f3");
    }
    // The PE leg must be omitted when the PE does not step (stuck, see pieceeater_rules.rs).
    let stuck = PieceEater::from_fen("8/8/8/8/8/1k6/1X1N4/K7[] w - - 0 1 c1").unwrap();
    assert!(stuck.parse_move("d2c4").is_ok());
    assert!(stuck.parse_move("d2c4,b2c2").is_err());
    assert!(stuck.parse_move("d2c4,b2b2").is_err());
    // After a king capture nothing parses.
    let over = stuck.play(stuck.parse_move("d2b3").unwrap());
    assert!(over.parse_move("a1b1").is_err());
    assert_eq!(over.end_by_rule(&[]).map(|e| e.reason), Some(EndReason::KingCaptured));
}

#[test]
fn algebraic_form() {
    let pos = PieceEater::startpos();
    let san = |p: &PieceEater, t: &str| p.move_san(p.parse_move(t).unwrap());
    assert_eq!(san(&pos, "g1f3,d4e5"), "Nf3,PEd4-e5");
    assert_eq!(san(&pos, "e2e4,d4e4"), "e4,PEd4xe4");
    assert_eq!(san(&pos, "b1c3,d4c3"), "Nc3,PEd4xc3");
    let p = PieceEater::from_fen("2X5/3P2P1/1P3P2/8/6k1/8/8/7K[] w - - 0 1 b8").unwrap();
    assert_eq!(san(&p, "b6b7r,c8b7"), "b7=R,PEc8xb7");
    assert_eq!(san(&p, "b6b7,c8b7"), "b7,PEc8xb7");
    assert_eq!(san(&p, "g7g8q,c8d7"), "g8=Q,PEc8xd7");
    let p = PieceEater::from_fen("8/8/8/k7/8/8/4X3/4K2R[N] w K - 0 1 -").unwrap();
    assert_eq!(san(&p, "e1g1,e2e1"), "O-O,PEe2-e1");
    assert_eq!(san(&p, "N@a1,e2d3"), "N@a1,PEe2-d3");
    let stuck = PieceEater::from_fen("8/8/8/8/8/1k6/1X1N4/K7[] w - - 0 1 c1").unwrap();
    assert_eq!(san(&stuck, "d2b3"), "Nxb3");
    // Disambiguation: two rooks on the first rank can reach d1.
    let p = PieceEater::from_fen("4k3/8/3X4/8/8/8/8/R4RK1[] w - - 0 1 -").unwrap();
    assert_eq!(san(&p, "a1c1,d6d5"), "Rac1,PEd6-d5");
    assert_eq!(san(&p, "f1c1,d6d5"), "Rfc1,PEd6-d5");
}

/// Every turn's algebraic form is distinct in positions of random games.
#[test]
fn algebraic_forms_are_distinct() {
    let mut seen_positions = 0;
    for seed in 0..4u64 {
        let (texts, _) = game(seed, seed + 100, 60);
        let mut pos = PieceEater::startpos();
        for t in texts {
            let mut list = <PieceEater as Rules>::Moves::default();
            pos.legal_moves(&mut list);
            let mut sans: Vec<String> = list.iter().map(|&m| pos.move_san(m)).collect();
            let n = sans.len();
            sans.sort();
            sans.dedup();
            assert_eq!(sans.len(), n, "SAN clash at {}", pos.fen());
            pos = pos.play(pos.parse_move(&t).unwrap());
            seen_positions += 1;
        }
    }
    assert!(seen_positions > 100);
}
