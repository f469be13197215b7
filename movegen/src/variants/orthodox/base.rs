//! The position the orthodox 8x8 variants (chess, the Magician, PieceEater) build on, written
//! once: [`OrthoBase`] (the placement, the [`Core`] and the castling rights), the layout of their
//! Zobrist keys ([`own_keys`]), and [`Orthodox`]: what a move, a null move and a key from scratch
//! do to the base, with hooks through which a variant adds its own fields and moves.

use super::{castle_rook_squares, ep_victim, read_ep, CASTLE_KEEP, CASTLING};
use crate::attacks::magic::tables;
use crate::board::Board;
use crate::castling;
use crate::fen::{self, FenError, Setup};
use crate::moves::{Move, MoveKind};
use crate::position::Core;
use crate::rules::Rules;
use crate::types::{Bb64, Color, Geo8x8, Geometry, OrthoKind, Piece, PieceKind, Square};

/// The placement and the core (side, castling rights, e.p. square, clocks, key) of an orthodox
/// position; the variant's position type adds its own fields beside it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct OrthoBase<P: OrthoKind, const K: usize> {
    /// The placement.
    pub(crate) board: Board<Geo8x8, P, K>,
    /// Side, castling rights, e.p. square, clocks and key.
    pub(crate) core: Core,
}

impl<P: OrthoKind, const K: usize> OrthoBase<P, K> {
    /// Reads the orthodox part of a setup (chess, the Magician): the placement (`letters` and
    /// `no_suffix` as [`Setup::place`] takes them), one king a side, no pawn on a back rank, the
    /// castling rights and the e.p. square.
    pub(crate) fn read(f: &Setup, letters: &str, no_suffix: &str) -> Result<Self, FenError> {
        let board: Board<Geo8x8, P, K> = f.place(letters, no_suffix)?;
        fen::one_king(&board, P::KING)?;
        fen::no_pawn_on_back_ranks(&board, P::PAWN)?;
        let mut core = f.core();
        core.castling = castling::read(f.castling, &CASTLING, &board, P::KING, P::ROOK)?;
        core.ep = read_ep(f, &board, P::PAWN)?;
        Ok(OrthoBase { board, core })
    }

    /// The FEN, with the variant's fields `extra` after the fullmove number.
    pub(crate) fn fen(&self, extra: Option<&str>) -> String {
        let board = fen::write_board::<Geo8x8>(|sq| self.board.token(sq));
        let castling = castling::text(self.core.castling);
        fen::write::<Geo8x8>(&board, None, &self.core, &castling, extra)
    }

    /// The king square of `c` (whose king is on the board).
    #[inline(always)]
    pub(crate) fn king(&self, c: Color) -> Square {
        self.board.pieces(P::KING, c).lsb()
    }

    /// Units of `by` attacking `sq` with occupancy `occ` by the orthodox moves, where the units
    /// on `straight` and on `diagonal` (both colours; other kinds than the orthodox ones) also
    /// slide like a rook and like a bishop.
    #[inline(always)]
    pub(crate) fn attackers(
        &self,
        sq: Square,
        by: Color,
        occ: Bb64,
        straight: Bb64,
        diagonal: Bb64,
    ) -> Bb64 {
        let t = tables();
        let b = &self.board;
        let queens = b.kind(P::QUEEN);
        ((t.knight[sq.idx()] & b.kind(P::KNIGHT))
            | (t.king[sq.idx()] & b.kind(P::KING))
            | (t.pawn_attacks(!by, sq) & b.kind(P::PAWN))
            | (t.rook(sq, occ) & (b.kind(P::ROOK) | queens | straight))
            | (t.bishop(sq, occ) & (b.kind(P::BISHOP) | queens | diagonal)))
            & b.color(by)
    }
}

/// The index of the first key a variant with `kinds` piece kinds adds to the orthodox ones. An
/// orthodox variant's key table starts with 64 piece-square keys per mailbox code (the key of
/// `piece` on `sq` is at `(piece.code() - 1) * 64 + sq`), then the side to move ("Black to
/// move"), the 16 castling masks and the 8 e.p. files.
pub(crate) const fn own_keys(kinds: usize) -> usize {
    2 * kinds * 64 + 1 + 16 + 8
}

/// A position type built on an [`OrthoBase`] (`K` piece kinds), whose moves are the orthodox
/// ones and whatever its hooks add. The provided methods are the make-move ([`Orthodox::make`]),
/// the null move ([`Orthodox::null_moved`]), the key from scratch
/// ([`Orthodox::key_from_scratch`]) and the e.p. tests of every such variant. [`base_items!`]
/// writes the required items of a type that keeps its base in the field `base`.
pub(crate) trait Orthodox<const K: usize>: Rules + Copy {
    /// The piece kinds.
    type Kind: OrthoKind;
    /// The Zobrist keys, laid out as [`own_keys`] says; the variant's own keys follow.
    const KEYS: &'static [u64];

