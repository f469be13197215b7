//! `menagerie gui`: a local web board for every variant, driven by the engine's own rules in the
//! same process. An HTTP server (axum on tokio, `docs/decisions/0003-gui-server.md`) serves the
//! embedded page (`engine/assets/gui/`) and a JSON API over a game session per game
//! (`session::Session`, which decides the start, the end and what may be played). The handlers
//! decode requests, call the session, and answer with the JSON of the view model (the `board`
//! crate: the game's state, click paths, move forms, help texts); engine output streams to the
//! page as server-sent events. `docs/gui.md` describes the page and the API.

pub mod assets;
pub mod guard;
pub mod serve;
pub mod store;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use guard::{fail, Allowed};
use movegen::rules::VariantId;
use movegen::types::Color;
use search::{Clock, Limits, Score};
use serde_json::{json, Value};
use session::session::{choose_start, SetupRequest};
use session::{Session, TimeControl};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use store::{refused, Fail, Found, Purpose, Shared, Slot, Store};

/// Settings of `menagerie gui`.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// Address to bind (loopback unless the user says otherwise).
    pub host: String,
    /// Port (0: any free port).
    pub port: u16,
    /// Open the page in the browser.
    pub open: bool,
    /// Search threads.
    pub threads: usize,
    /// Hash table size (MB).
    pub hash_mb: usize,
}

impl Default for GuiConfig {
    fn default() -> Self {
        GuiConfig { host: "127.0.0.1".into(), port: 0, open: true, threads: 1, hash_mb: 64 }
    }
}

type App = Arc<Store>;

fn bad(msg: impl std::fmt::Display) -> Fail {
    (400, msg.to_string())
}

/// The JSON object of a request body (an empty body is `{}`).
fn body_json(body: &Bytes) -> Result<serde_json::Map<String, Value>, Fail> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(serde_json::Map::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(bad("the request body must be a JSON object")),
        Err(e) => Err(bad(format!("the request body is not valid JSON: {e}"))),
    }
}

fn str_field<'a>(m: &'a serde_json::Map<String, Value>, k: &str) -> Result<Option<&'a str>, Fail> {
    match m.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad(format!("`{k}` must be a string"))),
    }
}

fn num_field(
    m: &serde_json::Map<String, Value>,
    k: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Option<u64>, Fail> {
    match m.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if range.contains(&n) => Ok(Some(n)),
            _ => Err(bad(format!(
                "`{k}` must be a whole number from {} to {}",
                range.start(),
                range.end()
            ))),
        },
    }
}

fn game_id(id: &str) -> Result<u64, Fail> {
    id.parse::<u64>().map_err(|_| (404, format!("`{id}` is not a game id")))
}

fn state(id: u64, shared: &Shared, ply: Option<usize>) -> Response {
    let s = shared.lock().expect("lock");
    match board::state_json(id, &s.session, ply, s.activity()) {
        Ok(v) => Json(v).into_response(),
        Err(e) => fail(bad(e)),
    }
}

/// Builds the router of a server that answers to `allowed` (public for in-process tests).
pub fn router(store: Arc<Store>, allowed: Allowed) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::app_js))
        .route("/extras.js", get(assets::extras_js))
        .route("/features.js", get(assets::features_js))
        .route("/style.css", get(assets::style_css))
        .route("/pieces/{file}", get(assets::piece))
        .route("/api/variants", get(variants))
        .route("/api/games", post(new_game_handler))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/move", post(play_move))
        .route("/api/games/{id}/typed", post(typed_move))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/engine", post(engine_move))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/analysis", post(analysis))
        .route("/api/games/{id}/stop", post(stop))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/pgn", get(export_pgn))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/flag", post(flag))
        .route("/api/games/{id}/clock", post(set_clock))
        .route("/api/games/{id}/draw", post(offer_draw))
        .route("/api/pgn", post(load_pgn))
        .fallback(|| async { fail((404, "no such page or API call".into())) })
        .with_state(store)
        .layer(axum::middleware::from_fn(guard::json_errors))
        .layer(axum::middleware::from_fn_with_state(Arc::new(allowed), guard::guard))
}

