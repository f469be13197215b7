//! The games of a board host: a session each, with the search meant for it, bounded in number
//! and dropped when idle.

use super::Fail;
use crate::state::Activity;
use session::api::GameApi;
use session::Session;
use std::collections::HashMap;

/// Most games kept at once.
pub const MAX_GAMES: usize = 32;
/// A game unused this long (ms) is dropped.
pub const IDLE_MS: f64 = 30.0 * 60.0 * 1000.0;

/// One game: its session and the search meant for it.
#[derive(Debug)]
pub struct Slot {
    /// The game session (the game, its die, players, setup and agreed end).
    pub session: Session,
    /// The search currently meant for this game (0: none; results of older ones are dropped).
    pub token: u64,
    /// Whether an analysis (infinite search) is running on this game.
    pub analysing: bool,
    /// When a request last touched the game (the host's clock, ms).
    pub last_used: f64,
}

impl Slot {
    /// The game.
    pub fn game(&self) -> &dyn GameApi {
        &*self.session.game
    }

    /// What the page is told of the searches of this game.
    pub fn activity(&self) -> Activity {
        Activity { searching: self.token != 0, analysing: self.analysing }
    }
}

/// The games by id.
#[derive(Debug, Default)]
pub struct Games {
    map: HashMap<u64, Slot>,
    next_id: u64,
}

impl Games {
    /// No games; ids count from `first_id`.
    pub fn new(first_id: u64) -> Games {
        Games { map: HashMap::new(), next_id: first_id.max(1) }
    }

    /// Adds `session` at `now` (under `id` when given, else the next id); drops idle games
    /// first, and when full the least recently used game that is not searching (503 only if
    /// every game is searching).
    pub fn insert(&mut self, session: Session, now: f64, id: Option<u64>) -> Result<u64, Fail> {
        self.map.retain(|_, g| now - g.last_used < IDLE_MS);
        if let Some(id) = id {
            self.map.remove(&id);
        }
        if self.map.len() >= MAX_GAMES {
            let oldest = self
                .map
                .iter()
                .filter(|(_, g)| g.token == 0)
                .min_by(|a, b| a.1.last_used.total_cmp(&b.1.last_used))
                .map(|(id, _)| *id);
            match oldest {
                Some(id) => {
                    self.map.remove(&id);
                }
                None => {
                    return Err((
                        503,
                        format!("all {MAX_GAMES} games are searching; stop one and try again"),
                    ))
                }
            }
        }
        let id = id.unwrap_or_else(|| {
            let id = self.next_id;
            self.next_id += 1;
            id
        });
        self.map.insert(id, Slot { session, token: 0, analysing: false, last_used: now });
        Ok(id)
    }

    /// The game `id`, marked as used at `now`.
    pub fn get(&mut self, id: u64, now: f64) -> Result<&mut Slot, Fail> {
        let g = self.map.get_mut(&id).ok_or_else(|| {
            (404, format!("no game {id} (it may have expired); start a new game"))
        })?;
        g.last_used = now;
        Ok(g)
    }

    /// The game `id` as it is (not marked as used).
    pub fn peek(&self, id: u64) -> Option<&Slot> {
        self.map.get(&id)
    }

    /// The game `id` to change without marking it used (a search's result).
    pub fn peek_mut(&mut self, id: u64) -> Option<&mut Slot> {
        self.map.get_mut(&id)
    }

    /// Whether game `id` is held.
    pub fn contains(&self, id: u64) -> bool {
        self.map.contains_key(&id)
    }

    /// Number of games held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Every game and its id.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (u64, &mut Slot)> {
        self.map.iter_mut().map(|(id, s)| (*id, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;

    fn session() -> Session {
        Session::new(session::new_game(VariantId::DEFAULT, None).unwrap(), 1)
    }

    #[test]
    fn idle_games_expire_and_the_least_recently_used_idle_one_makes_room() {
        let mut games = Games::new(1);
        let a = games.insert(session(), 0.0, None).unwrap();
        let t = IDLE_MS + 1.0;
        let b = games.insert(session(), t, None).unwrap();
        assert!(games.get(a, t).is_err(), "an idle game expires");
        assert!(games.get(b, t).is_ok());
        // Full of games used a moment ago: the least recently used one makes room, unless it
        // is searching (then the next one).
        for i in 1..MAX_GAMES {
            games.insert(session(), t + i as f64, None).unwrap();
        }
        assert_eq!(games.len(), MAX_GAMES);
        games.peek_mut(b).unwrap().token = 99;
        let oldest = b + 1;
        let c = games.insert(session(), t + 100.0, None).unwrap();
        assert_eq!(games.len(), MAX_GAMES);
        assert!(games.contains(b), "a searching game is not evicted");
        assert!(!games.contains(oldest), "the least recently used idle game was dropped");
        assert!(games.contains(c));
        // Every game searching: refused, nothing dropped.
        for (_, g) in games.iter_mut() {
            g.token = 7;
        }
        assert_eq!(games.insert(session(), t + 200.0, None).unwrap_err().0, 503);
        assert_eq!(games.len(), MAX_GAMES);
    }
}
