//! PGN export of a GUI game (the match runner's format: same tags, the coordinate moves in a
//! trailing comment, written by `runner::pgn::Record`; the `Site` tag names the web board) and
//! PGN load: the moves of a record replayed through the rules, a game of chance with its die
//! re-rolled from the `Seed` tag as the match runner rolls it. A record without the coordinate
//! comment (another program's PGN, or bare movetext) is replayed from its algebraic moves.

use super::store::Session;
use crate::game::result_token;
use crate::protocol::api::{new_game, Flavor, GameApi};
use crate::runner::pgn::{read_pgn, PgnGame, Record};
use movegen::rules::VariantId;
use rand_core::SeedableRng;
use serde_json::{json, Value};

/// The `Site` tag of a game exported by the web board.
pub const SITE: &str = "menagerie gui (web board)";

/// The PGN of the session's game.
pub fn export(s: &Session, date: &str) -> Result<String, String> {
    let g = &*s.game;
    let v = g.variant();
    let standard = new_game(v, None).map(|n| n.fen()).ok();
    let fen = Some(g.start_fen())
        .filter(|f| Some(f) != standard.as_ref() || v.info().start_fen.is_none());
    let end = s.end();
    let rec = Record {
        event: "menagerie gui".into(),
        site: SITE.into(),
        round: 1,
        white: s.players[0].name().into(),
        black: s.players[1].name().into(),
        variant: v.name().into(),
        black_first: fen.as_deref().is_some_and(|f| f.split_whitespace().nth(1) == Some("b")),
        first_move_number: fen.as_deref().map_or(1, first_move_number),
        fen,
        seed: v.has_chance().then_some(s.seed),
        time_control: "-".into(),
        sans: g.move_sans(),
        coords: g.move_texts(Flavor::Uci),
        result: end.as_ref().map_or(result_token(None).into(), |e| e.result.clone()),
        termination: end.map_or("unterminated".into(), |e| e.reason),
    };
    Ok(rec.to_pgn(date))
}

/// The fullmove number of a FEN (its sixth field; 1 when it has none).
pub fn first_move_number(fen: &str) -> u32 {
    fen.split_whitespace().nth(5).and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(1)
}

/// A game loaded from a PGN.
#[derive(Debug)]
pub struct Loaded {
    /// The session, all moves played.
    pub session: Session,
    /// One line per game of the text, for a picker: `{white, black, result, event, round,
    /// variant, date}`.
    pub games: Vec<Value>,
    /// How many chance steps the die re-rolled from the `Seed` tag reproduced (and of how many
    /// free steps).
    pub rolled: (usize, usize),
}

/// Where movetext without tags starts: the board's variant, and a FEN for a variant that has
/// no standard start position.
#[derive(Clone, Copy, Debug)]
pub struct Untagged<'a> {
    /// The variant.
    pub variant: VariantId,
    /// The start FEN (`None`: the variant's start position).
    pub fen: Option<&'a str>,
}

fn summary(g: &PgnGame) -> Value {
    let t = |k: &str| g.tag(k).unwrap_or("?").to_string();
    json!({
        "white": t("White"), "black": t("Black"), "event": t("Event"), "round": t("Round"),
        "date": t("Date"), "result": g.tag("Result").unwrap_or(&g.result),
        "variant": g.tag("Variant").unwrap_or(if g.tags.is_empty() { "" } else { "chess" }),
    })
}

/// Loads game number `index` (from 0) of a PGN: a record written by `menagerie match`, `play`
/// or `gui` (replayed from its coordinate comment), a PGN of algebraic moves, or movetext
/// without tags (a game of `untagged`'s variant).
pub fn load(text: &str, index: usize, untagged: Untagged<'_>) -> Result<Loaded, String> {
    let games = read_pgn(text);
    if games.is_empty() {
        return Err("no game found: paste PGN tags and moves, or moves such as `1. e4 e5`".into());
    }
    let n = games.len();
    let g = games
        .get(index)
        .ok_or_else(|| format!("the PGN holds {n} games; game {} is not one", index + 1))?;
    let (variant, fen) = if g.tags.is_empty() {
        (untagged.variant, untagged.fen)
    } else {
        let v = match g.tag("Variant") {
            None => VariantId::Chess,
            Some(name) => {
                VariantId::parse(name).ok_or_else(|| format!("unknown Variant tag `{name}`"))?
            }
        };
        (v, g.tag("FEN"))
    };
    if fen.is_none() && variant.info().start_fen.is_none() {
        return Err(format!("{variant} has no standard start position: the PGN needs a FEN tag"));
    }
    let start = || new_game(variant, fen).map_err(|e| format!("FEN tag: {e}"));
    let seed = match g.tag("Seed") {
        Some(t) => t.parse::<u64>().map_err(|_| format!("Seed tag `{t}` is not a number"))?,
        None => 0,
    };
    let mut session = Session::new(start()?, seed);
    let (game, die, rolled) = if g.coords.is_empty() {
        let mut game = start()?;
        replay_movetext(&mut *game, &g.movetext)?;
        (game, rand_pcg::Pcg64::seed_from_u64(seed), (0, 0))
    } else {
        replay_coords(start()?, &g.coords, seed)?
    };
    session.game = game;
    session.die = die;
    Ok(Loaded { session, games: games.iter().map(summary).collect(), rolled })
}

