//! Drives the engine's protocol loop in-process: lines in through a pipe, lines out collected by a
//! reader thread, with timeouts so a hang is a test failure rather than a stuck test.

use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// An engine running `engine::protocol::run` on a thread.
#[derive(Debug)]
pub struct Driver {
    input: Option<std::io::PipeWriter>,
    lines: Receiver<String>,
    engine: Option<JoinHandle<()>>,
    /// Every line the engine wrote, in order.
    pub transcript: Vec<String>,
    /// Every line sent to the engine, in order.
    pub sent: Vec<String>,
}

impl Default for Driver {
    fn default() -> Self {
        Self::start()
    }
}

impl Driver {
    /// Starts the protocol loop.
    pub fn start() -> Driver {
        let (in_r, in_w) = std::io::pipe().expect("pipe");
        let (out_r, out_w) = std::io::pipe().expect("pipe");
        let engine = std::thread::spawn(move || {
            engine::stdio::run(BufReader::new(in_r), out_w);
        });
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out_r).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        Driver {
            input: Some(in_w),
            lines: rx,
            engine: Some(engine),
            transcript: Vec::new(),
            sent: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.sent.push(line.to_string());
        let w = self.input.as_mut().expect("engine input open");
        writeln!(w, "{line}").expect("engine accepts input");
        w.flush().expect("flush");
    }

    /// Sends raw bytes as they are (no line ending added): broken input, as a careless GUI or
    /// a damaged pipe would send it.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.sent.push(String::from_utf8_lossy(bytes).into_owned());
        let w = self.input.as_mut().expect("engine input open");
        w.write_all(bytes).expect("engine accepts input");
        w.flush().expect("flush");
    }

    /// Reads lines until one satisfies `done` (returned last) or `timeout` passes (panics).
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let end = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    self.transcript.push(l.clone());
                    let stop = done(&l);
                    got.push(l);
                    if stop {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Ok(path) = std::env::var("MENAGERIE_DUMP_SENT") {
                        let _ = std::fs::write(path, self.sent.join("\n") + "\n");
                    }
                    let last_sent = &self.sent[self.sent.len().saturating_sub(40)..];
                    panic!("timed out after {timeout:?}; got so far: {got:#?}; last sent: {last_sent:#?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine output closed; got so far: {got:#?}")
                }
            }
        }
    }

    /// Sends `line` and reads until a line starting with `prefix`.
    pub fn ask(&mut self, line: &str, prefix: &str) -> Vec<String> {
        self.send(line);
        let p = prefix.to_string();
        self.until(Duration::from_secs(30), move |l| l.starts_with(&p))
    }

    /// Lines available within `wait`, without blocking longer.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let mut got = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(wait) {
            self.transcript.push(l.clone());
            got.push(l);
        }
        got
    }

    /// Sends `quit`, closes the input and waits for the loop to end.
    pub fn quit(mut self) {
        self.send("quit");
        self.input = None;
        if let Some(h) = self.engine.take() {
            h.join().expect("engine thread ended without panic");
        }
    }
}
