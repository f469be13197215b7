//! Legal move generation for TamerSpiel.
//!
//! * The enemy's units are grouped by the atoms they attack with ([`Threats`]), so "is this
//!   square attacked" is a handful of table lookups plus rider scans (branch-free u128 rays),
//!   plus the rare Nobleman and Supercav.
//! * Units that might be pinned ("candidates": the only own unit between the royal and an enemy
//!   rider on a line, an own unit on a middle square of an enemy Nobleman's two-step onto the
//!   royal, an own unit on a path of an enemy Supercav's Cavalier move onto the royal) have each
//!   move tested by making it on the bitboards. Every other unit's moves are legal when not in
//!   check; in check they are restricted to capturing the single checker or blocking a rider
//!   (for a Nobleman's or Cavalier's check every move is tested).
//! * Royal moves are tested one by one with the royal removed from the occupancy; castling
//!   follows the rule book's FIDE conditions; the swap (TS-4, TS-5) is generated only in check.
//!
//! The same code lists moves or only counts them, through the [`Sink`] it writes to. When it
//! only counts (perft's leaves), the units needing no test are counted by parts
//! ([`count_free`]): every leap offset once for all the units having it (a shift of the set),
//! rides and lame moves per unit, rides whose first squares are all own units skipped.

use super::tables::{tables, Tables, CAV, DIAG, NOBLE, ORTH, SLIDES, SLIDES_BY_CODE};
use super::{sq, TamerSpiel, TsBoard, TsKind, TsMoves};
use crate::moves::{Move, MoveBuf, MoveKind};
use crate::types::{squares, Color, Geo12x8, Geometry, Square};

/// Where generated moves go.
pub(super) trait Sink {
    /// Normal moves `from` -> each target (no promotion code).
    fn piece_moves(&mut self, from: Square, targets: u128);
    /// Pawn moves to each target from `target - delta`: a target in `last` is a (mandatory)
    /// Dabbabah promotion, a target in `optional` gives two moves (stay a pawn / promote).
    fn pawn_moves(&mut self, targets: u128, delta: i8, optional: u128, last: u128);
    /// A single move.
    fn push(&mut self, m: Move);
    /// Whether the sink only counts (then [`Sink::add`] may stand for moves not listed one by
    /// one, and the order of the moves does not matter).
    const COUNTS: bool = false;
    /// `n` moves at once (only called when [`Sink::COUNTS`]).
    fn add(&mut self, n: u32);
}

/// Lists the moves.
pub(super) struct Lister<'a>(pub &'a mut TsMoves);

/// Only counts them (perft bulk counting).
pub(super) struct Counter(pub u64);

const DABBABAH: u8 = TsKind::Dabbabah as u8;

#[inline(always)]
const fn bit(s: Square) -> u128 {
    1u128 << s.0
}

impl Sink for Lister<'_> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: u128) {
        self.0.push_each(MoveKind::Normal, from, targets);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u128, delta: i8, optional: u128, last: u128) {
        for to in squares(targets) {
            let from = Square((to.0 as i8 - delta) as u8);
            if last & bit(to) != 0 {
                self.0.push(Move::promotion(from, to, DABBABAH));
            } else {
                self.0.push(Move::new(MoveKind::Normal, from, to));
                if optional & bit(to) != 0 {
                    self.0.push(Move::promotion(from, to, DABBABAH));
                }
            }
        }
    }
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }
    #[inline(always)]
    fn add(&mut self, _n: u32) {
        unreachable!("a list is written move by move");
    }
}

impl Sink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: u128) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u128, _delta: i8, optional: u128, _last: u128) {
        self.0 += u64::from(targets.count_ones() + (targets & optional).count_ones());
    }
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
    const COUNTS: bool = true;
    #[inline(always)]
    fn add(&mut self, n: u32) {
        self.0 += u64::from(n);
    }
}

