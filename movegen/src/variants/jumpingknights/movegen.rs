//! Legal move generation for Jumping Knights.
//!
//! * Check (JK-4) is "the king could be captured by a jump onto an empty square beyond it":
//!   [`capturable`] looks at the enemy riders on the king's 16 lines (nothing between, the square
//!   beyond the king empty), adjacent kings and pawns, and War Machines 1 or 3 away.
//! * Legality: a per-node analysis collects the *sensitive* squares, the occupied squares whose
//!   emptying could expose the king: the squares between the king and every enemy rider on one
//!   of its lines (the rider included) and the landing squares behind the king opposite every
//!   enemy attacker. A move that empties no sensitive square (its origin, or its victim) cannot
//!   expose the king (filling squares only blocks), so it is legal without a test; the others,
//!   king moves, castling, en passant, and every move when in check, get a full test with the
//!   occupancy after the move.
//! * Rule 4 (JK-5): if one of the mover's units on an edge square has a legal capture landing on
//!   a central square, the legal list is filtered to such captures and to moves giving check.
//! * The same code lists moves or only counts them, through the [`Sink`] it writes to (perft
//!   bulk counting: whole target sets are popcounted).

use super::tables::{
    bit, first_or_none, first_or_none_dyn, nearest_dyn, opposite, CENTRAL, EDGE, FILE_I, FILE_Z,
    NONE, RANK, T, VALID,
};
use super::{ep_victim, JkBoard, JkKind, JkMoves, JumpingKnights, PROMOTIONS};
use crate::moves::{Move, MoveBuf, MoveKind};
use crate::types::{squares, Bb128, Bitboard, Color, Dir, Square};

/// Where generated moves go.
pub(super) trait Sink {
    /// Non-captures `from` -> each target.
    fn quiets(&mut self, from: Square, targets: Bb128);
    /// Jumps `from` over `victim` to each landing square.
    fn jumps(&mut self, from: Square, victim: Square, landings: Bb128);
    /// Pawn non-captures to each target, coming from `target - delta` (square indices).
    fn pawn_steps(&mut self, targets: Bb128, delta: i8, kind: MoveKind);
    /// Pawn non-capturing promotions (5 choices) to each target, from `target - delta`.
    fn pawn_promos(&mut self, targets: Bb128, delta: i8);
    /// Pawn jumps to each landing square `l`: victim `l - delta`, origin `l - 2 * delta`.
    fn pawn_jumps(&mut self, landings: Bb128, delta: i8);
    /// As [`Sink::pawn_jumps`], promoting (5 choices).
    fn pawn_jump_promos(&mut self, landings: Bb128, delta: i8);
    /// A single move.
    fn push(&mut self, m: Move);
}

/// Lists the moves.
pub(super) struct Lister<'a>(pub &'a mut JkMoves);

/// Only counts them (perft bulk counting).
pub(super) struct Counter(pub u64);

#[inline(always)]
fn back(sq: Square, delta: i8) -> Square {
    Square((i16::from(sq.0) - i16::from(delta)) as u8)
}

#[inline(always)]
fn jump(from: Square, victim: Square, landing: Square, promo: u8) -> Move {
    Move::pack(MoveKind::Jump, from, victim, landing, promo, Dir::N)
}

impl Sink for Lister<'_> {
    #[inline(always)]
    fn quiets(&mut self, from: Square, targets: Bb128) {
        for to in targets {
            self.0.push(Move::new(MoveKind::Normal, from, to));
        }
    }
    #[inline(always)]
    fn jumps(&mut self, from: Square, victim: Square, landings: Bb128) {
        for l in landings {
            self.0.push(jump(from, victim, l, 0));
        }
    }
    #[inline(always)]
    fn pawn_steps(&mut self, targets: Bb128, delta: i8, kind: MoveKind) {
        for to in targets {
            self.0.push(Move::new(kind, back(to, delta), to));
        }
    }
    #[inline(always)]
    fn pawn_promos(&mut self, targets: Bb128, delta: i8) {
        for to in targets {
            for k in PROMOTIONS {
                self.0.push(Move::promotion(back(to, delta), to, k as u8));
            }
        }
    }
    #[inline(always)]
    fn pawn_jumps(&mut self, landings: Bb128, delta: i8) {
        for l in landings {
            self.0.push(jump(back(l, 2 * delta), back(l, delta), l, 0));
        }
    }
    #[inline(always)]
    fn pawn_jump_promos(&mut self, landings: Bb128, delta: i8) {
        for l in landings {
            for k in PROMOTIONS {
                self.0.push(jump(back(l, 2 * delta), back(l, delta), l, k as u8));
            }
        }
    }
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }
}

