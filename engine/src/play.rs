//! `menagerie play`: a human against the engine in a terminal, in any variant.

use crate::protocol::api::{new_game, Event, Flavor, GameApi, Sink};
use crate::search::{Config, Limits, Score, Searcher};
use movegen::fen::{parse_board, BoardItem};
use movegen::rules::VariantId;
use movegen::types::{Color, Geometry};
use rand_core::SeedableRng;
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

/// Draws the position of `fen` on geometry `G`: each square two cells wide, White's pieces in
/// upper case (orthodox pieces as chess glyphs), lancer facings as arrows, holes as `▓▓`, the
/// Jumping Knights edge ring dotted, the PieceEater as `X`, hands under the board.
pub fn render<G: Geometry>(fen: &str) -> String {
    let board_field = fen.split_whitespace().next().unwrap_or("");
    let (board, hand) = match board_field.split_once('[') {
        Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
        None => (board_field, None),
    };
    let items = parse_board::<G>(board).unwrap_or_default();
    let ring = G::FILES == 10 && G::RANKS == 10;
    let mut s = String::new();
    let files: String =
        G::FILE_NAMES.iter().map(|&f| format!(" {} ", char::from(f))).collect::<Vec<_>>().join("");
    s.push_str(&format!("    {files}\n"));
    s.push_str(&format!("   ┌{}┐\n", "───".repeat(usize::from(G::FILES))));
    for r in (0..i32::from(G::RANKS)).rev() {
        let rank_name = r + i32::from(G::RANK_BASE);
        s.push_str(&format!("{rank_name:>2} │"));
        for f in 0..i32::from(G::FILES) {
            let sq = G::square(f, r).expect("on grid");
            let edge = ring && (f == 0 || r == 0 || f == 9 || r == 9);
            let cell = match items.iter().find(|(q, _)| *q == sq).map(|(_, i)| *i) {
                Some(BoardItem::Hole) => "▓▓▓".to_string(),
                Some(BoardItem::Piece(c, Some(facing))) => {
                    format!("{}{} ", glyph(c), arrow(facing))
                }
                Some(BoardItem::Piece(c, None)) => format!(" {} ", glyph(c)),
                None if edge => " · ".to_string(),
                None if (f + r) % 2 == 0 => " . ".to_string(),
                None => "   ".to_string(),
            };
            s.push_str(&cell);
        }
        s.push_str(&format!("│ {rank_name}\n"));
    }
    s.push_str(&format!("   └{}┘\n", "───".repeat(usize::from(G::FILES))));
    s.push_str(&format!("    {files}\n"));
    if let Some(h) = hand {
        let white: String = h.chars().filter(char::is_ascii_uppercase).collect();
        let black: String = h.chars().filter(char::is_ascii_lowercase).collect();
        s.push_str(&format!("  hands: White [{white}]  Black [{black}]\n"));
    }
    let side = fen.split_whitespace().nth(1).unwrap_or("w");
    s.push_str(&format!("  {} to move;  FEN {fen}\n", if side == "w" { "White" } else { "Black" }));
    s
}

fn normalize(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':')).collect()
}

