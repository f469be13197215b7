//! `Board`: a game of one variant in the style of python-chess (`push`, `pop`, `fen()`,
//! `legal_moves`, `outcome()`, ...), over the session a person plays in. Moves are notation.md
//! texts; in a game of chance a pushed action may leave its outcome to the board's die.

use crate::error;
use movegen::rules::Outcome as RuleOutcome;
use movegen::types::Color;
use pyo3::exceptions::{PyIndexError, PyKeyboardInterrupt};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand_core::{RngCore, SeedableRng};
use session::api::LegalMove;
use session::end::Ending;
use session::session::{choose_start, SetupRequest};
use session::{GameApi, Notation, Session};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

/// How a game ended (python-chess's `Outcome`).
#[pyclass(module = "menagerie", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `True` White won, `False` Black won, `None` a draw.
    winner: Option<bool>,
    /// What happened (`White mates`, `Draw by repetition`).
    termination: String,
    /// The rule that ended the game (`checkmate`, `stalemate (Rule 2)`).
    rule: String,
    /// One sentence for people.
    text: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    result_token: String,
}

#[pymethods]
impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> String {
        self.result_token.clone()
    }
    fn __repr__(&self) -> String {
        format!("Outcome({} {:?})", self.result_token, self.text)
    }
}

/// A game of one variant: its moves, positions and end, with the die of its chance outcomes.
#[pyclass(module = "menagerie")]
pub struct Board {
    session: Session,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board").field("fen", &self.game().fen()).finish()
    }
}

impl Board {
    /// The game.
    pub(crate) fn game(&self) -> &dyn GameApi {
        &*self.session.game
    }

    /// The legal move `text` names (a whole turn, or in a game of chance its action alone).
    fn legal_move(&self, text: &str) -> PyResult<LegalMove> {
        let legal = self.game().legal(Notation::Rules);
        let found = legal
            .iter()
            .find(|l| l.text == text)
            .or_else(|| legal.iter().find(|l| l.action == text));
        found.cloned().ok_or_else(|| {
            error(session::Error::IllegalMove {
                text: text.to_string(),
                message: format!("`{text}` is not a legal move here"),
            })
        })
    }
}

/// A seed from the clock, for a board made without one.
fn clock_seed() -> u64 {
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    t.map_or(0, |d| d.as_nanos() as u64)
}

#[pymethods]
impl Board {
    /// A game of `variant` from `fen`, or its numbered `setup`, or its start (`eightpiece-random`
    /// without either: a setup drawn by the die). `seed` seeds the die (the setup drawn, the
    /// chance outcomes of pushed actions); without one, the clock does.
    #[new]
    #[pyo3(signature = (variant = "chess", fen = None, setup = None, seed = None))]
    fn new(
        variant: &str,
        fen: Option<&str>,
        setup: Option<u64>,
        seed: Option<u64>,
    ) -> PyResult<Board> {
        let id = crate::variant(variant)?;
        let seed = seed.unwrap_or_else(clock_seed);
        let mut die = rand_pcg::Pcg64::seed_from_u64(seed);
        let mut random = || die.next_u64();
        let (fen, number) =
            choose_start(id, fen.map(str::to_string), setup.map(SetupRequest::Number), &mut random)
                .map_err(error)?;
        let session = Session::start(id, fen.as_deref(), number, seed).map_err(error)?;
        Ok(Board { session })
    }

