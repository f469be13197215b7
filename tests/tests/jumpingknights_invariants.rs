//! Random-playout invariants for `jumpingknights` (seeded): the fast generator lists exactly the
//! moves of the slow reference (`tests/src/reference/jumpingknights.rs`), every move leads to the
//! same FEN on both sides, the incremental hash equals a recompute, FEN round-trips (10-file
//! ranks, `10` runs), counting equals listing, `count_two` (perft's last two plies) equals the
//! replies counted one by one, move text round-trips, and playing a move never alters the
//! position it was played from.

use menagerie_tests::{load_perft_file, random_playouts, reference::jumpingknights::RefJk};
use movegen::rules::Rules;
use movegen::variants::jumpingknights::JumpingKnights;
use std::collections::BTreeMap;

fn check_position(pos: &JumpingKnights, legal: &[movegen::Move]) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drift at {}", pos.fen());
    let fen = pos.fen();
    let back = JumpingKnights::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(), fen);
    assert_eq!(back.hash(), pos.hash(), "hash depends on history at {fen}");
    assert_eq!(pos.count_legal(), legal.len() as u64, "count != list at {fen}");
    // perft's last two plies share work between the siblings (`leaf.rs`): the same sum as
    // counting the replies position by position.
    let replies: u64 = legal.iter().map(|&m| pos.play(m).count_legal()).sum();
    assert_eq!(pos.count_two(), replies, "count_two != replies counted one by one at {fen}");

    let reference = RefJk::from_fen(&fen).expect("reference parses");
    assert_eq!(reference.fen(), fen, "reference FEN writer differs");
    assert_eq!(reference.in_check(), pos.in_check(), "check status differs at {fen}");
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
    if got != want {
        let only_fast: Vec<_> = got.keys().filter(|k| !want.contains_key(*k)).collect();
        let only_ref: Vec<_> = want.keys().filter(|k| !got.contains_key(*k)).collect();
        let differ: Vec<_> =
            got.iter().filter(|(k, v)| want.get(*k).is_some_and(|w| w != *v)).collect();
        panic!("at {fen}: only fast {only_fast:?}, only reference {only_ref:?}, results differ {differ:?}");
    }
}

/// How often the playouts met each special rule (so the comparison is known to cover them).
#[derive(Default, Debug)]
struct Coverage {
    positions: u64,
    in_check: u64,
    rule4: u64,
    ep: u64,
    castle: u64,
    promo: u64,
    edge_king: u64,
    mates: u64,
    stalemates: u64,
}

fn visit(cov: &mut Coverage, pos: &JumpingKnights, legal: &[movegen::Move]) {
    use movegen::MoveKind;
    check_position(pos, legal);
    cov.positions += 1;
    cov.in_check += u64::from(pos.in_check());
    cov.rule4 += u64::from(pos.rule4_applies());
    cov.ep += legal.iter().filter(|m| m.kind() == MoveKind::JumpEnPassant).count() as u64;
    cov.castle += legal.iter().filter(|m| m.kind() == MoveKind::Castle).count() as u64;
    cov.promo += legal.iter().filter(|m| m.promo() != 0).count() as u64;
    let k = pos.king(pos.turn());
    cov.edge_king += u64::from(movegen::variants::jumpingknights::edge().has(k));
    if legal.is_empty() {
        if pos.in_check() {
            cov.mates += 1;
        } else {
            cov.stalemates += 1;
        }
    }
}

#[test]
fn random_games_from_start_and_file_positions() {
    let mut cov = Coverage::default();
    random_playouts(&JumpingKnights::startpos(), 7007, 30, 250, |pos, legal| {
        visit(&mut cov, pos, legal)
    });
    for (i, case) in load_perft_file("jumpingknights.perft").iter().enumerate() {
        let start = JumpingKnights::from_fen(&case.fen).unwrap();
        random_playouts(&start, 100 + i as u64, 4, 150, |pos, legal| visit(&mut cov, pos, legal));
    }
    eprintln!("{cov:?}");
    // The comparison must have met every special rule, several times.
    assert!(cov.positions > 10_000, "{cov:?}");
    assert!(cov.in_check > 200 && cov.rule4 > 200, "{cov:?}");
    assert!(cov.ep >= 3 && cov.castle > 50 && cov.promo > 500, "{cov:?}");
    assert!(cov.edge_king > 50 && cov.mates > 0 && cov.stalemates > 0, "{cov:?}");
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn random_games_many() {
    let mut cov = Coverage::default();
    random_playouts(&JumpingKnights::startpos(), 77, 1500, 400, |pos, legal| {
        visit(&mut cov, pos, legal)
    });
    eprintln!("{cov:?}");
}

/// The null move (search pruning) passes the turn: its incremental hash equals a recompute, the
/// e.p. right lapses, and it is refused exactly when the side to move is in check. The playouts
/// meet e.p. rights (double steps), so the e.p. part of the key is exercised; a position with a
/// legal e.p. capture is checked explicitly.
#[test]
fn null_move_hash_is_consistent() {
    let mut with_ep = 0;
    random_playouts(&JumpingKnights::startpos(), 9, 40, 160, |pos, _| match pos.null_move() {
        None => assert!(pos.in_check(), "{}", pos.fen()),
        Some(n) => {
            assert_eq!(n.hash(), n.compute_hash(), "{}", pos.fen());
            assert_ne!(n.turn(), pos.turn());
            assert!(n.core().ep.is_none());
            with_ep += usize::from(pos.core().ep.is_some());
        }
    });
    assert!(with_ep > 10, "e.p. squares met: {with_ep}");
    // White e5, Black just played d7-d5: e5 can jump d6 (e.p.), so the e.p. file is in the key;
    // after the null move it must be gone from the key again.
    let p = JumpingKnights::from_fen("5k4/10/10/10/4pP4/10/10/10/5K4/10 w - d6 0 1").unwrap();
    assert!(p.parse_move("e5d6,d6c7").is_ok());
    let n = p.null_move().unwrap();
    assert_eq!(n.hash(), n.compute_hash());
    let same = JumpingKnights::from_fen("5k4/10/10/10/4pP4/10/10/10/5K4/10 b - - 1 1").unwrap();
    assert_eq!(n.hash(), same.hash());
    assert_eq!(n.fen(), same.fen());
}