impl Sink for Counter {
    #[inline(always)]
    fn quiets(&mut self, _from: Square, targets: Bb128) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn jumps(&mut self, _from: Square, _victim: Square, landings: Bb128) {
        self.0 += u64::from(landings.count());
    }
    #[inline(always)]
    fn pawn_steps(&mut self, targets: Bb128, _delta: i8, _kind: MoveKind) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawn_promos(&mut self, targets: Bb128, _delta: i8) {
        self.0 += 5 * u64::from(targets.count());
    }
    #[inline(always)]
    fn pawn_jumps(&mut self, landings: Bb128, _delta: i8) {
        self.0 += u64::from(landings.count());
    }
    #[inline(always)]
    fn pawn_jump_promos(&mut self, landings: Bb128, _delta: i8) {
        self.0 += 5 * u64::from(landings.count());
    }
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Shifts a raw set by `delta` square indices (the caller masks files that would wrap).
#[inline(always)]
fn sh(bits: u128, delta: i8) -> u128 {
    if delta >= 0 {
        (bits << delta) & VALID
    } else {
        bits >> (-delta)
    }
}

/// The compass directions (from the attacked square to the pawn) of pawns of colour `by` that
/// could capture on that square: White pawns capture north-east / north-west, so they stand
/// south-west / south-east of their victim.
#[inline(always)]
const fn pawn_sources(by: Color) -> [usize; 2] {
    match by {
        Color::White => [3, 5],
        Color::Black => [1, 7],
    }
}

/// The capture (forward-diagonal) directions of `c`'s pawns.
#[inline(always)]
const fn pawn_captures(c: Color) -> [usize; 2] {
    match c {
        Color::White => [1, 7],
        Color::Black => [3, 5],
    }
}

const ORTH: [usize; 4] = [0, 2, 4, 6];

/// Whether a unit of colour `by` among `by_set` could capture the unit on `k` by the rules of
/// capture, with occupancy `occ` (JK-4: the landing square beyond must exist and be empty).
/// The attackers' own king safety and Rule 4 do not matter (as in orthodox check).
pub(super) fn capturable(b: &JkBoard, k: Square, by: Color, by_set: Bb128, occ: Bb128) -> bool {
    let (by_set, occ) = (by_set.0, occ.0);
    let empty = VALID & !occ;
    let ki = k.idx();
    let queens = b.kind(JkKind::Queen).0;
    let rq = (b.kind(JkKind::Rook).0 | queens) & by_set;
    let bq = (b.kind(JkKind::Bishop).0 | queens) & by_set;
    let n = b.kind(JkKind::Nightrider).0 & by_set;
    // Riders on one of the king's 16 lines: the squares between must be empty, and so must the
    // square just beyond the king.
    let riders = (T.orth_lines[ki].0 & rq) | (T.diag_lines[ki].0 & bq) | (T.knight_lines[ki].0 & n);
    for s in squares(riders) {
        let d = usize::from(T.dir[ki][s.idx()]);
        if empty & bit(T.step[ki][opposite(d)]) != 0
            && (T.ray[ki][d].0 ^ T.ray[s.idx()][d].0) & occ == s.bit()
        {
            return true;
        }
    }
    // Adjacent kings and pawns: the square beyond the king must be empty.
    let kings = b.kind(JkKind::King).0 & by_set;
    let pawns = b.kind(JkKind::Pawn).0 & by_set;
    let near = T.king_nbr[ki].0 & (kings | pawns);
    if near != 0 {
        let [p1, p2] = pawn_sources(by);
        for a in squares(near) {
            let d = usize::from(T.dir[ki][a.idx()]);
            if (kings & a.bit() != 0 || d == p1 || d == p2)
                && empty & bit(T.step[ki][opposite(d)]) != 0
            {
                return true;
            }
        }
    }
    // War Machines: a 1-step or 3-jump to the victim, then a 1-step or 3-jump beyond (JK-2).
    let wm = b.kind(JkKind::WarMachine).0 & by_set;
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

trait SquareBit {
    fn bit(self) -> u128;
}

impl SquareBit for Square {
    #[inline(always)]
    fn bit(self) -> u128 {
        bit(self.0)
    }
}

/// Per-node facts shared by the generators.
struct Ctx<'a> {
    pos: &'a JumpingKnights,
    us: Color,
    them: Color,
    own: u128,
    enemy: u128,
    occ: u128,
    empty: u128,
    /// Enemy units that may be jumped (every one but the king).
    victims: u128,
    ksq: Square,
    in_check: bool,
    /// Squares whose emptying needs a full legality test (everything when in check).
    sens: u128,
}

impl<'a> Ctx<'a> {
    #[inline(always)]
    fn new(pos: &'a JumpingKnights) -> Self {
        let b = &pos.board;
        let us = pos.core.turn;
        let them = !us;
        let own = b.color(us).0;
        let enemy = b.color(them).0;
        let occ = own | enemy;
        let ksq = pos.king(us);
        let mut c = Ctx {
            pos,
            us,
            them,
            own,
            enemy,
            occ,
            empty: VALID & !occ,
            victims: enemy & !b.kind(JkKind::King).0,
            ksq,
            in_check: false,
            sens: 0,
        };
        c.analyse();
        c
    }

