//! `menagerie tune`: Texel-style tuning of a variant's evaluation parameters
//! (`eval/params/<variant>.txt`) to the results of self-play games. `docs/tuning.md` gives the
//! whole loop: `menagerie openings` (varied start positions, the runner's suite generator),
//! `menagerie match --pgn` (the games), `tune extract` (quiet positions labelled with the result), `tune fit` (the new table).

pub mod data;
pub mod fit;
pub mod relabel;

use crate::args::{usage, CliError};
use clap::Subcommand;
use eval::params::Tune;
use eval::{Kind, Score, Table};
use fit::{descend, fit_k, mse, sigmoid, Descent, Sample};
use movegen::rules::VariantId;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `tune`.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// Step of the tuning loop.
    #[command(subcommand)]
    pub command: TuneCommand,
}

/// Steps of the tuning loop.
#[derive(Subcommand, Debug)]
pub enum TuneCommand {
    /// Quiet positions of finished games (`match --pgn` files), labelled with the result.
    Extract(ExtractArgs),
    /// Fit the evaluation parameters to labelled positions; writes a parameter table.
    Fit(FitArgs),
    /// Blend each data line's result with the engine's own search of the position:
    /// `lambda * result + (1 - lambda) * sigmoid(K * score)` (less noisy labels).
    Relabel(RelabelArgs),
}

