//! TamerSpiel perft against `tests/data/tamerspiel.perft`, whose counts come from the slow
//! reference generator (`menagerie_tests::reference::tamerspiel::RefTs`, which shares no code
//! with `movegen`). `derive_reference_counts` (ignored) re-derives every count of the file from
//! the reference and prints the file body; the default tests check the fast generator against
//! the file and the reference against the file at shallow depth.

use menagerie_tests::{check_perft_file, load_perft_file, reference::tamerspiel::RefTs};
use movegen::rules::Rules;
use movegen::variants::tamerspiel::TamerSpiel;

/// Node budget per count in the default (CI) run; deeper counts run with `--ignored`.
const CI_MAX_NODES: u64 = 30_000_000;

#[test]
fn suite_to_ci_depth() {
    let n = check_perft_file::<TamerSpiel>("tamerspiel.perft", CI_MAX_NODES);
    assert!(n >= 40, "only {n} counts checked");
}

#[test]
#[ignore = "deep counts: cargo test --release -- --ignored"]
fn suite_full_depth() {
    check_perft_file::<TamerSpiel>("tamerspiel.perft", u64::MAX);
}

/// The reference agrees with the file at the shallow depths (so the file is the reference's,
/// not the fast generator's).
#[test]
fn reference_matches_file_shallow() {
    let mut checked = 0;
    for case in load_perft_file("tamerspiel.perft") {
        let r = RefTs::from_fen(&case.fen).expect("reference parses the suite");
        for &(d, n) in case.counts.iter().filter(|&&(d, n)| d <= 2 || n < 3_000) {
            assert_eq!(r.perft(d), n, "{} depth {d}", case.id);
            checked += 1;
        }
    }
    assert!(checked >= 20);
}

/// random-4 is a finished game: White to move, in check, no move, no swap left.
#[test]
fn random_4_is_checkmate() {
    let case = load_perft_file("tamerspiel.perft").into_iter().find(|c| c.id == "random-4");
    let pos = TamerSpiel::from_fen(&case.expect("random-4").fen).unwrap();
    let end = pos.end_by_rule(&[]).expect("over");
    assert_eq!(end.reason, movegen::rules::EndReason::Checkmate);
    assert_eq!(pos.count_legal(), 0);
    assert!(RefTs::from_fen(&pos.fen()).unwrap().in_check());
}

/// Prints the body of `tests/data/tamerspiel.perft` with every count computed by the reference
/// (minutes: the reference makes and tests every move). A depth is computed while the estimated
/// count (previous count times the last branching factor) stays within `TS_DERIVE_MAX` (default
/// 10 million); `TS_DERIVE_IDS=a,b` restricts it to some positions.
#[test]
#[ignore = "derivation of the data file (slow): -- --ignored derive --nocapture"]
fn derive_reference_counts() {
    let max_nodes: u64 =
        std::env::var("TS_DERIVE_MAX").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000_000);
    let ids: Option<Vec<String>> =
        std::env::var("TS_DERIVE_IDS").ok().map(|s| s.split(',').map(str::to_string).collect());
    for case in load_perft_file("tamerspiel.perft") {
        if ids.as_ref().is_some_and(|ids| !ids.contains(&case.id)) {
            continue;
        }
        let r = RefTs::from_fen(&case.fen).expect("parses");
        println!("id {}\nepd {}", case.id, case.fen);
        let (mut prev, mut last) = (1u64, 1u64);
        for d in 1..=8 {
            let estimate = last.saturating_mul(last.max(1)) / prev.max(1);
            if d > 2 && (last == 0 || estimate > max_nodes) {
                break;
            }
            prev = last;
            last = r.perft(d);
            println!("perft {d} {last}");
        }
        println!();
    }
}

/// The command line speaks TamerSpiel: `perft --variant tamerspiel --divide` lists root moves in
/// the coordinate notation (castling as king from + king to) and sums to the reference count of
/// the file (castling-attacked, depth 2: 663).
#[test]
fn cli_divide() {
    let fen = load_perft_file("tamerspiel.perft")
        .into_iter()
        .find(|c| c.id == "castling-attacked")
        .expect("in the file")
        .fen;
    let args = engine::cli::PerftArgs {
        variant: "tamerspiel".into(),
        fen: Some(fen),
        setup: None,
        divide: true,
        threads: 2,
        depth: 2,
    };
    let mut out = Vec::new();
    engine::cli::run_perft(&args, &mut out).expect("runs");
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // 26 root moves (reference perft 1) + the summary line.
    assert_eq!(lines.len(), 27, "{text}");
    let sum: u64 =
        lines[..26].iter().map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 663);
    assert!(lines.iter().any(|l| l.starts_with("g1c1 ")), "{text}");
    assert!(!lines.iter().any(|l| l.starts_with("g1j1 ")), "h1 is attacked: {text}");
    assert!(lines[26].starts_with("nodes 663 "));
}
