//! Criterion benchmarks: move generation and perft per variant.
//!
//! Run: `cargo bench -p menagerie-bench` (add `-- chess` to filter).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use movegen::perft::perft;
use movegen::rules::Rules;
use movegen::variants::chess::Chess;
use movegen::variants::eightpiece::EightPiece;

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

criterion_group!(benches, chess, eightpiece);
criterion_main!(benches);
