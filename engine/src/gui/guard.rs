//! Who may talk to the server, and errors as JSON. The board listens on this machine's own
//! address, but any web page the user visits could send requests to it: a page of another site
//! (a cross-site `POST`), or a site whose name it points at 127.0.0.1 (DNS rebinding, which
//! makes the browser treat the server as that site). So every request must name the server by
//! an address it serves (one `Host` header, which an absolute-form target must agree with),
//! a request sent by a page must come from the server's own page
//! (`Origin`), and a request that changes anything must carry JSON (a cross-site page can send
//! `text/plain` and form bodies without asking, but not `application/json`). `docs/gui.md`,
//! "Security".

use axum::extract::{Request, State};
use axum::http::uri::{Authority, Uri};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use board::api::Fail;
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The addresses the server answers to: `127.0.0.1`, `localhost`, `[::1]`, the `--host` value
/// and the bound address, each with the bound port; with an unspecified bind address
/// (`0.0.0.0`, `::`) also every IP address (a name that is not `localhost` never: that is what
/// DNS rebinding sends).
#[derive(Clone, Debug)]
pub struct Allowed {
    hosts: Vec<String>,
    port: u16,
    any_ip: bool,
}

/// A host as it appears in a `Host` header: IPv6 addresses in brackets, names in lower case.
fn host_form(host: &str) -> String {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    match bare.parse::<IpAddr>() {
        Ok(IpAddr::V6(a)) => format!("[{a}]"),
        Ok(IpAddr::V4(a)) => a.to_string(),
        Err(_) => host.to_ascii_lowercase(),
    }
}

impl Allowed {
    /// The addresses of a server started with `--host bind_host` and listening on `addr`.
    pub fn new(bind_host: &str, addr: SocketAddr) -> Allowed {
        let mut hosts: Vec<String> =
            ["127.0.0.1", "localhost", "[::1]", bind_host].iter().map(|h| host_form(h)).collect();
        hosts.push(host_form(&addr.ip().to_string()));
        hosts.dedup();
        Allowed { hosts, port: addr.port(), any_ip: addr.ip().is_unspecified() }
    }

    /// Whether `a` names this server (its port defaults to 80, as in a URL without one).
    fn serves(&self, a: &Authority) -> bool {
        if a.as_str().contains('@') {
            return false;
        }
        let host = host_form(a.host());
        let ip = host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok();
        a.port_u16().unwrap_or(80) == self.port
            && (self.hosts.contains(&host) || (self.any_ip && ip))
    }

    /// The host a request names: its one `Host` header, which the target of an absolute-form
    /// request (`GET http://host:port/path`) must agree with and be served by this server.
    /// RFC 9112 §3.2 makes a request without exactly one valid `Host` a bad request (400). For
    /// an absolute-form target §3.2.2 says to use the target's host instead of `Host`; this
    /// server refuses a disagreement between the two (400) rather than pick one, so no code that
    /// reads the other can be misled. Browsers send neither form.
    fn named_host(&self, uri: &Uri, headers: &HeaderMap) -> Result<Authority, Fail> {
        let mut hosts = headers.get_all(header::HOST).iter();
        let host = match (hosts.next(), hosts.next()) {
            (None, _) => return Err((400, "the request has no Host header".into())),
            (Some(_), Some(_)) => {
                return Err((400, "the request has more than one Host header".into()))
            }
            (Some(h), None) => h.to_str().ok().and_then(|h| h.parse::<Authority>().ok()),
        };
        let Some(host) = host else {
            return Err((400, "the Host header is not a valid host".into()));
        };
        let Some(target) = uri.authority() else { return Ok(host) };
        if uri.scheme_str() != Some("http") {
            return Err((400, "the request target must be a path or an http:// URL".into()));
        }
        if !self.serves(target) {
            return Err((400, format!("this server does not serve the request target `{uri}`")));
        }
        let port = |a: &Authority| a.port_u16().unwrap_or(80);
        if host_form(host.host()) != host_form(target.host()) || port(&host) != port(target) {
            return Err((
                400,
                format!("the Host header `{host}` and the request target `{uri}` disagree"),
            ));
        }
        Ok(host)
    }

