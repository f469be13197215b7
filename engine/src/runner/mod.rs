//! `menagerie match`: engine-vs-engine games in any variant, with the engine's own rules as the
//! arbiter (every move validated, the PieceEater die rolled from a logged seed), clocks,
//! adjudication, fault handling (illegal move, time forfeit, crash or hang lose the game and the
//! engine is restarted), PGN output, a progress line with Elo, pentanomial statistics over game
//! pairs, an SPRT, and a JSON summary that `match-merge` totals across runs.

pub mod json;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod process;
pub mod report;
pub mod stats;

use crate::game::{reason_text, result_token};
use crate::protocol::api::{new_game, Flavor, GameApi};
use movegen::rules::{GameEnd, Outcome, VariantId};
use movegen::types::Color;
use pgn::Record;
use player::{Control, Player, Proto, Turn};
use process::Fault;
use rand_core::SeedableRng;
use report::Totals;
use stats::{Penta, Sprt, Verdict, Wdl};
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One engine of the match.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Command line.
    pub cmd: String,
    /// Protocol, or `None` to detect.
    pub proto: Option<Proto>,
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

/// A played game: its record, its outcome, and the side that caused a fault (with what).
type Played = (Record, Option<Outcome>, Option<(Color, String)>);

/// Plays one game between `players` (index 0 = White). Returns the record, the outcome, and a
/// fault description if a player caused the end.
#[allow(clippy::too_many_lines)]
fn play_game(
    cfg: &MatchConfig,
    players: &mut [&mut Player; 2],
    start_fen: Option<&str>,
    seed: u64,
) -> Result<Played, String> {
    let mut game: Box<dyn GameApi> = new_game(cfg.variant, start_fen)?;
    let variant_start = new_game(cfg.variant, None)?.fen();
    let fen = start_fen.map(str::to_string).filter(|f| *f != variant_start);
    let mut die = rand_pcg::Pcg64::seed_from_u64(seed);
    let xb_name = game.xboard_name();
    let black_first = game.turn() == Color::Black;
    let first_move_number =
        game.fen().split_whitespace().nth(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    // Each side's limit (they differ under time odds), by colour.
    let controls = [players[0].control().clone(), players[1].control().clone()];
    let clock_of = |c: &Control| match *c {
        Control::Clock { base_ms, inc_ms, moves } => (base_ms as i64, inc_ms as i64, moves),
        _ => (0, 0, 0),
    };
    let (bases, incs) = (
        [clock_of(&controls[0]).0, clock_of(&controls[1]).0],
        [clock_of(&controls[0]).1, clock_of(&controls[1]).1],
    );
    let moves = clock_of(&controls[0]).2;
    let mut clock = bases;
    let variant_name = cfg.variant.name().to_string();
    let mut fault: Option<(Color, String)> = None;
    let mut outcome: Option<Outcome> = None;
    let mut termination = String::new();
    let mut moves_made = [0u32; 2];
    let mut resign_streak = [0u32; 2];
    let mut draw_streak = 0u32;
    {
        let empty: Vec<String> = Vec::new();
        for (i, p) in players.iter_mut().enumerate() {
            let t = Turn {
                variant: &variant_name,
                xboard_variant: xb_name,
                start_fen: fen.as_deref(),
                moves_uci: &empty,
                moves_xboard: &empty,
                my_ms: 0,
                opp_ms: 0,
                white: i == 0,
                moves_to_go: None,
            };
            if let Err(f) = p.new_game(&t) {
                let side = if i == 0 { Color::White } else { Color::Black };
                fault = Some((side, format!("{} at game start: {f}", p.name)));
                outcome = Some(Outcome::Win(!side));
                termination = format!("{} failed to start the game ({f})", p.name);
            }
        }
    }
    while outcome.is_none() {
        if let Some(end) = game.end() {
            outcome = Some(end.outcome);
            termination = reason_text(&end);
            break;
        }
        if game.ply() >= cfg.max_plies {
            outcome = Some(Outcome::Draw);
            termination = format!("Draw: game longer than {} plies", cfg.max_plies);
            break;
        }
        let side = game.turn();
        let si = side.index();
        let moves_uci = game.move_texts(Flavor::Uci);
        // In a game of chance, XBoard 4.9.1's forms leave out the PieceEater's step where XBoard
        // cannot draw it (drops, e.p., ...), and the receiver would roll its own die: relay the
        // full turn in notation.md form instead, which the XBoard adapter accepts (issue 16).
        let moves_xb = if game_has_chance(cfg.variant) {
            moves_uci.clone()
        } else {
            game.move_texts(Flavor::Xboard)
        };
        let mtg = (moves > 0).then(|| moves - moves_made[si] % moves);
        let turn = Turn {
            variant: &variant_name,
            xboard_variant: xb_name,
            start_fen: fen.as_deref(),
            moves_uci: &moves_uci,
            moves_xboard: &moves_xb,
            my_ms: clock[si],
            opp_ms: clock[1 - si],
            white: side == Color::White,
            moves_to_go: mtg,
        };
        let margin = cfg.time_margin_ms as i64;
        let budget_ms = match controls[si] {
            Control::Clock { .. } => (clock[si] + margin).max(1) as u64,
            Control::MoveTime(ms) => ms + cfg.hang_ms,
            Control::Depth(_) | Control::Nodes(_) => cfg.hang_ms,
        };
        let started = Instant::now();
        let deadline = started + Duration::from_millis(budget_ms);
        let player = &mut players[si];
        let reply = player.turn(&turn, deadline);
        let elapsed = started.elapsed().as_millis() as i64;
        let reply = match reply {
            Ok(r) => r,
            Err(f) => {
                let what = match f {
                    Fault::Timeout if matches!(controls[si], Control::Clock { .. }) => {
                        "loses on time".to_string()
                    }
                    other => other.to_string(),
                };
                termination = format!("{} {what}", player.name);
                fault = Some((side, format!("{termination} at {}", game.fen())));
                outcome = Some(Outcome::Win(!side));
                break;
            }
        };
        if let Control::Clock { .. } = controls[si] {
            clock[si] -= elapsed;
            if clock[si] < -margin {
                termination = format!("{} loses on time", player.name);
                fault = Some((side, format!("{termination} at {}", game.fen())));
                outcome = Some(Outcome::Win(!side));
                break;
            }
            clock[si] += incs[si];
            moves_made[si] += 1;
            if moves > 0 && moves_made[si] % moves == 0 {
                clock[si] += bases[si];
            }
        }
        if reply.text == "resign" {
            termination = format!("{} resigns", player.name);
            outcome = Some(Outcome::Win(!side));
            break;
        }
        let flavor = if player.proto == Proto::Uci { Flavor::Uci } else { Flavor::Xboard };
        match play_reply(game.as_mut(), &reply.text, flavor, &mut die) {
            Err(e) => {
                termination =
                    format!("{} played an illegal move {} ({e})", player.name, reply.text);
                fault = Some((side, format!("{termination} at {}", game.fen())));
                outcome = Some(Outcome::Win(!side));
                break;
            }
            // The mover's own game holds another outcome than the one rolled here: it takes its
            // move back and gets the rolled turn with the next relay.
            Ok(Taken::Rerolled) => player.retract_last(),
            Ok(Taken::AsSent) => {}
        }
        // Adjudication on reported scores (engine's own view).
        if let Some(score) = reply.score {
            if let Some((cp, n)) = cfg.resign {
                if score <= -cp {
                    resign_streak[si] += 1;
                } else {
                    resign_streak[si] = 0;
                }
                // The opponent must agree (its last scores show it winning).
                if resign_streak[si] >= n && resign_streak[1 - si] == 0 {
                    termination = format!("{} adjudicated lost (score {score})", player.name);
                    outcome = Some(Outcome::Win(!side));
                    break;
                }
            }
            if let Some((cp, n, after)) = cfg.draw {
                let move_no = (game.ply() / 2) as u32 + 1;
                if score.abs() <= cp && move_no >= after {
                    draw_streak += 1;
                } else {
                    draw_streak = 0;
                }
                if draw_streak >= 2 * n {
                    termination = "Draw by adjudication".into();
                    outcome = Some(Outcome::Draw);
                    break;
                }
            }
        }
    }
    let result = result_token(
        outcome.map(|o| GameEnd { outcome: o, reason: movegen::rules::EndReason::Checkmate }),
    );
    for p in players.iter_mut() {
        p.game_over(result, &termination);
    }
    let record = Record {
        event: cfg.event.clone(),
        site: "menagerie match".into(),
        round: 0,
        white: players[0].name.clone(),
        black: players[1].name.clone(),
        variant: variant_name.clone(),
        fen,
        seed: game_has_chance(cfg.variant).then_some(seed),
        time_control: if controls[0] == controls[1] {
            time_control_tag(&controls[0])
        } else {
            format!("{} vs {}", time_control_tag(&controls[0]), time_control_tag(&controls[1]))
        },
        sans: game.move_sans(),
        coords: game.move_texts(Flavor::Uci),
        result: result.to_string(),
        termination,
        black_first,
        first_move_number,
    };
    Ok((record, outcome, fault))
}

/// How an engine's move was taken.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Taken {
    /// As the engine's own game has it.
    AsSent,
    /// With a chance outcome rolled by the runner that the engine may not have applied.
    Rerolled,
}

