//! Principal-variation alpha-beta, in the order a node does its work: the draws and bounds that
//! need no move list, the table, the pruning before the moves (reverse futility, null move), and
//! the move loop with its own pruning, reductions and re-searches, killers and history. Every
//! part is `#[inline(always)]`, so `negamax` compiles to one function per variant as before.

use super::{score_from_tt, score_to_tt, stat_bonus, PlyBuf, Shared, Worker, INF, MATE};
use super::{MATE_BOUND, MAX_PLY};
use crate::tt::{Bound, TtEntry};
use eval::Evaluator;
use movegen::Move;

/// What a node knows when it starts on its moves.
#[derive(Clone, Copy, Debug)]
struct Node {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    static_eval: i32,
    key: u64,
    /// `Features::improving` and the static evaluation is not above the one two plies before.
    worsening: bool,
    /// Extra plies for the table's move (a singular extension).
    tt_ext: i32,
}

/// What the singular test of a node's table move found.
enum Singular {
    /// Search the table move this many plies deeper.
    Extend(i32),
    /// Even without the table move the reduced search beat beta: the node's value.
    Cut(i32),
}

/// What the late-move reduction of a move reads besides its depth.
#[derive(Clone, Copy, Debug)]
struct Late {
    /// Moves searched before it.
    searched: usize,
    /// Not a capture or promotion, not giving or escaping check.
    quiet: bool,
    pv_node: bool,
    /// See [`Node`].
    worsening: bool,
}

