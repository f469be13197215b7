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

use crate::board8::{
    has_pieces, ids8, material_pst, orthodox_side, pst8, pst_centre, pst_chess, Ids8, KingAttack,
};
pub use crate::params::evaluate_white;
use crate::params::{self, param_groups, Acc, Sum};
use crate::{Evaluator, Score, S};
use movegen::attacks::magic::tables;
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, Square};
use movegen::variants::magician::{
    family_moves, promoted_form, Magician, MagicianKind, FAMILY, MAGICIAN_CODE,
};

param_groups! {
    MATERIAL: Pair "material" 10 [
        "pawn", "knight", "bishop", "rook", "queen",
        "magician", "high_priestess", "archbishop", "chancellor", "prime_minister",
    ];
    PST_PAWN: Pair "pst.pawn" 3 ["advance", "centre", "d2e2"];
    orthodox_pst;
    PST_MAGICIAN: Pair "pst.magician" 2 ["centre", "distance"];
    PST_PRIESTESS: Pair "pst.high_priestess" 2 ["centre", "distance"];
    PST_ARCHBISHOP: Pair "pst.archbishop" 2 ["centre", "distance"];
    PST_CHANCELLOR: Pair "pst.chancellor" 3 ["seventh", "centre", "distance"];
    PST_MINISTER: Pair "pst.prime_minister" 2 ["centre", "distance"];
    MOBILITY: Pair "mobility" 9 [
        "knight", "bishop", "rook", "queen",
        "magician", "high_priestess", "archbishop", "chancellor", "prime_minister",
    ];
    ROOK_FILE: Pair "rook_file" 2 ["open", "half_open"];
    ATTACK_WEIGHT: Fixed "king_attack.weight" 9 [
        "knight", "bishop", "rook", "queen",
        "magician", "high_priestess", "archbishop", "chancellor", "prime_minister",
    ];
    king_and_pawns;
    FLAG: Pair "flag" 1;
    TEMPO: Single "tempo" 1;
}

const IDS: Ids8 = ids8!();

/// Phase weight by kind; 24 = the start position's pieces (family pieces count by strength).
const PHASE: [i32; 11] = [0, 1, 1, 2, 4, 0, 1, 2, 3, 4, 6];
const PHASE_MAX: i32 = 24;

/// Centipawn value by kind for move ordering (the hand-set middlegame material; the king last;
/// not tuned).
pub const ORDER_VALUE: [i32; 11] = [100, 320, 335, 480, 960, 20_000, 275, 575, 875, 1050, 1600];

/// Attacker rank for least-valuable-attacker ordering (below 8, so it never outweighs a
/// difference in victims).
const ATTACKER_RANK: [i32; 11] = [0, 1, 2, 3, 5, 7, 1, 3, 4, 5, 6];

/// Fraction (as a right shift, by distance `d` in pawn moves; `d` >= 1) of the form's gain
/// granted for a pawn that far from its 6th rank: 1/2, 1/4, 1/8, 1/16, 1/32.
const TRIGGER_SHIFT: [u32; 6] = [0, 1, 2, 3, 4, 5];

/// Typical counts of the family's mobility (Magician .. Prime Minister).
const FAMILY_MOBILITY_BASE: [i32; 5] = [5, 9, 13, 14, 20];

/// The material parameter of kind index `k` (none for the king).
fn material(k: usize) -> Option<usize> {
    match k {
        0..=4 => Some(MATERIAL + k),
        5 => None,
        _ => Some(MATERIAL + k - 1),
    }
}

/// The material parameter of a kind other than the king.
fn material_id(k: MagicianKind) -> usize {
    material(k as usize).unwrap_or(MATERIAL)
}

/// Piece-square terms of kind index `kind` for White on `sq`, as (parameter, multiplier): our
/// own shaping from file, rank and the distance to the centre.
fn pst_terms(kind: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    let r = (sq / 8) as i32;
    pst_chess(pst8!(), kind, sq, f);
    match kind {
        0..=5 => {}
        // Magician: all her reach is within two squares, so the centre matters most.
        6 => pst_centre(PST_MAGICIAN, sq, f),
        // High-Priestess: the same short range with a larger area.
        7 => pst_centre(PST_PRIESTESS, sq, f),
        // Archbishop: bishop lines keep her useful away from the centre.
        8 => pst_centre(PST_ARCHBISHOP, sq, f),
        // Chancellor: rook lines; the 7th rank as for a rook.
        9 => {
            f(PST_CHANCELLOR, i32::from(r == 6));
            pst_centre(PST_CHANCELLOR + 1, sq, f);
        }
        // Prime Minister: as a queen.
        _ => pst_centre(PST_MINISTER, sq, f),
    }
}

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

