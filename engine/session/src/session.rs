//! A game session: one game with what the rules of play around it decide: where it starts (a
//! FEN, the standard start, a numbered setup chosen or drawn), who moved, the die of a game of
//! chance, a resignation or an agreed draw, the end and its texts, the ply limit, and its PGN
//! (written, and read back with the moves replayed). The web board holds one per game; its
//! handlers only decode requests and encode answers.

use crate::api::{new_game, new_game_with, GameApi, MoveIn, Notation};
use crate::end::{result_token, Agreed, Ending};
use crate::pgn::{movetext_tokens, read_pgn, san_key, PgnGame, Record, Tags};
use movegen::rules::VariantId;
use movegen::types::Color;
use movegen::Error;
use rand_core::SeedableRng;

/// Most half-moves in one game of a session.
pub const MAX_PLIES: usize = 3000;

/// Who made the moves of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Players {
    /// A person moved for this side.
    pub human: bool,
    /// The engine moved for this side.
    pub engine: bool,
}

impl Players {
    /// The PGN name.
    pub fn name(self) -> &'static str {
        match (self.human, self.engine) {
            (true, true) => "Human and Menagerie",
            (false, true) => "Menagerie",
            _ => "Human",
        }
    }
}

/// A time control: `base_ms` for each side, `inc_ms` added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Added to a side's time after each of its moves, in milliseconds.
    pub inc_ms: u64,
}

impl TimeControl {
    /// The PGN `TimeControl` tag: seconds, `+` increment (`300+2`, `30+0.5`).
    pub fn tag(self) -> String {
        let secs = |ms: u64| {
            let s = format!("{}.{:03}", ms / 1000, ms % 1000);
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        format!("{}+{}", secs(self.base_ms), secs(self.inc_ms))
    }
}

/// A numbered setup asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupRequest {
    /// Setup `n`.
    Number(u64),
    /// A setup drawn at random.
    Random,
    /// Something that names no setup.
    Invalid,
}

/// One game and the play around it.
pub struct Session {
    /// The game.
    pub game: Box<dyn GameApi>,
    /// The die of a game of chance (seeded with `seed`, rolled as the match runner rolls it).
    pub die: rand_pcg::Pcg64,
    /// The die's seed (the PGN `Seed` tag).
    pub seed: u64,
    /// Who moved for White and for Black.
    pub players: [Players; 2],
    /// The numbered setup the game started from (`eightpiece-random`), if any.
    pub setup: Option<usize>,
    /// A resignation, agreed draw or flag fall (cleared when moves are taken back).
    pub agreed: Option<Agreed>,
    /// The time control the game is played at, if any (the PGN `TimeControl` tag).
    pub time_control: Option<TimeControl>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Session({} at ply {})", self.game.variant(), self.game.ply())
    }
}

/// A session loaded from a PGN.
#[derive(Debug)]
pub struct Loaded {
    /// The session, all moves played.
    pub session: Session,
    /// Every game of the text.
    pub games: Vec<PgnGame>,
    /// How many chance steps the die re-rolled from the `Seed` tag reproduced (and of how many
    /// free steps).
    pub rolled: (usize, usize),
}

/// Where movetext without tags starts: a variant, and a FEN for a variant that has no standard
/// start position.
#[derive(Clone, Copy, Debug)]
pub struct Untagged<'a> {
    /// The variant.
    pub variant: VariantId,
    /// The start FEN (`None`: the variant's start position).
    pub fen: Option<&'a str>,
}

/// The start of a new game of variant `v`: the FEN, or the numbered setup asked for (`random`
/// draws one), or, for a variant without a standard start, a setup drawn at random. Returns the
/// FEN (`None`: the standard start) and the setup's number. Errors: [`Error::Setup`].
pub fn choose_start(
    v: VariantId,
    mut fen: Option<String>,
    setup: Option<SetupRequest>,
    random: &mut dyn FnMut() -> u64,
) -> Result<(Option<String>, Option<usize>), Error> {
    let refuse = |message: String| Err(Error::Setup { message });
    let mut number = None;
    match (v.info().setups, setup) {
        (_, None) => {}
        (None, Some(_)) => return refuse(format!("{v} has no numbered setups")),
        (Some(_), Some(_)) if fen.is_some() => {
            return refuse("give a FEN or a setup, not both".into())
        }
        (Some(s), Some(req)) => {
            let count = (s.count)();
            let n = match req {
                SetupRequest::Random => (random() % count as u64) as usize,
                SetupRequest::Number(n) if (n as usize) < count => n as usize,
                _ => {
                    return refuse(format!(
                        "`setup` must be \"random\" or a number from 0 to {}",
                        count - 1
                    ))
                }
            };
            fen = (s.fen)(n);
            number = Some(n);
        }
    }
    if fen.is_none() && v.info().start_fen.is_none() {
        let s = v.info().setups.expect("a variant without a start has setups");
        let n = (random() % (s.count)() as u64) as usize;
        fen = (s.fen)(n);
        number = Some(n);
    }
    Ok((fen, number))
}

