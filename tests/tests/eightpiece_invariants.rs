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
use movegen::variants::eightpiece::{setup, EightPiece, START_FEN};
use movegen::Move;
use rand_core::{RngCore, SeedableRng};
use std::collections::{BTreeMap, HashSet};

/// Checks one position; returns the reference's moves by text. `parse`: also check
/// `parse_move(move_text(m)) == m`; `san`: also that the algebraic texts are distinct (slow:
/// each one plays the move to find check and mate).
fn check(
    pos: &EightPiece,
    reference: &RefEight,
    legal: &[Move],
    parse: bool,
    san: bool,
) -> BTreeMap<String, RefEight> {
    let fen = pos.fen();
    assert_eq!(reference.fen(), fen, "reference and fast positions diverged");
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drift at {fen}");
    let back = EightPiece::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(), fen, "FEN round trip");
    assert_eq!(back.hash(), pos.hash(), "hash depends on history at {fen}");
    assert_eq!(pos.count_legal(), legal.len() as u64, "count != list at {fen}");
    assert_eq!(pos.in_check(), reference.in_check(), "check status at {fen}");

    let want: BTreeMap<String, RefEight> = reference.moves().into_iter().collect();
    let before = *pos;
    let mut got = BTreeMap::new();
    for &m in legal {
        let text = pos.move_text(m);
        if san || parse {
            assert_eq!(pos.parse_move(&text), Ok(m), "text round trip {text} at {fen}");
        }
        let next = pos.play(m);
        assert_eq!(*pos, before, "play altered the source position");
        assert!(got.insert(text, next.fen()).is_none(), "duplicate move at {fen}");
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
            "move sets or results differ at {fen}\nonly fast: {only_fast:?}\nonly ref: \
             {only_ref:?}\ndiffer: {differ:#?}"
        );
    }
    if san {
        let mut sans = HashSet::new();
        for &m in legal {
            let s = pos.move_san(m);
            assert!(sans.insert(s.clone()), "duplicate SAN {s} at {fen}");
        }
    }
    want
}

