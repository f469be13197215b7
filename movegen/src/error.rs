//! The error of Menagerie's library boundary: one type for everything a caller of the session,
//! search and board crates can get wrong or be refused, with a kind to match on (a bad FEN and
//! its field, an illegal, ambiguous or malformed move, an unknown variant, a game that is over,
//! ...) and the message the front ends print (its `Display`), word for word.
//!
//! It lives here, in the lowest crate, so that the FEN reader and the move parsers
//! ([`FenError`], [`MoveError`]) convert into it and every crate above shares it; the session
//! crate re-exports it as `session::Error`.

use crate::fen::FenError;
use crate::rules::{MoveError, MoveErrorKind};
use std::fmt;

/// Why a call at the library boundary failed. Every kind carries `message`, the text the
/// front ends show (its [`Display`](fmt::Display)); the other fields say what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A FEN that does not read ([`FenError`]).
    Fen {
        /// The field at fault: `board`, `hand`, `side`, `castling`, `en-passant`, `halfmove`,
        /// `fullmove`, a variant field's name, or `fields` for their number.
        field: &'static str,
        /// What users see.
        message: String,
    },
    /// A move text that reads as a move but names no legal move here, or a move that is not
    /// legal here.
    IllegalMove {
        /// The text received.
        text: String,
        /// What users see.
        message: String,
    },
    /// A move text that names more than one legal move (or an action whose outcome it leaves
    /// open where the outcome must be given).
    AmbiguousMove {
        /// The text received.
        text: String,
        /// What users see.
        message: String,
    },
    /// A move text that is not a move of the notation at all.
    MalformedMove {
        /// The text received.
        text: String,
        /// What users see.
        message: String,
    },
    /// A variant name that names no variant.
    UnknownVariant {
        /// The name.
        name: String,
        /// What users see.
        message: String,
    },
    /// The game is over: no more moves, no resignation.
    GameOver {
        /// What users see.
        message: String,
    },
    /// The game has the most moves a game may have.
    GameFull {
        /// What users see.
        message: String,
    },
    /// A numbered setup that does not exist, or a setup asked for together with a FEN.
    Setup {
        /// What users see.
        message: String,
    },
    /// A PGN that holds no game (or not the one asked for), or a tag that does not read.
    Pgn {
        /// What users see.
        message: String,
    },
    /// An argument out of its range: more moves to take back than were played, a ply the game
    /// does not have.
    BadArgument {
        /// What users see.
        message: String,
    },
    /// Memory or threads the system refused (a hash table, search tables, a search thread).
    Resources {
        /// What users see.
        message: String,
    },
}

/// The `message` field of every kind of [`Error`], by reference or by mutable reference as
/// `$e` is (one list of the kinds for [`Error::message`] and `Error::message_mut`).
macro_rules! message_of {
    ($e:expr) => {
        match $e {
            Error::Fen { message, .. }
            | Error::IllegalMove { message, .. }
            | Error::AmbiguousMove { message, .. }
            | Error::MalformedMove { message, .. }
            | Error::UnknownVariant { message, .. }
            | Error::GameOver { message }
            | Error::GameFull { message }
            | Error::Setup { message }
            | Error::Pgn { message }
            | Error::BadArgument { message }
            | Error::Resources { message } => message,
        }
    };
}

impl Error {
    /// What users see (the same text as `Display`).
    pub fn message(&self) -> &str {
        message_of!(self)
    }

    fn message_mut(&mut self) -> &mut String {
        message_of!(self)
    }

    /// The same error with its message preceded by `context` and `": "` (`FEN tag: invalid
    /// FEN ...`, ``move 3 `Ke3`: ...``); the kind is kept.
    pub fn context(mut self, context: impl fmt::Display) -> Error {
        let m = self.message_mut();
        *m = format!("{context}: {m}");
        self
    }

    /// The same error with `message` as its whole message; the kind is kept.
    pub fn with_message(mut self, message: impl Into<String>) -> Error {
        *self.message_mut() = message.into();
        self
    }

    /// A move error of `e`'s kind whose message is only its reason (what the move-playing
    /// front ends show: `not a legal move`, `ambiguous`, ...).
    pub fn move_reason(e: MoveError) -> Error {
        let message = e.reason.clone();
        Error::from(e).with_message(message)
    }

    /// Whether this is a refused move text (illegal, ambiguous or malformed).
    pub fn is_move(&self) -> bool {
        matches!(
            self,
            Error::IllegalMove { .. } | Error::AmbiguousMove { .. } | Error::MalformedMove { .. }
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

impl From<FenError> for Error {
    /// Keeps the field; the message is the FEN error's own text (`invalid FEN (board field):
    /// ...`).
    fn from(e: FenError) -> Error {
        Error::Fen { field: e.field, message: e.to_string() }
    }
}

impl From<MoveError> for Error {
    /// Keeps the kind and the text; the message is the move error's own text (`text: reason`).
    fn from(e: MoveError) -> Error {
        let message = e.to_string();
        let text = e.text;
        match e.kind {
            MoveErrorKind::Illegal => Error::IllegalMove { text, message },
            MoveErrorKind::Ambiguous => Error::AmbiguousMove { text, message },
            MoveErrorKind::Malformed => Error::MalformedMove { text, message },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_messages_carry_over() {
        let fen = Error::from(FenError::new("side", "missing or not `w`/`b`"));
        assert_eq!(fen.to_string(), "invalid FEN (side field): missing or not `w`/`b`");
        assert!(matches!(fen, Error::Fen { field: "side", .. }));
        let tagged = fen.context("FEN tag");
        assert_eq!(tagged.to_string(), "FEN tag: invalid FEN (side field): missing or not `w`/`b`");
        assert!(matches!(tagged, Error::Fen { field: "side", .. }));
        let mv = Error::from(MoveError::malformed("zz", "no origin square"));
        assert_eq!(mv.to_string(), "zz: no origin square");
        assert!(matches!(&mv, Error::MalformedMove { text, .. } if text == "zz"));
        let short = Error::move_reason(MoveError::illegal("e2e5", "not a legal move"));
        assert_eq!(short.to_string(), "not a legal move");
        assert!(short.is_move());
    }

    /// Every legal move's text along a walk through each variant has the shape of a move, so
    /// an unmatched text of that shape is illegal, and any other malformed.
    #[test]
    fn legal_texts_are_coordinate_shaped() {
        use crate::rules::{coordinate_shaped, Rules, VariantId};
        for id in VariantId::ALL {
            crate::with_variant!(id, V => {
                let mut pos = V::startpos();
                for ply in 0..80usize {
                    let mut list = <V as Rules>::Moves::default();
                    pos.legal_moves(&mut list);
                    let moves: Vec<_> = list.iter().copied().collect();
                    for &m in &moves {
                        let t = pos.move_text(m);
                        assert!(coordinate_shaped::<<V as Rules>::G>(&t), "{id}: {t}");
                    }
                    if moves.is_empty() {
                        break;
                    }
                    pos = pos.play(moves[(ply * 7 + 3) % moves.len()]);
                }
            });
        }
        assert!(!coordinate_shaped::<crate::types::Geo8x8>("zz"));
        assert!(!coordinate_shaped::<crate::types::Geo8x8>("e2"));
        assert!(coordinate_shaped::<crate::types::Geo8x8>("e2e5"));
    }
}
