//! Maps over HTTP (docs/protocol.md, "Maps"): the map check with every problem at its place,
//! and saved maps: owned by whoever saved the name first, refused whole when malformed or
//! too large, kept across a restart. On SQLite, and on PostgreSQL when
//! `SETTLERS_TEST_POSTGRES` holds a URL.

mod common;

use common::*;
use serde_json::{Value, json};
use settlers_server::{Server, ServerConfig};
use std::net::SocketAddr;
use std::time::Duration;

/// Two islands across a strait, valid, with a 6 beside an 8 (a warning); written as the
/// server writes a map back (every hex with its `number`).
fn two_isles() -> Value {
    json!({
        "id": "two-isles",
        "name": "Two isles",
        "game": "seafarers",
        "players": [2, 3],
        "victory_points": 8,
        "hexes": [
            {"hex": "0,0", "terrain": "forest", "number": 6},
            {"hex": "1,0", "terrain": "hills", "number": 8},
            {"hex": "0,1", "terrain": "fields", "number": 5},
            {"hex": "2,0", "terrain": "sea", "number": null},
            {"hex": "1,1", "terrain": "sea", "number": null},
            {"hex": "3,0", "terrain": "pasture", "number": 4},
            {"hex": "2,1", "terrain": "mountains", "number": 10}
        ],
        "harbors": [{"edge": "0,0,W", "type": "3:1"}]
    })
}

async fn put_json(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = request(addr, "PUT", path, Some(body.to_string().as_bytes())).await;
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, value)
}

fn names(list: &Value) -> Vec<String> {
    list["maps"]
        .as_array()
        .unwrap_or_else(|| panic!("no maps: {list}"))
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_check_names_every_problem_at_its_place() {
    for db in databases("maps_check") {
        let addr = start(&db.url).await;
        let (status, answer) = post_json(addr, "/api/maps/check", &two_isles()).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["valid"], true, "{answer}");
        let red = answer["problems"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["message"].as_str().unwrap().contains("6 or 8"))
            .unwrap_or_else(|| panic!("the 6 beside the 8 is warned about: {answer}"));
        assert_eq!(red["warning"], true);
        assert_eq!(red["places"], json!([{"hex": "0,0"}, {"hex": "1,0"}]));

        let mut broken = two_isles();
        broken["hexes"][2] = json!({"hex": "0,1", "terrain": "lava"});
        broken["hexes"][3] = json!({"hex": "2,0", "terrain": "desert", "number": 3});
        broken["harbors"] = json!([{"edge": "9,9,E", "type": "3:1"}]);
        let (status, answer) = post_json(addr, "/api/maps/check", &broken).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["valid"], false, "{answer}");
        let at = |place: Value| -> String {
            answer["problems"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["places"].as_array().unwrap().contains(&place))
                .unwrap_or_else(|| panic!("no problem at {place}: {answer}"))["message"]
                .as_str()
                .unwrap()
                .to_string()
        };
        assert!(at(json!({"hex": "0,1"})).contains("`lava` is not a terrain"));
        assert!(at(json!({"hex": "2,0"})).contains("a number on a desert hex"));
        assert!(at(json!({"edge": "9,9,E"})).contains("touches no land"));

        // JSON that is no map file: one problem, in words, at the map.
        let (status, answer) = post_json(addr, "/api/maps/check", &json!({"hexes": []})).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["valid"], false);
        assert!(
            answer["problems"][0]["message"]
                .as_str()
                .unwrap()
                .contains("id"),
            "{answer}"
        );
        // Not JSON at all, or too large: refused.
        let (status, text) = request(addr, "POST", "/api/maps/check", Some(b"{not json")).await;
        assert_eq!(status, 400, "{text}");
        let huge = format!("{{\"id\": \"{}\"}}", "x".repeat(300 * 1024));
        let (status, text) = request(addr, "POST", "/api/maps/check", Some(huge.as_bytes())).await;
        assert_eq!(status, 413, "{text}");
        assert!(text.contains("larger than 262144 bytes"), "{text}");
        db.drop().await;
    }
}

