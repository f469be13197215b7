//! The games of a GUI server and the one searcher they share: sessions bounded in number and
//! expiring when idle, and engine searches (play, hint, analysis) whose results are applied
//! only to the game and position they were started for.

use crate::protocol::api::{Event, Flavor, GameApi, Sink};
use crate::search::{Config, Limits, Score, Searcher};
use rand_core::SeedableRng;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, oneshot};

/// Most games kept at once.
pub const MAX_GAMES: usize = 32;
/// A game unused this long is dropped.
pub const IDLE: Duration = Duration::from_secs(30 * 60);
/// A game whose last use is more recent than this is never evicted to make room.
pub const RECENT: Duration = Duration::from_secs(60);
/// Most half-moves in one game.
pub const MAX_PLIES: usize = 3000;

/// Who made the moves of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Players {
    /// A person moved for this side.
    pub human: bool,
    /// The engine moved for this side.
    pub engine: bool,
}

impl Players {
    /// The PGN name.
    pub fn name(self) -> &'static str {
        match (self.human, self.engine) {
            (true, true) => "Human and Menagerie",
            (false, true) => "Menagerie",
            _ => "Human",
        }
    }
}

/// One game of the GUI.
pub struct Session {
    /// The game.
    pub game: Box<dyn GameApi>,
    /// The die of a game of chance (seeded with `seed`, rolled as the match runner rolls it).
    pub die: rand_pcg::Pcg64,
    /// The die's seed (the PGN `Seed` tag).
    pub seed: u64,
    /// Who moved for White and for Black.
    pub players: [Players; 2],
    /// Live events (engine output, moves) for the page.
    pub events: broadcast::Sender<String>,
    /// The search currently meant for this game (results of older ones are dropped).
    pub token: u64,
    /// Whether an analysis (infinite search) is running on this game.
    pub analysing: bool,
    /// Last request that touched the game.
    pub last_used: Instant,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Session({} at ply {})", self.game.variant(), self.game.ply())
    }
}

impl Session {
    /// A session for `game` with the die seeded by `seed`.
    pub fn new(game: Box<dyn GameApi>, seed: u64) -> Session {
        Session {
            game,
            die: rand_pcg::Pcg64::seed_from_u64(seed),
            seed,
            players: [Players::default(); 2],
            events: broadcast::channel(256).0,
            token: 0,
            analysing: false,
            last_used: Instant::now(),
        }
    }

    /// Sends an event to the page (nobody listening is fine).
    pub fn emit(&self, v: &Value) {
        let _ = self.events.send(v.to_string());
    }
}

/// A shared session.
pub type Shared = Arc<Mutex<Session>>;

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine plays its move.
    Play,
    /// A suggestion for the side to move (not played).
    Hint,
    /// Infinite analysis of the shown position.
    Analyse,
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

