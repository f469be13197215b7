//! Perft's last two plies (`perft(2)`, [`crate::rules::Rules::count_two`]): the replies to every
//! legal move are counted without the Zobrist key (`JumpingKnights::apply::<false>`), and the
//! sibling positions share the work of the replier's riders (Nightriders, Bishops, Rooks,
//! Queens) and War Machines (about half of a node's instructions were theirs).
//!
//! Before the first move, each of those units gets its moves counted once on the parent's
//! board, with its **zone**: the squares whose contents the count depends on. For a rider, per
//! line, the squares up to and including the first unit; when that unit may be jumped (an enemy
//! unit other than the king, rule book section 4), also the squares beyond it up to and
//! including the next unit (the landing squares). For a War Machine, the squares 1 and 3 away,
//! and 1 and 3 beyond each unit it may jump there (JK-2). After a move that changes neither the
//! occupancy nor the set of jumpable units on the zone (nor takes the unit), the unit has the
//! same moves. They are all legal, and the stored count is used, when neither the unit nor one
//! of the units it may jump stands on a sensitive square of the new position (the legality
//! test of `movegen.rs`), the side is not in check and Rule 4 (JK-5) does not bind there; the
//! other units are generated as usual. Per unit, the masks of its zone and of the squares that
//! expose it find them. Whether Rule 4 binds is carried over the same way: a unit on an edge
//! square with the same moves has the same captures onto central squares, so only the other
//! units on the edge are tested.
//!
//! The replier's king is counted once on the parent's board as well, with the squares its
//! steps, captures and their legality tests read (`Parent::king`); a child that changed the
//! occupancy of none of them gives it the same count. So are its pawns (`Parent::pawns`): a
//! child that changed neither the occupancy nor the jumpable units on their squares, the
//! squares ahead and the diagonal victims and landings, where none of them nor of those
//! victims is sensitive and no e.p. square is set, gives them the same count. The king's
//! destinations are kept one by one too: where only some of their lines changed, only those
//! are tested again.
//!
//! The replier king's sensitive squares are taken from the parent's board in a child whose
//! move changed none of the squares they depend on (its 16 lines, its neighbours and the War
//! Machine squares); when, besides, no unit is dirty, Rule 4 cannot bind and the king's and
//! pawns' counts hold, the child is counted without building the generator's context.
//!
//! Where Rule 4 binds, only edge captures onto central squares and checks count: a unit that
//! is not dirty is counted from the destinations stored with it, those it would give check
//! from (`attack::Checks`) and its captures that satisfy Rule 4, unless the squares it empties
//! need the full check test.

use super::attack::{Army, Rule4Filter, ORTH};
use super::movegen::{castling_rights, sh, Ctx, RIDERS};
use super::sink::{Counter, Sink};
use super::tables::{bit, positive, CENTRAL, EDGE, FILE_I, FILE_Z, RANK, T, VALID};
use super::{JkKind, JkMoves, JumpingKnights};
use crate::attacks::wide;
use crate::rules::Rules;
use crate::types::{squares, Color, Square};

/// One unit's moves on the parent's board.
#[derive(Clone, Copy, Debug, Default)]
struct Unit {
    /// Its square.
    sq: u8,
    /// Its kind: an index in [`RIDERS`], or [`WAR_MACHINE`].
    kind: u8,
    /// How many moves it has (legal when none of them needs a test).
    count: u32,
}

impl Unit {
    /// Its moves in the child `c`, generated.
    #[inline(always)]
    fn generate<S: Sink>(&self, c: &Ctx, sink: &mut S) {
        let sq = Square(self.sq);
        if self.kind == WAR_MACHINE {
            c.war_machine(sq, sink);
        } else {
            c.rider_of(RIDERS[usize::from(self.kind)], sq, sink);
        }
    }

    /// Its kind of unit.
    #[inline(always)]
    fn kind(&self) -> JkKind {
        if self.kind == WAR_MACHINE {
            JkKind::WarMachine
        } else {
            RIDERS[usize::from(self.kind)]
        }
    }
}

/// [`Unit::kind`] of a War Machine.
const WAR_MACHINE: u8 = RIDERS.len() as u8;

