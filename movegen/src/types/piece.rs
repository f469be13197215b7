//! Piece kinds (per variant) and coloured pieces.

use super::color::Color;
use std::fmt::Debug;

/// The piece kinds of one variant: a small closed enum with a letter per kind.
pub trait PieceKind: Copy + Eq + Debug + Send + Sync + 'static {
    /// Number of kinds (the bitboard array length of a [`crate::board::Board`]).
    const COUNT: usize;
    /// Every kind, in index order.
    const ALL: &'static [Self];
    /// Index in `0..COUNT`.
    fn index(self) -> usize;
    /// The upper-case FEN letter.
    fn letter(self) -> char;
    /// Parses an upper-case FEN letter.
    fn from_letter(c: char) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.letter() == c)
    }
}

/// A kind set that begins with the six orthodox kinds at their fixed indices (a list of
/// [`crate::piece_kinds!`] that starts `orthodox,`): code shared by such variants names them here.
pub trait OrthoKind: PieceKind {
    /// The pawn (index 0).
    const PAWN: Self;
    /// The knight (index 1).
    const KNIGHT: Self;
    /// The bishop (index 2).
    const BISHOP: Self;
    /// The rook (index 3).
    const ROOK: Self;
    /// The queen (index 4).
    const QUEEN: Self;
    /// The king (index 5).
    const KING: Self;
    /// The six, in index order (the least valuable first).
    const ORTHODOX: [Self; 6] =
        [Self::PAWN, Self::KNIGHT, Self::BISHOP, Self::ROOK, Self::QUEEN, Self::KING];
}

/// Defines a variant's piece-kind enum and its [`PieceKind`] implementation from one line per
/// kind: its name, its index (in declaration order from 0; the variants use it as the promotion
/// code of their moves) and its FEN letter.
///
/// ```ignore
/// piece_kinds! {
///     /// Piece kinds.
///     pub enum MyKind {
///         /// Pawn.
///         Pawn = 0 'P',
///         /// King.
///         King = 1 'K',
///     }
/// }
/// ```
///
/// A list that begins `orthodox,` starts with the six orthodox kinds: `Pawn = 0 'P'`,
/// `Knight = 1 'N'`, `Bishop = 2 'B'`, `Rook = 3 'R'`, `Queen = 4 'Q'`, `King = 5 'K'`, and
/// its enum implements [`OrthoKind`].
#[macro_export]
macro_rules! piece_kinds {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            orthodox,
            $($rest:tt)*
        }
    ) => {
        $crate::piece_kinds! {
            $(#[$meta])*
            $vis enum $name {
                /// Pawn.
                Pawn = 0 'P',
                /// Knight.
                Knight = 1 'N',
                /// Bishop.
                Bishop = 2 'B',
                /// Rook.
                Rook = 3 'R',
                /// Queen.
                Queen = 4 'Q',
                /// King.
                King = 5 'K',
                $($rest)*
            }
        }

        impl $crate::types::OrthoKind for $name {
            const PAWN: $name = $name::Pawn;
            const KNIGHT: $name = $name::Knight;
            const BISHOP: $name = $name::Bishop;
            const ROOK: $name = $name::Rook;
            const QUEEN: $name = $name::Queen;
            const KING: $name = $name::King;
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$kmeta:meta])* $kind:ident = $index:literal $letter:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        $vis enum $name {
            $($(#[$kmeta])* $kind = $index,)*
        }

        impl $crate::types::PieceKind for $name {
            const COUNT: usize = [$($index),*].len();
            const ALL: &'static [$name] = &[$($name::$kind),*];
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
            fn letter(self) -> char {
                [$($letter),*][self as usize]
            }
        }
    };
}

/// A kind with a colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece<P: PieceKind> {
    /// What it is.
    pub kind: P,
    /// Whose it is.
    pub color: Color,
}

impl<P: PieceKind> Piece<P> {
    /// Builds a piece.
    #[inline(always)]
    pub const fn new(kind: P, color: Color) -> Self {
        Piece { kind, color }
    }

    /// Mailbox code: `1 + 2 * kind + color` (0 means empty).
    #[inline(always)]
    pub fn code(self) -> u8 {
        (1 + 2 * self.kind.index() + self.color.index()) as u8
    }

    /// Inverse of [`Piece::code`]; `None` for 0.
    #[inline(always)]
    pub fn from_code(code: u8) -> Option<Self> {
        if code == 0 {
            None
        } else {
            let c = usize::from(code - 1);
            let color = if c & 1 == 0 { Color::White } else { Color::Black };
            Some(Piece { kind: P::ALL[c >> 1], color })
        }
    }

    /// FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter of either case.
    pub fn from_fen_char(c: char) -> Option<Self> {
        if c.is_ascii_uppercase() {
            P::from_letter(c).map(|k| Piece::new(k, Color::White))
        } else if c.is_ascii_lowercase() {
            P::from_letter(c.to_ascii_uppercase()).map(|k| Piece::new(k, Color::Black))
        } else {
            None
        }
    }
}
