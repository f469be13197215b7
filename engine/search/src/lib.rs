//! The searcher: iterative deepening, time management, and reporting through a [`Reporter`],
//! run two ways over one search loop: [`Searcher`], long-lived threads (Lazy SMP over a shared
//! transposition table) that search while the caller goes on, and [`LocalSearcher`], one
//! search on the caller's own thread (where no thread can be started: WebAssembly, an
//! embedding host). Neither reads a system clock: the front end gives a [`Timer`]. Generic over
//! the variant; the protocol layer picks the variant once per search. What can fail (a table or
//! a thread the system refuses) returns [`Error::Resources`] (`movegen::Error`, re-exported).

pub mod bench;
pub mod params;
mod pool;
pub mod skill;
pub mod time;
pub mod tt;
pub mod worker;

pub use movegen::Error;
pub use params::{Features, Params};
pub use skill::Skill;
pub use time::{Clock, Frozen, Limits, Timer, DEFAULT_OVERHEAD};
pub use worker::{Line, MATE, MATE_BOUND};

use eval::Evaluator;
use movegen::Move;
use pool::{Helpers, Job, Phase, Pool, Running};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;
use tt::Tt;
use worker::{Shared, Tables, Worker, MAX_PLY};

/// A score as reported to a GUI.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// One progress report.
#[derive(Clone, Debug)]
pub struct Info {
    /// Completed depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// MultiPV line number (1-based).
    pub multipv: u32,
    /// Score of the line.
    pub score: Score,
    /// Internal score (centipawns or mate encoding).
    pub raw_score: i32,
    /// Nodes over all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the start.
    pub time_ms: u64,
    /// Hash fill per mille.
    pub hashfull: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// Receives search output (from a search thread).
pub trait Reporter<V>: Send + Sync {
    /// A completed iteration (one call per MultiPV line).
    fn info(&self, root: &V, info: &Info);
    /// The final choice; `None` when the root has no legal move.
    fn bestmove(&self, root: &V, best: Option<Move>, ponder: Option<Move>);
}

/// Search settings that are not per-move limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// Principal variations to report.
    pub multipv: u32,
    /// Time kept back for communication.
    pub overhead: Duration,
    /// Search without a deadline until [`Searcher::ponderhit`] (UCI `go ponder`).
    pub ponder: bool,
    /// Do not search: answer a uniformly random legal move (a random action in games of chance),
    /// drawn from this seed and the position. The "random mover" opponent of the strength tests.
    pub random: Option<u64>,
    /// Root moves to play only if every legal move is in this list (XBoard: moves its board
    /// cannot follow, see the XBoard dialect's `xboard_avoid`). Empty for every ordinary search.
    pub avoid: Vec<Move>,
    /// A playing level below full strength (`Skill Level`, `UCI_Elo`): fewer nodes, a depth
    /// cap, and bounded noise in the choice among the best root moves ([`Skill`]).
    pub skill: Option<Skill>,
    /// Seed of the level's noise (mixed with the position and a per-searcher count).
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            multipv: 1,
            overhead: DEFAULT_OVERHEAD,
            ponder: false,
            random: None,
            avoid: Vec::new(),
            skill: None,
            seed: 0,
        }
    }
}

/// A uniformly random legal move (for chance variants: a random action, then its first outcome).
fn random_move<V: Evaluator>(root: &V, seed: u64) -> Option<Move> {
    let mut legal = V::Moves::default();
    root.legal_moves(&mut legal);
    let mut actions: Vec<Move> = Vec::new();
    for &m in legal.iter() {
        let key = m.0 & movegen::moves::ACTION_MASK;
        if !V::HAS_CHANCE || !actions.iter().any(|a| a.0 & movegen::moves::ACTION_MASK == key) {
            actions.push(m);
        }
    }
    if actions.is_empty() {
        return None;
    }
    let r = movegen::zobrist::splitmix64(seed ^ root.hash());
    Some(actions[(r % actions.len() as u64) as usize])
}

