//! XBoard 4.9.1's own board in a PieceEater game (legality testing off), kept beside the real
//! position so that the engine avoids the moves XBoard would refuse or draw wrongly.
//!
//! XBoard draws the PE as a white elephant that never leaves its first square, and removes an
//! eaten unit only when the turn's text carried the PE's step in the kill slot; a unit eaten
//! otherwise stays on its board as a ghost. Ghosts are harmless while nothing real meets them, but
//! XBoard applies a move by looking at its own board (its `ApplyMove`, read in XBoard's source):
//! a king moving onto an own rook is castling (the king lands on the c- or g-file: seen in the GUI
//! test, `g8f8` onto a ghost rook, then the real king's next move forfeited), a king's castling
//! moves the nearest unit beside it, which may be a ghost, a pawn moving diagonally onto a square
//! it shows empty after a double step on that file takes en passant, and a drop onto a square it
//! shows occupied is refused. [`XbBoard::apply`] does what XBoard does with a move in the form
//! `to_xboard` writes; a move is avoided when XBoard would refuse it or when it would leave a real
//! unit on a square XBoard shows empty or in the other colour.

use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::Color;
use movegen::variants::pieceeater::PieceEater;

/// What XBoard shows on each square: a FEN letter (upper case White; `E`, the elephant XBoard
/// draws for the PE, counts as White there), and the file of the last double step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XbBoard {
    cells: [Option<u8>; 64],
    ep_file: Option<u8>,
}

fn is_white(c: u8) -> bool {
    c.is_ascii_uppercase()
}

/// The bit of every square of `pos` that holds a unit of a player (not the PE).
fn units(pos: &PieceEater) -> [Option<Color>; 64] {
    let mut out = [None; 64];
    for (sq, t) in pos.board_view().units() {
        if t != "X" {
            let c = t.as_bytes()[0];
            out[sq.idx()] = Some(if is_white(c) { Color::White } else { Color::Black });
        }
    }
    out
}

impl XbBoard {
    /// XBoard's board when the game (or the `setboard`) starts at `pos`.
    pub fn new(pos: &PieceEater) -> Self {
        let mut cells = [None; 64];
        for (sq, t) in pos.board_view().units() {
            cells[sq.idx()] = Some(if t == "X" { b'E' } else { t.as_bytes()[0] });
        }
        let fen = pos.fen();
        let ep_file = fen
            .split_whitespace()
            .nth(3)
            .and_then(|f| f.bytes().next())
            .and_then(|b| (b'a'..=b'h').contains(&b).then(|| b - b'a'));
        XbBoard { cells, ep_file }
    }

    fn at(&self, file: u8, rank: u8) -> Option<u8> {
        self.cells[usize::from(rank * 8 + file)]
    }

    fn set(&mut self, file: u8, rank: u8, c: Option<u8>) {
        self.cells[usize::from(rank * 8 + file)] = c;
    }

    /// Whether XBoard refuses `m` outright (forfeiting the mover): a drop onto a square it shows
    /// occupied, or a move from a square that does not show a unit of the mover's colour.
    pub fn refuses(&self, pos: &PieceEater, m: Move) -> bool {
        if m.kind() == MoveKind::Drop {
            return self.cells[m.to().idx()].is_some();
        }
        self.cells[m.from().idx()].is_none_or(|c| is_white(c) != (pos.turn() == Color::White))
    }

    /// XBoard's board after it applied `m`, played from `pos` and sent with the PE's step in the
    /// kill slot when `carried`.
    pub fn apply(&self, pos: &PieceEater, m: Move, carried: bool) -> Self {
        let mut b = *self;
        let old_ep = b.ep_file.take();
        let white = pos.turn() == Color::White;
        let text = pos.action_text(m);
        let letter = |c: u8| if white { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() };
        if m.kind() == MoveKind::Drop {
            b.cells[m.to().idx()] = Some(letter(text.as_bytes()[0]));
            return b;
        }
        if carried {
            b.cells[m.aux().idx()] = None;
        }
        let (ff, fr) = (m.from().0 % 8, m.from().0 / 8);
        let (tf, tr) = (m.to().0 % 8, m.to().0 / 8);
        let Some(piece) = b.at(ff, fr) else { return b };
        let kind = piece.to_ascii_lowercase();
        let promo = text.as_bytes().get(4).copied().filter(u8::is_ascii_alphabetic).map(letter);
        if kind == b'p' && tr.abs_diff(fr) >= 2 {
            b.ep_file = Some(tf);
        }
        let target = b.at(tf, tr);
        let same = |c: u8| is_white(c) == is_white(piece);
        let king = if is_white(piece) { b'K' } else { b'k' };
        let rook = if is_white(piece) { b'R' } else { b'r' };
        if target
            .is_some_and(|t| same(t) && (kind == b'k' && t == rook || kind == b'r' && t == king))
        {
            // "King captures own rook" (or the reverse) is castling to XBoard.
            let home = if is_white(piece) { 0 } else { 7 };
            b.set(ff, fr, None);
            b.set(tf, tr, None);
            let (k, r) = if (tf > ff) != (kind == b'r') { (6, 5) } else { (2, 3) };
            b.set(k, home, Some(king));
            b.set(r, home, Some(rook));
        } else if kind == b'k' && ff != 0 && ff != 7 && tr == fr && tf.abs_diff(ff) > 1 {
            // Castling with the nearest unit on the king's side, whatever it is.
            let right = tf > ff;
            let mut x = if right { ff + 1 } else { ff - 1 };
            while b.at(x, fr).is_none() && if right { x < 7 } else { x > 0 } {
                x = if right { x + 1 } else { x - 1 };
            }
            let beside = if right { tf - 1 } else { tf + 1 };
            b.set(beside, fr, b.at(x, fr));
            b.set(x, fr, None);
            b.set(ff, fr, None);
            b.set(tf, tr, Some(piece));
        } else if kind == b'p' && promo.is_some() && tr == if is_white(piece) { 7 } else { 0 } {
            b.set(ff, fr, None);
            b.set(tf, tr, promo);
        } else if kind == b'p'
            && tf != ff
            && target.is_none()
            && old_ep == Some(tf)
            && if is_white(piece) { fr >= 4 } else { fr < 4 }
        {
            // En passant as XBoard sees it: the unit behind the target square goes.
            b.set(ff, fr, None);
            b.set(tf, tr, Some(piece));
            b.set(tf, if is_white(piece) { tr - 1 } else { tr + 1 }, None);
        } else {
            b.set(ff, fr, None);
            b.set(tf, tr, Some(piece));
        }
        b
    }

    /// The squares where `pos` has a unit that this board shows empty or in the other colour.
    pub fn mismatches(&self, pos: &PieceEater) -> u64 {
        units(pos).iter().enumerate().fold(0, |acc, (i, u)| match u {
            Some(c) if self.cells[i].is_none_or(|x| is_white(x) != (*c == Color::White)) => {
                acc | 1u64 << i
            }
            _ => acc,
        })
    }

    /// Whether XBoard would refuse `m` or, applying it, show a real unit wrongly where it showed
    /// it right before.
    pub fn cannot_follow(&self, pos: &PieceEater, m: Move, carried: bool, before: u64) -> bool {
        self.refuses(pos, m) || self.apply(pos, m, carried).mismatches(&pos.play(m)) & !before != 0
    }
}