impl Store {
    /// A store with a searcher of `threads` threads and a `hash_mb` table.
    pub fn new(threads: usize, hash_mb: usize) -> Store {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000);
        Store {
            games: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(seed * 1000 + 1),
            next_token: AtomicU64::new(1),
            searcher: Searcher::new(threads, hash_mb),
            control: Mutex::new(()),
        }
    }

    /// Adds a game; drops idle ones first, and when the store is full the least recently used
    /// game unless every game was used within [`RECENT`] (then 503).
    pub fn insert(&self, s: Session) -> Result<(u64, Shared), Fail> {
        let mut games = self.games.lock().expect("lock");
        let now = Instant::now();
        games.retain(|_, g| g.lock().is_ok_and(|g| now.duration_since(g.last_used) < IDLE));
        if games.len() >= MAX_GAMES {
            let oldest = games
                .iter()
                .filter_map(|(id, g)| g.lock().ok().map(|g| (*id, g.last_used)))
                .min_by_key(|&(_, t)| t);
            match oldest {
                Some((id, t)) if now.duration_since(t) >= RECENT => {
                    games.remove(&id);
                }
                _ => {
                    return Err((
                        503,
                        format!("too many games ({MAX_GAMES}) in use; try again in a minute"),
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
    pub fn cancel(&self, s: &mut Session) {
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
    ) -> Result<oneshot::Receiver<Option<String>>, Fail> {
        let _control = self.control.lock().expect("lock");
        self.searcher.stop();
        self.searcher.wait();
        let mut s = shared.lock().expect("lock");
        if let Some(end) = s.game.end() {
            return Err((409, format!("the game is over: {}", crate::game::reason_text(&end))));
        }
        let token = self.next_token.fetch_add(1, Ordering::Relaxed);
        s.token = token;
        s.analysing = purpose == Purpose::Analyse;
        let (tx, rx) = oneshot::channel();
        let sink = make_sink(shared.clone(), &s, token, purpose, tx);
        s.game.go(&self.searcher, limits, Config::default(), Flavor::Uci, sink);
        s.emit(&json!({"type": "searching", "purpose": format!("{purpose:?}").to_lowercase()}));
        Ok(rx)
    }
}

/// A score as JSON: `{"cp": 31}` or `{"mate": -3}` (side to move's view).
pub fn score_json(s: Score) -> Value {
    match s {
        Score::Cp(c) => json!({"cp": c}),
        Score::Mate(m) => json!({"mate": m}),
    }
}

/// The algebraic texts of a PV given in notation.md texts, played from `game`.
fn pv_sans(game: &dyn GameApi, pv: &[String]) -> Vec<String> {
    let mut g = game.clone_box();
    let mut out = Vec::new();
    for t in pv {
        let Some(san) = g.legal_pairs().into_iter().find(|(c, _)| c == t).map(|(_, s)| s) else {
            break;
        };
        if g.play_text(t, Flavor::Uci).is_err() {
            break;
        }
        out.push(san);
    }
    out
}

fn make_sink(
    shared: Shared,
    s: &Session,
    token: u64,
    purpose: Purpose,
    tx: oneshot::Sender<Option<String>>,
) -> Sink {
    let root: Mutex<Box<dyn GameApi>> = Mutex::new(s.game.clone_box());
    let start_fen = s.game.fen();
    let start_ply = s.game.ply();
    let events = s.events.clone();
    let tx = Mutex::new(Some(tx));
    Arc::new(move |e| match e {
        Event::Info { info, pv } => {
            if info.multipv != 1 {
                return;
            }
            let sans = pv_sans(&**root.lock().expect("lock"), &pv);
            let _ = events.send(
                json!({
                    "type": "info",
                    "purpose": format!("{purpose:?}").to_lowercase(),
                    "depth": info.depth,
                    "seldepth": info.seldepth,
                    "score": score_json(info.score),
                    "nodes": info.nodes,
                    "nps": info.nps,
                    "time_ms": info.time_ms,
                    "pv": pv,
                    "pv_san": sans,
                })
                .to_string(),
            );
        }
        Event::Best { best, .. } => {
            let reply = tx.lock().expect("lock").take();
            let mut s = shared.lock().expect("lock");
            let current =
                s.token == token && s.game.ply() == start_ply && s.game.fen() == start_fen;
            if s.token == token {
                s.token = 0;
                s.analysing = false;
            }
            let result = match (purpose, best, current) {
                (Purpose::Play, Some(text), true) => {
                    let side = s.game.turn().index();
                    let Session { game, die, .. } = &mut *s;
                    match game.play_engine_move(&text, Flavor::Uci, die) {
                        Ok(full) => {
                            s.players[side].engine = true;
                            s.emit(&json!({"type": "moved", "move": full}));
                            Some(full)
                        }
                        Err(e) => {
                            s.emit(&json!({"type": "error", "message": e}));
                            None
                        }
                    }
                }
                (Purpose::Hint, Some(text), true) => {
                    s.emit(&json!({"type": "hint", "move": text}));
                    Some(text)
                }
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
    use crate::protocol::api::new_game;
    use movegen::rules::VariantId;

    fn session() -> Session {
        Session::new(new_game(VariantId::Chess, None).unwrap(), 1)
    }

    #[test]
    fn idle_games_expire_and_old_ones_make_room() {
        let store = Store::new(1, 1);
        let (a, shared) = store.insert(session()).unwrap();
        shared.lock().unwrap().last_used = Instant::now() - IDLE - Duration::from_secs(1);
        let (b, _) = store.insert(session()).unwrap();
        assert!(store.get(a).is_err(), "an idle game expires");
        assert!(store.get(b).is_ok());
        // Full of games unused for two minutes: the least recently used one makes room.
        for _ in 1..MAX_GAMES {
            let (_, g) = store.insert(session()).unwrap();
            g.lock().unwrap().last_used = Instant::now() - Duration::from_secs(120);
        }
        assert_eq!(store.len(), MAX_GAMES);
        store.games.lock().unwrap()[&b].lock().unwrap().last_used =
            Instant::now() - Duration::from_secs(300);
        let (c, _) = store.insert(session()).unwrap();
        assert_eq!(store.len(), MAX_GAMES);
        assert!(store.get(b).is_err(), "the least recently used game was dropped");
        assert!(store.get(c).is_ok());
    }
}
