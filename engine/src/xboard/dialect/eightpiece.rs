//! `eightpiece` and `eightpiece-random` through the protocols. XBoard 4.9.1 carries every move
//! as the tuple (from, to, kill square, promotion letter); the forms below are the ones it
//! accepts, draws and relays (`../shared/reference/xboard-notes.md` §0, §4.1, §4.3, and our own
//! runs recorded in `docs/variants/eightpiece.md`, "Engine"):
//!
//! * lancer move with a new facing: a promotion suffix naming the facing's piece (`b1e4e`);
//!   each facing is its own XBoard piece, letters `c d e f g h m o` for N NE E SE S SW W NW;
//!   promotion to a lancer likewise (`e7e8g`); a Turn-then-Move carries its new facing (`e4e7c`);
//! * turn in place: an "igui" move through an empty square K that names the facing
//!   (`a5b5,b5a5e`); Black's arrives relayed without the letter (`a5a5,b5*`), so K alone must
//!   decide: K is the first empty square in the new direction, else (no empty square that way)
//!   the facing's index picks K among the empty squares on no line with the lancer;
//! * sentry push and nudge: the lion form `c5e7,e7f8` (sentry, victim, destination), which XBoard
//!   relays as is or in its castling form `c5f8,e7*`; both decode;
//! * the pass: `@@@@` (XBoard relays a pass to the other engine as a `setboard`, see
//!   [`Dialect::xboard_shows`]);
//! * castling: `e1g1` / `e1c1`; in `eightpiece-random` king onto partner (`b1a1`, XBoard draws
//!   it right for a rook partner) or, for a jailer partner, XBoard's castling form
//!   `b1c1,a1d1` (king from, king to, partner square) with `piece K& KO2`.

use super::Dialect;
use movegen::moves::MoveKind;
use movegen::rules::{Rules, VariantId};
use movegen::types::{Color, Dir, Geo8x8, Geometry, Square};
use movegen::variants::eightpiece::{setup, EightKind, EightPiece, FenMode, START_FEN};
use movegen::{Error, Move, MoveError};

/// FEN letters by kind index (= promotion code).
const KIND_LETTERS: [char; 9] = ['P', 'N', 'B', 'R', 'Q', 'K', 'J', 'L', 'S'];

/// XBoard letters of the lancer by facing (N NE E SE S SW W NW), upper case for White.
pub const FACING_LETTERS: [char; 8] = ['c', 'd', 'e', 'f', 'g', 'h', 'm', 'o'];

/// XBoard's pieceToCharTable: its first 22 piece slots per colour are
/// `P N B R Q F E A C W M O H I J G D V L S U K`; every letter we use sits in its own slot
/// (jailer J, sentry S, the eight lancer facings C D E F G H M O), `.` marks unused slots.
pub const PIECE_TO_CHAR: &str = "PNBRQFE.C.MOH.JGD..S.Kpnbrqfe.c.moh.jgd..s.k";

/// The facing named by an XBoard lancer letter (either case).
pub fn facing_of_letter(c: char) -> Option<Dir> {
    FACING_LETTERS.iter().position(|&l| l == c.to_ascii_lowercase()).map(Dir::from_index)
}

/// The XBoard letter of a lancer facing `d` (lower case).
pub fn letter_of_facing(d: Dir) -> char {
    FACING_LETTERS[d.index()]
}

/// Our FEN board field in XBoard's letters (`L(ne)` becomes `D`, `l(se)` becomes `f`).
pub fn board_to_xboard(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars().peekable();
    while let Some(c) = chars.next() {
        if (c == 'L' || c == 'l') && chars.peek() == Some(&'(') {
            chars.next();
            let name: String = chars.by_ref().take_while(|&x| x != ')').collect();
            let l = Dir::parse(&name).map_or('?', letter_of_facing);
            out.push(if c == 'L' { l.to_ascii_uppercase() } else { l });
        } else {
            out.push(c);
        }
    }
    out
}

