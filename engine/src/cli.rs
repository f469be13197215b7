//! The `menagerie` command line.

use clap::{Parser, Subcommand};
use movegen::perft;
use movegen::rules::{Rules, VariantId};
use movegen::with_variant;
use std::io::Write;
use std::time::Instant;

/// Menagerie: a multi-variant chess engine.
#[derive(Parser, Debug)]
#[command(name = "menagerie", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count legal move sequences of DEPTH plies (perft).
    Perft(PerftArgs),
    /// Fixed-position benchmark; last line `<N> nodes <M> nps`.
    ///
    /// Until the search lands this is a perft-based placeholder: it runs perft on fixed
    /// positions of every implemented variant to a fixed depth, on one thread.
    Bench(BenchArgs),
}

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Variant id (chess, eightpiece, eightpiece-random, pieceeater, magician, tamerspiel,
    /// jumpingknights).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print `<move> <count>` for every root move.
    #[arg(long)]
    pub divide: bool,
    /// Threads (the root moves are shared out).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Plies.
    pub depth: u32,
}

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Perft depth for the 8x8 positions (default 5).
    #[arg(long, default_value_t = 5)]
    pub depth: u32,
}

/// An error for the user: message and exit code.
#[derive(Debug)]
pub struct CliError {
    /// Shown on stderr.
    pub message: String,
    /// Process exit code.
    pub code: i32,
}

fn usage(message: String) -> CliError {
    CliError { message, code: 2 }
}

fn variant_arg(name: &str) -> Result<VariantId, CliError> {
    VariantId::parse(name).ok_or_else(|| {
        let all: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        usage(format!("unknown variant `{name}` (known: {})", all.join(", ")))
    })
}

fn unimplemented_variant(v: VariantId) -> CliError {
    usage(format!("variant `{v}` is not implemented in this build yet"))
}

/// Runs `perft`, writing to `out`.
pub fn run_perft(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = variant_arg(&args.variant)?;
    with_variant!(variant, V => perft_for::<V>(args, out)).map_err(unimplemented_variant)?
}

fn perft_for<V: Rules>(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let pos = match &args.fen {
        Some(f) => V::from_fen(f).map_err(|e| usage(e.to_string()))?,
        None => V::startpos(),
    };
    let threads = args.threads.max(1);
    let start = Instant::now();
    let nodes = if args.divide && args.depth >= 1 {
        let rows = perft::divide(&pos, args.depth, threads);
        for (m, n) in &rows {
            writeln!(out, "{} {n}", pos.move_text(*m)).map_err(io_err)?;
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft_threads(&pos, args.depth, threads)
    };
    let elapsed = start.elapsed();
    writeln!(out, "{}", summary(nodes, elapsed)).map_err(io_err)?;
    Ok(())
}

fn summary(nodes: u64, elapsed: std::time::Duration) -> String {
    let ms = elapsed.as_millis();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    format!("nodes {nodes} time {ms} nps {nps}")
}

fn io_err(e: std::io::Error) -> CliError {
    CliError { message: format!("output error: {e}"), code: 1 }
}

/// Fixed bench positions: (variant, FEN, depth offset from `--depth`).
const BENCH: &[(VariantId, &str, i32)] = &[
    (VariantId::Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0),
    (VariantId::Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", -1),
    (VariantId::Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 1),
    (VariantId::Chess, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", -1),
    (
        VariantId::JumpingKnights,
        "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq - 0 1",
        0,
    ),
    (
        VariantId::JumpingKnights,
        "10/2r1qkbnr1/1npp6/3wpp1pp1/4NP4/3BP1P3/7Q2/1PPP2KP1b/1R1B3WR1/2w7 w k - 0 21",
        -1,
    ),
];

/// Runs `bench`, writing to `out`.
pub fn run_bench(args: &BenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut total = 0u64;
    let start = Instant::now();
    for &(variant, fen, offset) in BENCH {
        let depth = (args.depth as i32 + offset).max(1) as u32;
        let n = with_variant!(variant, V => {
            let pos = V::from_fen(fen).map_err(|e| usage(e.to_string()))?;
            perft::perft(&pos, depth)
        })
        .map_err(unimplemented_variant)?;
        writeln!(out, "{variant} {fen} depth {depth}: {n}").map_err(io_err)?;
        total += n;
    }
    let elapsed = start.elapsed();
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "{total} nodes {nps} nps").map_err(io_err)?;
    Ok(())
}

/// Dispatches a parsed command line.
pub fn run(cli: &Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match &cli.command {
        Command::Perft(a) => run_perft(a, out),
        Command::Bench(a) => run_bench(a, out),
    }
}
