//! Random-playout invariants for `pieceeater` (seeded): the fast generator lists exactly the
//! turns of the slow reference (`tests/src/reference/pieceeater.rs`) and every turn leads to the
//! same FEN on both sides; the incremental hash equals a recompute; FEN round-trips (hand and
//! `pe-left` included); counting equals listing; move text round-trips; the outcomes of every
//! action have probabilities summing to 1; playing a move never alters its source position.

use menagerie_tests::{load_perft_file, random_playouts, reference::pieceeater::RefPe};
use movegen::moves::ACTION_MASK;
use movegen::rules::{EndReason, Outcome, Rules};
use movegen::types::{Geo8x8, Geometry};
use movegen::variants::pieceeater::PieceEater;
use movegen::{Move, MoveKind};
use std::collections::BTreeMap;

/// How often the lists visited held each kind of turn (the test must exercise every rule).
#[derive(Default, Debug)]
struct Coverage {
    drops: usize,
    castles: usize,
    en_passant: usize,
    seventh_rank_promotions: usize,
    king_captures: usize,
    pe_stays: usize,
    forced: usize,
    corner_steps: usize,
}

fn cover(pos: &PieceEater, legal: &[Move], c: &mut Coverage) {
    let seventh = pos.turn().select(6, 1);
    let (ek, pe) = (pos.king(!pos.turn()), pos.pe());
    for &m in legal {
        match m.kind() {
            MoveKind::Drop => c.drops += 1,
            MoveKind::Castle => c.castles += 1,
            MoveKind::EnPassant => c.en_passant += 1,
            _ => {}
        }
        if m.kind() == MoveKind::Normal && m.promo() != 0 && Geo8x8::rank(m.to()) == seventh {
            c.seventh_rank_promotions += 1;
        }
        if Some(m.to()) == ek && m.kind() != MoveKind::Drop {
            c.king_captures += 1;
        } else if m.aux() == pe {
            c.pe_stays += 1;
        } else if m.aux() == m.to() {
            c.forced += 1;
        }
        if [0, 7, 56, 63].contains(&m.aux().0) && m.aux() != pe {
            c.corner_steps += 1;
        }
    }
}

fn check_position(pos: &PieceEater, legal: &[Move]) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drift at {}", pos.fen());
    let fen = pos.fen();
    let reference = RefPe::from_fen(&fen).expect("reference parses");
    assert_eq!(reference.fen(), fen, "FEN writers differ");
    if pos.king_captured() {
        // Game over (§2, §6): no moves on either side. The FEN written now loads back as the
        // same finished game (issue 16; PE-7's one-king rule read as "one king per side unless
        // the side to move's king was just captured", docs/variants/pieceeater.md).
        assert!(legal.is_empty() && pos.count_legal() == 0, "moves after a king capture");
        assert!(reference.moves().is_empty());
        let end = pos.end_by_rule(legal).expect("ended");
        assert_eq!(end.reason, EndReason::KingCaptured);
        assert_eq!(end.outcome, Outcome::Win(!pos.turn()));
        let back = PieceEater::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!((back.fen(), back.hash()), (fen, pos.hash()));
        assert_eq!(back.end_by_rule(&[]), Some(end));
        return;
    }
    let back = PieceEater::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(), fen);
    assert_eq!(back.hash(), pos.hash(), "hash depends on history at {fen}");
    assert_eq!(pos.count_legal(), legal.len() as u64, "count != list at {fen}");

    let want: BTreeMap<String, String> =
        reference.moves().into_iter().map(|(t, n)| (t, n.fen())).collect();
    let before = *pos;
    let mut got = BTreeMap::new();
    for &m in legal {
        let text = pos.move_text(m);
        assert_eq!(pos.parse_move(&text), Ok(m), "text round trip {text} at {fen}");
        let next = pos.play(m);
        assert_eq!(*pos, before, "play altered the source position");
        assert!(got.insert(text.clone(), next.fen()).is_none(), "duplicate move {text} at {fen}");
    }
    assert_eq!(got, want, "move sets or results differ at {fen}");

    // Chance: group the outcomes of each action; they are contiguous in the list, their
    // probabilities are equal and sum to 1, and `step_after` knows the same count.
    let mut groups: BTreeMap<u32, Vec<Move>> = BTreeMap::new();
    for &m in legal {
        groups.entry(m.0 & ACTION_MASK).or_default().push(m);
    }
    for (_, outcomes) in groups {
        let sum: f64 = outcomes.iter().map(|&m| pos.probability(m)).sum();
        assert!((sum - 1.0).abs() < 1e-12, "probabilities sum to {sum} at {fen}");
        for &m in &outcomes {
            assert_eq!(pos.probability(m), 1.0 / outcomes.len() as f64);
        }
        assert_eq!(pos.step_after(outcomes[0]).count() as usize, outcomes.len());
        assert_eq!(pos.outcomes(outcomes[0]).as_slice(), outcomes.as_slice());
        // A turn sent without its PE leg: accepted exactly when it has one outcome.
        let full = pos.move_text(outcomes[0]);
        let action = full.split(',').next().unwrap();
        match pos.parse_move(action) {
            Ok(m) => assert!(outcomes.len() == 1 && m == outcomes[0], "{action} at {fen}"),
            Err(_) => assert!(outcomes.len() > 1, "{action} refused at {fen}"),
        }
    }
}

fn starts() -> Vec<PieceEater> {
    let mut v = vec![PieceEater::startpos()];
    for case in load_perft_file("pieceeater.perft") {
        v.push(PieceEater::from_fen(&case.fen).unwrap());
    }
    v
}

#[test]
fn random_games_from_start_and_suite() {
    let mut positions = 0;
    let mut ended = 0;
    let mut c = Coverage::default();
    for (i, start) in starts().iter().enumerate() {
        random_playouts(start, 4000 + i as u64, 12, 200, |pos, legal| {
            check_position(pos, legal);
            cover(pos, legal, &mut c);
            positions += 1;
            ended += usize::from(pos.king_captured());
        });
    }
    eprintln!("{positions} positions, {ended} ended by king capture, {c:?}");
    assert!(positions > 5_000, "only {positions} positions visited");
    assert!(ended > 20, "only {ended} games ended by a king capture");
    for (what, n) in [
        ("drops", c.drops),
        ("castles", c.castles),
        ("e.p.", c.en_passant),
        ("7th-rank promotions", c.seventh_rank_promotions),
        ("king captures", c.king_captures),
        ("PE staying", c.pe_stays),
        ("forced eats", c.forced),
        ("corner steps", c.corner_steps),
    ] {
        assert!(n >= 20, "only {n} {what} seen");
    }
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn random_games_many() {
    for (i, start) in starts().iter().enumerate() {
        random_playouts(start, 9000 + i as u64, 300, 300, check_position);
    }
}
