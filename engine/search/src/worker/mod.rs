//! One search thread: iterative deepening over principal-variation alpha-beta with a shared
//! transposition table, quiescence, null-move pruning, late-move reductions, check extensions,
//! killer and history ordering, and expectimax chance nodes (Star1 bounds) for variants whose
//! moves carry chance outcomes (`Rules::HAS_CHANCE`, PieceEater).

use crate::params::Params;
use crate::time::{Frozen, Timer};
use crate::tt::Tt;
use eval::Evaluator;
use movegen::moves::ACTION_MASK;
use movegen::rules::Outcome;
use movegen::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

mod chance;
mod evalcache;
mod negamax;
mod qsearch;
mod tables;

use tables::Blocked;
pub use tables::Tables;

/// Larger than any score.
pub const INF: i32 = 32_000;
/// Score of mate at the root (mate in `n` plies scores `MATE - n`).
pub const MATE: i32 = 31_000;
/// Maximum search depth in plies.
pub const MAX_PLY: usize = 120;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;

/// State shared by all threads of one search.
#[derive(Debug)]
pub struct Shared {
    /// Set to stop every thread (by the caller, a deadline or a limit).
    pub stop: Arc<AtomicBool>,
    /// Nodes searched, summed over threads (flushed periodically).
    pub nodes: AtomicU64,
    /// The transposition table.
    pub tt: Arc<Tt>,
    /// Hard deadline in milliseconds after the start (`u64::MAX`: none). Atomic so that
    /// `ponderhit` can set it while the search runs.
    pub hard_ms: AtomicU64,
    /// Soft target in milliseconds after the start (`u64::MAX`: none).
    pub soft_ms: AtomicU64,
    /// The front end's clock, and its reading when the search started.
    timer: Arc<dyn Timer>,
    start_ms: f64,
    /// Wakes a thread that waits for `stop` or `ponderhit` (`Shared::wait_for_stop`).
    wake: (Mutex<()>, Condvar),
}

impl Shared {
    /// Fresh shared state over `tt`, with a clock that never moves and a stop flag of its own
    /// (fixed-depth searches and tests).
    pub fn new(tt: Arc<Tt>) -> Shared {
        Shared::with(tt, Arc::new(Frozen), Arc::new(AtomicBool::new(false)))
    }

    /// Fresh shared state over `tt`, reading `timer` (started now) and stopped by `stop`.
    pub fn with(tt: Arc<Tt>, timer: Arc<dyn Timer>, stop: Arc<AtomicBool>) -> Shared {
        Shared {
            stop,
            nodes: AtomicU64::new(0),
            tt,
            hard_ms: AtomicU64::new(u64::MAX),
            soft_ms: AtomicU64::new(u64::MAX),
            start_ms: timer.now_ms(),
            timer,
            wake: (Mutex::new(()), Condvar::new()),
        }
    }

    /// Milliseconds since the search started.
    pub fn elapsed_ms(&self) -> f64 {
        (self.timer.now_ms() - self.start_ms).max(0.0)
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        Duration::from_secs_f64(self.elapsed_ms() / 1000.0)
    }

    /// Stops every thread of the search and wakes a thread waiting in
    /// [`Shared::wait_for_stop`].
    pub fn request_stop(&self) {
        let _guard = self.wake.0.lock().expect("lock");
        self.stop.store(true, Relaxed);
        self.wake.1.notify_all();
    }

    /// Wakes a thread waiting in [`Shared::wait_for_stop`] to look at the deadline again
    /// (`ponderhit` set one).
    pub fn notify(&self) {
        let _guard = self.wake.0.lock().expect("lock");
        self.wake.1.notify_all();
    }