/// A unit's count and the squares it depends on.
struct Counted {
    count: u32,
    /// The squares whose contents the count depends on (module docs).
    zone: u128,
    /// The units it may jump.
    jumps: u128,
    /// Its capture landings (empty squares).
    lands: u128,
    /// Its non-capturing destinations.
    quiets: u128,
}

/// A rider's reach and captures, line by line.
#[derive(Default)]
struct Reach {
    /// The squares up to and including the first unit of each line.
    reach: u128,
    zone: u128,
    jumps: u128,
    /// The empty landing squares beyond the victims.
    lands: u128,
}

/// [`KingDest::victim`] of a step.
const NO_VICTIM: u8 = u8::MAX;

/// One destination of the replier's king on the parent's board ([`Parent::king`]).
#[derive(Clone, Copy, Default)]
struct KingDest {
    /// The squares its test reads ([`lines`]).
    zone: u128,
    to: u8,
    /// The unit it jumps, or [`NO_VICTIM`].
    victim: u8,
    /// Whether the king is safe there.
    ok: bool,
}

/// The replier king's steps and captures on the parent's board ([`Parent::king`]).
struct KingCount {
    count: u32,
    /// The squares `count` depends on.
    zone: u128,
    /// The part of `zone` that fixes the candidates: the king's square, its neighbours and
    /// the landing squares beyond them.
    base: u128,
    /// At most 8 steps and 8 captures.
    dests: [KingDest; 16],
    len: usize,
}

/// The replier's pawns on the parent's board ([`Parent::pawns`]).
struct PawnCount {
    count: u32,
    zone: u128,
    exposed: u128,
}

/// The parent's board as the replying side sees it.
struct Parent {
    occ: u128,
    empty: u128,
    /// The units the replier may jump: the mover's, without its king.
    victims: u128,
}

impl Parent {
    /// Adds the line from `f` in direction `D` to `acc`.
    #[inline(always)]
    fn line<const D: usize>(&self, f: usize, acc: &mut Reach) {
        let ray = T.ray[f][D].0;
        let r = wide::slide(ray, self.occ, positive(D));
        acc.reach |= r;
        let v = r & self.victims;
        if v != 0 {
            // The landing squares: beyond the victim up to the next unit (section 4).
            let beyond = wide::slide(ray, self.occ ^ v, positive(D)) & !r;
            acc.zone |= beyond;
            acc.jumps |= v;
            acc.lands |= beyond & self.empty;
        }
    }

    #[inline(always)]
    fn orthogonal(&self, f: usize, acc: &mut Reach) {
        self.line::<0>(f, acc);
        self.line::<2>(f, acc);
        self.line::<4>(f, acc);
        self.line::<6>(f, acc);
    }

    #[inline(always)]
    fn diagonal(&self, f: usize, acc: &mut Reach) {
        self.line::<1>(f, acc);
        self.line::<3>(f, acc);
        self.line::<5>(f, acc);
        self.line::<7>(f, acc);
    }

    #[inline(always)]
    fn knight_lines(&self, f: usize, acc: &mut Reach) {
        self.line::<8>(f, acc);
        self.line::<9>(f, acc);
        self.line::<10>(f, acc);
        self.line::<11>(f, acc);
        self.line::<12>(f, acc);
        self.line::<13>(f, acc);
        self.line::<14>(f, acc);
        self.line::<15>(f, acc);
    }

    /// The rider of `RIDERS[kind]` on `sq`.
    fn rider(&self, kind: usize, sq: Square) -> Counted {
        let f = sq.idx();
        let mut a = Reach::default();
        match RIDERS[kind] {
            JkKind::Nightrider => self.knight_lines(f, &mut a),
            JkKind::Bishop => self.diagonal(f, &mut a),
            JkKind::Rook => self.orthogonal(f, &mut a),
            _ => {
                self.orthogonal(f, &mut a);
                self.diagonal(f, &mut a);
            }
        }
        let quiets = a.reach & self.empty & CENTRAL;
        // A line's landings lie beyond its first unit, so no two lines share one.
        let count = quiets.count_ones() + a.lands.count_ones();
        Counted { count, zone: a.reach | a.zone, jumps: a.jumps, lands: a.lands, quiets }
    }

