//! PGN export and load for the web board: the session writes and reads the record
//! (`session::Session::pgn`, `session::Session::from_pgn`: the match runner's format, a game of
//! chance re-rolled from its `Seed` tag); here the `Site` tag and the list of a text's games
//! for the page's picker.

use serde_json::{json, Value};
use session::pgn::PgnGame;
use session::session::{Loaded, Untagged};
use session::Session;

/// The `Site` tag of a game exported by the web board.
pub const SITE: &str = "menagerie gui (web board)";

/// The PGN of the session's game.
pub fn export(s: &Session, date: &str) -> String {
    s.pgn("menagerie gui", SITE, date)
}

/// One line per game of a PGN text, for a picker: `{white, black, result, event, round,
/// variant, date}`.
pub fn summary(g: &PgnGame) -> Value {
    let t = |k: &str| g.tag(k).unwrap_or("?").to_string();
    let untagged = if g.tags.is_empty() { "" } else { movegen::rules::VariantId::DEFAULT.name() };
    json!({
        "white": t("White"), "black": t("Black"), "event": t("Event"), "round": t("Round"),
        "date": t("Date"), "result": g.tag("Result").unwrap_or(&g.result),
        "variant": g.tag("Variant").unwrap_or(untagged),
    })
}

/// Loads game number `index` (from 0) of a PGN (see `Session::from_pgn`).
pub fn load(text: &str, index: usize, untagged: Untagged<'_>) -> Result<Loaded, String> {
    Session::from_pgn(text, index, untagged)
}
