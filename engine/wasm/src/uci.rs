//! The engine speaking UCI on the caller's thread, for a Web Worker (or a Node worker thread)
//! that has no other thread and no `SharedArrayBuffer` (docs/javascript.md). `command` answers
//! every UCI command at once, except that `go` only starts a search; the host then calls
//! `think(ms)` again and again, each call a slice of at most that long, reading its messages
//! between slices, so `stop` is honoured within one slice. A slice is a search of its own that
//! keeps the hash table, so the next slice finds the earlier iterations in the table and goes
//! deeper; the engine reports each depth once, and `bestmove` (the deepest completed line) when
//! a limit is reached or `stop` arrives. The commands' texts are the native engine's
//! (`ucicmd`).

use crate::date_now;
use movegen::rules::VariantId;
use search::{Config, Info, Limits, LocalSearcher, Outcome, Timer};
use session::api::{new_game_with, Event, GameApi, Notation};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use ucicmd::{Offer, Options, Setting};
use wasm_bindgen::prelude::*;

/// The hash table a new engine has (MB) and the most `Hash` accepts: a page's memory is small.
const OFFER: Offer = Offer { hash: (16, 1024), threads: None, ponder: false };

/// JavaScript's clock (`Date.now()`).
#[derive(Debug)]
struct JsClock;

impl Timer for JsClock {
    fn now_ms(&self) -> f64 {
        date_now()
    }
}

/// A search under way: its limits, what it has found and reported so far.
#[derive(Debug)]
struct Pending {
    limits: Limits,
    config: Config,
    /// When `go` arrived (the clock's ms).
    started: f64,
    /// Stop deepening after this many ms, abort at that many (from the limits' budget).
    soft: Option<f64>,
    hard: Option<f64>,
    /// Nodes of the slices so far.
    nodes: u64,
    /// The deepest depth reported, and the best move and expected reply of its first line.
    depth: u32,
    best: Option<(String, Option<String>)>,
    /// The last slice's own choice, for a search stopped before any iteration completed.
    fallback: Option<(String, Option<String>)>,
    /// A search that reached its limit but must wait for `stop` (`go infinite`).
    waiting: bool,
}

/// The UCI engine of the WebAssembly build.
#[wasm_bindgen]
pub struct UciEngine {
    game: Box<dyn GameApi>,
    variant: VariantId,
    searcher: LocalSearcher,
    opts: Options,
    pending: Option<Pending>,
    clock: Arc<dyn Timer>,
}

impl std::fmt::Debug for UciEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "UciEngine({}, {})", self.variant, self.game.fen())
    }
}

impl UciEngine {
    /// An engine reading `clock` (tests give a clock of their own).
    pub fn with_clock(clock: Arc<dyn Timer>) -> Result<UciEngine, String> {
        let variant = VariantId::DEFAULT;
        let game = new_game_with(variant, None, 0, false).map_err(|e| e.to_string())?;
        let searcher = LocalSearcher::try_new(OFFER.hash.0).map_err(|e| e.to_string())?;
        Ok(UciEngine {
            game,
            variant,
            searcher,
            opts: Options { hash_mb: OFFER.hash.0, ..Options::default() },
            pending: None,
            clock,
        })
    }