    /// The replier's king on `k`: how many steps and captures it has (castling aside), each
    /// tested against `army` (the mover's units) as [`Ctx::king_moves`] tests them, and the
    /// **zone**, the squares that number depends on: the king's square and neighbours (its
    /// candidate steps and victims), the landing square beyond each victim, and for each
    /// destination `t` the squares [`Army::captures`] reads ([`lines`], JK-4). A move changes
    /// the occupancy of every square whose contents it changes (a capture lands on an empty
    /// square, section 4; castling moves king and rook onto empty squares), so in a child whose
    /// occupancy on the zone is the parent's, the king has the same candidates with the same
    /// answers.
    ///
    /// Per destination, its answer and its own part of the zone are kept as well: where only
    /// those parts changed (not the king's square, neighbours or landing squares, `base`), the
    /// candidates are the same and only the destinations whose part changed are tested again.
    ///
    /// Written into `kc` (blank), where it is kept: no copy of the destinations.
    #[inline(always)]
    fn king(&self, k: Square, army: &Army, kc: &mut KingCount) {
        let ki = k.idx();
        let nbr = T.king_nbr[ki].0;
        let without = self.occ ^ bit(k.0);
        kc.base = nbr | bit(k.0);
        let mut dest = |t: u8, victim: u8, occ: u128| {
            let zone = lines(usize::from(t), occ);
            let ok = !army.captures(Square(t), occ);
            kc.zone |= zone;
            kc.count += u32::from(ok);
            kc.dests[kc.len] = KingDest { zone, to: t, victim, ok };
            kc.len += 1;
        };
        for t in squares(nbr & self.empty & CENTRAL) {
            dest(t.0, NO_VICTIM, without | bit(t.0));
        }
        let mut landings = 0;
        for d in 0..8 {
            let v = T.step[ki][d];
            if self.victims & bit(v) != 0 {
                let l = T.step[usize::from(v)][d];
                landings |= bit(l);
                if self.empty & bit(l) != 0 {
                    dest(l, v, without ^ bit(v) | bit(l));
                }
            }
        }
        kc.base |= landings;
        kc.zone |= kc.base;
    }

    /// The replier's (`by`'s) pawns `pawns`, counted as [`Ctx::pawn_moves`] counts them when
    /// none of them and none of their victims is sensitive and there is no e.p. square: their
    /// number of moves (a promotion counts 5), the **zone** (the pawns' squares, the squares
    /// 1 and 2 ahead, the diagonal victims' squares and the landing squares beyond them) and
    /// the units whose sensitivity would call for the tests (the pawns and their victims).
    fn pawns(&self, pawns: u128, by: Color) -> PawnCount {
        let white = by == Color::White;
        let fwd: i8 = if white { 10 } else { -10 };
        let promo_step = if white { RANK[8] } else { RANK[1] };
        let promo_any = if white { RANK[8] | RANK[9] } else { RANK[1] | RANK[0] };
        let third = if white { RANK[3] } else { RANK[6] };
        let target = self.empty & CENTRAL;
        let ahead = sh(pawns, fwd);
        let single = ahead & target;
        let double = sh(single & third, fwd) & target;
        let mut count = (single & !promo_step).count_ones()
            + 5 * (single & promo_step).count_ones()
            + double.count_ones();
        let mut zone = pawns | ahead | sh(ahead & third, fwd);
        let mut exposed = pawns;
        for (dd, wrap) in [(fwd + 1, FILE_I), (fwd - 1, FILE_Z)] {
            let diag = sh(pawns & !wrap, dd);
            let beyond = sh(diag & !wrap, dd);
            zone |= diag | beyond;
            let v = diag & self.victims;
            exposed |= v;
            let land = sh(v & !wrap, dd) & self.empty;
            count += (land & !promo_any).count_ones() + 5 * (land & promo_any).count_ones();
        }
        PawnCount { count, zone, exposed }
    }

