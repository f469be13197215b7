//! Evaluation for Menagerie: the [`Evaluator`] trait the search needs from a variant (static
//! score, which moves are tactical, how to order them), tapered scores, and one file per variant
//! with its tables.
#![forbid(unsafe_code)]

mod board8;
pub mod chess;
pub mod eightpiece;
pub mod jumpingknights;
pub mod magician;
pub mod params;
pub mod pieceeater;
mod score;
pub mod tamerspiel;

pub use params::{Kind, Table, Trace, Tune};
pub use score::{Score, S};

use movegen::Move;

/// What the search asks of a variant beyond its rules (and its evaluation's parameters).
pub trait Evaluator: Tune {
    /// Static evaluation in centipawns from the side to move's view. Default: the evaluation
    /// with the embedded parameters ([`Tune::evaluate_embedded`]).
    fn evaluate(&self) -> i32 {
        self.evaluate_embedded()
    }
    /// Whether `m` changes material (capture, promotion, push-capture, eat, ...): the moves
    /// quiescence search looks at.
    fn is_tactical(&self, m: Move) -> bool;
    /// Whether the search keeps this variant's evaluations in a per-thread cache keyed by the
    /// position's hash (an evaluation that costs far more than a memory access, and reads
    /// nothing the hash does not cover).
    const EVAL_CACHE: bool = false;
    /// Whether [`Evaluator::tactical_moves`] lists only tactical moves when not in check (the
    /// search then skips the quiet ones without generating them).
    const TACTICAL_GEN: bool = false;
    /// Not in check: the legal moves for which [`Evaluator::is_tactical`] holds, in the order
    /// [`Rules::legal_moves`] lists them; in check: every legal move. Only called where
    /// [`Evaluator::TACTICAL_GEN`] is set, and the variant's [`Rules::end_by_rule`] must then
    /// depend on the legal list only through its emptiness. Default: every legal move.
    ///
    /// [`Rules::legal_moves`]: movegen::rules::Rules::legal_moves
    /// [`Rules::end_by_rule`]: movegen::rules::Rules::end_by_rule
    fn tactical_moves(&self, out: &mut Self::Moves) {
        self.legal_moves(out);
    }
    /// Ordering key of a tactical move, higher first (most valuable victim, least valuable
    /// attacker).
    fn tactical_score(&self, m: Move) -> i32;
    /// Whether a null move is a reasonable guess here (enough material that zugzwang is
    /// unlikely). The position must also support [`Rules::null_move`].
    ///
    /// [`Rules::null_move`]: movegen::rules::Rules::null_move
    fn null_move_ok(&self) -> bool {
        true
    }
    /// How many plies back an earlier occurrence of this position can lie (positions before an
    /// irreversible move cannot recur): the halfmove clock where that is exact.
    fn repetition_horizon(&self) -> usize {
        self.halfmove_clock() as usize
    }
    /// Whether quiescence search (not in check) may skip tactical move `m`: it plainly loses
    /// material (e.g. a capture of a cheaper unit on a defended square), or it cannot win the
    /// `gap` (alpha minus the static evaluation) the position needs. Default: never.
    fn qsearch_skip(&self, m: Move, gap: i32) -> bool {
        let _ = (m, gap);
        false
    }
    /// Games of chance: whether the chance part of move `m` (one outcome of its action) changes
    /// nothing but where the chance piece stands (PieceEater: the PE steps onto an empty
    /// square). The search may search such outcomes of an action after the first one with less
    /// depth. Default: never.
    fn quiet_outcome(&self, m: Move) -> bool {
        let _ = m;
        false
    }
    /// Whether [`Evaluator::see_ge`] is implemented. The search orders and prunes by static
    /// exchange evaluation only where it is; other variants keep MVV-LVA alone.
    const HAS_SEE: bool = false;
    /// Static exchange evaluation: whether the exchange sequence on the target square of the
    /// legal move `m` (both sides recapturing with their least valuable attacker, each free to
    /// stop) wins at least `threshold` centipawns for the side to move. Only meaningful where
    /// [`Evaluator::HAS_SEE`] is set. Default (not available): every move passes.
    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        let _ = (m, threshold);
        true
    }
}

/// Helpers of the unit tests.
#[cfg(test)]
pub(crate) mod testing {
    /// `s` with the case of every letter swapped (White's units become Black's and the other
    /// way round), but for the letters in `keep` (neutral units).
    pub(crate) fn swap_case(s: &str, keep: &[char]) -> String {
        s.chars()
            .map(|c| match c {
                _ if keep.contains(&c) => c,
                _ if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
                _ => c.to_ascii_uppercase(),
            })
            .collect()
    }

    /// A FEN board field turned top to bottom with the colours swapped.
    pub(crate) fn mirror_board(board: &str, keep: &[char]) -> String {
        let ranks: Vec<&str> = board.split('/').rev().collect();
        swap_case(&ranks.join("/"), keep)
    }
}