    /// Blocks (without polling) until the search is stopped, or, when `pondering` and not
    /// `infinite`, until `ponderhit` has given it a deadline: UCI's `go infinite` and
    /// `go ponder` answer only then. Used by the threaded searcher; a search on the caller's
    /// thread returns when it is done and leaves the waiting to its caller.
    pub fn wait_for_stop(&self, infinite: bool, pondering: bool) {
        if !infinite && !pondering {
            return;
        }
        let mut guard = self.wake.0.lock().expect("lock");
        while !self.stop.load(Relaxed) {
            if pondering && !infinite && self.hard_ms.load(Relaxed) != u64::MAX {
                return;
            }
            guard = self.wake.1.wait(guard).expect("lock");
        }
    }
}

/// The result of one completed (or partly completed) iteration.
#[derive(Clone, Debug)]
pub struct Line {
    /// Score from the root side's view.
    pub score: i32,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// Scratch buffers for one ply, reused across nodes (no allocation per node).
#[derive(Default, Debug)]
struct PlyBuf {
    moves: Vec<Move>,
    /// (order score, start, len, tactical) of each action (a single move unless chance
    /// outcomes).
    groups: Vec<(i32, u32, u32, bool)>,
    /// Quiet moves searched at this node so far (history penalties on a cut-off).
    quiets: Vec<Move>,
}

/// One search thread's state.
#[derive(Debug)]
pub struct Worker<'a, V: Evaluator> {
    shared: &'a Shared,
    /// Thread index (0 = main).
    pub id: usize,
    node_limit: Option<u64>,
    nodes: u64,
    unflushed: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    killers: Vec<[Move; 2]>,
    history: Blocked<i32>,
    /// Continuation histories (`Features::history_heuristics`): the score of a quiet move
    /// after the move one ply (`[0]`) and two plies (`[1]`) earlier, indexed by that move's
    /// target square and this move's squares (`cont_index`). Untouched where not used.
    cont: [Blocked<i16>; 2],
    /// The move played at each ply of the search path (`Move::NULL` for a null move).
    path: Vec<Move>,
    /// Position keys of the game before the root, then of the search path.
    keys: Vec<u64>,
    pv: Vec<Vec<Move>>,
    bufs: Vec<PlyBuf>,
    /// Per-ply scratch of the chance nodes.
    chance_bufs: Vec<chance::ChanceBuf<V>>,
    /// Static evaluations of this thread (`Evaluator::EVAL_CACHE`).
    eval_cache: evalcache::EvalCache,
    /// In-check quiescence nodes searching every move on the current path (games of chance).
    qs_evasions: u32,
    /// Chance nodes on the current quiescence path.
    qs_chance: u32,
    /// The static evaluation of the negamax node at each ply of the current path (`-INF` in
    /// check), kept only with `Features::improving`, which reads it.
    evals: [i32; MAX_PLY + 2],
    /// The move each ply's node leaves out while it tests its table move for a singular
    /// extension (`Move::NULL`: none).
    skip: [Move; MAX_PLY + 2],
    /// Root moves excluded from this iteration (MultiPV lines already found).
    pub excluded: Vec<Move>,
    /// Set when the search ran out of time or was told to stop.
    pub aborted: bool,
    /// Search the plain expectimax value to the nominal depth: no forward pruning (null move,
    /// futility, move-count pruning, late-move and outcome reductions), and the static
    /// evaluation instead of quiescence at the horizon. For tests that compare the search with
    /// an unpruned expectimax.
    pub exact: bool,
    _v: std::marker::PhantomData<V>,
}

/// Largest magnitude of a history entry with the gravity update (`update_stat`).
const HISTORY_MAX: i32 = 16_384;

/// History bonus (and penalty) for a cut-off at `depth`.
fn stat_bonus(depth: i32) -> i32 {
    (16 * depth * depth + 64 * depth).min(1600)
}

/// Moves `h` toward `bonus`'s sign, by less the closer it already is to the bound.
#[inline]
fn update_stat(h: i32, bonus: i32) -> i32 {
    h + bonus - h * bonus.abs() / HISTORY_MAX
}

impl<'a, V: Evaluator> Worker<'a, V> {
    /// The search's parameters for this variant.
    const P: Params = Params::of::<V>();