    /// The base.
    fn base(&self) -> &OrthoBase<Self::Kind, K>;
    /// The base, to change.
    fn base_mut(&mut self) -> &mut OrthoBase<Self::Kind, K>;
    /// Units of `by` attacking `sq` with occupancy `occ` (every kind of attack).
    fn attackers_of(&self, sq: Square, by: Color, occ: Bb64) -> Bb64;

    /// Full legality test of the side to move's en-passant capture `from` -> `ep` (pinned and
    /// discovered cases included).
    #[inline]
    fn ep_legal(&self, from: Square, ep: Square) -> bool {
        let b = self.base();
        let us = b.core.turn;
        let victim = ep_victim(us, ep);
        let occ = b.board.occupied().without(from).without(victim).with(ep);
        self.attackers_of(b.king(us), !us, occ).without(victim).is_empty()
    }

    /// Whether the side to move can capture onto the e.p. square `ep` by the variant's rules
    /// (then the square's key is in the hash, and an e.p. square no capture can use does not
    /// split positions). Default: a legal capture exists.
    #[inline]
    fn ep_capturable(&self, ep: Square) -> bool {
        let b = self.base();
        let us = b.core.turn;
        let pawns = tables().pawn_attacks(!us, ep) & b.board.pieces(Self::Kind::PAWN, us);
        pawns.into_iter().any(|from| self.ep_legal(from, ep))
    }

    /// The part of the key that the variant's own fields give, taken out of the key before a
    /// move and put back after it; 0 (the default) when the variant keeps its own keys up to
    /// date move by move.
    #[inline(always)]
    fn own_key(&self) -> u64 {
        0
    }

    /// The unit that a pawn of `us` promoting with code `code` (not 0) becomes, once the
    /// captured unit and the pawn have left the board. Default: the kind with index `code`.
    #[inline(always)]
    fn promotion(&mut self, us: Color, code: u8) -> Piece<Self::Kind> {
        Piece::new(Self::Kind::ALL[usize::from(code)], us)
    }

    /// Called when a pawn of `us` has arrived on `to` by any move but a double step (en
    /// passant included), with the key changes so far in `h`. Default: nothing.
    #[inline(always)]
    fn pawn_arrived(&mut self, us: Color, to: Square, h: &mut u64) {
        let _ = (us, to, h);
    }

    /// A move of a kind beyond the orthodox ones (the Magician's switch, PieceEater's drop), its
    /// key changes folded into `h`. Default: there is none.
    #[inline(always)]
    fn other_move(&mut self, m: Move, h: &mut u64) {
        let _ = h;
        unreachable!("{:?} is not a move of this variant", m.kind());
    }

    /// The key of `piece` on `sq`.
    #[inline(always)]
    fn piece_key(piece: Piece<Self::Kind>, sq: Square) -> u64 {
        Self::KEYS[(usize::from(piece.code()) - 1) * 64 + sq.idx()]
    }

    /// The key of "Black to move".
    #[inline(always)]
    fn side_key() -> u64 {
        Self::KEYS[2 * K * 64]
    }

    /// The key of the castling rights `rights`.
    #[inline(always)]
    fn castling_key(rights: u8) -> u64 {
        Self::KEYS[2 * K * 64 + 1 + usize::from(rights)]
    }

    /// The key of the e.p. square `ep` (by its file).
    #[inline(always)]
    fn ep_key(ep: Square) -> u64 {
        Self::KEYS[2 * K * 64 + 17 + usize::from(Geo8x8::file(ep))]
    }

    /// Completes a position read from a FEN: whether the key of its e.p. square is in, then the
    /// key.
    fn seal(&mut self) {
        let core = &self.base().core;
        let keyed = core.ep.is_some_and(|ep| self.ep_capturable(ep));
        self.base_mut().core.ep_keyed = keyed;
        self.base_mut().core.hash = self.compute_hash();
    }

    /// The position after the legal move `m` (copy-make): [`Orthodox::begin_move`],
    /// [`Orthodox::make`], [`Orthodox::end_move`].
    #[inline(always)]
    fn make_move(&self, m: Move) -> Self {
        let mut p = *self;
        let mut h = p.begin_move();
        p.make(m, &mut h);
        p.end_move(h);
        p
    }

    /// Begins a move: returns the key without its side, castling, e.p. and own parts; the e.p.
    /// right lapses and the halfmove clock runs (a capture or a pawn move resets it).
    #[inline(always)]
    fn begin_move(&mut self) -> u64 {
        let own = self.own_key();
        let b = self.base_mut();
        let mut h = b.core.hash ^ Self::side_key() ^ Self::castling_key(b.core.castling) ^ own;
        if let Some(ep) = b.core.lapse_ep() {
            h ^= Self::ep_key(ep);
        }
        b.core.halfmove += 1;
        h
    }

