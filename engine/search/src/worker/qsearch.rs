//! Quiescence search: stand pat, then the tactical moves only (every move in check), with the
//! limits games of chance need to keep it finite.

use super::{score_from_tt, score_to_tt, Shared, Worker, INF, MAX_PLY};
use crate::tt::Bound;
use eval::Evaluator;
use movegen::Move;

impl<'a, V: Evaluator> Worker<'a, V> {
    /// Quiescence search: stand pat, then tactical moves only (every move when in check).
    pub fn qsearch(&mut self, pos: &V, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.count_node();
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // The table (`Features::qsearch_tt`): any entry is at least as deep as quiescence.
        let shared: &'a Shared = self.shared;
        let key = pos.hash();
        let entry = if Self::P.features.qsearch_tt { shared.tt.probe(key) } else { None };
        if let Some(e) = entry {
            let s = score_from_tt(e.score, ply);
            if e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }
        let original_alpha = alpha;
        let mut list = V::Moves::default();
        // Games of chance (PieceEater): a PE turn lists every action with every outcome, most of
        // it for nothing when the node stands pat. The end by a captured king does not depend
        // on the list (`[Move::NULL]` stands in for a non-empty one), so the list is made after
        // stand pat; a stalemate (no action at all, very rare without a check rule) is then
        // seen only at nodes that do not stand pat.
        // Not in check, every variant stands pat before it generates moves: most quiescence
        // nodes end there, and the move list costs more than the evaluation. A stalemate is
        // then seen only where the node does not stand pat (as in the field's engines).
        let late_list = V::HAS_CHANCE || !pos.in_check();
        if !late_list {
            pos.legal_moves(&mut list);
        }
        let end_list: &[Move] = if late_list { &[Move::NULL] } else { &list };
        if let Some(s) = Self::terminal_score(pos, end_list, ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let (in_check, counted) = self.quiescence_check(pos);
        let mut best = -INF;
        if !in_check {
            let stand = self.evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        if late_list {
            if let Some(s) = self.late_list_end(pos, &mut list, ply) {
                if counted {
                    self.qs_evasions -= 1;
                }
                return s;
            }
        }
        let tt_move = entry.map_or(Move::NULL, |e| e.mv);
        let (best, best_move) =
            self.tactical_moves(pos, &list, tt_move, in_check, best, alpha, beta, ply);
        if counted {
            self.qs_evasions -= 1;
        }
        // Stored at depth 0, and never over a deeper entry of the same position.
        if Self::P.features.qsearch_tt
            && !self.aborted
            && best > -INF
            && entry.is_none_or(|e| e.depth <= 0)
        {
            let bound = Bound::of(best, original_alpha, beta);
            shared.tt.store(key, best_move, score_to_tt(best, ply), 0, bound);
        }
        best
    }

    /// Whether this quiescence node answers a check by searching every move, and whether it
    /// counts as one of the path's in-check nodes (`qs_evasions`, to be given back).
    ///
    /// Games of chance (PieceEater) have no check rule: "in check" only means the king stands
    /// en prise, and every turn answers it (drops included), each with up to 8 PE outcomes.
    /// Chains of such nodes (a check answered by a check ...) would search every move of every
    /// ply to the end of quiescence, so only the first `qs_chance_evasions` in-check nodes on a
    /// quiescence path search every move; deeper ones stand pat.
    #[inline(always)]
    fn quiescence_check(&mut self, pos: &V) -> (bool, bool) {
        let mut in_check = pos.in_check();
        let evading = V::HAS_CHANCE && in_check;
        if evading {
            // Past the limit of chance nodes no evasion with outcomes is searched either.
            if self.qs_evasions >= Self::P.qs_chance_evasions
                || self.qs_chance >= Self::P.qs_chance_nodes
            {
                in_check = false;
            } else {
                self.qs_evasions += 1;
            }
        }
        (in_check, evading && in_check)
    }

    /// The move list made after stand pat, and the end by rule it shows.
    ///
    /// Not in check here (chance games aside): with `TACTICAL_GEN` the generator lists only the
    /// tactical moves; an empty list is a stalemate only if no quiet move exists either
    /// (`end_by_rule` looks at the list's emptiness only).
    #[inline(always)]
    fn late_list_end(&mut self, pos: &V, list: &mut V::Moves, ply: usize) -> Option<i32> {
        let tactical_only = V::TACTICAL_GEN && !V::HAS_CHANCE;
        if tactical_only {
            pos.tactical_moves(list);
        } else {
            pos.legal_moves(list);
        }
        let some_legal: &[Move] = &[Move::NULL];
        let end_list: &[Move] = if tactical_only && list.is_empty() && pos.count_legal() > 0 {
            some_legal
        } else {
            list
        };
        Self::terminal_score(pos, end_list, ply)
    }

    /// The moves quiescence searches, best first from `best` (the stand-pat score, `-INF` in
    /// check): the node's best score and move.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn tactical_moves(
        &mut self,
        pos: &V,
        list: &[Move],
        tt_move: Move,
        in_check: bool,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (i32, Move) {
        let stand_pat = best;
        let mut best_move = Move::NULL;
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        self.order(pos, list, tt_move, ply, &mut buf, !in_check && !V::HAS_CHANCE);
        for gi in 0..buf.groups.len() {
            let (_, start, len, _) = buf.groups[gi];
            let group = &buf.moves[start as usize..(start + len) as usize];
            if !in_check && Self::quiescence_skips(pos, group, alpha - stand_pat) {
                continue;
            }
            // Every chance node multiplies the tree by its outcomes: beyond `qs_chance_nodes`
            // of them on a quiescence path, only single-outcome turns go on.
            if len > 1 && self.qs_chance >= Self::P.qs_chance_nodes {
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
                    best_move = group[0];
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = buf;
        (best, best_move)
    }

    /// Whether quiescence (not in check) leaves out the action whose outcomes are `group`, when
    /// the node needs `gap` (alpha minus the stand-pat score).
    ///
    /// Games of chance (PieceEater): an action enters quiescence only if every outcome changes
    /// material and none of them loses material outright (`tactical_score` < 0: feeding a unit
    /// to the PE). Following gambles on the die or sacrifices to the PE makes quiescence as
    /// deep as the material. Other variants: tactical or not, unless the variant's
    /// `qsearch_skip` prunes it (TamerSpiel: losing captures, delta); `order` kept only
    /// tactical moves that pass the exchange test.
    #[inline(always)]
    fn quiescence_skips(pos: &V, group: &[Move], gap: i32) -> bool {
        if V::HAS_CHANCE {
            let forcing = |m: Move| {
                pos.is_tactical(m)
                    && pos.tactical_score(m) >= 0
                    && !pos.qsearch_skip(m, gap)
                    && (!V::HAS_SEE || pos.see_ge(m, 0))
            };
            !group.iter().all(|&m| forcing(m))
        } else {
            pos.qsearch_skip(group[0], gap)
        }
    }
}
