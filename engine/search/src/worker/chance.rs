//! Chance nodes (`Rules::HAS_CHANCE`, PieceEater): the value of an action is the average of its
//! equally likely outcomes' values (expectimax), searched with Ballard's Star1 bounds, probes of
//! the transposition table, and fewer plies for the plain outcomes after the first.

use super::{score_from_tt, score_to_tt, Worker, INF, MATE};
use crate::tt::Bound;
use eval::Evaluator;
use movegen::moves::ACTION_MASK;
use movegen::Move;

/// Chance nodes with a null window: rounds of null-window tests of the open outcomes before
/// the outcomes are resolved with wide windows.
const CHANCE_ROUNDS: usize = 3;

/// One outcome of the chance node being searched.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    /// Its value lies in `[lb, ub]` (from the mover's view).
    lb: i32,
    ub: i32,
    /// Depth its child is searched to.
    depth: i32,
}

/// Per-ply scratch of the chance nodes.
#[derive(Debug)]
pub(super) struct ChanceBuf<V> {
    slots: Vec<Slot>,
    children: Vec<V>,
}

impl<V> Default for ChanceBuf<V> {
    fn default() -> Self {
        ChanceBuf { slots: Vec::new(), children: Vec::new() }
    }
}

/// `x / w` rounded down (`w > 0`).
#[inline]
fn div_floor(x: i32, w: i32) -> i32 {
    x.div_euclid(w)
}

/// `x / w` rounded up (`w > 0`).
#[inline]
fn div_ceil(x: i32, w: i32) -> i32 {
    -(-x).div_euclid(w)
}

/// A point estimate of a value known to lie in `[l, u]` (`±MATE`: unknown side).
fn estimate(l: i32, u: i32, default: i32) -> i32 {
    match (l <= -MATE, u >= MATE) {
        (true, true) => default,
        (true, false) => u,
        (false, true) => l,
        (false, false) => l + (u - l) / 2,
    }
}

/// Key of the chance node of the action of `m` in the position with key `pos_key`: mixed with a
/// constant that no action key is, so it differs from the position's own (decision-node) key.
#[inline]
pub(super) fn chance_key(pos_key: u64, m: Move) -> u64 {
    const TAG: u64 = 0x5bd1_e995_c3a5_c85c;
    pos_key ^ movegen::zobrist::splitmix64(TAG ^ u64::from(m.0 & ACTION_MASK)) ^ TAG
}

/// Plies less for a plain outcome after the first at child depth `depth` (see
/// `Worker::chance`).
#[inline]
fn outcome_reduction(depth: i32) -> i32 {
    match depth {
        ..=0 => 1,
        1..=3 => 1,
        _ => 2,
    }
}