/// Plays `games` seeded random games of at most `plies` plies from each of `fens` in turn, on
/// both sides; returns the number of positions checked.
fn playouts(fens: &[String], mode: VariantId, seed: u64, games: usize, plies: usize) -> usize {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let starts: Vec<(EightPiece, RefEight)> = fens
        .iter()
        .map(|fen| {
            let p = EightPiece::from_fen_as(mode, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let r = RefEight::from_fen(&p.fen()).expect("reference parses");
            (p, r)
        })
        .collect();
    let mut visited = 0;
    for g in 0..games {
        let (mut pos, mut r) = starts[g % starts.len()].clone();
        for _ in 0..plies {
            let mut list = <EightPiece as Rules>::Moves::default();
            pos.legal_moves(&mut list);
            let ref_moves = check(&pos, &r, &list, visited % 2 == 0, visited % 8 == 0);
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

/// Positions rich in the special rules (from `eightpiece_rules.rs` and `eightpiece_fen.rs`).
const SPECIAL: &[&str] = &[
    "j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9 -",
    "7k/8/8/8/8/8/6S1/1N2K2l(w) w - - 0 1",
    "7k/8/8/2l(n)5/1S6/8/8/4K3 w - - 0 1",
    "7k/8/8/8/4L(ne)3/3s4/8/7K w - - 0 1 d3e4",
    "7k/8/8/4j3/4L(ne)3/3s4/8/7K w - - 0 1 d3e4",
    "7k/8/8/j7/L(w)s6/8/8/7K w - - 0 1 b4a4",
    "7k/8/8/8/8/4p3/8/3P3K w - - 0 1",
    "4k3/8/8/8/4s3/8/6P1/4K2R w K - 0 1",
    "4k3/8/8/8/3qJ3/2K5/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/4j3/4K3 w - - 0 1",
    "4k3/4s3/5B2/4Q3/8/8/8/K7 b - - 0 1",
    "j3k2r/8/8/8/8/8/8/J3K2R w KQkq - 0 1",
    "4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1",
    "5b1k/4p3/8/2S5/8/8/8/4K3 w - - 0 1",
    "8/8/8/3S4/8/2K5/k7/7R w - - 0 1",
    "4k3/8/8/1s6/8/3N4/8/4K3 w - - 0 1",
    "j3k2r/8/2S5/8/8/8/8/4K3 w kq - 0 1",
    "4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 d3e5",
    "js1qkbnr/pp1ppppp/2l(s)5/2p5/2P1L(n)3/3S4/PP1PPPPP/J2QKBNR w KQkq - 0 5 -",
    "k7/8/8/8/8/2q1q1q1/1S1S1S1S/7K w - - 0 1",
    "2l(s)1l(s)3/1P1P1P1P/2L(ne)5/7k/8/5l(w)2/1s1s1s2/L(e)3J2K w - - 0 1",
];

/// 10^4 short games in CI: 2000 from the start position, 4000 from numbered
/// `eightpiece-random` setups (one setup per game), 4000 from the special positions.
#[test]
fn ten_thousand_short_games() {
    let start = vec![START_FEN.to_string()];
    let mut n = playouts(&start, VariantId::EightPiece, 1, 2000, 12);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(2);
    let setups: Vec<String> = (0..400)
        .map(|_| setup::fen((rng.next_u64() % setup::count() as u64) as usize).unwrap())
        .collect();
    n += playouts(&setups, VariantId::EightPieceRandom, 3, 4000, 10);
    let special: Vec<String> = SPECIAL.iter().map(ToString::to_string).collect();
    n += playouts(&special, VariantId::EightPiece, 4, 4000, 10);
    assert!(n > 80_000, "only {n} positions");
}

/// Longer games (run with `--ignored`).
#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn long_games() {
    let start = vec![START_FEN.to_string()];
    playouts(&start, VariantId::EightPiece, 11, 2000, 200);
    let setups: Vec<String> =
        (0..setup::count()).step_by(37).map(|n| setup::fen(n).unwrap()).collect();
    playouts(&setups, VariantId::EightPieceRandom, 12, 2000, 200);
    let special: Vec<String> = SPECIAL.iter().map(ToString::to_string).collect();
    playouts(&special, VariantId::EightPiece, 13, 2000, 120);
}

/// The null move (search only): `None` exactly when the side to move is in check or its king is
/// held (then the pass is a real move, 8P-2); otherwise the side flips, e.p. and the push field
/// lapse, the board stays, the hash equals a recompute and the FEN reloads to the same key (so
/// the null position is a valid one: the side that passed is not in check).
#[test]
fn null_move_hash_is_consistent() {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(21);
    let mut starts: Vec<EightPiece> = SPECIAL
        .iter()
        .map(|f| EightPiece::from_fen_as(VariantId::EightPiece, f).expect("special FEN"))
        .collect();
    starts.push(EightPiece::startpos());
    let (mut nulls, mut refused_held) = (0, 0);
    for g in 0..600 {
        let mut pos = starts[g % starts.len()];
        for _ in 0..40 {
            let held = pos.is_held(pos.king(pos.turn()));
            match pos.null_move() {
                None => {
                    assert!(pos.in_check() || held, "null refused at {}", pos.fen());
                    refused_held += usize::from(held);
                }
                Some(n) => {
                    assert!(!pos.in_check() && !held, "null allowed at {}", pos.fen());
                    assert_eq!(n.hash(), n.compute_hash(), "{}", pos.fen());
                    assert_ne!(n.turn(), pos.turn());
                    assert!(n.core().ep.is_none() && n.push_field().is_none());
                    assert_eq!(n.board(), pos.board());
                    let back = EightPiece::from_fen(&n.fen()).expect("null position is valid");
                    assert_eq!(back.hash(), n.hash(), "{}", n.fen());
                    nulls += 1;
                }
            }
            let mut list = <EightPiece as Rules>::Moves::default();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            pos = pos.play(list[(rng.next_u64() % list.len() as u64) as usize]);
        }
    }
    assert!(nulls > 5000, "only {nulls} null moves tried");
    assert!(refused_held > 0, "no held king met: the held-king refusal was not exercised");
}
