//! `chess` evaluation: material, piece-square terms, mobility (linear, plus a residual per
//! count of safe squares), pawn structure, king safety and pawn storms, bishop pair, bad bishops,
//! minors behind pawns and near their king, rooks on open files, threats against pieces, and
//! passed pawns' paths and the kings' distances to them, tapered between middlegame and endgame.
//!
//! The piece-square terms are written as formulas of file, rank and distance to the centre (our
//! own shaping), not copied tables.

use crate::board8::{
    adjacent_files, exchange, file_bb, front_span, has_pieces, ids8, king_distance, material_pst,
    orthodox_side, passed, pawn_cover, pst8, pst_chess, FirstMove, Ids8, FILE_A, FILE_H,
    MOBILITY_AT,
};
pub use crate::params::evaluate_white;
use crate::params::{self, param_groups, Acc};
use crate::Evaluator;
use movegen::attacks::magic::tables;
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Bitboard, ByColor, Color, Geo8x8, Geometry, Square};
use movegen::variants::chess::{Chess, ChessBoard, ChessKind};

param_groups! {
    MATERIAL: Pair "material" 5 ["pawn", "knight", "bishop", "rook", "queen"];
    PST_PAWN: Pair "pst.pawn" 3 ["advance", "centre", "d2e2"];
    orthodox_pst;
    MOBILITY: Pair "mobility" 4 ["knight", "bishop", "rook", "queen"];
    MOBILITY_AT_KNIGHT: Pair "mobility_at.knight" 9;
    MOBILITY_AT_BISHOP: Pair "mobility_at.bishop" 14;
    MOBILITY_AT_ROOK: Pair "mobility_at.rook" 15;
    MOBILITY_AT_QUEEN: Pair "mobility_at.queen" 28;
    ROOK_FILE: Pair "rook_file" 2 ["open", "half_open"];
    ATTACK_WEIGHT: Fixed "king_attack.weight" 4 ["knight", "bishop", "rook", "queen"];
    king_and_pawns;
    PSQ_PAWN: Pair "psq.pawn" 64 = params::SQUARES_8X8;
    PSQ_KNIGHT: Pair "psq.knight" 64 = params::SQUARES_8X8;
    PSQ_BISHOP: Pair "psq.bishop" 64 = params::SQUARES_8X8;
    PSQ_ROOK: Pair "psq.rook" 64 = params::SQUARES_8X8;
    PSQ_QUEEN: Pair "psq.queen" 64 = params::SQUARES_8X8;
    PSQ_KING: Pair "psq.king" 64 = params::SQUARES_8X8;
    THREAT: Pair "threat" 4 ["pawn", "minor", "rook", "hanging"];
    PASSER: Pair "passer" 3 ["enemy_king", "own_king", "blocked"];
    TEMPO: Single "tempo" 1;
    CHECK: Pair "check" 4 ["knight", "bishop", "rook", "queen"];
    OUTPOST: Pair "outpost" 2 ["knight", "bishop"];
    PAWN_SHAPE: Pair "pawn" 5 ["supported", "supported_rank", "phalanx", "phalanx_rank", "backward"];
    KING_FILE: Pair "king_file" 2 ["open", "half_open"];
    BISHOP_PAWNS: Pair "bishop_pawns" 1;
    MINOR_BEHIND_PAWN: Pair "minor_behind_pawn" 1;
    KING_PROTECTOR: Pair "king_protector" 1;
    STORM: Pair "storm" 8;
    PASSER_PATH: Pair "passer_path" 2 ["free", "safe"];
}

/// The first per-square residual parameter of each kind (`psq.<kind>.<square>`, White's view).
const PSQ: [usize; 6] = [PSQ_PAWN, PSQ_KNIGHT, PSQ_BISHOP, PSQ_ROOK, PSQ_QUEEN, PSQ_KING];

const IDS: Ids8 = Ids8 { mobility_at: Some(MOBILITY_AT_KNIGHT), ..ids8!() };

// The per-count mobility residuals are one block in the order `board8::MOBILITY_AT` reads.
const _: () = assert!(
    MOBILITY_AT_BISHOP == MOBILITY_AT_KNIGHT + MOBILITY_AT[1]
        && MOBILITY_AT_ROOK == MOBILITY_AT_KNIGHT + MOBILITY_AT[2]
        && MOBILITY_AT_QUEEN == MOBILITY_AT_KNIGHT + MOBILITY_AT[3]
);

