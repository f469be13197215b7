//! UCI adapter (with Fairy-Stockfish's `UCI_Variant` convention and `go perft`).

use crate::protocol::{check, sanitize, Engine, Line, ENGINE_AUTHOR, ENGINE_NAME};
use crate::protocol::{HASH_MAX_MB, THREADS_MAX};
use movegen::rules::VariantId;
use movegen::types::Color;
use search::skill::{ELO_MAX, ELO_MIN, MAX_LEVEL};
use search::{Clock, Config, Limits, Score};
use session::api::{new_game_with, Event, GameApi, Listener, MoveIn, Notation};
use std::sync::Arc;
use std::time::{Duration, Instant};

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

/// Formats a score for UCI.
pub fn uci_score(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(n) => format!("mate {n}"),
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
        let vars: Vec<String> = VariantId::ALL.iter().map(|v| format!("var {v}")).collect();
        o.line(&format!("option name UCI_Variant type combo default chess {}", vars.join(" ")));
        o.line(&format!("option name Hash type spin default 64 min 1 max {HASH_MAX_MB}"));
        o.line(&format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"));
        o.line("option name MultiPV type spin default 1 min 1 max 256");
        o.line("option name Seed type spin default 0 min 0 max 2147483647");
        o.line("option name Move Overhead type spin default 30 min 0 max 5000");
        o.line("option name Ponder type check default false");
        o.line("option name UCI_Chess960 type check default false");
        o.line(&format!(
            "option name Skill Level type spin default {MAX_LEVEL} min 0 max {MAX_LEVEL}"
        ));
        o.line("option name UCI_LimitStrength type check default false");
        o.line(&format!(
            "option name UCI_Elo type spin default {ELO_MAX} min {ELO_MIN} max {ELO_MAX}"
        ));
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
        // setoption name <words> [value <words>]
        if args.first() != Some(&"name") {
            return self.err("setoption needs `name`");
        }
        let vpos = args.iter().position(|&t| t == "value");
        let name = args[1..vpos.unwrap_or(args.len())].join(" ");
        let value = vpos.map(|i| args[i + 1..].join(" ")).unwrap_or_default();
        if self.s.searcher.is_running() {
            return self.err("setoption while searching is ignored");
        }
        let num = |max: u64, min: u64| -> Result<u64, String> {
            value.parse::<u64>().ok().filter(|v| (min..=max).contains(v)).ok_or_else(|| {
                format!("option {name}: `{}` is not in {min}..={max}", sanitize(&value))
            })
        };
        let r: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match VariantId::parse(&value) {
                None => Err(format!("unknown variant `{}`", sanitize(&value))),
                Some(v) => new_game_with(v, None, self.s.opts.seed, self.s.opts.chess960)
                    .map(|g| {
                        self.variant = v;
                        self.game = g;
                        let fen = self.game.fen();
                        self.s.out.line(&format!("info string variant {v} startpos {fen}"));
                    })
                    .map_err(|e| e.to_string()),
            },
            "hash" => num(HASH_MAX_MB as u64, 1).and_then(|v| self.s.set_hash(v as usize)),
            "threads" => num(THREADS_MAX as u64, 1)
                .and_then(|v| self.s.set_threads(v as usize))
                .map(|()| self.threads_note()),
            "multipv" => num(256, 1).map(|v| self.s.opts.multipv = v as u32),
            "seed" => num(2_147_483_647, 0).map(|v| self.s.opts.seed = v),
            "move overhead" => num(5000, 0).map(|v| self.s.opts.overhead_ms = v),
            "ponder" => Ok(()),
            "uci_chess960" => check(&name, &value).map(|b| self.s.opts.chess960 = b),
            "skill level" => {
                num(u64::from(MAX_LEVEL), 0).map(|v| self.s.opts.skill_level = v as u8)
            }
            "uci_limitstrength" => check(&name, &value).map(|b| self.s.opts.limit_strength = b),
            "uci_elo" => {
                num(u64::from(ELO_MAX), u64::from(ELO_MIN)).map(|v| self.s.opts.elo = v as u32)
            }
            _ => Err(format!("unknown option `{}`", sanitize(&name))),
        };
        if let Err(e) = r {
            self.err(e);
        }
    }

    fn position(&mut self, args: &[&str]) {
        if self.s.searcher.is_running() {
            return self.err("position while searching is ignored (send stop first)");
        }
        let moves_at = args.iter().position(|&t| t == "moves");
        let head = &args[..moves_at.unwrap_or(args.len())];
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            _ => return self.err("position needs `startpos` or `fen <FEN>`"),
        };
        // Build the new game completely before replacing the old one.
        let opts = &self.s.opts;
        let mut g = match new_game_with(self.variant, fen.as_deref(), opts.seed, opts.chess960) {
            Ok(g) => g,
            Err(e) => return self.err(e),
        };
        if let Some(i) = moves_at {
            for (k, m) in args[i + 1..].iter().enumerate() {
                // A PieceEater turn without its PE leg: forced steps are applied, free ones
                // drawn by the die keyed by the `Seed` option (notation.md).
                if let Err(e) =
                    g.play(MoveIn::Keyed { text: m, seed: self.s.opts.seed }, Notation::Rules)
                {
                    return self.err(format!(
                        "illegal move {} (move {} of the list): {e}; position unchanged",
                        sanitize(m),
                        k + 1
                    ));
                }
            }
        }
        self.game = g;
    }

    /// `go perft N`: perft split by root move on the search thread.
    fn go_perft(&mut self, args: &[&str]) {
        let Some(d) =
            args.get(1).and_then(|s| s.parse::<u32>().ok()).filter(|d| (1..=20).contains(d))
        else {
            return self.err("go perft needs a depth 1..=20");
        };
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
        if args.first() == Some(&"perft") {
            return self.go_perft(args);
        }
        let mut limits = Limits::default();
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0u64, 0u64, None);
        let mut ponder = false;
        // What cannot be read is said, and the `go` is still answered: a GUI waits for
        // `bestmove` after every `go`, so an unreadable one gets a depth 1 search.
        let mut unreadable: Option<String> = None;
        let mut i = 0;
        while i < args.len() && unreadable.is_none() {
            let key = args[i];
            let val = args.get(i + 1).and_then(|v| go_number(v));
            let need = |v: Option<i64>| v.map(|x| x.max(0) as u64);
            match key {
                "infinite" => limits.infinite = true,
                "ponder" => ponder = true,
                "searchmoves" => unreadable = Some("go searchmoves is not supported".into()),
                // No mate can be found in fewer than one move, and `mate` alone bounds nothing
                // else: searching for one would never end. Said so, and answered by a depth-1
                // search (a GUI waits for `bestmove` after every `go`).
                "mate" if val.is_some_and(|v| v <= 0) => {
                    self.err(format!(
                        "go mate {} asks for no move: answering with a depth 1 search",
                        val.unwrap_or_default()
                    ));
                    limits.depth = Some(1);
                    i += 1;
                }
                "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes"
                | "movetime" | "mate" => {
                    let Some(v) = need(val) else {
                        unreadable = Some(format!("go {key} needs a number"));
                        continue;
                    };
                    match key {
                        "wtime" => wtime = Some(v),
                        "btime" => btime = Some(v),
                        "winc" => winc = v,
                        "binc" => binc = v,
                        "movestogo" => mtg = Some(v.min(1000) as u32),
                        "depth" => {
                            let d = v.clamp(1, 200) as u32;
                            limits.depth = Some(limits.depth.map_or(d, |e| e.min(d)));
                        }
                        "nodes" => limits.nodes = Some(v.max(1)),
                        "movetime" => limits.movetime = Some(Duration::from_millis(v)),
                        _ => limits.mate = Some(v.min(200) as u32),
                    }
                    i += 1;
                }
                _ => unreadable = Some(format!("go: unknown token `{}`", sanitize(key))),
            }
            i += 1;
        }
        if let Some(e) = unreadable {
            self.err(format!("{e}: answering with a depth 1 search"));
            (limits, ponder, wtime, btime) = (Limits::default(), false, None, None);
            limits.depth = Some(1);
        }
        let (time, inc) = match self.game.turn() {
            Color::White => (wtime, winc),
            Color::Black => (btime, binc),
        };
        if let Some(t) = time {
            limits.clock = Some(Clock {
                time: Duration::from_millis(t),
                inc: Duration::from_millis(inc),
                moves_to_go: mtg,
            });
        }
        let config = Config {
            multipv: self.s.opts.multipv,
            overhead: Duration::from_millis(self.s.opts.overhead_ms),
            ponder,
            random: self.s.opts.random_mover.then_some(self.s.opts.seed),
            skill: self.s.opts.skill(),
            seed: self.s.opts.seed,
            ..Config::default()
        };
        self.ponder_limits = ponder.then(|| (limits.clone(), Instant::now()));
        let listener = listener(self.s.out.clone());
        self.game.go(&self.s.searcher, limits, config, listener, Notation::Rules);
    }
}

/// The search's reports as UCI lines on `out`: `info ...` for each iteration, then
/// `bestmove`.
fn listener(out: crate::protocol::Out) -> Listener {
    Arc::new(move |e| {
        match e {
            Event::Info { info, pv } => out.line(&format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
                info.depth,
                info.seldepth,
                info.multipv,
                uci_score(info.score),
                info.nodes,
                info.nps,
                info.hashfull,
                info.time_ms,
                pv.join(" ")
            )),
            Event::Best { best, ponder, .. } => out.line(&match (best, ponder) {
                (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                (Some(b), None) => format!("bestmove {b}"),
                (None, _) => "bestmove 0000".to_string(),
            }),
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

/// A `go` argument as a number: a whole number past the range of `i64` is clamped to it (a
/// GUI's "no limit" written as `u64::MAX`, say); anything else is `None`.
fn go_number(v: &str) -> Option<i64> {
    let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(v.parse::<i64>().unwrap_or(if v.starts_with('-') { i64::MIN } else { i64::MAX }))
}
