//! Jumping Knights perft against `tests/data/jumpingknights.perft`, whose counts come from the
//! slow reference generator (`tests/src/reference/jumpingknights.rs`, which shares no code with
//! `movegen`): the start position, positions from the rule book and the seed, and positions
//! reached by seeded random play. `write_reference_perft_file` (ignored) regenerates the file
//! from the reference alone.

use menagerie_tests::{check_perft_file, load_perft_file, reference::jumpingknights::RefJk};
use movegen::rules::Rules;
use movegen::variants::jumpingknights::{JumpingKnights, START_FEN};

/// Node budget per count in the default (CI) run; deeper counts run with `--ignored`.
const CI_MAX_NODES: u64 = 20_000_000;

#[test]
fn reference_counts_to_ci_depth() {
    let n = check_perft_file::<JumpingKnights>("jumpingknights.perft", CI_MAX_NODES);
    assert!(n >= 60, "only {n} counts checked");
}

#[test]
#[ignore = "deep counts: cargo test --release -- --ignored"]
fn reference_counts_full_depth() {
    check_perft_file::<JumpingKnights>("jumpingknights.perft", u64::MAX);
}

/// The reference generator itself reproduces the file's shallow counts (so the file cannot
/// drift from the reference, and a hand edit of a number is caught).
#[test]
fn reference_generator_reproduces_the_file_shallow() {
    let mut checked = 0;
    for case in load_perft_file("jumpingknights.perft") {
        let r = RefJk::from_fen(&case.fen).expect("reference parses the file");
        for &(d, n) in case.counts.iter().filter(|&&(_, n)| n <= 60_000) {
            assert_eq!(r.perft(d), n, "{} depth {d}", case.id);
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} counts checked");
}

/// Start-position perft by hand for the first ply (26 moves: 8 single and 8 double pawn steps;
/// Nightrider b1 to a3, c3, d5 and the capture b1xe7-f9 (e7 is the first unit on the c3-d5-e7
/// line and f9 beyond it is empty); Nightrider g1 to f3, e5, h3 and g1xd7-c9; War Machines
/// b0-b3 and g0-g3 (the 3-jump over the Nightrider; every other step or jump ends on the edge
/// or on an own unit). Nothing else can move.
#[test]
fn start_position_depth_one_by_hand() {
    let mut want: Vec<&str> = vec![
        "a2a3",
        "b2b3",
        "c2c3",
        "d2d3",
        "e2e3",
        "f2f3",
        "g2g3",
        "h2h3",
        "a2a4",
        "b2b4",
        "c2c4",
        "d2d4",
        "e2e4",
        "f2f4",
        "g2g4",
        "h2h4",
        "b1a3",
        "b1c3",
        "b1d5",
        "b1e7,e7f9",
        "g1f3",
        "g1e5",
        "g1h3",
        "g1d7,d7c9",
        "b0b3",
        "g0g3",
    ];
    want.sort_unstable();
    let pos = JumpingKnights::startpos();
    let mut list = <JumpingKnights as Rules>::Moves::default();
    pos.legal_moves(&mut list);
    let mut got: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
    got.sort_unstable();
    assert_eq!(got, want);
    assert_eq!(pos.fen(), START_FEN);
}

/// Regenerates `tests/data/jumpingknights.perft` from the reference generator (prints it).
/// The positions: fixed ones below, then positions after seeded random play by the reference's
/// own move list (a small xorshift generator, nothing from `movegen`).
#[test]
#[ignore = "regenerates the data file from the reference: slow"]
fn write_reference_perft_file() {
    let fixed: &[(&str, &str, u32)] = &[
        ("startpos", START_FEN, 6),
        (
            "seed-game-after-4...Qd8xd7-d1",
            "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5",
            5,
        ),
        ("seed-endgame-1", "10/10/10/10/10/4k5/3R6/1pK7/10/10 b - - 0 1", 6),
        ("seed-endgame-2", "10/10/10/10/10/10/10/6k1Kp/10/9W w - - 0 1", 7),
        ("rule4-war-machine", "10/8k1/10/10/1R8/10/5K4/10/2n7/2W7 w - - 0 1", 4),
        (
            "castling-both-sides",
            "2w4w2/1r3k2r1/1pp1ppbpp1/10/10/10/10/1PP1PPBPP1/1R3K2R1/2W4W2 w KQkq - 0 1",
            4,
        ),
        ("promotions", "10/4r5/3P3n2/6P3/10/8k1/10/2P7/1K8/10 w - - 0 1", 4),
        ("en-passant", "10/8k1/1p2p5/10/P4P4/10/10/10/1K8/10 b - - 0 1", 5),
    ];
    let mut out = String::new();
    out.push_str(
        "# Jumping Knights perft: every count below was computed by the slow reference generator\n\
         # (tests/src/reference/jumpingknights.rs, no code shared with movegen) with\n\
         # `cargo test --release -p menagerie-tests --test jumpingknights_perft -- --ignored \\\n\
         #  write_reference_perft_file --nocapture` (slow: the start position's depth 6 alone\n\
         # took 47 minutes on the shared machine). Random-play positions: seeded xorshift\n\
         # walks over the reference's own legal move lists.\n\n",
    );
    let mut emit = |id: &str, fen: &str, max_depth: u32, budget: u64| {
        let r = RefJk::from_fen(fen).expect("reference parses");
        out.push_str(&format!("id {id}\nepd {fen}\n"));
        for d in 1..=max_depth {
            let n = r.perft(d);
            out.push_str(&format!("perft {d} {n}\n"));
            if n > budget {
                break;
            }
        }
        out.push('\n');
    };
    for (id, fen, d) in fixed {
        emit(id, fen, *d, u64::MAX);
    }
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (i, plies) in [8usize, 14, 20, 26, 32, 40, 48, 56, 64, 80, 96, 120].iter().enumerate() {
        let mut r = RefJk::from_fen(START_FEN).unwrap();
        for _ in 0..*plies {
            let moves = r.legal();
            if moves.is_empty() {
                break;
            }
            let k = (next() % moves.len() as u64) as usize;
            r = moves[k].next.clone();
        }
        emit(&format!("random-{i}-{plies}-plies"), &r.fen(), 4, 3_000_000);
    }
    println!("{out}");
}
