//! What the host watches (docs/hosting.md): `GET /api/health` for a service manager or a
//! proxy's health check, `GET /metrics` for Prometheus.

use crate::App;
use crate::metrics::{Gauges, render};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// How long the health check waits for the database: a check that hangs tells nobody
/// anything.
const HEALTH_PATIENCE: Duration = Duration::from_secs(5);

/// The server's version (the workspace's).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `200 {"status": "ok", "version", "database"}` when the database answers a query on the
/// games' table; `503` with the reason when it does not.
pub(crate) async fn health(State(app): State<Arc<App>>) -> Response {
    let database = app.db.kind();
    let checked = tokio::time::timeout(HEALTH_PATIENCE, app.db.health()).await;
    let problem = match checked {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(e.to_string()),
        Err(_) => Some(format!(
            "the database did not answer within {} s",
            HEALTH_PATIENCE.as_secs()
        )),
    };
    match problem {
        None => (
            StatusCode::OK,
            axum::Json(json!({"status": "ok", "version": VERSION, "database": database})),
        )
            .into_response(),
        Some(problem) => {
            tracing::error!(%problem, "health check failed");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                axum::Json(json!({
                    "status": "unavailable",
                    "version": VERSION,
                    "database": database,
                    "error": problem,
                })),
            )
                .into_response()
        }
    }
}

pub(crate) async fn metrics(State(app): State<Arc<App>>) -> Response {
    let gauges = Gauges {
        games_in_play: app.registry.games_in_play(),
        connections_open: app.connections.open(),
    };
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        render(app.registry.metrics(), &gauges),
    )
        .into_response()
}
