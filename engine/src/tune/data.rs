//! Data for the tuner: quiet positions of finished games labelled with their results (the
//! games' varied start positions come from the runner's suite generator, `menagerie openings`).

use eval::Evaluator;
use movegen::moves::ACTION_MASK;
use movegen::rules::VariantId;
use movegen::Move;

/// Largest |static evaluation| of a position kept for tuning: beyond it the game is decided
/// (or a king is en prise) and the result says nothing about the terms.
const MAX_EVAL: i32 = 3000;
/// Quiescence search limits of [`is_quiet`].
const QS_PLY: usize = 16;
const QS_NODES: i32 = 4000;

/// Whether `pos` is quiet: not in check, the game goes on, a decisive-looking static score is
/// excluded, and no capture sequence changes the static evaluation (the quiescence score
/// equals it). In a game of chance, no action whose every outcome is a material gain exists
/// (the actions the search's quiescence would follow).
pub fn is_quiet<V: Evaluator>(pos: &V) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut list = V::Moves::default();
    pos.legal_moves(&mut list);
    if list.is_empty() || pos.end_by_rule(&list).is_some() {
        return false;
    }
    let stand = pos.evaluate();
    if stand.abs() > MAX_EVAL {
        return false;
    }
    if V::HAS_CHANCE {
        let forcing = |m: Move| pos.is_tactical(m) && pos.tactical_score(m) >= 0;
        let mut moves: Vec<Move> = list.iter().copied().collect();
        moves.sort_by_key(|m| m.0 & ACTION_MASK);
        return !moves
            .chunk_by(|a, b| a.0 & ACTION_MASK == b.0 & ACTION_MASK)
            .any(|group| group.iter().all(|&m| forcing(m)));
    }
    let mut budget = QS_NODES;
    qsearch(pos, -i32::MAX, i32::MAX, 0, &mut budget) == stand
}

/// A plain quiescence search (fail-soft alpha-beta over the tactical moves, standing pat on
/// the static evaluation), side to move's view.
fn qsearch<V: Evaluator>(pos: &V, mut alpha: i32, beta: i32, ply: usize, budget: &mut i32) -> i32 {
    *budget -= 1;
    let stand = pos.evaluate();
    if ply >= QS_PLY || *budget <= 0 || stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut best = stand;
    let mut list = V::Moves::default();
    pos.legal_moves(&mut list);
    let mut tactical: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| pos.is_tactical(m) && !pos.qsearch_skip(m, alpha - stand))
        .collect();
    tactical.sort_by_key(|&m| std::cmp::Reverse(pos.tactical_score(m)));
    for m in tactical {
        let v = -qsearch(&pos.play(m), -beta, -alpha, ply + 1, budget);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// What [`extract_game`] found in one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extracted {
    /// Data lines: `FEN; variant ID; result R; game G`.
    pub lines: Vec<String>,
    /// Positions looked at (after the skipped plies).
    pub seen: usize,
    /// Whether a recorded move could not be replayed (the game was cut there).
    pub broken: bool,
}

/// The quiet positions of one game (from `start`, or the variant's start position), after its
/// first `skip` plies, each labelled with the game's `result` (`1-0`, `0-1`, `1/2-1/2`) and
/// number `game` (the fit holds out whole games).
pub fn extract_game<V: Evaluator>(
    variant: VariantId,
    start: Option<&str>,
    coords: &[String],
    result: &str,
    skip: usize,
    game: usize,
) -> Extracted {
    let mut x = Extracted::default();
    let pos = match start {
        Some(f) => V::from_fen_as(variant, f),
        None => Ok(V::startpos()),
    };
    let Ok(mut pos) = pos else {
        x.broken = true;
        return x;
    };
    for (ply, text) in coords.iter().enumerate() {
        if ply >= skip {
            x.seen += 1;
            if is_quiet(&pos) {
                x.lines.push(format_line(&pos.fen(), variant, result, Some(game)));
            }
        }
        match pos.parse_move(text) {
            Ok(m) => pos = pos.play(m),
            Err(_) => {
                x.broken = true;
                break;
            }
        }
    }
    x
}

/// A data line's parts.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The position.
    pub fen: String,
    /// Its variant.
    pub variant: VariantId,
    /// The game's result from White's view: 1, 0.5 or 0 (or a blended label in [0, 1]).
    pub result: f64,
    /// The game's number, if given.
    pub game: Option<usize>,
}

/// A data line (`FEN; variant ID; result R[; game G]`), as [`parse_line`] reads it.
pub fn format_line(
    fen: &str,
    variant: VariantId,
    result: impl std::fmt::Display,
    game: Option<usize>,
) -> String {
    let game = game.map(|g| format!("; game {g}")).unwrap_or_default();
    format!("{fen}; variant {variant}; result {result}{game}")
}

