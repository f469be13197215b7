//! Criterion benchmarks: move generation and perft per variant.
//!
//! Run: `cargo bench -p menagerie-bench` (add `-- chess` to filter).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use movegen::perft::perft;
use movegen::rules::Rules;
use movegen::variants::chess::Chess;
use movegen::variants::eightpiece::EightPiece;
use movegen::variants::jumpingknights::JumpingKnights;
use movegen::variants::magician::Magician;
use movegen::variants::pieceeater::PieceEater;
use movegen::variants::tamerspiel::TamerSpiel;

const CHESS_POSITIONS: &[(&str, &str)] = &[
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("position-4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
];

/// Generating (listing) and counting the legal moves of fixed positions.
fn generation<R: Rules>(c: &mut Criterion, name: &str, positions: &[(&str, &str)]) {
    let mut g = c.benchmark_group(format!("{name}/movegen"));
    for (id, fen) in positions {
        let pos = R::from_fen(fen).expect("bench FEN");
        g.bench_with_input(BenchmarkId::new("list", id), &pos, |b, p| {
            b.iter(|| {
                let mut l = R::Moves::default();
                black_box(p).legal_moves(&mut l);
                l.len()
            })
        });
        g.bench_with_input(BenchmarkId::new("count", id), &pos, |b, p| {
            b.iter(|| black_box(p).count_legal())
        });
    }
    g.finish();
}

/// Single-threaded perft with bulk counting; throughput in nodes.
fn perft_bench<R: Rules>(c: &mut Criterion, name: &str, positions: &[(&str, &str, u32)]) {
    let mut g = c.benchmark_group(format!("{name}/perft"));
    g.sample_size(10);
    for (id, fen, depth) in positions {
        let pos = R::from_fen(fen).expect("bench FEN");
        let nodes = perft(&pos, *depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new(*id, depth), &pos, |b, p| {
            b.iter(|| perft(black_box(p), *depth))
        });
    }
    g.finish();
}

fn chess(c: &mut Criterion) {
    generation::<Chess>(c, "chess", CHESS_POSITIONS);
    perft_bench::<Chess>(
        c,
        "chess",
        &[("startpos", CHESS_POSITIONS[0].1, 5), ("kiwipete", CHESS_POSITIONS[1].1, 4)],
    );
}

const TAMERSPIEL_POSITIONS: &[(&str, &str)] = &[
    (
        "startpos",
        "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR w KQkq - 0 1 wb",
    ),
    ("middlegame", TAMERSPIEL_MIDDLEGAME),
];

/// A developed position (both sides may castle, riders open): `middlegame` in
/// `tests/data/tamerspiel.perft`.
const TAMERSPIEL_MIDDLEGAME: &str =
    "r4k5r/*pp2vf1ppp*/*2nbppe1n1*/*1g3lc1bg*/*1GB1P2CLG*/*2N2PE1N1*/*PPP1FV1PPP*/R5K4R w KQkq - 0 1 wb";

fn tamerspiel(c: &mut Criterion) {
    generation::<TamerSpiel>(c, "tamerspiel", TAMERSPIEL_POSITIONS);
    perft_bench::<TamerSpiel>(
        c,
        "tamerspiel",
        &[("startpos", TAMERSPIEL_POSITIONS[0].1, 5), ("middlegame", TAMERSPIEL_MIDDLEGAME, 4)],
    );
}

const MAGICIAN_POSITIONS: &[(&str, &str)] = &[
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm"),
    ("two-magicians", "r1bqk2r/ppp2ppp/2n2n2/3pP3/1m6/2NM4/PPPP1PPP/R1BQK2R w KQkq d6 0 7 -"),
    ("forms", "r3k2r/pp2pppp/2h5/2p1Y3/8/2B5/PPP2PPP/R3K2R w KQkq - 0 1 -"),
];

fn magician(c: &mut Criterion) {
    generation::<Magician>(c, "magician", MAGICIAN_POSITIONS);
    perft_bench::<Magician>(
        c,
        "magician",
        &[("startpos", MAGICIAN_POSITIONS[0].1, 5), ("two-magicians", MAGICIAN_POSITIONS[1].1, 4)],
    );
}

const PIECEEATER_POSITIONS: &[(&str, &str)] = &[
    ("startpos", movegen::variants::pieceeater::START_FEN),
    (
        "kiwipete-pe",
        "r3k2r/p1ppqpb1/bn1Xpnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[RBNPrbnp] w KQkq - 0 1 c5",
    ),
];

/// PieceEater: a move is an (action, PE outcome) pair; `count` counts them without listing.
fn pieceeater(c: &mut Criterion) {
    generation::<PieceEater>(c, "pieceeater", PIECEEATER_POSITIONS);
    perft_bench::<PieceEater>(
        c,
        "pieceeater",
        &[
            ("startpos", PIECEEATER_POSITIONS[0].1, 4),
            ("kiwipete-pe", PIECEEATER_POSITIONS[1].1, 3),
        ],
    );
}

const EIGHTPIECE_POSITIONS: &[(&str, &str)] = &[
    ("startpos", "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1 -"),
    ("middlegame", "j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9 -"),
    ("setup-1919", "nbrqsl(s)kj/pppppppp/8/8/8/8/PPPPPPPP/NBRQSL(n)KJ w HChc - 0 1 -"),
];

fn eightpiece(c: &mut Criterion) {
    generation::<EightPiece>(c, "eightpiece", EIGHTPIECE_POSITIONS);
    perft_bench::<EightPiece>(
        c,
        "eightpiece",
        &[("startpos", EIGHTPIECE_POSITIONS[0].1, 4), ("middlegame", EIGHTPIECE_POSITIONS[1].1, 3)],
    );
}

const JK_POSITIONS: &[(&str, &str)] = &[
    ("startpos", movegen::variants::jumpingknights::START_FEN),
    (
        "seed-game-4",
        "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5",
    ),
];

fn jumpingknights(c: &mut Criterion) {
    generation::<JumpingKnights>(c, "jumpingknights", JK_POSITIONS);
    perft_bench::<JumpingKnights>(c, "jumpingknights", &[("startpos", JK_POSITIONS[0].1, 4)]);
}

criterion_group!(benches, chess, tamerspiel, magician, pieceeater, eightpiece, jumpingknights);
criterion_main!(benches);
