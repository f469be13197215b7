//! `menagerie match`: engine-vs-engine games in any variant, with the engine's own rules as the
//! arbiter (every move validated, the PieceEater die rolled from a logged seed), clocks,
//! adjudication, fault handling (illegal move, time forfeit, crash or hang lose the game and the
//! engine is restarted), PGN output, a progress line with Elo, pentanomial statistics over game
//! pairs, an SPRT, and a JSON summary that `match-merge` totals across runs.

mod game;
pub mod openings;
pub mod player;
pub mod process;
pub mod report;
pub mod stats;

use game::play_game;
use movegen::rules::{Outcome, VariantId};
use movegen::types::Color;
use player::{Control, Player, Proto};
use report::Totals;
use session::new_game;
use session::pgn::Record;
use stats::{Penta, Sprt, Verdict, Wdl};
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};

/// One engine of the match.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Command line.
    pub cmd: String,
    /// Protocol, or `None` to detect.
    pub proto: Option<Proto>,
    /// Engine options (name, value) set at start-up, after `Hash` and `Threads`: UCI
    /// `setoption`, XBoard `option NAME=VALUE` (`--option1`/`--option2`, e.g. `UCI_Elo=2200`).
    pub options: Vec<(String, String)>,
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines (the first is the one scored).
    pub engines: [EngineSpec; 2],
    /// Variant played.
    pub variant: VariantId,
    /// Games to play (colours alternate in pairs).
    pub games: u32,
    /// Games in parallel.
    pub concurrency: usize,
    /// Thinking limit (of the second engine; the first gets it scaled by `odds`).
    pub control: Control,
    /// Time (or node) odds: the first engine's limit is `control` scaled by this factor.
    pub odds: f64,
    /// Start positions (FENs); empty = the variant's start position.
    pub openings: Vec<String>,
    /// Where to append PGN.
    pub pgn: Option<std::path::PathBuf>,
    /// Where to keep the JSON summary ([`Totals::to_json`]): rewritten after every game, so a
    /// run stopped early (by hand, or by a batch job's time limit) leaves the totals of the
    /// games it finished, ready for `match-merge`.
    pub json: Option<std::path::PathBuf>,
    /// Base seed (die rolls of game `i` use `seed + i`).
    pub seed: u64,
    /// Stop at an SPRT decision.
    pub sprt: Option<Sprt>,
    /// Resign adjudication: (centipawns, consecutive moves of both engines).
    pub resign: Option<(i32, u32)>,
    /// Draw adjudication: (centipawns, consecutive moves, not before this move number).
    pub draw: Option<(i32, u32, u32)>,
    /// Milliseconds an engine may overrun its clock.
    pub time_margin_ms: u64,
    /// Upper bound on thinking for depth/node limits, and grace for fixed times (ms).
    pub hang_ms: u64,
    /// Games longer than this many plies are drawn.
    pub max_plies: usize,
    /// Hash (MB) sent to both engines.
    pub hash_mb: Option<usize>,
    /// Threads sent to both engines.
    pub threads: Option<usize>,
    /// Event name in the PGN.
    pub event: String,
    /// Engine names replacing those the engines announce (PGN `White`/`Black`, reports).
    pub names: [Option<String>; 2],
    /// Index of the first game pair: pair `k` of this run plays opening `first_pair + k` with
    /// die seed `seed + first_pair + k` and rounds `2 (first_pair + k) + 1, + 2`, so a match
    /// split into runs by `first_pair` plays the same games as one run.
    pub first_pair: u32,
}

/// Result of a match.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// First engine's results.
    pub wdl: Wdl,
    /// First engine's results over complete game pairs (same opening, swapped colours).
    pub penta: Penta,
    /// Engine names (engine 1, engine 2), as used in the PGN.
    pub names: [String; 2],
    /// Games that ended by a fault, with a description.
    pub faults: Vec<String>,
    /// SPRT verdict, if reached.
    pub verdict: Option<Verdict>,
    /// The finished games.
    pub records: Vec<Record>,
}

/// A finished game with its first-engine score.
#[derive(Debug)]
struct Done {
    /// Game number in this run (from 0): games `2k` and `2k + 1` form pair `k`.
    index: u32,
    /// Engine names (engine 1, engine 2).
    names: [String; 2],
    record: Record,
    /// 1.0 / 0.5 / 0.0 for the first engine.
    first_score: f64,
    fault: Option<String>,
}

