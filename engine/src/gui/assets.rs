//! The page's files, embedded in the binary: `engine/assets/gui/` (HTML, CSS, JavaScript), the
//! piece drawings of `engine/assets/pieces/` (listed by its manifest, `crate::pieces`) and the
//! variants' rule texts of `docs/variants/`.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use movegen::rules::VariantId;
use serde_json::Value;
use std::sync::LazyLock;

use crate::pieces::{self, PieceRow};

/// The embedded manifest's rows (`crate::pieces`), parsed once.
static ROWS: LazyLock<Vec<PieceRow<'static>>> = LazyLock::new(pieces::rows);

/// Every row of the pieces manifest.
pub fn rows() -> &'static [PieceRow<'static>] {
    &ROWS
}

const INDEX: &str = include_str!("../../assets/gui/index.html");
const APP_JS: &str = include_str!("../../assets/gui/app.js");
const EXTRAS_JS: &str = include_str!("../../assets/gui/extras.js");
const FEATURES_JS: &str = include_str!("../../assets/gui/features.js");
const STYLE: &str = include_str!("../../assets/gui/style.css");
const BACKEND_JS: &str = include_str!("../../assets/gui/backend.js");
const MANIFEST: &str = include_str!("../../assets/gui/manifest.webmanifest");
const ICON: &str = include_str!("../../assets/gui/icon.svg");

fn text(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// `GET /`.
pub async fn index() -> Response {
    text("text/html; charset=utf-8", INDEX)
}

/// `GET /app.js`.
pub async fn app_js() -> Response {
    text("text/javascript; charset=utf-8", APP_JS)
}

/// `GET /extras.js` (loaded before `app.js`).
pub async fn extras_js() -> Response {
    text("text/javascript; charset=utf-8", EXTRAS_JS)
}

/// `GET /backend.js` (loaded first: where the page's API is answered).
pub async fn backend_js() -> Response {
    text("text/javascript; charset=utf-8", BACKEND_JS)
}

/// `GET /manifest.webmanifest` (the page as an installable web app).
pub async fn manifest() -> Response {
    text("application/manifest+json", MANIFEST)
}

/// `GET /icon.svg`.
pub async fn icon() -> Response {
    text("image/svg+xml", ICON)
}

/// `GET /features.js` (loaded after `extras.js`, before `app.js`).
pub async fn features_js() -> Response {
    text("text/javascript; charset=utf-8", FEATURES_JS)
}

/// `GET /style.css`.
pub async fn style_css() -> Response {
    text("text/css; charset=utf-8", STYLE)
}

/// `GET /pieces/{file}`: a drawing of the manifest (files are named by the manifest's own
/// paths with `/` written as `~`).
pub async fn piece(Path(file): Path<String>) -> Response {
    let name = file.replace('~', "/");
    match pieces::svg(&name) {
        Some(svg) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
        None => super::guard::fail((404, format!("no piece drawing `{name}`"))),
    }
}

/// The rule texts shipped with the page, by the file name the variant table links
/// (`rules/<file>`, `board::table::rules_url`): the engine's account of each variant's rules,
/// `docs/variants/`.
pub const RULES: [(&str, &str); 6] = [
    ("chess.md", include_str!("../../../docs/variants/chess.md")),
    ("eightpiece.md", include_str!("../../../docs/variants/eightpiece.md")),
    ("pieceeater.md", include_str!("../../../docs/variants/pieceeater.md")),
    ("magician.md", include_str!("../../../docs/variants/magician.md")),
    ("tamerspiel.md", include_str!("../../../docs/variants/tamerspiel.md")),
    ("jumpingknights.md", include_str!("../../../docs/variants/jumpingknights.md")),
];

/// `GET /rules/{file}`: a variant's rule text (Markdown, served as plain text so that every
/// browser shows it).
pub async fn rules(Path(file): Path<String>) -> Response {
    match RULES.iter().find(|(name, _)| *name == file) {
        Some((_, body)) => text("text/plain; charset=utf-8", body),
        None => super::guard::fail((404, format!("no rule text `{file}`"))),
    }
}

/// Piece token -> URL of its drawing, for every drawing of the manifest that serves `v` (the
/// variant table's `images`).
pub fn images(v: VariantId) -> Value {
    board::pieces::images(rows(), v)
}
