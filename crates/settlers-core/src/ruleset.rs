//! Which rule modules a game switches on, read from its map file (`rules`, `setup`,
//! `special_vp`; shared/rules/maps/README.md) and its options. Shared rules code asks these
//! switches; no code asks which scenario is being played.

use crate::game::GameOptions;
use crate::topology::{CornerSet, EdgeSet, HexId, HexSet, Topology};
use serde_json::Value;

/// The most scoring areas (islands) a map may have for special victory points.
pub const MOST_AREAS: usize = 16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// Ships: building, connecting, moving (seafarers.md S-5 to S-13, S-17, S-20).
    pub ships: bool,
    /// The pirate (S-14).
    pub pirate: bool,
    /// The longest trade route replaces Longest Road (S-16).
    pub trade_route: bool,
    /// Fog hexes are discovered in play (SC3-6).
    pub fog: bool,
    /// Corners where starting settlements may stand; anywhere on land when `None`
    /// (SC1-3, SC3-4, SC4-3).
    pub setup_corners: Option<CornerSet>,
    pub special_vp: SpecialVp,
    /// The robber is in play (B-27); Barbarian Attack has none (BA-2).
    pub robber: bool,
    /// Largest Army is awarded (B-36); Barbarian Attack has none (BA-30).
    pub largest_army: bool,
    /// Barbarian Attack: barbarians, knights, gold, its own deck (barbarian-attack.md).
    pub barbarians: Option<Box<BarbarianRules>>,
    /// Event cards replace the production dice (BAE).
    pub event_cards: bool,
    /// Tournament gives a resource to those tied for the most knights (D-BAE-3).
    pub tournament: bool,
    /// The Harbormaster card (BAH).
    pub harbormaster: bool,
}

/// The board of Barbarian Attack, read from its map (`castle`, `battle_order`,
/// `castle_paths`, `barbarians`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarbarianRules {
    pub castle: HexId,
    /// The coastal hexes, in the order battles are checked (BA-21).
    pub coastal: Vec<HexId>,
    /// For each dice total, the coastal hex carrying it, as an index into `coastal`.
    pub landing: [Option<u8>; 13],
    /// The castle's six edges (BA-6).
    pub castle_paths: EdgeSet,
    /// Barbarians in the game, and those on the board at the start (BA-5).
    pub total: u8,
    pub start: Vec<(u8, u8)>,
    /// Knights per player (BA-2).
    pub knights: u8,
    /// Victory target with this module (BA-31).
    pub victory_points: u8,
}

impl BarbarianRules {
    /// The index in `coastal` of a hex, if it is coastal.
    pub fn coastal_index(&self, hex: HexId) -> Option<usize> {
        self.coastal.iter().position(|&h| h == hex)
    }

    fn of(t: &Topology) -> Option<BarbarianRules> {
        let other = &t.board.other;
        let hex = |v: &Value| -> Option<HexId> { t.hex_id(v.as_str()?.parse().ok()?) };
        let castle = hex(other.get("castle")?)?;
        let coastal: Vec<HexId> = other
            .get("battle_order")?
            .as_array()?
            .iter()
            .filter_map(hex)
            .collect();
        let mut landing = [None; 13];
        for (i, h) in coastal.iter().enumerate() {
            if let Some(n) = t.number(*h) {
                landing[n as usize] = Some(i as u8);
            }
        }
        let mut castle_paths = EdgeSet::new();
        for e in t.hex_edges(castle) {
            castle_paths.insert(e.index());
        }
        let barbarians = other.get("barbarians");
        let total = barbarians
            .and_then(|b| b.get("total"))
            .and_then(Value::as_u64)
            .unwrap_or(30) as u8;
        let start = barbarians
            .and_then(|b| b.get("start"))
            .and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .filter_map(|(h, n)| {
                        let id = t.hex_id(h.parse().ok()?)?;
                        let i = coastal.iter().position(|&c| c == id)?;
                        Some((i as u8, n.as_u64()? as u8))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let knights = other
            .get("knights")
            .and_then(|k| k.get("per_player"))
            .and_then(Value::as_u64)
            .unwrap_or(6) as u8;
        Some(BarbarianRules {
            castle,
            coastal,
            landing,
            castle_paths,
            total,
            start,
            knights,
            victory_points: t.board.victory_points.unwrap_or(12),
        })
    }
}

/// How settlements on other islands earn special victory points (S-19, maps `special_vp`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecialVp {
    None,
    /// A player's first settlement in each of these areas earns `value` (SC1-5, SC4-4).
    FirstPerArea {
        areas: Vec<CornerSet>,
        value: u8,
    },
    /// A player's first settlement on each island that holds none of its starting
    /// settlements earns `first` for the first such island and `further` for each other
    /// (SC2-4 with 1 and 2; SC9-6 with 1 and 1).
    ForeignIslands {
        islands: Vec<CornerSet>,
        first: u8,
        further: u8,
    },
}

impl SpecialVp {
    /// The scoring areas (islands) a corner belongs to, as a mask.
    pub fn areas_at(&self, corner: usize) -> u16 {
        let areas = match self {
            SpecialVp::None => return 0,
            SpecialVp::FirstPerArea { areas, .. } => areas,
            SpecialVp::ForeignIslands { islands, .. } => islands,
        };
        let mut mask = 0;
        for (i, a) in areas.iter().enumerate() {
            if a.contains(corner) {
                mask |= 1 << i;
            }
        }
        mask
    }
}

impl RuleSet {
    /// The base game: no module on.
    pub fn base() -> RuleSet {
        RuleSet {
            ships: false,
            pirate: false,
            trade_route: false,
            fog: false,
            setup_corners: None,
            special_vp: SpecialVp::None,
            robber: true,
            largest_army: true,
            barbarians: None,
            event_cards: false,
            tournament: false,
            harbormaster: false,
        }
    }