/// `GET /api/variants`: the variant table and the playing levels.
async fn variants() -> Response {
    Json(board::table::variants_json(assets::images)).into_response()
}

fn random_u64() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    movegen::zobrist::splitmix64(t ^ u64::from(std::process::id()))
}

/// `POST /api/games {variant, fen?, setup?, seed?}`.
async fn new_game_handler(State(app): State<App>, body: Bytes) -> Response {
    match new_game_inner(&app, &body) {
        Ok((id, shared)) => state(id, &shared, None),
        Err(f) => fail(f),
    }
}

fn new_game_inner(app: &Store, body: &Bytes) -> Result<(u64, Shared), Fail> {
    let m = body_json(body)?;
    let name = str_field(&m, "variant")?.unwrap_or(VariantId::DEFAULT.name());
    let v = VariantId::parse(name).ok_or_else(|| {
        let all: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        bad(format!("unknown variant `{name}` (known: {})", all.join(", ")))
    })?;
    let fen = str_field(&m, "fen")?.map(str::trim).filter(|f| !f.is_empty()).map(str::to_string);
    if fen.as_deref().is_some_and(|f| f.len() > 400) {
        return Err(bad("the FEN is longer than 400 characters"));
    }
    let setup = match m.get("setup") {
        None | Some(Value::Null) => None,
        Some(Value::String(r)) if r == "random" => Some(SetupRequest::Random),
        Some(x) => Some(x.as_u64().map_or(SetupRequest::Invalid, SetupRequest::Number)),
    };
    let (fen, setup) = choose_start(v, fen, setup, &mut random_u64).map_err(bad)?;
    let seed =
        num_field(&m, "seed", 0..=u64::from(u32::MAX))?.unwrap_or_else(|| random_u64() % 1_000_000);
    let mut session = Session::start(v, fen.as_deref(), setup, seed).map_err(bad)?;
    session.time_control = time_control_field(&m)?;
    app.insert(Slot::new(session))
}

/// A new game's `clock {base_ms, inc_ms?}`: its time control (up to a day and a minute).
fn time_control_field(m: &serde_json::Map<String, Value>) -> Result<Option<TimeControl>, Fail> {
    match m.get("clock") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(c)) => Ok(Some(TimeControl {
            base_ms: num_field(c, "base_ms", 1..=86_400_000)?
                .ok_or_else(|| bad("`clock` needs `base_ms`"))?,
            inc_ms: num_field(c, "inc_ms", 0..=60_000)?.unwrap_or(0),
        })),
        Some(_) => Err(bad("`clock` must be an object {base_ms, inc_ms}")),
    }
}

/// `GET /api/games/{id}?ply=N`.
async fn get_game(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let run = || -> Result<Response, Fail> {
        let id = game_id(&id)?;
        let shared = app.get(id)?;
        let ply = match q.get("ply") {
            None => None,
            Some(p) => {
                Some(p.parse::<usize>().map_err(|_| bad(format!("ply `{p}` is not a number")))?)
            }
        };
        Ok(state(id, &shared, ply))
    };
    run().unwrap_or_else(fail)
}

/// Changes game `id` with `f` (the game locked, the request's JSON object); answers with the
/// state after it.
fn change(
    app: &App,
    id: &str,
    body: &Bytes,
    f: impl FnOnce(&mut Slot, &serde_json::Map<String, Value>) -> Result<(), Fail>,
) -> Response {
    let run = || -> Result<Response, Fail> {
        let id = game_id(id)?;
        let shared = app.get(id)?;
        let m = body_json(body)?;
        f(&mut shared.lock().expect("lock"), &m)?;
        Ok(state(id, &shared, None))
    };
    run().unwrap_or_else(fail)
}

