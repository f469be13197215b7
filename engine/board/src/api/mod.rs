//! The web board's API with no transport: the page's requests (method, path, JSON body) in,
//! answers (status, JSON or PGN text) and live events out, over the games of one host. The
//! local web server (`menagerie gui`, HTTP and server-sent events) and the board's WebAssembly
//! build in the browser (a Web Worker and `postMessage`) both answer the page with this one
//! dispatcher, so the page runs unchanged on either (`docs/gui.md`, `docs/web.md`).
//!
//! A request that needs the engine answers [`Step::Search`]: the host runs the [`Job`] its own
//! way (the native searcher's threads, or slices on the worker's thread), reports each
//! completed iteration through [`InfoEvents`] and hands what it found to [`Api::searched`],
//! which applies it only to the game and position the search was started for.

pub mod decode;
pub mod games;
mod routes;

use games::{Games, Slot};
use movegen::rules::VariantId;
use movegen::types::Color;
use search::{Config, Info, Limits, Score};
use serde_json::{json, Value};
use session::api::GameApi;
use session::Session;
use std::time::Duration;

/// An error for the page: status (HTTP's codes) and message.
pub type Fail = (u16, String);

/// A session's refusal for the page: 409 when the game is over or full, 422 for a bad move.
pub fn refused(e: &session::Error) -> Fail {
    let status = match e {
        session::Error::GameOver { .. } | session::Error::GameFull { .. } => 409,
        _ => 422,
    };
    (status, e.to_string())
}

/// What the dispatcher needs of its host.
pub trait Host: Send {
    /// A clock in milliseconds (idle games expire by it).
    fn now_ms(&self) -> f64;
    /// A fresh random number (new games' ids and dice).
    fn random(&mut self) -> u64;
    /// Today as PGN writes it (`YYYY.MM.DD`).
    fn date(&self) -> String;
    /// Piece token -> URL of its drawing, for variant `v` (the variant table's `images`).
    fn images(&self, v: VariantId) -> Value;
}

/// An answer to the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// HTTP's status code.
    pub status: u16,
    /// The body: JSON, or the PGN text when `pgn_name` is set.
    pub body: String,
    /// A PGN download's file name.
    pub pgn_name: Option<String>,
}

impl Reply {
    /// A JSON answer (200).
    pub fn json(v: &Value) -> Reply {
        Reply { status: 200, body: v.to_string(), pgn_name: None }
    }

    /// An error answer: `{"error": message}`.
    pub fn fail((status, msg): Fail) -> Reply {
        Reply { status, body: json!({ "error": msg }).to_string(), pgn_name: None }
    }
}

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine plays its move.
    Play,
    /// A suggestion for the side to move (not played).
    Hint,
    /// Infinite analysis of the shown position.
    Analyse,
    /// A short search whose score decides a draw offer.
    Judge,
}

impl Purpose {
    /// The purpose as events name it.
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Play => "play",
            Purpose::Hint => "hint",
            Purpose::Analyse => "analyse",
            Purpose::Judge => "judge",
        }
    }
}

/// How long the engine thinks about a draw offer.
pub const JUDGE_TIME: Duration = Duration::from_millis(500);
/// A search the host must run: of `game` (a copy of the game's position) with `limits` and
/// `config`; its result goes to [`Api::searched`] with [`Job::key`].
pub struct Job {
    /// The position to search.
    pub game: Box<dyn GameApi>,
    /// Its limits.
    pub limits: Limits,
    /// Its settings (the level).
    pub config: Config,
    /// How long the host waits for the result before it answers 504 (`None`: not at all, the
    /// answer is given at once).
    pub wait: Option<Duration>,
    /// Which search of which game.
    pub key: JobKey,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Job({:?}, {})", self.key, self.game.fen())
    }
}

/// Which search a result belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobKey {
    /// The game.
    pub id: u64,
    /// The game's search token when it started.
    pub token: u64,
    /// What it is for.
    pub purpose: Purpose,
    /// The position it started from.
    ply: usize,
    fen: String,
    /// A draw offer being judged: the side that offered it.
    offered_by: Option<Color>,
}

/// What the dispatcher makes of a request.
#[derive(Debug)]
pub enum Step {
    /// The answer.
    Reply(Reply),
    /// The engine must search first; `reply` (an analysis) is the answer to give at once,
    /// otherwise the answer is [`Api::searched`]'s.
    Search {
        /// The search.
        job: Box<Job>,
        /// The answer to give now, if any.
        reply: Option<Reply>,
    },
}

/// The dispatcher: the games and what the host must do next.
pub struct Api {
    games: Games,
    next_token: u64,
    host: Box<dyn Host>,
    /// Live events not yet handed to the host: (game id, JSON text).
    events: Vec<(u64, String)>,
    /// A running search was cancelled: the host must stop its searcher.
    stop: bool,
}

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Api({} games)", self.games.len())
    }
}

impl Api {
    /// A dispatcher over `host`, with no games.
    pub fn new(mut host: Box<dyn Host>) -> Api {
        let first = host.random() % 1_000_000 * 1000 + 1;
        Api { games: Games::new(first), next_token: 1, host, events: Vec::new(), stop: false }
    }

