//! `chess` through the protocols: XBoard knows it as `normal`.

use super::Dialect;
use movegen::rules::Rules;
use movegen::{Move, MoveError};

impl Dialect for movegen::variants::chess::Chess {
    fn parse_xboard(&self, text: &str) -> Result<Move, MoveError> {
        // XBoard may send castling as O-O / O-O-O in some modes.
        let t = match (text, self.turn()) {
            ("O-O", movegen::types::Color::White) => "e1g1",
            ("O-O-O", movegen::types::Color::White) => "e1c1",
            ("O-O", movegen::types::Color::Black) => "e8g8",
            ("O-O-O", movegen::types::Color::Black) => "e8c8",
            _ => text,
        };
        self.parse_move(t)
    }
}
