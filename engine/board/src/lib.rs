//! The web board's view model: what the page (`engine/assets/gui/`) renders and how a person
//! enters moves on it, computed from a game session (`session::Session`) and the rules, with no
//! server and no runtime, so that the HTTP server of `menagerie gui` (`engine/src/gui/`) and a
//! WebAssembly build of the engine can both answer the page with the same JSON.
//!
//! * [`entry`]: one [`entry::Entry`] per legal action: the squares to click (from the rules'
//!   `movegen::view::MoveInput`), a second path, the choice text, what it changes, its move
//!   forms ([`forms`]).
//! * [`forms`]: the move forms of a position's actions (`movegen::info::MoveForm`) as the page
//!   offers them: castling, a promotion chooser, a facing chooser, a drop, a chance step.
//! * [`help`]: the help panel's text of every move form.
//! * [`state`]: the JSON of a game (board, hands, moves with their effects, legal entries, the
//!   end, the check) and of a hint or a draw offer.
//! * [`table`]: the variant table and the playing levels the page's menus list.
//! * [`events`]: the live events' JSON of a search (scores, lines).
//! * [`motion`]: a move's slides (for animation) and a position's material difference.
//! * [`pgn`]: the web board's PGN export and the list of a loaded text's games.
//! * [`typed`]: the actions a typed move text names.
//! * [`san`]: a move's algebraic text apart from the note its notation adds (the move list).
//! * [`obligation`]: a move the rules make compulsory (Jumping Knights' Rule 4), told in words.
//! * [`draw`]: when the engine accepts a draw offered to it.
#![forbid(unsafe_code)]

pub mod api;
pub mod draw;
pub mod entry;
pub mod events;
pub mod forms;
pub mod help;
pub mod motion;
pub mod obligation;
pub mod pgn;
pub mod pieces;
pub mod san;
pub mod state;
pub mod table;
pub mod typed;

pub use entry::{entries, Entry};
pub use state::{state_json, Activity};