    /// Fills `in_check` and `sens` (module docs).
    #[inline(always)]
    fn analyse(&mut self) {
        let b = &self.pos.board;
        let ki = self.ksq.idx();
        let (occ, empty, them) = (self.occ, self.empty, self.them);
        let mut sens = 0u128;
        let mut check = false;
        let queens = b.kind(JkKind::Queen).0;
        let rq = (b.kind(JkKind::Rook).0 | queens) & self.enemy;
        let bq = (b.kind(JkKind::Bishop).0 | queens) & self.enemy;
        let n = b.kind(JkKind::Nightrider).0 & self.enemy;
        let riders =
            (T.orth_lines[ki].0 & rq) | (T.diag_lines[ki].0 & bq) | (T.knight_lines[ki].0 & n);
        for s in squares(riders) {
            let d = usize::from(T.dir[ki][s.idx()]);
            let l = bit(T.step[ki][opposite(d)]);
            if l & VALID == 0 {
                continue;
            }
            // From the king's neighbour up to and including the rider.
            let path = T.ray[ki][d].0 ^ T.ray[s.idx()][d].0;
            let blockers = path & occ;
            sens |= blockers | (l & occ);
            if blockers == s.bit() && l & empty != 0 {
                check = true;
            }
        }
        let ek = b.pieces(JkKind::King, them).lsb();
        if T.king_nbr[ki].0 & ek.bit() != 0 {
            let l = bit(T.step[ki][opposite(usize::from(T.dir[ki][ek.idx()]))]);
            sens |= l & occ;
            check |= l & empty != 0;
        }
        let pawns = b.pieces(JkKind::Pawn, them).0;
        if pawns & T.king_nbr[ki].0 != 0 {
            for d in pawn_sources(them) {
                if pawns & bit(T.step[ki][d]) != 0 {
                    let l = bit(T.step[ki][opposite(d)]);
                    sens |= l & occ;
                    check |= l & empty != 0;
                }
            }
        }
        let wm = b.pieces(JkKind::WarMachine, them).0;
        if wm & T.wm_ring[ki].0 != 0 {
            for d in ORTH {
                if wm & (bit(T.step[ki][d]) | bit(T.step3[ki][d])) != 0 {
                    let o = opposite(d);
                    let l = bit(T.step[ki][o]) | bit(T.step3[ki][o]);
                    sens |= l & occ;
                    check |= l & empty != 0;
                }
            }
        }
        self.in_check = check;
        self.sens = if check { !0 } else { sens };
    }

    /// Whether the own king is safe after a move `from` -> `land` that removes `victim`.
    #[inline(always)]
    fn safe(&self, from: Square, land: Square, victim: Option<Square>) -> bool {
        let mut occ = (self.occ ^ from.bit()) | land.bit();
        let mut by = self.enemy;
        if let Some(v) = victim {
            occ ^= v.bit();
            by ^= v.bit();
        }
        let k = if from == self.ksq { land } else { self.ksq };
        !capturable(&self.pos.board, k, self.them, Bitboard(by), Bitboard(occ))
    }

