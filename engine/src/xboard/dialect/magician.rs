//! `magician` through the protocols: the XBoard `setup` and `piece` lines and the XBoard forms
//! of its special moves (`../shared/reference/xboard-notes.md` §4.3, tested with XBoard 4.9.1):
//!
//! * **Switch** `c4c4m`: XBoard refuses a move from a square to itself, so it travels as an
//!   "igui" move through an empty square, `c4c5,c5c4m` (the first leg to the kill square, the
//!   second back, with the letter). XBoard removes nothing (the square is empty) and shows the
//!   bishop turned into the Magician. The empty square is a neighbour, orthogonal first (a
//!   bishop never moves there, so the highlight dialogue stays unambiguous), else diagonal,
//!   else the nearest empty square. XBoard relays White's switch verbatim; Black's arrives in
//!   its "castling form" `c5c5,c4b5` (first leg from = to, the kill square second, a junk
//!   square after it, no letter), which decodes to the switch because from = to.
//! * **Promotion to the Magician** is sent with her final form's letter (`e7e8y` when she
//!   becomes a Prime Minister at once) so that XBoard shows the right piece; `e7e8m` and the
//!   final letter are both accepted.
//! * **The 6th-rank trigger** is the plain pawn move. XBoard cannot show its side effect (it
//!   never takes a new position from an engine mid-game), so its board keeps the old Magician
//!   icon; nothing else depends on that board.
//! * A FEN from XBoard (`setboard`) has no `magician` field; where the default `Mm` is
//!   impossible (a side already has a family piece) the field is inferred: a side may still
//!   bring her in exactly when none of its family stands on the board.

use super::Dialect;
use movegen::moves::MoveKind;
use movegen::rules::{Rules, VariantId};
use movegen::types::{Color, Geo8x8, Geometry, PieceKind, Square};
use movegen::variants::magician::{Magician, MagicianKind, FAMILY, MAGICIAN_CODE};
use movegen::{Error, Move, MoveError};

/// XBoard's piece slots (its internal piece order; the king is the table's last entry) for
/// our letters, chosen for their images in XBoard 4.9.1's default theme: the Wizard for the
/// Magician, the Lion (whose Chu Shogi power is the same 5x5 area) for the High-Priestess, the
/// Archbishop's and Chancellor's own images, and the Princess (a crowned queen) for the Prime
/// Minister.
const SLOTS: [(usize, char); 10] = [
    (0, 'P'),
    (1, 'N'),
    (2, 'B'),
    (3, 'R'),
    (4, 'Q'),
    (7, 'A'),
    (15, 'Y'),
    (16, 'C'),
    (21, 'H'),
    (35, 'M'),
];

/// XBoard's pieceToChar table for `magician` (White's entries, then Black's).
pub fn piece_to_char() -> String {
    let mut white = ['.'; 37];
    for (slot, c) in SLOTS {
        white[slot] = c;
    }
    white[36] = 'K';
    let w: String = white.iter().collect();
    format!("{w}{}", w.to_ascii_lowercase())
}

/// XBetza of the family (rule book §3): `m` moves only, `c` captures only, `n` a lame (slid)
/// 2-square step. The 2-square captures are the plain leapers `cA` / `cD`, which jump whatever
/// stands between; XBetza's `j` would mean "must jump" (only over an occupied square), which
/// is not her rule.
pub const PIECES: [(char, &str); 5] = [
    ('M', "mFmnAcKcAcD"),
    ('H', "mKmnAmnDcKcAcDcN"),
    ('A', "mBmWmnDcBcKcAcDcN"),
    ('C', "mRmFmnAcRcKcAcDcN"),
    ('Y', "mQcQcNcAcD"),
];

/// The kill square of the switch on `sq`: an empty neighbour (forward, sideways, backward,
/// then the diagonals), else the nearest empty square.
fn switch_via(pos: &Magician, sq: Square) -> Option<Square> {
    let occ = pos.board().occupied();
    let fwd = pos.turn().select(1, -1);
    let (f, r) = (i32::from(Geo8x8::file(sq)), i32::from(Geo8x8::rank(sq)));
    let near = [(0, fwd), (-1, 0), (1, 0), (0, -fwd), (-1, fwd), (1, fwd), (-1, -fwd), (1, -fwd)];
    let empty = |s: &Square| !occ.has(*s);
    near.iter().filter_map(|&(df, dr)| Geo8x8::square(f + df, r + dr)).find(empty).or_else(|| {
        (0..64u8).map(Square).filter(empty).min_by_key(|s| {
            let (sf, sr) = (i32::from(Geo8x8::file(*s)), i32::from(Geo8x8::rank(*s)));
            (sf - f).abs().max((sr - r).abs())
        })
    })
}

