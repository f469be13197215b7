//! One game of a match: the engines' turns under their clocks, every move validated by the
//! rules (a game of chance's outcomes rolled by the runner's die), the end by the rules, a
//! fault, a flag fall, a resignation or an adjudication, and the game's record.

use super::player::{Control, Player, Proto, Reply, Turn};
use super::process::Fault;
use super::{time_control_tag, MatchConfig};
use crate::xboard::game::new_game;
use movegen::rules::{GameEnd, Outcome};
use movegen::types::Color;
use session::end::{reason_text, result_token};
use session::pgn::{Record, Tags};
use session::{GameApi, MoveIn, Notation, Session};
use std::time::{Duration, Instant};

/// A played game: its record, its outcome, and the side that caused a fault (with what).
pub(super) type Played = (Record, Option<Outcome>, Option<(Color, String)>);

/// How a game ended: the outcome, the PGN `Termination`, and the side that caused a fault
/// (with what).
struct Over {
    outcome: Outcome,
    termination: String,
    fault: Option<(Color, String)>,
}

impl Over {
    /// `side` loses by `termination`, a fault described with the position `fen`.
    fn fault(side: Color, termination: String, fen: &str) -> Over {
        let fault = Some((side, format!("{termination} at {fen}")));
        Over { outcome: Outcome::Win(!side), termination, fault }
    }
}

/// The clocks of a game, by colour (the two limits differ under time odds).
struct Clocks {
    controls: [Control; 2],
    bases: [i64; 2],
    incs: [i64; 2],
    /// Moves per time control (0: none).
    moves: u32,
    left: [i64; 2],
    moves_made: [u32; 2],
}

impl Clocks {
    fn new(controls: [Control; 2]) -> Clocks {
        let clock_of = |c: &Control| match *c {
            Control::Clock { base_ms, inc_ms, moves } => (base_ms as i64, inc_ms as i64, moves),
            _ => (0, 0, 0),
        };
        let (w, b) = (clock_of(&controls[0]), clock_of(&controls[1]));
        Clocks {
            controls,
            bases: [w.0, b.0],
            incs: [w.1, b.1],
            moves: w.2,
            left: [w.0, b.0],
            moves_made: [0; 2],
        }
    }

    /// The time the mover of side `si` may take before it loses (or hangs).
    fn budget_ms(&self, si: usize, cfg: &MatchConfig) -> u64 {
        match self.controls[si] {
            Control::Clock { .. } => (self.left[si] + cfg.time_margin_ms as i64).max(1) as u64,
            Control::MoveTime(ms) => ms + cfg.hang_ms,
            Control::Depth(_) | Control::Nodes(_) => cfg.hang_ms,
        }
    }

    /// Side `si` took `elapsed` ms: false if its flag fell (beyond `margin` ms); the increment
    /// and, at a time control, the base time are added.
    fn spend(&mut self, si: usize, elapsed: i64, margin: i64) -> bool {
        if let Control::Clock { .. } = self.controls[si] {
            self.left[si] -= elapsed;
            if self.left[si] < -margin {
                return false;
            }
            self.left[si] += self.incs[si];
            self.moves_made[si] += 1;
            if self.moves > 0 && self.moves_made[si].is_multiple_of(self.moves) {
                self.left[si] += self.bases[si];
            }
        }
        true
    }
}

/// Consecutive reported scores that adjudicate a game.
#[derive(Default)]
struct Adjudicator {
    resign_streak: [u32; 2],
    draw_streak: u32,
}

impl Adjudicator {
    /// The end the scores adjudicate after side `si` reported `score` (its own view) at ply
    /// `ply`, if any.
    fn judge(
        &mut self,
        cfg: &MatchConfig,
        si: usize,
        score: i32,
        ply: usize,
        name: &str,
    ) -> Option<Over> {
        if let Some((cp, n)) = cfg.resign {
            if score <= -cp {
                self.resign_streak[si] += 1;
            } else {
                self.resign_streak[si] = 0;
            }
            // The opponent must agree (its last scores show it winning).
            if self.resign_streak[si] >= n && self.resign_streak[1 - si] == 0 {
                let side = if si == 0 { Color::White } else { Color::Black };
                return Some(Over {
                    outcome: Outcome::Win(!side),
                    termination: format!("{name} adjudicated lost (score {score})"),
                    fault: None,
                });
            }
        }
        if let Some((cp, n, after)) = cfg.draw {
            let move_no = (ply / 2) as u32 + 1;
            if score.abs() <= cp && move_no >= after {
                self.draw_streak += 1;
            } else {
                self.draw_streak = 0;
            }
            if self.draw_streak >= 2 * n {
                return Some(Over {
                    outcome: Outcome::Draw,
                    termination: "Draw by adjudication".into(),
                    fault: None,
                });
            }
        }
        None
    }
}

