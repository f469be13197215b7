//! The packed [`Move`] shared by every variant, and fixed-capacity move lists.
//!
//! Bit layout of the `u32` (documented with examples in `docs/move-encoding.md`):
//!
//! ```text
//!  31..29   28..25   24..21   20..14   13..7   6..0
//!  facing   promo    kind     aux      to      from
//! ```
//!
//! * `from`, `to`, `aux`: square indices (7 bits each: up to 128 cells, enough for 12x8 and
//!   10x10). What each one means depends on `kind` (see [`MoveKind`]).
//! * `kind`: [`MoveKind`], 4 bits.
//! * `promo`: a variant-local piece code (0 = none): the promotion choice, or the dropped piece.
//! * `facing`: a [`Dir`] (lancer facing after the move), 3 bits; 0 (= north) when unused.
//!
//! The all-zero word is [`Move::NULL`], never a legal move ("a1a1, normal").

use crate::types::{squares, BitInt, Dir, Square};
use arrayvec::ArrayVec;
use std::fmt;
use std::ops::Deref;

/// What kind of move a [`Move`] is, and so what its square fields mean.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    /// Ordinary move or capture (with `promo` for promotions). `from` -> `to`.
    Normal = 0,
    /// Pawn double step. `from` -> `to`; the skipped square becomes the e.p. square.
    DoublePush = 1,
    /// En passant capture. `from` -> `to` (the skipped square); the victim is beside `from`.
    EnPassant = 2,
    /// Castling. `from` = king square, `to` = king destination (its file tells the side).
    Castle = 3,
    /// Sentry push (8-Piece): sentry `from` -> `to` (the pushed unit's square); the pushed unit
    /// goes `to` -> `aux`. A pushed lancer keeps its facing (`facing` repeats it).
    Push = 4,
    /// Sentry push with a lancer nudge: as `Push`; the lancer steps `to` -> `aux` and faces the
    /// step's direction (`facing`).
    Nudge = 5,
    /// Lancer turn in place (re-orient, or turn-only when held after a push): `from` = `to`,
    /// new facing in `facing`.
    Turn = 6,
    /// Lancer Turn-then-Move: `from` -> `to`, new facing = direction from -> to (`facing`).
    TurnMove = 7,
    /// Pass (8-Piece, king held). No squares.
    Pass = 8,
    /// Drop from hand onto `to`; `promo` holds the dropped piece's code.
    Drop = 9,
    /// Magician switch: the bishop on `from` (= `to`) becomes the Magician.
    Switch = 10,
    /// TamerSpiel king swap: king on `from` and the friendly piece on `to` exchange squares.
    Swap = 11,
    /// Jump capture (Jumping Knights): `from` -> over the victim on `to` -> lands on `aux`.
    Jump = 12,
    /// Jumping Knights en passant: `from` over the skipped square `to`, landing on `aux`; the
    /// double-stepped pawn (beside `from`) is removed.
    JumpEnPassant = 13,
}

impl MoveKind {
    const ALL: [MoveKind; 14] = [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::Push,
        MoveKind::Nudge,
        MoveKind::Turn,
        MoveKind::TurnMove,
        MoveKind::Pass,
        MoveKind::Drop,
        MoveKind::Switch,
        MoveKind::Swap,
        MoveKind::Jump,
        MoveKind::JumpEnPassant,
    ];
}

/// A move of any variant, packed into 32 bits (layout in the module docs).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u32);

const _: () = assert!(size_of::<Move>() == 4);

const SQ_MASK: u32 = 0x7f;
const TO_SHIFT: u32 = 7;
const AUX_SHIFT: u32 = 14;
const KIND_SHIFT: u32 = 21;
const PROMO_SHIFT: u32 = 25;
const FACING_SHIFT: u32 = 29;

/// Bits of a [`Move`] that form a PieceEater "action" (everything but the PE's step in `aux`).
pub const ACTION_MASK: u32 = !(SQ_MASK << AUX_SHIFT);

impl Move {
    /// The empty move (never legal).
    pub const NULL: Move = Move(0);

    /// Packs every field.
    #[inline(always)]
    pub const fn pack(
        kind: MoveKind,
        from: Square,
        to: Square,
        aux: Square,
        promo: u8,
        facing: Dir,
    ) -> Move {
        debug_assert!(from.0 < 128 && to.0 < 128 && aux.0 < 128 && promo < 16);
        Move(
            (from.0 as u32)
                | ((to.0 as u32) << TO_SHIFT)
                | ((aux.0 as u32) << AUX_SHIFT)
                | ((kind as u32) << KIND_SHIFT)
                | ((promo as u32) << PROMO_SHIFT)
                | ((facing as u32) << FACING_SHIFT),
        )
    }

    /// A plain move `from` -> `to` of the given kind.
    #[inline(always)]
    pub const fn new(kind: MoveKind, from: Square, to: Square) -> Move {
        Move((from.0 as u32) | ((to.0 as u32) << TO_SHIFT) | ((kind as u32) << KIND_SHIFT))
    }

