//! Which rule modules a game switches on, read from its map file (`rules`, `setup`,
//! `special_vp`; shared/rules/maps/README.md) and its options. Shared rules code asks these
//! switches; no code asks which scenario is being played.

use crate::game::GameOptions;
use crate::topology::{CornerId, CornerSet, EdgeSet, HexId, HexSet, Topology};
use serde_json::Value;

pub use crate::modules::forgotten_tribe::{Gift, GiftKind, TribeRules};
pub use crate::modules::wonders::{WonderRules, requirement as wonder_requirement, stage_cost};

/// The most scoring areas (islands) a map may have for special victory points.
pub const MOST_AREAS: usize = 16;

/// The most special victory points one scoring area may earn (`special_vp.value`,
/// `first_foreign`, `each_further_foreign`, the option `special_vp_value`). The scenarios
/// give 1 or 2; with `MOST_AREAS` areas the sum stays far within a player's count of points.
pub const MOST_SPECIAL_VP: u8 = 10;

/// The highest victory target a map or the options may set (the scenarios play to 10 to 18;
/// the Harbormaster's one more included). Points are counted in bytes: a target far below
/// their limit keeps every sum exact.
pub const MOST_VICTORY_POINTS: u8 = 50;

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
    /// Corners where no settlement may ever stand (`setup.never_settle_areas`; SC5-3).
    pub no_settlement_corners: CornerSet,
    /// Hexes the robber may never be moved to (`rules.robber_forbidden_areas`; SC5-4).
    pub robber_forbidden: HexSet,
    /// The Wonders of Catan: marked corners and wonders (`extras.wonders`; SC8-2 to SC8-8).
    pub wonders: Option<Box<crate::modules::wonders::WonderRules>>,
    /// The Forgotten Tribe's gifts (`extras.gifts`; SC5-5 to SC5-7).
    pub forgotten_tribe: Option<Box<crate::modules::forgotten_tribe::TribeRules>>,
    /// Cloth for Catan's villages (`extras.villages`; SC6-2 to SC6-9).
    pub cloth: Option<Box<crate::modules::cloth::ClothRules>>,
    /// Starting settlements per player (`setup.settlements`): 2 (B-22), or 3 with a third
    /// round in seat order (SC6-3).
    pub setup_rounds: u8,
    /// What Longest Road (with ships, the longest trade route) is worth (`rules.longest_trade_route`).
    pub longest_route: LongestRoute,
    /// A starting settlement may take a ship instead of its road (S-20;
    /// `setup.ship_instead_of_road`, SC7-3).
    pub setup_ships: bool,
    /// The Pirate Islands' colours, lanes, fortresses and fleet (`extras.colours`; SC7).
    /// Which colours play depends on the seats, so `Game::new` fills it in.
    pub pirate_islands: Option<Box<crate::modules::pirate_islands::PirateRules>>,
    /// The players place the harbor tokens before setup (`harbor_placement`; SC9-3).
    pub harbor_placement: Option<Box<crate::modules::harbor_placement::HarborPlacementRules>>,
}

/// Whether Longest Road is awarded and scores (S-16, SC6-9, SC7-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongestRoute {
    /// Awarded, 2 points (B-36): the base game, and Seafarers unless the map says otherwise.
    Scores,
    /// Worked out and shown, worth nothing (SC7-4: a note in place of `true`).
    Tracked,
    /// Not used (SC6-9: `false`).
    Off,
}

/// The most barbarians a Barbarian Attack map may have in the game (`barbarians.total`; the
/// game has 30, BA-5).
pub const MOST_BARBARIANS: u8 = 60;

/// The most knights per player (`knights.per_player`; the game has 6, BA-2): the board holds
/// `MAX_KNIGHTS` for four colours.
pub const MOST_KNIGHTS_PER_PLAYER: u8 = (crate::state::MAX_KNIGHTS / crate::state::MAX_SEATS) as u8;

