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
    err(&s, "POST", "/api/pgn", r#"{"pgn":"  \n "}"#, 422, "no game found");
    err(&s, "POST", "/api/pgn", r#"{"pgn":"1. e4 e5 2. Ke3"}"#, 422, "move 3 `Ke3`");
    err(&s, "POST", "/api/pgn", r#"{"pgn":"1. e4","variant":"x"}"#, 400, "unknown variant");
    // Not HTTP at all, and a body over the limit: refused, the server lives on.
    let (code, _) = s.raw(b"\x00\xffGARBAGE\r\n\r\n");
    assert!(code == 400 || code == 0, "garbage got {code}");
    err(&s, "POST", "/api/games", &"x".repeat(3 << 20), 413, "over the 2 MB limit");
    err(&s, "GET", "/pieces/..%2F..%2FCargo.toml", "", 404, "no piece drawing");
    err(&s, "DELETE", "/api/games", "", 405, "method not allowed");
    assert!(s.alive());
    // Nothing changed the game, and it still plays.
    let st = ok(&s, "GET", &path(""), "");
    assert_eq!((st["fen"].as_str().unwrap(), st["ply"].as_u64()), (fen0.as_str(), Some(0)));
    let st = ok(&s, "POST", &path("/move"), r#"{"move":"e2e4"}"#);
    assert_eq!(st["ply"].as_u64(), Some(1));
    assert_eq!(st["moves"][0]["san"].as_str(), Some("e4"));
}

#[test]
fn a_flood_of_games_evicts_the_least_recently_used_one() {
    let s = Server::start();
    let new = || {
        ok(&s, "POST", "/api/games", r#"{"variant":"chess"}"#)["id"].as_str().unwrap().to_string()
    };
    let first = new();
    let kept = new();
    // 40 more games, all within a second: none is refused; `kept` is used all along.
    let mut ids = Vec::new();
    for i in 0..40 {
        ids.push(new());
        if i % 8 == 0 {
            ok(&s, "GET", &format!("/api/games/{kept}"), "");
        }
    }
    ok(&s, "GET", &format!("/api/games/{kept}"), "");
    err(&s, "GET", &format!("/api/games/{first}"), "", 404, "no game");
    err(&s, "GET", &format!("/api/games/{}", ids[0]), "", 404, "no game");
    for id in &ids[ids.len() - 20..] {
        ok(&s, "GET", &format!("/api/games/{id}"), "");
    }
    let st = ok(&s, "POST", &format!("/api/games/{kept}/move"), r#"{"move":"e2e4"}"#);
    assert_eq!(st["ply"].as_u64(), Some(1));
}

#[test]
fn foreign_hosts_origins_and_bodies_are_refused() {
    let s = Server::start();
    let port = s.addr.rsplit(':').next().unwrap().to_string();
    let local = format!("localhost:{port}");
    let jct = ("Content-Type", "application/json");
    let refused = |headers: &[(&str, &str)], method: &str, path: &str, code: u16, says: &str| {
        let (c, text) = s.send(method, path, headers, r#"{"variant":"chess"}"#);
        assert_eq!(c, code, "{method} {path} {headers:?}: {text}");
        let msg = json(&text)["error"].as_str().unwrap_or_default().to_string();
        assert!(msg.contains(says), "{headers:?}: `{msg}` lacks `{says}`");
    };
    // DNS rebinding: a foreign name (or the right name with another port) is not answered, for
    // the page, the API and the event stream alike.
    for host in ["evil.example.com", &format!("evil.example.com:{port}"), "127.0.0.1:1"] {
        refused(&[("Host", host)], "GET", "/", 403, "does not answer to the host");
        refused(&[("Host", host), jct], "POST", "/api/games", 403, "host");
        refused(&[("Host", host)], "GET", "/api/games/1/events", 403, "host");
    }
    refused(&[jct], "POST", "/api/games", 400, "no Host header");
    // A cross-site page: its Origin, or a body it may send without asking (text/plain, a form).
    let host = ("Host", s.addr.as_str());
    refused(
        &[host, jct, ("Origin", "http://evil.example.com")],
        "POST",
        "/api/games",
        403,
        "origin",
    );
    refused(&[host, jct, ("Origin", "null")], "POST", "/api/games", 403, "origin");
    for ct in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
    {
        refused(&[host, ("Content-Type", ct)], "POST", "/api/games", 415, "application/json");
    }
    refused(&[host], "POST", "/api/games", 415, "application/json");
    // Nothing was created by the refused requests; the page's own requests work.
    let own = format!("http://{}", s.addr);
    let (c, text) = s.send(
        "POST",
        "/api/games",
        &[("Host", &local), ("Origin", &own), ("Content-Type", "application/json; charset=utf-8")],
        r#"{"variant":"chess"}"#,
    );
    assert_eq!(c, 200, "{text}");
    let (c, page) = s.send("GET", "/", &[("Host", &local)], "");
    assert!(c == 200 && page.contains("<script"), "{c}");
}
#[test]
fn every_variant_has_a_board_and_click_paths() {
    let s = Server::start();
    let vs = ok(&s, "GET", "/api/variants", "");
    let all = vs["variants"].as_array().unwrap();
    assert_eq!(all.len(), movegen::rules::VariantId::ALL.len());
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

fn new_game(s: &Server, body: &str) -> (String, Value) {
    let g = ok(s, "POST", "/api/games", body);
    (g["id"].as_str().unwrap().to_string(), g)
}

#[test]
fn check_move_numbers_setups_and_the_variant_table() {
    let s = Server::start();
    // Check: the checked royal piece's square, in chess and on TamerSpiel's Tetrarch.
    let (id, g) = new_game(&s, r#"{"variant":"chess","fen":"4k3/8/8/8/8/8/8/4K2R w K - 0 1"}"#);
    assert_eq!(g["check"].as_array().map(Vec::len), Some(0));
    let st = ok(&s, "POST", &format!("/api/games/{id}/move"), r#"{"move":"h1h8"}"#);
    assert_eq!(st["check"], serde_json::json!(["e8"]), "{}", st["check"]);
    assert_eq!(st["moves"][0]["san"].as_str(), Some("Rh8+"));
    let before = ok(&s, "GET", &format!("/api/games/{id}?ply=0"), "");
    assert_eq!(before["check"].as_array().map(Vec::len), Some(0), "the shown ply's check");
    let (id, _) = new_game(
        &s,
        r#"{"variant":"tamerspiel","fen":"5t6/*10*/*10*/*10*/*10*/*10*/*10*/4R1K5 w - - 0 1 -"}"#,
    );
    let st = ok(&s, "POST", &format!("/api/games/{id}/move"), r#"{"move":"e1f1"}"#);
    assert_eq!(st["check"], serde_json::json!(["f8"]));
    // Move numbers start at the FEN's fullmove number; Black moved first.
    let (id, _) = new_game(&s, r#"{"variant":"chess","fen":"4k3/8/8/8/8/8/4q3/6KQ b - - 0 25"}"#);
    ok(&s, "POST", &format!("/api/games/{id}/move"), r#"{"move":"e2f2"}"#);
    let st = ok(&s, "POST", &format!("/api/games/{id}/move"), r#"{"move":"g1f2"}"#);
    let nums: Vec<(u64, &str)> = st["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["number"].as_u64().unwrap(), m["side"].as_str().unwrap()))
        .collect();
    assert_eq!(nums, [(25, "b"), (26, "w")]);
    // The setup number of an eightpiece-random game, chosen or drawn.
    let (_, g) = new_game(&s, r#"{"variant":"eightpiece-random","setup":0}"#);
    assert_eq!(g["setup"].as_u64(), Some(0));
    let (_, g) = new_game(&s, r#"{"variant":"eightpiece-random","setup":"random"}"#);
    assert!(g["setup"].as_u64().is_some());
    let (_, g) = new_game(&s, r#"{"variant":"chess"}"#);
    assert!(g["setup"].is_null());
    // The variant table: the check rule and the help lines of each variant's move forms.
    let vs = ok(&s, "GET", "/api/variants", "");
    for v in vs["variants"].as_array().unwrap() {
        let id = v["id"].as_str().unwrap();
        assert_eq!(v["check_rule"].as_bool(), Some(id != "pieceeater"), "{id}");
        let forms: Vec<&str> =
            v["forms"].as_array().unwrap().iter().map(|f| f["form"].as_str().unwrap()).collect();
        let want: &[&str] = match id {
            "chess" => &["castle", "en_passant", "promotion"],
            "eightpiece" | "eightpiece-random" => &["push", "turn", "facing", "pass"],
            "pieceeater" => &["drop", "chance"],
            "magician" => &["switch"],
            "tamerspiel" => &["swap", "auto_promotion"],
            _ => &["jump", "jump_en_passant"],
        };
        for f in want {
            assert!(forms.contains(f), "{id} lacks {f}: {forms:?}");
        }
        assert!(v["forms"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["text"].as_str().unwrap().len() > 20));
    }
}

#[test]
fn game_ends_resignation_and_draw_offers() {
    let s = Server::start();
    let (id, _) = new_game(&s, r#"{"variant":"chess","fen":"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1"}"#);
    let st = ok(&s, "POST", &format!("/api/games/{id}/move"), r#"{"move":"d1d8"}"#);
    assert_eq!(st["end"]["text"].as_str(), Some("White wins by checkmate"));
    let (id, _) = new_game(&s, r#"{"variant":"chess","fen":"7k/8/6Q1/8/8/8/8/K7 w - - 0 1"}"#);
    let st = ok(&s, "POST", &format!("/api/games/{id}/move"), r#"{"move":"g6f7"}"#);
    assert_eq!(st["end"]["text"].as_str(), Some("Draw by stalemate"), "{}", st["end"]);
    // Resignation ends the game: no more moves, and the PGN says so (and where it was played).
    let (id, _) = new_game(&s, r#"{"variant":"chess"}"#);
    let path = |p: &str| format!("/api/games/{id}{p}");
    ok(&s, "POST", &path("/move"), r#"{"move":"e2e4"}"#);
    err(&s, "POST", &path("/resign"), r#"{"side":"x"}"#, 400, "`side` must be");
    let st = ok(&s, "POST", &path("/resign"), r#"{"side":"w"}"#);
    assert_eq!(
        (st["end"]["result"].as_str(), st["end"]["rule"].as_str()),
        (Some("0-1"), Some("resignation"))
    );
    assert!(st["legal"].as_array().unwrap().is_empty());
    err(&s, "POST", &path("/move"), r#"{"move":"e7e5"}"#, 409, "White resigns");
    err(&s, "POST", &path("/engine"), r#"{"movetime_ms":50}"#, 409, "the game is over");
    let (_, pgn) = s.request("GET", &path("/pgn"), "");
    for tag in [
        "[Result \"0-1\"]",
        "[Termination \"White resigns\"]",
        "[Site \"menagerie gui (web board)\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    // Taking the move back reopens the game.
    let st = ok(&s, "POST", &path("/undo"), "{}");
    assert!(st["end"].is_null() && st["ply"].as_u64() == Some(0));
    // Draw offers to the engine (Black): declined a queen up, accepted a queen down.
    let (id, _) = new_game(&s, r#"{"variant":"chess","fen":"q3k3/8/8/8/8/8/8/4K3 w - - 0 1"}"#);
    let st = ok(&s, "POST", &format!("/api/games/{id}/draw"), r#"{"by":"w"}"#);
    assert_eq!(st["draw"]["accepted"].as_bool(), Some(false), "{}", st["draw"]);
    assert!(
        st["draw"]["score"]["cp"].as_i64().is_some_and(|c| c > 300)
            || st["draw"]["score"]["mate"].as_i64().is_some_and(|m| m > 0),
        "{}",
        st["draw"]
    );
    assert!(st["end"].is_null());
    let (id, _) = new_game(&s, r#"{"variant":"chess","fen":"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"}"#);
    let st = ok(&s, "POST", &format!("/api/games/{id}/draw"), r#"{"by":"w"}"#);
    assert_eq!(st["draw"]["accepted"].as_bool(), Some(true), "{}", st["draw"]);
    assert_eq!(st["end"]["result"].as_str(), Some("1/2-1/2"));
    err(&s, "POST", &format!("/api/games/{id}/draw"), "{}", 409, "Draw by agreement");
    // Between two people: the other side's agreement.
    let (id, _) = new_game(&s, r#"{"variant":"chess"}"#);
    let st = ok(&s, "POST", &format!("/api/games/{id}/draw"), r#"{"by":"w","accept":true}"#);
    assert_eq!(st["end"]["text"].as_str(), Some("Draw by agreement"));
}

#[test]
fn pgn_game_lists_movetext_without_tags_and_mate_depth() {
    let s = Server::start();
    // Two games in one text: the list, and the second one loaded on request.
    let mut pgn = String::new();
    for moves in [["e2e4", "e7e5"], ["d2d4", "d7d5"]] {
        let (id, _) = new_game(&s, r#"{"variant":"chess"}"#);
        for m in moves {
            ok(&s, "POST", &format!("/api/games/{id}/move"), &format!(r#"{{"move":"{m}"}}"#));
        }
        pgn.push_str(&s.request("GET", &format!("/api/games/{id}/pgn"), "").1);
    }
    let body = |game: Option<u64>| serde_json::json!({"pgn": pgn, "game": game}).to_string();
    let first = ok(&s, "POST", "/api/pgn", &body(None));
    assert_eq!(first["pgn_games"].as_u64(), Some(2));
    assert_eq!(first["pgn_list"].as_array().map(Vec::len), Some(2));
    assert_eq!(first["pgn_list"][1]["white"].as_str(), Some("Human"));
    assert_eq!(first["moves"][0]["text"].as_str(), Some("e2e4"));
    let second = ok(&s, "POST", "/api/pgn", &body(Some(1)));
    assert_eq!(second["moves"][0]["text"].as_str(), Some("d2d4"));
    assert_eq!(second["pgn_game"].as_u64(), Some(1));
    err(&s, "POST", "/api/pgn", &body(Some(2)), 422, "holds 2 games");
    // Movetext without tags: the board's variant, from its start (or the FEN given).
    let st = ok(&s, "POST", "/api/pgn", r#"{"pgn":"1. e4 e5 2. Bc4 Nc6","variant":"magician"}"#);
    assert_eq!((st["variant"].as_str(), st["ply"].as_u64()), (Some("magician"), Some(4)));
    let (_, g) = new_game(&s, r#"{"variant":"eightpiece-random","setup":5}"#);
    let start = g["start_fen"].as_str().unwrap();
    err(
        &s,
        "POST",
        "/api/pgn",
        r#"{"pgn":"1. e4","variant":"eightpiece-random"}"#,
        422,
        "needs a FEN",
    );
    let body = serde_json::json!({"pgn": "1. e4 e5", "variant": "eightpiece-random", "fen": start});
    let st = ok(&s, "POST", "/api/pgn", &body.to_string());
    assert_eq!((st["start_fen"].as_str(), st["ply"].as_u64()), (Some(start), Some(2)));
    // A mate in one: the mate's depth is the depth it was found at, not the last iteration's.
    let (id, _) = new_game(&s, r#"{"variant":"chess","fen":"6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1"}"#);
    let events = support::Events::open(&s, &format!("/api/games/{id}/events"));
    ok(&s, "POST", &format!("/api/games/{id}/engine"), r#"{"movetime_ms":300}"#);
    let infos: Vec<Value> = events
        .until("moved")
        .into_iter()
        .map(|e| json(&e))
        .filter(|e| e["type"] == "info")
        .collect();
    let last = infos.last().expect("info events");
    assert_eq!(last["score"]["mate"].as_i64(), Some(1), "{last}");
    assert_eq!(last["mate_depth"].as_u64(), Some(1), "{last}");
    assert!(last["depth"].as_u64().unwrap() >= 1);
}

#[test]
fn analysis_lines_hint_scores_slides_and_material() {
    let s = Server::start();
    let (id, _) = new_game(&s, r#"{"variant":"chess"}"#);
    let path = |p: &str| format!("/api/games/{id}{p}");
    err(&s, "POST", &path("/analysis"), r#"{"on":true,"multipv":6}"#, 400, "`multipv`");
    // MultiPV: an analysis of three lines reports each line, numbered, with its own first move.
    let events = support::Events::open(&s, &path("/events"));
    ok(&s, "POST", &path("/analysis"), r#"{"on":true,"multipv":3}"#);
    std::thread::sleep(std::time::Duration::from_millis(700));
    ok(&s, "POST", &path("/stop"), "{}");
    let infos: Vec<Value> = events
        .until("stopped")
        .into_iter()
        .map(|e| json(&e))
        .filter(|e| e["type"] == "info" && e["purpose"] == "analyse")
        .collect();
    let mut lines: Vec<u64> = infos.iter().map(|e| e["multipv"].as_u64().unwrap()).collect();
    lines.sort_unstable();
    lines.dedup();
    assert_eq!(lines, [1, 2, 3], "{infos:?}");
    let last_of = |k: u64| infos.iter().rev().find(|e| e["multipv"] == k).unwrap()["pv"][0].clone();
    assert!(last_of(1) != last_of(2) && last_of(2) != last_of(3), "{infos:?}");
    // A hint answers with its score (side to move's view).
    let hint = ok(&s, "POST", &path("/hint"), r#"{"depth":4}"#);
    assert!(hint["score"]["cp"].is_i64(), "{hint}");
    // Each move's slides and capture; the material difference of the shown position.
    for m in ["e2e4", "d7d5", "e4d5"] {
        ok(&s, "POST", &path("/move"), &format!(r#"{{"move":"{m}"}}"#));
    }
    let st = ok(&s, "GET", &path(""), "");
    let last = &st["moves"][2];
    assert_eq!(last["capture"], Value::Bool(true));
    assert_eq!(last["effect"]["slides"], serde_json::json!([{"from":"e4","to":"d5","token":"P"}]));
    assert_eq!(st["material"], serde_json::json!({"w": ["P"], "b": []}));
    assert_eq!(
        ok(&s, "GET", &path("?ply=1"), "")["material"],
        serde_json::json!({"w": [], "b": []})
    );
}

#[test]
fn the_level_menu_weakens_the_engines_own_moves() {
    let s = Server::start();
    // The menu's levels with their ratings: 0..=19, each stronger than the one below.
    let vs = ok(&s, "GET", "/api/variants", "");
    let levels = vs["levels"].as_array().unwrap();
    let nums: Vec<u64> = levels.iter().map(|l| l["level"].as_u64().unwrap()).collect();
    assert_eq!(nums, (0..20).collect::<Vec<u64>>());
    let elos: Vec<u64> = levels.iter().map(|l| l["elo"].as_u64().unwrap()).collect();
    assert!(elos.windows(2).all(|w| w[0] < w[1]), "{elos:?}");
    let (id, _) = new_game(&s, r#"{"variant":"chess"}"#);
    let path = format!("/api/games/{id}/engine");
    err(&s, "POST", &path, r#"{"movetime_ms":100,"level":21}"#, 400, "`level`");
    // Level 0 searches 100 nodes at depth 1: it answers long before a 20 s move time runs out
    // (full strength would think the whole 20 s).
    let t = std::time::Instant::now();
    let st = ok(&s, "POST", &path, r#"{"movetime_ms":20000,"level":0}"#);
    assert_eq!(st["ply"].as_u64(), Some(1), "{st}");
    assert!(t.elapsed() < std::time::Duration::from_secs(10), "{:?}", t.elapsed());
}

/// RFC 9112 §3.2: a request with two `Host` headers, without one, or whose absolute-form target
/// (`GET http://host:port/path`) names another server or disagrees with its `Host` is a bad
/// request (400), whichever `Host` comes first; the server's own absolute form is served.
#[test]
fn repeated_hosts_and_foreign_request_targets_are_bad_requests() {
    let s = Server::start();
    let port = s.addr.rsplit(':').next().unwrap().to_string();
    let get = |target: &str, hosts: &[&str]| {
        let mut req = format!("GET {target} HTTP/1.1\r\n");
        for h in hosts {
            req.push_str(&format!("Host: {h}\r\n"));
        }
        req.push_str("Connection: close\r\n\r\n");
        s.raw(req.as_bytes())
    };
    let evil = format!("evil.example:{port}");
    let own = s.addr.as_str();
    let local = format!("localhost:{port}");
    let bad = [
        ("/", vec![own, own], "more than one Host"),
        ("/", vec![own, &evil], "more than one Host"),
        ("/", vec![&evil, own], "more than one Host"),
        ("/", vec![], "no Host"),
        ("/", vec![""], "not a valid host"),
        (&format!("http://{evil}/"), vec![own], "does not serve"),
        (&format!("http://{evil}/api/variants"), vec![own], "does not serve"),
        (&format!("http://{evil}/"), vec![&evil], "does not serve"),
        (&format!("http://{evil}/"), vec![], "no Host"),
        (&format!("http://localhost:{port}/"), vec![own], "disagree"),
        (&format!("http://{own}/"), vec![&local], "disagree"),
        (&format!("https://{own}/"), vec![own], "http://"),
    ];
    for (target, hosts, says) in bad {
        let (code, text) = get(target, &hosts);
        assert_eq!(code, 400, "{target} {hosts:?}: {text}");
        let msg = json(&text)["error"].as_str().unwrap_or_default().to_string();
        assert!(msg.contains(says), "{target} {hosts:?}: `{msg}` lacks `{says}`");
    }
    // The server's own address in absolute form, as RFC 9112 asks servers to accept.
    let (code, text) = get(&format!("http://{own}/api/variants"), &[own]);
    assert_eq!(code, 200, "{text}");
    assert!(json(&text)["variants"].is_array());
    let (code, _) = get(&format!("http://{own}/"), &[own]);
    assert_eq!(code, 200);
}

/// Issue 56 item 5: with few file descriptors (`ulimit -n 64`), 100 connections that send
/// nothing do not lock the user out: the page is answered at once while they are open, and
/// every one of them is closed within the header time-out (10 s), as are a keep-alive
/// connection idle after its answer and one that sends a header line every second without ever
/// finishing its request.
#[cfg(unix)]
#[test]
fn idle_and_slow_connections_are_closed_and_the_page_is_answered_meanwhile() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};
    let s = Server::start_with_open_files(64);
    // Closed by the server within the time-out and a margin, counted from when it was opened.
    let limit = Duration::from_secs(10 + 4);
    let opened = Instant::now();
    let mut silent: Vec<TcpStream> =
        (0..100).map(|_| TcpStream::connect(&s.addr).unwrap()).collect();
    let t = Instant::now();
    let host = format!("Host: {}\r\n", s.addr);
    // A keep-alive connection idle after its answer is closed too.
    let mut kept = TcpStream::connect(&s.addr).unwrap();
    kept.write_all(format!("GET /api/variants HTTP/1.1\r\n{host}\r\n").as_bytes()).unwrap();
    silent.push(kept);
    let (code, page) = s.raw_within(
        format!("GET / HTTP/1.1\r\n{host}Connection: close\r\n\r\n").as_bytes(),
        Duration::from_secs(5),
    );
    assert!(code == 200 && page.contains("<script"), "{code} after {:?}", t.elapsed());
    // Slowloris: the start of a request, then one header line a second.
    let addr = s.addr.clone();
    let slow = std::thread::spawn(move || {
        let mut c = TcpStream::connect(&addr).unwrap();
        let start = Instant::now();
        c.write_all(format!("GET / HTTP/1.1\r\n{host}").as_bytes()).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
        let mut buf = [0u8; 512];
        for i in 0.. {
            match c.read(&mut buf) {
                Ok(0) => return start.elapsed(),
                Ok(_) => {}
                Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock) => {}
                Err(e) if matches!(e.kind(), std::io::ErrorKind::TimedOut) => {}
                Err(_) => return start.elapsed(),
            }
            if start.elapsed() > Duration::from_secs(30)
                || c.write_all(format!("X-Slow-{i}: a\r\n").as_bytes()).is_err()
            {
                return start.elapsed();
            }
        }
        unreachable!()
    });
    for (i, mut c) in silent.into_iter().enumerate() {
        let left = limit.saturating_sub(opened.elapsed()).max(Duration::from_millis(1));
        c.set_read_timeout(Some(left)).unwrap();
        let mut buf = [0u8; 512];
        let closed = loop {
            match c.read(&mut buf) {
                Ok(0) => break true,
                Ok(_) => {}
                Err(e) => {
                    break !matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    )
                }
            }
        };
        assert!(closed, "silent connection {i} still open after {:?}", opened.elapsed());
    }
    let slow = slow.join().unwrap();
    assert!(slow < limit, "the slow connection was closed after {slow:?}");
    let mut s = s;
    assert!(s.alive());
    let (code, _) = s.raw_within(
        format!("GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", s.addr).as_bytes(),
        Duration::from_secs(5),
    );
    assert_eq!(code, 200);
}

/// No other site may frame the board (issue 58): a framing page could have the user's clicks
/// play moves and start searches on this server. Every answer says so, refusals too.
#[test]
fn no_other_site_may_frame_the_board() {
    let s = Server::start();
    let host = s.addr.clone();
    for (target, host) in
        [("/", host.as_str()), ("/api/variants", host.as_str()), ("/", "evil.example")]
    {
        let req = format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        let answer = s.answer(req.as_bytes(), std::time::Duration::from_secs(60));
        let head = answer.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        assert!(
            head.contains("\r\ncontent-security-policy: frame-ancestors 'self'"),
            "{target} {host}: {head}"
        );
        assert!(head.contains("\r\nx-frame-options: sameorigin"), "{target} {host}: {head}");
    }
}

/// Issue 58: typed promotions. `e8`, `e7e8`, `e8Q`, `e8=q` name the promotions on e8 (the page
/// opens the chooser over several, plays one); a text naming no move is an empty list and the game
/// is unchanged; a text that is not a move text at all is a 400.
#[test]
fn typed_texts_name_their_moves_and_promotions_without_a_piece_all_of_them() {
    let s = Server::start();
    let (id, _) = new_game(&s, r#"{"variant":"chess","fen":"3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1"}"#);
    let path = format!("/api/games/{id}/typed");
    let named = |text: &str| -> Vec<String> {
        let v = ok(&s, "POST", &path, &serde_json::json!({ "text": text }).to_string());
        let mut a: Vec<String> =
            v["actions"].as_array().unwrap().iter().map(|x| x.as_str().unwrap().into()).collect();
        a.sort();
        a
    };
    let four = ["e7e8b", "e7e8n", "e7e8q", "e7e8r"];
    assert_eq!(named("e8"), four);
    assert_eq!(named("e7e8"), four);
    assert_eq!(named("exd8"), ["e7d8b", "e7d8n", "e7d8q", "e7d8r"]);
    for one in ["e8Q", "e8=q", "e8=Q+", "E7E8Q", "e7e8q"] {
        assert_eq!(named(one), ["e7e8q"], "{one}");
    }
    assert_eq!(named("Kf2"), ["e1f2"]);
    assert!(named("Kd2").is_empty(), "d2 is attacked by the rook");
    assert!(named("e6").is_empty());
    assert!(named("Ke3").is_empty());
    err(&s, "POST", &path, r#"{"move":"e8"}"#, 400, "`text` is missing");
    err(&s, "POST", &path, &format!(r#"{{"text":"{}"}}"#, "e".repeat(50)), 400, "move text");
    let st = ok(&s, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(st["moves"].as_array().map(Vec::len), Some(0), "typed texts play nothing");
}

/// Issue 58: a flag fall ends the game by the rules: the side out of time loses, or draws when
/// the other side cannot mate (FIDE 6.9; here a bare king). The time control is the game's
/// (its state, a reload, the PGN `TimeControl` tag); after the flag moves are refused.
#[test]
fn a_flag_fall_ends_the_game_and_the_time_control_is_the_games() {
    let s = Server::start();
    let body = r#"{"variant":"chess","fen":"4k3/8/8/8/8/8/8/4K2R w K - 0 1","clock":{"base_ms":300000,"inc_ms":2000}}"#;
    let (id, g) = new_game(&s, body);
    assert_eq!(g["time_control"], serde_json::json!({"base_ms": 300000, "inc_ms": 2000}));
    // Black's flag: White, with a rook, could mate, so White wins.
    let st = ok(&s, "POST", &format!("/api/games/{id}/flag"), r#"{"side":"b"}"#);
    assert_eq!(st["end"]["result"], "1-0", "{}", st["end"]);
    assert_eq!(st["end"]["text"], "White wins on time");
    err(&s, "POST", &format!("/api/games/{id}/move"), r#"{"move":"e1e2"}"#, 409, "over");
    err(&s, "POST", &format!("/api/games/{id}/flag"), r#"{"side":"w"}"#, 409, "over");
    let (code, pgn) = s.request("GET", &format!("/api/games/{id}/pgn"), "");
    assert_eq!(code, 200);
    assert!(pgn.contains("[TimeControl \"300+2\"]") && pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("Black loses on time"), "{pgn}");
    // White's flag: Black has a bare king and cannot mate, so it is a draw.
    let (id, _) = new_game(&s, body);
    let st = ok(&s, "POST", &format!("/api/games/{id}/flag"), r#"{"side":"w"}"#);
    assert_eq!(st["end"]["result"], "1/2-1/2", "{}", st["end"]);
    assert_eq!(st["end"]["text"], "Draw: White ran out of time, but Black cannot mate");
    // The time control may change during a game, and go; bad ones are refused.
    let (id, g) = new_game(&s, r#"{"variant":"chess"}"#);
    assert!(g["time_control"].is_null());
    let st = ok(&s, "POST", &format!("/api/games/{id}/clock"), r#"{"clock":{"base_ms":60000}}"#);
    assert_eq!(st["time_control"], serde_json::json!({"base_ms": 60000, "inc_ms": 0}));
    let st = ok(&s, "POST", &format!("/api/games/{id}/clock"), r#"{"clock":null}"#);
    assert!(st["time_control"].is_null());
    err(&s, "POST", &format!("/api/games/{id}/clock"), r#"{"clock":{"inc_ms":5}}"#, 400, "base_ms");
    err(&s, "POST", "/api/games", r#"{"clock":{"base_ms":0}}"#, 400, "base_ms");
    err(&s, "POST", &format!("/api/games/{id}/flag"), r#"{"side":"x"}"#, 400, "side");
    err(&s, "POST", &format!("/api/games/{id}/flag"), "{}", 400, "`side` is missing");
}

/// Issue 58 item 5: the move list's algebraic text without PGN comments (the note apart);
/// Jumping Knights' Rule 4 told in the state and a move it forbids refused with the reason; the
/// variants' rule texts served beside the page; no draw in the start position.
#[test]
fn notes_rule_4_rule_texts_and_draw_offers() {
    let s = Server::start();
    // The Magician's promotion note: apart in the state, a comment in the PGN only.
    let fen = "r3k3/8/8/4P3/2B4Q/8/1p2K3/8 w - - 0 1 Mm";
    let (id, _) = new_game(&s, &format!(r#"{{"variant":"magician","fen":"{fen}"}}"#));
    let path = |p: &str| format!("/api/games/{id}{p}");
    ok(&s, "POST", &path("/move"), r#"{"move":"c4c4m"}"#);
    let st = ok(&s, "POST", &path("/move"), r#"{"move":"b2b1m"}"#);
    let m = &st["moves"][1];
    assert_eq!((m["san"].as_str(), m["note"].as_str()), (Some("b1=M"), Some("M = Y")), "{m}");
    let (_, pgn) = s.request("GET", &path("/pgn"), "");
    assert!(pgn.contains("b1=M {M = Y}"), "{pgn}");
    // Jumping Knights: the rook on the edge square z4 can jump b4 onto a central square.
    let fen = "10/5k4/10/10/10/R1p7/10/10/5K4/10 w - - 0 1";
    let (id, st) = new_game(&s, &format!(r#"{{"variant":"jumpingknights","fen":"{fen}"}}"#));
    let text = st["obligation"]["text"].as_str().unwrap_or_default();
    assert!(text.starts_with("White must capture (Rule 4, JK-5): the rook on z4"), "{st}");
    let forbidden = st["obligation"]["forbidden"].as_array().unwrap();
    assert!(forbidden.iter().any(|f| f["clicks"] == serde_json::json!(["e1", "e2"])));
    let path = |p: &str| format!("/api/games/{id}{p}");
    err(&s, "POST", &path("/move"), r#"{"move":"e1e2"}"#, 422, "Rule 4 (JK-5)");
    let t = ok(&s, "POST", &path("/typed"), r#"{"text":"Ke1-e2"}"#);
    let refusal = t["refusal"].as_str().unwrap_or_default();
    assert!(refusal.starts_with("`Ke1-e2` is not allowed. A capture is compulsory"), "{t}");
    assert!(ok(&s, "POST", &path("/typed"), r#"{"text":"Kz9"}"#)["refusal"].is_null());
    let st = ok(&s, "POST", &path("/move"), r#"{"move":"z4b4,b4c4"}"#);
    assert!(st["obligation"].is_null(), "{}", st["obligation"]);
    // Every variant's rule text is served at the table's relative URL, as plain text.
    let table = ok(&s, "GET", "/api/variants", "");
    for v in table["variants"].as_array().unwrap() {
        let url = v["rules_url"].as_str().unwrap();
        assert!(url.starts_with("rules/"), "{url}: relative, for a page under a sub-path");
        let answer = s.answer(
            format!("GET /{url} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", s.addr)
                .as_bytes(),
            std::time::Duration::from_secs(30),
        );
        assert!(answer.starts_with("HTTP/1.1 200"), "{url}: {answer:.200}");
        assert!(answer.to_ascii_lowercase().contains("content-type: text/plain"), "{url}");
        let id = v["id"].as_str().unwrap();
        let family = id.strip_suffix("-random").unwrap_or(id);
        assert!(answer.contains(&format!("`{family}`")), "{url} is not about {id}");
    }
    err(&s, "GET", "/rules/nope.md", "", 404, "no rule text");
    err(&s, "GET", "/rules/..%2FCargo.toml", "", 404, "no rule text");
    // A draw offered in the start position is declined (the engine is not worse, and there is
    // still everything to play for), with the rule said.
    let (id, _) = new_game(&s, r#"{"variant":"chess"}"#);
    let st = ok(&s, "POST", &format!("/api/games/{id}/draw"), r#"{"by":"w"}"#);
    assert_eq!(st["draw"]["accepted"].as_bool(), Some(false), "{}", st["draw"]);
    assert!(st["draw"]["policy"].as_str().unwrap().contains("at least a pawn worse"));
    assert!(st["end"].is_null());
}