/// The units of one side grouped by how they attack.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Threats {
    /// One orthogonal step: K, T, D, V, G, E, L, S, O.
    w: u128,
    /// One diagonal step: K, T, F, G, E, L, S, O.
    f: u128,
    /// Orthogonal 2-jump: D, L, C.
    d: u128,
    /// Diagonal 2-jump: T, L, C.
    a: u128,
    /// Knight: N, E, C, A, M, W.
    n: u128,
    /// Orthogonal riders: R, M, Q, W.
    orth: u128,
    /// Diagonal riders: B, A, Q, W.
    diag: u128,
    /// Pawns.
    pawns: u128,
    /// Firzans (their backward step).
    fback: u128,
    /// Noblemen (their two-step walk).
    noble: u128,
    /// Supercavs (their Cavalier).
    cav: u128,
    /// Whose units.
    by: Color,
}

impl Threats {
    /// Groups `by`'s units on `b`.
    #[inline(always)]
    pub(crate) fn of(b: &TsBoard, by: Color) -> Threats {
        let k = |kind: TsKind| b.kind(kind).0;
        let c = b.color(by).0;
        let royal = k(TsKind::King) | k(TsKind::Tetrarch);
        let kingish = royal
            | k(TsKind::Guard)
            | k(TsKind::Eagle)
            | k(TsKind::Lion)
            | k(TsKind::Supercav)
            | k(TsKind::Nobleman);
        let r = Riders::of(b, c);
        Threats {
            w: (kingish | k(TsKind::Dabbabah) | k(TsKind::Vizier)) & c,
            f: (kingish | k(TsKind::Firzan)) & c,
            d: (k(TsKind::Dabbabah) | k(TsKind::Lion) | k(TsKind::Champion)) & c,
            a: (k(TsKind::Tetrarch) | k(TsKind::Lion) | k(TsKind::Champion)) & c,
            n: (k(TsKind::Horse)
                | k(TsKind::Eagle)
                | k(TsKind::Champion)
                | k(TsKind::Archbishop)
                | k(TsKind::Marshall)
                | k(TsKind::Warlord))
                & c,
            orth: r.orth,
            diag: r.diag,
            pawns: k(TsKind::Pawn) & c,
            fback: k(TsKind::Firzan) & c,
            noble: r.noble,
            cav: r.cav,
            by,
        }
    }

    /// The units attacking `s` by a leap or a step (every attack but the riders' and the rare
    /// units' lame ones).
    #[inline(always)]
    fn leapers(&self, t: &Tables, s: Square) -> u128 {
        let i = s.idx();
        let c = self.by.index();
        (t.w[i] & self.w)
            | (t.f[i] & self.f)
            | (t.d[i] & self.d)
            | (t.a[i] & self.a)
            | (t.n[i] & self.n)
            | (t.pawn_from[c][i] & self.pawns)
            | (t.fback_from[c][i] & self.fback)
    }

    /// Whether a unit among `alive` attacks `s` with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attacks_alive(&self, t: &Tables, s: Square, occ: u128, alive: u128) -> bool {
        let i = s.idx();
        if self.leapers(t, s) & alive != 0 {
            return true;
        }
        let orth = self.orth & alive;
        if t.orth_reach[i] & orth != 0 && t.rook(s, occ) & orth != 0 {
            return true;
        }
        let diag = self.diag & alive;
        if t.diag_reach[i] & diag != 0 && t.bishop(s, occ) & diag != 0 {
            return true;
        }
        self.rare_attackers(t, s, occ) & alive != 0
    }

    /// Whether a unit attacks `s` with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attacks(&self, t: &Tables, s: Square, occ: u128) -> bool {
        self.attacks_alive(t, s, occ, !0)
    }

    /// Noblemen and Supercavs attacking `s` by their lame parts (their king steps are in `w`
    /// and `f`). Both move shapes are symmetric: the paths from `s` to a unit are the paths
    /// from the unit to `s`, so the table of `s` finds them.
    #[inline(always)]
    fn rare_attackers(&self, t: &Tables, s: Square, occ: u128) -> u128 {
        let mut out = 0;
        if self.noble != 0 {
            out |= t.noble_targets(s, occ) & self.noble;
        }
        if self.cav != 0 {
            out |= t.cav_targets(s, occ) & self.cav;
        }
        out
    }

    /// Every unit attacking `s` with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attackers(&self, t: &Tables, s: Square, occ: u128) -> u128 {
        let i = s.idx();
        let mut out = self.leapers(t, s);
        if t.orth_reach[i] & self.orth != 0 {
            out |= t.rook(s, occ) & self.orth;
        }
        if t.diag_reach[i] & self.diag != 0 {
            out |= t.bishop(s, occ) & self.diag;
        }
        out | self.rare_attackers(t, s, occ)
    }
}

