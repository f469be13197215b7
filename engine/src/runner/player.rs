//! One engine in a match, speaking UCI or XBoard: start-up and detection, new games, and one turn
//! at a time under the match's clocks.

use super::process::{Fault, Process};
use movegen::rules::VariantId;
use std::time::{Duration, Instant};

/// Protocol of an engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Proto {
    /// Universal Chess Interface.
    Uci,
    /// XBoard / CECP.
    Xboard,
}

/// How a move's thinking is bounded.
#[derive(Clone, Debug, PartialEq)]
pub enum Control {
    /// Base + increment (+ moves to go), in milliseconds.
    Clock {
        /// Starting time.
        base_ms: u64,
        /// Increment per move.
        inc_ms: u64,
        /// Moves per time control (0: the whole game).
        moves: u32,
    },
    /// Fixed time per move.
    MoveTime(u64),
    /// Fixed depth.
    Depth(u32),
    /// Fixed node count (UCI; XBoard engines get a short fixed time instead).
    Nodes(u64),
}

impl Control {
    /// The same control with `factor` times the time (clock base and increment, move time) or
    /// nodes; depth is unchanged.
    pub fn scaled(&self, factor: f64) -> Control {
        let f = |v: u64| ((v as f64 * factor).round() as u64).max(1);
        match *self {
            Control::Clock { base_ms, inc_ms, moves } => Control::Clock {
                base_ms: f(base_ms),
                inc_ms: if inc_ms == 0 { 0 } else { f(inc_ms) },
                moves,
            },
            Control::MoveTime(ms) => Control::MoveTime(f(ms)),
            Control::Depth(d) => Control::Depth(d),
            Control::Nodes(n) => Control::Nodes(f(n)),
        }
    }
}

/// What a player is asked on its turn.
#[derive(Debug)]
pub struct Turn<'a> {
    /// Variant id (or XBoard name).
    pub variant: &'a str,
    /// XBoard name of the variant.
    pub xboard_variant: &'a str,
    /// Start position FEN, or `None` for the variant's start.
    pub start_fen: Option<&'a str>,
    /// Moves so far in notation.md form.
    pub moves_uci: &'a [String],
    /// Moves so far in XBoard form.
    pub moves_xboard: &'a [String],
    /// Time left for the player / the opponent (ms) under a clock control.
    pub my_ms: i64,
    /// Opponent's time left.
    pub opp_ms: i64,
    /// Whether the player is White.
    pub white: bool,
    /// Moves until the next time control (clock controls with a move count).
    pub moves_to_go: Option<u32>,
}

/// An engine's answer.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The move text.
    pub text: String,
    /// Last reported score in centipawns from the engine's view (mates as ±30000 ∓ n).
    pub score: Option<i32>,
}

/// An engine taking part in a match.
#[derive(Debug)]
pub struct Player {
    /// Display name (from `id name` / `myname`, else the command).
    pub name: String,
    /// Command line.
    pub cmd: String,
    /// Protocol in use.
    pub proto: Proto,
    proc: Option<Process>,
    /// The name was set by the match (`--name1`/`--name2`, or made distinct): a restart keeps it.
    name_fixed: bool,
    xb_usermove: bool,
    xb_setboard: bool,
    xb_known: usize,
    uci_variant_option: bool,
    /// The variants the engine announced at start-up (UCI `UCI_Variant` values, XBoard
    /// `feature variants`), by the names of its protocol; empty when it announced none.
    variants: Vec<String>,
    control: Control,
    hash_mb: Option<usize>,
    threads: Option<usize>,
    options: Vec<(String, String)>,
    /// The option names a UCI engine offered (lower case).
    uci_options: Vec<String>,
}

const STARTUP: Duration = Duration::from_secs(10);
/// How long `uci` may go unanswered before protocol detection tries XBoard.
const DETECT: Duration = Duration::from_secs(3);

