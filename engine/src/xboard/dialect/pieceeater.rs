//! `pieceeater` through the protocols (`../shared/reference/xboard-notes.md` §4.3, §4.4).
//!
//! XBoard: parent `bughouse` with 4 holdings (P N B R in hand; captures do not go to a hand),
//! the PE drawn as a white elephant `E` that XBoard can never move. The moving engine rolls the
//! die itself and sends the PE's step in the kill slot: `e2e4,d5e4` (the kill square d5 is the
//! PE's destination; a unit there vanishes on XBoard's board). The leg is left out when the step
//! is forced or there is none, and where XBoard 4.9.1 cannot carry it (tested): drops (it strips
//! or forfeits the leg), e.p. (the kill square replaces the e.p. victim), promotions with a
//! letter (Black's relay drops the letter), a step onto the mover's origin (XBoard deletes the
//! mover) or, after castling, onto the rook's origin, and after a king's normal move (XBoard
//! reads a king's move with a kill square as castling and forfeits it). A receiver then derives the
//! step from the die itself: the die is keyed by the `Seed` option, the position and the
//! action (`Rules::roll`), so two engines with the same `Seed` agree on every such step.
//!
//! A unit eaten without the step carried stays on XBoard's board; the engine keeps a copy of that
//! board ([`xb_board`]) and avoids the moves XBoard would refuse or draw wrongly because of it.

use super::Dialect;
use movegen::moves::MoveKind;
use movegen::rules::{Rules, VariantId};
use movegen::types::{Geo8x8, Geometry, Square};
use movegen::variants::pieceeater::{PeKind, PieceEater, Step};
use movegen::{Error, Move, MoveError};
use xb_board::XbBoard;

mod xb_board;

/// The XBoard piece-to-char table: P N B R Q, the elephant slot (`E`, the PE), the king.
const PIECE_TO_CHAR: &str = "PNBRQ.EKpnbrq.ek";

fn err(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::malformed(text, reason)
}

/// Our FEN in XBoard's form: the PE as `E`, no `pe-left` field.
pub fn fen_to_xboard(fen: &str) -> String {
    let mut f: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if let Some(b) = f.first_mut() {
        *b = b.replace('X', "E");
    }
    f.truncate(6);
    f.join(" ")
}

/// What an XBoard move text says: the action in notation.md form and the PE's destination, if
/// the text carries it.
fn decode(pos: &PieceEater, text: &str) -> Result<(String, Option<Square>), MoveError> {
    let t = text.trim();
    let king_home = pos.turn().select("e1", "e8");
    let t = match t {
        "O-O" | "0-0" => format!("{king_home}{}", pos.turn().select("g1", "g8")),
        "O-O-O" | "0-0-0" => format!("{king_home}{}", pos.turn().select("c1", "c8")),
        _ => t.to_string(),
    };
    let (leg1, leg2) = match t.split_once(',') {
        Some((a, b)) => (a.to_string(), Some(b.to_string())),
        None => (t.clone(), None),
    };
    // Drops: `P@e4`, upper case for both colours (lower case accepted too).
    let leg1 = match leg1.as_bytes() {
        [c, b'@', ..] => format!("{}{}", char::from(*c).to_ascii_uppercase(), &leg1[1..]),
        _ => leg1,
    };
    let Some(leg2) = leg2 else { return Ok((leg1, None)) };
    let bad = || err(text, "a second leg is `<square><square>` (the PE's destination in it)");
    let (a, n) = Geo8x8::parse_square_prefix(&leg2).ok_or_else(bad)?;
    if a == pos.pe() {
        // notation.md: the PE's own leg, from its square to its destination.
        let to = Geo8x8::parse_square(&leg2[n..]).ok_or_else(bad)?;
        return Ok((leg1, Some(to)));
    }
    let first_to = if leg1.contains('@') {
        None
    } else {
        Geo8x8::parse_square_prefix(&leg1)
            .and_then(|(_, n1)| Geo8x8::parse_square_prefix(&leg1[n1..]).map(|(s, _)| s))
    };
    if first_to == Some(a) {
        // Lion form `F K,K T[p]` (XBoard's relay when the kill square holds an enemy unit, or
        // is empty and White moves): from F to T, the PE onto K.
        let (from, _) = Geo8x8::parse_square_prefix(&leg1).ok_or_else(bad)?;
        let rest = &leg2[n..];
        let (to, n2) = Geo8x8::parse_square_prefix(rest).ok_or_else(bad)?;
        let promo = &rest[n2..];
        let promo = if promo.is_empty() {
            // A letter left on the first leg.
            let (_, n1) = Geo8x8::parse_square_prefix(&leg1).ok_or_else(bad)?;
            let (_, n1b) = Geo8x8::parse_square_prefix(&leg1[n1..]).ok_or_else(bad)?;
            leg1[n1 + n1b..].to_string()
        } else {
            promo.to_string()
        };
        return Ok((format!("{}{}{promo}", Geo8x8::name(from), Geo8x8::name(to)), Some(a)));
    }
    // Kill-slot form `F T,K T` (ours) and XBoard's castling-form relay `F T,K x` (x: anything,
    // even off the board): from F to T, the PE onto K.
    Ok((leg1, Some(a)))
}

