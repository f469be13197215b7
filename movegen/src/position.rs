//! The part of a position every variant has: the side to move, the two FEN clocks and the
//! incremental Zobrist key ([`Core`]), with the bookkeeping every move and every null move does
//! to them. Each variant's position type embeds one `Core` and hands it out through
//! `Rules::core`, which gives it `turn`, `hash`, `halfmove_clock` and `fullmove_number`.

use crate::types::Color;

/// Side to move, clocks and hash: the state every position type embeds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Core {
    /// The side to move.
    pub turn: Color,
    /// Halfmove clock as in FEN (plies since the last capture or pawn move, by the variant's
    /// own definition).
    pub halfmove: u32,
    /// Fullmove number as in FEN (starts at 1, grows after each Black move).
    pub fullmove: u32,
    /// The incremental Zobrist key (`Rules::hash`).
    pub hash: u64,
}

impl Core {
    /// A core with the given side and clocks and a zero hash (the variant sets the key once the
    /// position is built).
    pub const fn new(turn: Color, halfmove: u32, fullmove: u32) -> Core {
        Core { turn, halfmove, fullmove, hash: 0 }
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

    /// A null move's bookkeeping: the halfmove clock runs, the turn passes, and `side_key`
    /// (the variant's key for "Black to move") flips in the hash.
    #[inline(always)]
    pub fn null_move(&mut self, side_key: u64) {
        self.halfmove += 1;
        self.pass_turn();
        self.hash ^= side_key;
    }
}
