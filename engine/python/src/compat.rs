//! The pyffish-compatible layer: pyffish's function names, arguments and return conventions
//! over the session, so that a server written for pyffish can switch per game. Where pyffish's
//! conventions and the rule book's differ, this layer follows pyffish (the e.p. field: written
//! only when an e.p. capture can be made); what still differs is listed in docs/python.md.

use crate::{error, variant};
use movegen::moves::MoveKind;
use movegen::rules::{EndReason, GameEnd, Outcome, VariantId};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use session::api::LegalMove;
use session::{new_game_with, Error, GameApi, MoveIn, Notation};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// pyffish's value of a won game for the side to move (a mate is `-VALUE_MATE` for the mated).
pub const VALUE_MATE: i32 = 32_000;
/// pyffish's value of a drawn game.
pub const VALUE_DRAW: i32 = 0;

/// pyffish's `validate_fen` answers (Fairy-Stockfish's `FenValidation`).
const FEN_CODES: [(&str, i32); 16] = [
    ("FEN_OK", 1),
    ("FEN_EMPTY", 0),
    ("FEN_INVALID_MOVE_COUNTER", -1),
    ("FEN_INVALID_HALF_MOVE_COUNTER", -2),
    ("FEN_INVALID_NUMBER_OF_KINGS", -3),
    ("FEN_INVALID_EN_PASSANT_SQ", -4),
    ("FEN_INVALID_CASTLING_INFO", -5),
    ("FEN_INVALID_SIDE_TO_MOVE", -6),
    ("FEN_INVALID_POCKET_INFO", -7),
    ("FEN_INVALID_BOARD_GEOMETRY", -8),
    ("FEN_TOUCHING_KINGS", -9),
    ("FEN_INVALID_CHAR", -10),
    ("FEN_INVALID_NB_PARTS", -11),
    ("FEN_INVALID_PROMOTED_PIECE", -12),
    ("FEN_INVALID_CHECK_COUNT", -13),
    ("FEN_INVALID_COUNTING_RULE", -14),
];

/// pyffish's notations of `get_san`; Menagerie writes the first two (its own algebraic text).
const NOTATIONS: [(&str, i32); 10] = [
    ("NOTATION_DEFAULT", 0),
    ("NOTATION_SAN", 1),
    ("NOTATION_LAN", 2),
    ("NOTATION_SHOGI_HOSKING", 3),
    ("NOTATION_SHOGI_HODGES", 4),
    ("NOTATION_SHOGI_HODGES_NUMBER", 5),
    ("NOTATION_JANGGI", 6),
    ("NOTATION_XIANGQI_WXF", 7),
    ("NOTATION_THAI_SAN", 8),
    ("NOTATION_THAI_LAN", 9),
];

/// The seed of the die that rolls a chance outcome a move text leaves out (`set_option("Seed")`).
static SEED: AtomicU64 = AtomicU64::new(0);

/// The game of `variant` from `fen` after `moves` (notation.md; in a game of chance a turn may
/// leave its outcome to the die keyed by the `Seed` option).
fn game_after(
    variant_name: &str,
    fen: &str,
    moves: &[String],
    chess960: bool,
) -> PyResult<Box<dyn GameApi>> {
    let id = variant(variant_name)?;
    let mut game = new_game_with(id, Some(fen), 0, chess960).map_err(error)?;
    for (i, text) in moves.iter().enumerate() {
        play(&mut *game, text).map_err(|e| error(e.context(format!("move {} `{text}`", i + 1))))?;
    }
    Ok(game)
}

/// Plays `text` (see [`game_after`]); returns the whole move's text.
fn play(game: &mut dyn GameApi, text: &str) -> Result<String, Error> {
    game.play(MoveIn::Keyed { text, seed: SEED.load(Relaxed) }, Notation::Rules)
}

/// The legal move `text` names in `game` (its whole turn in a game of chance).
fn legal_move(game: &dyn GameApi, text: &str) -> PyResult<LegalMove> {
    let mut probe = game.clone_box();
    let full = play(&mut *probe, text).map_err(error)?;
    let found = game.legal(Notation::Rules).into_iter().find(|l| l.text == full);
    found.ok_or_else(|| {
        error(Error::IllegalMove {
            text: text.to_string(),
            message: format!("`{text}` is not a legal move here"),
        })
    })
}

/// The FEN of the current position as pyffish writes it: the e.p. field only when an e.p.
/// capture can be made.
fn pyffish_fen(game: &dyn GameApi) -> String {
    let fen = game.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let ep_capture =
        |l: &LegalMove| matches!(l.input.kind, MoveKind::EnPassant | MoveKind::JumpEnPassant);
    if fields.len() > 3 && fields[3] != "-" && !game.legal(Notation::Rules).iter().any(ep_capture) {
        fields[3] = "-";
    }
    fields.join(" ")
}

