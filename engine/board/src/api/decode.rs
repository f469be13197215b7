//! Reading the page's requests: the JSON body's fields, checked, and a search's limits.

use super::Fail;
use search::{Clock, Limits};
use serde_json::{Map, Value};
use session::TimeControl;
use std::time::Duration;

/// A request's JSON object.
pub type Body = Map<String, Value>;

/// An error of the request itself (400).
pub fn bad(msg: impl std::fmt::Display) -> Fail {
    (400, msg.to_string())
}

/// The JSON object of a request body (an empty body is `{}`).
pub fn body_json(body: &[u8]) -> Result<Body, Fail> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(bad("the request body must be a JSON object")),
        Err(e) => Err(bad(format!("the request body is not valid JSON: {e}"))),
    }
}

/// A string field (absent or `null`: `None`).
pub fn str_field<'a>(m: &'a Body, k: &str) -> Result<Option<&'a str>, Fail> {
    match m.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad(format!("`{k}` must be a string"))),
    }
}

/// A whole-number field in `range` (absent or `null`: `None`).
pub fn num_field(
    m: &Body,
    k: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Option<u64>, Fail> {
    match m.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if range.contains(&n) => Ok(Some(n)),
            _ => Err(bad(format!(
                "`{k}` must be a whole number from {} to {}",
                range.start(),
                range.end()
            ))),
        },
    }
}

/// A boolean field (absent or `null`: `None`).
pub fn bool_field(m: &Body, k: &str) -> Result<Option<bool>, Fail> {
    match m.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(bad(format!("`{k}` must be true or false"))),
    }
}

/// A side named in a request (`"w"` or `"b"`).
pub fn side_field(m: &Body, k: &str) -> Result<Option<movegen::types::Color>, Fail> {
    use movegen::types::Color;
    match str_field(m, k)? {
        None => Ok(None),
        Some("w") => Ok(Some(Color::White)),
        Some("b") => Ok(Some(Color::Black)),
        Some(_) => Err(bad(format!("`{k}` must be \"w\" or \"b\""))),
    }
}

/// A FEN field, trimmed (empty: `None`), at most 400 characters.
pub fn fen_field<'a>(m: &'a Body, k: &str) -> Result<Option<&'a str>, Fail> {
    let fen = str_field(m, k)?.map(str::trim).filter(|f| !f.is_empty());
    if fen.is_some_and(|f| f.len() > 400) {
        return Err(bad("the FEN is longer than 400 characters"));
    }
    Ok(fen)
}

/// A game's `clock {base_ms, inc_ms?}`: its time control (up to a day and a minute).
pub fn time_control_field(m: &Body) -> Result<Option<TimeControl>, Fail> {
    match m.get("clock") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(c)) => Ok(Some(TimeControl {
            base_ms: num_field(c, "base_ms", 1..=86_400_000)?
                .ok_or_else(|| bad("`clock` needs `base_ms`"))?,
            inc_ms: num_field(c, "inc_ms", 0..=60_000)?.unwrap_or(0),
        })),
        Some(_) => Err(bad("`clock` must be an object {base_ms, inc_ms}")),
    }
}

/// The search limits of a request: `movetime_ms`, `depth`, or a clock (`wtime_ms`, `btime_ms`,
/// `winc_ms`, `binc_ms`, `movestogo`) for the side to move; and how long a host waits for the
/// answer before it gives up.
pub fn limits_of(m: &Body, white: bool) -> Result<(Limits, Duration), Fail> {
    let movetime = num_field(m, "movetime_ms", 1..=600_000)?;
    let depth = num_field(m, "depth", 1..=64)?;
    let (time, inc) = if white { ("wtime_ms", "winc_ms") } else { ("btime_ms", "binc_ms") };
    let clock_time = num_field(m, time, 0..=86_400_000)?;
    let clock_inc = num_field(m, inc, 0..=600_000)?.unwrap_or(0);
    let mtg = num_field(m, "movestogo", 1..=1000)?;
    let mut l = Limits { depth: depth.map(|d| d as u32), ..Limits::default() };
    let wait = match (movetime, clock_time) {
        (Some(_), Some(_)) => return Err(bad("give `movetime_ms` or a clock, not both")),
        (Some(ms), None) => {
            l.movetime = Some(Duration::from_millis(ms));
            Duration::from_millis(ms)
        }
        (None, Some(t)) => {
            l.clock = Some(Clock {
                time: Duration::from_millis(t),
                inc: Duration::from_millis(clock_inc),
                moves_to_go: mtg.map(|n| n as u32),
            });
            Duration::from_millis(t + clock_inc)
        }
        (None, None) if depth.is_some() => Duration::from_secs(600),
        (None, None) => {
            l.movetime = Some(Duration::from_millis(1000));
            Duration::from_millis(1000)
        }
    };
    Ok((l, wait + Duration::from_secs(30)))
}
