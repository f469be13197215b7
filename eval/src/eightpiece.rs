//! `eightpiece` / `eightpiece-random` evaluation (`../shared/rules/eightpiece.md`): material
//! from the seed's estimates, piece-square terms as formulas (our own shaping), mobility, pawn
//! structure, king safety, tapered by phase, and the 8-Piece terms: lancer facing (toward
//! targets, never off the board), sentry push targets, jailer holds (a held unit is worth less,
//! a held king is in danger: it cannot step and can only pass), and a mop-up term for the K+J
//! mate. `docs/variants/eightpiece.md` ("Engine") gives the values and the reasons.

use crate::board8::{adjacent_files, file_bb, front_span, FILE_A};
use crate::{Evaluator, Score, S};
use movegen::attacks::magic::tables;
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Bitboard, Color, Dir, Geo8x8, Geometry, Square};
use movegen::variants::eightpiece::{EightKind, EightPiece};

/// Material (middlegame, endgame) by kind index (P N B R Q K J L S). Seed estimates: jailer
/// 3.5-4, lancer 4.5-5, sentry 2.8 pawns; the orthodox pieces as in `chess`. The jailer keeps
/// more of its value late (it mates with the king alone), the sentry less (fewer units to push).
pub const MATERIAL: [Score; 9] = [
    S(100, 120),
    S(320, 295),
    S(335, 315),
    S(480, 540),
    S(960, 1000),
    S(0, 0),
    S(370, 400),
    S(470, 490),
    S(285, 265),
];
/// Phase weight by kind; 26 = all pieces of the start position.
const PHASE: [i32; 9] = [0, 1, 1, 2, 4, 0, 2, 2, 1];
const PHASE_MAX: i32 = 26;

/// Centipawn value by kind for move ordering and hold terms.
pub const ORDER_VALUE: [i32; 9] = [100, 320, 335, 480, 960, 20_000, 375, 470, 280];

const KINDS: [EightKind; 9] = [
    EightKind::Pawn,
    EightKind::Knight,
    EightKind::Bishop,
    EightKind::Rook,
    EightKind::Queen,
    EightKind::King,
    EightKind::Jailer,
    EightKind::Lancer,
    EightKind::Sentry,
];

const FILE_H: u64 = FILE_A << 7;

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
            // Pawns: advance, central pawns early; a pawn pushed back to its first rank is
            // a little worse than one at home (it needs an extra step).
            let central = if (f == 3 || f == 4) && (r == 3 || r == 4) { 15 } else { 0 };
            let back = if r == 0 { -8 } else { 0 };
            S((r - 1) * 4 + central + back, (r - 1) * 10 + back)
        }
        1 => S(14 - 7 * cd, 10 - 5 * cd),
        2 => S(10 - 4 * cd, 8 - 3 * cd),
        3 => {
            let seventh = if r == 6 { 20 } else { 0 };
            S(seventh, if r == 6 { 12 } else { 0 })
        }
        4 => S(4 - 2 * cd, 12 - 4 * cd),
        5 => {
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
        // Jailer: forward and central, to reach enemy units; central late (mating net).
        6 => S(3 * r - 2 * cd, 10 - 4 * cd),
        // Lancer: mildly central (its facing term does the rest).
        7 => S(6 - 2 * cd, 6 - 2 * cd),
        // Sentry: central diagonals, like a bishop.
        _ => S(10 - 4 * cd, 6 - 2 * cd),
    }
}

