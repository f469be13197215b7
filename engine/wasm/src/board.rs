//! ffish.js's `Board` over a session game: move lists as space-separated texts (notation.md,
//! which is UCI for chess), `push` answering `false` for a move that is not legal, the FEN
//! with Fairy-Stockfish's e.p. field. What differs from ffish.js is in docs/javascript.md.

use crate::error;
use compat::legal_move;
use session::pgn::san_key;
use session::{Error, GameApi, Notation};
use wasm_bindgen::prelude::*;

/// A game of one variant and its moves (ffish.js's `Board`).
#[wasm_bindgen]
pub struct Board {
    game: Box<dyn GameApi>,
    variant: String,
    chess960: bool,
    start: Option<String>,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({}, {})", self.variant, self.game.fen())
    }
}

/// The field `i` of a FEN as a number (0 when absent).
fn fen_number(fen: &str, i: usize) -> u32 {
    fen.split_whitespace().nth(i).and_then(|f| f.parse().ok()).unwrap_or(0)
}

impl Board {
    /// A board of `variant` (default `chess`) from `fen` (its start when empty).
    pub fn create(
        variant: Option<String>,
        fen: Option<String>,
        is960: bool,
    ) -> Result<Board, Error> {
        let variant = variant.filter(|v| !v.is_empty()).unwrap_or_else(|| "chess".into());
        let start = fen.filter(|f| !f.trim().is_empty());
        let game = compat::game_after(&variant, start.as_deref(), &[], is960)?;
        Ok(Board { game, variant, chess960: is960, start })
    }

    /// The game (for the package's other parts).
    pub fn game(&self) -> &dyn GameApi {
        &*self.game
    }

    /// The legal move whose algebraic text is `san` (check marks and `0-0` for `O-O` allowed).
    fn text_of_san(&self, san: &str) -> Option<String> {
        let key = san_key(san.trim());
        let sans = self.game.legal_sans();
        let i = sans.iter().position(|s| san_key(s) == key)?;
        self.game.legal_texts(Notation::Rules).into_iter().nth(i)
    }

    fn texts(list: &str) -> Vec<String> {
        list.split_whitespace().map(str::to_string).collect()
    }
}

