//! One module per variant, each a type implementing `Rules`; the variant list
//! ([`crate::for_each_variant`]) and the lookups generated from it ([`VariantId::info`],
//! [`VariantId::name`], [`VariantId::parse`]).

use crate::info::VariantId;
use std::fmt;

pub mod chess;
pub mod eightpiece;
pub mod jumpingknights;
pub mod magician;
pub(crate) mod orthodox;
pub mod pieceeater;
pub mod tamerspiel;

/// Helpers of the unit tests (a test-only module, so that what the rules use stays free of
/// import circles: `bench/module_cycles.py`).
#[cfg(test)]
pub(crate) mod testing {
    /// Calls `visit` on every position of `games` seeded random games of at most `plies` plies from
    /// each of `fens` (a game ends early when the side to move has no legal move): the unit tests'
    /// playouts.
    pub(crate) fn random_games<R: crate::rules::Rules>(
        fens: &[&str],
        games: usize,
        plies: usize,
        seed: u64,
        mut visit: impl FnMut(&R),
    ) {
        let mut state = seed;
        for fen in fens {
            for _game in 0..games {
                let mut pos = R::from_fen(fen).expect("fen");
                for _ply in 0..plies {
                    visit(&pos);
                    let mut legal = R::Moves::default();
                    pos.legal_moves(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    pos = pos.play(legal[(state % legal.len() as u64) as usize]);
                }
            }
        }
    }

    /// Checks [`crate::rules::Rules::count_two`] of `pos` against the replies counted one by
    /// one.
    pub(crate) fn assert_count_two<R: crate::rules::Rules>(pos: &R) {
        let mut list = R::Moves::default();
        pos.legal_moves(&mut list);
        let want: u64 = list.iter().map(|&m| pos.play(m).count_legal()).sum();
        assert_eq!(pos.count_two(), want, "at {}", pos.fen());
    }
}

/// The list of variants: one line per variant id (its `VariantId` name, a doc line, the position
/// type and its entry in the variant table). Everything that enumerates or dispatches over
/// variants is generated from this list (`VariantId` and `VariantId::ALL` in `info.rs`,
/// `VariantId::info` here, `with_variant!` in `rules.rs`): adding a variant means its own
/// modules plus one line here (and the front ends' modules of the variant, such as its XBoard
/// dialect, `engine/src/xboard/dialect/<module>.rs`).
///
/// Invoked as `for_each_variant!(callback!(args))`, which calls `$crate::callback! { (args) ...
/// }`.
#[macro_export]
macro_rules! for_each_variant {
    ($cb:ident ! ($($args:tt)*)) => {
        $crate::for_each_variant! { @list [$crate::$cb] ($($args)*) }
    };
    (@list [$($cb:tt)*] $args:tt) => {
        $($cb)*! { $args
            Chess "Orthodox chess." chess::Chess, chess::info::INFO;
            EightPiece "8-Piece Chess." eightpiece::EightPiece, eightpiece::info::INFO;
            EightPieceRandom "Randomized 8-Piece Chess." eightpiece::EightPiece, eightpiece::info::RANDOM_INFO;
            PieceEater "PieceEater Chess." pieceeater::PieceEater, pieceeater::info::INFO;
            Magician "Chess with the Magician." magician::Magician, magician::info::INFO;
            TamerSpiel "TamerSpiel." tamerspiel::TamerSpiel, tamerspiel::info::INFO;
            JumpingKnights "Jumping Knights Chess." jumpingknights::JumpingKnights, jumpingknights::info::INFO;
        }
    };
}

crate::for_each_variant!(define_variant_table!());

/// Defines [`VariantId::info`] from the variant list.
#[doc(hidden)]
#[macro_export]
macro_rules! define_variant_table {
    (() $($V:ident $doc:literal $tm:ident :: $tt:ident, $im:ident :: info :: $ic:ident;)*) => {
        impl $crate::info::VariantId {
            /// The variant's entry in the table every surface reads.
            pub const fn info(self) -> &'static $crate::info::VariantInfo {
                match self {
                    $(VariantId::$V => &$crate::variants::$im::info::$ic,)*
                }
            }
        }
    };
}

impl VariantId {
    /// The variant a new game is of when none is named (the first of the list: orthodox chess).
    pub const DEFAULT: VariantId = VariantId::ALL[0];

    /// The id as written everywhere (`--variant`, `UCI_Variant`, XBoard `variant`).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Parses an id.
    pub fn parse(s: &str) -> Option<VariantId> {
        VariantId::ALL.into_iter().find(|v| v.name() == s)
    }

    /// Whether its moves carry chance outcomes (the table's `has_chance`).
    pub const fn has_chance(self) -> bool {
        self.info().has_chance
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