    /// The modules a board's map file switches on. Unknown areas were refused when the map
    /// was checked, so they are skipped here.
    pub fn of(t: &Topology, options: &GameOptions) -> RuleSet {
        let other = &t.board.other;
        let seafarers = t.board.game.as_deref() == Some("seafarers");
        let barbarian_attack = t.board.game.as_deref() == Some("barbarian-attack");
        let rules = other.get("rules");
        let flag = |name: &str, default: bool| {
            rules
                .and_then(|r| r.get(name))
                .and_then(Value::as_bool)
                .unwrap_or(default)
        };
        let area = |name: &str| -> Option<CornerSet> {
            let hexes = other.get("areas")?.get(name)?.as_array()?;
            let mut set = HexSet::new();
            for h in hexes {
                let id = t.hex_id(h.as_str()?.parse().ok()?)?;
                set.insert(id.index());
            }
            Some(t.corners_of(&set))
        };
        let names = |v: Option<&Value>| -> Vec<String> {
            v.and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|n| n.as_str().map(String::from))
                .collect()
        };
        let setup_corners = other
            .get("setup")
            .and_then(|s| s.get("allowed_areas"))
            .map(|a| {
                let mut corners = CornerSet::new();
                for name in names(Some(a)) {
                    if let Some(c) = area(&name) {
                        corners |= c;
                    }
                }
                corners
            });
        let special = other.get("special_vp");
        let kind = special.and_then(|s| s.get("kind")).and_then(Value::as_str);
        let number = |name: &str, default: u8| {
            special
                .and_then(|s| s.get(name))
                .and_then(Value::as_u64)
                .map_or(default, |n| n as u8)
        };
        let special_vp = match kind {
            Some("first-settlement-per-area") => {
                let listed = special.and_then(|s| s.get("areas"));
                let areas: Vec<CornerSet> = if listed.is_some_and(Value::is_array) {
                    names(listed).iter().filter_map(|n| area(n)).collect()
                } else {
                    // "Every island that is not one of the player's home islands" (SC9-6).
                    Vec::new()
                };
                let value = options.special_vp_value.unwrap_or(number("value", 1));
                if areas.is_empty() {
                    SpecialVp::ForeignIslands {
                        islands: t
                            .islands()
                            .iter()
                            .map(|i| t.corners_of(i))
                            .take(MOST_AREAS)
                            .collect(),
                        first: value,
                        further: value,
                    }
                } else {
                    SpecialVp::FirstPerArea {
                        areas: areas.into_iter().take(MOST_AREAS).collect(),
                        value,
                    }
                }
            }
            Some("foreign-island-escalating") => SpecialVp::ForeignIslands {
                islands: names(special.and_then(|s| s.get("areas")))
                    .iter()
                    .filter_map(|n| area(n))
                    .take(MOST_AREAS)
                    .collect(),
                first: number("first_foreign", 1),
                further: number("each_further_foreign", 2),
            },
            _ => SpecialVp::None,
        };
        RuleSet {
            ships: seafarers || flag("ships", false),
            pirate: flag("pirate", false),
            trade_route: flag("longest_trade_route", false),
            fog: flag("fog_discovery", false) && !t.fog_hexes.is_empty(),
            setup_corners,
            special_vp,
            robber: t.board.robber_used,
            largest_army: flag("largest_army", true) && !barbarian_attack,
            barbarians: if barbarian_attack {
                BarbarianRules::of(t).map(Box::new)
            } else {
                None
            },
            event_cards: options.event_cards,
            tournament: options.tournament == crate::game::TournamentMode::KnightsOnBoard,
            harbormaster: options.harbormaster,
        }
    }
}
