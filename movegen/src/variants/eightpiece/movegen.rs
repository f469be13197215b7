//! Legal move generation for 8-Piece Chess, listing or counting (perft bulk counting) through
//! a [`Sink`].
//!
//! Legality is "the mover's king is not attacked after the whole move" (§6.2, §6.4, 8P-10).
//! The generator proves most moves legal without trying them:
//!
//! * In check, every move is tried: applied to a bitboard copy ([`Lite`]) and tested.
//! * Otherwise a normal move can only expose the king by emptying its origin or by filling its
//!   destination. The origins that matter (`sens_from`) are: units pinned against the king by an
//!   enemy slider, or by an enemy lancer (only our own units block a lancer); our units that are
//!   the first unit on an enemy sentry's diagonal (moving them shows the sentry the next unit,
//!   and a turning lancer changes what it would capture when pushed); our units between such a
//!   unit and our king (it could then be pushed onto the king); our jailers that hold something
//!   (releasing an enemy unit). The destinations that matter (`sens_to`) are squares on an enemy
//!   sentry's diagonals (up to the first unit) from which a pushed unit could reach our king's
//!   square: our unit landing there could be pushed onto the king. Moves touching these sets
//!   are tried; all others are legal.
//! * King moves, castling, e.p. and pushes by a pinned sentry are tried. Other pushes are
//!   judged directly: the sentry leaves an insensitive square, our sentry keeps the pushed
//!   unit's square blocked, so the move is illegal exactly when the pushed unit attacks our king
//!   from where it lands (a pushed lancer in every direction: 8P-10), unless it lands on a hold
//!   square of our jailers.

use super::attack::{Lite, B, J, K, L, N, P, Q, R, S};
use super::make::{apply_lite, banned, castle_squares};
use super::tables::{
    direction, facing_choices, lancer_reach, orth_adj, FACE_OK, FILE_A, FILE_H, LINES, RANK_1,
    RANK_2, RANK_3, RANK_6, RANK_7, RANK_8, RAYS,
};
use super::{EightKind, EightMoves, EightPiece, PROMOS, RIGHT_BK};
use crate::attacks::magic::tables;
use crate::moves::{Move, MoveBuf, MoveKind};
use crate::types::{squares, Bitboard, Color, Dir, Square};

/// Where generated moves go.
pub(super) trait Sink {
    /// Normal moves of a non-lancer piece to each target.
    fn normal(&mut self, from: Square, targets: u64);
    /// Normal lancer moves to each target, with every facing allowed there (8P-8).
    fn lancer(&mut self, from: Square, targets: u64);
    /// Pawn moves to each target from `target - delta`.
    fn pawns(&mut self, targets: u64, delta: i8, kind: MoveKind);
    /// Promotions (Q R B N J S, then L with each allowed facing) to each target.
    fn promos(&mut self, targets: u64, delta: i8);
    /// Pushes by the sentry `s` of the unit on `u` to each target (`facing`: a lancer's kept
    /// facing, else 0).
    fn pushes(&mut self, s: Square, u: Square, targets: u64, facing: usize);
    /// Turn-then-Moves of the lancer on `from` in direction `d` to each target.
    fn turn_moves(&mut self, from: Square, targets: u64, d: usize);
    /// Turns in place of the lancer on `from` to each facing of `dirs`.
    fn turns(&mut self, from: Square, dirs: u8);
    /// One move.
    fn one(&mut self, m: Move);
}

/// Lists the moves.
pub(super) struct Lister<'a>(pub &'a mut EightMoves);

/// Only counts them.
pub(super) struct Counter(pub u64);

#[inline(always)]
fn dirs_of(mask: u8) -> impl Iterator<Item = usize> {
    (0..8).filter(move |d| mask & (1 << d) != 0)
}

#[inline(always)]
fn from_of(to: Square, delta: i8) -> Square {
    Square((to.0 as i8 - delta) as u8)
}

#[inline(always)]
fn lancer_move(from: Square, to: Square, d: usize) -> Move {
    Move::pack(MoveKind::Normal, from, to, Square(0), 0, Dir::from_index(d))
}