/// `POST /api/games/{id}/move {move}`: the action in notation.md form (in a game of chance the
/// die rolls the outcome).
async fn play_move(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    change(&app, &id, &body, |s, m| {
        let text =
            str_field(m, "move")?.ok_or_else(|| bad("`move` is missing"))?.trim().to_string();
        if text.is_empty() || text.len() > 40 {
            return Err(bad("`move` must be a move text such as e2e4"));
        }
        s.session.check_move(&text).map_err(|r| refused(&r))?;
        app.cancel(s);
        let full = s.session.play(&text, true).map_err(|e| (422, e.to_string()))?;
        s.emit(&json!({"type": "moved", "move": full}));
        Ok(())
    })
}

/// `POST /api/games/{id}/typed {text}`: the legal actions a typed move text names
/// (`board::typed`), as `{"actions": [...]}`; the game does not change.
async fn typed_move(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    let run = || -> Result<Response, Fail> {
        let m = body_json(&body)?;
        let text = str_field(&m, "text")?.ok_or_else(|| bad("`text` is missing"))?;
        if text.len() > 40 {
            return Err(bad("`text` must be a move text such as e2e4"));
        }
        let shared = app.get(game_id(&id)?)?;
        let s = shared.lock().expect("lock");
        let game = s.session.game.as_ref();
        let entries = board::entries(game);
        let found = board::typed::typed(&entries, text, game.variant().has_chance());
        let actions: Vec<&str> = found.iter().map(|e| e.action.as_str()).collect();
        Ok(Json(json!({ "actions": actions })).into_response())
    };
    run().unwrap_or_else(fail)
}

/// `POST /api/games/{id}/undo {count?}` (default 1; `to` = a ply to go back to).
async fn undo(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    change(&app, &id, &body, |s, m| {
        let ply = s.game().ply();
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
        app.cancel(s);
        s.session.take_back(count).map_err(|e| (409, e.to_string()))?;
        s.emit(&json!({"type": "undone", "ply": s.game().ply()}));
        Ok(())
    })
}

/// The search limits of a request: `movetime_ms`, `depth`, or a clock (`wtime_ms`, `btime_ms`,
/// `winc_ms`, `binc_ms`, `movestogo`) for the side to move.
fn limits_of(m: &serde_json::Map<String, Value>, white: bool) -> Result<(Limits, Duration), Fail> {
    let movetime = num_field(m, "movetime_ms", 1..=600_000)?;
    let depth = num_field(m, "depth", 1..=64)?;
    let (time, inc) = if white { ("wtime_ms", "winc_ms") } else { ("btime_ms", "binc_ms") };
    let clock_time = num_field(m, time, 0..=86_400_000)?;
    let clock_inc = num_field(m, inc, 0..=600_000)?.unwrap_or(0);
    let mtg = num_field(m, "movestogo", 1..=1000)?;
    let mut l = Limits { depth: depth.map(|d| d as u32), ..Limits::default() };
    let wait = match (movetime, clock_time) {
        (Some(_), Some(_)) => return Err(bad("give `movetime_ms` or a clock, not both")),
        (Some(ms), None) => {
            l.movetime = Some(Duration::from_millis(ms));
            Duration::from_millis(ms)
        }
        (None, Some(t)) => {
            l.clock = Some(Clock {
                time: Duration::from_millis(t),
                inc: Duration::from_millis(clock_inc),
                moves_to_go: mtg.map(|n| n as u32),
            });
            Duration::from_millis(t + clock_inc)
        }
        (None, None) if depth.is_some() => Duration::from_secs(600),
        (None, None) => {
            l.movetime = Some(Duration::from_millis(1000));
            Duration::from_millis(1000)
        }
    };
    Ok((l, wait + Duration::from_secs(30)))
}

/// How long the engine thinks about a draw offer.
pub const JUDGE_TIME: Duration = Duration::from_millis(500);
/// The engine accepts a draw when its own score is at most this (centipawns, its view).
pub const DRAW_MARGIN_CP: i32 = 10;

