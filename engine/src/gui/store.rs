//! The games of a GUI server and the one searcher they share: games (a session each, with the
//! page's live events and its search) bounded in number and expiring when idle, and engine
//! searches (play, hint, analysis) whose results are applied only to the game and position they
//! were started for.

use search::{Config, Limits, Score, Searcher};
use serde_json::{json, Value};
use session::api::{Event, GameApi, Listener};
use session::Session;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, oneshot};

/// Most games kept at once.
pub const MAX_GAMES: usize = 32;
/// A game unused this long is dropped.
pub const IDLE: Duration = Duration::from_secs(30 * 60);
/// One game of the GUI: its session and what the page follows of it.
pub struct Slot {
    /// The game session (the game, its die, players, setup and agreed end).
    pub session: Session,
    /// Live events (engine output, moves) for the page.
    pub events: broadcast::Sender<String>,
    /// The search currently meant for this game (results of older ones are dropped).
    pub token: u64,
    /// Whether an analysis (infinite search) is running on this game.
    pub analysing: bool,
    /// Last request that touched the game.
    pub last_used: Instant,
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Slot({:?})", self.session)
    }
}

impl Slot {
    /// A slot for `session`.
    pub fn new(session: Session) -> Slot {
        Slot {
            session,
            events: broadcast::channel(256).0,
            token: 0,
            analysing: false,
            last_used: Instant::now(),
        }
    }

    /// The game.
    pub fn game(&self) -> &dyn GameApi {
        &*self.session.game
    }

    /// What the page is told of the searches of this game.
    pub fn activity(&self) -> board::Activity {
        board::Activity { searching: self.token != 0, analysing: self.analysing }
    }

    /// Sends an event to the page (nobody listening is fine).
    pub fn emit(&self, v: &Value) {
        let _ = self.events.send(v.to_string());
    }
}

/// A shared game.
pub type Shared = Arc<Mutex<Slot>>;

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

/// What a finished search found: the chosen action and the last score (side to move's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The action (`Play`: as played).
    pub action: String,
    /// The score of the last completed iteration.
    pub score: Option<Score>,
}

/// All games and the searcher.
pub struct Store {
    games: Mutex<HashMap<u64, Shared>>,
    next_id: AtomicU64,
    next_token: AtomicU64,
    searcher: Searcher,
    /// Serialises starting and stopping searches.
    control: Mutex<()>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Store({} games)", self.games.lock().map_or(0, |g| g.len()))
    }
}

/// An error for the page: HTTP status and message.
pub type Fail = (u16, String);

/// A session's refusal for the page: 409 when the game is over or full, 422 for a bad move.
pub fn refused(e: &session::Error) -> Fail {
    let status = match e {
        session::Error::GameOver { .. } | session::Error::GameFull { .. } => 409,
        _ => 422,
    };
    (status, e.to_string())
}

