//! `eightpiece` / `eightpiece-random` evaluation (`../shared/rules/eightpiece.md`): material
//! from the seed's estimates, piece-square terms as formulas (our own shaping), mobility, pawn
//! structure, king safety, tapered by phase, and the 8-Piece terms: lancer facing (toward
//! targets, never off the board), sentry push targets, jailer holds (a held unit is worth less,
//! a held king is in danger: it cannot step and can only pass), and a mop-up term for the K+J
//! mate. `docs/variants/eightpiece.md` ("Engine") gives the values and the reasons.

use crate::board8::{
    self, bishop_pair, center_distance, ids8, king_distance, material_pst, orthodox, pawn_cover,
    pawn_structure, pst8, pst_centre, pst_orthodox, shield, Ids8, KingAttack, Pieces8, FILE_A,
    FILE_H,
};
pub use crate::params::evaluate_white;
use crate::params::{self, param_groups, taper_sides, trace_sides, Acc, Trace};
use crate::Evaluator;
use movegen::attacks::magic::tables;
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Bitboard, Color, Dir, Geo8x8, Geometry, Square};
use movegen::variants::eightpiece::{EightKind, EightPiece};

param_groups! {
    MATERIAL: Pair "material" 8
        ["pawn", "knight", "bishop", "rook", "queen", "jailer", "lancer", "sentry"];
    PST_PAWN: Pair "pst.pawn" 3 ["advance", "centre", "first_rank"];
    PST_KNIGHT: Pair "pst.knight" 2 ["centre", "distance"];
    PST_BISHOP: Pair "pst.bishop" 2 ["centre", "distance"];
    PST_ROOK: Pair "pst.rook" 1 ["seventh"];
    PST_QUEEN: Pair "pst.queen" 2 ["centre", "distance"];
    PST_KING: Pair "pst.king" 7
        ["home_bcg", "home_ah", "home_df", "home_e", "rank", "centre", "distance"];
    PST_JAILER: Pair "pst.jailer" 3 ["rank", "centre", "distance"];
    PST_LANCER: Pair "pst.lancer" 2 ["centre", "distance"];
    PST_SENTRY: Pair "pst.sentry" 2 ["centre", "distance"];
    MOBILITY: Pair "mobility" 4 ["knight", "bishop", "rook", "queen"];
    JAILER_MOBILITY: Pair "mobility.jailer" 1;
    SENTRY_MOBILITY: Pair "mobility.sentry" 1;
    LANCER_REACH: Pair "mobility.lancer" 1;
    ROOK_FILE: Pair "rook_file" 2 ["open", "half_open"];
    ATTACK_WEIGHT: Fixed "king_attack.weight" 6
        ["knight", "bishop", "rook", "queen", "lancer", "sentry"];
    king_and_pawns;
    HELD: Pair "held" 8
        ["pawn", "knight", "bishop", "rook", "queen", "jailer", "lancer", "sentry"];
    HELD_KING: Pair "held_king" 3 ["base", "near", "close"];
    LANCER_BLOCKED: Pair "lancer.blocked" 1;
    LANCER_TARGET: Pair "lancer.target" 8
        ["pawn", "knight", "bishop", "rook", "queen", "jailer", "lancer", "sentry"];
    LANCER_FORWARD: Pair "lancer.forward" 1;
    SENTRY_TARGET: Pair "sentry.target" 9
        ["pawn", "knight", "bishop", "rook", "queen", "king", "jailer", "lancer", "sentry"];
    MOPUP: Single "mopup" 2 ["edge", "close"];
    TEMPO: Single "tempo" 1;
}

const IDS: Ids8 = ids8!();

/// Phase weight by kind; 26 = all pieces of the start position.
const PHASE: [i32; 9] = [0, 1, 1, 2, 4, 0, 2, 2, 1];
const PHASE_MAX: i32 = 26;

