//! `tune relabel`: labels less noisy than one game's result. Each data line's result is blended
//! with the expected score of the engine's own search of the position:
//! `label = lambda * result + (1 - lambda) * sigmoid(K * score)`, the score from White's view
//! after a search of a fixed number of nodes. In a game of chance (PieceEater) the result of
//! one game depends on the die; the search's expectation over the die does not.

use super::data::{self, Line};
use super::fit::sigmoid;
use eval::Evaluator;
use movegen::rules::Rules;
use movegen::types::Color;
use search::{Config, Limits, Searcher};

/// Search scores beyond this (decided games, mates) count as this many centipawns.
pub const SCORE_CAP: i32 = 4000;

/// The blended label of one position: `lambda * result + (1 - lambda) * sigmoid(k * score)`,
/// `score` in centipawns from White's view (capped at [`SCORE_CAP`]).
pub fn blend(result: f64, score: i32, k: f64, lambda: f64) -> f64 {
    let s = score.clamp(-SCORE_CAP, SCORE_CAP);
    lambda * result + (1.0 - lambda) * sigmoid(k, f64::from(s))
}

/// The score of a `nodes`-node search of `pos` from White's view, with an empty hash table
/// (so a label does not depend on the lines searched before it). `None` without a legal move.
pub fn white_score<V: Evaluator>(searcher: &Searcher, pos: &V, nodes: u64) -> Option<i32> {
    searcher.clear_hash();
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let o = searcher.search_sync(pos, &[], &limits, &Config::default());
    o.best?;
    Some(if pos.turn() == Color::White { o.score } else { -o.score })
}

/// A data line with its result replaced by `label` (4 decimals), its game number kept.
pub fn line_text(l: &Line, label: f64) -> String {
    data::format_line(&l.fen, l.variant, format_args!("{label:.4}"), l.game)
}

/// Relabels one data line; `None` if its position does not load or has no legal move.
pub fn relabel_line(
    searcher: &Searcher,
    text: &str,
    nodes: u64,
    k: f64,
    lambda: f64,
) -> Option<String> {
    let l = data::parse_line(text)?;
    let score = movegen::with_variant!(l.variant, V => {
        let pos = V::from_fen_as(l.variant, &l.fen).ok()?;
        white_score(searcher, &pos, nodes)
    })?;
    Some(line_text(&l, blend(l.result, score, k, lambda)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blend_by_hand() {
        // lambda 1: the result alone; lambda 0: the search alone. sigmoid(1, 400) = 1/(1+10^-1)
        // = 10/11; a draw and that score at lambda 0.5 give (0.5 + 10/11)/2 = 31/44.
        assert_eq!(blend(1.0, -400, 1.0, 1.0), 1.0);
        assert!((blend(0.0, 400, 1.0, 0.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((blend(0.5, 400, 1.0, 0.5) - 31.0 / 44.0).abs() < 1e-12);
        // Mates count as SCORE_CAP centipawns.
        assert_eq!(blend(0.0, 30_000, 1.0, 0.0), blend(0.0, SCORE_CAP, 1.0, 0.0));
    }

    #[test]
    fn white_view_and_line_text() {
        let searcher = Searcher::new(1, 1, crate::clock::SystemTimer::shared());
        // The side with the extra queen is winning whoever is to move: the label (White's
        // view) is high when White has it and low when Black has it, with either side to move.
        let l = "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1; variant chess; result 1/2-1/2; game 7";
        let r = relabel_line(&searcher, l, 2000, 1.0, 0.0).unwrap();
        let label: f64 = data::parse_line(&r).unwrap().result;
        assert!(label > 0.9, "{r}");
        assert!(
            r.ends_with("; game 7")
                && r.starts_with("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1; variant chess; result 0.")
        );
        let l = "q3k3/8/8/8/8/8/8/4K3 w - - 0 1; variant chess; result 1-0";
        let r = relabel_line(&searcher, l, 2000, 1.0, 0.5).unwrap();
        let label = data::parse_line(&r).unwrap().result;
        // Half the result (1) plus half of an expected score near 0.
        assert!(label > 0.5 && label < 0.55, "{r}");
        assert!(!r.contains("game"));
        // Black to move: the searched score (Black's view) is turned to White's.
        let l = "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1; variant chess; result 1/2-1/2";
        let r = relabel_line(&searcher, l, 2000, 1.0, 0.0).unwrap();
        assert!(data::parse_line(&r).unwrap().result > 0.9, "{r}");
        let l = "q3k3/8/8/8/8/8/8/4K3 b - - 0 1; variant chess; result 1/2-1/2";
        let r = relabel_line(&searcher, l, 2000, 1.0, 0.0).unwrap();
        assert!(data::parse_line(&r).unwrap().result < 0.1, "{r}");
        assert_eq!(
            relabel_line(&searcher, "not a fen; variant chess; result 1-0", 100, 1.0, 0.5),
            None
        );
        // Mated: no legal move, no search score.
        let mated = "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1; variant chess; result 1-0";
        assert_eq!(relabel_line(&searcher, mated, 100, 1.0, 0.5), None);
    }
}
