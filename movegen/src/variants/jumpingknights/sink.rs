//! Where Jumping Knights' generator writes its moves: a list, a count (perft bulk counting:
//! whole target sets are popcounted), or a filter in front of either (Rule 4).

use super::{JkMoves, PROMOTIONS};
use crate::moves::{Move, MoveBuf, MoveKind};
use crate::types::{squares, Dir, Square};

/// A jump `from` over `victim` onto `landing`, promoting to `promo` (0: none).
#[inline(always)]
pub(super) fn jump(from: Square, victim: Square, landing: Square, promo: u8) -> Move {
    Move::pack(MoveKind::Jump, from, victim, landing, promo, Dir::N)
}

/// The square `delta` indices before `sq`.
#[inline(always)]
pub(super) fn back(sq: Square, delta: i8) -> Square {
    Square((i16::from(sq.0) - i16::from(delta)) as u8)
}

/// Where generated moves go. The bulk methods list their moves one by one through
/// [`Sink::push`], in the order every sink sees them; [`Counter`] counts them instead.
pub(super) trait Sink {
    /// Whether the sink takes the moves in any order (a counter): the generator may then
    /// produce some of them by whole sets in another order than the listing one.
    const ANY_ORDER: bool = false;
    /// A single move.
    fn push(&mut self, m: Move);
    /// Non-captures `from` -> each target.
    #[inline(always)]
    fn quiets(&mut self, from: Square, targets: u128) {
        for to in squares(targets) {
            self.push(Move::new(MoveKind::Normal, from, to));
        }
    }
    /// Jumps `from` over `victim` to each landing square.
    #[inline(always)]
    fn jumps(&mut self, from: Square, victim: Square, landings: u128) {
        for l in squares(landings) {
            self.push(jump(from, victim, l, 0));
        }
    }
    /// Non-captures of kind `kind` (pawn steps; War Machine moves, in any order sinks) to each
    /// target, coming from `target - delta` (square indices).
    #[inline(always)]
    fn steps(&mut self, targets: u128, delta: i8, kind: MoveKind) {
        for to in squares(targets) {
            self.push(Move::new(kind, back(to, delta), to));
        }
    }
    /// Jumps landing on each of `landings` (War Machines, in any order sinks): the victim on
    /// `l - beyond`, the jumper `to_victim` before it.
    #[inline(always)]
    fn jumps_by(&mut self, landings: u128, to_victim: i8, beyond: i8) {
        for l in squares(landings) {
            let v = back(l, beyond);
            self.push(jump(back(v, to_victim), v, l, 0));
        }
    }
    /// Pawn non-capturing promotions (5 choices) to each target, from `target - delta`.
    #[inline(always)]
    fn pawn_promos(&mut self, targets: u128, delta: i8) {
        for to in squares(targets) {
            for k in PROMOTIONS {
                self.push(Move::promotion(back(to, delta), to, k as u8));
            }
        }
    }
    /// Pawn jumps to each landing square `l`: victim `l - delta`, origin `l - 2 * delta`,
    /// promoting (5 choices) when `promote`.
    #[inline(always)]
    fn pawn_jumps(&mut self, landings: u128, delta: i8, promote: bool) {
        for l in squares(landings) {
            push_jump(self, back(l, 2 * delta), back(l, delta), l, promote);
        }
    }
}

/// A jump, or its five promotions when `promote`.
#[inline(always)]
pub(super) fn push_jump<S: Sink + ?Sized>(
    s: &mut S,
    from: Square,
    v: Square,
    l: Square,
    promote: bool,
) {
    if promote {
        for k in PROMOTIONS {
            s.push(jump(from, v, l, k as u8));
        }
    } else {
        s.push(jump(from, v, l, 0));
    }
}

/// Lists the moves.
pub(super) struct Lister<'a>(pub &'a mut JkMoves);

impl Sink for Lister<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }
}

/// Only counts them (perft bulk counting).
pub(super) struct Counter(pub u64);

impl Sink for Counter {
    const ANY_ORDER: bool = true;
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn quiets(&mut self, _from: Square, targets: u128) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn jumps(&mut self, _from: Square, _victim: Square, landings: u128) {
        self.0 += u64::from(landings.count_ones());
    }
    #[inline(always)]
    fn steps(&mut self, targets: u128, _delta: i8, _kind: MoveKind) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn jumps_by(&mut self, landings: u128, _to_victim: i8, _beyond: i8) {
        self.0 += u64::from(landings.count_ones());
    }
    #[inline(always)]
    fn pawn_promos(&mut self, targets: u128, _delta: i8) {
        self.0 += 5 * u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn pawn_jumps(&mut self, landings: u128, _delta: i8, promote: bool) {
        self.0 += if promote { 5 } else { 1 } * u64::from(landings.count_ones());
    }
}
