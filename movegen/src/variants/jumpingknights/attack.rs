//! Check in Jumping Knights (JK-4): whether a unit could be captured by a jump onto the empty
//! square beyond it, with a side's units grouped by how they capture ([`Army`]); whether a move
//! gives check without making it; and the Rule 4 (JK-5) filter in front of a sink.

use super::sink::{jump, Sink};
use super::tables::{bit, opposite, positive, CENTRAL, EDGE, T, VALID};
use super::{castle_rook, ep_victim, JkBoard, JkKind, JumpingKnights};
use crate::attacks::wide;
use crate::moves::{Move, MoveKind};
use crate::types::{squares, Color, PieceKind, Square};

/// The compass directions (from the attacked square to the pawn) of pawns of colour `by` that
/// could capture on that square: White pawns capture north-east / north-west, so they stand
/// south-west / south-east of their victim.
#[inline(always)]
pub(super) const fn pawn_sources(by: Color) -> [usize; 2] {
    match by {
        Color::White => [3, 5],
        Color::Black => [1, 7],
    }
}

/// The orthogonal compass directions.
pub(super) const ORTH: [usize; 4] = [0, 2, 4, 6];

/// One side's units grouped by how they capture. A test reads them only on occupied squares,
/// so a unit taken off the board by a move (its square empty in the occupancy handed to
/// [`Army::captures`]) no longer counts.
#[derive(Clone, Copy, Debug)]
pub(super) struct Army {
    /// Rooks and Queens.
    pub(super) rq: u128,
    /// Bishops and Queens.
    pub(super) bq: u128,
    /// Nightriders.
    pub(super) n: u128,
    /// The king.
    pub(super) kings: u128,
    /// Pawns.
    pub(super) pawns: u128,
    /// War Machines.
    pub(super) wm: u128,
    /// Whose units.
    pub(super) by: Color,
}

impl Army {
    /// `by`'s units on `b`.
    #[inline(always)]
    pub(super) fn of(b: &JkBoard, by: Color) -> Army {
        let set = b.color(by).0;
        let queens = b.kind(JkKind::Queen).0;
        Army {
            rq: (b.kind(JkKind::Rook).0 | queens) & set,
            bq: (b.kind(JkKind::Bishop).0 | queens) & set,
            n: b.kind(JkKind::Nightrider).0 & set,
            kings: b.kind(JkKind::King).0 & set,
            pawns: b.kind(JkKind::Pawn).0 & set,
            wm: b.kind(JkKind::WarMachine).0 & set,
            by,
        }
    }

    /// Adds a unit of `kind` on the squares `at` (where a move puts it).
    #[inline(always)]
    fn add(&mut self, kind: JkKind, at: u128) {
        match kind {
            JkKind::Pawn => self.pawns |= at,
            JkKind::Nightrider => self.n |= at,
            JkKind::Bishop => self.bq |= at,
            JkKind::Rook => self.rq |= at,
            JkKind::Queen => {
                self.rq |= at;
                self.bq |= at;
            }
            JkKind::King => self.kings |= at,
            JkKind::WarMachine => self.wm |= at,
        }
    }

    /// The enemy riders on the king square `ki`'s lines (any distance, unblocked).
    #[inline(always)]
    pub(super) fn riders_on_lines(&self, ki: usize) -> u128 {
        (T.orth_lines[ki].0 & self.rq)
            | (T.diag_lines[ki].0 & self.bq)
            | (T.knight_lines[ki].0 & self.n)
    }