fn refuse(text: &str, reason: &str) -> MoveError {
    MoveError::illegal(text, reason)
}

/// Decodes XBoard's two-leg forms of the switch (module docs): the lion form `F K,K F[m]` and
/// the castling form `F F,K X` (any X, an optional `m`). The kill square must be empty (XBoard
/// removes what stands there) and differ from F; F must hold a bishop that may switch now.
fn parse_switch(pos: &Magician, text: &str, leg1: &str, leg2: &str) -> Result<Move, MoveError> {
    let bad = || MoveError::malformed(text, "malformed two-leg move");
    let (from, n) = Geo8x8::parse_square_prefix(leg1).ok_or_else(bad)?;
    let to1 = Geo8x8::parse_square(&leg1[n..]).ok_or_else(bad)?;
    let (kill, k) = Geo8x8::parse_square_prefix(leg2).ok_or_else(bad)?;
    let rest = &leg2[k..];
    let to = if to1 == kill {
        // Lion form: the second leg ends on the destination, with an optional letter.
        let (to2, t) = Geo8x8::parse_square_prefix(rest).ok_or_else(bad)?;
        if !matches!(&rest[t..], "" | "m") {
            return Err(refuse(text, "a switch brings in the Magician (letter m)"));
        }
        to2
    } else {
        // Castling form: a junk square (its file may be off the board) and maybe a letter.
        if rest.len() > 4 || !rest.chars().all(|c| c.is_ascii_graphic()) {
            return Err(bad());
        }
        to1
    };
    if from != to {
        return Err(refuse(text, "the only two-leg move of magician is the switch (from = to)"));
    }
    if kill == from || pos.board().piece_at(kill).is_some() {
        return Err(refuse(text, "the switch's kill square must be another, empty square"));
    }
    let mut list = <Magician as Rules>::Moves::default();
    pos.legal_moves(&mut list);
    list.iter()
        .copied()
        .find(|m| m.kind() == MoveKind::Switch && m.from() == from)
        .ok_or_else(|| refuse(text, "no legal switch on that square"))
}

impl Dialect for Magician {
    fn xboard_setup() -> Option<String> {
        let start = Magician::startpos().to_xboard_fen(VariantId::Magician);
        Some(format!("setup ({}) 8x8+0_fairy {start}", piece_to_char()))
    }

    fn xboard_pieces() -> Vec<String> {
        PIECES.iter().map(|(c, betza)| format!("piece {c}& {betza}")).collect()
    }

    fn to_xboard(&self, m: Move) -> String {
        match m.kind() {
            MoveKind::Switch => match switch_via(self, m.from()) {
                Some(k) => {
                    let (f, k) = (Geo8x8::name(m.from()), Geo8x8::name(k));
                    format!("{f}{k},{k}{f}m")
                }
                None => self.move_text(m),
            },
            _ if m.promo() == MAGICIAN_CODE => {
                let form = self.magician_after(m).unwrap_or(MagicianKind::Magician);
                let mut s = Geo8x8::name(m.from());
                s.push_str(&Geo8x8::name(m.to()));
                s.push(form.letter().to_ascii_lowercase());
                s
            }
            _ => self.move_text(m),
        }
    }

    fn parse_xboard(&self, text: &str) -> Result<Move, MoveError> {
        let castle = match (text, self.turn()) {
            ("O-O", Color::White) => Some("e1g1"),
            ("O-O-O", Color::White) => Some("e1c1"),
            ("O-O", Color::Black) => Some("e8g8"),
            ("O-O-O", Color::Black) => Some("e8c8"),
            _ => None,
        };
        if let Some(t) = castle {
            return self.parse_move(t);
        }
        match text.split_once(',') {
            Some((leg1, leg2)) => parse_switch(self, text, leg1, leg2),
            None => self.parse_move(text),
        }
    }

    /// XBoard's FEN has six fields: the `magician` flags are read off the board (a side with
    /// a Magician-family piece has used its Magician; MG-3). The rule book's seven-field FEN is
    /// read as it is.
    fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Self, Error> {
        let fen = xboard_flags(fen).unwrap_or_else(|| fen.to_string());
        Ok(Magician::from_fen_as(id, &fen)?)
    }

    fn to_xboard_fen(&self, _id: VariantId) -> String {
        self.fen().split_whitespace().take(6).collect::<Vec<_>>().join(" ")
    }
}

