//! `jumpingknights` through XBoard 4.9.1 (`../shared/reference/xboard-notes.md` §4.2, §4.3).
//!
//! * Board: parent `grand` (10x10, ranks numbered from 0 as ours). XBoard names the ten files
//!   `a`..`j`, ours are `z a b c d e f g h i`, so every square crossing the XBoard boundary is
//!   renamed: z→a, a→b, …, h→i, i→j (ranks unchanged). Moves, `lift`/`put` squares and the e.p.
//!   field of a `setboard` FEN are translated; the placement part of a FEN is positional and
//!   needs nothing.
//! * Jump captures travel in XBoard's "lion" form `from victim, victim landing`, e.g. our
//!   `b0c0,c0f0` is XBoard's `c0d0,d0g0`: the kill square holds the victim, an enemy unit, so
//!   XBoard removes it and relays the text verbatim for both colours.
//! * En passant: our `e5d6,d6c7` names the skipped square; XBoard must get the victim's square
//!   as the kill square (`e5d5,d5c7` in our names, `f5e5,e5d7` in XBoard's).
//! * Castling is the king's two-square move (`e1g1` → `f1h1`); XBoard 4.9.1 moves the rook
//!   itself (checked under Xvfb, see `docs/variants/jumpingknights.md`, "Engine: ..." section).
//! * `setboard`: XBoard omits the castling field for the `grand` parent, so the rights are
//!   inferred from the placement (king on e1/e8 with a rook on a/h of that rank), and its e.p.
//!   square is in XBoard's names. A six-field FEN is the rule book's and is not translated.

use super::Dialect;
use movegen::rules::{Rules, VariantId};
use movegen::types::{Geo10x10, Geometry, Square};
use movegen::variants::jumpingknights::{JumpingKnights, START_FEN};
use movegen::{Error, Move, MoveError, MoveKind};

/// XBoard's file letters for our file indices 0..9 (`z a .. h i`).
const XB_FILES: &[u8; 10] = b"abcdefghij";

/// A square in XBoard's names (`z0` → `a0`).
fn xb_name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    s.push(char::from(XB_FILES[usize::from(Geo10x10::file(sq))]));
    s.push(char::from(b'0' + Geo10x10::rank(sq)));
    s
}

/// Parses a square in XBoard's names at the start of `text` (two characters: file `a`..`j`,
/// rank `0`..`9`).
fn xb_square_prefix(text: &str) -> Option<(Square, usize)> {
    let b = text.as_bytes();
    let f = XB_FILES.iter().position(|&c| Some(&c) == b.first())?;
    let r = b.get(1).filter(|c| c.is_ascii_digit())?.checked_sub(b'0')?;
    Some((Geo10x10::square(f as i32, i32::from(r))?, 2))
}

fn promo_letter(m: Move) -> Option<char> {
    // Promotion codes are the kind index: 1 N, 2 B, 3 R, 4 Q, 6 W.
    const LETTERS: [char; 7] = ['p', 'n', 'b', 'r', 'q', 'k', 'w'];
    (m.promo() != 0).then(|| LETTERS[usize::from(m.promo())])
}

/// One parsed XBoard move text.
struct XbText {
    a: Square,
    b: Square,
    /// Second leg: its origin (the kill square) and, if it parses, its destination.
    second: Option<(Square, Option<Square>)>,
    promo: Option<u8>,
}

fn parse_text(text: &str) -> Option<XbText> {
    let (legs, promo) = match text.as_bytes().last()? {
        c if c.is_ascii_alphabetic() && !c.is_ascii_digit() => {
            let code = match c.to_ascii_lowercase() {
                b'n' => 1,
                b'b' => 2,
                b'r' => 3,
                b'q' => 4,
                b'w' => 6,
                _ => return None,
            };
            (&text[..text.len() - 1], Some(code))
        }
        _ => (text, None),
    };
    let (first, second) = match legs.split_once(',') {
        Some((f, s)) => (f, Some(s)),
        None => (legs, None),
    };
    let (a, n) = xb_square_prefix(first)?;
    let (b, n2) = xb_square_prefix(&first[n..])?;
    if n + n2 != first.len() {
        return None;
    }
    let second = match second {
        None => None,
        Some(s) => {
            if s.len() != 4 {
                return None;
            }
            let (k, _) = xb_square_prefix(s)?;
            // The castling form's last square may lie off the board (XBoard writes T's file
            // +-1, even a backtick): it carries nothing, so it is only read when it parses.
            Some((k, xb_square_prefix(&s[2..]).map(|(t, _)| t)))
        }
    };
    Some(XbText { a, b, second, promo })
}

