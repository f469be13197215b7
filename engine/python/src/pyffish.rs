//! The pyffish-compatible functions: pyffish's names, arguments and return conventions over
//! the shared compatible layer (`engine/compat`, also under the npm package), so that a server
//! written for pyffish can switch per game; what still differs is listed in docs/python.md.

use crate::error;
use compat::{VALUE_DRAW, VALUE_MATE};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use session::{Error, GameApi};

/// The game of `variant` from `fen` after `moves` ([`compat::game_after`]).
fn game_after(
    variant_name: &str,
    fen: &str,
    moves: &[String],
    chess960: bool,
) -> PyResult<Box<dyn GameApi>> {
    compat::game_after(variant_name, Some(fen), moves, chess960).map_err(error)
}

/// The exception of a `get_san` failure: an unknown notation is a plain `ValueError`.
fn san_error(e: Error) -> PyErr {
    match e {
        Error::BadArgument { message } => PyValueError::new_err(message),
        e => error(e),
    }
}

/// The algebraic text of `text` in `game` in pyffish's `notation`.
fn san(game: &dyn GameApi, text: &str, notation: i32) -> PyResult<String> {
    compat::san(game, text, notation).map_err(san_error)
}

/// The variant ids.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    compat::variants()
}

/// The start FEN of `variant` (`eightpiece-random`: its setup 0).
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    compat::start_fen(variant).map_err(error)
}

/// The legal moves after `moves`, as notation.md texts (whole turns in a game of chance).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn legal_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    let game = game_after(variant, fen, &moves, chess960)?;
    Ok(game.legal_texts(session::Notation::Rules))
}

/// The FEN after `moves` (pyffish's e.p. field).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, sfen = false, showPromoted = false, countStarted = 0))]
#[allow(clippy::too_many_arguments, non_snake_case)]
fn get_fen(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    sfen: bool,
    showPromoted: bool,
    countStarted: i32,
) -> PyResult<String> {
    // SFEN, promoted-piece marks and counting rules belong to variants Menagerie does not play.
    let _ = (sfen, showPromoted, countStarted);
    Ok(compat::fen(&*game_after(variant, fen, &moves, chess960)?))
}

/// The algebraic text of `move` in the position `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = 0))]
fn get_san(
    variant: &str,
    fen: &str,
    r#move: &str,
    chess960: bool,
    notation: i32,
) -> PyResult<String> {
    san(&*game_after(variant, fen, &[], chess960)?, r#move, notation)
}

/// The algebraic texts of the line `movelist` from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960 = false, notation = 0))]
fn get_san_moves(
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    compat::san_moves(&*game_after(variant, fen, &[], chess960)?, &movelist, notation)
        .map_err(san_error)
}

/// Whether the side to move is in check after `moves`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    Ok(compat::in_check(&*game_after(variant, fen, &moves, chess960)?))
}

/// Whether `move`, after `moves`, takes an enemy unit off the board.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, chess960 = false))]
fn is_capture(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    r#move: &str,
    chess960: bool,
) -> PyResult<bool> {
    let game = game_after(variant, fen, &moves, chess960)?;
    Ok(compat::legal_move(&*game, r#move).map_err(error)?.capture)
}

/// The result after `moves` for the side to move: `-VALUE_MATE` mated, `VALUE_MATE` won,
/// `VALUE_DRAW` drawn. Like pyffish, a position that has not ended answers as if it had no
/// legal move: `-VALUE_MATE` in check, else `VALUE_DRAW`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    Ok(compat::game_result(&*game_after(variant, fen, &moves, chess960)?))
}

/// Whether the game has ended by a rule while moves remain (a captured king, a variant's own
/// end), and its value for the side to move; the ends without a legal move are `game_result`'s.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    Ok(compat::immediate_end(&*game_after(variant, fen, &moves, chess960)?))
}

/// Whether a player may claim the end: threefold repetition or the move-count rule.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, countStarted = 0))]
#[allow(non_snake_case)]
fn is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    countStarted: i32,
) -> PyResult<(bool, i32)> {
    let _ = countStarted;
    Ok(compat::optional_end(&*game_after(variant, fen, &moves, chess960)?))
}

/// Whether White and Black lack the material to win: Menagerie knows dead positions (neither
/// side can win), so both answers are the same (docs/python.md).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    let dead = game_after(variant, fen, &moves, chess960)?.insufficient_material();
    Ok((dead, dead))
}

/// `FEN_OK` (1) when `variant` can start from `fen`, else a negative code for what is wrong
/// with it (`FEN_EMPTY`, 0, for an empty text). Menagerie's FEN reader names the field at
/// fault; the board field's code is chosen by the reader's message (kings, ranks, letters).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    compat::validate_fen(fen, variant, chess960).map_err(error)
}

/// The package's version as pyffish gives its own: `(major, minor, patch)`.
#[pyfunction]
fn version() -> (u32, u32, u32) {
    compat::version()
}

/// The engine's name and version.
#[pyfunction]
fn info() -> String {
    format!("Menagerie {} (pyffish-compatible layer)", env!("CARGO_PKG_VERSION"))
}

/// Sets an option: `Seed` (the die of a chance outcome a move text leaves out); pyffish's
/// other options (`VariantPath`, ...) mean nothing here and are ignored, as pyffish ignores
/// unknown ones.
#[pyfunction]
fn set_option(name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    if name.eq_ignore_ascii_case("seed") {
        let seed: u64 = match value.extract::<u64>() {
            Ok(n) => n,
            Err(_) => value.str()?.extract::<String>()?.trim().parse().map_err(|_| {
                PyValueError::new_err(format!("Seed must be a whole number, not {value}"))
            })?,
        };
        compat::set_seed(seed);
    }
    Ok(())
}

/// Adds the layer to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    for (name, code) in compat::FEN_CODES.iter().chain(&compat::NOTATIONS) {
        m.add(*name, *code)?;
    }
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    Ok(())
}
