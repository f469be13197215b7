//! `menagerie gui`'s JSON API without a browser: bad requests get a clear 4xx and change
//! nothing, the server keeps running, games are bounded, the engine plays, a PieceEater game
//! goes out as PGN and comes back with every PE step re-rolled from its `Seed` tag.

mod support;

use serde_json::Value;
use support::Server;

fn json(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("not JSON ({e}): {s}"))
}

fn ok(server: &Server, method: &str, path: &str, body: &str) -> Value {
    let (code, text) = server.request(method, path, body);
    assert_eq!(code, 200, "{method} {path} {body}: {text}");
    json(&text)
}

fn err(server: &Server, method: &str, path: &str, body: &str, code: u16, says: &str) {
    let (c, text) = server.request(method, path, body);
    assert_eq!(c, code, "{method} {path} {body}: {text}");
    let msg = json(&text)["error"].as_str().unwrap_or_default().to_string();
    assert!(msg.contains(says), "{method} {path} {body}: `{msg}` lacks `{says}`");
}

#[test]
fn bad_requests_get_clear_errors_and_change_nothing() {
    let mut s = Server::start();
    err(&s, "POST", "/api/games", r#"{"variant":"nope"}"#, 400, "unknown variant `nope`");
    err(&s, "POST", "/api/games", "garbage", 400, "not valid JSON");
    err(&s, "POST", "/api/games", "[1,2]", 400, "must be a JSON object");
    err(&s, "POST", "/api/games", r#"{"variant":7}"#, 400, "`variant` must be a string");
    err(&s, "POST", "/api/games", r#"{"variant":"chess","fen":"8/8 w - -"}"#, 400, "invalid FEN");
    let long = format!(r#"{{"variant":"chess","fen":"{}"}}"#, "8/".repeat(300));
    err(&s, "POST", "/api/games", &long, 400, "longer than 400");
    err(&s, "POST", "/api/games", r#"{"variant":"chess","setup":3}"#, 400, "no numbered setups");
    err(
        &s,
        "POST",
        "/api/games",
        r#"{"variant":"eightpiece-random","setup":99999999}"#,
        400,
        "`setup` must be",
    );
    err(&s, "POST", "/api/games", r#"{"variant":"pieceeater","seed":-1}"#, 400, "`seed` must be");

    let g = ok(&s, "POST", "/api/games", r#"{"variant":"chess"}"#);
    let id = g["id"].as_str().unwrap().to_string();
    let fen0 = g["fen"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/games/{id}{p}");
    err(&s, "POST", &path("/move"), r#"{"move":"e2e5"}"#, 422, "not a legal move");
    err(&s, "POST", &path("/move"), r#"{"move":"O-O-O-O"}"#, 422, "not a legal move");
    err(&s, "POST", &path("/move"), "{}", 400, "`move` is missing");
    err(&s, "POST", &path("/move"), r#"{"move":5}"#, 400, "must be a string");
    err(
        &s,
        "POST",
        &path("/move"),
        &format!(r#"{{"move":"{}"}}"#, "e".repeat(10_000)),
        400,
        "move text",
    );
    err(&s, "POST", &path("/undo"), "{}", 409, "only 0 moves");
    err(&s, "POST", &path("/undo"), r#"{"to":3}"#, 400, "past the end");
    err(&s, "GET", &format!("/api/games/{id}?ply=x"), "", 400, "not a number");
    err(&s, "GET", &format!("/api/games/{id}?ply=5"), "", 400, "not in this game");
    err(&s, "POST", &path("/engine"), r#"{"movetime_ms":0}"#, 400, "`movetime_ms` must be");
    err(&s, "POST", &path("/engine"), r#"{"depth":1000}"#, 400, "`depth` must be");
    err(&s, "POST", &path("/engine"), r#"{"movetime_ms":100,"wtime_ms":1000}"#, 400, "not both");
    err(&s, "POST", &path("/analysis"), r#"{"on":"yes"}"#, 400, "true or false");
    err(&s, "GET", "/api/games/abc", "", 404, "not a game id");
    err(&s, "GET", "/api/games/12345", "", 404, "no game 12345");
    err(&s, "POST", "/api/nothing", "{}", 404, "no such page");
    err(&s, "POST", "/api/pgn", r#"{"pgn":"1. e4 e5"}"#, 422, "no game found");
    // Not HTTP at all, and a body over the limit: refused, the server lives on.
    let (code, _) = s.raw(b"\x00\xffGARBAGE\r\n\r\n");
    assert!(code == 400 || code == 0, "garbage got {code}");
    let (code, _) = s.request("POST", "/api/games", &"x".repeat(3 << 20));
    assert_eq!(code, 413, "a 3 MB body");
    assert!(s.alive());
    // Nothing changed the game, and it still plays.
    let st = ok(&s, "GET", &path(""), "");
    assert_eq!((st["fen"].as_str().unwrap(), st["ply"].as_u64()), (fen0.as_str(), Some(0)));
    let st = ok(&s, "POST", &path("/move"), r#"{"move":"e2e4"}"#);
    assert_eq!(st["ply"].as_u64(), Some(1));
    assert_eq!(st["moves"][0]["san"].as_str(), Some("e4"));
}

#[test]
fn games_are_bounded_in_number() {
    let s = Server::start();
    let mut ids = Vec::new();
    for _ in 0..32 {
        ids.push(
            ok(&s, "POST", "/api/games", r#"{"variant":"chess"}"#)["id"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    // All 32 were used within the last minute: the 33rd is refused, nothing is evicted.
    err(&s, "POST", "/api/games", r#"{"variant":"chess"}"#, 503, "too many games");
    for id in &ids {
        ok(&s, "GET", &format!("/api/games/{id}"), "");
    }
}

#[test]
fn every_variant_has_a_board_and_click_paths() {
    let s = Server::start();
    let vs = ok(&s, "GET", "/api/variants", "");
    let all = vs["variants"].as_array().unwrap();
    assert_eq!(all.len(), 7);
    for v in all {
        let id = v["id"].as_str().unwrap();
        let g = ok(&s, "POST", "/api/games", &format!(r#"{{"variant":"{id}"}}"#));
        let rows = g["board"]["rows"].as_array().unwrap();
        let cells: Vec<&Value> = rows.iter().flat_map(|r| r.as_array().unwrap()).collect();
        let existing = cells.iter().filter(|c| c["hole"].as_bool() != Some(true)).count();
        // 8x8; TamerSpiel 12x8 less a2-a7 and l2-l7; Jumping Knights 10x10 (rule books §1).
        let want = match id {
            "tamerspiel" => 84,
            "jumpingknights" => 100,
            _ => 64,
        };
        assert_eq!(existing, want, "{id}");
        let legal = g["legal"].as_array().unwrap();
        assert!(!legal.is_empty(), "{id}");
        for e in legal {
            assert_eq!(
                e["clicks"].as_array().unwrap().len() >= 2,
                e["action"] != "0000",
                "{id} {e}"
            );
        }
        assert!(!v["pieces"].as_array().unwrap().is_empty(), "{id} legend");
    }
}

#[test]
fn engine_moves_and_a_pieceeater_pgn_replays_from_its_seed() {
    let s = Server::start();
    let g = ok(&s, "POST", "/api/games", r#"{"variant":"pieceeater","seed":7}"#);
    let id = g["id"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/games/{id}{p}");
    // The human sends actions only; the die rolls the steps. The engine answers.
    for action in ["g1f3", "b1c3"] {
        let before = ok(&s, "GET", &path(""), "")["ply"].as_u64().unwrap();
        ok(&s, "POST", &path("/move"), &format!(r#"{{"move":"{action}"}}"#));
        let st = ok(&s, "POST", &path("/engine"), r#"{"movetime_ms":150}"#);
        assert_eq!(st["ply"].as_u64(), Some(before + 2), "{st}");
        assert_eq!(st["players"]["b"].as_str(), Some("Menagerie"));
    }
    let hint = ok(&s, "POST", &path("/hint"), r#"{"movetime_ms":100}"#);
    let action = hint["hint"]["action"].as_str().expect("a hint").to_string();
    let st = ok(&s, "GET", &path(""), "");
    assert!(st["legal"].as_array().unwrap().iter().any(|e| e["action"] == action.as_str()));
    assert_eq!(st["ply"].as_u64(), Some(4), "a hint is not played");
    let (code, pgn) = s.request("GET", &path("/pgn"), "");
    assert_eq!(code, 200);
    for tag in
        ["[Variant \"pieceeater\"]", "[Seed \"7\"]", "[White \"Human\"]", "[Black \"Menagerie\"]"]
    {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.contains("coordinates:"), "{pgn}");
    let body = serde_json::json!({ "pgn": pgn }).to_string();
    let loaded = ok(&s, "POST", "/api/pgn", &body);
    let texts = |v: &Value| -> Vec<String> {
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(texts(&loaded), texts(&st));
    // Every free step was rolled by the die of Seed 7 (as the match runner rolls it), so every
    // one is reproduced from the tag.
    let (same, free) = (loaded["rolled"]["reproduced"].as_u64(), loaded["rolled"]["free"].as_u64());
    assert_eq!(same, free, "{}", loaded["rolled"]);
    assert!(free.unwrap() >= 2);
    // Stepping through: the position after ply 1.
    let lid = loaded["id"].as_str().unwrap();
    let at1 = ok(&s, "GET", &format!("/api/games/{lid}?ply=1"), "");
    assert_eq!(at1["view_ply"].as_u64(), Some(1));
    assert!(at1["legal"].as_array().unwrap().is_empty(), "no moves offered in the past");
    // The engine refuses to move in a finished game.
    let mate = ok(
        &s,
        "POST",
        "/api/games",
        r#"{"variant":"chess","fen":"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1"}"#,
    );
    let mid = mate["id"].as_str().unwrap();
    let st = ok(&s, "POST", &format!("/api/games/{mid}/move"), r#"{"move":"d1d8"}"#);
    assert_eq!(st["end"]["rule"].as_str(), Some("checkmate"));
    err(&s, "POST", &format!("/api/games/{mid}/engine"), "{}", 409, "the game is over");
    err(
        &s,
        "POST",
        &format!("/api/games/{mid}/move"),
        r#"{"move":"g8h8"}"#,
        409,
        "the game is over",
    );
}
