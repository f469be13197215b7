//! A piece placement shared by the variants: bitboards per kind and per colour plus a mailbox,
//! kept in sync by [`Board::put`] / [`Board::remove`].

use crate::types::{Bitboard, ByColor, Color, Geometry, Piece, PieceKind, Square};
use std::fmt;
use std::marker::PhantomData;

/// Piece placement on a board of geometry `G` with kinds `P` (`K` must equal `P::COUNT`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board<G: Geometry, P: PieceKind, const K: usize> {
    kinds: [Bitboard<G::Bits>; K],
    colors: ByColor<Bitboard<G::Bits>>,
    mailbox: G::Mailbox,
    _kinds: PhantomData<P>,
}

impl<G: Geometry, P: PieceKind, const K: usize> Default for Board<G, P, K> {
    fn default() -> Self {
        Self::empty()
    }
}

impl<G: Geometry, P: PieceKind, const K: usize> Board<G, P, K> {
    const KINDS_MATCH: () = assert!(K == P::COUNT, "Board's K must equal PieceKind::COUNT");

    /// An empty board.
    pub fn empty() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::KINDS_MATCH;
        Board {
            kinds: [Bitboard::EMPTY; K],
            colors: ByColor::default(),
            mailbox: G::EMPTY_MAILBOX,
            _kinds: PhantomData,
        }
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece<P>> {
        Piece::from_code(self.mailbox.as_ref()[sq.idx()])
    }

    /// The mailbox code on `sq` (0 = empty; see [`Piece::code`]).
    #[inline(always)]
    pub fn code_at(&self, sq: Square) -> u8 {
        self.mailbox.as_ref()[sq.idx()]
    }

    /// The FEN letter of the piece on `sq`, as a token of the board field.
    pub fn token(&self, sq: Square) -> Option<String> {
        self.piece_at(sq).map(|p| p.fen_char().to_string())
    }

    /// The kind on `sq`.
    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> Option<P> {
        self.piece_at(sq).map(|p| p.kind)
    }

    /// Squares holding `kind` (both colours).
    #[inline(always)]
    pub fn kind(&self, kind: P) -> Bitboard<G::Bits> {
        self.kinds[kind.index()]
    }

    /// Squares holding `color`'s units.
    #[inline(always)]
    pub fn color(&self, color: Color) -> Bitboard<G::Bits> {
        self.colors[color]
    }

    /// Squares holding `color`'s `kind`.
    #[inline(always)]
    pub fn pieces(&self, kind: P, color: Color) -> Bitboard<G::Bits> {
        self.kinds[kind.index()] & self.colors[color]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard<G::Bits> {
        self.colors[Color::White] | self.colors[Color::Black]
    }

    /// Places `piece` on the empty square `sq`.
    #[inline(always)]
    pub fn put(&mut self, sq: Square, piece: Piece<P>) {
        debug_assert!(self.code_at(sq) == 0, "put on occupied square {}", sq.0);
        self.kinds[piece.kind.index()].set(sq);
        self.colors[piece.color].set(sq);
        self.mailbox.as_mut()[sq.idx()] = piece.code();
    }

    /// Removes and returns the piece on `sq`.
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) -> Option<Piece<P>> {
        let p = self.piece_at(sq)?;
        self.kinds[p.kind.index()].clear(sq);
        self.colors[p.color].clear(sq);
        self.mailbox.as_mut()[sq.idx()] = 0;
        Some(p)
    }

    /// Takes the unit with mailbox code `code` (not 0: [`Piece::code`]) off `sq`, where it
    /// stands: [`Board::remove`] for a caller that has read the code, with no decoding.
    #[inline(always)]
    pub fn take_coded(&mut self, sq: Square, code: u8) {
        debug_assert!(code != 0 && self.code_at(sq) == code, "take_coded: wrong code");
        let c = usize::from(code - 1);
        self.kinds[c >> 1].toggle(sq);
        self.colors.0[c & 1].toggle(sq);
        self.mailbox.as_mut()[sq.idx()] = 0;
    }

