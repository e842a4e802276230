//! Reading the files a user hands the command line: each through one bounded reader, so that
//! `/dev/zero` or a mistaken path to a huge file is refused rather than read without end
//! (docs/map-format.md and docs/record-format.md, "Limits").

use anyhow::{Context, Result, bail};
use std::io::Read;
use std::path::Path;

/// The largest map file read: the largest map the engine plays (`MAX_HEXES` hexes, each
/// with its harbor, areas and notes) takes a few tens of kilobytes.
pub const MAP_FILE_LIMIT: u64 = 1 << 20;

/// The largest record read: a record takes about 63 bytes an action, so the longest game
/// `settlers sim` plays (100,000 actions, chance included) takes about 6 MB.
pub const RECORD_FILE_LIMIT: u64 = 64 << 20;

/// The text of the file at `path` (standard input for `-`), refused when it holds more than
/// `limit` bytes (read up to one byte past the limit, never further) or is not UTF-8 text.
pub fn read_bounded(path: &Path, limit: u64) -> Result<String> {
    let file: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?,
        )
    };
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > limit {
        bail!(
            "{} is larger than {limit} bytes: the limit for this kind of file ({})",
            path.display(),
            size_text(limit)
        );
    }
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", path.display()))
}

/// A size for people: `1 MiB`, `64 MiB`.
fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_within_the_limit_is_read_and_one_beyond_it_is_refused_by_name() {
        let dir = std::env::temp_dir().join(format!("settlers-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ten.json");
        std::fs::write(&path, "0123456789").unwrap();
        assert_eq!(read_bounded(&path, 10).unwrap(), "0123456789");
        let error = read_bounded(&path, 9).unwrap_err().to_string();
        assert!(error.contains("ten.json is larger than 9 bytes"), "{error}");
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        let error = read_bounded(&path, 9).unwrap_err().to_string();
        assert!(error.contains("not UTF-8"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_endless_file_stops_at_the_limit() {
        let error = read_bounded(Path::new("/dev/zero"), MAP_FILE_LIMIT)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("/dev/zero is larger than 1048576 bytes"),
            "{error}"
        );
        assert!(error.contains("1 MiB"), "{error}");
    }
}