    /// The War Machine on `sq`: 1-steps and 3-jumps, and the captures over a unit 1 or 3 away
    /// landing 1 or 3 beyond it (section 4, JK-2).
    fn war_machine(&self, sq: Square) -> Counted {
        let f = sq.idx();
        let ring = T.wm_ring[f].0;
        let quiets = ring & self.empty & CENTRAL;
        let mut c = Counted { count: quiets.count_ones(), zone: ring, jumps: 0, lands: 0, quiets };
        for d in ORTH {
            for v in [T.step[f][d], T.step3[f][d]] {
                if self.victims & bit(v) != 0 {
                    let vi = usize::from(v);
                    let beyond = bit(T.step[vi][d]) | bit(T.step3[vi][d]);
                    c.zone |= beyond;
                    c.jumps |= bit(v);
                    c.count += (beyond & self.empty).count_ones();
                    c.lands |= beyond & self.empty;
                }
            }
        }
        c
    }
}

/// The squares [`Army::captures`] reads to tell whether a unit on `t` could be captured, with
/// occupancy `occ`: `t`, every line of `t` up to and including its first unit (the square
/// beyond `t`, where a capture of it would land, is the first of the opposite line; a king or
/// pawn capturing it stands first on a compass line), and the War Machine squares 1 and 3 away
/// (JK-2). A unit beyond a line's first unit cannot capture along that line.
fn lines(t: usize, occ: u128) -> u128 {
    let mut zone = T.wm_ring[t].0 | bit(t as u8);
    for d in 0..16 {
        zone |= wide::slide(T.ray[t][d].0, occ, positive(d));
    }
    zone
}

/// The replier's riders and War Machines on the parent's board, with, per square, the units
/// whose counts it can change.
struct Cache {
    board: Parent,
    units: [Unit; 16],
    len: usize,
    /// The sum of the units' counts.
    total: u64,
    /// `split[0][i] | split[1][i] << 64`: the square of `units[i]` and its zone (module
    /// docs); `split[2][i] | split[3][i] << 64`: `exposed[i]`. In 64-bit halves and over all
    /// 16 entries (the unused ones empty), so that [`Cache::dirty`] tests four units per
    /// vector instruction.
    split: [[u64; 16]; 4],
    /// Every square of `touch`.
    touched: u128,
    /// `exposed[i]`: the square of `units[i]` and the units it may jump; its count
    /// holds only while none of them is sensitive.
    exposed: [u128; 16],
    /// Every square of `exposed`.
    exposing: u128,
    /// `dests[i]`: where the moves of `units[i]` land (quiet destinations and capture
    /// landings), when no two of its moves share one (bit `i` of `exact`). A rider's
    /// landings lie beyond the first unit of their line, each line's own; a War Machine may
    /// reach one landing over two victims (a 1-step then a 3-jump, or a 3-jump then a
    /// 1-step).
    dests: [u128; 16],
    exact: u16,
    /// `rule4[i]`: the capture landings of `units[i]` that satisfy Rule 4 (on a central square,
    /// the unit on an edge one).
    rule4: [u128; 16],
    /// The units on an edge square with a capture landing on a central one (Rule 4's trigger,
    /// JK-5), as known from the parent: it holds in a child where the unit is not dirty.
    central: u16,
    /// The replier king's steps and captures on the parent's board ([`Parent::king`]): their
    /// number, and the squares it depends on.
    king_count: u32,
    king_zone: u128,
    /// The rest of [`Parent::king`]'s answer.
    king: KingCount,
    /// The replier's pawns on the parent's board ([`Parent::pawns`]).
    pawns: PawnCount,
    /// The replier king's sensitive squares on the parent's board (`Ctx::sens`), and the
    /// squares they depend on: the king's 16 lines, its neighbours and the War Machine
    /// squares 1 and 3 away (what `Ctx::analyse` reads; the move adds none of the replier's
    /// units and takes away none of the mover's). Everything when the replier is in check
    /// there (never, in a legal position), so that no child uses them.
    sens: u128,
    calm: u128,
}

impl Cache {
    /// Whether the replier's riders and War Machines fit in the cache (more than 16 only in a
    /// set-up position with more than 16 units on a side).
    #[inline(always)]
    fn fits(pos: &JumpingKnights) -> bool {
        let b = &pos.board;
        let units = b.kind(JkKind::Nightrider).0
            | b.kind(JkKind::Bishop).0
            | b.kind(JkKind::Rook).0
            | b.kind(JkKind::Queen).0
            | b.kind(JkKind::WarMachine).0;
        (units & b.color(!pos.core.turn).0).count_ones() <= 16
    }