    /// A worker for one search with fresh tables. `history` holds the keys of the game's
    /// earlier positions (not the root's).
    pub fn new(shared: &'a Shared, id: usize, node_limit: Option<u64>, history: &[u64]) -> Self {
        Self::with_tables(shared, id, node_limit, history, Tables::new())
    }

    /// A worker for one search over a thread's `tables` from an earlier search (cleared here,
    /// so the search is the same as with fresh ones); [`Worker::into_tables`] gives them back.
    pub fn with_tables(
        shared: &'a Shared,
        id: usize,
        node_limit: Option<u64>,
        history: &[u64],
        mut tables: Tables,
    ) -> Self {
        tables.reset(history);
        tables.eval_cache.prepare::<V>();
        let Tables { killers, history, cont, path, keys, pv, bufs, eval_cache } = tables;
        Worker {
            shared,
            id,
            node_limit,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            killers,
            history,
            cont,
            path,
            keys,
            pv,
            bufs,
            eval_cache,
            chance_bufs: (0..MAX_PLY + 2).map(|_| chance::ChanceBuf::default()).collect(),
            qs_evasions: 0,
            qs_chance: 0,
            evals: [-INF; MAX_PLY + 2],
            skip: [Move::NULL; MAX_PLY + 2],
            excluded: Vec::new(),
            aborted: false,
            exact: false,
            _v: std::marker::PhantomData,
        }
    }

    /// The thread's tables, for its next search.
    pub fn into_tables(self) -> Tables {
        let Worker { killers, history, cont, path, keys, pv, bufs, eval_cache, .. } = self;
        Tables { killers, history, cont, path, keys, pv, bufs, eval_cache }
    }

    /// The static evaluation of `pos` (side to move's view), through the thread's cache where
    /// the variant uses one.
    #[inline(always)]
    fn evaluate(&mut self, pos: &V) -> i32 {
        self.eval_cache.evaluate(pos)
    }

    /// Nodes searched by this thread.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.unflushed >= 1024 {
            self.shared.nodes.fetch_add(self.unflushed, Relaxed);
            self.unflushed = 0;
            // Every thread watches the deadline and the node limit: with more threads than
            // cores the main thread may be waiting for a processor, and whichever thread runs
            // first after the deadline stops them all.
            let hard = self.shared.hard_ms.load(Relaxed);
            if hard != u64::MAX && self.shared.elapsed_ms() >= hard as f64 {
                self.shared.stop.store(true, Relaxed);
            }
            if let Some(n) = self.node_limit {
                if self.shared.nodes.load(Relaxed) >= n {
                    self.shared.stop.store(true, Relaxed);
                }
            }
            if self.shared.stop.load(Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Flushes the local node count into the shared counter.
    pub fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }

    fn is_repetition(&self, pos: &V, horizon: usize) -> bool {
        let h = pos.hash();
        let n = self.keys.len();
        let mut i = 2;
        while i <= horizon && i <= n {
            if self.keys[n - i] == h {
                return true;
            }
            i += 2;
        }
        false
    }

    fn terminal_score(pos: &V, legal: &[Move], ply: usize) -> Option<i32> {
        pos.end_by_rule(legal).map(|end| match end.outcome {
            Outcome::Draw => 0,
            Outcome::Win(c) if c == pos.turn() => MATE - ply as i32,
            Outcome::Win(_) => -(MATE - ply as i32),
        })
    }

    #[inline]
    fn history_index(pos: &V, m: Move) -> usize {
        (pos.turn().index() << 14) | (usize::from(m.from().0) << 7) | usize::from(m.to().0)
    }

    /// Index of quiet move `m` in a continuation history after the earlier move `prev`.
    #[inline]
    fn cont_index(prev: Move, m: Move) -> usize {
        (usize::from(prev.to().0) << 14) | (usize::from(m.from().0) << 7) | usize::from(m.to().0)
    }