    /// Answers a request: `method` (`GET`, `POST`), `target` (path and query, as
    /// `/api/games/3?ply=2`), the body's bytes.
    pub fn handle(&mut self, method: &str, target: &str, body: &[u8]) -> Step {
        routes::route(self, method, target, body).unwrap_or_else(|f| Step::Reply(Reply::fail(f)))
    }

    /// The events of the games since the last call: (game id, event JSON).
    pub fn take_events(&mut self) -> Vec<(u64, String)> {
        std::mem::take(&mut self.events)
    }

    /// Whether a search was cancelled since the last call (the host stops its searcher; the
    /// result that search still reports is dropped by [`Api::searched`]).
    pub fn take_stop(&mut self) -> bool {
        std::mem::take(&mut self.stop)
    }

    /// Whether game `id` is held (for a host's event stream).
    pub fn has_game(&self, id: u64) -> bool {
        self.games.contains(id)
    }

    /// Number of games held.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    fn emit(&mut self, id: u64, v: &Value) {
        self.events.push((id, v.to_string()));
    }

    fn now(&self) -> f64 {
        self.host.now_ms()
    }

    fn slot(&mut self, id: u64) -> Result<&mut Slot, Fail> {
        let now = self.now();
        self.games.get(id, now)
    }

    fn insert(&mut self, session: Session, id: Option<u64>) -> Result<u64, Fail> {
        let now = self.now();
        self.games.insert(session, now, id)
    }

    /// Stops any search of game `id` (its result will be dropped).
    fn cancel(&mut self, id: u64) {
        if let Some(s) = self.games.peek_mut(id) {
            if s.token != 0 {
                s.token = 0;
                s.analysing = false;
                self.stop = true;
                self.emit(id, &json!({"type": "stopped"}));
            }
        }
    }

    /// The state of game `id` (at `ply`).
    fn state(&mut self, id: u64, ply: Option<usize>) -> Result<Value, Fail> {
        let s = self.slot(id)?;
        crate::state_json(id, &s.session, ply, s.activity()).map_err(decode::bad)
    }

    /// Starts a search of game `id` for `purpose`: the job for the host.
    fn start_search(
        &mut self,
        id: u64,
        purpose: Purpose,
        limits: Limits,
        config: Config,
        wait: Option<Duration>,
        offered_by: Option<Color>,
    ) -> Result<Box<Job>, Fail> {
        let token = self.next_token;
        let s = self.slot(id)?;
        s.session.ensure_open().map_err(|r| refused(&r))?;
        s.token = token;
        s.analysing = purpose == Purpose::Analyse;
        let game = s.game().clone_box();
        let key = JobKey { id, token, purpose, ply: game.ply(), fen: game.fen(), offered_by };
        self.next_token += 1;
        self.emit(id, &json!({"type": "searching", "purpose": purpose.name()}));
        Ok(Box::new(Job { game, limits, config, wait, key }))
    }

    /// The result of the search `key`: `best` (notation.md text) and its last score (the side
    /// to move's view), `None` when it found nothing. Applies it to the game when the search
    /// is still the game's and its position unchanged (the engine's move is played, a hint
    /// told, a draw offer decided) and answers the request that started it.
    pub fn searched(&mut self, key: &JobKey, best: Option<String>, score: Option<Score>) -> Reply {
        self.finish_search(key, best, score).unwrap_or_else(Reply::fail)
    }

    fn finish_search(
        &mut self,
        key: &JobKey,
        best: Option<String>,
        score: Option<Score>,
    ) -> Result<Reply, Fail> {
        let id = key.id;
        let s = self.games.peek_mut(id).ok_or_else(|| {
            (404, format!("no game {id} (it may have expired); start a new game"))
        })?;
        let current =
            s.token == key.token && s.game().ply() == key.ply && s.game().fen() == key.fen;
        if s.token == key.token {
            s.token = 0;
            s.analysing = false;
        }
        let stopped = || (409, "the search was stopped before it finished".to_string());
        let best = best.filter(|_| current).ok_or_else(stopped)?;
        match key.purpose {
            Purpose::Play => match s.session.play(&best, false) {
                Ok(full) => {
                    self.emit(id, &json!({"type": "moved", "move": full}));
                    Ok(Reply::json(&self.state(id, None)?))
                }
                Err(e) => {
                    self.emit(id, &json!({"type": "error", "message": e.to_string()}));
                    Err((500, e.to_string()))
                }
            },
            Purpose::Hint => {
                let v = crate::state::hint_json(s.game(), &best, score);
                self.emit(id, &json!({"type": "hint", "move": best}));
                Ok(Reply::json(&v))
            }
            Purpose::Judge => {
                // The search scores for the side to move; the engine plays the side offered to.
                let turn = s.game().turn();
                let score = score.map(|sc| match (Some(turn) == key.offered_by, sc) {
                    (false, sc) => sc,
                    (true, Score::Cp(c)) => Score::Cp(-c),
                    (true, Score::Mate(n)) => Score::Mate(-n),
                });
                let accepted = score.is_some_and(|sc| crate::draw::acceptable(sc, s.game()));
                self.draw_answer(id, accepted, score)
            }
            Purpose::Analyse => Err(stopped()),
        }
    }

    fn draw_answer(
        &mut self,
        id: u64,
        accepted: bool,
        score: Option<Score>,
    ) -> Result<Reply, Fail> {
        let s = self.slot(id)?;
        if accepted {
            s.session.agree_draw();
        }
        let v = crate::state_json(id, &s.session, None, s.activity()).map_err(decode::bad)?;
        Ok(Reply::json(&crate::state::with_draw(v, accepted, score)))
    }

    /// A saved copy of game `id` (its PGN and what the PGN does not hold), for a host that
    /// keeps games across page loads ([`Api::restore`]).
    pub fn snapshot(&self, id: u64) -> Option<String> {
        let s = &self.games.peek(id)?.session;
        let agreed = s.agreed.map(|a| {
            use session::end::Agreed;
            let side = |c: Color| c.select("w", "b");
            match a {
                Agreed::Resigned(c) => format!("resigned {}", side(c)),
                Agreed::Draw => "draw".into(),
                Agreed::OutOfTime(c) | Agreed::OutOfTimeNoMate(c) => format!("flag {}", side(c)),
            }
        });
        let players: Vec<Value> =
            s.players.iter().map(|p| json!({"human": p.human, "engine": p.engine})).collect();
        Some(
            json!({
                "id": id.to_string(),
                "pgn": crate::pgn::export(s, &self.host.date()),
                "setup": s.setup,
                "time_control": s.time_control.map(|t| json!({"base_ms": t.base_ms, "inc_ms": t.inc_ms})),
                "players": players,
                "agreed": agreed,
            })
            .to_string(),
        )
    }

    /// Brings back a game saved by [`Api::snapshot`] under its own id.
    pub fn restore(&mut self, saved: &str) -> Result<u64, String> {
        let v: Value = serde_json::from_str(saved).map_err(|e| e.to_string())?;
        let id = v["id"].as_str().and_then(|i| i.parse::<u64>().ok()).ok_or("no game id")?;
        let pgn = v["pgn"].as_str().ok_or("no PGN")?;
        let untagged = session::session::Untagged { variant: VariantId::DEFAULT, fen: None };
        let mut s = Session::from_pgn(pgn, 0, untagged).map_err(|e| e.to_string())?.session;
        s.setup = v["setup"].as_u64().map(|n| n as usize);
        let m = v.as_object().cloned().unwrap_or_default();
        s.time_control = decode::time_control_field(
            &json!({"clock": m.get("time_control")}).as_object().cloned().unwrap_or_default(),
        )
        .map_err(|f| f.1)?;
        for (p, saved) in s.players.iter_mut().zip(v["players"].as_array().into_iter().flatten()) {
            p.human = saved["human"].as_bool().unwrap_or(false);
            p.engine = saved["engine"].as_bool().unwrap_or(false);
        }
        let side = |t: &str| if t.ends_with('w') { Color::White } else { Color::Black };
        match v["agreed"].as_str() {
            Some("draw") => s.agree_draw(),
            Some(t) if t.starts_with("resigned") => {
                s.resign(Some(side(t))).map_err(|e| e.to_string())?
            }
            Some(t) if t.starts_with("flag") => s.flag(side(t)).map_err(|e| e.to_string())?,
            _ => {}
        }
        self.insert(s, Some(id)).map_err(|f| f.1)
    }
}