#[tokio::test]
async fn a_saved_map_belongs_to_whoever_saved_it_first() {
    for db in databases("maps_owner") {
        let addr = start(&db.url).await;
        let (status, list) = get_json(addr, "/api/maps").await;
        assert_eq!((status, names(&list)), (200, vec![]), "{list}");

        let (status, first) =
            put_json(addr, "/api/maps/two-isles", &json!({"map": two_isles()})).await;
        assert_eq!(status, 201, "{first}");
        let token = first["token"].as_str().unwrap().to_string();
        assert_eq!(token.len(), 22);

        let (status, list) = get_json(addr, "/api/maps").await;
        assert_eq!((status, names(&list)), (200, vec!["two-isles".to_string()]));
        assert_eq!(list["maps"][0]["title"], "Two isles");
        assert_eq!(list["maps"][0]["players"], json!([2, 3]));
        let (status, got) = get_json(addr, "/api/maps/two-isles").await;
        assert_eq!(status, 200, "{got}");
        assert_eq!(got["map"]["hexes"], two_isles()["hexes"]);

        // Another person, without the token or with a wrong one, cannot overwrite it.
        let mut other = two_isles();
        other["name"] = json!("Someone else's");
        for body in [
            json!({"map": other}),
            json!({"map": other, "token": "AAAAAAAAAAAAAAAAAAAAAA"}),
        ] {
            let answer = put_json(addr, "/api/maps/two-isles", &body).await;
            assert_error(&answer, 403, "belongs to whoever saved it first");
        }
        let (_, got) = get_json(addr, "/api/maps/two-isles").await;
        assert_eq!(got["map"]["name"], "Two isles", "the map was overwritten");

        // The owner can.
        let (status, answer) = put_json(
            addr,
            "/api/maps/two-isles",
            &json!({"map": other, "token": token}),
        )
        .await;
        assert_eq!(status, 200, "{answer}");
        let (_, got) = get_json(addr, "/api/maps/two-isles").await;
        assert_eq!(got["map"]["name"], "Someone else's");

        // A name cannot be anything but words: no path, no dot, no quote.
        for name in [
            "..%2Fgames",
            "a.json",
            "Two-Isles",
            "two%20isles",
            "x%27%3B--",
        ] {
            let answer = put_json(
                addr,
                &format!("/api/maps/{name}"),
                &json!({"map": two_isles()}),
            )
            .await;
            assert_error(&answer, 400, "a map's name is 1 to 40 lowercase letters");
        }
        let long = "x".repeat(41);
        let answer = get_json(addr, &format!("/api/maps/{long}")).await;
        assert_error(&answer, 400, "a map's name");
        let answer = get_json(addr, "/api/maps/nothing-here").await;
        assert_error(&answer, 404, "there is no saved map `nothing-here`");
        db.drop().await;
    }
}

#[tokio::test]
async fn a_malformed_invalid_or_oversized_map_is_refused_by_name_and_nothing_is_stored() {
    for db in databases("maps_refused") {
        let addr = start(&db.url).await;
        let mut lava = two_isles();
        lava["hexes"][0]["terrain"] = json!("lava");
        let refusals = [
            (
                json!({"map": {"hexes": "none"}}),
                400,
                "the map `bad` is not saved",
            ),
            (json!({"map": [1, 2]}), 400, "the map `bad` is not saved"),
            (
                json!({"mapp": two_isles()}),
                400,
                "`mapp` is not a field of a save",
            ),
            (
                json!({"map": lava}),
                400,
                "hex 0,0: `lava` is not a terrain",
            ),
        ];
        for (body, status, words) in refusals {
            let answer = put_json(addr, "/api/maps/bad", &body).await;
            assert_error(&answer, status, words);
        }
        let (_, answer) = put_json(addr, "/api/maps/bad", &json!({"map": lava})).await;
        assert!(
            answer["problems"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["places"] == json!([{"hex": "0,0"}])),
            "the refusal lists the problems at their places: {answer}"
        );
        let mut huge = two_isles();
        huge["name"] = json!("x".repeat(300 * 1024));
        let body = json!({"map": huge}).to_string();
        let (status, text) = request(addr, "PUT", "/api/maps/bad", Some(body.as_bytes())).await;
        assert_eq!(status, 413, "{text}");
        assert!(
            text.contains("the map `bad` is not saved") && text.contains("larger than"),
            "{text}"
        );
        let (status, text) = request(addr, "PUT", "/api/maps/bad", Some(b"{\"map\":")).await;
        assert_eq!(status, 400, "{text}");

        let (_, list) = get_json(addr, "/api/maps").await;
        assert_eq!(names(&list), Vec::<String>::new(), "something was stored");
        let answer = get_json(addr, "/api/maps/bad").await;
        assert_error(&answer, 404, "there is no saved map `bad`");
        db.drop().await;
    }
}

