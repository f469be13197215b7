//! `pieceeater` evaluation (`../shared/rules/pieceeater.md`): material on the board and in hand,
//! piece-square terms, mobility, pawn structure, king safety for a game won by capturing the
//! king, the danger of standing where the PieceEater (PE) may step next, and the 7th-rank
//! optional promotion (PE-2); tapered by phase (hands count toward the middlegame).
//!
//! Everything is our own shaping, written as formulas of file, rank and distance.

use crate::board8::{
    self, bishop_pair, ids8, material_pst, orthodox, pawn_cover, pawn_structure, pst8,
    pst_orthodox, shield, Ids8, KingAttack, Pieces8,
};
pub use crate::params::evaluate_white;
use crate::params::{self, param_groups, Acc, Sum, Trace, Tracer, Tune};
use crate::{Evaluator, S};
use movegen::attacks::magic::tables;
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, Square};
use movegen::variants::pieceeater::{PeKind, PieceEater, HAND_KINDS, TORUS, ZONE};

mod see;
pub use see::{see, see_ge};

param_groups! {
    MATERIAL: Pair "material" 5 ["pawn", "knight", "bishop", "rook", "queen"];
    HAND: Pair "hand" 4 ["pawn", "knight", "bishop", "rook"];
    PST_PAWN: Pair "pst.pawn" 2 ["advance", "centre"];
    orthodox_pst;
    MOBILITY: Pair "mobility" 4 ["knight", "bishop", "rook", "queen"];
    ROOK_FILE: Pair "rook_file" 2 ["open", "half_open"];
    ATTACK_WEIGHT: Fixed "king_attack.weight" 5 ["knight", "bishop", "rook", "queen", "pawn"];
    king_and_pawns;
    PROMOTION: Pair "promotion" 3 ["seventh_step", "seventh_step_covered", "eighth_step"];
    TEMPO: Single "tempo" 1;
}

const IDS: Ids8 = ids8!();

/// Phase weight by kind (board and hand alike); 32 = the start (24 on the board, 8 in hand).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_MAX: i32 = 32;

/// Centipawn value by kind for move ordering; the king's is the game (hand-set, not tuned).
pub const ORDER_VALUE: [i32; 6] = [100, 320, 335, 480, 960, 20_000];

/// Score (side to move's view) of a position where the side to move can capture the enemy
/// king. A lower bound of the true value (a king capture in one), far above any material count
/// and far below the search's mate scores.
pub const KING_EN_PRISE: i32 = 5_000;

/// The material parameter of kind index `k` (none for the king).
fn material(k: usize) -> Option<usize> {
    (k < 5).then_some(MATERIAL + k)
}

/// Piece-square terms of kind index `kind` for White on `sq`, as (parameter, multiplier): our
/// own shaping from file, rank and the distance to the centre. Ranks 6 and 7 of pawns are
/// scored by the promotion terms as well.
fn pst_terms(kind: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    let file = sq % 8;
    let centre_file = file == 3 || file == 4;
    // The king: at home on a wing early (no check rule: an exposed king is captured), to the
    // centre late.
    pst_orthodox(pst8!(), kind, sq, f);
    if kind == 3 {
        f(PST_ROOK + 1, i32::from(centre_file));
    }
}

/// Board and hand terms of side `c`: material, piece-square, mobility, king attack, pawns,
/// promotion. Returns the phase.
fn side_terms<A: Acc>(pos: &PieceEater, c: Color, p: &Params, acc: &mut A) -> i32 {
    let t = tables();
    let b = pos.board();
    let own = b.color(c).0;
    let occ = pos.occupied();
    let mut phase = material_pst(acc, b, c, p, &PHASE, material, pst_terms);
    for (i, kind) in
        [PeKind::Pawn, PeKind::Knight, PeKind::Bishop, PeKind::Rook].into_iter().enumerate()
    {
        let n = i32::from(pos.hand(c, kind));
        acc.add(HAND + i, n);
        phase += PHASE[kind as usize] * n;
    }
    // Mobility into squares that are not own, not the PE, and not covered by enemy pawns.
    let own_pawns = b.pieces(PeKind::Pawn, c).0;
    let enemy_pawns = b.pieces(PeKind::Pawn, !c).0;
    let enemy_cover = Bitboard(pawn_cover(enemy_pawns, !c));
    let safe = !own & !enemy_cover.0 & !(1u64 << pos.pe().0);
    let mut ka = KingAttack::new(pos.king(!c).map_or(0, |k| board8::king_zone(t, k)));
    let pieces = Pieces8::of(b, c);
    orthodox(acc, &p.v, &IDS, pieces, occ.0, safe, own_pawns, enemy_pawns, &mut ka);
    for sq in Bitboard(own_pawns) {
        ka.hit(t.pawn_attacks(c, sq).0, p.v[ATTACK_WEIGHT + 4].mg);
    }
    // King attack: with no check rule a king that runs out of safe squares is simply taken, so
    // pressure on it is worth more than in chess, and one attacker already counts.
    ka.finish(acc, &IDS);
    bishop_pair(acc, &IDS, pieces.bishops);
    // Pawns: structure, passers, and the promotion steps (PE-2: the 7th rank may promote).
    pawn_structure(acc, &IDS, c, own_pawns, enemy_pawns);
    let empty_ahead = !occ;
    for sq in Bitboard(own_pawns) {
        let rel = Geo8x8::relative_rank(c, Geo8x8::rank(sq));
        let ahead = match c {
            Color::White => Square(sq.0 + 8),
            Color::Black => Square(sq.0.wrapping_sub(8)),
        };
        if rel == 5 && empty_ahead.has(ahead) {
            acc.add(PROMOTION + usize::from(enemy_cover.has(ahead)), 1);
        }
        if rel == 6 && empty_ahead.has(ahead) {
            acc.add(PROMOTION + 2, 1);
        }
    }
    // Own king: pawn shield while on its home ranks; penalty for enemy queen and rooks in hand
    // range is left to the attack term.
    if let Some(king) = pos.king(c) {
        shield(acc, &IDS, c, king, own_pawns);
    }
    phase
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

/// How much of each kind's material each side expects to lose to the PE, by colour index and
/// kind index, scaled by [`DANGER_SCALE`].
///
/// The next step (after the side to move's action) enters each square of
/// [`next_step_squares`] with equal probability: a unit there is lost with probability
/// `1 / |A|`. The side to move can first move one of its units away, so its most valuable unit
/// in `A` (by the middlegame material of `p`) does not count. The step after that (following
/// the opponent's reply) is weighted by half, for units outside `A` (either side may react
/// before it).
fn pe_danger(pos: &PieceEater, p: &Params) -> [[i32; 6]; 2] {
    let mut out = [[0; 6]; 2];
    let a = next_step_squares(pos);
    let n = a.count() as i32;
    if n == 0 {
        return out;
    }
    let b = pos.board();
    let stm = pos.turn().index();
    let value = |k: usize| material(k).map_or(0, |id| p.v[id].mg);
    let mut best_rescue: Option<usize> = None;
    for sq in a & b.occupied() {
        let Some(u) = b.piece_at(sq) else { continue };
        let k = u.kind as usize;
        out[u.color.index()][k] += DANGER_SCALE / n;
        if u.color.index() == stm && value(k) > best_rescue.map_or(0, value) {
            best_rescue = Some(k);
        }
    }
    if let Some(k) = best_rescue {
        out[stm][k] -= DANGER_SCALE / n;
    }
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
            let Some(u) = b.piece_at(sq) else { continue };
            out[u.color.index()][u.kind as usize] += DANGER_SCALE / 2 / (n * n2);
        }
    }
    out
}