const fn build_pst() -> [[[Score; 64]; 9]; 2] {
    let mut t = [[[S(0, 0); 64]; 9]; 2];
    let mut k = 0;
    while k < 9 {
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
static PST: [[[Score; 64]; 9]; 2] = build_pst();

const PASSED: [Score; 8] =
    [S(0, 0), S(5, 10), S(8, 15), S(15, 28), S(28, 50), S(50, 85), S(80, 130), S(0, 0)];

/// Squares orthogonally next to the units of `b` (a side's hold squares when `b` is its
/// jailers, rule book §3).
#[inline]
pub fn orth_adj(b: u64) -> u64 {
    (b << 8) | (b >> 8) | ((b & !FILE_H) << 1) | ((b & !FILE_A) >> 1)
}

/// The next square from `sq` in direction `d`, if on the board.
#[inline]
fn step(sq: Square, d: Dir) -> Option<Square> {
    let dd = d.delta();
    Geo8x8::square(
        i32::from(Geo8x8::file(sq)) + i32::from(dd.dx),
        i32::from(Geo8x8::rank(sq)) + i32::from(dd.dy),
    )
}

/// A lancer's reach along its facing (rule book §7.1, §7.3): the squares up to and including
/// the first enemy unit, passing over friends. Returns (reach, the first enemy unit's square).
fn lancer_ray(sq: Square, d: Dir, enemy: u64) -> (u64, Option<Square>) {
    let mut reach = 0;
    let mut s = sq;
    while let Some(n) = step(s, d) {
        reach |= 1u64 << n.0;
        if enemy & (1u64 << n.0) != 0 {
            return (reach, Some(n));
        }
        s = n;
    }
    (reach, None)
}

/// Per-side facts used by both sides' terms.
struct Sides {
    own: [u64; 2],
    occ: u64,
    /// Squares held by each side's jailers.
    hold: [u64; 2],
    /// Squares attacked by each side's unheld pawns.
    pawn_cover: [u64; 2],
}

fn side_terms(pos: &EightPiece, c: Color, f: &Sides) -> (Score, i32) {
    let t = tables();
    let b = pos.board();
    let ci = c.index();
    let own = f.own[ci];
    let enemy = f.own[1 - ci];
    let occ = f.occ;
    // Our units standing on enemy hold squares do not move or attack (§3, 8P-1).
    let free = !f.hold[1 - ci];
    let mut s = S(0, 0);
    let mut phase = 0;
    for (k, &kind) in KINDS.iter().enumerate() {
        for sq in b.pieces(kind, c) {
            s += PST[ci][k][sq.idx()];
            phase += PHASE[k];
        }
    }
    let safe = !own & !f.pawn_cover[1 - ci];
    let enemy_king = pos.king(!c);
    let king_zone = t.king[enemy_king.idx()].0 | (1u64 << enemy_king.0);
    let mut attack_units = 0;
    let mut attackers = 0;
    let mut zone = |a: u64, w: i32| {
        if a & king_zone != 0 {
            attack_units += w * (a & king_zone).count_ones() as i32;
            attackers += 1;
        }
    };
    let unheld = |bb: Bitboard<u64>| bb.0 & free;
    for sq in Bitboard(unheld(b.pieces(EightKind::Knight, c))) {
        let a = t.knight[sq.idx()].0;
        s += S(4, 4) * ((a & safe).count_ones() as i32 - 4);
        zone(a, 2);
    }
    for sq in Bitboard(unheld(b.pieces(EightKind::Bishop, c))) {
        let a = t.bishop(sq, Bitboard(occ)).0;
        s += S(5, 5) * ((a & safe).count_ones() as i32 - 6);
        zone(a, 2);
    }
    let own_pawns = b.pieces(EightKind::Pawn, c).0;
    let enemy_pawns = b.pieces(EightKind::Pawn, !c).0;
    for sq in Bitboard(unheld(b.pieces(EightKind::Rook, c))) {
        let a = t.rook(sq, Bitboard(occ)).0;
        s += S(2, 4) * ((a & safe).count_ones() as i32 - 7);
        let file = file_bb(Geo8x8::file(sq));
        if file & own_pawns == 0 {
            s += if file & enemy_pawns == 0 { S(25, 10) } else { S(12, 5) };
        }
        zone(a, 3);
    }
    for sq in Bitboard(unheld(b.pieces(EightKind::Queen, c))) {
        let a = t.queen(sq, Bitboard(occ)).0;
        s += S(1, 2) * ((a & safe).count_ones() as i32 - 13);
        zone(a, 5);
    }
    // Jailers: mobility to empty squares (they never capture), and their holds.
    for sq in Bitboard(unheld(b.pieces(EightKind::Jailer, c))) {
        let a = t.rook(sq, Bitboard(occ)).0 & !occ;
        s += S(2, 3) * ((a & safe).count_ones() as i32 - 7);
    }
    // What our jailers hold (§3): a held unit is worth less to its owner, by a fifth of its
    // value (it neither moves nor guards nor attacks until released); a held king cannot step
    // (only pass, §4): dangerous, more so with our king or attackers close (K+J mates this way).
    let held = enemy & f.hold[ci];
    for sq in Bitboard(held) {
        let k = b.kind_at(sq).map_or(0, |k| k as usize);
        if k == EightKind::King as usize {
            let near = (t.king[sq.idx()].0 | king_zone) & own;
            s += S(40, 45) + S(12, 12) * near.count_ones() as i32;
            let kd = king_distance(pos.king(c), sq);
            if kd <= 2 {
                s += S(10, 35);
            }
        } else {
            let v = ORDER_VALUE[k];
            s += S(v / 5, v / 6);
        }
    }
    // Lancers: reach along the facing, the first enemy unit in front (its value counts), the
    // enemy king zone in the line of fire, and a facing with no square in front costs a move.
    for sq in Bitboard(unheld(b.pieces(EightKind::Lancer, c))) {
        let d = pos.facing_at(sq);
        if step(sq, d).is_none() {
            s += S(-35, -25);
            continue;
        }
        let (reach, target) = lancer_ray(sq, d, enemy);
        s += S(3, 3) * ((reach & !own).count_ones() as i32 - 3);
        if let Some(v) = target {
            let k = b.kind_at(v).map_or(0, |k| k as usize);
            if k != EightKind::King as usize {
                s += S(ORDER_VALUE[k] / 20, ORDER_VALUE[k] / 25);
            }
        }
        // Facing the enemy camp (forward facings) is useful early.
        let dy = i32::from(d.delta().dy) * i32::from(c.forward());
        s += S(8 * dy, 0);
        zone(reach, 3);
    }
    // Sentries: diagonal slides to empty squares, and push targets: enemy units first on a
    // diagonal (a push moves them at our will, §6.2), the more valuable the better.
    for sq in Bitboard(unheld(b.pieces(EightKind::Sentry, c))) {
        let a = t.bishop(sq, Bitboard(occ)).0;
        let slides = a & !occ;
        s += S(3, 3) * ((slides & safe).count_ones() as i32 - 5);
        for v in Bitboard(a & enemy) {
            let k = b.kind_at(v).map_or(0, |k| k as usize);
            s += S(8, 6) + S(ORDER_VALUE[k.min(4)] / 40, ORDER_VALUE[k.min(4)] / 50);
        }
        zone(a, 2);
    }
    if attackers >= 2 {
        let u = attack_units.min(40);
        s += S(u * u / 3, u);
    }
    if b.pieces(EightKind::Bishop, c).more_than_one() {
        s += S(30, 50);
    }
    // Pawn structure.
    for sq in Bitboard(own_pawns) {
        let fl = Geo8x8::file(sq);
        let span = front_span(c, sq);
        if span & enemy_pawns == 0 && span & file_bb(fl) & own_pawns == 0 {
            s += PASSED[usize::from(Geo8x8::relative_rank(c, Geo8x8::rank(sq)))];
        }
        if adjacent_files(fl) & own_pawns == 0 {
            s += S(-12, -15);
        }
        if (file_bb(fl) & own_pawns).count_ones() > 1 {
            s += S(-6, -12);
        }
    }
    // Pawn shield in front of our own king (middlegame).
    let king = pos.king(c);
    let kf = Geo8x8::file(king);
    if Geo8x8::relative_rank(c, Geo8x8::rank(king)) <= 1 {
        let shield_ranks: u64 = match c {
            Color::White => 0x00ff_ff00,
            Color::Black => 0x00ff_ff00u64 << 32,
        };
        let shield = (own_pawns & (file_bb(kf) | adjacent_files(kf)) & shield_ranks).count_ones();
        s += S(10 * (shield as i32).min(3), 0);
    }
    (s, phase)
}

fn king_distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(Geo8x8::file(a)) - i32::from(Geo8x8::file(b))).abs();
    let dr = (i32::from(Geo8x8::rank(a)) - i32::from(Geo8x8::rank(b))).abs();
    df.max(dr)
}