/// The form the 6th-rank trigger would give `c`'s Magician now and the shift of its gain by
/// the trigger distance (none: no form, no pawn, or too far).
fn trigger(pos: &Magician, c: Color) -> Option<(MagicianKind, u32)> {
    let form = promoted_form(pos.board(), c)?;
    let d = trigger_distance(pos, c)?;
    let shift = *TRIGGER_SHIFT.get(d as usize)?;
    Some((form, shift))
}

/// The form's gain over the Magician at `p`, shifted right by `shift`.
fn gain(p: &Params, form: MagicianKind, shift: u32) -> Score {
    let g = p.v[material_id(form)] - p.v[material_id(MagicianKind::Magician)];
    S(g.mg >> shift, g.eg >> shift)
}

/// Adds `gain(form, s1) >> s2` (traced as the gain over `2^(s1 + s2)`).
fn add_gain<A: Acc>(acc: &mut A, p: &Params, form: MagicianKind, s1: u32, s2: u32) {
    if A::TRACE {
        let den = 1 << (s1 + s2);
        acc.frac(material_id(form), 1, den);
        acc.frac(material_id(MagicianKind::Magician), -1, den);
    } else {
        let g = gain(p, form, s1);
        acc.score(S(g.mg >> s2, g.eg >> s2));
    }
}

/// The expected gain of `c`'s Magician (on the board or switched in now) from the 6th-rank
/// trigger: the value of the form the §4 table gives now minus the Magician's, times 1/2 for
/// a pawn one move away, 1/4 for two, and so on (zero from six on, or with no form to gain).
pub fn trigger_potential(pos: &Magician, c: Color) -> Score {
    trigger(pos, c).map_or(S(0, 0), |(form, shift)| gain(params(), form, shift))
}

/// The `magician` flag's terms for `c` (nothing once it is cleared): `flag` for the open
/// option, plus half the trigger potential a switched-in Magician would have now when a bishop
/// may switch at once (it has moved, MG-1), a quarter when the bishops must move first.
fn flag<A: Acc>(pos: &Magician, c: Color, p: &Params, acc: &mut A) {
    if !pos.may_bring_in(c) {
        return;
    }
    acc.add(FLAG, 1);
    let bishops = pos.board().pieces(MagicianKind::Bishop, c);
    if bishops.is_empty() {
        return;
    }
    // MG-1: c1 and f1 for White, c8 and f8 for Black.
    let homes: Bb64 = Bitboard(c.select((1 << 2) | (1 << 5), (1 << 58) | (1 << 61)));
    if let Some((form, s1)) = trigger(pos, c) {
        let s2 = if (bishops & !homes).any() { 1 } else { 2 };
        add_gain(acc, p, form, s1, s2);
    }
}

/// The `magician` flag's value for `c` with the embedded parameters (see [`flag`]).
pub fn flag_value(pos: &Magician, c: Color) -> Score {
    let p = params();
    let mut s = Sum::new(&p.v);
    flag(pos, c, p, &mut s);
    s.s
}

/// What both sides' terms read: nothing here.
struct Shared;

fn shared(_: &Magician) -> Shared {
    Shared
}

fn side_terms<A: Acc>(pos: &Magician, c: Color, p: &Params, acc: &mut A, _: &Shared) -> i32 {
    let b = pos.board();
    let occ = b.occupied();
    let enemy = b.color(!c);
    // The family: moves into safe empty squares and captures on enemy units are different
    // sets, and both count.
    let family = |acc: &mut A, ka: &mut KingAttack, safe: u64| {
        for (i, &kind) in FAMILY.iter().enumerate() {
            for sq in b.pieces(kind, c) {
                let (moves, caps) = family_moves(kind, sq, occ);
                let reach = (moves & !occ & Bitboard(safe)) | (caps & enemy);
                acc.add(MOBILITY + 4 + i, reach.count() as i32 - FAMILY_MOBILITY_BASE[i]);
                ka.hit(caps.0, p.v[ATTACK_WEIGHT + 4 + i].mg);
            }
        }
    };
    let phase = material_pst(acc, b, c, p, &PHASE, material, pst_terms);
    orthodox_side(acc, b, c, &p.v, &IDS, family);
    // The variant's terms: her trigger while she stands unpromoted, or the open option.
    if b.pieces(MagicianKind::Magician, c).any() {
        if let Some((form, shift)) = trigger(pos, c) {
            add_gain(acc, p, form, shift, 0);
        }
    }
    flag(pos, c, p, acc);
    phase
}

/// Drawish material: no pawns (so no promotion of any kind is left) and little ahead.
fn drawish(pos: &Magician, v: i32) -> bool {
    pos.board().kind(MagicianKind::Pawn).is_empty() && v.abs() < 400
}

params::tune_table! {
    Magician, "magician.txt", kinds 11, squares 64, mirror |sq| sq ^ 56; sides, drawish quarter
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
        has_pieces(self.board(), self.turn())
    }
}

#[cfg(test)]
mod tests;
