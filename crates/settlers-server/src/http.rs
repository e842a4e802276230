//! The HTTP side of docs/protocol.md: the lobby, game creation, summaries, records, the
//! WebSocket upgrade, and the web page's files.

use crate::App;
use crate::db::{FinishedGame, now};
use crate::game::{GameHandle, GameInfo, LoadError, SeatKind, StoredSeat};
use crate::heavy::Busy;
use crate::listener::{ClientAddress, HeldPermit};
use crate::token;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{DefaultBodyLimit, FromRequestParts, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rand_core::SeedableRng;
use serde::Deserialize;
use serde_json::{Value, json};
use settlers_bots::BotRng;
use settlers_bots::levels::{LEVELS, level_of};
use settlers_core::map::{Layout, LayoutOptions, MapFile, MapTemplate};
use settlers_core::position::Position;
use settlers_core::record::{Record, RecordResult, SeatInfo};
use settlers_core::ruleset::SpecialVp;
use settlers_core::scenario::{MapSource, SCENARIOS, setup_on_map};
use settlers_core::{Game, GameOptions, Scenario, Seat, TournamentMode};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::Instant;
use tower_http::timeout::RequestBodyTimeoutLayer;

/// The largest request body: a map file of one's own fits many times over.
const MAX_BODY: usize = 1 << 20;
/// The longest player name, in characters.
const MAX_NAME: usize = 40;
/// How many games of each kind a page of the lobby lists, unless it asks for fewer.
const PER_PAGE: usize = 50;
/// The most a page of the lobby lists.
const MOST_PER_PAGE: usize = 100;
/// The last page the lobby gives (so an offset is never large).
const LAST_PAGE: usize = 1000;
/// The longest game id read: the server's own are 22 characters.
const MAX_GAME_ID: usize = 64;

/// An HTTP error: a 4xx (or 5xx) status with `{"error": "<in words>"}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
    fn no_game(id: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, format!("there is no game `{id}`"))
    }
    pub(crate) fn internal(e: impl std::fmt::Display) -> ApiError {
        tracing::error!("{e}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    }
    fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy checking maps and replaying games: try again in a moment",
        )
    }
    /// A game could not be brought back: abandoned (410), or damaged (500).
    fn load(e: LoadError) -> ApiError {
        match e {
            LoadError::Abandoned { .. } => ApiError::new(StatusCode::GONE, e.to_string()),
            e => ApiError::internal(e),
        }
    }
}

impl From<Busy> for ApiError {
    fn from(_: Busy) -> ApiError {
        ApiError::busy()
    }
}

/// A game's id from the path, refused in the protocol's words when it cannot be one.
struct GameId(String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GameId, ApiError> {
        let axum::extract::Path(id) =
            axum::extract::Path::<String>::from_request_parts(parts, state)
                .await
                .map_err(|e| {
                    ApiError::bad(format!("the game id in the path: {}", e.body_text()))
                })?;
        if id.len() > MAX_GAME_ID || id.chars().any(|c| c.is_control()) {
            return Err(ApiError::no_game(
                &id.chars().take(MAX_GAME_ID).collect::<String>(),
            ));
        }
        Ok(GameId(id))
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
        .route("/health", get(crate::ops::health))
        .route("/scenarios", get(scenarios))
        .route("/preview", get(preview))
        .route("/bots", get(bots))
        .route("/levels", get(levels))
        .route("/games", get(lobby).post(create))
        .route("/games/{id}", get(summary))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/replay", get(replay))
        .route("/games/{id}/numbers", get(numbers))
        .route("/games/{id}/ws", get(websocket))
        .merge(crate::maps::router())
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such API path") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this method is not allowed on this path",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(RequestBodyTimeoutLayer::new(
            app.config.limits.request_body_timeout,
        ));
    let web = crate::page::router(app.config.web_dir.as_deref(), app.config.embedded_page);
    Router::new()
        .nest("/api", api)
        .route("/metrics", get(crate::ops::metrics))
        .merge(web)
        .with_state(app)
}

pub(crate) fn json_response(status: StatusCode, value: Value) -> Response {
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

/// A scenario's board for `players`, laid out (the New World: drawn) from `map_seed`, as a
/// game created with the same `map_seed` gets it: the lobby's "Draw again" (SC9-1).
async fn preview(
    State(app): State<Arc<App>>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Answer {
    let Query(query) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    if let Some(unknown) = query
        .keys()
        .find(|k| !["scenario", "players", "map_seed"].contains(&k.as_str()))
    {
        return Err(ApiError::bad(format!(
            "`{unknown}` is not a preview parameter (scenario, players, map_seed)"
        )));
    }
    let name = query.get("scenario").map_or("base", String::as_str);
    let scenario = Scenario::by_name(name).map_err(|e| ApiError::bad(e.to_string()))?;
    let number = |key: &str| -> Result<Option<u64>, ApiError> {
        query
            .get(key)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| ApiError::bad(format!("`{key}` is a whole number, not `{v}`")))
            })
            .transpose()
    };
    let players = match number("players")? {
        Some(n) => u8::try_from(n).map_err(|_| ApiError::bad(format!("{n} players")))?,
        None => scenario.players().max().unwrap_or(4),
    };
    scenario
        .check_players(players)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let map_seed = number("map_seed")?.ok_or_else(|| {
        ApiError::bad("a preview needs the `map_seed` its board is laid out from")
    })?;
    let map = app
        .heavy
        .run(move || {
            let setup = scenario
                .setup(
                    players,
                    &scenario.default_layout_options(),
                    Some(Seat(0)),
                    GameOptions::default(),
                    &mut BotRng::seed_from_u64(map_seed),
                )
                .map_err(|e| ApiError::bad(e.to_string()))?;
            let mut map = setup.board.to_map_file();
            map.pools.clear();
            Ok::<_, ApiError>(map)
        })
        .await??;
    Ok(json_response(
        StatusCode::OK,
        json!({ "scenario": scenario.name, "players": players, "map_seed": map_seed, "map": map }),
    ))
}