/// Runs a search of the game in `shared` for `purpose` and waits for its result (`None` for an
/// analysis, which runs until it is stopped).
async fn search_game(
    app: &App,
    shared: &Shared,
    m: &serde_json::Map<String, Value>,
    purpose: Purpose,
) -> Result<Option<Found>, Fail> {
    let white = {
        let s = shared.lock().expect("lock");
        if purpose == Purpose::Play {
            s.session.ensure_room().map_err(|r| refused(&r))?;
        }
        s.game().turn() == Color::White
    };
    // The level menu weakens the engine's own moves only, never a hint or the analysis.
    let skill = match (purpose, num_field(m, "level", 0..=u64::from(search::skill::MAX_LEVEL))?) {
        (Purpose::Play, Some(l)) => search::Skill::level(l as u8),
        _ => None,
    };
    let (limits, wait) = match purpose {
        Purpose::Analyse => (Limits { infinite: true, ..Limits::default() }, Duration::ZERO),
        Purpose::Judge => (
            Limits { movetime: Some(JUDGE_TIME), ..Limits::default() },
            JUDGE_TIME + Duration::from_secs(30),
        ),
        _ => limits_of(m, white)?,
    };
    // Several lines (MultiPV) for an analysis only; its `info` events carry each line's number.
    let multipv = match purpose {
        Purpose::Analyse => num_field(m, "multipv", 1..=5)?.unwrap_or(1) as u32,
        _ => 1,
    };
    let (a2, s2) = (app.clone(), shared.clone());
    let rx = tokio::task::spawn_blocking(move || a2.search(&s2, purpose, limits, skill, multipv))
        .await
        .map_err(|e| (500, format!("search task failed: {e}")))??;
    if purpose == Purpose::Analyse {
        return Ok(None);
    }
    match tokio::time::timeout(wait, rx).await {
        Ok(Ok(Some(found))) => Ok(Some(found)),
        Ok(_) => Err((409, "the search was stopped before it finished".into())),
        Err(_) => Err((504, "the engine did not answer in time".into())),
    }
}

async fn run_search(app: App, id: String, body: Bytes, purpose: Purpose) -> Result<Response, Fail> {
    let id = game_id(&id)?;
    let shared = app.get(id)?;
    let m = body_json(&body)?;
    let found = search_game(&app, &shared, &m, purpose).await?;
    match (purpose, found) {
        (Purpose::Hint, Some(best)) => {
            let s = shared.lock().expect("lock");
            Ok(Json(board::state::hint_json(s.game(), &best.action, best.score)).into_response())
        }
        _ => Ok(state(id, &shared, None)),
    }
}

/// A side named in a request (`"w"` or `"b"`).
fn side_field(m: &serde_json::Map<String, Value>, k: &str) -> Result<Option<Color>, Fail> {
    match str_field(m, k)? {
        None => Ok(None),
        Some("w") => Ok(Some(Color::White)),
        Some("b") => Ok(Some(Color::Black)),
        Some(_) => Err(bad(format!("`{k}` must be \"w\" or \"b\""))),
    }
}

/// `POST /api/games/{id}/resign {side?}`: `side` (default: the side to move) resigns.
async fn resign(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    change(&app, &id, &body, |s, m| {
        s.session.ensure_open().map_err(|r| refused(&r))?;
        let side = side_field(m, "side")?;
        app.cancel(s);
        s.session.resign(side).map_err(|r| refused(&r))
    })
}

/// `POST /api/games/{id}/flag {side}`: `side`'s time ran out (the page keeps the clocks): it
/// loses, or draws when the other side cannot mate; the game is over.
async fn flag(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    change(&app, &id, &body, |s, m| {
        let side = side_field(m, "side")?.ok_or_else(|| bad("`side` is missing"))?;
        s.session.flag(side).map_err(|r| refused(&r))?;
        app.cancel(s);
        Ok(())
    })
}

