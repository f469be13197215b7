//! The `menagerie` command line.

use clap::{Parser, Subcommand};
use movegen::perft;
use movegen::rules::{Rules, VariantId};
use movegen::variants::eightpiece;
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
    /// Numbered start positions (`eightpiece-random`): with no number, print how many there
    /// are; with a number N, print setup N's FEN.
    Setup(SetupArgs),
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
    /// Start from numbered setup N (`eightpiece-random`, see `menagerie setup`).
    #[arg(long, conflicts_with = "fen")]
    pub setup: Option<usize>,
    /// Print `<move> <count>` for every root move.
    #[arg(long)]
    pub divide: bool,
    /// Threads (the root moves are shared out).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Plies.
    pub depth: u32,
}

/// Arguments of `setup`.
#[derive(clap::Args, Debug)]
pub struct SetupArgs {
    /// Variant id (only `eightpiece-random` has numbered setups).
    #[arg(long, default_value = "eightpiece-random")]
    pub variant: String,
    /// Setup number (from 0); omit to print the number of setups.
    pub number: Option<usize>,
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
    with_variant!(variant, V => perft_for::<V>(variant, args, out))
        .map_err(unimplemented_variant)?
}

/// The FEN of numbered setup `n` of `variant`.
fn setup_fen(variant: VariantId, n: usize) -> Result<String, CliError> {
    match variant {
        VariantId::EightPieceRandom => eightpiece::setup::fen(n).ok_or_else(|| {
            usage(format!(
                "setup {n} does not exist: eightpiece-random has setups 0..={}",
                eightpiece::setup::count() - 1
            ))
        }),
        v => Err(usage(format!("variant `{v}` has no numbered setups"))),
    }
}

fn perft_for<V: Rules>(
    variant: VariantId,
    args: &PerftArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let fen = match (&args.fen, args.setup) {
        (Some(f), _) => Some(f.clone()),
        (None, Some(n)) => Some(setup_fen(variant, n)?),
        (None, None) if variant == VariantId::EightPieceRandom => {
            return Err(usage(
                "eightpiece-random needs a start: --setup N (see `menagerie setup`) or --fen"
                    .into(),
            ))
        }
        (None, None) => None,
    };
    let pos = match fen {
        Some(f) => V::from_fen_as(variant, &f).map_err(|e| usage(e.to_string()))?,
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
        VariantId::EightPiece,
        "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1 -",
        -1,
    ),
    (VariantId::EightPiece, "j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9 -", 0),
    (
        VariantId::EightPieceRandom,
        "nbrqsl(s)kj/pppppppp/8/8/8/8/PPPPPPPP/NBRQSL(n)KJ w HChc - 0 1 -",
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
            let pos = V::from_fen_as(variant, fen).map_err(|e| usage(e.to_string()))?;
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

/// Runs `setup`: the number of setups, or setup N's FEN.
pub fn run_setup(args: &SetupArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = variant_arg(&args.variant)?;
    if variant != VariantId::EightPieceRandom {
        return Err(usage(format!("variant `{variant}` has no numbered setups")));
    }
    match args.number {
        None => writeln!(out, "{}", eightpiece::setup::count()).map_err(io_err),
        Some(n) => writeln!(out, "{}", setup_fen(variant, n)?).map_err(io_err),
    }
}

/// Dispatches a parsed command line.
pub fn run(cli: &Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match &cli.command {
        Command::Perft(a) => run_perft(a, out),
        Command::Setup(a) => run_setup(a, out),
        Command::Bench(a) => run_bench(a, out),
    }
}
