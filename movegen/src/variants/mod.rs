//! One module per variant, each a type implementing [`crate::rules::Rules`].

pub mod chess;
pub mod eightpiece;
pub mod jumpingknights;
pub mod magician;
pub(crate) mod orthodox;
pub mod pieceeater;
pub mod tamerspiel;

/// The list of variants: one line per variant id (its `VariantId` name, a doc line, the position
/// type, and its entry in the variant table). Everything that enumerates or dispatches over
/// variants is generated from this list (`VariantId`, `VariantId::ALL`, `VariantId::info`,
/// `with_variant!`): adding a variant means its own modules plus one line here.
///
/// Invoked as `for_each_variant!(callback!(args))`; calls `$crate::callback! { (args) ... }`.
#[macro_export]
macro_rules! for_each_variant {
    ($cb:ident ! ($($args:tt)*)) => {
        $crate::$cb! { ($($args)*)
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
