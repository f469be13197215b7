//! The API's routes: each request decoded, the session called, the answer encoded.

use super::decode::{
    bad, body_json, bool_field, fen_field, limits_of, num_field, side_field, str_field,
    time_control_field, Body,
};
use super::{refused, Api, Fail, Purpose, Reply, Step, JUDGE_TIME};
use movegen::rules::VariantId;
use movegen::types::Color;
use search::{Config, Limits};
use serde_json::{json, Value};
use session::session::{choose_start, SetupRequest};
use session::Session;
use std::time::Duration;

/// Dispatches a request by method and path.
pub(super) fn route(api: &mut Api, method: &str, target: &str, body: &[u8]) -> Result<Step, Fail> {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let reply = |v: Value| Ok(Step::Reply(Reply::json(&v)));
    match (method, parts.as_slice()) {
        ("GET", ["api", "variants"]) => {
            let host = &api.host;
            reply(crate::table::variants_json(|v| host.images(v)))
        }
        ("POST", ["api", "games"]) => {
            let id = new_game(api, &body_json(body)?)?;
            reply(api.state(id, None)?)
        }
        ("POST", ["api", "pgn"]) => reply(load_pgn(api, &body_json(body)?)?),
        ("GET", ["api", "games", id]) => {
            let ply = match query.split('&').find_map(|kv| kv.strip_prefix("ply=")) {
                None => None,
                Some(p) => Some(
                    p.parse::<usize>().map_err(|_| bad(format!("ply `{p}` is not a number")))?,
                ),
            };
            reply(api.state(game_id(id)?, ply)?)
        }
        ("GET", ["api", "games", id, "pgn"]) => {
            let id = game_id(id)?;
            let date = api.host.date();
            let s = api.slot(id)?;
            Ok(Step::Reply(Reply {
                status: 200,
                body: crate::pgn::export(&s.session, &date),
                pgn_name: Some(format!("menagerie-{id}.pgn")),
            }))
        }
        ("POST", ["api", "games", id, action]) => {
            let id = game_id(id)?;
            api.slot(id)?;
            let m = body_json(body)?;
            post_game(api, id, action, &m)
        }
        (
            _,
            ["api", "variants" | "games" | "pgn"] | ["api", "games", _] | ["api", "games", _, _],
        ) => Err((405, "method not allowed".into())),
        _ => Err((404, "no such page or API call".into())),
    }
}

fn game_id(id: &str) -> Result<u64, Fail> {
    id.parse::<u64>().map_err(|_| (404, format!("`{id}` is not a game id")))
}

/// `POST /api/games/{id}/{action}`.
fn post_game(api: &mut Api, id: u64, action: &str, m: &Body) -> Result<Step, Fail> {
    match action {
        "move" => play_move(api, id, m)?,
        "typed" => return Ok(Step::Reply(Reply::json(&typed(api, id, m)?))),
        "undo" => undo(api, id, m)?,
        "engine" => return search(api, id, m, Purpose::Play),
        "hint" => return search(api, id, m, Purpose::Hint),
        "analysis" => {
            if bool_field(m, "on")?.unwrap_or(true) {
                return search(api, id, m, Purpose::Analyse);
            }
            api.cancel(id);
        }
        "stop" => api.cancel(id),
        "resign" => {
            let side = side_field(m, "side")?;
            api.slot(id)?.session.ensure_open().map_err(|r| refused(&r))?;
            api.cancel(id);
            api.slot(id)?.session.resign(side).map_err(|r| refused(&r))?;
        }
        "flag" => {
            let side = side_field(m, "side")?.ok_or_else(|| bad("`side` is missing"))?;
            api.slot(id)?.session.flag(side).map_err(|r| refused(&r))?;
            api.cancel(id);
        }
        "clock" => api.slot(id)?.session.time_control = time_control_field(m)?,
        "draw" => return offer_draw(api, id, m),
        _ => return Err((404, "no such page or API call".into())),
    }
    Ok(Step::Reply(Reply::json(&api.state(id, None)?)))
}