/// An XBoard board field in our letters (`D` becomes `L(ne)`); XBoard's `~` marks are dropped.
/// A field already in our form (`L(ne)`, as `d` prints it) passes unchanged: the facing in
/// brackets is copied, not read as XBoard letters (`(se)` holds the lancer letter `e`).
pub fn board_from_xboard(field: &str) -> String {
    let mut out = String::with_capacity(field.len() + 16);
    let mut chars = field.chars().filter(|&c| c != '~');
    while let Some(c) = chars.next() {
        if c == '(' {
            out.push(c);
            for x in chars.by_ref() {
                out.push(x);
                if x == ')' {
                    break;
                }
            }
            continue;
        }
        match facing_of_letter(c) {
            Some(d) if c.is_ascii_uppercase() => out.push_str(&format!("L({})", d.name())),
            Some(d) => out.push_str(&format!("l({})", d.name())),
            None => out.push(c),
        }
    }
    out
}

/// The FEN XBoard is given in `setup`: its letters, six fields, castling as `KQkq` (XBoard
/// 4.9.1 misreads Shredder-FEN letters under the `fairy` parent; every setup has exactly one
/// partner on each side of the king, so `K`/`Q` are unambiguous, rule book §10).
pub fn xboard_fen(pos: &EightPiece) -> String {
    let fen = pos.fen();
    let f: Vec<&str> = fen.split_whitespace().collect();
    let castling = if pos.is_chess960() && f[2] != "-" {
        let kfile = |c: Color| Geo8x8::file(pos.king(c));
        let mut rights = String::new();
        for (white, kside) in [(true, true), (true, false), (false, true), (false, false)] {
            let king = kfile(if white { Color::White } else { Color::Black });
            let has = f[2].chars().any(|l| {
                l.is_ascii_uppercase() == white
                    && ((l.to_ascii_lowercase() as u8).wrapping_sub(b'a') > king) == kside
            });
            if has {
                let c = if kside { 'K' } else { 'Q' };
                rights.push(if white { c } else { c.to_ascii_lowercase() });
            }
        }
        rights
    } else {
        f[2].to_string()
    };
    format!("{} {} {} {} {} {}", board_to_xboard(f[0]), f[1], castling, f[3], f[4], f[5])
}

/// The next square from `sq` in direction `d`.
fn step(sq: Square, d: Dir) -> Option<Square> {
    let dd = d.delta();
    Geo8x8::square(
        i32::from(Geo8x8::file(sq)) + i32::from(dd.dx),
        i32::from(Geo8x8::rank(sq)) + i32::from(dd.dy),
    )
}

/// The direction from `a` to `b` when they share a line.
fn direction(a: Square, b: Square) -> Option<Dir> {
    let dx = i32::from(Geo8x8::file(b)) - i32::from(Geo8x8::file(a));
    let dy = i32::from(Geo8x8::rank(b)) - i32::from(Geo8x8::rank(a));
    Dir::from_delta(dx, dy)
}

/// The kill square of the XBoard form of a turn in place of the lancer on `from` to facing
/// `d`: the first empty square in direction `d`; without one, the empty square number
/// `d.index()` among the empty squares on no line with `from` (in square order), so that the
/// square alone tells the facing (Black's turn reaches the other engine without its letter).
pub fn turn_kill_square(pos: &EightPiece, from: Square, d: Dir) -> Square {
    let occ = pos.board().occupied();
    let mut s = from;
    while let Some(n) = step(s, d) {
        if !occ.has(n) {
            return n;
        }
        s = n;
    }
    let off_line: Vec<Square> =
        (0..64u8).map(Square).filter(|&q| !occ.has(q) && direction(from, q).is_none()).collect();
    off_line
        .get(d.index())
        .copied()
        .or_else(|| (0..64u8).map(Square).find(|&q| !occ.has(q)))
        .unwrap_or(from)
}