/// A six-field FEN (XBoard's) with the `magician` flags read off the board; `None` for any
/// other field count.
fn xboard_flags(fen: &str) -> Option<String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 6 {
        return None;
    }
    let family_of = |c: Color| {
        fields[0].chars().any(|ch| {
            FAMILY.iter().any(|k| {
                let l = k.letter();
                ch == c.select(l, l.to_ascii_lowercase())
            })
        })
    };
    let flags = match (family_of(Color::White), family_of(Color::Black)) {
        (false, false) => "Mm",
        (false, true) => "M",
        (true, false) => "m",
        (true, true) => "-",
    };
    Some(format!("{fen} {flags}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Magician {
        Magician::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn setup_table_places_our_letters_in_their_slots() {
        let t = piece_to_char();
        assert_eq!(t.len(), 74);
        let (w, b) = t.split_at(37);
        assert_eq!(b, w.to_ascii_lowercase());
        for (slot, c) in [(0, 'P'), (7, 'A'), (15, 'Y'), (16, 'C'), (21, 'H'), (35, 'M'), (36, 'K')]
        {
            assert_eq!(w.as_bytes()[slot] as char, c, "slot {slot}");
        }
        assert_eq!(w.chars().filter(|&c| c != '.').count(), 11);
        let setup = Magician::xboard_setup().unwrap();
        assert!(setup
            .ends_with(" 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    }

    /// The move `ours` (notation.md) of the position `fen`, which XBoard writes `theirs` (and
    /// which reads back from it).
    fn sent(fen: &str, ours: &str, theirs: &str) -> (Magician, Move) {
        let p = pos(fen);
        let m = p.parse_move(ours).unwrap();
        assert_eq!(p.to_xboard(m), theirs);
        assert_eq!(p.parse_xboard(theirs), Ok(m));
        (p, m)
    }

    #[test]
    fn switch_goes_through_an_empty_neighbour_and_back() {
        // White bishop c4 (moved), c5 empty: forward first.
        let (p, sw) = sent("4k3/p7/8/8/2B5/8/P7/4K3 w - - 0 1 M", "c4c4m", "c4c5,c5c4m");
        assert_eq!(p.parse_xboard("c4c5,c5c4"), Ok(sw), "a human's entry has no letter");
        assert_eq!(p.parse_xboard("c4d5,d5c4m"), Ok(sw), "any empty square will do");
        assert_eq!(p.parse_xboard("c4c4,c5b4"), Ok(sw), "castling form");
        assert!(p.parse_xboard("c4c5,c5c4q").is_err());
        assert!(p.parse_xboard("c4c5,c5d4m").is_err(), "from != to");
        // Kill square occupied (the a2 pawn): XBoard would delete it, refused.
        assert!(p.parse_xboard("c4a2,a2c4m").is_err());
        // Black bishop f5 (moved), its forward square f4 is empty.
        let (p, sw) = sent("4k3/p7/8/5b2/8/8/P7/4K3 b - - 0 1 m", "f5f5m", "f5f4,f4f5m");
        // XBoard relays it to White's engine in castling form, file off the board allowed.
        assert_eq!(p.parse_xboard("f5f5,f4g5"), Ok(sw));
        assert_eq!(p.parse_xboard("f5f5,f4`5"), Ok(sw));
        // Boxed in: forward and sideways occupied, so the square behind.
        let p = pos("4k3/8/8/2P5/1PBP4/8/8/4K3 w - - 0 1 M");
        assert_eq!(p.to_xboard(p.parse_move("c4c4m").unwrap()), "c4c3,c3c4m");
    }

    #[test]
    fn promotion_to_the_magician_names_her_final_form() {
        // Black has a queen: she becomes a Prime Minister at once.
        let (p, m) = sent("3qk3/1P6/8/8/8/8/8/4K3 w - - 0 1 M", "b7b8m", "b7b8y");
        assert_eq!(p.parse_xboard("b7b8m"), Ok(m));
        assert!(p.parse_xboard("b7b8c").is_err());
        // Pawns only against her: she stays a Magician.
        sent("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1 M", "b7b8m", "b7b8m");
    }

    #[test]
    fn xboard_fen_infers_the_flags() {
        let f = |fen: &str| xboard_flags(fen).unwrap();
        assert_eq!(f("4k3/8/8/8/8/8/8/3MK3 w - - 0 1"), "4k3/8/8/8/8/8/8/3MK3 w - - 0 1 m");
        assert_eq!(f("4k1y1/8/8/8/8/8/8/3MK3 w - - 0 1"), "4k1y1/8/8/8/8/8/8/3MK3 w - - 0 1 -");
        assert_eq!(f("4k1h1/8/8/8/8/8/8/4K3 w - - 0 1"), "4k1h1/8/8/8/8/8/8/4K3 w - - 0 1 M");
        assert!(xboard_flags("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Mm").is_none());
    }
}