    #[inline(always)]
    fn emit_quiets<S: Sink>(&self, from: Square, targets: u128, checked: bool, sink: &mut S) {
        if targets == 0 {
            return;
        }
        if !checked {
            sink.quiets(from, Bitboard(targets));
        } else {
            for to in squares(targets) {
                if self.safe(from, to, None) {
                    sink.push(Move::new(MoveKind::Normal, from, to));
                }
            }
        }
    }

    #[inline(always)]
    fn emit_jumps<S: Sink>(&self, from: Square, v: Square, land: u128, checked: bool, s: &mut S) {
        if !checked {
            s.jumps(from, v, Bitboard(land));
        } else {
            for l in squares(land) {
                if self.safe(from, l, Some(v)) {
                    s.push(jump(from, v, l, 0));
                }
            }
        }
    }

    /// The squares a rider on `from` reaches in direction `D`: the empty ones and the first
    /// occupied one (branch-free: an empty line gives `ray ^ ray[NONE]` = `ray`).
    #[inline(always)]
    fn reach<const D: usize>(&self, from: usize) -> u128 {
        let ray = T.ray[from][D].0;
        ray ^ T.ray[first_or_none::<D>(ray & self.occ)][D].0
    }

    /// The captures of a rider on `from` of the victim `v`, the first unit on one of its lines:
    /// landing on the empty squares beyond `v` up to the next unit.
    #[inline(always)]
    fn rider_capture<S: Sink>(&self, from: Square, v: Square, checked: bool, sink: &mut S) {
        let d = usize::from(T.dir[from.idx()][v.idx()]);
        let beyond = T.ray[v.idx()][d].0;
        let blk = beyond & self.occ;
        let after = T.ray[first_or_none_dyn(d, blk)][d].0;
        let land = beyond ^ after ^ (blk & !after);
        if land != 0 {
            self.emit_jumps(from, v, land, checked || self.sens & v.bit() != 0, sink);
        }
    }

    /// Emits every move of a rider whose lines reach `reach`.
    #[inline(always)]
    fn rider<S: Sink>(&self, from: Square, reach: u128, sink: &mut S) {
        let checked = self.sens & from.bit() != 0;
        self.emit_quiets(from, reach & self.empty & CENTRAL, checked, sink);
        for v in squares(reach & self.victims) {
            self.rider_capture(from, v, checked, sink);
        }
    }

    #[inline(always)]
    fn rook_reach(&self, f: usize) -> u128 {
        self.reach::<0>(f) | self.reach::<2>(f) | self.reach::<4>(f) | self.reach::<6>(f)
    }

    #[inline(always)]
    fn bishop_reach(&self, f: usize) -> u128 {
        self.reach::<1>(f) | self.reach::<3>(f) | self.reach::<5>(f) | self.reach::<7>(f)
    }

    #[inline(always)]
    fn nightrider_reach(&self, f: usize) -> u128 {
        self.reach::<8>(f)
            | self.reach::<9>(f)
            | self.reach::<10>(f)
            | self.reach::<11>(f)
            | self.reach::<12>(f)
            | self.reach::<13>(f)
            | self.reach::<14>(f)
            | self.reach::<15>(f)
    }

    fn war_machine<S: Sink>(&self, from: Square, sink: &mut S) {
        let fi = from.idx();
        let checked = self.sens & from.bit() != 0;
        self.emit_quiets(from, T.wm_ring[fi].0 & self.empty & CENTRAL, checked, sink);
        if T.wm_ring[fi].0 & self.victims == 0 {
            return;
        }
        for d in ORTH {
            for v in [T.step[fi][d], T.step3[fi][d]] {
                if self.victims & bit(v) != 0 {
                    let vi = usize::from(v);
                    let land = (bit(T.step[vi][d]) | bit(T.step3[vi][d])) & self.empty;
                    if land != 0 {
                        let chk = checked || self.sens & bit(v) != 0;
                        self.emit_jumps(from, Square(v), land, chk, sink);
                    }
                }
            }
        }
    }

