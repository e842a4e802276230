//! Maps over HTTP (docs/protocol.md, "Maps"): the map check an editor calls after every
//! change, and maps saved under a name, each owned by whoever saved the name first (an edit
//! token, as seats have).

use crate::App;
use crate::db::maps::Saved;
use crate::http::{ApiError, check_json_content_type, json_response, read_object};
use crate::listener::ClientAddress;
use crate::token;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use rand_core::SeedableRng;
use serde_json::{Value, json};
use settlers_bots::BotRng;
use settlers_core::map::{Layout, LayoutOptions, MapFile, MapProblem, MapTemplate, builtin};
use std::sync::Arc;
use std::time::Instant;

/// The largest map body: the largest built-in map is under 10 KiB, and a map of the most
/// hexes, corners and edges the engine takes fits many times over.
pub const MAX_MAP_BODY: usize = 256 * 1024;
/// The longest name of a saved map, in characters.
pub const MAX_MAP_NAME: usize = 40;
/// How many maps one server keeps: a new name beyond is refused (replacing one's own map
/// still works).
pub const MOST_SAVED_MAPS: u64 = 10_000;
/// How many maps the list gives, the most recently saved first.
pub const MAPS_LISTED: i64 = 200;
/// The longest title a list shows, in characters (the map keeps its whole `name`).
pub const MAX_LISTED_TITLE: usize = 80;

type Answer = Result<Response, ApiError>;

pub fn router() -> Router<Arc<App>> {
    Router::new()
        .route("/maps", get(list))
        .route("/maps/check", post(check))
        .route("/maps/{name}", get(fetch).put(save))
        .route("/built-in-maps", get(built_in_list))
        .route("/built-in-maps/{id}", get(built_in))
        .layer(DefaultBodyLimit::max(MAX_MAP_BODY))
}

/// A saved map's name from the path: lowercase letters, digits and hyphens, never a hyphen
/// first or last, at most [`MAX_MAP_NAME`]. Nothing else can reach the database: no path,
/// no dot, no space, no quote.
struct MapName(String);

pub(crate) fn check_map_name(name: &str) -> Result<(), String> {
    let shown: String = name.chars().take(MAX_MAP_NAME).collect();
    let words_only = name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if name.is_empty()
        || name.chars().count() > MAX_MAP_NAME
        || !words_only
        || name.starts_with('-')
        || name.ends_with('-')
    {
        return Err(format!(
            "a map's name is 1 to {MAX_MAP_NAME} lowercase letters, digits and hyphens between \
             them (`two-isles`), not {shown:?}"
        ));
    }
    Ok(())
}

impl<S: Send + Sync> FromRequestParts<S> for MapName {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<MapName, ApiError> {
        let axum::extract::Path(name) =
            axum::extract::Path::<String>::from_request_parts(parts, state)
                .await
                .map_err(|e| {
                    ApiError::bad(format!("the map's name in the path: {}", e.body_text()))
                })?;
        check_map_name(&name).map_err(ApiError::bad)?;
        Ok(MapName(name))
    }
}

/// A problem as the protocol writes it: `{"at", "message", "warning", "places"}`.
fn problem_json(p: &MapProblem) -> Value {
    json!({
        "at": p.at,
        "message": p.message,
        "warning": p.warning,
        "places": p.places,
    })
}

/// What `settlers maps validate` finds: the map check, then a layout (the variable one,
/// from seed 1), which finds what only laying out can (pools that cannot keep the 6s and 8s
/// apart, say). Every problem, warnings included, and whether the map can be played.
pub fn check_map(file: &MapFile) -> (bool, Vec<MapProblem>) {
    match MapTemplate::check(file) {
        Err(errors) => (false, errors.0),
        Ok(template) => {
            let options = LayoutOptions {
                layout: Layout::Variable,
                ..LayoutOptions::default()
            };
            let mut problems = template.warnings.clone();
            match template.realise(&options, &mut BotRng::seed_from_u64(1)) {
                Ok(_) => (true, problems),
                Err(errors) => {
                    problems.extend(errors.0);
                    (false, problems)
                }
            }
        }
    }
}

/// The body read as a map file: `Err` with the words when it is JSON but no map file.
fn read_map(value: Value) -> Result<MapFile, String> {
    crate::strict::read::<MapFile>(value, "map")
}

