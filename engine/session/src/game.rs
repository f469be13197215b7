//! A game in progress: start position, moves played, and every position's key, with the end of
//! the game judged by the rules (mate, stalemate, king capture) and by history (threefold
//! repetition, the 50-move rule or the variant's own move-count draw, dead positions).

use movegen::rules::{EndReason, GameEnd, Outcome, Rules};
use movegen::{Move, MoveError};

/// A game of variant `V`.
#[derive(Clone, Debug)]
pub struct Game<V: Rules> {
    start: V,
    positions: Vec<V>,
    moves: Vec<Move>,
}

impl<V: Rules> Game<V> {
    /// A game from `start`.
    pub fn new(start: V) -> Self {
        Game { positions: vec![start.clone()], start, moves: Vec::new() }
    }

    /// The start position.
    pub fn start(&self) -> &V {
        &self.start
    }

    /// The current position.
    pub fn current(&self) -> &V {
        self.positions.last().expect("never empty")
    }

    /// Moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[V] {
        &self.positions
    }

    /// Keys of the positions before the current one (for the search's repetition test).
    pub fn history_keys(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1].iter().map(Rules::hash).collect()
    }

    /// The legal moves of the current position.
    pub fn legal(&self) -> Vec<Move> {
        let mut l = V::Moves::default();
        self.current().legal_moves(&mut l);
        l.to_vec()
    }

    /// Plays a legal move (checked).
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if !self.legal().contains(&m) {
            // Not `move_text`: the text of an illegal move may not be writable.
            return Err(MoveError::illegal(
                &format!("move {:#010x}", m.0),
                "not a legal move here",
            ));
        }
        let next = self.current().play(m);
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Parses and plays a move in coordinate notation.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.current().parse_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// How often the current position has occurred (itself included).
    pub fn repetitions(&self) -> usize {
        let h = self.current().hash();
        let side = self.current().turn();
        self.positions.iter().filter(|p| p.hash() == h && p.turn() == side).count()
    }

    /// The end of the game, if it has ended: by rule first (mate, stalemate, king capture),
    /// then threefold repetition, the move-count rule, and dead positions.
    pub fn end(&self) -> Option<GameEnd> {
        let pos = self.current();
        let legal = self.legal();
        if let Some(e) = pos.end_by_rule(&legal) {
            return Some(e);
        }
        if self.repetitions() >= 3 {
            return Some(GameEnd { outcome: Outcome::Draw, reason: EndReason::Repetition });
        }
        if pos.fifty_move_draw() {
            return Some(GameEnd { outcome: Outcome::Draw, reason: EndReason::FiftyMoves });
        }
        if pos.insufficient_material() {
            return Some(GameEnd {
                outcome: Outcome::Draw,
                reason: EndReason::InsufficientMaterial,
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::variants::chess::Chess;

    #[test]
    fn repetition_and_undo() {
        let mut g = Game::new(Chess::startpos());
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            g.play_text(m).unwrap();
            assert!(g.end().is_none());
        }
        g.play_text("f6g8").unwrap();
        assert_eq!(g.repetitions(), 3);
        assert_eq!(g.end().unwrap().reason, EndReason::Repetition);
        assert!(g.undo());
        assert!(g.end().is_none());
        assert!(g.play_text("e2e4").is_err(), "White cannot move on Black's turn");
        assert_eq!(g.moves().len(), 7);
    }

    #[test]
    fn mate_and_result() {
        let mut g = Game::new(Chess::startpos());
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play_text(m).unwrap();
        }
        let e = g.end().unwrap();
        assert_eq!(e.reason, EndReason::Checkmate);
        assert_eq!(crate::end::result_token(Some(e)), "0-1");
        assert_eq!(crate::end::reason_text(&e), "Black mates");
    }
}