#[tokio::test]
async fn saved_maps_survive_a_restart() {
    for db in databases("maps_restart") {
        let config = || {
            let mut config = ServerConfig::new(&db.url);
            config.bot_delay = Duration::ZERO;
            config
        };
        let server = Server::start(config()).await.expect("the server starts");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = tokio::spawn(settlers_server::serve_until(
            listener,
            server.clone(),
            async {
                let _ = stopped.await;
            },
        ));
        let (status, first) =
            put_json(addr, "/api/maps/two-isles", &json!({"map": two_isles()})).await;
        assert_eq!(status, 201, "{first}");
        let token = first["token"].as_str().unwrap().to_string();
        stop.send(()).unwrap();
        serving.await.unwrap().unwrap();
        server.shutdown(PATIENCE).await;

        let addr = start_with(config()).await;
        let (_, list) = get_json(addr, "/api/maps").await;
        assert_eq!(names(&list), vec!["two-isles".to_string()]);
        let (_, got) = get_json(addr, "/api/maps/two-isles").await;
        assert_eq!(got["map"]["hexes"], two_isles()["hexes"]);
        // The token still opens it, and only the token.
        let answer = put_json(addr, "/api/maps/two-isles", &json!({"map": two_isles()})).await;
        assert_error(&answer, 403, "belongs to whoever saved it first");
        let (status, answer) = put_json(
            addr,
            "/api/maps/two-isles",
            &json!({"map": two_isles(), "token": token}),
        )
        .await;
        assert_eq!(status, 200, "{answer}");
        db.drop().await;
    }
}

#[tokio::test]
async fn the_built_in_maps_open_as_written_and_pass_the_check() {
    for db in databases("maps_built_in") {
        let addr = start(&db.url).await;
        let (status, list) = get_json(addr, "/api/built-in-maps").await;
        assert_eq!(status, 200, "{list}");
        let ids: Vec<&str> = list["maps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap())
            .collect();
        assert!(
            ids.contains(&"base") && ids.contains(&"fog-islands-4"),
            "{list}"
        );
        for id in ids {
            let (status, got) = get_json(addr, &format!("/api/built-in-maps/{id}")).await;
            assert_eq!(status, 200, "{got}");
            let (status, checked) = post_json(addr, "/api/maps/check", &got["map"]).await;
            assert_eq!(
                (status, &checked["valid"]),
                (200, &json!(true)),
                "{id}: {checked}"
            );
        }
        let (_, base) = get_json(addr, "/api/built-in-maps/base").await;
        assert!(
            base["map"]["pools"]["terrain"].is_object(),
            "the pools are kept: {base}"
        );
        let answer = get_json(addr, "/api/built-in-maps/lava-world").await;
        assert_error(&answer, 404, "there is no built-in map \"lava-world\"");
        db.drop().await;
    }
}

#[tokio::test]
async fn a_game_starts_on_a_saved_map() {
    for db in databases("maps_game") {
        let addr = start(&db.url).await;
        let (status, _) = put_json(addr, "/api/maps/two-isles", &json!({"map": two_isles()})).await;
        assert_eq!(status, 201);
        let (_, got) = get_json(addr, "/api/maps/two-isles").await;
        let game = create(
            addr,
            "base",
            &["human", "random"],
            json!({"map": got["map"]}),
        )
        .await;
        let (status, summary) = get_json(addr, &format!("/api/games/{}", game.id)).await;
        assert_eq!(status, 200, "{summary}");
        assert_eq!(summary["scenario"], "two-isles");
        db.drop().await;
    }
}

#[tokio::test]
async fn saves_are_limited_a_minute_for_each_address() {
    for db in databases("maps_rate") {
        let mut config = ServerConfig::new(&db.url);
        config.limits.games_per_client_per_minute = 2;
        config.accept_seeds = true;
        let addr = start_with(config).await;
        for name in ["first", "second"] {
            let (status, answer) = put_json(
                addr,
                &format!("/api/maps/{name}"),
                &json!({"map": two_isles()}),
            )
            .await;
            assert_eq!(status, 201, "{answer}");
        }
        let answer = put_json(addr, "/api/maps/third", &json!({"map": two_isles()})).await;
        assert_error(
            &answer,
            429,
            "the map `third` is not saved: at most 2 saves a minute",
        );
        let (_, list) = get_json(addr, "/api/maps").await;
        let mut saved = names(&list);
        saved.sort();
        assert_eq!(saved, vec!["first".to_string(), "second".to_string()]);
        // Games are counted apart: this address may still create one.
        create(addr, "base", &["human", "random", "random"], json!({})).await;
        db.drop().await;
    }
}
