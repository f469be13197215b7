//! The position drawn as text for a terminal (`menagerie play`): each square three cells wide,
//! White's pieces in upper case (orthodox pieces as chess glyphs), lancer facings as arrows,
//! holes as `▓▓▓`, a mark of the variant table that rings the board (the Jumping Knights edge)
//! dotted, the neutral chance piece as `X`, hands under the board; and the side effects of a
//! move in words.

use crate::api::GameApi;
use movegen::types::Square;
use movegen::view::{BoardView, Cell};

fn glyph(c: char) -> String {
    let g = match c {
        'K' => '♔',
        'Q' => '♕',
        'R' => '♖',
        'B' => '♗',
        'N' => '♘',
        'P' => '♙',
        'k' => '♚',
        'q' => '♛',
        'r' => '♜',
        'b' => '♝',
        'n' => '♞',
        'p' => '♟',
        other => other,
    };
    g.to_string()
}

fn arrow(facing: &str) -> &'static str {
    match facing {
        "n" => "↑",
        "ne" => "↗",
        "e" => "→",
        "se" => "↘",
        "s" => "↓",
        "sw" => "↙",
        "w" => "←",
        "nw" => "↖",
        _ => "?",
    }
}

/// The current position of `game` drawn for a terminal.
pub fn render(game: &dyn GameApi) -> String {
    let ring = game.variant().info().marks.squares.iter().any(|m| m.ranks);
    render_view(&game.view(), &game.fen(), ring)
}

/// Draws the board view `view` of the position `fen` (`ring`: the outer squares dotted).
pub fn render_view(view: &BoardView, fen: &str, ring: bool) -> String {
    let (files, ranks) = (i32::from(view.files), i32::from(view.ranks));
    let mut s = String::new();
    let file_names: String = (0..files)
        .map(|f| format!(" {} ", view.names[f as usize].chars().next().unwrap_or('?')))
        .collect();
    s.push_str(&format!("    {file_names}\n"));
    s.push_str(&format!("   ┌{}┐\n", "───".repeat(files as usize)));
    for r in (0..ranks).rev() {
        let rank_name: String = view.names[(r * files) as usize].chars().skip(1).collect();
        s.push_str(&format!("{rank_name:>2} │"));
        for f in 0..files {
            let sq = Square((r * files + f) as u8);
            let edge = ring && (f == 0 || r == 0 || f == files - 1 || r == ranks - 1);
            let cell = match view.cell(sq) {
                Cell::Hole => "▓▓▓".to_string(),
                Cell::Unit(t) => match t.split_once('(') {
                    Some((c, facing)) => format!(
                        "{}{} ",
                        glyph(c.chars().next().unwrap_or('?')),
                        arrow(facing.trim_end_matches(')'))
                    ),
                    None => format!(" {} ", glyph(t.chars().next().unwrap_or('?'))),
                },
                Cell::Empty if edge => " · ".to_string(),
                Cell::Empty if (f + r) % 2 == 0 => " . ".to_string(),
                Cell::Empty => "   ".to_string(),
            };
            s.push_str(&cell);
        }
        s.push_str(&format!("│ {rank_name}\n"));
    }
    s.push_str(&format!("   └{}┘\n", "───".repeat(files as usize)));
    s.push_str(&format!("    {file_names}\n"));
    if let Some([white, black]) = &view.hands {
        s.push_str(&format!("  hands: White [{white}]  Black [{black}]\n"));
    }
    s.push_str(&format!("  {} to move;  FEN {fen}\n", view.turn.select("White", "Black")));
    s
}

/// The side effects of the last move, for a line under the board: every change when the move
/// did more than take a unit from one square to another (castling, e.p., a push, a turn, a
/// promotion elsewhere on the board) or had a chance step; `None` for a plain move.
pub fn side_effects(game: &dyn GameApi) -> Option<String> {
    let i = game.ply().checked_sub(1)?;
    let e = game.played_effect(i)?;
    (e.changes.len() != 2 || e.chance.is_some()).then(|| e.describe(&game.view()))
}