    /// Refuses a request that does not name this server, comes from another origin, or
    /// changes something without a JSON body: `(status, message)`.
    pub fn check(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<(), Fail> {
        let host = self.named_host(uri, headers)?;
        if !self.serves(&host) {
            return Err((403, format!("this server does not answer to the host `{host}`")));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let uri = origin.to_str().ok().and_then(|o| o.parse::<Uri>().ok());
            let same = uri.as_ref().is_some_and(|u| {
                u.scheme_str() == Some("http") && u.authority().is_some_and(|a| self.serves(a))
            });
            if !same {
                let o = String::from_utf8_lossy(origin.as_bytes());
                return Err((403, format!("requests from the origin `{o}` are refused")));
            }
        }
        if method != Method::GET && method != Method::HEAD {
            let essence = headers
                .get(header::CONTENT_TYPE)
                .and_then(|c| c.to_str().ok())
                .and_then(|c| c.split(';').next())
                .map(|c| c.trim().to_ascii_lowercase());
            if essence.as_deref() != Some("application/json") {
                return Err((
                    415,
                    "a request that changes something must be sent as Content-Type: \
                     application/json"
                        .into(),
                ));
            }
        }
        Ok(())
    }
}

/// An error answer: status and `{"error": message}`.
pub fn fail((code, msg): Fail) -> Response {
    let status = StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST);
    (status, Json(json!({ "error": msg }))).into_response()
}