/// What a game's turns share.
struct Table<'a> {
    cfg: &'a MatchConfig,
    variant_name: String,
    fen: Option<String>,
    clocks: Clocks,
    adjudicator: Adjudicator,
}

impl Table<'_> {
    /// What side `si` is told of the game: the moves so far (notation.md, XBoard forms), its
    /// clock and the opponent's in ms and the moves to the next time control.
    fn turn<'b>(
        &'b self,
        si: usize,
        (moves_uci, moves_xboard): (&'b [String], &'b [String]),
        (my_ms, opp_ms, moves_to_go): (i64, i64, Option<u32>),
    ) -> Turn<'b> {
        Turn {
            variant: &self.variant_name,
            xboard_variant: self.cfg.variant.info().xboard_name,
            start_fen: self.fen.as_deref(),
            moves_uci,
            moves_xboard,
            my_ms,
            opp_ms,
            white: si == 0,
            moves_to_go,
        }
    }
}

/// Plays one game between `players` (index 0 = White). Returns the record, the outcome, and a
/// fault description if a player caused the end.
pub(super) fn play_game(
    cfg: &MatchConfig,
    players: &mut [&mut Player; 2],
    start_fen: Option<&str>,
    seed: u64,
) -> Result<Played, String> {
    // The session's die (seeded with `seed`) rolls every chance outcome.
    let mut s = Session::new(new_game(cfg.variant, start_fen, 0).map_err(|e| e.to_string())?, seed);
    let variant_start = session::new_game(cfg.variant, None).map_err(|e| e.to_string())?.fen();
    let mut t = Table {
        cfg,
        variant_name: cfg.variant.name().to_string(),
        fen: start_fen.map(str::to_string).filter(|f| *f != variant_start),
        clocks: Clocks::new([players[0].control().clone(), players[1].control().clone()]),
        adjudicator: Adjudicator::default(),
    };
    let mut over = start_players(&t, players);
    while over.is_none() {
        over = play_turn(&mut t, &mut s, players);
    }
    let over = over.expect("the game is over");
    let result = result_token(Some(GameEnd {
        outcome: over.outcome,
        reason: movegen::rules::EndReason::Checkmate,
    }));
    for p in players.iter_mut() {
        p.game_over(result, &over.termination);
    }
    let controls = &t.clocks.controls;
    let tags = Tags {
        event: cfg.event.clone(),
        site: "menagerie match".into(),
        round: 0,
        white: players[0].name.clone(),
        black: players[1].name.clone(),
        time_control: if controls[0] == controls[1] {
            time_control_tag(&controls[0])
        } else {
            format!("{} vs {}", time_control_tag(&controls[0]), time_control_tag(&controls[1]))
        },
        seed,
    };
    let record = Record::of_game(&*s.game, tags, result, &over.termination);
    Ok((record, Some(over.outcome), over.fault))
}

/// Tells both players a new game starts; the end if one fails.
fn start_players(t: &Table<'_>, players: &mut [&mut Player; 2]) -> Option<Over> {
    let empty: Vec<String> = Vec::new();
    let mut over = None;
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(f) = p.new_game(&t.turn(i, (&empty, &empty), (0, 0, None))) {
            let side = if i == 0 { Color::White } else { Color::Black };
            over = Some(Over {
                outcome: Outcome::Win(!side),
                termination: format!("{} failed to start the game ({f})", p.name),
                fault: Some((side, format!("{} at game start: {f}", p.name))),
            });
        }
    }
    over
}