/// Phase weight by kind; 24 = all pieces on the board.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_MAX: i32 = 24;

/// Centipawn value by kind for move ordering (the hand-set middlegame material; not tuned).
pub const ORDER_VALUE: [i32; 6] = [100, 320, 335, 480, 960, 20_000];

/// The material parameter of kind index `k` (none for the king).
fn material(k: usize) -> Option<usize> {
    (k < 5).then_some(MATERIAL + k)
}

/// Piece-square terms of kind index `kind` for White on `sq`, as (parameter, multiplier): our
/// own shaping from file, rank and the distance to the centre, plus a per-square residual.
fn pst_terms(kind: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    pst_chess(pst8!(), kind, sq, f);
    // What the formulas miss, square by square (fitted; 0 = the formula alone).
    f(PSQ[kind] + sq, 1);
}

/// What both sides' terms read: each side's attacks, computed once per evaluation.
fn shared(pos: &Chess) -> ByColor<Attacks> {
    let b = pos.board();
    ByColor::new(Attacks::of(b, Color::White), Attacks::of(b, Color::Black))
}

fn side_terms<A: Acc>(
    pos: &Chess,
    c: Color,
    p: &Params,
    acc: &mut A,
    attacks: &ByColor<Attacks>,
) -> i32 {
    let b = pos.board();
    let phase = material_pst(acc, b, c, p, &PHASE, material, pst_terms);
    orthodox_side(acc, b, c, &p.v, &IDS, |_, _, _| {});
    threats(acc, b, c, &attacks[c], &attacks[!c]);
    passers(acc, b, c, &attacks[!c]);
    pawn_shape(acc, b, c, &attacks[c], &attacks[!c]);
    minors_and_storm(acc, b, c);
    phase
}

/// The squares side `c`'s units attack, by kind index (pawn .. king), and all of them.
struct Attacks {
    by: [u64; 6],
    all: u64,
}

impl Attacks {
    fn of(b: &ChessBoard, c: Color) -> Attacks {
        let t = tables();
        let occ = b.occupied();
        let mut by = [0u64; 6];
        by[0] = pawn_cover(b.pieces(ChessKind::Pawn, c).0, c);
        for sq in b.pieces(ChessKind::Knight, c) {
            by[1] |= t.knight[sq.idx()].0;
        }
        for sq in b.pieces(ChessKind::Bishop, c) {
            by[2] |= t.bishop(sq, occ).0;
        }
        for sq in b.pieces(ChessKind::Rook, c) {
            by[3] |= t.rook(sq, occ).0;
        }
        for sq in b.pieces(ChessKind::Queen, c) {
            by[4] |= t.queen(sq, occ).0;
        }
        for sq in b.pieces(ChessKind::King, c) {
            by[5] |= t.king[sq.idx()].0;
        }
        Attacks { by, all: by.iter().fold(0, |a, &x| a | x) }
    }
}

/// Threats of side `c` against the other side's pieces (knights, bishops, rooks, queens):
/// attacked by a pawn (`threat.pawn`); rooks and queens attacked by a knight or bishop
/// (`threat.minor`); queens attacked by a rook (`threat.rook`); attacked and not defended at
/// all (`threat.hanging`). One count per attacked piece.
fn threats<A: Acc>(acc: &mut A, b: &ChessBoard, c: Color, us: &Attacks, them: &Attacks) {
    let theirs = |k| b.pieces(k, !c).0;
    let heavy = theirs(ChessKind::Rook) | theirs(ChessKind::Queen);
    let pieces = theirs(ChessKind::Knight) | theirs(ChessKind::Bishop) | heavy;
    let count = |x: u64| x.count_ones() as i32;
    acc.add(THREAT, count(us.by[0] & pieces));
    acc.add(THREAT + 1, count((us.by[1] | us.by[2]) & heavy));
    acc.add(THREAT + 2, count(us.by[3] & theirs(ChessKind::Queen)));
    acc.add(THREAT + 3, count(us.all & !them.all & pieces));
    safe_checks(acc, b, c, us, them);
    outposts(acc, b, c, us, them);
}