/// The most coastal hexes in a battle order (`battle_order`; the game has 10).
pub const MAX_COASTAL_HEXES: usize = crate::state::MAX_COASTAL_HEXES;

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
    /// For each path, the paths a knight reaches from it in up to 3 steps and in up to 5
    /// (BA-19), itself left out. Steps ignore what stands on the paths, so this is the
    /// board's alone, worked out once for the board's shape (`shared_knight_reach`): a
    /// move is then a look-up rather than a search.
    pub knight_reach: crate::modules::barbarian_attack::KnightReach,
    /// The corners where a building may be conquered: every hex there is coastal (BA-12).
    pub conquerable: CornerSet,
    /// Every path of the board, where the Black Knight may go (BA-15).
    pub paths: EdgeSet,
    /// For each path, the coastal hexes it borders, as bits of their indices in `coastal`.
    pub path_coasts: Vec<u16>,
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
            // Each has its count of barbarians (`Barbarians::on`; checked with the map).
            .take(MAX_COASTAL_HEXES)
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
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(30)
            .min(MOST_BARBARIANS);
        let start = barbarians
            .and_then(|b| b.get("start"))
            .and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .filter_map(|(h, n)| {
                        let id = t.hex_id(h.parse().ok()?)?;
                        let i = coastal.iter().position(|&c| c == id)?;
                        Some((i as u8, u8::try_from(n.as_u64()?).ok()?))
                    })
                    // Never more on the board than in the game (checked with the map).
                    .scan(total, |left, (i, n)| {
                        let n = n.min(*left);
                        *left -= n;
                        Some((i, n))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let knights = other
            .get("knights")
            .and_then(|k| k.get("per_player"))
            .and_then(Value::as_u64)
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(6)
            .min(MOST_KNIGHTS_PER_PLAYER);
        let coast: HexSet = coastal.iter().map(|h| h.index()).collect();
        let mut path_coasts = vec![0u16; t.edge_count()];
        for (i, &h) in coastal.iter().enumerate().take(16) {
            for e in t.hex_edges(h) {
                path_coasts[e.index()] |= 1 << i;
            }
        }
        let conquerable = t
            .corners_of(&coast)
            .iter()
            .filter(|&c| {
                t.corner_hexes(CornerId(c as u16))
                    .all(|h| coast.contains(h.index()))
            })
            .collect();
        Some(BarbarianRules {
            castle,
            coastal,
            landing,
            castle_paths,
            total,
            start,
            knights,
            victory_points: t.board.victory_points.unwrap_or(12),
            knight_reach: crate::modules::barbarian_attack::shared_knight_reach(t),
            conquerable,
            paths: (0..t.edge_count()).collect(),
            path_coasts,
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
            no_settlement_corners: CornerSet::new(),
            robber_forbidden: HexSet::new(),
            wonders: None,
            forgotten_tribe: None,
            cloth: None,
            setup_rounds: 2,
            longest_route: LongestRoute::Scores,
            setup_ships: false,
            pirate_islands: None,
            harbor_placement: None,
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
        let areas_corners = |list: Option<&Value>| {
            let mut corners = CornerSet::new();
            for name in names(list) {
                if let Some(c) = area(&name) {
                    corners |= c;
                }
            }
            corners
        };
        let setup = other.get("setup");
        let mut setup_corners = setup
            .and_then(|s| s.get("allowed_areas"))
            .map(|a| areas_corners(Some(a)));
        let no_settlement_corners = areas_corners(setup.and_then(|s| s.get("never_settle_areas")));
        let mut robber_forbidden = HexSet::new();
        for name in names(rules.and_then(|r| r.get("robber_forbidden_areas"))) {
            for h in other
                .get("areas")
                .and_then(|a| a.get(&name))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(id) = h.as_str().and_then(|h| t.hex_id(h.parse().ok()?)) {
                    robber_forbidden.insert(id.index());
                }
            }
        }
        let wonders = crate::modules::wonders::WonderRules::of(t).map(Box::new);
        if let Some(w) = &wonders {
            // No starting settlement on a marked corner (SC8-3).
            let allowed = setup_corners.unwrap_or(t.land_corners);
            setup_corners = Some(allowed.difference(&w.marked()));
        }
        let special = other.get("special_vp");
        let kind = special.and_then(|s| s.get("kind")).and_then(Value::as_str);
        let number = |name: &str, default: u8| {
            special
                .and_then(|s| s.get(name))
                .and_then(Value::as_u64)
                .and_then(|n| u8::try_from(n).ok())
                // Larger values were refused when the map was checked (MOST_SPECIAL_VP).
                .map_or(default, |n| n.min(MOST_SPECIAL_VP))
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
                let value = options
                    .special_vp_value
                    .map_or_else(|| number("value", 1), |n| n.min(MOST_SPECIAL_VP));
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
            no_settlement_corners,
            robber_forbidden,
            wonders,
            forgotten_tribe: crate::modules::forgotten_tribe::TribeRules::of(t).map(Box::new),
            cloth: crate::modules::cloth::ClothRules::of(t).map(Box::new),
            setup_rounds: setup
                .and_then(|s| s.get("settlements"))
                .and_then(Value::as_u64)
                .filter(|n| (2..=3).contains(n))
                .map_or(2, |n| n as u8),
            longest_route: match rules.and_then(|r| r.get("longest_trade_route")) {
                Some(Value::Bool(false)) => LongestRoute::Off,
                Some(Value::String(_)) => LongestRoute::Tracked,
                _ => LongestRoute::Scores,
            },
            setup_ships: setup
                .and_then(|s| s.get("ship_instead_of_road"))
                .and_then(Value::as_bool)
                .unwrap_or(true),
            pirate_islands: None,
            harbor_placement: crate::modules::harbor_placement::HarborPlacementRules::of(t)
                .map(Box::new),
        }
    }
}
