//! PieceEater perft (`tests/data/pieceeater.perft`). Every count in the file comes from the slow
//! reference generator (`tests/src/reference/pieceeater.rs`), which shares no code with
//! `movegen`; the start position's depth 1 (110) is also derived by hand below. The positions
//! are the start, a few set up by hand (castling, promotions, e.p., the PE at a corner), and
//! positions reached by seeded random play of the reference itself. Re-derive the file with
//! `cargo test --release -p menagerie-tests --test pieceeater_perft -- --ignored --nocapture
//! regenerate`.

use menagerie_tests::{check_perft_file, load_perft_file, reference::pieceeater::RefPe};
use movegen::rules::Rules;
use movegen::variants::pieceeater::{PieceEater, START_FEN};
use rand_core::{RngCore, SeedableRng};

/// Node budget per count in the default (CI) run; deeper counts run with `--ignored`.
const CI_MAX_NODES: u64 = 200_000_000;

#[test]
fn suite_to_ci_depth() {
    let n = check_perft_file::<PieceEater>("pieceeater.perft", CI_MAX_NODES);
    assert!(n >= 30, "only {n} counts checked");
}

#[test]
#[ignore = "every count of the file: cargo test --release -- --ignored"]
fn suite_full_depth() {
    check_perft_file::<PieceEater>("pieceeater.perft", u64::MAX);
}

/// Start position, depth 1, by hand. White's actions: 8 single pawn steps, 7 double steps
/// (d2d4 is blocked: the PE stands on d4), 4 knight moves; no drops (ranks 1 and 2 are full).
/// The PE on d4 has 8 torus neighbours c3 d3 e3 c4 e4 c5 d5 e5, none near a king (e1's zone is
/// d1-f1, d2-f2 and, across the edge, d8-f8) and no `pe-left`: 8 allowed squares. Actions whose
/// unit lands on one of them are forced eats (rule 3): c2c3, b1c3, d2d3, e2e3, c2c4, e2e4 (6 x 1);
/// the other 13 actions have 8 outcomes each: 6 + 104 = 110.
#[test]
fn start_depth_one_by_hand() {
    let p = PieceEater::startpos();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(movegen::perft::perft(&p, 1), 110);
    assert_eq!(RefPe::from_fen(START_FEN).unwrap().perft(1), 110);
}

/// The reference generator reproduces the file's shallow counts (so the file is what the
/// reference says, not what the fast generator says).
#[test]
fn reference_matches_file_shallow() {
    let mut checked = 0;
    for case in load_perft_file("pieceeater.perft") {
        let r = RefPe::from_fen(&case.fen).expect("reference parses the suite");
        for &(d, n) in case.counts.iter().filter(|&&(_, n)| n <= 300_000) {
            assert_eq!(r.perft(d), n, "{} depth {d}", case.id);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

/// Hand-set positions of the file (FEN, id).
const HAND_SET: &[(&str, &str)] = &[
    (
        "kiwipete-pe",
        "r3k2r/p1ppqpb1/bn1Xpnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[RBNPrbnp] w KQkq - 0 1 c5",
    ),
    ("promotions", "r3k3/1P3P2/2P5/8/8/5X2/1p1p2p1/4K2R[NPnp] w Kq - 0 1 g4"),
    ("promotions-black", "r3k3/1P3P2/2P5/8/8/5X2/1p1p2p1/4K2R[NPnp] b Kq - 0 1 g4"),
    ("corner-pe", "4k3/8/8/8/8/8/8/X3K2R[RBNP] w K - 0 1 h8"),
    ("ep-pe", "4k3/8/2X5/3pP3/8/8/8/4K3[Pp] w - d6 0 1 -"),
    ("castle-attacked", "r3k2r/8/8/2X5/8/8/6b1/R3K2R[] w KQkq - 0 1 -"),
    ("kings-close", "3r4/8/8/3k4/2X5/3K4/8/8[NBRP] b - - 0 1 d4"),
    ("drops", "1k6/8/8/8/8/8/X7/1K6[RBNPPPrbnppp] w - - 0 1 b1"),
    ("ep-black", "4k3/8/8/8/3pP3/2X5/8/4K3[Pp] b - e3 0 1 -"),
];

/// Prints the perft file from the reference generator (seeded random play for the random
/// positions).
#[test]
#[ignore = "prints tests/data/pieceeater.perft from the reference generator"]
fn regenerate() {
    let budget = 200_000_000u64;
    let mut cases: Vec<(String, String)> = vec![("startpos".into(), START_FEN.into())];
    for (id, fen) in HAND_SET {
        cases.push((id.to_string(), fen.to_string()));
    }
    let mut rng = rand_pcg::Pcg64::seed_from_u64(2002);
    // Even plies: White to move; odd: Black.
    for (i, plies) in [6usize, 12, 18, 24, 30, 36, 44, 52, 7, 15, 27, 41].into_iter().enumerate() {
        let mut pos = RefPe::from_fen(START_FEN).unwrap();
        let mut done = 0;
        while done < plies {
            let moves = pos.moves();
            if moves.is_empty() {
                pos = RefPe::from_fen(START_FEN).unwrap();
                done = 0;
                continue;
            }
            let next = moves[(rng.next_u64() % moves.len() as u64) as usize].1.clone();
            if next.moves().is_empty() {
                continue; // keep playable positions only
            }
            pos = next;
            done += 1;
        }
        cases.push((format!("random-{i}-ply{plies}"), pos.fen()));
    }
    for (id, fen) in cases {
        let r = RefPe::from_fen(&fen).unwrap();
        println!("id {id}");
        println!("epd {fen}");
        let mut last = 1u64;
        for d in 1..=6 {
            // Stop before a count that would take the reference too long.
            if last * 150 > budget {
                break;
            }
            let n = r.perft(d);
            println!("perft {d} {n}");
            last = n;
        }
        println!();
    }
}