/// Plays an engine's move. In a game of chance the runner is the arbiter and rolls every
/// outcome itself with `die` (notation.md: the die is not the player's to roll): an XBoard
/// engine's own step, sent in the kill slot or left out, is replaced by the rolled one, so every
/// game replays from its seed whatever the protocols. UCI engines send the action alone.
fn play_reply(
    game: &mut dyn GameApi,
    text: &str,
    flavor: Flavor,
    die: &mut rand_pcg::Pcg64,
) -> Result<Taken, String> {
    if !(game_has_chance(game.variant()) && flavor == Flavor::Xboard) {
        game.play_engine_move(text, flavor, die)?;
        return Ok(Taken::AsSent);
    }
    // The engine's full turn in notation.md form, when its text carries (or fixes) the step.
    let own = {
        let mut g = game.clone_box();
        g.play_text(text, Flavor::Xboard).ok().and_then(|_| g.move_texts(Flavor::Uci).pop())
    };
    let rolled = match &own {
        Some(full) => {
            let action = full.split(',').next().unwrap_or(full);
            game.play_engine_move(action, Flavor::Uci, die)?
        }
        None => game.play_engine_move(text, Flavor::Xboard, die)?,
    };
    Ok(if own.as_deref() == Some(rolled.as_str()) { Taken::AsSent } else { Taken::Rerolled })
}