    /// A normal move with a promotion code.
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, promo: u8) -> Move {
        Move(
            (from.0 as u32)
                | ((to.0 as u32) << TO_SHIFT)
                | ((MoveKind::Normal as u32) << KIND_SHIFT)
                | ((promo as u32) << PROMO_SHIFT),
        )
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square((self.0 & SQ_MASK) as u8)
    }

    /// Destination square (meaning per [`MoveKind`]).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square(((self.0 >> TO_SHIFT) & SQ_MASK) as u8)
    }

    /// Third square (push destination, jump landing, PieceEater step).
    #[inline(always)]
    pub const fn aux(self) -> Square {
        Square(((self.0 >> AUX_SHIFT) & SQ_MASK) as u8)
    }

    /// The kind. Unknown bit patterns (never produced by [`Move::pack`]) read as `Normal`.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        let k = ((self.0 >> KIND_SHIFT) & 0xf) as usize;
        if k < MoveKind::ALL.len() {
            MoveKind::ALL[k]
        } else {
            MoveKind::Normal
        }
    }

    /// Promotion / drop code (0 = none).
    #[inline(always)]
    pub const fn promo(self) -> u8 {
        ((self.0 >> PROMO_SHIFT) & 0xf) as u8
    }

    /// Facing field.
    #[inline(always)]
    pub const fn facing(self) -> Dir {
        Dir::from_index((self.0 >> FACING_SHIFT) as usize)
    }

    /// The same move with `aux` replaced (PieceEater adds its step this way).
    #[inline(always)]
    pub const fn with_aux(self, aux: Square) -> Move {
        Move((self.0 & !(SQ_MASK << AUX_SHIFT)) | ((aux.0 as u32) << AUX_SHIFT))
    }

    /// The same move with `facing` replaced.
    #[inline(always)]
    pub const fn with_facing(self, facing: Dir) -> Move {
        Move((self.0 & !(0x7 << FACING_SHIFT)) | ((facing as u32) << FACING_SHIFT))
    }

    /// Whether this is [`Move::NULL`].
    #[inline(always)]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({:?} {}->{} aux {} promo {} facing {})",
            self.kind(),
            self.from().0,
            self.to().0,
            self.aux().0,
            self.promo(),
            self.facing().name()
        )
    }
}

/// A growable buffer of moves that never allocates (each variant picks a proven capacity).
pub trait MoveBuf: Default + Deref<Target = [Move]> + Send + 'static {
    /// Appends a move. The capacity is a proven bound for the variant; exceeding it is a bug.
    fn push(&mut self, m: Move);
    /// Empties the buffer.
    fn clear(&mut self);
    /// Keeps only the moves for which `f` is true (order preserved).
    fn retain(&mut self, f: impl FnMut(&Move) -> bool);
    /// Swaps two entries (move ordering).
    fn swap(&mut self, a: usize, b: usize);
    /// Appends a move of `kind` from `from` to each square of `targets` (lowest first): a
    /// generator's sink listing one unit's moves.
    #[inline(always)]
    fn push_each<B: BitInt>(&mut self, kind: MoveKind, from: Square, targets: B) {
        for to in squares(targets) {
            self.push(Move::new(kind, from, to));
        }
    }
}

/// A fixed-capacity move list.
#[derive(Clone, Debug)]
pub struct MoveList<const N: usize>(ArrayVec<Move, N>);

impl<const N: usize> Default for MoveList<N> {
    #[inline(always)]
    fn default() -> Self {
        MoveList(ArrayVec::new())
    }
}

impl<const N: usize> Deref for MoveList<N> {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl<const N: usize> MoveBuf for MoveList<N> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }
    #[inline(always)]
    fn clear(&mut self) {
        self.0.clear();
    }
    fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        self.0.retain(|m| f(m));
    }
    fn swap(&mut self, a: usize, b: usize) {
        self.0.swap(a, b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_every_field() {
        let dirs = Dir::ALL;
        let kinds = MoveKind::ALL;
        let mut n = 0u32;
        for (ki, &kind) in kinds.iter().enumerate() {
            for from in [0u8, 1, 63, 95, 99, 127] {
                for to in [0u8, 7, 64, 100, 127] {
                    for aux in [0u8, 5, 127] {
                        for promo in [0u8, 1, 15] {
                            let facing = dirs[(ki + usize::from(from) + usize::from(promo)) % 8];
                            let m = Move::pack(
                                kind,
                                Square(from),
                                Square(to),
                                Square(aux),
                                promo,
                                facing,
                            );
                            assert_eq!(m.kind(), kind);
                            assert_eq!(m.from(), Square(from));
                            assert_eq!(m.to(), Square(to));
                            assert_eq!(m.aux(), Square(aux));
                            assert_eq!(m.promo(), promo);
                            assert_eq!(m.facing(), facing);
                            let m2 = m.with_aux(Square(3));
                            assert_eq!(m2.aux(), Square(3));
                            assert_eq!(m2.0 & ACTION_MASK, m.0 & ACTION_MASK);
                            assert_eq!(m.with_facing(Dir::SW).facing(), Dir::SW);
                            assert_eq!(m.with_facing(Dir::SW).from(), Square(from));
                            n += 1;
                        }
                    }
                }
            }
        }
        assert!(n > 1000);
        assert!(Move::NULL.is_null());
        assert_eq!(size_of::<Move>(), 4);
    }

    #[test]
    fn shortcuts_match_pack() {
        let (a, b) = (Square(12), Square(28));
        assert_eq!(
            Move::new(MoveKind::DoublePush, a, b),
            Move::pack(MoveKind::DoublePush, a, b, Square(0), 0, Dir::N)
        );
        assert_eq!(
            Move::promotion(a, b, 4),
            Move::pack(MoveKind::Normal, a, b, Square(0), 4, Dir::N)
        );
    }
}