/// The root moves a search leaves out: `config.avoid`'s legal moves, unless that would leave
/// none (then nothing is left out).
fn root_avoid<V: Evaluator>(root: &V, avoid: &[Move]) -> Vec<Move> {
    if avoid.is_empty() {
        return Vec::new();
    }
    let mut legal = V::Moves::default();
    root.legal_moves(&mut legal);
    if legal.iter().all(|m| avoid.contains(m)) {
        Vec::new()
    } else {
        legal.iter().copied().filter(|m| avoid.contains(m)).collect()
    }
}

/// Final result of a search.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Best move (`None` without legal moves).
    pub best: Option<Move>,
    /// Its score (internal).
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes over all threads.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The engine's searcher: threads, hash table, current search.
pub struct Searcher {
    /// The search threads: as many as asked for, up to [`max_searching`] (the rest would only
    /// take turns on the same processors).
    pool: Pool,
    /// The thread count asked for (`Threads`).
    requested: usize,
    tt: Arc<Tt>,
    current: Mutex<Option<Arc<Shared>>>,
    running: Arc<Running>,
    /// The helper threads of the last search: its move is announced without waiting for them,
    /// the next search's main thread waits for them before it starts.
    helpers: Mutex<Arc<Helpers>>,
    random_count: std::sync::atomic::AtomicU64,
    /// The front end's clock.
    timer: Arc<dyn Timer>,
}

impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Searcher({} threads, {:?})", self.threads(), self.tt)
    }
}

impl Searcher {
    /// `threads` search threads and a `hash_mb` table, reading `timer`; panics where
    /// [`Searcher::try_new`] fails (tests and tools with fixed small sizes).
    pub fn new(threads: usize, hash_mb: usize, timer: Arc<dyn Timer>) -> Searcher {
        Searcher::try_new(threads, hash_mb, timer).unwrap_or_else(|e| panic!("searcher: {e}"))
    }

    /// `threads` search threads and a `hash_mb` table, reading `timer`, or why they cannot be
    /// had (the memory for the table, the threads' stacks or their tables), for sizes a user
    /// chose.
    pub fn try_new(
        threads: usize,
        hash_mb: usize,
        timer: Arc<dyn Timer>,
    ) -> Result<Searcher, Error> {
        Ok(Searcher {
            tt: Arc::new(Tt::try_new(hash_mb)?),
            pool: Pool::new(threads.max(1).min(max_searching()))?,
            requested: threads.max(1),
            current: Mutex::new(None),
            running: Arc::new(Running::default()),
            helpers: Mutex::new(Arc::new(Helpers::new(0))),
            random_count: std::sync::atomic::AtomicU64::new(0),
            timer,
        })
    }

    /// Number of threads asked for.
    pub fn threads(&self) -> usize {
        self.requested
    }

    /// Number of threads that search: [`Searcher::threads`], but at most twice the processors
    /// ([`max_searching`]).
    pub fn searching_threads(&self) -> usize {
        self.pool.len()
    }

    /// Changes the thread count (stops a running search first). When the new threads cannot
    /// be started, says why and keeps the old count (or one thread, if even the old ones
    /// cannot be restarted).
    pub fn set_threads(&mut self, n: usize) -> Result<(), Error> {
        self.stop();
        self.wait_all();
        let n = n.max(1);
        let want = n.min(max_searching());
        if want != self.pool.len() {
            // The old threads end first: their stacks and tables make room for the new ones.
            let old = self.pool.len();
            self.pool = Pool::new(1)?;
            self.requested = 1;
            let p = match Pool::new(want) {
                Ok(p) => p,
                Err(e) => {
                    if let Ok(p) = Pool::new(old) {
                        self.pool = p;
                        self.requested = old;
                    }
                    return Err(e);
                }
            };
            self.pool = p;
        }
        self.requested = n;
        Ok(())
    }