/// A random number below a million: a new game's die seed when the request gives none.
fn random_seed(api: &mut Api) -> u64 {
    api.host.random() % 1_000_000
}

/// `POST /api/games {variant, fen?, setup?, seed?, clock?}`.
fn new_game(api: &mut Api, m: &Body) -> Result<u64, Fail> {
    let name = str_field(m, "variant")?.unwrap_or(VariantId::DEFAULT.name());
    let v = VariantId::parse(name).ok_or_else(|| {
        let all: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        bad(format!("unknown variant `{name}` (known: {})", all.join(", ")))
    })?;
    let fen = fen_field(m, "fen")?.map(str::to_string);
    let setup = match m.get("setup") {
        None | Some(Value::Null) => None,
        Some(Value::String(r)) if r == "random" => Some(SetupRequest::Random),
        Some(x) => Some(x.as_u64().map_or(SetupRequest::Invalid, SetupRequest::Number)),
    };
    let (fen, setup) = choose_start(v, fen, setup, &mut || api.host.random()).map_err(bad)?;
    let seed = match num_field(m, "seed", 0..=u64::from(u32::MAX))? {
        Some(s) => s,
        None => random_seed(api),
    };
    let mut session = Session::start(v, fen.as_deref(), setup, seed).map_err(bad)?;
    session.time_control = time_control_field(m)?;
    api.insert(session, None)
}

/// `POST /api/games/{id}/move {move}`: the action in notation.md form (in a game of chance the
/// die rolls the outcome).
fn play_move(api: &mut Api, id: u64, m: &Body) -> Result<(), Fail> {
    let text = str_field(m, "move")?.ok_or_else(|| bad("`move` is missing"))?.trim().to_string();
    if text.is_empty() || text.len() > 40 {
        return Err(bad("`move` must be a move text such as e2e4"));
    }
    api.slot(id)?.session.check_move(&text).map_err(|r| refused(&r))?;
    api.cancel(id);
    let full = api.slot(id)?.session.play(&text, true).map_err(|e| (422, e.to_string()))?;
    api.emit(id, &json!({"type": "moved", "move": full}));
    Ok(())
}

/// `POST /api/games/{id}/typed {text}`: the legal actions a typed move text names
/// (`crate::typed`), as `{"actions": [...], "refusal"}`; the game does not change.
fn typed(api: &mut Api, id: u64, m: &Body) -> Result<Value, Fail> {
    let text = str_field(m, "text")?.ok_or_else(|| bad("`text` is missing"))?;
    if text.len() > 40 {
        return Err(bad("`text` must be a move text such as e2e4"));
    }
    Ok(crate::typed::typed_json(api.slot(id)?.game(), text))
}

/// `POST /api/games/{id}/undo {count?}` (default 1; `to` = a ply to go back to).
fn undo(api: &mut Api, id: u64, m: &Body) -> Result<(), Fail> {
    let ply = api.slot(id)?.game().ply();
    let count = match (num_field(m, "count", 1..=10_000)?, num_field(m, "to", 0..=10_000)?) {
        (Some(_), Some(_)) => return Err(bad("give `count` or `to`, not both")),
        (_, Some(to)) if to as usize > ply => {
            return Err(bad(format!("ply {to} is past the end of the game ({ply})")))
        }
        (_, Some(to)) => ply - to as usize,
        (c, None) => c.unwrap_or(1) as usize,
    };
    if count > ply {
        return Err((409, format!("only {ply} moves to take back")));
    }
    api.cancel(id);
    api.slot(id)?.session.take_back(count).map_err(|e| (409, e.to_string()))?;
    let ply = api.slot(id)?.game().ply();
    api.emit(id, &json!({"type": "undone", "ply": ply}));
    Ok(())
}

