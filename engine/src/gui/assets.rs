//! The page's files, embedded in the binary: `engine/assets/gui/` (HTML, CSS, JavaScript) and
//! the piece drawings of `engine/assets/pieces/` (listed by its manifest, `crate::pieces`).

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use movegen::rules::VariantId;
use serde_json::{json, Value};
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

/// The drawing of `token` in variant `v`: the variant's own row, else its family's row (an
/// `eightpiece-random` token, an `eightpiece` drawing), else the row of the first variant of the
/// table (orthodox chess) for a piece of the same name (an orthodox piece); `None`: the page
/// draws its placeholder.
pub fn drawing(v: VariantId, token: &str) -> Option<&'static PieceRow<'static>> {
    let find = |w: VariantId| rows().iter().find(|p| p.variant == w.name() && p.fen == token);
    find(v).or_else(|| find(v.family())).or_else(|| {
        let letter = token.chars().next()?;
        let orthodox = VariantId::DEFAULT;
        let same = v.info().piece(letter)?.name == orthodox.info().piece(letter)?.name;
        same.then(|| find(orthodox)).flatten()
    })
}

/// Piece token -> URL of its drawing, for every drawing of the manifest that serves `v` (the
/// variant table's `images`).
pub fn images(v: VariantId) -> Value {
    let mut m = serde_json::Map::new();
    for p in rows() {
        if let Some(d) = drawing(v, p.fen) {
            m.insert(p.fen.to_string(), json!(url(d)));
        }
    }
    Value::Object(m)
}

/// The URL of a drawing.
pub fn url(p: &PieceRow<'_>) -> String {
    format!("/pieces/{}", p.file.replace('/', "~"))
}
