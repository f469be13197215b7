//! `Engine`: the search in this process. `analyse` starts the session's search of a board's
//! position on the searcher's own threads and waits for it without the GIL, looking for
//! Ctrl-C (`check_signals`) every few milliseconds: an interrupt stops the search and raises
//! `KeyboardInterrupt`.

use crate::board::Board;
use movegen::rules::Outcome;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;
use search::{Config, Info, Limits, Score, Searcher, Timer};
use session::{Event, GameApi, Listener, Notation};
use std::collections::BTreeMap;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

/// pyffish's mate value, which the scores of mates count down from.
const VALUE_MATE: i32 = compat::VALUE_MATE;

/// The system's monotonic clock for the search's deadlines.
#[derive(Debug)]
struct SystemTimer(Instant);

impl Timer for SystemTimer {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// The search: its threads and hash table, kept from one `analyse` to the next.
#[pyclass(module = "menagerie")]
#[derive(Debug)]
pub struct Engine {
    searcher: Mutex<Searcher>,
}

/// What a search ended with: the last report of each line, and the chosen move.
struct Found {
    lines: BTreeMap<u32, (Info, Vec<String>)>,
    best: Option<String>,
}

/// Waits for the search's events until its final move, without the GIL; on Ctrl-C stops the
/// search, waits for its end and returns the interrupt.
fn collect(py: Python<'_>, searcher: &Searcher, events: Receiver<Event>) -> PyResult<Found> {
    let mut found = Found { lines: BTreeMap::new(), best: None };
    let mut events = Some(events);
    let mut interrupted: Option<PyErr> = None;
    loop {
        let rx = events.take().expect("the receiver is put back");
        let (rx, got) = py.detach(move || {
            let got = rx.recv_timeout(Duration::from_millis(20));
            (rx, got)
        });
        events = Some(rx);
        match got {
            Ok(Event::Info { info, pv }) => {
                found.lines.insert(info.multipv, (info, pv));
            }
            Ok(Event::Best { best, .. }) => {
                found.best = best;
                break;
            }
            Err(RecvTimeoutError::Timeout) => {
                if interrupted.is_none() {
                    if let Err(e) = py.check_signals() {
                        searcher.stop();
                        interrupted = Some(e);
                    }
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    match interrupted {
        Some(e) => Err(e),
        None => Ok(found),
    }
}

/// One line of an analysis as a dict.
fn line<'py>(py: Python<'py>, info: &Info, pv: &[String]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let (score, mate) = match info.score {
        Score::Cp(cp) => (cp, None),
        Score::Mate(m) => {
            // Mate in `m` moves is `2m - 1` plies away; mated in `m`, `2m`.
            let plies = if m > 0 { 2 * m - 1 } else { -2 * m };
            let value = VALUE_MATE - plies;
            (if m > 0 { value } else { -value }, Some(m))
        }
    };
    d.set_item("score", score)?;
    d.set_item("mate", mate)?;
    d.set_item("depth", info.depth)?;
    d.set_item("seldepth", info.seldepth)?;
    d.set_item("multipv", info.multipv)?;
    d.set_item("nodes", info.nodes)?;
    d.set_item("time", info.time_ms as f64 / 1000.0)?;
    d.set_item("pv", PyList::new(py, pv)?)?;
    Ok(d)
}

/// The line of a position without a legal move: the end's value for the side to move (mated:
/// `-VALUE_MATE` and `mate` 0), no moves.
fn end_line<'py>(py: Python<'py>, game: &dyn GameApi) -> PyResult<Bound<'py, PyDict>> {
    let (score, mate) = match game.end().map(|e| e.outcome) {
        Some(Outcome::Win(c)) if c == game.turn() => (VALUE_MATE, None),
        Some(Outcome::Win(_)) => (-VALUE_MATE, Some(0)),
        _ => (0, None),
    };
    let d = PyDict::new(py);
    d.set_item("score", score)?;
    d.set_item("mate", mate)?;
    for key in ["depth", "seldepth", "nodes"] {
        d.set_item(key, 0)?;
    }
    d.set_item("multipv", 1)?;
    d.set_item("time", 0.0)?;
    d.set_item("pv", PyList::empty(py))?;
    Ok(d)
}

impl Engine {
    /// The searcher, waited for without the GIL: another thread's search of this engine holds
    /// it and needs the GIL to finish.
    fn lock(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, Searcher>> {
        loop {
            match self.searcher.try_lock() {
                Ok(guard) => return Ok(guard),
                Err(TryLockError::WouldBlock) => {
                    py.detach(|| std::thread::sleep(Duration::from_millis(2)));
                    py.check_signals()?;
                }
                Err(TryLockError::Poisoned(_)) => {
                    return Err(PyRuntimeError::new_err("engine poisoned"))
                }
            }
        }
    }

    /// Searches `board`'s position within the limits; returns what the search found.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        multipv: u32,
    ) -> PyResult<Found> {
        if depth.is_none() && nodes.is_none() && time.is_none() {
            return Err(PyValueError::new_err("give a limit: depth, nodes or time (seconds)"));
        }
        let movetime = match time {
            Some(t) if !(t.is_finite() && t >= 0.0) => {
                return Err(PyValueError::new_err(format!("time must be seconds >= 0, not {t}")))
            }
            t => t.map(Duration::from_secs_f64),
        };
        let limits = Limits { depth, nodes, movetime, ..Limits::default() };
        let config = Config { multipv: multipv.max(1), ..Config::default() };
        let searcher = self.lock(py)?;
        let (tx, rx) = channel::<Event>();
        let tx = Mutex::new(tx);
        let listener: Listener = Arc::new(move |e| {
            if let Ok(tx) = tx.lock() {
                let _ = tx.send(e);
            }
        });
        board.game().go(&searcher, limits, config, listener, Notation::Rules);
        let found = collect(py, &searcher, rx);
        searcher.wait();
        found
    }
}

#[pymethods]
impl Engine {
    /// A searcher with `threads` threads and a `hash_mb` MB table.
    #[new]
    #[pyo3(signature = (threads = 1, hash_mb = 16))]
    fn new(threads: usize, hash_mb: usize) -> PyResult<Engine> {
        let timer: Arc<dyn Timer> = Arc::new(SystemTimer(Instant::now()));
        let searcher = Searcher::try_new(threads, hash_mb, timer).map_err(crate::error)?;
        Ok(Engine { searcher: Mutex::new(searcher) })
    }

    /// Analyses `board`'s position to `depth` plies, `nodes` nodes or `time` seconds
    /// (whichever comes first). Returns a dict (`score` in centipawns for the side to move,
    /// mates as `±(VALUE_MATE - plies)`; `mate` in moves or `None`; `depth`, `seldepth`,
    /// `nodes`, `time`, `multipv`, `pv`); with `multipv` a list of them, best first.
    #[pyo3(signature = (board, depth = None, nodes = None, time = None, multipv = None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        board: PyRef<'py, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        multipv: Option<u32>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let found = self.search(py, &board, depth, nodes, time, multipv.unwrap_or(1))?;
        let mut lines = Vec::new();
        for (info, pv) in found.lines.values() {
            lines.push(line(py, info, pv)?);
        }
        if lines.is_empty() {
            // No legal move: one line without moves, scored by the game's end.
            lines.push(end_line(py, board.game())?);
        }
        match multipv {
            Some(_) => PyList::new(py, lines)?.into_bound_py_any(py),
            None => lines.swap_remove(0).into_bound_py_any(py),
        }
    }

    /// The move the engine plays in `board`'s position within the limits (in a game of chance
    /// the action alone: `Board.push` rolls its outcome), or `None` without a legal move.
    #[pyo3(signature = (board, depth = None, nodes = None, time = None))]
    fn play(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Option<String>> {
        Ok(self.search(py, &board, depth, nodes, time, 1)?.best)
    }

    /// Clears the hash table (a new game).
    fn clear_hash(&self, py: Python<'_>) -> PyResult<()> {
        let searcher = self.lock(py)?;
        searcher.clear_hash();
        Ok(())
    }
}

/// Adds `Engine` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()
}
