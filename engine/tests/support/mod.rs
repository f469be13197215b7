//! A `menagerie gui` server started for a test, stopped when dropped.
#![allow(dead_code)] // each test file uses part of it

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running server.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Starts `menagerie gui --no-open --port 0` and reads the URL it prints.
    pub fn start() -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_menagerie"));
        command.args(["gui", "--no-open", "--port", "0"]);
        Server::spawn(command)
    }

    /// The same with at most `files` open files (`ulimit -n`), through `sh`.
    #[cfg(unix)]
    pub fn start_with_open_files(files: u32) -> Server {
        let mut command = Command::new("sh");
        command.args([
            "-c",
            &format!("ulimit -n {files} && exec \"$0\" gui --no-open --port 0"),
            env!("CARGO_BIN_EXE_menagerie"),
        ]);
        Server::spawn(command)
    }

    fn spawn(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("menagerie runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("URL line");
        let url = line.trim().to_string();
        assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'), "printed `{url}`");
        let addr = url.trim_start_matches("http://").trim_end_matches('/').to_string();
        Server { child, url, addr }
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends raw bytes, returns (status, body).
    pub fn raw(&self, request: &[u8]) -> (u16, String) {
        self.raw_within(request, Duration::from_secs(60))
    }

    /// Sends raw bytes, returns (status, body); status 0 if no answer came within `wait`.
    pub fn raw_within(&self, request: &[u8], wait: Duration) -> (u16, String) {
        let text = self.answer(request, wait);
        let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
        (status, body)
    }

    /// Sends raw bytes, returns the whole answer (status line, headers, body) as text.
    pub fn answer(&self, request: &[u8], wait: Duration) -> String {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(wait)).unwrap();
        s.write_all(request).unwrap();
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    }

    /// An HTTP request with a body (`Connection: close`), JSON, to this server's address.
    pub fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let host = self.addr.clone();
        self.send(method, path, &[("Host", &host), ("Content-Type", "application/json")], body)
    }

    /// An HTTP request with exactly these headers (besides `Content-Length` and `Connection:
    /// close`).
    pub fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let mut req = format!("{method} {path} HTTP/1.1\r\n");
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str(&format!("Content-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()));
        self.raw(req.as_bytes())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server-sent event stream read on a thread.
pub struct Events {
    rx: std::sync::mpsc::Receiver<String>,
}

impl Events {
    /// Opens the stream at `path` and waits until the server answered.
    pub fn open(server: &Server, path: &str) -> Events {
        let mut s = TcpStream::connect(&server.addr).expect("connect");
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            server.addr
        );
        s.write_all(req.as_bytes()).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut reader = BufReader::new(s);
        let mut status = String::new();
        reader.read_line(&mut status).expect("status line");
        assert!(status.contains(" 200 "), "events: {status}");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { return };
                if let Some(data) = line.strip_prefix("data: ") {
                    if tx.send(data.to_string()).is_err() {
                        return;
                    }
                }
            }
        });
        Events { rx }
    }

    /// The events' data up to and including the first whose `type` is `kind` (all received
    /// within 30 s otherwise).
    pub fn until(&self, kind: &str) -> Vec<String> {
        let mut out = Vec::new();
        let tag = format!("\"type\":\"{kind}\"");
        while let Ok(d) = self.rx.recv_timeout(Duration::from_secs(30)) {
            let done = d.contains(&tag);
            out.push(d);
            if done {
                break;
            }
        }
        out
    }
}

/// Why a test cannot drive Chromium here (`None`: it can): Debian's chromium and
/// chromium-driver and Python's selenium (`.ci/run` installs them).
pub fn browser_missing() -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let driver = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    if !std::path::Path::new(&chromium).exists() {
        return Some(format!("{chromium} is not installed (apt-get install chromium)"));
    }
    if !std::path::Path::new(&driver).exists() {
        return Some(format!("{driver} is not installed (apt-get install chromium-driver)"));
    }
    let has = Command::new("python3").args(["-c", "import selenium.webdriver"]).status();
    if !matches!(has, Ok(s) if s.success()) {
        return Some(
            "python3 with selenium is not installed (pip install selenium==4.51.0)".into(),
        );
    }
    None
}
