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
            assert!(n.core().ep.is_none());
        }
    });
}

/// The quiescence generator (`Chess::tactical_moves`) lists exactly the legal moves the
/// evaluation calls tactical, in the full generator's order (so the search's move order and
/// tree do not change), and every legal move when in check.
#[test]
fn tactical_generator_is_the_filtered_legal_list() {
    use eval::Evaluator;
    let mut starts = vec![Chess::startpos()];
    for case in load_perft_file("chess.perft") {
        starts.push(Chess::from_fen(&case.fen).unwrap());
    }
    let (mut quiet_nodes, mut checks, mut promos, mut eps) = (0, 0, 0, 0);
    for (i, start) in starts.iter().enumerate() {
        random_playouts(start, 500 + i as u64, 30, 300, |pos, legal| {
            let mut got = <Chess as Rules>::Moves::default();
            pos.tactical_moves(&mut got);
            let want: Vec<movegen::Move> = if pos.in_check() {
                checks += 1;
                legal.to_vec()
            } else {
                quiet_nodes += 1;
                legal.iter().copied().filter(|&m| pos.is_tactical(m)).collect()
            };
            promos += want.iter().filter(|m| m.promo() != 0).count();
            eps += want.iter().filter(|m| m.kind() == movegen::MoveKind::EnPassant).count();
            assert_eq!(got.iter().copied().collect::<Vec<_>>(), want, "at {}", pos.fen());
        });
    }
    assert!(quiet_nodes > 10_000 && checks > 500, "{quiet_nodes} / {checks} positions");
    assert!(promos > 100 && eps > 20, "too few promotions ({promos}) or e.p. ({eps}) seen");

    // By hand: the b7 pawn promotes by a step to b8 or by taking the a8 rook (4 choices each),
    // e5 takes d5 e.p., the rooks take a8 and h8; castling and every other move is quiet: 11.
    let pos = Chess::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
    let mut got = <Chess as Rules>::Moves::default();
    pos.tactical_moves(&mut got);
    let mut texts: Vec<String> = got.iter().map(|&m| pos.move_text(m)).collect();
    texts.sort();
    let want = [
        "a1a8", "b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r", "e5d6",
        "h1h8",
    ];
    assert_eq!(texts, want);
}