/// The nearest square of `bits` (non-empty) along ray direction `d` (Dir order).
#[inline(always)]
fn nearest(bits: u128, d: usize) -> u128 {
    // Directions n, ne, e, nw run toward higher indices.
    if matches!(d, 0 | 1 | 2 | 7) {
        bits & bits.wrapping_neg()
    } else {
        1u128 << (127 - bits.leading_zeros())
    }
}

/// Own units that might be pinned to the royal on `ksq` (a superset; each of their moves is
/// tested).
#[inline(always)]
fn pin_candidates(t: &Tables, th: &Threats, ksq: Square, occ: u128, own: u128) -> u128 {
    let mut cand = 0;
    let i = ksq.idx();
    for (reach, riders, dirs) in
        [(t.orth_reach[i], th.orth, [0usize, 2, 4, 6]), (t.diag_reach[i], th.diag, [1, 3, 5, 7])]
    {
        if reach & riders == 0 {
            continue;
        }
        for d in dirs {
            let ray = t.rays[i][d];
            if ray & riders == 0 {
                continue;
            }
            let blockers = ray & occ;
            let first = nearest(blockers, d);
            if first & own == 0 {
                continue;
            }
            let rest = blockers & !first;
            if rest != 0 && nearest(rest, d) & riders != 0 {
                cand |= first;
            }
        }
    }
    for o in squares(th.noble) {
        if t.k[i] & bit(o) == 0 {
            cand |= own & t.k[i] & t.k[o.idx()];
        }
    }
    for s in squares(th.cav) {
        if let Some(step) = t.cav_step(s, ksq) {
            cand |= own & (step.paths[0].0 | step.paths[1].0 | step.paths[2].0);
        }
    }
    cand
}

/// Attacks of a non-pawn unit with leaper table `leap` and rider / lame parts `flags` on `s`
/// (any occupancy of the targets; `own`: the unit's side, used only to skip rides that cannot
/// leave `s`).
#[inline(always)]
fn piece_targets(
    t: &Tables,
    leap: &[u128; 96],
    flags: u8,
    s: Square,
    occ: u128,
    own: u128,
) -> u128 {
    let i = s.idx();
    let mut tg = leap[i];
    if flags != 0 {
        // A ride whose every first square is an own unit or a hole reaches nothing a move
        // could land on (the empty-board step tables `w` and `f` are those first squares).
        if flags & ORTH != 0 && t.w[i] & !own != 0 {
            tg |= t.rook(s, occ);
        }
        if flags & DIAG != 0 && t.f[i] & !own != 0 {
            tg |= t.bishop(s, occ);
        }
        if flags & (NOBLE | CAV) != 0 {
            if flags & NOBLE != 0 {
                tg |= t.noble_targets(s, occ);
            } else {
                tg |= t.cav_targets(s, occ);
            }
        }
    }
    tg
}

/// Squares of the files from which a step `dx` files to the side stays on the board
/// (`FILE_OK[dx + 2]`).
const FILE_OK: [u128; 5] = {
    let mut t = [0u128; 5];
    let mut k = 0;
    while k < 5 {
        let dx = k as i32 - 2;
        let mut sq: i32 = 0;
        while sq < 96 {
            let f = sq % 12 + dx;
            if f >= 0 && f < 12 {
                t[k] |= 1u128 << sq;
            }
            sq += 1;
        }
        k += 1;
    }
    t
};

/// Where the units `set` land by a leap of (`dx`, `dy`) (files, ranks; at most 2 files),
/// shifted at once; a landing square beyond the last rank or on a hole is left for the caller
/// to mask off.
#[inline(always)]
fn leap_shift(set: u128, dx: i32, dy: i32) -> u128 {
    let src = set & FILE_OK[(dx + 2) as usize];
    let delta = dx + 12 * dy;
    if delta >= 0 {
        src << delta
    } else {
        src >> -delta
    }
}

/// How many of the units `set` have their leap by (`dx`, `dy`) land on `allowed` (a subset of
/// the existing squares).
#[inline(always)]
fn leap_count(set: u128, dx: i32, dy: i32, allowed: u128) -> u32 {
    (leap_shift(set, dx, dy) & allowed).count_ones()
}