fn parse_uci_score(line: &str) -> Option<i32> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let i = t.iter().position(|&w| w == "score")?;
    match (t.get(i + 1), t.get(i + 2).and_then(|v| v.parse::<i32>().ok())) {
        (Some(&"cp"), Some(v)) => Some(v),
        (Some(&"mate"), Some(n)) if n > 0 => Some(30_000 - n),
        (Some(&"mate"), Some(n)) => Some(-30_000 - n),
        _ => None,
    }
}

fn parse_xboard_score(line: &str) -> Option<i32> {
    let t: Vec<&str> = line.split_whitespace().collect();
    if t.len() < 4 || t[0].parse::<u32>().is_err() {
        return None;
    }
    let s = t[1].parse::<i32>().ok()?;
    Some(if s >= 100_000 {
        30_000 - (s - 100_000)
    } else if s <= -100_000 {
        -30_000 - (-100_000 - s)
    } else {
        s
    })
}

/// The name in a UCI `option name <NAME> type ...` line (names may hold spaces).
fn uci_option_name(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("option name ")?;
    Some(rest.split_once(" type ").map_or(rest, |(n, _)| n).trim())
}

/// The values of a UCI combo option line (`... type combo default A var A var B`): `A`, `B`.
fn uci_combo_values(line: &str) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_string()).collect()
}

/// Names joined by `, `: the first 20, then how many more.
fn listing(names: &[String]) -> String {
    const SHOWN: usize = 20;
    let mut text = names[..names.len().min(SHOWN)].join(", ");
    if names.len() > SHOWN {
        text.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    text
}

fn feature_value<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name}=");
    let i = line.find(&key)? + key.len();
    let rest = &line[i..];
    if let Some(r) = rest.strip_prefix('"') {
        r.split('"').next()
    } else {
        rest.split_whitespace().next()
    }
}

/// Whether an XBoard engine's line refuses a `setboard` (`tellusererror Illegal position`, or
/// an `Error (...): setboard ...` line).
fn refuses_setboard(line: &str) -> bool {
    let l = line.trim();
    l.starts_with("tellusererror Illegal position")
        || (l.starts_with("Error") && l.contains("setboard"))
}