/// `engine`, `hint`, `analysis`: a search of the game's current position for `purpose`, with
/// the request's limits (`level` weakens the engine's own moves only, never a hint or the
/// analysis).
fn search(api: &mut Api, id: u64, m: &Body, purpose: Purpose) -> Result<Step, Fail> {
    let (white, room) = {
        let s = api.slot(id)?;
        (s.game().turn() == Color::White, s.session.ensure_room())
    };
    if purpose == Purpose::Play {
        room.map_err(|r| refused(&r))?;
    }
    let skill = match (purpose, num_field(m, "level", 0..=u64::from(search::skill::MAX_LEVEL))?) {
        (Purpose::Play, Some(l)) => search::Skill::level(l as u8),
        _ => None,
    };
    // Several lines (MultiPV) for an analysis only; its `info` events carry each line's number.
    let multipv = match purpose {
        Purpose::Analyse => num_field(m, "multipv", 1..=5)?.unwrap_or(1) as u32,
        _ => 1,
    };
    let config = Config { skill, multipv, ..Config::default() };
    let (limits, wait) = match purpose {
        Purpose::Analyse => (Limits { infinite: true, ..Limits::default() }, None),
        _ => {
            let (l, w) = limits_of(m, white)?;
            (l, Some(w))
        }
    };
    let job = api.start_search(id, purpose, limits, config, wait, None)?;
    let reply = match purpose {
        Purpose::Analyse => Some(Reply::json(&api.state(id, None)?)),
        _ => None,
    };
    Ok(Step::Search { job, reply })
}

/// `POST /api/games/{id}/draw {by?, accept?}`: side `by` (default: the side to move) offers a
/// draw. With `accept: true` the other side (a person) has agreed; otherwise the engine, as the
/// other side, searches the position for [`JUDGE_TIME`] and accepts by
/// `crate::draw::acceptable`. Answers with the state and `draw: {accepted, score}` (`score`:
/// the engine's view, if it judged).
fn offer_draw(api: &mut Api, id: u64, m: &Body) -> Result<Step, Fail> {
    let accept = bool_field(m, "accept")?;
    let by = {
        let s = api.slot(id)?;
        s.session.ensure_open().map_err(|r| refused(&r))?;
        side_field(m, "by")?.unwrap_or_else(|| s.game().turn())
    };
    if let Some(a) = accept {
        return Ok(Step::Reply(api.draw_answer(id, a, None)?));
    }
    let limits = Limits { movetime: Some(JUDGE_TIME), ..Limits::default() };
    let wait = Some(JUDGE_TIME + Duration::from_secs(30));
    let job = api.start_search(id, Purpose::Judge, limits, Config::default(), wait, Some(by))?;
    Ok(Step::Search { job, reply: None })
}

/// `POST /api/pgn {pgn, game?, variant?, fen?}`: loads a game from a PGN (all moves played;
/// step through it with `GET /api/games/{id}?ply=N`). Movetext without tags is a game of
/// `variant` (default chess) from its start position, or from `fen`.
fn load_pgn(api: &mut Api, m: &Body) -> Result<Value, Fail> {
    let text = str_field(m, "pgn")?.ok_or_else(|| bad("`pgn` is missing"))?;
    let index = num_field(m, "game", 0..=100_000)?.unwrap_or(0) as usize;
    let variant = match str_field(m, "variant")? {
        None => VariantId::DEFAULT,
        Some(name) => {
            VariantId::parse(name).ok_or_else(|| bad(format!("unknown variant `{name}`")))?
        }
    };
    let fen = fen_field(m, "fen")?;
    let untagged = session::session::Untagged { variant, fen };
    let loaded = Session::from_pgn(text, index, untagged).map_err(|e| (422, e.to_string()))?;
    let id = api.insert(loaded.session, None)?;
    let v = api.state(id, None)?;
    Ok(crate::pgn::with_loaded(v, &loaded.games, index, loaded.rolled))
}