/// `POST /api/games/{id}/clock {clock}`: the game's time control from now on (`clock` as for a
/// new game; absent or `null`: none).
async fn set_clock(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    change(&app, &id, &body, |s, m| {
        s.session.time_control = time_control_field(m)?;
        Ok(())
    })
}

/// Whether the engine takes a draw at `score` (its own view): when it is not better than
/// [`DRAW_MARGIN_CP`], or it is being mated.
pub fn draw_acceptable(score: Score) -> bool {
    match score {
        Score::Cp(cp) => cp <= DRAW_MARGIN_CP,
        Score::Mate(n) => n < 0,
    }
}

/// `POST /api/games/{id}/draw {by?, accept?}`: side `by` (default: the side to move) offers a
/// draw. With `accept: true` the other side (a person) has agreed; otherwise the engine, as the
/// other side, searches the position for [`JUDGE_TIME`] and accepts by [`draw_acceptable`].
/// Answers with the state and `draw: {accepted, score}` (`score`: the engine's view, if it
/// judged).
async fn offer_draw(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    draw_inner(app, id, body).await.unwrap_or_else(fail)
}

async fn draw_inner(app: App, id: String, body: Bytes) -> Result<Response, Fail> {
    let id = game_id(&id)?;
    let shared = app.get(id)?;
    let m = body_json(&body)?;
    let accept = match m.get("accept") {
        None | Some(Value::Null) => None,
        Some(Value::Bool(b)) => Some(*b),
        Some(_) => return Err(bad("`accept` must be true or false")),
    };
    let (by, turn) = {
        let s = shared.lock().expect("lock");
        s.session.ensure_open().map_err(|r| refused(&r))?;
        (side_field(&m, "by")?.unwrap_or_else(|| s.game().turn()), s.game().turn())
    };
    let (accepted, score) = match accept {
        Some(a) => (a, None),
        None => {
            let found = search_game(&app, &shared, &m, Purpose::Judge).await?;
            // The search scores for the side to move; the engine plays the side offered to.
            let score = found.and_then(|f| f.score).map(|sc| match (turn == by, sc) {
                (false, sc) => sc,
                (true, Score::Cp(c)) => Score::Cp(-c),
                (true, Score::Mate(n)) => Score::Mate(-n),
            });
            (score.is_some_and(draw_acceptable), score)
        }
    };
    let mut s = shared.lock().expect("lock");
    if accepted {
        s.session.agree_draw();
    }
    let v = board::state_json(id, &s.session, None, s.activity()).map_err(bad)?;
    Ok(Json(board::state::with_draw(v, accepted, score)).into_response())
}

/// `POST /api/games/{id}/engine {limits}`: the engine plays the side to move; answers with the
/// state after its move.
async fn engine_move(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    run_search(app, id, body, Purpose::Play).await.unwrap_or_else(fail)
}

/// `POST /api/games/{id}/hint {limits}`: the engine's choice for the side to move, not played.
async fn hint(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    run_search(app, id, body, Purpose::Hint).await.unwrap_or_else(fail)
}

