//! Random-playout invariants for `chess` (seeded): the fast generator lists exactly the moves of
//! the slow reference, every move leads to the same FEN on both sides, the incremental hash equals
//! a recompute, FEN round-trips, counting equals listing, move text round-trips, and playing a
//! move never alters the position it was played from (copy-make's "unmake").

use menagerie_tests::{load_perft_file, random_playouts, reference::chess::RefChess};
use movegen::rules::Rules;
use movegen::variants::chess::Chess;
use std::collections::BTreeMap;

fn check_position(pos: &Chess, legal: &[movegen::Move]) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drift at {}", pos.fen());
    let fen = pos.fen();
    let back = Chess::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(), fen);
    assert_eq!(back.hash(), pos.hash(), "hash depends on history at {fen}");
    assert_eq!(pos.count_legal(), legal.len() as u64, "count != list at {fen}");

    let reference = RefChess::from_fen(&fen).expect("reference parses");
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
}

#[test]
fn random_games_from_start_and_suite() {
    let mut starts = vec![Chess::startpos()];
    for case in load_perft_file("chess.perft") {
        starts.push(Chess::from_fen(&case.fen).unwrap());
    }
    let mut positions = 0;
    for (i, start) in starts.iter().enumerate() {
        random_playouts(start, 1000 + i as u64, 60, 300, |pos, legal| {
            check_position(pos, legal);
            positions += 1;
        });
    }
    assert!(positions > 20_000, "only {positions} positions visited");
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn random_games_many() {
    random_playouts(&Chess::startpos(), 77, 5000, 400, check_position);
}

/// A null move flips the side, drops the e.p. right, and keeps the hash consistent.
#[test]
fn null_move_hash_is_consistent() {
    random_playouts(&Chess::startpos(), 9, 40, 120, |pos, _| match pos.null_move() {
        None => assert!(pos.in_check()),
        Some(n) => {
            assert_eq!(n.hash(), n.compute_hash(), "{}", pos.fen());
            assert_ne!(n.turn(), pos.turn());
            assert!(n.ep_square().is_none());
        }
    });
}