    /// The cache of `pos` ([`Cache::fits`] holds). Built where it is kept (inlined, no `Option`
    /// to move it out of), and so are the king's destinations: copying them per depth-2 node cost
    /// about 0.8% of perft.
    #[inline(always)]
    fn new(pos: &JumpingKnights) -> Cache {
        let b = &pos.board;
        let (mover, replier) = (pos.core.turn, !pos.core.turn);
        let occ = b.occupied().0;
        let board = Parent {
            occ,
            empty: VALID & !occ,
            victims: b.color(mover).0 & !b.kind(JkKind::King).0,
        };
        let pawns = board.pawns(b.pieces(JkKind::Pawn, replier).0, replier);
        let (sens, calm) = {
            let c = Ctx::for_side(pos, replier);
            let k = pos.king(replier).idx();
            let lines = T.orth_lines[k].0 | T.diag_lines[k].0 | T.knight_lines[k].0;
            (c.sens, if c.in_check { !0 } else { lines | T.king_nbr[k].0 | T.wm_ring[k].0 })
        };
        let mut c = Cache {
            board,
            units: [Unit::default(); 16],
            len: 0,
            total: 0,
            split: [[0; 16]; 4],
            touched: 0,
            exposed: [0; 16],
            exposing: 0,
            dests: [0; 16],
            exact: 0,
            rule4: [0; 16],
            central: 0,
            king_count: 0,
            king_zone: 0,
            king: KingCount {
                count: 0,
                zone: 0,
                base: 0,
                dests: [KingDest::default(); 16],
                len: 0,
            },
            pawns,
            sens,
            calm,
        };
        c.board.king(pos.king(replier), &Army::of(b, mover), &mut c.king);
        (c.king_count, c.king_zone) = (c.king.count, c.king.zone);
        for (k, kind) in RIDERS.iter().enumerate() {
            for sq in squares(b.pieces(*kind, replier).0) {
                let counted = c.board.rider(k, sq);
                c.add(sq, k as u8, counted);
            }
        }
        for sq in squares(b.pieces(JkKind::WarMachine, replier).0) {
            let counted = c.board.war_machine(sq);
            c.add(sq, WAR_MACHINE, counted);
        }
        c
    }

    fn add(&mut self, sq: Square, kind: u8, c: Counted) {
        let i = self.len;
        self.units[i] = Unit { sq: sq.0, kind, count: c.count };
        self.len += 1;
        self.total += u64::from(c.count);
        let at = bit(sq.0);
        let (touch, exposed) = (c.zone | at, c.jumps | at);
        self.touched |= touch;
        self.exposed[i] = exposed;
        self.split[0][i] = touch as u64;
        self.split[1][i] = (touch >> 64) as u64;
        self.split[2][i] = exposed as u64;
        self.split[3][i] = (exposed >> 64) as u64;
        self.exposing |= c.jumps | at;
        self.dests[i] = c.quiets | c.lands;
        if self.dests[i].count_ones() == c.count {
            self.exact |= 1 << i;
        }
        if at & EDGE != 0 {
            self.rule4[i] = c.lands & CENTRAL;
            if c.lands & CENTRAL != 0 {
                self.central |= 1 << i;
            }
        }
    }

    /// The number of legal moves in `pos`, a child of the parent (Rule 4 applied).
    fn count(&self, pos: &JumpingKnights) -> u64 {
        let b = &pos.board;
        let changed = self.board.occ ^ b.occupied().0;
        if changed & self.calm == 0 {
            if let Some(n) = self.count_calm(pos, changed) {
                return n;
            }
        }
        let c = Ctx::new(pos);
        let mut n = Counter(0);
        if c.in_check {
            if c.rule4() {
                c.all(&mut Rule4Filter::new(pos, &mut n));
            } else {
                c.all(&mut n);
            }
            return n.0;
        }
        let dirty = self.dirty(c.sens, changed);
        if self.rule4_binds(&c, pos, dirty) {
            self.rule4(&c, pos, dirty, &mut n);
            return n.0;
        }
        let king_changed = changed & self.king_zone;
        if king_changed == 0 {
            n.0 += u64::from(self.king_count);
        } else if king_changed & self.king.base == 0 {
            let k = pos.king(pos.core.turn);
            for d in &self.king.dests[..self.king.len] {
                n.0 += u64::from(if d.zone & changed == 0 {
                    d.ok
                } else {
                    let victim = (d.victim != NO_VICTIM).then_some(Square(d.victim));
                    c.safe(k, Square(d.to), victim)
                });
            }
        } else {
            c.king_moves(&mut n);
        }
        let p = &self.pawns;
        if (changed & p.zone) | (c.sens & p.exposed) == 0 && pos.core.ep.is_none() {
            n.0 += u64::from(p.count);
        } else {
            c.pawn_moves(&mut n);
        }
        n.0 += self.total;
        let mut left = dirty;
        while left != 0 {
            let u = self.units[left.trailing_zeros() as usize];
            left &= left - 1;
            n.0 -= u64::from(u.count);
            if c.own & bit(u.sq) != 0 {
                u.generate(&c, &mut n);
            } // else jumped by the move
        }
        c.castling(&mut n);
        n.0
    }

