//! When the engine accepts a draw a person offers it (the page's *Offer draw*; the web server
//! searches the position briefly and asks [`acceptable`]). As a player would: it takes a draw
//! when it judges itself clearly worse, or when the position is level and there is nothing left
//! to play for (late in the game, or long without a capture or a pawn move); it declines in the
//! start position, in a level middlegame, and whenever it stands better.

use search::Score;
use session::GameApi;

/// Worse by this much (centipawns, the engine's view) or more, the engine takes a draw.
pub const WORSE_CP: i32 = 100;
/// Within this much of equal (centipawns) a position is level.
pub const LEVEL_CP: i32 = 25;
/// From this fullmove number on, a level position is a draw worth taking.
pub const LATE_MOVE: u32 = 40;
/// After this many plies without a capture or a pawn move (the FEN's halfmove clock), a level
/// position is a draw worth taking.
pub const QUIET_PLIES: u32 = 40;

/// The rule in one sentence, sent with the engine's answer to an offer.
pub const POLICY: &str = "The engine accepts a draw when it judges itself at least a pawn \
    worse (or sees itself mated), or when the position is level (within 0.25) from move 40 on \
    or after 20 moves without a capture or a pawn move.";

/// Whether the engine takes a draw at `score` (its own view) in the current position of `g`.
pub fn acceptable(score: Score, g: &dyn GameApi) -> bool {
    let fen = g.fen();
    let field = |i: usize| fen.split_whitespace().nth(i).and_then(|f| f.parse::<u32>().ok());
    decide(score, field(5).unwrap_or(1), field(4).unwrap_or(0))
}

/// [`acceptable`] at fullmove number `fullmove` with halfmove clock `halfmove`.
pub fn decide(score: Score, fullmove: u32, halfmove: u32) -> bool {
    match score {
        Score::Mate(n) => n < 0,
        Score::Cp(cp) if cp <= -WORSE_CP => true,
        Score::Cp(cp) => cp.abs() <= LEVEL_CP && (fullmove >= LATE_MOVE || halfmove >= QUIET_PLIES),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;
    use session::new_game;

    #[test]
    fn the_engine_takes_a_draw_when_worse_or_with_nothing_left_to_play_for() {
        // The start position, level or slightly better: declined (issue 58).
        let start = new_game(VariantId::Chess, None).unwrap();
        for cp in [-20, 0, 10, 25, 60] {
            assert!(!acceptable(Score::Cp(cp), &*start), "{cp}");
        }
        // Clearly worse, or mated: accepted at any time.
        assert!(acceptable(Score::Cp(-100), &*start));
        assert!(acceptable(Score::Cp(-900), &*start));
        assert!(acceptable(Score::Mate(-3), &*start));
        assert!(!acceptable(Score::Mate(2), &*start));
        assert!(!acceptable(Score::Cp(-99), &*start));
        // Level late in the game, or after 20 quiet moves: accepted; better: declined.
        let late = new_game(VariantId::Chess, Some("4k3/4p3/8/8/8/8/4P3/4K3 w - - 3 41")).unwrap();
        assert!(acceptable(Score::Cp(5), &*late));
        assert!(!acceptable(Score::Cp(60), &*late));
        let quiet =
            new_game(VariantId::Chess, Some("4k3/4p3/8/8/8/8/4P3/4K3 w - - 40 21")).unwrap();
        assert!(acceptable(Score::Cp(-25), &*quiet));
        assert!(
            decide(Score::Cp(0), 12, QUIET_PLIES) && !decide(Score::Cp(0), 12, QUIET_PLIES - 1)
        );
        // A variant with fields after the fullmove number reads the same.
        let pe =
            new_game(VariantId::PieceEater, Some("4k3/8/8/8/3X4/8/8/4K3[] w - - 0 50 -")).unwrap();
        assert!(acceptable(Score::Cp(0), &*pe));
    }
}