    /// The legal move `m` on the placement, the halfmove clock, the e.p. square (a double step
    /// sets it) and the castling rights, with its key changes folded into `h`; returns the unit
    /// it captured. Kinds beyond the orthodox ones go to [`Orthodox::other_move`].
    #[inline(always)]
    fn make(&mut self, m: Move, h: &mut u64) -> Option<Piece<Self::Kind>> {
        let (from, to) = (m.from(), m.to());
        let captured = match m.kind() {
            MoveKind::Normal | MoveKind::DoublePush => self.make_normal(m, h),
            MoveKind::Castle => {
                let rook = castle_rook_squares(to);
                *h ^= self.base_mut().board.castle(from, to, rook, Self::piece_key);
                None
            }
            MoveKind::EnPassant => {
                let b = self.base_mut();
                let us = b.core.turn;
                *h ^= b.board.capture_aside(from, to, ep_victim(us, to), Self::piece_key);
                b.core.halfmove = 0;
                self.pawn_arrived(us, to, h);
                Some(Piece::new(Self::Kind::PAWN, !us))
            }
            _ => {
                self.other_move(m, h);
                None
            }
        };
        self.base_mut().core.castling &= CASTLE_KEEP[from.idx()] & CASTLE_KEEP[to.idx()];
        captured
    }

    /// [`Orthodox::make`] of a normal move or a double step: the captured unit leaves, the
    /// mover (or its promotion) arrives.
    #[inline(always)]
    fn make_normal(&mut self, m: Move, h: &mut u64) -> Option<Piece<Self::Kind>> {
        let (from, to) = (m.from(), m.to());
        let b = self.base_mut();
        let us = b.core.turn;
        let captured = b.board.remove(to);
        if let Some(cap) = captured {
            *h ^= Self::piece_key(cap, to);
            b.core.halfmove = 0;
        }
        let piece = b.board.remove(from).expect("mover");
        *h ^= Self::piece_key(piece, from);
        let placed = if m.promo() != 0 { self.promotion(us, m.promo()) } else { piece };
        let b = self.base_mut();
        b.board.put(to, placed);
        *h ^= Self::piece_key(placed, to);
        if piece.kind == Self::Kind::PAWN {
            b.core.halfmove = 0;
            if m.kind() == MoveKind::DoublePush {
                b.core.ep = Some(Square((from.0 + to.0) / 2));
            } else {
                self.pawn_arrived(us, to, h);
            }
        }
        captured
    }

    /// Ends a move whose key changes are in `h`: the castling and own keys of the new state go
    /// in, the turn passes, the key of a new e.p. square goes in when the side now to move can
    /// capture onto it, and `h` becomes the hash.
    #[inline(always)]
    fn end_move(&mut self, mut h: u64) {
        h ^= self.own_key();
        let b = self.base_mut();
        h ^= Self::castling_key(b.core.castling);
        b.core.pass_turn();
        if let Some(ep) = b.core.ep {
            if self.ep_capturable(ep) {
                self.base_mut().core.ep_keyed = true;
                h ^= Self::ep_key(ep);
            }
        }
        self.base_mut().core.hash = h;
    }

    /// The position after a null move (the variant decides whether one may be made):
    /// [`Core::null_move`]; the castling rights and the variant's own fields stay.
    #[inline(always)]
    fn null_moved(&self) -> Self {
        let mut p = *self;
        p.base_mut().core.null_move(Self::side_key(), Self::ep_key);
        p
    }

    /// The key from scratch of the base and the variant's own key: the placement, the side, the
    /// castling rights, and the e.p. square when the side to move can capture onto it.
    fn key_from_scratch(&self) -> u64 {
        let b = self.base();
        let mut h = b.board.zobrist(Self::piece_key)
            ^ b.core.side_key(Self::side_key())
            ^ Self::castling_key(b.core.castling)
            ^ self.own_key();
        if let Some(ep) = b.core.ep {
            if self.ep_capturable(ep) {
                h ^= Self::ep_key(ep);
            }
        }
        h
    }
}

/// Writes the required items of an [`Orthodox`] implementation for a position type that keeps
/// its [`OrthoBase`] in the field `base` and finds attackers with an inherent `attackers`: the
/// kinds `$kind` (`$k` of them) and the key table `$keys`.
macro_rules! base_items {
    ($kind:ty, $k:literal, $keys:expr) => {
        type Kind = $kind;
        const KEYS: &'static [u64] = $keys;

        #[inline(always)]
        fn base(&self) -> &$crate::variants::orthodox::OrthoBase<$kind, $k> {
            &self.base
        }

        #[inline(always)]
        fn base_mut(&mut self) -> &mut $crate::variants::orthodox::OrthoBase<$kind, $k> {
            &mut self.base
        }

        #[inline(always)]
        fn attackers_of(
            &self,
            sq: $crate::types::Square,
            by: $crate::types::Color,
            occ: $crate::types::Bb64,
        ) -> $crate::types::Bb64 {
            self.attackers(sq, by, occ)
        }
    };
}
pub(crate) use base_items;
