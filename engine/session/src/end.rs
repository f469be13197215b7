//! How a game ended, in words: the one place that writes the result token, the reason (PGN
//! `Termination`, XBoard's result comment, the web board) and the rule's name for people (with
//! the names a variant gives its rules, from the variant table's `ends`).

use movegen::rules::{EndReason, GameEnd, Outcome, VariantId};
use movegen::types::Color;

/// A game ended by the players or their clocks rather than by the rules of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreed {
    /// This side resigned.
    Resigned(Color),
    /// A draw offer was accepted.
    Draw,
    /// This side's time ran out and the other side could still mate: a loss.
    OutOfTime(Color),
    /// This side's time ran out but the other side cannot mate by any series of legal moves
    /// (FIDE 6.9): a draw.
    OutOfTimeNoMate(Color),
}

/// The end of a game as the surfaces tell it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// What happened (`White mates`, `Black resigns`), the PGN `Termination`.
    pub reason: String,
    /// The rule that ended it (`checkmate`, `stalemate (Rule 2)`, `resignation`).
    pub rule: String,
    /// One sentence for people, naming the rule once (`White wins by checkmate`).
    pub text: String,
}

fn side(c: Color) -> &'static str {
    c.select("White", "Black")
}

impl Ending {
    /// The end of a game of variant `v` by its rules.
    pub fn by_rule(v: VariantId, e: &GameEnd) -> Ending {
        let rule = rule_text(v, e.reason);
        let text = match e.outcome {
            Outcome::Win(c) => format!("{} wins by {rule}", side(c)),
            Outcome::Draw => format!("Draw by {rule}"),
        };
        Ending {
            result: result_token(Some(*e)).into(),
            reason: reason_text(e),
            rule: rule.into(),
            text,
        }
    }

    /// The end of a game by the players' agreement.
    pub fn agreed(a: Agreed) -> Ending {
        let (result, reason, rule, text) = match a {
            Agreed::Resigned(c) => (
                c.select("0-1", "1-0"),
                format!("{} resigns", side(c)),
                "resignation",
                format!("{} wins: {} resigns", side(!c), side(c)),
            ),
            Agreed::Draw => {
                ("1/2-1/2", "Draw agreed".into(), "agreement", "Draw by agreement".into())
            }
            Agreed::OutOfTime(c) => (
                c.select("0-1", "1-0"),
                format!("{} loses on time", side(c)),
                "time",
                format!("{} wins on time", side(!c)),
            ),
            Agreed::OutOfTimeNoMate(c) => (
                "1/2-1/2",
                format!("{} ran out of time; {} cannot mate", side(c), side(!c)),
                "time, with no mating material",
                format!("Draw: {} ran out of time, but {} cannot mate", side(c), side(!c)),
            ),
        };
        Ending { result: result.into(), reason, rule: rule.into(), text }
    }
}

/// PGN result token.
pub fn result_token(end: Option<GameEnd>) -> &'static str {
    match end.map(|e| e.outcome) {
        Some(Outcome::Win(Color::White)) => "1-0",
        Some(Outcome::Win(Color::Black)) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

/// What happened, as used in PGN `Termination` and XBoard result comments.
pub fn reason_text(end: &GameEnd) -> String {
    match (end.reason, end.outcome) {
        (EndReason::Checkmate, Outcome::Win(c)) => format!("{} mates", side(c)),
        (EndReason::Stalemate, Outcome::Win(c)) => format!("{} wins by stalemate", side(c)),
        (EndReason::Stalemate, _) => "Stalemate".into(),
        (EndReason::KingCaptured, Outcome::Win(c)) => format!("{} captures the king", side(c)),
        (EndReason::Repetition, _) => "Draw by repetition".into(),
        (EndReason::FiftyMoves, _) => "Draw by 50-move rule".into(),
        (EndReason::InsufficientMaterial, _) => "Draw by insufficient material".into(),
        (r, o) => format!("{r:?} {o:?}"),
    }
}

/// The rule that ended a game of variant `v`, named for people (a variant's own names from the
/// variant table: the 8-Piece automatic draw, Jumping Knights' Rule 2).
pub fn rule_text(v: VariantId, reason: EndReason) -> &'static str {
    let names = v.info().ends;
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => names.stalemate,
        EndReason::KingCaptured => "capture of the king",
        EndReason::Repetition => "threefold repetition",
        EndReason::FiftyMoves => names.fifty_moves,
        EndReason::InsufficientMaterial => "insufficient material",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_of_an_end() {
        let mate = GameEnd { outcome: Outcome::Win(Color::Black), reason: EndReason::Checkmate };
        let e = Ending::by_rule(VariantId::DEFAULT, &mate);
        assert_eq!(
            (e.result.as_str(), e.reason.as_str(), e.rule.as_str(), e.text.as_str()),
            ("0-1", "Black mates", "checkmate", "Black wins by checkmate")
        );
        let r = Ending::agreed(Agreed::Resigned(Color::White));
        assert_eq!((r.result.as_str(), r.text.as_str()), ("0-1", "Black wins: White resigns"));
        let t = Ending::agreed(Agreed::OutOfTime(Color::Black));
        assert_eq!((t.result.as_str(), t.text.as_str()), ("1-0", "White wins on time"));
        let d = Ending::agreed(Agreed::OutOfTimeNoMate(Color::White));
        assert_eq!(d.result, "1/2-1/2");
        assert_eq!(d.text, "Draw: White ran out of time, but Black cannot mate");
        // Every variant names its move-count draw and stalemate from the table.
        for v in VariantId::ALL {
            assert_eq!(rule_text(v, EndReason::FiftyMoves), v.info().ends.fifty_moves);
            assert!(!rule_text(v, EndReason::Stalemate).is_empty());
        }
    }
}