    /// The move `back` plies before `ply` on the search path (`Move::NULL` before the root).
    #[inline]
    fn earlier(&self, ply: usize, back: usize) -> Move {
        if ply >= back {
            self.path[ply - back]
        } else {
            Move::NULL
        }
    }

    /// History score of quiet move `m` at `ply`: the butterfly history plus, with
    /// `HISTORY_HEURISTICS`, the continuation histories.
    #[inline]
    fn quiet_score(&self, pos: &V, m: Move, ply: usize) -> i32 {
        let mut s = self.history[Self::history_index(pos, m)];
        if Self::P.features.history_heuristics {
            for (k, table) in self.cont.iter().enumerate() {
                let prev = self.earlier(ply, k + 1);
                if !prev.is_null() {
                    s += i32::from(table[Self::cont_index(prev, m)]);
                }
            }
        }
        s
    }

    /// Rewards quiet move `m` at `ply` by `bonus` (a penalty when negative).
    fn reward_quiet(&mut self, pos: &V, m: Move, ply: usize, bonus: i32) {
        let h = self.history.at_mut(Self::history_index(pos, m));
        *h = update_stat(*h, bonus);
        for k in 0..2 {
            let prev = self.earlier(ply, k + 1);
            if !prev.is_null() {
                let c = self.cont[k].at_mut(Self::cont_index(prev, m));
                *c = update_stat(i32::from(*c), bonus) as i16;
            }
        }
    }

    /// The part of `m` that the player chooses: in games of chance the action without the PE's
    /// step (`ACTION_MASK`), otherwise the whole move.
    #[inline]
    fn action_key(m: Move) -> u32 {
        if V::HAS_CHANCE {
            m.0 & ACTION_MASK
        } else {
            m.0
        }
    }

    /// Fills `buf` with `list` ordered: hash move, tactical moves by score, killers, history.
    /// In games of chance the outcomes of one action form a group that is ordered as a whole
    /// (see `chance_group_score`).
    ///
    /// `qs`: quiescence not in check, where only tactical moves that do not lose material by
    /// static exchange are kept; ignored in games of chance, whose quiescence judges whole
    /// actions.
    fn order(&self, pos: &V, list: &[Move], tt_move: Move, ply: usize, buf: &mut PlyBuf, qs: bool) {
        buf.moves.clear();
        buf.groups.clear();
        buf.moves.extend_from_slice(list);
        let killers = self.killers[ply];
        if V::HAS_CHANCE {
            // The generator lists the outcomes of one action next to each other.
            let mut i = 0;
            while i < buf.moves.len() {
                let key = buf.moves[i].0 & ACTION_MASK;
                let mut j = i + 1;
                while j < buf.moves.len() && buf.moves[j].0 & ACTION_MASK == key {
                    j += 1;
                }
                let (score, tactical) =
                    self.chance_group_score(pos, &buf.moves[i..j], tt_move, killers);
                buf.groups.push((score, i as u32, (j - i) as u32, tactical));
                i = j;
            }
        } else {
            for (i, &m) in buf.moves.iter().enumerate() {
                let tactical = pos.is_tactical(m);
                if qs && (!tactical || (V::HAS_SEE && !pos.see_ge(m, 0))) {
                    continue;
                }
                let s = if m == tt_move {
                    1 << 30
                } else if tactical {
                    // Captures that lose material in the exchange (where the variant has a
                    // static exchange evaluation) go after every quiet move (quiescence has
                    // dropped them already).
                    if V::HAS_SEE && !qs && !pos.see_ge(m, 0) {
                        -(1 << 24) + pos.tactical_score(m)
                    } else {
                        (1 << 24) + pos.tactical_score(m)
                    }
                } else if m == killers[0] {
                    (1 << 22) + 1
                } else if m == killers[1] {
                    1 << 22
                } else {
                    self.quiet_score(pos, m, ply)
                };
                buf.groups.push((s, i as u32, 1, tactical));
            }
        }
        // Ties keep the generator's order (the start index is unique, so the unstable sort is
        // as deterministic as a stable one, and faster).
        buf.groups.sort_unstable_by_key(|g| (std::cmp::Reverse(g.0), g.1));
    }

