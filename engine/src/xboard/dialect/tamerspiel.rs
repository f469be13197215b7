//! `tamerspiel` through the protocols. XBoard 4.9.1 knows no TamerSpiel: it gets the board as an
//! engine-defined variant on the 12x8 grid of parent `courier` (no castling rights in XBoard's
//! eyes, so a king moved onto its own piece swaps the two: our king swap), the a2-a7/l2-l7
//! holes as `*` squares, a piece-to-char table for the 19 kinds and XBetza `piece` lines
//! (`../shared/reference/xboard-notes.md` §1.2, §4.3). Special moves:
//!
//! * castling `g1j1` travels as `g1j1,l1i1` (king leg, then the rook's square as the kill
//!   square: XBoard's XBetza-`O` castling puts the rook beside the king); relayed verbatim, or
//!   in XBoard's "castling form" `F T,K X` where X is any file letter;
//! * the swap `g1e1` is the plain king move onto the own piece;
//! * a citadel promotion carries the new piece's letter (`b8a8l`: a Vizier becomes a Lion) so
//!   that XBoard shows the promoted piece; without the letter it is accepted too;
//! * the pawn's Dabbabah promotion is `b6b7d` (on the last rank the `d` may be absent).

use super::Dialect;
use movegen::fen::FenError;
use movegen::rules::{Rules, VariantId};
use movegen::types::{Color, Geo12x8, Geometry, Piece, PieceKind, Square};
use movegen::variants::tamerspiel::{arrival_kind, sq, TamerSpiel, TsKind};
use movegen::{Error, Move, MoveError, MoveKind};

/// XBoard's piece-to-char table (4.9.1 order: Pawn Knight Bishop Rook Queen Ferz Alfil
/// Archbishop Chancellor Wazir Man Cannon Nightrider Cardinal Dragon Grasshopper Silver Falcon
/// Lance Cobra Unicorn Lion, then the King last). The slot decides the image XBoard draws:
/// Horse = knight, Firzan = ferz (advisor), Vizier = wazir, Guard = man (commoner), Dabbabah =
/// cannon (the siege engine), Nobleman = nightrider (the promoted Horse), Warlord = dragon
/// (crowned rook), Tetrarch = grasshopper (crown), Champion = silver (crowned horse), Eagle =
/// falcon (hawk), Supercav = unicorn, Lion = lion.
pub const PIECE_TO_CHAR: &str = "PNBRQF.AMVGDO.WTCE..SLKpnbrqf.amvgdo.wtce..slk";

/// The kind a normal move of `m` turns its piece into on arrival (citadel promotion), if any.
fn citadel_promotion(pos: &TamerSpiel, m: Move) -> Option<TsKind> {
    if m.kind() != MoveKind::Normal || m.promo() != 0 {
        return None;
    }
    let kind = pos.board().kind_at(m.from())?;
    if kind == TsKind::Pawn {
        return None;
    }
    let after = arrival_kind(kind, pos.turn(), m.to());
    (after != kind).then_some(after)
}

fn err(text: &str, reason: &str) -> MoveError {
    // Malformed unless it starts with two squares (every XBoard form of this variant does).
    MoveError { reason: reason.to_string(), ..MoveError::unmatched::<Geo12x8>(text) }
}

/// The castling rights a board allows: King and Rook on their start squares (`g1` with
/// `a1`/`l1`, `f8` with `a8`/`l8`).
fn rights_from_board(pos: &TamerSpiel) -> String {
    let b = pos.board();
    let at = |s: Square, k: TsKind, c: Color| b.piece_at(s) == Some(Piece::new(k, c));
    let mut r = String::new();
    for (king, rook, c, ch) in [
        (sq::G1, sq::L1, Color::White, 'K'),
        (sq::G1, sq::A1, Color::White, 'Q'),
        (sq::F8, sq::L8, Color::Black, 'k'),
        (sq::F8, sq::A8, Color::Black, 'q'),
    ] {
        if at(king, TsKind::King, c) && at(rook, TsKind::Rook, c) {
            r.push(ch);
        }
    }
    if r.is_empty() {
        r.push('-');
    }
    r
}

impl Dialect for TamerSpiel {
    fn xboard_setup() -> Option<String> {
        let start = TamerSpiel::startpos().to_xboard_fen(VariantId::TamerSpiel);
        Some(format!("setup ({PIECE_TO_CHAR}) 12x8+0_courier {start}"))
    }

