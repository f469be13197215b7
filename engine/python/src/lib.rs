//! Menagerie for Python: `import menagerie` (docs/python.md). A front end like the others: it
//! decodes Python's arguments, calls the session (and the search), and encodes the answer; it
//! decides no rules. Two layers: the pyffish-compatible functions ([`compat`]) and a
//! python-chess-style API ([`board`]: `Board`; [`engine`]: `Engine`). Every failure is a Python
//! exception made by [`error`], never a crash of the interpreter.
#![forbid(unsafe_code)]

mod board;
mod compat;
mod engine;
mod value;

use movegen::rules::VariantId;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    menagerie,
    FenError,
    PyValueError,
    "A FEN (or numbered setup) the variant cannot start from."
);
pyo3::create_exception!(
    menagerie,
    IllegalMoveError,
    PyValueError,
    "A move text that names no legal move of the position (or a malformed one)."
);
pyo3::create_exception!(menagerie, UnknownVariantError, PyValueError, "A variant id that is not one of `variants()`.");

/// What a failed call was doing: the kind of exception it raises. Today the session's errors
/// are texts, so the kind comes from the call; once they are typed (branch `typed-errors`),
/// [`error`] reads the kind from the error instead, and only it changes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Call {
    /// Reading a FEN or choosing a start.
    Fen,
    /// Reading or playing a move.
    Move,
    /// Looking a variant up by its id.
    Variant,
}

/// The one place where an error of the session becomes a Python exception.
pub(crate) fn error(call: Call, message: impl std::fmt::Display) -> PyErr {
    let message = message.to_string();
    match call {
        Call::Fen => FenError::new_err(message),
        Call::Move => IllegalMoveError::new_err(message),
        Call::Variant => UnknownVariantError::new_err(message),
    }
}

/// The variant named `name`, or `UnknownVariantError`.
pub(crate) fn variant(name: &str) -> PyResult<VariantId> {
    VariantId::parse(name).ok_or_else(|| {
        let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        error(Call::Variant, format!("unknown variant `{name}` (known: {})", known.join(", ")))
    })
}

/// The module `menagerie`.
#[pymodule]
fn menagerie(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("UnknownVariantError", py.get_type::<UnknownVariantError>())?;
    compat::register(m)?;
    board::register(m)?;
    engine::register(m)?;
    Ok(())
}