    fn king_moves<S: Sink>(&self, sink: &mut S) {
        let k = self.ksq;
        let ki = k.idx();
        for to in squares(T.king_nbr[ki].0 & self.empty & CENTRAL) {
            if self.safe(k, to, None) {
                sink.push(Move::new(MoveKind::Normal, k, to));
            }
        }
        if T.king_nbr[ki].0 & self.victims == 0 {
            return;
        }
        for d in 0..8 {
            let v = T.step[ki][d];
            if self.victims & bit(v) != 0 {
                let l = T.step[usize::from(v)][d];
                if self.empty & bit(l) != 0 && self.safe(k, Square(l), Some(Square(v))) {
                    sink.push(jump(k, Square(v), Square(l), 0));
                }
            }
        }
    }

    /// Pawn moves: whole sets for the pawns whose moves need no test, one by one for the rest.
    #[inline(always)]
    fn pawns<S: Sink, const WHITE: bool>(&self, sink: &mut S) {
        let pawns = self.pos.board.pieces(JkKind::Pawn, self.us).0;
        if pawns == 0 {
            return;
        }
        let white = WHITE;
        let fwd: i8 = if white { 10 } else { -10 };
        let promo_step = if white { RANK[8] } else { RANK[1] };
        let promo_any = if white { RANK[8] | RANK[9] } else { RANK[1] | RANK[0] };
        let third = if white { RANK[3] } else { RANK[6] };
        let free = pawns & !self.sens;
        if free != 0 {
            let single = sh(free, fwd) & self.empty & CENTRAL;
            sink.pawn_steps(Bitboard(single & !promo_step), fwd, MoveKind::Normal);
            sink.pawn_promos(Bitboard(single & promo_step), fwd);
            let double = sh(single & third, fwd) & self.empty & CENTRAL;
            sink.pawn_steps(Bitboard(double), 2 * fwd, MoveKind::DoublePush);
            for (dd, wrap) in [(fwd + 1, FILE_I), (fwd - 1, FILE_Z)] {
                let v = sh(free & !wrap, dd) & self.victims;
                let land = sh(v & !wrap, dd) & self.empty;
                if land == 0 {
                    continue;
                }
                // Landings whose victim is sensitive are tested one by one.
                let risky = sh(v & self.sens & !wrap, dd);
                let ok = land & !risky;
                sink.pawn_jumps(Bitboard(ok & !promo_any), dd);
                sink.pawn_jump_promos(Bitboard(ok & promo_any), dd);
                for l in squares(land & risky) {
                    let (from, v) = (back(l, 2 * dd), back(l, dd));
                    if self.safe(from, l, Some(v)) {
                        push_jump(sink, from, v, l, promo_any & l.bit() != 0);
                    }
                }
            }
        }
        for p in squares(pawns & self.sens) {
            self.pawn_checked(p, fwd, promo_step, promo_any, sink);
        }
        if let Some(ep) = self.pos.ep {
            let victim = ep_victim(ep, self.us);
            for side in [2, 6] {
                let from = T.step[victim.idx()][side];
                if pawns & bit(from) != 0 {
                    let d = usize::from(T.dir[usize::from(from)][ep.idx()]);
                    let l = T.step[ep.idx()][d];
                    if self.empty & bit(l) != 0 && self.safe(Square(from), Square(l), Some(victim))
                    {
                        sink.push(Move::pack(
                            MoveKind::JumpEnPassant,
                            Square(from),
                            ep,
                            Square(l),
                            0,
                            Dir::N,
                        ));
                    }
                }
            }
        }
    }

