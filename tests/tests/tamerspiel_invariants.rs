//! Random-playout invariants for `tamerspiel` (seeded): the fast generator lists exactly the
//! moves of the slow reference (`menagerie_tests::reference::tamerspiel`), every move leads to
//! the same FEN on both sides, the incremental hash equals a recompute, FEN round-trips (with
//! its `*` squares), counting equals listing, move text round-trips, SAN is unique per move,
//! and playing a move never alters the position it was played from (copy-make's "unmake").

use menagerie_tests::{load_perft_file, random_playouts, reference::tamerspiel::RefTs};
use movegen::rules::Rules;
use movegen::variants::tamerspiel::TamerSpiel;
use movegen::MoveKind;
use std::collections::{BTreeMap, BTreeSet};

/// What the playouts met, to prove they exercised the special rules.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    checks: usize,
    swaps: usize,
    castles: usize,
    pawn_promotions: usize,
    citadel_promotions: usize,
    kinds: BTreeSet<char>,
}

fn check_position(pos: &TamerSpiel, legal: &[movegen::Move], seen: &mut Seen) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash drift at {}", pos.fen());
    let fen = pos.fen();
    assert_eq!(fen.matches('*').count(), 12, "holes written as `*`: {fen}");
    let back = TamerSpiel::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(), fen);
    assert_eq!(back.hash(), pos.hash(), "hash depends on history at {fen}");
    assert_eq!(pos.count_legal(), legal.len() as u64, "count != list at {fen}");

    let reference = RefTs::from_fen(&fen).expect("reference parses");
    assert_eq!(reference.fen(), fen, "reference FEN round trip");
    assert_eq!(reference.in_check(), pos.in_check(), "check status at {fen}");
    let want: BTreeMap<String, String> =
        reference.moves().into_iter().map(|(t, n)| (t, n.fen())).collect();
    let before = *pos;
    let mut got = BTreeMap::new();
    let mut sans = BTreeSet::new();
    for &m in legal {
        let text = pos.move_text(m);
        assert_eq!(pos.parse_move(&text), Ok(m), "text round trip {text} at {fen}");
        assert!(sans.insert(pos.move_san(m)), "SAN not unique for {text} at {fen}");
        let next = pos.play(m);
        assert_eq!(*pos, before, "play altered the source position");
        match m.kind() {
            MoveKind::Swap => seen.swaps += 1,
            MoveKind::Castle => seen.castles += 1,
            _ if m.promo() != 0 => seen.pawn_promotions += 1,
            _ => {
                if pos.board().kind_at(m.from()) != next.board().kind_at(m.to()) {
                    seen.citadel_promotions += 1;
                }
            }
        }
        assert!(got.insert(text.clone(), next.fen()).is_none(), "duplicate move {text} at {fen}");
    }
    assert_eq!(got, want, "move sets or results differ at {fen}");
    seen.positions += 1;
    seen.checks += usize::from(pos.in_check());
    for (_, p) in pos.board().iter() {
        seen.kinds.insert(movegen::types::PieceKind::letter(p.kind));
    }
}

#[test]
fn random_games_from_start_and_suite() {
    let mut starts = vec![TamerSpiel::startpos()];
    for case in load_perft_file("tamerspiel.perft") {
        starts.push(TamerSpiel::from_fen(&case.fen).unwrap());
    }
    let mut seen = Seen::default();
    for (i, start) in starts.iter().enumerate() {
        random_playouts(start, 6000 + i as u64, 5, 250, |pos, legal| {
            check_position(pos, legal, &mut seen)
        });
    }
    println!("{seen:?}");
    assert!(seen.positions > 15_000, "only {} positions visited", seen.positions);
    assert!(seen.checks > 50 && seen.swaps > 20 && seen.castles > 5, "{seen:?}");
    assert!(seen.pawn_promotions > 20 && seen.citadel_promotions > 20, "{seen:?}");
    assert_eq!(seen.kinds.len(), 19, "every kind met: {seen:?}");
}