    /// [`Cache::count`] without a generator context, in a child whose move changed no
    /// square the replier king's sensitive squares depend on (`calm`: they are the parent's
    /// and the king is not in check), when the stored counts answer everything: no unit is
    /// dirty, Rule 4 does not bind (no cached unit triggers it and no pawn or king stands on
    /// an edge square), the king's and the pawns' counts hold and no castling passes the
    /// first test. `None` otherwise.
    #[inline(always)]
    fn count_calm(&self, pos: &JumpingKnights, changed: u128) -> Option<u64> {
        let b = &pos.board;
        let us = pos.core.turn;
        let p = &self.pawns;
        if self.dirty(self.sens, changed) != 0
            || (changed & (self.king_zone | p.zone)) | (self.sens & p.exposed) != 0
            || pos.core.ep.is_some()
        {
            return None;
        }
        let edge_units = b.color(us).0 & EDGE;
        if edge_units != 0
            && (self.central != 0
                || (b.kind(JkKind::Pawn).0 | b.kind(JkKind::King).0) & edge_units != 0)
        {
            return None;
        }
        if castling_rights(pos, b.occupied().0) != 0 {
            return None;
        }
        Some(self.total + u64::from(self.king_count) + u64::from(p.count))
    }

    /// Whether Rule 4 binds in the child `c` (not in check): [`Ctx::rule4`], with the cached
    /// units that are not dirty answered from the parent (their moves are those counted there,
    /// all legal).
    #[inline(always)]
    fn rule4_binds(&self, c: &Ctx, pos: &JumpingKnights, dirty: u16) -> bool {
        let edge_units = c.own & EDGE;
        if edge_units == 0 {
            return false;
        }
        if self.central & !dirty != 0 {
            return true;
        }
        let mut left = dirty;
        while left != 0 {
            let u = self.units[left.trailing_zeros() as usize];
            left &= left - 1;
            if edge_units & bit(u.sq) != 0 && c.central_capture(Square(u.sq), u.kind()) {
                return true;
            }
        }
        let b = &pos.board;
        let others = (b.kind(JkKind::Pawn).0 | b.kind(JkKind::King).0) & edge_units;
        squares(others).any(|sq| c.central_capture(sq, b.kind_at(sq).expect("unit")))
    }

    /// The units whose stored counts do not hold in a child with the sensitive squares `sens`
    /// whose move changed the occupancy of `changed`: a unit of their zone changed, or a
    /// unit they stand on or may jump is sensitive. (The jumpable units change only where
    /// the occupancy does: the mover's units move to empty squares, the replier's are taken.)
    #[inline(always)]
    fn dirty(&self, sens: u128, changed: u128) -> u16 {
        let (changed, sens) = (changed & self.touched, sens & self.exposing);
        if changed | sens == 0 {
            return 0;
        }
        let q = [changed as u64, (changed >> 64) as u64, sens as u64, (sens >> 64) as u64];
        let s = &self.split;
        let hit = |i: usize| {
            (s[0][i] & q[0]) | (s[1][i] & q[1]) | (s[2][i] & q[2]) | (s[3][i] & q[3]) != 0
        };
        let mut dirty = 0u16;
        for i in 0..8 {
            dirty |= u16::from(hit(i)) << i;
        }
        if self.len > 8 {
            for i in 8..16 {
                dirty |= u16::from(hit(i)) << i;
            }
        }
        dirty
    }

