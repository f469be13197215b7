//! One search thread: iterative deepening over principal-variation alpha-beta with a shared
//! transposition table, quiescence, null-move pruning, late-move reductions, check extensions,
//! killer and history ordering, and expectimax chance nodes (Star1 bounds) for variants whose
//! moves carry chance outcomes (`Rules::HAS_CHANCE`, PieceEater).

use super::tt::{Bound, Tt};
use eval::Evaluator;
use movegen::moves::ACTION_MASK;
use movegen::rules::Outcome;
use movegen::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

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
    /// Set to stop every thread.
    pub stop: AtomicBool,
    /// Nodes searched, summed over threads (flushed periodically).
    pub nodes: AtomicU64,
    /// The transposition table.
    pub tt: Arc<Tt>,
    /// Hard deadline in milliseconds after the start (`u64::MAX`: none). Atomic so that
    /// `ponderhit` can set it while the search runs.
    pub hard_ms: AtomicU64,
    /// Soft target in milliseconds after the start (`u64::MAX`: none).
    pub soft_ms: AtomicU64,
}

impl Shared {
    /// Fresh shared state over `tt`.
    pub fn new(tt: Arc<Tt>) -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            tt,
            hard_ms: AtomicU64::new(u64::MAX),
            soft_ms: AtomicU64::new(u64::MAX),
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
    scores: Vec<i32>,
    /// (order score, start, len) of each action (a single move unless chance outcomes).
    groups: Vec<(i32, u32, u32)>,
}

/// One search thread's state.
#[derive(Debug)]
pub struct Worker<'a, V: Evaluator> {
    shared: &'a Shared,
    /// Thread index (0 = main).
    pub id: usize,
    start: Instant,
    node_limit: Option<u64>,
    nodes: u64,
    unflushed: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    /// Position keys of the game before the root, then of the search path.
    keys: Vec<u64>,
    pv: Vec<Vec<Move>>,
    bufs: Vec<PlyBuf>,
    /// Per-ply scratch of the chance nodes: `[lb, ub]` of each outcome's value.
    chance_bounds: Vec<Vec<(i32, i32)>>,
    /// In-check quiescence nodes searching every move on the current path (games of chance).
    qs_evasions: u32,
    /// Chance nodes on the current quiescence path.
    qs_chance: u32,
    /// Root moves excluded from this iteration (MultiPV lines already found).
    pub excluded: Vec<Move>,
    /// Set when the search ran out of time or was told to stop.
    pub aborted: bool,
    _v: std::marker::PhantomData<V>,
}

/// Games of chance: in-check quiescence nodes per path that search every move (see `qsearch`).
const QS_CHANCE_EVASIONS: u32 = 1;
/// Games of chance: chance nodes per quiescence path (see `qsearch`).
const QS_CHANCE_NODES: u32 = 1;
/// Chance nodes with a null window: rounds of null-window tests of the open outcomes before
/// the outcomes are resolved with wide windows (see `chance`).
const CHANCE_ROUNDS: usize = 3;

/// A point estimate of a value known to lie in `[l, u]` (`±MATE`: unknown side).
fn estimate(l: i32, u: i32, default: i32) -> i32 {
    match (l <= -MATE, u >= MATE) {
        (true, true) => default,
        (true, false) => u,
        (false, true) => l,
        (false, false) => l + (u - l) / 2,
    }
}

const HISTORY_SIZE: usize = 2 * 128 * 128;
const LMR_TABLE_SIZE: usize = 64;

fn lmr(depth: i32, index: usize) -> i32 {
    let d = f64::from(depth.max(1)).ln();
    let i = (index.clamp(1, LMR_TABLE_SIZE) as f64).ln();
    (0.6 + d * i / 2.3) as i32
}