/// [`leap_count`] summed over the offsets of one atom.
#[inline(always)]
fn atom_count(set: u128, offsets: &[(i32, i32)], allowed: u128) -> u32 {
    if set == 0 {
        return 0;
    }
    offsets.iter().map(|&(dx, dy)| leap_count(set, dx, dy, allowed)).sum()
}

/// The leap offsets of the atoms (§3: W, F, D, A, N).
const W_OFFS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const F_OFFS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const D_OFFS: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
const A_OFFS: [(i32, i32); 4] = [(2, 2), (-2, 2), (2, -2), (-2, -2)];
const N_OFFS: [(i32, i32); 8] =
    [(1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1)];

/// The number of moves of the units `free` (own, not royal, not pawns, needing no test) that
/// land on `allowed`, counted by parts without listing them. Every unit's moves split into
/// disjoint parts (§3): leaps by the atoms W, F, D, A, N (distinct offsets; the Firzan's step
/// back too), orthogonal and diagonal rides, the Nobleman's two-step and the Cavalier (beyond
/// the king step). The leaps are counted per offset for all the units having it at once (each
/// (unit, offset) landing on `allowed` is one move); rides and lame moves per unit.
#[inline(always)]
fn count_free(g: &Gen, b: &TsBoard, us: Color, free: u128, allowed: u128) -> u32 {
    let k = |kind: TsKind| b.kind(kind).0 & free;
    let (dab, fir, viz, grd) =
        (k(TsKind::Dabbabah), k(TsKind::Firzan), k(TsKind::Vizier), k(TsKind::Guard));
    let (hor, eag, lio, cha) =
        (k(TsKind::Horse), k(TsKind::Eagle), k(TsKind::Lion), k(TsKind::Champion));
    let (arc, mar, war) = (k(TsKind::Archbishop), k(TsKind::Marshall), k(TsKind::Warlord));
    let riders = Riders::of(b, g.own);
    let (nob, cav) = (riders.noble & free, riders.cav & free);
    let kingish = grd | eag | lio | nob | cav;
    let mut n = atom_count(kingish | dab | viz, &W_OFFS, allowed)
        + atom_count(kingish | fir, &F_OFFS, allowed)
        + atom_count(dab | lio | cha, &D_OFFS, allowed)
        + atom_count(lio | cha, &A_OFFS, allowed)
        + atom_count(hor | eag | cha | arc | mar | war, &N_OFFS, allowed);
    // The Firzan's step straight backward.
    n += if us == Color::White {
        leap_count(fir, 0, -1, allowed)
    } else {
        leap_count(fir, 0, 1, allowed)
    };
    n + count_rides(g, &riders, free, allowed)
}

/// Side `own`'s units by the parts of their moves (and attacks: [`Threats`]) that depend on the
/// occupancy.
#[derive(Clone, Copy, Debug)]
pub(super) struct Riders {
    /// Orthogonal riders: R, M, Q, W.
    orth: u128,
    /// Diagonal riders: B, A, Q, W.
    diag: u128,
    /// Noblemen (their two-step walk).
    noble: u128,
    /// Supercavs (their Cavalier).
    cav: u128,
}

impl Riders {
    #[inline(always)]
    fn of(b: &TsBoard, own: u128) -> Riders {
        let k = |kind: TsKind| b.kind(kind).0;
        let q = k(TsKind::Queen) | k(TsKind::Warlord);
        Riders {
            orth: (k(TsKind::Rook) | k(TsKind::Marshall) | q) & own,
            diag: (k(TsKind::Bishop) | k(TsKind::Archbishop) | q) & own,
            noble: k(TsKind::Nobleman) & own,
            cav: k(TsKind::Supercav) & own,
        }
    }
}

/// The moves of the units `free` among `r` by rides and lame parts that land on `allowed`,
/// counted per unit. A ride whose every first square is an own unit or a hole reaches nothing
/// a move could land on (the empty-board step tables `w` and `f` are those first squares).
#[inline(always)]
fn count_rides(g: &Gen, r: &Riders, free: u128, allowed: u128) -> u32 {
    let t = g.t;
    let mut n = 0;
    for s in squares(r.orth & free) {
        if t.w[s.idx()] & !g.own != 0 {
            n += (t.rook(s, g.occ) & allowed).count_ones();
        }
    }
    for s in squares(r.diag & free) {
        if t.f[s.idx()] & !g.own != 0 {
            n += (t.bishop(s, g.occ) & allowed).count_ones();
        }
    }
    for s in squares(r.noble & free) {
        n += (t.noble_targets(s, g.occ) & allowed).count_ones();
    }
    for s in squares(r.cav & free) {
        n += (t.cav_targets(s, g.occ) & allowed).count_ones();
    }
    n
}

