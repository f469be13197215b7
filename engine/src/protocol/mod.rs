//! What the two protocol front ends (UCI in `crate::uci`, XBoard in `crate::xboard`) share:
//! the engine's searcher, options and output ([`Engine`]), input split into lines ([`Lines`]),
//! the option limits and the texts of errors. `crate::stdio` picks the protocol from the first
//! line. Input and output are generic streams so tests drive the engine in-process.

use search::Searcher;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
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

/// Engine options shared by both protocols (and by the WebAssembly engine).
pub use ucicmd::Options;

/// Limits of the engine options (checked by both protocols).
pub const HASH_MAX_MB: usize = 16_384;
/// Most threads accepted.
pub const THREADS_MAX: usize = 256;

/// The engine as both protocols drive it: its output, searcher and options (each front end
/// holds its game beside it).
pub struct Engine {
    /// Output stream.
    pub out: Out,
    /// The searcher.
    pub searcher: Searcher,
    /// Options.
    pub opts: Options,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Engine({:?})", self.opts)
    }
}

impl Engine {
    /// An engine writing to `out` with the given options.
    pub fn new(out: Out, opts: Options) -> Engine {
        Engine {
            out,
            searcher: Searcher::new(
                opts.threads,
                opts.hash_mb,
                crate::clock::SystemTimer::shared(),
            ),
            opts,
        }
    }

    /// Changes the thread count (`Threads`, `cores`). When the threads cannot be started, says
    /// why and keeps the old count.
    pub fn set_threads(&mut self, n: usize) -> Result<(), String> {
        let r = self.searcher.set_threads(n);
        let kept = self.searcher.threads();
        self.opts.threads = kept;
        r.map_err(|e| format!("{e}; {kept} thread{} kept", if kept == 1 { "" } else { "s" }))
    }

    /// Resizes the hash table (`Hash`, `memory`). When the new size cannot be allocated, says
    /// why: the old table stays, with its contents, and so does the option.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        let old = self.opts.hash_mb;
        self.searcher.set_hash(mb).map_err(|e| format!("{e}; the table stays at {old} MB"))?;
        self.opts.hash_mb = mb;
        Ok(())
    }

    /// Starts perft split by root move on the search thread (UCI `go perft`, XBoard `perft`),
    /// so that `stop`, `isready`/`ping` and `quit` are answered meanwhile: `divide` gives one
    /// `move: count` line per root move, then `Nodes searched: N` follows (after an empty line
    /// if `blank`), or `stopped` (a line in the protocol's comment form) if stopped first.
    pub fn spawn_perft(
        &self,
        divide: impl FnOnce(&AtomicBool) -> Option<Vec<(String, u64)>> + Send + 'static,
        blank: bool,
        stopped: &str,
    ) {
        let out = self.out.clone();
        let stopped = stopped.to_string();
        self.searcher.spawn(divide, move |rows| match rows {
            Some(rows) => {
                for (m, n) in &rows {
                    out.line(&format!("{m}: {n}"));
                }
                if blank {
                    out.line("");
                }
                let total: u64 = rows.iter().map(|r| r.1).sum();
                out.line(&format!("Nodes searched: {total}"));
            }
            None => out.line(&stopped),
        });
    }
}

/// A protocol front end: it takes the input line by line.
pub trait FrontEnd {
    /// Handles one line; false on `quit`.
    fn handle(&mut self, line: &str) -> bool;
    /// Reports a line that cannot be a command on the protocol's error channel.
    fn bad_line(&mut self, why: &str);
    /// The engine it drives.
    fn engine(&self) -> &Engine;
}

/// Feeds `lines` to `front` until `quit` or the end of input, then stops the search.
pub fn serve(front: &mut dyn FrontEnd, lines: impl Iterator<Item = Line>) {
    for line in lines {
        match line {
            Line::Text(t) if !front.handle(&t) => break,
            Line::Text(_) => {}
            Line::Bad(why) => front.bad_line(&why),
        }
    }
    front.engine().searcher.stop();
    front.engine().searcher.wait();
}

/// Engine name and author, as announced to GUIs.
pub const ENGINE_NAME: &str = concat!("Menagerie ", env!("CARGO_PKG_VERSION"));
/// Author line.
pub const ENGINE_AUTHOR: &str = "the Menagerie developers";

/// One line of input as the protocol adapters see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A command line (without its line ending or a leading byte-order mark).
    Text(String),
    /// A line that cannot be a command (bytes that are not UTF-8, or control bytes such as NUL):
    /// why. The adapters report it on their error channel and go on.
    Bad(String),
}

/// Splits raw input into [`Line`]s. Only the end of input (or a read error) ends the stream: a
/// line of arbitrary bytes is one [`Line::Bad`], never the end. `\r\n` endings and a UTF-8
/// byte-order mark at the start of a line are dropped.
#[derive(Debug)]
pub struct Lines<R> {
    input: R,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input`.
    pub fn new(input: R) -> Self {
        Lines { input, buf: Vec::new() }
    }
}

/// Classifies one raw line (line ending already removed).
pub fn decode_line(raw: &[u8]) -> Line {
    let mut bytes = raw;
    while let Some(rest) = bytes.strip_suffix(b"\r") {
        bytes = rest;
    }
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Err(e) => Line::Bad(format!(
            "input line is not UTF-8 (invalid byte at offset {}); ignored",
            e.valid_up_to()
        )),
        Ok(s) => match s.char_indices().find(|&(_, c)| c.is_control() && c != '\t') {
            Some((i, c)) => Line::Bad(format!(
                "input line has control character U+{:04X} at offset {i}; ignored",
                u32::from(c)
            )),
            None => Line::Text(s.to_string()),
        },
    }
}

/// Longest input line taken as a command; longer lines are reported and skipped (a `position`
/// with a thousand PieceEater turns is about 13 kB).
pub const MAX_LINE: usize = 1 << 20;

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Line;
    fn next(&mut self) -> Option<Line> {
        self.buf.clear();
        let mut overlong = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if chunk.is_empty() {
                if self.buf.is_empty() && !overlong {
                    return None;
                }
                break;
            }
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if self.buf.len() + take > MAX_LINE + 1 {
                overlong = true;
                self.buf.clear();
            } else {
                self.buf.extend_from_slice(&chunk[..take]);
            }
            self.input.consume(take);
            if done {
                break;
            }
        }
        if overlong {
            return Some(Line::Bad(format!("input line longer than {MAX_LINE} bytes; ignored")));
        }
        let raw = self.buf.strip_suffix(b"\n").unwrap_or(&self.buf);
        Some(decode_line(raw))
    }
}

/// A boolean option value (`true`/`false`; XBoard check boxes send `1`/`0`), and a command
/// echoed back in an error message: shared with the UCI decoder.
pub use ucicmd::{check, sanitize};
