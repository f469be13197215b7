//! The boundary between the front ends and the monomorphised engine: one object-safe, neutral
//! [`GameApi`] over `Game<V>` for every variant, built once per game by [`new_game`]. Below it,
//! search and move generation are monomorphised per variant. Every method that writes or reads
//! move texts takes the [`Notation`] to use: notation.md ([`Notation::Rules`]), or the dialect
//! of the front end that built the game ([`Notation::Dialect`]: the XBoard front end installs
//! XBoard's move forms with [`GameBox::with_dialect`]). A front end's facts about its own
//! dialect that are not move texts (XBoard's `setup` line, highlight boards, ...) are functions
//! over the game, which reach its variant's type through [`GameApi::as_any`].

use crate::game::Game;
use eval::Evaluator;
use movegen::moves::ACTION_MASK;
use movegen::rules::{GameEnd, Rules, VariantId};
use movegen::types::Color;
use movegen::view::{BoardView, MoveEffect, MoveInput};
use movegen::{Error, Move};
use search::{Config, Info, Limits, LocalSearcher, Outcome, Reporter, Searcher, Timer};
use std::any::Any;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The notation of move texts, in and out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// notation.md: the rule book's texts.
    #[default]
    Rules,
    /// The dialect of the front end that built the game ([`GameBox::with_dialect`]); notation.md
    /// for a game built without one.
    Dialect,
}

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

/// A move to play, in the form it arrived (texts in the [`Notation`] given with it).
#[derive(Debug)]
pub enum MoveIn<'a> {
    /// Text naming one legal move.
    Text(&'a str),
    /// A move as the search chose it (`Move.0`).
    Raw(u32),
    /// Text; in a game of chance the action alone is enough, its outcome then rolled by the die
    /// keyed by `seed`, the position and the action (`Rules::parse_rolling`: the `Seed` option
    /// of UCI `position ... moves` and of XBoard).
    Keyed {
        /// The text.
        text: &'a str,
        /// The die's key.
        seed: u64,
    },
    /// Text; in a game of chance the action alone is enough, its outcome then drawn uniformly
    /// with `die` among the legal moves whose text is the action followed by an outcome leg (a
    /// forced outcome needs no roll): a move sent by an engine to the match runner, a person's
    /// move.
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
    /// The move's text in the notation asked for (the whole turn, chance leg included).
    pub text: String,
    /// The variant's algebraic text.
    pub san: String,
    /// The algebraic text made PGN-safe (`Rules::pgn_san`).
    pub pgn: String,
    /// The player's part only, in the notation asked for (in a game of chance: without the
    /// outcome's leg; otherwise the whole text). Moves of one action share it.
    pub action: String,
    /// What it changes on the board.
    pub effect: MoveEffect,
    /// How a person enters it on a board surface (`Rules::move_input`): its kind, the squares
    /// to click, a drop's piece, castling's partner.
    pub input: MoveInput,
    /// Whether the player's part of the move takes an enemy unit off the board ([`captures`]).
    pub capture: bool,
}

/// Whether the move whose effect is `effect`, played by `side`, takes an enemy unit off the
/// board by the player's part of it: fewer enemy units stand on the squares it changes after
/// it than before (a pushed unit is moved, not taken; the chance piece's step is the die's).
pub fn captures(effect: &MoveEffect, side: Color) -> bool {
    let rolled: Vec<_> = effect.chance.iter().flat_map(|c| [c.from, c.to]).collect();
    let enemy = |t: &Option<String>| {
        t.as_deref().and_then(|t| t.chars().next()).is_some_and(|l| {
            l.is_ascii_alphabetic() && l.is_ascii_uppercase() == (side == Color::Black)
        })
    };
    let (mut before, mut after) = (0, 0);
    for c in effect.changes.iter().filter(|c| !rolled.contains(&c.square)) {
        before += usize::from(enemy(&c.before));
        after += usize::from(enemy(&c.after));
    }
    after < before
}

