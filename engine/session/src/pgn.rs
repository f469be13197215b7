//! PGN: a finished game's record ([`Record`], the match runner's format: tags, algebraic
//! movetext, the coordinate moves in a trailing comment) and the reading of PGN texts (tags,
//! movetext, the coordinate comment, the move tokens of a movetext).

use std::fmt::Write;

/// A finished game, ready to write.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Event tag.
    pub event: String,
    /// Site tag: the program that played the game (`menagerie match`, the web board).
    pub site: String,
    /// Round number (1-based).
    pub round: u32,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Variant id.
    pub variant: String,
    /// Start FEN if not the variant's standard start.
    pub fen: Option<String>,
    /// Seed of the PieceEater die, where the variant has one.
    pub seed: Option<u64>,
    /// Time control tag.
    pub time_control: String,
    /// Moves in algebraic notation.
    pub sans: Vec<String>,
    /// Moves in coordinate notation (also kept, as a comment-free second record of the game).
    pub coords: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// Why the game ended.
    pub termination: String,
    /// Whether Black moved first in the record (start FEN with Black to move).
    pub black_first: bool,
    /// Fullmove number of the start position.
    pub first_move_number: u32,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

impl Record {
    /// The PGN text (tags, movetext with the coordinate moves in a trailing comment, result).
    pub fn to_pgn(&self, date: &str) -> String {
        let mut s = String::new();
        let tag = |s: &mut String, k: &str, v: &str| {
            let _ = writeln!(s, "[{k} \"{}\"]", escape(v));
        };
        tag(&mut s, "Event", &self.event);
        tag(&mut s, "Site", &self.site);
        tag(&mut s, "Date", date);
        tag(&mut s, "Round", &self.round.to_string());
        tag(&mut s, "White", &self.white);
        tag(&mut s, "Black", &self.black);
        tag(&mut s, "Result", &self.result);
        tag(&mut s, "Variant", &self.variant);
        if let Some(f) = &self.fen {
            tag(&mut s, "SetUp", "1");
            tag(&mut s, "FEN", f);
        }
        if let Some(seed) = self.seed {
            tag(&mut s, "Seed", &seed.to_string());
        }
        tag(&mut s, "TimeControl", &self.time_control);
        tag(&mut s, "Termination", &self.termination);
        tag(&mut s, "PlyCount", &self.sans.len().to_string());
        s.push('\n');
        let mut line = String::new();
        let mut number = self.first_move_number.max(1);
        let mut white_to_move = !self.black_first;
        for (i, full) in self.sans.iter().enumerate() {
            // A SAN with an annotation after a space (the Magician's `e6 (M = H)`) keeps the
            // annotation as a comment: bare parentheses would open a PGN variation.
            let san = match full.split_once(' ') {
                Some((mv, note)) => {
                    let note = note.trim().trim_start_matches('(').trim_end_matches(')');
                    format!("{mv} {{{}}}", note.replace(['{', '}'], ""))
                }
                None => full.clone(),
            };
            let tok = if white_to_move {
                format!("{number}. {san}")
            } else if i == 0 {
                format!("{number}... {san}")
            } else {
                san
            };
            if !white_to_move {
                number += 1;
            }
            white_to_move = !white_to_move;
            if line.len() + tok.len() + 1 > 79 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
            line.push_str(&tok);
            line.push(' ');
        }
        let comment = format!("{{{}; coordinates: {}}} ", self.termination, self.coords.join(" "));
        line.push_str(&comment);
        line.push_str(&self.result);
        // Wrap the comment too.
        let mut out_line = String::new();
        for word in line.split(' ') {
            if out_line.len() + word.len() + 1 > 79 && !out_line.is_empty() {
                s.push_str(out_line.trim_end());
                s.push('\n');
                out_line.clear();
            }
            out_line.push_str(word);
            out_line.push(' ');
        }
        s.push_str(out_line.trim_end());
        s.push_str("\n\n");
        s
    }
}

/// A game read back: tags, coordinate moves, result.
pub type ReadGame = (Vec<(String, String)>, Vec<String>, String);

/// A game of a PGN text, as read by [`read_pgn`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags, in order (empty for movetext without tags).
    pub tags: Vec<(String, String)>,
    /// The coordinate moves of the trailing `coordinates:` comment [`Record::to_pgn`] writes
    /// (empty when the record has none).
    pub coords: Vec<String>,
    /// The last token of the movetext (the result, `*` when there is none).
    pub result: String,
    /// The movetext as written (comments included).
    pub movetext: String,
}