/// Safe checks of side `c` (`check.*`, per square): empty or enemy-held squares that `c`'s
/// knights, bishops, rooks or queens attack, that the enemy does not attack, and from which that
/// kind would give check.
fn safe_checks<A: Acc>(acc: &mut A, b: &ChessBoard, c: Color, us: &Attacks, them: &Attacks) {
    let Some(king) = b.pieces(ChessKind::King, !c).first() else {
        return;
    };
    let t = tables();
    let occ = b.occupied();
    let safe = !them.all & !b.color(c).0;
    let diag = t.bishop(king, occ).0;
    let orth = t.rook(king, occ).0;
    let count = |x: u64| (x & safe).count_ones() as i32;
    acc.add(CHECK, count(t.knight[king.idx()].0 & us.by[1]));
    acc.add(CHECK + 1, count(diag & us.by[2]));
    acc.add(CHECK + 2, count(orth & us.by[3]));
    acc.add(CHECK + 3, count((diag | orth) & us.by[4]));
}

/// Side `c`'s knights and bishops (`outpost.*`) on its 4th to 6th ranks, defended by an own
/// pawn, where no enemy pawn can ever attack them (none on an adjacent file ahead).
fn outposts<A: Acc>(acc: &mut A, b: &ChessBoard, c: Color, us: &Attacks, them: &Attacks) {
    // Everything an enemy pawn attacks now or after advancing: its attacks filled toward `c`.
    let span = match c {
        Color::White => fill(them.by[0], |x, s| x >> s),
        Color::Black => fill(them.by[0], |x, s| x << s),
    };
    let ranks: u64 = match c {
        Color::White => 0x0000_ffff_ff00_0000,
        Color::Black => 0x0000_00ff_ffff_0000,
    };
    let holes = ranks & us.by[0] & !span;
    let count = |x: u64| (x & holes).count_ones() as i32;
    acc.add(OUTPOST, count(b.pieces(ChessKind::Knight, c).0));
    acc.add(OUTPOST + 1, count(b.pieces(ChessKind::Bishop, c).0));
}

/// Side `c`'s pawn shape: pawns defended by an own pawn (`pawn.supported`, and per relative rank
/// `pawn.supported_rank`), pawns with an own pawn beside them (`pawn.phalanx`, `_rank`), and
/// backward pawns (`pawn.backward`: the square in front attacked by an enemy pawn and no own
/// pawn on an adjacent file level with or behind it); and the files at and next to `c`'s king
/// without own pawns (`king_file.open`: no pawns at all; `king_file.half_open`: enemy pawns).
fn pawn_shape<A: Acc>(acc: &mut A, b: &ChessBoard, c: Color, us: &Attacks, them: &Attacks) {
    let own = b.pieces(ChessKind::Pawn, c).0;
    let enemy = b.pieces(ChessKind::Pawn, !c).0;
    let enemy_cover = them.by[0];
    let supported = own & us.by[0];
    let beside = ((own << 1) & !FILE_A) | ((own >> 1) & !FILE_H);
    let rank = |sq: Square| i32::from(Geo8x8::relative_rank(c, Geo8x8::rank(sq)));
    for sq in Bitboard(supported) {
        acc.add(PAWN_SHAPE, 1);
        acc.add(PAWN_SHAPE + 1, rank(sq));
    }
    for sq in Bitboard(own & beside) {
        acc.add(PAWN_SHAPE + 2, 1);
        acc.add(PAWN_SHAPE + 3, rank(sq));
    }
    // Backward: the stop square attacked by an enemy pawn, and no own pawn beside or behind on
    // an adjacent file (the squares beside own pawns, filled forward, are the ones that have one).
    let (helped, stop_attacked) = match c {
        Color::White => (fill(beside, |x, s| x << s), enemy_cover >> 8),
        Color::Black => (fill(beside, |x, s| x >> s), enemy_cover << 8),
    };
    acc.add(PAWN_SHAPE + 4, (own & !helped & stop_attacked).count_ones() as i32);
    if let Some(king) = b.pieces(ChessKind::King, c).first() {
        let kf = Geo8x8::file(king);
        for f in kf.saturating_sub(1)..=(kf + 1).min(7) {
            let file = file_bb(f);
            if file & own == 0 {
                acc.add(KING_FILE + usize::from(file & enemy != 0), 1);
            }
        }
    }
}

/// `x` with every square filled in one direction along the files (`shift` by 8, 16, 32).
#[inline(always)]
fn fill(mut x: u64, shift: impl Fn(u64, u32) -> u64) -> u64 {
    for s in [8, 16, 32] {
        x |= shift(x, s);
    }
    x
}

