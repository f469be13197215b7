//! `pieceeater` evaluation (`../shared/rules/pieceeater.md`): material on the board and in hand,
//! piece-square terms, mobility, pawn structure, king safety for a game won by capturing the
//! king, the danger of standing where the PieceEater (PE) may step next, and the 7th-rank
//! optional promotion (PE-2); tapered by phase (hands count toward the middlegame).
//!
//! Everything is our own shaping, written as formulas of file, rank and distance.

use crate::board8::{adjacent_files, file_bb, front_span};
use crate::{Evaluator, Score, S};
use movegen::attacks::magic::tables;
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, Square};
use movegen::variants::pieceeater::{PeKind, PieceEater, TORUS, ZONE};

/// Material on the board (middlegame, endgame) by kind index (P N B R Q K): as in chess.
pub const MATERIAL: [Score; 6] =
    [S(100, 120), S(320, 295), S(335, 315), S(480, 540), S(960, 1000), S(0, 0)];

/// A unit in hand (P N B R), about 80% of its board value: dropping it costs a move and puts it
/// on the own first rank (pieces) or second rank (pawns), where it starts passive; in exchange
/// it is safe from capture and from the PE until then and can be placed where it is needed.
pub const HAND: [Score; 4] = [S(80, 95), S(255, 235), S(270, 250), S(385, 430)];

/// Phase weight by kind (board and hand alike); 32 = the start (24 on the board, 8 in hand).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_MAX: i32 = 32;

/// Centipawn value by kind for move ordering; the king's is the game.
pub const ORDER_VALUE: [i32; 6] = [100, 320, 335, 480, 960, 20_000];

/// Score (side to move's view) of a position where the side to move can capture the enemy
/// king. A lower bound of the true value (a king capture in one), far above any material count
/// and far below the search's mate scores.
pub const KING_EN_PRISE: i32 = 5_000;

/// Distance from the centre: 0 on d4/e4/d5/e5 .. 6 in the corners.
const fn center_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if 2 * f - 7 < 0 { 7 - 2 * f } else { 2 * f - 7 };
    let dr = if 2 * r - 7 < 0 { 7 - 2 * r } else { 2 * r - 7 };
    (df + dr) / 2 - 1
}