    /// Resizes (and clears) the hash table (stops a running search first). When `mb` cannot be
    /// allocated (beside the old table, which is kept until the new one exists), says why and
    /// keeps the old table and its contents.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), Error> {
        self.stop();
        self.wait_all();
        self.tt = Arc::new(Tt::try_new(mb)?);
        Ok(())
    }

    /// Clears the hash table (new game; stops a running search first).
    pub fn clear_hash(&self) {
        self.stop();
        self.wait_all();
        self.tt.clear();
    }

    /// Whether a search is running and has not yet decided (a search that is announcing its
    /// result no longer counts: it will not take further commands into account).
    pub fn is_running(&self) -> bool {
        *self.running.phase.lock().expect("lock") == Phase::Busy
    }

    /// Asks the running search (if any) to stop; returns at once.
    pub fn stop(&self) {
        if let Some(s) = self.current.lock().expect("lock").as_ref() {
            s.request_stop();
        }
    }

    /// Converts a pondering search into a normal timed one (UCI `ponderhit`).
    pub fn ponderhit(&self, limits: &Limits, overhead: Duration, elapsed: Duration) {
        if let Some(s) = self.current.lock().expect("lock").as_ref() {
            let b = limits.budget(overhead);
            let base = elapsed.as_millis() as u64;
            let at =
                |d: Duration| base.saturating_add(u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
            if let Some(h) = b.hard {
                s.hard_ms.store(at(h), Relaxed);
            }
            if let Some(soft) = b.soft {
                s.soft_ms.store(at(soft), Relaxed);
            }
            s.notify();
        }
    }

    /// Blocks until no search is running and the last one's result has been announced (its
    /// helper threads may still be leaving: [`Searcher::wait_all`]).
    pub fn wait(&self) {
        let mut phase = self.running.phase.lock().expect("lock");
        while *phase != Phase::Idle {
            phase = self.running.done.wait(phase).expect("lock");
        }
    }

    /// [`Searcher::wait`], and then until the last search's helper threads have finished too
    /// (before the table or the threads change).
    pub fn wait_all(&self) {
        self.wait();
        let helpers = self.helpers.lock().expect("lock").clone();
        helpers.wait();
    }

    /// Runs `task` on the search thread like a search (`go perft`): [`Searcher::stop`] sets
    /// the flag it is given, [`Searcher::is_running`] and [`Searcher::wait`] cover it, and the
    /// protocol thread stays free meanwhile. Its result goes to `report`, announced like a
    /// search's move (before the searcher is idle). Returns at once.
    pub fn spawn<R>(
        &self,
        task: impl FnOnce(&AtomicBool) -> R + Send + 'static,
        report: impl FnOnce(R) + Send + 'static,
    ) {
        self.wait();
        let shared = Arc::new(self.shared());
        *self.current.lock().expect("lock") = Some(shared.clone());
        self.running.set(Phase::Busy);
        let running = self.running.clone();
        self.pool.send(
            0,
            Box::new(move |tables| {
                let result = task(&shared.stop);
                running.announce(|| report(result));
                tables
            }),
        );
    }

    /// Starts a search of `root` (the game's earlier position keys in `history`) and returns at
    /// once; results go to `reporter`, whose `bestmove` is called exactly once at the end.
    pub fn go<V: Evaluator>(
        &self,
        root: V,
        history: Vec<u64>,
        limits: Limits,
        config: Config,
        reporter: Arc<dyn Reporter<V>>,
    ) {
        self.wait();
        if let Some(seed) = config.random {
            let seed = random_seed(seed, self.random_count.fetch_add(1, Relaxed));
            let running = self.running.clone();
            running.set(Phase::Busy);
            self.pool.send(
                0,
                Box::new(move |tables| {
                    let m = random_move(&root, seed);
                    running.announce(|| reporter.bestmove(&root, m, None));
                    tables
                }),
            );
            return;
        }
        let shared = Arc::new(self.shared());
        let count = &self.random_count;
        let (task, config) =
            begin(root, history, limits, config, shared, || count.fetch_add(1, Relaxed));
        *self.current.lock().expect("lock") = Some(task.shared.clone());
        self.running.set(Phase::Busy);
        let task = Arc::new(task);
        let helpers = Arc::new(Helpers::new(self.pool.len() - 1));
        let previous = std::mem::replace(&mut *self.helpers.lock().expect("lock"), helpers.clone());
        let running = self.running.clone();
        let main = task.clone();
        let job: Job = Box::new(move |tables| {
            // The last search announced its move without waiting for its helpers: they leave
            // at their next node, and this search starts when they have.
            previous.wait();
            let (out, tables) = main_search(&main, &config, &*reporter, tables);
            // UCI: with `go infinite` (or while pondering) `bestmove` waits for `stop`.
            main.shared.wait_for_stop(main.limits.infinite, config.ponder);
            main.shared.stop.store(true, Relaxed);
            // Announce, then go idle: a command that waits for the searcher (`stop`, a new
            // game) finds the move already announced, so it can neither overtake `bestmove`
            // nor miss the move. The next job queues behind this one on thread 0. The helpers
            // are not waited for: they stop at their next node, however many there are.
            running.announce(|| reporter.bestmove(&main.root, out.best, out.pv.get(1).copied()));
            tables
        });
        self.pool.send(0, job);
        for id in 1..self.pool.len() {
            let (task, helpers) = (task.clone(), helpers.clone());
            self.pool.send(
                id,
                Box::new(move |tables| {
                    let tables = helper_search(&task, id, tables);
                    helpers.finish();
                    tables
                }),
            );
        }
    }

    /// Fresh shared state for one search over this searcher's table and clock.
    fn shared(&self) -> Shared {
        Shared::with(self.tt.clone(), self.timer.clone(), Arc::new(AtomicBool::new(false)))
    }

    /// Searches and waits for the result (bench, tests, the match runner's own games).
    pub fn search_sync<V: Evaluator>(
        &self,
        root: &V,
        history: &[u64],
        limits: &Limits,
        config: &Config,
    ) -> Outcome {
        /// Collects the last main-line report and the final move; `done` marks `bestmove`.
        struct Collect<V> {
            state: Mutex<(Outcome, bool)>,
            done: Condvar,
            _v: std::marker::PhantomData<fn(V)>,
        }
        impl<V: Evaluator> Reporter<V> for Collect<V> {
            fn info(&self, _: &V, info: &Info) {
                if info.multipv == 1 {
                    let mut g = self.state.lock().expect("lock");
                    g.0.score = info.raw_score;
                    g.0.depth = info.depth;
                    g.0.nodes = info.nodes;
                    g.0.pv = info.pv.clone();
                }
            }
            fn bestmove(&self, _: &V, best: Option<Move>, _: Option<Move>) {
                let mut g = self.state.lock().expect("lock");
                g.0.best = best;
                g.1 = true;
                self.done.notify_all();
            }
        }
        let c = Arc::new(Collect::<V> {
            state: Mutex::new((Outcome::default(), false)),
            done: Condvar::new(),
            _v: std::marker::PhantomData,
        });
        self.go(root.clone(), history.to_vec(), limits.clone(), config.clone(), c.clone());
        let mut g = c.state.lock().expect("lock");
        while !g.1 {
            g = c.done.wait(g).expect("lock");
        }
        let out = std::mem::take(&mut g.0);
        Outcome { nodes: out.nodes.max(self.last_nodes()), ..out }
    }

    fn last_nodes(&self) -> u64 {
        self.current.lock().expect("lock").as_ref().map_or(0, |s| s.nodes.load(Relaxed))
    }
}