fn facts(pos: &EightPiece) -> Sides {
    let b = pos.board();
    let t = tables();
    let own = [b.color(Color::White).0, b.color(Color::Black).0];
    let hold = [
        orth_adj(b.pieces(EightKind::Jailer, Color::White).0),
        orth_adj(b.pieces(EightKind::Jailer, Color::Black).0),
    ];
    let mut pawn_cover = [0u64; 2];
    for c in [Color::White, Color::Black] {
        let free = !hold[1 - c.index()];
        for sq in Bitboard(b.pieces(EightKind::Pawn, c).0 & free) {
            pawn_cover[c.index()] |= t.pawn_attacks(c, sq).0;
        }
    }
    Sides { own, occ: own[0] | own[1], hold, pawn_cover }
}

/// Mop-up: with a clear material lead and no enemy pawns, drive the lone king to the edge and
/// bring ours close (the K+J and K+L mates need both).
fn mop_up(pos: &EightPiece, strong: Color) -> i32 {
    let weak_king = pos.king(!strong);
    let edge = center_distance(weak_king.idx());
    let close = 7 - king_distance(pos.king(strong), weak_king);
    12 * edge + 6 * close
}

/// Static evaluation from White's view, in centipawns.
pub fn evaluate_white(pos: &EightPiece) -> i32 {
    let f = facts(pos);
    let (w, pw) = side_terms(pos, Color::White, &f);
    let (b, pb) = side_terms(pos, Color::Black, &f);
    let phase = pw + pb;
    let mut v = (w - b).taper(phase, PHASE_MAX);
    let bd = pos.board();
    let pawns = bd.kind(EightKind::Pawn);
    if pawns.is_empty() && v.abs() < 300 {
        // No pawns and at most a minor unit ahead: hard to win.
        v /= 4;
    }
    for strong in [Color::White, Color::Black] {
        let weak_units = bd.color(!strong).count();
        let lead = if strong == Color::White { v } else { -v };
        if lead > 250 && (pawns & bd.color(!strong)).is_empty() && weak_units <= 2 {
            let m = mop_up(pos, strong);
            v += if strong == Color::White { m } else { -m };
        }
    }
    v
}