impl Session {
    /// A session for `game` with the die seeded by `seed`.
    pub fn new(game: Box<dyn GameApi>, seed: u64) -> Session {
        Session {
            game,
            die: rand_pcg::Pcg64::seed_from_u64(seed),
            seed,
            players: [Players::default(); 2],
            setup: None,
            agreed: None,
            time_control: None,
        }
    }

    /// A session of variant `v` from `fen` (or its start), numbered setup `setup`, die `seed`
    /// ([`Error::Fen`], [`Error::UnknownVariant`], [`Error::Setup`] as [`new_game_with`]).
    pub fn start(
        v: VariantId,
        fen: Option<&str>,
        setup: Option<usize>,
        seed: u64,
    ) -> Result<Session, Error> {
        let mut s = Session::new(new_game_with(v, fen, seed, false)?, seed);
        s.setup = setup;
        Ok(s)
    }

    /// How the game ended: by agreement, or by the rules.
    pub fn end(&self) -> Option<Ending> {
        if let Some(a) = self.agreed {
            return Some(Ending::agreed(a));
        }
        let e = self.game.end()?;
        Some(Ending::by_rule(self.game.variant(), &e))
    }

    /// Refuses ([`Error::GameOver`]) when the game is over.
    pub fn ensure_open(&self) -> Result<(), Error> {
        match self.end() {
            Some(end) => {
                Err(Error::GameOver { message: format!("the game is over: {}", end.text) })
            }
            None => Ok(()),
        }
    }

    /// Refuses ([`Error::GameFull`]) when the game has [`MAX_PLIES`] moves.
    pub fn ensure_room(&self) -> Result<(), Error> {
        if self.game.ply() >= MAX_PLIES {
            return Err(full());
        }
        Ok(())
    }

    /// Whether a person may play `text` (notation.md, in a game of chance the action alone):
    /// the game goes on ([`Error::GameOver`]), has room ([`Error::GameFull`]), and the text is
    /// one of the legal actions (the die does not turn a bad text into a move): otherwise
    /// [`Error::IllegalMove`], or [`Error::MalformedMove`] for a text that is no move at all;
    /// the message adds the parser's reason when it says more than "not a legal move" (Jumping
    /// Knights' Rule 4, a PieceEater leg).
    pub fn check_move(&self, text: &str) -> Result<(), Error> {
        self.ensure_open()?;
        self.ensure_room()?;
        if !self.game.legal(Notation::Rules).iter().any(|l| l.action == text || l.text == text) {
            // The move parser's kind (a text that names no legal move reads as illegal or as
            // malformed), with the session's message.
            let kind = match self.game.clone_box().play(MoveIn::Text(text), Notation::Rules) {
                Err(e) if e.is_move() => e,
                _ => Error::IllegalMove { text: text.into(), message: String::new() },
            };
            let mut message = format!("`{text}` is not a legal move here");
            let reason = kind.to_string();
            if !["", "not a legal move", "ambiguous"].contains(&reason.as_str()) {
                message = format!("{message}: {reason}");
            }
            return Err(kind.with_message(message));
        }
        Ok(())
    }

    /// Plays `text` for the side to move, by a person (`human`) or the engine; in a game of
    /// chance the die rolls a missing outcome. Returns the whole move's notation.md text.
    /// Errors as [`GameApi::play`]. It plays whatever the rules allow, so a game ended by
    /// repetition or agreement goes on: a person's move is checked with
    /// [`Session::check_move`] first.
    pub fn play(&mut self, text: &str, human: bool) -> Result<String, Error> {
        let side = self.game.turn().index();
        let full = self.game.play(MoveIn::Drawn { text, die: &mut self.die }, Notation::Rules)?;
        if human {
            self.players[side].human = true;
        } else {
            self.players[side].engine = true;
        }
        Ok(full)
    }

    /// Takes back `count` moves (and a resignation or agreed draw with them); more than were
    /// played is [`Error::BadArgument`].
    pub fn take_back(&mut self, count: usize) -> Result<(), Error> {
        let ply = self.game.ply();
        if count > ply {
            return Err(Error::BadArgument { message: format!("only {ply} moves to take back") });
        }
        for _ in 0..count {
            self.game.undo();
        }
        self.agreed = None;
        Ok(())
    }