/// Both sides' terms and the PE danger at `p`; returns the phase. The danger is White's
/// expected loss minus Black's, rounded as one sum, added to `w`.
#[allow(clippy::needless_range_loop)] // indexes both colours
fn terms<A: Acc>(pos: &PieceEater, p: &Params, w: &mut A, b: &mut A) -> i32 {
    let phase = side_terms(pos, Color::White, p, w) + side_terms(pos, Color::Black, p, b);
    let danger = pe_danger(pos, p);
    if A::TRACE {
        for k in 0..5 {
            w.frac(MATERIAL + k, -danger[0][k], DANGER_SCALE);
            b.frac(MATERIAL + k, -danger[1][k], DANGER_SCALE);
        }
    } else {
        let mut d = [S(0, 0); 2];
        for (c, row) in danger.iter().enumerate() {
            for (k, &x) in row.iter().enumerate().take(5) {
                d[c] += p.v[MATERIAL + k] * x;
            }
        }
        w.score(-S((d[0].mg - d[1].mg) / DANGER_SCALE, (d[0].eg - d[1].eg) / DANGER_SCALE));
    }
    phase
}

params::tune_table! {
    PieceEater, "pieceeater.txt", kinds 6, squares 64, mirror |sq| sq ^ 56;
    /// Without the king-capture score: a position where the side to move can take the king is
    /// not quiet and is never traced.
    fn evaluate_white_with(&self, p: &Params) -> i32 {
        let (mut w, mut b) = (Sum::new(&p.v), Sum::new(&p.v));
        let phase = terms(self, p, &mut w, &mut b);
        (w.s - b.s).taper(phase, PHASE_MAX)
    }
    fn trace_terms(&self, p: &Params) -> Trace {
        let (mut w, mut b) = (Tracer::new(COUNT), Tracer::new(COUNT));
        let phase = terms(self, p, &mut w, &mut b);
        Trace::new(w, &b, phase, PHASE_MAX, 1.0, self.eval_with(p))
    }
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
    /// About 3,000 instructions an evaluation (both sides' terms and the PE's two-step danger),
    /// half of a search's work; everything it reads (board, hands, side to move, the PE's
    /// square and `pe-left`) is in the position's key.
    const EVAL_CACHE: bool = true;

    fn evaluate(&self) -> i32 {
        if king_attacked(self, !self.turn()) {
            return KING_EN_PRISE;
        }
        self.evaluate_embedded()
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

    /// The chess exchange with the PE's shared rules (`see.rs`): it blocks where it stands, and
    /// eats a unit moved next to it at once.
    const HAS_SEE: bool = true;

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see_ge(self, m, threshold)
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
        board8::has_pieces(self.board(), us) || HAND_KINDS.into_iter().any(|k| self.hand(us, k) > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Values;
    use crate::testing::{mirror_board, swap_case};
    use movegen::variants::pieceeater::START_FEN;

    fn pos(fen: &str) -> PieceEater {
        PieceEater::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Colours swapped and the board mirrored top to bottom (the PE and `pe-left` too).
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let (board, hand) = f[0].split_once('[').unwrap();
        let swap = |s: &str| swap_case(s, &['X']);
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
            mirror_board(board, &['X']),
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
        // PE-2: a pawn on the 6th with its step to the 7th free scores exactly
        // `promotion.seventh_step`
        // (endgame phase: no pieces) more than when the PE stands on b7 (no mobility or danger
        // terms differ: White to move takes its only unit in danger, the pawn, away).
        let e = |f: &str| evaluate_white(&pos(f));
        let free = e("4k3/8/1P6/8/8/5X2/8/4K3[] w - - 0 1 -");
        let blocked = e("4k3/1X6/1P6/8/8/8/8/4K3[] w - - 0 1 -");
        assert_eq!(free - blocked, params().get(PROMOTION).eg);
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
