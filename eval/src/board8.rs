//! The 8x8 board's helpers and the terms the four 8x8 evaluations (chess, 8-Piece, PieceEater,
//! Magician) share: mobility and king attack of the orthodox pieces, rooks on open files, the
//! bishop pair, pawn structure, the king's pawn shield, and the piece-square formulas of the
//! orthodox pieces. Each variant gives its own weights (its parameter ids in [`Ids8`]).

use crate::params::{Acc, Params};
use crate::Score;
use movegen::attacks::magic::{tables, Tables8};
use movegen::board::Board;
use movegen::types::{Bitboard, Color, Geo8x8, Geometry, OrthoKind, PieceKind, Square};

/// The a-file.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub(crate) const FILE_H: u64 = FILE_A << 7;

/// The squares of file `f` (0 = a).
pub(crate) fn file_bb(f: u8) -> u64 {
    FILE_A << f
}

/// The files next to file `f`.
pub(crate) fn adjacent_files(f: u8) -> u64 {
    let mut b = 0;
    if f > 0 {
        b |= file_bb(f - 1);
    }
    if f < 7 {
        b |= file_bb(f + 1);
    }
    b
}

/// Squares in front of `sq` (from `c`'s view) on its file and the adjacent files.
pub(crate) fn front_span(c: Color, sq: Square) -> u64 {
    let f = Geo8x8::file(sq);
    let r = Geo8x8::rank(sq);
    let files = file_bb(f) | adjacent_files(f);
    let ahead = match c {
        Color::White if r < 7 => !0u64 << (8 * (r + 1)),
        Color::Black if r > 0 => !0u64 >> (8 * (8 - r)),
        _ => 0,
    };
    files & ahead
}

/// Distance from the centre: 0 on d4/e4/d5/e5 .. 6 in the corners.
pub(crate) const fn center_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if 2 * f - 7 < 0 { 7 - 2 * f } else { 2 * f - 7 };
    let dr = if 2 * r - 7 < 0 { 7 - 2 * r } else { 2 * r - 7 };
    (df + dr) / 2 - 1
}

/// One variant's parameter ids of the shared terms (each the first id of its group).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Ids8 {
    /// `mobility`: knight, bishop, rook, queen (pairs, per safe square beyond [`MOBILITY_BASE`]).
    pub mobility: usize,
    /// `mobility_at.<kind>.<n>` (chess): a per-count residual added to the linear mobility term,
    /// one pair for each safe-square count of the knight (0..=8), bishop (0..=13), rook (0..=14)
    /// and queen (0..=27), in that order from this id ([`MOBILITY_AT`] gives the offsets).
    /// `None`: the linear term alone.
    pub mobility_at: Option<usize>,
    /// `rook_file`: open, half-open (pairs).
    pub rook_file: usize,
    /// `king_attack.weight`: knight, bishop, rook, queen (fixed: units per attacked zone square).
    pub attack_weight: usize,
    /// `king_attack`: quad, lin, quad1, lin1 (pairs: per squared unit in 1/1200 and per unit in
    /// 1/100 with two or more attackers; the same with exactly one attacker).
    pub king_attack: usize,
    /// `bishop_pair` (pair).
    pub bishop_pair: usize,
    /// `passed`: by relative rank 0..8 (pairs).
    pub passed: usize,
    /// `isolated` (pair).
    pub isolated: usize,
    /// `doubled` (pair, per pawn on a file with more than one own pawn).
    pub doubled: usize,
    /// `shield` (pair, per own pawn in front of the king, at most 3).
    pub shield: usize,
}

/// Typical safe-square counts of knight, bishop, rook and queen: mobility scores the
/// difference.
pub(crate) const MOBILITY_BASE: [i32; 4] = [4, 6, 7, 13];
/// Where each kind's per-count mobility residuals start in [`Ids8::mobility_at`]: knight (9
/// counts), bishop (14), rook (15), queen (28).
pub(crate) const MOBILITY_AT: [usize; 4] = [0, 9, 23, 38];
/// King-attack units are capped here before squaring.
const ATTACK_CAP: i32 = 40;

/// Attacks on the enemy king zone, summed over a side's units.
#[derive(Copy, Clone, Debug)]
pub(crate) struct KingAttack {
    /// The enemy king and its neighbours (empty without an enemy king).
    pub zone: u64,
    /// Weighted count of attacked zone squares.
    pub units: i32,
    /// Units that attack the zone at all.
    pub attackers: i32,
}

impl KingAttack {
    /// Nothing counted yet against `zone`.
    #[inline(always)]
    pub fn new(zone: u64) -> Self {
        KingAttack { zone, units: 0, attackers: 0 }
    }