/// A random legal-looking placement: one royal per side (King or Tetrarch), a random army from
/// every kind, pawns off the first and last ranks, random castling rights where the King and
/// Rook stand at home, random swap flags and side to move. `None` if the side not to move is
/// in check (not a legal FEN).
fn random_placement(rng: &mut rand_pcg::Pcg64) -> Option<TamerSpiel> {
    use rand_core::RngCore;
    let mut grid = [[None::<char>; 12]; 8];
    let exists = |f: usize, r: usize| (1..=10).contains(&f) || r == 0 || r == 7;
    let mut free: Vec<(usize, usize)> =
        (0..8).flat_map(|r| (0..12).map(move |f| (f, r))).filter(|&(f, r)| exists(f, r)).collect();
    // Sometimes put the kings and rooks home so castling can be tested.
    let home = rng.next_u32().is_multiple_of(3);
    if home {
        for (sq, c) in [((6, 0), 'K'), ((0, 0), 'R'), ((11, 0), 'R')] {
            grid[sq.1][sq.0] = Some(c);
            free.retain(|&x| x != sq);
        }
        for (sq, c) in [((5, 7), 'k'), ((0, 7), 'r'), ((11, 7), 'r')] {
            grid[sq.1][sq.0] = Some(c);
            free.retain(|&x| x != sq);
        }
    }
    let mut take = |rng: &mut rand_pcg::Pcg64, pred: &dyn Fn(usize, usize) -> bool| {
        let cands: Vec<usize> = (0..free.len()).filter(|&i| pred(free[i].0, free[i].1)).collect();
        let i = cands[(rng.next_u32() as usize) % cands.len()];
        free.swap_remove(i)
    };
    let kinds = b"DFVGNBRELCOAMQWS";
    for white in [true, false] {
        if !home {
            let (f, r) = take(rng, &|_, _| true);
            let royal = if rng.next_u32().is_multiple_of(2) { 'K' } else { 'T' };
            grid[r][f] = Some(if white { royal } else { royal.to_ascii_lowercase() });
        }
        let n = 3 + rng.next_u32() % 10;
        for _ in 0..n {
            let pawn = rng.next_u32().is_multiple_of(3);
            let (f, r) = take(rng, &|_, r| !pawn || (1..=6).contains(&r));
            let c = if pawn { 'P' } else { char::from(kinds[(rng.next_u32() as usize) % 16]) };
            grid[r][f] = Some(if white { c } else { c.to_ascii_lowercase() });
        }
    }
    let mut rows = Vec::new();
    for r in (0..8).rev() {
        let mut row = String::new();
        let mut run = 0;
        for (f, &cell) in grid[r].iter().enumerate() {
            let c = if exists(f, r) { cell } else { Some('*') };
            match c {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        row.push_str(&run.to_string());
                        run = 0;
                    }
                    row.push(c);
                }
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    let castling = if home {
        let mut c: String = "KQkq".chars().filter(|_| !rng.next_u32().is_multiple_of(4)).collect();
        if c.is_empty() {
            c.push('-');
        }
        c
    } else {
        "-".to_string()
    };
    let side = if rng.next_u32().is_multiple_of(2) { "w" } else { "b" };
    let swap = ["wb", "w", "b", "-"][(rng.next_u32() % 4) as usize];
    let fen = format!("{} {side} {castling} - 0 1 {swap}", rows.join("/"));
    TamerSpiel::from_fen(&fen).ok()
}

/// Dense random placements of every kind (Noblemen, Supercavs and Tetrarchs checking and
/// pinning far more often than in games): the same invariants, and perft 2 equal to the
/// reference's.
#[test]
fn random_placements_match_reference() {
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(606);
    let mut seen = Seen::default();
    let mut tried = 0;
    // TS_PLACEMENTS=<n> runs a larger sweep.
    let want: usize =
        std::env::var("TS_PLACEMENTS").ok().and_then(|s| s.parse().ok()).unwrap_or(3000);
    while seen.positions < want {
        tried += 1;
        let Some(pos) = random_placement(&mut rng) else { continue };
        let mut list = <TamerSpiel as Rules>::Moves::default();
        pos.legal_moves(&mut list);
        check_position(&pos, &list, &mut seen);
        if seen.positions % 10 == 0 {
            let r = RefTs::from_fen(&pos.fen()).unwrap();
            assert_eq!(movegen::perft::perft(&pos, 2), r.perft(2), "perft 2 at {}", pos.fen());
        }
    }
    println!("{seen:?} ({tried} placements tried)");
    assert!(seen.checks > 500 && seen.swaps > 200 && seen.castles > 50, "{seen:?}");
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn random_games_many() {
    let mut seen = Seen::default();
    random_playouts(&TamerSpiel::startpos(), 77, 400, 400, |pos, legal| {
        check_position(pos, legal, &mut seen)
    });
    println!("{seen:?}");
}

/// The null move (search's null-move pruning): `None` exactly when the side to move is in
/// check; otherwise the same position with the other side to move, its incremental hash equal
/// to a recompute and to the hash of the FEN with the side field flipped (castling and swap
/// rights untouched), and legal moves for the new side to move equal to the reference's.
#[test]
fn null_move_hash_is_consistent() {
    let mut passed = 0;
    random_playouts(&TamerSpiel::startpos(), 9, 30, 160, |pos, _| match pos.null_move() {
        None => assert!(pos.in_check(), "null move refused out of check at {}", pos.fen()),
        Some(n) => {
            assert!(!pos.in_check());
            assert_eq!(n.hash(), n.compute_hash(), "{}", pos.fen());
            assert_ne!(n.turn(), pos.turn());
            let fen = pos.fen();
            let f: Vec<&str> = fen.split(' ').collect();
            let flipped = format!(
                "{} {} {} {} {} {} {}",
                f[0],
                if f[1] == "w" { "b" } else { "w" },
                f[2],
                f[3],
                f[4],
                f[5],
                f[6]
            );
            let direct = TamerSpiel::from_fen(&flipped).unwrap();
            assert_eq!(n.hash(), direct.hash(), "null move of {fen}");
            assert_eq!(n.core().castling, pos.core().castling);
            assert_eq!(n.swap_flags(), pos.swap_flags());
            let mut list = <TamerSpiel as Rules>::Moves::default();
            n.legal_moves(&mut list);
            let got: BTreeSet<String> = list.iter().map(|&m| n.move_text(m)).collect();
            let want: BTreeSet<String> =
                RefTs::from_fen(&flipped).unwrap().moves().into_iter().map(|(t, _)| t).collect();
            assert_eq!(got, want, "moves after the null move of {fen}");
            passed += 1;
        }
    });
    assert!(passed > 2000, "{passed}");
}