/// What a position knows about the units of the side not to move, shared by the positions after
/// each of its moves (perft's last two plies, [`crate::rules::Rules::count_two`]): in such a
/// child that side moves, and while the move captured none of its units its leaps land where
/// they did (a leap needs only a square not its own) and its riders stand where they stood.
pub(super) struct Replier {
    /// The replier's units.
    own: u128,
    /// Its non-royal units' leaps onto squares not its own, per square (0 elsewhere).
    leaps: [u8; 96],
    /// Their sum.
    total: u32,
    riders: Riders,
}

impl Replier {
    /// The side not to move in `pos`.
    #[inline(always)]
    pub(super) fn of(pos: &TamerSpiel) -> Replier {
        let t = tables();
        let b = &pos.board;
        let them = !pos.core.turn;
        let own = b.color(them).0;
        let allowed = !own & Geo12x8::VALID_BITS;
        let pieces = own & !b.kind(TsKind::Pawn).0 & !bit(pos.royal(them));
        let mut leaps = [0u8; 96];
        let mut total = 0;
        for s in squares(pieces) {
            let n = (t.leap[usize::from(b.code_at(s))][s.idx()] & allowed).count_ones();
            leaps[s.idx()] = n as u8;
            total += n;
        }
        Replier { own, leaps, total, riders: Riders::of(b, own) }
    }

    /// [`count_free`] of the side to move in a child of the position this was taken from, if
    /// that child allows the shortcut: none of the side's units captured, not in check (so
    /// `free` is every non-royal unit but the pin candidates `cand`).
    #[inline(always)]
    fn count_free(&self, g: &Gen, pieces: u128, allowed: u128) -> Option<u32> {
        if self.own != g.own || g.mask != Geo12x8::VALID_BITS {
            return None;
        }
        let mut n = self.total;
        for s in squares(pieces & g.cand) {
            n -= u32::from(self.leaps[s.idx()]);
        }
        Some(n + count_rides(g, &self.riders, pieces & !g.cand, allowed))
    }
}

const FILE_A: u128 = 1 | 1 << 84;
const FILE_L: u128 = 1 << 11 | 1 << 95;
const RANK_1: u128 = 0xfff;
const RANK_8: u128 = 0xfff << 84;

/// Pawn geometry of one colour: (push delta, capture-east delta, capture-west delta, last rank,
/// optional b/k-file squares).
#[inline(always)]
const fn pawn_geometry(us: Color) -> (i8, i8, i8, u128, u128) {
    match us {
        // b7 = 73, k7 = 82.
        Color::White => (12, 13, 11, RANK_8, 1 << 73 | 1 << 82),
        // b2 = 13, k2 = 22.
        Color::Black => (-12, -11, -13, RANK_1, 1 << 13 | 1 << 22),
    }
}