/// Side `c`'s passed pawns beyond the third rank, weighted by how far they have come (1 on
/// the 4th rank .. 4 on the 7th): the enemy king's and the own king's distance to the square in
/// front (`passer.enemy_king`, `passer.own_king`, each at most 5 steps), and that square
/// occupied (`passer.blocked`, unweighted); with the same weight, every square in front up to
/// the last rank empty (`passer_path.free`) and none of them attacked by the enemy (`them`:
/// `passer_path.safe`).
fn passers<A: Acc>(acc: &mut A, b: &ChessBoard, c: Color, them: &Attacks) {
    let own = b.pieces(ChessKind::Pawn, c).0;
    let enemy = b.pieces(ChessKind::Pawn, !c).0;
    let occ = b.occupied().0;
    let (Some(ours), Some(theirs)) =
        (b.pieces(ChessKind::King, c).first(), b.pieces(ChessKind::King, !c).first())
    else {
        return;
    };
    let dist = |a: Square, z: Square| king_distance(a, z).min(5);
    for sq in Bitboard(own) {
        if !passed(c, sq, own, enemy) {
            continue;
        }
        let rank = i32::from(Geo8x8::relative_rank(c, Geo8x8::rank(sq)));
        if !(3..=6).contains(&rank) {
            continue;
        }
        let stop = Square(if c == Color::White { sq.0 + 8 } else { sq.0 - 8 });
        let w = rank - 2;
        acc.add(PASSER, w * dist(theirs, stop));
        acc.add(PASSER + 1, w * dist(ours, stop));
        acc.add(PASSER + 2, i32::from(b.piece_at(stop).is_some()));
        let path = front_span(c, sq) & file_bb(Geo8x8::file(sq));
        acc.add(PASSER_PATH, w * i32::from(path & occ == 0));
        acc.add(PASSER_PATH + 1, w * i32::from(path & them.all == 0));
    }
}

/// Side `c`'s bishops and knights, and the enemy pawns near `c`'s king: per bishop, the own
/// pawns on squares of its colour (`bishop_pawns`); knights and bishops with a pawn of either
/// side right in front of them (`minor_behind_pawn`); per knight and bishop, its king steps
/// from the own king, at most 7 (`king_protector`); and each enemy pawn on the king's file or
/// the files next to it, by that pawn's rank seen from its own side (`storm.<rank>`).
fn minors_and_storm<A: Acc>(acc: &mut A, b: &ChessBoard, c: Color) {
    const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;
    let own_pawns = b.pieces(ChessKind::Pawn, c).0;
    let pawns = b.kind(ChessKind::Pawn).0;
    let bishops = b.pieces(ChessKind::Bishop, c).0;
    let minors = bishops | b.pieces(ChessKind::Knight, c).0;
    for sq in Bitboard(bishops) {
        let colour = if LIGHT & (1u64 << sq.0) != 0 { LIGHT } else { !LIGHT };
        acc.add(BISHOP_PAWNS, (own_pawns & colour).count_ones() as i32);
    }
    let ahead = match c {
        Color::White => pawns >> 8,
        Color::Black => pawns << 8,
    };
    acc.add(MINOR_BEHIND_PAWN, (minors & ahead).count_ones() as i32);
    let Some(king) = b.pieces(ChessKind::King, c).first() else {
        return;
    };
    for sq in Bitboard(minors) {
        acc.add(KING_PROTECTOR, king_distance(king, sq).min(7));
    }
    let kf = Geo8x8::file(king);
    let files = file_bb(kf) | adjacent_files(kf);
    for sq in Bitboard(b.pieces(ChessKind::Pawn, !c).0 & files) {
        acc.add(STORM + usize::from(Geo8x8::relative_rank(!c, Geo8x8::rank(sq))), 1);
    }
}

/// Drawish material: no pawns and at most a minor piece ahead.
fn drawish(pos: &Chess, v: i32) -> bool {
    pos.board().kind(ChessKind::Pawn).is_empty() && v.abs() < 400
}

params::tune_table! {
    Chess, "chess.txt", kinds 6, squares 64, mirror |sq| sq ^ 56; sides, drawish quarter
}