/// Whether XBoard 4.9.1 can carry `m`'s PE step in the kill slot and still draw the move right
/// (see the module docs). Not on a king's normal move: XBoard forfeits a king's move with a kill
/// square when that square holds an own unit or is empty and Black moves (it reads castling:
/// `h8h7,d7h7` in the GUI test of 2026-11-29).
fn xboard_can_carry(pos: &PieceEater, m: Move) -> bool {
    let k = m.aux();
    match m.kind() {
        MoveKind::Normal | MoveKind::DoublePush => {
            m.promo() == 0 && k != m.from() && pos.board().kind_at(m.from()) != Some(PeKind::King)
        }
        MoveKind::Castle => {
            let rook_from =
                if Geo8x8::file(m.to()) == 6 { Square(m.to().0 + 1) } else { Square(m.to().0 - 2) };
            k != m.from() && k != rook_from
        }
        _ => false,
    }
}

/// The position after `moves` from `start`, and XBoard 4.9.1's board then ([`XbBoard`]). Each
/// turn is taken to have been sent in the form `to_xboard` writes, as two Menagerie engines do; a
/// human's move entered in XBoard carries no step at all, so an eat after it is not seen here.
fn xboard_shadow(start: &PieceEater, moves: &[Move]) -> (PieceEater, XbBoard) {
    let mut xb = XbBoard::new(start);
    let mut pos = *start;
    for &m in moves {
        xb = xb.apply(&pos, m, pos.to_xboard(m).contains(','));
        pos = pos.play(m);
    }
    (pos, xb)
}

impl Dialect for PieceEater {
    /// The moves XBoard's own board ([`XbBoard`]) cannot follow: a drop onto a square it still
    /// shows occupied (a unit the PE ate without XBoard seeing it, or the elephant's first
    /// square), which it refuses even with legality testing off, and a move it would draw wrongly,
    /// such as a king's step onto a ghost rook, which it takes for castling.
    fn xboard_avoid(start: &Self, moves: &[Move]) -> Vec<Move> {
        let (pos, xb) = xboard_shadow(start, moves);
        let before = xb.mismatches(&pos);
        let mut list = <Self as Rules>::Moves::default();
        pos.legal_moves(&mut list);
        list.iter()
            .copied()
            .filter(|&m| xb.cannot_follow(&pos, m, pos.to_xboard(m).contains(','), before))
            .collect()
    }

    fn xboard_setup() -> Option<String> {
        let start = PieceEater::startpos().to_xboard_fen(VariantId::PieceEater);
        Some(format!("setup ({PIECE_TO_CHAR}) 8x8+4_bughouse {start}"))
    }

    /// The elephant (the PE) has no moves of its own on XBoard's board.
    fn xboard_pieces() -> Vec<String> {
        vec!["piece E& ".to_string()]
    }

    fn to_xboard(&self, m: Move) -> String {
        let action = self.action_text(m);
        match self.step_after(m) {
            Step::Random(_) if xboard_can_carry(self, m) => {
                format!("{action},{}{}", Geo8x8::name(m.aux()), Geo8x8::name(m.to()))
            }
            _ => action,
        }
    }

    fn parse_xboard(&self, text: &str) -> Result<Move, MoveError> {
        let (action, step) = decode(self, text)?;
        let full = match step {
            Some(k) => format!("{action},{}{}", Geo8x8::name(self.pe()), Geo8x8::name(k)),
            None => action,
        };
        self.parse_move(&full).map_err(|e| MoveError { text: text.to_string(), ..e })
    }