impl<'a, V: Evaluator> Worker<'a, V> {
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
            if let Some(v) = self.before_moves(pos, &mut alpha, &mut beta, ply) {
                return v;
            }
        }
        let mut list = V::Moves::default();
        if depth <= 0 || ply >= MAX_PLY {
            if self.exact {
                pos.legal_moves(&mut list);
                self.count_node();
                return Self::terminal_score(pos, &list, ply).unwrap_or_else(|| self.evaluate(pos));
            }
            // Quiescence sees the ends by rule itself.
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.count_node();
        self.seldepth = self.seldepth.max(ply);

        // The table before the move list: a cut-off needs no moves. (An end by rule is never
        // stored: such nodes return below before the store.)
        let key = pos.hash();
        let shared: &'a Shared = self.shared;
        let entry = shared.tt.probe(key);
        // A node testing its table move for a singular extension searches the others only:
        // no cut-off from its own entry, no pruning before the moves, no store.
        let testing = !self.skip[ply].is_null();
        if !testing {
            if let Some(s) = Self::table_cut(entry, depth, alpha, beta, ply, pv_node) {
                return s;
            }
        }
        pos.legal_moves(&mut list);
        if let Some(s) = Self::terminal_score(pos, &list, ply) {
            return s;
        }
        let mut tt_move = Move::NULL;
        if let Some(e) = entry {
            if list.contains(&e.mv) {
                tt_move = e.mv;
            }
        }

        let depth = self.iir(depth, tt_move, testing);

        let in_check = pos.in_check();
        let static_eval = if in_check { -INF } else { self.evaluate(pos) };
        // With `Features::improving`, not in check: whether the static evaluation improves on its
        // side's two plies before (`None` without the feature or in check).
        let trend = if Self::P.features.improving {
            self.evals[ply] = static_eval;
            (!in_check).then(|| self.improving(ply, static_eval))
        } else {
            None
        };
        let (improving, worsening) = (trend == Some(true), trend == Some(false));
        if !pv_node && !in_check && ply > 0 && !self.exact && !testing {
            if let Some(v) = self.prune_node(pos, key, depth, improving, beta, static_eval, ply) {
                return v;
            }
        }
        let tt_ext = match self.singular(pos, entry, tt_move, depth, beta, ply) {
            Singular::Extend(e) => e,
            Singular::Cut(v) => return v,
        };
        if self.aborted {
            return 0;
        }
        let node = Node {
            depth,
            alpha,
            beta,
            ply,
            pv_node,
            in_check,
            static_eval,
            key,
            worsening,
            tt_ext,
        };
        self.moves(pos, &list, tt_move, node)
    }

    /// Internal iterative reduction: with no move from the table a node is probably not worth
    /// the full depth (and the shallower search finds a move for the next visit). Not in a
    /// singular test, which searches a fixed depth.
    #[inline(always)]
    fn iir(&self, depth: i32, tt_move: Move, testing: bool) -> i32 {
        let p = Self::P;
        let reduce = p.features.history_heuristics
            && !self.exact
            && !testing
            && depth >= p.iir_depth
            && tt_move.is_null();
        depth - i32::from(reduce)
    }

    /// The singular test of the table move (`Features::singular`): with a deep enough lower or
    /// exact entry, the node is searched to half its depth without that move against the
    /// entry's score minus a margin per ply. Every other move failing low makes the table move
    /// singular (one ply more); the reduced search beating beta as well cuts the node
    /// (multi-cut). A node that is itself testing (`Worker::skip`) is not tested again.
    #[inline(always)]
    fn singular(
        &mut self,
        pos: &V,
        entry: Option<TtEntry>,
        tt_move: Move,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Singular {
        let p = Self::P;
        let Some(e) = entry else { return Singular::Extend(0) };
        if !p.features.singular
            || self.exact
            || !self.skip[ply].is_null()
            || ply == 0
            || ply >= MAX_PLY / 2
            || depth < p.singular_depth
            || tt_move.is_null()
            || e.depth < depth - p.singular_tt_depth
            || e.bound == Bound::Upper
        {
            return Singular::Extend(0);
        }
        let s = score_from_tt(e.score, ply);
        if s.abs() >= MATE_BOUND {
            return Singular::Extend(0);
        }
        let singular_beta = s - p.singular_margin * depth;
        self.skip[ply] = tt_move;
        let v = self.negamax(pos, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, false);
        self.skip[ply] = Move::NULL;
        if v < singular_beta {
            Singular::Extend(1)
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::Extend(0)
        }
    }

    /// Whether `static_eval` at `ply` is above the static evaluation of the same side two plies
    /// before (four if that node was in check; true when neither is known).
    #[inline(always)]
    fn improving(&self, ply: usize, static_eval: i32) -> bool {
        [2, 4]
            .into_iter()
            .filter(|&back| ply >= back)
            .map(|back| self.evals[ply - back])
            .find(|&e| e != -INF)
            .is_none_or(|e| static_eval > e)
    }

    /// One more node searched.
    #[inline(always)]
    pub(super) fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
    }

    /// Below the root, what is decided before the move list: a stop, a draw by rule or
    /// repetition, the move-count draw (which yields to an end by rule on the same move), and
    /// mate distance pruning (which narrows the window). `Some`: the node's value.
    #[inline(always)]
    fn before_moves(
        &mut self,
        pos: &V,
        alpha: &mut i32,
        beta: &mut i32,
        ply: usize,
    ) -> Option<i32> {
        if self.check_stop() {
            return Some(0);
        }
        if pos.insufficient_material() || self.is_repetition(pos, pos.repetition_horizon()) {
            return Some(0);
        }
        if pos.fifty_move_draw() {
            // The move-count draw yields to an end by rule on the same move: mate (or Jumping
            // Knights' stalemate win) on the 100th half-move stands, as in FIDE and as
            // `Game::end` judges it.
            let mut list = V::Moves::default();
            pos.legal_moves(&mut list);
            self.count_node();
            return Some(Self::terminal_score(pos, &list, ply).unwrap_or(0));
        }
        // Mate distance pruning.
        *alpha = (*alpha).max(-(MATE - ply as i32));
        *beta = (*beta).min(MATE - ply as i32 - 1);
        if *alpha >= *beta {
            return Some(*alpha);
        }
        None
    }

    /// A cut-off by the table's entry at a non-PV node below the root.
    #[inline(always)]
    fn table_cut(
        entry: Option<TtEntry>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> Option<i32> {
        let e = entry?;
        if !pv_node && e.depth >= depth && ply > 0 {
            let s = score_from_tt(e.score, ply);
            if e.bound.cuts(s, alpha, beta) {
                return Some(s);
            }
        }
        None
    }

    /// The pruning of a non-PV node not in check before its moves: reverse futility (far above
    /// beta with little depth left; an `improving` node counts a ply less) and the null move.
    /// `Some`: the node's value.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn prune_node(
        &mut self,
        pos: &V,
        key: u64,
        depth: i32,
        improving: bool,
        beta: i32,
        static_eval: i32,
        ply: usize,
    ) -> Option<i32> {
        let p = Self::P;
        // Reverse futility: far above beta with little depth left.
        if depth <= p.reverse_depth
            && static_eval - p.reverse_margin * (depth - i32::from(improving)) >= beta
            && beta.abs() < MATE_BOUND
        {
            return Some(static_eval);
        }
        // Null move.
        if depth >= p.null_depth
            && static_eval >= beta
            && pos.null_move_ok()
            && beta.abs() < MATE_BOUND
        {
            if let Some(null) = pos.null_move() {
                let r = p.null_base + depth / p.null_divisor;
                self.path[ply] = Move::NULL;
                self.keys.push(key);
                let v = -self.negamax(&null, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                if self.aborted {
                    return Some(0);
                }
                if v >= beta {
                    return Some(if v >= MATE_BOUND { beta } else { v });
                }
            }
        }
        None
    }

    /// The move loop of a node: every action in order, pruned, reduced and re-searched; the
    /// principal variation, killers and history on the way; the table entry at the end.
    #[inline(always)]
    fn moves(&mut self, pos: &V, list: &[Move], tt_move: Move, node: Node) -> i32 {
        let Node { depth, mut alpha, beta, ply, pv_node, in_check, key, worsening, .. } = node;
        let skip = self.skip[ply];
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        self.order(pos, list, tt_move, ply, &mut buf, false);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        buf.quiets.clear();
        self.keys.push(key);
        for gi in 0..buf.groups.len() {
            let (_, start, len, tactical) = buf.groups[gi];
            let group = &buf.moves[start as usize..(start + len) as usize];
            let first = group[0];
            if first == skip || (ply == 0 && self.excluded.contains(&first)) {
                continue;
            }
            let child = pos.play(first);
            let gives_check = child.in_check();
            if searched > 0 && !tactical && !gives_check && best > -MATE_BOUND {
                if let Some(bound) = self.quiet_prune(&node, alpha, searched) {
                    best = best.max(bound);
                    continue;
                }
            }
            // Near the horizon, moves that lose material in the exchange on their target square
            // (where the variant has an exchange evaluation): captures and checks by more than
            // a margin per ply, quiet moves by more than a margin per ply squared.
            if ply > 0
                && !in_check
                && searched > 0
                && best > -MATE_BOUND
                && self.see_prunes(pos, first, depth, tactical || gives_check)
            {
                continue;
            }
            // No check extension in games of chance: PieceEater has forced (single-outcome)
            // turns everywhere near the kings, and chains of checking ones never lose depth.
            let check_ext =
                i32::from(gives_check && ply < MAX_PLY / 2 && !V::HAS_CHANCE && !self.exact);
            let ext = if first == tt_move { check_ext.max(node.tt_ext) } else { check_ext };
            self.path[ply] = first;
            let new_depth = depth - 1 + ext;
            let v = if searched == 0 {
                self.action(pos, group, &child, new_depth, alpha, beta, ply, pv_node)
            } else {
                let quiet = !tactical && !in_check && !gives_check;
                let late = Late { searched, quiet, pv_node, worsening };
                let r = self.reduction(pos, first, depth, new_depth, late, ply);
                self.later_action(pos, group, &child, new_depth, r, alpha, beta, ply, pv_node)
            };
            if self.aborted {
                break;
            }
            searched += 1;
            if Self::P.features.history_heuristics && !tactical && v < beta {
                buf.quiets.push(first);
            }
            if v > best {
                best = v;
                best_move = first;
                if v > alpha {
                    alpha = v;
                    self.new_pv(ply, first, len == 1);
                    if v >= beta {
                        if !tactical {
                            self.reward_cutoff(pos, first, depth, ply, &buf);
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
        if skip.is_null() {
            let bound = Bound::of(best, original_alpha, beta);
            self.shared.tt.store(key, best_move, score_to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Futility and move-count pruning of a quiet move (an action) that does not give check,
    /// after the first (see the move loop): near the horizon, off the principal line and not in
    /// check, a move that cannot plausibly reach `alpha` is not searched (`Some` of the bound
    /// that stands in for its score), nor one late in the order (`Some(-INF)`).
    #[inline(always)]
    fn quiet_prune(&self, node: &Node, alpha: i32, searched: usize) -> Option<i32> {
        let p = Self::P;
        if !p.features.quiet_pruning
            || self.exact
            || node.pv_node
            || node.in_check
            || node.depth > p.quiet_prune_depth
        {
            return None;
        }
        let bound = node.static_eval + p.futility_margin(node.depth);
        if bound <= alpha {
            return Some(bound);
        }
        (searched >= p.late_move_count(node.depth) >> usize::from(node.worsening)).then_some(-INF)
    }

    /// Static exchange pruning (see the move loop): whether `m` (`forcing`: a capture or a check)
    /// loses too much in the exchange on its target square for `depth`.
    #[inline(always)]
    fn see_prunes(&self, pos: &V, m: Move, depth: i32, forcing: bool) -> bool {
        let p = Self::P;
        if !V::HAS_SEE || self.exact || depth > p.see_depth {
            return false;
        }
        let threshold =
            if forcing { -p.see_tactical * depth } else { -p.see_quiet * depth * depth };
        !pos.see_ge(m, threshold)
    }

    /// The late-move reduction of a quiet move (action) searched after `late.searched` others.
    #[inline(always)]
    fn reduction(
        &self,
        pos: &V,
        first: Move,
        depth: i32,
        new_depth: i32,
        late: Late,
        ply: usize,
    ) -> i32 {
        let Late { searched, quiet, pv_node, worsening } = late;
        let p = Self::P;
        // Games of chance: every action is up to eight searches, so reduce from the second ply
        // and the third action on, and one ply more off the principal line.
        let (lmr_d, lmr_n) = if V::HAS_CHANCE {
            (p.lmr_depth_chance, p.lmr_moves_chance)
        } else {
            (p.lmr_depth, p.lmr_moves)
        };
        if !(depth >= lmr_d && searched >= lmr_n && quiet && !self.exact) {
            return 0;
        }
        let mut r = p.lmr(depth, searched);
        if V::HAS_CHANCE && !pv_node {
            r += 1;
        }
        if pv_node {
            r -= 1;
        }
        if worsening {
            r += 1;
        }
        if self.is_killer(ply, first) {
            r -= 1;
        }
        if p.features.history_heuristics {
            // Moves with a good history are reduced less, bad ones more.
            r -= self.quiet_score(pos, first, ply) / 8192;
        }
        r.clamp(0, new_depth - 1)
    }

    /// The value of an action after the first: a null-window search reduced by `r` plies,
    /// again without the reduction if it beats alpha, and with the full window if the result
    /// lies inside it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn later_action(
        &mut self,
        pos: &V,
        group: &[Move],
        child: &V,
        new_depth: i32,
        r: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let mut v = self.action(pos, group, child, new_depth - r, alpha, alpha + 1, ply, false);
        if v > alpha && r > 0 {
            v = self.action(pos, group, child, new_depth, alpha, alpha + 1, ply, false);
        }
        // A null-window result inside a wider window is only a bound: search again with the
        // window. Besides principal-variation nodes, chance nodes search their outcomes with
        // wide (Star1) windows at non-PV nodes.
        if v > alpha && v < beta && (pv_node || beta > alpha + 1) {
            v = self.action(pos, group, child, new_depth, alpha, beta, ply, pv_node);
        }
        v
    }

    /// `first` raised alpha at `ply`: the line is `first` and the child's line (after a chance
    /// node, whose line depends on the die, `first` alone).
    #[inline(always)]
    fn new_pv(&mut self, ply: usize, first: Move, with_child: bool) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(first);
        // After a chance node the line depends on the die: the table below holds the last
        // searched outcome's line, not the one of `first`. Stop there.
        if with_child {
            line.extend_from_slice(&tail[0]);
        }
    }

    /// The quiet move `first` cut off at `depth`: it becomes a killer, and the history rewards
    /// it (and, with `history_heuristics`, punishes the quiet moves that failed before it).
    #[inline(always)]
    fn reward_cutoff(&mut self, pos: &V, first: Move, depth: i32, ply: usize, buf: &PlyBuf) {
        let k = &mut self.killers[ply];
        if Self::action_key(k[0]) != Self::action_key(first) {
            k[1] = k[0];
            k[0] = first;
        }
        if Self::P.features.history_heuristics {
            // The cut-off move gains, the quiet moves that failed before it lose.
            let bonus = stat_bonus(depth);
            self.reward_quiet(pos, first, ply, bonus);
            for &q in &buf.quiets {
                self.reward_quiet(pos, q, ply, -bonus);
            }
        } else {
            let h = self.history.at_mut(Self::history_index(pos, first));
            *h += depth * depth;
            if *h > 1 << 20 {
                for x in self.history.in_place() {
                    *x /= 2;
                }
            }
        }
    }
}
