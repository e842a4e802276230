//! The scenarios a game can be: a built-in or generated map plus its rules and defaults;
//! and games on a map of one's own (scenarios.md SC9-8).

use crate::game::{GameOptions, GameSetup};
use crate::map::{Layout, LayoutOptions, MapErrors, MapFile, MapTemplate, NewWorld, builtin};
use crate::state::Seat;
use rand_core::Rng;

/// Where a scenario's map comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapSource {
    /// A built-in map for each player count (`(players, map id)`).
    BuiltIn(&'static [(u8, &'static str)]),
    /// A new map for every game, drawn from the game's generator. The record stores the
    /// map as drawn, so a replay needs no generator.
    Generated {
        players: &'static [u8],
        generator: Generator,
    },
}

/// The map generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// Scenario 9, New World (map/new_world.rs).
    NewWorld,
}

/// A scenario: where its map comes from, the player counts it takes, its victory target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The name used on the command line and in records.
    pub name: &'static str,
    pub title: &'static str,
    pub map: MapSource,
    pub victory_points: u8,
    /// The layout when none is asked for: the variable set-up for the base game, the printed
    /// board for Seafarers scenarios (seafarers.md S-4).
    pub default_layout: Layout,
    /// The options this scenario offers besides the target and layout, by their names in
    /// `GameOptions`.
    pub variants: &'static [&'static str],
}

pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "base",
        title: "Catan base game",
        map: MapSource::BuiltIn(&[(3, "base"), (4, "base")]),
        victory_points: 10,
        default_layout: Layout::Variable,
        variants: &[],
    },
    Scenario {
        name: "new-shores",
        title: "Seafarers 1: Heading for New Shores",
        map: MapSource::BuiltIn(&[(3, "new-shores-3"), (4, "new-shores-4")]),
        victory_points: 14,
        default_layout: Layout::Beginner,
        variants: &[],
    },
    Scenario {
        name: "four-islands",
        title: "Seafarers 2: The Four Islands",
        map: MapSource::BuiltIn(&[(3, "four-islands-3"), (4, "four-islands-4")]),
        victory_points: 12,
        default_layout: Layout::Beginner,
        variants: &[],
    },
    Scenario {
        name: "fog-islands",
        title: "Seafarers 3: The Fog Islands",
        map: MapSource::BuiltIn(&[(3, "fog-islands-3"), (4, "fog-islands-4")]),
        victory_points: 12,
        default_layout: Layout::Beginner,
        variants: &[],
    },
    Scenario {
        name: "through-the-desert",
        title: "Seafarers 4: Through the Desert",
        map: MapSource::BuiltIn(&[(3, "through-the-desert-3"), (4, "through-the-desert-4")]),
        victory_points: 12,
        default_layout: Layout::Beginner,
        variants: &[],
    },
    Scenario {
        name: "forgotten-tribe",
        title: "Seafarers 5: The Forgotten Tribe",
        map: MapSource::BuiltIn(&[(3, "forgotten-tribe"), (4, "forgotten-tribe")]),
        // SC5-2.
        victory_points: 13,
        default_layout: Layout::Beginner,
        variants: &[],
    },
    Scenario {
        name: "cloth-for-catan",
        title: "Seafarers 6: Cloth for Catan",
        map: MapSource::BuiltIn(&[(3, "cloth-for-catan"), (4, "cloth-for-catan")]),
        // SC6-9, D-SC6-1.
        victory_points: 14,
        default_layout: Layout::Beginner,
        variants: &[],
    },
    Scenario {
        name: "pirate-islands",
        title: "Seafarers 7: The Pirate Islands",
        map: MapSource::BuiltIn(&[(3, "pirate-islands"), (4, "pirate-islands")]),
        // With one's own fortress conquered (SC7-12).
        victory_points: 10,
        default_layout: Layout::Beginner,
        variants: &[],
    },
    Scenario {
        name: "wonders-of-catan",
        title: "Seafarers 8: The Wonders of Catan",
        map: MapSource::BuiltIn(&[(3, "wonders"), (4, "wonders")]),
        // 10 points win only with the most wonder stages (SC8-8).
        victory_points: 10,
        default_layout: Layout::Beginner,
        variants: &[],
    },
    Scenario {
        name: "barbarian-attack",
        title: "Traders & Barbarians: Barbarian Attack",
        // Two players play the variant with neutral players (BA2).
        map: MapSource::BuiltIn(&[
            (2, "barbarian-attack"),
            (3, "barbarian-attack"),
            (4, "barbarian-attack"),
        ]),
        victory_points: 12,
        // Terrain shuffled within the coastal and inner stacks; the numbers stay (BA-3, BA-4).
        default_layout: Layout::Variable,
        variants: &["event_cards", "tournament", "harbormaster", "win_off_turn"],
    },
    Scenario {
        name: "new-world",
        title: "Seafarers 9: New World",
        map: MapSource::Generated {
            players: &[3, 4],
            generator: Generator::NewWorld,
        },
        victory_points: 12,
        // Every hex of a drawn map is fixed, so any layout gives the drawn map; "random"
        // says how it came about.
        default_layout: Layout::Random,
        variants: &[],
    },
];

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    #[error("there is no scenario `{name}`; the scenarios are: {known}")]
    Unknown { name: String, known: String },
    #[error("{scenario} is for {allowed} players, not {seats}")]
    Players {
        scenario: &'static str,
        allowed: String,
        seats: u8,
    },
    #[error("the first seat {0} is not at the table")]
    FirstSeat(u8),
    #[error("built-in map `{0}`: {1}")]
    Map(String, MapErrors),
    #[error("{0} draws a new map for every game: it has no fixed map")]
    Generated(&'static str),
    /// A map of one's own, or one a generator drew, cannot be laid out.
    #[error("map `{0}`: {1}")]
    MapRefused(String, MapErrors),
    #[error("the map `{map}` is for {allowed} players, not {seats}")]
    MapPlayers {
        map: String,
        allowed: String,
        seats: u8,
    },
}

