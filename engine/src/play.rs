//! `menagerie play`: a human against the engine in a terminal, in any variant.

use movegen::rules::VariantId;
use movegen::types::Color;
use search::{Config, Limits, Score, Searcher};
use session::api::{new_game, Event, GameApi, Listener, Notation};
use session::board::{render, side_effects};
use session::pgn::Tags;
use session::session::Players;
use session::Session;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Settings of a game against the engine.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// Variant.
    pub variant: VariantId,
    /// The human's colour.
    pub human: Color,
    /// Engine thinking time per move.
    pub movetime: Duration,
    /// Optional depth limit for the engine.
    pub depth: Option<u32>,
    /// Start position.
    pub fen: Option<String>,
    /// Seed of the PieceEater die.
    pub seed: u64,
    /// Show the engine's thinking.
    pub show_thinking: bool,
}

fn normalize(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':')).collect()
}

/// Finds the legal move meant by `input` (coordinates or algebraic, with or without `x`, `+`,
/// `#`); in a game of chance the action alone is fine (the die decides the outcome).
fn resolve(game: &dyn GameApi, input: &str) -> Result<String, String> {
    let pairs: Vec<(String, String)> =
        game.legal(Notation::Rules).into_iter().map(|l| (l.text, l.san)).collect();
    if pairs.iter().any(|(c, _)| c == input) {
        return Ok(input.to_string());
    }
    let n = normalize(input);
    let by_san: Vec<&(String, String)> = pairs.iter().filter(|(_, s)| normalize(s) == n).collect();
    match by_san.as_slice() {
        [one] => return Ok(one.0.clone()),
        [] => {}
        _ => return Err(format!("`{input}` is ambiguous")),
    }
    // A SAN with a trailing annotation of a side effect (magician's `b6 (M = Y)`): the move
    // part alone is enough.
    let bare = |s: &str| normalize(s.split_once(" (").map_or(s, |(m, _)| m));
    let by_bare: Vec<&(String, String)> =
        pairs.iter().filter(|(_, s)| s.contains(" (") && bare(s) == n).collect();
    match by_bare.as_slice() {
        [one] => return Ok(one.0.clone()),
        [] => {}
        _ => return Err(format!("`{input}` is ambiguous")),
    }
    // An action whose chance outcome is left to the die.
    if pairs.iter().any(|(c, _)| c.starts_with(&format!("{input},"))) {
        return Ok(input.to_string());
    }
    Err(format!("`{input}` is not a legal move (type `moves` to list them)"))
}

/// Writes a line and flushes.
fn say(out: &mut dyn Write, s: &str) {
    let _ = writeln!(out, "{s}");
    let _ = out.flush();
}

/// What the human's turn leads to.
enum Next {
    /// The game goes on.
    Continue,
    /// The human quit, resigned or the input ended.
    Stop,
}

/// Runs a game reading the human's input from `input`, writing to `out`.
pub fn play(cfg: &PlayConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), String> {
    let game = new_game(cfg.variant, cfg.fen.as_deref()).map_err(|e| e.to_string())?;
    let mut s = Session::new(game, cfg.seed);
    // The record names the players from the start.
    let person = Players { human: true, engine: false };
    let engine = Players { human: false, engine: true };
    s.players = cfg.human.select([person, engine], [engine, person]);
    let searcher = Searcher::new(1, 64, crate::clock::SystemTimer::shared());
    say(
        out,
        &format!(
            "Menagerie: {} — you play {}. Commands: moves, undo, resign, save FILE, help, quit.",
            cfg.variant,
            cfg.human.select("White", "Black")
        ),
    );
    if let Some(piece) = cfg.variant.info().chance_piece() {
        say(out, &format!("The {}'s die is seeded with {}.", piece.name, cfg.seed));
    }
    let mut line = String::new();
    let mut shown_ply = usize::MAX;
    loop {
        if shown_ply != s.game.ply() || s.game.turn() != cfg.human {
            if shown_ply != usize::MAX && s.game.ply() > shown_ply {
                if let Some(fx) = side_effects(&*s.game) {
                    say(out, &format!("  ({fx})"));
                }
            }
            say(out, &render(&*s.game));
            shown_ply = s.game.ply();
        }
        if let Some(end) = s.end() {
            say(out, &format!("Game over: {} ({})", end.result, end.reason));
            return Ok(());
        }
        if s.game.turn() == cfg.human {
            let _ = write!(out, "Your move: ");
            let _ = out.flush();
            line.clear();
            if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                say(out, "\n(end of input)");
                return Ok(());
            }
            if let Next::Stop = human_turn(cfg, &mut s, line.trim(), out) {
                return Ok(());
            }
        } else {
            engine_turn(cfg, &mut s, &searcher, out)?;
        }
    }
}

