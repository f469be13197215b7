//! Menagerie for Python: `import menagerie` (docs/python.md). A front end like the others: it
//! decodes Python's arguments, calls the session (and the search), and encodes the answer; it
//! decides no rules. Two layers: the pyffish-compatible functions ([`pyffish`], over the layer
//! the npm package shares, `engine/compat`) and a python-chess-style API ([`board`]: `Board`;
//! [`engine`]: `Engine`). Every failure is a Python exception made by [`error`] from the
//! session's typed `session::Error`, never a crash of the interpreter.
#![forbid(unsafe_code)]

mod board;
mod engine;
mod pyffish;
mod value;

use movegen::rules::VariantId;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use session::Error as SessionError;

pyo3::create_exception!(
    menagerie,
    Error,
    PyValueError,
    "Base of Menagerie's errors (a `ValueError`, as pyffish raises)."
);
pyo3::create_exception!(
    menagerie,
    FenError,
    Error,
    "A FEN the variant cannot start from (`field`: the field at fault)."
);
pyo3::create_exception!(
    menagerie,
    IllegalMoveError,
    Error,
    "A move that is not legal here (base of the refused moves)."
);
pyo3::create_exception!(
    menagerie,
    AmbiguousMoveError,
    IllegalMoveError,
    "A move text that names more than one legal move."
);
pyo3::create_exception!(
    menagerie,
    MalformedMoveError,
    IllegalMoveError,
    "A text that is not a move of the notation at all."
);
pyo3::create_exception!(
    menagerie,
    UnknownVariantError,
    Error,
    "A variant id that is not one of `variants()`."
);
pyo3::create_exception!(menagerie, GameOverError, Error, "The game is over: no more moves.");
pyo3::create_exception!(
    menagerie,
    GameFullError,
    Error,
    "The game has the most moves a game may have."
);
pyo3::create_exception!(
    menagerie,
    SetupError,
    Error,
    "A numbered setup that does not exist, or a setup together with a FEN."
);
pyo3::create_exception!(
    menagerie,
    PgnError,
    Error,
    "A PGN that holds no game, or a tag that does not read."
);
pyo3::create_exception!(menagerie, BadArgumentError, Error, "An argument out of its range.");
pyo3::create_exception!(menagerie, ResourceError, Error, "Memory or threads the system refused.");

/// The one place where an error of the session becomes a Python exception: its kind picks the
/// class, its message is the exception's text (a FEN error also carries `field`, a move error
/// `text`).
pub(crate) fn error(e: SessionError) -> PyErr {
    let message = e.message().to_string();
    let (err, attr): (PyErr, Option<(&str, String)>) = match e {
        SessionError::Fen { field, .. } => {
            (FenError::new_err(message), Some(("field", field.to_string())))
        }
        SessionError::IllegalMove { text, .. } => {
            (IllegalMoveError::new_err(message), Some(("text", text)))
        }
        SessionError::AmbiguousMove { text, .. } => {
            (AmbiguousMoveError::new_err(message), Some(("text", text)))
        }
        SessionError::MalformedMove { text, .. } => {
            (MalformedMoveError::new_err(message), Some(("text", text)))
        }
        SessionError::UnknownVariant { name, .. } => {
            (UnknownVariantError::new_err(message), Some(("name", name)))
        }
        SessionError::GameOver { .. } => (GameOverError::new_err(message), None),
        SessionError::GameFull { .. } => (GameFullError::new_err(message), None),
        SessionError::Setup { .. } => (SetupError::new_err(message), None),
        SessionError::Pgn { .. } => (PgnError::new_err(message), None),
        SessionError::BadArgument { .. } => (BadArgumentError::new_err(message), None),
        SessionError::Resources { .. } => (ResourceError::new_err(message), None),
        _ => (Error::new_err(message), None),
    };
    if let Some((name, value)) = attr {
        // Setting an attribute on a fresh exception object does not fail in practice; if it
        // did, the exception still carries its message.
        Python::attach(|py| {
            let _ = err.value(py).setattr(name, value);
        });
    }
    err
}

/// The variant named `name`, or `UnknownVariantError`.
pub(crate) fn variant(name: &str) -> PyResult<VariantId> {
    compat::variant(name).map_err(error)
}

/// The module `menagerie`.
#[pymodule]
fn menagerie(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The exception classes, each under its own name.
    macro_rules! add_types {
        ($($t:ident),*) => { $( m.add(stringify!($t), py.get_type::<$t>())?; )* };
    }
    add_types!(
        Error,
        FenError,
        IllegalMoveError,
        AmbiguousMoveError,
        MalformedMoveError,
        UnknownVariantError,
        GameOverError,
        GameFullError,
        SetupError,
        PgnError,
        BadArgumentError,
        ResourceError
    );
    pyffish::register(m)?;
    board::register(m)?;
    engine::register(m)?;
    Ok(())
}