/// Whether the legal move `m` of `pos` is the one the XBoard text `t` names.
fn xb_matches(pos: &JumpingKnights, m: Move, t: &XbText) -> bool {
    if m.from() != t.a {
        return false;
    }
    let promo_ok = |given: Option<u8>| given.is_none_or(|p| p == m.promo());
    match (m.kind(), t.second) {
        (MoveKind::Jump | MoveKind::JumpEnPassant, Some((k, d))) => {
            // The kill square: the victim (XBoard's form), or for e.p. also the skipped
            // square (our own form relayed through XBoard).
            let victim = pos.victim_square(m).expect("a jump has a victim");
            let kill_ok = k == victim || (m.kind() == MoveKind::JumpEnPassant && k == m.to());
            if !kill_ok {
                return false;
            }
            if t.b == k {
                // Lion form: from kill, kill landing.
                d == Some(m.aux()) && t.promo.unwrap_or(0) == m.promo()
            } else {
                // Castling form (XBoard's re-encoding when the kill square's occupant
                // shares the mover's colour, which never happens for a real victim): from
                // landing, kill anything; the promotion letter may be lost.
                t.b == m.aux() && promo_ok(t.promo)
            }
        }
        (MoveKind::Jump | MoveKind::JumpEnPassant, None) => false,
        (_, Some(_)) => false,
        (_, None) => m.to() == t.b && t.promo.unwrap_or(0) == m.promo(),
    }
}