/// The human's command `cmd`: a move, or one of the commands.
fn human_turn(cfg: &PlayConfig, s: &mut Session, cmd: &str, out: &mut dyn Write) -> Next {
    match cmd.split_whitespace().next().unwrap_or("") {
        "" => {}
        "quit" | "exit" => return Next::Stop,
        "help" => say(out, "Enter a move in coordinates (e2e4, e7e8q, N@b1, c5e7,e7f8, ...) or algebraic notation (Nf3, exd5, O-O). `moves` lists legal moves; `undo` takes back your last move; `resign`; `save FILE` writes the game as PGN."),
        "moves" => {
            let list: Vec<String> = s
                .game
                .legal(Notation::Rules)
                .into_iter()
                .map(|l| if l.text == l.san { l.text } else { format!("{} ({})", l.text, l.san) })
                .collect();
            say(out, &format!("{} legal moves: {}", list.len(), list.join(", ")));
        }
        "undo" => {
            let mut n = 0;
            while n < 2 && s.take_back(1).is_ok() {
                n += 1;
                if s.game.turn() == cfg.human {
                    break;
                }
            }
            if n == 0 {
                say(out, "Nothing to undo.");
            }
        }
        "resign" => {
            if s.resign(Some(cfg.human)).is_ok() {
                let result = s.end().map(|e| e.result).unwrap_or_default();
                say(out, &format!("You resign: {result}"));
            }
            return Next::Stop;
        }
        "save" => {
            let path = cmd.split_whitespace().nth(1).unwrap_or("game.pgn");
            match save_pgn(s, cfg, path) {
                Ok(()) => say(out, &format!("Saved to {path}.")),
                Err(e) => say(out, &format!("Could not save: {e}")),
            }
        }
        _ => match resolve(&*s.game, cmd) {
            Ok(text) => match s.play(&text, true) {
                Ok(full) if full != text => say(out, &format!("You play {full}")),
                Ok(_) => {}
                Err(e) => say(out, &format!("Illegal: {e}")),
            },
            Err(e) => say(out, &e),
        },
    }
    Next::Continue
}

/// The engine thinks (showing its lines unless quiet) and plays its move.
fn engine_turn(
    cfg: &PlayConfig,
    s: &mut Session,
    searcher: &Searcher,
    out: &mut dyn Write,
) -> Result<(), String> {
    say(out, "Engine thinking...");
    let best = Arc::new(Mutex::new(None::<String>));
    let shown = Arc::new(Mutex::new(Vec::<String>::new()));
    let (b2, s2, show) = (best.clone(), shown.clone(), cfg.show_thinking);
    let listener: Listener = Arc::new(move |e| match e {
        Event::Info { info, pv } => {
            if show {
                let score = match info.score {
                    Score::Cp(c) => format!("{:+.2}", f64::from(c) / 100.0),
                    Score::Mate(n) => format!("mate {n}"),
                };
                s2.lock().expect("lock").push(format!(
                    "  depth {:>2}  {score:>8}  {:>9} nodes  {}",
                    info.depth,
                    info.nodes,
                    pv.join(" ")
                ));
            }
        }
        Event::Best { best, .. } => *b2.lock().expect("lock") = best,
    });
    let limits = Limits { movetime: Some(cfg.movetime), depth: cfg.depth, ..Limits::default() };
    s.game.go(searcher, limits, Config::default(), listener, Notation::Rules);
    searcher.wait();
    // `bestmove` is delivered right after the searcher turns idle.
    let mv = loop {
        if let Some(m) = best.lock().expect("lock").clone() {
            break m;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    for l in shown.lock().expect("lock").iter() {
        say(out, l);
    }
    match s.play(&mv, false) {
        Ok(full) => say(out, &format!("Engine plays {full}")),
        Err(e) => return Err(format!("engine move {mv} rejected: {e}")),
    }
    Ok(())
}

/// Writes the game as PGN to `path` (the date unknown: `????.??.??`).
fn save_pgn(s: &Session, cfg: &PlayConfig, path: &str) -> Result<(), String> {
    let tags = Tags {
        event: "menagerie play".into(),
        site: "menagerie play".into(),
        round: 1,
        white: s.players[0].name().into(),
        black: s.players[1].name().into(),
        time_control: format!("{}/move", cfg.movetime.as_secs_f64()),
        seed: cfg.seed,
    };
    let pgn = s.record(tags).to_pgn(&session::pgn::date(None));
    std::fs::write(path, pgn).map_err(|e| e.to_string())
}
