//! The `menagerie` command line.

use crate::args::{failed, io_err, usage, variant_arg, CliError};
use clap::{Parser, Subcommand};
use movegen::perft;
use movegen::rules::{Rules, VariantId};
use movegen::with_variant;
use std::io::Write;
use std::time::Instant;

/// Menagerie: a multi-variant chess engine.
///
/// Without a subcommand it speaks UCI or XBoard on standard input/output (chosen by the first
/// line: `uci` or `xboard`), as GUIs expect.
#[derive(Parser, Debug)]
#[command(name = "menagerie", version, about, long_about = None)]
pub struct Cli {
    /// What to do (default: the UCI/XBoard protocol loop).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Protocol loop that answers every search with a uniformly random legal move (the weakest
    /// possible opponent, for strength tests); its seed is the `Seed` option.
    #[arg(long)]
    pub random_mover: bool,
    /// Protocol loop starting at this `Skill Level` (0..=20; the GUI's option overrides it),
    /// e.g. `menagerie --skill-level 5` as a match opponent.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=20))]
    pub skill_level: Option<u8>,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count legal move sequences of DEPTH plies (perft).
    Perft(PerftArgs),
    /// Numbered start positions (`eightpiece-random`): with no number, print how many there
    /// are; with a number N, print setup N's FEN.
    Setup(SetupArgs),
    /// Fixed-position search benchmark (the engine's signature); last line `<N> nodes <M> nps`.
    ///
    /// Searches fixed positions of every variant to a fixed depth on one thread with a fresh
    /// 16 MB hash table. `--perft` runs the move-generator benchmark instead (perft of fixed
    /// positions).
    Bench(BenchArgs),
    /// Play engine-vs-engine games (the engine's own rules are the arbiter).
    Match(Box<MatchArgs>),
    /// Play against the engine in the terminal.
    Play(PlayArgs),
    /// A local web board for every variant (prints its URL and opens the browser).
    Gui(GuiArgs),
    /// Tune a variant's evaluation parameters to self-play results (docs/tuning.md).
    Tune(crate::tune::TuneArgs),
    /// Write the piece images for XBoard's `-pieceImageDirectory` (docs/xboard-pieces.md).
    XboardPieces(XboardPiecesArgs),
    /// Regenerate the opening suites `bench/openings/<variant>.epd` (seeded, reproducible).
    Openings(OpeningsArgs),
    /// Total the JSON summaries of several `match --json` runs (e.g. one match split across
    /// machines) and print the combined statistics and SPRT.
    MatchMerge(MergeArgs),
}

/// Arguments of `gui`.
#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Address to listen on (the default, loopback, admits only this machine).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Do not open the browser.
    #[arg(long)]
    pub no_open: bool,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Hash table size in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
}

/// Arguments of `xboard-pieces`.
#[derive(clap::Args, Debug)]
pub struct XboardPiecesArgs {
    /// Only this variant, written into DIR itself (default: every variant, each in DIR/<id>).
    #[arg(long)]
    pub variant: Option<String>,
    /// Directory to write the images into (created if missing).
    pub dir: std::path::PathBuf,
}

/// Arguments of `match-merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Summary files written by `menagerie match --json`.
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
    /// SPRT to evaluate on the total: ELO0 ELO1 ALPHA BETA (default: the runs' own).
    #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"])]
    pub sprt: Option<Vec<f64>>,
    /// Elo model of the SPRT bounds: normalized or logistic.
    #[arg(long, default_value = "normalized")]
    pub sprt_model: String,
    /// Write the combined summary to this file.
    #[arg(long)]
    pub json: Option<std::path::PathBuf>,
}

/// Arguments of `openings`.
#[derive(clap::Args, Debug)]
pub struct OpeningsArgs {
    /// Variant id, or `all`.
    #[arg(long, default_value = "all")]
    pub variant: String,
    /// Positions per suite.
    #[arg(long, default_value_t = 500)]
    pub count: usize,
    /// Seed of the random plies (each variant draws its own stream from it).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Directory written (`<DIR>/<variant>.epd`).
    #[arg(long, default_value = "bench/openings")]
    pub out: std::path::PathBuf,
    /// Search depth of the balance test (default: per variant, see docs/match.md).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Largest |score| in centipawns kept (default 50).
    #[arg(long)]
    pub max_score: Option<i32>,
    /// Fewest random plies from the start (default 4).
    #[arg(long)]
    pub min_plies: Option<u32>,
    /// Most random plies from the start (default 8).
    #[arg(long)]
    pub max_plies: Option<u32>,
}