async fn bots() -> Response {
    json_response(StatusCode::OK, json!(settlers_bots::BOT_NAMES))
}

/// The bots people choose by how hard they are to beat, easiest first.
async fn levels() -> Response {
    let levels: Vec<Value> = LEVELS
        .iter()
        .map(|l| json!({ "level": l.level, "title": l.title, "bot": l.bot, "about": l.about }))
        .collect();
    json_response(StatusCode::OK, Value::Array(levels))
}

/// The bot a seat asked for: by its name, or by a level of `/api/levels`, not both.
fn seat_bot(bot: Option<String>, level: Option<String>) -> Result<String, ApiError> {
    let bot = match (bot, level) {
        (Some(bot), None) => bot,
        (None, Some(level)) => LEVELS
            .iter()
            .find(|l| l.level == level)
            .map(|l| l.bot.to_string())
            .ok_or_else(|| {
                let known: Vec<&str> = LEVELS.iter().map(|l| l.level).collect();
                ApiError::bad(format!(
                    "there is no level `{level}`; the levels are: {}",
                    known.join(", ")
                ))
            })?,
        (Some(_), Some(_)) => {
            return Err(ApiError::bad("a bot seat gives `bot` or `level`, not both"));
        }
        (None, None) => {
            return Err(ApiError::bad(
                "a bot seat needs `bot` (a name of /api/bots) or `level` (one of /api/levels)",
            ));
        }
    };
    settlers_bots::by_name(&bot).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(bot)
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
    /// The seed the scenario's board is laid out or drawn from, as `/api/preview` showed it
    /// ("players may agree to redo a poor map", SC9-1). The board is public, so any server
    /// takes it; chance's draws still come from the game's own seed.
    #[serde(default)]
    map_seed: Option<u64>,
    /// A game taken up where a position stands (docs/record-format.md, "Positions"), in
    /// place of a new game's set-up: the position holds the board, the options and every
    /// piece and card.
    #[serde(default)]
    position: Option<Box<Position>>,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum SeatRequest {
    Human {
        #[serde(default)]
        name: Option<String>,
    },
    /// The bot by its name (`heuristic`, `mcts:ms=200`) or by its level (`medium`).
    Bot {
        #[serde(default)]
        bot: Option<String>,
        #[serde(default)]
        level: Option<String>,
        #[serde(default)]
        name: Option<String>,
    },
}

#[derive(Default, PartialEq, Deserialize)]
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

/// Whether a request says its body is JSON. Anything else is refused: a form of another
/// site can send `text/plain` from a player's browser without asking, never JSON.
pub(crate) fn check_json_content_type(headers: &HeaderMap) -> Result<(), ApiError> {
    let sent = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let media = sent.split(';').next().unwrap_or("").trim();
    if media.eq_ignore_ascii_case("application/json") {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            if sent.is_empty() {
                "the body is JSON: send it with `Content-Type: application/json`".to_string()
            } else {
                format!(
                    "the body is JSON: send it with `Content-Type: application/json`, not `{sent}`"
                )
            },
        ))
    }
}

