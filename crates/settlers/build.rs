//! Embeds the built web page (`web/dist`, made by `npm run build`, which `make` runs when npm
//! is there) in the binary, so `settlers serve` needs nothing beside it. Without a built page
//! the binary still builds, and serves a page that says how to build it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let web = manifest.join("../../web");
    let dist = web.join("dist");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("page.rs");
    let mut files = Vec::new();
    if dist.join("index.html").is_file() {
        // Any change in the built page builds the binary again.
        println!("cargo:rerun-if-changed={}", dist.display());
        collect(&dist, &dist, &mut files);
        files.sort();
    } else {
        // Watching the page's sources' folder (it exists in a checkout): a page built later
        // appears in it.
        println!("cargo:rerun-if-changed={}", web.display());
        println!(
            "cargo:warning=web/dist is not built: this binary serves a page that says so \
             (make release builds the page first when npm is there)"
        );
    }
    let mut code = String::from(
        "/// The built web page's files, embedded by build.rs; `None` when it was not built.\n\
         pub const PAGE: Option<&[(&str, &[u8])]> = ",
    );
    if files.is_empty() {
        code.push_str("None;\n");
    } else {
        code.push_str("Some(&[\n");
        for (name, path) in &files {
            let _ = writeln!(code, "    ({name:?}, include_bytes!({path:?})),");
        }
        code.push_str("]);\n");
    }
    std::fs::write(&out, code).expect("OUT_DIR is writable");
}

/// Every file under `dir`, by its path from `root` with `/` between folders.
fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if let (Some(name), Some(full)) = (
            path.strip_prefix(root).ok().and_then(|p| p.to_str()),
            path.canonicalize()
                .ok()
                .and_then(|p| p.to_str().map(str::to_string)),
        ) {
            files.push((name.replace(std::path::MAIN_SEPARATOR, "/"), full));
        } else {
            println!(
                "cargo:warning=web/dist: {} is not embedded (its name is not UTF-8)",
                path.display()
            );
        }
    }
}
