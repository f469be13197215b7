//! Random-playout invariants for `eightpiece` and `eightpiece-random` (seeded). Each game is
//! played on the fast position and, in parallel, on the slow reference (which keeps its own
//! pawn tracks, so even the 50-move count is compared). At every position:
//!
//! * the fast legal moves are exactly the reference's, and every move gives the same FEN on
//!   both sides (facings, castling, e.p., clocks and the push field included);
//! * the incremental hash equals a recompute, and does not depend on history (FEN reload);
//! * the FEN round-trips; counting equals listing; `parse_move(move_text(m)) == m`; the
//!   algebraic texts are distinct; playing a move never alters the position it came from.

use menagerie_tests::reference::eightpiece::RefEight;
use movegen::rules::{Rules, VariantId};
use movegen::variants::eightpiece::{setup, EightPiece};
use movegen::Move;
use rand_core::{RngCore, SeedableRng};
use std::collections::{BTreeMap, HashSet};

/// Checks one position; returns the reference's moves by text.
fn check(pos: &EightPiece, reference: &RefEight, legal: &[Move]) -> BTreeMap<String, RefEight> {
    let fen = pos.fen();
    assert_eq!(reference.fen(), fen, "reference and fast positions diverged");
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drift at {fen}");
    let back = EightPiece::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(), fen, "FEN round trip");
    assert_eq!(back.hash(), pos.hash(), "hash depends on history at {fen}");
    assert_eq!(pos.count_legal(), legal.len() as u64, "count != list at {fen}");

    let want: BTreeMap<String, RefEight> = reference.moves().into_iter().collect();
    let before = *pos;
    let mut got = BTreeMap::new();
    let mut sans = HashSet::new();
    for &m in legal {
        let text = pos.move_text(m);
        assert_eq!(pos.parse_move(&text), Ok(m), "text round trip {text} at {fen}");
        let next = pos.play(m);
        assert_eq!(*pos, before, "play altered the source position");
        assert!(got.insert(text.clone(), next.fen()).is_none(), "duplicate move {text} at {fen}");
    }
    let want_fens: BTreeMap<String, String> =
        want.iter().map(|(t, n)| (t.clone(), n.fen())).collect();
    if got != want_fens {
        let only_fast: Vec<_> = got.keys().filter(|k| !want_fens.contains_key(*k)).collect();
        let only_ref: Vec<_> = want_fens.keys().filter(|k| !got.contains_key(*k)).collect();
        let differ: Vec<_> = got
            .iter()
            .filter(|(k, v)| want_fens.get(*k).is_some_and(|w| w != *v))
            .map(|(k, v)| format!("{k}: fast {v} ref {}", want_fens[k]))
            .collect();
        panic!(
            "move sets or results differ at {fen}\nonly fast: {only_fast:?}\nonly ref: {only_ref:?}\ndiffer: {differ:#?}"
        );
    }
    if legal.len() <= 64 {
        for &m in legal {
            assert!(sans.insert(pos.move_san(m)), "duplicate SAN {} at {fen}", pos.move_san(m));
        }
    }
    want
}

/// Plays `games` seeded random games of at most `plies` plies from `fen` on both sides.
fn playouts(fen: &str, mode: VariantId, seed: u64, games: usize, plies: usize) -> usize {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let start = EightPiece::from_fen_as(mode, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let ref_start = RefEight::from_fen(&start.fen()).expect("reference parses");
    let mut visited = 0;
    for _ in 0..games {
        let mut pos = start;
        let mut r = ref_start.clone();
        for _ in 0..plies {
            let mut list = <EightPiece as Rules>::Moves::default();
            pos.legal_moves(&mut list);
            let ref_moves = check(&pos, &r, &list);
            visited += 1;
            if list.is_empty() {
                break;
            }
            let m = list[(rng.next_u64() % list.len() as u64) as usize];
            r = ref_moves[&pos.move_text(m)].clone();
            pos = pos.play(m);
        }
    }
    visited
}

#[test]
fn start_position_games() {
    let n = playouts(movegen::variants::eightpiece::START_FEN, VariantId::EightPiece, 1, 300, 40);
    assert!(n > 5000, "{n}");
}

#[test]
fn random_setup_games() {
    let mut n = 0;
    for (i, s) in [0usize, 1, 777, 1919, 3000, 3839].iter().enumerate() {
        let fen = setup::fen(*s).unwrap();
        n += playouts(&fen, VariantId::EightPieceRandom, 100 + i as u64, 50, 40);
    }
    assert!(n > 5000, "{n}");
}
