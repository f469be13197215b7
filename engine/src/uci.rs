//! UCI adapter (with Fairy-Stockfish's `UCI_Variant` convention and `go perft`).

use crate::protocol::{sanitize, Engine, Line, ENGINE_AUTHOR, ENGINE_NAME};
use crate::protocol::{HASH_MAX_MB, THREADS_MAX};
use movegen::rules::VariantId;
use search::{Config, Limits};
use session::api::{new_game_with, Event, GameApi, Listener, Notation};
use std::sync::Arc;
use std::time::{Duration, Instant};
use ucicmd::{Offer, Setting};

/// What this engine's `uci` answer offers: a large hash, threads, pondering.
const OFFER: Offer = Offer { hash: (64, HASH_MAX_MB), threads: Some(THREADS_MAX), ponder: true };

/// The UCI state machine.
pub struct Uci {
    s: Engine,
    /// The current game.
    game: Box<dyn GameApi>,
    variant: VariantId,
    /// Limits of a running `go ponder`, applied at `ponderhit`.
    ponder_limits: Option<(Limits, Instant)>,
}

impl std::fmt::Debug for Uci {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Uci({}, {:?})", self.variant, self.s)
    }
}

impl Uci {
    /// The UCI front end of `s`, playing the default variant from its start.
    pub fn new(s: Engine) -> Uci {
        let variant = VariantId::DEFAULT;
        let game = new_game_with(variant, None, 0, false).expect("every variant is built");
        Uci { s, game, variant, ponder_limits: None }
    }

    fn err(&self, msg: impl std::fmt::Display) {
        self.s.out.line(&format!("info string error {msg}"));
    }

    /// Processes lines until `quit` or the end of input.
    pub fn run(&mut self, lines: impl Iterator<Item = Line>) {
        crate::protocol::serve(self, lines);
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { return true };
        let args = &tokens[1..];
        match cmd {
            "uci" => self.uci(),
            "isready" => self.s.out.line("readyok"),
            "debug" => {}
            "ucinewgame" => {
                self.s.searcher.stop();
                self.s.searcher.wait();
                self.s.searcher.clear_hash();
                match new_game_with(self.variant, None, self.s.opts.seed, self.s.opts.chess960) {
                    Ok(g) => self.game = g,
                    Err(e) => self.err(e),
                }
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => {
                // Finish the stopped search first, so its `bestmove` precedes any later reply.
                self.s.searcher.stop();
                self.s.searcher.wait();
            }
            "ponderhit" => {
                if let Some((limits, start)) = self.ponder_limits.take() {
                    let overhead = Duration::from_millis(self.s.opts.overhead_ms);
                    self.s.searcher.ponderhit(&limits, overhead, start.elapsed());
                } else {
                    self.err("ponderhit without go ponder");
                }
            }
            "quit" => return false,
            "d" => {
                self.s.out.line(&format!("info string variant {}", self.variant));
                self.s.out.line(&format!("info string fen {}", self.game.fen()));
            }
            _ => self.err(format!("unknown command: {}", sanitize(line))),
        }
        true
    }

    fn uci(&self) {
        let o = &self.s.out;
        o.line(&format!("id name {ENGINE_NAME}"));
        o.line(&format!("id author {ENGINE_AUTHOR}"));
        for line in ucicmd::option_lines(OFFER) {
            o.line(&line);
        }
        o.line("uciok");
    }

    /// Says so when fewer threads search than `Threads` asks for (at most twice the
    /// processors: `search::max_searching`).
    fn threads_note(&self) {
        let (asked, searching) = (self.s.searcher.threads(), self.s.searcher.searching_threads());
        if searching < asked {
            self.s.out.line(&format!(
                "info string Threads {asked}: {searching} threads search (at most twice the \
                 processors)"
            ));
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        let setting = match ucicmd::setoption(args, OFFER) {
            Ok(setting) => setting,
            Err(e) => return self.err(e),
        };
        if self.s.searcher.is_running() {
            return self.err("setoption while searching is ignored");
        }
        let r: Result<(), String> = match setting {
            Setting::Variant(v) => new_game_with(v, None, self.s.opts.seed, self.s.opts.chess960)
                .map(|g| {
                    self.variant = v;
                    self.game = g;
                    let fen = self.game.fen();
                    self.s.out.line(&format!("info string variant {v} startpos {fen}"));
                })
                .map_err(|e| e.to_string()),
            Setting::Hash(v) => self.s.set_hash(v),
            Setting::Threads(v) => self.s.set_threads(v).map(|()| self.threads_note()),
            other => {
                self.s.opts.set(other);
                Ok(())
            }
        };
        if let Err(e) = r {
            self.err(e);
        }
    }

    fn position(&mut self, args: &[&str]) {
        if self.s.searcher.is_running() {
            return self.err("position while searching is ignored (send stop first)");
        }
        let opts = &self.s.opts;
        match ucicmd::position(args, self.variant, opts.seed, opts.chess960) {
            Ok(g) => self.game = g,
            Err(e) => self.err(e),
        }
    }

    /// `go perft N`: perft split by root move on the search thread.
    fn go_perft(&mut self, d: u32) {
        let game = self.game.clone_box();
        let threads = self.s.opts.threads;
        let divide = move |stop: &std::sync::atomic::AtomicBool| {
            game.divide(d, threads, stop, Notation::Rules)
        };
        self.s.spawn_perft(divide, true, "info string perft stopped");
    }

    fn go(&mut self, args: &[&str]) {
        if self.s.searcher.is_running() {
            return self.err("go while searching is ignored");
        }
        let go = match ucicmd::go(args, self.game.turn()) {
            Ok(go) => go,
            Err(e) => return self.err(e),
        };
        if let Some(d) = go.perft {
            return self.go_perft(d);
        }
        for note in &go.notes {
            self.err(note);
        }
        let config = Config {
            multipv: self.s.opts.multipv,
            overhead: Duration::from_millis(self.s.opts.overhead_ms),
            ponder: go.ponder,
            random: self.s.opts.random_mover.then_some(self.s.opts.seed),
            skill: self.s.opts.skill(),
            seed: self.s.opts.seed,
            ..Config::default()
        };
        self.ponder_limits = go.ponder.then(|| (go.limits.clone(), Instant::now()));
        let listener = listener(self.s.out.clone());
        self.game.go(&self.s.searcher, go.limits, config, listener, Notation::Rules);
    }
}

/// The search's reports as UCI lines on `out`: `info ...` for each iteration, then
/// `bestmove`.
fn listener(out: crate::protocol::Out) -> Listener {
    Arc::new(move |e| match e {
        Event::Info { info, pv } => out.line(&ucicmd::info_line(&info, &pv)),
        Event::Best { best, ponder, .. } => {
            out.line(&ucicmd::bestmove_line(best.as_deref(), ponder.as_deref()));
        }
    })
}

impl crate::protocol::FrontEnd for Uci {
    fn handle(&mut self, line: &str) -> bool {
        Uci::handle(self, line)
    }
    fn bad_line(&mut self, why: &str) {
        self.err(why);
    }
    fn engine(&self) -> &Engine {
        &self.s
    }
}