/// The algebraic text of `text` in `game` in pyffish's `notation`.
fn san(game: &dyn GameApi, text: &str, notation: i32) -> PyResult<String> {
    if notation > 1 {
        return Err(PyValueError::new_err(format!(
            "notation {notation}: Menagerie writes NOTATION_DEFAULT and NOTATION_SAN only"
        )));
    }
    Ok(legal_move(game, text)?.san)
}

/// `end` as pyffish values it for the side to move.
fn value(game: &dyn GameApi, end: &GameEnd) -> i32 {
    match end.outcome {
        Outcome::Win(c) if c == game.turn() => VALUE_MATE,
        Outcome::Win(_) => -VALUE_MATE,
        Outcome::Draw => VALUE_DRAW,
    }
}

/// Whether the side to move is in check.
fn in_check(game: &dyn GameApi) -> bool {
    !game.check_at(game.ply()).is_empty()
}

/// The variant ids.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    VariantId::ALL.iter().map(|v| v.name()).collect()
}

/// The start FEN of `variant` (`eightpiece-random`: its setup 0).
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    let id = crate::variant(variant)?;
    Ok(new_game_with(id, None, 0, false).map_err(error)?.start_fen())
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
    Ok(game.legal(Notation::Rules).into_iter().map(|l| l.text).collect())
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
    Ok(pyffish_fen(&*game_after(variant, fen, &moves, chess960)?))
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
    let mut game = game_after(variant, fen, &[], chess960)?;
    let mut out = Vec::with_capacity(movelist.len());
    for (i, text) in movelist.iter().enumerate() {
        out.push(san(&*game, text, notation)?);
        play(&mut *game, text).map_err(|e| error(e.context(format!("move {} `{text}`", i + 1))))?;
    }
    Ok(out)
}

/// Whether the side to move is in check after `moves`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    Ok(in_check(&*game_after(variant, fen, &moves, chess960)?))
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
    Ok(legal_move(&*game_after(variant, fen, &moves, chess960)?, r#move)?.capture)
}

/// The result after `moves` for the side to move: `-VALUE_MATE` mated, `VALUE_MATE` won,
/// `VALUE_DRAW` drawn. Like pyffish, a position that has not ended answers as if it had no
/// legal move: `-VALUE_MATE` in check, else `VALUE_DRAW`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    let game = game_after(variant, fen, &moves, chess960)?;
    Ok(match game.end() {
        Some(end) => value(&*game, &end),
        None if in_check(&*game) => -VALUE_MATE,
        None => VALUE_DRAW,
    })
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
    let game = game_after(variant, fen, &moves, chess960)?;
    let by_history =
        [EndReason::Repetition, EndReason::FiftyMoves, EndReason::InsufficientMaterial];
    Ok(match game.end() {
        Some(e) if !by_history.contains(&e.reason) && !game.legal(Notation::Rules).is_empty() => {
            (true, value(&*game, &e))
        }
        _ => (false, VALUE_DRAW),
    })
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
    let game = game_after(variant, fen, &moves, chess960)?;
    Ok(match game.end() {
        Some(e) if matches!(e.reason, EndReason::Repetition | EndReason::FiftyMoves) => {
            (true, value(&*game, &e))
        }
        _ => (false, VALUE_DRAW),
    })
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
    let id = crate::variant(variant)?;
    if fen.is_empty() {
        return Ok(0);
    }
    let read = movegen::with_variant!(id, V => {
        session::start::read_fen::<V>(id, fen, chess960).map(|_| ())
    });
    Ok(match read {
        Ok(()) => 1,
        Err(e) => fen_code(e.field, &e.to_string()),
    })
}

/// The `validate_fen` code of an error in FEN field `field` whose text is `message`.
fn fen_code(field: &str, message: &str) -> i32 {
    match field {
        "fields" => -11,
        "hand" => -7,
        "side" => -6,
        "castling" => -5,
        "en-passant" => -4,
        "halfmove" => -2,
        "fullmove" => -1,
        "board" if message.contains("kings") => -3,
        "board" if message.contains("squares") || message.contains("ranks;") => -8,
        _ => -10,
    }
}

/// The package's version as pyffish gives its own: `(major, minor, patch)`.
#[pyfunction]
fn version() -> (u32, u32, u32) {
    let mut parts = env!("CARGO_PKG_VERSION").split('.').map(|p| p.parse().unwrap_or(0));
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
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
        SEED.store(seed, Relaxed);
    }
    Ok(())
}

/// Adds the layer to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    for (name, code) in FEN_CODES.iter().chain(&NOTATIONS) {
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
