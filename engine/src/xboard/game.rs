//! A game as the XBoard front end (and the match runner, for XBoard engines) drives it: the
//! neutral [`GameApi`] plus the variant's XBoard dialect ([`Dialect`]): moves in XBoard's
//! forms, the `setup` and `piece` lines, the highlight dialogue (`lift`/`put`), the moves its
//! board cannot follow, the marker of what it cannot draw, a pass relayed as `setboard`.

use super::dialect::Dialect;
use movegen::rules::VariantId;
use movegen::Move;
use search::{Config, Limits, Searcher};
use session::api::{GameApi, GameBox, Listener};
use std::sync::atomic::AtomicBool;

/// A game of some variant in XBoard's texts.
pub trait XboardGame: GameApi {
    /// Plays a move given in XBoard's forms (or notation.md's); in a game of chance a turn may
    /// come without its outcome: a forced one is applied, a free one drawn by the engine's own
    /// die keyed by `seed` ([`Dialect::parse_xboard_rolling`]). Returns the move in XBoard's
    /// form.
    fn play_xboard(&mut self, text: &str, seed: u64) -> Result<String, String>;
    /// Plays a move given exactly in XBoard's forms; returns it in XBoard's form.
    fn play_xboard_exact(&mut self, text: &str) -> Result<String, String>;
    /// Plays a move an XBoard engine sent; in a game of chance the action alone may come, its
    /// outcome then drawn uniformly with `die`. Returns the whole move in notation.md form.
    fn play_xboard_drawn(
        &mut self,
        text: &str,
        die: &mut rand_pcg::Pcg64,
    ) -> Result<String, String>;
    /// Moves played, in XBoard's forms.
    fn xboard_moves(&self) -> Vec<String>;
    /// Legal moves, in XBoard's forms.
    fn xboard_legal(&self) -> Vec<String>;
    /// Starts a search; events go to `listener` with moves in XBoard's forms.
    fn go_xboard(&self, searcher: &Searcher, limits: Limits, config: Config, listener: Listener);
    /// Perft split by root move, in XBoard's forms.
    fn divide_xboard(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Option<Vec<(String, u64)>>;
    /// XBoard `setup` line (engine-defined variants).
    fn xboard_setup(&self) -> Option<String>;
    /// XBoard `piece` lines.
    fn xboard_pieces(&self) -> Vec<String>;
    /// XBoard's highlight dialogue: the colour-FEN board marking where the unit on `lift` can
    /// go (yellow quiet, red capture, magenta promotion, cyan the first leg of a multi-leg
    /// move); with `put`, the second-leg targets of moves whose first leg ends there.
    fn highlight(&self, lift: &str, put: Option<&str>) -> Option<String>;
    /// The moves the engine avoids here (XBoard 4.9.1 would misdraw them and forfeit a later
    /// move, or refuse them outright): what [`Config::avoid`] gets.
    fn xboard_avoid(&self) -> Vec<Move>;
    /// Whether every legal move is in `moves`; false without legal moves.
    fn all_legal_in(&self, moves: &[Move]) -> bool;
    /// The `highlight` board marking what XBoard cannot draw: the square of the chance piece
    /// (the PieceEater), taken from the board view; `None` without one or once the game is over.
    fn xboard_marker(&self) -> Option<String>;
    /// Whether `fen` is the current position after a pass (XBoard relays a pass as
    /// `setboard`); if so the pass is played and true returned.
    fn try_pass_as_setboard(&mut self, fen: &str) -> bool;
    /// The move the engine plays when it must decide the chance outcome of the search's choice
    /// `raw` itself (XBoard has no arbiter): `Rules::roll` with `seed`; `raw` without chance.
    fn realise_raw(&self, raw: u32, seed: u64) -> u32;
    /// An independent copy of the game.
    fn clone_xboard(&self) -> Box<dyn XboardGame>;
}

/// A game of variant `id` from its start position or `fen` (the engine's `Seed` picks a
/// randomized variant's setup).
pub fn new_game(
    id: VariantId,
    fen: Option<&str>,
    seed: u64,
) -> Result<Box<dyn XboardGame>, String> {
    let game = movegen::with_variant!(id, V => GameBox::<V>::start(id, fen, seed, false)
        .map(|g| Box::new(g) as Box<dyn XboardGame>));
    game.unwrap_or_else(|v| Err(format!("variant {v} is not supported by this build")))
}

/// A game of variant `id` from a FEN as XBoard writes it (`setboard`).
pub fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Box<dyn XboardGame>, String> {
    let game = movegen::with_variant!(id, V => V::from_xboard_fen(id, fen)
        .map(|start| Box::new(GameBox::new(id, start)) as Box<dyn XboardGame>));
    game.unwrap_or_else(|v| Err(format!("variant {v} is not supported by this build")))
}

impl<V: Dialect> XboardGame for GameBox<V> {
    fn play_xboard(&mut self, text: &str, seed: u64) -> Result<String, String> {
        if !V::HAS_CHANCE {
            return self.play_xboard_exact(text);
        }
        self.play_parsed(|p| p.parse_xboard_rolling(text, seed), V::to_xboard)
    }
    fn play_xboard_exact(&mut self, text: &str) -> Result<String, String> {
        self.play_parsed(|p| p.parse_xboard(text), V::to_xboard)
    }
    fn play_xboard_drawn(
        &mut self,
        text: &str,
        die: &mut rand_pcg::Pcg64,
    ) -> Result<String, String> {
        match self.play_xboard_exact(text) {
            Ok(t) => Ok(self.move_texts().pop().unwrap_or(t)),
            Err(e) if !V::HAS_CHANCE => Err(e),
            // An action without its chance outcome.
            Err(_) => self
                .play_drawn(text, V::to_xboard, die)
                .ok_or_else(|| format!("`{text}` is not a legal action")),
        }
    }
    fn xboard_moves(&self) -> Vec<String> {
        self.texts_with(V::to_xboard)
    }
    fn xboard_legal(&self) -> Vec<String> {
        self.legal_with(V::to_xboard)
    }
    fn go_xboard(&self, searcher: &Searcher, limits: Limits, config: Config, listener: Listener) {
        self.go_with(searcher, limits, config, listener, (V::to_xboard, V::to_xboard));
    }
    fn divide_xboard(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Option<Vec<(String, u64)>> {
        self.divide_with(depth, threads, stop, V::to_xboard)
    }
    fn xboard_setup(&self) -> Option<String> {
        V::xboard_setup_of(self.id(), self.game().start())
    }
    fn xboard_pieces(&self) -> Vec<String> {
        V::xboard_pieces()
    }
    fn highlight(&self, lift: &str, put: Option<&str>) -> Option<String> {
        super::highlight::board::<V>(self.game().current(), &self.game().legal(), lift, put)
    }
    fn xboard_avoid(&self) -> Vec<Move> {
        V::xboard_avoid(self.game().start(), self.game().moves())
    }
    fn all_legal_in(&self, moves: &[Move]) -> bool {
        let legal = self.game().legal();
        !legal.is_empty() && legal.iter().all(|m| moves.contains(m))
    }
    fn xboard_marker(&self) -> Option<String> {
        let pos = self.game().current();
        let pe = pos.chance_piece()?;
        if self.game().legal().is_empty() {
            return None;
        }
        Some(super::highlight::colour_fen::<V::G>(&[(pe, 'B')]))
    }
    fn try_pass_as_setboard(&mut self, fen: &str) -> bool {
        let pos = self.game().current();
        for m in self.game().legal() {
            if m.kind() == movegen::MoveKind::Pass
                && pos.play(m).xboard_shows(self.id(), fen, self.game().moves())
            {
                return self.play_move(m).is_ok();
            }
        }
        false
    }
    fn realise_raw(&self, raw: u32, seed: u64) -> u32 {
        self.game().current().roll(Move(raw), seed).0
    }
    fn clone_xboard(&self) -> Box<dyn XboardGame> {
        Box::new(self.clone())
    }
}
