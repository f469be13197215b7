//! `tamerspiel` evaluation: material for all 19 kinds, piece-square terms on the 84-square board
//! (formulas of the distance to the centre and of the advance toward the enemy citadels),
//! mobility, pieces one step from a citadel promotion, king safety (with the swap flag: a king
//! that may still swap out of check is safer), the Tetrarch, pawns (advance, passed), tapered
//! between middlegame and endgame by the non-pawn material left.
//!
//! The material values are estimates from the pieces' Betza descriptions (argued in
//! `docs/variants/tamerspiel.md`, "Engine: search, evaluation and protocols"): short-range
//! leapers by their number of targets with a Knight's 8 targets as 300, riders and compounds
//! from the measured orthodox and Capablanca values adjusted to the 10x8 main board.

pub use crate::params::evaluate_white;
use crate::params::{self, param_groups, Acc, Sum, Trace, Tracer};
use crate::{Evaluator, S};
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Color, PieceKind};
use movegen::variants::tamerspiel::tables::{tables, Tables};
use movegen::variants::tamerspiel::{
    arrival_kind, bishop_zone, enemy_citadels, TamerSpiel, TsKind,
};

/// Number of kinds.
const KINDS: usize = 19;

param_groups! {
    MATERIAL: Pair "material" 17 [
        "pawn", "dabbabah", "firzan", "vizier", "guard", "horse", "bishop", "rook", "eagle",
        "lion", "champion", "nobleman", "archbishop", "marshall", "queen", "warlord", "supercav",
    ];
    TETRARCH: Pair "tetrarch" 1;
    PST_PAWN: Pair "pst.pawn" 2 ["advance", "centre"];
    PST_SHORT: Pair "pst.short" 3 ["centre", "base", "advance"];
    PST_BISHOP: Pair "pst.bishop" 2 ["centre", "base"];
    PST_ROOK: Pair "pst.rook" 3 ["seventh", "centre", "base"];
    PST_HEAVY: Pair "pst.heavy" 2 ["centre", "base"];
    PST_ROYAL: Pair "pst.royal" 8 [
        "home_cj", "home_bdik", "home_g", "home_al", "home_other", "rank", "centre", "base",
    ];
    MOBILITY: Pair "mobility" 16 [
        "dabbabah", "firzan", "vizier", "guard", "horse", "bishop", "rook", "eagle", "lion",
        "champion", "nobleman", "archbishop", "marshall", "queen", "warlord", "supercav",
    ];
    ATTACK_WEIGHT: Fixed "king_attack.weight" 16 [
        "dabbabah", "firzan", "vizier", "guard", "horse", "bishop", "rook", "eagle", "lion",
        "champion", "nobleman", "archbishop", "marshall", "queen", "warlord", "supercav",
    ];
    KING_DANGER: Pair "king_danger" 2 ["quad", "lin"];
    SWAP_KEPT: Pair "swap_kept" 1;
    SHELTER: Pair "shelter" 1;
    PASSED: Pair "passed" 8;
    TEMPO: Single "tempo" 1;
}

/// Hand-set middlegame material by kind index (`P D F V G N B R E L C O A M Q W S K T`), for
/// move ordering, quiescence pruning and the null-move test (not tuned; the evaluation's
/// material is `material.*` in the table).
const MATERIAL_MG: [i32; KINDS] =
    [90, 270, 165, 135, 300, 300, 340, 500, 620, 640, 640, 740, 850, 900, 960, 1230, 880, 0, 0];

/// Centipawn value by kind for move ordering (middlegame material; royals very high).
pub const ORDER_VALUE: [i32; KINDS] = {
    let mut t = MATERIAL_MG;
    t[TsKind::King as usize] = 20_000;
    t[TsKind::Tetrarch as usize] = 20_000;
    t
};

/// Non-pawn material (middlegame values, both sides) at which the game counts as a full
/// middlegame, and below which it is a pure endgame. The start has 2 x 5140.
const PHASE_HIGH: i32 = 7500;
const PHASE_LOW: i32 = 1500;
const PHASE_RANGE: i32 = PHASE_HIGH - PHASE_LOW;