/// The seed of a random mover's move: mixed with how many random moves (and level searches)
/// the searcher has made, so that repeated games from the same start differ.
fn random_seed(seed: u64, count: u64) -> u64 {
    seed ^ count.wrapping_mul(0x9e37_79b9)
}

/// A level's limits come on top of the protocol's, and its noise differs from game to game
/// (`count`, the searcher's count of searches) but is reproducible (the seed).
fn level<V: Evaluator>(
    root: &V,
    limits: Limits,
    config: Config,
    count: impl FnOnce() -> u64,
) -> (Limits, Config) {
    let (mut limits, mut config) = (limits, config);
    if let Some(skill) = config.skill {
        limits.nodes = Some(limits.nodes.map_or(skill.node_cap(), |n| n.min(skill.node_cap())));
        limits.depth = Some(limits.depth.map_or(skill.depth_cap(), |d| d.min(skill.depth_cap())));
        config.seed = movegen::zobrist::splitmix64(config.seed ^ root.hash() ^ count());
    }
    (limits, config)
}

/// What both searchers do before the first iteration: the level's limits, the time budget
/// (none while pondering), a new table generation, the root moves left out.
fn begin<V: Evaluator>(
    root: V,
    history: Vec<u64>,
    limits: Limits,
    config: Config,
    shared: Arc<Shared>,
    count: impl FnOnce() -> u64,
) -> (Task<V>, Config) {
    let (limits, config) = level(&root, limits, config, count);
    if !config.ponder {
        let budget = limits.budget(config.overhead);
        if let Some(h) = budget.hard {
            shared.hard_ms.store(h.as_millis() as u64, Relaxed);
        }
        if let Some(s) = budget.soft {
            shared.soft_ms.store(s.as_millis() as u64, Relaxed);
        }
    }
    // A search resumed from a later depth goes on with the same search's table entries: they
    // must not become the stale, preferred victims of the entries it writes now.
    if limits.from_depth.is_none() {
        shared.tt.new_search();
    }
    let avoid = root_avoid(&root, &config.avoid);
    (Task { avoid, root, history, limits, shared }, config)
}