/// Parses a data line (`FEN; variant ID; result R[; game G]`; R a PGN result or a number in
/// [0, 1]).
pub fn parse_line(line: &str) -> Option<Line> {
    let mut parts = line.split(';');
    let fen = parts.next()?.trim().to_string();
    let (mut variant, mut result, mut game) = (None, None, None);
    for p in parts {
        match p.trim().split_once(' ') {
            Some(("variant", v)) => variant = VariantId::parse(v.trim()),
            // A PGN result, or a label in [0, 1] (`tune relabel`).
            Some(("result", r)) => {
                let r = r.trim();
                result = result_value(r)
                    .or_else(|| r.parse().ok().filter(|x: &f64| (0.0..=1.0).contains(x)));
            }
            Some(("game", g)) => game = g.trim().parse().ok(),
            _ => {}
        }
    }
    Some(Line { fen, variant: variant?, result: result?, game })
}

/// A PGN result as White's score.
pub fn result_value(r: &str) -> Option<f64> {
    match r {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// Whether a game's `Termination` tag names a fault (time forfeit, illegal move, crash, no
/// reply, failed start): its result says nothing about the position.
pub fn is_fault(termination: &str) -> bool {
    let t = termination.to_ascii_lowercase();
    ["on time", "illegal", "crash", "no reply", "failed", "exited", "closed", "fault"]
        .iter()
        .any(|w| t.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::Rules;
    use movegen::variants::chess::Chess;
    use movegen::variants::pieceeater::PieceEater;

    fn chess(fen: &str) -> Chess {
        Chess::from_fen(fen).unwrap()
    }

    #[test]
    fn quiet_positions() {
        // The start: nothing to capture.
        assert!(is_quiet(&Chess::startpos()));
        // A hanging queen: the capture changes the evaluation.
        assert!(!is_quiet(&chess("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1")));
        // In check.
        assert!(!is_quiet(&chess("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")));
        // A defended pawn that only a queen attacks: taking it loses the queen, so the
        // quiescence score stays the static one.
        assert!(is_quiet(&chess("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1")));
        // Mated: the game is over.
        assert!(!is_quiet(&chess("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")));
    }

    #[test]
    fn quiet_in_a_game_of_chance() {
        // The PieceEater start: no capture, no drop or move whose every outcome eats an enemy
        // unit.
        assert!(is_quiet(&PieceEater::startpos()));
        // White can capture the black king along the e-file (no check rule): not quiet.
        let p = PieceEater::from_fen("4k3/8/8/8/8/5X2/8/4R1K1[] w - - 0 1 -").unwrap();
        assert!(!is_quiet(&p));
    }

    #[test]
    fn extraction_labels_quiet_positions() {
        // 1. d4 e5 2. dxe5: after 1. d4 Black has nothing to take (quiet); after 1... e5 White
        // wins a pawn for nothing (not quiet); after 2. dxe5 Black has no capture (quiet). The
        // first ply (the start position) is skipped.
        let coords: Vec<String> =
            ["d2d4", "e7e5", "d4e5"].iter().map(ToString::to_string).collect();
        let x = extract_game::<Chess>(VariantId::Chess, None, &coords, "0-1", 1, 7);
        assert!(!x.broken);
        assert_eq!(x.seen, 2);
        let play = |moves: &[&str]| {
            let mut p = Chess::startpos();
            for m in moves {
                p = p.play(p.parse_move(m).unwrap());
            }
            format!("{}; variant chess; result 0-1; game 7", p.fen())
        };
        assert_eq!(x.lines, [play(&["d2d4"])]);
        let x = extract_game::<Chess>(VariantId::Chess, None, &coords[..2], "0-1", 0, 7);
        let start = Chess::startpos().fen() + "; variant chess; result 0-1; game 7";
        assert_eq!(x.lines, [start, play(&["d2d4"])]);
        let l = parse_line(&x.lines[1]).unwrap();
        assert_eq!((l.variant, l.result, l.game), (VariantId::Chess, 0.0, Some(7)));
        assert!(Chess::from_fen(&l.fen).is_ok());
        // A move that does not replay cuts the game.
        let bad: Vec<String> = ["e2e4", "e2e4"].iter().map(ToString::to_string).collect();
        assert!(extract_game::<Chess>(VariantId::Chess, None, &bad, "1-0", 0, 0).broken);
    }

    #[test]
    fn lines_and_terminations() {
        assert_eq!(parse_line("8/8/8/8/8/8/8/8 w - - 0 1; result 1-0"), None, "no variant");
        assert_eq!(parse_line("x; variant chess; result *"), None);
        let l = parse_line("x ; variant eightpiece-random ; result 1/2-1/2").unwrap();
        assert_eq!((l.variant, l.result, l.game), (VariantId::EightPieceRandom, 0.5, None));
        // Labels of `tune relabel`: numbers in [0, 1] only.
        assert_eq!(parse_line("x; variant chess; result 0.6250; game 3").unwrap().result, 0.625);
        assert_eq!(parse_line("x; variant chess; result 1.5"), None);
        assert_eq!(parse_line("x; variant chess; result -0.1"), None);
        assert_eq!(parse_line("x; variant chess; result NaN"), None);
        assert!(is_fault("Engine B loses on time"));
        assert!(is_fault("A played an illegal move e2e5 (illegal)"));
        assert!(!is_fault("White mates"));
        assert!(!is_fault("Draw by adjudication"));
    }
}