    /// The variant's id.
    #[getter]
    fn variant(&self) -> &'static str {
        self.game().variant().name()
    }

    /// The numbered setup the game started from (`eightpiece-random`), if any.
    #[getter]
    fn setup(&self) -> Option<usize> {
        self.session.setup
    }

    /// The legal moves as notation.md texts (in a game of chance, whole turns).
    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        self.game().legal_texts(Notation::Rules)
    }

    /// The legal actions: in a game of chance the player's part of each turn (once each);
    /// otherwise the legal moves.
    #[getter]
    fn legal_actions(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for l in self.game().legal(Notation::Rules) {
            if !out.contains(&l.action) {
                out.push(l.action);
            }
        }
        out
    }

    /// The moves played, as notation.md texts (whole turns).
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.game().move_texts(Notation::Rules)
    }

    /// `True` when White is to move.
    #[getter]
    fn turn(&self) -> bool {
        self.game().turn() == Color::White
    }

    /// Number of moves played.
    #[getter]
    fn ply(&self) -> usize {
        self.game().ply()
    }

    /// Plays `move` (a legal move's text; in a game of chance the action alone is enough, the
    /// die rolls its outcome) and returns the whole move played.
    fn push(&mut self, r#move: &str) -> PyResult<String> {
        self.session.play(r#move, true).map_err(error)
    }

    /// Plays the move whose algebraic text (`san()`, or its PGN form) is `san`, with or without
    /// its check mark, and returns the whole move played as a notation.md text.
    fn push_san(&mut self, san: &str) -> PyResult<String> {
        let bare = |t: &str| t.trim_end_matches(['+', '#', '!', '?']).to_string();
        let want = bare(san.trim());
        let legal = self.game().legal(Notation::Rules);
        let found: Vec<&LegalMove> =
            legal.iter().filter(|l| bare(&l.san) == want || bare(&l.pgn) == want).collect();
        let text = match found.as_slice() {
            [one] => one.text.clone(),
            [] => {
                return Err(error(session::Error::IllegalMove {
                    text: san.to_string(),
                    message: format!("`{san}` names no legal move here"),
                }))
            }
            _ => {
                return Err(error(session::Error::AmbiguousMove {
                    text: san.to_string(),
                    message: format!("`{san}` names more than one legal move"),
                }))
            }
        };
        self.push(&text)
    }

    /// Takes back the last move and returns it; `IndexError` when there is none.
    fn pop(&mut self) -> PyResult<String> {
        let last = self
            .move_stack()
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.session.take_back(1).map_err(error)?;
        Ok(last)
    }

    /// The FEN of the current position.
    fn fen(&self) -> String {
        self.game().fen()
    }

    /// The FEN the game started from.
    fn start_fen(&self) -> String {
        self.game().start_fen()
    }

    /// The variant's algebraic text of the legal move `move`.
    fn san(&self, r#move: &str) -> PyResult<String> {
        Ok(self.legal_move(r#move)?.san)
    }

    /// Whether the legal move `move` takes an enemy unit off the board.
    fn is_capture(&self, r#move: &str) -> PyResult<bool> {
        Ok(self.legal_move(r#move)?.capture)
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        !self.game().check_at(self.game().ply()).is_empty()
    }

    /// How the game ended by its rules (mate, stalemate, repetition, the move-count rule, dead
    /// position), or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        let end = self.game().end()?;
        let e = Ending::by_rule(self.game().variant(), &end);
        let winner = match end.outcome {
            RuleOutcome::Win(c) => Some(c == Color::White),
            RuleOutcome::Draw => None,
        };
        Some(Outcome {
            winner,
            termination: e.reason,
            rule: e.rule,
            text: e.text,
            result_token: e.result,
        })
    }

    /// Whether the game has ended by its rules.
    fn is_game_over(&self) -> bool {
        self.game().end().is_some()
    }

    /// An independent copy (moves, positions and the die's state).
    fn copy(&self) -> Board {
        let s = &self.session;
        let mut session = Session::new(s.game.clone_box(), s.seed);
        session.die = s.die.clone();
        session.setup = s.setup;
        Board { session }
    }

    fn __copy__(&self) -> Board {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.copy()
    }

    /// The number of leaf positions `depth` moves deep (a move is a whole turn). Releases the
    /// GIL while it counts; Ctrl-C stops it.
    #[pyo3(signature = (depth, threads = 1))]
    fn perft(&self, py: Python<'_>, depth: u32, threads: usize) -> PyResult<u64> {
        if depth == 0 {
            return Ok(1);
        }
        Ok(divide(py, self.game(), depth, threads)?.iter().map(|(_, n)| n).sum())
    }

    /// Perft split by the first move: `{move: count}`.
    #[pyo3(signature = (depth, threads = 1))]
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: u32,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (m, n) in divide(py, self.game(), depth.max(1), threads)? {
            d.set_item(m, n)?;
        }
        Ok(d)
    }

    /// The variant table's entry (`menagerie.variant_info`).
    fn variant_info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::value::variant_info(py, self.game().variant())
    }

    /// The board as text.
    fn __str__(&self) -> String {
        session::board::render(self.game())
    }

    fn __repr__(&self) -> String {
        format!("Board({:?}, fen={:?})", self.variant(), self.fen())
    }
}

/// Perft of `game` split by the first move, counted on a thread of its own while this one
/// waits without the GIL and looks for Ctrl-C.
fn divide(
    py: Python<'_>,
    game: &dyn GameApi,
    depth: u32,
    threads: usize,
) -> PyResult<Vec<(String, u64)>> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        let worker = s.spawn(|| game.divide(depth, threads.max(1), &stop, Notation::Rules));
        while !worker.is_finished() {
            py.detach(|| std::thread::sleep(Duration::from_millis(10)));
            if let Err(e) = py.check_signals() {
                stop.store(true, Relaxed);
                let _ = worker.join();
                return Err(e);
            }
        }
        match worker.join() {
            Ok(Some(rows)) => Ok(rows),
            Ok(None) => Err(PyKeyboardInterrupt::new_err("perft stopped")),
            Err(_) => Err(pyo3::exceptions::PyRuntimeError::new_err("perft failed")),
        }
    })
}

/// The variant table's entry of `variant`.
#[pyfunction]
fn variant_info<'py>(py: Python<'py>, variant: &str) -> PyResult<Bound<'py, PyAny>> {
    crate::value::variant_info(py, crate::variant(variant)?)
}

/// Adds `Board`, `Outcome` and `variant_info` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_class::<Outcome>()?;
    m.add_function(wrap_pyfunction!(variant_info, m)?)?;
    Ok(())
}