/// The castling field implied by the placement: a right wherever the king and that rook stand
/// on their home squares (e1/h1, e1/a1, e8/h8, e8/a8).
fn inferred_castling(pos: &JumpingKnights) -> String {
    use movegen::types::{Color, Piece};
    use movegen::variants::jumpingknights::JkKind;
    let b = pos.board();
    let at = |name: &str, kind: JkKind, c: Color| {
        b.piece_at(Geo10x10::parse_square(name).expect("square")) == Some(Piece::new(kind, c))
    };
    let mut s = String::new();
    for (king, rook, letter, c) in [
        ("e1", "h1", 'K', Color::White),
        ("e1", "a1", 'Q', Color::White),
        ("e8", "h8", 'k', Color::Black),
        ("e8", "a8", 'q', Color::Black),
    ] {
        if at(king, JkKind::King, c) && at(rook, JkKind::Rook, c) {
            s.push(letter);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// A king move XBoard 4.9.1 would take for castling: two or more files along its rank that is
/// not our castling (a king jump capture `d2e2,e2f2` was drawn as castling, which moved a pawn
/// beside the king on XBoard's board; XBoard then forfeited that pawn's next move).
fn xboard_misdraws_king_move(pos: &JumpingKnights, m: Move) -> bool {
    let f = m.from();
    // A jump's landing square is `aux` (`to` is the victim).
    let t =
        if matches!(m.kind(), MoveKind::Jump | MoveKind::JumpEnPassant) { m.aux() } else { m.to() };
    m.kind() != MoveKind::Castle
        && pos.king(pos.turn()) == f
        && Geo10x10::rank(f) == Geo10x10::rank(t)
        && Geo10x10::file(f).abs_diff(Geo10x10::file(t)) >= 2
}

impl Dialect for JumpingKnights {
    fn xboard_avoid(start: &Self, moves: &[Move]) -> Vec<Move> {
        let pos = moves.iter().fold(*start, |p, &m| p.play(m));
        let mut list = <Self as Rules>::Moves::default();
        pos.legal_moves(&mut list);
        list.iter().copied().filter(|&m| xboard_misdraws_king_move(&pos, m)).collect()
    }

    /// XBoard's piece order is `P N B R Q F E A C W M O H I J G D V L S U K`: the Nightrider
    /// takes the Nightrider slot (H) with the letter N, the War Machine the Wazir slot (W); the
    /// knight and every other slot are unused.
    fn xboard_setup() -> Option<String> {
        Some(format!(
            "setup (P.BRQ....W..N........Kp.brq....w..n........k) 10x10+0_grand {START_FEN}"
        ))
    }

    /// XBetza (`a` chains a jump capture: capture on the first leg, then continue forward
    /// without capturing, as in H.G. Muller's Jumping Chess descriptions). XBetza cannot say
    /// that a non-capture must end centrally, nor the War Machine's mixed 1+3 / 3+1 captures
    /// (one atom per chain), nor this game's e.p. jump; XBoard runs with legality testing off and
    /// takes its move highlights from the engine, so these lines only describe the pieces.
    fn xboard_pieces() -> Vec<String> {
        [
            "piece N& mN0cafmN0",
            "piece W& mWmHcafmWcafmH",
            "piece B& mBcafmB",
            "piece R& mRcafmR",
            "piece Q& mQcafmQ",
            "piece K& mKcafmK",
            "piece P& ifmnDfmWfcafmF",
        ]
        .iter()
        .map(|s| (*s).to_string())
        .collect()
    }

    fn to_xboard(&self, m: Move) -> String {
        let mut s = xb_name(m.from());
        match m.kind() {
            MoveKind::Jump | MoveKind::JumpEnPassant => {
                let victim = self.victim_square(m).expect("a jump has a victim");
                s.push_str(&xb_name(victim));
                s.push(',');
                s.push_str(&xb_name(victim));
                s.push_str(&xb_name(m.aux()));
            }
            _ => s.push_str(&xb_name(m.to())),
        }
        if let Some(c) = promo_letter(m) {
            s.push(c);
        }
        s
    }

    /// XBoard's forms only (squares `a`..`j`): the notation.md text of a move would name other
    /// squares (our `e2e4` is XBoard's `f2f4`), so it cannot be accepted here as well.
    fn parse_xboard(&self, text: &str) -> Result<Move, MoveError> {
        let text = super::castling_text(text, self.turn(), ["f1h1", "f1d1", "f8h8", "f8d8"]);
        let Some(t) = parse_text(text) else {
            return Err(MoveError::malformed(
                text,
                "not a move in XBoard's coordinates (files a-j, ranks 0-9)",
            ));
        };
        let mut list = <Self as Rules>::Moves::default();
        self.legal_moves(&mut list);
        let found: Vec<Move> = list.iter().copied().filter(|&m| xb_matches(self, m, &t)).collect();
        match found.as_slice() {
            [m] => Ok(*m),
            [] => {
                let without = self.moves_without_rule4();
                if without.iter().any(|&m| xb_matches(self, m, &t)) {
                    Err(MoveError::illegal(
                        text,
                        "Rule 4 (JK-5): a unit on an edge square can capture onto a central \
                         square, so make such a capture or give check",
                    ))
                } else {
                    Err(MoveError::illegal(text, "not a legal move"))
                }
            }
            _ => Err(MoveError::ambiguous(text, "ambiguous (give the promotion letter)")),
        }
    }

    fn xboard_square_prefix(text: &str) -> Option<(Square, usize)> {
        xb_square_prefix(text)
    }

    /// XBoard's FEN: the placement is positional; the castling field is missing for the
    /// `grand` parent (inferred from the placement) and the e.p. square is in XBoard's names.
    fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Self, Error> {
        Ok(JumpingKnights::from_fen_as(id, &translate_xboard_fen(fen))?)
    }
}

/// XBoard's FEN in the rule book's form. Only XBoard's own shape is translated: five fields
/// (board side ep half full, the castling field missing for the `grand` parent). A six-field
/// FEN is the rule book's (our match runner's `setboard`, a user's paste) and is kept.
fn translate_xboard_fen(fen: &str) -> String {
    let mut f: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if f.len() != 5 {
        return fen.to_string();
    }
    let probe = format!("{} {} - - {} {}", f[0], f[1], f[3], f[4]);
    let rights = JumpingKnights::from_fen(&probe)
        .map(|p| inferred_castling(&p))
        .unwrap_or_else(|_| "-".to_string());
    f.insert(2, rights);
    if f[3].len() == 2 {
        if let Some((sq, 2)) = xb_square_prefix(&f[3]) {
            f[3] = Geo10x10::name(sq);
        }
    }
    f.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The XBoard GUI game that found it (moves in the rule book's names): White's king d2 can
    /// jump over Black's pawn e2 to f2, which XBoard draws as castling; it is avoided in XBoard
    /// mode, other king moves are not.
    #[test]
    fn sideways_king_jumps_are_avoided_in_xboard() {
        let moves = "e2e4 g8f6 d1h5 g7g6 h5a5 b8c6 b0b3 f6h2,h2i0 g1f3 i0f6 g0g3 b7b6 a5g5 \
                     c6a2,a2z0 f3e5 g9g8 b1e7,e7f9 z0d2,d2h4 e5d7,d7c9 b9c9,c9d9 g5e5 e8d7 \
                     f9d8,d8b7 h4b7,b7z8 f1a6 z8a6,a6b4 b3b4,b4b5 f8d6 f2f4 c8a6 b5b6,b6b9 a8e8 \
                     c1d2 g6g5 d2e3 h7h5 e1c1 h5h4 g3f3 f6e4,e4d2 e5h8,h8i9 d2c4 b2b3 c4g6 f4f5 \
                     g6e2 c1d2 e2f4 e3a7,a7z8 g5g4 b9b8 e8b8,b8a8 i9d9,d9b9 a8c8 b9a8 f4b6 \
                     z8b6,b6c5 c8a8,a8z8 c5d6,d6g9 g4f3,f3e2";
        let start = JumpingKnights::startpos();
        let mut pos = start;
        let mut played = Vec::new();
        for t in moves.split_whitespace() {
            let m = pos.parse_move(t).unwrap_or_else(|e| panic!("{t}: {e:?}"));
            played.push(m);
            pos = pos.play(m);
        }
        let jump = pos.parse_move("d2e2,e2f2").unwrap();
        let avoid = JumpingKnights::xboard_avoid(&start, &played);
        assert_eq!(avoid, vec![jump]);
    }

    #[test]
    fn square_names_shift_by_one_file() {
        for (ours, xb) in [("z0", "a0"), ("a1", "b1"), ("e4", "f4"), ("h8", "i8"), ("i9", "j9")] {
            let sq = Geo10x10::parse_square(ours).unwrap();
            assert_eq!(xb_name(sq), xb);
            assert_eq!(xb_square_prefix(xb), Some((sq, 2)));
        }
        assert_eq!(xb_square_prefix("k1"), None);
        assert_eq!(xb_square_prefix("z1"), None);
        assert_eq!(xb_square_prefix("a"), None);
    }

    #[test]
    fn fen_from_xboard() {
        // XBoard's setboard of the start position (grand parent: no castling field).
        let xb = "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w - 0 1";
        assert_eq!(translate_xboard_fen(xb), START_FEN);
        // A moved king keeps no rights; the e.p. square arrives in XBoard's names (e6 = our
        // d6).
        let xb = "5k4/10/10/10/4pP4/10/10/10/6K3/10 w e6 0 1";
        assert_eq!(translate_xboard_fen(xb), "5k4/10/10/10/4pP4/10/10/10/6K3/10 w - d6 0 1");
        // The rule book's six-field FEN (our match runner's `setboard`) is kept as it is.
        let ours = "5k4/10/10/10/4pP4/10/10/10/6K3/10 w - d6 0 1";
        assert_eq!(translate_xboard_fen(ours), ours);
        let id = VariantId::JumpingKnights;
        let p = JumpingKnights::from_xboard_fen(id, xb).unwrap();
        assert_eq!(p.fen(), ours);
        // A bad board is reported as such (not as a missing field).
        let e = JumpingKnights::from_xboard_fen(id, "5k4/10 w - 0 1").unwrap_err();
        assert!(matches!(e, Error::Fen { field: "board", .. }), "{e}");
    }
}
