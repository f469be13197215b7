//! The protocol boundary: one object-safe [`GameApi`] over `Game<V>` for every variant, so the
//! UCI and XBoard adapters never name a variant type. Dispatch happens once per command here;
//! search and move generation below are monomorphised.

use crate::game::Game;
use crate::search::{Config, Info, Limits, Reporter, Score, Searcher};
use crate::variants::EngineVariant;
use crate::with_engine_variant;
use movegen::rules::{GameEnd, Rules, VariantId};
use movegen::types::Color;
use movegen::view::{BoardView, MoveEffect};
use movegen::Move;
use std::sync::Arc;

/// Which protocol's move text to use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// `../shared/rules/notation.md` (UCI, perft, tests).
    Uci,
    /// XBoard 4.9.1's forms.
    Xboard,
}

/// Search output with moves already written as text.
#[derive(Clone, Debug)]
pub enum Event {
    /// A completed iteration.
    Info {
        /// Search data.
        info: Info,
        /// PV in protocol text.
        pv: Vec<String>,
    },
    /// The final move (`None`: no legal move) and the expected reply.
    Best {
        /// Chosen move.
        best: Option<String>,
        /// Expected reply.
        ponder: Option<String>,
        /// The chosen move itself (to play it in XBoard mode).
        raw: Option<u32>,
    },
}

/// Receives [`Event`]s from a search thread.
pub type Sink = Arc<dyn Fn(Event) + Send + Sync>;

/// A game of some variant, driven by text.
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
    /// Moves played, in protocol text.
    fn move_texts(&self, flavor: Flavor) -> Vec<String>;
    /// Plays a move given as text; the game is unchanged on error.
    fn play_text(&mut self, text: &str, flavor: Flavor) -> Result<String, String>;
    /// Plays a move by its raw encoding (from a search result).
    fn play_raw(&mut self, raw: u32) -> Result<String, String>;
    /// Plays a move sent by an engine. In a game of chance (PieceEater) the text may be the
    /// player's action alone: the outcome is then drawn uniformly with `die` (a forced outcome
    /// needs no roll). Returns the full move in notation.md form.
    fn play_engine_move(
        &mut self,
        text: &str,
        flavor: Flavor,
        die: &mut rand_pcg::Pcg64,
    ) -> Result<String, String>;
    /// Moves played, in the variant's algebraic notation (game records).
    fn move_sans(&self) -> Vec<String>;
    /// Legal moves as (coordinate text, algebraic text).
    fn legal_pairs(&self) -> Vec<(String, String)>;
    /// The current position drawn for a terminal (Unicode; holes, edge ring, facings, hands).
    fn render(&self) -> String;
    /// Takes back one move.
    fn undo(&mut self) -> bool;
    /// Legal moves as text.
    fn legal_texts(&self, flavor: Flavor) -> Vec<String>;
    /// The moves the engine avoids here in XBoard mode (XBoard 4.9.1 would misdraw them and
    /// forfeit a later move, or refuse them outright): what [`Config::avoid`] gets there.
    fn xboard_avoid(&self) -> Vec<Move>;
    /// Whether every legal move is in `moves`; false without legal moves.
    fn all_legal_in(&self, moves: &[Move]) -> bool;
    /// The end of the game, if it has ended.
    fn end(&self) -> Option<GameEnd>;
    /// Perft split by root move, in protocol text; `None` when `stop` was set before the end.
    fn divide(
        &self,
        depth: u32,
        threads: usize,
        flavor: Flavor,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<Vec<(String, u64)>>;
    /// Starts a search of the current position with `config` as given (XBoard mode fills
    /// `config.avoid` from [`GameApi::xboard_avoid`]); events go to `sink` in `flavor`'s move
    /// text.
    fn go(&self, searcher: &Searcher, limits: Limits, config: Config, flavor: Flavor, sink: Sink);
    /// XBoard `setup` line (engine-defined variants).
    fn xboard_setup(&self) -> Option<String>;
    /// XBoard `piece` lines.
    fn xboard_pieces(&self) -> Vec<String>;
    /// XBoard variant name.
    fn xboard_name(&self) -> &'static str;
    /// XBoard's highlight dialogue: the colour-FEN board marking where the unit on `lift` can
    /// go (yellow quiet, red capture, magenta promotion, cyan the first leg of a multi-leg
    /// move); with `put`, the second-leg targets of moves whose first leg ends there.
    fn highlight(&self, lift: &str, put: Option<&str>) -> Option<String>;
    /// An independent copy of the game.
    fn clone_box(&self) -> Box<dyn GameApi>;
    /// Whether `fen` is the current position after a pass (XBoard relays a pass as
    /// `setboard`); if so the pass is played and true returned.
    fn try_pass_as_setboard(&mut self, fen: &str) -> bool;
    /// Plays a move given as text like [`GameApi::play_text`], except that in a game of chance
    /// a turn may come without its outcome: a forced one is applied, a free one drawn by the
    /// engine's own die keyed by `seed` (`EngineVariant::parse_rolling`). Returns the move in
    /// `flavor`'s text.
    fn play_text_rolling(
        &mut self,
        text: &str,
        flavor: Flavor,
        seed: u64,
    ) -> Result<String, String>;
    /// The move the engine plays when it must decide the chance outcome of the search's choice
    /// `raw` itself (XBoard): `EngineVariant::realise` with `seed`; `raw` without chance.
    fn realise_raw(&self, raw: u32, seed: u64) -> u32;
    /// The `highlight` board marking what XBoard cannot draw: the square of the chance piece
    /// (the PieceEater), taken from the board view; `None` without one or once the game is over.
    fn xboard_marker(&self) -> Option<String>;
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
    /// Every legal move of the current position with its texts and its effect.
    fn legal_details(&self) -> Vec<LegalMove>;
}

