//! The search bot's settings, as written after its name: `mcts:ms=100`,
//! `mcts:iterations=400,turns=2`, or `mcts:iterations=400:turns=2` (docs/bots.md).

use std::time::Duration;

/// How long a decision may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall time per decision: searches until it is spent (not reproducible: how far it gets
    /// depends on the machine).
    Time(Duration),
    /// Iterations per decision: reproducible from the seed.
    Iterations(u32),
}

/// The most milliseconds a decision may be given: a minute.
pub const MOST_MS: u64 = 60_000;
/// The most iterations a decision may be given.
pub const MOST_ITERATIONS: u32 = 1_000_000;
/// The most turns a playout may look ahead.
pub const MOST_TURNS: u16 = 50;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub budget: Budget,
    /// Turns a playout plays past the decision before the position is valued.
    pub turns: u16,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            budget: Budget::Time(Duration::from_millis(100)),
            turns: 4,
        }
    }
}

impl Settings {
    /// Settings from `key=value` pairs separated by commas or colons (empty: the defaults),
    /// or why not. Colons serve where commas already separate bots, as in `settlers sim
    /// --players mcts:ms=100:turns=2,heuristic`.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut out = Settings::default();
        let mut budget_given = false;
        if text.is_empty() {
            return Ok(out);
        }
        for pair in text.split([',', ':']) {
            let Some((key, value)) = pair.split_once('=') else {
                return Err(format!(
                    "`{pair}` is not a setting: write key=value, such as ms=100 or iterations=400"
                ));
            };
            let number = |most: u64| -> Result<u64, String> {
                let n: u64 = value.parse().map_err(|_| {
                    format!("{key}=`{value}`: the value must be a whole number from 1 to {most}")
                })?;
                if n == 0 || n > most {
                    return Err(format!("{key}={n}: the value must be from 1 to {most}"));
                }
                Ok(n)
            };
            match key {
                "ms" | "iterations" if budget_given => {
                    return Err(
                        "give one budget, by time (ms=) or by iterations (iterations=), not both"
                            .into(),
                    );
                }
                "ms" => {
                    out.budget = Budget::Time(Duration::from_millis(number(MOST_MS)?));
                    budget_given = true;
                }
                "iterations" => {
                    out.budget = Budget::Iterations(number(u64::from(MOST_ITERATIONS))? as u32);
                    budget_given = true;
                }
                "turns" => out.turns = number(u64::from(MOST_TURNS))? as u16,
                _ => {
                    return Err(format!(
                        "there is no setting `{key}`; the settings are ms, iterations and turns"
                    ));
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_and_bad_ones_named() {
        assert_eq!(Settings::parse("").unwrap(), Settings::default());
        for text in ["iterations=40,turns=2", "iterations=40:turns=2"] {
            let s = Settings::parse(text).unwrap();
            assert_eq!(s.budget, Budget::Iterations(40));
            assert_eq!(s.turns, 2);
        }
        assert_eq!(
            Settings::parse("ms=250").unwrap().budget,
            Budget::Time(Duration::from_millis(250))
        );
        for (bad, says) in [
            ("ms=abc", "whole number"),
            ("ms=0", "from 1 to 60000"),
            ("ms=99999999999999999999999", "whole number"),
            ("ms=60001", "from 1 to 60000"),
            ("iterations=-3", "whole number"),
            ("depth=3", "no setting `depth`"),
            ("ms", "not a setting"),
            ("ms=10,iterations=10", "not both"),
        ] {
            let e = Settings::parse(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
