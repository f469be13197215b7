//! Drives the engine's protocol loop, in-process or as another program (a build for another
//! platform under its emulator): lines in through a pipe, lines out collected by a reader
//! thread, with timeouts so a hang is a test failure rather than a stuck test.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What runs the protocol loop.
#[derive(Debug)]
enum Engine {
    /// `engine::stdio::run` on a thread of this process.
    Thread(JoinHandle<()>),
    /// A separate program.
    Process(Child),
}

/// An engine running `engine::stdio::run` on a thread, or the `menagerie` program.
pub struct Driver {
    input: Option<Box<dyn Write + Send>>,
    lines: Receiver<String>,
    engine: Option<Engine>,
    /// Every line the engine wrote, in order.
    pub transcript: Vec<String>,
    /// Every line sent to the engine, in order.
    pub sent: Vec<String>,
}

impl std::fmt::Debug for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver").field("engine", &self.engine).field("sent", &self.sent).finish()
    }
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
        Driver::over(Box::new(in_w), out_r, Engine::Thread(engine))
    }

    /// Starts a program that speaks the protocol on its standard input and output (its
    /// standard error is passed through).
    pub fn spawn(mut command: Command) -> Driver {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
        let input = child.stdin.take().expect("stdin");
        let output = child.stdout.take().expect("stdout");
        Driver::over(Box::new(input), output, Engine::Process(child))
    }

    fn over(
        input: Box<dyn Write + Send>,
        output: impl Read + Send + 'static,
        engine: Engine,
    ) -> Driver {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
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
            input: Some(input),
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

    /// Sends `quit`, closes the input and waits for the loop to end (a program must exit with
    /// status 0).
    pub fn quit(mut self) {
        self.send("quit");
        self.input = None;
        match self.engine.take() {
            Some(Engine::Thread(h)) => h.join().expect("engine thread ended without panic"),
            Some(Engine::Process(mut child)) => {
                let status = child.wait().expect("wait for the engine");
                assert!(status.success(), "the engine exited with {status}");
            }
            None => {}
        }
    }
}

impl Drop for Driver {
    /// A program still running when its test ends (a failed test) is stopped.
    fn drop(&mut self) {
        if let Some(Engine::Process(child)) = &mut self.engine {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
