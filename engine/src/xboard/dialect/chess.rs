//! `chess` through the protocols: XBoard knows it as `normal`.

use super::Dialect;
use movegen::rules::Rules;
use movegen::{Move, MoveError};

impl Dialect for movegen::variants::chess::Chess {
    fn parse_xboard(&self, text: &str) -> Result<Move, MoveError> {
        // XBoard may send castling as O-O / O-O-O in some modes.
        self.parse_move(super::castling_text(text, self.turn(), ["e1g1", "e1c1", "e8g8", "e8c8"]))
    }
}
