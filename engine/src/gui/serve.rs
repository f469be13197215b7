//! The server's connections: hyper's HTTP/1 server with a header time-out, and room for the
//! user's page when connections or file descriptors run short (`axum::serve` has neither).
//!
//! * Every connection must send the whole header of a request within [`HEADER_TIMEOUT`] of
//!   being accepted or of its previous answer (hyper's `header_read_timeout`, which runs between
//!   keep-alive requests too); otherwise hyper closes it. A connection that sends nothing, or a
//!   header line now and then (slowloris), is closed; an answer being sent (an event stream
//!   included) is not timed.
//! * When [`MAX_CONNECTIONS`] are open, or accepting fails (out of file descriptors: `EMFILE`),
//!   the connections that have been idle longest (no request being answered) are closed to make
//!   room, as nginx closes idle keep-alive connections when it runs out: a new connection, such
//!   as the user's page, is then served while many idle ones are open. A connection that is
//!   answering is never closed early.
//!
//! `docs/gui.md`, "Security"; `docs/decisions/0013-web-board-safety.md`.

use axum::body::{Body, Bytes};
use axum::http::{Request, Response};
use axum::Router;
use futures_util::future::{select, Either};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper::service::Service as _;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::convert::Infallible;
use std::pin::{pin, Pin};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// How long a connection may take to send a request's whole header, counted from when it is
/// accepted or its previous answer was sent. The page's requests are a few hundred bytes sent at
/// once; a browser reopens a keep-alive connection the server has closed without the user
/// noticing. Hyper's default is 30 s.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// At most this many connections are kept open; beyond it the longest-idle one is closed for
/// each new one. A page uses up to six connections at a time and one event stream per tab, so
/// this is far more than a user needs, and it stays below macOS's default limit of 256 open
/// files.
pub const MAX_CONNECTIONS: usize = 128;

/// How long the accept loop waits after accepting failed for a reason other than the
/// connection itself (out of file descriptors), having asked idle connections to close.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// How many idle connections are asked to close each time accepting fails.
const CLOSE_BATCH: usize = 8;

/// Accept failures are reported on standard error at most once in this time.
const REPORT_EVERY: Duration = Duration::from_secs(60);

/// How long a connection asked to close while idle may take to finish (an answer still being
/// written out) before it is dropped; one idle with part of a header sent is dropped then.
const CLOSE_GRACE: Duration = Duration::from_millis(500);

/// One open connection.
#[derive(Debug)]
struct Entry {
    /// Requests being answered (the service called, the answer's body not yet all sent).
    busy: usize,
    /// When the connection was accepted or its last answer was sent.
    idle_since: Instant,
    /// Asked to close.
    closing: bool,
    /// Tells the connection's task to close it.
    close: Arc<Notify>,
}

/// The open connections.
#[derive(Clone, Debug, Default)]
struct Conns(Arc<Mutex<Table>>);

#[derive(Debug, Default)]
struct Table {
    next: u64,
    open: HashMap<u64, Entry>,
}

impl Conns {
    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.0.lock().expect("lock")
    }

    fn len(&self) -> usize {
        self.table().open.len()
    }

    /// Registers a new connection: its id and the signal that asks it to close.
    fn add(&self) -> (u64, Arc<Notify>) {
        let mut t = self.table();
        let id = t.next;
        t.next += 1;
        let close = Arc::new(Notify::new());
        let entry =
            Entry { busy: 0, idle_since: Instant::now(), closing: false, close: close.clone() };
        t.open.insert(id, entry);
        (id, close)
    }

    fn is_busy(&self, id: u64) -> bool {
        self.table().open.get(&id).is_some_and(|e| e.busy > 0)
    }

    /// Marks connection `id` as answering a request until the returned guard is dropped.
    fn busy(&self, id: u64) -> Busy {
        if let Some(e) = self.table().open.get_mut(&id) {
            e.busy += 1;
        }
        Busy { conns: self.clone(), id }
    }

    /// Asks up to `n` connections, those idle longest, to close; returns how many it asked.
    fn close_idle(&self, n: usize) -> usize {
        let mut t = self.table();
        let mut idle: Vec<(Instant, u64)> = t
            .open
            .iter()
            .filter(|(_, e)| e.busy == 0 && !e.closing)
            .map(|(&id, e)| (e.idle_since, id))
            .collect();
        idle.sort_unstable();
        idle.truncate(n);
        for (_, id) in &idle {
            let e = t.open.get_mut(id).expect("listed");
            e.closing = true;
            e.close.notify_one();
        }
        idle.len()
    }
}