/// A search on the caller's thread: one thread, its own table and per-thread tables, and the
/// same search loop as [`Searcher`]'s main thread. The caller gives the clock and the stop
/// flag with each search, so it runs where no thread can be started and no system clock can
/// be read (WebAssembly in a web page, an embedding host). With the same table size it finds
/// what a one-thread [`Searcher`] finds, node for node.
#[derive(Debug)]
pub struct LocalSearcher {
    tt: Arc<Tt>,
    tables: Option<Tables>,
    count: u64,
}

impl LocalSearcher {
    /// A searcher with a `hash_mb` table, or why the memory cannot be had.
    pub fn try_new(hash_mb: usize) -> Result<LocalSearcher, Error> {
        Ok(LocalSearcher { tt: Arc::new(Tt::try_new(hash_mb)?), tables: None, count: 0 })
    }

    /// Resizes (and clears) the table; when `mb` cannot be had, says why and keeps the old one.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), Error> {
        self.tt = Arc::new(Tt::try_new(mb)?);
        Ok(())
    }

    /// Clears the table (a new game).
    pub fn clear_hash(&self) {
        self.tt.clear();
    }

    /// Searches `root` (the game's earlier position keys in `history`) on this thread until a
    /// limit is reached or `stop` is set (it is read about every 1024 nodes, and the `timer`
    /// at the same moments while a deadline is set: a host without threads can set `stop`
    /// from the timer). Reports through `reporter` as it goes, `bestmove` last, and returns
    /// the outcome. It does not wait for a stop after an infinite search or a ponder search
    /// ends: that is the caller's to do.
    #[allow(clippy::too_many_arguments)]
    pub fn search<V: Evaluator>(
        &mut self,
        root: &V,
        history: &[u64],
        limits: &Limits,
        config: &Config,
        timer: Arc<dyn Timer>,
        stop: Arc<AtomicBool>,
        reporter: &dyn Reporter<V>,
    ) -> Outcome {
        if let Some(seed) = config.random {
            let m = random_move(root, random_seed(seed, self.count));
            self.count += 1;
            reporter.bestmove(root, m, None);
            return Outcome { best: m, ..Outcome::default() };
        }
        let shared = Arc::new(Shared::with(self.tt.clone(), timer, stop));
        let count = &mut self.count;
        let next = || {
            *count += 1;
            *count - 1
        };
        let (task, config) =
            begin(root.clone(), history.to_vec(), limits.clone(), config.clone(), shared, next);
        let tables = self.tables.take().unwrap_or_default();
        let (out, tables) = main_search(&task, &config, reporter, tables);
        self.tables = Some(tables);
        reporter.bestmove(root, out.best, out.pv.get(1).copied());
        out
    }
}

/// What the main thread's iterations found so far.
#[derive(Default)]
struct Found {
    /// The first line of the last completed iteration.
    best: Option<Line>,
    /// Every line of it.
    lines: Vec<Line>,
    /// Its depth.
    depth: u32,
}