/// A legal move described for a board surface.
#[derive(Clone, Debug)]
pub struct LegalMove {
    /// notation.md text (the whole turn, chance leg included).
    pub text: String,
    /// Algebraic text (PGN-safe).
    pub san: String,
    /// The player's part only (in a game of chance: without the outcome's leg; otherwise the
    /// whole text). Moves of one action share it.
    pub action: String,
    /// What it changes on the board.
    pub effect: MoveEffect,
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
    with_engine_variant!(id, V => {
        let start = V::new_position(id, fen, seed, chess960)?;
        Box::new(GameBox { id, game: Game::new(start) }) as Box<dyn GameApi>
    })
    .map_err(|v| format!("variant {v} is not supported by this build"))
}

/// A game of variant `id` from a FEN as XBoard writes it (`setboard`).
pub fn new_game_from_xboard(id: VariantId, fen: &str) -> Result<Box<dyn GameApi>, String> {
    with_engine_variant!(id, V => {
        let start = V::from_xboard_fen(id, fen)?;
        Box::new(GameBox { id, game: Game::new(start) }) as Box<dyn GameApi>
    })
    .map_err(|v| format!("variant {v} is not supported by this build"))
}

/// `Game<V>` behind the object-safe API.
struct GameBox<V: EngineVariant> {
    id: VariantId,
    game: Game<V>,
}

fn text_of<V: EngineVariant>(pos: &V, m: Move, flavor: Flavor) -> String {
    match flavor {
        Flavor::Uci => pos.move_text(m),
        Flavor::Xboard => pos.to_xboard(m),
    }
}

struct TextReporter {
    sink: Sink,
    flavor: Flavor,
}

/// Whether `m` is a legal move of `pos`.
fn is_legal<V: EngineVariant>(pos: &V, m: Move) -> bool {
    let mut list = V::Moves::default();
    pos.legal_moves(&mut list);
    list.contains(&m)
}

impl<V: EngineVariant> Reporter<V> for TextReporter {
    fn info(&self, root: &V, info: &Info) {
        let mut pos = root.clone();
        let mut pv = Vec::with_capacity(info.pv.len());
        for &m in &info.pv {
            // A PV pieced together across chance nodes or from the hash table can hold a move
            // that is not legal where it is printed: the PV ends there.
            if !is_legal(&pos, m) {
                break;
            }
            pv.push(text_of(&pos, m, self.flavor));
            pos = pos.play(m);
        }
        (self.sink)(Event::Info { info: info.clone(), pv });
    }
    fn bestmove(&self, root: &V, best: Option<Move>, ponder: Option<Move>) {
        let ponder_text = match (best, ponder) {
            // In a game of chance the reply depends on an outcome nobody has rolled yet.
            (Some(b), Some(p)) if !V::HAS_CHANCE && is_legal(root, b) => {
                let after = root.play(b);
                is_legal(&after, p).then(|| text_of(&after, p, self.flavor))
            }
            _ => None,
        };
        let best_text = |m: Move| match self.flavor {
            Flavor::Uci => root.bestmove_text(m),
            Flavor::Xboard => root.to_xboard(m),
        };
        (self.sink)(Event::Best {
            best: best.map(best_text),
            ponder: ponder_text,
            raw: best.map(|m| m.0),
        });
    }
}