/// The middleware of [`Allowed::check`]. Every answer also forbids other sites to frame the
/// page (`frame-ancestors 'self'`, and `X-Frame-Options` for older browsers): a page that framed
/// it could have the user's clicks play moves and start searches on this server.
pub async fn guard(State(allowed): State<Arc<Allowed>>, req: Request, next: Next) -> Response {
    let mut res = match allowed.check(req.method(), req.uri(), req.headers()) {
        Ok(()) => next.run(req).await,
        Err(f) => fail(f),
    };
    let h = res.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("frame-ancestors 'self'"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN"));
    res
}

/// Every error answer as `{"error": …}` (the framework's own refusals, such as an oversized
/// body or a method a route lacks, come as plain text).
pub async fn json_errors(req: Request, next: Next) -> Response {
    let res = next.run(req).await;
    let status = res.status();
    let json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|c| c.to_str().ok())
        .is_some_and(|c| c.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || json {
        return res;
    }
    let (parts, body) = res.into_parts();
    let bytes = axum::body::to_bytes(body, 64 * 1024).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes).trim().to_string();
    let msg = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "the request body is over the 2 MB limit".to_string(),
        _ if !text.is_empty() => text,
        _ => status.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    let mut out = fail((status.as_u16(), msg));
    if let Some(allow) = parts.headers.get(header::ALLOW) {
        out.headers_mut().insert(header::ALLOW, allow.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed(host: &str, port: u16) -> Allowed {
        let ip = host.trim_start_matches('[').trim_end_matches(']');
        let ip: IpAddr = ip.parse().unwrap_or(IpAddr::from([127, 0, 0, 1]));
        Allowed::new(host, SocketAddr::new(ip, port))
    }

    fn check_at(a: &Allowed, method: Method, uri: &str, hdrs: &[(&str, &str)]) -> Result<(), u16> {
        let mut h = HeaderMap::new();
        for (k, v) in hdrs {
            h.append(
                header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        a.check(&method, &uri.parse::<Uri>().unwrap(), &h).map_err(|(c, _)| c)
    }

    fn check(a: &Allowed, method: Method, hdrs: &[(&str, &str)]) -> Result<(), u16> {
        check_at(a, method, "/api/games", hdrs)
    }

    #[test]
    fn hosts_origins_and_content_types() {
        let a = allowed("127.0.0.1", 8123);
        let json = ("content-type", "application/json; charset=utf-8");
        for host in ["127.0.0.1:8123", "localhost:8123", "LOCALHOST:8123", "[::1]:8123"] {
            assert_eq!(check(&a, Method::GET, &[("host", host)]), Ok(()), "{host}");
        }
        for host in [
            "evil.example.com:8123",
            "127.0.0.1:8124",
            "127.0.0.1",
            "localhost.evil.com:8123",
            "user@127.0.0.1:8123",
            "10.0.0.1:8123",
        ] {
            assert_eq!(check(&a, Method::GET, &[("host", host)]), Err(403), "{host}");
        }
        assert_eq!(check(&a, Method::GET, &[]), Err(400), "no Host");
        assert_eq!(check(&a, Method::GET, &[("host", "")]), Err(400), "empty Host");
        let host = ("host", "127.0.0.1:8123");
        assert_eq!(
            check(&a, Method::POST, &[host, json, ("origin", "http://localhost:8123")]),
            Ok(())
        );
        for origin in
            ["http://evil.example.com", "null", "https://127.0.0.1:8123", "http://127.0.0.1:9"]
        {
            assert_eq!(
                check(&a, Method::POST, &[host, json, ("origin", origin)]),
                Err(403),
                "{origin}"
            );
        }
        assert_eq!(check(&a, Method::POST, &[host, ("content-type", "text/plain")]), Err(415));
        assert_eq!(check(&a, Method::POST, &[host]), Err(415));
        assert_eq!(check(&a, Method::POST, &[host, json]), Ok(()));
        // Bound to every interface: any IP address, never a foreign name.
        let any = allowed("0.0.0.0", 80);
        assert_eq!(check(&any, Method::GET, &[("host", "192.168.1.20")]), Ok(()));
        assert_eq!(check(&any, Method::GET, &[("host", "[fe80::1]:80")]), Ok(()));
        assert_eq!(check(&any, Method::GET, &[("host", "rebind.example")]), Err(403));
        // A name given as --host.
        let named = Allowed::new("MyBox.local", SocketAddr::from(([192, 168, 1, 5], 9000)));
        assert_eq!(check(&named, Method::GET, &[("host", "mybox.local:9000")]), Ok(()));
        assert_eq!(check(&named, Method::GET, &[("host", "192.168.1.5:9000")]), Ok(()));
    }

    #[test]
    fn one_host_that_an_absolute_target_agrees_with() {
        let a = allowed("127.0.0.1", 8123);
        let own = ("host", "127.0.0.1:8123");
        let get = |uri: &str, hdrs: &[(&str, &str)]| check_at(&a, Method::GET, uri, hdrs);
        // RFC 9112 §3.2: exactly one Host, whichever of two is the good one.
        assert_eq!(get("/", &[own, own]), Err(400));
        assert_eq!(get("/", &[own, ("host", "evil.example:8123")]), Err(400));
        assert_eq!(get("/", &[("host", "evil.example:8123"), own]), Err(400));
        // An absolute-form target: this server's, agreeing with Host, or a bad request.
        assert_eq!(get("http://127.0.0.1:8123/api/games", &[own]), Ok(()));
        assert_eq!(get("http://evil.example:8123/", &[own]), Err(400));
        assert_eq!(get("http://evil.example:8123/", &[("host", "evil.example:8123")]), Err(400));
        assert_eq!(get("http://localhost:8123/", &[own]), Err(400));
        assert_eq!(get("http://127.0.0.1/", &[own]), Err(400));
        assert_eq!(get("http://user@127.0.0.1:8123/", &[own]), Err(400));
        assert_eq!(get("https://127.0.0.1:8123/", &[own]), Err(400));
        assert_eq!(get("http://127.0.0.1:8123/", &[]), Err(400));
        // A foreign Host with a path target stays the DNS rebinding refusal.
        assert_eq!(get("/", &[("host", "evil.example:8123")]), Err(403));
    }
}