    /// XBetza for every piece, all exact. Multi-leg moves (`a` chains legs; a continuation
    /// leg's directions are relative to the previous leg in 45-degree steps, `fs` = turn 45
    /// degrees either way; `y` = the square must be empty and the next leg switches between
    /// leaper and slider; `m` = move to an empty square):
    /// * Nobleman `KmaK`: a king step, or a king step to an empty square and another king step
    ///   (XBoard's default continuation omits the step back).
    /// * Supercav `KyafsFyafsR`: a king step; a diagonal step to an empty square then an
    ///   orthogonal slide turning 45 degrees (outward); an orthogonal slide over empty squares
    ///   then a diagonal step turning 45 degrees (outward) - the Cavalier's two paths.
    /// * King `KrO3lO4`: castling moves the king 3 squares to its right (White g1-j1, Black
    ///   f8-c8) and 4 to its left (g1-c1, f8-j8).
    fn xboard_pieces() -> Vec<String> {
        [
            "P& fmWfcF",
            "D& WD",
            "F& FbW",
            "V& W",
            "G& K",
            "N& N",
            "B& B",
            "R& R",
            "E& KN",
            "L& KAD",
            "C& NAD",
            "O& KmaK",
            "A& BN",
            "M& RN",
            "Q& Q",
            "W& QN",
            "S& KyafsFyafsR",
            "K& KrO3lO4",
            "T& KA",
        ]
        .iter()
        .map(|p| format!("piece {p}"))
        .collect()
    }

    fn to_xboard(&self, m: Move) -> String {
        match m.kind() {
            MoveKind::Castle => {
                let (rook_from, rook_to) = TamerSpiel::castle_rook(m.to());
                format!(
                    "{}{},{}{}",
                    Geo12x8::name(m.from()),
                    Geo12x8::name(m.to()),
                    Geo12x8::name(rook_from),
                    Geo12x8::name(rook_to)
                )
            }
            _ => {
                let mut t = self.move_text(m);
                if let Some(k) = citadel_promotion(self, m) {
                    t.push(k.letter().to_ascii_lowercase());
                }
                t
            }
        }
    }

    fn parse_xboard(&self, text: &str) -> Result<Move, MoveError> {
        let mut list = <TamerSpiel as Rules>::Moves::default();
        self.legal_moves(&mut list);
        let legal: Vec<Move> = list.to_vec();
        // Our own XBoard form, then notation.md (a citadel promotion without its letter, the
        // pawn's last-rank promotion without `d`, castling as the king's move).
        if let Some(&m) = legal.iter().find(|&&m| self.to_xboard(m) == text) {
            return Ok(m);
        }
        if let Ok(m) = self.parse_move(text) {
            return Ok(m);
        }
        let sq_prefix = |s: &str| Geo12x8::parse_square_prefix(s);
        if let Some((first, second)) = text.split_once(',') {
            // Castling re-encoded by XBoard: `F T,K X` (the kill square K is the rook's, X any
            // file character on some rank), or the lion form `F K,K T` should it ever come.
            let Some((f, n)) = sq_prefix(first) else {
                return Err(err(text, "not a legal move"));
            };
            let t = sq_prefix(&first[n..]).filter(|(_, n2)| n + n2 == first.len()).map(|(s, _)| s);
            let Some((k, nk)) = sq_prefix(second).filter(|&(_, nk)| second.len() > nk) else {
                return Err(err(text, "not a legal move"));
            };
            let t2 = sq_prefix(&second[nk..]).map(|(s, _)| s);
            for &m in &legal {
                if m.kind() != MoveKind::Castle || m.from() != f {
                    continue;
                }
                let (rook_from, _) = TamerSpiel::castle_rook(m.to());
                let castling_form = t == Some(m.to()) && k == rook_from;
                let lion_form = t == Some(rook_from) && k == rook_from && t2 == Some(m.to());
                if castling_form || lion_form {
                    return Ok(m);
                }
            }
            return Err(err(text, "not a legal move"));
        }
        // `from to` + a letter: the citadel promotion with the new piece's letter (any case).
        if let Some((f, n)) = sq_prefix(text) {
            if let Some((t, n2)) = sq_prefix(&text[n..]) {
                let rest = &text[n + n2..];
                let mut chars = rest.chars();
                if let (Some(c), None) = (chars.next(), chars.next()) {
                    for &m in &legal {
                        if m.from() == f
                            && m.to() == t
                            && citadel_promotion(self, m)
                                .is_some_and(|k| k.letter().eq_ignore_ascii_case(&c))
                        {
                            return Ok(m);
                        }
                    }
                }
            }
        }
        Err(err(text, "not a legal move"))
    }

    /// Castling is entered by dragging the king to its destination (one leg); everything else
    /// as the engine sends it.
    fn xboard_entry(&self, m: Move) -> String {
        if m.kind() == MoveKind::Castle {
            self.move_text(m)
        } else {
            self.to_xboard(m)
        }
    }

    /// XBoard 4.9.1 writes a `courier`-parent FEN without the castling and en-passant fields
    /// (`<board> w 0 1`, verified; a 5-field form with the en-passant field is accepted too).
    /// The castling rights are then read off the board (King and Rook on their start squares),
    /// which is exact for the start position XBoard hands the second engine. The swap field is
    /// never sent: its default (`wb`) applies.
    fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Self, Error> {
        match (TamerSpiel::from_fen_as(id, fen), rewrite_xboard_fen(fen)) {
            (Ok(p), _) => Ok(p),
            // XBoard's shape: what is wrong with it once the missing fields are filled in.
            (Err(_), Some(Ok(fixed))) => Ok(TamerSpiel::from_fen_as(id, &fixed)?),
            (Err(_), Some(Err(e))) | (Err(e), None) => Err(e.into()),
        }
    }

