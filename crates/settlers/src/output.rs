//! What the subcommands print. A reader that stops early (`settlers sim | head -3`) is no
//! error: like other Unix tools, the program then says no more and succeeds, rather than
//! panicking as `println!` does on a closed pipe.

use anyhow::{Context, Result};
use std::io::{ErrorKind, Write};

/// Writes `text` to standard output.
pub fn emit(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        result => result.context("cannot write to standard output"),
    }
}

/// Writes one line to standard error: warnings, notes and the final error. When standard
/// error cannot be written either, there is nowhere left to say so.
pub fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// `1 harbor`, `2 harbors`, `0 harbors`.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(counted(1u8, "harbor", "harbors"), "1 harbor");
        assert_eq!(counted(0u8, "harbor", "harbors"), "0 harbors");
        assert_eq!(counted(617u32, "city", "cities"), "617 cities");
    }
}
