//! A move's algebraic text as the page shows it: the move itself and, apart from it, the note a
//! variant's notation writes after the move (the Magician's `e6 (M = H)`: her new form). A PGN
//! keeps the note as a comment (`e6 {M = H}`, `Rules::pgn_san`); the move list, the chooser and
//! the typed-move list show the move, with the note beside it, never a brace.

/// The move and the note of an algebraic text in its PGN form (`a1=M {M = H}`) or the
/// variant's own (`a1=M (M = H)`): `("a1=M", Some("M = H"))`. A text without a bracketed note
/// after its move is the move whole (`e5xd6-c7 e.p.` stays as it is).
pub fn split_note(san: &str) -> (String, Option<String>) {
    let Some((mv, rest)) = san.split_once(' ') else {
        return (san.to_string(), None);
    };
    let rest = rest.trim();
    let inner = [('{', '}'), ('(', ')')]
        .iter()
        .find_map(|&(open, close)| rest.strip_prefix(open)?.strip_suffix(close));
    match inner {
        Some(note) if !note.contains(['{', '}']) => (mv.to_string(), Some(note.trim().to_string())),
        _ => (san.to_string(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_comes_apart_from_the_move() {
        let split = |s: &str| split_note(s);
        assert_eq!(split("a1=M {M = H}"), ("a1=M".into(), Some("M = H".into())));
        assert_eq!(split("exd6+ (M = C)"), ("exd6+".into(), Some("M = C".into())));
        assert_eq!(split("K=a8=T"), ("K=a8=T".into(), None));
        assert_eq!(split("e5xd6-c7 e.p."), ("e5xd6-c7 e.p.".into(), None));
        assert_eq!(split("Nf3"), ("Nf3".into(), None));
    }
}
