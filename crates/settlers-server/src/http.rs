//! The HTTP side of docs/protocol.md: the lobby, game creation, summaries, records, the
//! WebSocket upgrade, and the web page's files.

use crate::App;
use crate::db::{FinishedGame, now};
use crate::game::{GameHandle, GameInfo, SeatKind, StoredSeat};
use crate::token;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, get_service};
use rand_core::SeedableRng;
use serde::Deserialize;
use serde_json::{Value, json};
use settlers_bots::BotRng;
use settlers_core::map::{Layout, LayoutOptions, MapFile, MapTemplate};
use settlers_core::record::{Record, RecordResult, SeatInfo};
use settlers_core::ruleset::SpecialVp;
use settlers_core::scenario::{MapSource, SCENARIOS, setup_on_map};
use settlers_core::{Game, GameOptions, Scenario, Seat, TournamentMode};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use tower_http::services::{ServeDir, ServeFile};

/// The largest request body: a map file of one's own fits many times over.
const MAX_BODY: usize = 1 << 20;
/// The longest player name, in characters.
const MAX_NAME: usize = 40;
/// How many finished games the lobby lists.
const FINISHED_LISTED: i64 = 100;

/// An HTTP error: a 4xx (or 5xx) status with `{"error": "<in words>"}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
    fn no_game(id: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, format!("there is no game `{id}`"))
    }
    fn internal(e: impl std::fmt::Display) -> ApiError {
        tracing::error!("{e}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(json!({ "error": self.message }))).into_response()
    }
}

type Answer = Result<Response, ApiError>;

pub fn router(app: Arc<App>) -> Router {
    let api = Router::new()
        .route("/scenarios", get(scenarios))
        .route("/bots", get(bots))
        .route("/games", get(lobby).post(create))
        .route("/games/{id}", get(summary))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/replay", get(replay))
        .route("/games/{id}/numbers", get(numbers))
        .route("/games/{id}/ws", get(websocket))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such API path") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this method is not allowed on this path",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY));
    let web = match &app.config.web_dir {
        Some(dir) if dir.join("index.html").is_file() => {
            let index = dir.join("index.html");
            // A single-page app: a game's address is the page, which reads the id itself.
            Router::new()
                .route("/game/{id}", get_service(ServeFile::new(&index)))
                .fallback_service(ServeDir::new(dir).fallback(ServeFile::new(&index)))
        }
        other => {
            if let Some(dir) = other {
                tracing::warn!(
                    "{} has no index.html: the web page is not built (make play builds it)",
                    dir.display()
                );
            }
            Router::new()
                .route("/", get(no_page))
                .route("/game/{id}", get(no_page))
        }
    };
    Router::new().nest("/api", api).merge(web).with_state(app)
}

async fn no_page() -> Html<&'static str> {
    Html(
        "<!doctype html><title>Settlers</title><h1>Settlers</h1>\
         <p>The web page is not built. Run <code>make play</code>, which builds it \
         (it needs npm), or pass <code>--web DIR</code> with the built page.</p>\
         <p>The API is at <code>/api/</code> (docs/protocol.md).</p>",
    )
}

fn json_response(status: StatusCode, value: Value) -> Response {
    (status, axum::Json(value)).into_response()
}

fn layout_name(layout: Layout) -> Value {
    serde_json::to_value(layout).expect("a layout serialises")
}

/// Every scenario with a map laid out for a preview, made once.
async fn scenarios() -> Response {
    static LIST: OnceLock<Value> = OnceLock::new();
    let list = LIST.get_or_init(|| {
        Value::Array(
            SCENARIOS
                .iter()
                .map(|s| {
                    let players: Vec<u8> = s.players().collect();
                    let most = players.iter().copied().max().unwrap_or(4);
                    // A fixed generator: the preview is the same on every call and for every
                    // page. The game itself lays its board out from its own seed.
                    let mut rng = BotRng::seed_from_u64(1);
                    let preview = s
                        .setup(
                            most,
                            &s.default_layout_options(),
                            Some(Seat(0)),
                            GameOptions::default(),
                            &mut rng,
                        )
                        .ok()
                        .map(|setup| {
                            let mut map = setup.board.to_map_file();
                            // Fog stacks are face down in a game; the preview shows them as
                            // a game would.
                            map.pools.clear();
                            map
                        });
                    json!({
                        "name": s.name,
                        "title": s.title,
                        "players": players,
                        "victory_points": s.victory_points,
                        "default_layout": layout_name(s.default_layout),
                        "variants": s.variants,
                        "generated": matches!(s.map, MapSource::Generated { .. }),
                        "preview": preview,
                    })
                })
                .collect(),
        )
    });
    json_response(StatusCode::OK, list.clone())
}

