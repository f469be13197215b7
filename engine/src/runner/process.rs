//! An engine child process: line I/O with deadlines, and cleanup that never leaves orphans.
//! Whatever an engine prints, the runner holds a bounded amount of it: lines are decoded
//! lossily and cut at [`MAX_LINE`] bytes, and at most [`QUEUE`] of them wait to be read.

use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::Instant;

/// The most bytes of one engine output line that are kept (64 KiB); the rest of a longer line
/// is counted and dropped.
pub const MAX_LINE: usize = 64 * 1024;

/// The most engine output lines read ahead of the runner. When they are all waiting, the reader
/// stops reading, and an engine that prints on waits on its full pipe until the runner reads.
pub const QUEUE: usize = 256;

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

/// Reads one line from `r`: its bytes up to the next `\n` (or the end of the input) without the
/// `\n` and a `\r` before it, decoded as UTF-8 with each invalid sequence replaced by U+FFFD.
/// At most `cap` bytes of the line are kept: the rest is read, counted and dropped, and the
/// line then ends with ` [… N bytes dropped]` (` [… 1 byte dropped]`). `Ok(None)` at the end of the input.
pub fn read_line_capped(r: &mut impl BufRead, cap: usize) -> std::io::Result<Option<String>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut dropped: u64 = 0;
    let mut read_any = false;
    // Whether the last byte of the line so far is `\r` (dropped or kept).
    let mut last_cr = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !read_any {
                return Ok(None);
            }
            break;
        }
        read_any = true;
        let end = buf.iter().position(|&b| b == b'\n');
        let part = &buf[..end.unwrap_or(buf.len())];
        let take = part.len().min(cap - kept.len());
        kept.extend_from_slice(&part[..take]);
        dropped += (part.len() - take) as u64;
        if let Some(&b) = part.last() {
            last_cr = b == b'\r';
        }
        let used = end.map_or(buf.len(), |i| i + 1);
        r.consume(used);
        if end.is_some() {
            break;
        }
    }
    if last_cr {
        if dropped > 0 {
            dropped -= 1;
        } else {
            kept.pop();
        }
    }
    let mut line = String::from_utf8_lossy(&kept).into_owned();
    if dropped > 0 {
        let s = if dropped == 1 { "" } else { "s" };
        line.push_str(&format!(" [… {dropped} byte{s} dropped]"));
    }
    Ok(Some(line))
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
        let (tx, rx) = sync_channel(QUEUE);
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            // A read error ends the output as its end does: the engine is taken as crashed.
            while let Ok(Some(line)) = read_line_capped(&mut out, MAX_LINE) {
                if tx.send(line).is_err() {
                    return;
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
            // Lines no one will read: taken, so that an engine waiting on its full pipe can
            // read `quit` and exit.
            while self.lines.try_recv().is_ok() {}
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

    /// Reads every line of `input` through a `BufReader` of `capacity` bytes (small capacities
    /// split lines across many `fill_buf` calls).
    fn lines_of(input: &[u8], cap: usize, capacity: usize) -> Vec<String> {
        let mut r = BufReader::with_capacity(capacity, input);
        let mut lines = Vec::new();
        while let Some(l) = read_line_capped(&mut r, cap).unwrap() {
            lines.push(l);
        }
        lines
    }

    /// Issue 56 item 1: bytes that are not UTF-8 become U+FFFD and the reading goes on.
    #[test]
    fn lines_are_decoded_lossily() {
        let input = b"id author St\xe9phane\r\ninfo string caf\xe9\nbestmove \xff\xfe\nreadyok";
        for capacity in [1, 3, 8192] {
            assert_eq!(
                lines_of(input, MAX_LINE, capacity),
                [
                    "id author St\u{fffd}phane",
                    "info string caf\u{fffd}",
                    "bestmove \u{fffd}\u{fffd}",
                    "readyok"
                ]
            );
        }
        assert!(lines_of(b"", MAX_LINE, 8).is_empty());
        assert_eq!(lines_of(b"\n\r\n", MAX_LINE, 8), ["", ""]);
    }

    /// Issue 56 item 2: a line longer than the cap is cut to `cap` bytes, the rest counted
    /// (not its `\r\n`) and dropped; the next line is read whole.
    #[test]
    fn long_lines_are_capped() {
        let mut input = b"info string ".to_vec();
        input.extend(std::iter::repeat_n(b'x', 1_000_000));
        input.extend_from_slice(b"\r\nbestmove e2e4\n");
        for capacity in [7, 8192, 2 * MAX_LINE] {
            let lines = lines_of(&input, MAX_LINE, capacity);
            assert_eq!(lines.len(), 2);
            let kept = format!("info string {}", "x".repeat(MAX_LINE - 12));
            let dropped = 1_000_012 - MAX_LINE;
            assert_eq!(lines[0], format!("{kept} [… {dropped} bytes dropped]"));
            assert_eq!(lines[1], "bestmove e2e4");
        }
        // A `\r` past the cap is not counted; one byte over is.
        assert_eq!(lines_of(b"abc\r\n", 3, 2), ["abc"]);
        assert_eq!(lines_of(b"abcd\r\nx", 3, 2), ["abc [… 1 byte dropped]", "x"]);
        assert_eq!(lines_of(b"abcdef", 3, 8), ["abc [… 3 bytes dropped]"]);
    }
}