    /// Every move of one pawn, each tested.
    fn pawn_checked<S: Sink>(
        &self,
        p: Square,
        fwd: i8,
        promo_step: u128,
        promo_any: u128,
        s: &mut S,
    ) {
        let fd = if fwd > 0 { 0 } else { 4 };
        let one = T.step[p.idx()][fd];
        if self.empty & CENTRAL & bit(one) != 0 && self.safe(p, Square(one), None) {
            if promo_step & bit(one) != 0 {
                for k in PROMOTIONS {
                    s.push(Move::promotion(p, Square(one), k as u8));
                }
            } else {
                s.push(Move::new(MoveKind::Normal, p, Square(one)));
            }
        }
        let start = if fwd > 0 { RANK[2] } else { RANK[7] };
        if start & p.bit() != 0 && self.empty & bit(one) != 0 {
            let two = T.step[usize::from(one)][fd];
            if self.empty & CENTRAL & bit(two) != 0 && self.safe(p, Square(two), None) {
                s.push(Move::new(MoveKind::DoublePush, p, Square(two)));
            }
        }
        for d in pawn_captures(self.us) {
            let v = T.step[p.idx()][d];
            if self.victims & bit(v) != 0 {
                let l = T.step[usize::from(v)][d];
                if self.empty & bit(l) != 0 && self.safe(p, Square(l), Some(Square(v))) {
                    push_jump(s, p, Square(v), Square(l), promo_any & bit(l) != 0);
                }
            }
        }
    }

    /// Castling under FIDE conditions; a square the king passes or lands on is attacked if the
    /// king standing there (start square empty, rook unmoved) would be in check (rule book
    /// README). The position after castling must also leave the king safe.
    fn castling<S: Sink>(&self, sink: &mut S) {
        let rights = self.pos.castling & self.us.select(0b0011, 0b1100);
        if rights == 0 || self.in_check {
            return;
        }
        let base: u8 = self.us.select(10, 80);
        let (e, occ) = (base + 5, self.occ);
        let safe_on = |k: u8, occ: u128| {
            !capturable(&self.pos.board, Square(k), self.them, Bitboard(self.enemy), Bitboard(occ))
        };
        let kside = self.us.select(super::WHITE_KINGSIDE, super::BLACK_KINGSIDE);
        if rights & kside != 0 {
            let (f, g, h) = (base + 6, base + 7, base + 8);
            let without_king = occ ^ bit(e);
            if occ & (bit(f) | bit(g)) == 0
                && safe_on(f, without_king | bit(f))
                && safe_on(g, without_king | bit(g))
                && safe_on(g, without_king ^ bit(h) | bit(g) | bit(f))
            {
                sink.push(Move::new(MoveKind::Castle, Square(e), Square(g)));
            }
        }
        let qside = self.us.select(super::WHITE_QUEENSIDE, super::BLACK_QUEENSIDE);
        if rights & qside != 0 {
            let (a, b, c, d) = (base + 1, base + 2, base + 3, base + 4);
            let without_king = occ ^ bit(e);
            if occ & (bit(b) | bit(c) | bit(d)) == 0
                && safe_on(d, without_king | bit(d))
                && safe_on(c, without_king | bit(c))
                && safe_on(c, without_king ^ bit(a) | bit(c) | bit(d))
            {
                sink.push(Move::new(MoveKind::Castle, Square(e), Square(c)));
            }
        }
    }

    /// Every legal move, before the Rule 4 filter.
    fn all<S: Sink>(&self, sink: &mut S) {
        let b = &self.pos.board;
        let us = self.us;
        self.king_moves(sink);
        if us == Color::White {
            self.pawns::<S, true>(sink);
        } else {
            self.pawns::<S, false>(sink);
        }
        for from in squares(b.pieces(JkKind::Nightrider, us).0) {
            self.rider(from, self.nightrider_reach(from.idx()), sink);
        }
        for from in squares(b.pieces(JkKind::Bishop, us).0) {
            self.rider(from, self.bishop_reach(from.idx()), sink);
        }
        for from in squares(b.pieces(JkKind::Rook, us).0) {
            self.rider(from, self.rook_reach(from.idx()), sink);
        }
        for from in squares(b.pieces(JkKind::Queen, us).0) {
            let f = from.idx();
            self.rider(from, self.rook_reach(f) | self.bishop_reach(f), sink);
        }
        for from in squares(b.pieces(JkKind::WarMachine, us).0) {
            self.war_machine(from, sink);
        }
        self.castling(sink);
    }

