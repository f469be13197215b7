//! Orthodox chess perft against the public suite (`tests/data/chess.perft`).

use menagerie_tests::{check_perft_file, load_perft_file, reference::chess::RefChess};
use movegen::variants::chess::Chess;

/// Node budget per count in the default (CI) run; deeper counts run with `--ignored`.
const CI_MAX_NODES: u64 = 200_000_000;

#[test]
fn public_suite_to_ci_depth() {
    let n = check_perft_file::<Chess>("chess.perft", CI_MAX_NODES);
    assert!(n >= 30, "only {n} counts checked");
}

#[test]
#[ignore = "deep counts (up to 8e9 nodes): cargo test --release -- --ignored"]
fn public_suite_full_depth() {
    check_perft_file::<Chess>("chess.perft", u64::MAX);
}

/// The slow reference generator agrees with the public numbers too (so the invariant tests that
/// compare against it compare with something known to be right).
#[test]
fn reference_generator_matches_public_suite_shallow() {
    for case in load_perft_file("chess.perft") {
        let r = RefChess::from_fen(&case.fen).expect("reference parses the suite");
        for &(d, n) in case.counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(r.perft(d), n, "{} depth {d}", case.id);
        }
    }
}