/// Centipawn value by kind for move ordering (the hand-set middlegame material; not tuned).
pub const ORDER_VALUE: [i32; 9] = [100, 320, 335, 480, 960, 20_000, 375, 470, 280];

/// The index of kind index `k` in the groups that leave out the king (material, held, lancer
/// targets).
const fn no_king(k: usize) -> usize {
    if k < 5 {
        k
    } else {
        k - 1
    }
}

/// The material parameter of kind index `k` (none for the king).
fn material(k: usize) -> Option<usize> {
    (k != EightKind::King as usize).then_some(MATERIAL + no_king(k))
}

/// Piece-square terms of kind index `kind` for White on `sq`, as (parameter, multiplier): our
/// own shaping from file, rank and the distance to the centre.
fn pst_terms(kind: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    let r = (sq / 8) as i32;
    pst_orthodox(pst8!(), kind, sq, f);
    match kind {
        // A pawn pushed back to its first rank is a little worse than one at home (it needs an
        // extra step).
        0 => f(PST_PAWN + 2, i32::from(r == 0)),
        1..=5 => {}
        // Jailer: forward and central, to reach enemy units; central late (mating net).
        6 => {
            f(PST_JAILER, r);
            pst_centre(PST_JAILER + 1, sq, f);
        }
        // Lancer: mildly central (its facing term does the rest).
        7 => pst_centre(PST_LANCER, sq, f),
        // Sentry: central diagonals, like a bishop.
        _ => pst_centre(PST_SENTRY, sq, f),
    }
}

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

fn side_terms<A: Acc>(pos: &EightPiece, c: Color, f: &Sides, p: &Params, acc: &mut A) -> i32 {
    let t = tables();
    let b = pos.board();
    let ci = c.index();
    let own = f.own[ci];
    let enemy = f.own[1 - ci];
    let occ = f.occ;
    let v = &p.v;
    // Our units standing on enemy hold squares do not move or attack (§3, 8P-1).
    let free = !f.hold[1 - ci];
    let phase = material_pst(acc, b, c, p, &PHASE, material, pst_terms);
    let safe = !own & !f.pawn_cover[1 - ci];
    let king_zone = board8::king_zone(t, pos.king(!c));
    let mut ka = KingAttack::new(king_zone);
    let unheld = |kind: EightKind| b.pieces(kind, c).0 & free;
    let own_pawns = b.pieces(EightKind::Pawn, c).0;
    let enemy_pawns = b.pieces(EightKind::Pawn, !c).0;
    let pieces = Pieces8 {
        knights: unheld(EightKind::Knight),
        bishops: unheld(EightKind::Bishop),
        rooks: unheld(EightKind::Rook),
        queens: unheld(EightKind::Queen),
    };
    orthodox(acc, v, &IDS, pieces, occ, safe, own_pawns, enemy_pawns, &mut ka);
    // Jailers: mobility to empty squares (they never capture), and their holds.
    for sq in Bitboard(unheld(EightKind::Jailer)) {
        let a = t.rook(sq, Bitboard(occ)).0 & !occ;
        acc.add(JAILER_MOBILITY, (a & safe).count_ones() as i32 - 7);
    }
    // What our jailers hold (§3): a held unit is worth less to its owner (it neither moves
    // nor guards nor attacks until released); a held king cannot step (only pass, §4):
    // dangerous, more so with our king or attackers close (K+J mates this way).
    let held = enemy & f.hold[ci];
    for sq in Bitboard(held) {
        let k = b.kind_at(sq).map_or(0, |k| k as usize);
        if k == EightKind::King as usize {
            let near = (t.king[sq.idx()].0 | king_zone) & own;
            acc.add(HELD_KING, 1);
            acc.add(HELD_KING + 1, near.count_ones() as i32);
            if king_distance(pos.king(c), sq) <= 2 {
                acc.add(HELD_KING + 2, 1);
            }
        } else {
            acc.add(HELD + no_king(k), 1);
        }
    }
    // Lancers: reach along the facing, the first enemy unit in front (its value counts), the
    // enemy king zone in the line of fire, and a facing with no square in front costs a move.
    for sq in Bitboard(unheld(EightKind::Lancer)) {
        let d = pos.facing_at(sq);
        if step(sq, d).is_none() {
            acc.add(LANCER_BLOCKED, 1);
            continue;
        }
        let (reach, target) = lancer_ray(sq, d, enemy);
        acc.add(LANCER_REACH, (reach & !own).count_ones() as i32 - 3);
        if let Some(t) = target {
            let k = b.kind_at(t).map_or(0, |k| k as usize);
            if k != EightKind::King as usize {
                acc.add(LANCER_TARGET + no_king(k), 1);
            }
        }
        // Facing the enemy camp (forward facings) is useful early.
        acc.add(LANCER_FORWARD, i32::from(d.delta().dy) * i32::from(c.forward()));
        ka.hit(reach, v[ATTACK_WEIGHT + 4].mg);
    }
    // Sentries: diagonal slides to empty squares, and push targets: enemy units first on a
    // diagonal (a push moves them at our will, §6.2), the more valuable the better.
    for sq in Bitboard(unheld(EightKind::Sentry)) {
        let a = t.bishop(sq, Bitboard(occ)).0;
        let slides = a & !occ;
        acc.add(SENTRY_MOBILITY, (slides & safe).count_ones() as i32 - 5);
        for t in Bitboard(a & enemy) {
            let k = b.kind_at(t).map_or(0, |k| k as usize);
            acc.add(SENTRY_TARGET + k, 1);
        }
        ka.hit(a, v[ATTACK_WEIGHT + 5].mg);
    }
    ka.finish(acc, &IDS);
    bishop_pair(acc, &IDS, b.pieces(EightKind::Bishop, c).0);
    pawn_structure(acc, &IDS, c, own_pawns, enemy_pawns);
    shield(acc, &IDS, c, pos.king(c), own_pawns);
    phase
}