impl Evaluator for Chess {
    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        m.promo() != 0
            || m.kind() == MoveKind::EnPassant
            || (m.kind() != MoveKind::Castle && self.board().piece_at(m.to()).is_some())
    }

    #[inline]
    fn tactical_score(&self, m: Move) -> i32 {
        let b = self.board();
        let victim = if m.kind() == MoveKind::EnPassant {
            100
        } else {
            b.kind_at(m.to()).map_or(0, |k| ORDER_VALUE[k as usize])
        };
        let attacker = b.kind_at(m.from()).map_or(0, |k| k as i32);
        let promo = if m.promo() != 0 { ORDER_VALUE[usize::from(m.promo())] } else { 0 };
        (victim + promo) * 8 - attacker
    }

    const HAS_SEE: bool = true;
    /// Captures, promotions and en passant straight from the generator.
    const TACTICAL_GEN: bool = true;

    #[inline]
    fn tactical_moves(&self, out: &mut Self::Moves) {
        Chess::tactical_moves(self, out);
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see_ge(self, m, threshold)
    }

    fn null_move_ok(&self) -> bool {
        has_pieces(self.board(), self.turn())
    }
}

/// Exchange values by kind index (P N B R Q K) for static exchange evaluation; the king's is
/// larger than anything it could win.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 30_000];

/// Static exchange evaluation of the legal move `m` (see [`Evaluator::see_ge`]): the material
/// the side to move wins on `m`'s target square when both sides keep recapturing with their
/// least valuable attacker and each may stop instead. Sliders behind a capturer join in
/// (x-rays); a king captures only where no enemy attacker is left; pins are ignored. Castling
/// scores 0; a promotion scores what it captures (it is searched among the first moves anyway).
pub fn see(pos: &Chess, m: Move) -> i32 {
    if m.kind() == MoveKind::Castle {
        return 0;
    }
    let b = pos.board();
    let (from, to) = (m.from(), m.to());
    let mut occ = b.occupied();
    let victim = if m.kind() == MoveKind::EnPassant {
        // The captured pawn stands on the mover's rank, on the target's file.
        occ.clear(Square(from.0 / 8 * 8 + to.0 % 8));
        SEE_VALUE[0]
    } else {
        b.kind_at(to).map_or(0, |k| SEE_VALUE[k as usize])
    };
    if m.promo() != 0 {
        return victim;
    }
    let attackers = pos.attackers(to, Color::White, occ) | pos.attackers(to, Color::Black, occ);
    let on_target = b.kind_at(from).map_or(0, |k| SEE_VALUE[k as usize]);
    let first = FirstMove { to, from: Some(from), side: pos.turn(), victim, on_target };
    exchange(b, &SEE_VALUE, first, occ, attackers, true)
}