const FILES: i32 = 12;

/// Typical mobility counts by kind index (zero for pawns and royals).
const MOBILITY_BASE: [i32; KINDS] =
    [0, 5, 3, 3, 5, 5, 6, 7, 10, 10, 10, 12, 11, 12, 13, 17, 14, 0, 0];

/// `(2 * file - 11, 2 * rank - 7)` folded: the distance from the centre of the main board, 0
/// on f4/g4/f5/g5 .. 8 on the citadels.
const fn center_distance(sq: usize) -> i32 {
    let f = (sq as i32) % FILES;
    let r = (sq as i32) / FILES;
    let df = (2 * f - 11).abs();
    let dr = (2 * r - 7).abs();
    (df + dr) / 2 - 1
}

/// The material parameter of kind index `k` (none for the royals).
fn material(k: usize) -> Option<usize> {
    (k < 17).then_some(MATERIAL + k)
}

/// Piece-square terms of kind index `kind` for White on `sq` (Black: the board rotated by 180
/// degrees, as its army), as (parameter, multiplier): formulas of the closeness to the centre
/// `c` (8 in the centre .. 0 on the citadels) and the advance.
fn pst_terms(kind: usize, sq: usize, f: &mut dyn FnMut(usize, i32)) {
    let file = (sq as i32) % FILES;
    let r = (sq as i32) / FILES;
    let c = 8 - center_distance(sq);
    match kind {
        0 => {
            // Pawns: advance (they promote, and open the way), central files early.
            f(PST_PAWN, r - 1);
            f(PST_PAWN + 1, i32::from((4..=7).contains(&file) && (2..=4).contains(&r)));
        }
        6 => {
            f(PST_BISHOP, c);
            f(PST_BISHOP + 1, 1);
        }
        7 => {
            // Rook: the 7th rank, a little central; its citadel start is fine.
            f(PST_ROOK, i32::from(r == 6));
            f(PST_ROOK + 1, c);
            f(PST_ROOK + 2, 1);
        }
        12..=15 => {
            // Heavy riders.
            f(PST_HEAVY, c);
            f(PST_HEAVY + 1, 1);
        }
        17 | 18 => {
            // Royals: sheltered on the first rank early (castled on c1 / j1 is ideal), central
            // late.
            if r == 0 {
                let home = match file {
                    2 | 9 => 0,
                    1 | 3 | 8 | 10 => 1,
                    6 => 2,
                    0 | 11 => 3,
                    _ => 4,
                };
                f(PST_ROYAL + home, 1);
            } else {
                f(PST_ROYAL + 5, r);
            }
            f(PST_ROYAL + 6, c);
            f(PST_ROYAL + 7, 1);
        }
        _ => {
            // Short-range pieces: centre, and forward toward the enemy citadels where they
            // promote (a little; the promotion term does the rest).
            f(PST_SHORT, c);
            f(PST_SHORT + 1, 1);
            f(PST_SHORT + 2, r.min(5));
        }
    }
}

const VALID: u128 = {
    // Files b..k on every rank, plus a1, l1, a8, l8.
    let mut m = 0u128;
    let mut sq = 0;
    while sq < 96 {
        let f = sq % 12;
        let r = sq / 12;
        if (f >= 1 && f <= 10) || r == 0 || r == 7 {
            m |= 1u128 << sq;
        }
        sq += 1;
    }
    m
};
const FILE_A: u128 = 1 | 1 << 84;
const FILE_L: u128 = 1 << 11 | 1 << 95;

/// Squares a pawn of `c` in front of which (own file and the two beside it, all ranks ahead)
/// no enemy pawn may stand for it to be passed.
const fn build_spans() -> [[u128; 96]; 2] {
    let mut t = [[0u128; 96]; 2];
    let mut sq = 0;
    while sq < 96 {
        let f = sq % 12;
        let r = sq / 12;
        let mut w = 0u128;
        let mut b = 0u128;
        let mut rr = 0;
        while rr < 8 {
            let mut ff = f - 1;
            while ff <= f + 1 {
                if ff >= 0 && ff < 12 {
                    let bit = 1u128 << (rr * 12 + ff);
                    if rr > r {
                        w |= bit;
                    }
                    if rr < r {
                        b |= bit;
                    }
                }
                ff += 1;
            }
            rr += 1;
        }
        t[0][sq as usize] = w & VALID;
        t[1][sq as usize] = b & VALID;
        sq += 1;
    }
    t
}
static SPANS: [[u128; 96]; 2] = build_spans();

