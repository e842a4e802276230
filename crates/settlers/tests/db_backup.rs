//! `settlers db backup` then `settlers db restore`: the same games, every action of each, on
//! SQLite and PostgreSQL (when `SETTLERS_TEST_POSTGRES` holds a URL), one to the other too;
//! the maps saved in the map editor with their owners; backups of version 1 still restore;
//! a database that holds games or maps already, and a file that does not read, are refused,
//! and nothing changes.

mod command;

use command::settlers;

#[path = "../../settlers-server/tests/common/mod.rs"]
mod common;

use common::*;
use serde_json::json;
use settlers_server::db::Db;
use std::net::SocketAddr;
use std::path::Path;
use std::process::Output;
use std::time::Duration;

fn succeeded(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn refused(output: &Output) -> String {
    assert!(!output.status.success(), "it should have been refused");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Waits until the game's summary says it is finished.
async fn finished(addr: SocketAddr, id: &str) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (_, summary) = get_json(addr, &format!("/api/games/{id}")).await;
        if summary["status"] == "finished" {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "{summary}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Games of every kind on a server over `url`: one finished, one being played, one waiting
/// for its first action. Returns their ids.
async fn some_games(url: &str) -> Vec<String> {
    let addr = start(url).await;
    let done = create(addr, "base", &["random", "random", "random"], json!({})).await;
    let playing = create(addr, "base", &["human", "random", "random"], json!({})).await;
    let mut person = Client::connect(addr, &playing.seat_path(0)).await;
    play(&mut person, &[1, 2], |m| m["seq"].as_u64().unwrap() >= 30).await;
    let waiting = create(addr, "base", &["human", "human", "human"], json!({})).await;
    finished(addr, &done.id).await;
    vec![done.id, playing.id, waiting.id]
}

/// Every stored part of each game is the same in both databases.
async fn same_games(from: &str, to: &str, ids: &[String]) {
    let (from, to) = (
        Db::connect(from).await.unwrap(),
        Db::connect(to).await.unwrap(),
    );
    for id in ids {
        let (a, b) = (
            from.load(id).await.unwrap().unwrap(),
            to.load(id).await.unwrap().expect("the game is restored"),
        );
        assert_eq!(a.setup, b.setup, "{id}");
        assert_eq!(a.seats, b.seats, "{id}");
        assert_eq!((a.seed, a.created), (b.seed, b.created), "{id}");
        assert_eq!(a.actions, b.actions, "every action of {id}");
        assert_eq!(from.status(id).await.unwrap(), to.status(id).await.unwrap());
        let (fa, fb) = (
            from.finished_game(id).await.unwrap(),
            to.finished_game(id).await.unwrap(),
        );
        assert_eq!(fa.is_some(), fb.is_some(), "{id}");
        if let (Some(fa), Some(fb)) = (fa, fb) {
            assert_eq!((fa.winner, fa.result), (fb.winner, fb.result), "{id}");
        }
    }
    assert!(
        !from
            .load(&ids[0])
            .await
            .unwrap()
            .unwrap()
            .actions
            .is_empty(),
        "the finished game has actions to compare"
    );
    from.close().await;
    to.close().await;
}

/// The file's lines after its first (which holds the time it was made).
fn body(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect()
}

async fn game_count(url: &str) -> u64 {
    let db = Db::connect(url).await.unwrap();
    let n = db.unfinished().await.unwrap().len() as u64
        + db.finished(1000, 0).await.unwrap().len() as u64;
    db.close().await;
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_restores_the_same_games_with_every_action() {
    for source in databases("backup_from") {
        let ids = some_games(&source.url).await;
        let folder = scratch("backup_files");
        let file = folder.join("games.backup");
        let said = succeeded(&settlers(&[
            "db",
            "backup",
            file.to_str().unwrap(),
            "--db",
            &source.url,
        ]));
        assert!(said.contains("backed up 3 games"), "{said}");
        for target in databases("backup_to") {
            println!("{} to {}", source.name(), target.name());
            let said = succeeded(&settlers(&[
                "db",
                "restore",
                file.to_str().unwrap(),
                "--db",
                &target.url,
            ]));
            assert!(said.contains("restored 3 games"), "{said}");
            same_games(&source.url, &target.url, &ids).await;
            // A backup of the restored database is the first, line for line.
            let again = folder.join("again.backup");
            succeeded(&settlers(&[
                "db",
                "backup",
                again.to_str().unwrap(),
                "--db",
                &target.url,
            ]));
            assert_eq!(body(&file), body(&again));

            // Restoring into a database that holds games is refused; it keeps its games.
            let words = refused(&settlers(&[
                "db",
                "restore",
                file.to_str().unwrap(),
                "--db",
                &target.url,
            ]));
            assert!(words.contains("already holds 3 game(s)"), "{words}");
            assert_eq!(game_count(&target.url).await, 3);
            target.drop().await;
        }
        source.drop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_backup_is_refused_by_name_and_changes_nothing() {
    let source = databases("backup_good").remove(0);
    some_games(&source.url).await;
    let folder = scratch("backup_bad");
    let good = folder.join("good.backup");
    succeeded(&settlers(&[
        "db",
        "backup",
        good.to_str().unwrap(),
        "--db",
        &source.url,
    ]));
    let lines: Vec<String> = std::fs::read_to_string(&good)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    // The first action line of the finished game, which has hundreds.
    let action = 1 + lines
        .iter()
        .position(|l| l.contains("\"status\":\"finished\""))
        .unwrap();
    assert!(
        lines[action].starts_with("{\"index\":0,"),
        "{}",
        lines[action]
    );
    // Its first placement.
    let placement = action
        + lines[action..]
            .iter()
            .position(|l| l.contains("\\\"corner\\\":\\\""))
            .unwrap();
    let spoiled = |edit: &dyn Fn(&mut Vec<String>)| {
        let mut lines = lines.clone();
        edit(&mut lines);
        lines.join("\n") + "\n"
    };
    let lost_line = format!("line {}", action + 2);
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "cut.backup",
            spoiled(&|l| {
                l.pop();
            }),
            "cut short",
        ),
        (
            "version.backup",
            spoiled(&|l| {
                l[0] = l[0].replace("\"settlers_backup\":2", "\"settlers_backup\":3");
            }),
            "version 3",
        ),
        (
            "order.backup",
            spoiled(&|l| {
                l[action] = l[action].replace("{\"index\":0,", "{\"index\":5,");
            }),
            "action 5 where action 0 comes",
        ),
        (
            "lost.backup",
            spoiled(&|l| {
                l.remove(action + 1);
            }),
            &lost_line,
        ),
        (
            "replay.backup",
            spoiled(&|l| {
                // The first placement moved off the board: the game no longer replays.
                let line = &l[placement];
                let start = line.find("\\\"corner\\\":\\\"").unwrap() + 13;
                let end = start + line[start..].find('\\').unwrap();
                let mut changed = line.clone();
                changed.replace_range(start..end, "99,99,N");
                l[placement] = changed;
            }),
            "does not replay",
        ),
        (
            "text.backup",
            "hello\n".to_string(),
            "not a Settlers backup",
        ),
        ("empty.backup", String::new(), "empty"),
    ];
    for (name, text, says) in cases {
        let file = folder.join(name);
        std::fs::write(&file, text).unwrap();
        let target = folder.join(format!("{name}.sqlite"));
        let url = format!("sqlite://{}", target.display());
        let words = refused(&settlers(&[
            "db",
            "restore",
            file.to_str().unwrap(),
            "--db",
            &url,
        ]));
        assert!(words.contains(name), "{name}: the file is named: {words}");
        assert!(
            words.contains(says),
            "{name}: `{words}` does not say `{says}`"
        );
        // Checked before the database is even opened.
        assert!(!target.exists(), "{name}: nothing is made");
    }
    // A file that reads, into a database that holds games: refused, the games kept.
    let words = refused(&settlers(&[
        "db",
        "restore",
        good.to_str().unwrap(),
        "--db",
        &source.url,
    ]));
    assert!(words.contains("already holds"), "{words}");
    assert_eq!(game_count(&source.url).await, 3);
    source.drop().await;
}

/// A small map the server saves: two islands across a strait.
fn two_isles() -> serde_json::Value {
    json!({
        "id": "two-isles",
        "name": "Two isles",
        "game": "seafarers",
        "players": [2, 3],
        "hexes": [
            {"hex": "0,0", "terrain": "forest", "number": 6},
            {"hex": "1,0", "terrain": "hills", "number": 5},
            {"hex": "2,0", "terrain": "sea"},
            {"hex": "3,0", "terrain": "pasture", "number": 4}
        ]
    })
}

async fn put_map(addr: SocketAddr, name: &str, body: &serde_json::Value) -> (u16, String) {
    request(
        addr,
        "PUT",
        &format!("/api/maps/{name}"),
        Some(body.to_string().as_bytes()),
    )
    .await
}

/// `file` as a backup of version 1 would have it: games only, the end line without maps.
fn as_version_1(file: &Path, to: &Path) {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with("{\"map\":"))
        .map(|l| {
            l.replace("\"settlers_backup\":2", "\"settlers_backup\":1")
                .replace(",\"maps\":1}}", "}}")
        })
        .collect();
    assert!(lines[0].contains("\"settlers_backup\":1"), "{}", lines[0]);
    assert!(lines.last().unwrap().ends_with("}}"), "{lines:?}");
    std::fs::write(to, lines.join("\n") + "\n").unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_carries_the_saved_maps_with_their_owners() {
    let source = databases("maps_backup_from").remove(0);
    let addr = start(&source.url).await;
    let game = create(addr, "base", &["human", "human", "human"], json!({})).await;
    let (status, saved) = put_map(addr, "two-isles", &json!({"map": two_isles()})).await;
    assert_eq!(status, 201, "{saved}");
    let saved: serde_json::Value = serde_json::from_str(&saved).unwrap();
    let token = saved["token"].as_str().unwrap().to_string();
    let (_, stored) = get_json(addr, "/api/maps/two-isles").await;

    let folder = scratch("maps_backup_files");
    let file = folder.join("all.backup");
    let said = succeeded(&settlers(&[
        "db",
        "backup",
        file.to_str().unwrap(),
        "--db",
        &source.url,
    ]));
    assert!(said.contains("1 games, 0 actions, 1 saved maps"), "{said}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("{\"settlers_backup\":2,"), "{text}");
    assert!(text.contains("{\"map\":{\"name\":\"two-isles\","), "{text}");

    for target in databases("maps_backup_to") {
        let said = succeeded(&settlers(&[
            "db",
            "restore",
            file.to_str().unwrap(),
            "--db",
            &target.url,
        ]));
        assert!(
            said.contains("restored 1 games, 0 actions, 1 saved maps"),
            "{said}"
        );
        // The same rows: the map's text, its owner's token hash, its title and times.
        let (from, to) = (
            Db::connect(&source.url).await.unwrap(),
            Db::connect(&target.url).await.unwrap(),
        );
        let (a, b) = (
            from.saved_map("two-isles").await.unwrap().unwrap(),
            to.saved_map("two-isles")
                .await
                .unwrap()
                .expect("the map is restored"),
        );
        assert_eq!((&a.map, &a.token_hash), (&b.map, &b.token_hash));
        let listed = |list: Vec<settlers_server::db::maps::SavedMapEntry>| {
            list.into_iter()
                .map(|m| (m.name, m.title, m.players, m.updated))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            listed(from.saved_maps(10).await.unwrap()),
            listed(to.saved_maps(10).await.unwrap())
        );
        assert!(to.load(&game.id).await.unwrap().is_some(), "the game too");
        from.close().await;
        to.close().await;

        // A server on the restored database serves the map, and its owner's token still
        // replaces it while no other can.
        let restored = start(&target.url).await;
        let (status, got) = get_json(restored, "/api/maps/two-isles").await;
        assert_eq!((status, &got["map"]), (200, &stored["map"]), "{got}");
        let mut changed = two_isles();
        changed["name"] = json!("Two isles, again");
        let (status, answer) = put_map(restored, "two-isles", &json!({"map": changed})).await;
        assert_eq!(status, 403, "no token, no change: {answer}");
        let (status, answer) = put_map(
            restored,
            "two-isles",
            &json!({"map": changed, "token": token}),
        )
        .await;
        assert_eq!(status, 200, "the owner's token: {answer}");

        // A database that holds a map, even without games, takes no backup.
        let fresh = databases("maps_backup_map_only").remove(0);
        let other = start(&fresh.url).await;
        let (status, answer) = put_map(other, "mine", &json!({"map": two_isles()})).await;
        assert_eq!(status, 201, "{answer}");
        let words = refused(&settlers(&[
            "db",
            "restore",
            file.to_str().unwrap(),
            "--db",
            &fresh.url,
        ]));
        assert!(
            words.contains("already holds 0 game(s) and 1 saved map(s)"),
            "{words}"
        );
        target.drop().await;
    }

    // A backup of version 1 (games only) restores as before; a map line in one is refused.
    let old = folder.join("old.backup");
    as_version_1(&file, &old);
    let target = folder.join("from-old.sqlite");
    let url = format!("sqlite://{}", target.display());
    let said = succeeded(&settlers(&[
        "db",
        "restore",
        old.to_str().unwrap(),
        "--db",
        &url,
    ]));
    assert!(
        said.contains("restored 1 games, 0 actions, 0 saved maps"),
        "{said}"
    );
    let mixed = folder.join("mixed.backup");
    std::fs::write(
        &mixed,
        text.replace("\"settlers_backup\":2", "\"settlers_backup\":1"),
    )
    .unwrap();
    let words = refused(&settlers(&[
        "db",
        "restore",
        mixed.to_str().unwrap(),
        "--db",
        &format!("sqlite://{}", folder.join("mixed.sqlite").display()),
    ]));
    assert!(
        words.contains("a saved map in a backup of version 1"),
        "{words}"
    );

    // A map line that names no map of the server's kind is refused by name.
    for (name, from, to, says) in [
        (
            "name.backup",
            "\"name\":\"two-isles\"",
            "\"name\":\"../x\"",
            "a map's name is",
        ),
        (
            "hash.backup",
            "\"token_hash\":\"",
            "\"token_hash\":\"zz",
            "not a SHA-256",
        ),
        (
            "count.backup",
            "\"maps\":1}}",
            "\"maps\":2}}",
            "holds 1 games, 0 actions and 2 maps",
        ),
    ] {
        let bad = folder.join(name);
        assert!(text.contains(from), "{from}");
        std::fs::write(&bad, text.replacen(from, to, 1)).unwrap();
        let db = folder.join(format!("{name}.sqlite"));
        let words = refused(&settlers(&[
            "db",
            "restore",
            bad.to_str().unwrap(),
            "--db",
            &format!("sqlite://{}", db.display()),
        ]));
        assert!(
            words.contains(name) && words.contains(says),
            "{name}: {words}"
        );
        assert!(!db.exists(), "{name}: nothing is made");
    }
    source.drop().await;
}