    /// Whether the unit of kind `kind` on `from` has a legal capture landing on a central
    /// square (Rule 4's trigger).
    fn central_capture(&self, from: Square, kind: JkKind) -> bool {
        let fi = from.idx();
        let target = self.empty & CENTRAL;
        match kind {
            JkKind::Pawn => {
                for d in pawn_captures(self.us) {
                    let v = T.step[fi][d];
                    if self.victims & bit(v) != 0 {
                        let l = T.step[usize::from(v)][d];
                        if target & bit(l) != 0 && self.safe(from, Square(l), Some(Square(v))) {
                            return true;
                        }
                    }
                }
                if let Some(ep) = self.pos.ep {
                    let victim = ep_victim(ep, self.us);
                    let vi = victim.idx();
                    if T.step[vi][2] == from.0 || T.step[vi][6] == from.0 {
                        let d = usize::from(T.dir[fi][ep.idx()]);
                        let l = T.step[ep.idx()][d];
                        if target & bit(l) != 0 && self.safe(from, Square(l), Some(victim)) {
                            return true;
                        }
                    }
                }
                false
            }
            JkKind::King => (0..8).any(|d| {
                let v = T.step[fi][d];
                self.victims & bit(v) != 0 && {
                    let l = T.step[usize::from(v)][d];
                    target & bit(l) != 0 && self.safe(from, Square(l), Some(Square(v)))
                }
            }),
            JkKind::WarMachine => ORTH.iter().any(|&d| {
                [T.step[fi][d], T.step3[fi][d]].iter().any(|&v| {
                    self.victims & bit(v) != 0 && {
                        let vi = usize::from(v);
                        let land = (bit(T.step[vi][d]) | bit(T.step3[vi][d])) & target;
                        squares(land).any(|l| self.safe(from, l, Some(Square(v))))
                    }
                })
            }),
            _ => {
                let dirs: &[usize] = match kind {
                    JkKind::Rook => &[0, 2, 4, 6],
                    JkKind::Bishop => &[1, 3, 5, 7],
                    JkKind::Queen => &[0, 1, 2, 3, 4, 5, 6, 7],
                    _ => &[8, 9, 10, 11, 12, 13, 14, 15],
                };
                dirs.iter().any(|&d| {
                    let ray = T.ray[fi][d].0;
                    let blk = ray & self.occ;
                    if blk == 0 {
                        return false;
                    }
                    let v = nearest_dyn(d, Bitboard(blk));
                    if self.victims & v.bit() == 0 {
                        return false;
                    }
                    let beyond = T.ray[v.idx()][d].0;
                    let blk2 = beyond & self.occ;
                    let land = if blk2 == 0 {
                        beyond
                    } else {
                        let w = nearest_dyn(d, Bitboard(blk2));
                        beyond ^ T.ray[w.idx()][d].0 ^ w.bit()
                    };
                    squares(land & CENTRAL).any(|l| self.safe(from, l, Some(v)))
                })
            }
        }
    }

    /// Whether Rule 4 (JK-5) binds: an own unit on an edge square has a legal capture landing
    /// on a central square.
    #[inline(always)]
    fn rule4(&self) -> bool {
        let edge_units = self.own & EDGE;
        if edge_units == 0 {
            return false;
        }
        let b = &self.pos.board;
        let v = self.victims;
        // Kind by kind, with a quick reject: no victim anywhere the unit could capture.
        let found = |kind: JkKind, reach: &dyn Fn(usize) -> u128| {
            squares(b.kind(kind).0 & edge_units)
                .any(|sq| reach(sq.idx()) & v != 0 && self.central_capture(sq, kind))
        };
        found(JkKind::WarMachine, &|i| T.wm_ring[i].0)
            || found(JkKind::Pawn, &|i| {
                if self.pos.ep.is_some() {
                    !0
                } else {
                    let [a, c] = pawn_captures(self.us);
                    bit(T.step[i][a]) | bit(T.step[i][c])
                }
            })
            || found(JkKind::Nightrider, &|i| T.knight_lines[i].0)
            || found(JkKind::Rook, &|i| T.orth_lines[i].0)
            || found(JkKind::Bishop, &|i| T.diag_lines[i].0)
            || found(JkKind::Queen, &|i| T.orth_lines[i].0 | T.diag_lines[i].0)
            || found(JkKind::King, &|i| T.king_nbr[i].0)
    }

