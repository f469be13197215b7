//! The Fairy-Stockfish-compatible layer, one home for both packages: pyffish's conventions
//! (Python, `engine/python`) and ffish.js's (JavaScript, `engine/wasm`) over the session, so
//! that a server or a page written for those libraries can switch per game. Where their
//! conventions and the rule book's differ, this layer follows theirs (the e.p. field: written
//! only when an e.p. capture can be made; a game's value for the side to move); what still
//! differs is listed in docs/python.md and docs/javascript.md. No Python or JavaScript here:
//! the packages decode their arguments, call these functions and encode the answers.
#![forbid(unsafe_code)]

use movegen::moves::MoveKind;
use movegen::rules::{EndReason, GameEnd, Outcome, VariantId};
use movegen::types::Color;
use session::api::LegalMove;
use session::{new_game_with, Error, GameApi, MoveIn, Notation};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The value of a won game for the side to move (a mate is `-VALUE_MATE` for the mated).
pub const VALUE_MATE: i32 = 32_000;
/// The value of a drawn game.
pub const VALUE_DRAW: i32 = 0;

/// `validate_fen`'s answers (Fairy-Stockfish's `FenValidation`).
pub const FEN_CODES: [(&str, i32); 16] = [
    ("FEN_OK", 1),
    ("FEN_EMPTY", 0),
    ("FEN_INVALID_MOVE_COUNTER", -1),
    ("FEN_INVALID_HALF_MOVE_COUNTER", -2),
    ("FEN_INVALID_NUMBER_OF_KINGS", -3),
    ("FEN_INVALID_EN_PASSANT_SQ", -4),
    ("FEN_INVALID_CASTLING_INFO", -5),
    ("FEN_INVALID_SIDE_TO_MOVE", -6),
    ("FEN_INVALID_POCKET_INFO", -7),
    ("FEN_INVALID_BOARD_GEOMETRY", -8),
    ("FEN_TOUCHING_KINGS", -9),
    ("FEN_INVALID_CHAR", -10),
    ("FEN_INVALID_NB_PARTS", -11),
    ("FEN_INVALID_PROMOTED_PIECE", -12),
    ("FEN_INVALID_CHECK_COUNT", -13),
    ("FEN_INVALID_COUNTING_RULE", -14),
];

/// The notations of `get_san` / `sanMove`; Menagerie writes the first two (its own algebraic
/// text).
pub const NOTATIONS: [(&str, i32); 10] = [
    ("NOTATION_DEFAULT", 0),
    ("NOTATION_SAN", 1),
    ("NOTATION_LAN", 2),
    ("NOTATION_SHOGI_HOSKING", 3),
    ("NOTATION_SHOGI_HODGES", 4),
    ("NOTATION_SHOGI_HODGES_NUMBER", 5),
    ("NOTATION_JANGGI", 6),
    ("NOTATION_XIANGQI_WXF", 7),
    ("NOTATION_THAI_SAN", 8),
    ("NOTATION_THAI_LAN", 9),
];

/// The seed of the die that rolls a chance outcome a move text leaves out (the `Seed` option).
static SEED: AtomicU64 = AtomicU64::new(0);

/// Sets the `Seed` option.
pub fn set_seed(seed: u64) {
    SEED.store(seed, Relaxed);
}

/// The `Seed` option.
pub fn seed() -> u64 {
    SEED.load(Relaxed)
}

/// The variant of `name`, or [`Error::UnknownVariant`] listing the known ids.
pub fn variant(name: &str) -> Result<VariantId, Error> {
    VariantId::parse(name).ok_or_else(|| {
        let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        Error::UnknownVariant {
            name: name.to_string(),
            message: format!("unknown variant `{name}` (known: {})", known.join(", ")),
        }
    })
}

/// The variant ids.
pub fn variants() -> Vec<&'static str> {
    VariantId::ALL.iter().map(|v| v.name()).collect()
}

/// The start FEN of `variant` (`eightpiece-random`: its setup 0).
pub fn start_fen(variant_name: &str) -> Result<String, Error> {
    Ok(new_game_with(variant(variant_name)?, None, 0, false)?.start_fen())
}