fn body_of(body: Result<Bytes, BytesRejection>, what: &str) -> Result<Bytes, ApiError> {
    body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("{what}: the body is larger than {MAX_MAP_BODY} bytes"),
            )
        } else {
            ApiError::new(e.status(), format!("{what}: {}", e.body_text()))
        }
    })
}

/// `POST /api/maps/check`: the body is a map file; the answer lists every problem with its
/// place, and says whether the map can be played.
async fn check(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    check_json_content_type(&headers)?;
    let body = body_of(body, "the map")?;
    let answer = app
        .heavy
        .run(move || {
            let object = read_object(&body)?;
            let (valid, problems) = match read_map(Value::Object(object)) {
                Ok(file) => check_map(&file),
                // JSON of another shape: one problem, at the field serde names.
                Err(words) => (false, vec![MapProblem::new("map", words, false)]),
            };
            Ok::<_, ApiError>(json!({
                "valid": valid,
                "problems": problems.iter().map(problem_json).collect::<Vec<_>>(),
            }))
        })
        .await??;
    Ok(json_response(StatusCode::OK, answer))
}

/// `GET /api/built-in-maps`: the maps the scenarios are played on, as an editor opens them.
async fn built_in_list() -> Answer {
    let maps: Vec<Value> = builtin::MAPS
        .iter()
        .filter_map(|(id, text)| {
            let file = MapFile::from_json(text).ok()?;
            Some(json!({ "id": id, "title": file.name, "players": file.players }))
        })
        .collect();
    Ok(json_response(StatusCode::OK, json!({ "maps": maps })))
}

/// `GET /api/built-in-maps/{id}`: a built-in map file, as written (its pools and layout
/// fields too).
async fn built_in(axum::extract::Path(id): axum::extract::Path<String>) -> Answer {
    let text = builtin::text(&id).ok_or_else(|| {
        let shown: String = id.chars().take(MAX_MAP_NAME).collect();
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("there is no built-in map {shown:?}"),
        )
    })?;
    let map: Value = serde_json::from_str(text).map_err(ApiError::internal)?;
    Ok(json_response(
        StatusCode::OK,
        json!({ "id": id, "map": map }),
    ))
}

/// `GET /api/maps`: the saved maps, the most recently saved first.
async fn list(State(app): State<Arc<App>>) -> Answer {
    let maps = app
        .db
        .saved_maps(MAPS_LISTED)
        .await
        .map_err(ApiError::internal)?;
    let maps: Vec<Value> = maps
        .iter()
        .map(|m| {
            json!({
                "name": m.name,
                "title": m.title,
                "players": serde_json::from_str::<Value>(&m.players).unwrap_or(json!([])),
                "saved": m.updated,
            })
        })
        .collect();
    Ok(json_response(StatusCode::OK, json!({ "maps": maps })))
}

/// `GET /api/maps/{name}`: the saved map itself.
async fn fetch(State(app): State<Arc<App>>, MapName(name): MapName) -> Answer {
    let saved = app
        .db
        .saved_map(&name)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| no_map(&name))?;
    let map: Value = serde_json::from_str(&saved.map).map_err(ApiError::internal)?;
    Ok(json_response(
        StatusCode::OK,
        json!({ "name": saved.name, "map": map }),
    ))
}

fn no_map(name: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("there is no saved map `{name}`"),
    )
}

/// A save's body: `{"map": MAP, "token": "..."}`, the token left out on a first save.
struct SaveRequest {
    map: MapFile,
    token: Option<String>,
}

fn read_save(body: &[u8], name: &str) -> Result<SaveRequest, ApiError> {
    let not_saved =
        |words: String| ApiError::bad(format!("the map `{name}` is not saved: {words}"));
    let mut object = read_object(body)?;
    if let Some(unknown) = object
        .keys()
        .find(|k| !["map", "token"].contains(&k.as_str()))
    {
        return Err(not_saved(format!(
            "`{unknown}` is not a field of a save (map, token)"
        )));
    }
    let token = match object.remove("token") {
        None | Some(Value::Null) => None,
        Some(Value::String(t)) => Some(t),
        Some(other) => {
            return Err(not_saved(format!(
                "`token` is text, not {}",
                crate::protocol::json_kind(&other)
            )));
        }
    };
    let map = match object.remove("map") {
        None => return Err(not_saved("the body holds no `map`".into())),
        Some(map) => read_map(map).map_err(not_saved)?,
    };
    Ok(SaveRequest { map, token })
}