impl Evaluator for EightPiece {
    fn evaluate(&self) -> i32 {
        let v = evaluate_white(self) + if self.turn() == Color::White { 10 } else { -10 };
        if self.turn() == Color::White {
            v
        } else {
            -v
        }
    }

    /// Every move that changes material: captures by any unit (a lancer's or a
    /// Turn-then-Move's included), e.p., promotions, and pushes whose pushed unit takes a unit
    /// of its own colour (§6.2; the sentry's vacated square is empty during the push, and a
    /// nudge never captures).
    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        let b = self.board();
        match m.kind() {
            MoveKind::Push | MoveKind::Nudge => {
                m.aux() != m.from() && b.piece_at(m.aux()).is_some()
            }
            MoveKind::EnPassant => true,
            MoveKind::Castle | MoveKind::Turn | MoveKind::Pass => false,
            _ => m.promo() != 0 || b.piece_at(m.to()).is_some_and(|p| p.color != self.turn()),
        }
    }

    /// Victim value first, then promotion gain, then the cheaper mover (a push-capture's mover
    /// is the sentry).
    #[inline]
    fn tactical_score(&self, m: Move) -> i32 {
        let b = self.board();
        let kind_value = |sq: Square| b.kind_at(sq).map_or(0, |k| ORDER_VALUE[k as usize]);
        let (victim, attacker) = match m.kind() {
            MoveKind::EnPassant => (100, 0),
            MoveKind::Push | MoveKind::Nudge => (
                if m.aux() != m.from() { kind_value(m.aux()) } else { 0 },
                EightKind::Sentry as i32,
            ),
            _ => {
                let v = match b.piece_at(m.to()) {
                    Some(p) if p.color != self.turn() => ORDER_VALUE[p.kind as usize],
                    _ => 0,
                };
                (v, b.kind_at(m.from()).map_or(0, |k| k as i32))
            }
        };
        let promo = if m.promo() != 0 { ORDER_VALUE[usize::from(m.promo())] - 100 } else { 0 };
        (victim + promo) * 8 - attacker
    }

    /// A null move is tried only with a capturing piece (knight, bishop, rook, queen or
    /// lancer) on our side: with only king, pawns, jailers and sentries zugzwang is likely. The
    /// held-king and in-check cases are refused by [`Rules::null_move`] itself.
    fn null_move_ok(&self) -> bool {
        let b = self.board();
        let us = b.color(self.turn());
        let pieces = b.kind(EightKind::Knight)
            | b.kind(EightKind::Bishop)
            | b.kind(EightKind::Rook)
            | b.kind(EightKind::Queen)
            | b.kind(EightKind::Lancer);
        (pieces & us).any()
    }

    /// Unlimited: a pushed pawn moves backwards (§6.2) and a pawn move resets the 50-move count
    /// only on a square new to that pawn (§9), so neither the halfmove clock nor a pawn move
    /// bounds how far back an equal position can lie.
    fn repetition_horizon(&self) -> usize {
        usize::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;

    fn e(fen: &str) -> i32 {
        evaluate_white(&EightPiece::from_fen_as(VariantId::EightPiece, fen).unwrap())
    }

    #[test]
    fn symmetric_positions_score_zero_from_white_view() {
        for fen in [
            movegen::variants::eightpiece::START_FEN,
            "j3k2r/pppj1ppp/2s5/8/8/2S5/PPPJ1PPP/J3K2R w KQkq - 0 1 -",
        ] {
            assert_eq!(e(fen), 0, "{fen}");
        }
    }

    #[test]
    fn material_order_follows_the_seed() {
        // One extra unit for White each time, kings far apart, a pawn each.
        let with = |u: &str| e(&format!("4k3/p7/8/8/3{u}4/8/P7/4K3 w - - 0 1"));
        let (j, l, s, n, r) = (with("J"), with("L(n)"), with("S"), with("N"), with("R"));
        assert!(s > 200 && s < n, "sentry {s} below knight {n}");
        assert!(j > n && j < l, "jailer {j} between knight {n} and lancer {l}");
        assert!(l < r + 100 && l > j, "lancer {l} about a rook {r}");
    }

    #[test]
    fn lancer_facing_matters() {
        // Lancer d4 facing the black queen d7 (a target) vs facing away off... toward the edge
        // on a1 facing sw (no square in front: a move lost).
        let toward = e("4k3/3q4/8/8/3L(n)4/8/8/4K3 w - - 0 1");
        let away = e("4k3/3q4/8/8/3L(s)4/8/8/4K3 w - - 0 1");
        assert!(toward > away, "facing the queen {toward} vs facing own rank {away}");
        let stuck = e("4k3/8/8/8/8/8/8/L(sw)3K3 w - - 0 1");
        let free = e("4k3/8/8/8/8/8/8/L(ne)3K3 w - - 0 1");
        assert!(free - stuck >= 30, "off-board facing costs: {free} vs {stuck}");
    }

    #[test]
    fn holds_count() {
        // The black queen d4 held by the white jailer e4, vs the same queen free (jailer e3).
        let held = e("4k3/8/8/8/3qJ3/8/8/K7 w - - 0 1");
        let free = e("4k3/8/8/8/3q4/4J3/8/K7 w - - 0 1");
        assert!(held > free + 100, "held queen {held} vs free {free}");
        // A held king is in danger: black king e8 held by the jailer e7.
        let king_held = e("4k3/4J3/8/8/8/8/8/K7 w - - 0 1");
        let king_free = e("4k3/8/4J3/8/8/8/8/K7 w - - 0 1");
        assert!(king_held > king_free + 30, "{king_held} vs {king_free}");
    }

    #[test]
    fn mirror_is_negation() {
        let a = e("j3k3/pp6/2s5/8/8/8/5PPP/4K2R w K - 0 1");
        let b = e("4k2r/5ppp/8/8/8/2S5/PP6/J3K3 b k - 0 1");
        assert_eq!(a, -b);
    }

    #[test]
    fn tactical_classification() {
        let p = |fen: &str| EightPiece::from_fen_as(VariantId::EightPiece, fen).unwrap();
        // Push capture: the sentry c5 pushes the pawn e7 onto its own bishop f8.
        let pos = p("5b1k/4p3/8/2S5/8/8/8/4K3 w - - 0 1");
        let cap = pos.parse_move("c5e7,e7f8").unwrap();
        let quiet_push = pos.parse_move("c5e7,e7e8").unwrap();
        let slide = pos.parse_move("c5d6").unwrap();
        assert!(pos.is_tactical(cap));
        assert!(!pos.is_tactical(quiet_push));
        assert!(!pos.is_tactical(slide));
        assert!(pos.tactical_score(cap) > 0);
        // Lancer capture along its facing; castling is never a capture (even in Chess960 when
        // the king lands on its partner's square).
        let pos = p("4k3/8/8/8/8/8/8/L(n)3K2R w K - 0 1");
        assert!(!pos.is_tactical(pos.parse_move("e1g1").unwrap()));
        let pos = p("l(s)3k3/8/8/8/8/8/8/L(n)3K3 w - - 0 1");
        let m = pos.parse_move("a1a8=e").unwrap();
        assert!(pos.is_tactical(m));
        // Promotions to the new units are tactical.
        let pos = p("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        for t in ["b7b8j", "b7b8s", "b7b8l=s"] {
            assert!(pos.is_tactical(pos.parse_move(t).unwrap()), "{t}");
        }
    }

    #[test]
    fn null_move_policy() {
        let p = |fen: &str| EightPiece::from_fen_as(VariantId::EightPiece, fen).unwrap();
        assert!(p(movegen::variants::eightpiece::START_FEN).null_move_ok());
        // Only jailers, sentries and pawns: zugzwang-prone.
        assert!(!p("4k3/8/8/8/8/8/4P3/J1S1K3 w - - 0 1").null_move_ok());
        assert_eq!(p("4k3/8/8/8/8/8/8/4K3 w - - 0 1").repetition_horizon(), usize::MAX);
    }
}