/// Whether [`see`] of `m` is at least `threshold`.
pub fn see_ge(pos: &Chess, m: Move, threshold: i32) -> bool {
    if m.kind() != MoveKind::Castle && m.kind() != MoveKind::EnPassant && m.promo() == 0 {
        // The mover may always stop after the first recapture, so the exchange is worth at
        // least the victim minus the mover: most captures of a unit worth as much as the
        // capturer need no exchange walk.
        let b = pos.board();
        let victim = b.kind_at(m.to()).map_or(0, |k| SEE_VALUE[k as usize]);
        let mover = b.kind_at(m.from()).map_or(0, |k| SEE_VALUE[k as usize]);
        if victim - mover >= threshold {
            return true;
        }
    }
    see(pos, m) >= threshold
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_score_zero_from_white_view() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        ] {
            let p = Chess::from_fen(fen).unwrap();
            assert_eq!(evaluate_white(&p), 0, "{fen}");
        }
    }

    #[test]
    fn obvious_preferences() {
        let e = |f: &str| evaluate_white(&Chess::from_fen(f).unwrap());
        // An extra queen is winning.
        assert!(e("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 700);
        // A central knight beats a rim knight.
        assert!(e("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1") > e("4k3/8/8/8/7N/8/8/4K3 w - - 0 1"));
        // A passed pawn on the 7th beats one on the 3rd.
        assert!(e("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > e("4k3/8/8/8/8/P7/8/4K3 w - - 0 1"));
        // Mirror: the same position with colours swapped scores the negation.
        let a = e("4k3/pp6/8/8/8/8/5PPP/4K2R w K - 0 1");
        let b = e("4k2r/5ppp/8/8/8/8/PP6/4K3 b k - 0 1");
        assert_eq!(a, -b);
    }

    #[test]
    fn tactical_classification() {
        let p = Chess::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let cap = p.parse_move("e4d5").unwrap();
        let quiet = p.parse_move("e4e5").unwrap();
        assert!(p.is_tactical(cap));
        assert!(!p.is_tactical(quiet));
        assert!(p.tactical_score(cap) > 0);
    }

    /// Side `c`'s counts of the parameters `ids` from the threat, passer and pawn-shape terms (the
    /// ones `orthodox_side` does not add) in `fen`.
    fn counts_of(fen: &str, c: Color, ids: &[usize]) -> Vec<i32> {
        let p = Chess::from_fen(fen).unwrap();
        let mut t = params::Tracer::new(COUNT);
        let a = shared(&p);
        threats(&mut t, p.board(), c, &a[c], &a[!c]);
        passers(&mut t, p.board(), c, &a[!c]);
        pawn_shape(&mut t, p.board(), c, &a[c], &a[!c]);
        ids.iter().map(|&id| t.coef[id][0] as i32).collect()
    }

    /// White's counts ([`counts_of`]).
    fn counts(fen: &str, ids: &[usize]) -> Vec<i32> {
        counts_of(fen, Color::White, ids)
    }

    /// The per-count mobility residuals (`mobility_at`), worked by hand: each unit adds one to
    /// the entry of its own count of safe squares (not own units, not covered by enemy pawns).
    #[test]
    fn mobility_counts_by_hand() {
        use crate::params::Tune;
        let trace = |fen: &str| {
            let p = Chess::from_fen(fen).unwrap();
            p.trace(&Chess::build(&Chess::table().values))
        };
        // White's a1 knight reaches b3 and c2: 2. Black's h8 knight reaches f7, its own pawn,
        // and g6, which White's h5 pawn covers: 0.
        let t = trace("4k2n/5p2/8/7P/8/8/8/N3K3 w - - 0 1");
        assert_eq!(t.coef[MOBILITY_AT_KNIGHT + 2][0], 1.0);
        assert_eq!(t.coef[MOBILITY_AT_KNIGHT][0], -1.0);
        // White's d4 rook: seven squares on the d-file and seven on the 4th rank, 14. Black's a8
        // bishop: b7 to h1, 7 (the rook stands beside the diagonal, not on it).
        let t = trace("b3k3/8/8/8/3R4/8/8/4K3 w - - 0 1");
        assert_eq!(t.coef[MOBILITY_AT_ROOK + 14][0], 1.0);
        assert_eq!(t.coef[MOBILITY_AT_BISHOP + 7][0], -1.0);
        // A queen with no safe square at all: h1, boxed in by her own units.
        let t = trace("4k3/8/8/8/8/8/6PP/4K1NQ w - - 0 1");
        assert_eq!(t.coef[MOBILITY_AT_QUEEN][0], 1.0);
    }

    /// Bad bishops, minors behind pawns, king protectors, pawn storms and passers' paths,
    /// worked by hand (White's counts minus Black's, as the trace has them).
    #[test]
    fn minors_storm_and_paths_by_hand() {
        use crate::params::Tune;
        let coef = |fen: &str, ids: &[usize]| {
            let p = Chess::from_fen(fen).unwrap();
            let t = p.trace(&Chess::build(&Chess::table().values));
            ids.iter().map(|&id| t.coef[id][0] as i32).collect::<Vec<_>>()
        };
        let ids = [BISHOP_PAWNS, MINOR_BEHIND_PAWN, KING_PROTECTOR, STORM + 4];
        // The d3 bishop stands on a light square, as does the a2 pawn (b2 is dark): 1. The d4
        // pawn (Black's) stands right in front of it: 1. It is 2 king steps from e1: 2. The d4
        // pawn is on the king's side of the board (files d-f), on Black's 5th rank (index 4).
        // Black has no minor, and no White pawn stands on files d-f.
        assert_eq!(coef("4k3/8/8/8/3p4/3B4/PP6/4K3 w - - 0 1", &ids), [1, 1, 2, 1]);
        // The same seen from Black: the colours swapped and the board turned.
        assert_eq!(coef("4k3/pp6/3b4/3P4/8/8/8/4K3 b - - 0 1", &ids), [-1, -1, -2, -1]);
        let path = [PASSER_PATH, PASSER_PATH + 1];
        // The d5 passer (5th rank, weight 2): d6-d8 empty, but the e8 king attacks d7 and d8.
        assert_eq!(coef("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", &path), [2, 0]);
        // With the king on h8 nothing attacks the path.
        assert_eq!(coef("7k/8/8/3P4/8/8/8/4K3 w - - 0 1", &path), [2, 2]);
        // A knight on d7 blocks it (and attacks nothing on d6 or d8).
        assert_eq!(coef("7k/3n4/8/3P4/8/8/8/4K3 w - - 0 1", &path), [0, 2]);
    }

    /// The threat and passed-pawn counts of White, worked by hand.
    #[test]
    fn threats_and_passers_by_hand() {
        let threat = [THREAT, THREAT + 1, THREAT + 2, THREAT + 3];
        // The e4 pawn attacks the d5 knight, which nothing defends.
        assert_eq!(counts("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", &threat), [1, 0, 0, 1]);
        // Defended by the c6 pawn it is not hanging.
        assert_eq!(counts("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", &threat), [1, 0, 0, 0]);
        // The b1 knight attacks the undefended c3 rook.
        assert_eq!(counts("4k3/8/8/8/8/2r5/8/1N2K3 w - - 0 1", &threat), [0, 1, 0, 1]);
        // The d1 rook attacks the d8 queen, which the king defends.
        assert_eq!(counts("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", &threat), [0, 0, 1, 0]);
        // Black's threats are not White's.
        assert_eq!(counts("4k3/8/8/8/3p4/4N3/8/4K3 w - - 0 1", &threat), [0, 0, 0, 0]);
        let passer = [PASSER, PASSER + 1, PASSER + 2];
        // The passed e4 pawn (weight 1 on the 4th rank): the b6 king is 3 steps from e5, the
        // e1 king 4.
        assert_eq!(counts("8/8/1k6/8/4P3/8/8/4K3 w - - 0 1", &passer), [3, 4, 0]);
        // On the 6th rank (weight 3), blocked by a knight on e7; the kings are capped at 5.
        assert_eq!(counts("k7/4n3/4P3/8/8/8/8/K7 w - - 0 1", &passer), [12, 15, 1]);
        // Not passed (the d7 pawn guards e6), or still on its 3rd rank: nothing.
        assert_eq!(counts("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", &passer), [0, 0, 0]);
        assert_eq!(counts("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", &passer), [0, 0, 0]);
    }

    /// The safe checks, outposts, pawn shapes and king files of White, worked by hand.
    #[test]
    fn checks_outposts_and_pawn_shape_by_hand() {
        let check = [CHECK, CHECK + 1, CHECK + 2, CHECK + 3];
        // Against the e8 king: the e4 knight reaches d6 and f6; the d1 queen reaches a4 and h5
        // (d7 and d8 are next to the king, which guards them; e2 would check down the e-file
        // but for the knight on e4). No bishop or rook.
        assert_eq!(counts("4k3/8/8/8/4N3/8/8/3QK3 w - - 0 1", &check), [2, 0, 0, 2]);
        // A black pawn on g6 shuts the king's diagonal to h5: the queen's h5 check is gone.
        assert_eq!(counts("4k3/8/6p1/8/4N3/8/8/3QK3 w - - 0 1", &check), [2, 0, 0, 1]);
        // With the knight on c3 instead, e2 checks down the open e-file as well.
        assert_eq!(counts("4k3/8/8/8/8/2N5/8/3QK3 w - - 0 1", &check), [0, 0, 0, 3]);
        let outpost = [OUTPOST, OUTPOST + 1];
        // The d5 knight, defended by e4, with no black pawn on the c- or e-file ahead.
        assert_eq!(counts("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", &outpost), [1, 0]);
        assert_eq!(counts("4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1", &outpost), [0, 1]);
        // The c7 pawn can still drive it away (c6); on the 3rd rank it is no outpost.
        assert_eq!(counts("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", &outpost), [0, 0]);
        assert_eq!(counts("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1", &outpost), [0, 0]);
        let shape = [PAWN_SHAPE, PAWN_SHAPE + 1, PAWN_SHAPE + 2, PAWN_SHAPE + 3, PAWN_SHAPE + 4];
        // c3 defends d4 (relative rank index 3); d4 and e4 stand side by side (3 + 3).
        assert_eq!(counts("4k3/8/8/8/3PP3/2P5/8/4K3 w - - 0 1", &shape), [1, 3, 2, 6, 0]);
        // d3 defends e4; d3 is backward: e5 attacks d4 and no white pawn on the c- or e-file
        // stands level with it or behind.
        assert_eq!(counts("4k3/8/8/4p3/4P3/3P4/8/4K3 w - - 0 1", &shape), [1, 3, 0, 0, 1]);
        let files = [KING_FILE, KING_FILE + 1];
        // King g1: the h-file has no white pawn but the black h7 pawn (half-open).
        assert_eq!(counts("4k3/7p/8/8/8/8/5PP1/6K1 w - - 0 1", &files), [0, 1]);
        // No pawns at all: d, e and f are open; on the a-file only a and b count.
        assert_eq!(counts("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &files), [3, 0]);
        assert_eq!(counts("4k3/8/8/8/8/8/8/K7 w - - 0 1", &files), [2, 0]);
    }

    /// Backward pawns of either side at the board's edge, worked by hand.
    #[test]
    fn backward_pawns_by_hand() {
        let backward = |fen: &str, c: Color| counts_of(fen, c, &[PAWN_SHAPE + 4])[0];
        // a3: the b5 pawn attacks a4, and White's only b-pawn (b4) is ahead of it. b4 is not
        // backward: b5 stands on its stop square but no black pawn attacks it.
        assert_eq!(backward("4k3/8/8/1p6/1P6/P7/8/4K3 w - - 0 1", Color::White), 1);
        // A b3 pawn level with a3 (or b2 behind it) can support its advance.
        assert_eq!(backward("4k3/8/8/1p6/1P6/PP6/8/4K3 w - - 0 1", Color::White), 0);
        assert_eq!(backward("4k3/8/8/1p6/1P6/P7/1P6/4K3 w - - 0 1", Color::White), 0);
        // The same from Black's side: a6 with the b4 pawn attacking a5 and b5 ahead of it.
        assert_eq!(backward("4k3/8/p7/1p6/1P6/8/8/4K3 w - - 0 1", Color::Black), 1);
        assert_eq!(backward("4k3/1p6/p7/1p6/1P6/8/8/4K3 w - - 0 1", Color::Black), 0);
    }

    /// Static exchange values worked by hand (P 100, N 320, B 330, R 500, Q 950).
    #[test]
    fn static_exchange_by_hand() {
        let see_of = |fen: &str, mv: &str| {
            let p = Chess::from_fen(fen).unwrap();
            let m = p.parse_move(mv).unwrap();
            (see(&p, m), p.see_ge(m, 0))
        };
        // An undefended pawn: +100.
        assert_eq!(see_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), (100, true));
        // A rook takes a pawn defended by a pawn: 100 - 500.
        assert_eq!(see_of("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), (-400, false));
        // Doubled rooks on both sides: Rxd5 Rxd5 Rxd5 Rxd5 would leave White -400, and White
        // has no better stop after Black's first recapture (-400 either way).
        assert_eq!(see_of("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), (-400, false));
        // The queen takes a pawn defended only by the king: 100 - 950 ...
        assert_eq!(see_of("8/8/4k3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), (-850, false));
        // ... but with a bishop also on d5 the king may not recapture: +100 either way.
        assert_eq!(see_of("8/8/4k3/3p4/8/1B6/8/3QK3 w - - 0 1", "d1d5"), (100, true));
        assert_eq!(see_of("8/8/4k3/3p4/8/1B6/8/3QK3 w - - 0 1", "b3d5"), (100, true));
        assert_eq!(see_of("8/8/4k3/3p4/8/1B6/8/4K3 w - - 0 1", "b3d5"), (-230, false));
        // En passant, recaptured by a pawn: 100 - 100.
        assert_eq!(see_of("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), (0, true));
        // X-ray: after exd5 the bishop on f3 sees d5 through e4, so Black does better not to
        // recapture with the bishop (Bxd5 Bxd5 would leave White +330): +100.
        assert_eq!(see_of("4k3/8/2b5/3p4/4P3/5B2/8/4K3 w - - 0 1", "e4d5"), (100, true));
        // Without the white bishop the recapture evens it: 0.
        assert_eq!(see_of("4k3/8/2b5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), (0, true));
        // A quiet move onto a square a pawn attacks loses the knight; onto a safe one, nothing.
        assert_eq!(see_of("4k3/8/8/2p5/8/8/4N3/4K3 w - - 0 1", "e2d4"), (-320, false));
        assert_eq!(see_of("4k3/8/8/2p5/8/8/4N3/4K3 w - - 0 1", "e2f4"), (0, true));
    }
}
