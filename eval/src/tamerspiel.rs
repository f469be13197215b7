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

use crate::{Evaluator, Score, S};
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::{Color, PieceKind};
use movegen::variants::tamerspiel::tables::{tables, Tables};
use movegen::variants::tamerspiel::{
    arrival_kind, bishop_zone, enemy_citadels, TamerSpiel, TsKind,
};

/// Number of kinds.
const KINDS: usize = 19;

/// Material (middlegame, endgame) by kind index (`P D F V G N B R E L C O A M Q W S K T`).
pub const MATERIAL: [Score; KINDS] = [
    S(90, 115),    // Pawn: one step, no double step; promotes to a Dabbabah only
    S(270, 290),   // Dabbabah (W + D): 8 targets, the D part reaches a quarter of the board
    S(165, 185),   // Firzan (F + back W): 5 targets, no longer colour-bound
    S(135, 160),   // Vizier (W): 4 targets
    S(300, 330),   // Guard (K, not royal): 8 targets, the orthodox commoner ~ a knight
    S(300, 300),   // Horse (N): 8 targets, a little weaker on the wider board
    S(340, 360),   // Bishop (B): longer diagonals on 10x8, promotes on four squares
    S(500, 580),   // Rook (R)
    S(620, 660),   // Eagle (K + N, the centaur): 16 targets
    S(640, 680),   // Lion (K + A + D): 16 targets over the whole 5x5 frame
    S(640, 660),   // Champion (N + A + D): 16 targets, no adjacent step
    S(740, 780),   // Nobleman: 24 targets of the 5x5 area, the outer 16 lame
    S(850, 880),   // Archbishop (B + N)
    S(900, 960),   // Marshall (R + N)
    S(960, 1020),  // Queen (Q)
    S(1230, 1300), // Warlord (Q + N, the amazon)
    S(880, 930),   // Supercav (K + Cavalier, a bent rider about a rook's worth)
    S(0, 0),       // King (royal)
    S(0, 0),       // Tetrarch (royal; see TETRARCH)
];

/// Having promoted the King to a Tetrarch (K + A): more flight squares, a royal that helps to
/// mate in the endgame.
const TETRARCH: Score = S(30, 70);