/// The square indices of a raw set, lowest first.
#[inline(always)]
fn squares(bits: u128) -> impl Iterator<Item = usize> {
    movegen::types::squares(bits).map(movegen::types::Square::idx)
}

/// Squares attacked by `c`'s pawns.
#[inline(always)]
fn pawn_attacks(c: Color, pawns: u128) -> u128 {
    match c {
        Color::White => (((pawns & !FILE_L) << 13) | ((pawns & !FILE_A) << 11)) & VALID,
        Color::Black => (((pawns & !FILE_L) >> 11) | ((pawns & !FILE_A) >> 13)) & VALID,
    }
}

/// Where a non-pawn unit of mailbox code `code` on `sq` attacks, with occupancy `occ`.
#[inline(always)]
fn attacks(t: &Tables, kind: TsKind, code: usize, sq: usize, occ: u128) -> u128 {
    let s = movegen::types::Square(sq as u8);
    let mut a = t.leap[code][sq];
    match kind {
        TsKind::Rook | TsKind::Marshall => a |= t.rook(s, occ),
        TsKind::Bishop | TsKind::Archbishop => a |= t.bishop(s, occ),
        TsKind::Queen | TsKind::Warlord => a |= t.rook(s, occ) | t.bishop(s, occ),
        TsKind::Nobleman => a |= t.noble_targets(s, occ),
        TsKind::Supercav => a |= t.cav_targets(s, occ),
        _ => {}
    }
    a
}

/// What a side's terms leave for the other side's king safety and the phase.
struct Side {
    npm: i32,
    /// King-zone attack units and attackers against the enemy royal.
    units: i32,
    attackers: i32,
}

fn side_terms<A: Acc>(pos: &TamerSpiel, c: Color, p: &Params, acc: &mut A) -> Side {
    let t = tables();
    let b = pos.board();
    let own = b.color(c).0;
    let enemy = b.color(!c).0;
    let occ = own | enemy;
    let pawns = b.kind(TsKind::Pawn).0;
    let enemy_cover = pawn_attacks(!c, pawns & enemy);
    let enemy_royal = pos.royal(!c).idx();
    let zone = t.k[enemy_royal] | 1u128 << enemy_royal;
    let ci = c.index();
    let mut npm = 0;
    let mut units = 0;
    let mut attackers = 0;
    // Enemy attacks on the citadels we promote in, computed on demand.
    let mut citadel_safe: [Option<bool>; 96] = [None; 96];
    for sq in squares(own) {
        let code = usize::from(b.code_at(movegen::types::Square(sq as u8)));
        let kind = TsKind::ALL[(code - 1) >> 1];
        let k = kind as usize;
        if A::TRACE {
            if let Some(id) = material(k) {
                acc.add(id, 1);
            }
            let white_sq = if ci == 0 { sq } else { 95 - sq };
            pst_terms(k, white_sq, &mut |id, n| acc.add(id, n));
        } else {
            acc.score(p.pst[ci][k][sq]);
        }
        if kind == TsKind::Pawn {
            continue;
        }
        if kind.is_royal() {
            if kind == TsKind::Tetrarch {
                acc.add(TETRARCH, 1);
            }
            continue;
        }
        npm += p.v[MATERIAL + k].mg;
        let a = attacks(t, kind, code, sq, occ);
        acc.add(MOBILITY + k - 1, (a & !own & !enemy_cover).count_ones() as i32 - MOBILITY_BASE[k]);
        if a & zone != 0 {
            units += p.v[ATTACK_WEIGHT + k - 1].mg * (a & zone).count_ones() as i32;
            attackers += 1;
        }
        // One step from promotion: it can enter an enemy citadel (bishops also the corners)
        // next move. Worth a share of the promotion's gain, more when the entry is safe.
        if let Some(next) = kind.promoted() {
            let zone = if kind == TsKind::Bishop { bishop_zone(c) } else { enemy_citadels(c) };
            let entries = a & zone & !own;
            if entries != 0 {
                let safe = squares(entries).any(|e| {
                    *citadel_safe[e].get_or_insert_with(|| {
                        !pos.is_attacked(movegen::types::Square(e as u8), !c)
                    })
                });
                let m = if safe { 2 } else { 1 };
                let (to, from) = (MATERIAL + next as usize, MATERIAL + k);
                if A::TRACE {
                    acc.frac2(to, (m, 8), (m, 6));
                    acc.frac2(from, (-m, 8), (-m, 6));
                } else {
                    let gain = p.v[to] - p.v[from];
                    acc.score(S(gain.mg / 8, gain.eg / 6) * m);
                }
            }
        }
    }
    // Pawns: passed pawns (no enemy pawn ahead on its own or a neighbouring file).
    let enemy_pawns = pawns & enemy;
    for sq in squares(pawns & own) {
        if SPANS[ci][sq] & enemy_pawns == 0 {
            let r = sq / 12;
            let rel = if c == Color::White { r } else { 7 - r };
            acc.add(PASSED + rel, 1);
        }
    }
    Side { npm, units, attackers }
}