    /// Order score of one action of a game of chance (its `outcomes`) and whether it is
    /// tactical. The table's action first; then actions every outcome of which changes
    /// material, by their average `tactical_score` (the die's eating is worth the same after
    /// most actions, so only the expected gain separates them); those that lose material on
    /// average (feeding a unit to the PE) or in the exchange after the quiet ones; quiet
    /// actions by killer and history. An action that is tactical in some outcomes only (the PE
    /// may eat) is quiet here: the same is true of nearly every action while a unit stands
    /// next to the PE.
    fn chance_group_score(
        &self,
        pos: &V,
        outcomes: &[Move],
        tt_move: Move,
        killers: [Move; 2],
    ) -> (i32, bool) {
        let key = outcomes[0].0 & ACTION_MASK;
        if !tt_move.is_null() && tt_move.0 & ACTION_MASK == key {
            let tactical = outcomes.iter().all(|&m| pos.is_tactical(m));
            return (1 << 30, tactical);
        }
        if outcomes.iter().all(|&m| pos.is_tactical(m)) {
            let n = outcomes.len() as i32;
            let avg = outcomes.iter().map(|&m| pos.tactical_score(m)).sum::<i32>() / n;
            // Captures that lose in the exchange (where the variant has one; the same for
            // every outcome) go after the quiet actions too.
            let good = avg >= 0 && (!V::HAS_SEE || pos.see_ge(outcomes[0], 0));
            let s = if good { (1 << 24) + avg } else { -(1 << 24) + avg };
            return (s, true);
        }
        let s = if !killers[0].is_null() && killers[0].0 & ACTION_MASK == key {
            (1 << 22) + 1
        } else if !killers[1].is_null() && killers[1].0 & ACTION_MASK == key {
            1 << 22
        } else {
            self.history[Self::history_index(pos, outcomes[0])]
        };
        (s, false)
    }

    /// Whether `m` is (the action of) one of the killers of `ply`.
    #[inline]
    fn is_killer(&self, ply: usize, m: Move) -> bool {
        let k = self.killers[ply];
        let a = Self::action_key(m);
        (!k[0].is_null() && Self::action_key(k[0]) == a)
            || (!k[1].is_null() && Self::action_key(k[1]) == a)
    }

    /// Value of the action whose outcomes are `group` (`child`: the position after the first
    /// outcome) for the side to move, searched `depth` plies deeper with window `(alpha,
    /// beta)`: the child's negated value, or the chance node's over every outcome.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn action(
        &mut self,
        pos: &V,
        group: &[Move],
        child: &V,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if group.len() == 1 {
            -self.negamax(child, depth, -beta, -alpha, ply + 1, pv_node)
        } else {
            self.chance(pos, group, depth, alpha, beta, ply, false)
        }
    }

    /// Searches the root to `depth` with an aspiration window around `prev`.
    pub fn root(&mut self, pos: &V, depth: i32, prev: Option<i32>) -> Option<Line> {
        self.seldepth = 0;
        let w = Self::P.aspiration;
        let (mut alpha, mut beta, mut delta) = match prev {
            Some(p) if depth >= Self::P.aspiration_depth && p.abs() < MATE_BOUND => {
                (p - w, p + w, w)
            }
            _ => (-INF, INF, INF),
        };
        loop {
            let v = self.negamax(pos, depth, alpha, beta, 0, true);
            if self.aborted {
                return None;
            }
            if v <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
                delta *= 2;
            } else if v >= beta && beta < INF {
                beta = (beta + delta).min(INF);
                delta *= 2;
            } else {
                return Some(Line { score: v, pv: self.pv[0].clone() });
            }
            if delta > Self::P.aspiration_limit {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// The state shared by the search's threads.
    pub fn shared(&self) -> &'a Shared {
        self.shared
    }

    /// Time spent so far.
    pub fn elapsed(&self) -> Duration {
        self.shared.elapsed()
    }
}