/// An `eightpiece-random` castling with a jailer partner in which the king or the jailer stays
/// on its square: XBoard 4.9.1 has no form for it (its castling form needs both to move; the
/// king-onto-partner form is drawn as the king taking its own jailer, after which XBoard
/// forfeits the jailer's next move), so the engine avoids it in XBoard mode.
fn xboard_misdraws_castling(pos: &EightPiece, m: Move) -> bool {
    if m.kind() != MoveKind::Castle || !pos.is_chess960() {
        return false;
    }
    let p = castle_partner(pos, m);
    pos.board().kind_at(p) == Some(EightKind::Jailer) && (m.from() == m.to() || p == m.to())
}

/// The partner's square of a castling move (from its notation.md text in `eightpiece-random`,
/// the a1/h1 corner otherwise).
fn castle_partner(pos: &EightPiece, m: Move) -> Square {
    if pos.is_chess960() {
        let t = pos.move_text(m);
        Geo8x8::parse_square(&t[2..]).unwrap_or(m.to())
    } else {
        let rank = Geo8x8::rank(m.from());
        let file = if Geo8x8::file(m.to()) == 6 { 7 } else { 0 };
        Geo8x8::square(file, i32::from(rank)).unwrap_or(m.to())
    }
}

/// Splits an optional one-letter suffix (promotion or facing piece), lower-cased.
fn suffix(rest: &str) -> Result<Option<char>, ()> {
    let mut it = rest.chars();
    match (it.next(), it.next()) {
        (None, _) => Ok(None),
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(Some(c.to_ascii_lowercase())),
        _ => Err(()),
    }
}

fn legal_vec(pos: &EightPiece) -> Vec<Move> {
    let mut l = <EightPiece as Rules>::Moves::default();
    pos.legal_moves(&mut l);
    l.to_vec()
}

/// Decodes XBoard's tuple of a two-leg move: from `f` to `t`, kill square `k`, letter `p`.
fn decode_legs(pos: &EightPiece, f: Square, t: Square, k: Square, p: Option<char>) -> Vec<Move> {
    let legal = legal_vec(pos);
    let mut found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| match m.kind() {
            MoveKind::Push | MoveKind::Nudge => {
                p.is_none() && m.from() == f && m.to() == k && m.aux() == t
            }
            MoveKind::Castle => {
                p.is_none() && m.from() == f && m.to() == t && castle_partner(pos, m) == k
            }
            MoveKind::Turn => {
                m.from() == f && t == f && p.is_none_or(|l| facing_of_letter(l) == Some(m.facing()))
            }
            _ => false,
        })
        .collect();
    // A turn without its letter (Black's, as XBoard relays it): the kill square names the
    // facing (on a line: its direction; else by the numbering of `turn_kill_square`).
    if p.is_none() && found.iter().filter(|m| m.kind() == MoveKind::Turn).count() > 1 {
        let by_line = direction(f, k);
        let pick = found
            .iter()
            .copied()
            .find(|m| m.kind() == MoveKind::Turn && by_line == Some(m.facing()));
        let pick = pick.or_else(|| {
            found
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Turn && turn_kill_square(pos, f, m.facing()) == k)
        });
        found.retain(|m| m.kind() != MoveKind::Turn || Some(*m) == pick);
    }
    found
}

/// Decodes a one-leg XBoard move with an optional letter.
fn decode_single(pos: &EightPiece, f: Square, t: Square, p: Option<char>) -> Vec<Move> {
    let lancer = pos.board().kind_at(f) == Some(EightKind::Lancer);
    legal_vec(pos)
        .into_iter()
        .filter(|&m| {
            if m.from() != f || m.to() != t {
                return false;
            }
            let kind = m.kind();
            if !matches!(
                kind,
                MoveKind::Normal
                    | MoveKind::DoublePush
                    | MoveKind::EnPassant
                    | MoveKind::TurnMove
                    | MoveKind::Castle
            ) {
                return false;
            }
            let Some(l) = p else {
                // Without a letter: no promotion, and a lancer keeps its facing (a
                // Turn-then-Move's facing is its direction).
                return m.promo() == 0
                    && (!lancer || kind == MoveKind::TurnMove || m.facing() == pos.facing_at(f));
            };
            match facing_of_letter(l) {
                Some(d) if m.promo() == EightKind::Lancer as u8 => m.facing() == d,
                Some(d) if m.promo() == 0 && lancer => m.facing() == d,
                Some(_) => false,
                None => {
                    let kind = KIND_LETTERS
                        .iter()
                        .position(|k| k.to_ascii_lowercase() == l)
                        .map_or(0, |i| i as u8);
                    kind != 0 && kind != EightKind::Lancer as u8 && m.promo() == kind
                }
            }
        })
        .collect()
}