/// The most threads that search at once: twice the processors this process may use (1 if
/// unknown). `Threads` above that adds no search, only turns on the same processors: on 2
/// cores, 256 searching threads made the protocol thread and the main search thread wait
/// hundreds of milliseconds for a turn, so neither `stop` nor the clock held.
pub fn max_searching() -> usize {
    2 * std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// What every thread of one search is given.
struct Task<V> {
    root: V,
    /// The game's earlier position keys.
    history: Vec<u64>,
    limits: Limits,
    /// Root moves left out (`root_avoid`).
    avoid: Vec<Move>,
    shared: Arc<Shared>,
}

/// A helper thread's search: the same root, iterations from depth 1 or 2 (odd and even
/// helpers), until the main thread stops it; only the table and the stop flag are shared.
fn helper_search<V: Evaluator>(task: &Task<V>, id: usize, tables: Tables) -> Tables {
    let limits = &task.limits;
    let mut w = Worker::<V>::with_tables(&task.shared, id, limits.nodes, &task.history, tables);
    // Helpers leave out the same root moves as the main thread: their table entries must not
    // recommend a move the main thread may not play.
    w.excluded.extend_from_slice(&task.avoid);
    let max = limits.depth.unwrap_or(MAX_PLY as u32).min(MAX_PLY as u32 - 1);
    let mut prev = None;
    let mut depth = 1 + (id % 2) as u32;
    while depth <= max {
        match w.root(&task.root, depth as i32, prev) {
            Some(line) => prev = Some(line.score),
            None => break,
        }
        depth += 1;
    }
    w.flush();
    w.into_tables()
}

/// The main thread's search over its `tables` (given back with the outcome).
fn main_search<V: Evaluator>(
    task: &Task<V>,
    config: &Config,
    reporter: &dyn Reporter<V>,
    tables: Tables,
) -> (Outcome, Tables) {
    let Task { root, history, limits, avoid, shared } = task;
    let mut legal = V::Moves::default();
    root.legal_moves(&mut legal);
    if legal.is_empty() {
        return (Outcome::default(), tables);
    }
    let mut w = Worker::<V>::with_tables(shared, 0, limits.nodes, history, tables);
    let playable_count = legal.len() - avoid.len();
    let found = deepen(&mut w, root, limits, config, avoid, playable_count, reporter);
    // If even depth 1 did not finish: the table's move, else the first legal move, never one
    // of the moves left out.
    let line = found.best.unwrap_or_else(|| {
        let playable = |m: &Move| legal.contains(m) && !avoid.contains(m);
        let tt_move = shared.tt.probe(root.hash()).map(|e| e.mv).filter(playable);
        let first = legal.iter().copied().find(playable).unwrap_or(legal[0]);
        Line { score: 0, pv: vec![tt_move.unwrap_or(first)] }
    });
    // A level: its noisy choice among the last iteration's lines.
    let line = match config.skill {
        Some(skill) if found.lines.len() > 1 => {
            let scored: Vec<(Move, i32)> = found.lines.iter().map(|l| (l.pv[0], l.score)).collect();
            let pick = skill.choose(&scored, config.seed);
            found.lines.into_iter().find(|l| Some(l.pv[0]) == pick).unwrap_or(line)
        }
        _ => line,
    };
    let out = Outcome {
        best: line.pv.first().copied(),
        score: line.score,
        depth: found.depth,
        nodes: shared.nodes.load(Relaxed),
        pv: line.pv,
    };
    (out, w.into_tables())
}

/// Iterative deepening on the main thread: every depth up to the limit, each with its MultiPV
/// lines, reported as it completes, until a stop, the soft time target or a mate found within
/// `limits.mate`.
fn deepen<V: Evaluator>(
    w: &mut Worker<'_, V>,
    root: &V,
    limits: &Limits,
    config: &Config,
    avoid: &[Move],
    playable_count: usize,
    reporter: &dyn Reporter<V>,
) -> Found {
    let shared = w.shared();
    let max = limits.depth.unwrap_or(MAX_PLY as u32).clamp(1, MAX_PLY as u32 - 1);
    let reported = (config.multipv.max(1) as usize).min(playable_count);
    // A level chooses among several root moves: search them all as principal variations.
    let multipv = if config.skill.is_some() {
        reported.max(skill::CANDIDATES).min(playable_count)
    } else {
        reported
    };
    let mut found = Found::default();
    let mut prev: Option<i32> = None;
    // On a clock (not a fixed move time), the soft target follows the best move's stability.
    let scaled = Params::of::<V>().features.stable_time
        && limits.clock.is_some()
        && limits.movetime.is_none();
    let mut stable = 0u32;
    let first_depth = limits.from_depth.unwrap_or(1).clamp(1, max);
    'deepen: for depth in first_depth..=max {
        let mut lines: Vec<Line> = Vec::new();
        w.excluded.clear();
        w.excluded.extend_from_slice(avoid);
        for k in 0..multipv {
            let Some(line) = w.root(root, depth as i32, if k == 0 { prev } else { None }) else {
                break 'deepen;
            };
            if line.pv.is_empty() {
                break;
            }
            w.excluded.push(line.pv[0]);
            lines.push(line);
        }
        w.flush();
        let Some(first) = lines.first() else { break };
        let fall = match prev {
            Some(p) if p.abs() < MATE_BOUND && first.score.abs() < MATE_BOUND => p - first.score,
            _ => 0,
        };
        let same = found.best.as_ref().and_then(|b| b.pv.first()) == first.pv.first();
        stable = if same { stable + 1 } else { 0 };
        prev = Some(first.score);
        found.best = Some(first.clone());
        found.lines.clone_from(&lines);
        found.depth = depth;
        let elapsed = w.elapsed();
        report(reporter, root, w, &lines[..lines.len().min(reported)], depth, elapsed);
        if let Some(m) = limits.mate {
            if let Score::Mate(n) = Score::from_internal(first.score) {
                if n > 0 && n as u32 <= m {
                    break;
                }
            }
        }
        let soft = shared.soft_ms.load(Relaxed);
        if soft != u64::MAX {
            let scale = if scaled { time::stability_scale(stable, fall) } else { 1.0 };
            if elapsed.as_secs_f64() * 1000.0 >= soft as f64 * scale {
                break;
            }
        }
        if shared.stop.load(Relaxed) {
            break;
        }
    }
    found
}