/// Piece-square term for White (Black mirrors the rank). Ranks 6 and 7 of pawns are scored by
/// the promotion terms, not here.
const fn pst_white(kind: usize, sq: usize) -> Score {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let cd = center_distance(sq);
    match kind {
        0 => {
            let central = if (f == 3 || f == 4) && (r == 3 || r == 4) { 12 } else { 0 };
            S((r - 1) * 5 + central, (r - 1) * 9)
        }
        1 => S(12 - 6 * cd, 9 - 5 * cd),
        2 => S(9 - 4 * cd, 7 - 3 * cd),
        3 => {
            let seventh = if r == 6 { 18 } else { 0 };
            let centre_file = if f == 3 || f == 4 { 5 } else { 0 };
            S(seventh + centre_file, if r == 6 { 10 } else { 0 })
        }
        4 => S(3 - 2 * cd, 10 - 4 * cd),
        _ => {
            // King: at home on a wing early (no check rule: an exposed king is captured), to
            // the centre late.
            let mg = if r == 0 {
                match f {
                    1 | 2 | 6 => 22,
                    0 | 7 => 12,
                    3 | 5 => 0,
                    _ => 6,
                }
            } else {
                -18 * r
            };
            S(mg, 22 - 7 * cd)
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

/// Passed pawn bonus by relative rank (ranks 6 and 7 have the promotion terms instead).
const PASSED: [Score; 8] =
    [S(0, 0), S(4, 8), S(7, 13), S(13, 25), S(25, 45), S(0, 0), S(0, 0), S(0, 0)];
/// A pawn on the 6th rank whose step to the 7th is open: next move it may become a rook (PE-2).
pub const SEVENTH_STEP: Score = S(60, 90);
/// The same step open but onto a square an enemy pawn covers.
pub const SEVENTH_STEP_COVERED: Score = S(20, 30);
/// A pawn on the 7th rank whose step to the 8th is open: next move it becomes a queen.
pub const EIGHTH_STEP: Score = S(90, 140);

fn pawn_cover(pos: &PieceEater, c: Color) -> Bb64 {
    let t = tables();
    let mut cover = Bitboard(0u64);
    for sq in pos.board().pieces(PeKind::Pawn, c) {
        cover |= t.pawn_attacks(c, sq);
    }
    cover
}

/// Board terms of side `c`: material, piece-square, mobility, king attack, pawns, promotion.
fn side_terms(pos: &PieceEater, c: Color) -> (Score, i32) {
    let t = tables();
    let b = pos.board();
    let own = b.color(c);
    let occ = pos.occupied();
    let mut s = S(0, 0);
    let mut phase = 0;
    for kind in
        [PeKind::Pawn, PeKind::Knight, PeKind::Bishop, PeKind::Rook, PeKind::Queen, PeKind::King]
    {
        for sq in b.pieces(kind, c) {
            s += PST[c.index()][kind as usize][sq.idx()];
            phase += PHASE[kind as usize];
        }
    }
    for (i, kind) in
        [PeKind::Pawn, PeKind::Knight, PeKind::Bishop, PeKind::Rook].into_iter().enumerate()
    {
        let n = i32::from(pos.hand(c, kind));
        s += HAND[i] * n;
        phase += PHASE[kind as usize] * n;
    }
    // Mobility into squares that are not own, not the PE, and not covered by enemy pawns.
    let enemy_cover = pawn_cover(pos, !c);
    let safe = !own & !enemy_cover & !Bitboard::from_square(pos.pe());
    let king_zone = match pos.king(!c) {
        Some(k) => t.king[k.idx()].with(k),
        None => Bitboard(0),
    };
    let mut attack_units = 0;
    let mut attackers = 0;
    let mut attack = |a: Bb64, weight: i32| {
        if (a & king_zone).any() {
            attack_units += weight * (a & king_zone).count() as i32;
            attackers += 1;
        }
    };
    for sq in b.pieces(PeKind::Knight, c) {
        let a = t.knight[sq.idx()];
        s += S(4, 4) * ((a & safe).count() as i32 - 4);
        attack(a, 2);
    }
    for sq in b.pieces(PeKind::Bishop, c) {
        let a = t.bishop(sq, occ);
        s += S(5, 5) * ((a & safe).count() as i32 - 6);
        attack(a, 2);
    }
    let own_pawns = b.pieces(PeKind::Pawn, c);
    let enemy_pawns = b.pieces(PeKind::Pawn, !c);
    for sq in b.pieces(PeKind::Rook, c) {
        let a = t.rook(sq, occ);
        s += S(2, 4) * ((a & safe).count() as i32 - 7);
        let file = Bitboard(file_bb(Geo8x8::file(sq)));
        if (file & own_pawns).is_empty() {
            s += if (file & enemy_pawns).is_empty() { S(22, 10) } else { S(10, 5) };
        }
        attack(a, 3);
    }
    for sq in b.pieces(PeKind::Queen, c) {
        let a = t.queen(sq, occ);
        s += S(1, 2) * ((a & safe).count() as i32 - 13);
        attack(a, 5);
    }
    for sq in own_pawns {
        attack(t.pawn_attacks(c, sq), 1);
    }
    // King attack: with no check rule a king that runs out of safe squares is simply taken, so
    // pressure on it is worth more than in chess, and one attacker already counts.
    if attackers >= 1 {
        let u = attack_units.min(40);
        let bonus = S(u * u / 4 + 2 * u, u);
        s += if attackers >= 2 { bonus } else { S(bonus.mg / 2, bonus.eg / 2) };
    }
    if b.pieces(PeKind::Bishop, c).more_than_one() {
        s += S(28, 45);
    }
    // Pawns: structure, passers, and the promotion steps (PE-2: the 7th rank may promote).
    let empty_ahead = !occ;
    for sq in own_pawns {
        let f = Geo8x8::file(sq);
        let rel = usize::from(Geo8x8::relative_rank(c, Geo8x8::rank(sq)));
        let span = Bitboard(front_span(c, sq));
        if (span & enemy_pawns).is_empty()
            && (Bitboard(front_span(c, sq) & file_bb(f)) & own_pawns).is_empty()
        {
            s += PASSED[rel];
        }
        if (Bitboard(adjacent_files(f)) & own_pawns).is_empty() {
            s += S(-12, -15);
        }
        if (Bitboard(file_bb(f)) & own_pawns).more_than_one() {
            s += S(-6, -12);
        }
        let ahead = match c {
            Color::White => Square(sq.0 + 8),
            Color::Black => Square(sq.0.wrapping_sub(8)),
        };
        if rel == 5 && empty_ahead.has(ahead) {
            s += if enemy_cover.has(ahead) { SEVENTH_STEP_COVERED } else { SEVENTH_STEP };
        }
        if rel == 6 && empty_ahead.has(ahead) {
            s += EIGHTH_STEP;
        }
    }
    // Own king: pawn shield while on its home ranks; penalty for enemy queen and rooks in hand
    // range is left to the attack term.
    if let Some(king) = pos.king(c) {
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
    }
    (s, phase)
}

/// Board value of the unit on `sq` (material only), tapered later.
fn unit_value(pos: &PieceEater, sq: Square) -> Score {
    pos.board().kind_at(sq).map_or(S(0, 0), |k| MATERIAL[k as usize])
}

/// The squares the PE may enter on its next step after an action that moves neither king
/// (rules 1 and 2): torus neighbours, not `pe-left`, not next to or on a king.
pub fn next_step_squares(pos: &PieceEater) -> Bb64 {
    let mut a = TORUS[pos.pe().idx()];
    if let Some(l) = pos.pe_left() {
        a = a.without(l);
    }
    for c in Color::ALL {
        if let Some(k) = pos.king(c) {
            a &= !ZONE[k.idx()];
        }
    }
    a
}

/// Fixed-point scale of [`pe_danger`].
const DANGER_SCALE: i32 = 4096;

/// The expected material each side loses to the PE, as (White, Black), scaled by
/// [`DANGER_SCALE`].
///
/// The next step (after the side to move's action) enters each square of
/// [`next_step_squares`] with equal probability: a unit there is lost with probability
/// `1 / |A|`. The side to move can first move one of its units away, so its most valuable unit
/// in `A` does not count. The step after that (following the opponent's reply) is weighted by
/// half, for units outside `A` (either side may react before it).
fn pe_danger(pos: &PieceEater) -> [Score; 2] {
    let mut out = [S(0, 0); 2];
    let a = next_step_squares(pos);
    let n = a.count() as i32;
    if n == 0 {
        return out;
    }
    let b = pos.board();
    let stm = pos.turn().index();
    let mut best_rescue = S(0, 0);
    for sq in a & b.occupied() {
        let Some(p) = b.piece_at(sq) else { continue };
        let v = unit_value(pos, sq);
        out[p.color.index()] += v * (DANGER_SCALE / n);
        if p.color.index() == stm && v.mg > best_rescue.mg {
            best_rescue = v;
        }
    }
    out[stm] -= best_rescue * (DANGER_SCALE / n);
    // Second step: from each first-step square `x` (probability 1/n), onto each of its allowed
    // squares (not back onto the PE's current square) with probability 1/|A(x)|; half weight.
    let kings = pos.king(Color::White).map_or(Bitboard(0), |k| ZONE[k.idx()])
        | pos.king(Color::Black).map_or(Bitboard(0), |k| ZONE[k.idx()]);
    let units = b.occupied() & !a;
    for x in a {
        let a2 = TORUS[x.idx()].without(pos.pe()) & !kings;
        let n2 = a2.count() as i32;
        if n2 == 0 {
            continue;
        }
        for sq in a2 & units {
            let Some(p) = b.piece_at(sq) else { continue };
            out[p.color.index()] += unit_value(pos, sq) * (DANGER_SCALE / 2 / (n * n2));
        }
    }
    out
}

/// Static evaluation from White's view, in centipawns (without the side-to-move terms).
pub fn evaluate_white(pos: &PieceEater) -> i32 {
    let (w, pw) = side_terms(pos, Color::White);
    let (b, pb) = side_terms(pos, Color::Black);
    let danger = pe_danger(pos);
    let total = w
        - b
        - S(
            (danger[0].mg - danger[1].mg) / DANGER_SCALE,
            (danger[0].eg - danger[1].eg) / DANGER_SCALE,
        );
    total.taper(pw + pb, PHASE_MAX)
}

/// Whether `c`'s king stands attacked by the other side (with the PE blocking lines).
fn king_attacked(pos: &PieceEater, c: Color) -> bool {
    pos.king(c).is_some_and(|k| pos.attackers(k, !c, pos.occupied()).any())
}

/// What the PE does to the unit on its destination after the action `m`: the unit it eats
/// (kind and colour), if any.
fn eaten(pos: &PieceEater, m: Move) -> Option<(PeKind, Color)> {
    let step = m.aux();
    if step == pos.pe() {
        return None;
    }
    let us = pos.turn();
    if step == m.to() {
        // The unit that just moved or was dropped (rule 3).
        let kind = match m.kind() {
            MoveKind::Drop => PeKind::from_code(m.promo())?,
            _ => PeKind::from_code(m.promo()).or_else(|| pos.board().kind_at(m.from()))?,
        };
        return Some((kind, us));
    }
    if step == m.from() {
        return None;
    }
    if m.kind() == MoveKind::Castle {
        // The rook left its corner and stands next to its king (never eaten).
        return None;
    }
    if m.kind() == MoveKind::EnPassant {
        let victim = Square((i16::from(m.to().0) - 8 * i16::from(us.forward())) as u8);
        if step == victim {
            return None;
        }
    }
    pos.board().piece_at(step).map(|p| (p.kind, p.color))
}

impl Evaluator for PieceEater {
    fn evaluate(&self) -> i32 {
        let us = self.turn();
        if king_attacked(self, !us) {
            return KING_EN_PRISE;
        }
        let v = evaluate_white(self) + if us == Color::White { 10 } else { -10 };
        if us == Color::White {
            v
        } else {
            -v
        }
    }

    /// Captures (the king too), e.p., promotions (8th rank, and the optional 7th-rank ones,
    /// PE-2), and turns whose PE step eats a unit (forced or by the die).
    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Drop => eaten(self, m).is_some(),
            MoveKind::Castle => eaten(self, m).is_some(),
            MoveKind::EnPassant => true,
            _ => {
                m.promo() != 0
                    || self.board().piece_at(m.to()).is_some()
                    || eaten(self, m).is_some()
            }
        }
    }

    /// Victim first: captured value + promotion gain + value of an eaten enemy unit − value of
    /// an eaten own unit, times 8, minus the attacker's rank.
    #[inline]
    fn tactical_score(&self, m: Move) -> i32 {
        let b = self.board();
        let us = self.turn();
        let victim = match m.kind() {
            MoveKind::EnPassant => 100,
            MoveKind::Drop | MoveKind::Castle => 0,
            _ => b.kind_at(m.to()).map_or(0, |k| ORDER_VALUE[k as usize]),
        };
        let promo = match (m.kind(), PeKind::from_code(m.promo())) {
            (MoveKind::Drop, _) | (_, None) => 0,
            (_, Some(k)) => ORDER_VALUE[k as usize] - 100,
        };
        let eat = match eaten(self, m) {
            Some((k, c)) if c == us => -ORDER_VALUE[k as usize],
            Some((k, _)) => ORDER_VALUE[k as usize],
            None => 0,
        };
        let attacker = match m.kind() {
            MoveKind::Drop => 0,
            _ => b.kind_at(m.from()).map_or(0, |k| k as i32),
        };
        (victim + promo + eat) * 8 - attacker
    }

    /// A turn whose whole material gain (capture, promotion, and what the PE eats: an own unit
    /// counts against it) plus a margin of 150 stays below `gap` (delta pruning), or a capture
    /// by a more valuable unit on a square the opponent attacks (it is taken back; a capture of
    /// the king is never skipped).
    fn qsearch_skip(&self, m: Move, gap: i32) -> bool {
        let b = self.board();
        let us = self.turn();
        let victim = match m.kind() {
            MoveKind::EnPassant => ORDER_VALUE[PeKind::Pawn as usize],
            MoveKind::Drop | MoveKind::Castle => 0,
            _ => b.kind_at(m.to()).map_or(0, |k| ORDER_VALUE[k as usize]),
        };
        let promo = match (m.kind(), PeKind::from_code(m.promo())) {
            (MoveKind::Drop, _) | (_, None) => 0,
            (_, Some(k)) => ORDER_VALUE[k as usize] - ORDER_VALUE[PeKind::Pawn as usize],
        };
        let eat = match eaten(self, m) {
            Some((k, c)) if c == us => -ORDER_VALUE[k as usize],
            Some((k, _)) => ORDER_VALUE[k as usize],
            None => 0,
        };
        if victim + promo + eat + 150 < gap {
            return true;
        }
        if matches!(m.kind(), MoveKind::Drop | MoveKind::Castle) || victim == 0 {
            return false;
        }
        let Some(mover) = b.kind_at(m.from()) else { return false };
        let after = PeKind::from_code(m.promo()).unwrap_or(mover);
        if ORDER_VALUE[after as usize] <= victim + promo {
            return false;
        }
        // Blockers after the move: the mover has left its square, the PE stands on its step.
        let occ =
            (b.occupied() & !Bitboard::from_square(m.from())) | Bitboard::from_square(m.aux());
        self.attackers(m.to(), !us, occ).any()
    }

    /// The PE's step eats nothing (it enters an empty square or stays).
    #[inline]
    fn quiet_outcome(&self, m: Move) -> bool {
        eaten(self, m).is_none()
    }

    /// With a unit in hand there is always a waiting move (a drop), and with a piece on the
    /// board zugzwang is rare; bare kings and pawns are zugzwang country (a king with no safe
    /// square must still move, into capture).
    fn null_move_ok(&self) -> bool {
        let us = self.turn();
        let b = self.board();
        let pieces = b.kind(PeKind::Knight)
            | b.kind(PeKind::Bishop)
            | b.kind(PeKind::Rook)
            | b.kind(PeKind::Queen);
        (pieces & b.color(us)).any()
            || [PeKind::Pawn, PeKind::Knight, PeKind::Bishop, PeKind::Rook]
                .into_iter()
                .any(|k| self.hand(us, k) > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::variants::pieceeater::START_FEN;

    fn pos(fen: &str) -> PieceEater {
        PieceEater::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Colours swapped and the board mirrored top to bottom (the PE and `pe-left` too).
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let (board, hand) = f[0].split_once('[').unwrap();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c == 'X' {
                        c
                    } else if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let ranks: Vec<&str> = board.split('/').rev().collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let sq = |s: &str| -> String {
            if s == "-" {
                return s.into();
            }
            let b = s.as_bytes();
            format!("{}{}", char::from(b[0]), char::from(b'9' - (b[1] - b'0')))
        };
        let castle: String = if f[2] == "-" { "-".into() } else { swap(f[2]) };
        format!(
            "{}[{}] {side} {castle} {} {} {} {}",
            swap(&ranks.join("/")),
            swap(hand.trim_end_matches(']')),
            sq(f[3]),
            f[4],
            f[5],
            sq(f.get(6).copied().unwrap_or("-"))
        )
    }

    #[test]
    fn start_is_balanced_and_mirrors_negate() {
        // The PE starts on d4, in White's half: White's second-rank pawns are two steps from it,
        // Black's are three, so White stands a little worse.
        let start = evaluate_white(&pos(START_FEN));
        assert!((-10..0).contains(&start), "{start}");
        for fen in [
            // Asymmetric middlegame with the PE off-centre and a pe-left square.
            "r3k2r/p1ppqpb1/bn1Xpnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[RBNPrbnp] w KQkq - 0 1 c5",
            // Pawns on the 6th and 7th (promotion terms), a White hand only.
            "4k3/1P6/8/3P4/8/5X2/8/4K3[RN] b - - 0 1 -",
            // Units next to the PE on both sides.
            "4k3/8/8/2nXB3/2p5/8/8/4K3[] w - - 0 1 -",
        ] {
            let a = evaluate_white(&pos(fen));
            let m = mirror(fen);
            let b = evaluate_white(&pos(&m));
            assert_eq!(a, -b, "{fen} vs {m}");
        }
    }

    #[test]
    fn material_and_hands() {
        let e = |f: &str| evaluate_white(&pos(f));
        // An extra queen is winning.
        assert!(e("4k3/8/8/8/8/5X2/8/3QK3[] w - - 0 1 -") > 700);
        // A rook in hand is worth less than a rook on the board, but much more than nothing.
        let board = e("4k3/8/8/8/8/5X2/8/R3K3[] w - - 0 1 -");
        let hand = e("4k3/8/8/8/8/5X2/8/4K3[R] w - - 0 1 -");
        let none = e("4k3/8/8/8/8/5X2/8/4K3[] w - - 0 1 -");
        assert!(board > hand && hand > none + 300, "{board} {hand} {none}");
    }

    #[test]
    fn standing_next_to_the_pe_costs() {
        let e = |f: &str| evaluate_white(&pos(f));
        // The PE on d5 may step to all eight neighbours (no king zone reaches them): a knight
        // on c4, Black to move (White cannot take it away first), is eaten with probability
        // 1/8; on f4 (same centre distance) it is reachable only on the second step.
        let near = e("4k3/8/8/3X4/2N5/8/8/4K3[] b - - 0 1 -");
        let far = e("4k3/8/8/3X4/5N2/8/8/4K3[] b - - 0 1 -");
        assert!(near < far, "near {near} far {far}");
        // White to move can take its most valuable threatened unit away first.
        let white_to_move = e("4k3/8/8/3X4/2N5/8/8/4K3[] w - - 0 1 -");
        assert!(white_to_move > near, "{white_to_move} {near}");
        // A unit next to its own king is safe from the PE (rule 2): the knight on d2 beside
        // the king on e2 versus beside nothing (king on f1); PE on c3, Black king far on h8.
        let shielded = e("7k/8/8/8/8/2X5/3NK3/8[] b - - 0 1 -");
        let open = e("7k/8/8/8/8/2X5/3N4/5K2[] b - - 0 1 -");
        assert!(shielded > open, "{shielded} {open}");
    }

    #[test]
    fn king_en_prise_and_promotion_terms() {
        // White to move can capture the black king along the open e-file (no check rule).
        let p = pos("4k3/8/8/8/8/5X2/8/4R1K1[] w - - 0 1 -");
        assert_eq!(p.evaluate(), KING_EN_PRISE);
        // The same with Black to move is not decisive (Black's king simply must move).
        let q = pos("4k3/8/8/8/8/5X2/8/4R1K1[] b - - 0 1 -");
        assert!(q.evaluate() < 1000);
        // PE-2: a pawn on the 6th with its step to the 7th free scores exactly SEVENTH_STEP
        // (endgame phase: no pieces) more than when the PE stands on b7 (no mobility or danger
        // terms differ: White to move takes its only unit in danger, the pawn, away).
        let e = |f: &str| evaluate_white(&pos(f));
        let free = e("4k3/8/1P6/8/8/5X2/8/4K3[] w - - 0 1 -");
        let blocked = e("4k3/1X6/1P6/8/8/8/8/4K3[] w - - 0 1 -");
        assert_eq!(free - blocked, SEVENTH_STEP.eg);
        // On the 7th with the 8th free it is worth more again.
        assert!(e("4k3/1P6/8/8/8/5X2/8/4K3[] w - - 0 1 -") > free);
    }

    #[test]
    fn tactical_classification() {
        // The PE on g6 may step to f5 g5 h5 f6 h6 g7 h7 (f7 is next to Black's king on e8);
        // h7 holds a black pawn. White: pawn e4 (can take d5), knight c3, a knight in hand.
        let p = pos("4k3/7p/6X1/3p4/4P3/2N5/8/4K3[N] w - - 0 1 -");
        let cap = p.parse_move("e4d5,g6h6").unwrap();
        assert!(p.is_tactical(cap), "a capture");
        let eats = p.parse_move("c3b5,g6h7").unwrap();
        assert!(p.is_tactical(eats), "a quiet action whose step eats a pawn");
        assert!(p.tactical_score(eats) > 0, "eating an enemy unit orders high");
        assert!(p.tactical_score(cap) > p.tactical_score(eats) / 2);
        assert!(!p.is_tactical(p.parse_move("c3b5,g6h6").unwrap()));
        assert!(!p.is_tactical(p.parse_move("N@b1,g6h6").unwrap()), "a quiet drop");
        assert!(p.is_tactical(p.parse_move("N@b1,g6h7").unwrap()), "a drop, then an eat");
        // Rule 3: a knight moved next to the PE on d4 is eaten (forced, no die): a material
        // change, ordered below everything that wins material.
        let q = pos("4k3/8/8/8/3X4/8/8/1N2K3[] w - - 0 1 -");
        let lost = q.parse_move("b1c3").unwrap();
        assert_eq!(lost.aux(), lost.to(), "forced eat of the mover");
        assert!(q.is_tactical(lost));
        assert!(q.tactical_score(lost) < 0);
    }
    #[test]
    fn promotions_are_tactical_including_the_seventh_rank() {
        let p = pos("4k3/8/1P6/8/8/5X2/8/4K3[] w - - 0 1 -");
        let stay = p.parse_move("b6b7,f3g4").unwrap();
        let rook = p.parse_move("b6b7r,f3g4").unwrap();
        assert!(!p.is_tactical(stay));
        assert!(p.is_tactical(rook));
        assert!(p.tactical_score(rook) > 0);
    }
}
