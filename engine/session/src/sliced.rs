//! A search run in slices on the caller's thread, for a host with one thread and no
//! `SharedArrayBuffer` (a Web Worker): the host starts a [`Sliced`] search and calls
//! [`Sliced::slice`] again and again, each call at most a given number of milliseconds, reading
//! its own messages between slices, so a `stop` is honoured within one slice. A slice is a
//! search of its own that keeps the hash table, so the next slice finds the earlier iterations
//! in the table and goes deeper; each depth is reported once. The WebAssembly UCI engine and the
//! web board's engine in the browser both search this way.

use crate::api::{Event, GameApi, Notation};
use search::{Config, Info, Limits, LocalSearcher, Outcome, Score, Timer};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A search under way: its limits, what it has found and reported so far.
#[derive(Debug)]
pub struct Sliced {
    limits: Limits,
    config: Config,
    /// When the search started (the clock's ms).
    started: f64,
    /// Stop deepening after this many ms, abort at that many (from the limits' budget).
    soft: Option<f64>,
    hard: Option<f64>,
    /// Nodes of the slices so far.
    nodes: u64,
    /// The deepest depth reported, and the best move and expected reply of its first line.
    depth: u32,
    best: Option<(String, Option<String>)>,
    /// The first line's last score.
    score: Option<Score>,
    /// The last slice's own choice, for a search stopped before any iteration completed.
    fallback: Option<(String, Option<String>)>,
    /// A search that reached its limit but must wait for `stop` (`infinite`).
    waiting: bool,
    /// Reached its limit (a search that is not infinite is over).
    done: bool,
}

/// What one slice brought: the iterations it completed (each depth once; every MultiPV line,
/// counted over the whole search) and whether the search has reached its limit.
#[derive(Debug, Default)]
pub struct Slice {
    /// New iterations' info and principal variations (texts in the search's notation).
    pub infos: Vec<(Info, Vec<String>)>,
    /// The search is over: read [`Sliced::best`].
    pub done: bool,
}

impl Sliced {
    /// A search with `limits` and `config` starting now (`now`: the clock's ms); `overhead` is
    /// kept off a clock's budget.
    pub fn start(limits: Limits, config: Config, now: f64, overhead: Duration) -> Sliced {
        let budget = limits.budget(overhead);
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        Sliced {
            config: Config { overhead: Duration::ZERO, ..config },
            soft: budget.soft.map(ms),
            hard: budget.hard.map(ms),
            limits,
            started: now,
            nodes: 0,
            depth: 0,
            best: None,
            score: None,
            fallback: None,
            waiting: false,
            done: false,
        }
    }

    /// Whether the search has reached its limit and only waits for a stop (`infinite`).
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    /// Whether the search is over (a limit reached; an infinite one never is).
    pub fn done(&self) -> bool {
        self.done
    }

    /// The best move and the expected reply of the deepest completed line (else the last
    /// slice's own choice).
    pub fn best(&self) -> Option<&(String, Option<String>)> {
        self.best.as_ref().or(self.fallback.as_ref())
    }

    /// The first line's last score (the side to move's view).
    pub fn score(&self) -> Option<Score> {
        self.score
    }

    /// One slice of at most `slice_ms` of `game`'s search (`clock`: the host's clock).
    pub fn slice(
        &mut self,
        game: &dyn GameApi,
        searcher: &mut LocalSearcher,
        clock: &Arc<dyn Timer>,
        slice_ms: f64,
    ) -> Slice {
        let now = clock.now_ms();
        let mut out = Slice::default();
        if self.waiting || self.done {
            out.done = self.done;
            return out;
        }
        let elapsed = now - self.started;
        if self.soft.is_some_and(|s| elapsed >= s) || self.hard.is_some_and(|h| elapsed >= h) {
            self.finish(&mut out);
            return out;
        }
        let cut = self.hard.map_or(elapsed + slice_ms, |h| h.min(elapsed + slice_ms));
        let movetime = (cut - elapsed).max(1.0);
        let limits = Limits {
            depth: self.limits.depth,
            nodes: self.limits.nodes.map(|n| n.saturating_sub(self.nodes).max(1)),
            movetime: Some(Duration::from_secs_f64(movetime / 1000.0)),
            clock: None,
            infinite: false,
            mate: self.limits.mate,
            // The depths completed in earlier slices are in the table: go on from the next.
            from_depth: (self.depth > 0).then_some(self.depth + 1),
        };
        let events = Arc::new(Mutex::new(Vec::new()));
        let sink = events.clone();
        let listener = Arc::new(move |e: Event| sink.lock().expect("lock").push(e));
        let stop = Arc::new(AtomicBool::new(false));
        let outcome = game.search_here(
            searcher,
            &limits,
            &self.config,
            clock.clone(),
            stop,
            listener,
            Notation::Rules,
        );
        let took = clock.now_ms() - now;
        let reported = self.depth;
        let events = std::mem::take(&mut *events.lock().expect("lock"));
        for e in events {
            match e {
                Event::Info { info, pv } if info.depth > reported => {
                    let info = total(&info, self.nodes, now + took - self.started);
                    self.depth = self.depth.max(info.depth);
                    if info.multipv == 1 {
                        self.score = Some(info.score);
                        if let Some(b) = pv.first() {
                            self.best = Some((b.clone(), pv.get(1).cloned()));
                        }
                    }
                    out.infos.push((info, pv));
                }
                Event::Best { best: Some(b), ponder, .. } => self.fallback = Some((b, ponder)),
                _ => {}
            }
        }
        self.nodes += outcome.nodes;
        if self.reached_limit(&outcome, took, movetime) {
            self.finish(&mut out);
        }
        out
    }

    fn finish(&mut self, out: &mut Slice) {
        if self.limits.infinite {
            self.waiting = true;
        } else {
            self.done = true;
            out.done = true;
        }
    }

    /// Whether the search is done after a slice: its depth or node limit reached, or the slice
    /// ended before its time (a mate found, the deepest depth, a level's own limits, one move).
    fn reached_limit(&self, outcome: &Outcome, took: f64, movetime: f64) -> bool {
        self.limits.depth.is_some_and(|d| outcome.depth >= d)
            || self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || took + 2.0 < movetime
    }
}

/// `info` of a slice counted over the whole search: its nodes after `earlier` nodes, `time`
/// ms since the start.
fn total(info: &Info, earlier: u64, time: f64) -> Info {
    let nodes = earlier + info.nodes;
    let time_ms = time.max(0.0) as u64;
    let nps = (nodes * 1000).checked_div(time_ms).unwrap_or(nodes * 1000);
    Info { nodes, time_ms, nps, ..info.clone() }
}
