//! The web board's back end in the browser: the board's API (`board::api`, the dispatcher the
//! local web server also answers with) hosted in a Web Worker, the engine searching in slices on
//! the worker's thread (`session::sliced`). The worker (`engine/assets/gui/board-worker.js`)
//! passes each of the page's requests to [`WebBoard::request`] and calls [`WebBoard::think`]
//! while a search is under way; both answer with the replies that are ready and the games' live
//! events (docs/web.md).

use crate::date_now;
use board::api::{Api, Host, InfoEvents, Job, Reply, Step};
use movegen::rules::VariantId;
use search::{LocalSearcher, Timer};
use serde_json::{json, Value};
use session::sliced::Sliced;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// The hash table of the board's engine (MB).
const HASH_MB: usize = 16;

/// The page's clock, dice, date and piece drawings.
struct PageHost {
    clock: Arc<dyn Timer>,
    state: u64,
}

impl Host for PageHost {
    fn now_ms(&self) -> f64 {
        self.clock.now_ms()
    }

    fn random(&mut self) -> u64 {
        self.state = movegen::zobrist::splitmix64(self.state ^ self.clock.now_ms() as u64);
        self.state
    }

    fn date(&self) -> String {
        session::pgn::date(Some((self.clock.now_ms() / 1000.0) as u64))
    }

    fn images(&self, v: VariantId) -> Value {
        board::pieces::images(&board::pieces::rows(), v)
    }
}

/// JavaScript's clock.
#[derive(Debug)]
struct JsClock;

impl Timer for JsClock {
    fn now_ms(&self) -> f64 {
        date_now()
    }
}

/// The search under way: its job, its slices, its events and the request waiting for it.
struct Running {
    job: Box<Job>,
    sliced: Sliced,
    info: InfoEvents,
    request: Option<u32>,
}

/// The web board's API and engine on the worker's thread.
#[wasm_bindgen]
pub struct WebBoard {
    api: Api,
    searcher: LocalSearcher,
    clock: Arc<dyn Timer>,
    running: Option<Running>,
    replies: Vec<(u32, Reply)>,
    events: Vec<(u64, String)>,
}

impl std::fmt::Debug for WebBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WebBoard({:?})", self.api)
    }
}

impl WebBoard {
    /// A board host reading `clock`, its dice seeded from `seed`.
    pub fn with_clock(clock: Arc<dyn Timer>, seed: u64) -> Result<WebBoard, String> {
        let host = PageHost { clock: clock.clone(), state: seed };
        Ok(WebBoard {
            api: Api::new(Box::new(host)),
            searcher: LocalSearcher::try_new(HASH_MB).map_err(|e| e.to_string())?,
            clock,
            running: None,
            replies: Vec::new(),
            events: Vec::new(),
        })
    }

    /// Request `req` of the page: its reply at once, or later from [`WebBoard::slice`] when
    /// the engine must search first.
    pub fn handle(&mut self, req: u32, method: &str, target: &str, body: &str) {
        let step = self.api.handle(method, target, body.as_bytes());
        self.collect();
        match step {
            Step::Reply(r) => self.replies.push((req, r)),
            Step::Search { job, reply } => {
                // One search at a time: the one under way ends with what it has found.
                self.end_search();
                // A clock's budget keeps the native searcher's move overhead.
                let (config, overhead) = (job.config.clone(), job.config.overhead);
                let sliced =
                    Sliced::start(job.limits.clone(), config, self.clock.now_ms(), overhead);
                let info = InfoEvents::new(&job);
                let request = match reply {
                    Some(r) => {
                        self.replies.push((req, r));
                        None
                    }
                    None => Some(req),
                };
                self.running = Some(Running { job, sliced, info, request });
            }
        }
    }

    /// The dispatcher's events, and a cancelled search ended.
    fn collect(&mut self) {
        self.events.extend(self.api.take_events());
        if self.api.take_stop() {
            self.end_search();
        }
    }

    /// Ends the search under way: its result to the dispatcher, the answer to its request.
    fn end_search(&mut self) {
        let Some(r) = self.running.take() else { return };
        let best = r.sliced.best().map(|(b, _)| b.clone());
        let reply = self.api.searched(&r.job.key, best, r.sliced.score().or(r.info.score()));
        self.events.extend(self.api.take_events());
        if let Some(req) = r.request {
            self.replies.push((req, reply));
        }
    }

    /// One slice of at most `slice_ms` of the search under way.
    pub fn slice(&mut self, slice_ms: f64) {
        let Some(r) = self.running.as_mut() else { return };
        let slice = r.sliced.slice(&*r.job.game, &mut self.searcher, &self.clock, slice_ms);
        for (info, pv) in &slice.infos {
            self.events.push((r.job.key.id, r.info.event(info, pv)));
        }
        if slice.done {
            self.end_search();
        }
    }