    /// A turn without its PE leg gets the step from the die keyed by `seed` (`Rules::roll`),
    /// as a turn in notation.md form (`Rules::parse_rolling`).
    fn parse_xboard_rolling(&self, text: &str, seed: u64) -> Result<Move, MoveError> {
        let (action, step) = decode(self, text)?;
        if step.is_some() {
            return self.parse_xboard(text);
        }
        let mut list = <PieceEater as Rules>::Moves::default();
        self.legal_moves(&mut list);
        let first = list.iter().copied().find(|&m| self.action_text(m) == action).ok_or_else(
            || match self.parse_move(&action) {
                Err(e) => MoveError { text: text.to_string(), ..e },
                Ok(_) => MoveError::illegal(text, "not a legal move"),
            },
        )?;
        Ok(self.roll(first, seed))
    }

    /// XBoard's FEN: the PE as `E`, holdings in XBoard's order (or none: empty hands), no
    /// `pe-left` field (its default `-` applies).
    fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Self, Error> {
        Ok(PieceEater::from_fen_as(id, &fen_from_xboard(fen))?)
    }

    fn to_xboard_fen(&self, _id: VariantId) -> String {
        fen_to_xboard(&self.fen())
    }

    fn xboard_board(field: &str) -> String {
        fen_to_xboard(field)
    }
}