fn time_control_tag(c: &Control) -> String {
    match c {
        Control::Clock { base_ms, inc_ms, moves } => {
            let base = *base_ms as f64 / 1000.0;
            let inc = *inc_ms as f64 / 1000.0;
            if *moves > 0 {
                format!("{moves}/{base}+{inc}")
            } else {
                format!("{base}+{inc}")
            }
        }
        Control::MoveTime(ms) => format!("{}/move", *ms as f64 / 1000.0),
        Control::Depth(d) => format!("depth {d}"),
        Control::Nodes(n) => format!("nodes {n}"),
    }
}

/// Today's date as a PGN `Date` tag writes it ([`session::pgn::date`] of the system clock).
pub fn date() -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    session::pgn::date(Some(now.map_or(0, |d| d.as_secs())))
}

/// Lines of the log shown with a fault.
const FAULT_LOG_LINES: usize = 12;

/// A fault as printed: the game number, what happened, and the last lines exchanged with the
/// faulty process.
fn fault_report(game: u32, what: &str, log: &[String]) -> String {
    format!(
        "game {game}: {what}\n  last exchanges:\n    {}",
        log[log.len().saturating_sub(FAULT_LOG_LINES)..].join("\n    ")
    )
}

/// Runs a match, printing progress to `out`.
pub fn run_match(cfg: &MatchConfig, out: &mut dyn Write) -> Result<Summary, String> {
    if cfg.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if cfg.concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    // Validate the openings before starting anything.
    for o in &cfg.openings {
        new_game(cfg.variant, Some(o)).map_err(|e| format!("opening `{o}`: {e}"))?;
    }
    new_game(cfg.variant, None).map_err(|e| e.to_string())?;
    // A summary file that cannot be written fails now, not after the games.
    if let Some(path) = &cfg.json {
        write_atomically(path, "")?;
        std::fs::remove_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let next = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel::<Result<Done, String>>();
    let concurrency = cfg.concurrency.min(64).min(cfg.games as usize);
    let mut workers = Vec::new();
    let boot_error = Arc::new(Mutex::new(None::<String>));
    for _ in 0..concurrency {
        let (cfg, next, stop, tx, boot_error) =
            (cfg.clone(), next.clone(), stop.clone(), tx.clone(), boot_error.clone());
        workers.push(std::thread::spawn(move || worker(&cfg, &next, &stop, &tx, &boot_error)));
    }
    drop(tx);
    let mut summary = Summary::default();
    let tty = std::io::stdout().is_terminal();
    let mut pgn_file = match &cfg.pgn {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("{}: {e}", p.display()))?,
        ),
        None => None,
    };
    let today = date();
    let mut error = None;
    let mut pairs = PairBook::default();
    for msg in rx {
        match msg {
            Ok(done) => {
                let log = Log { out: &mut *out, tty, pgn: pgn_file.as_mut(), today: &today };
                count(cfg, &mut summary, &mut pairs, done, log, &stop);
            }
            Err(e) => {
                error.get_or_insert(e);
                stop.store(true, Ordering::SeqCst);
            }
        }
    }
    for w in workers {
        let _ = w.join();
    }
    if tty {
        let _ = writeln!(out);
    }
    if let Some(e) = error.or_else(|| boot_error.lock().expect("lock").clone()) {
        if summary.records.is_empty() {
            return Err(e);
        }
        let _ = writeln!(out, "match stopped early: {e}");
    }
    summary.records.sort_by_key(|r| r.round);
    Ok(summary)
}

/// The channel a worker sends its finished games (or its failure) on.
type Results = std::sync::mpsc::Sender<Result<Done, String>>;

/// One worker thread: starts both engines and checks that each announces the variant, then
/// plays game after game (the next number from `next`) until the match is done or `stop` is
/// set.
fn worker(
    cfg: &MatchConfig,
    next: &AtomicU32,
    stop: &AtomicBool,
    tx: &Results,
    boot_error: &Mutex<Option<String>>,
) {
    let start = |i: usize| {
        let e = &cfg.engines[i];
        let control = if i == 0 { cfg.control.scaled(cfg.odds) } else { cfg.control.clone() };
        let p = Player::start(e, control, cfg.hash_mb, cfg.threads)?;
        p.check_variant(cfg.variant)?;
        Ok::<Player, String>(p)
    };
    let (mut a, mut b) = match (start(0), start(1)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            *boot_error.lock().expect("lock") = Some(e.clone());
            stop.store(true, Ordering::SeqCst);
            let _ = tx.send(Err(e));
            return;
        }
    };
    let names = engine_names(&cfg.names, [&a.name, &b.name]);
    a.set_name(&names[0]);
    b.set_name(&names[1]);
    loop {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let i = next.fetch_add(1, Ordering::SeqCst);
        if i >= cfg.games {
            return;
        }
        let done = play_numbered(cfg, i, [&mut a, &mut b], &names);
        let failed = done.is_err();
        if tx.send(done).is_err() || failed {
            return;
        }
    }
}

