//! The system clock the front ends give the search (`search::Timer`): the core crates read
//! no clock of their own, so that they run where there is none (WebAssembly).

use search::Timer;
use std::sync::Arc;
use std::time::Instant;

/// Milliseconds since the timer was made, from the monotonic system clock.
#[derive(Debug)]
pub struct SystemTimer {
    origin: Instant,
}

impl SystemTimer {
    /// A timer starting now, ready to hand to a searcher.
    pub fn shared() -> Arc<dyn Timer> {
        Arc::new(SystemTimer { origin: Instant::now() })
    }
}

impl Timer for SystemTimer {
    fn now_ms(&self) -> f64 {
        self.origin.elapsed().as_secs_f64() * 1000.0
    }
}