/// The game of `variant` from `fen` (its start when `None`) after `moves` (notation.md; in a
/// game of chance a turn may leave its outcome to the die keyed by the `Seed` option).
pub fn game_after(
    variant_name: &str,
    fen: Option<&str>,
    moves: &[String],
    chess960: bool,
) -> Result<Box<dyn GameApi>, Error> {
    let mut game = new_game_with(variant(variant_name)?, fen, 0, chess960)?;
    for (i, text) in moves.iter().enumerate() {
        play(&mut *game, text).map_err(|e| e.context(format!("move {} `{text}`", i + 1)))?;
    }
    Ok(game)
}

/// Plays `text` (see [`game_after`]); returns the whole move's text.
pub fn play(game: &mut dyn GameApi, text: &str) -> Result<String, Error> {
    game.play(MoveIn::Keyed { text, seed: seed() }, Notation::Rules)
}

/// The legal move `text` names in `game` (its whole turn in a game of chance).
pub fn legal_move(game: &dyn GameApi, text: &str) -> Result<LegalMove, Error> {
    let mut probe = game.clone_box();
    let full = play(&mut *probe, text)?;
    let found = game.legal(Notation::Rules).into_iter().find(|l| l.text == full);
    found.ok_or_else(|| Error::IllegalMove {
        text: text.to_string(),
        message: format!("`{text}` is not a legal move here"),
    })
}

/// The FEN of the current position as Fairy-Stockfish writes it: the e.p. field only when an
/// e.p. capture can be made.
pub fn fen(game: &dyn GameApi) -> String {
    let fen = game.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let ep_capture =
        |l: &LegalMove| matches!(l.input.kind, MoveKind::EnPassant | MoveKind::JumpEnPassant);
    if fields.len() > 3 && fields[3] != "-" && !game.legal(Notation::Rules).iter().any(ep_capture) {
        fields[3] = "-";
    }
    fields.join(" ")
}

/// The algebraic text of `text` in `game` in the library's `notation` (0 or 1).
pub fn san(game: &dyn GameApi, text: &str, notation: i32) -> Result<String, Error> {
    if notation > 1 {
        return Err(Error::BadArgument {
            message: format!(
                "notation {notation}: Menagerie writes NOTATION_DEFAULT and NOTATION_SAN only"
            ),
        });
    }
    Ok(legal_move(game, text)?.san)
}

/// The algebraic texts of the line `moves` from the current position of `game`.
pub fn san_moves(
    game: &dyn GameApi,
    moves: &[String],
    notation: i32,
) -> Result<Vec<String>, Error> {
    let mut game = game.clone_box();
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        out.push(san(&*game, text, notation)?);
        play(&mut *game, text).map_err(|e| e.context(format!("move {} `{text}`", i + 1)))?;
    }
    Ok(out)
}

/// `end` as the libraries value it for the side to move.
pub fn value(game: &dyn GameApi, end: &GameEnd) -> i32 {
    match end.outcome {
        Outcome::Win(c) if c == game.turn() => VALUE_MATE,
        Outcome::Win(_) => -VALUE_MATE,
        Outcome::Draw => VALUE_DRAW,
    }
}

/// Whether the side to move is in check.
pub fn in_check(game: &dyn GameApi) -> bool {
    !game.check_at(game.ply()).is_empty()
}

/// pyffish's `game_result`: `-VALUE_MATE` mated, `VALUE_MATE` won, `VALUE_DRAW` drawn; a
/// position that has not ended answers as if it had no legal move (`-VALUE_MATE` in check,
/// else `VALUE_DRAW`).
pub fn game_result(game: &dyn GameApi) -> i32 {
    match game.end() {
        Some(end) => value(game, &end),
        None if in_check(game) => -VALUE_MATE,
        None => VALUE_DRAW,
    }
}

/// Whether the game has ended by a rule while moves remain (a captured king, a variant's own
/// end), and its value for the side to move; the ends without a legal move are
/// [`game_result`]'s.
pub fn immediate_end(game: &dyn GameApi) -> (bool, i32) {
    let by_history =
        [EndReason::Repetition, EndReason::FiftyMoves, EndReason::InsufficientMaterial];
    match game.end() {
        Some(e)
            if !by_history.contains(&e.reason) && !game.legal_texts(Notation::Rules).is_empty() =>
        {
            (true, value(game, &e))
        }
        _ => (false, VALUE_DRAW),
    }
}