#[inline]
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gravity update never leaves [-HISTORY_MAX, HISTORY_MAX] (continuation entries are
    /// `i16`), whatever the sequence of bonuses, and approaches the bound it is pushed to.
    #[test]
    fn history_stays_bounded() {
        let mut h = 0;
        for _ in 0..10_000 {
            h = update_stat(h, stat_bonus(20));
            assert!((0..=HISTORY_MAX).contains(&h), "{h}");
        }
        assert!(h > HISTORY_MAX * 9 / 10, "pushed up for long, {h}");
        for _ in 0..10_000 {
            h = update_stat(h, -stat_bonus(20));
            assert!((-HISTORY_MAX..=HISTORY_MAX).contains(&h), "{h}");
        }
        assert!(h < -HISTORY_MAX * 9 / 10, "pushed down for long, {h}");
        // Hand-computed: from 8192, a bonus of 1600 adds 1600 - 8192 * 1600 / 16384 = 800.
        assert_eq!(update_stat(8192, 1600), 8992);
        assert_eq!(update_stat(-8192, -1600), -8992);
        assert!(i16::try_from(HISTORY_MAX).is_ok());
    }

    /// A node testing its table move for a singular extension (`Worker::skip`) searches the
    /// other moves only and stores no table entry; a full search leaves no move skipped.
    #[test]
    fn a_singular_test_leaves_out_the_table_move_and_stores_nothing() {
        use movegen::rules::Rules;
        use movegen::variants::chess::Chess;
        // White's rook takes the undefended queen on d5 (a rook up); every other move leaves
        // Black a queen against a rook, and the rook on d2 is attacked.
        let pos = Chess::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").expect("legal FEN");
        let take = pos.parse_move("d2d5").expect("legal");
        let shared = Shared::new(Arc::new(Tt::new(1)));
        let mut w = Worker::<Chess>::new(&shared, 0, None, &[]);
        w.skip[1] = take;
        let without = w.negamax(&pos, 4, -INF, INF, 1, false);
        w.skip[1] = Move::NULL;
        assert!(without < -300, "a queen against a rook, {without}");
        assert!(shared.tt.probe(pos.hash()).is_none(), "the testing node stored an entry");
        let with = w.negamax(&pos, 4, -INF, INF, 1, false);
        assert!(with > 300, "a rook up, {with}");
        assert_eq!(shared.tt.probe(pos.hash()).map(|e| e.mv), Some(take));
        // The only legal move skipped: nothing is left to search.
        let one = Chess::from_fen("7k/8/8/8/8/8/r7/K1r5 w - - 0 1").expect("legal FEN");
        let mut list = <Chess as Rules>::Moves::default();
        one.legal_moves(&mut list);
        assert_eq!(list.len(), 1, "Kxa2 only");
        w.skip[1] = list[0];
        assert_eq!(w.negamax(&one, 6, -INF, INF, 1, false), -INF);
        w.skip[1] = Move::NULL;
        // A deep search (singular tests from depth 7) leaves every ply's skip clear.
        let start = Chess::from_fen(movegen::variants::chess::START_FEN).expect("legal FEN");
        for d in 1..=10 {
            w.negamax(&start, d, -INF, INF, 0, true);
        }
        assert!(w.skip.iter().all(|m| m.is_null()));
    }

    /// The bonus grows with depth up to its cap.
    #[test]
    fn stat_bonus_grows_to_its_cap() {
        assert_eq!(stat_bonus(1), 80);
        assert_eq!(stat_bonus(3), 336);
        for d in 1..40 {
            assert!(stat_bonus(d + 1) >= stat_bonus(d));
        }
        assert_eq!(stat_bonus(60), 1600);
    }
}
