//! Random-playout invariants for `magician` (seeded): the fast generator lists exactly the moves
//! of the slow reference (`menagerie_tests::reference::magician`) and every move leads to the
//! same FEN on both sides; the incremental hash equals a recompute; FEN round-trips; counting
//! equals listing; move text round-trips (and the final-form alias of a promotion to the
//! Magician parses to the same move); SAN is unique per move; playing a move never alters the
//! position it was played from.

use menagerie_tests::{random_playouts, reference::magician::RefMagician};
use movegen::rules::Rules;
use movegen::types::PieceKind;
use movegen::variants::magician::Magician;
use std::collections::{BTreeMap, BTreeSet};

fn check_position(pos: &Magician, legal: &[movegen::Move]) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drift at {}", pos.fen());
    let fen = pos.fen();
    let back = Magician::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(), fen);
    assert_eq!(back.hash(), pos.hash(), "hash depends on history at {fen}");
    assert_eq!(pos.count_legal(), legal.len() as u64, "count != list at {fen}");

    let reference = RefMagician::from_fen(&fen).expect("reference parses");
    assert_eq!(reference.fen(), fen, "reference FEN writer differs");
    let want: BTreeMap<String, String> =
        reference.moves().into_iter().map(|(t, n)| (t, n.fen())).collect();
    let before = *pos;
    let mut got = BTreeMap::new();
    let mut sans = BTreeSet::new();
    for &m in legal {
        let text = pos.move_text(m);
        assert_eq!(pos.parse_move(&text), Ok(m), "text round trip {text} at {fen}");
        let next = pos.play(m);
        assert_eq!(*pos, before, "play altered the source position");
        assert!(got.insert(text.clone(), next.fen()).is_none(), "duplicate move {text} at {fen}");
        assert!(sans.insert(pos.move_san(m)), "SAN not unique for {text} at {fen}");
    }
    assert_eq!(got, want, "move sets or results differ at {fen}");
}

/// Start points: the start position and positions rich in the variant's features (a Magician
/// on the board with pawns near the 6th rank, promotions with the flag set, forms of each kind).
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm",
    // Both Magicians in, pawns about to reach the 6th rank.
    "r1bqk2r/ppp2ppp/2n2n2/3pP3/1m6/2NM4/PPPP1PPP/R1BQK2R w KQkq d6 0 7 -",
    // Promotions available with the flag set for both sides.
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1 Mm",
    // Promoted forms on the board.
    "r3k2r/pp2pppp/2h5/2p1Y3/8/2B5/PPP2PPP/R3K2R w KQkq - 0 1 -",
    "4k3/2c5/8/3pP3/8/5A2/8/4K3 w - d6 0 1 -",
    // Only pawns and kings opposite an unpromoted Magician (MG-2).
    "4k3/pp6/8/2P5/8/8/3M4/4K3 w - - 0 1 m",
    // Opponents whose strongest piece is a knight or a bishop (High-Priestess, Archbishop).
    "4k3/1n3n2/pp6/2PP4/8/2M5/8/4K3 w - - 0 1 m",
    "4k3/2b2b2/8/1P1P4/8/8/3M4/4K3 w - - 0 1 -",
    "4k3/8/3m4/8/1p1p4/8/2N2N2/4K3 b - - 0 1 M",
];

/// What the playouts went through, so that the test fails if they stop reaching the
/// variant's rules: switches, promotions to the Magician, 6th-rank promotions of each form.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    switches: usize,
    magician_promotions: usize,
    /// Forms created by a move (instant promotion or 6th-rank trigger), by letter.
    forms: BTreeMap<char, usize>,
}

#[test]
fn random_games_match_reference() {
    let mut seen = Seen::default();
    for (i, fen) in STARTS.iter().enumerate() {
        let start = Magician::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        random_playouts(&start, 4000 + i as u64, 25, 200, |pos, legal| {
            check_position(pos, legal);
            seen.positions += 1;
            for &m in legal {
                let text = pos.move_text(m);
                if text.ends_with('m') {
                    if text[..2] == text[2..4] {
                        seen.switches += 1;
                    } else {
                        seen.magician_promotions += 1;
                    }
                }
                if let Some(k) = pos.magician_after(m) {
                    *seen.forms.entry(k.letter()).or_default() += 1;
                }
            }
        });
    }
    eprintln!("{seen:?}");
    assert!(seen.positions > 5_000, "{seen:?}");
    assert!(seen.switches > 1_000 && seen.magician_promotions > 100, "{seen:?}");
    for form in ['H', 'A', 'C', 'Y'] {
        assert!(seen.forms.get(&form).copied().unwrap_or(0) > 20, "{seen:?}");
    }
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn random_games_many() {
    for (i, fen) in STARTS.iter().enumerate() {
        let start = Magician::from_fen(fen).unwrap();
        random_playouts(&start, 90 + i as u64, 1000, 300, check_position);
    }
}

/// The null move (for the search's null-move pruning): refused exactly in check; otherwise the
/// turn passes, the e.p. right lapses, castling rights and `magician` flags stay, the
/// incremental hash equals a recompute, the FEN round-trips, and passing twice returns the
/// placement, rights and flags with the original side to move.
#[test]
fn null_move_hash_is_consistent() {
    let mut passed = 0;
    for (i, fen) in STARTS.iter().enumerate() {
        let start = Magician::from_fen(fen).unwrap();
        random_playouts(&start, 700 + i as u64, 8, 120, |pos, _| match pos.null_move() {
            None => assert!(pos.in_check(), "null move refused out of check at {}", pos.fen()),
            Some(n) => {
                passed += 1;
                assert!(!pos.in_check());
                assert_eq!(n.hash(), n.compute_hash(), "{}", pos.fen());
                assert_ne!(n.turn(), pos.turn());
                assert!(n.core().ep.is_none());
                assert_eq!(n.core().castling, pos.core().castling);
                assert_eq!(n.magician_flags(), pos.magician_flags());
                assert_eq!(n.board(), pos.board());
                assert_eq!(Magician::from_fen(&n.fen()).unwrap().hash(), n.hash());
                if pos.core().ep.is_none() {
                    if let Some(back) = n.null_move() {
                        assert_eq!(back.hash(), pos.hash(), "two passes at {}", pos.fen());
                    }
                }
            }
        });
    }
    assert!(passed > 3_000, "{passed}");
}