/// A game of some variant, driven by move texts in a [`Notation`].
pub trait GameApi: Send + Sync {
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
    /// Plays a move given in `notation`; returns the move played as `notation` writes it (in a
    /// game of chance the whole turn). The game is unchanged on error.
    /// Errors: [`Error::IllegalMove`], [`Error::AmbiguousMove`] or [`Error::MalformedMove`]
    /// (the message: the reason alone for a text, `text: reason` for [`MoveIn::Raw`]).
    fn play(&mut self, mv: MoveIn<'_>, notation: Notation) -> Result<String, Error>;
    /// Takes back one move.
    fn undo(&mut self) -> bool;
    /// The end of the game by its rules, if it has ended.
    fn end(&self) -> Option<GameEnd>;
    /// Whether `side` could still mate in the current position by some series of legal moves
    /// ([`Rules::can_mate`](movegen::rules::Rules::can_mate); decides a flag fall).
    fn can_mate(&self, side: Color) -> bool;
    /// Moves played, in `notation`.
    fn move_texts(&self, notation: Notation) -> Vec<String>;
    /// Moves played, in the variant's algebraic notation made PGN-safe (game records).
    fn move_sans(&self) -> Vec<String>;
    /// Every legal move of the current position with its texts (`text` and `action` in
    /// `notation`) and its effect.
    fn legal(&self, notation: Notation) -> Vec<LegalMove>;
    /// The texts of every legal move of the current position in `notation`, in the order of
    /// [`GameApi::legal`], without the rest of [`LegalMove`] (much quicker: libraries list
    /// moves often).
    fn legal_texts(&self, notation: Notation) -> Vec<String>;
    /// The algebraic texts of every legal move, in the order of [`GameApi::legal`].
    fn legal_sans(&self) -> Vec<String>;
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
    /// Whether the current position is dead by the variant's material rule
    /// (`Rules::insufficient_material`: neither side can win any more).
    fn insufficient_material(&self) -> bool;
    /// The squares of the side to move's royal pieces that stand in check after `ply` moves
    /// (empty when not in check, or `ply` is past the end).
    fn check_at(&self, ply: usize) -> Vec<String>;
    /// Perft split by root move, moves in `notation`; `None` when `stop` was set before the
    /// end.
    fn divide(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
        notation: Notation,
    ) -> Option<Vec<(String, u64)>>;
    /// Starts a search of the current position with `config`; events go to `listener` with
    /// moves in `notation` (the chosen move: the action alone in a game of chance, as
    /// [`LegalMove::action`]).
    fn go(
        &self,
        searcher: &Searcher,
        limits: Limits,
        config: Config,
        listener: Listener,
        notation: Notation,
    );
    /// Searches the current position on the caller's thread ([`LocalSearcher`]: no thread is
    /// started, so it runs in WebAssembly in a web page) until a limit is reached, `timer`
    /// passes a deadline or `stop` is set; events go to `listener` as with [`GameApi::go`], and
    /// the search has ended when this returns, with what it found (its nodes, depth, line).
    #[allow(clippy::too_many_arguments)]
    fn search_here(
        &self,
        searcher: &mut LocalSearcher,
        limits: &Limits,
        config: &Config,
        timer: Arc<dyn Timer>,
        stop: Arc<AtomicBool>,
        listener: Listener,
        notation: Notation,
    ) -> Outcome;
    /// An independent copy of the game.
    fn clone_box(&self) -> Box<dyn GameApi>;
    /// The game as [`GameBox`] of its variant's position type, for a front end's functions over
    /// its variant (`movegen::with_variant!` names the type, `downcast_ref` reaches it).
    fn as_any(&self) -> &dyn Any;
}

/// Builds a game of variant `id` from its start position or `fen`.
/// ([`Error::Fen`] for a FEN that does not read, [`Error::UnknownVariant`] for a variant this
/// build leaves out).
pub fn new_game(id: VariantId, fen: Option<&str>) -> Result<Box<dyn GameApi>, Error> {
    new_game_with(id, fen, 0, false)
}

/// [`new_game`] with the engine's `Seed` (a randomized variant's setup without a FEN) and
/// `UCI_Chess960` options.
pub fn new_game_with(
    id: VariantId,
    fen: Option<&str>,
    seed: u64,
    chess960: bool,
) -> Result<Box<dyn GameApi>, Error> {
    movegen::with_variant!(id, V => {
        Ok(Box::new(GameBox::<V>::start(id, fen, seed, chess960)?) as Box<dyn GameApi>)
    })
}

/// `Game<V>` behind the object-safe API, with the texts of its front end's dialect.
#[derive(Clone, Debug)]
pub struct GameBox<V: Evaluator> {
    id: VariantId,
    game: Game<V>,
    dialect: Texts<V>,
}

/// Writes a move of a position as text.
pub type Encode<V> = fn(&V, Move) -> String;

/// Reads a move of a position from text.
pub type Decode<V> = fn(&V, &str) -> Result<Move, movegen::MoveError>;

/// Reads a move of a position from text where a turn of a game of chance may lack its outcome,
/// which the die keyed by the seed then decides.
pub type DecodeKeyed<V> = fn(&V, &str, u64) -> Result<Move, movegen::MoveError>;

/// How one notation writes and reads the moves of `V`.
#[derive(Clone, Debug)]
pub struct Texts<V> {
    /// Writes a move (the whole turn).
    pub write: Encode<V>,
    /// Writes the player's part of a move (in a game of chance the action without its outcome):
    /// [`LegalMove::action`] and the search's chosen move.
    pub action: Encode<V>,
    /// Reads a move.
    pub read: Decode<V>,
    /// Reads a move whose chance outcome may be left to a keyed die ([`MoveIn::Keyed`]).
    pub read_keyed: DecodeKeyed<V>,
}

impl<V: Rules> Texts<V> {
    /// notation.md.
    pub fn rules() -> Texts<V> {
        Texts {
            write: V::move_text,
            action: V::action_text,
            read: V::parse_move,
            read_keyed: V::parse_rolling,
        }
    }
}

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
    /// A game of variant `id` from `start`, without a dialect of its own.
    pub fn new(id: VariantId, start: V) -> Self {
        GameBox { id, game: Game::new(start), dialect: Texts::rules() }
    }