/// The squares (bit set) XBoard 4.9.1's board shows wrongly after `moves` from `start`: the
/// sentry's and the pushed unit's squares of each push or nudge, until a unit lands on them.
pub fn xboard_wrong_squares(start: &EightPiece, moves: &[Move]) -> u64 {
    let bit = |s: Square| 1u64 << s.0;
    let mut wrong = 0u64;
    let mut pos = *start;
    for &m in moves {
        match m.kind() {
            MoveKind::Pass => {}
            MoveKind::Push | MoveKind::Nudge => {
                wrong &= !bit(m.from());
                wrong |= bit(m.to()) | bit(m.aux());
            }
            MoveKind::Turn => {
                // The igui form removes whatever XBoard shows on its (truly empty) kill square.
                wrong &= !bit(turn_kill_square(&pos, m.from(), m.facing()));
            }
            MoveKind::Castle => {
                let p = castle_partner(&pos, m);
                let rank = i32::from(Geo8x8::rank(m.from()));
                let side = if Geo8x8::file(m.to()) == 6 { 5 } else { 3 };
                let pd = Geo8x8::square(side, rank).unwrap_or(p);
                wrong &= !(bit(m.from()) | bit(m.to()) | bit(p) | bit(pd));
            }
            MoveKind::EnPassant => {
                let victim = Geo8x8::square(
                    i32::from(Geo8x8::file(m.to())),
                    i32::from(Geo8x8::rank(m.from())),
                );
                wrong &= !(bit(m.from()) | bit(m.to()) | victim.map_or(0, bit));
            }
            _ => wrong &= !(bit(m.from()) | bit(m.to())),
        }
        pos = pos.play(m);
    }
    wrong
}

impl Dialect for EightPiece {
    fn xboard_setup() -> Option<String> {
        Some(format!("setup ({PIECE_TO_CHAR}) 8x8+0_fairy {}", xboard_fen(&EightPiece::startpos())))
    }

    fn xboard_setup_of(id: VariantId, start: &Self) -> Option<String> {
        Some(format!("setup ({PIECE_TO_CHAR}) 8x8+0_fairy {}", start.to_xboard_fen(id)))
    }

    /// XBetza: the jailer slides like a rook without capturing; the sentry like a bishop (its
    /// push has no XBetza form in XBoard 4.9.1, which lacks `u`: the highlight dialogue enters
    /// it); each lancer facing is a rider in that one direction (relative to the piece's
    /// owner, so White's and Black's letters are described separately); the king's `O2` makes
    /// XBoard draw the castling form `b1c1,a1d1` of `eightpiece-random`.
    fn xboard_pieces() -> Vec<String> {
        let white = ["fR", "frB", "rR", "brB", "bR", "blB", "lR", "flB"];
        let black = ["bR", "blB", "lR", "flB", "fR", "frB", "rR", "brB"];
        let mut v = vec!["piece J& mR".to_string(), "piece S& mB".to_string()];
        for (i, l) in FACING_LETTERS.iter().enumerate() {
            v.push(format!("piece {} {}", l.to_ascii_uppercase(), white[i]));
            v.push(format!("piece {l} {}", black[i]));
        }
        v.push("piece K& KO2".to_string());
        v
    }