    /// A unit attacking `a`, `w` units per zone square.
    #[inline(always)]
    pub fn hit(&mut self, a: u64, w: i32) {
        let z = a & self.zone;
        if z != 0 {
            self.units += w * z.count_ones() as i32;
            self.attackers += 1;
        }
    }

    /// The king-attack term: quadratic and linear in the capped units, by the number of
    /// attackers (one, or two and more).
    #[inline(always)]
    pub fn finish<A: Acc>(&self, acc: &mut A, ids: &Ids8) {
        let u = self.units.min(ATTACK_CAP);
        let id = match self.attackers {
            0 => return,
            1 => ids.king_attack + 2,
            _ => ids.king_attack,
        };
        acc.frac(id, u * u, 1200);
        acc.frac(id + 1, u, 100);
    }
}

/// The first move of an exchange on its target square (see [`exchange`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FirstMove {
    /// The target square.
    pub to: Square,
    /// Where the unit came from (`None`: a drop).
    pub from: Option<Square>,
    /// The side that moves first.
    pub side: Color,
    /// What the move took on `to`.
    pub victim: i32,
    /// The value of the unit it put there.
    pub on_target: i32,
}

/// Whether `c` has a unit on `b` besides its pawns and its king: with one, zugzwang is rare
/// enough for null-move pruning (`Evaluator::null_move_ok`).
#[inline]
pub(crate) fn has_pieces<P: OrthoKind, const K: usize>(b: &Board<Geo8x8, P, K>, c: Color) -> bool {
    (b.color(c) & !b.kind(P::PAWN) & !b.kind(P::KING)).any()
}