/// Arguments of `play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Variant id.
    #[arg(long, default_value = VariantId::DEFAULT.name())]
    pub variant: String,
    /// Your colour: white or black.
    #[arg(long, default_value = "white")]
    pub color: String,
    /// Engine thinking time per move, in seconds.
    #[arg(long, default_value_t = 2.0)]
    pub time: f64,
    /// Engine depth limit.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Seed of the PieceEater die.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Hide the engine's thinking.
    #[arg(long)]
    pub quiet: bool,
}

/// Arguments of `match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// First engine's command line (the one scored; default: this program).
    #[arg(long)]
    pub engine1: Option<String>,
    /// Second engine's command line (default: the first).
    #[arg(long)]
    pub engine2: Option<String>,
    /// Protocol of the first engine: uci, xboard or auto.
    #[arg(long, default_value = "auto")]
    pub proto1: String,
    /// Protocol of the second engine: uci, xboard or auto.
    #[arg(long, default_value = "auto")]
    pub proto2: String,
    /// An option of the first engine, `NAME=VALUE` (repeatable), set at start-up after
    /// `--hash`/`--threads`: UCI `setoption name NAME value VALUE` (the engine must offer it),
    /// XBoard `option NAME=VALUE`. E.g. `--option1 Threads=2`.
    #[arg(long, value_name = "NAME=VALUE")]
    pub option1: Vec<String>,
    /// An option of the second engine, as `--option1`. E.g. `--option2 UCI_LimitStrength=true
    /// --option2 UCI_Elo=2200` for Stockfish at a calibrated level.
    #[arg(long, value_name = "NAME=VALUE")]
    pub option2: Vec<String>,
    /// Variant id.
    #[arg(long, default_value = VariantId::DEFAULT.name())]
    pub variant: String,
    /// Number of games (colours alternate in pairs).
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Games played at the same time (at least 1; more than 64 run as 64).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Clock: `[MOVES/]SECONDS[+INCREMENT]`, e.g. `10+0.1`, `40/60`, `1:30+1`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Fixed depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Fixed nodes per move (UCI engines).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Start positions: a file with one FEN (or EPD) per line, or `none` for the variant's
    /// start position. Default: the variant's suite (`bench/openings/<variant>.epd`, built in).
    /// Each opening is played twice, once with each colour.
    #[arg(long)]
    pub openings: Option<String>,
    /// eightpiece-random setup numbers to use as openings, `A..B` (inclusive) or `N`.
    #[arg(long)]
    pub setups: Option<String>,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// Seed of the PieceEater die (game pair `k` uses seed + k; written to the PGN).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop at an SPRT decision: ELO0 ELO1 ALPHA BETA (on the game pairs' pentanomial results).
    #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"])]
    pub sprt: Option<Vec<f64>>,
    /// Elo model of the SPRT bounds: normalized (nElo, as fastchess's default) or logistic.
    #[arg(long, default_value = "normalized")]
    pub sprt_model: String,
    /// Name of the first engine (PGN tags, reports; default: its `id name` / `myname`).
    #[arg(long)]
    pub name1: Option<String>,
    /// Name of the second engine.
    #[arg(long)]
    pub name2: Option<String>,
    /// Write a machine-readable summary (W-D-L, pentanomial counts, SPRT) to this JSON file,
    /// for `menagerie match-merge`; rewritten after every game, so a run stopped early leaves
    /// the totals of the games it finished.
    #[arg(long)]
    pub json: Option<std::path::PathBuf>,
    /// First game pair of this run (opening, die seed and round numbers follow it), to split a
    /// fixed-length match into runs: e.g. `--games 200 --first-pair 0` and `--games 200
    /// --first-pair 100` play the games of one 400-game match.
    #[arg(long, default_value_t = 0)]
    pub first_pair: u32,
    /// Resign adjudication: CENTIPAWNS MOVES.
    #[arg(long, num_args = 2, value_names = ["CP", "MOVES"])]
    pub resign: Option<Vec<i64>>,
    /// Draw adjudication: CENTIPAWNS MOVES AFTER_MOVE.
    #[arg(long, num_args = 3, value_names = ["CP", "MOVES", "AFTER"])]
    pub draw: Option<Vec<i64>>,
    /// Milliseconds an engine may overrun its clock before losing on time.
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Cap on one move's thinking for depth/node limits (ms).
    #[arg(long, default_value_t = 60_000)]
    pub hang_ms: u64,
    /// Time odds: the first engine gets this many times the second's time (or nodes), e.g. `4`
    /// to measure how the search scales.
    #[arg(long, default_value_t = 1.0)]
    pub time_odds: f64,
    /// Games longer than this many plies are drawn.
    #[arg(long, default_value_t = 600)]
    pub max_plies: usize,
    /// Hash size (MB) for both engines.
    #[arg(long)]
    pub hash: Option<usize>,
    /// Threads for both engines.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    #[arg(long, default_value = VariantId::DEFAULT.name(), help = variant_ids_help())]
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
    #[arg(long, default_value = setups_variant())]
    pub variant: String,
    /// Setup number (from 0); omit to print the number of setups.
    pub number: Option<usize>,
}

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth (default 9), or with `--perft` the perft depth (default 5).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Benchmark perft instead of the search.
    #[arg(long)]
    pub perft: bool,
}