    fn setoption(&mut self, args: &[&str]) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        match ucicmd::setoption(args, OFFER)? {
            Setting::Variant(v) => {
                self.game = new_game_with(v, None, self.opts.seed, self.opts.chess960)
                    .map_err(|e| e.to_string())?;
                self.variant = v;
                out.push(format!("info string variant {v} startpos {}", self.game.fen()));
            }
            Setting::Hash(mb) => {
                self.searcher.set_hash(mb).map_err(|e| e.to_string())?;
                self.opts.hash_mb = mb;
            }
            other => {
                self.opts.set(other);
            }
        }
        Ok(out)
    }

    fn go(&mut self, args: &[&str]) -> Result<Vec<String>, String> {
        let go = ucicmd::go(args, self.game.turn())?;
        if let Some(d) = go.perft {
            let stop = AtomicBool::new(false);
            let rows = self.game.divide(d, 1, &stop, Notation::Rules).unwrap_or_default();
            let mut out: Vec<String> = rows.iter().map(|(m, n)| format!("{m}: {n}")).collect();
            out.push(String::new());
            out.push(format!("Nodes searched: {}", rows.iter().map(|(_, n)| n).sum::<u64>()));
            return Ok(out);
        }
        let out: Vec<String> = go.notes.iter().map(|n| format!("info string error {n}")).collect();
        let overhead = Duration::from_millis(self.opts.overhead_ms);
        let budget = go.limits.budget(overhead);
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        self.pending = Some(Pending {
            config: Config {
                multipv: self.opts.multipv,
                overhead: Duration::ZERO,
                skill: self.opts.skill(),
                seed: self.opts.seed,
                ..Config::default()
            },
            soft: budget.soft.map(ms),
            hard: budget.hard.map(ms),
            limits: go.limits,
            started: self.clock.now_ms(),
            nodes: 0,
            depth: 0,
            best: None,
            fallback: None,
            waiting: false,
        });
        Ok(out)
    }

    /// Ends the search under way: its `bestmove` (in a game of chance the action alone, as
    /// the native engine writes it).
    fn finish(&mut self) -> Vec<String> {
        let Some(p) = self.pending.take() else { return Vec::new() };
        let legal = self.game.legal(Notation::Rules);
        let action =
            |text: String| legal.iter().find(|l| l.text == text).map_or(text, |l| l.action.clone());
        // In a game of chance the reply depends on an outcome nobody has rolled yet.
        let chance = self.variant.has_chance();
        let best = p.best.map(|(b, ponder)| (action(b), ponder.filter(|_| !chance))).or(p.fallback);
        let (b, ponder) = match &best {
            Some((b, p)) => (Some(b.as_str()), p.as_deref()),
            None => (None, None),
        };
        vec![ucicmd::bestmove_line(b, ponder)]
    }

    /// Handles one line; returns the lines of the answer.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { return Vec::new() };
        let args = &tokens[1..];
        let searching = self.pending.is_some();
        let r: Result<Vec<String>, String> = match cmd {
            "uci" => {
                let mut out = vec![
                    format!("id name Menagerie {}", env!("CARGO_PKG_VERSION")),
                    "id author Menagerie developers".to_string(),
                ];
                out.extend(ucicmd::option_lines(OFFER));
                out.push("uciok".into());
                Ok(out)
            }
            "isready" => Ok(vec!["readyok".into()]),
            "debug" | "ponderhit" | "quit" => Ok(Vec::new()),
            "stop" => Ok(self.finish()),
            "ucinewgame" | "setoption" | "position" | "go" if searching => {
                Err(format!("{cmd} while searching is ignored (send stop first)"))
            }
            "ucinewgame" => {
                self.searcher.clear_hash();
                new_game_with(self.variant, None, self.opts.seed, self.opts.chess960)
                    .map(|g| {
                        self.game = g;
                        Vec::new()
                    })
                    .map_err(|e| e.to_string())
            }
            "setoption" => self.setoption(args),
            "position" => {
                let (seed, chess960) = (self.opts.seed, self.opts.chess960);
                ucicmd::position(args, self.variant, seed, chess960).map(|g| {
                    self.game = g;
                    Vec::new()
                })
            }
            "go" => self.go(args),
            "d" => Ok(vec![
                format!("info string variant {}", self.variant),
                format!("info string fen {}", self.game.fen()),
            ]),
            _ => Err(format!("unknown command: {}", ucicmd::sanitize(line))),
        };
        r.unwrap_or_else(|e| vec![format!("info string error {e}")])
    }

    /// One slice of the search under way, of at most `slice_ms`: its new `info` lines, and
    /// `bestmove` when the search has reached its limit.
    pub fn slice(&mut self, slice_ms: f64) -> Vec<String> {
        let now = self.clock.now_ms();
        let Some(p) = self.pending.as_mut() else { return Vec::new() };
        if p.waiting {
            return Vec::new();
        }
        let elapsed = now - p.started;
        if p.soft.is_some_and(|s| elapsed >= s) || p.hard.is_some_and(|h| elapsed >= h) {
            return self.finish();
        }
        let cut = p.hard.map_or(elapsed + slice_ms, |h| h.min(elapsed + slice_ms));
        let movetime = (cut - elapsed).max(1.0);
        let limits = Limits {
            depth: p.limits.depth,
            nodes: p.limits.nodes.map(|n| n.saturating_sub(p.nodes).max(1)),
            movetime: Some(Duration::from_secs_f64(movetime / 1000.0)),
            clock: None,
            infinite: false,
            mate: p.limits.mate,
            // The depths completed in earlier slices are in the table: go on from the next.
            from_depth: (p.depth > 0).then_some(p.depth + 1),
        };
        let events = Arc::new(Mutex::new(Vec::new()));
        let sink = events.clone();
        let listener = Arc::new(move |e: Event| sink.lock().expect("lock").push(e));
        let stop = Arc::new(AtomicBool::new(false));
        let config = p.config.clone();
        let outcome = self.game.search_here(
            &mut self.searcher,
            &limits,
            &config,
            self.clock.clone(),
            stop,
            listener,
            Notation::Rules,
        );
        let took = self.clock.now_ms() - now;
        let Some(p) = self.pending.as_mut() else { return Vec::new() };
        let mut out = Vec::new();
        let reported = p.depth;
        let events = std::mem::take(&mut *events.lock().expect("lock"));
        for e in events {
            match e {
                Event::Info { info, pv } if info.depth > reported => {
                    out.push(ucicmd::info_line(
                        &total(&info, p.nodes, now + took - p.started),
                        &pv,
                    ));
                    p.depth = p.depth.max(info.depth);
                    if info.multipv == 1 {
                        if let Some(b) = pv.first() {
                            p.best = Some((b.clone(), pv.get(1).cloned()));
                        }
                    }
                }
                Event::Best { best: Some(b), ponder, .. } => p.fallback = Some((b, ponder)),
                _ => {}
            }
        }
        p.nodes += outcome.nodes;
        if reached_limit(p, &outcome, took, movetime) {
            if p.limits.infinite {
                p.waiting = true;
            } else {
                out.extend(self.finish());
            }
        }
        out
    }
}