/// One turn of the game in `s`: the end by the rules or the ply limit, else the mover's reply (a fault, a flag
/// fall or a resignation ends the game), the move played, and the adjudication on its score.
fn play_turn(t: &mut Table<'_>, s: &mut Session, players: &mut [&mut Player; 2]) -> Option<Over> {
    let Session { game, die, .. } = s;
    if let Some(end) = game.end() {
        return Some(Over { outcome: end.outcome, termination: reason_text(&end), fault: None });
    }
    if game.ply() >= t.cfg.max_plies {
        return Some(Over {
            outcome: Outcome::Draw,
            termination: format!("Draw: game longer than {} plies", t.cfg.max_plies),
            fault: None,
        });
    }
    let side = game.turn();
    let si = side.index();
    let reply = match ask(t, &**game, players[si], si) {
        Ok(r) => r,
        Err(termination) => return Some(Over::fault(side, termination, &game.fen())),
    };
    let player = &mut players[si];
    if reply.text == "resign" {
        return Some(Over {
            outcome: Outcome::Win(!side),
            termination: format!("{} resigns", player.name),
            fault: None,
        });
    }
    match play_reply(&mut **game, &reply.text, player.proto, die) {
        Err(e) => {
            let termination =
                format!("{} played an illegal move {} ({e})", player.name, reply.text);
            return Some(Over::fault(side, termination, &game.fen()));
        }
        // The mover's own game holds another outcome than the one rolled here: it takes its
        // move back and gets the rolled turn with the next relay.
        Ok(Taken::Rerolled) => player.retract_last(),
        Ok(Taken::AsSent) => {}
    }
    // Adjudication on reported scores (engine's own view).
    let score = reply.score?;
    t.adjudicator.judge(t.cfg, si, score, game.ply(), &player.name)
}

/// Asks side `si`'s `player` for its move under its clock; the termination of a fault, a
/// time forfeit or a flag fall.
fn ask(
    t: &mut Table<'_>,
    game: &dyn GameApi,
    player: &mut Player,
    si: usize,
) -> Result<Reply, String> {
    let moves_uci = game.move_texts(Notation::Rules);
    // In a game of chance, XBoard 4.9.1's forms leave out the PieceEater's step where XBoard
    // cannot draw it (drops, e.p., ...), and the receiver would roll its own die: relay the
    // full turn in notation.md form instead, which the XBoard adapter accepts (issue 16).
    let moves_xb = if t.cfg.variant.has_chance() {
        moves_uci.clone()
    } else {
        game.move_texts(Notation::Dialect)
    };
    let c = &t.clocks;
    let mtg = (c.moves > 0).then(|| c.moves - c.moves_made[si] % c.moves);
    let turn = t.turn(si, (&moves_uci, &moves_xb), (c.left[si], c.left[1 - si], mtg));
    let started = Instant::now();
    let deadline = started + Duration::from_millis(c.budget_ms(si, t.cfg));
    let reply = player.turn(&turn, deadline);
    let elapsed = started.elapsed().as_millis() as i64;
    let reply = reply.map_err(|f| {
        let what = match f {
            Fault::Timeout if matches!(t.clocks.controls[si], Control::Clock { .. }) => {
                "loses on time".to_string()
            }
            other => other.to_string(),
        };
        format!("{} {what}", player.name)
    })?;
    if !t.clocks.spend(si, elapsed, t.cfg.time_margin_ms as i64) {
        return Err(format!("{} loses on time", player.name));
    }
    Ok(reply)
}

/// How an engine's move was taken.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Taken {
    /// As the engine's own game has it.
    AsSent,
    /// With a chance outcome rolled by the runner that the engine may not have applied.
    Rerolled,
}

/// Plays an engine's move. In a game of chance the runner is the arbiter and rolls every
/// outcome itself with `die` (notation.md: the die is not the player's to roll): an XBoard
/// engine's own step, sent in the kill slot or left out, is replaced by the rolled one, so every
/// game replays from its seed whatever the protocols. UCI engines send the action alone.
fn play_reply(
    game: &mut dyn GameApi,
    text: &str,
    proto: Proto,
    die: &mut rand_pcg::Pcg64,
) -> Result<Taken, String> {
    let sent = match proto {
        Proto::Uci => Notation::Rules,
        Proto::Xboard => Notation::Dialect,
    };
    if !(game.variant().has_chance() && proto == Proto::Xboard) {
        game.play(MoveIn::Drawn { text, die }, sent).map_err(|e| e.to_string())?;
        return Ok(Taken::AsSent);
    }
    // The engine's full turn in notation.md form, when its text carries (or fixes) the step.
    let own = {
        let mut g = game.clone_box();
        g.play(MoveIn::Text(text), sent).ok().and_then(|_| g.move_texts(Notation::Rules).pop())
    };
    let rolled = match &own {
        Some(full) => {
            let action = full.split(',').next().unwrap_or(full);
            game.play(MoveIn::Drawn { text: action, die }, Notation::Rules)
                .map_err(|e| e.to_string())?
        }
        None => {
            game.play(MoveIn::Drawn { text, die }, sent).map_err(|e| e.to_string())?;
            game.move_texts(Notation::Rules).pop().unwrap_or_default()
        }
    };
    Ok(if own.as_deref() == Some(rolled.as_str()) { Taken::AsSent } else { Taken::Rerolled })
}