/// A replayed game, its die after the replay, and the steps it reproduced (of how many free).
type Replayed = (Box<dyn GameApi>, rand_pcg::Pcg64, (usize, usize));

/// Replays the coordinate moves of a record; a game of chance re-rolls each step with the die
/// of `seed` as the match runner rolls it and keeps the recorded turn where the die differs.
fn replay_coords(
    mut game: Box<dyn GameApi>,
    coords: &[String],
    seed: u64,
) -> Result<Replayed, String> {
    let variant = game.variant();
    let mut die = rand_pcg::Pcg64::seed_from_u64(seed);
    let (mut same, mut free) = (0, 0);
    for (i, full) in coords.iter().enumerate() {
        let bad = |e: String| format!("move {} `{full}`: {e}", i + 1);
        if variant.has_chance() {
            // The match runner sends the action alone and rolls `next_u64() % n` among its n
            // outcomes; replay that from the tag, and keep the recorded turn where it differs
            // (a turn that arrived complete was not rolled).
            let action = full.split(',').next().unwrap_or(full);
            let mut trial = game.clone_box();
            let mut d = die.clone();
            let outcomes = game
                .legal_pairs()
                .iter()
                .filter(|(c, _)| c.split(',').next() == Some(action))
                .count();
            if outcomes > 1 {
                free += 1;
            }
            match trial.play_engine_move(action, Flavor::Uci, &mut d) {
                Ok(t) if t == *full => {
                    if outcomes > 1 {
                        same += 1;
                    }
                    game = trial;
                    die = d;
                    continue;
                }
                _ => {}
            }
        }
        game.play_text(full, Flavor::Uci).map_err(bad)?;
    }
    Ok((game, die, (same, free)))
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
fn san_key(san: &str) -> String {
    let first = san.split(' ').next().unwrap_or(san);
    first.trim_end_matches(['+', '#', '!', '?']).replace('0', "O")
}

/// Plays the algebraic (or notation.md coordinate) moves of a movetext.
fn replay_movetext(game: &mut dyn GameApi, movetext: &str) -> Result<(), String> {
    for (i, tok) in movetext_tokens(movetext).iter().enumerate() {
        let key = san_key(tok);
        let legal = game.legal_pairs();
        let mut found: Vec<&str> = legal
            .iter()
            .filter(|(text, san)| text == tok || san_key(san) == key)
            .map(|(text, _)| text.as_str())
            .collect();
        found.dedup();
        let text = match found.as_slice() {
            [one] => (*one).to_string(),
            [] => return Err(format!("move {} `{tok}` is not a legal move here", i + 1)),
            _ => return Err(format!("move {} `{tok}` fits several moves", i + 1)),
        };
        game.play_text(&text, Flavor::Uci).map_err(|e| format!("move {} `{tok}`: {e}", i + 1))?;
    }
    Ok(())
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
    fn movetext_without_tags_and_a_move_number_from_the_fen() {
        let chess = Untagged { variant: VariantId::Chess, fen: None };
        let l = load("1. e4 e5 2. Nf3 Nc6 3. Bb5+ a6 *", 0, chess).unwrap();
        assert_eq!(l.session.game.ply(), 6);
        assert_eq!(l.session.game.move_texts(Flavor::Uci)[4], "f1b5");
        let bad = load("1. e4 e5 2. Ke3", 0, chess).unwrap_err();
        assert!(bad.contains("move 3 `Ke3`"), "{bad}");
        // A tagged record of algebraic moves from move 25 with Black to move.
        let pgn = "[Variant \"chess\"]\n[FEN \"4k3/8/8/8/8/8/4q3/6KQ b - - 0 25\"]\n\n\
                   25... Qe2-f2+?? 26. Kxf2 1-0\n";
        let l = load(pgn, 0, chess);
        assert!(l.is_err(), "long algebraic is not SAN");
        let pgn = pgn.replace("Qe2-f2+??", "Qf2+??");
        let l = load(&pgn, 0, chess).unwrap();
        assert_eq!(l.session.game.move_texts(Flavor::Uci), ["e2f2", "g1f2"]);
        assert_eq!(first_move_number(&l.session.game.start_fen()), 25);
    }
}