/// Finds the legal move meant by `input` (coordinates or algebraic, with or without `x`, `+`,
/// `#`); in a game of chance the action alone is fine (the die decides the outcome).
fn resolve(game: &dyn GameApi, input: &str) -> Result<String, String> {
    let pairs = game.legal_pairs();
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

/// Runs a game reading the human's input from `input`, writing to `out`.
pub fn play(cfg: &PlayConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), String> {
    let mut game = new_game(cfg.variant, cfg.fen.as_deref())?;
    let searcher = Searcher::new(1, 64);
    let mut die = rand_pcg::Pcg64::seed_from_u64(cfg.seed);
    let say = |out: &mut dyn Write, s: &str| {
        let _ = writeln!(out, "{s}");
        let _ = out.flush();
    };
    say(
        out,
        &format!(
            "Menagerie: {} — you play {}. Commands: moves, undo, resign, save FILE, help, quit.",
            cfg.variant,
            cfg.human.select("White", "Black")
        ),
    );
    if cfg.variant == VariantId::PieceEater {
        say(out, &format!("The PieceEater's die is seeded with {}.", cfg.seed));
    }
    let mut line = String::new();
    let mut shown_ply = usize::MAX;
    loop {
        if shown_ply != game.ply() || game.turn() != cfg.human {
            say(out, &game.render());
            shown_ply = game.ply();
        }
        if let Some(end) = game.end() {
            say(
                out,
                &format!(
                    "Game over: {} ({})",
                    crate::game::result_token(Some(end)),
                    crate::game::reason_text(&end)
                ),
            );
            return Ok(());
        }
        if game.turn() == cfg.human {
            let _ = write!(out, "Your move: ");
            let _ = out.flush();
            line.clear();
            if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                say(out, "\n(end of input)");
                return Ok(());
            }
            let cmd = line.trim();
            match cmd.split_whitespace().next().unwrap_or("") {
                "" => {}
                "quit" | "exit" => return Ok(()),
                "help" => say(out, "Enter a move in coordinates (e2e4, e7e8q, N@b1, c5e7,e7f8, ...) or algebraic notation (Nf3, exd5, O-O). `moves` lists legal moves; `undo` takes back your last move; `resign`; `save FILE` writes the game as PGN."),
                "moves" => {
                    let list: Vec<String> = game
                        .legal_pairs()
                        .into_iter()
                        .map(|(c, s)| if c == s { c } else { format!("{c} ({s})") })
                        .collect();
                    say(out, &format!("{} legal moves: {}", list.len(), list.join(", ")));
                }
                "undo" => {
                    let mut n = 0;
                    while n < 2 && game.undo() {
                        n += 1;
                        if game.turn() == cfg.human {
                            break;
                        }
                    }
                    if n == 0 {
                        say(out, "Nothing to undo.");
                    }
                }
                "resign" => {
                    say(out, &format!("You resign: {}", cfg.human.select("0-1", "1-0")));
                    return Ok(());
                }
                "save" => {
                    let path = cmd.split_whitespace().nth(1).unwrap_or("game.pgn");
                    match save_pgn(&*game, cfg, path) {
                        Ok(()) => say(out, &format!("Saved to {path}.")),
                        Err(e) => say(out, &format!("Could not save: {e}")),
                    }
                }
                _ => match resolve(&*game, cmd) {
                    Ok(text) => match game.play_engine_move(&text, Flavor::Uci, &mut die) {
                        Ok(full) if full != text => say(out, &format!("You play {full}")),
                        Ok(_) => {}
                        Err(e) => say(out, &format!("Illegal: {e}")),
                    },
                    Err(e) => say(out, &e),
                },
            }
        } else {
            say(out, "Engine thinking...");
            let best = Arc::new(Mutex::new(None::<String>));
            let shown = Arc::new(Mutex::new(Vec::<String>::new()));
            let (b2, s2, show) = (best.clone(), shown.clone(), cfg.show_thinking);
            let sink: Sink = Arc::new(move |e| match e {
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
            let limits =
                Limits { movetime: Some(cfg.movetime), depth: cfg.depth, ..Limits::default() };
            game.go(&searcher, limits, Config::default(), Flavor::Uci, sink);
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
            match game.play_engine_move(&mv, Flavor::Uci, &mut die) {
                Ok(full) => say(out, &format!("Engine plays {full}")),
                Err(e) => return Err(format!("engine move {mv} rejected: {e}")),
            }
        }
    }
}

fn save_pgn(game: &dyn GameApi, cfg: &PlayConfig, path: &str) -> Result<(), String> {
    let end = game.end();
    let start = new_game(cfg.variant, None)?.fen();
    let fen = Some(game.start_fen()).filter(|f| *f != start);
    let (white, black) = match cfg.human {
        Color::White => ("Human", "Menagerie"),
        Color::Black => ("Menagerie", "Human"),
    };
    let rec = crate::runner::pgn::Record {
        event: "menagerie play".into(),
        round: 1,
        white: white.into(),
        black: black.into(),
        variant: cfg.variant.name().into(),
        black_first: fen.as_deref().is_some_and(|f| f.split_whitespace().nth(1) == Some("b")),
        fen,
        seed: (cfg.variant == VariantId::PieceEater).then_some(cfg.seed),
        time_control: format!("{}/move", cfg.movetime.as_secs_f64()),
        sans: game.move_sans(),
        coords: game.move_texts(Flavor::Uci),
        result: crate::game::result_token(end).into(),
        termination: end.map_or("unterminated".into(), |e| crate::game::reason_text(&e)),
        first_move_number: 1,
    };
    std::fs::write(path, rec.to_pgn("????.??.??")).map_err(|e| e.to_string())
}