#[inline(always)]
fn shift(bb: u128, delta: i8) -> u128 {
    if delta >= 0 {
        bb << delta
    } else {
        bb >> -delta
    }
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub(super) fn generate<S: Sink>(pos: &TamerSpiel, sink: &mut S, replier: Option<&Replier>) {
    let t = tables();
    let b = &pos.board;
    let us = pos.core.turn;
    let them = !us;
    let own = b.color(us).0;
    let occ = own | b.color(them).0;
    let ksq = pos.royal(us);
    let th = Threats::of(b, them);
    let checkers = th.attackers(t, ksq, occ);
    royal_moves(t, pos, &th, ksq, occ, sink);

    let pawns = b.kind(TsKind::Pawn).0 & own;
    let pieces = own & !pawns & !bit(ksq);
    let mut mask = Geo12x8::VALID_BITS;
    let mut test_all = false;
    if checkers != 0 {
        swaps(t, pos, &th, ksq, pieces, occ, sink);
        (mask, test_all) = check_mask(t, b, ksq, checkers);
        if mask == 0 {
            return;
        }
    } else if pos.core.castling != 0 {
        castling(t, pos, &th, occ, sink);
    }
    let cand = if test_all { own } else { pin_candidates(t, &th, ksq, occ, own) };
    let g = Gen { t, th: &th, ksq, own, occ, mask, cand, replier };
    piece_moves(&g, b, us, pieces, sink);
    // One copy of the pawn code per colour, so that its shifts are constants.
    if us == Color::White {
        pawn_moves(&g, b.color(them).0, pawns, Color::White, sink);
    } else {
        pawn_moves(&g, b.color(them).0, pawns, Color::Black, sink);
    }
}

/// What [`generate`] hands to its parts.
struct Gen<'a> {
    t: &'a Tables,
    th: &'a Threats,
    /// The own royal's square.
    ksq: Square,
    /// Own units.
    own: u128,
    /// All units.
    occ: u128,
    /// Where a non-royal move may land (all squares unless in check).
    mask: u128,
    /// Units whose moves are tested one by one (possibly pinned, or every unit).
    cand: u128,
    /// What the parent position knew of this side's units (perft's leaves), if anything.
    replier: Option<&'a Replier>,
}

impl Gen<'_> {
    /// Whether moving the unit `from` -> `to` leaves the own royal safe.
    #[inline(always)]
    fn legal_after(&self, from: Square, to: Square) -> bool {
        let occ2 = (self.occ & !bit(from)) | bit(to);
        !self.th.attacks_alive(self.t, self.ksq, occ2, !bit(to))
    }
}

/// Royal moves: each destination tested with the royal lifted off the board (riders see
/// through its start square).
#[inline(always)]
fn royal_moves<S: Sink>(
    t: &Tables,
    pos: &TamerSpiel,
    th: &Threats,
    ksq: Square,
    occ: u128,
    sink: &mut S,
) {
    let own = pos.board.color(pos.core.turn).0;
    let occ_nok = occ & !bit(ksq);
    let mut safe = 0u128;
    let mut targets = t.leap[usize::from(pos.board.code_at(ksq))][ksq.idx()] & !own;
    while targets != 0 {
        let to_bit = targets & targets.wrapping_neg();
        targets ^= to_bit;
        if !th.attacks(t, Square(to_bit.trailing_zeros() as u8), occ_nok) {
            safe |= to_bit;
        }
    }
    sink.piece_moves(ksq, safe);
}

/// The swap (TS-4, TS-5), in check only: with a non-pawn piece whose square is not attacked.
/// The occupancy does not change, so "not attacked" is exactly "not into check".
#[inline(always)]
fn swaps<S: Sink>(
    t: &Tables,
    pos: &TamerSpiel,
    th: &Threats,
    ksq: Square,
    pieces: u128,
    occ: u128,
    sink: &mut S,
) {
    if pos.swap & pos.core.turn.select(super::SWAP_WHITE, super::SWAP_BLACK) != 0 {
        for p in squares(pieces) {
            if !th.attacks(t, p, occ) {
                sink.push(Move::new(MoveKind::Swap, ksq, p));
            }
        }
    }
}

/// In check: where a non-royal move may land, and whether every move must be tested. A move
/// resolves a check only by landing on the checker or on its path, so it must land on a square
/// common to every checker's "capture or block" set. Unlike in chess a double check can be
/// blocked: a Cavalier path or a Nobleman's middle square can lie on a rider's line. With a
/// lame checker or several checkers every move is tested.
#[inline(always)]
fn check_mask(t: &Tables, b: &TsBoard, ksq: Square, checkers: u128) -> (u128, bool) {
    let mut mask = Geo12x8::VALID_BITS;
    let mut test_all = checkers & (checkers - 1) != 0;
    for c in squares(checkers) {
        let flags = SLIDES[b.kind_at(c).expect("checker") as usize];
        let mut resolve = bit(c);
        if flags & (ORTH | DIAG) != 0 {
            resolve |= t.between(ksq, c);
        } else if flags & NOBLE != 0 && t.k[ksq.idx()] & bit(c) == 0 {
            resolve |= t.k[ksq.idx()] & t.k[c.idx()];
            test_all = true;
        } else if flags & CAV != 0 {
            if let Some(step) = t.cav_step(c, ksq) {
                resolve |= step.paths[0].0 | step.paths[1].0 | step.paths[2].0;
                test_all = true;
            }
        }
        mask &= resolve;
    }
    (mask, test_all)
}

