//! Search limits and time allocation.

use std::time::Duration;

/// Where a search reads the time, given by the front end (the search itself reads no system
/// clock, so that it runs where there is none of its own: WebAssembly, an embedding host).
/// Milliseconds since any fixed origin; only differences count. A search reads it when it
/// starts, about every 1024 nodes while a deadline is set, and after each iteration.
pub trait Timer: Send + Sync + std::fmt::Debug {
    /// Milliseconds since the timer's origin (fractions allowed, never decreasing).
    fn now_ms(&self) -> f64;
}

/// A clock that never moves: for searches bounded only by depth, nodes or a stop signal
/// (tests, fixed-depth benchmarks).
#[derive(Copy, Clone, Debug, Default)]
pub struct Frozen;

impl Timer for Frozen {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A chess clock reading for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves until the next time control (`None`: sudden death).
    pub moves_to_go: Option<u32>,
}

/// What bounds one search (any combination; the first limit reached stops it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes (summed over threads).
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Clock of the side to move.
    pub clock: Option<Clock>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<u32>,
    /// The first depth to search (`None`: 1): a search resumed in slices on the caller's
    /// thread (the WebAssembly engine) finds its shallower depths in the table and goes on
    /// from the first it has not completed.
    pub from_depth: Option<u32>,
}

/// The time budget derived from [`Limits`]: a soft target (don't start an iteration after it)
/// and a hard deadline (abort the search at it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Stop deepening once this much time is used.
    pub soft: Option<Duration>,
    /// Abort the search at this time.
    pub hard: Option<Duration>,
}

/// Safety margin for communication and scheduling.
pub const DEFAULT_OVERHEAD: Duration = Duration::from_millis(30);

impl Limits {
    /// Allocates time. `overhead` is kept back from every deadline.
    pub fn budget(&self, overhead: Duration) -> Budget {
        if self.infinite {
            return Budget { soft: None, hard: None };
        }
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(mt) = self.movetime {
            // A fixed move time has no clock to lose on: keep back the overhead, but never more
            // than a quarter of the time (`movetime 20` must not become a 1 ms search).
            let t = mt.saturating_sub(overhead.min(mt / 4)).max(Duration::from_millis(1));
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(c) = self.clock {
            // Keep `overhead` plus a small reserve on the clock at all times.
            let usable = c.time.saturating_sub(overhead * 2).max(Duration::from_millis(1));
            let moves = f64::from(c.moves_to_go.unwrap_or(30).clamp(1, 50));
            let base = usable.as_secs_f64() / moves + c.inc.as_secs_f64() * 0.75;
            let cap = usable.as_secs_f64() * if c.moves_to_go == Some(1) { 0.8 } else { 0.35 };
            let s = Duration::from_secs_f64((base * 0.6).min(cap).max(0.001));
            let h = Duration::from_secs_f64((base * 2.5).min(cap).max(0.001));
            soft = Some(soft.map_or(s, |x| x.min(s)));
            hard = Some(hard.map_or(h, |x| x.min(h)));
        }
        Budget { soft, hard }
    }
}

/// The factor on the soft time target after an iteration on a clock: more time while the best
/// move keeps changing or the score falls, less once the same move has stood for several
/// iterations. `stable`: iterations in a row (before this one) with the same best move (0: it
/// changed in this one); `fall`: how far the score fell from the previous iteration, in
/// centipawns (negative: it rose). Between 0.7 and 2.0.
pub fn stability_scale(stable: u32, fall: i32) -> f64 {
    let by_move = match stable {
        0 => 1.4,
        1 => 1.15,
        2 => 1.0,
        3 => 0.85,
        _ => 0.7,
    };
    let by_score = if fall >= 100 {
        1.5
    } else if fall >= 40 {
        1.25
    } else {
        1.0
    };
    f64::min(by_move * by_score, 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        for time in [1, 10, 50, 100, 1000, 10_000, 600_000] {
            for inc in [0, 10, 100, 1000] {
                for mtg in [None, Some(1), Some(5), Some(40)] {
                    let l = Limits {
                        clock: Some(Clock { time: ms(time), inc: ms(inc), moves_to_go: mtg }),
                        ..Limits::default()
                    };
                    let b = l.budget(DEFAULT_OVERHEAD);
                    let (s, h) = (b.soft.unwrap(), b.hard.unwrap());
                    assert!(s <= h, "{time} {inc} {mtg:?}");
                    // Never more than 80% of the time left (plus the 1 ms floor).
                    assert!(
                        h.as_secs_f64() <= (time as f64 / 1000.0) * 0.8 + 0.001,
                        "{time} {inc} {mtg:?}: {h:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn stability_scale_orders_the_cases() {
        // A fresh best move gets more than a settled one; a falling score more than a steady.
        assert!(stability_scale(0, 0) > stability_scale(2, 0));
        assert!(stability_scale(2, 0) > stability_scale(5, 0));
        assert_eq!(stability_scale(2, 0), 1.0);
        assert_eq!(stability_scale(2, -300), 1.0);
        assert!(stability_scale(5, 120) > stability_scale(5, 50));
        assert!(stability_scale(5, 50) > stability_scale(5, 0));
        assert_eq!(stability_scale(0, 500), 2.0);
        assert_eq!(stability_scale(9, 0), 0.7);
    }

    #[test]
    fn movetime_and_infinite() {
        let l = Limits { movetime: Some(ms(1000)), ..Limits::default() };
        assert_eq!(l.budget(ms(30)).hard, Some(ms(970)));
        let l = Limits { movetime: Some(ms(20)), ..Limits::default() };
        assert_eq!(l.budget(ms(30)).hard, Some(ms(15)));
        let l = Limits { infinite: true, movetime: Some(ms(5)), ..Limits::default() };
        assert_eq!(l.budget(ms(30)), Budget { soft: None, hard: None });
        assert_eq!(Limits::default().budget(ms(30)), Budget { soft: None, hard: None });
    }
}