    /// For Rule 4 nodes: the squares a move must touch to be able to give check (see
    /// [`CheckFilter`]).
    fn check_filter(&self) -> CheckFilter {
        let ek = self.pos.board.pieces(JkKind::King, self.them).lsb().idx();
        let mut live = 0u128;
        for d in 0..16 {
            if self.empty & bit(T.step[ek][opposite(d)]) != 0 {
                live |= T.ray[ek][d].0;
            }
        }
        let mut lands = T.king_nbr[ek].0 | T.knight_nbr[ek].0;
        for d in ORTH {
            let o = opposite(d);
            lands |= bit(T.step3[ek][d]);
            if self.empty & (bit(T.step[ek][o]) | bit(T.step3[ek][o])) != 0 {
                live |= bit(T.step[ek][d]) | bit(T.step3[ek][d]);
            }
        }
        CheckFilter { live, lands }
    }
}

/// Squares around the enemy king that a checking move must touch. After the move the king
/// would be capturable along some line with an empty landing square L beyond it; before it,
/// it was not (a legal position never has the side not to move in check). So either L was
/// empty and the move put a unit on, or emptied a square of, the attacker's side of that line
/// (`live`: the lines whose L is empty, and the War Machine sources whose landings are), or
/// the move emptied L itself (`lands`: every possible L). Castling is always tested.
struct CheckFilter {
    live: u128,
    lands: u128,
}

impl CheckFilter {
    #[inline(always)]
    fn may_check(&self, pos: &JumpingKnights, m: Move) -> bool {
        let emptied = bit(m.from().0)
            | match m.kind() {
                MoveKind::Jump => bit(m.to().0),
                MoveKind::JumpEnPassant => bit(ep_victim(m.to(), pos.core.turn).0),
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

#[inline(always)]
fn push_jump<S: Sink>(s: &mut S, from: Square, v: Square, l: Square, promote: bool) {
    if promote {
        for k in PROMOTIONS {
            s.push(jump(from, v, l, k as u8));
        }
    } else {
        s.push(jump(from, v, l, 0));
    }
}

/// Whether `m` is a capture that satisfies Rule 4: from an edge square onto a central one.
#[inline(always)]
pub(super) fn is_rule4_capture(m: Move) -> bool {
    matches!(m.kind(), MoveKind::Jump | MoveKind::JumpEnPassant)
        && EDGE & m.from().bit() != 0
        && CENTRAL & m.aux().bit() != 0
}

/// Whether the legal move `m` gives check.
pub(super) fn gives_check(pos: &JumpingKnights, m: Move) -> bool {
    let b = pos.board_after(m);
    let us = pos.core.turn;
    capturable(&b, b.pieces(JkKind::King, !us).lsb(), us, b.color(us), b.occupied())
}

/// Generates every legal move of `pos` into `sink` (Rule 4 applied).
#[inline]
pub(super) fn generate<S: Sink>(pos: &JumpingKnights, sink: &mut S) {
    let c = Ctx::new(pos);
    if c.rule4() {
        let mut all = JkMoves::default();
        c.all(&mut Lister(&mut all));
        let filter = c.check_filter();
        for &m in all.iter() {
            if is_rule4_capture(m) || (filter.may_check(pos, m) && gives_check(pos, m)) {
                sink.push(m);
            }
        }
    } else {
        c.all(sink);
    }
}

/// Every move that does not leave the own king in check (no Rule 4 filter).
pub(super) fn generate_unfiltered<S: Sink>(pos: &JumpingKnights, sink: &mut S) {
    Ctx::new(pos).all(sink);
}

/// Whether Rule 4 binds the side to move.
pub(super) fn rule4_applies(pos: &JumpingKnights) -> bool {
    Ctx::new(pos).rule4()
}

/// Cheap pre-test for the hash: a pawn of the side to move stands beside the double-stepped
/// pawn and its landing square is empty.
pub(super) fn ep_candidate(pos: &JumpingKnights, ep: Square) -> bool {
    let us = pos.core.turn;
    let victim = ep_victim(ep, us);
    let pawns = pos.board.pieces(JkKind::Pawn, us).0;
    let occ = pos.board.occupied().0;
    [2usize, 6].iter().any(|&side| {
        let from = T.step[victim.idx()][side];
        pawns & bit(from) != 0 && {
            let d = usize::from(T.dir[usize::from(from)][ep.idx()]);
            VALID & !occ & bit(T.step[ep.idx()][d]) != 0
        }
    })
}

const _: () = assert!(NONE as u32 >= 100, "NONE's bit must lie outside the board");
