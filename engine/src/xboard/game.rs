//! A game as the XBoard front end (and the match runner, for XBoard engines) drives it: the
//! neutral [`GameApi`] built with the variant's XBoard move forms as its
//! [`Notation::Dialect`], and the dialect's facts about the game that are not move texts: the
//! `setup` and `piece` lines, the highlight dialogue (`lift`/`put`), the moves its board cannot
//! follow, the marker of what it cannot draw, a pass relayed as `setboard`, the engine's own
//! roll of a chance outcome.

use super::dialect::Dialect;
use movegen::rules::{Rules, VariantId};
use movegen::{Error, Move, MoveError};
use session::api::{GameApi, GameBox, MoveIn, Notation, Texts};

/// Runs `$body` with `$g` bound to `$game` (a `&dyn GameApi`) as the `GameBox` of its variant's
/// position type `$V`.
macro_rules! on_box {
    ($game:expr, $V:ident, $g:ident => $body:expr) => {{
        let game: &dyn GameApi = $game;
        movegen::with_variant!(game.variant(), $V => {
            let $g: &GameBox<$V> =
                game.as_any().downcast_ref().expect("a game is a GameBox of its variant's type");
            $body
        })
    }};
}

/// XBoard's move forms of `V` (`Dialect::to_xboard`, `Dialect::parse_xboard`); the chosen move
/// is sent whole.
fn xboard_texts<V: Dialect>() -> Texts<V> {
    Texts { write: V::to_xboard, action: V::to_xboard, read: V::parse_xboard, read_keyed }
}

/// Reads a move in XBoard's forms; in a game of chance a turn may come without its outcome: a
/// forced one is applied, a free one drawn by the engine's own die keyed by `seed`
/// ([`Dialect::parse_xboard_rolling`]).
fn read_keyed<V: Dialect>(pos: &V, text: &str, seed: u64) -> Result<Move, MoveError> {
    if V::HAS_CHANCE {
        pos.parse_xboard_rolling(text, seed)
    } else {
        pos.parse_xboard(text)
    }
}

/// A game of variant `id` from its start position or `fen` (the engine's `Seed` picks a
/// randomized variant's setup), with XBoard's move forms as its dialect.
pub fn new_game(id: VariantId, fen: Option<&str>, seed: u64) -> Result<Box<dyn GameApi>, Error> {
    movegen::with_variant!(id, V => GameBox::<V>::start(id, fen, seed, false)
        .map(|g| Box::new(g.with_dialect(xboard_texts())) as Box<dyn GameApi>))
}

/// A game of variant `id` from a FEN as XBoard writes it (`setboard`), with XBoard's move forms
/// as its dialect.
pub fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Box<dyn GameApi>, Error> {
    movegen::with_variant!(id, V => V::from_xboard_fen(id, fen).map(|start| {
        Box::new(GameBox::new(id, start).with_dialect(xboard_texts())) as Box<dyn GameApi>
    }))
}

/// XBoard `setup` line (engine-defined variants).
pub fn setup(game: &dyn GameApi) -> Option<String> {
    on_box!(game, V, g => V::xboard_setup_of(g.id(), g.game().start()))
}

/// XBoard `piece` lines.
pub fn pieces(game: &dyn GameApi) -> Vec<String> {
    on_box!(game, V, _g => V::xboard_pieces())
}

/// XBoard's highlight dialogue: the colour-FEN board marking where the unit on `lift` can go
/// (yellow quiet, red capture, magenta promotion, cyan the first leg of a multi-leg move); with
/// `put`, the second-leg targets of moves whose first leg ends there.
pub fn highlight(game: &dyn GameApi, lift: &str, put: Option<&str>) -> Option<String> {
    on_box!(game, V, g => {
        super::highlight::board::<V>(g.game().current(), &g.game().legal(), lift, put)
    })
}

/// The moves the engine avoids here (XBoard 4.9.1 would misdraw them and forfeit a later move,
/// or refuse them outright): what `Config::avoid` gets.
pub fn avoid(game: &dyn GameApi) -> Vec<Move> {
    on_box!(game, V, g => V::xboard_avoid(g.game().start(), g.game().moves()))
}

/// Whether every legal move is in `moves`; false without legal moves.
pub fn all_legal_in(game: &dyn GameApi, moves: &[Move]) -> bool {
    on_box!(game, V, g => {
        let legal = g.game().legal();
        !legal.is_empty() && legal.iter().all(|m| moves.contains(m))
    })
}

/// The `highlight` board marking what XBoard cannot draw: the square of the chance piece (the
/// PieceEater); `None` without one or once the game is over.
pub fn marker(game: &dyn GameApi) -> Option<String> {
    on_box!(game, V, g => {
        let pe = g.game().current().chance_piece()?;
        if g.game().legal().is_empty() {
            return None;
        }
        Some(super::highlight::colour_fen::<<V as Rules>::G>(&[(pe, 'B')]))
    })
}

/// Whether `fen` is the current position after a pass (XBoard relays a pass as `setboard`); if
/// so the pass is played and true returned.
pub fn try_pass_as_setboard(game: &mut dyn GameApi, fen: &str) -> bool {
    let pass = on_box!(&*game, V, g => {
        let pos = g.game().current();
        g.game().legal().into_iter().find(|&m| {
            m.kind() == movegen::MoveKind::Pass
                && pos.play(m).xboard_shows(g.id(), fen, g.game().moves())
        })
    });
    pass.is_some_and(|m| game.play(MoveIn::Raw(m.0), Notation::Rules).is_ok())
}

/// The move the engine plays when it must decide the chance outcome of the search's choice
/// `raw` itself (XBoard has no arbiter): `Rules::roll` with `seed`; `raw` without chance.
pub fn realise_raw(game: &dyn GameApi, raw: u32, seed: u64) -> u32 {
    on_box!(game, V, g => g.game().current().roll(Move(raw), seed).0)
}
