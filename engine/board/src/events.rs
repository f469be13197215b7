//! The JSON of a search's live events as the page reads them (the web server streams them as
//! server-sent events): the score and the lines of a completed iteration.

use search::{Info, Score};
use serde_json::{json, Value};

/// A score as JSON: `{"cp": 31}` or `{"mate": -3}` (side to move's view).
pub fn score_json(s: Score) -> Value {
    match s {
        Score::Cp(c) => json!({"cp": c}),
        Score::Mate(m) => json!({"mate": m}),
    }
}

/// The event of a completed iteration of a search for `purpose` (`play`, `hint`, `analyse`,
/// `judge`): depth, score (with `mate_depth`, the depth at which the current mate score was
/// first reported), node counts, time, the line's number (`multipv`, from 1: an analysis of
/// several lines reports each) and the line in notation.md text (`pv`) and algebraic (`pv_san`).
pub fn info_json(
    purpose: &str,
    info: &Info,
    mate_depth: Option<u32>,
    pv: &[String],
    pv_san: &[String],
) -> Value {
    json!({
        "type": "info",
        "purpose": purpose,
        "multipv": info.multipv,
        "depth": info.depth,
        "seldepth": info.seldepth,
        "mate_depth": mate_depth,
        "score": score_json(info.score),
        "nodes": info.nodes,
        "nps": info.nps,
        "time_ms": info.time_ms,
        "pv": pv,
        "pv_san": pv_san,
    })
}