    /// Whether a unit of the army standing on a square of `occ` could capture the unit on `k`
    /// by the rules of capture (JK-4: the landing square beyond must exist and be empty). The
    /// attackers' own king safety and Rule 4 do not matter (as in orthodox check).
    pub(super) fn captures(&self, k: Square, occ: u128) -> bool {
        let empty = VALID & !occ;
        let ki = k.idx();
        // Riders on one of the king's 16 lines: the squares between must be empty, and so must
        // the square just beyond the king.
        for s in squares(self.riders_on_lines(ki) & occ) {
            let d = usize::from(T.dir[ki][s.idx()]);
            if empty & bit(T.step[ki][opposite(d)]) != 0
                && (T.ray[ki][d].0 ^ T.ray[s.idx()][d].0) & occ == bit(s.0)
            {
                return true;
            }
        }
        // Adjacent kings and pawns: the square beyond the king must be empty.
        let near = T.king_nbr[ki].0 & (self.kings | self.pawns) & occ;
        if near != 0 {
            let [p1, p2] = pawn_sources(self.by);
            for a in squares(near) {
                let d = usize::from(T.dir[ki][a.idx()]);
                if (self.kings & bit(a.0) != 0 || d == p1 || d == p2)
                    && empty & bit(T.step[ki][opposite(d)]) != 0
                {
                    return true;
                }
            }
        }
        // War Machines: a 1-step or 3-jump to the victim, then a 1-step or 3-jump beyond (JK-2).
        let wm = self.wm & occ;
        if wm & T.wm_ring[ki].0 != 0 {
            for d in ORTH {
                if wm & (bit(T.step[ki][d]) | bit(T.step3[ki][d])) != 0 {
                    let o = opposite(d);
                    if empty & (bit(T.step[ki][o]) | bit(T.step3[ki][o])) != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the legal move `m` of this army's side in `pos` (whose occupancy is `occ`) leaves
    /// the unit on `k` (the enemy king) capturable: the move is applied to the sets only.
    #[inline(always)]
    pub(super) fn checks_after(&self, pos: &JumpingKnights, occ: u128, k: Square, m: Move) -> bool {
        let mut a = *self;
        let from = m.from();
        let (arrive, victim) = match m.kind() {
            MoveKind::Castle => {
                let (rook_from, rook_to) = castle_rook(m.to());
                a.add(JkKind::King, bit(m.to().0));
                a.add(JkKind::Rook, bit(rook_to.0));
                let occ = occ ^ bit(from.0) ^ bit(rook_from.0) | bit(m.to().0) | bit(rook_to.0);
                return a.captures(k, occ);
            }
            MoveKind::Jump => (m.aux(), bit(m.to().0)),
            MoveKind::JumpEnPassant => (m.aux(), bit(ep_victim(m.to(), self.by).0)),
            _ => (m.to(), 0),
        };
        let kind = match m.promo() {
            0 => pos.board.kind_at(from).expect("mover"),
            p => JkKind::ALL[usize::from(p)],
        };
        a.add(kind, bit(arrive.0));
        a.captures(k, (occ ^ bit(from.0) ^ victim) | bit(arrive.0))
    }
}

/// Whether a unit of colour `by` among `by`'s units on `b` could capture the unit on `k`, with
/// occupancy `occ` ([`Army::captures`]).
pub(super) fn capturable(b: &JkBoard, k: Square, by: Color, occ: u128) -> bool {
    Army::of(b, by).captures(k, occ)
}

/// Whether the legal move `m` gives check.
pub(super) fn gives_check(pos: &JumpingKnights, m: Move) -> bool {
    let us = pos.core.turn;
    let b = &pos.board;
    Army::of(b, us).checks_after(pos, b.occupied().0, pos.king(!us), m)
}

/// Squares around the enemy king that a checking move must touch. After the move the king
/// would be capturable along some line with an empty landing square L beyond it; before it,
/// it was not (a legal position never has the side not to move in check). So either the move
/// emptied L itself (`lands`: every possible L), or L was empty and the move put a unit on, or
/// emptied, a square of that line up to and including its first unit (`live`: those squares
/// of the lines whose L is empty, and the War Machine sources whose landings are). A unit
/// that arrives beyond the first unit gives check along the line only if that unit left it,
/// and a unit already beyond it only if it left. Castling is always tested.
struct CheckFilter {
    live: u128,
    lands: u128,
}

impl CheckFilter {
    /// The filter around the king on `ek` with the occupancy `occ`.
    fn new(ek: usize, occ: u128) -> CheckFilter {
        let empty = VALID & !occ;
        let mut live = 0u128;
        for d in 0..16 {
            if empty & bit(T.step[ek][opposite(d)]) != 0 {
                live |= wide::slide(T.ray[ek][d].0, occ, positive(d));
            }
        }
        let mut lands = T.king_nbr[ek].0 | T.knight_nbr[ek].0;
        for d in ORTH {
            let o = opposite(d);
            lands |= bit(T.step3[ek][d]);
            if empty & (bit(T.step[ek][o]) | bit(T.step3[ek][o])) != 0 {
                live |= bit(T.step[ek][d]) | bit(T.step3[ek][d]);
            }
        }
        CheckFilter { live, lands }
    }

    #[inline(always)]
    fn may_check(&self, us: Color, m: Move) -> bool {
        let emptied = bit(m.from().0)
            | match m.kind() {
                MoveKind::Jump => bit(m.to().0),
                MoveKind::JumpEnPassant => bit(ep_victim(m.to(), us).0),
                _ => 0,
            };
        let filled = match m.kind() {
            MoveKind::Jump | MoveKind::JumpEnPassant => bit(m.aux().0),
            _ => bit(m.to().0),
        };
        m.kind() == MoveKind::Castle
            || (emptied | filled) & self.live != 0
            || emptied & self.lands != 0
    }
}

/// Whether `m` is a capture that satisfies Rule 4: from an edge square onto a central one.
#[inline(always)]
pub(super) fn is_rule4_capture(m: Move) -> bool {
    matches!(m.kind(), MoveKind::Jump | MoveKind::JumpEnPassant)
        && EDGE & bit(m.from().0) != 0
        && CENTRAL & bit(m.aux().0) != 0
}

/// Passes on to `inner` only the moves Rule 4 leaves when it binds: its captures and the moves
/// that give check, in the order they come.
pub(super) struct Rule4Filter<'a, S: Sink> {
    pos: &'a JumpingKnights,
    /// The mover's units.
    army: Army,
    occ: u128,
    /// The enemy king.
    ek: Square,
    filter: CheckFilter,
    inner: &'a mut S,
}

impl<'a, S: Sink> Rule4Filter<'a, S> {
    /// The filter for the side to move in `pos`.
    pub(super) fn new(pos: &'a JumpingKnights, inner: &'a mut S) -> Self {
        let b = &pos.board;
        let us = pos.core.turn;
        let occ = b.occupied().0;
        let ek = pos.king(!us);
        let filter = CheckFilter::new(ek.idx(), occ);
        Rule4Filter { pos, army: Army::of(b, us), occ, ek, filter, inner }
    }
}

impl<S: Sink> Rule4Filter<'_, S> {
    /// The squares a move must empty or fill to pass the filter as a possible check. A unit
    /// off the edge whose square, destinations and victims all lie outside has no move that
    /// passes.
    pub(super) fn hot(&self) -> u128 {
        self.filter.live | self.filter.lands
    }

    /// Of the moves that empty `emptied` and land on one of `to`, the ones that may give check
    /// (the rest of [`CheckFilter::may_check`] for a whole set).
    #[inline(always)]
    fn may_check_to(&self, emptied: u128, to: u128) -> u128 {
        let f = &self.filter;
        if emptied & (f.live | f.lands) != 0 {
            to
        } else {
            to & f.live
        }
    }

    #[inline(always)]
    fn keep_checks(&mut self, m: Move) {
        if self.army.checks_after(self.pos, self.occ, self.ek, m) {
            self.inner.push(m);
        }
    }
}

impl<S: Sink> Sink for Rule4Filter<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        if is_rule4_capture(m) {
            self.inner.push(m);
        } else if self.filter.may_check(self.army.by, m) {
            self.keep_checks(m);
        }
    }
    #[inline]
    fn quiets(&mut self, from: Square, targets: u128) {
        for to in squares(self.may_check_to(bit(from.0), targets)) {
            self.keep_checks(Move::new(MoveKind::Normal, from, to));
        }
    }
    #[inline]
    fn jumps(&mut self, from: Square, victim: Square, landings: u128) {
        let rule4 = if EDGE & bit(from.0) != 0 { landings & CENTRAL } else { 0 };
        let tested = self.may_check_to(bit(from.0) | bit(victim.0), landings);
        for l in squares((tested | rule4) & landings) {
            let m = jump(from, victim, l, 0);
            if rule4 & bit(l.0) != 0 {
                self.inner.push(m);
            } else {
                self.keep_checks(m);
            }
        }
    }
}
