//! Standard algebraic notation (SAN) for game records.

use super::{Chess, ChessKind};
use crate::moves::{Move, MoveKind};
use crate::rules::Rules;
use crate::types::{Geo8x8, Geometry, PieceKind};

/// SAN of the legal move `m` in `pos`, with `+` / `#`.
pub fn san(pos: &Chess, m: Move) -> String {
    let mut s = String::new();
    let b = pos.board();
    if m.kind() == MoveKind::Castle {
        s.push_str(if Geo8x8::file(m.to()) == 6 { "O-O" } else { "O-O-O" });
    } else {
        let kind = b.kind_at(m.from()).unwrap_or(ChessKind::Pawn);
        let capture = m.kind() == MoveKind::EnPassant || b.piece_at(m.to()).is_some();
        if kind == ChessKind::Pawn {
            if capture {
                s.push(char::from(Geo8x8::FILE_NAMES[usize::from(Geo8x8::file(m.from()))]));
            }
        } else {
            s.push(kind.letter());
            let mut list = super::ChessMoves::default();
            pos.legal_moves(&mut list);
            let rivals: Vec<Move> = list
                .iter()
                .copied()
                .filter(|o| {
                    o.to() == m.to()
                        && o.from() != m.from()
                        && o.kind() != MoveKind::Castle
                        && b.kind_at(o.from()) == Some(kind)
                })
                .collect();
            if !rivals.is_empty() {
                let same_file =
                    rivals.iter().any(|o| Geo8x8::file(o.from()) == Geo8x8::file(m.from()));
                let same_rank =
                    rivals.iter().any(|o| Geo8x8::rank(o.from()) == Geo8x8::rank(m.from()));
                let name = Geo8x8::name(m.from());
                if !same_file {
                    s.push_str(&name[..1]);
                } else if !same_rank {
                    s.push_str(&name[1..]);
                } else {
                    s.push_str(&name);
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&Geo8x8::name(m.to()));
        if m.promo() != 0 {
            s.push('=');
            s.push(ChessKind::ALL[usize::from(m.promo())].letter());
        }
    }
    let after = pos.play(m);
    if after.is_check() {
        s.push(if after.count_legal() == 0 { '#' } else { '+' });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sans(fen: &str, moves: &[&str]) -> Vec<String> {
        let mut p = Chess::from_fen(fen).unwrap();
        let mut out = Vec::new();
        for t in moves {
            let m = p.parse_move(t).unwrap();
            out.push(san(&p, m));
            p = p.play(m);
        }
        out
    }

    #[test]
    fn common_forms() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            sans(start, &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]),
            ["e4", "d5", "exd5", "Qxd5", "Nc3"]
        );
        // Fool's mate.
        assert_eq!(sans(start, &["f2f3", "e7e5", "g2g4", "d8h4"]), ["f3", "e5", "g4", "Qh4#"]);
        // Castling both ways, promotion with check, e.p.
        assert_eq!(
            sans("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["e1g1", "e8c8"]),
            ["O-O", "O-O-O"]
        );
        assert_eq!(sans("8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", &["b7b8q"]), ["b8=Q"]);
        assert_eq!(sans("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", &["b7b8r"]), ["b8=R+"]);
        assert_eq!(sans("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5d6"]), ["exd6"]);
        // Disambiguation by file, by rank, and by both.
        assert_eq!(sans("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", &["a1d1"]), ["Rd1"]); // h1 is blocked by the king
        assert_eq!(sans("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", &["a1d1"]), ["Rad1"]);
        assert_eq!(sans("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", &["a1a3"]), ["R1a3"]);
        assert_eq!(sans("4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", &["a3b2"]), ["Qa3b2"]);
    }
}