    /// The replies and events since the last call, as the worker posts them:
    /// `{"replies": [[req, {status, body, pgn}]], "events": [[game id, event JSON]]}`.
    pub fn output(&mut self) -> String {
        let replies: Vec<Value> = std::mem::take(&mut self.replies)
            .into_iter()
            .map(|(req, r)| json!([req, {"status": r.status, "body": r.body, "pgn": r.pgn_name}]))
            .collect();
        let events: Vec<Value> = std::mem::take(&mut self.events)
            .into_iter()
            .map(|(id, e)| json!([id.to_string(), e]))
            .collect();
        json!({"replies": replies, "events": events}).to_string()
    }

    /// Whether a search needs more slices.
    pub fn busy(&self) -> bool {
        self.running.as_ref().is_some_and(|r| !r.sliced.waiting())
    }
}

#[wasm_bindgen]
impl WebBoard {
    /// A new board host, its dice seeded from `seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: f64) -> Result<WebBoard, JsValue> {
        WebBoard::with_clock(Arc::new(JsClock), seed as u64).map_err(|e| JsValue::from_str(&e))
    }

    /// Request `req` (`method`, `target` as `/api/games/3?ply=2`, the JSON body text); then
    /// [`WebBoard::output`] has its reply unless the engine searches first.
    pub fn request(&mut self, req: u32, method: &str, target: &str, body: &str) -> String {
        self.handle(req, method, target, body);
        self.output()
    }

    /// One slice of at most `slice_ms` of the search under way; the replies and events ready.
    pub fn think(&mut self, slice_ms: f64) -> String {
        self.slice(slice_ms);
        self.output()
    }

    /// Whether the worker should keep calling `think`.
    pub fn searching(&self) -> bool {
        self.busy()
    }

    /// A saved copy of game `id` (to keep across page loads), or `undefined`.
    pub fn snapshot(&self, id: &str) -> Option<String> {
        self.api.snapshot(id.parse().ok()?)
    }

    /// Brings back a game saved by `snapshot` (an error names what is wrong with it).
    pub fn restore(&mut self, saved: &str) -> Result<String, JsValue> {
        self.api.restore(saved).map(|id| id.to_string()).map_err(|e| JsValue::from_str(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> WebBoard {
        WebBoard::with_clock(crate::test_clock(), 7).unwrap()
    }

    fn out(b: &mut WebBoard) -> Value {
        serde_json::from_str(&b.output()).unwrap()
    }

    #[test]
    fn the_engine_replies_after_its_slices_and_its_lines_are_events() {
        let mut b = board();
        b.handle(1, "POST", "/api/games", r#"{"variant":"chess"}"#);
        let o = out(&mut b);
        let state: Value =
            serde_json::from_str(o["replies"][0][1]["body"].as_str().unwrap()).unwrap();
        let id = state["id"].as_str().unwrap().to_string();
        b.handle(2, "POST", &format!("/api/games/{id}/engine"), r#"{"depth":4}"#);
        let o = out(&mut b);
        assert_eq!(o["replies"].as_array().unwrap().len(), 0, "the reply waits for the search");
        let mut replies = Vec::new();
        let mut events = Vec::new();
        for _ in 0..1000 {
            b.slice(30.0);
            let o = out(&mut b);
            events.extend(o["events"].as_array().unwrap().clone());
            replies.extend(o["replies"].as_array().unwrap().clone());
            if !b.busy() {
                break;
            }
        }
        assert_eq!(replies.len(), 1, "{replies:?}");
        let after: Value = serde_json::from_str(replies[0][1]["body"].as_str().unwrap()).unwrap();
        assert_eq!(after["ply"].as_u64(), Some(1), "the engine played");
        let kinds: Vec<String> = events
            .iter()
            .map(|e| {
                serde_json::from_str::<Value>(e[1].as_str().unwrap()).unwrap()["type"].to_string()
            })
            .collect();
        assert!(kinds.iter().filter(|k| k.contains("info")).count() >= 4, "{kinds:?}");
        assert!(kinds.last().is_some_and(|k| k.contains("moved")), "{kinds:?}");
    }

    #[test]
    fn stop_ends_an_analysis_and_a_game_comes_back_from_its_snapshot() {
        let mut b = board();
        b.handle(1, "POST", "/api/games", r#"{"variant":"pieceeater","seed":5}"#);
        let o = out(&mut b);
        let state: Value =
            serde_json::from_str(o["replies"][0][1]["body"].as_str().unwrap()).unwrap();
        let id = state["id"].as_str().unwrap().to_string();
        b.handle(2, "POST", &format!("/api/games/{id}/analysis"), r#"{"on":true}"#);
        assert_eq!(out(&mut b)["replies"][0][1]["status"].as_u64(), Some(200));
        b.slice(20.0);
        assert!(b.busy());
        b.handle(3, "POST", &format!("/api/games/{id}/stop"), "");
        assert!(!b.busy());
        let a = state["legal"][0]["action"].as_str().unwrap().to_string();
        b.handle(4, "POST", &format!("/api/games/{id}/move"), &json!({"move": a}).to_string());
        let saved = b.snapshot(&id).unwrap();
        let mut other = board();
        assert_eq!(other.api.restore(&saved), Ok(id.parse().unwrap()));
        assert_eq!(other.api.snapshot(id.parse().unwrap()).unwrap(), saved);
    }
}
