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
use search::{Config, LocalSearcher, Timer};
use session::api::{new_game_with, GameApi, Notation};
use session::sliced::Sliced;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
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

/// The UCI engine of the WebAssembly build.
#[wasm_bindgen]
pub struct UciEngine {
    game: Box<dyn GameApi>,
    variant: VariantId,
    searcher: LocalSearcher,
    opts: Options,
    pending: Option<Sliced>,
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
        let config = Config {
            multipv: self.opts.multipv,
            skill: self.opts.skill(),
            seed: self.opts.seed,
            ..Config::default()
        };
        let overhead = Duration::from_millis(self.opts.overhead_ms);
        self.pending = Some(Sliced::start(go.limits, config, self.clock.now_ms(), overhead));
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
        let best =
            p.best().map(|(b, ponder)| (action(b.clone()), ponder.clone().filter(|_| !chance)));
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
        let Some(p) = self.pending.as_mut() else { return Vec::new() };
        let slice = p.slice(&*self.game, &mut self.searcher, &self.clock, slice_ms);
        let mut out: Vec<String> =
            slice.infos.iter().map(|(info, pv)| ucicmd::info_line(info, pv)).collect();
        if slice.done {
            out.extend(self.finish());
        }
        out
    }
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
        self.pending.as_ref().is_some_and(|p| !p.waiting())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> UciEngine {
        UciEngine::with_clock(crate::test_clock()).unwrap()
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
