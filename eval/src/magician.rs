//! `magician` evaluation: material with the seed's estimates for the Magician family,
//! piece-square terms, mobility (the family's move and capture sets differ, so both count),
//! king safety, pawn structure, and the two terms of the variant: the value of still being able
//! to bring the Magician in (the `magician` flag) and the 6th-rank trigger (a pawn close to its
//! 6th rank while an unpromoted Magician stands on the board), tapered between middlegame and
//! endgame.
//!
//! Values are centipawns with the pawn at 100, so the seed's estimates in pawns (§VII) become
//! M 275 (2.5-3), H 575 (5-6.5), A 875 (8.5-9), C 1050 (10-11), Y 1600 (16). The orthodox
//! pieces keep `chess`'s values. The piece-square terms are formulas of file, rank and distance
//! to the centre (our own shaping), not copied tables.

use crate::board8::{adjacent_files, file_bb, front_span};
use crate::{Evaluator, Score, S};
use movegen::attacks::magic::tables;
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, PieceKind, Square};
use movegen::variants::magician::{
    family_moves, promoted_form, Magician, MagicianKind, FAMILY, MAGICIAN_CODE,
};

/// Material (middlegame, endgame) by kind index (P N B R Q K M H A C Y).
pub const MATERIAL: [Score; 11] = [
    S(100, 120),
    S(320, 295),
    S(335, 315),
    S(480, 540),
    S(960, 1000),
    S(0, 0),
    S(275, 275),
    S(575, 600),
    S(875, 875),
    S(1050, 1050),
    S(1600, 1600),
];

/// Phase weight by kind; 24 = the start position's pieces (family pieces count by strength).
const PHASE: [i32; 11] = [0, 1, 1, 2, 4, 0, 1, 2, 3, 4, 6];
const PHASE_MAX: i32 = 24;

/// Centipawn value by kind for move ordering (middlegame material; the king last).
pub const ORDER_VALUE: [i32; 11] = [100, 320, 335, 480, 960, 20_000, 275, 575, 875, 1050, 1600];

/// Attacker rank for least-valuable-attacker ordering (below 8, so it never outweighs a
/// difference in victims).
const ATTACKER_RANK: [i32; 11] = [0, 1, 2, 3, 5, 7, 1, 3, 4, 5, 6];

/// The value of an open option to bring the Magician in (promotion choice, switch), before
/// the trigger potential is added.
pub const FLAG_BASE: Score = S(20, 20);

/// Fraction (as a right shift, by distance `d` in pawn moves; `d` >= 1) of the form's gain
/// granted for a pawn that far from its 6th rank: 1/2, 1/4, 1/8, 1/16, 1/32.
const TRIGGER_SHIFT: [u32; 6] = [0, 1, 2, 3, 4, 5];

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
        5 => {
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
        // Magician: all her reach is within two squares, so the centre matters most.
        6 => S(14 - 7 * cd, 10 - 5 * cd),
        // High-Priestess: the same short range with a larger area.
        7 => S(12 - 6 * cd, 12 - 5 * cd),
        // Archbishop: bishop lines keep her useful away from the centre.
        8 => S(8 - 3 * cd, 10 - 3 * cd),
        // Chancellor: rook lines; the 7th rank as for a rook.
        9 => {
            let seventh = if r == 6 { 15 } else { 0 };
            S(6 - 2 * cd + seventh, 8 - 2 * cd)
        }
        // Prime Minister: as a queen.
        _ => S(4 - 2 * cd, 12 - 4 * cd),
    }
}

