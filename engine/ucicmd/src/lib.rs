//! UCI's commands decoded and its reports written, with no threads, clocks or I/O: the one home
//! of the protocol's texts for the native engine (`engine/src/uci.rs`, searching on its own
//! threads) and the WebAssembly engine (`engine/wasm`, searching on the caller's thread). Each
//! front end applies what is decoded here to its own searcher and game. Errors are the texts
//! a front end says after `info string error `.
#![forbid(unsafe_code)]

use movegen::rules::VariantId;
use movegen::types::Color;
use search::skill::{ELO_MAX, ELO_MIN, MAX_LEVEL};
use search::{Clock, Info, Limits, Score};
use session::api::{new_game_with, GameApi, MoveIn, Notation};
use std::time::Duration;

/// A command echoed back in an error message: printable ASCII only, at most 200 characters.
pub fn sanitize(s: &str) -> String {
    s.chars().filter(|c| c.is_ascii_graphic() || *c == ' ').take(200).collect()
}

/// A check option's value: `true`/`1` or `false`/`0`.
pub fn check(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!("{name} takes true or false, not `{}`", sanitize(value))),
    }
}

/// A score as UCI writes it.
pub fn score(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// The `info` line of a completed iteration whose line is `pv` (texts).
pub fn info_line(info: &Info, pv: &[String]) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score(info.score),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        pv.join(" ")
    )
}

/// The `bestmove` line (`0000` without a legal move).
pub fn bestmove_line(best: Option<&str>, ponder: Option<&str>) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove 0000".to_string(),
    }
}

/// What a front end's `uci` answer offers beside the common options.
#[derive(Clone, Copy, Debug)]
pub struct Offer {
    /// `Hash`'s default and largest value (MB).
    pub hash: (usize, usize),
    /// `Threads`' largest value, `None` where the engine has one thread only.
    pub threads: Option<usize>,
    /// Whether `Ponder` is offered.
    pub ponder: bool,
}

/// The `option` lines of the `uci` answer.
pub fn option_lines(offer: Offer) -> Vec<String> {
    let vars: Vec<String> = VariantId::ALL.iter().map(|v| format!("var {v}")).collect();
    let mut out = vec![
        format!("option name UCI_Variant type combo default chess {}", vars.join(" ")),
        format!("option name Hash type spin default {} min 1 max {}", offer.hash.0, offer.hash.1),
    ];
    if let Some(max) = offer.threads {
        out.push(format!("option name Threads type spin default 1 min 1 max {max}"));
    }
    out.push("option name MultiPV type spin default 1 min 1 max 256".into());
    out.push("option name Seed type spin default 0 min 0 max 2147483647".into());
    out.push("option name Move Overhead type spin default 30 min 0 max 5000".into());
    if offer.ponder {
        out.push("option name Ponder type check default false".into());
    }
    out.push("option name UCI_Chess960 type check default false".into());
    out.push(format!(
        "option name Skill Level type spin default {MAX_LEVEL} min 0 max {MAX_LEVEL}"
    ));
    out.push("option name UCI_LimitStrength type check default false".into());
    out.push(format!(
        "option name UCI_Elo type spin default {ELO_MAX} min {ELO_MIN} max {ELO_MAX}"
    ));
    out
}

/// The engine's options, as both protocols set them (the native engine's UCI and XBoard front
/// ends, the WebAssembly engine).
#[derive(Clone, Debug)]
pub struct Options {
    /// Hash table size in MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: u32,
    /// Seed of the PieceEater die.
    pub seed: u64,
    /// Milliseconds kept back from every deadline.
    pub overhead_ms: u64,
    /// UCI_Chess960: castling written king + partner square.
    pub chess960: bool,
    /// Answer every search with a random legal move (`menagerie --random-mover`).
    pub random_mover: bool,
    /// `Skill Level` 0..=20 (20: full strength).
    pub skill_level: u8,
    /// `UCI_LimitStrength`: play at `elo` instead of `skill_level`.
    pub limit_strength: bool,
    /// `UCI_Elo`.
    pub elo: u32,
}

impl Options {
    /// The playing level these options ask for (`None`: full strength).
    pub fn skill(&self) -> Option<search::Skill> {
        if self.limit_strength {
            search::Skill::from_elo(self.elo)
        } else {
            search::Skill::level(self.skill_level)
        }
    }

