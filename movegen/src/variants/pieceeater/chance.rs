//! The chance part of a turn: which steps the PE may take after an action and with what
//! probability (§4), and the die that picks one in play (§7).
//!
//! This is written apart from the generator (`movegen.rs`), which folds the same rules into
//! bitboard sets; the tests check that both agree on every position of long random games.

use super::{PeMoves, PieceEater, TORUS, ZONE};
use crate::moves::{Move, MoveKind, ACTION_MASK};
use crate::rules::Rules;
use crate::types::{Bb64, Dir, Square};
use crate::zobrist::splitmix64;
use arrayvec::ArrayVec;
use rand_core::{RngCore, SeedableRng};

/// The PE's answer to one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// It does not step: a king was captured (§2), or no square is allowed (PE-4).
    Stays,
    /// Exactly one square: the moved or dropped unit (rule 3, PE-3) or the only allowed square.
    Forced(Square),
    /// Two or more allowed squares, each equally likely (rule 4).
    Random(Bb64),
}

impl Step {
    /// How many outcomes.
    pub fn count(self) -> u32 {
        match self {
            Step::Stays | Step::Forced(_) => 1,
            Step::Random(s) => s.count(),
        }
    }
}

/// The square one step from `sq` in direction `d` on the torus (the PE's board, §4).
pub fn torus_step(sq: Square, d: Dir) -> Square {
    let dd = d.delta();
    let f = (i32::from(sq.0 % 8) + i32::from(dd.dx)).rem_euclid(8);
    let r = (i32::from(sq.0 / 8) + i32::from(dd.dy)).rem_euclid(8);
    Square((r * 8 + f) as u8)
}

impl PieceEater {
    /// The PE's possible steps after the legal action `action` (its `aux` is ignored).
    pub fn step_after(&self, action: Move) -> Step {
        let us = self.base.core.turn;
        let (Some(k), Some(ek)) = (self.king(us), self.king(!us)) else {
            return Step::Stays;
        };
        let to = action.to();
        // The unit that moved (rule 3) and where the own king stands after the action.
        let (unit, king_after) = match action.kind() {
            MoveKind::Castle => {
                let rook_to = if to.0 % 8 == 6 { Square(to.0 - 1) } else { Square(to.0 + 1) };
                (rook_to, to)
            }
            MoveKind::Drop => (to, k),
            _ if action.from() == k => (to, to),
            _ => (to, k),
        };
        if action.kind() != MoveKind::Drop && to == ek {
            // The enemy king is captured: the game is over and the PE does not step (§2).
            return Step::Stays;
        }
        let left = self.pe_left.map_or(Bb64::EMPTY, Bb64::from_square);
        let allowed = TORUS[self.pe.idx()] & !left & !ZONE[king_after.idx()] & !ZONE[ek.idx()];
        if allowed.has(unit) {
            return Step::Forced(unit);
        }
        match allowed.count() {
            0 => Step::Stays,
            1 => Step::Forced(allowed.lsb()),
            _ => Step::Random(allowed),
        }
    }

    /// Every outcome of the legal action `action` as a full move (`aux` = the PE's square
    /// after the turn).
    pub fn outcomes(&self, action: Move) -> ArrayVec<Move, 8> {
        let mut out = ArrayVec::new();
        match self.step_after(action) {
            Step::Stays => out.push(action.with_aux(self.pe)),
            Step::Forced(s) => out.push(action.with_aux(s)),
            Step::Random(set) => {
                for s in set {
                    out.push(action.with_aux(s));
                }
            }
        }
        out
    }

    /// The probability of the move `m` given its action: `1 / outcomes` for an outcome of the
    /// action, 0 for a PE step the rules do not allow after it.
    pub fn probability(&self, m: Move) -> f64 {
        match self.step_after(m) {
            Step::Stays => f64::from(u8::from(m.aux() == self.pe)),
            Step::Forced(s) => f64::from(u8::from(m.aux() == s)),
            Step::Random(set) => {
                if set.has(m.aux()) {
                    1.0 / f64::from(set.count())
                } else {
                    0.0
                }
            }
        }
    }

    /// The legal actions (one representative move per action, first outcome), in generation
    /// order.
    pub fn actions(&self) -> Vec<Move> {
        let mut list = PeMoves::default();
        self.legal_moves(&mut list);
        let mut out: Vec<Move> = Vec::new();
        for &m in list.iter() {
            if out.last().is_none_or(|l| l.0 & ACTION_MASK != m.0 & ACTION_MASK) {
                out.push(m);
            }
        }
        out
    }
}

/// The outcome of `m`'s action drawn by the die keyed by `seed`, the position and the action (a
/// forced step or none takes no roll): the same inputs always give the same step, and over
/// seeds each allowed square equally often (the seed's die, [`PeDie`]). An engine that must
/// decide a step itself (XBoard has no arbiter) rolls this die, so two engines with the same
/// `Seed` agree on every step sent without its leg.
pub(super) fn keyed_outcome(pos: &PieceEater, m: Move, seed: u64) -> Move {
    let key = splitmix64(
        seed ^ splitmix64(pos.hash() ^ (u64::from(pos.fullmove_number()) << 48))
            ^ u64::from(m.0 & ACTION_MASK).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    PeDie::new(key).resolve(pos, m)
}

/// The seed's eight-sided die, driven by a seeded PCG so that a game replays exactly from its
/// seed (§7). Faces follow the seed's diagram: 1 NW, 2 N, 3 NE, 4 W, 5 E, 6 SW, 7 S, 8 SE.
#[derive(Clone, Debug)]
pub struct PeDie {
    rng: rand_pcg::Pcg64,
    rolls: u64,
}

/// The direction of each face (face `i + 1`).
pub const FACES: [Dir; 8] = [Dir::NW, Dir::N, Dir::NE, Dir::W, Dir::E, Dir::SW, Dir::S, Dir::SE];

impl PeDie {
    /// A die seeded with `seed`.
    pub fn new(seed: u64) -> PeDie {
        PeDie { rng: rand_pcg::Pcg64::seed_from_u64(seed), rolls: 0 }
    }

    /// One roll: a face `1..=8`, each with probability 1/8.
    pub fn roll(&mut self) -> u8 {
        self.rolls += 1;
        (self.rng.next_u32() >> 29) as u8 + 1
    }

    /// How many times the die has been rolled.
    pub fn rolls(&self) -> u64 {
        self.rolls
    }

    /// The full move for the legal action `action` in `pos`: a forced step (or none) takes no
    /// roll; otherwise the die is rolled, and rolled again until its face names an allowed
    /// square (§4 rule 4), which picks each allowed square with equal probability.
    pub fn resolve(&mut self, pos: &PieceEater, action: Move) -> Move {
        match pos.step_after(action) {
            Step::Stays => action.with_aux(pos.pe()),
            Step::Forced(s) => action.with_aux(s),
            Step::Random(set) => loop {
                let face = self.roll();
                let sq = torus_step(pos.pe(), FACES[usize::from(face - 1)]);
                if set.has(sq) {
                    return action.with_aux(sq);
                }
            },
        }
    }
}
