//! Random-playout invariants for `pieceeater` (seeded): the fast generator lists exactly the
//! turns of the slow reference (`tests/src/reference/pieceeater.rs`) and every turn leads to the
//! same FEN on both sides; the incremental hash equals a recompute; FEN round-trips (hand and
//! `pe-left` included); counting equals listing; move text round-trips; the outcomes of every
//! action have probabilities summing to 1; playing a move never alters its source position.

use menagerie_tests::{load_perft_file, random_playouts, reference::pieceeater::RefPe};
use movegen::moves::ACTION_MASK;
use movegen::rules::{EndReason, Outcome, Rules};
use movegen::variants::pieceeater::PieceEater;
use movegen::Move;
use std::collections::BTreeMap;

fn check_position(pos: &PieceEater, legal: &[Move]) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drift at {}", pos.fen());
    let fen = pos.fen();
    let reference = RefPe::from_fen(&fen).expect("reference parses");
    assert_eq!(reference.fen(), fen, "FEN writers differ");
    if pos.king_captured() {
        // Game over (§2, §6): no moves on either side, and a FEN without a king does not load
        // (PE-7).
        assert!(legal.is_empty() && pos.count_legal() == 0, "moves after a king capture");
        assert!(reference.moves().is_empty());
        let end = pos.end_by_rule(legal).expect("ended");
        assert_eq!(end.reason, EndReason::KingCaptured);
        assert_eq!(end.outcome, Outcome::Win(!pos.turn()));
        assert!(PieceEater::from_fen(&fen).is_err());
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
    for (i, start) in starts().iter().enumerate() {
        random_playouts(start, 4000 + i as u64, 12, 200, |pos, legal| {
            check_position(pos, legal);
            positions += 1;
            ended += usize::from(pos.king_captured());
        });
    }
    assert!(positions > 5_000, "only {positions} positions visited");
    assert!(ended > 20, "only {ended} games ended by a king capture");
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn random_games_many() {
    for (i, start) in starts().iter().enumerate() {
        random_playouts(start, 9000 + i as u64, 300, 300, check_position);
    }
}