    /// Side `side` (`None`: the side to move) resigns.
    pub fn resign(&mut self, side: Option<Color>) -> Result<(), Error> {
        self.ensure_open()?;
        self.agreed = Some(Agreed::Resigned(side.unwrap_or_else(|| self.game.turn())));
        Ok(())
    }

    /// Side `side`'s time ran out: it loses, or draws when the other side cannot mate
    /// ([`GameApi::can_mate`]). Refused ([`Error::GameOver`]) when the game is over.
    pub fn flag(&mut self, side: Color) -> Result<(), Error> {
        self.ensure_open()?;
        self.agreed = Some(if self.game.can_mate(!side) {
            Agreed::OutOfTime(side)
        } else {
            Agreed::OutOfTimeNoMate(side)
        });
        Ok(())
    }

    /// The players agree on a draw.
    pub fn agree_draw(&mut self) {
        self.agreed = Some(Agreed::Draw);
    }

    /// The game as PGN (the match runner's format) from `event` at `site` on `date`
    /// ([`crate::pgn::date`]).
    pub fn pgn(&self, event: &str, site: &str, date: &str) -> String {
        self.record(Tags {
            event: event.into(),
            site: site.into(),
            round: 1,
            white: self.players[0].name().into(),
            black: self.players[1].name().into(),
            time_control: self.time_control.map_or_else(|| "-".into(), TimeControl::tag),
            seed: self.seed,
        })
        .to_pgn(date)
    }

    /// The game's record with `tags`, its result and termination from [`Session::end`]
    /// (`*` and `unterminated` while it goes on).
    pub fn record(&self, tags: Tags) -> Record {
        let end = self.end();
        let result = end.as_ref().map_or(result_token(None), |e| &e.result);
        let termination = end.as_ref().map_or("unterminated", |e| &e.reason);
        Record::of_game(&*self.game, tags, result, termination)
    }

    /// Loads game number `index` (from 0) of a PGN: a record written by `menagerie match`,
    /// `play` or `gui` (replayed from its coordinate comment), a PGN of algebraic moves, or
    /// movetext without tags (a game of `untagged`'s variant). Errors: [`Error::Pgn`] for the
    /// text and its tags, [`Error::UnknownVariant`] for its `Variant` tag, [`Error::Fen`]
    /// (`FEN tag: ...`) for its `FEN` tag, a move error (`move 3 ...`) for a move that does not
    /// replay, [`Error::GameFull`] for too many moves.
    pub fn from_pgn(text: &str, index: usize, untagged: Untagged<'_>) -> Result<Loaded, Error> {
        let pgn = |message: String| Error::Pgn { message };
        let games = read_pgn(text);
        if games.is_empty() {
            return Err(pgn(
                "no game found: paste PGN tags and moves, or moves such as `1. e4 e5`".into(),
            ));
        }
        let n = games.len();
        let g = games.get(index).ok_or_else(|| {
            pgn(format!("the PGN holds {n} games; game {} is not one", index + 1))
        })?;
        let (variant, fen) = if g.tags.is_empty() {
            (untagged.variant, untagged.fen)
        } else {
            let v = match g.tag("Variant") {
                None => VariantId::DEFAULT,
                Some(name) => VariantId::parse(name).ok_or_else(|| Error::UnknownVariant {
                    name: name.into(),
                    message: format!("unknown Variant tag `{name}`"),
                })?,
            };
            (v, g.tag("FEN"))
        };
        if fen.is_none() && variant.info().start_fen.is_none() {
            return Err(pgn(format!(
                "{variant} has no standard start position: the PGN needs a FEN tag"
            )));
        }
        let start = || new_game(variant, fen).map_err(|e| e.context("FEN tag"));
        let seed = match g.tag("Seed") {
            Some(t) => {
                t.parse::<u64>().map_err(|_| pgn(format!("Seed tag `{t}` is not a number")))?
            }
            None => 0,
        };
        let mut session = Session::new(start()?, seed);
        let rolled = if g.coords.is_empty() {
            replay_movetext(&mut *session.game, &g.movetext)?;
            (0, 0)
        } else {
            session.replay_coords(&g.coords)?
        };
        if session.game.ply() > MAX_PLIES {
            return Err(full());
        }
        Ok(Loaded { session, games, rolled })
    }