/// `info` of a slice counted over the whole search: its nodes after `earlier` nodes, `time`
/// ms since `go`.
fn total(info: &Info, earlier: u64, time: f64) -> Info {
    let nodes = earlier + info.nodes;
    let time_ms = time.max(0.0) as u64;
    let nps = (nodes * 1000).checked_div(time_ms).unwrap_or(nodes * 1000);
    Info { nodes, time_ms, nps, ..info.clone() }
}

/// Whether the search is done after a slice: its depth or node limit reached, or the slice
/// ended before its time (a mate found, the deepest depth, a level's own limits, one move).
fn reached_limit(p: &Pending, outcome: &Outcome, took: f64, movetime: f64) -> bool {
    p.limits.depth.is_some_and(|d| outcome.depth >= d)
        || p.limits.nodes.is_some_and(|n| p.nodes >= n)
        || took + 2.0 < movetime
}

#[wasm_bindgen]
impl UciEngine {
    /// A new engine: chess from its start, a 16 MB table.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<UciEngine, JsValue> {
        UciEngine::with_clock(Arc::new(JsClock)).map_err(|e| JsValue::from_str(&e))
    }

    /// Answers one UCI command: the lines of the answer, `\n`-separated (empty: no answer).
    pub fn command(&mut self, line: &str) -> String {
        self.handle(line).join("\n")
    }

    /// One slice of at most `slice_ms` of the search under way (see the module docs).
    pub fn think(&mut self, slice_ms: f64) -> String {
        self.slice(slice_ms).join("\n")
    }

    /// Whether a search is under way (the host keeps calling `think`).
    pub fn searching(&self) -> bool {
        self.pending.as_ref().is_some_and(|p| !p.waiting)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The system's clock, for tests off the web.
    #[derive(Debug)]
    struct SysClock(std::time::Instant);
    impl Timer for SysClock {
        fn now_ms(&self) -> f64 {
            self.0.elapsed().as_secs_f64() * 1000.0
        }
    }

    fn engine() -> UciEngine {
        UciEngine::with_clock(Arc::new(SysClock(std::time::Instant::now()))).unwrap()
    }

    fn run(e: &mut UciEngine) -> Vec<String> {
        let mut out = Vec::new();
        for _ in 0..10_000 {
            out.extend(e.slice(50.0));
            if e.pending.is_none() {
                break;
            }
        }
        out
    }

    #[test]
    fn depth_search_reports_each_depth_once_then_bestmove() {
        let mut e = engine();
        assert!(e.handle("uci").last().is_some_and(|l| l == "uciok"));
        e.handle("position startpos moves e2e4");
        assert!(e.handle("go depth 5").is_empty());
        let out = run(&mut e);
        let depths: Vec<&str> = out
            .iter()
            .filter_map(|l| l.split(' ').nth(2).filter(|_| l.starts_with("info")))
            .collect();
        assert_eq!(depths, ["1", "2", "3", "4", "5"], "{out:?}");
        assert!(out.last().is_some_and(|l| l.starts_with("bestmove ")), "{out:?}");
    }

    #[test]
    fn stop_answers_at_once_and_bad_input_is_said() {
        let mut e = engine();
        e.handle("setoption name UCI_Variant value pieceeater");
        e.handle("go infinite");
        let _ = e.slice(20.0);
        let out = e.handle("stop");
        assert!(out.len() == 1 && out[0].starts_with("bestmove "), "{out:?}");
        assert!(e.handle("position fen nonsense")[0].starts_with("info string error"));
        assert!(e.handle("frobnicate")[0].starts_with("info string error unknown command"));
        assert_eq!(e.handle("isready"), ["readyok"]);
    }
}