/// Arguments of `tune relabel`.
#[derive(clap::Args, Debug)]
pub struct RelabelArgs {
    /// Data files written by `tune extract`.
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Nodes of each position's search.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// The K that turns a search score into an expected result (e.g. the one `tune fit`
    /// reports for the data).
    #[arg(long)]
    pub k: f64,
    /// Weight of the game's result (1: the result alone; 0: the search alone).
    #[arg(long)]
    pub lambda: f64,
    /// Output file (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Arguments of `tune extract`.
#[derive(clap::Args, Debug)]
pub struct ExtractArgs {
    /// PGN files written by `menagerie match --pgn`.
    #[arg(long, required = true, num_args = 1..)]
    pub pgn: Vec<PathBuf>,
    /// Plies skipped at the start of every game.
    #[arg(long, default_value_t = 4)]
    pub skip: usize,
    /// Output file (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Arguments of `tune fit`.
#[derive(clap::Args, Debug)]
pub struct FitArgs {
    /// Variant id (`eightpiece` and `eightpiece-random` share one evaluation and use each
    /// other's data).
    #[arg(long)]
    pub variant: String,
    /// Data files written by `tune extract`.
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Starting parameter table (default: the one built in).
    #[arg(long)]
    pub params: Option<PathBuf>,
    /// Output parameter table (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The K of sigmoid(K * eval) (default: fitted to the data at the starting parameters).
    #[arg(long)]
    pub k: Option<f64>,
    /// Gradient-descent steps per round.
    #[arg(long, default_value_t = 2000)]
    pub epochs: usize,
    /// Adam step size in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Pull toward the starting values: added error per (100 cp)^2 of change.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// `PREFIX=L2`: another pull for parameters whose name starts with PREFIX (repeatable; the
    /// last matching prefix wins over `--l2`).
    #[arg(long = "l2-on", value_parser = parse_l2_on)]
    pub l2_on: Vec<(String, f64)>,
    /// Rounds: after each, the values are rounded and every position is traced again there.
    #[arg(long, default_value_t = 2)]
    pub rounds: usize,
    /// Keep parameters whose name starts with this fixed (repeatable).
    #[arg(long)]
    pub freeze: Vec<String>,
    /// The positions of every N-th game are held out to measure the fit on unseen games (0:
    /// none; lines without a game number count as games of 100 lines).
    #[arg(long, default_value_t = 10)]
    pub holdout: usize,
}

fn io(path: &std::path::Path, e: std::io::Error) -> CliError {
    CliError { message: format!("{}: {e}", path.display()), code: 1 }
}

/// Writes `text` to `path`, or to `out` without a path.
fn emit(path: &Option<PathBuf>, text: &str, out: &mut dyn Write) -> Result<(), CliError> {
    match path {
        Some(p) => std::fs::write(p, text).map_err(|e| io(p, e)),
        None => out
            .write_all(text.as_bytes())
            .map_err(|e| CliError { message: format!("output error: {e}"), code: 1 }),
    }
}

/// Runs `tune`.
pub fn run(args: &TuneArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.command {
        TuneCommand::Extract(a) => run_extract(a, out),
        TuneCommand::Fit(a) => run_fit(a, out),
        TuneCommand::Relabel(a) => run_relabel(a, out),
    }
}

fn run_relabel(a: &RelabelArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let valid = a.k.is_finite() && a.k > 0.0 && (0.0..=1.0).contains(&a.lambda);
    if !valid || a.nodes == 0 || a.nodes > 100_000_000 {
        return Err(usage("--k > 0, --lambda in [0, 1], --nodes 1..=100000000".into()));
    }
    let searcher = search::Searcher::new(1, 1, crate::clock::SystemTimer::shared());
    let (mut text, mut kept, mut dropped) = (String::new(), 0usize, 0usize);
    for path in &a.data {
        let data = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
        for line in data.lines().filter(|l| !l.trim().is_empty()) {
            match relabel::relabel_line(&searcher, line, a.nodes, a.k, a.lambda) {
                Some(l) => {
                    kept += 1;
                    text.push_str(&l);
                    text.push('\n');
                }
                None => dropped += 1,
            }
        }
    }
    eprintln!("{kept} lines relabelled, {dropped} unreadable or without a legal move dropped");
    emit(&a.out, &text, out)
}

fn run_extract(a: &ExtractArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut lines = Vec::new();
    let (mut games, mut used, mut faults, mut broken, mut seen) = (0, 0, 0, 0, 0);
    // Self-play with fixed nodes repeats a game with the colours' engines swapped: the
    // positions of a repeated game are used once.
    let mut played = std::collections::HashSet::new();
    let mut repeats = 0;
    for path in &a.pgn {
        let text = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
        for (tags, coords, result) in session::pgn::read_games(&text) {
            games += 1;
            let tag = |k: &str| tags.iter().find(|(t, _)| t == k).map(|(_, v)| v.as_str());
            let Some(variant) = tag("Variant").and_then(VariantId::parse) else {
                broken += 1;
                continue;
            };
            if data::result_value(&result).is_none() {
                broken += 1;
                continue;
            }
            if tag("Termination").is_some_and(data::is_fault) {
                faults += 1;
                continue;
            }
            let start = tag("FEN");
            if !played.insert((variant, start.map(str::to_string), coords.clone())) {
                repeats += 1;
                continue;
            }
            let x = movegen::with_variant!(variant, V => {
                data::extract_game::<V>(variant, start, &coords, &result, a.skip, used)
            });
            used += 1;
            broken += usize::from(x.broken);
            seen += x.seen;
            lines.extend(x.lines);
        }
    }
    eprintln!(
        "{games} games: {used} used, {repeats} repeats and {faults} ended by a fault skipped, \
         {broken} with an unreadable start, result or move; {} quiet positions of {seen}",
        lines.len()
    );
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    emit(&a.out, &text, out)
}

fn run_fit(a: &FitArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let variant = VariantId::parse(&a.variant)
        .ok_or_else(|| usage(format!("unknown variant `{}`", a.variant)))?;
    let finite = a.rate.is_finite() && a.l2.is_finite() && a.k.is_none_or(f64::is_finite);
    let positive = a.rate > 0.0 && a.l2 >= 0.0 && a.k.is_none_or(|k| k > 0.0);
    if a.epochs > 1_000_000 || a.rounds == 0 || a.rounds > 20 || !finite || !positive {
        return Err(usage(
            "--epochs up to 1000000, --rounds 1..=20, --rate > 0, --l2 >= 0, --k > 0".into(),
        ));
    }
    movegen::with_variant!(variant, V => fit_variant::<V>(variant, a, out))
}

/// Whether data of variant `line` may train the evaluation of `target`: variants of one family
/// (one position type) share it.
fn same_evaluation(target: VariantId, line: VariantId) -> bool {
    line.family() == target.family()
}

/// Parses `--l2-on PREFIX=L2`.
fn parse_l2_on(s: &str) -> Result<(String, f64), String> {
    let (prefix, v) = s.split_once('=').ok_or("expected PREFIX=L2")?;
    match v.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok((prefix.to_string(), x)),
        _ => Err(format!("not an l2 >= 0: {v}")),
    }
}

/// The pull toward the start on the parameter `name`: the last `--l2-on` prefix it matches, or
/// `--l2`.
fn l2_of(name: &str, a: &FitArgs) -> f64 {
    a.l2_on.iter().rev().find(|(p, _)| name.starts_with(p.as_str())).map_or(a.l2, |&(_, x)| x)
}

/// The fitted parameter halves: (parameter id, 0 = middlegame / single, 1 = endgame).
fn fitted_halves(table: &Table, freeze: &[String]) -> Vec<(usize, usize)> {
    let mut halves = Vec::new();
    for (id, (name, kind)) in table.names.iter().zip(&table.kinds).enumerate() {
        if freeze.iter().any(|f| name.starts_with(f.as_str())) {
            continue;
        }
        match kind {
            Kind::Pair => halves.extend([(id, 0), (id, 1)]),
            Kind::Single => halves.push((id, 0)),
            Kind::Fixed => {}
        }
    }
    halves
}

/// A position's sample: its evaluation at the traced parameters and the evaluation's
/// derivative by every fitted half (from the trace: scale and taper for pairs).
pub fn sample_of(
    trace: &eval::Trace,
    result: f64,
    table: &Table,
    halves: &[(usize, usize)],
) -> Sample {
    let mut grad = Vec::new();
    for (j, &(id, h)) in halves.iter().enumerate() {
        let c = trace.coef[id];
        let g = match table.kinds[id] {
            Kind::Pair if h == 0 => trace.scale * trace.mg * c[0],
            Kind::Pair => trace.scale * (1.0 - trace.mg) * c[1],
            _ => c[0],
        };
        if g != 0.0 {
            grad.push((j as u32, g as f32));
        }
    }
    Sample { eval: f64::from(trace.eval), result, grad }
}

/// The values after changes `d` of the fitted halves, rounded to whole centipawns.
pub fn apply(table: &Table, values: &[Score], halves: &[(usize, usize)], d: &[f64]) -> Vec<Score> {
    let mut v = values.to_vec();
    for (&(id, h), &x) in halves.iter().zip(d) {
        let round = |a: i32| (f64::from(a) + x).round() as i32;
        match (table.kinds[id], h) {
            (Kind::Pair, 0) => v[id].mg = round(values[id].mg),
            (Kind::Pair, _) => v[id].eg = round(values[id].eg),
            _ => {
                let n = round(values[id].mg);
                v[id] = eval::S(n, n);
            }
        }
    }
    v
}

/// The true error of the evaluation at `p` (no linearisation) on `positions`.
fn true_mse<V: Tune>(positions: &[(V, f64)], p: &V::Params, k: f64) -> f64 {
    let sum: f64 = positions
        .iter()
        .map(|(pos, r)| (r - sigmoid(k, f64::from(pos.eval_with(p)))).powi(2))
        .sum();
    sum / positions.len().max(1) as f64
}

fn fit_variant<V: Tune>(
    variant: VariantId,
    a: &FitArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let builtin = V::table();
    let table = match &a.params {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| io(p, e))?;
            Table::parse(V::groups(), &text).map_err(|e| usage(format!("{}: {e}", p.display())))?
        }
        None => builtin.clone(),
    };
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let mut skipped = 0usize;
    for path in &a.data {
        let text = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
        for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
            let parsed = data::parse_line(line).filter(|l| same_evaluation(variant, l.variant));
            let Some(l) = parsed else {
                skipped += 1;
                continue;
            };
            let Ok(pos) = V::from_fen_as(l.variant, &l.fen) else {
                skipped += 1;
                continue;
            };
            let game = l.game.unwrap_or((train.len() + valid.len()) / 100);
            if a.holdout > 0 && game % a.holdout == a.holdout - 1 {
                valid.push((pos, l.result));
            } else {
                train.push((pos, l.result));
            }
        }
    }
    if train.is_empty() {
        return Err(usage(format!("no {variant} positions in the data ({skipped} lines skipped)")));
    }
    let say = |s: String| eprintln!("{s}");
    say(format!(
        "{variant}: {} training and {} held-out positions ({skipped} lines skipped)",
        train.len(),
        valid.len()
    ));
    let halves = fitted_halves(&table, &a.freeze);
    let mut values = table.values.clone();
    let start = V::build(&values);
    let samples_at = |p: &V::Params, set: &[(V, f64)]| -> Vec<Sample> {
        set.iter().map(|(pos, r)| sample_of(&pos.trace(p), *r, &table, &halves)).collect()
    };
    let k = match a.k {
        Some(k) => k,
        None => fit_k(&samples_at(&start, &train), 0.05, 10.0),
    };
    let (train0, valid0) = (true_mse(&train, &start, k), true_mse(&valid, &start, k));
    say(format!("K = {k:.4}; error at the start: training {train0:.6}, held out {valid0:.6}"));
    let l2 = halves.iter().map(|&(id, _)| l2_of(&table.names[id], a)).collect();
    let cfg = Descent { epochs: a.epochs, rate: a.rate, l2 };
    for round in 1..=a.rounds {
        let p = V::build(&values);
        let ts = samples_at(&p, &train);
        let vs = samples_at(&p, &valid);
        let d = descend(&ts, k, halves.len(), &cfg, |epoch, d| {
            if epoch % 500 == 0 || epoch == cfg.epochs {
                say(format!(
                    "round {round} epoch {epoch}: model error training {:.6}, held out {:.6}",
                    mse(&ts, k, d),
                    mse(&vs, k, d)
                ));
            }
        });
        values = apply(&table, &values, &halves, &d);
    }
    let end = V::build(&values);
    let (train1, valid1) = (true_mse(&train, &end, k), true_mse(&valid, &end, k));
    say(format!("error at the end: training {train1:.6}, held out {valid1:.6}"));
    let tuned = Table { values, ..table.clone() };
    let files: Vec<String> = a.data.iter().map(|p| p.display().to_string()).collect();
    // The starting table's notes (what the parameters mean) stay; the run is added after them.
    let mut header: Vec<String> = table.notes.clone();
    header.push(format!(
        "tuned by `menagerie tune fit` (docs/tuning.md) on {} ({} positions, every {}th game \
         held out): K = {k:.4}, {} epochs x {} rounds, rate {}, l2 {}{}; mean squared error \
         training {train0:.6} -> {train1:.6}, held out {valid0:.6} -> {valid1:.6}",
        files.join(" "),
        train.len() + valid.len(),
        a.holdout,
        a.epochs,
        a.rounds,
        a.rate,
        a.l2,
        a.l2_on.iter().map(|(p, x)| format!(" ({p}: {x})")).collect::<String>(),
    ));
    let header = header.join("\n");
    emit(&a.out, &tuned.to_text(&header), out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::Rules;
    use movegen::variants::chess::Chess;

    #[test]
    fn samples_follow_the_evaluation() {
        // For a real position, the sample's model evaluation after moving a few parameters
        // equals the evaluation recomputed with those values (up to integer rounding).
        let table = Chess::table();
        let halves = fitted_halves(table, &[]);
        let pos =
            Chess::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R w KQ - 2 9")
                .unwrap();
        let p = Chess::build(&table.values);
        let s = sample_of(&pos.trace(&p), 1.0, table, &halves);
        assert_eq!(s.eval, f64::from(pos.eval_with(&p)));
        let mut d = vec![0.0; halves.len()];
        for (j, &(id, h)) in halves.iter().enumerate() {
            let name = &table.names[id];
            if name == "mobility.knight" || name == "pst.king.home_bcg" || name == "tempo" {
                d[j] = if h == 0 { 30.0 } else { -20.0 };
            }
        }
        let moved = apply(table, &table.values, &halves, &d);
        let want = pos.eval_with(&Chess::build(&moved));
        assert!((fit::model_eval(&s, &d) - f64::from(want)).abs() <= 1.0, "{want}");
        assert_ne!(want, pos.eval_with(&p), "the change matters here");
    }

    #[test]
    fn frozen_and_fixed_parameters_are_not_fitted() {
        let table = Chess::table();
        let all = fitted_halves(table, &[]);
        let some = fitted_halves(table, &["material".into(), "pst.".into()]);
        let names = |h: &[(usize, usize)]| -> Vec<String> {
            h.iter().map(|&(id, _)| table.names[id].clone()).collect()
        };
        assert!(names(&all).iter().any(|n| n == "material.queen"));
        assert!(!names(&some).iter().any(|n| n.starts_with("material") || n.starts_with("pst.")));
        assert!(!names(&all).iter().any(|n| n.starts_with("king_attack.weight")), "fixed");
        // Pairs give two halves, singles one.
        assert_eq!(all.iter().filter(|h| table.names[h.0] == "tempo").count(), 1);
        assert_eq!(all.iter().filter(|h| table.names[h.0] == "bishop_pair").count(), 2);
    }

    #[test]
    fn pull_by_prefix() {
        assert_eq!(parse_l2_on("mobility_at=0.001"), Ok(("mobility_at".into(), 0.001)));
        assert!(parse_l2_on("mobility_at").is_err());
        assert!(parse_l2_on("x=-1").is_err());
        assert!(parse_l2_on("x=nan").is_err());
        let cli = <crate::cli::Cli as clap::Parser>::try_parse_from([
            "menagerie",
            "tune",
            "fit",
            "--variant",
            "chess",
            "--data",
            "d",
            "--l2",
            "0.5",
            "--l2-on",
            "mobility=2",
            "--l2-on",
            "mobility_at.knight=3",
        ]);
        let Some(crate::cli::Command::Tune(TuneArgs { command: TuneCommand::Fit(a) })) =
            cli.ok().and_then(|c| c.command)
        else {
            panic!("tune fit parses");
        };
        // The last matching prefix wins; names no prefix matches take --l2.
        assert_eq!(l2_of("mobility_at.knight.8", &a), 3.0);
        assert_eq!(l2_of("mobility_at.rook.8", &a), 2.0);
        assert_eq!(l2_of("mobility.knight", &a), 2.0);
        assert_eq!(l2_of("material.pawn", &a), 0.5);
    }
}
