//! The web server's side of the board's API (`board::api`): the dispatcher behind a lock, the
//! one searcher its games share (searches run on the searcher's threads; their iterations
//! stream to the page, their results go back to the dispatcher), and the live event streams of
//! the games.

use board::api::{Api, Host, InfoEvents, Job, Reply, Step};
use movegen::rules::VariantId;
use search::Searcher;
use serde_json::Value;
use session::api::Event;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, oneshot};

pub use board::api::games::{IDLE_MS, MAX_GAMES};
pub use board::api::{Fail, Purpose};

/// The server's clock, dice, date and piece drawings.
struct ServerHost {
    started: std::time::Instant,
    state: u64,
}

impl Host for ServerHost {
    fn now_ms(&self) -> f64 {
        self.started.elapsed().as_secs_f64() * 1000.0
    }

    fn random(&mut self) -> u64 {
        self.state = movegen::zobrist::splitmix64(self.state);
        self.state
    }

    fn date(&self) -> String {
        crate::runner::date()
    }

    fn images(&self, v: VariantId) -> Value {
        super::assets::images(v)
    }
}

/// The dispatcher, the searcher and the event streams.
pub struct Store {
    api: Mutex<Api>,
    searcher: Searcher,
    /// Serialises starting searches.
    control: Mutex<()>,
    streams: Mutex<HashMap<u64, broadcast::Sender<String>>>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Store({} games)", self.len())
    }
}

impl Store {
    /// A store with a searcher of `threads` threads and a `hash_mb` table (an error if the
    /// system refuses either).
    pub fn new(threads: usize, hash_mb: usize) -> Result<Store, String> {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        let host = ServerHost {
            started: std::time::Instant::now(),
            state: t ^ u64::from(std::process::id()),
        };
        Ok(Store {
            api: Mutex::new(Api::new(Box::new(host))),
            searcher: Searcher::try_new(threads, hash_mb, crate::clock::SystemTimer::shared())
                .map_err(|e| e.to_string())?,
            control: Mutex::new(()),
            streams: Mutex::new(HashMap::new()),
        })
    }

    /// Number of games held.
    pub fn len(&self) -> usize {
        self.api.lock().expect("lock").len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Answers a request (the searcher stopped when the dispatcher cancelled a search; the
    /// events sent to their streams).
    pub fn handle(&self, method: &str, target: &str, body: &[u8]) -> Step {
        let (step, events, stop) = {
            let mut api = self.api.lock().expect("lock");
            let step = api.handle(method, target, body);
            (step, api.take_events(), api.take_stop())
        };
        if stop {
            self.searcher.stop();
        }
        self.publish(events);
        step
    }

    fn publish(&self, events: Vec<(u64, String)>) {
        let streams = self.streams.lock().expect("lock");
        for (id, e) in events {
            if let Some(tx) = streams.get(&id) {
                let _ = tx.send(e);
            }
        }
    }

    /// The live events of game `id`.
    pub fn subscribe(&self, id: u64) -> Result<broadcast::Receiver<String>, Fail> {
        let api = self.api.lock().expect("lock");
        if !api.has_game(id) {
            return Err((404, format!("no game {id} (it may have expired); start a new game")));
        }
        let mut streams = self.streams.lock().expect("lock");
        streams.retain(|g, _| api.has_game(*g));
        Ok(streams.entry(id).or_insert_with(|| broadcast::channel(256).0).subscribe())
    }

    /// Runs `job` on the searcher (after stopping any search under way; blocks until that one
    /// has ended): the receiver gets the dispatcher's answer when it is done.
    pub fn search(self: &Arc<Self>, job: Box<Job>) -> oneshot::Receiver<Reply> {
        let _control = self.control.lock().expect("lock");
        self.searcher.stop();
        self.searcher.wait();
        let (tx, rx) = oneshot::channel();
        let tx = Mutex::new(Some(tx));
        let info = Mutex::new(InfoEvents::new(&job));
        let key = job.key.clone();
        let store = self.clone();
        let listener = Arc::new(move |e| match e {
            Event::Info { info: i, pv } => {
                let event = info.lock().expect("lock").event(&i, &pv);
                store.publish(vec![(key.id, event)]);
            }
            Event::Best { best, .. } => {
                let score = info.lock().expect("lock").score();
                let (reply, events) = {
                    let mut api = store.api.lock().expect("lock");
                    (api.searched(&key, best, score), api.take_events())
                };
                store.publish(events);
                if let Some(tx) = tx.lock().expect("lock").take() {
                    let _ = tx.send(reply);
                }
            }
        });
        job.game.go(&self.searcher, job.limits, job.config, listener, session::Notation::Rules);
        rx
    }
}