/// `POST /api/games/{id}/analysis {on}`: starts (infinite search, output as events) or stops the
/// analysis of the current position.
async fn analysis(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> Response {
    let on = match body_json(&body) {
        Ok(m) => match m.get("on") {
            Some(Value::Bool(b)) => *b,
            None => true,
            Some(_) => return fail(bad("`on` must be true or false")),
        },
        Err(f) => return fail(f),
    };
    if on {
        return run_search(app, id, body, Purpose::Analyse).await.unwrap_or_else(fail);
    }
    stop(State(app), Path(id)).await
}

/// `POST /api/games/{id}/stop`: stops any search of this game.
async fn stop(State(app): State<App>, Path(id): Path<String>) -> Response {
    let run = || -> Result<Response, Fail> {
        let id = game_id(&id)?;
        let shared = app.get(id)?;
        app.cancel(&mut shared.lock().expect("lock"));
        Ok(state(id, &shared, None))
    };
    run().unwrap_or_else(fail)
}

/// `GET /api/games/{id}/events`: server-sent events (engine output, moves).
async fn events(State(app): State<App>, Path(id): Path<String>) -> Response {
    let shared = match game_id(&id).and_then(|id| app.get(id)) {
        Ok(s) => s,
        Err(f) => return fail(f),
    };
    let rx = shared.lock().expect("lock").events.subscribe();
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(text) => {
                    return Some((
                        Ok::<_, std::convert::Infallible>(SseEvent::default().data(text)),
                        rx,
                    ))
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// `GET /api/games/{id}/pgn`.
async fn export_pgn(State(app): State<App>, Path(id): Path<String>) -> Response {
    let run = || -> Result<Response, Fail> {
        let id = game_id(&id)?;
        let shared = app.get(id)?;
        let text =
            board::pgn::export(&shared.lock().expect("lock").session, &crate::runner::date());
        Ok((
            [
                (header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"menagerie-{id}.pgn\""),
                ),
            ],
            text,
        )
            .into_response())
    };
    run().unwrap_or_else(fail)
}

/// `POST /api/pgn {pgn, game?, variant?, fen?}`: loads a game from a PGN (all moves played;
/// step through it with `GET /api/games/{id}?ply=N`). Movetext without tags is a game of
/// `variant` (default chess) from its start position, or from `fen`.
async fn load_pgn(State(app): State<App>, body: Bytes) -> Response {
    let run = || -> Result<Response, Fail> {
        let m = body_json(&body)?;
        let text = str_field(&m, "pgn")?.ok_or_else(|| bad("`pgn` is missing"))?;
        let index = num_field(&m, "game", 0..=100_000)?.unwrap_or(0) as usize;
        let variant = match str_field(&m, "variant")? {
            None => VariantId::DEFAULT,
            Some(name) => {
                VariantId::parse(name).ok_or_else(|| bad(format!("unknown variant `{name}`")))?
            }
        };
        let fen = str_field(&m, "fen")?.map(str::trim).filter(|f| !f.is_empty());
        if fen.is_some_and(|f| f.len() > 400) {
            return Err(bad("the FEN is longer than 400 characters"));
        }
        let untagged = session::session::Untagged { variant, fen };
        let loaded = Session::from_pgn(text, index, untagged).map_err(|e| (422, e.to_string()))?;
        let (id, shared) = app.insert(Slot::new(loaded.session))?;
        let s = shared.lock().expect("lock");
        let v = board::state_json(id, &s.session, None, s.activity()).map_err(bad)?;
        Ok(Json(board::pgn::with_loaded(v, &loaded.games, index, loaded.rolled)).into_response())
    };
    run().unwrap_or_else(fail)
}

/// Runs the server until the process is stopped: prints the URL, opens the browser.
pub fn run(cfg: &GuiConfig, out: &mut dyn std::io::Write) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server runtime: {e}"))?;
    // The table first: a size the system refuses is an error before any URL is printed.
    let store = Store::new(cfg.threads, cfg.hash_mb)?;
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind((cfg.host.as_str(), cfg.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", cfg.host, cfg.port))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        let host =
            if addr.ip().is_ipv6() { format!("[{}]", addr.ip()) } else { addr.ip().to_string() };
        let url = format!("http://{host}:{}/", addr.port());
        let _ = writeln!(out, "{url}");
        let _ = out.flush();
        if cfg.open {
            open_browser(&url);
        }
        let allowed = Allowed::new(&cfg.host, addr);
        serve::serve(listener, router(Arc::new(store), allowed)).await;
        Ok(())
    })
}

/// Opens `url` with the desktop's opener (`start` on Windows, `open` on macOS, `xdg-open`
/// elsewhere); a failure is harmless (the URL is printed).
fn open_browser(url: &str) {
    let mut command = if cfg!(windows) {
        // `start`'s first quoted argument is a window title, hence the empty one.
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else {
        std::process::Command::new("xdg-open")
    };
    let _ = command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
