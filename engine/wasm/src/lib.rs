//! Menagerie in WebAssembly: the front end of the npm package `menagerie-chess` and of the web
//! board's engine Worker (docs/javascript.md). Like every front end it decodes, calls the
//! session and encodes; it decides no rules. Three parts:
//!
//! * module functions with ffish.js's names (`variants`, `startingFen`, `validateFen`,
//!   `readGamePGN`, `info`, `setOption`) and `variantInfo`, over the shared compatible layer
//!   (`engine/compat`, also under the Python package);
//! * [`board::Board`], ffish.js's `Board` (`legalMoves`, `push`, `pushSan`, `fen`, `result`, ...);
//! * [`uci::UciEngine`], the engine speaking UCI on the caller's thread, a search cut into
//!   slices so that a Worker reads `stop` between them (no threads, no `SharedArrayBuffer`).
//!
//! Every failure is a thrown JavaScript `Error` whose `name` is the session error's kind
//! (`FenError`, `IllegalMoveError`, `UnknownVariantError`, ...), never a trap of the module.
#![forbid(unsafe_code)]

pub mod board;
pub mod uci;
pub mod web;

use session::Error;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// JavaScript's `Error`.
    #[wasm_bindgen(js_name = Error)]
    type JsErr;
    #[wasm_bindgen(constructor, js_class = "Error")]
    fn new(message: &str) -> JsErr;
    #[wasm_bindgen(method, setter = name, js_class = "Error")]
    fn set_name(this: &JsErr, name: &str);

    /// JavaScript's clock: milliseconds since 1970 (`Date.now()`), in every host.
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
}

/// The name of the JavaScript error of `e`'s kind.
pub fn error_name(e: &Error) -> &'static str {
    match e {
        Error::Fen { .. } => "FenError",
        Error::IllegalMove { .. } => "IllegalMoveError",
        Error::AmbiguousMove { .. } => "AmbiguousMoveError",
        Error::MalformedMove { .. } => "MalformedMoveError",
        Error::UnknownVariant { .. } => "UnknownVariantError",
        Error::GameOver { .. } => "GameOverError",
        Error::GameFull { .. } => "GameFullError",
        Error::Setup { .. } => "SetupError",
        Error::Pgn { .. } => "PgnError",
        Error::BadArgument { .. } => "BadArgumentError",
        Error::Resources { .. } => "ResourceError",
        _ => "Error",
    }
}

/// The one place where a session error becomes a thrown JavaScript `Error`.
pub(crate) fn error(e: Error) -> JsValue {
    let err = JsErr::new(e.message());
    err.set_name(error_name(&e));
    err.into()
}

/// The variant ids, space-separated (ffish.js).
#[wasm_bindgen]
pub fn variants() -> String {
    compat::variants().join(" ")
}

/// The start FEN of `variant` (`eightpiece-random`: its setup 0).
#[wasm_bindgen(js_name = startingFen)]
pub fn starting_fen(variant: &str) -> Result<String, JsValue> {
    compat::start_fen(variant).map_err(error)
}

/// 1 when `variant` (default `chess`) can start from `fen`, else a negative code for what is
/// wrong with it, 0 for an empty text (ffish.js's `validateFen`).
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(
    fen: &str,
    variant: Option<String>,
    chess960: Option<bool>,
) -> Result<i32, JsValue> {
    let v = variant.unwrap_or_else(|| "chess".into());
    compat::validate_fen(fen, &v, chess960.unwrap_or(false)).map_err(error)
}

/// The variant table's entry of `variant` as JSON text (board shape, pieces with names and
/// moves, move forms, marks, setups, start FEN); the package's `variantInfo` parses it.
#[wasm_bindgen(js_name = variantInfoJson)]
pub fn variant_info_json(variant: &str) -> Result<String, JsValue> {
    let v = compat::variant(variant).map_err(error)?;
    Ok(compat::variant_info(v).to_string())
}

/// The engine's name and version.
#[wasm_bindgen]
pub fn info() -> String {
    format!("Menagerie {} (ffish.js-compatible layer)", env!("CARGO_PKG_VERSION"))
}

/// Sets an option: `Seed` (the die of a chance outcome a move text leaves out); ffish.js's
/// other options mean nothing here and are ignored.
#[wasm_bindgen(js_name = setOption)]
pub fn set_option(name: &str, value: &str) -> Result<(), JsValue> {
    if name.eq_ignore_ascii_case("seed") {
        let seed = value.trim().parse::<u64>().map_err(|_| {
            error(Error::BadArgument {
                message: format!("Seed must be a whole number, not {value}"),
            })
        })?;
        compat::set_seed(seed);
    }
    Ok(())
}

/// The search bench's lines at `depth` (`search::bench`: every variant's bench positions,
/// `<variant> <fen>: depth D nodes N bestmove M`), `\n`-separated: equal to `menagerie bench`'s
/// lines without their times.
#[wasm_bindgen(js_name = benchLines)]
pub fn bench_lines(depth: u32) -> String {
    search::bench::lines(depth).join("\n")
}

/// A game read from PGN (ffish.js's `Game`): its tags and main line.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Game {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
}

#[wasm_bindgen]
impl Game {
    /// The tag names, space-separated.
    #[wasm_bindgen(js_name = headerKeys)]
    pub fn header_keys(&self) -> String {
        self.tags.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>().join(" ")
    }

    /// The value of tag `item` (empty when the game has no such tag).
    pub fn headers(&self, item: &str) -> String {
        self.tags.iter().find(|(k, _)| k == item).map(|(_, v)| v.clone()).unwrap_or_default()
    }

    /// The main line's moves in notation.md texts (UCI for chess), space-separated.
    #[wasm_bindgen(js_name = mainlineMoves)]
    pub fn mainline_moves(&self) -> String {
        self.moves.join(" ")
    }
}

/// The first game of `pgn` (its Variant and FEN tags say where it starts; chess without them).
#[wasm_bindgen(js_name = readGamePGN)]
pub fn read_game_pgn(pgn: &str) -> Result<Game, JsValue> {
    let untagged =
        session::session::Untagged { variant: movegen::rules::VariantId::DEFAULT, fen: None };
    let loaded = session::Session::from_pgn(pgn, 0, untagged).map_err(error)?;
    let tags = loaded.games.first().map(|g| g.tags.clone()).unwrap_or_default();
    let moves = loaded.session.game.move_texts(session::Notation::Rules);
    Ok(Game { tags, moves })
}

/// The system's clock, for tests off the web (JavaScript's clock exists only in a JavaScript
/// host).
#[cfg(test)]
pub(crate) fn test_clock() -> std::sync::Arc<dyn search::Timer> {
    #[derive(Debug)]
    struct SysClock(std::time::Instant);
    impl search::Timer for SysClock {
        fn now_ms(&self) -> f64 {
            self.0.elapsed().as_secs_f64() * 1000.0
        }
    }
    std::sync::Arc::new(SysClock(std::time::Instant::now()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_functions() {
        assert!(variants().split(' ').any(|v| v == "pieceeater"));
        assert_eq!(
            starting_fen("chess").unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        let g = read_game_pgn("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *").unwrap();
        assert_eq!(g.mainline_moves(), "e2e4 e7e5 g1f3");
        assert_eq!(g.headers("Event"), "x");
        assert_eq!(g.header_keys(), "Event");
    }
}