fn facts(pos: &EightPiece) -> Sides {
    let b = pos.board();
    let own = [b.color(Color::White).0, b.color(Color::Black).0];
    let hold = [
        orth_adj(b.pieces(EightKind::Jailer, Color::White).0),
        orth_adj(b.pieces(EightKind::Jailer, Color::Black).0),
    ];
    let pawn_cover = Color::ALL.map(|c| {
        let free = !hold[1 - c.index()];
        pawn_cover(b.pieces(EightKind::Pawn, c).0 & free, c)
    });
    Sides { own, occ: own[0] | own[1], hold, pawn_cover }
}

/// Mop-up: with a clear material lead and no enemy pawns, drive the lone king to the edge and
/// bring ours close (the K+J and K+L mates need both): (edge, closeness) multipliers of the
/// `mopup` parameters.
fn mop_up(pos: &EightPiece, strong: Color) -> (i32, i32) {
    let weak_king = pos.king(!strong);
    let edge = center_distance(weak_king.idx());
    let close = 7 - king_distance(pos.king(strong), weak_king);
    (edge, close)
}

/// The tapered sum of both sides' terms at `p`.
fn tapered(pos: &EightPiece, p: &Params) -> i32 {
    let f = facts(pos);
    taper_sides(&p.v, PHASE_MAX, |c, acc| side_terms(pos, c, &f, p, acc))
}

/// What follows the taper: whether the drawish scale (1/4) applies, and the mop-up
/// multipliers (edge, closeness) from White's view.
fn after_taper(pos: &EightPiece, v: i32) -> (bool, (i32, i32)) {
    let bd = pos.board();
    let pawns = bd.kind(EightKind::Pawn);
    // No pawns and at most a minor unit ahead: hard to win.
    let drawish = pawns.is_empty() && v.abs() < 300;
    let v = if drawish { v / 4 } else { v };
    let mut mop = (0, 0);
    for strong in [Color::White, Color::Black] {
        let weak_units = bd.color(!strong).count();
        let lead = if strong == Color::White { v } else { -v };
        if lead > 250 && (pawns & bd.color(!strong)).is_empty() && weak_units <= 2 {
            let (e, c) = mop_up(pos, strong);
            let sign = if strong == Color::White { 1 } else { -1 };
            mop.0 += sign * e;
            mop.1 += sign * c;
        }
    }
    (drawish, mop)
}