/// The body as a JSON object.
pub(crate) fn read_object(body: &[u8]) -> Result<serde_json::Map<String, Value>, ApiError> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| ApiError::bad(format!("the body is not JSON: {e}")))?;
    match value {
        Value::Object(object) => Ok(object),
        other => Err(ApiError::bad(format!(
            "the body is a JSON object (docs/protocol.md), not {}",
            crate::protocol::json_kind(&other)
        ))),
    }
}

/// A new game's request, read exactly: every part that is an object in docs/protocol.md
/// must be one (serde would read a struct from an array of its fields).
fn read_create(object: serde_json::Map<String, Value>) -> Result<CreateGame, ApiError> {
    let must_be_object = |name: &str, value: &Value| match value {
        Value::Object(_) | Value::Null => Ok(()),
        other => Err(ApiError::bad(format!(
            "`{name}` is an object, not {}",
            crate::protocol::json_kind(other)
        ))),
    };
    for name in ["options", "map", "position"] {
        if let Some(value) = object.get(name) {
            must_be_object(name, value)?;
        }
    }
    if let Some(Value::Array(seats)) = object.get("seats") {
        for (i, seat) in seats.iter().enumerate() {
            if !seat.is_object() {
                return Err(ApiError::bad(format!(
                    "`seats[{i}]` is an object with its `kind`, not {}",
                    crate::protocol::json_kind(seat)
                )));
            }
        }
    }
    let mut object = object;
    let map = match object.remove("map") {
        None | Some(Value::Null) => None,
        Some(map) => Some(crate::strict::read::<MapFile>(map, "map").map_err(ApiError::bad)?),
    };
    let position = match object.remove("position") {
        None | Some(Value::Null) => None,
        Some(position) => Some(Box::new(
            crate::strict::read::<Position>(position, "position").map_err(ApiError::bad)?,
        )),
    };
    let mut request: CreateGame = crate::strict::from_value(Value::Object(object))
        .map_err(|e| ApiError::bad(format!("the body is not right: {e}")))?;
    request.map = map;
    request.position = position;
    Ok(request)
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

async fn create(
    State(app): State<Arc<App>>,
    client: Option<axum::Extension<ClientAddress>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    check_json_content_type(&headers)?;
    let body = body.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let limits = &app.config.limits;
    if !app.creations.allow(client.map(|c| c.0.0), Instant::now()) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "at most {} new games a minute from one address: try again in a minute",
                limits.games_per_client_per_minute
            ),
        ));
    }
    let open = app.db.open_games().await.map_err(ApiError::internal)?;
    if open >= limits.max_open_games as u64 {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "this server holds {} games being played, its most: try again when some end",
                limits.max_open_games
            ),
        ));
    }
    // A body of up to 1 MiB (a map of one's own) takes long to read: off the async workers.
    let request = app
        .heavy
        .run(move || read_create(read_object(&body)?))
        .await??;
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
            SeatRequest::Bot { bot, level, name } => {
                let name = check_name(name)?;
                let bot = seat_bot(bot, level)?;
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
    let seats = seat_count as u8;
    let (map, scenario, layout) = (request.map, request.scenario, request.options.layout);
    let map_seed = request.map_seed;
    if map_seed.is_some() && map.is_some() {
        return Err(ApiError::bad(
            "`map_seed` lays out a scenario's board: a map of one's own is laid out from the game's seed",
        ));
    }
    // Checking a map of one's own and laying out the board can take the processor for
    // long: off the async workers (crate::heavy).
    if let Some(position) = request.position {
        if scenario.is_some()
            || map.is_some()
            || map_seed.is_some()
            || request.options != CreateOptions::default()
        {
            return Err(ApiError::bad(
                "a `position` holds the board and the options: leave out `scenario`, `map`, `map_seed` and `options`",
            ));
        }
        // Checking a position takes as long as checking a map: off the async workers.
        let (record, game) = app
            .heavy
            .run(move || {
                Record::from_position(*position, record_seats)
                    .map_err(|e| ApiError::bad(format!("position: {e}")))
            })
            .await??;
        return store_and_start(&app, record, game, stored, tokens, seed).await;
    }
    let (setup, game) = app
        .heavy
        .run(move || {
            let mut rng = BotRng::seed_from_u64(seed);
            let setup = match map {
                Some(map) => {
                    let template =
                        MapTemplate::check(&map).map_err(|e| ApiError::bad(e.to_string()))?;
                    let layout = LayoutOptions {
                        layout: layout.unwrap_or(Layout::Variable),
                        ..LayoutOptions::default()
                    };
                    setup_on_map(&template, seats, &layout, None, options, &mut rng)
                }
                None => {
                    let name = scenario.as_deref().unwrap_or("base");
                    let scenario =
                        Scenario::by_name(name).map_err(|e| ApiError::bad(e.to_string()))?;
                    let layout = LayoutOptions {
                        layout: layout.unwrap_or(scenario.default_layout),
                        ..LayoutOptions::default()
                    };
                    match map_seed {
                        // The board from the seed the lobby previewed; who starts from the
                        // game's own.
                        Some(map_seed) => scenario
                            .setup(
                                seats,
                                &layout,
                                None,
                                options,
                                &mut BotRng::seed_from_u64(map_seed),
                            )
                            .map(|setup| settlers_core::GameSetup {
                                first: Seat(
                                    settlers_core::chance::below(&mut rng, u32::from(seats)) as u8,
                                ),
                                ..setup
                            }),
                        None => scenario.setup(seats, &layout, None, options, &mut rng),
                    }
                }
            }
            .map_err(|e| ApiError::bad(e.to_string()))?;
            let game = Game::new(setup.clone()).map_err(|e| ApiError::bad(e.to_string()))?;
            Ok::<_, ApiError>((setup, game))
        })
        .await??;
    check_new_game_options(&request.options, &game)?;
    let record = Record::new(&setup, record_seats);
    store_and_start(&app, record, game, stored, tokens, seed).await
}

