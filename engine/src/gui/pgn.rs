//! PGN export of a GUI game (the match runner's format: same tags, the coordinate moves in a
//! trailing comment, written by `runner::pgn::Record`) and PGN load: the moves of a record
//! replayed through the rules, a game of chance with its die re-rolled from the `Seed` tag as
//! the match runner rolls it.

use super::store::Session;
use crate::game::{reason_text, result_token};
use crate::protocol::api::{new_game, Flavor};
use crate::runner::pgn::{read_games, Record};
use movegen::rules::VariantId;
use rand_core::SeedableRng;

/// The PGN of the session's game.
pub fn export(s: &Session, date: &str) -> Result<String, String> {
    let g = &*s.game;
    let v = g.variant();
    let standard = new_game(v, None).map(|n| n.fen()).ok();
    let fen = Some(g.start_fen())
        .filter(|f| Some(f) != standard.as_ref() || v.info().start_fen.is_none());
    let end = g.end();
    let rec = Record {
        event: "menagerie gui".into(),
        round: 1,
        white: s.players[0].name().into(),
        black: s.players[1].name().into(),
        variant: v.name().into(),
        black_first: fen.as_deref().is_some_and(|f| f.split_whitespace().nth(1) == Some("b")),
        first_move_number: fen
            .as_deref()
            .and_then(|f| f.split_whitespace().nth(5))
            .and_then(|n| n.parse().ok())
            .unwrap_or(1),
        fen,
        seed: v.has_chance().then_some(s.seed),
        time_control: "-".into(),
        sans: g.move_sans(),
        coords: g.move_texts(Flavor::Uci),
        result: result_token(end).into(),
        termination: end.map_or("unterminated".into(), |e| reason_text(&e)),
    };
    Ok(rec.to_pgn(date))
}

/// A game loaded from a PGN.
#[derive(Debug)]
pub struct Loaded {
    /// The session, all moves played.
    pub session: Session,
    /// How many games the text held.
    pub games: usize,
    /// How many chance steps the die re-rolled from the `Seed` tag reproduced (and of how many
    /// free steps).
    pub rolled: (usize, usize),
}

/// Loads game number `index` (from 0) of a PGN written by `menagerie match`, `play` or `gui`.
pub fn load(text: &str, index: usize) -> Result<Loaded, String> {
    let games = read_games(text);
    if games.is_empty() {
        return Err("no game found (expected PGN tags such as [Variant \"chess\"])".into());
    }
    let n = games.len();
    let (tags, coords, _) = games
        .get(index)
        .ok_or_else(|| format!("the PGN holds {n} games; game {index} is not one"))?;
    let tag = |k: &str| tags.iter().find(|(t, _)| t == k).map(|(_, v)| v.as_str());
    let variant = match tag("Variant") {
        None => VariantId::Chess,
        Some(name) => {
            VariantId::parse(name).ok_or_else(|| format!("unknown Variant tag `{name}`"))?
        }
    };
    let mut game = new_game(variant, tag("FEN")).map_err(|e| format!("FEN tag: {e}"))?;
    if coords.is_empty() && tag("PlyCount").is_some_and(|p| p != "0") {
        return Err(
            "the record has no `coordinates:` comment to replay (written by menagerie)".into()
        );
    }
    let seed = match tag("Seed") {
        Some(t) => t.parse::<u64>().map_err(|_| format!("Seed tag `{t}` is not a number"))?,
        None => 0,
    };
    let mut session = Session::new(new_game(variant, tag("FEN")).map_err(|e| e.to_string())?, seed);
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
    session.game = game;
    session.die = die;
    Ok(Loaded { session, games: n, rolled: (same, free) })
}
