//! PGN for the web board: the session writes and reads the record (`session::Session::pgn`,
//! `session::Session::from_pgn`: the match runner's format, a game of chance re-rolled from
//! its `Seed` tag); here the `Site` tag of an export and, after a load, the list of the text's
//! games for the page's picker.

use serde_json::{json, Value};
use session::pgn::PgnGame;
use session::Session;

/// The `Site` tag of a game exported by the web board.
pub const SITE: &str = "menagerie gui (web board)";

/// The PGN of the session's game, played on `date` (`YYYY.MM.DD`).
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

/// The answer to a load: the state `state` of the loaded game, number `index` (from 0) of the
/// text's `games`, with the list of those games (`pgn_games`, `pgn_list`), the index
/// (`pgn_game`) and how many chance steps the `Seed` tag reproduced of how many (`rolled`,
/// `session::session::Loaded::rolled`).
pub fn with_loaded(
    mut state: Value,
    games: &[PgnGame],
    index: usize,
    rolled: (usize, usize),
) -> Value {
    let list: Vec<Value> = games.iter().map(summary).collect();
    state["pgn_games"] = json!(list.len());
    state["pgn_list"] = json!(list);
    state["pgn_game"] = json!(index);
    state["rolled"] = json!({"reproduced": rolled.0, "free": rolled.1});
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use session::pgn::read_pgn;

    #[test]
    fn a_texts_games_are_listed_for_the_picker() {
        let games = read_pgn(
            "[White \"a\"]\n[Variant \"magician\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
             [Event \"x\"]\n\n1. d4 *\n",
        );
        let v = with_loaded(json!({"ply": 1}), &games, 1, (2, 3));
        assert_eq!(v["ply"].as_u64(), Some(1));
        assert_eq!((v["pgn_games"].as_u64(), v["pgn_game"].as_u64()), (Some(2), Some(1)));
        assert_eq!(v["rolled"], json!({"reproduced": 2, "free": 3}));
        let list = v["pgn_list"].as_array().unwrap();
        assert_eq!(list[0]["variant"].as_str(), Some("magician"));
        assert_eq!(
            (list[0]["white"].as_str(), list[0]["result"].as_str()),
            (Some("a"), Some("1-0"))
        );
        // A tagged game without `Variant` is chess; movetext without tags names none.
        assert_eq!(
            (list[1]["variant"].as_str(), list[1]["black"].as_str()),
            (Some("chess"), Some("?"))
        );
        let untagged = read_pgn("1. c4 *");
        assert_eq!(summary(&untagged[0])["variant"].as_str(), Some(""));
    }
}