    /// Places the unit with mailbox code `code` (not 0) on the empty square `sq`.
    #[inline(always)]
    pub fn put_coded(&mut self, sq: Square, code: u8) {
        debug_assert!(code != 0 && self.code_at(sq) == 0, "put_coded on an occupied square");
        let c = usize::from(code - 1);
        self.kinds[c >> 1].toggle(sq);
        self.colors.0[c & 1].toggle(sq);
        self.mailbox.as_mut()[sq.idx()] = code;
    }

    /// Moves the piece on `from` to the empty square `to`; returns it.
    #[inline(always)]
    pub fn relocate(&mut self, from: Square, to: Square) -> Option<Piece<P>> {
        let p = self.remove(from)?;
        self.put(to, p);
        Some(p)
    }

    /// A castling: the king moves `from` -> `to` and the rook `rook.0` -> `rook.1`. Returns
    /// the change of a Zobrist key whose piece-square keys `key` gives.
    #[inline(always)]
    pub fn castle(
        &mut self,
        from: Square,
        to: Square,
        rook: (Square, Square),
        key: impl Fn(Piece<P>, Square) -> u64,
    ) -> u64 {
        let king = self.relocate(from, to).expect("king");
        let r = self.relocate(rook.0, rook.1).expect("rook");
        key(king, from) ^ key(king, to) ^ key(r, rook.0) ^ key(r, rook.1)
    }

    /// A capture beside the destination (en passant): the unit on `victim` leaves the board and
    /// the mover goes `from` -> `to`. Returns the change of the Zobrist key (see
    /// [`Board::castle`]).
    #[inline(always)]
    pub fn capture_aside(
        &mut self,
        from: Square,
        to: Square,
        victim: Square,
        key: impl Fn(Piece<P>, Square) -> u64,
    ) -> u64 {
        let cap = self.remove(victim).expect("victim");
        let mover = self.relocate(from, to).expect("mover");
        key(cap, victim) ^ key(mover, from) ^ key(mover, to)
    }

    /// The Zobrist key of the placement: the piece-square keys `key` gives, over every unit.
    pub fn zobrist(&self, key: impl Fn(Piece<P>, Square) -> u64) -> u64 {
        self.iter().fold(0, |h, (sq, p)| h ^ key(p, sq))
    }

    /// Every (square, piece), lowest square first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece<P>)> + '_ {
        self.occupied().into_iter().map(move |sq| (sq, self.piece_at(sq).expect("synced")))
    }

    /// Checks that bitboards and mailbox agree (tests and debug assertions).
    pub fn is_consistent(&self) -> bool {
        let mut seen = Bitboard::<G::Bits>::EMPTY;
        for (i, &k) in self.kinds.iter().enumerate() {
            if (seen & k).any() {
                return false;
            }
            seen |= k;
            for sq in k {
                match self.piece_at(sq) {
                    Some(p) if p.kind.index() == i && self.colors[p.color].has(sq) => {}
                    _ => return false,
                }
            }
        }
        let cells = G::cells();
        let nonempty = (0..cells).filter(|&i| self.mailbox.as_ref()[i] != 0).count();
        seen == self.occupied()
            && (self.colors[Color::White] & self.colors[Color::Black]).is_empty()
            && nonempty as u32 == seen.count()
            && (seen & G::holes()).is_empty()
    }
}

impl<G: Geometry, P: PieceKind, const K: usize> fmt::Debug for Board<G, P, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..G::RANKS).rev() {
            for file in 0..G::FILES {
                let sq = G::square(i32::from(file), i32::from(r)).expect("on grid");
                let c = if G::holes().has(sq) {
                    '*'
                } else {
                    self.piece_at(sq).map_or('.', Piece::fen_char)
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