    /// The game with `dialect` as its [`Notation::Dialect`].
    pub fn with_dialect(self, dialect: Texts<V>) -> Self {
        GameBox { dialect, ..self }
    }

    /// A game of variant `id` from `fen` or its start ([`crate::start::new_position`]).
    pub fn start(
        id: VariantId,
        fen: Option<&str>,
        seed: u64,
        chess960: bool,
    ) -> Result<Self, Error> {
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

    /// Plays a legal move.
    pub fn play_move(&mut self, m: Move) -> Result<(), movegen::MoveError> {
        self.game.play(m)
    }

    /// The texts of `notation`.
    fn texts(&self, notation: Notation) -> Texts<V> {
        match notation {
            Notation::Rules => Texts::rules(),
            Notation::Dialect => self.dialect.clone(),
        }
    }

    /// Plays the move `parse` finds in the current position; returns its text by `write`.
    fn play_parsed(
        &mut self,
        parse: impl FnOnce(&V) -> Result<Move, movegen::MoveError>,
        write: Encode<V>,
    ) -> Result<String, Error> {
        let pos = self.game.current();
        let m = parse(pos).map_err(Error::move_reason)?;
        let written = write(pos, m);
        self.game.play(m).map_err(Error::move_reason)?;
        Ok(written)
    }

    /// Plays a move sent as `text` (written by `texts`), where in a game of chance the action
    /// alone may come: its outcome is then drawn uniformly with `die` among the legal moves
    /// whose text is `text` followed by an outcome leg. Returns the text of the move played;
    /// `None` if the text names no such action.
    fn play_drawn(
        &mut self,
        text: &str,
        texts: &Texts<V>,
        die: &mut rand_pcg::Pcg64,
    ) -> Option<String> {
        let pos = self.game.current();
        let prefix = format!("{text},");
        let outcomes: Vec<Move> = self
            .game
            .legal()
            .into_iter()
            .filter(|&m| {
                let t = (texts.write)(pos, m);
                t == text || t.starts_with(&prefix)
            })
            .collect();
        let same_action = outcomes.windows(2).all(|w| w[0].0 & ACTION_MASK == w[1].0 & ACTION_MASK);
        if outcomes.is_empty() || !same_action {
            return None;
        }
        let pick = outcomes[(rand_core::RngCore::next_u64(die) % outcomes.len() as u64) as usize];
        let full = (texts.write)(pos, pick);
        self.game.play(pick).ok()?;
        Some(full)
    }

    /// Plays the move `raw` (from a search); its text by `write`.
    fn play_raw(&mut self, raw: u32, write: Encode<V>) -> Result<String, Error> {
        let m = Move(raw);
        // `Game::play` checks legality first: only a legal move's text can be written.
        self.game.play(m)?;
        let before = &self.game.positions()[self.game.positions().len() - 2];
        Ok(write(before, m))
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
    fn play(&mut self, mv: MoveIn<'_>, notation: Notation) -> Result<String, Error> {
        let texts = self.texts(notation);
        match mv {
            MoveIn::Text(text) => self.play_parsed(|p| (texts.read)(p, text), texts.write),
            MoveIn::Raw(raw) => self.play_raw(raw, texts.write),
            MoveIn::Keyed { text, seed } => {
                self.play_parsed(|p| (texts.read_keyed)(p, text, seed), texts.write)
            }
            MoveIn::Drawn { text, die } => {
                match self.play_parsed(|p| (texts.read)(p, text), texts.write) {
                    Ok(t) => Ok(t),
                    Err(e) if !V::HAS_CHANCE => Err(e),
                    // An action without its chance outcome (refused: the parser's kind).
                    Err(e) => self
                        .play_drawn(text, &texts, die)
                        .ok_or_else(|| e.with_message(format!("`{text}` is not a legal action"))),
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
    fn can_mate(&self, side: Color) -> bool {
        self.game.current().can_mate(side)
    }
    fn move_texts(&self, notation: Notation) -> Vec<String> {
        let write = self.texts(notation).write;
        self.game.moves().iter().zip(self.game.positions()).map(|(&m, p)| write(p, m)).collect()
    }
    fn move_sans(&self) -> Vec<String> {
        self.game.moves().iter().zip(self.game.positions()).map(|(&m, p)| p.pgn_san(m)).collect()
    }
    fn legal(&self, notation: Notation) -> Vec<LegalMove> {
        let texts = self.texts(notation);
        let pos = self.game.current();
        self.game
            .legal()
            .into_iter()
            .map(|m| {
                let effect = pos.move_effect(m);
                LegalMove {
                    text: (texts.write)(pos, m),
                    san: pos.move_san(m),
                    pgn: pos.pgn_san(m),
                    action: (texts.action)(pos, m),
                    capture: captures(&effect, pos.turn()),
                    effect,
                    input: pos.move_input(m),
                }
            })
            .collect()
    }
    fn legal_texts(&self, notation: Notation) -> Vec<String> {
        let write = self.texts(notation).write;
        let pos = self.game.current();
        self.game.legal().into_iter().map(|m| write(pos, m)).collect()
    }
    fn legal_sans(&self) -> Vec<String> {
        let pos = self.game.current();
        self.game.legal().into_iter().map(|m| pos.move_san(m)).collect()
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
    fn insufficient_material(&self) -> bool {
        self.game.current().insufficient_material()
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
    fn divide(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
        notation: Notation,
    ) -> Option<Vec<(String, u64)>> {
        let write = self.texts(notation).write;
        let pos = self.game.current();
        let rows = movegen::perft::divide_until(pos, depth.max(1), threads, stop)?;
        Some(rows.into_iter().map(|(m, n)| (write(pos, m), n)).collect())
    }
    fn go(
        &self,
        searcher: &Searcher,
        limits: Limits,
        config: Config,
        listener: Listener,
        notation: Notation,
    ) {
        let texts = self.texts(notation);
        let reporter: Arc<dyn Reporter<V>> =
            Arc::new(TextReporter { listener, pv: texts.write, best: texts.action });
        searcher.go(
            self.game.current().clone(),
            self.game.history_keys(),
            limits,
            config,
            reporter,
        );
    }
    fn search_here(
        &self,
        searcher: &mut LocalSearcher,
        limits: &Limits,
        config: &Config,
        timer: Arc<dyn Timer>,
        stop: Arc<AtomicBool>,
        listener: Listener,
        notation: Notation,
    ) -> Outcome {
        let texts = self.texts(notation);
        let reporter = TextReporter { listener, pv: texts.write, best: texts.action };
        let history = self.game.history_keys();
        searcher.search(self.game.current(), &history, limits, config, timer, stop, &reporter)
    }
    fn clone_box(&self) -> Box<dyn GameApi> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn capture_of(v: VariantId, fen: &str, text: &str) -> bool {
        let game = new_game(v, Some(fen)).expect("FEN");
        let legal = game.legal(Notation::Rules);
        legal.iter().find(|l| l.text == text).unwrap_or_else(|| panic!("{text}")).capture
    }

    /// A capture takes an enemy unit off the board: en passant is one, a push is not.
    #[test]
    fn captures_of_moves() {
        let chess = VariantId::parse("chess").expect("chess");
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert!(capture_of(chess, fen, "e5d6"), "en passant");
        assert!(!capture_of(chess, fen, "e5e6"));
        let fen = "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1";
        assert!(!capture_of(chess, fen, "e1d1"));
        assert!(capture_of(chess, fen, "e1f2"));
        let eight = VariantId::parse("eightpiece").expect("eightpiece");
        let game = new_game(eight, Some("7k/8/8/2l(n)5/1S6/8/8/4K3 w - - 0 1 -")).expect("FEN");
        let pushes: Vec<LegalMove> = game
            .legal(Notation::Rules)
            .into_iter()
            .filter(|l| l.input.kind == movegen::moves::MoveKind::Push)
            .collect();
        assert!(!pushes.is_empty());
        assert!(pushes.iter().all(|l| !l.capture), "a push moves the unit, takes none");
    }
}