impl<V: Evaluator> Worker<'_, V> {
    /// Value of a chance node: the average of `-search(child)` over the `n` equally likely
    /// `outcomes` of one action (expectimax), each child searched to `depth` (quiescence when
    /// `quiesce`). Each outcome keeps an interval `[lb, ub]` known to hold its value (at first
    /// `[-MATE, MATE]`, or its child's table entry); the node fails low as soon as `sum(ub) <=
    /// n * alpha` and high as soon as `sum(lb) >= n * beta`, returning that (fail-soft) bound.
    ///
    /// Pass 0 probes every outcome with the parent's own window, narrowed by Star1 (Ballard)
    /// when the other outcomes' bounds allow: a fail-soft bound from a narrow window is cheap,
    /// and when every outcome lands on the same side of the window the node is decided without
    /// any wide search (the usual case at null-window nodes). At null-window nodes, rounds of
    /// null-window tests follow at the threshold that decides the node if the other outcomes
    /// are worth their current estimates. The last pass resolves the outcomes that are still
    /// open with the Star1 window `(n*alpha - sum of the others' ub, n*beta - sum of the others'
    /// lb)`, intersected with the outcome's own interval, so every result either decides the
    /// node or makes the outcome exact.
    ///
    /// Outside quiescence the node is a table entry of its own (`chance_key`), and unless
    /// `self.exact` the plain outcomes (`Evaluator::quiet_outcome`) after the first are
    /// searched `outcome_reduction` plies less deep.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn chance(
        &mut self,
        pos: &V,
        outcomes: &[Move],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        quiesce: bool,
    ) -> i32 {
        let tt = &*self.shared.tt;
        let key = chance_key(pos.hash(), outcomes[0]);
        if !quiesce {
            if let Some(e) = tt.probe(key) {
                if e.depth >= depth {
                    let s = score_from_tt(e.score, ply);
                    if e.bound.cuts(s, alpha, beta) {
                        return s;
                    }
                }
            }
        }
        let n = outcomes.len() as i32;
        let mut buf = std::mem::take(&mut self.chance_bufs[ply]);
        let (mut sum_lb, mut sum_ub) =
            self.chance_slots(pos, outcomes, depth, ply, quiesce, &mut buf);
        let value = 'done: {
            if sum_ub <= n * alpha {
                break 'done sum_ub / n;
            }
            if sum_lb >= n * beta {
                break 'done sum_lb / n;
            }
            let null_window = beta == alpha + 1;
            for pass in 0..CHANCE_ROUNDS + 2 {
                if pass > 0 && pass <= CHANCE_ROUNDS && !null_window {
                    continue;
                }
                for i in 0..buf.slots.len() {
                    if buf.slots[i].lb == buf.slots[i].ub {
                        continue;
                    }
                    let window =
                        Self::outcome_window(&buf.slots, i, pass, n, alpha, beta, (sum_lb, sum_ub));
                    let Some((nl, nu)) = self.search_outcome(&buf, i, window, quiesce, ply) else {
                        break 'done 0;
                    };
                    let Slot { lb: l, ub: u, .. } = buf.slots[i];
                    sum_lb += nl - l;
                    sum_ub += nu - u;
                    (buf.slots[i].lb, buf.slots[i].ub) = (nl, nu);
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
        self.chance_bufs[ply] = buf;
        if !quiesce && !self.aborted {
            let bound = Bound::of(value, alpha, beta);
            tt.store(key, Move::NULL, score_to_tt(value, ply), depth, bound);
        }
        value
    }
    /// The outcomes' children and their first intervals: `[-MATE, MATE]`, or the static
    /// evaluation for the plain outcomes after the lead at the horizon, narrowed by the child's
    /// own table entry. Returns the sums of the lower and upper bounds.
    #[inline(always)]
    fn chance_slots(
        &mut self,
        pos: &V,
        outcomes: &[Move],
        depth: i32,
        ply: usize,
        quiesce: bool,
        buf: &mut ChanceBuf<V>,
    ) -> (i32, i32) {
        let tt = &*self.shared.tt;
        let (lo, hi) = (-MATE, MATE);
        buf.slots.clear();
        buf.children.clear();
        let mut sum_lb = 0;
        let mut sum_ub = 0;
        // The outcome searched in full: the first plain one (the PE eats nothing), else the
        // first.
        let lead = if self.exact {
            usize::MAX
        } else {
            outcomes.iter().position(|&m| pos.quiet_outcome(m)).unwrap_or(0)
        };
        for (i, &m) in outcomes.iter().enumerate() {
            let child = pos.play(m);
            let mut slot = Slot { lb: lo, ub: hi, depth };
            let reduce = lead != usize::MAX && i != lead;
            if reduce {
                // Fewer plies for the others, and at the horizon only the static evaluation
                // (the lead's search has looked at the captures, which are the same after
                // the others bar what the PE ate and where it stands).
                slot.depth = if quiesce { -1 } else { depth - outcome_reduction(depth) };
                if slot.depth < 0 || (slot.depth == 0 && depth > 0) {
                    let v = match Self::terminal_score(&child, &[Move::NULL], ply + 1) {
                        Some(t) => -t,
                        None => -self.evaluate(&child),
                    };
                    self.count_node();
                    slot.lb = v;
                    slot.ub = v;
                }
            }
            // The child's own table entry bounds the outcome before any search (the child
            // would cut on it the same way; draws by rule come first there, so here too).
            if !quiesce
                && slot.depth >= 1
                && !child.fifty_move_draw()
                && !self.is_repetition(&child, child.repetition_horizon())
            {
                if let Some(e) = tt.probe(child.hash()) {
                    if e.depth >= slot.depth {
                        let s = -score_from_tt(e.score, ply + 1);
                        match e.bound {
                            Bound::Exact => (slot.lb, slot.ub) = (s, s),
                            // The child's value is at least its score: ours at most.
                            Bound::Lower => slot.ub = s.clamp(lo, hi),
                            Bound::Upper => slot.lb = s.clamp(lo, hi),
                        }
                    }
                }
            }
            sum_lb += slot.lb;
            sum_ub += slot.ub;
            buf.slots.push(slot);
            buf.children.push(child);
        }
        (sum_lb, sum_ub)
    }

    /// The window outcome `i` is searched with in pass `pass` (`sums`: of all lower and upper
    /// bounds): pass 0 the node's window narrowed by Star1, the null-window rounds a test at
    /// the threshold that decides the node if the others are worth their estimates, the last
    /// pass the Star1 window within the outcome's interval.
    #[inline(always)]
    fn outcome_window(
        slots: &[Slot],
        i: usize,
        pass: usize,
        n: i32,
        alpha: i32,
        beta: i32,
        (sum_lb, sum_ub): (i32, i32),
    ) -> (i32, i32) {
        let Slot { lb: l, ub: u, .. } = slots[i];
        let w = 1;
        // Star1: the window outside which this outcome alone decides the node.
        let sa = div_floor(n * alpha - (sum_ub - w * u), w);
        let sb = div_ceil(n * beta - (sum_lb - w * l), w);
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
            // Null-window test of this outcome at the threshold that decides the node if the
            // others are worth their current estimates.
            let others: i32 = slots
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, s)| estimate(s.lb, s.ub, alpha))
                .sum();
            let t = div_floor(n * alpha - others, w).clamp(l, u - 1);
            (t, t + 1)
        } else {
            (sa.max(l - 1), sb.min(u + 1))
        };
        (a.max(-INF), b.min(INF))
    }

    /// Searches outcome `i` with `window`; its new interval (`None`: the search was stopped).
    /// Fail-soft results bound the outcome; a result contradicting an earlier bound (search
    /// instability) is taken as exact.
    #[inline(always)]
    fn search_outcome(
        &mut self,
        buf: &ChanceBuf<V>,
        i: usize,
        (a, b): (i32, i32),
        quiesce: bool,
        ply: usize,
    ) -> Option<(i32, i32)> {
        let Slot { lb: l, ub: u, depth: d } = buf.slots[i];
        let child = &buf.children[i];
        let v = if quiesce {
            -self.qsearch(child, -b, -a, ply + 1)
        } else {
            -self.negamax(child, d, -b, -a, ply + 1, false)
        };
        if self.aborted {
            return None;
        }
        let v = v.clamp(-MATE, MATE);
        Some(if v <= a {
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
        })
    }
}
