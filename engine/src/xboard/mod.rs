//! The XBoard / CECP v2 front end, with engine-defined variants (`setup`, `piece`) and the
//! highlight dialogue (`lift`/`put`/`hover`). What XBoard 4.9.1 does with these is recorded in
//! `../shared/reference/xboard-notes.md`; each variant's XBoard dialect (its move, square and
//! FEN forms) is in [`dialect`], the game in XBoard's texts in [`game`], the highlight boards
//! in [`highlight`], our piece pictures under XBoard's image names in [`images`].

pub mod dialect;
pub mod game;
pub mod highlight;
pub mod images;

use crate::protocol::{sanitize, Engine, Line, ENGINE_NAME, HASH_MAX_MB, THREADS_MAX};
use game::{from_xboard_fen, new_game};
use movegen::rules::{GameEnd, VariantId};
use movegen::types::Color;
use search::skill::{ELO_MAX, ELO_MIN, MAX_LEVEL};
use search::{Clock, Config, Info, Limits, Score};
use session::api::{Event, GameApi, Listener, Notation};
use session::end::{reason_text, result_token};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The last iteration's data and its PV as text.
type LastInfo = (Info, Vec<String>);

/// Time control set by `level` / `st`.
#[derive(Clone, Debug, Default)]
struct TimeControl {
    mps: u32,
    base_ms: u64,
    inc_ms: u64,
    st_ms: Option<u64>,
    sd: Option<u32>,
}

/// The XBoard state machine.
pub struct Xboard {
    s: Engine,
    /// The current game.
    game: Box<dyn GameApi>,
    force: bool,
    engine_side: Option<Color>,
    post: bool,
    analyze: bool,
    tc: TimeControl,
    my_time_cs: Option<u64>,
    /// The engine's announced move, applied to the game on the next command: the game
    /// generation it was searched for and the move.
    pending: Arc<Mutex<Option<(u64, u32)>>>,
    /// Generation of `game`: counts every replacement or take-back, so that a move searched
    /// for one game is never played into another.
    generation: u64,
    /// Set (under the `gate` lock) when the running search is abandoned (`force`, `new`, ...):
    /// its move is then neither announced nor played.
    cancelled: Arc<std::sync::atomic::AtomicBool>,
    /// Last completed iteration (for `.` in analyze mode).
    last_info: Arc<Mutex<Option<LastInfo>>>,
    search_start: Instant,
    /// Square of the last `lift` (the highlight dialogue's first leg).
    last_lift: Option<String>,
    /// Square of a `put` answered by the previous command: XBoard follows a `put` on the end of
    /// a multi-leg move's first leg with a `lift` of that square, which asks for the second leg.
    last_put: Option<String>,
    /// `pong` replies held back until the engine has sent its move (CECP: a ping received while
    /// the engine thinks on its move is answered after the move).
    gate: Arc<Mutex<PongGate>>,
}

#[derive(Debug)]
struct PongGate {
    /// False while the engine is thinking on its own move.
    moved: bool,
    queued: Vec<String>,
}

impl std::fmt::Debug for Xboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Xboard({}, {:?})", self.game.variant(), self.s)
    }
}

fn variant_parse_xboard(name: &str) -> Option<VariantId> {
    VariantId::ALL.into_iter().find(|&v| v.name() == name || v.info().xboard_name == name)
}

fn xboard_score(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    }
}

fn result_line(end: &GameEnd) -> String {
    format!("{} {{{}}}", result_token(Some(*end)), reason_text(end))
}

impl Xboard {
    /// The XBoard front end of `s`, playing the default variant from its start.
    pub fn new(s: Engine) -> Xboard {
        let game = new_game(VariantId::DEFAULT, None, 0).expect("every variant is built");
        Xboard {
            s,
            game,
            force: false,
            engine_side: Some(Color::Black),
            post: true,
            analyze: false,
            tc: TimeControl { mps: 0, base_ms: 300_000, inc_ms: 0, st_ms: None, sd: None },
            my_time_cs: None,
            pending: Arc::new(Mutex::new(None)),
            generation: 0,
            cancelled: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            last_info: Arc::new(Mutex::new(None)),
            search_start: Instant::now(),
            last_lift: None,
            last_put: None,
            gate: Arc::new(Mutex::new(PongGate { moved: true, queued: Vec::new() })),
        }
    }