/// Static exchange evaluation for an orthodox army on an 8x8 board: what `first.side` wins on
/// `first.to` when, after `first`, both sides recapture with their least valuable attacker
/// (`OrthoKind::ORTHODOX`: P N B R Q K, the king last; `value` by kind index) and each
/// may stop instead. `occ` holds the blockers before the move (the victim of an en-passant
/// capture already removed) and `attackers` both sides' units attacking `to` through them;
/// sliders behind a capturer join in (x-rays); a king captures only where no enemy attacker is
/// left; pins are ignored. With `sign_only` the walk stops as soon as neither side can change
/// the sign any more: exact for a threshold of 0 only (chess, whose pruning margins were set
/// with it); without it the value is exact.
pub(crate) fn exchange<P: OrthoKind>(
    b: &Board<Geo8x8, P, 6>,
    value: &[i32; 6],
    first: FirstMove,
    mut occ: Bitboard<u64>,
    mut attackers: Bitboard<u64>,
    sign_only: bool,
) -> i32 {
    let t = tables();
    let to = first.to;
    let diag = b.kind(P::BISHOP) | b.kind(P::QUEEN);
    let orth = b.kind(P::ROOK) | b.kind(P::QUEEN);
    // gain[d]: the balance, from the view of the side making capture d, if the exchange stopped
    // right after it (a speculative entry: the capture may not exist).
    let mut gain = [0i32; 34];
    gain[0] = first.victim;
    // The unit standing on `to` (the last capturer) and where it came from.
    let mut on_target = first.on_target;
    let mut capturer = first.from;
    let mut side = first.side;
    let mut d = 0;
    loop {
        d += 1;
        gain[d] = on_target - gain[d - 1];
        if sign_only && (-gain[d - 1]).max(gain[d]) < 0 {
            // Whatever follows, the side to capture next stands worse: the sign is decided.
            break;
        }
        if let Some(sq) = capturer {
            occ.clear(sq);
        }
        attackers |= (t.bishop(to, occ) & diag) | (t.rook(to, occ) & orth);
        attackers &= occ;
        side = !side;
        let ours = attackers & b.color(side);
        let Some(kind) = P::ORTHODOX.into_iter().find(|&k| (ours & b.kind(k)).any()) else {
            break;
        };
        if kind == P::KING && (attackers & b.color(!side)).any() {
            // The king may not capture onto a defended square (where there is no check rule,
            // it would be captured next: the game).
            break;
        }
        capturer = Some((ours & b.kind(kind)).lsb());
        on_target = value[kind.index()];
        if d + 1 >= gain.len() {
            break;
        }
    }
    // Back from the last capture: each side takes the better of stopping and capturing.
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

/// Material and piece-square terms of side `c`'s units on `b` (every kind in index order,
/// squares ascending), from the precomputed table of `p` or, when tracing, as parameters
/// (`material`, `terms`: see [`add_pst`]); returns the phase (`phase[k]` per unit of kind `k`).
#[inline(always)]
pub(crate) fn material_pst<A: Acc, P: PieceKind, const K: usize, const N: usize>(
    acc: &mut A,
    b: &Board<Geo8x8, P, K>,
    c: Color,
    p: &Params<N, K, 64>,
    phase: &[i32; K],
    material: impl Fn(usize) -> Option<usize> + Copy,
    terms: impl Fn(usize, usize, &mut dyn FnMut(usize, i32)) + Copy,
) -> i32 {
    let ci = c.index();
    let mut total = 0;
    for &kind in P::ALL {
        let k = kind.index();
        for sq in b.pieces(kind, c) {
            let i = sq.idx();
            let white_sq = if ci == 0 { i } else { i ^ 56 };
            add_pst(acc, p.pst[ci][k][i], k, white_sq, material, terms);
            total += phase[k];
        }
    }
    total
}

/// The squares the pawns `pawns` of side `c` attack (by shifts: a1 is bit 0, a rank is 8 bits;
/// a test checks every square against the attack tables).
#[inline(always)]
pub(crate) fn pawn_cover(pawns: u64, c: Color) -> u64 {
    let (west, east) = (pawns & !FILE_A, pawns & !FILE_H);
    match c {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    }
}

/// The king on `sq` and its neighbours: the zone [`KingAttack`] counts.
#[inline(always)]
pub(crate) fn king_zone(t: &Tables8, sq: Square) -> u64 {
    t.king[sq.idx()].0 | (1u64 << sq.0)
}

/// The terms of side `c` of an orthodox army on `b` (the kinds of `OrthoKind`) beyond material
/// and piece-square ([`material_pst`]): mobility into squares neither own nor covered by enemy
/// pawns, king attack, rooks on open files ([`orthodox`]), the bishop pair, pawn structure and
/// the king's shield. `extra(acc, king_attack, safe)` adds the variant's other pieces (their
/// mobility and attacks on the king zone) before the king attack is scored.
#[inline(always)]
pub(crate) fn orthodox_side<A: Acc, P: OrthoKind, const K: usize, const N: usize>(
    acc: &mut A,
    b: &Board<Geo8x8, P, K>,
    c: Color,
    values: &[Score; N],
    ids: &Ids8,
    extra: impl FnOnce(&mut A, &mut KingAttack, u64),
) {
    let t = tables();
    let (pawn, king) = (P::PAWN, P::KING);
    let own = b.color(c).0;
    let occ = own | b.color(!c).0;
    // Mobility, counted into squares not covered by enemy pawns.
    let enemy_pawns = b.pieces(pawn, !c).0;
    let safe = !own & !pawn_cover(enemy_pawns, !c);
    let mut ka = KingAttack::new(king_zone(t, b.pieces(king, !c).lsb()));
    let own_pawns = b.pieces(pawn, c).0;
    let pieces = Pieces8::of(b, c);
    orthodox(acc, values, ids, pieces, occ, safe, own_pawns, enemy_pawns, &mut ka);
    extra(acc, &mut ka, safe);
    ka.finish(acc, ids);
    bishop_pair(acc, ids, pieces.bishops);
    pawn_structure(acc, ids, c, own_pawns, enemy_pawns);
    shield(acc, ids, c, b.pieces(king, c).lsb(), own_pawns);
}

/// The orthodox sliders and knights of one side, each set of unit squares already restricted
/// to the units that may act (8-Piece: not held).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Pieces8 {
    pub knights: u64,
    pub bishops: u64,
    pub rooks: u64,
    pub queens: u64,
}

impl Pieces8 {
    /// `c`'s knights, bishops, rooks and queens on `b`.
    #[inline(always)]
    pub fn of<P: OrthoKind, const K: usize>(b: &Board<Geo8x8, P, K>, c: Color) -> Self {
        let [n, bi, r, q] = [P::KNIGHT, P::BISHOP, P::ROOK, P::QUEEN].map(|k| b.pieces(k, c).0);
        Pieces8 { knights: n, bishops: bi, rooks: r, queens: q }
    }
}