/// Plays game `i` of the match between `engines` (engine 1, engine 2): its opening, colours,
/// die seed and round from its number; an engine that faulted is restarted after it.
fn play_numbered(
    cfg: &MatchConfig,
    i: u32,
    [a, b]: [&mut Player; 2],
    names: &[String; 2],
) -> Result<Done, String> {
    let first_white = i.is_multiple_of(2);
    let pair = cfg.first_pair.saturating_add(i / 2);
    let opening = (!cfg.openings.is_empty())
        .then(|| cfg.openings[pair as usize % cfg.openings.len()].clone());
    let seed = cfg.seed.wrapping_add(u64::from(pair));
    let mut players: [&mut Player; 2] =
        if first_white { [&mut *a, &mut *b] } else { [&mut *b, &mut *a] };
    let (mut record, outcome, fault) = play_game(cfg, &mut players, opening.as_deref(), seed)?;
    record.round = pair.saturating_mul(2).saturating_add(i % 2 + 1);
    let first_color = if first_white { Color::White } else { Color::Black };
    let first_score = match outcome {
        Some(Outcome::Win(c)) if c == first_color => 1.0,
        Some(Outcome::Win(_)) => 0.0,
        _ => 0.5,
    };
    // The faulty process's own last lines, read before it is restarted (the new process's log
    // holds only its handshake).
    let log = fault.as_ref().map(|(side, what)| {
        let p: &Player = if (*side == Color::White) == first_white { a } else { b };
        fault_report(i + 1, what, &p.recent_log())
    });
    // Restart an engine that faulted (it may hang or be dead).
    if let Some((side, _)) = &fault {
        let faulty: &mut Player = if (*side == Color::White) == first_white { a } else { b };
        let proto = faulty.proto;
        if faulty.boot(proto).is_err() {
            return Err(format!("could not restart {}", faulty.cmd));
        }
    }
    Ok(Done { index: i, names: names.clone(), record, first_score, fault: log })
}

/// Where a finished game is reported: the output (a terminal gets one progress line rewritten
/// in place), the PGN file, today's date for it.
struct Log<'a> {
    out: &'a mut dyn Write,
    tty: bool,
    pgn: Option<&'a mut std::fs::File>,
    today: &'a str,
}