fn ms_to_level(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

impl Player {
    /// The thinking limit this player gets.
    pub fn control(&self) -> &Control {
        &self.control
    }

    /// Starts an engine, detecting its protocol when `spec.proto` is `None` (tries UCI, then
    /// XBoard).
    pub fn start(
        spec: &super::EngineSpec,
        control: Control,
        hash_mb: Option<usize>,
        threads: Option<usize>,
    ) -> Result<Player, String> {
        let (cmd, proto) = (spec.cmd.as_str(), spec.proto);
        let mut p = Player {
            name: cmd.to_string(),
            cmd: cmd.to_string(),
            proto: proto.unwrap_or(Proto::Uci),
            proc: None,
            name_fixed: false,
            xb_usermove: false,
            xb_setboard: false,
            xb_known: 0,
            uci_variant_option: false,
            variants: Vec::new(),
            control,
            hash_mb,
            threads,
            options: spec.options.clone(),
            uci_options: Vec::new(),
        };
        match proto {
            Some(pr) => p.boot(pr)?,
            None => {
                if p.boot_waiting(Proto::Uci, DETECT).is_err() {
                    p.boot(Proto::Xboard)?;
                }
            }
        }
        // UCI option names are case-insensitive; an engine ignores one it does not have, so a
        // misspelt name would otherwise go unnoticed for a whole match.
        if p.proto == Proto::Uci {
            let missing =
                p.options.iter().find(|(n, _)| !p.uci_options.contains(&n.to_ascii_lowercase()));
            if let Some((n, _)) = missing {
                let err = format!("{} has no UCI option `{n}`", p.cmd);
                if let Some(mut pr) = p.proc.take() {
                    pr.shutdown("quit", Duration::from_millis(200));
                }
                return Err(err);
            }
        }
        Ok(p)
    }

    /// (Re)starts the process in protocol `proto`.
    pub fn boot(&mut self, proto: Proto) -> Result<(), String> {
        self.boot_waiting(proto, STARTUP)
    }

    /// [`Player::boot`], waiting up to `uci_wait` for a UCI engine's `uciok` (short while
    /// detecting the protocol, the full start-up time when the protocol is known: a loaded
    /// machine can take seconds to start an engine).
    fn boot_waiting(&mut self, proto: Proto, uci_wait: Duration) -> Result<(), String> {
        if let Some(mut old) = self.proc.take() {
            old.shutdown("quit", Duration::from_millis(200));
        }
        let mut pr = Process::spawn(&self.cmd).map_err(|e| format!("{}: {e}", self.cmd))?;
        self.proto = proto;
        match proto {
            Proto::Uci => self.handshake_uci(&mut pr, uci_wait)?,
            Proto::Xboard => self.handshake_xboard(&mut pr)?,
        }
        self.proc = Some(pr);
        Ok(())
    }

    /// `uci` (its answer read for up to `uci_wait`), the options, `isready`.
    fn handshake_uci(&mut self, pr: &mut Process, uci_wait: Duration) -> Result<(), String> {
        let deadline = Instant::now() + STARTUP;
        let wait = Instant::now() + uci_wait.min(STARTUP);
        // A write fails only when the engine has closed its input (it exited).
        let cmd = self.cmd.clone();
        let exited = |_: Fault| format!("{cmd} exited during start-up");
        pr.send("uci").map_err(exited)?;
        let mut name = None;
        let mut variant_opt = None;
        let mut offered: Vec<String> = Vec::new();
        pr.until(
            wait,
            |l| l.trim() == "uciok",
            |l| {
                if let Some(n) = l.strip_prefix("id name ") {
                    name = Some(n.trim().to_string());
                }
                if let Some(o) = uci_option_name(l) {
                    if o.eq_ignore_ascii_case("UCI_Variant") {
                        variant_opt = Some(uci_combo_values(l));
                    }
                    offered.push(o.to_ascii_lowercase());
                }
            },
        )
        .map_err(|e| format!("{cmd} did not answer `uci`: {e}"))?;
        self.uci_options = offered;
        if let Some(n) = name.filter(|_| !self.name_fixed) {
            self.name = n;
        }
        self.uci_variant_option = variant_opt.is_some();
        self.variants = variant_opt.unwrap_or_default();
        if let Some(h) = self.hash_mb {
            pr.send(&format!("setoption name Hash value {h}")).map_err(exited)?;
        }
        if let Some(t) = self.threads {
            pr.send(&format!("setoption name Threads value {t}")).map_err(exited)?;
        }
        for (n, v) in &self.options {
            pr.send(&format!("setoption name {n} value {v}")).map_err(exited)?;
        }
        pr.send("isready").map_err(exited)?;
        pr.until(deadline, |l| l.trim() == "readyok", |_| {})
            .map_err(|e| format!("{cmd} did not answer `isready`: {e}"))?;
        Ok(())
    }

    /// `xboard`, `protover 2` and the features (read until `done=1`, for up to 5 s), then the
    /// memory, cores and options.
    fn handshake_xboard(&mut self, pr: &mut Process) -> Result<(), String> {
        let cmd = self.cmd.clone();
        let exited = |_: Fault| format!("{cmd} exited during XBoard start-up");
        pr.send("xboard").map_err(exited)?;
        pr.send("protover 2").map_err(exited)?;
        let mut name = None;
        let (mut usermove, mut setboard) = (false, false);
        let mut variants = Vec::new();
        let wait = Instant::now() + Duration::from_secs(5);
        let r = pr.until(
            wait,
            |l| l.contains("done=1"),
            |l| {
                if l.starts_with("feature") {
                    if let Some(n) = feature_value(l, "myname") {
                        name = Some(n.to_string());
                    }
                    if feature_value(l, "usermove") == Some("1") {
                        usermove = true;
                    }
                    if feature_value(l, "setboard") == Some("1") {
                        setboard = true;
                    }
                    if let Some(v) = feature_value(l, "variants") {
                        let names = v.split(',').map(str::trim).filter(|v| !v.is_empty());
                        variants = names.map(String::from).collect();
                    }
                }
            },
        );
        if r == Err(Fault::Crashed) {
            return Err(exited(Fault::Crashed));
        }
        if let Some(n) = name.filter(|_| !self.name_fixed) {
            self.name = n;
        }
        self.xb_usermove = usermove;
        self.xb_setboard = setboard;
        self.variants = variants;
        if let Some(h) = self.hash_mb {
            pr.send(&format!("memory {h}")).map_err(exited)?;
        }
        if let Some(t) = self.threads {
            pr.send(&format!("cores {t}")).map_err(exited)?;
        }
        for (n, v) in &self.options {
            pr.send(&format!("option {n}={v}")).map_err(exited)?;
        }
        Ok(())
    }

    /// Whether the engine announced `variant` at start-up: a UCI engine among its `UCI_Variant`
    /// values (by id), an XBoard engine in its `feature variants` (by XBoard name, `normal` for
    /// chess). An engine that announced none is taken to play chess only. The error names the
    /// engine and what it announced.
    pub fn check_variant(&self, variant: VariantId) -> Result<(), String> {
        let wanted = match self.proto {
            Proto::Uci => variant.name(),
            Proto::Xboard => variant.info().xboard_name,
        };
        let why = if self.variants.is_empty() {
            if variant == VariantId::Chess {
                return Ok(());
            }
            match self.proto {
                Proto::Uci => {
                    "it offers no UCI_Variant option with `var` values (such an engine plays \
                     chess only)"
                }
                Proto::Xboard => {
                    "it sent no feature variants (such an engine is taken to play normal chess \
                     only)"
                }
            }
            .to_string()
        } else if self.variants.iter().any(|v| v == wanted) {
            return Ok(());
        } else {
            let what = match self.proto {
                Proto::Uci => "its UCI_Variant values are",
                Proto::Xboard => "its feature variants are",
            };
            format!("{what} {} (no `{wanted}`)", listing(&self.variants))
        };
        Err(format!("{} does not play {variant}: {why}", self.cmd))
    }

    /// Sets the name the engine plays under (kept across restarts).
    pub fn set_name(&mut self, name: &str) {
        self.name = name.to_string();
        self.name_fixed = true;
    }

    /// The lines exchanged lately (for a fault report).
    pub fn recent_log(&self) -> Vec<String> {
        self.proc.as_ref().map(|p| p.log.iter().cloned().collect()).unwrap_or_default()
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        self.proc.as_mut().is_some_and(Process::alive)
    }

    /// Prepares a new game.
    pub fn new_game(&mut self, t: &Turn<'_>) -> Result<(), Fault> {
        let proto = self.proto;
        let control = self.control.clone();
        let (xb_setboard, uci_variant) = (self.xb_setboard, self.uci_variant_option);
        let pr = self.proc.as_mut().ok_or(Fault::Crashed)?;
        match proto {
            Proto::Uci => {
                if uci_variant {
                    pr.send(&format!("setoption name UCI_Variant value {}", t.variant))?;
                }
                pr.send("ucinewgame")?;
                pr.send("isready")?;
                pr.until(Instant::now() + STARTUP, |l| l.trim() == "readyok", |_| {})?;
            }
            Proto::Xboard => {
                pr.send("new")?;
                if t.xboard_variant != "normal" {
                    pr.send(&format!("variant {}", t.xboard_variant))?;
                }
                pr.send("force")?;
                pr.send("post")?;
                pr.send("easy")?;
                match control {
                    Control::Clock { base_ms, inc_ms, moves } => pr.send(&format!(
                        "level {moves} {} {}",
                        ms_to_level(base_ms),
                        inc_ms as f64 / 1000.0
                    ))?,
                    Control::MoveTime(ms) => pr.send(&format!("st {}", ms as f64 / 1000.0))?,
                    Control::Depth(d) => {
                        pr.send("level 0 60 0")?;
                        pr.send(&format!("sd {d}"))?;
                    }
                    Control::Nodes(_) => pr.send("st 0.1")?,
                }
                if let Some(f) = t.start_fen {
                    if !xb_setboard {
                        return Err(Fault::Illegal("engine cannot take setboard".into()));
                    }
                    pr.send(&format!("setboard {f}"))?;
                }
                self.xb_known = 0;
                // Synchronise: every engine we target answers ping. A refused `setboard` would
                // leave the engine in another position than the game's: a fault at the start.
                pr.send("ping 1")?;
                let mut refused = None;
                pr.until(
                    Instant::now() + STARTUP,
                    |l| l.trim() == "pong 1",
                    |l| {
                        if t.start_fen.is_some() && refused.is_none() && refuses_setboard(l) {
                            refused = Some(l.trim().to_string());
                        }
                    },
                )?;
                if let Some(l) = refused {
                    return Err(Fault::Illegal(format!("engine refused the start position: {l}")));
                }
            }
        }
        Ok(())
    }

    /// Plays one turn: the engine's move within `deadline`.
    pub fn turn(&mut self, t: &Turn<'_>, deadline: Instant) -> Result<Reply, Fault> {
        let proto = self.proto;
        let control = self.control.clone();
        let usermove = self.xb_usermove;
        let known = self.xb_known;
        let pr = self.proc.as_mut().ok_or(Fault::Crashed)?;
        let mut score = None;
        let reply = match proto {
            Proto::Uci => {
                let pos = match t.start_fen {
                    Some(f) => format!("position fen {f}"),
                    None => "position startpos".to_string(),
                };
                if t.moves_uci.is_empty() {
                    pr.send(&pos)?;
                } else {
                    pr.send(&format!("{pos} moves {}", t.moves_uci.join(" ")))?;
                }
                let go = match control {
                    Control::Clock { inc_ms, .. } => {
                        let (w, b) =
                            if t.white { (t.my_ms, t.opp_ms) } else { (t.opp_ms, t.my_ms) };
                        let mut g = format!(
                            "go wtime {} btime {} winc {inc_ms} binc {inc_ms}",
                            w.max(1),
                            b.max(1)
                        );
                        if let Some(m) = t.moves_to_go {
                            g.push_str(&format!(" movestogo {m}"));
                        }
                        g
                    }
                    Control::MoveTime(ms) => format!("go movetime {ms}"),
                    Control::Depth(d) => format!("go depth {d}"),
                    Control::Nodes(n) => format!("go nodes {n}"),
                };
                pr.send(&go)?;
                let line = pr.until(
                    deadline,
                    |l| l.starts_with("bestmove"),
                    |l| {
                        if l.starts_with("info") {
                            if let Some(s) = parse_uci_score(l) {
                                score = Some(s);
                            }
                        }
                    },
                )?;
                line.split_whitespace().nth(1).unwrap_or("").to_string()
            }
            Proto::Xboard => {
                for m in &t.moves_xboard[known.min(t.moves_xboard.len())..] {
                    if usermove {
                        pr.send(&format!("usermove {m}"))?;
                    } else {
                        pr.send(m)?;
                    }
                }
                if let Control::Clock { .. } = control {
                    pr.send(&format!("time {}", (t.my_ms.max(0) / 10)))?;
                    pr.send(&format!("otim {}", (t.opp_ms.max(0) / 10)))?;
                }
                pr.send("go")?;
                let line = pr.until(
                    deadline,
                    |l| {
                        l.starts_with("move ")
                            || l.starts_with("resign")
                            || l.starts_with("Illegal move")
                    },
                    |l| {
                        if let Some(s) = parse_xboard_score(l) {
                            score = Some(s);
                        }
                    },
                )?;
                pr.send("force")?;
                if line.starts_with("resign") {
                    return Ok(Reply { text: "resign".into(), score });
                }
                if let Some(m) = line.strip_prefix("move ") {
                    self.xb_known = t.moves_xboard.len() + 1;
                    m.trim().to_string()
                } else {
                    return Err(Fault::Illegal(format!("engine refused our move: {line}")));
                }
            }
        };
        Ok(Reply { text: reply, score })
    }

    /// Takes the engine's last move back (XBoard `undo`, in force mode) so that the next turn
    /// relays that move again as the runner played it (a chance outcome rolled by the runner).
    /// A UCI engine gets the whole game with every turn and needs nothing.
    pub fn retract_last(&mut self) {
        if self.proto == Proto::Xboard && self.xb_known > 0 {
            if let Some(pr) = self.proc.as_mut() {
                // A dead pipe shows at the next turn.
                let _ = pr.send("undo");
            }
            self.xb_known -= 1;
        }
    }

    /// Ends the game for an XBoard engine (result) or does nothing for UCI.
    pub fn game_over(&mut self, result: &str, reason: &str) {
        if self.proto == Proto::Xboard {
            if let Some(pr) = self.proc.as_mut() {
                let _ = pr.send(&format!("result {result} {{{reason}}}"));
            }
        }
    }

    /// Stops the engine process.
    pub fn quit(&mut self) {
        if let Some(mut pr) = self.proc.take() {
            pr.shutdown("quit", Duration::from_millis(500));
        }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        self.quit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_controls() {
        let c = Control::Clock { base_ms: 10_000, inc_ms: 100, moves: 40 };
        assert_eq!(c.scaled(4.0), Control::Clock { base_ms: 40_000, inc_ms: 400, moves: 40 });
        assert_eq!(Control::MoveTime(25).scaled(4.0), Control::MoveTime(100));
        assert_eq!(Control::Nodes(1000).scaled(0.5), Control::Nodes(500));
        assert_eq!(Control::Depth(7).scaled(4.0), Control::Depth(7));
    }

    #[test]
    fn scores() {
        assert_eq!(parse_uci_score("info depth 3 score cp -25 nodes 3 pv e2e4"), Some(-25));
        assert_eq!(parse_uci_score("info depth 3 score mate 2 pv e2e4"), Some(29_998));
        // Being mated in one scores the negation of mating in one.
        assert_eq!(parse_uci_score("info depth 3 score mate -1"), Some(-29_999));
        assert_eq!(parse_xboard_score("7 31 17 48225 g1f3 b8c6"), Some(31));
        assert_eq!(parse_xboard_score("7 100003 17 48225 g1f3"), Some(29_997));
        assert_eq!(parse_xboard_score("move e2e4"), None);
        assert_eq!(
            feature_value("feature myname=\"Fairy-Max 5.0b\" usermove=1", "myname"),
            Some("Fairy-Max 5.0b")
        );
        assert_eq!(feature_value("feature myname=\"x\" usermove=1", "usermove"), Some("1"));
        assert!(refuses_setboard("tellusererror Illegal position"));
        assert!(refuses_setboard("Error (bad FEN: rank 2): setboard 8/8 w - - 0 1"));
        assert!(!refuses_setboard("# setboard accepted"));
        assert_eq!(ms_to_level(10_000), "0:10");
        assert_eq!(ms_to_level(125_000), "2:05");
    }

    #[test]
    fn announced_variants() {
        let line = "option name UCI_Variant type combo default chess var chess var tamerspiel";
        assert_eq!(uci_combo_values(line), ["chess", "tamerspiel"]);
        assert!(uci_combo_values("option name UCI_Variant type string default chess").is_empty());
        assert_eq!(
            feature_value("feature variants=\"normal,shatranj\" done=1", "variants"),
            Some("normal,shatranj")
        );
        let many: Vec<String> = (0..23).map(|i| i.to_string()).collect();
        assert!(listing(&many).ends_with(", 18, 19 and 3 more"), "{}", listing(&many));
        assert_eq!(listing(&many[..2]), "0, 1");
    }
}