/// Mobility into `safe` squares, king-zone attacks and rooks on open files of `c`'s knights,
/// bishops, rooks and queens (`occ`: every unit; `own_pawns`, `enemy_pawns` for the files).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn orthodox<A: Acc, const N: usize>(
    acc: &mut A,
    v: &[Score; N],
    ids: &Ids8,
    p: Pieces8,
    occ: u64,
    safe: u64,
    own_pawns: u64,
    enemy_pawns: u64,
    ka: &mut KingAttack,
) {
    let t = tables();
    let occ = Bitboard(occ);
    let w = [0, 1, 2, 3].map(|i| v[ids.attack_weight + i].mg);
    let mob = |acc: &mut A, i: usize, a: u64| {
        let n = (a & safe).count_ones();
        acc.add(ids.mobility + i, n as i32 - MOBILITY_BASE[i]);
        if let Some(at) = ids.mobility_at {
            acc.add(at + MOBILITY_AT[i] + n as usize, 1);
        }
    };
    for sq in Bitboard(p.knights) {
        let a = t.knight[sq.idx()].0;
        mob(acc, 0, a);
        ka.hit(a, w[0]);
    }
    for sq in Bitboard(p.bishops) {
        let a = t.bishop(sq, occ).0;
        mob(acc, 1, a);
        ka.hit(a, w[1]);
    }
    for sq in Bitboard(p.rooks) {
        let a = t.rook(sq, occ).0;
        mob(acc, 2, a);
        let file = file_bb(Geo8x8::file(sq));
        if file & own_pawns == 0 {
            acc.add(ids.rook_file + usize::from(file & enemy_pawns != 0), 1);
        }
        ka.hit(a, w[2]);
    }
    for sq in Bitboard(p.queens) {
        let a = t.queen(sq, occ).0;
        mob(acc, 3, a);
        ka.hit(a, w[3]);
    }
}

/// The bishop pair.
#[inline(always)]
pub(crate) fn bishop_pair<A: Acc>(acc: &mut A, ids: &Ids8, bishops: u64) {
    if bishops.count_ones() > 1 {
        acc.add(ids.bishop_pair, 1);
    }
}

/// Whether `c`'s pawn on `sq` is passed: no enemy pawn in front of it on its file or the
/// adjacent ones, and no own pawn in front of it on its file.
#[inline(always)]
pub(crate) fn passed(c: Color, sq: Square, own_pawns: u64, enemy_pawns: u64) -> bool {
    let span = front_span(c, sq);
    span & enemy_pawns == 0 && span & file_bb(Geo8x8::file(sq)) & own_pawns == 0
}

/// King steps from `a` to `b` (the larger of the file and rank distances).
pub(crate) fn king_distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(Geo8x8::file(a)) - i32::from(Geo8x8::file(b))).abs();
    let dr = (i32::from(Geo8x8::rank(a)) - i32::from(Geo8x8::rank(b))).abs();
    df.max(dr)
}

/// Passed (by relative rank), isolated and doubled pawns of side `c`.
#[inline(always)]
pub(crate) fn pawn_structure<A: Acc>(
    acc: &mut A,
    ids: &Ids8,
    c: Color,
    own_pawns: u64,
    enemy_pawns: u64,
) {
    for sq in Bitboard(own_pawns) {
        let f = Geo8x8::file(sq);
        if passed(c, sq, own_pawns, enemy_pawns) {
            acc.add(ids.passed + usize::from(Geo8x8::relative_rank(c, Geo8x8::rank(sq))), 1);
        }
        if adjacent_files(f) & own_pawns == 0 {
            acc.add(ids.isolated, 1);
        }
        if (file_bb(f) & own_pawns).count_ones() > 1 {
            acc.add(ids.doubled, 1);
        }
    }
}

/// Own pawns (at most three) on the two ranks in front of `c`'s king, on its file and the
/// adjacent ones, while the king stands on its first two ranks.
#[inline(always)]
pub(crate) fn shield<A: Acc>(acc: &mut A, ids: &Ids8, c: Color, king: Square, own_pawns: u64) {
    if Geo8x8::relative_rank(c, Geo8x8::rank(king)) <= 1 {
        let kf = Geo8x8::file(king);
        let ranks: u64 = match c {
            Color::White => 0x00ff_ff00,
            Color::Black => 0x00ff_ff00u64 << 32,
        };
        let n = (own_pawns & (file_bb(kf) | adjacent_files(kf)) & ranks).count_ones() as i32;
        acc.add(ids.shield, n.min(3));
    }
}

/// Builds the [`Ids8`] of a variant whose `param_groups!` use the shared names (`MOBILITY`,
/// `ROOK_FILE`, `ATTACK_WEIGHT`, `KING_ATTACK`, `BISHOP_PAIR`, `PASSED`, `ISOLATED`, `DOUBLED`,
/// `SHIELD`).
macro_rules! ids8 {
    () => {
        $crate::board8::Ids8 {
            mobility: MOBILITY,
            mobility_at: None,
            rook_file: ROOK_FILE,
            attack_weight: ATTACK_WEIGHT,
            king_attack: KING_ATTACK,
            bishop_pair: BISHOP_PAIR,
            passed: PASSED,
            isolated: ISOLATED,
            doubled: DOUBLED,
            shield: SHIELD,
        }
    };
}
pub(crate) use ids8;