/// Centipawn value by kind for move ordering (middlegame material; royals very high).
pub const ORDER_VALUE: [i32; KINDS] = {
    let mut t = [0; KINDS];
    let mut i = 0;
    while i < KINDS {
        t[i] = MATERIAL[i].mg;
        i += 1;
    }
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

/// `(2 * file - 11, 2 * rank - 7)` folded: the distance from the centre of the main board, 0
/// on f4/g4/f5/g5 .. 8 on the citadels.
const fn center_distance(sq: usize) -> i32 {
    let f = (sq as i32) % FILES;
    let r = (sq as i32) / FILES;
    let df = (2 * f - 11).abs();
    let dr = (2 * r - 7).abs();
    (df + dr) / 2 - 1
}

/// Short-range pieces: centralisation matters most for them.
const fn is_short(kind: usize) -> bool {
    matches!(kind, 1 | 2 | 3 | 4 | 5 | 8 | 9 | 10 | 11 | 16)
}

/// Piece-square term for White on `sq` (Black: the board rotated by 180 degrees, as its army).
const fn pst_white(kind: usize, sq: usize) -> Score {
    let f = (sq as i32) % FILES;
    let r = (sq as i32) / FILES;
    let c = 8 - center_distance(sq); // 8 in the centre .. 0 on the citadels
    match kind {
        0 => {
            // Pawns: advance (they promote, and open the way), central files early.
            let central = if f >= 4 && f <= 7 && r >= 2 && r <= 4 { 8 } else { 0 };
            S((r - 1) * 4 + central, (r - 1) * 9)
        }
        6 => S(3 * c - 12, 2 * c - 8), // Bishop
        7 => {
            // Rook: the 7th rank, a little central; its citadel start is fine.
            let seventh = if r == 6 { 18 } else { 0 };
            S(seventh + c - 4, if r == 6 { 12 } else { 0 })
        }
        12..=15 => S(2 * c - 8, 3 * c - 12), // heavy riders
        17 | 18 => {
            // Royals: sheltered on the first rank early (castled on c1 / j1 is ideal), central
            // late.
            let mg = if r == 0 {
                match f {
                    2 | 9 => 25,
                    1 | 3 | 8 | 10 => 18,
                    6 => 8,
                    0 | 11 => 0,
                    _ => 5,
                }
            } else {
                -14 * r
            };
            S(mg, 4 * c - 16)
        }
        _ => {
            // Short-range pieces: centre, and forward toward the enemy citadels where they
            // promote (a little; the promotion term does the rest).
            let adv = if r >= 5 { 5 } else { r };
            let w = if is_short(kind) { 5 } else { 3 };
            S(w * c - 4 * w + 3 * adv, (w - 1) * c - 4 * (w - 1) + adv)
        }
    }
}

const fn build_pst() -> [[[Score; 96]; KINDS]; 2] {
    let mut t = [[[S(0, 0); 96]; KINDS]; 2];
    let mut k = 0;
    while k < KINDS {
        let mut sq = 0;
        while sq < 96 {
            let s = pst_white(k, sq);
            let m = MATERIAL[k];
            t[0][k][sq] = S(s.mg + m.mg, s.eg + m.eg);
            t[1][k][95 - sq] = S(s.mg + m.mg, s.eg + m.eg);
            sq += 1;
        }
        k += 1;
    }
    t
}

/// Material + piece-square, by colour, kind and square.
static PST: [[[Score; 96]; KINDS]; 2] = build_pst();

/// Mobility: (weight per target square, typical count) by kind. The count is taken over
/// squares not holding an own unit and not covered by an enemy pawn.
const MOBILITY: [(Score, i32); KINDS] = [
    (S(0, 0), 0),  // Pawn (its advance is in the PST)
    (S(3, 3), 5),  // Dabbabah
    (S(3, 3), 3),  // Firzan
    (S(3, 3), 3),  // Vizier
    (S(3, 3), 5),  // Guard
    (S(4, 4), 5),  // Horse
    (S(4, 5), 6),  // Bishop
    (S(3, 5), 7),  // Rook
    (S(3, 3), 10), // Eagle
    (S(3, 3), 10), // Lion
    (S(3, 3), 10), // Champion
    (S(3, 3), 12), // Nobleman
    (S(2, 3), 11), // Archbishop
    (S(2, 3), 12), // Marshall
    (S(1, 2), 13), // Queen
    (S(1, 2), 17), // Warlord
    (S(2, 3), 14), // Supercav
    (S(0, 0), 0),  // King
    (S(0, 0), 0),  // Tetrarch
];

/// Weight of one attacked king-zone square by the attacker's kind.
const KING_ATTACK: [i32; KINDS] = [0, 2, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5, 5, 4, 0, 1];

/// Passed-pawn bonus by relative rank (a passed pawn becomes a Dabbabah, a minor piece).
const PASSED: [Score; 8] =
    [S(0, 0), S(0, 0), S(4, 8), S(8, 16), S(14, 28), S(22, 42), S(30, 60), S(0, 0)];

/// Bonus for a side that may still swap (its king can step out of a check onto a safe piece).
const SWAP_KEPT: Score = S(20, 5);

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

#[inline(always)]
fn squares(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(s)
        }
    })
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

/// Everything a side's units attack (pawns included), for king safety of the other side.
struct Side {
    score: Score,
    npm: i32,
    /// King-zone attack units and attackers against the enemy royal.
    units: i32,
    attackers: i32,
}

