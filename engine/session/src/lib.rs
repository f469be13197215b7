//! The Menagerie game session: what every front end needs between a protocol's text and the
//! monomorphised engine. A game of any variant behind one neutral interface ([`api::GameApi`],
//! moves as notation.md text, one `play`), the game's history and its end by rule and by
//! history ([`game`]), the end's texts ([`end`]), start positions and numbered setups
//! ([`start`]), PGN records ([`pgn`]), the text board ([`board`]), and the session a person
//! plays in ([`session::Session`]: setup choice, the die, resignation and draw, the ply limit).
//! Everything fallible here returns [`Error`] (`movegen::Error`, re-exported): a kind to match
//! on and the message the front ends print.
#![forbid(unsafe_code)]

pub mod api;
pub mod board;
pub mod end;
pub mod game;
pub mod pgn;
pub mod session;
pub mod sliced;
pub mod start;

pub use api::{new_game, new_game_with, Event, GameApi, GameBox, Listener, MoveIn, Notation};
pub use movegen::Error;
pub use session::{Session, TimeControl};