/// `--variant`'s help naming every id.
fn variant_ids_help() -> String {
    let all: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
    format!("Variant id ({})", all.join(", "))
}

/// The first variant of the table with numbered setups (`menagerie setup`'s default).
const fn setups_variant() -> &'static str {
    let mut i = 0;
    while i < VariantId::ALL.len() {
        if VariantId::ALL[i].info().setups.is_some() {
            return VariantId::ALL[i].name();
        }
        i += 1;
    }
    VariantId::DEFAULT.name()
}

/// Runs `perft`, writing to `out`.
pub fn run_perft(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = variant_arg(&args.variant)?;
    with_variant!(variant, V => perft_for::<V>(variant, args, out))
}

/// The FEN of numbered setup `n` of `variant`.
pub fn setup_fen(variant: VariantId, n: usize) -> Result<String, CliError> {
    match variant.info().setups {
        Some(setups) => (setups.fen)(n).ok_or_else(|| {
            usage(format!(
                "setup {n} does not exist: {variant} has setups 0..={}",
                (setups.count)().saturating_sub(1)
            ))
        }),
        None => Err(usage(format!("variant `{variant}` has no numbered setups"))),
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
        (None, None) if variant.info().start_fen.is_none() => {
            return Err(usage(format!(
                "{variant} needs a start: --setup N (see `menagerie setup`) or --fen"
            )))
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

/// Runs `bench`, writing to `out`.
pub fn run_bench(args: &BenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if !args.perft {
        return run_search_bench(args.depth.unwrap_or(9).clamp(1, 60), out);
    }
    let mut total = 0u64;
    let start = Instant::now();
    let positions = VariantId::ALL
        .into_iter()
        .flat_map(|v| v.info().perft_bench.iter().map(move |&(fen, offset)| (v, fen, offset)));
    for (variant, fen, offset) in positions {
        let depth = (args.depth.unwrap_or(5) as i32 + offset).max(1) as u32;
        let n = with_variant!(variant, V => {
            let pos = V::from_fen_as(variant, fen).map_err(|e| usage(e.to_string()))?;
            perft::perft(&pos, depth)
        });
        writeln!(out, "{variant} {fen} depth {depth}: {n}").map_err(io_err)?;
        total += n;
    }
    let elapsed = start.elapsed();
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "{total} nodes {nps} nps").map_err(io_err)?;
    Ok(())
}

fn run_search_bench(depth: u32, out: &mut dyn Write) -> Result<(), CliError> {
    use search::{Config, Limits, Searcher};
    let mut total = 0u64;
    let mut elapsed = std::time::Duration::ZERO;
    let positions = VariantId::ALL
        .into_iter()
        .flat_map(|v| v.info().search_bench.iter().map(move |&fen| (v, fen)));
    for (variant, fen) in positions {
        let r = movegen::with_variant!(variant, V => {
            let pos = V::from_fen(fen).map_err(|e| usage(e.to_string()))?;
            let searcher = Searcher::new(1, 16, crate::clock::SystemTimer::shared());
            // Games of chance (PieceEater): every action has up to eight outcomes; depth 7.
            let depth = if V::HAS_CHANCE { depth.min(7) } else { depth };
            let limits = Limits { depth: Some(depth), ..Limits::default() };
            let t = Instant::now();
            let o = searcher.search_sync(&pos, &[], &limits, &Config::default());
            let dt = t.elapsed();
            let best = o.best.map(|m| pos.move_text(m)).unwrap_or_else(|| "(none)".into());
            (depth, o.nodes, dt, best)
        });
        let (depth, nodes, dt, best) = r;
        writeln!(
            out,
            "{variant} {fen}: depth {depth} nodes {nodes} time {} bestmove {best}",
            dt.as_millis()
        )
        .map_err(io_err)?;
        total += nodes;
        elapsed += dt;
    }
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "{total} nodes {nps} nps").map_err(io_err)?;
    Ok(())
}

/// Runs `setup`: the number of setups, or setup N's FEN.
pub fn run_setup(args: &SetupArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = variant_arg(&args.variant)?;
    let Some(setups) = variant.info().setups else {
        return Err(usage(format!("variant `{variant}` has no numbered setups")));
    };
    match args.number {
        None => writeln!(out, "{}", (setups.count)()).map_err(io_err),
        Some(n) => writeln!(out, "{}", setup_fen(variant, n)?).map_err(io_err),
    }
}

/// Runs `xboard-pieces`: writes each variant's XBoard image directory and prints the XBoard
/// command line that uses it.
pub fn run_xboard_pieces(args: &XboardPiecesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let jobs: Vec<(VariantId, std::path::PathBuf)> = match &args.variant {
        Some(v) => vec![(variant_arg(v)?, args.dir.clone())],
        None => VariantId::ALL.iter().map(|&v| (v, args.dir.join(v.name()))).collect(),
    };
    for (v, dir) in jobs {
        let files = crate::xboard::images::write_images(v, &dir).map_err(failed)?;
        // A variant XBoard knows by its own name needs no `-variant`.
        let variant = match v.info().xboard_name {
            "normal" => String::new(),
            _ => format!(" -variant {v} -xlegal"),
        };
        writeln!(
            out,
            "{v}: {} images in {}\n  xboard -fcp menagerie{variant} -pieceImageDirectory {} \
             -trueColors true",
            files.len(),
            dir.display(),
            quoted(&dir.display().to_string())
        )
        .map_err(io_err)?;
    }
    if cfg!(windows) {
        writeln!(
            out,
            "WinBoard reads bitmaps, not these SVG files: use the winboard-pieces folder of the \
             Windows release archive (docs/winboard.md)."
        )
        .map_err(io_err)?;
    }
    Ok(())
}

/// A path as one shell word: in double quotes when it holds a space (Windows folders often do).
fn quoted(path: &str) -> String {
    if path.contains(' ') {
        format!("\"{path}\"")
    } else {
        path.to_string()
    }
}

/// Dispatches a parsed command line.
pub fn run(cli: &Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match &cli.command {
        Some(Command::Perft(a)) => run_perft(a, out),
        Some(Command::Setup(a)) => run_setup(a, out),
        Some(Command::Bench(a)) => run_bench(a, out),
        Some(Command::Match(a)) => run_match_cmd(a, out),
        Some(Command::Play(a)) => run_play(a, out),
        Some(Command::Gui(a)) => run_gui(a, out),
        Some(Command::Tune(a)) => crate::tune::run(a, out),
        Some(Command::XboardPieces(a)) => run_xboard_pieces(a, out),
        Some(Command::Openings(a)) => run_openings(a, out),
        Some(Command::MatchMerge(a)) => run_match_merge(a, out),
        None => Ok(()),
    }
}

fn parse_proto(s: &str) -> Result<Option<crate::runner::player::Proto>, CliError> {
    use crate::runner::player::Proto;
    match s {
        "auto" => Ok(None),
        "uci" => Ok(Some(Proto::Uci)),
        "xboard" => Ok(Some(Proto::Xboard)),
        other => Err(usage(format!("unknown protocol `{other}` (uci, xboard or auto)"))),
    }
}

/// Parses `[MOVES/]SECONDS[+INC]` (SECONDS may be `M:SS`).
pub fn parse_tc(s: &str) -> Option<crate::runner::player::Control> {
    let (moves, rest) = match s.split_once('/') {
        Some((m, r)) => (m.parse::<u32>().ok()?, r),
        None => (0, s),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (b, i.parse::<f64>().ok()?),
        None => (rest, 0.0),
    };
    let base_s = match base.split_once(':') {
        Some((m, sec)) => m.parse::<f64>().ok()? * 60.0 + sec.parse::<f64>().ok()?,
        None => base.parse::<f64>().ok()?,
    };
    if !(base_s > 0.0 && base_s.is_finite() && inc >= 0.0 && inc.is_finite()) {
        return None;
    }
    Some(crate::runner::player::Control::Clock {
        base_ms: (base_s * 1000.0) as u64,
        inc_ms: (inc * 1000.0) as u64,
        moves,
    })
}

/// `--option1`/`--option2` values: `NAME=VALUE`, split at the first `=`.
fn options_arg(raw: &[String]) -> Result<Vec<(String, String)>, CliError> {
    raw.iter()
        .map(|o| match o.split_once('=') {
            Some((n, v)) if !n.trim().is_empty() => {
                Ok((n.trim().to_string(), v.trim().to_string()))
            }
            _ => Err(usage(format!("engine option `{o}` is not NAME=VALUE"))),
        })
        .collect()
}

fn run_match_cmd(a: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use crate::runner::{run_match, write_atomically, EngineSpec, MatchConfig};
    let variant = variant_arg(&a.variant)?;
    let me = std::env::current_exe()
        .map(|p| p.display().to_string())
        .map_err(|e| usage(format!("cannot find this program: {e}")))?;
    let e1 = a.engine1.clone().unwrap_or(me);
    let e2 = a.engine2.clone().unwrap_or_else(|| e1.clone());
    let control = control_arg(a)?;
    let openings = openings_arg(a, variant)?;
    if !(a.time_odds.is_finite() && (0.01..=100.0).contains(&a.time_odds)) {
        return Err(usage(format!("--time-odds {} is not in 0.01..=100", a.time_odds)));
    }
    if a.time_odds != 1.0 && a.depth.is_some() {
        return Err(usage("--time-odds needs a clock, --movetime or --nodes".into()));
    }
    if a.concurrency == 0 {
        return Err(usage("--concurrency must be at least 1".into()));
    }
    let sprt = sprt_arg(a.sprt.as_deref(), &a.sprt_model)?;
    if a.name1.is_some() && a.name1 == a.name2 {
        return Err(usage("--name1 and --name2 must differ".into()));
    }
    if let Some(n) = a.name1.iter().chain(&a.name2).find(|n| n.trim().is_empty()) {
        return Err(usage(format!("engine name `{n}` is empty")));
    }
    let cfg = MatchConfig {
        engines: [
            EngineSpec {
                cmd: e1,
                proto: parse_proto(&a.proto1)?,
                options: options_arg(&a.option1)?,
            },
            EngineSpec {
                cmd: e2,
                proto: parse_proto(&a.proto2)?,
                options: options_arg(&a.option2)?,
            },
        ],
        variant,
        games: a.games,
        concurrency: a.concurrency,
        control,
        odds: a.time_odds,
        openings,
        pgn: a.pgn.clone(),
        json: a.json.clone(),
        seed: a.seed,
        sprt,
        resign: a
            .resign
            .as_ref()
            .map(|v| (v[0].clamp(1, 30_000) as i32, v[1].clamp(1, 1000) as u32)),
        draw: a.draw.as_ref().map(|v| {
            (v[0].clamp(0, 30_000) as i32, v[1].clamp(1, 1000) as u32, v[2].clamp(0, 10_000) as u32)
        }),
        time_margin_ms: a.time_margin,
        hang_ms: a.hang_ms.max(100),
        max_plies: a.max_plies.max(1),
        hash_mb: a.hash,
        threads: a.threads,
        event: format!("menagerie match ({variant})"),
        names: [a.name1.clone(), a.name2.clone()],
        first_pair: a.first_pair,
    };
    let summary = run_match(&cfg, out).map_err(failed)?;
    let totals = summary.totals(&cfg);
    write!(out, "{}", totals.report()).map_err(io_err)?;
    if let Some(note) = totals.stop_note(summary.verdict) {
        write!(out, "{note}").map_err(io_err)?;
    }
    if let Some(path) = &a.json {
        write_atomically(path, &totals.to_json()).map_err(failed)?;
    }
    let r = summary.wdl;
    writeln!(
        out,
        "Finished: {} games, first engine W-D-L {}-{}-{}, {} faults",
        r.n(),
        r.w,
        r.d,
        r.l,
        summary.faults.len()
    )
    .map_err(io_err)?;
    Ok(())
}

/// The thinking limit of `--tc`, `--movetime`, `--depth` or `--nodes` (10+0.1 without one).
fn control_arg(a: &MatchArgs) -> Result<crate::runner::player::Control, CliError> {
    use crate::runner::player::Control;
    let limits = [a.tc.is_some(), a.movetime.is_some(), a.depth.is_some(), a.nodes.is_some()];
    if limits.iter().filter(|&&x| x).count() > 1 {
        return Err(usage("give only one of --tc, --movetime, --depth, --nodes".into()));
    }
    Ok(if let Some(tc) = &a.tc {
        parse_tc(tc).ok_or_else(|| usage(format!("bad --tc `{tc}` (e.g. 10+0.1, 40/60)")))?
    } else if let Some(ms) = a.movetime {
        Control::MoveTime(ms.max(1))
    } else if let Some(d) = a.depth {
        Control::Depth(d.max(1))
    } else if let Some(n) = a.nodes {
        Control::Nodes(n.max(1))
    } else {
        Control::Clock { base_ms: 10_000, inc_ms: 100, moves: 0 }
    })
}

/// The start positions of `--openings` (a file, `none`, or the variant's suite) and
/// `--setups`.
fn openings_arg(a: &MatchArgs, variant: VariantId) -> Result<Vec<String>, CliError> {
    let mut openings = match a.openings.as_deref() {
        Some("none") => Vec::new(),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| usage(format!("{path}: {e}")))?;
            let lines = crate::runner::openings::parse_lines(&text);
            if lines.is_empty() {
                return Err(usage(format!("{path}: no positions")));
            }
            lines
        }
        // `--setups` alone names the start positions.
        None if a.setups.is_some() => Vec::new(),
        None => crate::runner::openings::suite(variant),
    };
    if let Some(spec) = &a.setups {
        openings.extend(setup_openings(variant, spec)?);
    }
    Ok(openings)
}

