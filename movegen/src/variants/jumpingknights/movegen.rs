//! Legal move generation for Jumping Knights.
//!
//! * Check (JK-4) is "the king could be captured by a jump onto an empty square beyond it":
//!   [`Army::captures`] looks at the enemy riders on the king's 16 lines (nothing between, the square
//!   beyond the king empty), adjacent kings and pawns, and War Machines 1 or 3 away.
//! * Legality: a per-node analysis collects the *sensitive* squares, the occupied squares whose
//!   emptying could expose the king: the squares between the king and every enemy rider on one
//!   of its lines (the rider included) and the landing squares behind the king opposite every
//!   enemy attacker. A move that empties no sensitive square (its origin, or its victim) cannot
//!   expose the king (filling squares only blocks), so it is legal without a test; the others,
//!   king moves, castling, en passant, and every move when in check, get a full test with the
//!   occupancy after the move. In check, a move other than the king's that neither takes a
//!   checker nor lands between a checker and the king or on the landing square beyond the king
//!   (JK-4) cannot parry, and is dropped before the test.
//! * Rule 4 (JK-5): if one of the mover's units on an edge square has a legal capture landing on
//!   a central square, the legal list is filtered to such captures and to moves giving check.
//! * The same code lists moves or only counts them, through the [`Sink`] it writes to (perft
//!   bulk counting: whole target sets are popcounted).

use super::attack::{pawn_sources, Army, Rule4Filter, ORTH};
use super::sink::{back, jump, push_jump, Sink};
use super::tables::{
    bit, nearest_dyn, opposite, positive, CENTRAL, EDGE, FILE_I, FILE_Z, NONE, RANK, T, VALID,
};
use super::{ep_victim, JkKind, JumpingKnights, PROMOTIONS};
use crate::attacks::wide;
use crate::moves::{Move, MoveKind};
use crate::types::{squares, Bitboard, Color, Dir, Square};

/// The riding units, in the order their moves are listed.
pub(super) const RIDERS: [JkKind; 4] =
    [JkKind::Nightrider, JkKind::Bishop, JkKind::Rook, JkKind::Queen];

/// The squares between king and rook (king side, queen side) for White and for Black: f1 g1,
/// b1 c1 d1, f8 g8, b8 c8 d8.
const CASTLE_GAPS: [[u128; 2]; 2] = [
    [(1 << 16) | (1 << 17), (1 << 12) | (1 << 13) | (1 << 14)],
    [(1 << 86) | (1 << 87), (1 << 82) | (1 << 83) | (1 << 84)],
];

/// `WM_FROM[d][h]`: the squares from which a 1-step (`h` = 0) or 3-jump (`h` = 1) in the
/// orthogonal direction `d` (0..4: n, e, s, w) stays on the board without wrapping a file (north
/// and south need no mask: [`sh`] drops what leaves the board).
const WM_FROM: [[u128; 2]; 4] = [
    [VALID, VALID],
    [VALID & !FILE_I, VALID & !(FILE_I | FILE_I >> 1 | FILE_I >> 2)],
    [VALID, VALID],
    [VALID & !FILE_Z, VALID & !(FILE_Z | FILE_Z << 1 | FILE_Z << 2)],
];