impl<V: EngineVariant> GameApi for GameBox<V> {
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
    fn move_texts(&self, flavor: Flavor) -> Vec<String> {
        self.game
            .moves()
            .iter()
            .zip(self.game.positions())
            .map(|(&m, p)| text_of(p, m, flavor))
            .collect()
    }
    fn play_text(&mut self, text: &str, flavor: Flavor) -> Result<String, String> {
        let pos = self.game.current();
        let m = match flavor {
            Flavor::Uci => pos.parse_move(text),
            Flavor::Xboard => pos.parse_xboard(text),
        }
        .map_err(|e| e.reason)?;
        let canonical = text_of(pos, m, flavor);
        self.game.play(m).map_err(|e| e.reason)?;
        Ok(canonical)
    }
    fn play_raw(&mut self, raw: u32) -> Result<String, String> {
        let m = Move(raw);
        // `Game::play` checks legality first: only a legal move's text can be written.
        self.game.play(m).map_err(|e| format!("{}: {}", e.text, e.reason))?;
        let before = &self.game.positions()[self.game.positions().len() - 2];
        Ok(before.move_text(m))
    }
    fn play_engine_move(
        &mut self,
        text: &str,
        flavor: Flavor,
        die: &mut rand_pcg::Pcg64,
    ) -> Result<String, String> {
        if let Ok(t) = self.play_text(text, flavor) {
            return Ok(if flavor == Flavor::Uci {
                t
            } else {
                self.move_texts(Flavor::Uci).pop().unwrap_or(t)
            });
        }
        if !V::HAS_CHANCE {
            return self.play_text(text, flavor);
        }
        // An action without its chance outcome: every legal move whose text is that action
        // followed by an outcome leg.
        let pos = self.game.current();
        let prefix = format!("{text},");
        let outcomes: Vec<Move> = self
            .game
            .legal()
            .into_iter()
            .filter(|&m| {
                let t = text_of(pos, m, flavor);
                t == text || t.starts_with(&prefix)
            })
            .collect();
        let same_action = outcomes
            .windows(2)
            .all(|w| w[0].0 & movegen::moves::ACTION_MASK == w[1].0 & movegen::moves::ACTION_MASK);
        if outcomes.is_empty() || !same_action {
            return Err(format!("`{text}` is not a legal action"));
        }
        let pick = outcomes[(rand_core::RngCore::next_u64(die) % outcomes.len() as u64) as usize];
        let full = pos.move_text(pick);
        self.game.play(pick).map_err(|e| e.reason)?;
        Ok(full)
    }
    fn legal_pairs(&self) -> Vec<(String, String)> {
        let pos = self.game.current();
        self.game.legal().into_iter().map(|m| (pos.move_text(m), pos.move_san(m))).collect()
    }
    fn render(&self) -> String {
        crate::play::render(&self.view(), &self.fen())
    }
    fn move_sans(&self) -> Vec<String> {
        self.game.moves().iter().zip(self.game.positions()).map(|(&m, p)| p.pgn_san(m)).collect()
    }
    fn undo(&mut self) -> bool {
        self.game.undo()
    }
    fn legal_texts(&self, flavor: Flavor) -> Vec<String> {
        let pos = self.game.current();
        self.game.legal().into_iter().map(|m| text_of(pos, m, flavor)).collect()
    }
    fn xboard_avoid(&self) -> Vec<Move> {
        V::xboard_avoid(self.game.start(), self.game.moves())
    }
    fn all_legal_in(&self, moves: &[Move]) -> bool {
        let legal = self.game.legal();
        !legal.is_empty() && legal.iter().all(|m| moves.contains(m))
    }
    fn end(&self) -> Option<GameEnd> {
        self.game.end()
    }
    fn divide(
        &self,
        depth: u32,
        threads: usize,
        flavor: Flavor,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<Vec<(String, u64)>> {
        let pos = self.game.current();
        let rows = movegen::perft::divide_until(pos, depth.max(1), threads, stop)?;
        Some(rows.into_iter().map(|(m, n)| (text_of(pos, m, flavor), n)).collect())
    }
    fn go(&self, searcher: &Searcher, limits: Limits, config: Config, flavor: Flavor, sink: Sink) {
        let reporter: Arc<dyn Reporter<V>> = Arc::new(TextReporter { sink, flavor });
        searcher.go(
            self.game.current().clone(),
            self.game.history_keys(),
            limits,
            config,
            reporter,
        );
    }
    fn xboard_setup(&self) -> Option<String> {
        V::xboard_setup_of(self.id, self.game.start())
    }
    fn xboard_pieces(&self) -> Vec<String> {
        V::xboard_pieces()
    }
    fn xboard_name(&self) -> &'static str {
        self.id.info().xboard_name
    }
    fn highlight(&self, lift: &str, put: Option<&str>) -> Option<String> {
        type G<V> = <V as Rules>::G;
        let pos = self.game.current();
        // Squares in XBoard's names (a variant may rename files).
        let square = |t: &str| V::xboard_square_prefix(t).filter(|&(_, n)| n == t.len());
        let from = square(lift)?.0;
        let mut marks: Vec<(movegen::types::Square, char)> = Vec::new();
        let legal = self.game.legal();
        // In a game of chance a human enters the action only (the engine rolls the outcome),
        // and an action counts as a capture only if every outcome of it changes material.
        let action = |m: Move| m.0 & movegen::moves::ACTION_MASK;
        let tactical = |m: Move| {
            if V::HAS_CHANCE {
                legal.iter().filter(|o| action(**o) == action(m)).all(|&o| pos.is_tactical(o))
            } else {
                pos.is_tactical(m)
            }
        };
        for &m in &legal {
            let text = if V::HAS_CHANCE { pos.bestmove_text(m) } else { pos.xboard_entry(m) };
            let legs: Vec<&str> = text.split(',').collect();
            let first = legs[0];
            let Some((f, n)) = V::xboard_square_prefix(first) else { continue };
            if f != from {
                continue;
            }
            let Some((to, _)) = V::xboard_square_prefix(&first[n..]) else { continue };
            let mark = match put {
                None if legs.len() > 1 => (to, 'C'),
                None if m.promo() != 0 => (to, 'M'),
                None if tactical(m) => (to, 'R'),
                None => (to, 'Y'),
                Some(p) => {
                    if Some(to) != square(p).map(|s| s.0) || legs.len() < 2 {
                        continue;
                    }
                    let second = legs[1];
                    let Some((_, n2)) = V::xboard_square_prefix(second) else { continue };
                    let Some((to2, _)) = V::xboard_square_prefix(&second[n2..]) else {
                        continue;
                    };
                    (to2, if tactical(m) { 'R' } else { 'Y' })
                }
            };
            match marks.iter_mut().find(|(s, _)| *s == mark.0) {
                // Multi-leg beats promotion beats capture beats quiet.
                Some(e) => {
                    let rank = |c: char| "YRMC".find(c).unwrap_or(0);
                    if rank(mark.1) > rank(e.1) {
                        e.1 = mark.1;
                    }
                }
                None => marks.push(mark),
            }
        }
        Some(colour_fen::<G<V>>(&marks))
    }
    fn clone_box(&self) -> Box<dyn GameApi> {
        Box::new(GameBox { id: self.id, game: self.game.clone() })
    }
    fn play_text_rolling(
        &mut self,
        text: &str,
        flavor: Flavor,
        seed: u64,
    ) -> Result<String, String> {
        if !V::HAS_CHANCE {
            return self.play_text(text, flavor);
        }
        let pos = self.game.current();
        let m = pos.parse_rolling(text, flavor == Flavor::Xboard, seed).map_err(|e| e.reason)?;
        let canonical = text_of(pos, m, flavor);
        self.game.play(m).map_err(|e| e.reason)?;
        Ok(canonical)
    }
    fn realise_raw(&self, raw: u32, seed: u64) -> u32 {
        self.game.current().realise(Move(raw), seed).0
    }
    fn xboard_marker(&self) -> Option<String> {
        let pos = self.game.current();
        let pe = pos.chance_piece()?;
        if self.game.legal().is_empty() {
            return None;
        }
        Some(colour_fen::<V::G>(&[(pe, 'B')]))
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
        view.units()
            .filter(|(_, t)| {
                t.chars().next().is_some_and(|l| {
                    l.is_ascii_uppercase() == white && V::ROYALS.contains(&l.to_ascii_uppercase())
                })
            })
            .map(|(sq, _)| view.name(sq).to_string())
            .collect()
    }
    fn legal_details(&self) -> Vec<LegalMove> {
        let pos = self.game.current();
        self.game
            .legal()
            .into_iter()
            .map(|m| LegalMove {
                text: pos.move_text(m),
                san: pos.pgn_san(m),
                action: pos.bestmove_text(m),
                effect: pos.move_effect(m),
            })
            .collect()
    }
    fn try_pass_as_setboard(&mut self, fen: &str) -> bool {
        let pos = self.game.current();
        for m in self.game.legal() {
            if m.kind() == movegen::MoveKind::Pass
                && pos.play(m).xboard_shows(self.id, fen, self.game.moves())
            {
                return self.game.play(m).is_ok();
            }
        }
        false
    }
}

/// A board of colour letters for XBoard's `highlight` (holes are written as empty squares).
fn colour_fen<G: movegen::types::Geometry>(marks: &[(movegen::types::Square, char)]) -> String {
    let mut s = String::new();
    for r in (0..i32::from(G::RANKS)).rev() {
        let mut run = 0;
        for f in 0..i32::from(G::FILES) {
            let sq = G::square(f, r).expect("on grid");
            match marks.iter().find(|(m, _)| *m == sq) {
                Some((_, c)) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(*c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}

/// Formats a score for UCI.
pub fn uci_score(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}
