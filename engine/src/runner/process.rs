//! An engine child process: line I/O with deadlines, and cleanup that never leaves orphans.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Instant;

/// Why an engine failed to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No answer before the deadline.
    Timeout,
    /// The process ended (or closed its output).
    Crashed,
    /// It answered something that is not a legal move or not the expected reply.
    Illegal(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout => f.write_str("time forfeit / no reply"),
            Fault::Crashed => f.write_str("engine crashed"),
            Fault::Illegal(s) => write!(f, "illegal move {s}"),
        }
    }
}

/// Splits a command line into words: whitespace separates, single or double quotes group.
pub fn split_command(cmd: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in cmd.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if !cur.is_empty() || any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if !cur.is_empty() || any {
        words.push(cur);
    }
    words
}

/// A running engine.
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Lines exchanged, for the fault log (`> ` sent, `< ` received), the last 200.
    pub log: std::collections::VecDeque<String>,
}

impl Process {
    /// Starts `cmd` (words split by [`split_command`]).
    pub fn spawn(cmd: &str) -> std::io::Result<Process> {
        let words = split_command(cmd);
        let (prog, args) =
            words.split_first().ok_or_else(|| std::io::Error::other("empty engine command"))?;
        let mut child = Command::new(prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        });
        Ok(Process { child, stdin, lines: rx, log: std::collections::VecDeque::new() })
    }

    fn note(&mut self, s: String) {
        if self.log.len() >= 200 {
            self.log.pop_front();
        }
        self.log.push_back(s);
    }

    /// Sends a line (a dead engine is reported as crashed).
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.note(format!("> {line}"));
        let w = self.stdin.as_mut().ok_or(Fault::Crashed)?;
        writeln!(w, "{line}").map_err(|_| Fault::Crashed)?;
        w.flush().map_err(|_| Fault::Crashed)
    }

    /// Reads lines until `done` accepts one (returned) or the deadline passes.
    pub fn until(
        &mut self,
        deadline: Instant,
        mut done: impl FnMut(&str) -> bool,
        mut each: impl FnMut(&str),
    ) -> Result<String, Fault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    self.note(format!("< {l}"));
                    each(&l);
                    if done(&l) {
                        return Ok(l);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crashed),
            }
        }
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Asks the engine to quit, then kills it if it does not within `grace`.
    pub fn shutdown(&mut self, quit: &str, grace: std::time::Duration) {
        let _ = self.send(quit);
        self.stdin = None;
        let end = Instant::now() + grace;
        while Instant::now() < end {
            if !self.alive() {
                let _ = self.child.wait();
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if self.alive() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_words() {
        assert_eq!(split_command("a b  c"), vec!["a", "b", "c"]);
        assert_eq!(split_command("x 'a b' \"c d\" ''"), vec!["x", "a b", "c d", ""]);
        assert!(split_command("   ").is_empty());
    }
}