/// Stores a new game and starts its task; the answer names its seats, with each person's
/// token and links.
async fn store_and_start(
    app: &App,
    record: Record,
    game: Game,
    stored: Vec<StoredSeat>,
    tokens: Vec<Option<String>>,
    seed: u64,
) -> Answer {
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
    let links = Links(app.config.public_url.as_ref());
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
                seat["link"] = json!(links.page(&format!("/game/{id}?seat={i}&token={token}")));
                seat["socket"] =
                    json!(links.socket(&format!("/api/games/{id}/ws?seat={i}&token={token}")));
            }
            seat
        })
        .collect();
    app.registry.start(info, game, seed);
    tracing::info!(game = %id, scenario = %record.scenario, "new game");
    Ok(json_response(
        StatusCode::CREATED,
        json!({
            "id": id,
            "seats": seats,
            "spectate": links.page(&format!("/game/{id}")),
            "spectate_socket": links.socket(&format!("/api/games/{id}/ws")),
        }),
    ))
}

/// The links a new game's answer holds: full addresses at `--public-url`, else paths on the
/// address the request came to.
struct Links<'a>(Option<&'a crate::proxy::PublicUrl>);

impl Links<'_> {
    fn page(&self, path: &str) -> String {
        self.0
            .map_or_else(|| path.to_string(), |url| url.page(path))
    }
    fn socket(&self, path: &str) -> String {
        self.0
            .map_or_else(|| path.to_string(), |url| url.socket(path))
    }
}

/// A seat as summaries show it; a bot that plays one of the levels says which (`medium`), so
/// the page names it as the lobby offered it.
fn seat_json(i: usize, s: &StoredSeat) -> Value {
    let level = s.bot.as_deref().and_then(level_of).map(|l| l.level);
    json!({ "seat": i, "kind": s.kind, "name": s.name, "bot": s.bot, "level": level })
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

/// `?page=N&per_page=M` of the lobby: page 0 is the newest games.
fn lobby_page(query: &HashMap<String, String>) -> Result<(usize, usize), ApiError> {
    let number = |name: &str, default: usize, most: usize| match query.get(name) {
        None => Ok(default),
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|n| *n <= most)
            .ok_or_else(|| ApiError::bad(format!("`{name}={text}`: a number from 0 to {most}"))),
    };
    if let Some(unknown) = query
        .keys()
        .find(|k| !["page", "per_page"].contains(&k.as_str()))
    {
        return Err(ApiError::bad(format!(
            "the lobby takes `page` and `per_page`, not `{unknown}`"
        )));
    }
    let page = number("page", 0, LAST_PAGE)?;
    let per_page = number("per_page", PER_PAGE, MOST_PER_PAGE)?.max(1);
    Ok((page, per_page))
}