/// Whether a player may claim the end: threefold repetition or the move-count rule.
pub fn optional_end(game: &dyn GameApi) -> (bool, i32) {
    match game.end() {
        Some(e) if matches!(e.reason, EndReason::Repetition | EndReason::FiftyMoves) => {
            (true, value(game, &e))
        }
        _ => (false, VALUE_DRAW),
    }
}

/// ffish.js's `result()`: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on. Draws a
/// player must claim (repetition, the move-count rule) count only with `claim_draw`; the rule
/// book's automatic ends always count.
pub fn result(game: &dyn GameApi, claim_draw: bool) -> &'static str {
    match game.end() {
        Some(e)
            if !claim_draw && matches!(e.reason, EndReason::Repetition | EndReason::FiftyMoves) =>
        {
            "*"
        }
        Some(e) => match e.outcome {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        },
        None => "*",
    }
}

/// `FEN_OK` (1) when `variant` can start from `fen`, else a negative code for what is wrong
/// with it (`FEN_EMPTY`, 0, for an empty text). Menagerie's FEN reader names the field at
/// fault; the board field's code is chosen by the reader's message (kings, ranks, letters).
pub fn validate_fen(fen: &str, variant_name: &str, chess960: bool) -> Result<i32, Error> {
    let id = variant(variant_name)?;
    if fen.is_empty() {
        return Ok(0);
    }
    let read = movegen::with_variant!(id, V => {
        session::start::read_fen::<V>(id, fen, chess960).map(|_| ())
    });
    Ok(match read {
        Ok(()) => 1,
        Err(e) => fen_code(e.field, &e.to_string()),
    })
}

/// The `validate_fen` code of an error in FEN field `field` whose text is `message`.
fn fen_code(field: &str, message: &str) -> i32 {
    match field {
        "fields" => -11,
        "hand" => -7,
        "side" => -6,
        "castling" => -5,
        "en-passant" => -4,
        "halfmove" => -2,
        "fullmove" => -1,
        "board" if message.contains("kings") => -3,
        "board" if message.contains("squares") || message.contains("ranks;") => -8,
        _ => -10,
    }
}

/// The variant table's entry of `v` as the web board reads it (`board::table::variant_json`:
/// id, title, board shape, pieces with their names and moves, move forms, marks, setups), with
/// the start FEN and without the web board's image URLs: `variant_info` / `variantInfo`.
pub fn variant_info(v: VariantId) -> serde_json::Value {
    let mut entry = board::table::variant_json(v, serde_json::Value::Null);
    if let serde_json::Value::Object(o) = &mut entry {
        o.remove("images");
        o.insert(
            "start_fen".into(),
            v.info().start_fen.map_or(serde_json::Value::Null, Into::into),
        );
    }
    entry
}

/// The package's version as `(major, minor, patch)`.
pub fn version() -> (u32, u32, u32) {
    let mut parts = env!("CARGO_PKG_VERSION").split('.').map(|p| p.parse().unwrap_or(0));
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ep_field_only_when_a_capture_can_be_made() {
        let g = game_after("chess", None, &["e2e4".to_string()], false).unwrap();
        assert_eq!(fen(&*g), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let moves: Vec<String> = ["e2e4", "a7a6", "e4e5", "d7d5"].map(String::from).to_vec();
        let g = game_after("chess", None, &moves, false).unwrap();
        assert!(fen(&*g).contains(" d6 "), "{}", fen(&*g));
    }

    #[test]
    fn results_and_codes() {
        // Fool's mate: White is mated.
        let moves: Vec<String> = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec();
        let g = game_after("chess", None, &moves, false).unwrap();
        assert_eq!(game_result(&*g), -VALUE_MATE);
        assert_eq!(result(&*g, false), "0-1");
        assert_eq!(validate_fen("8/8/8/8/8/8/8/8 w - - 0 1", "chess", false).unwrap(), -3);
        assert_eq!(validate_fen("", "chess", false).unwrap(), 0);
        assert!(matches!(variant("nope"), Err(Error::UnknownVariant { .. })));
        assert!(san(&*g, "e2e4", 5).is_err());
    }
}