/// Counts a finished game into `summary` and reports it; sets `stop` when the SPRT has
/// decided.
fn count(
    cfg: &MatchConfig,
    summary: &mut Summary,
    pairs: &mut PairBook,
    done: Done,
    log: Log<'_>,
    stop: &AtomicBool,
) {
    let Log { out, tty, pgn, today } = log;
    match done.first_score {
        s if s > 0.75 => summary.wdl.w += 1,
        s if s < 0.25 => summary.wdl.l += 1,
        _ => summary.wdl.d += 1,
    }
    if let Some((x, y)) = pairs.record(done.index, done.first_score) {
        summary.penta.add_pair(x, y);
    }
    summary.names.clone_from(&done.names);
    if let Some(f) = &done.fault {
        summary.faults.push(f.clone());
        let _ = writeln!(out, "{}fault: {f}", if tty { "\n" } else { "" });
    }
    if let Some(file) = pgn {
        let _ = file.write_all(done.record.to_pgn(today).as_bytes());
        let _ = file.flush();
    }
    summary.records.push(done.record);
    let line = progress_line(&summary.wdl, &summary.penta, cfg.games, cfg.sprt.as_ref());
    if tty {
        let _ = write!(out, "\r{line}   ");
    } else {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
    if let Some(t) = &cfg.sprt {
        if let Some(v) = t.verdict(&summary.penta) {
            summary.verdict = Some(v);
            stop.store(true, Ordering::SeqCst);
        }
    }
    if let Some(path) = &cfg.json {
        if let Err(e) = write_atomically(path, &summary.totals(cfg).to_json()) {
            let _ = writeln!(out, "{}{e}", if tty { "\n" } else { "" });
        }
    }
}

/// Writes `text` to a temporary file beside `path` and renames it over `path`, so that a reader
/// (or a run killed mid-write) never sees half a file.
pub fn write_atomically(path: &std::path::Path, text: &str) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Pairs games into game pairs by their number (games `2k` and `2k + 1` played opening `k`
/// with swapped colours), whatever order they finish in.
#[derive(Debug, Default)]
pub struct PairBook {
    waiting: HashMap<u32, (u32, f64)>,
}

impl PairBook {
    /// Records game `index`'s first-engine score; returns the pair's two scores (in game order)
    /// when this game completes its pair.
    pub fn record(&mut self, index: u32, score: f64) -> Option<(f64, f64)> {
        let pair = index / 2;
        match self.waiting.remove(&pair) {
            Some((other, s)) if other != index => {
                Some(if other < index { (s, score) } else { (score, s) })
            }
            _ => {
                self.waiting.insert(pair, (index, score));
                None
            }
        }
    }

    /// Games whose partner has not finished.
    pub fn unpaired(&self) -> usize {
        self.waiting.len()
    }
}

/// The names the engines play under: the given ones, else those they announce; two equal
/// names get ` (1)` and ` (2)` so a self-play PGN tells the engines apart.
pub fn engine_names(given: &[Option<String>; 2], announced: [&str; 2]) -> [String; 2] {
    let pick = |i: usize| given[i].clone().unwrap_or_else(|| announced[i].to_string());
    let (a, b) = (pick(0), pick(1));
    if a == b {
        [format!("{a} (1)"), format!("{b} (2)")]
    } else {
        [a, b]
    }
}

/// The time control of a match as one text (`A vs B` under time odds).
pub fn time_control_text(cfg: &MatchConfig) -> String {
    let first = cfg.control.scaled(cfg.odds);
    if first == cfg.control {
        time_control_tag(&cfg.control)
    } else {
        format!("{} vs {}", time_control_tag(&first), time_control_tag(&cfg.control))
    }
}

impl Summary {
    /// The totals of this run (for the report and the JSON summary).
    pub fn totals(&self, cfg: &MatchConfig) -> Totals {
        Totals {
            variant: cfg.variant.name().to_string(),
            names: self.names.clone(),
            time_control: time_control_text(cfg),
            wdl: self.wdl,
            penta: self.penta,
            faults: u32::try_from(self.faults.len()).unwrap_or(u32::MAX),
            sprt: cfg.sprt,
            runs: 1,
        }
    }
}

/// `Games 12/100  W-D-L 5-4-3  58.3%  Elo +58 ± 120  Ptnml [0, 2, 1, 2, 1]` and, with an SPRT,
/// `LLR: 0.31 (-2.94, 2.94) [0.00, 10.00]`.
pub fn progress_line(r: &Wdl, p: &Penta, total: u32, sprt: Option<&Sprt>) -> String {
    let elo = match r.elo() {
        Some((e, err)) => format!("Elo {:+.0} ± {err:.0}", e.round() + 0.0),
        None => "Elo n/a".to_string(),
    };
    let mut s = format!(
        "Games {}/{total}  W-D-L {}-{}-{}  {:.1}%  {elo}",
        r.n(),
        r.w,
        r.d,
        r.l,
        100.0 * r.score()
    );
    let q = p.0;
    s.push_str(&format!("  Ptnml [{}, {}, {}, {}, {}]", q[0], q[1], q[2], q[3], q[4]));
    if let Some(t) = sprt {
        s.push_str(&format!("  {}", t.line(p)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs are games 2k and 2k + 1 whatever order they finish in: here 3, 0, 2, 5, 1, 4.
    #[test]
    fn pairs_form_by_game_number() {
        let mut book = PairBook::default();
        let scores = [1.0, 0.5, 0.0, 1.0, 0.5, 0.5];
        let mut penta = Penta::default();
        let mut completed = Vec::new();
        for i in [3, 0, 2, 5, 1, 4] {
            if let Some((a, b)) = book.record(i, scores[i as usize]) {
                penta.add_pair(a, b);
                completed.push((i / 2, a, b));
            }
        }
        // Pair 1 (games 2, 3: 0 + 1), pair 0 (games 0, 1: 1 + 0.5), pair 2 (0.5 + 0.5).
        assert_eq!(completed, [(1, 0.0, 1.0), (0, 1.0, 0.5), (2, 0.5, 0.5)]);
        assert_eq!(penta, Penta([0, 0, 2, 1, 0]));
        assert_eq!(book.unpaired(), 0);
        assert_eq!(book.record(7, 1.0), None);
        assert_eq!(book.unpaired(), 1);
    }

    #[test]
    fn names_are_told_apart() {
        let none = [None, None];
        assert_eq!(engine_names(&none, ["M", "M"]), ["M (1)", "M (2)"]);
        assert_eq!(engine_names(&none, ["A", "B"]), ["A", "B"]);
        let given = [Some("new".to_string()), None];
        assert_eq!(engine_names(&given, ["M", "M"]), ["new", "M"]);
    }
}