/// Shifts a raw set by `delta` square indices (the caller masks files that would wrap).
#[inline(always)]
pub(super) fn sh(bits: u128, delta: i8) -> u128 {
    if delta >= 0 {
        (bits << delta) & VALID
    } else {
        bits >> (-delta)
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
pub(super) struct Ctx<'a> {
    pos: &'a JumpingKnights,
    us: Color,
    them: Color,
    /// The mover's units.
    pub(super) own: u128,
    /// The enemy's units by how they capture.
    army: Army,
    pub(super) occ: u128,
    empty: u128,
    /// Enemy units that may be jumped (every one but the king).
    pub(super) victims: u128,
    ksq: Square,
    pub(super) in_check: bool,
    /// Squares whose emptying needs a full legality test (everything when in check).
    pub(super) sens: u128,
    /// In check, the squares a move other than the king's must land on to parry (between a
    /// checker and the king, and the landing squares beyond the king, JK-4); everything
    /// otherwise. A move that lands elsewhere and takes no checker stays in check.
    evade: u128,
    /// In check, the checkers; everything otherwise.
    checkers: u128,
}

impl<'a> Ctx<'a> {
    #[inline(always)]
    pub(super) fn new(pos: &'a JumpingKnights) -> Self {
        Self::for_side(pos, pos.core.turn)
    }

    /// The context of `us` in `pos` (the side to move, or for its check analysis only, the
    /// other side).
    #[inline(always)]
    pub(super) fn for_side(pos: &'a JumpingKnights, us: Color) -> Self {
        let b = &pos.board;
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
            army: Army::of(b, them),
            occ,
            empty: VALID & !occ,
            victims: enemy & !b.kind(JkKind::King).0,
            ksq,
            in_check: false,
            sens: 0,
            evade: !0,
            checkers: !0,
        };
        c.analyse();
        c
    }

    /// Fills `in_check` and `sens` (module docs).
    #[inline(always)]
    fn analyse(&mut self) {
        let ki = self.ksq.idx();
        let (occ, empty, them) = (self.occ, self.empty, self.them);
        let mut sens = 0u128;
        let mut check = false;
        let (mut evade, mut checkers) = (0u128, 0u128);
        let army = &self.army;
        for s in squares(army.riders_on_lines(ki)) {
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
                evade |= path | l;
                checkers |= s.bit();
            }
        }
        let ek = Bitboard(army.kings).lsb();
        if T.king_nbr[ki].0 & ek.bit() != 0 {
            let l = bit(T.step[ki][opposite(usize::from(T.dir[ki][ek.idx()]))]);
            sens |= l & occ;
            if l & empty != 0 {
                check = true;
                evade |= l;
                checkers |= ek.bit();
            }
        }
        let pawns = army.pawns;
        if pawns & T.king_nbr[ki].0 != 0 {
            for d in pawn_sources(them) {
                if pawns & bit(T.step[ki][d]) != 0 {
                    let l = bit(T.step[ki][opposite(d)]);
                    sens |= l & occ;
                    if l & empty != 0 {
                        check = true;
                        evade |= l;
                        checkers |= bit(T.step[ki][d]);
                    }
                }
            }
        }
        let wm = army.wm;
        if wm & T.wm_ring[ki].0 != 0 {
            for d in ORTH {
                let from = wm & (bit(T.step[ki][d]) | bit(T.step3[ki][d]));
                if from != 0 {
                    let o = opposite(d);
                    let l = bit(T.step[ki][o]) | bit(T.step3[ki][o]);
                    sens |= l & occ;
                    if l & empty != 0 {
                        check = true;
                        evade |= l;
                        checkers |= from;
                    }
                }
            }
        }
        self.in_check = check;
        self.sens = if check { !0 } else { sens };
        if check {
            self.evade = evade & VALID;
            self.checkers = checkers;
        }
    }

    /// Whether the own king is safe after a move `from` -> `land` that removes `victim`.
    #[inline(always)]
    pub(super) fn safe(&self, from: Square, land: Square, victim: Option<Square>) -> bool {
        let mut occ = (self.occ ^ from.bit()) | land.bit();
        if let Some(v) = victim {
            occ ^= v.bit();
        }
        let k = if from == self.ksq { land } else { self.ksq };
        !self.army.captures(k, occ)
    }

    #[inline(always)]
    fn emit_quiets<S: Sink>(&self, from: Square, targets: u128, checked: bool, sink: &mut S) {
        if targets == 0 {
            return;
        }
        if !checked {
            sink.quiets(from, targets);
        } else {
            for to in squares(targets & self.evade) {
                if self.safe(from, to, None) {
                    sink.push(Move::new(MoveKind::Normal, from, to));
                }
            }
        }
    }

    /// Of the landing squares `land` of a jump over `victim`, those that may parry a check:
    /// all when the victim is a checker, else the ones in `evade` (all when not in check).
    #[inline(always)]
    fn parrying(&self, victim: u128, land: u128) -> u128 {
        if self.checkers & victim != 0 {
            land
        } else {
            land & self.evade
        }
    }

    #[inline(always)]
    fn emit_jumps<S: Sink>(&self, from: Square, v: Square, land: u128, checked: bool, s: &mut S) {
        if !checked {
            s.jumps(from, v, land);
        } else {
            for l in squares(self.parrying(v.bit(), land)) {
                if self.safe(from, l, Some(v)) {
                    s.push(jump(from, v, l, 0));
                }
            }
        }
    }

    /// The squares a rider on `from` reaches in direction `D`: the empty ones and the first
    /// occupied one.
    #[inline(always)]
    fn reach<const D: usize>(&self, from: usize) -> u128 {
        wide::slide(T.ray[from][D].0, self.occ, positive(D))
    }

    /// The captures of a rider on `from` of the victim `v`, the first unit on one of its lines:
    /// landing on the empty squares beyond `v` up to the next unit.
    #[inline(always)]
    fn rider_capture<S: Sink>(&self, from: Square, v: Square, checked: bool, sink: &mut S) {
        let d = usize::from(T.dir[from.idx()][v.idx()]);
        let land = wide::slide(T.ray[v.idx()][d].0, self.occ, positive(d)) & self.empty;
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

    pub(super) fn war_machine<S: Sink>(&self, from: Square, sink: &mut S) {
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

    /// Every move of the War Machines on `wms` (none on a sensitive square) by whole sets, per
    /// direction and length (1-step or 3-jump, JK-2), for sinks that take moves in any order.
    #[inline(always)]
    fn war_machines<S: Sink>(&self, wms: u128, sink: &mut S) {
        let target = self.empty & CENTRAL;
        let mut ring = 0;
        for (d, step) in [(0, 10i8), (1, 1), (2, -10), (3, -1)] {
            for (h, hop) in [(0, 1), (1, 3)] {
                let to = sh(wms & WM_FROM[d][h], hop * step);
                ring |= to;
                sink.steps(to & target, hop * step, MoveKind::Normal);
            }
        }
        if ring & self.victims == 0 {
            return;
        }
        for (d, step) in [(0, 10i8), (1, 1), (2, -10), (3, -1)] {
            for (h, hop) in [(0, 1), (1, 3)] {
                let v = sh(wms & WM_FROM[d][h], hop * step) & self.victims;
                if v == 0 {
                    continue;
                }
                for (o, on) in [(0, 1), (1, 3)] {
                    let land = sh(v & WM_FROM[d][o], on * step) & self.empty;
                    // Landings whose victim is sensitive are tested one by one.
                    let risky = sh(v & self.sens & WM_FROM[d][o], on * step);
                    sink.jumps_by(land & !risky, hop * step, on * step);
                    for l in squares(land & risky) {
                        let v = back(l, on * step);
                        let from = back(v, hop * step);
                        if self.safe(from, l, Some(v)) {
                            sink.push(jump(from, v, l, 0));
                        }
                    }
                }
            }
        }
    }

    /// The king's steps and captures (castling aside), each tested.
    pub(super) fn king_moves<S: Sink>(&self, sink: &mut S) {
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
            sink.steps(single & !promo_step, fwd, MoveKind::Normal);
            sink.pawn_promos(single & promo_step, fwd);
            let double = sh(single & third, fwd) & self.empty & CENTRAL;
            sink.steps(double, 2 * fwd, MoveKind::DoublePush);
            for (dd, wrap) in [(fwd + 1, FILE_I), (fwd - 1, FILE_Z)] {
                let v = sh(free & !wrap, dd) & self.victims;
                let land = sh(v & !wrap, dd) & self.empty;
                if land == 0 {
                    continue;
                }
                // Landings whose victim is sensitive are tested one by one.
                let risky = sh(v & self.sens & !wrap, dd);
                let ok = land & !risky;
                sink.pawn_jumps(ok & !promo_any, dd, false);
                sink.pawn_jumps(ok & promo_any, dd, true);
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
        if let Some(ep) = self.pos.core.ep {
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
        let to = self.empty & CENTRAL & self.evade;
        if to & bit(one) != 0 && self.safe(p, Square(one), None) {
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
            if to & bit(two) != 0 && self.safe(p, Square(two), None) {
                s.push(Move::new(MoveKind::DoublePush, p, Square(two)));
            }
        }
        for d in pawn_captures(self.us) {
            let v = T.step[p.idx()][d];
            if self.victims & bit(v) != 0 {
                let l = T.step[usize::from(v)][d];
                if self.parrying(bit(v), self.empty & bit(l)) != 0
                    && self.safe(p, Square(l), Some(Square(v)))
                {
                    push_jump(s, p, Square(v), Square(l), promo_any & bit(l) != 0);
                }
            }
        }
    }

    /// Castling under FIDE conditions; a square the king passes or lands on is attacked if the
    /// king standing there (start square empty, rook unmoved) would be in check (rule book
    /// README). The position after castling must also leave the king safe.
    #[inline(always)]
    pub(super) fn castling<S: Sink>(&self, sink: &mut S) {
        if self.in_check {
            return;
        }
        let rights = castling_rights(self.pos, self.occ);
        if rights != 0 {
            self.castling_tested(rights, sink);
        }
    }

    /// [`Ctx::castling`] once a gap is empty.
    #[inline(never)]
    fn castling_tested<S: Sink>(&self, rights: u8, sink: &mut S) {
        let base: u8 = self.us.select(10, 80);
        let (e, occ) = (base + 5, self.occ);
        let safe_on = |k: u8, occ: u128| !self.army.captures(Square(k), occ);
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
    pub(super) fn all<S: Sink>(&self, sink: &mut S) {
        self.head(sink);
        let b = &self.pos.board;
        for kind in RIDERS {
            for from in squares(b.pieces(kind, self.us).0) {
                self.rider_of(kind, from, sink);
            }
        }
        self.tail(sink);
    }

    /// The moves listed before the riders': the king's, then the pawns'.
    #[inline(always)]
    pub(super) fn head<S: Sink>(&self, sink: &mut S) {
        self.king_moves(sink);
        self.pawn_moves(sink);
    }

    /// Every pawn move.
    #[inline(always)]
    pub(super) fn pawn_moves<S: Sink>(&self, sink: &mut S) {
        if self.us == Color::White {
            self.pawns::<S, true>(sink);
        } else {
            self.pawns::<S, false>(sink);
        }
    }

    /// Every move of the rider of kind `kind` (one of [`RIDERS`]) on `from`.
    #[inline(always)]
    pub(super) fn rider_of<S: Sink>(&self, kind: JkKind, from: Square, sink: &mut S) {
        let f = from.idx();
        let reach = match kind {
            JkKind::Nightrider => self.nightrider_reach(f),
            JkKind::Bishop => self.bishop_reach(f),
            JkKind::Rook => self.rook_reach(f),
            _ => self.rook_reach(f) | self.bishop_reach(f),
        };
        self.rider(from, reach, sink);
    }

    /// The moves listed after the riders': the War Machines', then castling.
    #[inline(always)]
    pub(super) fn tail<S: Sink>(&self, sink: &mut S) {
        let wms = self.pos.board.pieces(JkKind::WarMachine, self.us).0;
        if S::ANY_ORDER {
            if wms & !self.sens != 0 {
                self.war_machines(wms & !self.sens, sink);
            }
            for from in squares(wms & self.sens) {
                self.war_machine(from, sink);
            }
        } else {
            for from in squares(wms) {
                self.war_machine(from, sink);
            }
        }
        self.castling(sink);
    }

    /// Whether the unit of kind `kind` on `from` has a legal capture landing on a central
    /// square (Rule 4's trigger).
    pub(super) fn central_capture(&self, from: Square, kind: JkKind) -> bool {
        let fi = from.idx();
        let target = self.empty & CENTRAL;
        // A jump of a unit other than the king that empties no sensitive square is legal
        // (module docs; everything is sensitive in check): the test only for the others.
        let legal = |l: Square, v: Square| {
            self.sens & (from.bit() | v.bit()) == 0 || self.safe(from, l, Some(v))
        };
        match kind {
            JkKind::Pawn => {
                for d in pawn_captures(self.us) {
                    let v = T.step[fi][d];
                    if self.victims & bit(v) != 0 {
                        let l = T.step[usize::from(v)][d];
                        if target & bit(l) != 0 && legal(Square(l), Square(v)) {
                            return true;
                        }
                    }
                }
                if let Some(ep) = self.pos.core.ep {
                    // En passant empties two squares of a rank: always tested.
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
                        squares(land).any(|l| legal(l, Square(v)))
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
                    squares(land & CENTRAL).any(|l| legal(l, v))
                })
            }
        }
    }

    /// Whether Rule 4 (JK-5) binds: an own unit on an edge square has a legal capture landing
    /// on a central square.
    #[inline(always)]
    pub(super) fn rule4(&self) -> bool {
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
                if self.pos.core.ep.is_some() {
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
}

/// The castling rights of the side to move in `pos` (occupancy `occ`) when one of them has
/// the squares between king and rook empty (a cheap first test: castling needs more), else 0.
#[inline(always)]
pub(super) fn castling_rights(pos: &JumpingKnights, occ: u128) -> u8 {
    let us = pos.core.turn;
    let rights = pos.core.castling & us.select(0b0011, 0b1100);
    if rights == 0 {
        return 0;
    }
    let [k, q] = if us == Color::White { CASTLE_GAPS[0] } else { CASTLE_GAPS[1] };
    let kside = rights & (super::WHITE_KINGSIDE | super::BLACK_KINGSIDE) != 0;
    let qside = rights & (super::WHITE_QUEENSIDE | super::BLACK_QUEENSIDE) != 0;
    if (kside && occ & k == 0) || (qside && occ & q == 0) {
        rights
    } else {
        0
    }
}

/// Generates every legal move of `pos` into `sink` (Rule 4 applied).
#[inline]
pub(super) fn generate<S: Sink>(pos: &JumpingKnights, sink: &mut S) {
    let c = Ctx::new(pos);
    if c.rule4() {
        c.all(&mut Rule4Filter::new(pos, sink));
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