impl Store {
    /// A store with a searcher of `threads` threads and a `hash_mb` table (an error if the
    /// system refuses either).
    pub fn new(threads: usize, hash_mb: usize) -> Result<Store, String> {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000);
        Ok(Store {
            games: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(seed * 1000 + 1),
            next_token: AtomicU64::new(1),
            searcher: Searcher::try_new(threads, hash_mb, crate::clock::SystemTimer::shared())
                .map_err(|e| e.to_string())?,
            control: Mutex::new(()),
        })
    }

    /// Adds a game; drops idle ones first, and when the store is full the least recently used
    /// game that is not searching (503 only if every game is searching).
    pub fn insert(&self, s: Slot) -> Result<(u64, Shared), Fail> {
        let mut games = self.games.lock().expect("lock");
        let now = Instant::now();
        games.retain(|_, g| g.lock().is_ok_and(|g| now.duration_since(g.last_used) < IDLE));
        if games.len() >= MAX_GAMES {
            let oldest = games
                .iter()
                .filter_map(|(id, g)| g.lock().ok().map(|g| (*id, g.last_used, g.token)))
                .filter(|&(_, _, token)| token == 0)
                .min_by_key(|&(_, t, _)| t);
            match oldest {
                Some((id, _, _)) => {
                    games.remove(&id);
                }
                None => {
                    return Err((
                        503,
                        format!("all {MAX_GAMES} games are searching; stop one and try again"),
                    ))
                }
            }
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let shared = Arc::new(Mutex::new(s));
        games.insert(id, shared.clone());
        Ok((id, shared))
    }

    /// The game `id`, marked as used.
    pub fn get(&self, id: u64) -> Result<Shared, Fail> {
        let g = self.games.lock().expect("lock").get(&id).cloned().ok_or_else(|| {
            (404, format!("no game {id} (it may have expired); start a new game"))
        })?;
        g.lock().expect("lock").last_used = Instant::now();
        Ok(g)
    }

    /// Number of games held.
    pub fn len(&self) -> usize {
        self.games.lock().expect("lock").len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Stops any search of the game in `s` (its result will be dropped). Returns at once.
    pub fn cancel(&self, s: &mut Slot) {
        if s.token != 0 {
            s.token = 0;
            s.analysing = false;
            self.searcher.stop();
            s.emit(&json!({"type": "stopped"}));
        }
    }

    /// Starts a search of `shared`'s current position for `purpose`; the receiver gets the
    /// chosen action (`Play`: after it was played) or `None` if the search was superseded.
    pub fn search(
        &self,
        shared: &Shared,
        purpose: Purpose,
        limits: Limits,
        skill: Option<search::Skill>,
        multipv: u32,
    ) -> Result<oneshot::Receiver<Option<Found>>, Fail> {
        let _control = self.control.lock().expect("lock");
        self.searcher.stop();
        self.searcher.wait();
        let mut s = shared.lock().expect("lock");
        s.session.ensure_open().map_err(|r| refused(&r))?;
        let token = self.next_token.fetch_add(1, Ordering::Relaxed);
        s.token = token;
        s.analysing = purpose == Purpose::Analyse;
        let (tx, rx) = oneshot::channel();
        let listener = make_listener(shared.clone(), &s, token, purpose, tx);
        let config = Config { skill, multipv, ..Config::default() };
        s.game().go(&self.searcher, limits, config, listener, session::Notation::Rules);
        s.emit(&json!({"type": "searching", "purpose": format!("{purpose:?}").to_lowercase()}));
        Ok(rx)
    }
}

fn make_listener(
    shared: Shared,
    s: &Slot,
    token: u64,
    purpose: Purpose,
    tx: oneshot::Sender<Option<Found>>,
) -> Listener {
    let root: Mutex<Box<dyn GameApi>> = Mutex::new(s.game().clone_box());
    let start_fen = s.game().fen();
    let start_ply = s.game().ply();
    let events = s.events.clone();
    let tx = Mutex::new(Some(tx));
    // The last score, and the depth at which the current mate score was first reported.
    let last: Mutex<(Option<Score>, Option<u32>)> = Mutex::new((None, None));
    Arc::new(move |e| match e {
        Event::Info { info, pv } => {
            let mate_depth = if info.multipv != 1 {
                None
            } else {
                let mut l = last.lock().expect("lock");
                l.1 = match (l.0, info.score) {
                    (Some(Score::Mate(a)), Score::Mate(b)) if a == b => l.1,
                    (_, Score::Mate(_)) => Some(info.depth),
                    _ => None,
                };
                l.0 = Some(info.score);
                l.1
            };
            let sans = root.lock().expect("lock").san_line(&pv);
            let purpose = format!("{purpose:?}").to_lowercase();
            let event = board::events::info_json(&purpose, &info, mate_depth, &pv, &sans);
            let _ = events.send(event.to_string());
        }
        Event::Best { best, .. } => {
            let reply = tx.lock().expect("lock").take();
            let mut s = shared.lock().expect("lock");
            let current =
                s.token == token && s.game().ply() == start_ply && s.game().fen() == start_fen;
            if s.token == token {
                s.token = 0;
                s.analysing = false;
            }
            let score = last.lock().expect("lock").0;
            let result = match (purpose, best, current) {
                (Purpose::Play, Some(text), true) => match s.session.play(&text, false) {
                    Ok(full) => {
                        s.emit(&json!({"type": "moved", "move": full}));
                        Some(Found { action: full, score })
                    }
                    Err(e) => {
                        s.emit(&json!({"type": "error", "message": e.to_string()}));
                        None
                    }
                },
                (Purpose::Hint, Some(text), true) => {
                    s.emit(&json!({"type": "hint", "move": text}));
                    Some(Found { action: text, score })
                }
                (Purpose::Judge, Some(text), true) => Some(Found { action: text, score }),
                _ => None,
            };
            if let Some(tx) = reply {
                let _ = tx.send(result);
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;

    fn session() -> Slot {
        Slot::new(Session::new(session::new_game(VariantId::DEFAULT, None).unwrap(), 1))
    }

    #[test]
    fn idle_games_expire_and_the_least_recently_used_idle_one_makes_room() {
        let store = Store::new(1, 1).expect("a 1 MB table");
        let (a, shared) = store.insert(session()).unwrap();
        shared.lock().unwrap().last_used = Instant::now() - IDLE - Duration::from_secs(1);
        let (b, _) = store.insert(session()).unwrap();
        assert!(store.get(a).is_err(), "an idle game expires");
        assert!(store.get(b).is_ok());
        // Full of games used a moment ago: the least recently used one makes room, unless it
        // is searching (then the next one).
        for _ in 1..MAX_GAMES {
            let (_, g) = store.insert(session()).unwrap();
            g.lock().unwrap().last_used = Instant::now() - Duration::from_secs(2);
        }
        assert_eq!(store.len(), MAX_GAMES);
        let ids: Vec<u64> = store.games.lock().unwrap().keys().copied().collect();
        let oldest = *ids.iter().filter(|&&i| i != b).min().unwrap();
        {
            let games = store.games.lock().unwrap();
            let mut g = games[&b].lock().unwrap();
            g.last_used = Instant::now() - Duration::from_secs(300);
            g.token = 99;
            games[&oldest].lock().unwrap().last_used = Instant::now() - Duration::from_secs(200);
        }
        let (c, _) = store.insert(session()).unwrap();
        assert_eq!(store.len(), MAX_GAMES);
        assert!(store.get(b).is_ok(), "a searching game is not evicted");
        assert!(store.get(oldest).is_err(), "the least recently used idle game was dropped");
        assert!(store.get(c).is_ok());
        // Every game searching: refused, nothing dropped.
        for g in store.games.lock().unwrap().values() {
            g.lock().unwrap().token = 7;
        }
        assert_eq!(store.insert(session()).unwrap_err().0, 503);
        assert_eq!(store.len(), MAX_GAMES);
    }
}