fn game_has_chance(v: VariantId) -> bool {
    v.has_chance()
}

/// Today's date as a PGN `Date` tag writes it.
pub fn date() -> String {
    // Days since the epoch to a civil date (proleptic Gregorian).
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
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
    // Validate the openings before starting anything.
    for o in &cfg.openings {
        new_game(cfg.variant, Some(o)).map_err(|e| format!("opening `{o}`: {e}"))?;
    }
    new_game(cfg.variant, None)?;
    // A summary file that cannot be written fails now, not after the games.
    if let Some(path) = &cfg.json {
        write_atomically(path, "")?;
        std::fs::remove_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let next = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel::<Result<Done, String>>();
    let concurrency = cfg.concurrency.clamp(1, 64).min(cfg.games as usize);
    let mut workers = Vec::new();
    let boot_error = Arc::new(Mutex::new(None::<String>));
    for _ in 0..concurrency {
        let (cfg, next, stop, tx, boot_error) =
            (cfg.clone(), next.clone(), stop.clone(), tx.clone(), boot_error.clone());
        workers.push(std::thread::spawn(move || {
            let start = |i: usize| {
                let e = &cfg.engines[i];
                let control =
                    if i == 0 { cfg.control.scaled(cfg.odds) } else { cfg.control.clone() };
                Player::start(&e.cmd, e.proto, control, cfg.hash_mb, cfg.threads)
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
                let first_white = i % 2 == 0;
                let pair = cfg.first_pair.saturating_add(i / 2);
                let opening = (!cfg.openings.is_empty())
                    .then(|| cfg.openings[pair as usize % cfg.openings.len()].clone());
                let seed = cfg.seed.wrapping_add(u64::from(pair));
                let mut players: [&mut Player; 2] =
                    if first_white { [&mut a, &mut b] } else { [&mut b, &mut a] };
                let res = play_game(&cfg, &mut players, opening.as_deref(), seed);
                let (mut record, outcome, fault) = match res {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                record.round = pair.saturating_mul(2).saturating_add(i % 2 + 1);
                let first_color = if first_white { Color::White } else { Color::Black };
                let first_score = match outcome {
                    Some(Outcome::Win(c)) if c == first_color => 1.0,
                    Some(Outcome::Win(_)) => 0.0,
                    _ => 0.5,
                };
                // The faulty process's own last lines, read before it is restarted (the new
                // process's log holds only its handshake).
                let log = fault.as_ref().map(|(side, what)| {
                    let p: &Player = if (*side == Color::White) == first_white { &a } else { &b };
                    fault_report(i + 1, what, &p.recent_log())
                });
                // Restart an engine that faulted (it may hang or be dead).
                if let Some((side, _)) = &fault {
                    let faulty: &mut Player =
                        if (*side == Color::White) == first_white { &mut a } else { &mut b };
                    let proto = faulty.proto;
                    if faulty.boot(proto).is_err() {
                        let _ = tx.send(Err(format!("could not restart {}", faulty.cmd)));
                        return;
                    }
                }
                let done = Done { index: i, names: names.clone(), record, first_score, fault: log };
                if tx.send(Ok(done)).is_err() {
                    return;
                }
            }
        }));
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
        let done = match msg {
            Ok(d) => d,
            Err(e) => {
                error.get_or_insert(e);
                stop.store(true, Ordering::SeqCst);
                continue;
            }
        };
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
        if let Some(file) = pgn_file.as_mut() {
            let _ = file.write_all(done.record.to_pgn(&today).as_bytes());
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