    /// Applies `setting` when it is one of the plain values kept here; `false` for those the
    /// front end applies itself (the variant, the table, the threads, pondering).
    pub fn set(&mut self, setting: Setting) -> bool {
        match setting {
            Setting::MultiPv(v) => self.multipv = v,
            Setting::Seed(v) => self.seed = v,
            Setting::Overhead(v) => self.overhead_ms = v,
            Setting::Chess960(b) => self.chess960 = b,
            Setting::SkillLevel(v) => self.skill_level = v,
            Setting::LimitStrength(b) => self.limit_strength = b,
            Setting::Elo(v) => self.elo = v,
            Setting::Variant(_) | Setting::Hash(_) | Setting::Threads(_) | Setting::Ponder => {
                return false
            }
        }
        true
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 64,
            threads: 1,
            multipv: 1,
            seed: 0,
            overhead_ms: 30,
            chess960: false,
            random_mover: false,
            skill_level: MAX_LEVEL,
            limit_strength: false,
            elo: ELO_MAX,
        }
    }
}

/// One option set by `setoption`, its value checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `UCI_Variant`.
    Variant(VariantId),
    /// `Hash` in MB.
    Hash(usize),
    /// `Threads`.
    Threads(usize),
    /// `MultiPV`.
    MultiPv(u32),
    /// `Seed`.
    Seed(u64),
    /// `Move Overhead` in ms.
    Overhead(u64),
    /// `Ponder` (nothing to do: the GUI decides when to ponder).
    Ponder,
    /// `UCI_Chess960`.
    Chess960(bool),
    /// `Skill Level`.
    SkillLevel(u8),
    /// `UCI_LimitStrength`.
    LimitStrength(bool),
    /// `UCI_Elo`.
    Elo(u32),
}

/// Decodes `setoption name <words> [value <words>]` (`args`: the words after `setoption`).
pub fn setoption(args: &[&str], offer: Offer) -> Result<Setting, String> {
    if args.first() != Some(&"name") {
        return Err("setoption needs `name`".into());
    }
    let vpos = args.iter().position(|&t| t == "value");
    let name = args[1..vpos.unwrap_or(args.len())].join(" ");
    let value = vpos.map(|i| args[i + 1..].join(" ")).unwrap_or_default();
    let num =
        |max: u64, min: u64| -> Result<u64, String> {
            value.parse::<u64>().ok().filter(|v| (min..=max).contains(v)).ok_or_else(|| {
                format!("option {name}: `{}` is not in {min}..={max}", sanitize(&value))
            })
        };
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => VariantId::parse(&value)
            .map(Setting::Variant)
            .ok_or_else(|| format!("unknown variant `{}`", sanitize(&value))),
        "hash" => num(offer.hash.1 as u64, 1).map(|v| Setting::Hash(v as usize)),
        "threads" if offer.threads.is_some() => {
            num(offer.threads.unwrap_or(1) as u64, 1).map(|v| Setting::Threads(v as usize))
        }
        "multipv" => num(256, 1).map(|v| Setting::MultiPv(v as u32)),
        "seed" => num(2_147_483_647, 0).map(Setting::Seed),
        "move overhead" => num(5000, 0).map(Setting::Overhead),
        "ponder" => Ok(Setting::Ponder),
        "uci_chess960" => check(&name, &value).map(Setting::Chess960),
        "skill level" => num(u64::from(MAX_LEVEL), 0).map(|v| Setting::SkillLevel(v as u8)),
        "uci_limitstrength" => check(&name, &value).map(Setting::LimitStrength),
        "uci_elo" => num(u64::from(ELO_MAX), u64::from(ELO_MIN)).map(|v| Setting::Elo(v as u32)),
        _ => Err(format!("unknown option `{}`", sanitize(&name))),
    }
}

/// Decodes `position startpos|fen <FEN> [moves ...]` into a new game of `variant`, built
/// completely before the caller replaces its old one (`args`: the words after `position`).
/// A PieceEater turn without its PE leg gets a forced step applied, a free one drawn by the
/// die keyed by `seed` (notation.md).
pub fn position(
    args: &[&str],
    variant: VariantId,
    seed: u64,
    chess960: bool,
) -> Result<Box<dyn GameApi>, String> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let head = &args[..moves_at.unwrap_or(args.len())];
    let fen = match head.first() {
        Some(&"startpos") if head.len() == 1 => None,
        Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
        _ => return Err("position needs `startpos` or `fen <FEN>`".into()),
    };
    let mut g =
        new_game_with(variant, fen.as_deref(), seed, chess960).map_err(|e| e.to_string())?;
    if let Some(i) = moves_at {
        for (k, m) in args[i + 1..].iter().enumerate() {
            if let Err(e) = g.play(MoveIn::Keyed { text: m, seed }, Notation::Rules) {
                return Err(format!(
                    "illegal move {} (move {} of the list): {e}; position unchanged",
                    sanitize(m),
                    k + 1
                ));
            }
        }
    }
    Ok(g)
}

/// A decoded `go`.
#[derive(Clone, Debug, Default)]
pub struct Go {
    /// The search's limits (the clock of the side to move).
    pub limits: Limits,
    /// `go ponder`.
    pub ponder: bool,
    /// `go perft N`: the depth.
    pub perft: Option<u32>,
    /// What could not be read, to be said before the search starts; a GUI waits for
    /// `bestmove` after every `go`, so an unreadable one gets a depth 1 search.
    pub notes: Vec<String>,
}