impl Scenario {
    pub fn by_name(name: &str) -> Result<&'static Scenario, ScenarioError> {
        SCENARIOS
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| ScenarioError::Unknown {
                name: name.into(),
                known: SCENARIOS
                    .iter()
                    .map(|s| s.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The layout options of this scenario's default layout.
    pub fn default_layout_options(&self) -> LayoutOptions {
        LayoutOptions {
            layout: self.default_layout,
            ..LayoutOptions::default()
        }
    }

    pub fn players(&self) -> impl Iterator<Item = u8> + '_ {
        let (maps, players): (&[(u8, &str)], &[u8]) = match self.map {
            MapSource::BuiltIn(maps) => (maps, &[]),
            MapSource::Generated { players, .. } => (&[], players),
        };
        maps.iter().map(|(n, _)| *n).chain(players.iter().copied())
    }

    /// Whether the scenario is played by this many seats.
    pub fn check_players(&self, seats: u8) -> Result<(), ScenarioError> {
        if self.players().any(|n| n == seats) {
            return Ok(());
        }
        Err(ScenarioError::Players {
            scenario: self.name,
            allowed: player_counts_text(self.players()),
            seats,
        })
    }

    /// The checked map for this many seats; a scenario whose maps are generated has none.
    pub fn template(&self, seats: u8) -> Result<&'static MapTemplate, ScenarioError> {
        self.check_players(seats)?;
        let maps = match self.map {
            MapSource::BuiltIn(maps) => maps,
            MapSource::Generated { .. } => return Err(ScenarioError::Generated(self.name)),
        };
        let id = maps
            .iter()
            .find(|(n, _)| *n == seats)
            .map(|(_, id)| *id)
            .expect("checked against the player counts");
        builtin::template(id)
            .expect("every scenario's map is built in")
            .map_err(|e| ScenarioError::Map(id.into(), e.clone()))
    }

