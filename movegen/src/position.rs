//! The part of a position every variant has: the FEN fields beside the board (the side to
//! move, the castling rights, the en-passant square, the two clocks) and the incremental
//! Zobrist key ([`Core`]), with the bookkeeping every move and every null move does to them.
//! Each variant's position type embeds one `Core` and hands it out through `Rules::core`, from
//! which the trait gives `turn`, `hash`, `halfmove_clock` and `fullmove_number`.

use crate::types::{Color, Square};

/// Side to move, castling rights, e.p. square, clocks and hash: the state every position type
/// embeds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Core {
    /// The side to move.
    pub turn: Color,
    /// The castling rights, one bit a right (`castling::WHITE_KINGSIDE` and the others; in
    /// 8-Piece, bit `i` is right `i` with its own partner square).
    pub castling: u8,
    /// The en-passant square as in FEN: set by a pawn's double step, gone after any other move
    /// and after a null move (always `None` in TamerSpiel, which has no en passant).
    pub ep: Option<Square>,
    /// Whether the key of `ep` is in `hash`: the variant's test found a capture onto it for the
    /// side to move, so that an e.p. square no capture can use does not split positions.
    pub ep_keyed: bool,
    /// Halfmove clock as in FEN (plies since the last capture or pawn move, by the variant's
    /// own definition).
    pub halfmove: u32,
    /// Fullmove number as in FEN (starts at 1, grows after each Black move).
    pub fullmove: u32,
    /// The incremental Zobrist key (`Rules::hash`).
    pub hash: u64,
}

impl Core {
    /// A core with the given side and clocks, no castling right, no e.p. square and a zero
    /// hash (the variant sets the rights, the e.p. square and the key as it builds the
    /// position).
    pub const fn new(turn: Color, halfmove: u32, fullmove: u32) -> Core {
        Core { turn, castling: 0, ep: None, ep_keyed: false, halfmove, fullmove, hash: 0 }
    }

    /// The side-to-move part of a Zobrist key from scratch: `black` (the variant's key for
    /// "Black to move") when Black moves, else nothing.
    pub fn side_key(&self, black: u64) -> u64 {
        if self.turn == Color::Black {
            black
        } else {
            0
        }
    }

    /// The e.p. right lapses, as it does with every move but a double step and with the null
    /// move: the square goes. Returns the square whose key must leave the hash (`None` when
    /// there was no square, or its key was not in the hash).
    #[inline(always)]
    pub fn lapse_ep(&mut self) -> Option<Square> {
        let keyed = if self.ep_keyed { self.ep } else { None };
        self.ep = None;
        self.ep_keyed = false;
        keyed
    }

    /// Hands the turn to the other side at the end of a move: the fullmove number grows after
    /// Black's move. (The hash's side key is the variant's: it is folded in with the rest of the
    /// move's key changes.)
    #[inline(always)]
    pub fn pass_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmove += 1;
        }
        self.turn = !self.turn;
    }

    /// A null move's bookkeeping: the e.p. right lapses ([`Core::lapse_ep`]; `ep_key` gives the
    /// variant's key of a square), the halfmove clock runs, the turn passes, and `side_key` (the
    /// variant's key for "Black to move") flips in the hash.
    #[inline(always)]
    pub fn null_move(&mut self, side_key: u64, ep_key: impl FnOnce(Square) -> u64) {
        if let Some(ep) = self.lapse_ep() {
            self.hash ^= ep_key(ep);
        }
        self.halfmove += 1;
        self.pass_turn();
        self.hash ^= side_key;
    }
}
