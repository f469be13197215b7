//! Side colours and colour-indexed containers.

use std::ops::{Index, IndexMut, Not};

/// A side. White moves first and sits at the low ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The second player.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `w` / `b`, as in FEN.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Parses the FEN side-to-move field.
    pub fn from_fen(s: &str) -> Option<Color> {
        match s {
            "w" => Some(Color::White),
            "b" => Some(Color::Black),
            _ => None,
        }
    }

    /// `White` or `Black`, as messages name the sides.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// `+1` for White (rank numbers grow forward), `-1` for Black.
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// Picks `white` or `black`.
    #[inline(always)]
    pub fn select<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A value per colour, indexed by [`Color`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> ByColor<T> {
    /// Builds from the White and Black values.
    pub const fn new(white: T, black: T) -> Self {
        ByColor([white, black])
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, c: Color) -> &T {
        &self.0[c.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline(always)]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c.index()]
    }
}