/// `PUT /api/maps/{name}`: saves a map that passes the check. A free name is the saver's
/// from then on: the answer holds the edit token (shown once; only its hash is stored).
/// A taken name is replaced only with that token.
async fn save(
    State(app): State<Arc<App>>,
    MapName(name): MapName,
    client: Option<axum::Extension<ClientAddress>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    check_json_content_type(&headers)?;
    let body = body_of(body, &format!("the map `{name}` is not saved"))?;
    if !app.map_saves.allow(client.map(|c| c.0.0), Instant::now()) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the map `{name}` is not saved: at most {} saves a minute from one address: try again in a minute",
                app.config.limits.games_per_client_per_minute
            ),
        ));
    }
    let checked_name = name.clone();
    let (request, valid, problems) = app
        .heavy
        .run(move || {
            let request = read_save(&body, &checked_name)?;
            let (valid, problems) = check_map(&request.map);
            Ok::<_, ApiError>((request, valid, problems))
        })
        .await??;
    if !valid {
        let errors: Vec<&MapProblem> = problems.iter().filter(|p| !p.warning).collect();
        let words: Vec<String> = errors.iter().map(|p| p.to_string()).collect();
        return Ok(json_response(
            StatusCode::BAD_REQUEST,
            json!({
                "error": format!(
                    "the map `{name}` is not saved: it cannot be played: {}",
                    words.join("; ")
                ),
                "problems": problems.iter().map(problem_json).collect::<Vec<_>>(),
            }),
        ));
    }
    let text = serde_json::to_string(&request.map).map_err(ApiError::internal)?;
    let title = if request.map.name.trim().is_empty() {
        &request.map.id
    } else {
        &request.map.name
    };
    let title: String = title.trim().chars().take(MAX_LISTED_TITLE).collect();
    let players = serde_json::to_string(&request.map.players).map_err(ApiError::internal)?;
    let existing = app.db.saved_map(&name).await.map_err(ApiError::internal)?;
    let taken = || {
        ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "the map `{name}` belongs to whoever saved it first: send its edit token, or \
                 save under another name"
            ),
        )
    };
    match existing {
        Some(saved) => {
            let token = request.token.as_deref().ok_or_else(taken)?;
            if !token::matches(token, &saved.token_hash) {
                return Err(taken());
            }
            let replaced = app
                .db
                .replace_map(&name, &text, &saved.token_hash, &title, &players)
                .await
                .map_err(ApiError::internal)?;
            if !replaced {
                return Err(taken());
            }
            Ok(json_response(
                StatusCode::OK,
                json!({ "name": name, "saved": true }),
            ))
        }
        None => {
            if request.token.is_some() {
                return Err(no_map(&name));
            }
            let held = app.db.saved_map_count().await.map_err(ApiError::internal)?;
            if held >= MOST_SAVED_MAPS {
                return Err(ApiError::new(
                    StatusCode::INSUFFICIENT_STORAGE,
                    format!(
                        "the map `{name}` is not saved: this server keeps {MOST_SAVED_MAPS} maps, its most"
                    ),
                ));
            }
            let edit_token = token::new_token().map_err(ApiError::internal)?;
            match app
                .db
                .save_new_map(&name, &text, &token::hash(&edit_token), &title, &players)
                .await
                .map_err(ApiError::internal)?
            {
                Saved::New => Ok(json_response(
                    StatusCode::CREATED,
                    json!({ "name": name, "saved": true, "token": edit_token }),
                )),
                Saved::Taken => Err(taken()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_name_is_words_and_hyphens_of_bounded_length() {
        for good in ["two-isles", "a", "map-2", &"x".repeat(MAX_MAP_NAME)] {
            assert!(check_map_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "-lead",
            "trail-",
            "Two",
            "two isles",
            "../games",
            "a/b",
            "a.json",
            "é",
            "x'; DROP TABLE maps; --",
            &"x".repeat(MAX_MAP_NAME + 1),
        ] {
            let words = check_map_name(bad).expect_err(bad);
            assert!(words.contains("lowercase letters"), "{words}");
        }
    }
}