#[wasm_bindgen]
impl Board {
    /// `new Board(variant = "chess", fen = start, is960 = false)`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        variant: Option<String>,
        fen: Option<String>,
        is960: Option<bool>,
    ) -> Result<Board, JsValue> {
        Board::create(variant, fen, is960.unwrap_or(false)).map_err(error)
    }

    /// The legal moves, space-separated (whole turns in a game of chance).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> String {
        self.game.legal_texts(Notation::Rules).join(" ")
    }

    /// The legal moves' algebraic texts, space-separated.
    #[wasm_bindgen(js_name = legalMovesSan)]
    pub fn legal_moves_san(&self) -> String {
        self.game.legal_sans().join(" ")
    }

    /// How many legal moves there are.
    #[wasm_bindgen(js_name = numberLegalMoves)]
    pub fn number_legal_moves(&self) -> u32 {
        self.game.legal_texts(Notation::Rules).len() as u32
    }

    /// Plays `uci_move`; `false` (and nothing changes) when it is not legal.
    pub fn push(&mut self, uci_move: &str) -> bool {
        compat::play(&mut *self.game, uci_move.trim()).is_ok()
    }

    /// Plays the move whose algebraic text is `san_move`; `false` when none is.
    #[wasm_bindgen(js_name = pushSan)]
    pub fn push_san(&mut self, san_move: &str, notation: Option<i32>) -> bool {
        let _ = notation;
        match self.text_of_san(san_move) {
            Some(text) => self.push(&text),
            None => false,
        }
    }

    /// Takes back the last move (nothing when none was played).
    pub fn pop(&mut self) {
        self.game.undo();
    }

    /// Back to the start position, no moves.
    pub fn reset(&mut self) -> Result<(), JsValue> {
        self.game = compat::game_after(&self.variant, self.start.as_deref(), &[], self.chess960)
            .map_err(error)?;
        Ok(())
    }

    /// Whether castling is written as in Chess960.
    #[wasm_bindgen(js_name = is960)]
    pub fn is_960(&self) -> bool {
        self.chess960
    }

    /// The FEN (e.p. field only when an e.p. capture can be made).
    pub fn fen(&self, show_promoted: Option<bool>, count_started: Option<i32>) -> String {
        let _ = (show_promoted, count_started);
        compat::fen(&*self.game)
    }

    /// A new position from `fen`, no moves; a FEN that does not read throws `FenError` and
    /// changes nothing.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: &str) -> Result<(), JsValue> {
        let game =
            compat::game_after(&self.variant, Some(fen), &[], self.chess960).map_err(error)?;
        self.game = game;
        self.start = Some(fen.to_string());
        Ok(())
    }

    /// The algebraic text of `uci_move` here; throws for a move that is not legal.
    #[wasm_bindgen(js_name = sanMove)]
    pub fn san_move(&self, uci_move: &str, notation: Option<i32>) -> Result<String, JsValue> {
        compat::san(&*self.game, uci_move.trim(), notation.unwrap_or(0)).map_err(error)
    }

    /// The algebraic texts of the line `uci_moves` (space-separated) from here, with move
    /// numbers (`1. e4 e5 2. Nf3`) unless `move_numbers` is `false`.
    #[wasm_bindgen(js_name = variationSan)]
    pub fn variation_san(
        &self,
        uci_moves: &str,
        notation: Option<i32>,
        move_numbers: Option<bool>,
    ) -> Result<String, JsValue> {
        let sans = compat::san_moves(&*self.game, &Self::texts(uci_moves), notation.unwrap_or(0))
            .map_err(error)?;
        if !move_numbers.unwrap_or(true) {
            return Ok(sans.join(" "));
        }
        let mut number = self.fullmove_number();
        let mut white = self.turn();
        let mut out = Vec::new();
        for (i, s) in sans.into_iter().enumerate() {
            if white {
                out.push(format!("{number}. {s}"));
            } else if i == 0 {
                out.push(format!("{number}...{s}"));
            } else {
                out.push(s);
            }
            if !white {
                number += 1;
            }
            white = !white;
        }
        Ok(out.join(" "))
    }

    /// `true` when White is to move.
    pub fn turn(&self) -> bool {
        self.game.turn() == movegen::types::Color::White
    }

    /// The FEN's move number.
    #[wasm_bindgen(js_name = fullmoveNumber)]
    pub fn fullmove_number(&self) -> u32 {
        fen_number(&self.game.fen(), 5).max(1)
    }

    /// The FEN's half-move clock.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        fen_number(&self.game.fen(), 4)
    }

    /// Plies since the start of the game the FEN counts from.
    #[wasm_bindgen(js_name = gamePly)]
    pub fn game_ply(&self) -> u32 {
        2 * (self.fullmove_number() - 1) + u32::from(!self.turn())
    }

    /// Whether the side `turn` (`true`: White) lacks the material to win: Menagerie knows dead
    /// positions (neither side can win), so both sides answer the same.
    #[wasm_bindgen(js_name = hasInsufficientMaterial)]
    pub fn has_insufficient_material(&self, turn: bool) -> bool {
        let _ = turn;
        self.game.insufficient_material()
    }

    /// Whether neither side can win any more.
    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        self.game.insufficient_material()
    }

    /// Whether the game has ended (draws a player must claim only with `claim_draw`).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self, claim_draw: Option<bool>) -> bool {
        self.result(claim_draw) != "*"
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result(&self, claim_draw: Option<bool>) -> String {
        compat::result(&*self.game, claim_draw.unwrap_or(false)).to_string()
    }

    /// The squares of the side to move's royal pieces in check, space-separated.
    #[wasm_bindgen(js_name = checkedPieces)]
    pub fn checked_pieces(&self) -> String {
        self.game.check_at(self.game.ply()).join(" ")
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        compat::in_check(&*self.game)
    }

    /// Always `false`: bikjang is Janggi's, which Menagerie does not play.
    #[wasm_bindgen(js_name = isBikjang)]
    pub fn is_bikjang(&self) -> bool {
        false
    }

    /// Whether `uci_move` takes an enemy unit off the board (`false` for a move that is not
    /// legal).
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(&self, uci_move: &str) -> bool {
        legal_move(&*self.game, uci_move.trim()).is_ok_and(|l| l.capture)
    }

    /// The moves played, space-separated (whole turns).
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> String {
        self.game.move_texts(Notation::Rules).join(" ")
    }

    /// Plays the space-separated `uci_moves`; when one is not legal, throws and plays none.
    #[wasm_bindgen(js_name = pushMoves)]
    pub fn push_moves(&mut self, uci_moves: &str) -> Result<(), JsValue> {
        let mut game = self.game.clone_box();
        for (i, text) in Self::texts(uci_moves).iter().enumerate() {
            compat::play(&mut *game, text)
                .map_err(|e| error(e.context(format!("move {} `{text}`", i + 1))))?;
        }
        self.game = game;
        Ok(())
    }

    /// Plays the space-separated algebraic `san_moves`; when one is not legal, throws and
    /// plays none.
    #[wasm_bindgen(js_name = pushSanMoves)]
    pub fn push_san_moves(
        &mut self,
        san_moves: &str,
        notation: Option<i32>,
    ) -> Result<(), JsValue> {
        let _ = notation;
        let before = self.game.clone_box();
        for (i, san) in Self::texts(san_moves).iter().enumerate() {
            let played = match self.text_of_san(san) {
                Some(text) => compat::play(&mut *self.game, &text).map(|_| ()),
                None => Err(Error::IllegalMove {
                    text: san.clone(),
                    message: format!("`{san}` is not a legal move here"),
                }),
            };
            if let Err(e) = played {
                self.game = before;
                return Err(error(e.context(format!("move {} `{san}`", i + 1))));
            }
        }
        Ok(())
    }

    /// The hand of `color` (`true`: White) as lower-case letters (PieceEater; empty in variants
    /// without hands).
    pub fn pocket(&self, color: bool) -> String {
        let hands = self.game.view().hands.unwrap_or_default();
        hands[usize::from(!color)].to_ascii_lowercase()
    }

    /// The board as text.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        session::board::render(&*self.game)
    }

    /// The board as text with its FEN.
    #[wasm_bindgen(js_name = toVerboseString)]
    pub fn to_verbose_string(&self) -> String {
        format!("{}\nFen: {}", self.to_text(), self.fen(None, None))
    }

    /// The variant id.
    #[wasm_bindgen(js_name = variant)]
    pub fn variant_id(&self) -> String {
        self.variant.clone()
    }

    /// The variant table's entry as JSON text (the package's `variantInfo()` parses it).
    #[wasm_bindgen(js_name = variantInfoJson)]
    pub fn variant_info_json(&self) -> String {
        compat::variant_info(self.game.variant()).to_string()
    }

    /// The number of leaf positions `depth` moves deep (perft; a move is a whole turn).
    pub fn perft(&self, depth: u32) -> f64 {
        if depth == 0 {
            return 1.0;
        }
        let stop = std::sync::atomic::AtomicBool::new(false);
        let rows = self.game.divide(depth, 1, &stop, Notation::Rules).unwrap_or_default();
        // A JavaScript number: exact up to 2^53.
        rows.iter().map(|(_, n)| n).sum::<u64>() as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ffish_board_basics() {
        let mut b = Board::create(None, None, false).unwrap();
        assert_eq!(b.number_legal_moves(), 20);
        assert!(b.push("e2e4"));
        assert!(!b.push("e2e4"), "not legal twice; nothing changes");
        assert!(b.push_san("e5", None));
        assert_eq!(b.move_stack(), "e2e4 e7e5");
        assert_eq!(
            b.fen(None, None),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        assert_eq!(b.game_ply(), 2);
        assert_eq!(b.variation_san("g1f3 b8c6", None, None).unwrap(), "2. Nf3 Nc6");
        b.pop();
        assert_eq!(b.move_stack(), "e2e4");
        assert!(!b.turn());
        assert_eq!(b.result(None), "*");
        // The public perft numbers of chess's start: 20 and 400.
        let fresh = Board::create(None, None, false).unwrap();
        assert_eq!(fresh.perft(1), 20.0);
        assert_eq!(fresh.perft(2), 400.0);
    }
}
