//! The boundary between the front ends and the monomorphised engine: one object-safe, neutral
//! [`GameApi`] over `Game<V>` for every variant (moves as notation.md text), built once per game
//! by [`new_game`]. Below it, search and move generation are monomorphised per variant. A front
//! end with its own move texts (the XBoard dialect) implements its own trait for [`GameBox`],
//! using the generic helpers here ([`GameBox::go_with`], [`GameBox::divide_with`],
//! [`GameBox::play_drawn`]).

use crate::game::Game;
use eval::Evaluator;
use movegen::moves::ACTION_MASK;
use movegen::rules::{GameEnd, Rules, VariantId};
use movegen::types::Color;
use movegen::view::{BoardView, MoveEffect, MoveInput};
use movegen::Move;
use search::{Config, Info, Limits, Reporter, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Search output with moves already written as text.
#[derive(Clone, Debug)]
pub enum Event {
    /// A completed iteration.
    Info {
        /// Search data.
        info: Info,
        /// PV in the front end's text.
        pv: Vec<String>,
    },
    /// The final move (`None`: no legal move) and the expected reply.
    Best {
        /// Chosen move.
        best: Option<String>,
        /// Expected reply.
        ponder: Option<String>,
        /// The chosen move itself (to play it: [`MoveIn::Raw`]).
        raw: Option<u32>,
    },
}

/// Receives [`Event`]s from a search thread.
pub type Listener = Arc<dyn Fn(Event) + Send + Sync>;

/// A move to play, in the form it arrived.
#[derive(Debug)]
pub enum MoveIn<'a> {
    /// notation.md text naming one legal move.
    Text(&'a str),
    /// A move as the search chose it (`Move.0`).
    Raw(u32),
    /// notation.md text; in a game of chance the action alone is enough, its outcome then
    /// rolled by the die keyed by `seed`, the position and the action (`Rules::parse_rolling`:
    /// the `Seed` option of UCI `position ... moves`).
    Keyed {
        /// The text.
        text: &'a str,
        /// The die's key.
        seed: u64,
    },
    /// notation.md text; in a game of chance the action alone is enough, its outcome then
    /// drawn uniformly with `die` (a forced outcome needs no roll): a move sent by an engine to
    /// the match runner, a person's move on the web board.
    Drawn {
        /// The text.
        text: &'a str,
        /// The die.
        die: &'a mut rand_pcg::Pcg64,
    },
}

/// A legal move described for a board surface.
#[derive(Clone, Debug)]
pub struct LegalMove {
    /// notation.md text (the whole turn, chance leg included).
    pub text: String,
    /// The variant's algebraic text.
    pub san: String,
    /// The algebraic text made PGN-safe (`Rules::pgn_san`).
    pub pgn: String,
    /// The player's part only (in a game of chance: without the outcome's leg; otherwise the
    /// whole text). Moves of one action share it.
    pub action: String,
    /// What it changes on the board.
    pub effect: MoveEffect,
    /// How a person enters it on a board surface (`Rules::move_input`): its kind, the squares
    /// to click, a drop's piece, castling's partner.
    pub input: MoveInput,
}

/// A game of some variant, driven by notation.md text.
pub trait GameApi: Send {
    /// The variant.
    fn variant(&self) -> VariantId;
    /// FEN of the current position.
    fn fen(&self) -> String;
    /// FEN of the start position.
    fn start_fen(&self) -> String;
    /// Side to move.
    fn turn(&self) -> Color;
    /// Number of moves played.
    fn ply(&self) -> usize;
    /// Plays a move; returns its notation.md text. The game is unchanged on error.
    fn play(&mut self, mv: MoveIn<'_>) -> Result<String, String>;
    /// Takes back one move.
    fn undo(&mut self) -> bool;
    /// The end of the game by its rules, if it has ended.
    fn end(&self) -> Option<GameEnd>;
    /// Moves played, in notation.md text.
    fn move_texts(&self) -> Vec<String>;
    /// Moves played, in the variant's algebraic notation made PGN-safe (game records).
    fn move_sans(&self) -> Vec<String>;
    /// Every legal move of the current position with its texts and its effect.
    fn legal(&self) -> Vec<LegalMove>;
    /// The algebraic texts of the line of moves `texts` (notation.md) from the current
    /// position, up to the first that is not legal where it stands.
    fn san_line(&self, texts: &[String]) -> Vec<String>;
    /// The position after `ply` moves (the current one for `ply == self.ply()`) as a board
    /// surface shows it.
    fn view_at(&self, ply: usize) -> Option<BoardView>;
    /// The current position as a board surface shows it.
    fn view(&self) -> BoardView {
        self.view_at(self.ply()).expect("the current ply exists")
    }
    /// What move number `i` (from 0) of the game changed on the board.
    fn played_effect(&self, i: usize) -> Option<MoveEffect>;
    /// The squares of the side to move's royal pieces that stand in check after `ply` moves
    /// (empty when not in check, or `ply` is past the end).
    fn check_at(&self, ply: usize) -> Vec<String>;
    /// Perft split by root move, in notation.md text; `None` when `stop` was set before the
    /// end.
    fn divide(&self, depth: u32, threads: usize, stop: &AtomicBool) -> Option<Vec<(String, u64)>>;
    /// Starts a search of the current position with `config`; events go to `listener` with
    /// notation.md texts (`bestmove`: the action alone in a game of chance).
    fn go(&self, searcher: &Searcher, limits: Limits, config: Config, listener: Listener);
    /// An independent copy of the game.
    fn clone_box(&self) -> Box<dyn GameApi>;
}

/// Builds a game of variant `id` from its start position or `fen`.
pub fn new_game(id: VariantId, fen: Option<&str>) -> Result<Box<dyn GameApi>, String> {
    new_game_with(id, fen, 0, false)
}

/// [`new_game`] with the engine's `Seed` (a randomized variant's setup without a FEN) and
/// `UCI_Chess960` options.
pub fn new_game_with(
    id: VariantId,
    fen: Option<&str>,
    seed: u64,
    chess960: bool,
) -> Result<Box<dyn GameApi>, String> {
    movegen::with_variant!(id, V => {
        Box::new(GameBox::<V>::start(id, fen, seed, chess960)?) as Box<dyn GameApi>
    })
    .map_err(|v| format!("variant {v} is not supported by this build"))
}

/// Whether this build can play variant `v`.
pub fn supported(v: VariantId) -> bool {
    movegen::with_variant!(v, V => size_of::<V>()).is_ok()
}

/// `Game<V>` behind the object-safe API, with the generic parts a front end's own move texts
/// need.
#[derive(Clone, Debug)]
pub struct GameBox<V: Evaluator> {
    id: VariantId,
    game: Game<V>,
}

/// Writes a move of a position as text.
pub type Encode<V> = fn(&V, Move) -> String;

/// Search events with moves written by `pv` (lines) and `best` (the chosen move).
struct TextReporter<V> {
    listener: Listener,
    pv: Encode<V>,
    best: Encode<V>,
}

/// Whether `m` is a legal move of `pos`.
fn is_legal<V: Rules>(pos: &V, m: Move) -> bool {
    let mut list = V::Moves::default();
    pos.legal_moves(&mut list);
    list.contains(&m)
}

impl<V: Evaluator> Reporter<V> for TextReporter<V> {
    fn info(&self, root: &V, info: &Info) {
        let mut pos = root.clone();
        let mut pv = Vec::with_capacity(info.pv.len());
        for &m in &info.pv {
            // A PV pieced together across chance nodes or from the hash table can hold a move
            // that is not legal where it is printed: the PV ends there.
            if !is_legal(&pos, m) {
                break;
            }
            pv.push((self.pv)(&pos, m));
            pos = pos.play(m);
        }
        (self.listener)(Event::Info { info: info.clone(), pv });
    }
    fn bestmove(&self, root: &V, best: Option<Move>, ponder: Option<Move>) {
        let ponder_text = match (best, ponder) {
            // In a game of chance the reply depends on an outcome nobody has rolled yet.
            (Some(b), Some(p)) if !V::HAS_CHANCE && is_legal(root, b) => {
                let after = root.play(b);
                is_legal(&after, p).then(|| (self.pv)(&after, p))
            }
            _ => None,
        };
        (self.listener)(Event::Best {
            best: best.map(|m| (self.best)(root, m)),
            ponder: ponder_text,
            raw: best.map(|m| m.0),
        });
    }
}

impl<V: Evaluator> GameBox<V> {
    /// A game of variant `id` from `start`.
    pub fn new(id: VariantId, start: V) -> Self {
        GameBox { id, game: Game::new(start) }
    }

    /// A game of variant `id` from `fen` or its start ([`crate::start::new_position`]).
    pub fn start(
        id: VariantId,
        fen: Option<&str>,
        seed: u64,
        chess960: bool,
    ) -> Result<Self, String> {
        Ok(Self::new(id, crate::start::new_position::<V>(id, fen, seed, chess960)?))
    }

    /// The variant.
    pub fn id(&self) -> VariantId {
        self.id
    }

    /// The game.
    pub fn game(&self) -> &Game<V> {
        &self.game
    }

    /// Plays the move `parse` finds in the current position; returns its text by `text`.
    pub fn play_parsed(
        &mut self,
        parse: impl FnOnce(&V) -> Result<Move, movegen::MoveError>,
        text: Encode<V>,
    ) -> Result<String, String> {
        let pos = self.game.current();
        let m = parse(pos).map_err(|e| e.reason)?;
        let written = text(pos, m);
        self.game.play(m).map_err(|e| e.reason)?;
        Ok(written)
    }

    /// Plays a move an engine sent as `text` (written by `encode`), where in a game of chance
    /// the action alone may come: its outcome is then drawn uniformly with `die` among the
    /// legal moves whose text is `text` followed by an outcome leg. Returns the notation.md
    /// text of the move played; `None` if the text names no such action.
    pub fn play_drawn(
        &mut self,
        text: &str,
        encode: Encode<V>,
        die: &mut rand_pcg::Pcg64,
    ) -> Option<String> {
        let pos = self.game.current();
        let prefix = format!("{text},");
        let outcomes: Vec<Move> = self
            .game
            .legal()
            .into_iter()
            .filter(|&m| {
                let t = encode(pos, m);
                t == text || t.starts_with(&prefix)
            })
            .collect();
        let same_action = outcomes.windows(2).all(|w| w[0].0 & ACTION_MASK == w[1].0 & ACTION_MASK);
        if outcomes.is_empty() || !same_action {
            return None;
        }
        let pick = outcomes[(rand_core::RngCore::next_u64(die) % outcomes.len() as u64) as usize];
        let full = pos.move_text(pick);
        self.game.play(pick).ok()?;
        Some(full)
    }

    /// Plays the move `raw` (from a search); its notation.md text.
    pub fn play_raw(&mut self, raw: u32) -> Result<String, String> {
        let m = Move(raw);
        // `Game::play` checks legality first: only a legal move's text can be written.
        self.game.play(m).map_err(|e| format!("{}: {}", e.text, e.reason))?;
        let before = &self.game.positions()[self.game.positions().len() - 2];
        Ok(before.move_text(m))
    }

    /// Moves played, written by `text`.
    pub fn texts_with(&self, text: Encode<V>) -> Vec<String> {
        self.game.moves().iter().zip(self.game.positions()).map(|(&m, p)| text(p, m)).collect()
    }

    /// Legal moves of the current position, written by `text`.
    pub fn legal_with(&self, text: Encode<V>) -> Vec<String> {
        let pos = self.game.current();
        self.game.legal().into_iter().map(|m| text(pos, m)).collect()
    }

    /// Takes back the last move.
    pub fn undo_move(&mut self) -> bool {
        self.game.undo()
    }

    /// Plays a legal move.
    pub fn play_move(&mut self, m: Move) -> Result<(), movegen::MoveError> {
        self.game.play(m)
    }

    /// Perft split by root move with moves written by `text`.
    pub fn divide_with(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
        text: Encode<V>,
    ) -> Option<Vec<(String, u64)>> {
        let pos = self.game.current();
        let rows = movegen::perft::divide_until(pos, depth.max(1), threads, stop)?;
        Some(rows.into_iter().map(|(m, n)| (text(pos, m), n)).collect())
    }

    /// Starts a search of the current position; events go to `listener` with the lines written
    /// by `pv` and the chosen move by `best`.
    pub fn go_with(
        &self,
        searcher: &Searcher,
        limits: Limits,
        config: Config,
        listener: Listener,
        (pv, best): (Encode<V>, Encode<V>),
    ) {
        let reporter: Arc<dyn Reporter<V>> = Arc::new(TextReporter { listener, pv, best });
        searcher.go(
            self.game.current().clone(),
            self.game.history_keys(),
            limits,
            config,
            reporter,
        );
    }
}

impl<V: Evaluator> GameApi for GameBox<V> {
    fn variant(&self) -> VariantId {
        self.id
    }
    fn fen(&self) -> String {
        self.game.current().fen()
    }
    fn start_fen(&self) -> String {
        self.game.start().fen()
    }
    fn turn(&self) -> Color {
        self.game.current().turn()
    }
    fn ply(&self) -> usize {
        self.game.moves().len()
    }
    fn play(&mut self, mv: MoveIn<'_>) -> Result<String, String> {
        match mv {
            MoveIn::Text(text) => self.play_parsed(|p| p.parse_move(text), V::move_text),
            MoveIn::Raw(raw) => self.play_raw(raw),
            MoveIn::Keyed { text, seed } => {
                self.play_parsed(|p| p.parse_rolling(text, seed), V::move_text)
            }
            MoveIn::Drawn { text, die } => {
                match self.play_parsed(|p| p.parse_move(text), V::move_text) {
                    Ok(t) => Ok(t),
                    Err(e) if !V::HAS_CHANCE => Err(e),
                    // An action without its chance outcome.
                    Err(_) => self
                        .play_drawn(text, V::move_text, die)
                        .ok_or_else(|| format!("`{text}` is not a legal action")),
                }
            }
        }
    }
    fn undo(&mut self) -> bool {
        self.game.undo()
    }
    fn end(&self) -> Option<GameEnd> {
        self.game.end()
    }
    fn move_texts(&self) -> Vec<String> {
        self.texts_with(V::move_text)
    }
    fn move_sans(&self) -> Vec<String> {
        self.texts_with(V::pgn_san)
    }
    fn legal(&self) -> Vec<LegalMove> {
        let pos = self.game.current();
        self.game
            .legal()
            .into_iter()
            .map(|m| LegalMove {
                text: pos.move_text(m),
                san: pos.move_san(m),
                pgn: pos.pgn_san(m),
                action: pos.action_text(m),
                effect: pos.move_effect(m),
                input: pos.move_input(m),
            })
            .collect()
    }
    fn san_line(&self, texts: &[String]) -> Vec<String> {
        let mut pos = self.game.current().clone();
        let mut out = Vec::new();
        for t in texts {
            let Ok(m) = pos.parse_move(t) else { break };
            out.push(pos.move_san(m));
            pos = pos.play(m);
        }
        out
    }
    fn view_at(&self, ply: usize) -> Option<BoardView> {
        self.game.positions().get(ply).map(Rules::board_view)
    }
    fn played_effect(&self, i: usize) -> Option<MoveEffect> {
        let m = *self.game.moves().get(i)?;
        Some(self.game.positions()[i].move_effect(m))
    }
    fn check_at(&self, ply: usize) -> Vec<String> {
        let Some(pos) = self.game.positions().get(ply).filter(|p| p.in_check()) else {
            return Vec::new();
        };
        let view = pos.board_view();
        let white = pos.turn() == Color::White;
        let royals = self.id.info().marks.royals;
        view.units()
            .filter(|(_, t)| {
                t.chars().next().is_some_and(|l| {
                    l.is_ascii_uppercase() == white && royals.contains(&l.to_ascii_uppercase())
                })
            })
            .map(|(sq, _)| view.name(sq).to_string())
            .collect()
    }
    fn divide(&self, depth: u32, threads: usize, stop: &AtomicBool) -> Option<Vec<(String, u64)>> {
        self.divide_with(depth, threads, stop, V::move_text)
    }
    fn go(&self, searcher: &Searcher, limits: Limits, config: Config, listener: Listener) {
        self.go_with(searcher, limits, config, listener, (V::move_text, V::action_text));
    }
    fn clone_box(&self) -> Box<dyn GameApi> {
        Box::new(self.clone())
    }
}