/// Piece moves: the units that cannot be pinned need no test (when only counting, they are
/// counted by parts, [`count_free`]).
#[inline(always)]
fn piece_moves<S: Sink>(g: &Gen, b: &TsBoard, us: Color, pieces: u128, sink: &mut S) {
    let t = g.t;
    let free = pieces & !g.cand;
    if S::COUNTS {
        let allowed = !g.own & g.mask;
        let n = match g.replier.and_then(|r| r.count_free(g, pieces, allowed)) {
            Some(n) => n,
            None => count_free(g, b, us, free, allowed),
        };
        sink.add(n);
    } else {
        for s in squares(free) {
            let code = usize::from(b.code_at(s));
            let tg = piece_targets(t, &t.leap[code], SLIDES_BY_CODE[code], s, g.occ, g.own);
            sink.piece_moves(s, tg & !g.own & g.mask);
        }
    }
    for s in squares(pieces & g.cand) {
        let code = usize::from(b.code_at(s));
        let tg = piece_targets(t, &t.leap[code], SLIDES_BY_CODE[code], s, g.occ, g.own);
        let mut ok = 0;
        for to in squares(tg & !g.own & g.mask) {
            if g.legal_after(s, to) {
                ok |= bit(to);
            }
        }
        sink.piece_moves(s, ok);
    }
}

/// Pawn moves: the units that cannot be pinned set-wise, the others one by one.
#[inline(always)]
fn pawn_moves<S: Sink>(g: &Gen, enemy: u128, pawns: u128, us: Color, sink: &mut S) {
    let (push, cap_e, cap_w, last, optional) = pawn_geometry(us);
    let empty = !g.occ & Geo12x8::VALID_BITS;
    let mask = g.mask;
    let free = pawns & !g.cand;
    if free != 0 {
        sink.pawn_moves(shift(free, push) & empty & mask, push, optional, last);
        sink.pawn_moves(shift(free & !FILE_L, cap_e) & enemy & mask, cap_e, optional, last);
        sink.pawn_moves(shift(free & !FILE_A, cap_w) & enemy & mask, cap_w, optional, last);
    }
    for s in squares(pawns & g.cand) {
        let one = bit(s);
        for (delta, targets) in [
            (push, shift(one, push) & empty),
            (cap_e, shift(one & !FILE_L, cap_e) & enemy),
            (cap_w, shift(one & !FILE_A, cap_w) & enemy),
        ] {
            let tg = targets & mask;
            if tg != 0 && g.legal_after(s, Square(tg.trailing_zeros() as u8)) {
                sink.pawn_moves(tg, delta, optional, last);
            }
        }
    }
}

/// Squares of one castling: (right bit, king from, king to, squares between king and rook that
/// must be empty, squares the king passes over or lands on).
type CastleSpec = (u8, Square, Square, u128, u128);

const fn span(files: &[u8], rank: u8) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < files.len() {
        m |= 1u128 << (rank as u32 * 12 + files[i] as u32);
        i += 1;
    }
    m
}

/// Files: a=0 b=1 c=2 d=3 e=4 f=5 g=6 h=7 i=8 j=9 k=10 l=11.
const CASTLES: [[CastleSpec; 2]; 2] = [
    [
        // White K g1 -> j1, R l1 -> i1: h1..k1 empty; the king passes h1, i1, lands on j1.
        (super::WHITE_L, sq::G1, sq::J1, span(&[7, 8, 9, 10], 0), span(&[7, 8, 9], 0)),
        // White K g1 -> c1, R a1 -> d1: b1..f1 empty; the king passes f1, e1, d1, lands on c1.
        (super::WHITE_A, sq::G1, sq::C1, span(&[1, 2, 3, 4, 5], 0), span(&[2, 3, 4, 5], 0)),
    ],
    [
        // Black K f8 -> j8, R l8 -> i8: g8..k8 empty; the king passes g8, h8, i8, lands on j8.
        (super::BLACK_L, sq::F8, sq::J8, span(&[6, 7, 8, 9, 10], 7), span(&[6, 7, 8, 9], 7)),
        // Black K f8 -> c8, R a8 -> d8: b8..e8 empty; the king passes e8, d8, lands on c8.
        (super::BLACK_A, sq::F8, sq::C8, span(&[1, 2, 3, 4], 7), span(&[2, 3, 4], 7)),
    ],
];

