//! `chess` evaluation: material, piece-square terms, mobility, pawn structure, king safety,
//! bishop pair and rooks on open files, tapered between middlegame and endgame.
//!
//! The piece-square terms are written as formulas of file, rank and distance to the centre (our
//! own shaping), not copied tables.

use crate::board8::{adjacent_files, file_bb, front_span};
use crate::{Evaluator, Score, S};
use movegen::attacks::magic::tables;
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, Square};
use movegen::variants::chess::{Chess, ChessKind};

/// Material (middlegame, endgame) by kind index (P N B R Q K).
pub const MATERIAL: [Score; 6] =
    [S(100, 120), S(320, 295), S(335, 315), S(480, 540), S(960, 1000), S(0, 0)];
/// Phase weight by kind; 24 = all pieces on the board.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_MAX: i32 = 24;

/// Centipawn value by kind for move ordering (middlegame material).
pub const ORDER_VALUE: [i32; 6] = [100, 320, 335, 480, 960, 20_000];

/// Distance from the centre: 0 on d4/e4/d5/e5 .. 6 in the corners.
const fn center_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if 2 * f - 7 < 0 { 7 - 2 * f } else { 2 * f - 7 };
    let dr = if 2 * r - 7 < 0 { 7 - 2 * r } else { 2 * r - 7 };
    (df + dr) / 2 - 1
}

/// Piece-square term for White (Black mirrors the rank).
const fn pst_white(kind: usize, sq: usize) -> Score {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let cd = center_distance(sq);
    match kind {
        0 => {
            // Pawns: advance, and central pawns early.
            let central = if (f == 3 || f == 4) && (r == 3 || r == 4) { 15 } else { 0 };
            let flank = if (f == 3 || f == 4) && r == 1 { -10 } else { 0 };
            S((r - 1) * 4 + central + flank, (r - 1) * 10)
        }
        1 => S(14 - 7 * cd, 10 - 5 * cd),
        2 => S(10 - 4 * cd, 8 - 3 * cd),
        3 => {
            let seventh = if r == 6 { 20 } else { 0 };
            let centre_file = if f == 3 || f == 4 { 6 } else { 0 };
            S(seventh + centre_file, if r == 6 { 12 } else { 0 })
        }
        4 => S(4 - 2 * cd, 12 - 4 * cd),
        _ => {
            // King: sheltered on the back rank wings early, central late.
            let mg = if r == 0 {
                match f {
                    1 | 2 | 6 => 25,
                    0 | 7 => 15,
                    3 | 5 => 0,
                    _ => 5,
                }
            } else {
                -15 * r
            };
            S(mg, 24 - 8 * cd)
        }
    }
}

const fn build_pst() -> [[[Score; 64]; 6]; 2] {
    let mut t = [[[S(0, 0); 64]; 6]; 2];
    let mut k = 0;
    while k < 6 {
        let mut sq = 0;
        while sq < 64 {
            let s = pst_white(k, sq);
            let m = MATERIAL[k];
            t[0][k][sq] = S(s.mg + m.mg, s.eg + m.eg);
            t[1][k][sq ^ 56] = S(s.mg + m.mg, s.eg + m.eg);
            sq += 1;
        }
        k += 1;
    }
    t
}

/// Material + piece-square, by colour, kind and square.
static PST: [[[Score; 64]; 6]; 2] = build_pst();

const PASSED: [Score; 8] =
    [S(0, 0), S(5, 10), S(8, 15), S(15, 28), S(28, 50), S(50, 85), S(80, 130), S(0, 0)];