/// The king-safety terms of side `c` from the enemy's attack units on its king zone (less
/// when `c` may still swap), the swap itself, and the shelter of own units around the royal.
fn king_safety<A: Acc>(pos: &TamerSpiel, c: Color, enemy: &Side, p: &Params, acc: &mut A) {
    let can_swap = pos.swap_flags() & c.select(1, 2) != 0;
    if enemy.attackers >= 2 {
        let u = enemy.units.min(48);
        // Penalty: `quad` per squared unit in 1/100, `lin` per unit in 1/100; two thirds of it
        // while `c` may still swap.
        if A::TRACE {
            let k = if can_swap { 3 } else { 2 };
            acc.frac(KING_DANGER, -(u * u) * 2, 100 * k);
            acc.frac(KING_DANGER + 1, -u * 2, 100 * k);
        } else {
            let (q, l) = (p.v[KING_DANGER], p.v[KING_DANGER + 1]);
            let mut pen =
                S(q.mg * u * u / 100 + l.mg * u / 100, q.eg * u * u / 100 + l.eg * u / 100);
            if can_swap {
                pen = S(pen.mg * 2 / 3, pen.eg * 2 / 3);
            }
            acc.score(-pen);
        }
    }
    if can_swap {
        acc.add(SWAP_KEPT, 1);
    }
    // Shelter: own units on the three squares in front of the royal (middlegame).
    let t = tables();
    let b = pos.board();
    let royal = pos.royal(c).idx();
    let r = (royal / 12) as i32;
    let front_rank = r + i32::from(c.forward());
    if (0..8).contains(&front_rank) {
        let row = 0xfffu128 << (front_rank * 12);
        let shelter = (t.k[royal] & row & b.color(c).0).count_ones() as i32;
        acc.add(SHELTER, shelter.min(3));
    }
}

/// Both sides' terms at `p`; returns the phase (0..=[`PHASE_RANGE`]) and whether the
/// pawnless halving applies.
fn terms<A: Acc>(pos: &TamerSpiel, p: &Params, w: &mut A, b: &mut A) -> (i32, bool) {
    let ws = side_terms(pos, Color::White, p, w);
    let bs = side_terms(pos, Color::Black, p, b);
    king_safety(pos, Color::White, &bs, p, w);
    king_safety(pos, Color::Black, &ws, p, b);
    let phase = (ws.npm + bs.npm - PHASE_LOW).clamp(0, PHASE_RANGE);
    // Without pawns a small material edge rarely wins: most short-range pieces cannot force
    // mate alone.
    let halve = pos.board().kind(TsKind::Pawn).is_empty() && (ws.npm - bs.npm).abs() < 350;
    (phase, halve)
}

