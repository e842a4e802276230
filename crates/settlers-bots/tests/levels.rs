//! The levels offered to people, and the noisy heuristic bot that plays Easy.

use settlers_bots::levels::{LEVELS, level_of};
use settlers_bots::play::{GameSpec, Table};
use settlers_bots::{Bot, by_name};

#[test]
fn every_level_is_a_bot_that_can_be_built() {
    assert_eq!(
        LEVELS.iter().map(|l| l.level).collect::<Vec<_>>(),
        ["easy", "medium", "hard"]
    );
    for level in LEVELS {
        by_name(level.bot).unwrap_or_else(|e| panic!("{}: {e}", level.level));
        assert_eq!(level_of(level.bot), Some(level));
    }
    assert_eq!(level_of("random"), None);
}

#[test]
fn noise_settings_are_read_or_refused_in_words() {
    assert_eq!(
        by_name("heuristic:noise=0.3").unwrap().name(),
        "heuristic (noisy)"
    );
    for (name, words) in [
        (
            "heuristic:noise=1.5",
            "`noise=1.5`: the noise is a chance from 0 to 1",
        ),
        ("heuristic:noise=lots", "`noise=lots`"),
        ("heuristic:noise=NaN", "`noise=NaN`"),
        (
            "heuristic:speed=3",
            "the heuristic bot takes one setting, `noise=P`",
        ),
    ] {
        let e = by_name(name).err().unwrap().to_string();
        assert!(e.contains(words), "{name}: {e}");
    }
}

/// At full noise every action is the random bot's: still legal (the table checks each), and
/// the games end; with none it plays as well as the heuristic bot, which beats full noise.
#[test]
fn a_noisy_bot_plays_legal_games_and_noise_weakens_it() {
    let spec = GameSpec::new("base", 4).unwrap();
    let mut table = Table::new();
    let mut wins = [0u32; 2];
    for seed in 0..24u64 {
        // The calm bot (noise 0) at a seat that turns with the seed, three full-noise bots.
        let calm = (seed % 4) as usize;
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|s| {
                by_name(if s == calm {
                    "heuristic:noise=0"
                } else {
                    "heuristic:noise=1"
                })
                .unwrap()
            })
            .collect();
        let played = table
            .play(&spec, &mut bots, seed, 200_000, false)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(played.finished(), "seed {seed} did not end");
        match played.game.winner() {
            Some(w) if usize::from(w.0) == calm => wins[0] += 1,
            Some(_) => wins[1] += 1,
            None => {}
        }
    }
    assert!(
        wins[0] > wins[1],
        "the calm bot won {} of 24, the three noisy ones {}",
        wins[0],
        wins[1]
    );
}