async fn bots() -> Response {
    json_response(StatusCode::OK, json!(settlers_bots::BOT_NAMES))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateGame {
    #[serde(default)]
    scenario: Option<String>,
    seats: Vec<SeatRequest>,
    #[serde(default)]
    options: CreateOptions,
    /// A map of one's own, in place of the scenario.
    #[serde(default)]
    map: Option<MapFile>,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum SeatRequest {
    Human {
        #[serde(default)]
        name: Option<String>,
    },
    Bot {
        bot: String,
        #[serde(default)]
        name: Option<String>,
    },
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct CreateOptions {
    victory_points: Option<u8>,
    layout: Option<Layout>,
    special_vp_value: Option<u8>,
    event_cards: bool,
    tournament: TournamentMode,
    harbormaster: bool,
    win_off_turn: bool,
    unlimited_bank: bool,
}

/// The victory targets the lobby offers.
const TARGETS: std::ops::RangeInclusive<u8> = 3..=30;

/// What a new game is refused that the engine still reads in old records: options out of
/// the lobby's range, or that change nothing in this game. Each refusal names the option.
fn check_new_game_options(options: &CreateOptions, game: &Game) -> Result<(), ApiError> {
    if let Some(target) = options.victory_points
        && !TARGETS.contains(&target)
    {
        return Err(ApiError::bad(format!(
            "`victory_points` {target}: a game is played to {} to {} points",
            TARGETS.start(),
            TARGETS.end()
        )));
    }
    if let Some(value) = options.special_vp_value {
        if value == 0 {
            return Err(ApiError::bad(
                "`special_vp_value` 0: a first settlement on another island earns at least 1",
            ));
        }
        if game.config().rules.special_vp == SpecialVp::None {
            return Err(ApiError::bad(
                "`special_vp_value`: this game awards no special victory points",
            ));
        }
    }
    if options.tournament != TournamentMode::default() && !options.event_cards {
        return Err(ApiError::bad(
            "`tournament` says what the Tournament event card does: it goes with `event_cards: true`",
        ));
    }
    Ok(())
}

fn read_json<T: serde::de::DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let body = body.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let value: Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad(format!("the body is not JSON: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::bad(format!(
            "the body is a JSON object (docs/protocol.md), not {}",
            crate::protocol::json_kind(&value)
        )));
    }
    serde_json::from_value(value).map_err(|e| ApiError::bad(format!("the body is not right: {e}")))
}