/// A request being answered (see [`Conns::busy`]).
#[derive(Debug)]
struct Busy {
    conns: Conns,
    id: u64,
}

impl Drop for Busy {
    fn drop(&mut self) {
        if let Some(e) = self.conns.table().open.get_mut(&self.id) {
            e.busy -= 1;
            e.idle_since = Instant::now();
        }
    }
}

/// Removes a connection from the table when its task ends, however it ends.
#[derive(Debug)]
struct Gone {
    conns: Conns,
    id: u64,
}

impl Drop for Gone {
    fn drop(&mut self) {
        self.conns.table().open.remove(&self.id);
    }
}

/// An answer's body that keeps its connection marked busy until it is all sent or dropped.
#[derive(Debug)]
struct Tracked {
    body: Body,
    _busy: Busy,
}

impl hyper::body::Body for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Serves connection `id` (registered in `conns`) until the client closes it, hyper's time-out
/// closes it, or `close` asks it to close.
async fn serve_connection(
    stream: TcpStream,
    router: Router,
    conns: Conns,
    id: u64,
    close: Arc<Notify>,
) {
    let _gone = Gone { conns: conns.clone(), id };
    let app = TowerToHyperService::new(router);
    let tracker = conns.clone();
    let service = hyper::service::service_fn(move |req: Request<Incoming>| {
        let busy = tracker.busy(id);
        let answer = app.call(req);
        async move {
            let res: Response<Body> = answer.await?;
            Ok::<_, Infallible>(res.map(|body| Tracked { body, _busy: busy }))
        }
    });
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(HEADER_TIMEOUT);
    let mut conn = pin!(builder.serve_connection(TokioIo::new(stream), service));
    // Errors (a time-out, a client that went away, a malformed request hyper has answered) end
    // the connection; there is nobody to tell.
    if let Either::Left(_) = select(conn.as_mut(), pin!(close.notified())).await {
        return;
    }
    // Asked to close: hyper closes an idle connection at once and lets an answer finish first.
    conn.as_mut().graceful_shutdown();
    if conns.is_busy(id) {
        let _ = conn.await;
    } else {
        let _ = tokio::time::timeout(CLOSE_GRACE, conn).await;
    }
}

/// Whether an accept error is about that one connection (it went away before it was
/// accepted) rather than the server (out of file descriptors or memory).
fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset, Interrupted};
    matches!(e.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset | Interrupted)
}

/// Accepts and serves connections on `listener` with `router`, for as long as the process runs.
pub async fn serve(listener: TcpListener, router: Router) {
    let conns = Conns::default();
    let mut reported: Option<Instant> = None;
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                // At the limit the connection idle longest is closed to make room for this
                // one; if every open connection is answering, this one is closed instead.
                if conns.len() >= MAX_CONNECTIONS && conns.close_idle(1) == 0 {
                    continue;
                }
                let (id, close) = conns.add();
                tokio::spawn(serve_connection(stream, router.clone(), conns.clone(), id, close));
            }
            Err(e) if is_connection_error(&e) => {}
            Err(e) => {
                if reported.is_none_or(|t| t.elapsed() >= REPORT_EVERY) {
                    eprintln!("menagerie gui: cannot accept a connection ({e}); closing idle ones");
                    reported = Some(Instant::now());
                }
                conns.close_idle(CLOSE_BATCH);
                tokio::time::sleep(ACCEPT_BACKOFF).await;
            }
        }
    }
}