    /// A game set-up: the board laid out (or drawn), the first seat drawn when not given.
    /// Every random choice comes from `rng`.
    pub fn setup(
        &self,
        seats: u8,
        layout: &LayoutOptions,
        first: Option<Seat>,
        options: GameOptions,
        rng: &mut impl Rng,
    ) -> Result<GameSetup, ScenarioError> {
        let board = match self.map {
            MapSource::BuiltIn(_) => self
                .template(seats)?
                .realise(layout, rng)
                .map_err(|e| ScenarioError::Map(self.name.into(), e))?,
            MapSource::Generated { generator, .. } => {
                self.check_players(seats)?;
                let template = match generator {
                    Generator::NewWorld => NewWorld {
                        red_numbers_apart: layout.red_numbers_apart,
                        ..NewWorld::new(seats)
                    }
                    .generate_checked(rng),
                };
                template
                    .and_then(|t| t.realise(layout, rng))
                    .map_err(|e| ScenarioError::MapRefused(self.name.into(), e))?
            }
        };
        finish_setup(
            self.name.into(),
            board,
            seats,
            first,
            options,
            self.victory_points,
            rng,
        )
    }
}

/// Player counts in words, smallest first: `4`, `3 or 4`, `2, 3 or 4`; `any` for none.
pub fn player_counts_text(counts: impl IntoIterator<Item = u8>) -> String {
    let mut counts: Vec<u8> = counts.into_iter().collect();
    counts.sort_unstable();
    counts.dedup();
    let words: Vec<String> = counts.iter().map(u8::to_string).collect();
    match words.split_last() {
        None => "any".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Whether a map takes this many seats: any count when it lists none.
pub fn check_map_players(file: &MapFile, seats: u8) -> Result<(), ScenarioError> {
    if file.players.is_empty() || file.players.contains(&seats) {
        return Ok(());
    }
    Err(ScenarioError::MapPlayers {
        map: file.id.clone(),
        allowed: player_counts_text(file.players.iter().copied()),
        seats,
    })
}

/// A game on a map of one's own (scenarios.md SC9-8): the map, checked, laid out with
/// `layout`; the record names the map's id as its scenario. The victory target is the
/// options', else the map's, else 10.
pub fn setup_on_map(
    template: &MapTemplate,
    seats: u8,
    layout: &LayoutOptions,
    first: Option<Seat>,
    options: GameOptions,
    rng: &mut impl Rng,
) -> Result<GameSetup, ScenarioError> {
    let file = &template.file;
    check_map_players(file, seats)?;
    let board = template
        .realise(layout, rng)
        .map_err(|e| ScenarioError::MapRefused(file.id.clone(), e))?;
    let target = file.victory_points.unwrap_or(10);
    finish_setup(file.id.clone(), board, seats, first, options, target, rng)
}

fn finish_setup(
    scenario: String,
    board: crate::map::Board,
    seats: u8,
    first: Option<Seat>,
    options: GameOptions,
    victory_points: u8,
    rng: &mut impl Rng,
) -> Result<GameSetup, ScenarioError> {
    let first = match first {
        Some(f) if f.0 >= seats => return Err(ScenarioError::FirstSeat(f.0)),
        Some(f) => f,
        None => Seat(crate::chance::below(rng, u32::from(seats)) as u8),
    };
    Ok(GameSetup {
        scenario,
        board,
        seats,
        first,
        options: GameOptions {
            // The Harbormaster's 2 points raise the target by one (BAH-3).
            victory_points: options
                .victory_points
                .or(Some(victory_points + u8::from(options.harbormaster))),
            ..options
        },
    })
}

#[cfg(test)]
mod tests {
    use super::player_counts_text;

    #[test]
    fn player_counts_read_smallest_first_with_or_before_the_last() {
        assert_eq!(player_counts_text([3, 4, 2]), "2, 3 or 4");
        assert_eq!(player_counts_text([4, 3, 4]), "3 or 4");
        assert_eq!(player_counts_text([4]), "4");
        assert_eq!(player_counts_text([]), "any");
    }
}
