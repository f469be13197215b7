//! Protocol front ends: one session (game, searcher, options, output) under two thin adapters,
//! UCI and XBoard/CECP v2. The protocol is detected from the first line. Input and output are
//! generic streams so tests drive the engine in-process.

pub mod api;
pub mod uci;
pub mod xboard;

use crate::search::Searcher;
use api::GameApi;
use movegen::rules::VariantId;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// A line-oriented, thread-safe output (search threads write to it too).
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl std::fmt::Debug for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Out")
    }
}

impl Out {
    /// Wraps a writer.
    pub fn new(w: impl Write + Send + 'static) -> Out {
        Out(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes one line and flushes (errors writing are ignored: the GUI is gone).
    pub fn line(&self, s: &str) {
        if let Ok(mut w) = self.0.lock() {
            let _ = writeln!(w, "{s}");
            let _ = w.flush();
        }
    }
}

/// Engine options shared by both protocols.
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
        }
    }
}

/// Limits of the engine options (checked by both protocols).
pub const HASH_MAX_MB: usize = 16_384;
/// Most threads accepted.
pub const THREADS_MAX: usize = 256;

/// State common to both protocols.
pub struct Session {
    /// Output stream.
    pub out: Out,
    /// The searcher.
    pub searcher: Searcher,
    /// The current game.
    pub game: Box<dyn GameApi>,
    /// Options.
    pub opts: Options,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Session({}, {:?})", self.game.variant(), self.opts)
    }
}

impl Session {
    /// A session writing to `out`, playing chess from the start position.
    pub fn new(out: Out) -> Session {
        Self::with_options(out, Options::default())
    }

    /// A session with the given options.
    pub fn with_options(out: Out, opts: Options) -> Session {
        Session {
            out,
            searcher: Searcher::new(opts.threads, opts.hash_mb),
            game: api::new_game(VariantId::Chess, None).expect("chess is always built"),
            opts,
        }
    }
}

/// Engine name and author, as announced to GUIs.
pub const ENGINE_NAME: &str = concat!("Menagerie ", env!("CARGO_PKG_VERSION"));
/// Author line.
pub const ENGINE_AUTHOR: &str = "the Menagerie developers";

/// Reads commands until `quit` or end of input. The first non-empty line selects the protocol:
/// `uci` or `xboard` (anything else is answered as UCI would, with an error line, and the next
/// line is tried).
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    run_with(input, output, Options::default());
}

/// [`run`] with initial options (e.g. the random mover).
pub fn run_with(input: impl BufRead, output: impl Write + Send + 'static, opts: Options) {
    let out = Out::new(output);
    let mut lines = input.lines().map_while(Result::ok);
    for first in lines.by_ref() {
        let t = first.trim();
        if t.is_empty() {
            continue;
        }
        match t.split_whitespace().next() {
            Some("uci") => {
                let mut s = uci::Uci::new(Session::with_options(out, opts));
                s.handle("uci");
                s.run(lines);
                return;
            }
            Some("xboard") => {
                let mut s = xboard::Xboard::new(Session::with_options(out, opts));
                s.run(lines);
                return;
            }
            Some("quit") => return,
            _ => out.line(&format!(
                "info string error expected `uci` or `xboard` first, got: {}",
                sanitize(t)
            )),
        }
    }
}

/// A command echoed back in an error message: printable ASCII only, at most 200 characters.
pub fn sanitize(s: &str) -> String {
    s.chars().filter(|c| c.is_ascii_graphic() || *c == ' ').take(200).collect()
}