/// A `go` argument as a number: a whole number past the range of `i64` is clamped to it (a
/// GUI's "no limit" written as `u64::MAX`, say); anything else is `None`.
fn go_number(v: &str) -> Option<i64> {
    let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(v.parse::<i64>().unwrap_or(if v.starts_with('-') { i64::MIN } else { i64::MAX }))
}

/// Decodes `go ...` (`args`: the words after `go`) for a position where `turn` is to move.
/// `go perft` without a depth 1..=20 is an error.
pub fn go(args: &[&str], turn: Color) -> Result<Go, String> {
    if args.first() == Some(&"perft") {
        let d = args.get(1).and_then(|s| s.parse::<u32>().ok()).filter(|d| (1..=20).contains(d));
        return match d {
            Some(d) => Ok(Go { perft: Some(d), ..Go::default() }),
            None => Err("go perft needs a depth 1..=20".into()),
        };
    }
    let mut out = Go::default();
    let limits = &mut out.limits;
    let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0u64, 0u64, None);
    let mut unreadable: Option<String> = None;
    let mut i = 0;
    while i < args.len() && unreadable.is_none() {
        let key = args[i];
        let val = args.get(i + 1).and_then(|v| go_number(v));
        let need = |v: Option<i64>| v.map(|x| x.max(0) as u64);
        match key {
            "infinite" => limits.infinite = true,
            "ponder" => out.ponder = true,
            "searchmoves" => unreadable = Some("go searchmoves is not supported".into()),
            // No mate can be found in fewer than one move, and `mate` alone bounds nothing
            // else: searching for one would never end. Said so, and answered by a depth-1
            // search.
            "mate" if val.is_some_and(|v| v <= 0) => {
                out.notes.push(format!(
                    "go mate {} asks for no move: answering with a depth 1 search",
                    val.unwrap_or_default()
                ));
                limits.depth = Some(1);
                i += 1;
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "movetime"
            | "mate" => {
                let Some(v) = need(val) else {
                    unreadable = Some(format!("go {key} needs a number"));
                    continue;
                };
                match key {
                    "wtime" => wtime = Some(v),
                    "btime" => btime = Some(v),
                    "winc" => winc = v,
                    "binc" => binc = v,
                    "movestogo" => mtg = Some(v.min(1000) as u32),
                    "depth" => {
                        let d = v.clamp(1, 200) as u32;
                        limits.depth = Some(limits.depth.map_or(d, |e| e.min(d)));
                    }
                    "nodes" => limits.nodes = Some(v.max(1)),
                    "movetime" => limits.movetime = Some(Duration::from_millis(v)),
                    _ => limits.mate = Some(v.min(200) as u32),
                }
                i += 1;
            }
            _ => unreadable = Some(format!("go: unknown token `{}`", sanitize(key))),
        }
        i += 1;
    }
    if let Some(e) = unreadable {
        out.notes.push(format!("{e}: answering with a depth 1 search"));
        (out.limits, out.ponder, wtime, btime) = (Limits::default(), false, None, None);
        out.limits.depth = Some(1);
    }
    let (time, inc) = match turn {
        Color::White => (wtime, winc),
        Color::Black => (btime, binc),
    };
    if let Some(t) = time {
        out.limits.clock = Some(Clock {
            time: Duration::from_millis(t),
            inc: Duration::from_millis(inc),
            moves_to_go: mtg,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_limits_and_says_what_it_cannot() {
        let g = go(&["wtime", "1000", "btime", "2000", "binc", "5"], Color::Black).unwrap();
        let c = g.limits.clock.unwrap();
        assert_eq!((c.time.as_millis(), c.inc.as_millis()), (2000, 5));
        let g = go(&["depth", "x"], Color::White).unwrap();
        assert_eq!(g.limits.depth, Some(1));
        assert_eq!(g.notes, ["go depth needs a number: answering with a depth 1 search"]);
        assert_eq!(go(&["perft", "3"], Color::White).unwrap().perft, Some(3));
        assert!(go(&["perft"], Color::White).is_err());
    }

    #[test]
    fn setoption_checks_values() {
        let offer = Offer { hash: (64, 1024), threads: None, ponder: false };
        assert_eq!(setoption(&["name", "MultiPV", "value", "3"], offer), Ok(Setting::MultiPv(3)));
        assert!(setoption(&["name", "Threads", "value", "2"], offer).is_err());
        assert!(setoption(&["name", "Hash", "value", "2048"], offer).is_err());
        assert_eq!(
            setoption(&["name", "UCI_Variant", "value", "magician"], offer),
            Ok(Setting::Variant(VariantId::parse("magician").unwrap()))
        );
    }
}