fn side_terms(pos: &TamerSpiel, c: Color) -> Side {
    let t = tables();
    let b = pos.board();
    let own = b.color(c).0;
    let enemy = b.color(!c).0;
    let occ = own | enemy;
    let pawns = b.kind(TsKind::Pawn).0;
    let enemy_cover = pawn_attacks(!c, pawns & enemy);
    let enemy_royal = pos.royal(!c).idx();
    let zone = t.k[enemy_royal] | 1u128 << enemy_royal;
    let mut s = S(0, 0);
    let mut npm = 0;
    let mut units = 0;
    let mut attackers = 0;
    // Enemy attacks on the citadels we promote in, computed on demand.
    let mut citadel_safe: [Option<bool>; 96] = [None; 96];
    for sq in squares(own) {
        let code = usize::from(b.code_at(movegen::types::Square(sq as u8)));
        let kind = TsKind::ALL[(code - 1) >> 1];
        let k = kind as usize;
        s += PST[c.index()][k][sq];
        if kind == TsKind::Pawn {
            continue;
        }
        if kind.is_royal() {
            if kind == TsKind::Tetrarch {
                s += TETRARCH;
            }
            continue;
        }
        npm += MATERIAL[k].mg;
        let a = attacks(t, kind, code, sq, occ);
        let (w, avg) = MOBILITY[k];
        s += w * ((a & !own & !enemy_cover).count_ones() as i32 - avg);
        if a & zone != 0 {
            units += KING_ATTACK[k] * (a & zone).count_ones() as i32;
            attackers += 1;
        }
        // One step from promotion: it can enter an enemy citadel (bishops also the corners)
        // next move. Worth a share of the promotion's gain, more when the entry is safe.
        if let Some(next) = kind.promoted() {
            let zone = if kind == TsKind::Bishop { bishop_zone(c) } else { enemy_citadels(c) };
            let entries = a & zone & !own;
            if entries != 0 {
                let gain = MATERIAL[next as usize] - MATERIAL[k];
                let safe = squares(entries).any(|e| {
                    *citadel_safe[e].get_or_insert_with(|| {
                        !pos.is_attacked(movegen::types::Square(e as u8), !c)
                    })
                });
                let part = S(gain.mg / 8, gain.eg / 6);
                s += if safe { part * 2 } else { part };
            }
        }
    }
    // Pawns: passed pawns (no enemy pawn ahead on its own or a neighbouring file).
    let enemy_pawns = pawns & enemy;
    for sq in squares(pawns & own) {
        if SPANS[c.index()][sq] & enemy_pawns == 0 {
            let r = sq / 12;
            let rel = if c == Color::White { r } else { 7 - r };
            s += PASSED[rel];
        }
    }
    Side { score: s, npm, units, attackers }
}

/// The king-safety penalty for side `c` from the enemy's attack units on its king zone, less
/// when `c` may still swap, plus the shelter of own units around the royal.
fn king_safety(pos: &TamerSpiel, c: Color, enemy: &Side) -> Score {
    let mut s = S(0, 0);
    let can_swap = pos.swap_flags() & c.select(1, 2) != 0;
    if enemy.attackers >= 2 {
        let u = enemy.units.min(48);
        let mut pen = S(u * u / 4, u);
        if can_swap {
            pen = S(pen.mg * 2 / 3, pen.eg * 2 / 3);
        }
        s -= pen;
    }
    if can_swap {
        s += SWAP_KEPT;
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
        s += S(8 * shelter.min(3), 0);
    }
    s
}

/// Static evaluation from White's view, in centipawns.
pub fn evaluate_white(pos: &TamerSpiel) -> i32 {
    let w = side_terms(pos, Color::White);
    let b = side_terms(pos, Color::Black);
    let mut total = w.score - b.score;
    total += king_safety(pos, Color::White, &b);
    total -= king_safety(pos, Color::Black, &w);
    let phase = (w.npm + b.npm - PHASE_LOW).clamp(0, PHASE_RANGE);
    let mut v = total.taper(phase, PHASE_RANGE);
    // Without pawns a small material edge rarely wins: most short-range pieces cannot force
    // mate alone.
    if pos.board().kind(TsKind::Pawn).is_empty() && (w.npm - b.npm).abs() < 350 {
        v /= 2;
    }
    v
}

impl Evaluator for TamerSpiel {
    fn evaluate(&self) -> i32 {
        let v = evaluate_white(self) + if self.turn() == Color::White { 10 } else { -10 };
        if self.turn() == Color::White {
            v
        } else {
            -v
        }
    }

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
        let victim = b.kind_at(m.to()).map_or(0, |k| MATERIAL[k.index()].mg);
        let after = if mover == TsKind::Pawn {
            if m.promo() != 0 {
                TsKind::Dabbabah
            } else {
                TsKind::Pawn
            }
        } else {
            arrival_kind(mover, self.turn(), m.to())
        };
        let gain = MATERIAL[after.index()].mg - MATERIAL[mover.index()].mg;
        if victim + gain + 150 < gap {
            return true;
        }
        // What the opponent recaptures is the piece as it stands after the move.
        !mover.is_royal()
            && MATERIAL[after.index()].mg > victim + gain
            && self.is_attacked(m.to(), !self.turn())
    }

    /// A null move is reasonable unless the side to move has little besides pawns (zugzwang).
    fn null_move_ok(&self) -> bool {
        let b = self.board();
        let us = b.color(self.turn()).0;
        let npm: i32 = TsKind::ALL
            .iter()
            .filter(|k| **k != TsKind::Pawn && !k.is_royal())
            .map(|&k| (b.kind(k).0 & us).count_ones() as i32 * MATERIAL[k.index()].mg)
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
