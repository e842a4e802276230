//! The web page: the files of `web/dist`, from a folder (`--web DIR`) or carried inside the
//! binary (the `settlers` crate's build embeds them), or, when there is none, a page that
//! says how to build it. A single-page app: a game's address, and any path that is not a
//! file, answer `index.html`, which reads the address itself.

use crate::App;
use axum::Router;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, get_service};
use std::path::Path;
use std::sync::Arc;
use tower_http::services::{ServeDir, ServeFile};

/// A built page's files by path (`index.html`, `assets/index-3f2a.js`), as embedded.
pub type PageFiles = &'static [(&'static str, &'static [u8])];

/// The page carried inside the binary.
#[derive(Clone, Copy)]
pub struct EmbeddedPage(pub PageFiles);

impl std::fmt::Debug for EmbeddedPage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EmbeddedPage({} files)", self.0.len())
    }
}

/// Where the page comes from: a folder wins over the files embedded.
pub(crate) fn router(web_dir: Option<&Path>, embedded: Option<EmbeddedPage>) -> Router<Arc<App>> {
    match (web_dir, embedded.map(|e| e.0)) {
        (Some(dir), _) if dir.join("index.html").is_file() => {
            let index = dir.join("index.html");
            Router::new()
                .route("/game/{id}", get_service(ServeFile::new(&index)))
                .fallback_service(ServeDir::new(dir).fallback(ServeFile::new(&index)))
        }
        (Some(dir), _) => {
            tracing::warn!(
                "{} has no index.html: the web page is not built (make play builds it)",
                dir.display()
            );
            not_built()
        }
        (None, Some(files)) if find(files, "index.html").is_some() => {
            Router::new().fallback(move |method: Method, uri: Uri| async move {
                embedded_file(files, &method, &uri)
            })
        }
        (None, _) => {
            tracing::warn!(
                "this binary was built without the web page (web/dist was not there): \
                 serving the API alone; pass --web DIR or build with make release"
            );
            not_built()
        }
    }
}

fn not_built() -> Router<Arc<App>> {
    Router::new()
        .route("/", get(no_page))
        .route("/game/{id}", get(no_page))
}

async fn no_page() -> Html<&'static str> {
    Html(
        "<!doctype html><title>Settlers</title><h1>Settlers</h1>\
         <p>The web page is not built. Run <code>make play</code> or \
         <code>make release</code>, which build it into the binary (they need npm), or pass \
         <code>--web DIR</code> with the built page.</p>\
         <p>The API is at <code>/api/</code> (docs/protocol.md).</p>",
    )
}

fn find(files: PageFiles, path: &str) -> Option<&'static [u8]> {
    files
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, bytes)| *bytes)
}

/// One embedded file, or `index.html` for a path that is none.
fn embedded_file(files: PageFiles, method: &Method, uri: &Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, "the page is read with GET").into_response();
    }
    let path = uri.path().trim_start_matches('/');
    let (path, bytes) = match find(files, path) {
        Some(bytes) if !path.is_empty() => (path, bytes),
        _ => (
            "index.html",
            find(files, "index.html").expect("checked when the router was made"),
        ),
    };
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    // Vite names every asset by its content: it never changes under that name. The page
    // itself is asked again each time, so a new build is seen at once.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut response = if method == Method::HEAD {
        ().into_response()
    } else {
        bytes.into_response()
    };
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.essence_str()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: PageFiles = &[("index.html", b"<p>page</p>"), ("assets/app-1.js", b"go()")];

    fn get(path: &str) -> Response {
        embedded_file(FILES, &Method::GET, &path.parse().unwrap())
    }

    #[test]
    fn embedded_files_are_served_and_other_paths_are_the_page() {
        let js = get("/assets/app-1.js");
        assert_eq!(js.status(), StatusCode::OK);
        assert_eq!(js.headers()[header::CONTENT_TYPE], "text/javascript");
        assert!(
            js.headers()[header::CACHE_CONTROL]
                .to_str()
                .unwrap()
                .contains("immutable")
        );
        for path in ["/", "/game/abc?seat=0&token=x", "/nothing-here"] {
            let page = get(path);
            assert_eq!(page.headers()[header::CONTENT_TYPE], "text/html", "{path}");
            assert_eq!(page.headers()[header::CACHE_CONTROL], "no-cache", "{path}");
        }
        let post = embedded_file(FILES, &Method::POST, &"/".parse().unwrap());
        assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
}