fn check_name(name: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(name) = name else { return Ok(None) };
    let name = name.trim().to_string();
    if name.chars().count() > MAX_NAME {
        return Err(ApiError::bad(format!(
            "a name has at most {MAX_NAME} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad("a name may not hold control characters"));
    }
    Ok((!name.is_empty()).then_some(name))
}

async fn create(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Answer {
    let request: CreateGame = read_json(body)?;
    let seat_count = request.seats.len();
    if !(2..=settlers_core::state::MAX_SEATS).contains(&seat_count) {
        return Err(ApiError::bad(format!(
            "{seat_count} seats: a game has 2 to {} seats",
            settlers_core::state::MAX_SEATS
        )));
    }
    let seed = match request.seed {
        Some(seed) if app.config.accept_seeds => seed,
        Some(_) => {
            return Err(ApiError::bad(
                "this server draws every game's seed itself (a known seed tells the dice)",
            ));
        }
        None => token::new_seed().map_err(ApiError::internal)?,
    };

    // The seats: names checked, bots known, a token for every person.
    let mut stored = Vec::with_capacity(seat_count);
    let mut record_seats = Vec::with_capacity(seat_count);
    let mut tokens = Vec::with_capacity(seat_count);
    for seat in request.seats {
        match seat {
            SeatRequest::Human { name } => {
                let name = check_name(name)?;
                let token = token::new_token().map_err(ApiError::internal)?;
                stored.push(StoredSeat {
                    kind: SeatKind::Human,
                    name: name.clone(),
                    bot: None,
                    token_hash: Some(token::hash(&token)),
                });
                record_seats.push(SeatInfo { name, bot: None });
                tokens.push(Some(token));
            }
            SeatRequest::Bot { bot, name } => {
                let name = check_name(name)?;
                settlers_bots::by_name(&bot).map_err(|e| ApiError::bad(e.to_string()))?;
                stored.push(StoredSeat {
                    kind: SeatKind::Bot,
                    name: name.clone(),
                    bot: Some(bot.clone()),
                    token_hash: None,
                });
                record_seats.push(SeatInfo {
                    name,
                    bot: Some(bot),
                });
                tokens.push(None);
            }
        }
    }

    // The board, laid out from the game's own seed (stream 0 of its generator).
    let options = GameOptions {
        victory_points: request.options.victory_points,
        special_vp_value: request.options.special_vp_value,
        event_cards: request.options.event_cards,
        tournament: request.options.tournament,
        harbormaster: request.options.harbormaster,
        win_off_turn: request.options.win_off_turn,
        unlimited_bank: request.options.unlimited_bank,
        ..GameOptions::default()
    };
    let mut rng = BotRng::seed_from_u64(seed);
    let seats = seat_count as u8;
    let setup = match request.map {
        Some(map) => {
            let template = MapTemplate::check(&map).map_err(|e| ApiError::bad(e.to_string()))?;
            let layout = LayoutOptions {
                layout: request.options.layout.unwrap_or(Layout::Variable),
                ..LayoutOptions::default()
            };
            setup_on_map(&template, seats, &layout, None, options, &mut rng)
        }
        None => {
            let name = request.scenario.as_deref().unwrap_or("base");
            let scenario = Scenario::by_name(name).map_err(|e| ApiError::bad(e.to_string()))?;
            let layout = LayoutOptions {
                layout: request.options.layout.unwrap_or(scenario.default_layout),
                ..LayoutOptions::default()
            };
            scenario.setup(seats, &layout, None, options, &mut rng)
        }
    }
    .map_err(|e| ApiError::bad(e.to_string()))?;
    let game = Game::new(setup.clone()).map_err(|e| ApiError::bad(e.to_string()))?;
    check_new_game_options(&request.options, &game)?;
    let record = Record::new(&setup, record_seats);

    let id = token::new_game_id().map_err(ApiError::internal)?;
    let seats_json = serde_json::to_string(&stored).expect("seats serialise");
    app.db
        .create_game(&crate::db::NewGame {
            id: &id,
            scenario: &record.scenario,
            setup: &serde_json::to_string(&record).expect("a record serialises"),
            seats: &seats_json,
            seed,
        })
        .await
        .map_err(ApiError::internal)?;
    let info = GameInfo {
        id: id.clone(),
        scenario: record.scenario.clone(),
        created: now(),
        seats: stored,
    };
    let seats: Vec<Value> = info
        .seats
        .iter()
        .zip(&tokens)
        .enumerate()
        .map(|(i, (s, token))| {
            let mut seat = seat_json(i, s);
            if let Some(token) = token {
                seat["token"] = json!(token);
                seat["link"] = json!(format!("/game/{id}?seat={i}&token={token}"));
            }
            seat
        })
        .collect();
    app.registry.start(info, game, seed);
    tracing::info!(game = %id, scenario = %record.scenario, "new game");
    Ok(json_response(
        StatusCode::CREATED,
        json!({ "id": id, "seats": seats, "spectate": format!("/game/{id}") }),
    ))
}

fn seat_json(i: usize, s: &StoredSeat) -> Value {
    json!({ "seat": i, "kind": s.kind, "name": s.name, "bot": s.bot })
}

fn seats_json(seats: &[StoredSeat]) -> Vec<Value> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| seat_json(i, s))
        .collect()
}

fn running_summary(h: &GameHandle) -> Value {
    let live = h.live.borrow().clone();
    json!({
        "id": h.info.id,
        "scenario": h.info.scenario,
        "seats": seats_json(&h.info.seats),
        "status": if live.over { "finished" } else { "playing" },
        "turn": live.turn,
        "seq": live.seq,
        "winner": live.winner,
        "created": h.info.created,
    })
}

fn finished_summary(g: &FinishedGame) -> Result<Value, ApiError> {
    let seats: Vec<StoredSeat> = serde_json::from_str(&g.seats).map_err(ApiError::internal)?;
    let result: Option<RecordResult> = g
        .result
        .as_deref()
        .map(serde_json::from_str)
        .transpose()
        .map_err(ApiError::internal)?;
    Ok(json!({
        "id": g.id,
        "scenario": g.scenario,
        "seats": seats_json(&seats),
        "status": "finished",
        "turn": result.as_ref().map(|r| r.turns),
        "winner": g.winner,
        "victory_points": result.map(|r| r.victory_points),
        "created": g.created,
    }))
}

async fn lobby(State(app): State<Arc<App>>) -> Answer {
    let mut open: Vec<(i64, Value)> = app
        .registry
        .all()
        .iter()
        .filter(|h| !h.live.borrow().over)
        .map(|h| (h.info.created, running_summary(h)))
        .collect();
    open.sort_by_key(|g| std::cmp::Reverse(g.0));
    let finished = app
        .db
        .finished(FINISHED_LISTED)
        .await
        .map_err(ApiError::internal)?
        .iter()
        .map(finished_summary)
        .collect::<Result<Vec<_>, _>>()?;
    let open: Vec<Value> = open.into_iter().map(|(_, v)| v).collect();
    Ok(json_response(
        StatusCode::OK,
        json!({ "open": open, "finished": finished }),
    ))
}

async fn summary(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    if let Some(g) = app
        .db
        .finished_game(&id)
        .await
        .map_err(ApiError::internal)?
    {
        return Ok(json_response(StatusCode::OK, finished_summary(&g)?));
    }
    match app.registry.get(&id).await.map_err(ApiError::internal)? {
        Some(h) => Ok(json_response(StatusCode::OK, running_summary(&h))),
        None => Err(ApiError::no_game(&id)),
    }
}

async fn record(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let record = finished_record(&app, &id).await?;
    Ok((
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        record.to_json_pretty(),
    )
        .into_response())
}

/// A finished game as the public saw it after `at` actions: the replay viewer shows it, so
/// the page never repeats the rules (knights falling, barbarians landing) to rebuild a board.
async fn replay(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Answer {
    let Query(query) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let record = finished_record(&app, &id).await?;
    let total = record.actions.len();
    let at = match query.get("at") {
        None => total,
        Some(n) => n
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= total)
            .ok_or_else(|| {
                ApiError::bad(format!(
                    "`at={n}`: a number of actions from 0 to {total}, the record's length"
                ))
            })?,
    };
    let mut game = record.start().map_err(ApiError::internal)?;
    for entry in &record.actions[..at] {
        let action = game
            .action_from_text(&entry.action)
            .map_err(ApiError::internal)?;
        game.apply_with(entry.actor.0, action, &mut ())
            .map_err(ApiError::internal)?;
    }
    let view = game.spectator_view().to_data();
    Ok(json_response(
        StatusCode::OK,
        json!({"at": at, "actions": total, "view": view}),
    ))
}

/// A finished game in numbers, for the pictures after the game (`crate::numbers`).
async fn numbers(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer {
    let record = finished_record(&app, &id).await?;
    let numbers = crate::numbers::game_numbers(&record).map_err(ApiError::internal)?;
    Ok(json_response(StatusCode::OK, json!(numbers)))
}

/// The record of a finished game; a game still played has none to show (its record holds
/// every hidden card).
async fn finished_record(app: &App, id: &str) -> Result<Record, ApiError> {
    let id = id.to_string();
    let Some(finished) = app
        .db
        .finished_game(&id)
        .await
        .map_err(ApiError::internal)?
    else {
        return match app.db.load(&id).await.map_err(ApiError::internal)? {
            Some(_) => Err(ApiError::new(
                StatusCode::CONFLICT,
                "the game is not finished: its record holds every hidden card",
            )),
            None => Err(ApiError::no_game(&id)),
        };
    };
    let stored = app
        .db
        .load(&id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::no_game(&id))?;
    let mut record = Record::from_json(&stored.setup).map_err(ApiError::internal)?;
    record.actions = stored.actions;
    record.result = finished
        .result
        .as_deref()
        .map(serde_json::from_str)
        .transpose()
        .map_err(ApiError::internal)?;
    Ok(record)
}

async fn websocket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Answer {
    let upgrade = upgrade.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let Query(query) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let seat = match query.get("seat") {
        None => None,
        Some(s) => Some(Seat(s.parse::<u8>().map_err(|_| {
            ApiError::bad(format!("`seat={s}`: a seat is a number from 0"))
        })?)),
    };
    let token = query.get("token").cloned();
    if seat.is_none() && token.is_some() {
        return Err(ApiError::bad("a token needs its seat: ?seat=N&token=…"));
    }
    let handle = app
        .registry
        .get(&id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::no_game(&id))?;
    let registry = app.registry.clone();
    let max_per_window = app.config.max_messages_per_second;
    Ok(upgrade
        // Larger messages are read and answered with `too_large`; only beyond this one is
        // the connection closed by the WebSocket layer.
        .max_message_size(crate::MAX_WEBSOCKET_MESSAGE)
        .max_frame_size(crate::MAX_WEBSOCKET_MESSAGE)
        // Small buffers: a connection mostly waits, and the defaults (128 KiB each way) would
        // make the buffers most of a game's memory. They grow for a large message.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| {
            crate::ws::serve(socket, registry, handle, seat, token, max_per_window)
        }))
}