    fn to_xboard(&self, m: Move) -> String {
        let sq = Geo8x8::name;
        let (f, t) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Pass => "@@@@".to_string(),
            MoveKind::Castle if self.is_chess960() => {
                let p = castle_partner(self, m);
                let jailer = self.board().kind_at(p) == Some(EightKind::Jailer);
                if jailer && f != t && p != t {
                    let pd = if Geo8x8::file(t) == 6 { 5 } else { 3 };
                    let pd = Geo8x8::square(pd, i32::from(Geo8x8::rank(t))).unwrap_or(t);
                    format!("{}{},{}{}", sq(f), sq(t), sq(p), sq(pd))
                } else {
                    format!("{}{}", sq(f), sq(p))
                }
            }
            MoveKind::Turn => {
                let k = turn_kill_square(self, f, m.facing());
                format!("{}{},{}{}{}", sq(f), sq(k), sq(k), sq(f), letter_of_facing(m.facing()))
            }
            MoveKind::TurnMove => format!("{}{}{}", sq(f), sq(t), letter_of_facing(m.facing())),
            MoveKind::Normal if m.promo() != 0 => {
                let l = if m.promo() == EightKind::Lancer as u8 {
                    letter_of_facing(m.facing())
                } else {
                    KIND_LETTERS[usize::from(m.promo())].to_ascii_lowercase()
                };
                format!("{}{}{l}", sq(f), sq(t))
            }
            MoveKind::Normal
                if self.board().kind_at(f) == Some(EightKind::Lancer)
                    && m.facing() != self.facing_at(f) =>
            {
                format!("{}{}{}", sq(f), sq(t), letter_of_facing(m.facing()))
            }
            _ => self.move_text(m),
        }
    }

    fn parse_xboard(&self, text: &str) -> Result<Move, MoveError> {
        if let Ok(m) = self.parse_move(text) {
            return Ok(m);
        }
        let one = |found: Vec<Move>| match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::illegal(text, "not a legal move")),
            _ => Err(MoveError::ambiguous(text, "ambiguous")),
        };
        let legal = legal_vec(self);
        match text {
            "@@@@" | "--" | "Z0" | "pass" | "null" => {
                return one(legal.into_iter().filter(|m| m.kind() == MoveKind::Pass).collect());
            }
            "O-O" | "O-O-O" | "0-0" | "0-0-0" => {
                let file = if text.len() == 3 { 6 } else { 2 };
                return one(legal
                    .into_iter()
                    .filter(|m| m.kind() == MoveKind::Castle && Geo8x8::file(m.to()) == file)
                    .collect());
            }
            _ => {}
        }
        let bad = || {
            MoveError::malformed(text, "not an XBoard move (squares, a letter, legs joined by `,`)")
        };
        let (f, n1) = Geo8x8::parse_square_prefix(text).ok_or_else(bad)?;
        let (b, n2) = Geo8x8::parse_square_prefix(&text[n1..]).ok_or_else(bad)?;
        let rest = &text[n1 + n2..];
        if let Some(leg2) = rest.strip_prefix(',') {
            let (c, n3) = Geo8x8::parse_square_prefix(leg2).ok_or_else(bad)?;
            if c == b {
                // Lion form `F K,K T[letter]`.
                let (t, n4) = Geo8x8::parse_square_prefix(&leg2[n3..]).ok_or_else(bad)?;
                let p = suffix(&leg2[n3 + n4..]).map_err(|()| bad())?;
                one(decode_legs(self, f, t, b, p))
            } else {
                // Castling form `F T,K X`: X may be off the board, the letter is lost.
                one(decode_legs(self, f, b, c, None))
            }
        } else {
            let p = suffix(rest).map_err(|()| bad())?;
            one(decode_single(self, f, b, p))
        }
    }

    /// XBoard 4.9.1 draws a push or nudge (lion form `F K,K T`) with the sentry on T and
    /// nothing on K, while the sentry really stands on K and the pushed unit on T. It then
    /// refuses ("invalid move", a forfeit) any later move from K or T, whose owner it shows
    /// wrongly. So the squares a push left wrong are tracked through the game (a unit landing on
    /// one makes it right again) and the moves from them are avoided while another move exists.
    fn xboard_avoid(start: &Self, moves: &[Move]) -> Vec<Move> {
        let wrong = xboard_wrong_squares(start, moves);
        let pos = moves.iter().fold(*start, |p, &m| p.play(m));
        legal_vec(&pos)
            .into_iter()
            .filter(|&m| {
                m.kind() != MoveKind::Pass
                    && (wrong & (1u64 << m.from().0) != 0 || xboard_misdraws_castling(&pos, m))
            })
            .collect()
    }

    /// XBoard's letters and six fields (a seventh, our push field, is accepted). XBoard cannot
    /// know the jailer as a castling partner and drops its rights (`Kk` for the start
    /// position), and its e.p. field may name a square our rules do not: so a start position
    /// (move 1, units on a start setup) gets full castling rights, and a field our rules refuse
    /// (e.p., then castling) is retried as `-`.
    fn from_xboard_fen(id: VariantId, fen: &str) -> Result<Self, Error> {
        let mut f: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        if f.is_empty() {
            return Err(Error::Fen { field: "fields", message: "empty FEN".into() });
        }
        if f.len() == 5 {
            // A parent without castling leaves the castling field out.
            f.insert(2, "-".into());
        }
        f[0] = board_from_xboard(&f[0]);
        let random = id == VariantId::EightPieceRandom;
        let mode = if random { FenMode::Random } else { FenMode::Standard };
        if f.len() >= 6 && f[5] == "1" {
            let start = if random {
                (0..setup::count()).filter_map(setup::fen).find(|s| s.starts_with(&f[0]))
            } else {
                Some(START_FEN.to_string())
            };
            if let Some(s) = start.filter(|s| s.split(' ').next() == Some(f[0].as_str())) {
                f[2] = s.split(' ').nth(2).unwrap_or("-").to_string();
            }
        }
        let first = EightPiece::from_fen_mode(&f.join(" "), mode);
        if let Ok(p) = first {
            return Ok(p);
        }
        let mut g = f.clone();
        for field in [3usize, 2] {
            if g.len() > field {
                g[field] = "-".into();
                if let Ok(p) = EightPiece::from_fen_mode(&g.join(" "), mode) {
                    return Ok(p);
                }
            }
        }
        Ok(first?)
    }

    fn to_xboard_fen(&self, _id: VariantId) -> String {
        xboard_fen(self)
    }

    fn xboard_board(field: &str) -> String {
        board_to_xboard(field)
    }

    /// A pass arrives from XBoard as a `setboard` of XBoard's own board with the other side to
    /// move. XBoard cannot draw a push (it removes the pushed unit and puts the sentry on the
    /// unit's destination), a nudged lancer's new facing, or every castling: its board differs
    /// from ours by up to two squares per such move. So: the right side to move, and the boards
    /// equal but for at most that many squares.
    fn xboard_shows(&self, _id: VariantId, fen: &str, moves: &[Move]) -> bool {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() < 2 || Color::from_fen(f[1]) != Some(self.turn()) {
            return false;
        }
        let board = board_from_xboard(f[0]);
        let Ok(items) = movegen::fen::parse_board::<Geo8x8>(&board) else { return false };
        let mut theirs: [Option<(char, Option<&str>)>; 64] = [None; 64];
        for (sq, item) in &items {
            if let movegen::fen::BoardItem::Piece(c, s) = item {
                theirs[sq.idx()] = Some((*c, *s));
            }
        }
        let b = self.board();
        let mut mismatch = 0;
        for i in 0..64u8 {
            let sq = Square(i);
            let ours = b.piece_at(sq).map(|p| {
                let c = KIND_LETTERS[p.kind as usize];
                let c = if p.color == Color::White { c } else { c.to_ascii_lowercase() };
                (c, (p.kind == EightKind::Lancer).then(|| self.facing_at(sq).name()))
            });
            if ours != theirs[usize::from(i)] {
                mismatch += 1;
            }
        }
        let unseen = moves
            .iter()
            .filter(|m| {
                matches!(
                    m.kind(),
                    MoveKind::Push
                        | MoveKind::Nudge
                        | MoveKind::Castle
                        | MoveKind::EnPassant
                        | MoveKind::Turn
                        | MoveKind::TurnMove
                )
            })
            .count();
        mismatch <= 2 * unseen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_letters_round_trip() {
        let b = "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR";
        let x = board_to_xboard(b);
        assert_eq!(x, "jfsqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JDSQKBNR");
        assert_eq!(board_from_xboard(&x), b);
        for (i, d) in Dir::ALL.iter().enumerate() {
            assert_eq!(facing_of_letter(FACING_LETTERS[i]), Some(*d));
        }
    }

    /// The game that cost a forfeit in real XBoard: White's sentry g5 pushes the e7 pawn onto
    /// f8 (taking Black's own bishop, §6.2). XBoard then shows White's sentry on f8 and e7
    /// empty, so Black's recapture f8e7 (pushed pawn takes the sentry) must be avoided, and so
    /// must every other move from e7 or f8; moves elsewhere stay.
    #[test]
    fn moves_from_misdrawn_push_squares_are_avoided() {
        let start = EightPiece::startpos();
        let mut pos = start;
        let mut moves = Vec::new();
        for t in "d2d4 d7d5 d1d3 h7h5 c1g5 d8d6 d3b5 d6c6 b5c6 b7c6 g5e7,e7f8".split(' ') {
            let m = pos.parse_move(t).unwrap();
            moves.push(m);
            pos = pos.play(m);
        }
        let sq = |s: &str| Geo8x8::parse_square(s).unwrap();
        assert_eq!(xboard_wrong_squares(&start, &moves), (1 << sq("e7").0) | (1 << sq("f8").0));
        let avoid = EightPiece::xboard_avoid(&start, &moves);
        assert!(avoid.contains(&pos.parse_move("f8e7").unwrap()));
        assert!(avoid.iter().all(|m| m.from() == sq("f8") || m.from() == sq("e7")));
        assert!(!avoid.contains(&pos.parse_move("c6c5").unwrap()));
        // A unit landing on a wrong square makes it right again: Black's knight g8 takes the
        // sentry on e7 (XBoard removes whatever it shows there and draws the knight); f8 stays.
        let mut later = moves.clone();
        later.push(pos.parse_move("g8e7").unwrap());
        assert_eq!(xboard_wrong_squares(&start, &later), 1 << sq("f8").0);
        // Nothing to avoid before any push.
        assert!(EightPiece::xboard_avoid(&start, &moves[..4]).is_empty());
    }

    /// Setup 0 (jailer b1, king c1, rook h1) with the lancer d1 gone: castling with the jailer
    /// leaves the king on c1 and brings the jailer to d1; XBoard cannot draw that (it showed
    /// `c8b8` as the king taking its own jailer and then forfeited the jailer's move from d8),
    /// so it is avoided in XBoard mode. Other moves, the king's included, are not.
    #[test]
    fn castling_xboard_cannot_draw_is_avoided() {
        let fen = "bjkl(s)nsqr/pppppppp/8/8/8/8/PPPPPPPP/BJK1NSQR w HBhb - 0 1 -";
        let start = EightPiece::from_fen_mode(fen, FenMode::Random).unwrap();
        let castles: Vec<Move> =
            legal_vec(&start).into_iter().filter(|m| m.kind() == MoveKind::Castle).collect();
        assert_eq!(castles.len(), 1, "{castles:?}");
        let avoid = EightPiece::xboard_avoid(&start, &[]);
        assert_eq!(avoid, castles);
        assert!(!avoid.contains(&start.parse_move("c1d1").unwrap()));
    }

    #[test]
    fn setup_fen_uses_xfen_castling() {
        let p = EightPiece::from_fen_mode(&setup::fen(0).unwrap(), FenMode::Random).unwrap();
        // Setup 0 is BJKLNSQR: jailer b (a-side), rook h (h-side).
        assert_eq!(xboard_fen(&p), "bjkgnsqr/pppppppp/8/8/8/8/PPPPPPPP/BJKCNSQR w KQkq - 0 1");
    }
}