    fn error(&self, kind: &str, cmd: &str) {
        self.s.out.line(&format!("Error ({kind}): {}", sanitize(cmd)));
    }

    /// Processes lines until `quit` or the end of input.
    pub fn run(&mut self, lines: impl Iterator<Item = Line>) {
        crate::protocol::serve(self, lines);
    }

    /// Plays the engine's move announced by the last search, if not yet done and if it was
    /// searched for the current game.
    fn absorb_pending(&mut self) {
        let taken = self.pending.lock().expect("lock").take();
        if let Some((generation, raw)) = taken {
            if generation == self.generation {
                if let Err(e) = self.game.play(session::MoveIn::Raw(raw), Notation::Dialect) {
                    // Cannot happen for a searched move; say so rather than drift silently.
                    self.error("internal: own move rejected", &e.to_string());
                }
            }
        }
    }

    /// Abandons the running search (if any): its move is not announced unless it already was
    /// (then it is played), and queued `pong`s are answered.
    fn stop_search(&mut self) {
        {
            let _gate = self.gate.lock().expect("lock");
            self.cancelled.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        self.s.searcher.stop();
        self.s.searcher.wait();
        self.absorb_pending();
    }

    /// The game was replaced or taken back: forget a move searched for the old one.
    fn game_changed(&mut self) {
        self.generation += 1;
        *self.pending.lock().expect("lock") = None;
    }

    /// Handles one line; false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if cmd.is_empty() {
            return true;
        }
        let put_before = self.last_put.take();
        if self.answer_at_once(cmd, rest, line) {
            return true;
        }
        if self.s.searcher.is_running() && !self.analyze {
            // The engine is thinking on its move (or running `perft`).
            match cmd {
                "quit" => return false,
                "usermove" | "perft" => {
                    self.error("command not legal now", line);
                    return true;
                }
                // Already thinking for the side to move.
                "go" => return true,
                // Settings for later searches and highlight queries leave the search alone;
                // `memory` and `cores` make the engine move now (the table and the threads
                // cannot change under a search), then apply.
                "level" | "st" | "sd" | "nps" | "option" | "lift" | "hover" | "put" | "memory"
                | "cores" => {}
                // Anything that changes the game or the engine's role abandons the move.
                _ => self.stop_search(),
            }
        } else if !self.s.searcher.is_running() {
            // A search that has just decided may still be announcing its move: let it finish,
            // so that the move is played before this command is.
            self.s.searcher.wait();
        }
        if !self.s.searcher.is_running() {
            self.absorb_pending();
        }
        if self.game_command(cmd, rest, line) || self.setting(cmd, rest, line) {
            return true;
        }
        match cmd {
            "lift" | "hover" => match (put_before, self.last_lift.clone()) {
                // The continuation lift of a multi-leg move: the second-leg targets again.
                (Some(p), Some(l)) if cmd == "lift" && p == rest => {
                    self.highlight(&l, Some(rest));
                }
                _ => self.highlight(rest, None),
            },
            "put" => {
                let lift = self.last_lift.clone();
                if let Some(l) = lift {
                    self.highlight(&l, Some(rest));
                    self.last_put = Some(rest.to_string());
                }
            }
            // Not beside an analysis (it would wait for the endless search to end).
            "perft" if self.s.searcher.is_running() => self.error("command not legal now", line),
            "perft" => self.perft(rest, line),
            "quit" => return false,
            // A bare move (without `usermove`) is accepted as one.
            _ if self.game.legal(Notation::Dialect).iter().any(|l| l.text == line)
                || self.game.clone_box().play(self.keyed(line), Notation::Dialect).is_ok() =>
            {
                self.user_move(line);
            }
            _ => self.error("unknown command", line),
        }
        true
    }

    /// The commands answered at once, even while thinking; true if `cmd` was one.
    fn answer_at_once(&mut self, cmd: &str, rest: &str, line: &str) -> bool {
        match cmd {
            "ping" => {
                let mut gate = self.gate.lock().expect("lock");
                if gate.moved {
                    self.s.out.line(&format!("pong {}", sanitize(rest)));
                } else {
                    gate.queued.push(sanitize(rest));
                }
            }
            "?" => {
                if self.s.searcher.is_running() && !self.analyze {
                    self.s.searcher.stop();
                }
            }
            "." => {
                if let Some((i, pv)) = self.last_info.lock().expect("lock").as_ref() {
                    self.s.out.line(&format!(
                        "stat01: {} {} {} 0 0 {}",
                        i.time_ms / 10,
                        i.nodes,
                        i.depth,
                        pv.first().cloned().unwrap_or_default()
                    ));
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "time" | "otim" => match rest.parse::<i64>() {
                Ok(v) if cmd == "time" => self.my_time_cs = Some(v.max(0) as u64),
                Ok(_) => {}
                Err(_) => self.error("bad number", line),
            },
            "hard" | "easy" | "random" | "computer" | "accepted" | "rejected" | "name"
            | "rating" | "ics" | "draw" | "hint" | "bk" | "pause" | "resume" | "xboard" => {}
            _ => return false,
        }
        true
    }

    /// The commands that change the game or the engine's role; true if `cmd` was one.
    fn game_command(&mut self, cmd: &str, rest: &str, line: &str) -> bool {
        match cmd {
            "protover" => self.features(),
            "new" => {
                self.analyze = false;
                self.s.searcher.clear_hash();
                self.set_game(VariantId::DEFAULT, None);
                self.force = false;
                self.engine_side = Some(Color::Black);
                self.tc.sd = None;
                self.tc.st_ms = None;
            }
            "variant" => match variant_parse_xboard(rest) {
                Some(v) => {
                    self.set_game(v, None);
                    self.announce_variant();
                }
                None => self.error("unsupported variant", line),
            },
            "force" => {
                self.force = true;
                self.engine_side = None;
            }
            "go" => {
                self.force = false;
                self.engine_side = Some(self.game.turn());
                self.think();
            }
            "playother" => {
                self.force = false;
                self.engine_side = Some(!self.game.turn());
            }
            "usermove" => self.user_move(rest),
            "setboard" => self.setboard(rest),
            "undo" => {
                if self.game.undo() {
                    self.game_changed();
                } else {
                    self.error("no move to undo", line);
                }
                self.restart_analysis();
            }
            "remove" => {
                if self.game.ply() >= 2 {
                    self.game.undo();
                    self.game.undo();
                    self.game_changed();
                } else {
                    self.error("no moves to remove", line);
                }
                self.restart_analysis();
            }
            "result" => {
                self.force = true;
                self.engine_side = None;
            }
            "analyze" => {
                self.analyze = true;
                self.restart_analysis();
            }
            "exit" => {
                self.stop_search();
                self.analyze = false;
            }
            _ => return false,
        }
        true
    }

    /// The settings of later searches (time control, depth, memory, cores, options); true if
    /// `cmd` was one.
    fn setting(&mut self, cmd: &str, rest: &str, line: &str) -> bool {
        match cmd {
            "level" => self.level(rest, line),
            "st" => match rest.parse::<f64>() {
                Ok(v) if v >= 0.0 && v.is_finite() => self.tc.st_ms = Some((v * 1000.0) as u64),
                _ => self.error("bad number", line),
            },
            "sd" => match rest.parse::<u32>() {
                Ok(v) => self.tc.sd = Some(v.clamp(1, 200)),
                Err(_) => self.error("bad number", line),
            },
            "nps" => {}
            "memory" => match rest.parse::<usize>() {
                Ok(mb) if (1..=HASH_MAX_MB).contains(&mb) => {
                    if mb != self.s.opts.hash_mb {
                        // Memory the system refuses: the standard error answer, with why.
                        if let Err(e) = self.s.set_hash(mb) {
                            self.error(&e, line);
                        }
                    }
                    self.restart_analysis();
                }
                _ => self.error("bad memory size", line),
            },
            "cores" => match rest.parse::<usize>() {
                Ok(n) if (1..=THREADS_MAX).contains(&n) => {
                    if let Err(e) = self.s.set_threads(n) {
                        self.error(&e, line);
                    }
                    self.restart_analysis();
                }
                _ => self.error("bad core count", line),
            },
            "option" => self.option(rest, line),
            _ => return false,
        }
        true
    }

    /// `perft DEPTH`: perft split by root move, in XBoard's move forms.
    fn perft(&mut self, rest: &str, line: &str) {
        match rest.parse::<u32>() {
            Ok(d) if (1..=20).contains(&d) => {
                let game = self.game.clone_box();
                let threads = self.s.opts.threads;
                let divide = move |stop: &std::sync::atomic::AtomicBool| {
                    game.divide(d, threads, stop, Notation::Dialect)
                };
                self.s.spawn_perft(divide, false, "# perft stopped");
            }
            _ => self.error("bad depth", line),
        }
    }
}

impl Xboard {
    fn features(&self) {
        let vars: Vec<&str> = VariantId::ALL.into_iter().map(|v| v.info().xboard_name).collect();
        let o = &self.s.out;
        o.line(&format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 \
             sigterm=0 reuse=1 analyze=1 colors=0 ics=0 name=1 pause=0 nps=0 debug=1 memory=1 \
             smp=1 highlight=1 exclude=0 setscore=0 myname=\"{ENGINE_NAME}\" variants=\"{}\"",
            vars.join(",")
        ));
        o.line("feature option=\"Seed -spin 0 0 2147483647\"");
        o.line("feature option=\"MultiPV -spin 1 1 256\"");
        o.line("feature option=\"Move Overhead -spin 30 0 5000\"");
        o.line(&format!("feature option=\"Skill Level -spin {MAX_LEVEL} 0 {MAX_LEVEL}\""));
        o.line("feature option=\"UCI_LimitStrength -check 0\"");
        o.line(&format!("feature option=\"UCI_Elo -spin {ELO_MAX} {ELO_MIN} {ELO_MAX}\""));
        o.line("feature done=1");
    }

    fn set_game(&mut self, v: VariantId, fen: Option<&str>) {
        match new_game(v, fen, self.s.opts.seed) {
            Ok(g) => {
                self.game = g;
                self.game_changed();
            }
            Err(e) => self.error("bad variant", &e.to_string()),
        }
    }

    fn announce_variant(&self) {
        if let Some(setup) = game::setup(&*self.game) {
            self.s.out.line(&setup);
        }
        for p in game::pieces(&*self.game) {
            self.s.out.line(&p);
        }
        self.announce_seed();
    }

    /// Games of chance: the engine rolls its own die (no arbiter in XBoard); say its seed.
    fn announce_seed(&self) {
        if let Some(piece) = self.game.variant().info().chance_piece() {
            self.s.out.line(&format!(
                "# {} die: Seed {} (each step drawn from the seed, the position and the action; \
                 engines with the same Seed agree on steps sent without their leg)",
                piece.name, self.s.opts.seed
            ));
        }
    }

    /// Marks on XBoard's board what it cannot draw itself (PieceEater: the PE's square).
    fn mark(&self) {
        if let Some(m) = game::marker(&*self.game) {
            self.s.out.line(&format!("highlight {m}"));
        }
    }

    fn level(&mut self, rest: &str, line: &str) {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let parse_base = |t: &str| -> Option<u64> {
            match t.split_once(':') {
                Some((m, s)) => m
                    .parse::<u64>()
                    .ok()?
                    .checked_mul(60_000)?
                    .checked_add(s.parse::<u64>().ok()?.checked_mul(1000)?),
                None => Some(
                    (t.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0)? * 60_000.0)
                        as u64,
                ),
            }
        };
        match parts.as_slice() {
            [mps, base, inc, ..] => {
                let mps = mps.parse::<u32>().ok();
                let base = parse_base(base);
                let inc = inc.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0);
                match (mps, base, inc) {
                    (Some(m), Some(b), Some(i)) => {
                        self.tc.mps = m;
                        self.tc.base_ms = b;
                        self.tc.inc_ms = (i * 1000.0) as u64;
                        self.tc.st_ms = None;
                    }
                    _ => self.error("bad level", line),
                }
            }
            _ => self.error("bad level", line),
        }
    }

    fn option(&mut self, rest: &str, line: &str) {
        let (name, value) = rest.split_once('=').unwrap_or((rest, ""));
        let v = value.trim().parse::<u64>();
        match (name.trim(), v) {
            ("Seed", Ok(x)) if x <= 2_147_483_647 => {
                self.s.opts.seed = x;
                self.announce_seed();
            }
            ("MultiPV", Ok(x)) if (1..=256).contains(&x) => self.s.opts.multipv = x as u32,
            ("Move Overhead", Ok(x)) if x <= 5000 => self.s.opts.overhead_ms = x,
            ("Skill Level", Ok(x)) if x <= u64::from(MAX_LEVEL) => {
                self.s.opts.skill_level = x as u8
            }
            ("UCI_LimitStrength", Ok(x)) if x <= 1 => self.s.opts.limit_strength = x == 1,
            ("UCI_Elo", Ok(x)) if (u64::from(ELO_MIN)..=u64::from(ELO_MAX)).contains(&x) => {
                self.s.opts.elo = x as u32;
            }
            _ => self.error("bad option", line),
        }
    }

    fn limits(&self) -> Limits {
        let mut l = Limits { depth: self.tc.sd, ..Limits::default() };
        if let Some(st) = self.tc.st_ms {
            l.movetime = Some(Duration::from_millis(st));
            return l;
        }
        let time_ms = self.my_time_cs.map_or(self.tc.base_ms, |cs| cs.saturating_mul(10));
        let mtg = if self.tc.mps > 0 {
            let played = (self.game.ply() / 2) as u32;
            Some(self.tc.mps - played % self.tc.mps)
        } else {
            None
        };
        l.clock = Some(Clock {
            time: Duration::from_millis(time_ms),
            inc: Duration::from_millis(self.tc.inc_ms),
            moves_to_go: mtg,
        });
        l
    }

    fn listener(&mut self, play: bool) -> Listener {
        let out = self.s.out.clone();
        let seed = self.s.opts.seed;
        let post = self.post;
        let pending = self.pending.clone();
        let last = self.last_info.clone();
        let shadow: Mutex<Box<dyn GameApi>> = Mutex::new(self.game.clone_box());
        let gate = self.gate.clone();
        let generation = self.generation;
        // A fresh flag per search: only `stop_search` of this search sets it.
        let cancelled = Arc::new(std::sync::atomic::AtomicBool::new(false));
        self.cancelled = cancelled.clone();
        Arc::new(move |e| match e {
            Event::Info { info, pv } => {
                if post && info.multipv == 1 {
                    out.line(&format!(
                        "{} {} {} {} {}",
                        info.depth,
                        xboard_score(info.score),
                        info.time_ms / 10,
                        info.nodes,
                        pv.join(" ")
                    ));
                }
                *last.lock().expect("lock") = Some((info, pv));
            }
            Event::Best { best, raw, .. } => {
                if !play {
                    return;
                }
                let mut gate = gate.lock().expect("lock");
                let mut game = shadow.lock().expect("lock");
                match (best, raw) {
                    // Abandoned (`force`, `new`, ...): no move, but answer the queued pings.
                    _ if cancelled.load(std::sync::atomic::Ordering::SeqCst) => {}
                    (Some(text), Some(raw)) => {
                        // A game of chance: the engine rolls the outcome of its action itself.
                        let realised = game::realise_raw(&**game, raw, seed);
                        let before = game.ply();
                        if let Err(e) = game.play(session::MoveIn::Raw(realised), Notation::Dialect)
                        {
                            // Cannot happen for a searched move; never announce an illegal one.
                            out.line(&format!("Error (internal: own move rejected): {e}"));
                        } else {
                            let text = if realised == raw {
                                text
                            } else {
                                game.move_texts(Notation::Dialect)
                                    .get(before)
                                    .cloned()
                                    .unwrap_or(text)
                            };
                            *pending.lock().expect("lock") = Some((generation, realised));
                            out.line(&format!("move {text}"));
                            if let Some(m) = game::marker(&**game) {
                                out.line(&format!("highlight {m}"));
                            }
                            if let Some(end) = game.end() {
                                out.line(&result_line(&end));
                            }
                        }
                    }
                    _ => {
                        if let Some(end) = game.end() {
                            out.line(&result_line(&end));
                        }
                    }
                }
                gate.moved = true;
                for n in gate.queued.drain(..) {
                    out.line(&format!("pong {n}"));
                }
            }
        })
    }

    /// Starts thinking on the engine's move if it is the engine's turn and the game goes on.
    fn think(&mut self) {
        if self.force || self.engine_side != Some(self.game.turn()) {
            return;
        }
        if self.analyze {
            // Leaving analysis to play (XBoard sends `exit` first; be lenient).
            self.analyze = false;
        }
        self.stop_search();
        if let Some(end) = self.game.end() {
            self.s.out.line(&result_line(&end));
            return;
        }
        // Computed once per move: for the resign test and the search.
        let avoid = game::avoid(&*self.game);
        if game::all_legal_in(&*self.game, &avoid) {
            // Every legal move is one XBoard 4.9.1 cannot follow (`xboard_avoid`): it would
            // forfeit the engine for it (seen in 8-Piece when the only moves left start on a
            // square XBoard draws wrongly after a push). Resigning ends the game cleanly.
            self.s.out.line("resign");
            self.force = true;
            return;
        }
        let config = Config {
            multipv: 1,
            overhead: Duration::from_millis(self.s.opts.overhead_ms),
            ponder: false,
            random: self.s.opts.random_mover.then_some(self.s.opts.seed),
            skill: self.s.opts.skill(),
            seed: self.s.opts.seed,
            avoid,
        };
        self.search_start = Instant::now();
        self.gate.lock().expect("lock").moved = false;
        let listener = self.listener(true);
        self.game.go(&self.s.searcher, self.limits(), config, listener, Notation::Dialect);
    }

    fn restart_analysis(&mut self) {
        if !self.analyze {
            return;
        }
        self.stop_search();
        if self.game.end().is_some() {
            return;
        }
        let config = Config {
            multipv: self.s.opts.multipv,
            avoid: game::avoid(&*self.game),
            ..Config::default()
        };
        let limits = Limits { infinite: true, ..Limits::default() };
        let listener = self.listener(false);
        self.game.go(&self.s.searcher, limits, config, listener, Notation::Dialect);
    }

    fn user_move(&mut self, text: &str) {
        // PieceEater: a turn without its PE leg gets the step from the die keyed by `Seed`.
        match self.game.play(self.keyed(text), Notation::Dialect) {
            Err(e) => {
                let reason = sanitize(&e.to_string());
                self.s.out.line(&format!("Illegal move ({reason}): {}", sanitize(text)))
            }
            Ok(_) => {
                self.mark();
                if self.analyze {
                    self.restart_analysis();
                } else if let Some(end) = self.game.end() {
                    if !self.force {
                        self.s.out.line(&result_line(&end));
                    }
                } else {
                    self.think();
                }
            }
        }
    }

    fn setboard(&mut self, sent: &str) {
        // XBoard relays a pass as a `setboard` of the position after it.
        if game::try_pass_as_setboard(&mut *self.game, sent) {
            if self.analyze {
                self.restart_analysis();
            } else {
                self.think();
            }
            return;
        }
        // The variant's XBoard FEN dialect reads XBoard's form and the rule book's.
        match from_xboard_fen(self.game.variant(), sent) {
            Ok(g) => {
                self.game = g;
                self.game_changed();
                self.restart_analysis();
            }
            Err(e) => {
                self.s.out.line("tellusererror Illegal position");
                let reason = sanitize(&e.to_string());
                self.error(&format!("bad FEN: {reason}"), &format!("setboard {sent}"));
            }
        }
    }

    /// A move as XBoard sends it: in a game of chance a turn without its outcome gets the step
    /// from the die keyed by `Seed` (PieceEater).
    fn keyed<'a>(&self, text: &'a str) -> session::MoveIn<'a> {
        session::MoveIn::Keyed { text, seed: self.s.opts.seed }
    }

    fn highlight(&mut self, sq: &str, put: Option<&str>) {
        if put.is_none() {
            self.last_lift = Some(sq.to_string());
        }
        if let Some(board) = game::highlight(&*self.game, sq, put) {
            self.s.out.line(&format!("highlight {board}"));
        }
    }
}

impl crate::protocol::FrontEnd for Xboard {
    fn handle(&mut self, line: &str) -> bool {
        Xboard::handle(self, line)
    }
    fn bad_line(&mut self, why: &str) {
        self.error("malformed input", why);
    }
    fn engine(&self) -> &Engine {
        &self.s
    }
}