/// The live events of one search's iterations, as the page reads them: the first line's
/// info with its line in algebraic notation, and the depth at which a mate score was first
/// reported.
pub struct InfoEvents {
    root: Box<dyn GameApi>,
    purpose: Purpose,
    last: Option<Score>,
    mate_depth: Option<u32>,
}

impl std::fmt::Debug for InfoEvents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "InfoEvents({:?})", self.purpose)
    }
}

impl InfoEvents {
    /// The events of `job`'s search.
    pub fn new(job: &Job) -> InfoEvents {
        InfoEvents {
            root: job.game.clone_box(),
            purpose: job.key.purpose,
            last: None,
            mate_depth: None,
        }
    }

    /// The event of a completed iteration's line (MultiPV: every line, its number in the
    /// event; the mate depth and the last score follow the first line).
    pub fn event(&mut self, info: &Info, pv: &[String]) -> String {
        let mate_depth = if info.multipv != 1 {
            None
        } else {
            self.mate_depth = match (self.last, info.score) {
                (Some(Score::Mate(a)), Score::Mate(b)) if a == b => self.mate_depth,
                (_, Score::Mate(_)) => Some(info.depth),
                _ => None,
            };
            self.last = Some(info.score);
            self.mate_depth
        };
        let sans = self.root.san_line(pv);
        crate::events::info_json(self.purpose.name(), info, mate_depth, pv, &sans).to_string()
    }

    /// The first line's last score.
    pub fn score(&self) -> Option<Score> {
        self.last
    }
}