/// Reports the `lines` of a completed iteration at `depth`.
fn report<V: Evaluator>(
    reporter: &dyn Reporter<V>,
    root: &V,
    w: &Worker<'_, V>,
    lines: &[Line],
    depth: u32,
    elapsed: Duration,
) {
    let shared = w.shared();
    let nodes = shared.nodes.load(Relaxed);
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
    for (i, l) in lines.iter().enumerate() {
        reporter.info(
            root,
            &Info {
                depth,
                seldepth: w.seldepth as u32,
                multipv: i as u32 + 1,
                score: Score::from_internal(l.score),
                raw_score: l.score,
                nodes,
                nps,
                time_ms: elapsed.as_millis() as u64,
                hashfull: shared.tt.hashfull(),
                pv: l.pv.clone(),
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::Rules;
    use movegen::variants::chess::Chess;

    struct Quiet;
    impl<V> Reporter<V> for Quiet {
        fn info(&self, _: &V, _: &Info) {}
        fn bestmove(&self, _: &V, _: Option<Move>, _: Option<Move>) {}
    }

    /// A search stopped before depth 1 completes falls back to the table's move or the first
    /// legal one, but never to a move the caller asked to avoid (XBoard: moves its board cannot
    /// follow), even when the table recommends it.
    #[test]
    fn the_fallback_move_is_never_an_avoided_one() {
        // Sixteen queens in contact: quiescence at depth 1 needs far more than the 1024 nodes
        // after which a set stop flag is noticed.
        let root = Chess::from_fen("k7/8/1q1q1q1q/q1q1q1q1/1Q1Q1Q1Q/Q1Q1Q1Q1/8/7K w - - 0 1")
            .expect("legal FEN");
        let mut legal = <Chess as Rules>::Moves::default();
        root.legal_moves(&mut legal);
        let keep = *legal.last().unwrap();
        let avoid: Vec<Move> = legal.iter().copied().filter(|&m| m != keep).collect();
        let tt = Arc::new(Tt::new(1));
        tt.store(root.hash(), legal[0], 0, 5, tt::Bound::Exact);
        let shared = Arc::new(Shared::new(tt));
        shared.stop.store(true, Relaxed);
        let config = Config::default();
        let mut task = Task { root, history: Vec::new(), limits: Limits::default(), avoid, shared };
        let (out, tables) = main_search(&task, &config, &Quiet, Tables::new());
        assert_eq!(out.depth, 0, "depth 1 must not have completed for this test to mean anything");
        assert_eq!(out.best, Some(keep));
        // Without the list, the table's move.
        task.avoid.clear();
        let (out, _) = main_search(&task, &config, &Quiet, tables);
        assert_eq!((out.depth, out.best), (0, Some(legal[0])));
    }
}