params::tune_table! {
    EightPiece, "eightpiece.txt", kinds 9, squares 64, mirror |sq| sq ^ 56;
    fn evaluate_white_with(&self, p: &Params) -> i32 {
        let v = tapered(self, p);
        let (drawish, mop) = after_taper(self, v);
        let v = if drawish { v / 4 } else { v };
        v + p.v[MOPUP].mg * mop.0 + p.v[MOPUP + 1].mg * mop.1
    }
    fn trace_terms(&self, p: &Params) -> Trace {
        let f = facts(self);
        let (drawish, mop) = after_taper(self, tapered(self, p));
        let scale = if drawish { 0.25 } else { 1.0 };
        let mut t = trace_sides(COUNT, PHASE_MAX, scale, self.eval_with(p), |c, acc| {
            side_terms(self, c, &f, p, acc)
        });
        t.single(MOPUP, f64::from(mop.0));
        t.single(MOPUP + 1, f64::from(mop.1));
        t
    }
}

impl Evaluator for EightPiece {
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
    use crate::params::Values;
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
    fn material_order_is_sane() {
        // The seed estimates sentry 2.8 < knight 3 < jailer 3.5-4 < lancer 4.5-5 < rook 5 <
        // queen 9. The table is fitted to game results (docs/decisions/0005-fitted-weights.md),
        // and the fit puts the jailer above the lancer and shifts value between the material
        // and piece-square terms (a centralised knight outscores a lancer on d4), so what is
        // pinned is the order of the material parameters, middlegame + endgame, that the seed
        // and the fit agree on: sentry below knight, jailer and lancer between knight and rook
        // (the lancer up to a rook), the queen above all.
        let p = params();
        let m = |k: EightKind| {
            let s = p.get(material(k as usize).expect("not the king"));
            s.mg + s.eg
        };
        let (s, n, r, q) =
            (m(EightKind::Sentry), m(EightKind::Knight), m(EightKind::Rook), m(EightKind::Queen));
        let (j, l) = (m(EightKind::Jailer), m(EightKind::Lancer));
        assert!(s > 400 && s < n, "sentry {s} below knight {n}");
        assert!(j > n && j < r, "jailer {j} between knight {n} and rook {r}");
        assert!(l > n && l < r + 200, "lancer {l} between knight {n} and about a rook {r}");
        assert!(q > r + 400 && q > j + 400 && q > l + 400, "queen {q} above all");
        // On the board: one extra unit for White each time (d4), kings far apart, a pawn
        // each: every unit is worth more than two pawns and less than a queen.
        let with = |u: &str| e(&format!("4k3/p7/8/8/3{u}4/8/P7/4K3 w - - 0 1"));
        let qb = with("Q");
        for u in ["J", "L(n)", "S", "N", "B", "R"] {
            let v = with(u);
            assert!(v > 200 && v < qb, "{u}: {v} (queen {qb})");
        }
    }

    #[test]
    fn lancer_facing_matters() {
        // A lancer d4 facing the black queen (d8) gains against facing away (s), compared
        // with the same two facings when the queen stands off its lines (a8): the difference
        // of differences isolates the target term (mobility is 4 squares north either way).
        let lancer = |face: &str, q: &str| e(&format!("{q}/8/8/8/3L({face})4/8/8/4K3 w - - 0 1"));
        let on_line = lancer("n", "3qk3") - lancer("s", "3qk3");
        let off_line = lancer("n", "q3k3") - lancer("s", "q3k3");
        assert!(on_line > off_line, "facing the queen gains {on_line} vs off line {off_line}");
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