/// The first piece-square parameter of each orthodox kind (`PST_PAWN`, `PST_KNIGHT`,
/// `PST_BISHOP`, `PST_ROOK`, `PST_QUEEN`, `PST_KING`), for [`pst_orthodox`].
macro_rules! pst8 {
    () => {
        [PST_PAWN, PST_KNIGHT, PST_BISHOP, PST_ROOK, PST_QUEEN, PST_KING]
    };
}
pub(crate) use pst8;

/// The piece-square formulas of the orthodox kinds (kind index 0..=5: pawn, knight, bishop,
/// rook, queen, king), for White on `sq`, with the first ids of their groups in `pst`: pawns
/// advance (`pst[0]`, per rank) and stand in the centre early (`pst[0] + 1`, d- and e-file on
/// the 4th and 5th ranks); knights, bishops and queens central ([`pst_centre`]); rooks on the
/// 7th rank; the king by [`pst_king`]. Nothing for other kinds. A variant adds its own terms
/// (`pst[0] + 2`, `pst[3] + 1`, ...) beside these.
pub(crate) fn pst_orthodox(pst: [usize; 6], kind: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    let file = sq % 8;
    let r = (sq / 8) as i32;
    match kind {
        0 => {
            f(pst[0], r - 1);
            f(pst[0] + 1, i32::from((file == 3 || file == 4) && (r == 3 || r == 4)));
        }
        1 | 2 | 4 => pst_centre(pst[kind], sq, f),
        3 => f(pst[3], i32::from(r == 6)),
        5 => pst_king(pst[5], sq, f),
        _ => {}
    }
}

/// The chess piece-square formulas (chess and the Magician): [`pst_orthodox`], plus pawns on
/// d2/e2 (`pst[0] + 2`: they should move) and rooks on the d- and e-files (`pst[3] + 1`).
pub(crate) fn pst_chess(pst: [usize; 6], kind: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    let centre_file = sq % 8 == 3 || sq % 8 == 4;
    pst_orthodox(pst, kind, sq, f);
    match kind {
        0 => f(pst[0] + 2, i32::from(centre_file && sq / 8 == 1)),
        3 => f(pst[3] + 1, i32::from(centre_file)),
        _ => {}
    }
}

/// Piece-square formula "centre, less per step from it": parameters `id` (once) and `id + 1`
/// (times the centre distance of `sq`).
pub(crate) fn pst_centre(id: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    f(id, 1);
    f(id + 1, center_distance(sq));
}

/// The king's piece-square formula for White on `sq` (labels `home_bcg`, `home_ah`, `home_df`, `home_e`, `rank`, `centre`, `distance` from `id`): on the
/// first rank by file (sheltered wings best), minus per rank above it, plus the centre late.
pub(crate) fn pst_king(id: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    let file = sq % 8;
    let rank = (sq / 8) as i32;
    if rank == 0 {
        f(
            id + match file {
                1 | 2 | 6 => 0,
                0 | 7 => 1,
                3 | 5 => 2,
                _ => 3,
            },
            1,
        );
    } else {
        f(id + 4, rank);
    }
    pst_centre(id + 5, sq, f);
}

/// Adds a unit's material and piece-square value: from the precomputed `table` entry, or, when
/// tracing, as its parameters (`white_sq`: the square from White's side).
#[inline(always)]
pub(crate) fn add_pst<A: Acc>(
    acc: &mut A,
    entry: Score,
    kind: usize,
    white_sq: usize,
    material: impl Fn(usize) -> Option<usize>,
    terms: impl Fn(usize, usize, &mut dyn FnMut(usize, i32)),
) {
    if A::TRACE {
        if let Some(id) = material(kind) {
            acc.add(id, 1);
        }
        terms(kind, white_sq, &mut |id, n| acc.add(id, n));
    } else {
        acc.score(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shifted pawn attacks agree with the attack tables on every square, for both colours.
    #[test]
    fn pawn_cover_matches_the_tables() {
        let t = tables();
        for c in [Color::White, Color::Black] {
            for sq in 0..64u8 {
                let want = t.pawn_attacks(c, Square(sq)).0;
                assert_eq!(pawn_cover(1u64 << sq, c), want, "{c:?} {sq}");
            }
        }
    }
}
