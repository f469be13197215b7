//! `menagerie gui`: a local web board for every variant, driven by the engine's own rules in the
//! same process. An HTTP server (axum on tokio, `docs/decisions/0003-gui-server.md`) serves the
//! embedded page (`engine/assets/gui/`) and a JSON API over a game session per game
//! (`session::Session`, which decides the start, the end and what may be played). The handlers
//! decode requests, call the session, and answer with the JSON of the view model (the `board`
//! crate: the game's state, click paths, move forms, help texts); engine output streams to the
//! page as server-sent events. `docs/gui.md` describes the page and the API.

pub mod assets;
pub mod guard;
pub mod serve;
pub mod store;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, Method, Uri};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use board::api::{Reply, Step};
use guard::{fail, Allowed};
use std::sync::Arc;
use store::{Fail, Store};

pub use board::api::JUDGE_TIME;

/// Settings of `menagerie gui`.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// Address to bind (loopback unless the user says otherwise).
    pub host: String,
    /// Port (0: any free port).
    pub port: u16,
    /// Open the page in the browser.
    pub open: bool,
    /// Search threads.
    pub threads: usize,
    /// Hash table size (MB).
    pub hash_mb: usize,
}

impl Default for GuiConfig {
    fn default() -> Self {
        GuiConfig { host: "127.0.0.1".into(), port: 0, open: true, threads: 1, hash_mb: 64 }
    }
}

type App = Arc<Store>;

/// Builds the router of a server that answers to `allowed` (public for in-process tests).
pub fn router(store: Arc<Store>, allowed: Allowed) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::app_js))
        .route("/extras.js", get(assets::extras_js))
        .route("/features.js", get(assets::features_js))
        .route("/style.css", get(assets::style_css))
        .route("/backend.js", get(assets::backend_js))
        .route("/manifest.webmanifest", get(assets::manifest))
        .route("/icon.svg", get(assets::icon))
        .route("/pieces/{file}", get(assets::piece))
        .route("/rules/{file}", get(assets::rules))
        .route("/api/games/{id}/events", get(events))
        .route("/api/{*rest}", any(api_call))
        .fallback(|| async { fail((404, "no such page or API call".into())) })
        .with_state(store)
        .layer(axum::middleware::from_fn(guard::json_errors))
        .layer(axum::middleware::from_fn_with_state(Arc::new(allowed), guard::guard))
}

/// Every `/api/...` request but the event stream: answered by the board's dispatcher
/// (`board::api`; `docs/gui.md` lists the calls), the engine's searches run on the searcher.
async fn api_call(State(app): State<App>, method: Method, uri: Uri, body: Bytes) -> Response {
    let target = uri.path_and_query().map_or(uri.path(), |p| p.as_str()).to_string();
    let step = app.handle(method.as_str(), &target, &body);
    match step {
        Step::Reply(r) => reply(r),
        Step::Search { job, reply: now } => {
            let wait = job.wait;
            let a2 = app.clone();
            let rx = match tokio::task::spawn_blocking(move || a2.search(job)).await {
                Ok(rx) => rx,
                Err(e) => return fail((500, format!("search task failed: {e}"))),
            };
            if let Some(r) = now {
                return reply(r);
            }
            let wait = wait.unwrap_or(std::time::Duration::from_secs(600));
            match tokio::time::timeout(wait, rx).await {
                Ok(Ok(r)) => reply(r),
                Ok(Err(_)) => fail((409, "the search was stopped before it finished".into())),
                Err(_) => fail((504, "the engine did not answer in time".into())),
            }
        }
    }
}

/// The dispatcher's answer as HTTP: JSON, or a PGN download.
fn reply(r: Reply) -> Response {
    let status = axum::http::StatusCode::from_u16(r.status)
        .unwrap_or(axum::http::StatusCode::INTERNAL_SERVER_ERROR);
    match r.pgn_name {
        Some(name) => (
            status,
            [
                (header::CONTENT_TYPE, "application/x-chess-pgn; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
            ],
            r.body,
        )
            .into_response(),
        None => (status, [(header::CONTENT_TYPE, "application/json")], r.body).into_response(),
    }
}

/// `GET /api/games/{id}/events`: server-sent events (engine output, moves).
async fn events(State(app): State<App>, Path(id): Path<String>) -> Response {
    let rx = match id
        .parse::<u64>()
        .map_err(|_| -> Fail { (404, format!("`{id}` is not a game id")) })
        .and_then(|id| app.subscribe(id))
    {
        Ok(rx) => rx,
        Err(f) => return fail(f),
    };
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(text) => {
                    return Some((
                        Ok::<_, std::convert::Infallible>(SseEvent::default().data(text)),
                        rx,
                    ))
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// Runs the server until the process is stopped: prints the URL, opens the browser.
pub fn run(cfg: &GuiConfig, out: &mut dyn std::io::Write) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server runtime: {e}"))?;
    // The table first: a size the system refuses is an error before any URL is printed.
    let store = Store::new(cfg.threads, cfg.hash_mb)?;
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind((cfg.host.as_str(), cfg.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", cfg.host, cfg.port))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        let host =
            if addr.ip().is_ipv6() { format!("[{}]", addr.ip()) } else { addr.ip().to_string() };
        let url = format!("http://{host}:{}/", addr.port());
        let _ = writeln!(out, "{url}");
        let _ = out.flush();
        if cfg.open {
            open_browser(&url);
        }
        let allowed = Allowed::new(&cfg.host, addr);
        serve::serve(listener, router(Arc::new(store), allowed)).await;
        Ok(())
    })
}

/// Opens `url` with the desktop's opener (`start` on Windows, `open` on macOS, `xdg-open`
/// elsewhere); a failure is harmless (the URL is printed).
fn open_browser(url: &str) {
    let mut command = if cfg!(windows) {
        // `start`'s first quoted argument is a window title, hence the empty one.
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else {
        std::process::Command::new("xdg-open")
    };
    let _ = command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