impl<'a, V: Evaluator> Worker<'a, V> {
    /// A worker for one search. `history` holds the keys of the game's earlier positions (not
    /// the root's).
    pub fn new(
        shared: &'a Shared,
        id: usize,
        start: Instant,
        node_limit: Option<u64>,
        history: &[u64],
    ) -> Self {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 4);
        keys.extend_from_slice(history);
        Worker {
            shared,
            id,
            start,
            node_limit,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            killers: vec![[Move::NULL; 2]; MAX_PLY + 2],
            history: vec![0; HISTORY_SIZE],
            keys,
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            bufs: (0..MAX_PLY + 2).map(|_| PlyBuf::default()).collect(),
            chance_bounds: vec![Vec::new(); MAX_PLY + 2],
            qs_evasions: 0,
            qs_chance: 0,
            excluded: Vec::new(),
            aborted: false,
            _v: std::marker::PhantomData,
        }
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
            if self.id == 0 {
                let hard = self.shared.hard_ms.load(Relaxed);
                if hard != u64::MAX && self.start.elapsed().as_millis() as u64 >= hard {
                    self.shared.stop.store(true, Relaxed);
                }
                if let Some(n) = self.node_limit {
                    if self.shared.nodes.load(Relaxed) >= n {
                        self.shared.stop.store(true, Relaxed);
                    }
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

    /// Fills `buf` with `list` ordered: hash move, tactical moves by score, killers, history.
    fn order(&self, pos: &V, list: &[Move], tt_move: Move, ply: usize, buf: &mut PlyBuf) {
        buf.moves.clear();
        buf.scores.clear();
        buf.groups.clear();
        buf.moves.extend_from_slice(list);
        if V::HAS_CHANCE {
            // Outcomes of one action next to each other.
            buf.moves.sort_by_key(|m| m.0 & ACTION_MASK);
        }
        let killers = self.killers[ply];
        for &m in &buf.moves {
            let s = if m == tt_move {
                1 << 30
            } else if pos.is_tactical(m) {
                (1 << 24) + pos.tactical_score(m)
            } else if m == killers[0] {
                (1 << 22) + 1
            } else if m == killers[1] {
                1 << 22
            } else {
                self.history[Self::history_index(pos, m)]
            };
            buf.scores.push(s);
        }
        let mut i = 0;
        while i < buf.moves.len() {
            let mut j = i + 1;
            let mut best = buf.scores[i];
            if V::HAS_CHANCE {
                let key = buf.moves[i].0 & ACTION_MASK;
                while j < buf.moves.len() && buf.moves[j].0 & ACTION_MASK == key {
                    best = best.max(buf.scores[j]);
                    j += 1;
                }
            }
            buf.groups.push((best, i as u32, (j - i) as u32));
            i = j;
        }
        buf.groups.sort_by_key(|g| std::cmp::Reverse(g.0));
    }

    /// Value of a chance node: the average of `-search(child)` over the `n` equally likely
    /// outcomes (expectimax). Each outcome keeps an interval `[lb, ub]` known to hold its value
    /// (at first `[-MATE, MATE]`); the node fails low as soon as `sum(ub) <= n * alpha` and
    /// high as soon as `sum(lb) >= n * beta`, returning that (fail-soft) bound.
    ///
    /// Pass 1 probes every outcome with the parent's own window, narrowed by Star1 (Ballard)
    /// when the other outcomes' bounds allow: a fail-soft bound from a narrow window is cheap,
    /// and when every outcome lands on the same side of the window the node is decided without
    /// any wide search (the usual case at null-window nodes). Pass 2 resolves the outcomes that
    /// are still open with the Star1 window `(n*alpha - sum of the others' ub, n*beta - sum of
    /// the others' lb)`, intersected with the outcome's own interval, so every result either
    /// decides the node or makes the outcome exact.
    #[allow(clippy::too_many_arguments)]
    fn chance(
        &mut self,
        pos: &V,
        outcomes: &[Move],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        quiesce: bool,
    ) -> i32 {
        let n = outcomes.len() as i32;
        let (lo, hi) = (-MATE, MATE);
        let mut bounds = std::mem::take(&mut self.chance_bounds[ply]);
        bounds.clear();
        bounds.resize(outcomes.len(), (lo, hi));
        let mut sum_lb = n * lo;
        let mut sum_ub = n * hi;
        let value = 'done: {
            let null_window = beta == alpha + 1;
            for pass in 0..CHANCE_ROUNDS + 2 {
                if pass > 0 && pass <= CHANCE_ROUNDS && !null_window {
                    continue;
                }
                for (i, &m) in outcomes.iter().enumerate() {
                    let (l, u) = bounds[i];
                    if l == u {
                        continue;
                    }
                    // Star1: the window outside which this outcome alone decides the node.
                    let sa = n * alpha - (sum_ub - u);
                    let sb = n * beta - (sum_lb - l);
                    let (a, b) = if pass == 0 {
                        let (a, b) = (alpha.max(sa), beta.min(sb));
                        if a < b {
                            (a, b)
                        } else if sa >= beta {
                            (sa, sa + 1)
                        } else {
                            (sb - 1, sb)
                        }
                    } else if pass <= CHANCE_ROUNDS {
                        // Null-window test of this outcome at the threshold that decides the
                        // node if the others are worth their current estimates.
                        let others: i32 = bounds
                            .iter()
                            .enumerate()
                            .filter(|&(j, _)| j != i)
                            .map(|(_, &(l, u))| estimate(l, u, alpha))
                            .sum();
                        let t = (n * alpha - others).clamp(l, u - 1);
                        (t, t + 1)
                    } else {
                        (sa.max(l - 1), sb.min(u + 1))
                    };
                    let (a, b) = (a.max(-INF), b.min(INF));
                    let child = pos.play(m);
                    let v = if quiesce {
                        -self.qsearch(&child, -b, -a, ply + 1)
                    } else {
                        -self.negamax(&child, depth, -b, -a, ply + 1, false)
                    };
                    if self.aborted {
                        break 'done 0;
                    }
                    let v = v.clamp(lo, hi);
                    // Fail-soft results bound the outcome; a result contradicting an earlier
                    // bound (search instability) is taken as exact.
                    let (nl, nu) = if v <= a {
                        if v < l {
                            (v, v)
                        } else {
                            (l, u.min(v))
                        }
                    } else if v >= b {
                        if v > u {
                            (v, v)
                        } else {
                            (l.max(v), u)
                        }
                    } else {
                        (v, v)
                    };
                    sum_lb += nl - l;
                    sum_ub += nu - u;
                    bounds[i] = (nl, nu);
                    if sum_ub <= n * alpha {
                        break 'done sum_ub / n;
                    }
                    if sum_lb >= n * beta {
                        break 'done sum_lb / n;
                    }
                }
            }
            // Every outcome exact (sum_lb == sum_ub) unless the search was unstable.
            (sum_lb + sum_ub) / (2 * n)
        };
        self.chance_bounds[ply] = bounds;
        value
    }

    /// Quiescence search: stand pat, then tactical moves only (every move when in check).
    pub fn qsearch(&mut self, pos: &V, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.unflushed += 1;
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let mut list = V::Moves::default();
        pos.legal_moves(&mut list);
        if let Some(s) = Self::terminal_score(pos, &list, ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return pos.evaluate();
        }
        // Games of chance (PieceEater) have no check rule: "in check" only means the king
        // stands en prise, and every turn answers it (drops included), each with up to 8 PE
        // outcomes. Chains of such nodes (a check answered by a check ...) would search every
        // move of every ply to the end of quiescence, so only the first `QS_CHANCE_EVASIONS`
        // in-check nodes on a quiescence path search every move; deeper ones stand pat.
        let mut in_check = pos.in_check();
        let evading = V::HAS_CHANCE && in_check;
        if evading {
            // Past the limit of chance nodes no evasion with outcomes is searched either.
            if self.qs_evasions >= QS_CHANCE_EVASIONS || self.qs_chance >= QS_CHANCE_NODES {
                in_check = false;
            } else {
                self.qs_evasions += 1;
            }
        }
        let counted = evading && in_check;
        let mut best = -INF;
        if !in_check {
            let stand = pos.evaluate();
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let stand_pat = best;
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        self.order(pos, &list, Move::NULL, ply, &mut buf);
        for gi in 0..buf.groups.len() {
            let (_, start, len) = buf.groups[gi];
            let group = &buf.moves[start as usize..(start + len) as usize];
            // Games of chance (PieceEater): an action enters quiescence only if every outcome
            // changes material and none of them loses material outright (`tactical_score` < 0:
            // feeding a unit to the PE). Following gambles on the die or sacrifices to the PE
            // makes quiescence as deep as the material. Other variants: tactical or not, unless
            // the variant's `qsearch_skip` prunes it (TamerSpiel: losing captures, delta).
            let gap = alpha - stand_pat;
            let forcing = |m: Move| {
                pos.is_tactical(m)
                    && (!V::HAS_CHANCE || pos.tactical_score(m) >= 0)
                    && !pos.qsearch_skip(m, gap)
            };
            if !in_check && !group.iter().all(|&m| forcing(m)) {
                continue;
            }
            // Every chance node multiplies the tree by its outcomes: beyond
            // `QS_CHANCE_NODES` of them on a quiescence path, only single-outcome turns go on.
            if len > 1 && self.qs_chance >= QS_CHANCE_NODES {
                continue;
            }
            self.keys.push(pos.hash());
            let v = if len > 1 {
                self.qs_chance += 1;
                let v = self.chance(pos, group, 0, alpha, beta, ply, true);
                self.qs_chance -= 1;
                v
            } else {
                let child = pos.play(group[0]);
                -self.qsearch(&child, -beta, -alpha, ply + 1)
            };
            self.keys.pop();
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = buf;
        if counted {
            self.qs_evasions -= 1;
        }
        best
    }

    /// Principal-variation alpha-beta. Returns the score from the side to move's view.
    pub fn negamax(
        &mut self,
        pos: &V,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 {
            if self.check_stop() {
                return 0;
            }
            if pos.insufficient_material() || self.is_repetition(pos, pos.repetition_horizon()) {
                return 0;
            }
            if pos.fifty_move_draw() {
                // The move-count draw yields to an end by rule on the same move: mate (or
                // Jumping Knights' stalemate win) on the 100th half-move stands, as in FIDE and
                // as `Game::end` judges it.
                let mut list = V::Moves::default();
                pos.legal_moves(&mut list);
                self.nodes += 1;
                self.unflushed += 1;
                return Self::terminal_score(pos, &list, ply).unwrap_or(0);
            }
            // Mate distance pruning.
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let mut list = V::Moves::default();
        pos.legal_moves(&mut list);
        if let Some(s) = Self::terminal_score(pos, &list, ply) {
            self.nodes += 1;
            self.unflushed += 1;
            return s;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        self.unflushed += 1;
        self.seldepth = self.seldepth.max(ply);

        let key = pos.hash();
        let shared: &'a Shared = self.shared;
        let tt = &*shared.tt;
        let entry = tt.probe(key);
        let mut tt_move = Move::NULL;
        if let Some(e) = entry {
            if list.contains(&e.mv) {
                tt_move = e.mv;
            }
            if !pv_node && e.depth >= depth && ply > 0 {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        let in_check = pos.in_check();
        let static_eval = if in_check { -INF } else { pos.evaluate() };

        if !pv_node && !in_check && ply > 0 {
            // Reverse futility: far above beta with little depth left.
            if depth <= 6 && static_eval - 90 * depth >= beta && beta.abs() < MATE_BOUND {
                return static_eval;
            }
            // Null move.
            if depth >= 3 && static_eval >= beta && pos.null_move_ok() && beta.abs() < MATE_BOUND {
                if let Some(null) = pos.null_move() {
                    let r = 3 + depth / 4;
                    self.keys.push(key);
                    let v = -self.negamax(&null, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                    self.keys.pop();
                    if self.aborted {
                        return 0;
                    }
                    if v >= beta {
                        return if v >= MATE_BOUND { beta } else { v };
                    }
                }
            }
        }

        let mut buf = std::mem::take(&mut self.bufs[ply]);
        self.order(pos, &list, tt_move, ply, &mut buf);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        self.keys.push(key);
        for gi in 0..buf.groups.len() {
            let (_, start, len) = buf.groups[gi];
            let first = buf.moves[start as usize];
            if ply == 0 && self.excluded.contains(&first) {
                continue;
            }
            let tactical = pos.is_tactical(first);
            let v = if len > 1 {
                let group = &buf.moves[start as usize..(start + len) as usize];
                self.chance(pos, group, depth - 1, alpha, beta, ply, false)
            } else {
                let child = pos.play(first);
                let gives_check = child.in_check();
                // No check extension in games of chance: PieceEater has forced (single-outcome)
                // turns everywhere near the kings, and chains of checking ones never lose depth.
                let ext = i32::from(gives_check && ply < MAX_PLY / 2 && !V::HAS_CHANCE);
                let new_depth = depth - 1 + ext;
                let mut v;
                if searched == 0 {
                    v = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, pv_node);
                } else {
                    let mut r = 0;
                    if depth >= 3 && searched >= 3 && !tactical && !in_check && !gives_check {
                        r = lmr(depth, searched);
                        if pv_node {
                            r -= 1;
                        }
                        if first == self.killers[ply][0] || first == self.killers[ply][1] {
                            r -= 1;
                        }
                        r = r.clamp(0, new_depth - 1);
                    }
                    v = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, false);
                    if v > alpha && r > 0 {
                        v = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, false);
                    }
                    if v > alpha && v < beta && pv_node {
                        v = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
                    }
                }
                v
            };
            if self.aborted {
                break;
            }
            searched += 1;
            if v > best {
                best = v;
                best_move = first;
                if v > alpha {
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(first);
                    // After a chance node the line depends on the die: the table below holds
                    // the last searched outcome's line, not the one of `first`. Stop there.
                    if len == 1 {
                        line.extend_from_slice(&tail[0]);
                    }
                    if v >= beta {
                        if !tactical && len == 1 {
                            let k = &mut self.killers[ply];
                            if k[0] != first {
                                k[1] = k[0];
                                k[0] = first;
                            }
                            let h = &mut self.history[Self::history_index(pos, first)];
                            *h += depth * depth;
                            if *h > 1 << 20 {
                                for x in &mut self.history {
                                    *x /= 2;
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.keys.pop();
        self.bufs[ply] = buf;
        if self.aborted {
            return 0;
        }
        if searched == 0 {
            // Every root move excluded (MultiPV beyond the number of legal moves).
            return -INF;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        tt.store(key, best_move, score_to_tt(best, ply), depth, bound);
        best
    }

    /// Searches the root to `depth` with an aspiration window around `prev`.
    pub fn root(&mut self, pos: &V, depth: i32, prev: Option<i32>) -> Option<Line> {
        self.seldepth = 0;
        let (mut alpha, mut beta, mut delta) = match prev {
            Some(p) if depth >= 5 && p.abs() < MATE_BOUND => (p - 30, p + 30, 30),
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
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Time spent so far.
    pub fn elapsed(&self) -> std::time::Duration {
        self.start.elapsed()
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