    /// The count when Rule 4 binds in the child `c` (not in check): its captures from the edge
    /// to the centre and its checks. A unit whose moves are known from the parent (it is not
    /// dirty), one to a destination, and that empties no square needing the full test
    /// ([`super::attack::Checks`]) is counted from its destinations: those it gives check
    /// from, and its Rule 4 captures.
    #[inline(never)]
    fn rule4(&self, c: &Ctx, pos: &JumpingKnights, dirty: u16, n: &mut Counter) {
        let mut known = 0;
        let mut f = Rule4Filter::new(pos, n);
        c.head(&mut f);
        for (i, u) in self.units[..self.len].iter().enumerate() {
            if c.own & bit(u.sq) == 0 {
                continue; // jumped by the move
            }
            let checks = f.checks();
            let kind = u.kind();
            if (self.exact & !dirty) & (1 << i) != 0 && self.exposed[i] & checks.full(kind) == 0 {
                let kept = (self.dests[i] & checks.direct(kind)) | self.rule4[i];
                known += u64::from(kept.count_ones());
            } else {
                u.generate(c, &mut f);
            }
        }
        c.castling(&mut f);
        n.0 += known;
    }
}

/// `perft(2)` of `pos`, whose legal moves are `list`.
pub(super) fn count_two(pos: &JumpingKnights, list: &JkMoves) -> u64 {
    if !Cache::fits(pos) {
        return list.iter().map(|&m| pos.after::<false>(m).count_legal()).sum();
    }
    let cache = Cache::new(pos);
    let mut child = *pos;
    let mut n = 0;
    for &m in list.iter() {
        child.apply::<false>(m);
        n += cache.count(&child);
        child.restore(pos);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::super::movegen::Ctx;
    use super::super::sink::Counter;
    use super::super::JkMoves;
    use super::Cache;
    use crate::rules::Rules;

    /// Where the king's zone ([`super::Parent::king`]) saw no change of occupancy, the king has
    /// as many legal steps and captures as counted on the parent's board. Along seeded random
    /// games; a zone missing a square the test reads makes this fail.
    #[test]
    fn the_kings_count_holds_outside_its_zone() {
        let (mut kings, mut moved, mut all) = (0, 0, 0);
        super::super::random_games(
            &super::super::TEST_FENS,
            12,
            60,
            0x5851_f42d_4c95_7f2d,
            |pos| {
                if !Cache::fits(pos) {
                    return;
                }
                let cache = Cache::new(pos);
                let mut list = JkMoves::default();
                pos.legal_moves(&mut list);
                for &m in list.iter() {
                    let child = pos.play(m);
                    let c = Ctx::new(&child);
                    let mut n = Counter(0);
                    c.king_moves(&mut n);
                    all += 1;
                    if (cache.board.occ ^ c.occ) & cache.king_zone == 0 {
                        assert_eq!(u64::from(cache.king_count), n.0, "{m:?} at {}", pos.fen());
                        kings += 1;
                        moved += usize::from(n.0 != 0);
                    }
                }
            },
        );
        assert!(
            kings > 10_000 && moved > 5_000,
            "of {all} children: the king's count held in {kings} ({moved} with king moves)"
        );
    }

    /// `count_two` against the replies counted one by one, along seeded random games from the
    /// test positions (the start, checks, Rule 4, jumps) and one more (the integration tests
    /// compare with the reference generator too).
    #[test]
    fn count_two_equals_the_replies_one_by_one() {
        // After Ra1-a2 Rule 4 binds Black, and the War Machine on g5 gives check on g1 over g4
        // or over g2: two moves, one landing square.
        let two_ways =
            "10/1r1wk3r1/1pq3nbp1/1B3pp3/4p2w2/1b2PPPP2/p1PP1B4/7WR1/1R2K3N1/2W7 w - - 5 32";
        let fens: Vec<&str> = super::super::TEST_FENS.into_iter().chain([two_ways]).collect();
        let mut checked = 0;
        super::super::random_games(&fens, 12, 60, 0x2545_f491_4f6c_dd1d, |pos| {
            crate::variants::testing::assert_count_two(pos);
            checked += 1;
        });
        assert!(checked > 1000, "only {checked} positions");
    }
}