fn side_terms(pos: &Chess, c: Color) -> (Score, i32) {
    let t = tables();
    let b = pos.board();
    let own = b.color(c);
    let enemy = b.color(!c);
    let occ = own | enemy;
    let mut s = S(0, 0);
    let mut phase = 0;
    for kind in [
        ChessKind::Pawn,
        ChessKind::Knight,
        ChessKind::Bishop,
        ChessKind::Rook,
        ChessKind::Queen,
        ChessKind::King,
    ] {
        for sq in b.pieces(kind, c) {
            s += PST[c.index()][kind as usize][sq.idx()];
            phase += PHASE[kind as usize];
        }
    }
    // Mobility, counted into squares not covered by enemy pawns.
    let enemy_pawns = b.pieces(ChessKind::Pawn, !c);
    let mut pawn_cover = 0u64;
    for sq in enemy_pawns {
        pawn_cover |= t.pawn_attacks(!c, sq).0;
    }
    let safe = !own & Bitboard(!pawn_cover);
    let enemy_king = pos.king(!c);
    let king_zone = t.king[enemy_king.idx()].with(enemy_king);
    let mut attack_units = 0;
    let mut attackers = 0;
    for sq in b.pieces(ChessKind::Knight, c) {
        let a = t.knight[sq.idx()];
        s += S(4, 4) * ((a & safe).count() as i32 - 4);
        if (a & king_zone).any() {
            attack_units += 2 * (a & king_zone).count() as i32;
            attackers += 1;
        }
    }
    for sq in b.pieces(ChessKind::Bishop, c) {
        let a = t.bishop(sq, occ);
        s += S(5, 5) * ((a & safe).count() as i32 - 6);
        if (a & king_zone).any() {
            attack_units += 2 * (a & king_zone).count() as i32;
            attackers += 1;
        }
    }
    let own_pawns = b.pieces(ChessKind::Pawn, c);
    for sq in b.pieces(ChessKind::Rook, c) {
        let a = t.rook(sq, occ);
        s += S(2, 4) * ((a & safe).count() as i32 - 7);
        let file = Bitboard(file_bb(Geo8x8::file(sq)));
        if (file & own_pawns).is_empty() {
            s += if (file & enemy_pawns).is_empty() { S(25, 10) } else { S(12, 5) };
        }
        if (a & king_zone).any() {
            attack_units += 3 * (a & king_zone).count() as i32;
            attackers += 1;
        }
    }
    for sq in b.pieces(ChessKind::Queen, c) {
        let a = t.queen(sq, occ);
        s += S(1, 2) * ((a & safe).count() as i32 - 13);
        if (a & king_zone).any() {
            attack_units += 5 * (a & king_zone).count() as i32;
            attackers += 1;
        }
    }
    if attackers >= 2 {
        let u = attack_units.min(40);
        s += S(u * u / 3, u);
    }
    if b.pieces(ChessKind::Bishop, c).more_than_one() {
        s += S(30, 50);
    }
    // Pawn structure.
    for sq in own_pawns {
        let f = Geo8x8::file(sq);
        if (Bitboard(front_span(c, sq)) & enemy_pawns).is_empty()
            && (Bitboard(front_span(c, sq) & file_bb(f)) & own_pawns).is_empty()
        {
            s += PASSED[usize::from(Geo8x8::relative_rank(c, Geo8x8::rank(sq)))];
        }
        if (Bitboard(adjacent_files(f)) & own_pawns).is_empty() {
            s += S(-12, -15);
        }
        if (Bitboard(file_bb(f)) & own_pawns).more_than_one() {
            s += S(-6, -12);
        }
    }
    // Pawn shield in front of our own king (middlegame).
    let king = pos.king(c);
    let kf = Geo8x8::file(king);
    let shield_files = Bitboard(file_bb(kf) | adjacent_files(kf));
    let shield_ranks: Bb64 = match c {
        Color::White => Geo8x8::rank_mask(1) | Geo8x8::rank_mask(2),
        Color::Black => Geo8x8::rank_mask(6) | Geo8x8::rank_mask(5),
    };
    if Geo8x8::relative_rank(c, Geo8x8::rank(king)) <= 1 {
        let shield = (own_pawns & shield_files & shield_ranks).count() as i32;
        s += S(10 * shield.min(3), 0);
    }
    (s, phase)
}

/// Static evaluation from White's view, in centipawns.
pub fn evaluate_white(pos: &Chess) -> i32 {
    let (w, pw) = side_terms(pos, Color::White);
    let (b, pb) = side_terms(pos, Color::Black);
    let phase = pw + pb;
    let mut v = (w - b).taper(phase, PHASE_MAX);
    // Drawish material: no pawns and at most a minor piece ahead.
    let bd = pos.board();
    if bd.kind(ChessKind::Pawn).is_empty() && v.abs() < 400 {
        v /= 4;
    }
    v
}

impl Evaluator for Chess {
    fn evaluate(&self) -> i32 {
        let v = evaluate_white(self) + if self.turn() == Color::White { 10 } else { -10 };
        if self.turn() == Color::White {
            v
        } else {
            -v
        }
    }

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
    const QUIET_PRUNING: bool = true;

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see_ge(self, m, threshold)
    }

    fn null_move_ok(&self) -> bool {
        let b = self.board();
        let us = b.color(self.turn());
        let pieces = b.kind(ChessKind::Knight)
            | b.kind(ChessKind::Bishop)
            | b.kind(ChessKind::Rook)
            | b.kind(ChessKind::Queen);
        (pieces & us).any()
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
    // gain[d]: the balance, from the view of the side making capture d, if the exchange stopped
    // right after it (a speculative entry: the capture may not exist).
    let mut gain = [0i32; 34];
    gain[0] = if m.kind() == MoveKind::EnPassant {
        // The captured pawn stands on the mover's rank, on the target's file.
        occ.clear(Square(from.0 / 8 * 8 + to.0 % 8));
        SEE_VALUE[0]
    } else {
        b.kind_at(to).map_or(0, |k| SEE_VALUE[k as usize])
    };
    if m.promo() != 0 {
        return gain[0];
    }
    let t = tables();
    let diag = b.kind(ChessKind::Bishop) | b.kind(ChessKind::Queen);
    let orth = b.kind(ChessKind::Rook) | b.kind(ChessKind::Queen);
    let mut attackers = pos.attackers(to, Color::White, occ) | pos.attackers(to, Color::Black, occ);
    // The unit standing on `to` (the last capturer) and where it came from.
    let mut on_target = b.kind_at(from).map_or(0, |k| SEE_VALUE[k as usize]);
    let mut capturer = from;
    let mut side = pos.turn();
    let mut d = 0;
    loop {
        d += 1;
        gain[d] = on_target - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 {
            // Whatever follows, the side to capture next stands worse: nothing changes above.
            break;
        }
        occ.clear(capturer);
        attackers |= (t.bishop(to, occ) & diag) | (t.rook(to, occ) & orth);
        attackers &= occ;
        side = !side;
        let ours = attackers & b.color(side);
        let Some(kind) = [
            ChessKind::Pawn,
            ChessKind::Knight,
            ChessKind::Bishop,
            ChessKind::Rook,
            ChessKind::Queen,
            ChessKind::King,
        ]
        .into_iter()
        .find(|&k| (ours & b.kind(k)).any()) else {
            break;
        };
        if kind == ChessKind::King && (attackers & b.color(!side)).any() {
            // The king may not capture onto a defended square.
            break;
        }
        capturer = (ours & b.kind(kind)).lsb();
        on_target = SEE_VALUE[kind as usize];
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