params::tune_table! {
    TamerSpiel, "tamerspiel.txt", kinds KINDS, squares 96, mirror |sq| 95 - sq;
    fn evaluate_white_with(&self, p: &Params) -> i32 {
        let (mut w, mut b) = (Sum::new(&p.v), Sum::new(&p.v));
        let (phase, halve) = terms(self, p, &mut w, &mut b);
        let v = (w.s - b.s).taper(phase, PHASE_RANGE);
        if halve {
            v / 2
        } else {
            v
        }
    }
    fn trace_terms(&self, p: &Params) -> Trace {
        let (mut w, mut b) = (Tracer::new(COUNT), Tracer::new(COUNT));
        let (phase, halve) = terms(self, p, &mut w, &mut b);
        let scale = if halve { 0.5 } else { 1.0 };
        Trace::new(w, &b, phase, PHASE_RANGE, scale, self.eval_with(p))
    }
}

impl Evaluator for TamerSpiel {
    /// Captures, pawn promotions (to Dabbabah) and citadel promotions (a piece entering an
    /// enemy citadel, or a bishop an enemy corner; also the rare swap that promotes, TS-4).
    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        let b = self.board();
        match m.kind() {
            MoveKind::Castle => false,
            MoveKind::Swap => {
                let us = self.turn();
                let (royal, partner) = (b.kind_at(m.from()), b.kind_at(m.to()));
                royal.is_some_and(|k| arrival_kind(k, us, m.to()) != k)
                    || partner.is_some_and(|k| arrival_kind(k, us, m.from()) != k)
            }
            _ => {
                m.promo() != 0
                    || b.piece_at(m.to()).is_some()
                    || b.kind_at(m.from()).is_some_and(|k| {
                        k != TsKind::Pawn && arrival_kind(k, self.turn(), m.to()) != k
                    })
            }
        }
    }

    /// Victim value first, then the promotion's gain, then the cheaper attacker.
    #[inline]
    fn tactical_score(&self, m: Move) -> i32 {
        let b = self.board();
        if m.kind() == MoveKind::Swap {
            return 0;
        }
        let victim = b.kind_at(m.to()).map_or(0, |k| ORDER_VALUE[k as usize]);
        let mover = b.kind_at(m.from());
        let gain = match mover {
            Some(TsKind::Pawn) if m.promo() != 0 => {
                ORDER_VALUE[TsKind::Dabbabah as usize] - ORDER_VALUE[TsKind::Pawn as usize]
            }
            Some(k) if !k.is_royal() => {
                let k2 = arrival_kind(k, self.turn(), m.to());
                ORDER_VALUE[k2 as usize] - ORDER_VALUE[k as usize]
            }
            _ => 0,
        };
        let attacker = mover.map_or(0, |k| ORDER_VALUE[k as usize].min(2000));
        (victim + gain) * 8 - attacker / 16
    }

    /// A capture or citadel entry that loses material at once (the mover is worth more than
    /// what it takes plus what it gains by promotion, and the opponent attacks the destination),
    /// or one whose whole gain plus a margin of 150 stays below `gap` (delta pruning). Royals
    /// never qualify for the first test (their captures of defended units are illegal anyway).
    fn qsearch_skip(&self, m: Move, gap: i32) -> bool {
        if m.kind() == MoveKind::Swap || m.kind() == MoveKind::Castle {
            return false;
        }
        let b = self.board();
        let Some(mover) = b.kind_at(m.from()) else { return false };
        let victim = b.kind_at(m.to()).map_or(0, |k| MATERIAL_MG[k.index()]);
        let after = if mover == TsKind::Pawn {
            if m.promo() != 0 {
                TsKind::Dabbabah
            } else {
                TsKind::Pawn
            }
        } else {
            arrival_kind(mover, self.turn(), m.to())
        };
        let gain = MATERIAL_MG[after.index()] - MATERIAL_MG[mover.index()];
        if victim + gain + 150 < gap {
            return true;
        }
        // What the opponent recaptures is the piece as it stands after the move.
        !mover.is_royal()
            && MATERIAL_MG[after.index()] > victim + gain
            && self.is_attacked(m.to(), !self.turn())
    }

    /// A null move is reasonable unless the side to move has little besides pawns (zugzwang).
    fn null_move_ok(&self) -> bool {
        let b = self.board();
        let us = b.color(self.turn()).0;
        let npm: i32 = TsKind::ALL
            .iter()
            .filter(|k| **k != TsKind::Pawn && !k.is_royal())
            .map(|&k| (b.kind(k).0 & us).count_ones() as i32 * MATERIAL_MG[k.index()])
            .sum();
        npm >= 600
    }

    // `repetition_horizon` keeps the default, the halfmove clock: it is reset by every pawn
    // move and capture, and the other irreversible moves cannot be crossed by a repetition
    // either (a citadel promotion changes a piece for good, castling and the swap clear rights
    // that are part of the position key), so it is never shorter than the distance to the
    // oldest position that can recur.
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = movegen::variants::tamerspiel::START_FEN;

    fn e(f: &str) -> i32 {
        evaluate_white(&TamerSpiel::from_fen(f).unwrap())
    }

    /// The board of a FEN rotated by 180 degrees with the colours swapped (Black's army is
    /// White's rotated, so a position and its rotation are equally good for the other side).
    fn rotate(fen: &str) -> String {
        let f: Vec<&str> = fen.split(' ').collect();
        let rows: Vec<String> = f[0]
            .split('/')
            .rev()
            .map(|row| {
                // Expand, reverse, swap case, compress.
                let mut cells = Vec::new();
                let mut num = 0;
                for ch in row.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        num = num * 10 + d;
                    } else {
                        cells.extend(std::iter::repeat_n('.', num as usize));
                        num = 0;
                        cells.push(ch);
                    }
                }
                cells.extend(std::iter::repeat_n('.', num as usize));
                cells.reverse();
                let mut out = String::new();
                let mut run = 0;
                for ch in cells {
                    if ch == '.' {
                        run += 1;
                        continue;
                    }
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(if ch.is_ascii_uppercase() {
                        ch.to_ascii_lowercase()
                    } else {
                        ch.to_ascii_uppercase()
                    });
                }
                if run > 0 {
                    out.push_str(&run.to_string());
                }
                out
            })
            .collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling: String = f[2]
            .chars()
            .map(|ch| match ch {
                'K' => 'q',
                'Q' => 'k',
                'k' => 'Q',
                'q' => 'K',
                other => other,
            })
            .collect();
        let mut castling: Vec<char> = castling.chars().collect();
        castling.sort_by_key(|ch| "KQkq-".find(*ch));
        let swap = match f.get(6).copied().unwrap_or("wb") {
            "w" => "b",
            "b" => "w",
            other => other,
        };
        format!(
            "{} {side} {} {} {} {} {swap}",
            rows.join("/"),
            castling.into_iter().collect::<String>(),
            f[3],
            f[4],
            f[5]
        )
    }

    #[test]
    fn start_and_rotated_positions_are_symmetric() {
        assert_eq!(e(START), 0, "the start position is symmetric");
        // Positions of seeded random games: each scores the negation of its rotation.
        let mut seed = 0x5eed_u64;
        let mut checked = 0;
        for _ in 0..6 {
            let mut pos = TamerSpiel::startpos();
            for _ in 0..120 {
                let fen = pos.fen();
                assert_eq!(e(&fen), -e(&rotate(&fen)), "{fen} vs {}", rotate(&fen));
                checked += 1;
                let mut list = <TamerSpiel as Rules>::Moves::default();
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                seed = movegen::zobrist::splitmix64(seed);
                pos = pos.play(list[(seed % list.len() as u64) as usize]);
            }
        }
        assert!(checked > 300);
    }

    #[test]
    fn obvious_preferences() {
        // Black without its l8 Rook is a Rook down.
        let base = "r4k5r/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/R5K4R w - - 0 1 -";
        let rook_up = "r4k6/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/R5K4R w - - 0 1 -";
        assert!(e(rook_up) - e(base) > 400, "{} {}", e(rook_up), e(base));
        // A central Guard (g5) beats one in the corner (a1).
        assert!(
            e("5k6/*10*/*10*/*5G4*/*10*/*10*/*10*/6K5 w - - 0 1 -")
                > e("5k6/*10*/*10*/*10*/*10*/*10*/*10*/G5K5 w - - 0 1 -")
        );
        // A Vizier on b8, one step from entering a8 (and becoming a Lion), beats one on b4.
        let near = e("1V3k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 -");
        let far = e("5k6/*10*/*10*/*10*/*V9*/*10*/*10*/6K5 w - - 0 1 -");
        assert!(near > far + 40, "{near} {far}");
        // Keeping the swap is worth something.
        let with = "r4k5r/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/R5K4R w - - 0 1 wb";
        let without = "r4k5r/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/R5K4R w - - 0 1 b";
        assert!(e(with) > e(without));
        // A Tetrarch is a better royal than a King (same square).
        assert!(
            e("5k6/*10*/*10*/*10*/*4T5*/*10*/*10*/12 w - - 0 1 -")
                > e("5k6/*10*/*10*/*10*/*4K5*/*10*/*10*/12 w - - 0 1 -")
        );
        // A passed pawn on f7 beats one on f3.
        assert!(
            e("5k6/*4P5*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 -")
                > e("5k6/*10*/*10*/*10*/*10*/*4P5*/*10*/6K5 w - - 0 1 -")
        );
    }

    #[test]
    fn tactical_classification() {
        // White: Vizier b8 (a8 is Black's citadel: entering it promotes; c8 holds a Black
        // Guard), Bishop j7 (k8 is an enemy corner: a bishop promotes there), pawn k6 (k7 is
        // the optional promotion square of the k-file), King g1; Black King f8.
        let fen = "1Vg2k6/*8B1*/*9P*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 wb";
        let p = TamerSpiel::from_fen(fen).unwrap();
        let t = |s: &str| p.is_tactical(p.parse_move(s).unwrap());
        assert!(t("b8a8"), "citadel entry promotes the Vizier");
        assert!(t("b8c8"), "capture");
        assert!(!t("b8b7"), "quiet step");
        assert!(t("j7k8"), "the bishop promotes on the enemy corner");
        assert!(!t("j7i8"), "quiet bishop move");
        assert!(!t("k6k7"), "pawn stays a pawn");
        assert!(t("k6k7d"), "pawn becomes a Dabbabah");
        assert!(!t("g1f1"), "king step");
        // Scores: (victim + promotion gain) * 8 - attacker / 16 (middlegame values).
        let s = |m: &str| p.tactical_score(p.parse_move(m).unwrap());
        assert_eq!(s("b8c8"), 300 * 8 - 135 / 16);
        assert_eq!(s("b8a8"), (640 - 135) * 8 - 135 / 16);
        assert_eq!(s("k6k7d"), (270 - 90) * 8 - 90 / 16);
    }

    #[test]
    fn qsearch_skips_only_losing_captures() {
        // White: Rook d4, Vizier h4, King g1. Black: pawn d6 defended by the pawn e7 (a pawn
        // captures diagonally forward: e7 covers d6), pawn h5 and Dabbabah i4, both defended
        // by the Guard i5 (K steps), King f8.
        let fen = "5k6/*3p6*/*2p7*/*6pg2*/*2R3Vd2*/*10*/*10*/6K5 w - - 0 1 wb";
        let p = TamerSpiel::from_fen(fen).unwrap();
        let skip = |s: &str| p.qsearch_skip(p.parse_move(s).unwrap(), 0);
        assert!(skip("d4d6"), "Rook takes a defended pawn");
        assert!(skip("h4h5"), "Vizier takes a pawn the Guard defends");
        assert!(!skip("h4i4"), "Vizier takes a defended Dabbabah: it gains");
        assert!(!skip("d4d5"), "not attacked: a quiet move is never skipped");
        let chess = movegen::variants::chess::Chess::startpos();
        // Delta pruning: taking the Dabbabah (270) cannot make up a gap of 500.
        assert!(p.qsearch_skip(p.parse_move("h4i4").unwrap(), 500));
        assert!(!p.qsearch_skip(p.parse_move("h4i4").unwrap(), 400));
        assert!(!chess.qsearch_skip(chess.parse_move("e2e4").unwrap(), 10_000), "default: never");
    }
}