/// XBoard's FEN in the rule book's form: `E` is the PE, holdings are the hands.
fn fen_from_xboard(fen: &str) -> String {
    let mut f: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if let Some(b) = f.first_mut() {
        let (board, hand) = match b.split_once('[') {
            Some((bd, h)) => (bd.to_string(), format!("[{h}")),
            // XBoard writes holdings; a FEN without them has empty hands.
            None => (b.clone(), "[]".to_string()),
        };
        *b = format!("{}{hand}", board.replace(['E', 'e'], "X"));
    }
    f.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_line_and_fen_translation() {
        let s = PieceEater::xboard_setup().unwrap();
        assert_eq!(
            s,
            "setup (PNBRQ.EKpnbrq.ek) 8x8+4_bughouse \
             rnbqkbnr/pppppppp/8/8/3E4/8/PPPPPPPP/RNBQKBNR[RBNPPPrbnppp] w KQkq - 0 1"
        );
        // What XBoard 4.9.1 sent the second engine in our tests: holdings in its own order, no
        // pe-left field.
        let xb = "r3k2r/1P6/8/3pP3/3E4/8/6p1/R3K2R[PNBRpnbr] w KQkq d6 0 1";
        let p = PieceEater::from_xboard_fen(VariantId::PieceEater, xb).unwrap();
        assert_eq!(p.fen(), "r3k2r/1P6/8/3pP3/3X4/8/6p1/R3K2R[RBNPrbnp] w KQkq d6 0 1 -");
    }

    #[test]
    fn kill_slot_forms_decode_alike() {
        let p = PieceEater::startpos();
        // The start: PE on d4. After g1f3 (f3 is not next to d4, so rule 3 does not apply) it
        // is free to go to any of c3 d3 e3 c4 e4 c5 d5 e5 (no king is near, pe-left is `-`).
        let want = p.parse_move("g1f3,d4d5").unwrap();
        assert_eq!(p.to_xboard(want), "g1f3,d5f3");
        // Ours, the lion relay `F K,K T`, the castling-form relay `F T,K x` (x anything, even
        // off the board) and notation.md's own form.
        for form in ["g1f3,d5f3", "g1d5,d5f3", "g1f3,d5h3", "g1f3,d5`3", "g1f3,d4d5"] {
            assert_eq!(p.parse_xboard(form), Ok(want), "{form}");
        }
        // Without the leg the step is not forced: refused by the plain parser.
        assert!(p.parse_xboard("g1f3").is_err());
        // e2e4 lands next to the PE: rule 3 forces the step d4e4 (it eats the pawn), so XBoard
        // gets the action alone and the rolling parser applies the forced step for any seed.
        let eat = p.parse_move("e2e4,d4e4").unwrap();
        assert_eq!(p.to_xboard(eat), "e2e4");
        for seed in 0..5 {
            assert_eq!(p.parse_xboard_rolling("e2e4", seed), Ok(eat));
        }
    }

    /// A pawn dropped next to the PE is eaten at once (rule 3, PE-3); XBoard, which gets the
    /// drop without the step, still shows it. Once the PE has moved on, the engine's board has
    /// e2 empty and XBoard's a pawn there: a second drop on e2 would be refused by XBoard and
    /// forfeit the engine, so it is avoided in XBoard mode; other drops are not.
    #[test]
    fn drops_onto_a_unit_xboard_still_shows_are_avoided() {
        let start = PieceEater::from_fen("8/8/K6k/8/8/3X4/8/8[PP] w - - 0 1 -").unwrap();
        let drop = start.parse_move("P@e2,d3e2").unwrap();
        assert_eq!(start.to_xboard(drop), "P@e2", "the forced eat is not carried");
        let after = start.play(drop);
        let mut list = <PieceEater as Rules>::Moves::default();
        after.legal_moves(&mut list);
        let black = list.iter().copied().find(|m| after.action_text(*m) == "h6h5").unwrap();
        let played = [drop, black];
        let pos = after.play(black);
        assert_ne!(pos.pe(), Geo8x8::parse_square("e2").unwrap(), "the PE has left e2");
        let avoid = PieceEater::xboard_avoid(&start, &played);
        assert!(!avoid.is_empty());
        assert!(avoid.iter().all(|m| pos.action_text(*m) == "P@e2"), "{avoid:?}");
        pos.legal_moves(&mut list);
        assert!(list.iter().any(|m| pos.action_text(*m) == "P@f2" && !avoid.contains(m)));
        // Before anything was eaten unseen there is nothing to avoid.
        assert!(PieceEater::xboard_avoid(&start, &[]).is_empty());
    }

    #[test]
    fn keyed_die_is_deterministic_and_follows_the_seed() {
        let p = PieceEater::startpos();
        let a = p.parse_xboard_rolling("g1f3", 7).unwrap();
        assert_eq!(a, p.parse_rolling("g1f3", 7).unwrap());
        assert_eq!(a, p.roll(p.parse_move("g1f3,d4d5").unwrap(), 7));
        // Over many seeds every one of the eight steps comes up.
        let steps: std::collections::BTreeSet<u8> =
            (0..200).map(|s| p.parse_xboard_rolling("g1f3", s).unwrap().aux().0).collect();
        assert_eq!(steps.len(), 8);
    }

    /// A king's move leaves the PE's step out (the receiver rolls it from the keyed die); the
    /// same step after another unit's move is carried.
    #[test]
    fn king_moves_never_carry_the_step() {
        let p = PieceEater::from_fen("8/8/K6k/8/8/3X4/8/r7[PP] b - - 0 1 -").unwrap();
        let mut list = <PieceEater as Rules>::Moves::default();
        p.legal_moves(&mut list);
        let (mut kings, mut rooks) = (0, 0);
        for &m in list.iter() {
            let text = p.to_xboard(m);
            if p.action_text(m).starts_with("h6") {
                assert!(!text.contains(','), "{text}");
                assert_eq!(
                    p.parse_xboard_rolling(&text, 3).map(|r| p.action_text(r)),
                    Ok(p.action_text(m))
                );
                kings += 1;
            } else if p.action_text(m) == "a1a5" {
                assert!(text.starts_with("a1a5,"), "{text}");
                rooks += 1;
            }
        }
        assert!(kings >= 10 && rooks >= 2, "{kings} king moves, {rooks} rook moves");
    }

    /// The GUI test's forfeit of 2026-12-07: a black rook eaten on f8 by a forced step stays on
    /// XBoard's board; the king's later step onto f8 is castling to XBoard (king to c8), and the
    /// king's next move then starts from a square XBoard shows empty. The step onto the ghost
    /// rook is avoided; the king's other steps are not.
    #[test]
    fn a_king_step_onto_a_ghost_rook_is_avoided() {
        let start = PieceEater::from_fen("8/4X3/7k/8/8/8/8/K4r2[] b - - 0 1 -").unwrap();
        // f1f8 lands next to the PE (e7), which must eat the rook (rule 3): not carried.
        let eat = start.parse_move("f1f8,e7f8").unwrap();
        assert_eq!(start.to_xboard(eat), "f1f8");
        let mut pos = start;
        let mut played = vec![];
        // The PE leaves f8 for g8, then (next to the king on g7) for the first rank.
        for text in ["f1f8,e7f8", "a1a2,f8g8", "h6g7,g8g1", "a2a1,g1f1"] {
            let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            played.push(m);
            pos = pos.play(m);
        }
        let avoid = PieceEater::xboard_avoid(&start, &played);
        let texts: Vec<String> = avoid.iter().map(|m| pos.action_text(*m)).collect();
        assert!(!texts.is_empty() && texts.iter().all(|t| t == "g7f8"), "{texts:?}");
        let mut list = <PieceEater as Rules>::Moves::default();
        pos.legal_moves(&mut list);
        assert!(list.iter().any(|m| pos.action_text(*m) == "g7g6" && !avoid.contains(m)));
    }
}