/// The games being played and the finished ones, newest first, a page of each.
async fn lobby(
    State(app): State<Arc<App>>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Answer {
    let Query(query) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let (page, per_page) = lobby_page(&query)?;
    let mut open: Vec<GameHandle> = app
        .registry
        .all()
        .into_iter()
        .filter(|h| !h.live.borrow().over)
        .collect();
    open.sort_by_key(|h| (std::cmp::Reverse(h.info.created), h.info.id.clone()));
    let open_total = open.len();
    let open: Vec<Value> = open
        .iter()
        .skip(page * per_page)
        .take(per_page)
        .map(running_summary)
        .collect();
    // One more than the page: whether there is a next one.
    let mut finished = app
        .db
        .finished(per_page as i64 + 1, (page * per_page) as i64)
        .await
        .map_err(ApiError::internal)?;
    let more_finished = finished.len() > per_page;
    finished.truncate(per_page);
    let finished = finished
        .iter()
        .map(finished_summary)
        .collect::<Result<Vec<_>, _>>()?;
    let more = more_finished || open_total > (page + 1) * per_page;
    Ok(json_response(
        StatusCode::OK,
        json!({
            "open": open,
            "finished": finished,
            "page": page,
            "per_page": per_page,
            "open_total": open_total,
            "next_page": (more && page < LAST_PAGE).then_some(page + 1),
        }),
    ))
}

async fn summary(State(app): State<Arc<App>>, GameId(id): GameId) -> Answer {
    if let Some(g) = app
        .db
        .finished_game(&id)
        .await
        .map_err(ApiError::internal)?
    {
        return Ok(json_response(StatusCode::OK, finished_summary(&g)?));
    }
    match app.registry.get(&id).await.map_err(ApiError::load)? {
        Some(h) => Ok(json_response(StatusCode::OK, running_summary(&h))),
        None => Err(ApiError::no_game(&id)),
    }
}

async fn record(State(app): State<Arc<App>>, GameId(id): GameId) -> Answer {
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
    GameId(id): GameId,
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
    // A replay of thousands of actions: off the async workers (crate::heavy).
    let view = app
        .heavy
        .run(move || {
            let mut game = record.start().map_err(ApiError::internal)?;
            for entry in &record.actions[..at] {
                let action = game
                    .action_from_text(&entry.action)
                    .map_err(ApiError::internal)?;
                game.apply_with(entry.actor.0, action, &mut ())
                    .map_err(ApiError::internal)?;
            }
            Ok::<_, ApiError>(game.spectator_view().to_data())
        })
        .await??;
    Ok(json_response(
        StatusCode::OK,
        json!({"at": at, "actions": total, "view": view}),
    ))
}

/// A finished game in numbers, for the pictures after the game (`crate::numbers`).
async fn numbers(State(app): State<Arc<App>>, GameId(id): GameId) -> Answer {
    let record = finished_record(&app, &id).await?;
    // A replay of the whole record: off the async workers (crate::heavy).
    let numbers = app
        .heavy
        .run(move || crate::numbers::game_numbers(&record).map_err(ApiError::internal))
        .await??;
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
    GameId(id): GameId,
    permit: Option<axum::Extension<HeldPermit>>,
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
        .map_err(ApiError::load)?
        .ok_or_else(|| ApiError::no_game(&id))?;
    let registry = app.registry.clone();
    let max_per_window = app.config.max_messages_per_second;
    let idle_timeout = app.config.limits.idle_timeout;
    Ok(upgrade
        // Larger messages are read and answered with `too_large`; only beyond this one is
        // the connection closed by the WebSocket layer.
        .max_message_size(crate::MAX_WEBSOCKET_MESSAGE)
        .max_frame_size(crate::MAX_WEBSOCKET_MESSAGE)
        // Small buffers: a connection mostly waits, and the defaults (128 KiB each way) would
        // make the buffers most of a game's memory. They grow for a large message.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            // The connection's place in the server's count is held while the socket is open.
            let _permit = permit;
            crate::ws::serve(
                socket,
                registry,
                handle,
                seat,
                token,
                max_per_window,
                idle_timeout,
            )
            .await
        }))
}
