//! The variant ids and the table of facts about each variant that every surface reads (names,
//! XBoard name, board shape, pieces with how each moves, chance, numbered setups, bench
//! positions). One [`VariantInfo`] per variant id, defined in the variant's own `info.rs` and
//! listed once in the variant list (`for_each_variant!`, `variants/mod.rs`), from which
//! [`VariantId`] is generated here and `VariantId::info` (which finds the entry) in
//! `variants/mod.rs`.

use crate::types::Geometry;

crate::for_each_variant!(define_variant_ids!());

/// Defines [`VariantId`] from the variant list (`for_each_variant!`).
#[doc(hidden)]
#[macro_export]
macro_rules! define_variant_ids {
    (() $($V:ident $doc:literal $tm:ident :: $tt:ident, $im:ident :: info :: $ic:ident;)*) => {
        /// The variant ids of the rule book (`../shared/rules/README.md`), in rule-book order.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum VariantId {
            $(#[doc = $doc] $V,)*
        }

        impl VariantId {
            /// Every id, in rule-book order.
            pub const ALL: [VariantId; [$(stringify!($V)),*].len()] = [$(VariantId::$V),*];
        }
    };
}

/// One kind of piece, for a legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// Its FEN letter (White's, upper case; Black's is the lower-case letter; `X` for the
    /// neutral PieceEater).
    pub letter: char,
    /// Its name.
    pub name: &'static str,
    /// How it moves, in one or two sentences for people.
    pub moves: &'static str,
}

/// Numbered start positions (`eightpiece-random`).
#[derive(Clone, Copy, Debug)]
pub struct Setups {
    /// How many there are.
    pub count: fn() -> usize,
    /// The FEN of setup `n` (`None` past the end).
    pub fen: fn(usize) -> Option<String>,
}

/// The board's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// File letters, leftmost first.
    pub file_names: &'static [u8],
    /// Number of the lowest rank.
    pub rank_base: u8,
}

impl Shape {
    /// The shape of geometry `G`.
    pub const fn of<G: Geometry>() -> Shape {
        Shape {
            files: G::FILES,
            ranks: G::RANKS,
            file_names: G::FILE_NAMES,
            rank_base: G::RANK_BASE,
        }
    }
}

/// Everything the surfaces need to know about one variant id.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// The id as written everywhere (`--variant`, `UCI_Variant`, XBoard `variant`).
    pub name: &'static str,
    /// Its name for people.
    pub title: &'static str,
    /// The XBoard variant name (`normal` for chess).
    pub xboard_name: &'static str,
    /// Its rule-book file under `../shared/rules/`.
    pub rules_file: &'static str,
    /// The standard start position (`None`: the start is one of the numbered setups).
    pub start_fen: Option<&'static str>,
    /// Whether moves carry chance outcomes (`Rules::HAS_CHANCE`).
    pub has_chance: bool,
    /// Board shape.
    pub shape: Shape,
    /// The pieces, for a legend.
    pub pieces: &'static [PieceInfo],
    /// Numbered start positions, if the variant has them.
    pub setups: Option<Setups>,
    /// `menagerie bench --perft` positions: FEN and depth offset from `--depth`.
    pub perft_bench: &'static [(&'static str, i32)],
    /// `menagerie bench` search positions.
    pub search_bench: &'static [&'static str],
}

impl VariantInfo {
    /// The legend entry of the piece written `letter` (either case), if any.
    pub fn piece(&self, letter: char) -> Option<&'static PieceInfo> {
        let up = letter.to_ascii_uppercase();
        self.pieces.iter().find(|p| p.letter == up)
    }
}

/// The orthodox pieces' legend entries, shared by the variants that keep them.
pub mod orthodox {
    use super::PieceInfo;

    /// The king.
    pub const KING: PieceInfo = PieceInfo {
        letter: 'K',
        name: "King",
        moves: "One step in any direction; castles with the rook. Must not be left in check.",
    };
    /// The queen.
    pub const QUEEN: PieceInfo = PieceInfo {
        letter: 'Q',
        name: "Queen",
        moves: "Any distance along ranks, files and diagonals.",
    };
    /// The rook.
    pub const ROOK: PieceInfo =
        PieceInfo { letter: 'R', name: "Rook", moves: "Any distance along ranks and files." };
    /// The bishop.
    pub const BISHOP: PieceInfo =
        PieceInfo { letter: 'B', name: "Bishop", moves: "Any distance along diagonals." };
    /// The knight.
    pub const KNIGHT: PieceInfo = PieceInfo {
        letter: 'N',
        name: "Knight",
        moves: "Leaps two squares one way and one square sideways (an L), over anything.",
    };
    /// The pawn.
    pub const PAWN: PieceInfo = PieceInfo {
        letter: 'P',
        name: "Pawn",
        moves: "One step forward (two from its start square); captures one step diagonally \
                forward, also en passant; promotes on the last rank.",
    };
}