const fn build_pst() -> [[[Score; 64]; 11]; 2] {
    let mut t = [[[S(0, 0); 64]; 11]; 2];
    let mut k = 0;
    while k < 11 {
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
static PST: [[[Score; 64]; 11]; 2] = build_pst();

/// Mobility of the family: (weight per square, typical count) by kind index - 6. A square
/// counts once if she may move there (empty, not covered by an enemy pawn) or capture there
/// (an enemy unit on it).
const FAMILY_MOBILITY: [(Score, i32); 5] =
    [(S(5, 5), 5), (S(4, 4), 9), (S(3, 4), 13), (S(2, 4), 14), (S(1, 2), 20)];
/// King-attack units per square of the enemy king zone in a family piece's capture set.
const FAMILY_ATTACK: [i32; 5] = [2, 3, 4, 4, 6];

const PASSED: [Score; 8] =
    [S(0, 0), S(5, 10), S(8, 15), S(15, 28), S(28, 50), S(50, 85), S(80, 130), S(0, 0)];

/// One square forward for a pawn of `c` (none off the board).
fn step(c: Color, sq: Square) -> Option<Square> {
    let r = i32::from(Geo8x8::rank(sq)) + c.select(1, -1);
    Geo8x8::square(i32::from(Geo8x8::file(sq)), r)
}

/// How many pawn moves `c` needs at least to bring a pawn onto its 6th rank (the trigger, §4):
/// 5 minus the relative rank for a pawn on ranks 2 to 5, one more if its next square is
/// occupied, two more if an enemy pawn stands on its file before the 6th rank; 1 for a pawn
/// on the 5th that can capture onto the 6th. `None` without such a pawn. Pawns already on the
/// 6th or 7th do not count (only arrivals promote her).
pub fn trigger_distance(pos: &Magician, c: Color) -> Option<u32> {
    let t = tables();
    let b = pos.board();
    let occ = b.occupied();
    let enemy = b.color(!c);
    let enemy_pawns = b.pieces(MagicianKind::Pawn, !c);
    let mut best: Option<u32> = None;
    for sq in b.pieces(MagicianKind::Pawn, c) {
        let rel = u32::from(Geo8x8::relative_rank(c, Geo8x8::rank(sq)));
        if !(1..=4).contains(&rel) {
            continue;
        }
        let mut d = 5 - rel;
        if rel == 4 && (t.pawn_attacks(c, sq) & enemy).any() {
            d = 1;
        } else {
            if step(c, sq).is_some_and(|s| occ.has(s)) {
                d += 1;
            }
            // Enemy pawns on the file between it and the 6th rank (inclusive).
            let mut s = sq;
            for _ in rel..5 {
                match step(c, s) {
                    Some(n) => s = n,
                    None => break,
                }
                if enemy_pawns.has(s) {
                    d += 2;
                    break;
                }
            }
        }
        best = Some(best.map_or(d, |b: u32| b.min(d)));
    }
    best
}

/// The expected gain of `c`'s Magician (on the board or switched in now) from the 6th-rank
/// trigger: the value of the form the §4 table gives now minus the Magician's, times 1/2 for
/// a pawn one move away, 1/4 for two, and so on (zero from six on, or with no form to gain).
pub fn trigger_potential(pos: &Magician, c: Color) -> Score {
    let Some(form) = promoted_form(pos.board(), c) else { return S(0, 0) };
    let Some(d) = trigger_distance(pos, c) else { return S(0, 0) };
    let Some(&shift) = TRIGGER_SHIFT.get(d as usize) else { return S(0, 0) };
    let gain = MATERIAL[form as usize] - MATERIAL[MagicianKind::Magician as usize];
    S(gain.mg >> shift, gain.eg >> shift)
}

/// The `magician` flag's value for `c` (zero once it is cleared): a base for the open option,
/// plus half the trigger potential a switched-in Magician would have now when a bishop may
/// switch at once (it has moved, MG-1), a quarter when the bishops must move first.
pub fn flag_value(pos: &Magician, c: Color) -> Score {
    if !pos.may_bring_in(c) {
        return S(0, 0);
    }
    let b = pos.board();
    let bishops = b.pieces(MagicianKind::Bishop, c);
    if bishops.is_empty() {
        return FLAG_BASE;
    }
    // MG-1: c1 and f1 for White, c8 and f8 for Black.
    let homes: Bb64 = Bitboard(c.select((1 << 2) | (1 << 5), (1 << 58) | (1 << 61)));
    let p = trigger_potential(pos, c);
    let shift = if (bishops & !homes).any() { 1 } else { 2 };
    FLAG_BASE + S(p.mg >> shift, p.eg >> shift)
}

fn side_terms(pos: &Magician, c: Color) -> (Score, i32) {
    let t = tables();
    let b = pos.board();
    let own = b.color(c);
    let enemy = b.color(!c);
    let occ = own | enemy;
    let mut s = S(0, 0);
    let mut phase = 0;
    for &kind in MagicianKind::ALL {
        for sq in b.pieces(kind, c) {
            s += PST[c.index()][kind as usize][sq.idx()];
            phase += PHASE[kind as usize];
        }
    }
    let enemy_pawns = b.pieces(MagicianKind::Pawn, !c);
    let mut pawn_cover = 0u64;
    for sq in enemy_pawns {
        pawn_cover |= t.pawn_attacks(!c, sq).0;
    }
    let safe = !own & Bitboard(!pawn_cover);
    let enemy_king = pos.king(!c);
    let king_zone = t.king[enemy_king.idx()].with(enemy_king);
    let mut attack_units = 0;
    let mut attackers = 0;
    let zone = |a: Bb64, w: i32, units: &mut i32, n: &mut i32| {
        if (a & king_zone).any() {
            *units += w * (a & king_zone).count() as i32;
            *n += 1;
        }
    };
    for sq in b.pieces(MagicianKind::Knight, c) {
        let a = t.knight[sq.idx()];
        s += S(4, 4) * ((a & safe).count() as i32 - 4);
        zone(a, 2, &mut attack_units, &mut attackers);
    }
    for sq in b.pieces(MagicianKind::Bishop, c) {
        let a = t.bishop(sq, occ);
        s += S(5, 5) * ((a & safe).count() as i32 - 6);
        zone(a, 2, &mut attack_units, &mut attackers);
    }
    let own_pawns = b.pieces(MagicianKind::Pawn, c);
    for sq in b.pieces(MagicianKind::Rook, c) {
        let a = t.rook(sq, occ);
        s += S(2, 4) * ((a & safe).count() as i32 - 7);
        let file = Bitboard(file_bb(Geo8x8::file(sq)));
        if (file & own_pawns).is_empty() {
            s += if (file & enemy_pawns).is_empty() { S(25, 10) } else { S(12, 5) };
        }
        zone(a, 3, &mut attack_units, &mut attackers);
    }
    for sq in b.pieces(MagicianKind::Queen, c) {
        let a = t.queen(sq, occ);
        s += S(1, 2) * ((a & safe).count() as i32 - 13);
        zone(a, 5, &mut attack_units, &mut attackers);
    }
    // The family: moves into safe empty squares and captures on enemy units are different
    // sets, and both count.
    for (i, &kind) in FAMILY.iter().enumerate() {
        for sq in b.pieces(kind, c) {
            let (moves, caps) = family_moves(kind, sq, occ);
            let reach = (moves & !occ & safe) | (caps & enemy);
            let (w, typical) = FAMILY_MOBILITY[i];
            s += w * (reach.count() as i32 - typical);
            zone(caps, FAMILY_ATTACK[i], &mut attack_units, &mut attackers);
        }
    }
    if attackers >= 2 {
        let u = attack_units.min(40);
        s += S(u * u / 3, u);
    }
    if b.pieces(MagicianKind::Bishop, c).more_than_one() {
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
    // The variant's terms: her trigger while she stands unpromoted, or the open option.
    if b.pieces(MagicianKind::Magician, c).any() {
        s += trigger_potential(pos, c);
    }
    s += flag_value(pos, c);
    (s, phase)
}

/// Static evaluation from White's view, in centipawns.
pub fn evaluate_white(pos: &Magician) -> i32 {
    let (w, pw) = side_terms(pos, Color::White);
    let (b, pb) = side_terms(pos, Color::Black);
    let phase = pw + pb;
    let mut v = (w - b).taper(phase, PHASE_MAX);
    // Drawish material: no pawns (so no promotion of any kind is left) and little ahead.
    if pos.board().kind(MagicianKind::Pawn).is_empty() && v.abs() < 400 {
        v /= 4;
    }
    v
}

/// Whether `m` is a pawn move that promotes its side's Magician (§4): it ends on the mover's
/// 6th rank while an unpromoted Magician of that side stands on the board and the table gives
/// her a form. (For a non-capturing push the opponent's pieces stay, so the table judged now is
/// the table judged after the move.)
pub fn triggers(pos: &Magician, m: Move) -> bool {
    let us = pos.turn();
    let b = pos.board();
    matches!(m.kind(), MoveKind::Normal | MoveKind::EnPassant)
        && m.promo() == 0
        && b.kind_at(m.from()) == Some(MagicianKind::Pawn)
        && Geo8x8::rank(m.to()) == us.select(5, 2)
        && b.pieces(MagicianKind::Magician, us).any()
        && promoted_form(b, us).is_some()
}

impl Evaluator for Magician {
    fn evaluate(&self) -> i32 {
        let v = evaluate_white(self) + if self.turn() == Color::White { 10 } else { -10 };
        if self.turn() == Color::White {
            v
        } else {
            -v
        }
    }

    /// Captures (her leaping captures are ordinary moves onto an enemy unit), e.p.,
    /// promotions (to the Magician too) and the 6th-rank trigger change material; the switch
    /// (her square holds her own bishop) and castling do not count as captures.
    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Switch | MoveKind::Castle => false,
            MoveKind::EnPassant => true,
            _ => m.promo() != 0 || self.board().piece_at(m.to()).is_some() || triggers(self, m),
        }
    }

    fn tactical_score(&self, m: Move) -> i32 {
        let b = self.board();
        let victim = match m.kind() {
            MoveKind::EnPassant => ORDER_VALUE[0],
            MoveKind::Switch | MoveKind::Castle => 0,
            _ => b.kind_at(m.to()).map_or(0, |k| ORDER_VALUE[k as usize]),
        };
        let gain = match m.promo() {
            0 if triggers(self, m) => {
                promoted_form(b, self.turn()).map_or(0, |f| ORDER_VALUE[f as usize])
                    - ORDER_VALUE[MagicianKind::Magician as usize]
            }
            0 => 0,
            MAGICIAN_CODE => self
                .magician_after(m)
                .map_or(ORDER_VALUE[MagicianKind::Magician as usize], |f| ORDER_VALUE[f as usize]),
            code => ORDER_VALUE[usize::from(code)],
        };
        let attacker = b.kind_at(m.from()).map_or(0, |k| ATTACKER_RANK[k as usize]);
        (victim + gain) * 8 - attacker
    }

    fn null_move_ok(&self) -> bool {
        let b = self.board();
        let us = b.color(self.turn());
        let pieces = b.occupied() & !b.kind(MagicianKind::Pawn) & !b.kind(MagicianKind::King);
        (pieces & us).any()
    }
}

#[cfg(test)]
mod tests;