    fn to_xboard_fen(&self, _id: VariantId) -> String {
        // The rule book's FEN without the swap field (XBoard's FEN has six fields).
        self.fen().split_whitespace().take(6).collect::<Vec<_>>().join(" ")
    }
}

/// XBoard's four- or five-field FEN with the castling rights read off the board (`None`: not
/// XBoard's shape; `Some(Err)`: its board or fields are wrong, and why).
fn rewrite_xboard_fen(fen: &str) -> Option<Result<String, FenError>> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let (board, side, ep, clocks) = match f.as_slice() {
        [b, s, h, n] => (*b, *s, "-", [*h, *n]),
        [b, s, e, h, n] => (*b, *s, *e, [*h, *n]),
        _ => return None,
    };
    let plain = format!("{board} {side} - {ep} {} {}", clocks[0], clocks[1]);
    Some(match TamerSpiel::from_fen(&plain) {
        Ok(pos) => Ok(format!(
            "{board} {side} {} {ep} {} {}",
            rights_from_board(&pos),
            clocks[0],
            clocks[1]
        )),
        Err(e) => Err(e),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White: King g1, Rooks a1/l1 (both castlings open: nothing between, no Black piece
    /// attacks the king's path), Vizier c7 (c8 is no citadel), Guard k7 next to l8 (Black's
    /// citadel: it becomes a Champion there), pawn d6; Black: King f8 alone.
    const FEN: &str = "5k6/*1V7G*/*2P7*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 wb";

    fn pos() -> TamerSpiel {
        TamerSpiel::from_fen(FEN).unwrap()
    }

    #[test]
    fn xboard_forms_round_trip() {
        let p = pos();
        let mut l = <TamerSpiel as Rules>::Moves::default();
        p.legal_moves(&mut l);
        for &m in l.iter() {
            let x = p.to_xboard(m);
            assert_eq!(p.parse_xboard(&x), Ok(m), "{x}");
            assert_eq!(p.parse_xboard(&p.move_text(m)), Ok(m), "{}", p.move_text(m));
        }
    }

    #[test]
    fn special_forms() {
        let p = pos();
        let x = |t: &str| p.to_xboard(p.parse_move(t).unwrap());
        assert_eq!(x("g1j1"), "g1j1,l1i1");
        assert_eq!(x("g1c1"), "g1c1,a1d1");
        assert_eq!(x("k7l8"), "k7l8c", "Guard -> Champion on l8");
        assert_eq!(x("c7c8"), "c7c8", "c8 is no citadel");
        assert_eq!(x("d6d7"), "d6d7");
        // XBoard's castling form with any last square, and the lion form.
        let castle = p.parse_move("g1j1").unwrap();
        for t in ["g1j1,l1i1", "g1j1,l1k1", "g1j1,l1`1", "g1l1,l1j1"] {
            assert_eq!(p.parse_xboard(t), Ok(castle), "{t}");
        }
        assert_eq!(p.parse_xboard("k7l8C"), p.parse_move("k7l8"));
        for bad in ["k7l8q", "g1j1,a1d1", "c7c8l", "g1j1,", "zz", "k7l8cc", "g1j1,l1"] {
            assert!(p.parse_xboard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn setboard_without_castling_field() {
        let five =
            "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR w - 0 1";
        let fixed = rewrite_xboard_fen(five).unwrap().unwrap();
        assert_eq!(TamerSpiel::from_fen(&fixed).unwrap(), TamerSpiel::startpos());
        // Rights only where King and Rook stand at home: the White King is on f1 (none), the
        // Black King on f8 with a Rook on a8 (q) but none on l8.
        let moved = "r4k6/*10*/*10*/*10*/*10*/*10*/*10*/R4K5R b 0 1";
        let fixed = rewrite_xboard_fen(moved).unwrap().unwrap();
        assert_eq!(fixed, "r4k6/*10*/*10*/*10*/*10*/*10*/*10*/R4K5R b q - 0 1");
        assert_eq!(rewrite_xboard_fen(FEN), None, "a full FEN is left alone");
        // A bad board stays bad, and says why.
        let id = VariantId::TamerSpiel;
        let e = TamerSpiel::from_xboard_fen(id, "8/8 w 0 1").unwrap_err();
        assert!(matches!(e, Error::Fen { field: "board", .. }), "{e}");
        assert_eq!(TamerSpiel::from_xboard_fen(id, five).unwrap(), TamerSpiel::startpos());
        let sent = TamerSpiel::startpos().to_xboard_fen(id);
        assert_eq!(sent, five.replace(" w - 0 1", " w KQkq - 0 1"));
    }
}
