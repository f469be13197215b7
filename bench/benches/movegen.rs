//! Criterion benchmarks: move generation and perft per variant.
//!
//! Run: `cargo bench -p menagerie-bench` (add `-- chess` to filter).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use movegen::perft::perft;
use movegen::rules::Rules;
use movegen::variants::chess::Chess;
use movegen::variants::jumpingknights::JumpingKnights;

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

criterion_group!(benches, chess, jumpingknights);
criterion_main!(benches);