impl PgnGame {
    /// The value of tag `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// The result a movetext ends with (`*` when it ends with none).
fn result_of(movetext: &str) -> String {
    let last = movetext.split_whitespace().last().unwrap_or("*");
    if ["1-0", "0-1", "1/2-1/2"].contains(&last) { last } else { "*" }.to_string()
}

/// Reads the games of a PGN text: each starts at its tags. Movetext with no tag at all in the
/// whole text is one game without tags.
pub fn read_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut body = String::new();
    let flush = |tags: &mut Vec<(String, String)>, body: &mut String, games: &mut Vec<_>| {
        if tags.is_empty() {
            return;
        }
        let coords = body
            .split("coordinates:")
            .nth(1)
            .and_then(|r| r.split('}').next())
            .map(|r| r.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default();
        let result = result_of(body);
        let movetext = std::mem::take(body).trim().to_string();
        games.push(PgnGame { tags: std::mem::take(tags), coords, result, movetext });
    };
    for line in text.lines() {
        if let Some(t) = line.trim_start().strip_prefix('[') {
            if !body.trim().is_empty() {
                flush(&mut tags, &mut body, &mut games);
            }
            if let Some((k, v)) = t.trim_end().trim_end_matches(']').split_once(' ') {
                let v = v.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(v);
                tags.push((k.to_string(), v.replace("\\\"", "\"").replace("\\\\", "\\")));
            }
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    flush(&mut tags, &mut body, &mut games);
    if games.is_empty() && !body.trim().is_empty() {
        let result = result_of(&body);
        games.push(PgnGame { movetext: body.trim().to_string(), result, ..PgnGame::default() });
    }
    games
}

/// Reads the games of a PGN written by [`Record::to_pgn`] (games with tags only).
pub fn read_games(text: &str) -> Vec<ReadGame> {
    read_pgn(text)
        .into_iter()
        .filter(|g| !g.tags.is_empty())
        .map(|g| (g.tags, g.coords, g.result))
        .collect()
}

/// The fullmove number of a FEN (its sixth field; 1 when it has none).
pub fn first_move_number(fen: &str) -> u32 {
    fen.split_whitespace().nth(5).and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(1)
}

/// The move tokens of a movetext: comments (`{…}`, `;…`), variations (`(…)`), NAGs (`$n`),
/// move numbers and the result left out.
pub fn movetext_tokens(movetext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut brace, mut semicolon, mut parens) = (false, false, 0usize);
    let mut push = |w: &mut String| {
        let digits = w.trim_start_matches(|c: char| c.is_ascii_digit());
        let t = if digits.len() < w.len() && digits.starts_with('.') {
            digits.trim_start_matches('.')
        } else {
            w.as_str()
        };
        let result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&t);
        if !t.is_empty() && !t.starts_with('$') && !result {
            out.push(t.to_string());
        }
        w.clear();
    };
    for c in movetext.chars() {
        if brace {
            brace = c != '}';
        } else if semicolon {
            semicolon = c != '\n';
        } else if c == '{' || c == ';' || c == '(' || c == ')' || c.is_whitespace() {
            push(&mut word);
            match c {
                '{' => brace = true,
                ';' => semicolon = true,
                '(' => parens += 1,
                ')' => parens = parens.saturating_sub(1),
                _ => {}
            }
        } else if parens == 0 {
            word.push(c);
        }
    }
    push(&mut word);
    out
}

/// A move text compared without check, mate and annotation marks (`Nf3+!` as `Nf3`), castling
/// with zeros as with letters, and an annotation after a space (`e6 (M = H)`) left out.
pub fn san_key(san: &str) -> String {
    let first = san.split(' ').next().unwrap_or(san);
    first.trim_end_matches(['+', '#', '!', '?']).replace('0', "O")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_tokens_skip_numbers_comments_variations_and_results() {
        let t = movetext_tokens(
            "1. e4 {best} e5 2.Nf3 (2. f4 exf4) Nc6 $1 3... a6 ; rest\n4. O-O! 1/2-1/2",
        );
        assert_eq!(t, ["e4", "e5", "Nf3", "Nc6", "a6", "O-O!"]);
    }

    #[test]
    fn writes_and_reads_back() {
        let r = Record {
            event: "test".into(),
            site: "menagerie match".into(),
            round: 3,
            white: "A \"quoted\"".into(),
            black: "B".into(),
            variant: "chess".into(),
            fen: None,
            seed: Some(9),
            time_control: "10+0.1".into(),
            sans: vec!["e4".into(), "e5".into(), "Nf3 (M = H)".into()],
            coords: vec!["e2e4".into(), "e7e5".into(), "g1f3".into()],
            result: "1/2-1/2".into(),
            termination: "adjudication".into(),
            black_first: false,
            first_move_number: 1,
        };
        let pgn = r.to_pgn("2026.11.22");
        assert!(
            pgn.contains("1. e4 e5 2. Nf3 {M = H} {adjudication; coordinates: e2e4 e7e5 g1f3}"),
            "{pgn}"
        );
        assert!(!pgn.contains('('), "no PGN variation opened: {pgn}");
        assert!(pgn.contains("[Seed \"9\"]"));
        let games = read_games(&(pgn.clone() + &pgn));
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].1, vec!["e2e4", "e7e5", "g1f3"]);
        assert_eq!(games[0].2, "1/2-1/2");
        assert!(games[0].0.contains(&("White".to_string(), "A \"quoted\"".to_string())));
    }
}