/// Start positions from setup numbers `A..B` (inclusive) or `N` (only `eightpiece-random`
/// numbers its setups).
fn setup_openings(variant: VariantId, spec: &str) -> Result<Vec<String>, CliError> {
    let bad = || usage(format!("--setups takes N or A..B, not `{spec}`"));
    let (a, b) = match spec.split_once("..") {
        Some((a, b)) => {
            (a.parse::<usize>().map_err(|_| bad())?, b.parse::<usize>().map_err(|_| bad())?)
        }
        None => {
            let n = spec.parse::<usize>().map_err(|_| bad())?;
            (n, n)
        }
    };
    if a > b || b - a > 100_000 {
        return Err(bad());
    }
    (a..=b).map(|n| setup_fen(variant, n)).collect()
}

fn run_play(a: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = variant_arg(&a.variant)?;
    let human = match a.color.as_str() {
        "white" | "w" => movegen::types::Color::White,
        "black" | "b" => movegen::types::Color::Black,
        other => return Err(usage(format!("--color takes white or black, not `{other}`"))),
    };
    if !(a.time > 0.0 && a.time.is_finite()) {
        return Err(usage("--time must be a positive number of seconds".into()));
    }
    if let Some(f) = &a.fen {
        session::new_game(variant, Some(f)).map_err(|e| usage(e.to_string()))?;
    }
    let cfg = crate::play::PlayConfig {
        variant,
        human,
        movetime: std::time::Duration::from_secs_f64(a.time),
        depth: a.depth,
        fen: a.fen.clone(),
        seed: a.seed,
        show_thinking: !a.quiet,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    crate::play::play(&cfg, &mut input, out).map_err(failed)
}

fn run_gui(a: &GuiArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if !(1..=crate::protocol::THREADS_MAX).contains(&a.threads) {
        return Err(usage(format!("--threads must be 1..={}", crate::protocol::THREADS_MAX)));
    }
    if !(1..=crate::protocol::HASH_MAX_MB).contains(&a.hash) {
        return Err(usage(format!("--hash must be 1..={} MB", crate::protocol::HASH_MAX_MB)));
    }
    let cfg = crate::gui::GuiConfig {
        host: a.host.clone(),
        port: a.port,
        open: !a.no_open,
        threads: a.threads,
        hash_mb: a.hash,
    };
    crate::gui::run(&cfg, out).map_err(failed)
}

/// Runs `openings`: writes `<out>/<variant>.epd` for one variant or all.
fn run_openings(a: &OpeningsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use crate::runner::openings::{default_params, generate};
    let variants: Vec<VariantId> =
        if a.variant == "all" { VariantId::ALL.to_vec() } else { vec![variant_arg(&a.variant)?] };
    if a.count == 0 {
        return Err(usage("--count must be at least 1".into()));
    }
    std::fs::create_dir_all(&a.out).map_err(|e| usage(format!("{}: {e}", a.out.display())))?;
    for v in variants {
        let d = default_params(v);
        let params = crate::runner::openings::SuiteParams {
            depth: a.depth.unwrap_or(d.depth).clamp(1, 60),
            max_cp: a.max_score.unwrap_or(d.max_cp).max(0),
            min_plies: a.min_plies.unwrap_or(d.min_plies),
            max_plies: a.max_plies.unwrap_or(d.max_plies),
        };
        let start = Instant::now();
        let mut last = Instant::now();
        let g = generate(v, a.count, a.seed, &params, &mut |kept, tries| {
            if last.elapsed().as_secs() >= 30 {
                last = Instant::now();
                eprintln!("{v}: {kept}/{} kept, {tries} tries", a.count);
            }
        })
        .map_err(failed)?;
        let path = a.out.join(format!("{}.epd", v.name()));
        let mut text = g.lines.join("\n");
        text.push('\n');
        std::fs::write(&path, text).map_err(|e| usage(format!("{}: {e}", path.display())))?;
        writeln!(
            out,
            "{v}: {} positions to {} (seed {}, depth {}, |score| <= {} cp, plies {}..={}): {} \
             tries, {} unbalanced, {} ended or repeated, {:.1} s",
            g.lines.len(),
            path.display(),
            a.seed,
            params.depth,
            params.max_cp,
            params.min_plies,
            params.max_plies,
            g.tries,
            g.unbalanced,
            g.duplicates_or_ended,
            start.elapsed().as_secs_f64()
        )
        .map_err(io_err)?;
    }
    Ok(())
}

/// The SPRT of `--sprt ELO0 ELO1 ALPHA BETA` and `--sprt-model`.
fn sprt_arg(
    v: Option<&[f64]>,
    model: &str,
) -> Result<Option<crate::runner::stats::Sprt>, CliError> {
    use crate::runner::stats::{Model, Sprt};
    let model = Model::parse(model).ok_or_else(|| {
        usage(format!("--sprt-model takes normalized or logistic, not `{model}`"))
    })?;
    match v {
        Some(&[elo0, elo1, alpha, beta]) => {
            let finite = [elo0, elo1, alpha, beta].iter().all(|x| x.is_finite());
            if !(finite && alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5 && elo0 < elo1) {
                return Err(usage("--sprt needs ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5".into()));
            }
            Ok(Some(Sprt { elo0, elo1, alpha, beta, model }))
        }
        _ => Ok(None),
    }
}

/// Runs `match-merge`: totals the summaries and prints the report.
fn run_match_merge(a: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use crate::runner::report::Totals;
    let sprt = sprt_arg(a.sprt.as_deref(), &a.sprt_model)?;
    let mut total: Option<Totals> = None;
    for path in &a.files {
        let text =
            std::fs::read_to_string(path).map_err(|e| usage(format!("{}: {e}", path.display())))?;
        let mut t =
            Totals::from_json(&text).map_err(|e| usage(format!("{}: {e}", path.display())))?;
        if sprt.is_some() {
            t.sprt = sprt;
        }
        match total.as_mut() {
            None => total = Some(t),
            Some(sum) => sum.merge(&t).map_err(|e| usage(format!("{}: {e}", path.display())))?,
        }
    }
    let Some(total) = total else { return Err(usage("no summary files given".into())) };
    write!(out, "{}", total.report()).map_err(io_err)?;
    if let Some(path) = &a.json {
        std::fs::write(path, total.to_json())
            .map_err(|e| failed(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}
