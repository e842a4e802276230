//! The `settlers` binary copied alone to an empty folder serves the web page it carries
//! (docs/hosting.md): the build embeds `web/dist` when it is built, the same way in every
//! profile, so the binary `cargo test` builds shows what the release build does.

#[path = "../../settlers-server/tests/common/mod.rs"]
mod common;

use common::*;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Command, Stdio};

/// The first `/assets/…` file `index.html` names.
fn first_asset(index: &str) -> Option<String> {
    let start = index.find("/assets/")?;
    let rest = &index[start..];
    let end = rest.find(['"', '\''])?;
    Some(rest[..end].to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_alone_in_an_empty_folder_serves_the_page() {
    let folder = scratch("one_binary");
    let binary = folder.join("settlers");
    std::fs::copy(env!("CARGO_BIN_EXE_settlers"), &binary).unwrap();
    let mut child = Command::new(&binary)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            "sqlite://games.sqlite",
        ])
        .current_dir(&folder)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the copied binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: SocketAddr = line
        .trim()
        .strip_prefix("Settlers is ready: open http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not the address line: {line:?}"))
        .parse()
        .unwrap();

    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    let (status, page) = request(addr, "GET", "/", None).await;
    assert_eq!(status, 200, "{page}");
    if let Ok(index) = std::fs::read_to_string(built.join("index.html")) {
        assert_eq!(page, index, "the page is the one built");
        let asset = first_asset(&index).expect("the built page names its assets");
        let (status, body) = request(addr, "GET", &asset, None).await;
        assert_eq!(status, 200, "{asset}");
        let file = std::fs::read(built.join(asset.trim_start_matches('/'))).unwrap();
        assert_eq!(body.as_bytes(), file.as_slice(), "{asset} as built");
        // A game's address is the page too (a single-page app).
        let (status, game_page) = request(addr, "GET", "/game/abc?seat=0&token=x", None).await;
        assert_eq!((status, game_page.as_str()), (200, index.as_str()));
    } else {
        println!("note: web/dist is not built: the binary says so on its page");
        assert!(page.contains("The web page is not built"), "{page}");
    }
    // The database is made beside it, where it runs.
    assert_eq!(get_json(addr, "/api/health").await.0, 200);
    assert!(folder.join("games.sqlite").is_file());
    let _ = child.kill();
    let _ = child.wait();
}