    /// Replays the coordinate moves of a record; a game of chance re-rolls each step with the
    /// session's die as the match runner rolls it and keeps the recorded turn where the die
    /// differs. Returns the steps the die reproduced (of how many free).
    fn replay_coords(&mut self, coords: &[String]) -> Result<(usize, usize), Error> {
        let variant = self.game.variant();
        let (mut same, mut free) = (0, 0);
        for (i, full) in coords.iter().enumerate() {
            let bad = |e: Error| e.context(format_args!("move {} `{full}`", i + 1));
            if variant.has_chance() {
                // The match runner sends the action alone and rolls `next_u64() % n` among its
                // n outcomes; replay that from the tag, and keep the recorded turn where it
                // differs (a turn that arrived complete was not rolled).
                let action = full.split(',').next().unwrap_or(full);
                let mut trial = self.game.clone_box();
                let mut d = self.die.clone();
                let outcomes = self
                    .game
                    .legal(Notation::Rules)
                    .iter()
                    .filter(|l| l.text.split(',').next() == Some(action))
                    .count();
                if outcomes > 1 {
                    free += 1;
                }
                match trial.play(MoveIn::Drawn { text: action, die: &mut d }, Notation::Rules) {
                    Ok(t) if t == *full => {
                        if outcomes > 1 {
                            same += 1;
                        }
                        self.game = trial;
                        self.die = d;
                        continue;
                    }
                    _ => {}
                }
            }
            self.game.play(MoveIn::Text(full), Notation::Rules).map_err(bad)?;
        }
        Ok((same, free))
    }
}

/// The refusal of a game with more than [`MAX_PLIES`] moves.
fn full() -> Error {
    Error::GameFull { message: format!("a game may have at most {MAX_PLIES} moves") }
}

/// Plays the algebraic (or notation.md coordinate) moves of a movetext.
fn replay_movetext(game: &mut dyn GameApi, movetext: &str) -> Result<(), Error> {
    for (i, tok) in movetext_tokens(movetext).iter().enumerate() {
        let key = san_key(tok);
        let legal = game.legal(Notation::Rules);
        let mut found: Vec<&str> = legal
            .iter()
            .filter(|l| l.text == *tok || san_key(&l.san) == key)
            .map(|l| l.text.as_str())
            .collect();
        found.dedup();
        let text = match found.as_slice() {
            [one] => (*one).to_string(),
            [] => {
                let message = format!("move {} `{tok}` is not a legal move here", i + 1);
                return Err(Error::IllegalMove { text: tok.clone(), message });
            }
            _ => {
                let message = format!("move {} `{tok}` fits several moves", i + 1);
                return Err(Error::AmbiguousMove { text: tok.clone(), message });
            }
        };
        game.play(MoveIn::Text(&text), Notation::Rules)
            .map_err(|e| e.context(format_args!("move {} `{tok}`", i + 1)))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::first_move_number;

    #[test]
    fn movetext_without_tags_and_a_move_number_from_the_fen() {
        let chess = Untagged { variant: VariantId::DEFAULT, fen: None };
        let l = Session::from_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5+ a6 *", 0, chess).unwrap();
        assert_eq!(l.session.game.ply(), 6);
        assert_eq!(l.session.game.move_texts(Notation::Rules)[4], "f1b5");
        let bad = Session::from_pgn("1. e4 e5 2. Ke3", 0, chess).unwrap_err();
        assert!(bad.to_string().contains("move 3 `Ke3`"), "{bad}");
        // A tagged record of algebraic moves from move 25 with Black to move.
        let pgn = "[Variant \"chess\"]\n[FEN \"4k3/8/8/8/8/8/4q3/6KQ b - - 0 25\"]\n\n\
                   25... Qe2-f2+?? 26. Kxf2 1-0\n";
        let l = Session::from_pgn(pgn, 0, chess);
        assert!(l.is_err(), "long algebraic is not SAN");
        let pgn = pgn.replace("Qe2-f2+??", "Qf2+??");
        let l = Session::from_pgn(&pgn, 0, chess).unwrap();
        assert_eq!(l.session.game.move_texts(Notation::Rules), ["e2f2", "g1f2"]);
        assert_eq!(first_move_number(&l.session.game.start_fen()), 25);
    }

    #[test]
    fn starts_and_setups() {
        let mut r = || 7;
        for v in VariantId::ALL {
            let (fen, n) = choose_start(v, None, None, &mut r).unwrap();
            assert_eq!(fen.is_some(), v.info().start_fen.is_none(), "{v}");
            assert_eq!(n.is_some(), fen.is_some(), "{v}");
            match v.info().setups {
                None => assert!(choose_start(v, None, Some(SetupRequest::Random), &mut r).is_err()),
                Some(s) => {
                    let last = (s.count)() as u64 - 1;
                    let ok = choose_start(v, None, Some(SetupRequest::Number(last)), &mut r);
                    assert_eq!(ok.unwrap().1, Some(last as usize));
                    let past = SetupRequest::Number(last + 1);
                    assert!(choose_start(v, None, Some(past), &mut r).is_err());
                }
            }
        }
    }
}