/// Castling (rule book §6): K g1->j1 with R l1->i1, K g1->c1 with R a1->d1, K f8->c8 with
/// R a8->d8, K f8->j8 with R l8->i8. Every square between king and rook empty; the king (not in
/// check: the caller checks) does not pass over or land on an attacked square, "attacked" read
/// with the king's start square empty and the rook still home (rule book README); and it is not
/// in check once the rook has moved either.
#[inline(always)]
fn castling<S: Sink>(t: &Tables, pos: &TamerSpiel, th: &Threats, occ: u128, sink: &mut S) {
    for &(right, king, to, between, walk) in &CASTLES[pos.core.turn.index()] {
        if pos.core.castling & right == 0 || between & occ != 0 {
            continue;
        }
        let occ_nok = occ & !bit(king);
        if squares(walk).any(|s| th.attacks(t, s, occ_nok)) {
            continue;
        }
        let (rook_from, rook_to) = TamerSpiel::castle_rook(to);
        let occ_after = (occ_nok & !bit(rook_from)) | bit(to) | bit(rook_to);
        if th.attacks(t, to, occ_after) {
            continue;
        }
        sink.push(Move::new(MoveKind::Castle, king, to));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::testing::{assert_count_two, random_games};

    /// The set-wise leaps land where the per-square tables say, from every square.
    #[test]
    fn leap_shifts_match_the_tables() {
        let t = tables();
        let atoms = [
            (&W_OFFS[..], &t.w),
            (&F_OFFS[..], &t.f),
            (&D_OFFS[..], &t.d),
            (&A_OFFS[..], &t.a),
            (&N_OFFS[..], &t.n),
        ];
        for s in Geo12x8::valid() {
            for (offsets, table) in atoms {
                let one = bit(s);
                let got = offsets.iter().fold(0, |acc, &(dx, dy)| acc | leap_shift(one, dx, dy));
                assert_eq!(got & Geo12x8::VALID_BITS, table[s.idx()], "{s:?}");
                let valid = Geo12x8::VALID_BITS;
                let n: u32 = offsets.iter().map(|&(dx, dy)| leap_count(one, dx, dy, valid)).sum();
                assert_eq!(n, table[s.idx()].count_ones(), "{s:?}");
            }
        }
    }

    /// `count_two` (the replier's leaps and riders read once per parent, [`Replier`]) against
    /// the replies counted one by one, along seeded random games from the start and from
    /// positions with pins, checks and captures; both ways of counting must be met often.
    #[test]
    fn count_two_equals_the_replies_one_by_one() {
        use crate::rules::Rules;
        let fens = [
            super::super::START_FEN,
            // Open lines: Queens, Noblemen and Supercavs out, the black king on g6.
            "r1nbl1cebngr/*ppp1vfp1pp*/*3o1k2s1*/*2q7*/*10*/*1S2O2Q2*/*PPP1FVP1PP*/RGNB1CKLBNGR w KQ - 0 1 wb",
            // Few units: a Rook and a Bishop face each other on the d-file and diagonals.
            "4k7/*10*/*10*/*3r6*/*10*/*3B6*/*2W3N3*/6K5 w - - 0 1 wb",
        ];
        let (mut checked, mut shortcut, mut full) = (0, 0, 0);
        random_games(&fens, 12, 80, 0x9e37_79b9_7f4a_7c15, |pos: &TamerSpiel| {
            assert_count_two(pos);
            checked += 1;
            let mut list = TsMoves::default();
            pos.legal_moves(&mut list);
            let replier = Replier::of(pos);
            for &m in list.iter() {
                let child = pos.play(m);
                let reused =
                    replier.own == child.board.color(child.core.turn).0 && !child.is_check();
                shortcut += usize::from(reused);
                full += usize::from(!reused);
            }
        });
        assert!(checked > 1500, "only {checked} positions");
        assert!(shortcut > 10_000 && full > 1_000, "shortcut {shortcut}, full count {full}");
    }
}
