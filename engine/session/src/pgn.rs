//! PGN: a finished game's record ([`Record`], built from the game by [`Record::of_game`] for
//! every front end that writes one; the match runner's format: tags, algebraic movetext, the
//! coordinate moves in a trailing comment), the `Date` tag ([`date`]), and the reading of PGN
//! texts (tags, movetext, the coordinate comment, the move tokens of a movetext).

use crate::api::{new_game, GameApi, Notation};
use std::fmt::Write;

/// What a game's record holds besides the game itself: the occasion, the players, the clock,
/// the die.
#[derive(Clone, Debug, Default)]
pub struct Tags {
    /// Event tag.
    pub event: String,
    /// Site tag: the program that played the game.
    pub site: String,
    /// Round number (1-based; 0 until the match runner numbers the game).
    pub round: u32,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Time control tag.
    pub time_control: String,
    /// Seed of the die (written only for a game of chance).
    pub seed: u64,
}

/// A date as PGN's `Date` tag writes it (`YYYY.MM.DD`, proleptic Gregorian, UTC) from seconds
/// since the Unix epoch; `????.??.??` for an unknown date (`None`). The caller reads the clock:
/// this crate does not.
pub fn date(unix_secs: Option<u64>) -> String {
    let Some(secs) = unix_secs else { return "????.??.??".into() };
    // Days since the epoch to a civil date.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

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
    /// The record of `game` with `tags`, ended with `result` (`*` while it goes on) for
    /// `termination`. The variant, the start and the moves come from the game: a `FEN` tag
    /// unless the game began at its variant's standard start (always for a variant without
    /// one), and the first move's number and colour read from that FEN.
    pub fn of_game(game: &dyn GameApi, tags: Tags, result: &str, termination: &str) -> Record {
        let v = game.variant();
        let standard = new_game(v, None).map(|n| n.fen()).ok();
        let fen = Some(game.start_fen())
            .filter(|f| Some(f) != standard.as_ref() || v.info().start_fen.is_none());
        Record {
            event: tags.event,
            site: tags.site,
            round: tags.round,
            white: tags.white,
            black: tags.black,
            variant: v.name().into(),
            black_first: fen.as_deref().is_some_and(|f| f.split_whitespace().nth(1) == Some("b")),
            first_move_number: fen.as_deref().map_or(1, first_move_number),
            fen,
            seed: v.has_chance().then_some(tags.seed),
            time_control: tags.time_control,
            sans: game.move_sans(),
            coords: game.move_texts(Notation::Rules),
            result: result.into(),
            termination: termination.into(),
        }
    }

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
    fn a_record_starts_where_its_fen_does() {
        let fen = "4k3/8/8/8/8/8/4q3/6KQ b - - 0 12";
        let mut g = new_game(movegen::rules::VariantId::Chess, Some(fen)).unwrap();
        g.play(crate::api::MoveIn::Text("e2f2"), Notation::Rules).unwrap();
        g.play(crate::api::MoveIn::Text("g1f2"), Notation::Rules).unwrap();
        let tags = Tags { event: "e".into(), seed: 5, ..Tags::default() };
        let r = Record::of_game(&*g, tags, "*", "unterminated");
        assert_eq!((r.fen.as_deref(), r.black_first, r.first_move_number), (Some(fen), true, 12));
        assert_eq!(r.seed, None, "chess has no die");
        let pgn = r.to_pgn(&date(Some(0)));
        assert!(pgn.contains("[Date \"1970.01.01\"]"), "{pgn}");
        assert!(pgn.contains("12... Qf2+ 13. Kxf2"), "{pgn}");
        // The standard start writes no FEN; a variant without one always does.
        let start = new_game(movegen::rules::VariantId::Chess, None).unwrap();
        let r = Record::of_game(&*start, Tags::default(), "*", "");
        assert_eq!((r.fen, r.black_first, r.first_move_number), (None, false, 1));
        let random = movegen::rules::VariantId::ALL
            .into_iter()
            .find(|v| v.info().start_fen.is_none())
            .expect("a variant without a standard start");
        let g = crate::api::new_game_with(random, None, 3, false).unwrap();
        assert_eq!(Record::of_game(&*g, Tags::default(), "*", "").fen, Some(g.start_fen()));
    }

    #[test]
    fn dates() {
        assert_eq!(date(None), "????.??.??");
        assert_eq!(date(Some(0)), "1970.01.01");
        // 2024-02-29 12:00 UTC, 2026-12-31 23:59:59 UTC.
        assert_eq!(date(Some(1_709_208_000)), "2024.02.29");
        assert_eq!(date(Some(1_798_761_599)), "2026.12.31");
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
