//! The engine on a line-oriented stream (standard input and output when `menagerie` runs without
//! a subcommand): the first line picks the front end, UCI (`crate::uci`) or XBoard
//! (`crate::xboard`).

use crate::protocol::{sanitize, Engine, Line, Lines, Options, Out};
use std::io::{BufRead, Write};

/// Reads commands until `quit` or end of input. The first non-empty line selects the protocol:
/// `uci` or `xboard` (anything else is answered as UCI would, with an error line, and the next
/// line is tried).
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    run_with(input, output, Options::default());
}

/// [`run`] with initial options (e.g. the random mover).
pub fn run_with(input: impl BufRead, output: impl Write + Send + 'static, opts: Options) {
    let out = Out::new(output);
    let mut lines = Lines::new(input);
    for first in lines.by_ref() {
        let first = match first {
            Line::Text(t) => t,
            Line::Bad(why) => {
                out.line(&format!("info string error {why}"));
                continue;
            }
        };
        let t = first.trim();
        if t.is_empty() {
            continue;
        }
        match t.split_whitespace().next() {
            Some("uci") => {
                let mut s = crate::uci::Uci::new(Engine::new(out, opts));
                s.handle("uci");
                s.run(lines);
                return;
            }
            Some("xboard") => {
                let mut s = crate::xboard::Xboard::new(Engine::new(out, opts));
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