impl Sink for Lister<'_> {
    #[inline(always)]
    fn normal(&mut self, from: Square, targets: u64) {
        self.0.push_each(MoveKind::Normal, from, targets);
    }
    #[inline(always)]
    fn lancer(&mut self, from: Square, targets: u64) {
        for to in squares(targets) {
            for d in dirs_of(FACE_OK[to.idx()]) {
                self.0.push(lancer_move(from, to, d));
            }
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i8, kind: MoveKind) {
        for to in squares(targets) {
            self.0.push(Move::new(kind, from_of(to, delta), to));
        }
    }
    #[inline(always)]
    fn promos(&mut self, targets: u64, delta: i8) {
        for to in squares(targets) {
            for m in promotions(from_of(to, delta), to) {
                self.0.push(m);
            }
        }
    }
    #[inline(always)]
    fn pushes(&mut self, s: Square, u: Square, targets: u64, facing: usize) {
        for a in squares(targets) {
            self.0.push(Move::pack(MoveKind::Push, s, u, a, 0, Dir::from_index(facing)));
        }
    }
    #[inline(always)]
    fn turn_moves(&mut self, from: Square, targets: u64, d: usize) {
        for to in squares(targets) {
            self.0.push(Move::pack(MoveKind::TurnMove, from, to, Square(0), 0, Dir::from_index(d)));
        }
    }
    #[inline(always)]
    fn turns(&mut self, from: Square, dirs: u8) {
        for d in dirs_of(dirs) {
            self.0.push(turn(from, d));
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.0.push(m);
    }
}

impl Sink for Counter {
    #[inline(always)]
    fn normal(&mut self, _from: Square, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn lancer(&mut self, _from: Square, targets: u64) {
        self.0 += facing_choices(targets);
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i8, _kind: MoveKind) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn promos(&mut self, targets: u64, _delta: i8) {
        self.0 += 6 * u64::from(targets.count_ones()) + facing_choices(targets);
    }
    #[inline(always)]
    fn pushes(&mut self, _s: Square, _u: Square, targets: u64, _facing: usize) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn turn_moves(&mut self, _from: Square, targets: u64, _d: usize) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn turns(&mut self, _from: Square, dirs: u8) {
        self.0 += u64::from(dirs.count_ones());
    }
    #[inline(always)]
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Every promotion of a pawn from `from` to `to` (§5; a lancer takes any facing with a square
/// in front, 8P-8).
fn promotions(from: Square, to: Square) -> impl Iterator<Item = Move> {
    let plain = PROMOS
        .iter()
        .map(move |k| Move::pack(MoveKind::Normal, from, to, Square(0), *k as u8, Dir::N));
    let lancer = dirs_of(FACE_OK[to.idx()]).map(move |d| {
        Move::pack(
            MoveKind::Normal,
            from,
            to,
            Square(0),
            EightKind::Lancer as u8,
            Dir::from_index(d),
        )
    });
    plain.chain(lancer)
}

#[inline(always)]
fn nudge(s: Square, u: Square, a: Square) -> Move {
    let d = direction(u.idx(), a.idx()).unwrap_or(0);
    Move::pack(MoveKind::Nudge, s, u, a, 0, Dir::from_index(d))
}

#[inline(always)]
fn turn(from: Square, d: usize) -> Move {
    Move::pack(MoveKind::Turn, from, from, Square(0), 0, Dir::from_index(d))
}

/// One square forward for `c`'s pawns (no wrap: ranks only).
#[inline(always)]
fn forward(bb: u64, c: Color) -> u64 {
    match c {
        Color::White => bb << 8,
        Color::Black => bb >> 8,
    }
}

struct Gen<'a, T: Sink> {
    pos: &'a EightPiece,
    sink: &'a mut T,
    lite: Lite,
    us: Color,
    them: Color,
    own: u64,
    enemy: u64,
    occ: u64,
    ksq: Square,
    /// Our units held by enemy jailers.
    held: u64,
    /// Squares our jailers hold (enemy units there are held).
    hold_ours: u64,
    sens_from: u64,
    sens_to: u64,
    /// Our unit named by the push field (not a pawn) and its banned squares (§6.3).
    pushed: Option<Square>,
    banned: u64,
}

impl<T: Sink> Gen<'_, T> {
    /// Whether the move leaves our king unattacked (tried on a bitboard copy).
    #[inline]
    fn legal(&self, m: Move) -> bool {
        let (l, k, tm) = apply_lite(self.pos, &self.lite, m);
        !l.attacked(k, self.them, tm)
    }

    #[inline(always)]
    fn try_one(&mut self, m: Move) {
        if self.legal(m) {
            self.sink.one(m);
        }
    }

    /// The mask of squares the unit on `sq` may end on (§6.3 ban).
    #[inline(always)]
    fn allowed(&self, sq: Square) -> u64 {
        if self.pushed == Some(sq) {
            !self.banned
        } else {
            !0
        }
    }

    #[inline(always)]
    fn emit(&mut self, from: Square, targets: u64) {
        if self.sens_from & (1 << from.0) != 0 {
            for to in squares(targets) {
                self.try_one(Move::new(MoveKind::Normal, from, to));
            }
        } else {
            self.sink.normal(from, targets & !self.sens_to);
            for to in squares(targets & self.sens_to) {
                self.try_one(Move::new(MoveKind::Normal, from, to));
            }
        }
    }

    #[inline(always)]
    fn emit_lancer(&mut self, from: Square, targets: u64) {
        let slow = if self.sens_from & (1 << from.0) != 0 {
            targets
        } else {
            self.sink.lancer(from, targets & !self.sens_to);
            targets & self.sens_to
        };
        for to in squares(slow) {
            for d in dirs_of(FACE_OK[to.idx()]) {
                self.try_one(lancer_move(from, to, d));
            }
        }
    }

    #[inline(always)]
    fn emit_pawns(&mut self, targets: u64, delta: i8, kind: MoveKind) {
        self.sink.pawns(targets & !self.sens_to, delta, kind);
        for to in squares(targets & self.sens_to) {
            self.try_one(Move::new(kind, from_of(to, delta), to));
        }
    }

    #[inline(always)]
    fn emit_promos(&mut self, targets: u64, delta: i8) {
        self.sink.promos(targets & !self.sens_to, delta);
        for to in squares(targets & self.sens_to) {
            for m in promotions(from_of(to, delta), to) {
                self.try_one(m);
            }
        }
    }

    #[inline(always)]
    fn run(&mut self, in_check: bool) {
        let t = tables();
        let (own, enemy, occ) = (self.own, self.enemy, self.occ);
        let active = own & !self.held;
        let kinds = self.lite.k;
        let kind = |k: usize| kinds[k];

        // King: steps (tried), castling, or the pass (8P-2).
        let ksq = self.ksq;
        if self.held & (1 << ksq.0) == 0 {
            let targets = t.king[ksq.idx()].0 & !own & self.allowed(ksq);
            for to in squares(targets) {
                self.try_one(Move::new(MoveKind::Normal, ksq, to));
            }
            if !in_check && self.pos.core.castling & self.rights_mask() != 0 {
                self.castling();
            }
        } else if !in_check {
            self.sink.one(Move::new(MoveKind::Pass, Square(0), Square(0)));
        }

        for sq in squares(kind(N) & active) {
            let targets = t.knight[sq.idx()].0 & !own & self.allowed(sq);
            self.emit(sq, targets);
        }
        for sq in squares((kind(B) | kind(Q)) & active) {
            let targets = t.bishop(sq, Bitboard(occ)).0 & !own & self.allowed(sq);
            self.emit(sq, targets);
        }
        for sq in squares((kind(R) | kind(Q)) & active) {
            let targets = t.rook(sq, Bitboard(occ)).0 & !own & self.allowed(sq);
            self.emit(sq, targets);
        }
        for sq in squares(kind(J) & active) {
            let targets = t.rook(sq, Bitboard(occ)).0 & !occ & self.allowed(sq);
            self.emit(sq, targets);
        }
        for sq in squares(kind(S) & active) {
            let reach = t.bishop(sq, Bitboard(occ)).0 & self.allowed(sq);
            self.emit(sq, reach & !occ);
            for u in squares(reach & enemy) {
                self.pushes(sq, u);
            }
        }
        for sq in squares(kind(L) & own) {
            self.lancer(sq);
        }
        self.pawns(kind(P) & active);
    }

    fn lancer(&mut self, sq: Square) {
        let i = sq.idx();
        let f = self.lite.facing(i);
        let held = self.held & (1 << i) != 0;
        let pushed = self.pushed == Some(sq);
        if !held {
            let targets = lancer_reach(f, i, self.own, self.enemy) & self.allowed(sq);
            self.emit_lancer(sq, targets);
        }
        // Re-orient (facing the edge), and 8P-9's turn-only when held right after a push:
        // the same moves where they overlap (README "Perft").
        let mut dirs = 0u8;
        if RAYS[f][i] == 0 {
            dirs |= FACE_OK[i];
        }
        if pushed && held {
            dirs |= !(1u8 << f);
        }
        if dirs != 0 {
            if self.sens_from & (1 << i) != 0 {
                for d in dirs_of(dirs) {
                    self.try_one(turn(sq, d));
                }
            } else {
                self.sink.turns(sq, dirs);
            }
        }
        // Turn-then-Move (§7.2), only right after a push or nudge.
        if pushed && !held {
            let allowed = self.allowed(sq);
            for d in (0..8).filter(|&d| d != f) {
                let targets = lancer_reach(d, i, self.own, self.enemy) & allowed;
                if targets == 0 {
                    continue;
                }
                let slow = if self.sens_from & (1 << i) != 0 {
                    targets
                } else {
                    self.sink.turn_moves(sq, targets & !self.sens_to, d);
                    targets & self.sens_to
                };
                for to in squares(slow) {
                    self.try_one(Move::pack(
                        MoveKind::TurnMove,
                        sq,
                        to,
                        Square(0),
                        0,
                        Dir::from_index(d),
                    ));
                }
            }
        }
    }

    #[inline(always)]
    fn pawns(&mut self, pawns: u64) {
        let t = tables();
        let us = self.us;
        let empty = !self.occ;
        let enemy = self.enemy;
        let fast = pawns & !self.sens_from;
        // Steps, double steps and captures toward the a- and h-side, with the index deltas.
        let (one, two, cap_a, cap_h, last, d0, da, dh) = if us == Color::White {
            let one = (fast << 8) & empty;
            let two = ((one & (RANK_2 | RANK_3)) << 8) & empty;
            (
                one,
                two,
                ((fast & !FILE_A) << 7) & enemy,
                ((fast & !FILE_H) << 9) & enemy,
                RANK_8,
                8i8,
                7i8,
                9i8,
            )
        } else {
            let one = (fast >> 8) & empty;
            let two = ((one & (RANK_7 | RANK_6)) >> 8) & empty;
            (
                one,
                two,
                ((fast & !FILE_A) >> 9) & enemy,
                ((fast & !FILE_H) >> 7) & enemy,
                RANK_1,
                -8i8,
                -9i8,
                -7i8,
            )
        };
        if (one | two | cap_a | cap_h) & (last | self.sens_to) == 0 {
            // No promotion and no sensitive destination: the same moves in the same order as
            // below, without the per-group checks.
            self.sink.pawns(one, d0, MoveKind::Normal);
            self.sink.pawns(two, 2 * d0, MoveKind::DoublePush);
            self.sink.pawns(cap_a, da, MoveKind::Normal);
            self.sink.pawns(cap_h, dh, MoveKind::Normal);
        } else {
            self.emit_pawns(one & !last, d0, MoveKind::Normal);
            self.emit_promos(one & last, d0);
            self.emit_pawns(two, 2 * d0, MoveKind::DoublePush);
            self.emit_pawns(cap_a & !last, da, MoveKind::Normal);
            self.emit_promos(cap_a & last, da);
            self.emit_pawns(cap_h & !last, dh, MoveKind::Normal);
            self.emit_promos(cap_h & last, dh);
        }
        let double_from = if us == Color::White { RANK_1 | RANK_2 } else { RANK_8 | RANK_7 };
        for sq in squares(pawns & self.sens_from) {
            let b = 1u64 << sq.0;
            let one = forward(b, us) & empty;
            let two = forward(forward(b & double_from, us) & empty, us) & empty;
            let caps = t.pawn_attacks(us, sq).0 & self.enemy;
            for to in squares(one | caps) {
                if last & (1 << to.0) != 0 {
                    for m in promotions(sq, to) {
                        self.try_one(m);
                    }
                } else {
                    self.try_one(Move::new(MoveKind::Normal, sq, to));
                }
            }
            for to in squares(two) {
                self.try_one(Move::new(MoveKind::DoublePush, sq, to));
            }
        }
        if let Some(ep) = self.pos.core.ep {
            for from in squares(t.pawn_attacks(self.them, ep).0 & pawns) {
                self.try_one(Move::new(MoveKind::EnPassant, from, ep));
            }
        }
    }

    /// The pushes by our sentry on `s` of the enemy unit on `u` (§6.2).
    fn pushes(&mut self, s: Square, u: Square) {
        let t = tables();
        let (sb, ub) = (1u64 << s.0, 1u64 << u.0);
        let occ_p = self.occ & !sb;
        let own_p = (self.own & !sb) | ub;
        let their_p = self.enemy & !ub;
        let unit = self.pos.board.piece_at(u).expect("victim").kind;
        let ui = u.idx();
        let k = self.ksq;
        let ki = k.idx();
        // Tried one by one when the sentry's square matters for our king's safety, or when a
        // pushed sentry could push from where it lands.
        let full = self.sens_from & sb != 0 || unit == EightKind::Sentry;
        if unit == EightKind::Lancer {
            let f = self.lite.facing(ui);
            let fwd = lancer_reach(f, ui, own_p, their_p);
            let step = t.king[ui].0 & RAYS[f][ui];
            let nudges = t.king[ui].0 & !occ_p & !step;
            for a in squares(fwd) {
                let m = Move::pack(MoveKind::Push, s, u, a, 0, Dir::from_index(f));
                if full {
                    self.try_one(m)
                } else if self.lancer_push_ok(u, a, own_p) {
                    self.sink.one(m);
                }
            }
            for a in squares(nudges) {
                let m = nudge(s, u, a);
                if full {
                    self.try_one(m)
                } else if self.lancer_push_ok(u, a, own_p) {
                    self.sink.one(m);
                }
            }
            return;
        }
        let (dests, bad) = match unit {
            EightKind::Pawn => (
                (forward(ub, self.us) & !occ_p) | (t.pawn_attacks(self.us, u).0 & their_p),
                t.pawn_attacks(self.us, k).0,
            ),
            EightKind::Knight => (t.knight[ui].0 & !own_p, t.knight[ki].0),
            EightKind::King => (t.king[ui].0 & !own_p, t.king[ki].0),
            EightKind::Bishop => {
                (t.bishop(u, Bitboard(occ_p)).0 & !own_p, t.bishop(k, Bitboard(occ_p)).0)
            }
            EightKind::Rook => {
                (t.rook(u, Bitboard(occ_p)).0 & !own_p, t.rook(k, Bitboard(occ_p)).0)
            }
            EightKind::Queen => {
                (t.queen(u, Bitboard(occ_p)).0 & !own_p, t.queen(k, Bitboard(occ_p)).0)
            }
            EightKind::Jailer => (t.rook(u, Bitboard(occ_p)).0 & !occ_p, 0),
            EightKind::Sentry => (t.bishop(u, Bitboard(occ_p)).0 & !occ_p, 0),
            EightKind::Lancer => unreachable!("handled above"),
        };
        if full {
            for a in squares(dests) {
                self.try_one(Move::pack(MoveKind::Push, s, u, a, 0, Dir::N));
            }
        } else {
            self.sink.pushes(s, u, dests & !(bad & !self.hold_ours), 0);
        }
    }

    /// Whether pushing our enemy's lancer from `u` to `a` leaves our king safe, when nothing
    /// but the lancer itself can attack it afterwards: unless held there, a pushed lancer
    /// attacks the first of our units in every direction (its facing, and 8P-10), except on
    /// the squares banned to it.
    #[inline]
    fn lancer_push_ok(&self, u: Square, a: Square, own_after: u64) -> bool {
        let t = tables();
        let (ai, ki) = (a.idx(), self.ksq.idx());
        self.hold_ours & (1 << ai) != 0
            || t.line[ai][ki].is_empty()
            || t.between[ai][ki].0 & own_after != 0
            || banned(u, a) & (1 << ki) != 0
    }

    /// The castling rights of the side to move.
    #[inline(always)]
    fn rights_mask(&self) -> u8 {
        if self.us == Color::White {
            0b0011
        } else {
            0b1100
        }
    }

    /// Castling (§8, §10): rights, partner not held, squares empty, the king not in check and
    /// not passing over or landing on an attacked square (tested with the king standing there,
    /// README "Castling and attacked squares"), and the king safe after the move.
    fn castling(&mut self) {
        let t = tables();
        let pos = self.pos;
        let first = if self.us == Color::White { 0 } else { RIGHT_BK };
        let k = self.ksq;
        for right in first..first + 2 {
            if pos.core.castling & (1 << right) == 0 {
                continue;
            }
            // Quick reject: the squares between king and partner are on the king's or the
            // partner's path, so they must be empty.
            let p = pos.partner[right];
            if self.held & (1 << p.0) != 0 || t.between[k.idx()][p.idx()].0 & self.occ != 0 {
                continue;
            }
            self.castle(right);
        }
    }

    /// The rest of [`Gen::castling`] for one right (kept out of line: rarely reached).
    #[inline(never)]
    fn castle(&mut self, right: usize) {
        let t = tables();
        let pos = self.pos;
        let us = self.us;
        let k = self.ksq;
        let (p, kd, pd) = castle_squares(pos, right);
        let path_k = t.between[k.idx()][kd.idx()].0 | (1 << kd.0);
        let path_p = t.between[p.idx()][pd.idx()].0 | (1 << pd.0);
        let need_empty = (path_k | path_p) & !(1u64 << k.0) & !(1u64 << p.0);
        if self.occ & need_empty != 0 {
            return;
        }
        let partner = pos.board.piece_at(p).expect("partner").kind as usize;
        let safe = squares(path_k & !(1u64 << k.0)).all(|x| {
            let mut l = self.lite;
            l.take(k, K, us);
            if x == p {
                l.take(p, partner, us);
            }
            l.put(x, K, us, 0);
            !l.attacked(x, self.them, None)
        });
        if safe {
            self.try_one(Move::new(MoveKind::Castle, k, kd));
        }
    }
}

/// Generates every legal move of `pos` into `sink`.
pub(super) fn generate<T: Sink>(pos: &EightPiece, sink: &mut T) {
    let t = tables();
    let b = &pos.board;
    let us = pos.core.turn;
    let them = !us;
    let own = b.color(us).0;
    let enemy = b.color(them).0;
    let occ = own | enemy;
    let ksq = pos.king(us);
    let lite = Lite::of(pos);
    let jailers = b.kind(EightKind::Jailer).0;
    let held = own & orth_adj(jailers & enemy);
    let hold_ours = orth_adj(jailers & own);
    let (pushed, banned_sq) = match pos.push {
        Some((f, to)) if b.piece_at(to).map(|p| p.kind) != Some(EightKind::Pawn) => {
            (Some(to), banned(f, to))
        }
        _ => (None, 0),
    };
    // The pin scan also finds the checks by sliders and lancers; knights, king and pawns are
    // tested directly and the §6.4 push attacks by `attacked_by_push` (together exactly
    // `Lite::attacked`).
    let act_them = enemy & !hold_ours;
    let kind = |k: usize| lite.k[k];
    let ki = ksq.idx();
    let mut check = ((t.knight[ki].0 & kind(N))
        | (t.king[ki].0 & kind(K))
        | (t.pawn_attacks(us, ksq).0 & kind(P)))
        & act_them
        != 0;
    let mut from = 0u64;
    let snipers = (t.rook(ksq, Bitboard(enemy)).0 & (kind(R) | kind(Q)) & act_them)
        | (t.bishop(ksq, Bitboard(enemy)).0 & (kind(B) | kind(Q)) & act_them);
    for s in squares(snipers) {
        let between = t.between[ki][s.idx()].0 & occ;
        if between == 0 {
            check = true;
        } else if between & (between.wrapping_sub(1)) == 0 {
            from |= between & own;
        }
    }
    for l in squares(kind(L) & act_them & LINES[ki]) {
        let li = l.idx();
        if RAYS[lite.facing(li)][li] & (1 << ki) != 0 {
            let between = t.between[li][ki].0 & own;
            if between == 0 {
                check = true;
            } else if between.count_ones() == 1 {
                from |= between;
            }
        }
    }
    let in_check = check || lite.attacked_by_push(ksq, them, occ, own, act_them);
    let (sens_from, sens_to) = if in_check {
        (!0, !0)
    } else {
        let mut reach_all = 0u64;
        for s in squares(kind(S) & act_them) {
            let reach = t.bishop(s, Bitboard(occ)).0;
            reach_all |= reach;
            let firsts = reach & own;
            from |= firsts;
            for u in squares(firsts & (kind(B) | kind(R) | kind(Q) | kind(L))) {
                if !t.line[u.idx()][ki].is_empty() {
                    from |= t.between[u.idx()][ki].0 & own;
                }
            }
        }
        for j in squares(kind(J) & own) {
            if orth_adj(1 << j.0) & enemy != 0 {
                from |= 1 << j.0;
            }
        }
        (from, reach_all & (LINES[ki] | t.knight[ki].0))
    };
    let mut g = Gen {
        pos,
        sink,
        lite,
        us,
        them,
        own,
        enemy,
        occ,
        ksq,
        held,
        hold_ours,
        sens_from,
        sens_to,
        pushed,
        banned: banned_sq,
    };
    g.run(in_check);
}
