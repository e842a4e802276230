//! A whole position as JSON: board, pieces, hands, decks, phase (docs/record-format.md,
//! Positions). Used for saved games and rule tests. Reading one checks it and lists every
//! problem found.

use crate::action::MOST_ASKED;
use crate::game::{Game, GameOptions, GameSetup, SetupError, TournamentMode};
use crate::geometry::{Corner, Edge, Hex};
use crate::map::{Layout, LayoutOptions, MapFile, MapTemplate, builtin};
use crate::resources::{DevelopmentCard, DevelopmentCards, Resource, Resources};
use crate::rules::awards::{LARGEST_ARMY_MINIMUM, LONGEST_ROAD_MINIMUM};
use crate::rules::routes::award_length;
use crate::state::SHIPS;
use crate::state::{
    CITIES, EVENT_DECK, EventCard, MAX_SEATS, OpenOffer, Phase, ROADS, SETTLEMENTS, Seat, SeatSet,
    TradeOffer, Wonder,
};
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet};
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

pub const POSITION_FORMAT: &str = "settlers-position";
/// Version 2 names a seat's gold-field picks still owed `gold_picks_owed` (version 1: `gold`,
/// still read) and added `harbor_in_hand` with the New World's harbor phases (which
/// version-1 readers of this program took too). docs/record-format.md, "Positions".
pub const POSITION_VERSION: u32 = 2;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    #[serde(default = "position_format")]
    pub format: String,
    #[serde(default = "position_version")]
    pub version: u32,
    #[serde(default = "base_scenario")]
    pub scenario: String,
    /// A built-in map by id, or a whole map.
    pub map: MapSource,
    /// How a built-in map is laid out; `beginner` when not given. Random layouts use seed 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory_points: Option<u8>,
    /// The special victory points of a first settlement in a scoring area, in place of the
    /// map's value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_vp_value: Option<u8>,
    #[serde(default)]
    pub first_seat: u8,
    pub phase: PhaseText,
    /// Whose turn it is; the first seat when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u16>,
    /// Whether the dice were rolled this turn; follows from the phase when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<bool>,
    #[serde(default)]
    pub card_played: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<[u8; 2]>,
    pub players: Vec<PlayerPosition>,
    /// The bank; what the hands leave of the 95 cards when not given. An unlimited bank
    /// holds 19 of each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<Resources>,
    /// The bank never runs short (`GameOptions::unlimited_bank`, base.md's engine option
    /// `bank_limit` off): the hands may hold any number of cards.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unlimited_bank: bool,
    /// The development deck; the 25 cards less those held and played when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub development_deck: Option<DevelopmentCards>,
    /// A hex, or `beside` the board; the map's start when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robber: Option<String>,
    /// A seat, or `none`; worked out from the roads when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub longest_road: Option<Holder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub largest_army: Option<Holder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<OfferPosition>,
    #[serde(default)]
    pub offers_this_turn: u8,
    /// The pirate: a sea hex, or `beside` the board; the map's start when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pirate: Option<String>,
    /// Ships placed this turn, which may not move (S-13.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub new_ships: Vec<Edge>,
    /// Whether a ship has moved this turn (S-13.2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub ship_moved: bool,
    /// Catan chits earned: special victory points (S-19).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chits: Vec<ChitPosition>,
    /// The phase play goes back to after gold picks or fog reveals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume: Option<PhaseText>,
    /// Barbarian Attack: barbarians, knights, gold, prisoners, the deck; the start when not
    /// given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barbarians: Option<BarbariansPosition>,
    /// Neutral seats (two-player Barbarian Attack): listed in `players` after the two
    /// players, they own pieces and never play.
    #[serde(default, skip_serializing_if = "no_seats")]
    pub neutral: SeatSet,
    /// Barbarian Attack with event cards in place of the production dice (BAE), and what
    /// Tournament does then (D-BAE-3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub event_cards: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub tournament: TournamentMode,
    /// The event cards revealed since New Year and the choices still owed; none revealed
    /// when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<EventsPosition>,
    /// Barbarian Attack with the Harbormaster (BAH), and who holds the card: a seat or
    /// `none`, worked out from the buildings when not given.
    #[serde(default, skip_serializing_if = "is_false")]
    pub harbormaster: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harbormaster_holder: Option<Holder>,
    /// Barbarian Attack where any seat wins the moment it holds the target (BA-31's engine
    /// option `win_off_turn`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub win_off_turn: bool,
    /// The Wonders of Catan: each wonder claimed, its owner and the stages built (SC8-6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wonders: Vec<WonderPosition>,
    /// The Forgotten Tribe: each gift taken, by its edge, and where a harbor gift was placed
    /// (SC5-7). A harbor gift taken and not placed is waiting in front of its seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gifts: Vec<GiftPosition>,
    /// Harbors placed by the players (SC9-3): the token the active seat turned over and
    /// holds, in phase `placing_harbor`. It is one of the map's `harbor_placement.tokens`,
    /// which lists the tokens not yet on the board; those placed are among its `harbors`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harbor_in_hand: Option<crate::map::HarborKind>,
    /// Cloth for Catan: the cloth on each village, in the general supply and held by each
    /// seat, and who trades with each village (SC6-2 to SC6-5); the start when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cloth: Option<ClothPosition>,
    /// The Pirate Islands: the chits left on each seat's fortress, each seat's warships, and
    /// a fleet attack under way (SC7-7, SC7-8, SC7-11); the start when not given. The fleet
    /// stands on `pirate` (`"beside"` once it has left the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pirate_islands: Option<PirateIslandsPosition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<u8>,
    /// Seats sharing the win with `winner` (Cloth for Catan's tie, D-SC6-1).
    #[serde(default, skip_serializing_if = "no_seats")]
    pub shared_winners: SeatSet,
    /// The public scores as the last round ended, by seat, and how many rounds in a row
    /// ended with the scores as they began (`rules/standstill.rs`); none yet when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standstill: Option<StandstillPosition>,
}

/// How long the scores have stood still (`rules/standstill.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandstillPosition {
    pub rounds: u16,
    pub scores: Vec<u8>,
}

/// The Pirate Islands on the table (SC7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PirateIslandsPosition {
    /// Chits left on each seat's fortress, by seat: 0 once conquered, when the fortress is
    /// that seat's settlement (or city).
    pub fortresses: Vec<u8>,
    /// Each seat's warships: edges of its ships.
    #[serde(default)]
    pub warships: Vec<Vec<Edge>>,
    /// During a fleet attack: the cards each seat still loses (by seat), and the seats still
    /// to take a resource for beating the fleet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plunder_due: Vec<u8>,
    #[serde(default, skip_serializing_if = "no_seats")]
    pub reward_due: SeatSet,
}

/// Cloth for Catan's cloth (SC6-2 to SC6-5). Every cloth is somewhere: the villages, the
/// supply and the seats together hold what the map started with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClothPosition {
    /// Each village of the map, by its corner: its cloth and its traders in the order they
    /// began to trade. A village not listed keeps its starting cloth and has no trader.
    #[serde(default)]
    pub villages: Vec<VillagePosition>,
    pub supply: u8,
    /// Cloth held, by seat.
    #[serde(default)]
    pub held: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VillagePosition {
    pub corner: Corner,
    pub cloth: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traders: Vec<u8>,
}

/// A wonder claimed (SC8-6): by whom, and how many of its 4 stages are built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WonderPosition {
    pub wonder: crate::state::Wonder,
    pub seat: u8,
    #[serde(default)]
    pub stages: u8,
}

/// A gift taken (SC5-7): the gift edge and who took it; for a harbor gift, where its token
/// was placed, or nothing while it waits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiftPosition {
    pub edge: Edge,
    pub seat: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harbor_at: Option<Edge>,
}

/// The event-card deck in a position (BAE-2): the cards revealed since New Year (a
/// rejected second card included), the last one, and the seats that still owe the choice
/// its event asks (phase `event`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventsPosition {
    #[serde(default)]
    pub revealed: Vec<EventCard>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<EventCard>,
    #[serde(default, skip_serializing_if = "no_seats")]
    pub owed: SeatSet,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

fn position_format() -> String {
    POSITION_FORMAT.into()
}
fn position_version() -> u32 {
    POSITION_VERSION
}
fn base_scenario() -> String {
    "base".into()
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum MapSource {
    Builtin(String),
    Inline(Box<MapFile>),
}

impl<'de> Deserialize<'de> for MapSource {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(id) => Ok(MapSource::Builtin(id)),
            value @ serde_json::Value::Object(_) => serde_json::from_value(value)
                .map(|m| MapSource::Inline(Box::new(m)))
                .map_err(|e| D::Error::custom(format!("map: {e}"))),
            other => Err(D::Error::custom(format!(
                "map: `{other}` is neither a built-in map's id nor a map"
            ))),
        }
    }
}

/// Who holds an award: a seat number, or the word `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder(pub Option<Seat>);

impl Serialize for Holder {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(seat) => s.serialize_u8(seat.0),
            None => s.serialize_str("none"),
        }
    }
}

impl<'de> Deserialize<'de> for Holder {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Seat(u8),
            Word(String),
        }
        match Raw::deserialize(d)? {
            Raw::Seat(n) => Ok(Holder(Some(Seat(n)))),
            Raw::Word(w) if w == "none" => Ok(Holder(None)),
            Raw::Word(w) => Err(serde::de::Error::custom(format!(
                "`{w}` is not a seat or `none`"
            ))),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPosition {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settlements: Vec<Corner>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cities: Vec<Corner>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roads: Vec<Edge>,
    #[serde(default)]
    pub hand: Resources,
    #[serde(default)]
    pub development_cards: DevelopmentCards,
    #[serde(default)]
    pub new_development_cards: DevelopmentCards,
    #[serde(default)]
    pub played_knights: u8,
    /// Cards still to discard after a 7; half the hand of 8+ when the phase is
    /// `discarding` and no player gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<Edge>,
    /// Gold-field picks still to choose (S-18).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold_picks_owed: u8,
    /// Version 1's name for `gold_picks_owed`: read, never written. (Barbarian Attack's gold
    /// coins are `barbarians.gold`.)
    #[serde(default, rename = "gold", skip_serializing)]
    pub gold_version_1: Option<u8>,
    /// Roads an Earthquake damaged, among `roads` (BAE-4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damaged_roads: Vec<Edge>,
}

/// A Catan chit: who earned it, with which settlement, how many points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChitPosition {
    pub seat: u8,
    pub corner: Corner,
    pub value: u8,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero(n: &u8) -> bool {
    *n == 0
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferPosition {
    pub give: Resources,
    pub get: Resources,
    pub to: SeatSet,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub give_gold: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub get_gold: u8,
    #[serde(default)]
    pub answered: SeatSet,
    #[serde(default)]
    pub accepted: SeatSet,
}

/// The phase: a word (`main`), or an object for phases that carry data
/// (`{"step": "setup_road", "settlement": "1,0,N"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PhaseText {
    Word(PhaseWord),
    With(PhaseWith),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseWord {
    SetupSettlement,
    BeforeRoll,
    Rolling,
    Discarding,
    MovingRobber,
    Main,
    Drawing,
    TradeOffered,
    PickingGold,
    /// Barbarian Attack (barbarian-attack.md).
    Landing,
    PlacingKnight,
    PlacingBlackKnight,
    Treason,
    Intrigue,
    MovingKnights,
    Battle,
    ForeignKnight,
    /// Event cards: seats choose for the event revealed (BAE-4).
    Event,
    /// The Forgotten Tribe: chance turns over a claimed gift card; the active seat places a
    /// gift harbor (SC5-7).
    DrawingGift,
    PlacingGiftHarbor,
    /// The Pirate Islands: chance rolls the die for the active seat's fortress (SC7-11).
    FortressBattle,
    /// Before setup on a map whose harbors the players place (SC9-3): chance turns over the
    /// next token; the active seat places the token it holds (`harbor_in_hand`).
    DrawingHarbor,
    PlacingHarbor,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum PhaseWith {
    /// Two-player Barbarian Attack: a neutral's free road (`settlement: false`) or
    /// settlement (BA2-4).
    NeutralBuilding {
        settlement: bool,
    },
    /// Two players: chance takes cards from `victim` for a forced trade; then the active seat
    /// gives back as many (BA2-7).
    ForcedTrade {
        victim: Seat,
    },
    GivingBack {
        victim: Seat,
    },
    SetupRoad {
        settlement: Corner,
    },
    Stealing {
        victim: Seat,
    },
    BuildingRoads {
        left: u8,
    },
    /// The fog reached by the piece `seat` placed on `edge` is being revealed.
    Revealing {
        edge: Edge,
        seat: Seat,
    },
    /// Event cards: chance picks the card `taker` takes from `victim` (BAE-4).
    EventStealing {
        taker: Seat,
        victim: Seat,
    },
    /// The Pirate Islands: chance takes the cards the fleet plunders from `seat`; `seat`
    /// takes a resource for beating the fleet (SC7-8).
    FleetPlunder {
        seat: Seat,
    },
    FleetReward {
        seat: Seat,
    },
}

const PHASE_WORDS: &str = "setup_settlement, before_roll, rolling, discarding, moving_robber, main, drawing, trade_offered, picking_gold, landing, placing_knight, placing_black_knight, treason, intrigue, moving_knights, battle, foreign_knight, event, drawing_gift, placing_gift_harbor, fortress_battle, drawing_harbor, placing_harbor, over";
const PHASE_STEPS: &str = "setup_road, stealing, building_roads, revealing, neutral_building, forced_trade, giving_back, event_stealing, fleet_plunder, fleet_reward";

impl<'de> Deserialize<'de> for PhaseText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        use serde_json::Value;
        let value = Value::deserialize(d)?;
        let map = match &value {
            Value::String(word) => {
                return serde_json::from_value(value.clone())
                    .map(PhaseText::Word)
                    .map_err(|_| {
                        D::Error::custom(format!(
                            "`{word}` is not a phase ({PHASE_WORDS}; or an object with a `step`: {PHASE_STEPS})"
                        ))
                    });
            }
            Value::Object(map) => map,
            other => return Err(D::Error::custom(format!("`{other}` is not a phase"))),
        };
        let step = map.get("step").and_then(Value::as_str).ok_or_else(|| {
            D::Error::custom(format!("a phase object needs a `step`: {PHASE_STEPS}"))
        })?;
        let (name, field) = match step {
            "setup_road" => ("settlement", map.get("settlement")),
            "stealing" | "forced_trade" | "giving_back" | "event_stealing" => {
                ("victim", map.get("victim"))
            }
            "neutral_building" => ("settlement", map.get("settlement")),
            "building_roads" => ("left", map.get("left")),
            "fleet_plunder" | "fleet_reward" => ("seat", map.get("seat")),
            "revealing" => ("edge", map.get("edge")),
            other => {
                return Err(D::Error::custom(format!(
                    "`{other}` is not a phase step ({PHASE_STEPS})"
                )));
            }
        };
        let also = match step {
            "revealing" => "seat",
            "event_stealing" => "taker",
            _ => name,
        };
        if let Some(extra) = map
            .keys()
            .find(|k| *k != "step" && *k != name && *k != also)
        {
            return Err(D::Error::custom(format!(
                "phase `{step}` has no field `{extra}`"
            )));
        }
        let field =
            field.ok_or_else(|| D::Error::custom(format!("phase `{step}` needs `{name}`")))?;
        let small = |v: &Value| v.as_u64().and_then(|n| u8::try_from(n).ok());
        let with =
            match step {
                "setup_road" => PhaseWith::SetupRoad {
                    settlement: field
                        .as_str()
                        .ok_or_else(|| {
                            D::Error::custom(format!(
                                "phase `setup_road`: settlement `{field}` is not a corner"
                            ))
                        })?
                        .parse()
                        .map_err(|e| {
                            D::Error::custom(format!("phase `setup_road`: settlement: {e}"))
                        })?,
                },
                "stealing" | "forced_trade" | "giving_back" => {
                    let victim = Seat(small(field).ok_or_else(|| {
                        D::Error::custom(format!(
                            "phase `{step}`: victim `{field}` is not a seat number"
                        ))
                    })?);
                    match step {
                        "stealing" => PhaseWith::Stealing { victim },
                        "forced_trade" => PhaseWith::ForcedTrade { victim },
                        _ => PhaseWith::GivingBack { victim },
                    }
                }
                "fleet_plunder" | "fleet_reward" => {
                    let seat = Seat(small(field).ok_or_else(|| {
                        D::Error::custom(format!(
                            "phase `{step}`: seat `{field}` is not a seat number"
                        ))
                    })?);
                    if step == "fleet_plunder" {
                        PhaseWith::FleetPlunder { seat }
                    } else {
                        PhaseWith::FleetReward { seat }
                    }
                }
                "event_stealing" => PhaseWith::EventStealing {
                    victim: Seat(small(field).ok_or_else(|| {
                        D::Error::custom(format!(
                            "phase `event_stealing`: victim `{field}` is not a seat number"
                        ))
                    })?),
                    taker: Seat(map.get("taker").and_then(small).ok_or_else(|| {
                        D::Error::custom("phase `event_stealing` needs the `taker`")
                    })?),
                },
                "neutral_building" => PhaseWith::NeutralBuilding {
                    settlement: field.as_bool().ok_or_else(|| {
                        D::Error::custom(format!(
                            "phase `neutral_building`: settlement `{field}` is not true or false"
                        ))
                    })?,
                },
                "revealing" => PhaseWith::Revealing {
                    edge: field
                        .as_str()
                        .ok_or_else(|| {
                            D::Error::custom(format!(
                                "phase `revealing`: edge `{field}` is not an edge"
                            ))
                        })?
                        .parse()
                        .map_err(|e| D::Error::custom(format!("phase `revealing`: edge: {e}")))?,
                    seat: Seat(map.get("seat").and_then(small).ok_or_else(|| {
                        D::Error::custom("phase `revealing` needs the `seat` that placed the piece")
                    })?),
                },
                _ => PhaseWith::BuildingRoads {
                    left: small(field).ok_or_else(|| {
                        D::Error::custom(format!(
                            "phase `building_roads`: left `{field}` is not a number of roads"
                        ))
                    })?,
                },
            };
        Ok(PhaseText::With(with))
    }
}

impl Position {
    pub fn from_json(text: &str) -> Result<Position, SetupError> {
        serde_json::from_str(text).map_err(|e| SetupError(vec![format!("not a position: {e}")]))
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a position always serialises")
    }
}

struct Problems(Vec<String>);
impl Problems {
    fn add(&mut self, p: impl Into<String>) {
        self.0.push(p.into());
    }
}

impl Game {
    /// A game from a whole position, checked; every problem is listed.
    pub fn from_position(pos: &Position) -> Result<Game, SetupError> {
        let mut p = Problems(Vec::new());
        if pos.format != POSITION_FORMAT {
            p.add(format!(
                "`{}` is not a position (expected `{POSITION_FORMAT}`)",
                pos.format
            ));
        }
        if pos.version > POSITION_VERSION {
            p.add(format!(
                "position version {} is newer than this program reads (up to {POSITION_VERSION})",
                pos.version
            ));
        }
        let seats = pos.players.len();
        if !(2..=MAX_SEATS).contains(&seats) {
            return Err(SetupError(vec![format!(
                "{seats} players: a position has 2 to {MAX_SEATS}"
            )]));
        }
        let board = match &pos.map {
            MapSource::Builtin(id) => match builtin::text(id) {
                Some(text) => realise(
                    &MapFile::from_json(text).expect("built-in maps are valid"),
                    pos.layout.unwrap_or(Layout::Beginner),
                ),
                None => Err(vec![format!("there is no built-in map `{id}`")]),
            },
            MapSource::Inline(file) => realise(file, pos.layout.unwrap_or(Layout::Beginner)),
        };
        let board = board.map_err(SetupError)?;

        let playing = seats - pos.neutral.len();
        let mut game = Game::new(GameSetup {
            scenario: pos.scenario.clone(),
            board,
            seats: playing as u8,
            first: Seat(pos.first_seat),
            options: GameOptions {
                victory_points: pos.victory_points,
                special_vp_value: pos.special_vp_value,
                event_cards: pos.event_cards,
                tournament: pos.tournament,
                harbormaster: pos.harbormaster,
                win_off_turn: pos.win_off_turn,
                unlimited_bank: pos.unlimited_bank,
                ..GameOptions::default()
            },
        })?;
        if game.state.seats as usize != seats || game.state.neutral != pos.neutral {
            return Err(SetupError(vec![format!(
                "{} players with neutral seats {:?}: only two-player Barbarian Attack has neutral players, seats 2 and 3",
                seats,
                pos.neutral.iter().map(|s| s.0).collect::<Vec<_>>()
            )]));
        }
        // Gift harbors placed are part of the board from then on (SC5-7).
        let gifts = read_gifts(&game, &pos.gifts, seats, &mut p);
        for &(i, _, at) in &gifts {
            let kind = match game.tribe_rules().map(|r| r.gifts[i].kind) {
                Some(crate::modules::forgotten_tribe::GiftKind::Harbor(kind)) => kind,
                _ => continue,
            };
            if let Some(e) = at {
                let t = game.topology();
                let edge = t.edge(e);
                if !t
                    .board
                    .harbors
                    .iter()
                    .any(|h| h.edge == edge && h.kind == kind)
                {
                    std::sync::Arc::make_mut(&mut game.config)
                        .topology
                        .add_harbor(e, kind);
                }
            }
        }
        let t = &game.config.topology;
        let s = &mut game.state;

        // Pieces.
        let corner = |p: &mut Problems, c: &Corner, who: usize, what: &str| -> Option<CornerId> {
            match t.corner_id(*c) {
                Some(id) if t.land_corners.contains(id.index()) => Some(id),
                Some(_) => {
                    p.add(format!("seat {who}: {what} on {c}, which touches no land"));
                    None
                }
                None => {
                    p.add(format!(
                        "seat {who}: {what} on {c}, which is not on the board"
                    ));
                    None
                }
            }
        };
        // The Pirate Islands' pieces placed before setup are the position's to give.
        let pirate_islands = game.config.rules.pirate_islands.is_some();
        for (i, pp) in pos.players.iter().enumerate() {
            let player = &mut s.players[i];
            if pirate_islands {
                *player = crate::state::PlayerState::default();
            }
            for c in &pp.settlements {
                if let Some(id) = corner(&mut p, c, i, "a settlement") {
                    player.settlements.insert(id.index());
                }
            }
            for c in &pp.cities {
                if let Some(id) = corner(&mut p, c, i, "a city") {
                    if player.settlements.contains(id.index()) {
                        p.add(format!("seat {i}: both a settlement and a city on {c}"));
                    }
                    player.cities.insert(id.index());
                }
            }
            for e in &pp.roads {
                match t.edge_id(*e) {
                    Some(id) if t.road_edges.contains(id.index()) => {
                        player.roads.insert(id.index())
                    }
                    Some(_) => p.add(format!("seat {i}: a road on {e}, which touches no land")),
                    None => p.add(format!(
                        "seat {i}: a road on {e}, which is not on the board"
                    )),
                }
            }
            if pp.settlements.len() > SETTLEMENTS as usize {
                p.add(format!(
                    "seat {i}: {} settlements, a player has {SETTLEMENTS}",
                    pp.settlements.len()
                ));
            }
            if pp.cities.len() > CITIES as usize {
                p.add(format!(
                    "seat {i}: {} cities, a player has {CITIES}",
                    pp.cities.len()
                ));
            }
            if pp.roads.len() > ROADS as usize {
                p.add(format!(
                    "seat {i}: {} roads, a player has {ROADS}",
                    pp.roads.len()
                ));
            }
            for e in &pp.damaged_roads {
                match t.edge_id(*e) {
                    Some(id) if player.roads.contains(id.index()) => {
                        s.events.damaged.insert(id.index())
                    }
                    _ => p.add(format!(
                        "seat {i}: a damaged road on {e}, where it has no road"
                    )),
                }
            }
            for e in &pp.ships {
                match t.edge_id(*e) {
                    Some(id) if t.ship_edges.contains(id.index()) => {
                        player.ships.insert(id.index())
                    }
                    Some(_) => p.add(format!(
                        "seat {i}: a ship on {e}, which has no sea beside it"
                    )),
                    None => p.add(format!(
                        "seat {i}: a ship on {e}, which is not on the board"
                    )),
                }
            }
            if pp.ships.len() > SHIPS as usize {
                p.add(format!(
                    "seat {i}: {} ships, a player has {SHIPS}",
                    pp.ships.len()
                ));
            }
            player.gold_owed = match pp.gold_version_1 {
                None => pp.gold_picks_owed,
                Some(owed) if pp.gold_picks_owed == 0 => owed,
                Some(_) => {
                    p.add(format!(
                        "seat {i}: both `gold_picks_owed` and `gold`, its version-1 name: give one"
                    ));
                    pp.gold_picks_owed
                }
            };
            player.hand = pp.hand;
            player.cards = pp.development_cards;
            player.new_cards = pp.new_development_cards;
            player.played_knights = pp.played_knights;
        }
        // Shared corners and edges, the distance rule.
        let mut occupied = CornerSet::new();
        let mut paved = EdgeSet::new();
        for i in 0..seats {
            let player = &s.players[i];
            let buildings = player.buildings();
            if buildings.intersects(&occupied) {
                for c in buildings.intersection(&occupied).iter() {
                    p.add(format!(
                        "two players' buildings on {}",
                        t.corner(CornerId(c as u16))
                    ));
                }
            }
            occupied |= buildings;
            if player.roads.intersects(&paved) {
                for e in player.roads.intersection(&paved).iter() {
                    p.add(format!(
                        "two players' roads on {}",
                        t.edge(EdgeId(e as u16))
                    ));
                }
            }
            paved |= player.roads;
        }
        let mut shipped = EdgeSet::new();
        for i in 0..seats {
            let ships = s.players[i].ships;
            for e in ships.intersection(&paved.union(&shipped)).iter() {
                p.add(format!(
                    "a ship on {}, which already holds a road or ship",
                    t.edge(EdgeId(e as u16))
                ));
            }
            shipped |= ships;
        }
        s.shipped = shipped;
        // An unconquered fortress is a building of nobody's (SC7-2); a conquered one is its
        // seat's (D-SC7-10).
        match game.config.rules.pirate_islands.as_deref() {
            Some(rules) => {
                s.pirates = read_pirates(rules, pos.pirate_islands.as_ref(), s, t, &mut p);
                for (i, c) in rules.colours.iter().enumerate() {
                    let at = c.fortress.index();
                    if s.pirates.chits[i] > 0 {
                        if occupied.contains(at) {
                            p.add(format!(
                                "a building on seat {i}'s fortress {}, which still stands",
                                t.corner(c.fortress)
                            ));
                        }
                        occupied.insert(at);
                        s.players[i].settlements_retired = 1;
                    } else if !s.players[i].buildings().contains(at) {
                        p.add(format!(
                            "seat {i}'s fortress on {} is conquered, but is not its settlement or city",
                            t.corner(c.fortress)
                        ));
                    }
                    if s.players[i].settlements.len()
                        + usize::from(s.players[i].settlements_retired)
                        > SETTLEMENTS as usize
                    {
                        p.add(format!(
                            "seat {i}: {} settlements and its fortress; a colour has {SETTLEMENTS}",
                            s.players[i].settlements.len()
                        ));
                    }
                }
                if let Some(h) = s.pirate
                    && !rules.fleet_path.contains(&h)
                {
                    p.add(format!(
                        "the pirate fleet on {}, which is not on its path",
                        t.hex(h)
                    ));
                }
            }
            None if pos.pirate_islands.is_some() => {
                p.add("pirate_islands is given, but this map has no fortresses")
            }
            None => {}
        }
        let mut crowded = occupied;
        for c in occupied.iter() {
            let c = CornerId(c as u16);
            for n in t.corner_neighbours(c) {
                crowded.insert(n.index());
                if occupied.contains(n.index()) && c < n {
                    p.add(format!(
                        "buildings on {} and {} break the distance rule",
                        t.corner(c),
                        t.corner(n)
                    ));
                }
            }
        }
        s.occupied = occupied;
        s.crowded = crowded;
        s.paved = paved;
        // Every road belongs to a network that reaches one of its owner's buildings. Ships
        // need not: moving the ship next to an opponent's settlement may leave the ships
        // beyond it on their own (S-13.4, D-G-4.1).
        for i in 0..seats {
            let player = &s.players[i];
            let mut reached = player.buildings();
            let mut left = player.roads;
            loop {
                let mut grew = false;
                for e in left.iter() {
                    let [a, b] = t.edge_corners(EdgeId(e as u16));
                    if reached.contains(a.index()) || reached.contains(b.index()) {
                        reached.insert(a.index());
                        reached.insert(b.index());
                        left.remove(e);
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
            for e in left.iter() {
                p.add(format!(
                    "seat {i}: the road on {} is not connected to any of its settlements or cities",
                    t.edge(EdgeId(e as u16))
                ));
            }
        }
        for i in 0..seats {
            let mut harbors = 0;
            for c in s.players[i].buildings().iter() {
                harbors |= t.corner_harbor(CornerId(c as u16));
            }
            s.players[i].harbors = harbors;
        }

        // Cards: 19 of each resource in all (B-5); 25 development cards (B-6).
        let mut in_hands = [0u32; 5];
        for pl in &s.players[..seats] {
            for r in Resource::ALL {
                in_hands[r.index()] += u32::from(pl.hand.get(r));
            }
        }
        match (pos.unlimited_bank, pos.bank) {
            (true, Some(bank)) if bank != Resources::FULL_BANK => {
                p.add(format!(
                    "an unlimited bank holds 19 of each resource, not {bank}"
                ));
            }
            (true, _) => {}
            (false, Some(bank)) => {
                for r in Resource::ALL {
                    let all = in_hands[r.index()] + u32::from(bank.get(r));
                    if all != 19 {
                        p.add(format!("{all} {r} in the bank and hands; there are 19"));
                    }
                }
                s.bank = bank;
            }
            (false, None) => {
                for r in Resource::ALL {
                    let held = in_hands[r.index()];
                    if held > 19 {
                        p.add(format!("the hands hold {held} {r}; there are 19"));
                    }
                    *s.bank.get_mut(r) = 19u32.saturating_sub(held) as u8;
                }
            }
        }
        let base = game
            .config
            .rules
            .pirate_islands
            .as_deref()
            .map_or(DevelopmentCards::BASE_DECK, |r| r.deck());
        for c in DevelopmentCard::ALL {
            let mut out_of_deck: u32 = s.players[..seats]
                .iter()
                .map(|pl| u32::from(pl.cards.get(c)) + u32::from(pl.new_cards.get(c)))
                .sum();
            if c == DevelopmentCard::Knight {
                out_of_deck += s.players[..seats]
                    .iter()
                    .map(|pl| u32::from(pl.played_knights))
                    .sum::<u32>();
            }
            let in_deck = match pos.development_deck {
                Some(deck) => u32::from(deck.get(c)),
                None => u32::from(base.get(c)).saturating_sub(out_of_deck),
            };
            if in_deck + out_of_deck > u32::from(base.get(c)) {
                p.add(format!(
                    "{} {} cards in the deck, hands and played; there are {}",
                    in_deck + out_of_deck,
                    c.title(),
                    base.get(c)
                ));
            }
            *s.deck.get_mut(c) = in_deck as u8;
        }
        // Barbarian Attack plays its own deck, whose cards are never held (BA-2, BA-13).
        if game.config.rules.barbarians.is_some() {
            let held = s.players[..seats]
                .iter()
                .any(|pl| !pl.all_cards().is_empty() || pl.played_knights > 0);
            if held || pos.development_deck.is_some_and(|d| !d.is_empty()) {
                p.add(
                    "Barbarian Attack has no base development cards: its own are resolved at once",
                );
            }
            s.deck = DevelopmentCards::default();
        }

        // The robber.
        match pos.robber.as_deref() {
            None => {}
            Some("beside") => s.robber = None,
            Some(text) => match text.parse::<Hex>() {
                Ok(h) => match t.hex_id(h) {
                    Some(id) if t.land_hexes.contains(id.index()) => s.robber = Some(id),
                    Some(_) => p.add(format!("the robber on {h}, which is not land")),
                    None => p.add(format!("the robber on {h}, which is not on the board")),
                },
                Err(e) => p.add(format!("robber: {e}")),
            },
        }

        // The pirate.
        match pos.pirate.as_deref() {
            None => {}
            Some("beside") => s.pirate = None,
            Some(text) => match text.parse::<Hex>() {
                Ok(h) => match t.hex_id(h) {
                    Some(id) if t.sea_hexes.contains(id.index()) => s.pirate = Some(id),
                    Some(_) => p.add(format!("the pirate on {h}, which is not sea")),
                    None => p.add(format!("the pirate on {h}, which is not on the board")),
                },
                Err(e) => p.add(format!("pirate: {e}")),
            },
        }
        for e in &pos.new_ships {
            match t.edge_id(*e) {
                Some(id) if s.shipped.contains(id.index()) => s.new_ships.insert(id.index()),
                _ => p.add(format!("new_ships: there is no ship on {e}")),
            }
        }
        s.ship_moved = pos.ship_moved;
        if let Some(b) = &pos.barbarians {
            match game.config.rules.barbarians.as_deref() {
                Some(rules) => {
                    s.barbarians = b.read(t, rules, seats, !s.neutral.is_empty(), &mut p)
                }
                None => p.add("barbarians are given, but this map plays no Barbarian Attack"),
            }
        }
        if !pos.event_cards && (pos.events.is_some() || !s.events.damaged.is_empty()) {
            p.add(
                "event cards and damaged roads are given, but this game rolls dice (`event_cards`)",
            );
        }
        if let Some(ev) = &pos.events {
            for card in &ev.revealed {
                match card.kind_index() {
                    Some(k) if s.events.left[k] > 0 => s.events.left[k] -= 1,
                    Some(_) => p.add(format!(
                        "events: more {} cards numbered {} revealed than the deck holds",
                        card.event.title(),
                        card.number
                    )),
                    None => p.add(format!(
                        "events: there is no {} card numbered {}",
                        card.event.title(),
                        card.number
                    )),
                }
            }
            if ev.revealed.len() > usize::from(crate::state::EVENT_CARDS_BEFORE_NEW_YEAR) {
                p.add(format!(
                    "events: {} cards revealed since New Year; New Year comes up after {}",
                    ev.revealed.len(),
                    crate::state::EVENT_CARDS_BEFORE_NEW_YEAR
                ));
            }
            s.events.revealed = ev.revealed.len() as u8;
            match ev.last.map(|c| (c, c.kind_index())) {
                Some((_, Some(k))) => s.events.last = k as u8,
                Some((c, None)) => p.add(format!(
                    "events: the last card, {} numbered {}, is no card of the deck",
                    c.event.title(),
                    c.number
                )),
                None => {}
            }
            s.events.owed = ev.owed;
        }
        if !pos.wonders.is_empty() && game.config.rules.wonders.is_none() {
            p.add("wonders are given, but this map has none");
        }
        for w in &pos.wonders {
            let seat = usize::from(w.seat);
            if seat >= seats {
                p.add(format!(
                    "the {} belongs to seat {seat}, who is not at the table",
                    w.wonder.title()
                ));
                continue;
            }
            if s.wonders.owner[w.wonder.index()].is_some() {
                p.add(format!("the {} is claimed twice", w.wonder.title()));
            }
            if s.wonders.of(Seat(w.seat)).is_some() {
                p.add(format!(
                    "seat {seat} has claimed two wonders; a player claims one"
                ));
            }
            if w.stages > crate::state::WONDER_STAGES {
                p.add(format!(
                    "the {} has {} stages; a wonder has 4",
                    w.wonder.title(),
                    w.stages
                ));
            }
            s.wonders.owner[w.wonder.index()] = Some(Seat(w.seat));
            s.wonders.stages[seat] = w.stages;
            // The claim took a ship out of play (SC8-6).
            let pl = &mut s.players[seat];
            pl.ships_retired = 1;
            if pl.ships.len() + 1 > SHIPS as usize {
                p.add(format!(
                    "seat {seat}: {} ships and one on its wonder; a player has {SHIPS}",
                    pl.ships.len()
                ));
            }
        }
        for &(i, seat, at) in &gifts {
            s.gifts.taken_by[i] = Some(seat);
            let kind = game
                .config
                .rules
                .forgotten_tribe
                .as_deref()
                .map(|r| r.gifts[i].kind);
            match kind {
                Some(crate::modules::forgotten_tribe::GiftKind::SpecialVp) => {
                    s.players[seat.index()].special_vp += 1
                }
                Some(crate::modules::forgotten_tribe::GiftKind::Harbor(_)) => match at {
                    Some(e) => s.gifts.placed[i] = Some(e),
                    None => s.gifts.waiting[seat.index()] |= 1 << i,
                },
                _ => {}
            }
        }
        if let Some(cloth) = &pos.cloth {
            match game.config.rules.cloth.as_deref() {
                None => p.add("cloth is given, but this map has no villages"),
                Some(rules) => s.cloth = read_cloth(rules, cloth, seats, t, &mut p),
            }
        }
        for chit in &pos.chits {
            let at = t.corner_id(chit.corner);
            match at {
                Some(c)
                    if usize::from(chit.seat) < seats
                        && s.players[usize::from(chit.seat)]
                            .buildings()
                            .contains(c.index()) =>
                {
                    if (s.chit_count as usize) < crate::state::MAX_CHITS {
                        s.chits[s.chit_count as usize] = crate::state::Chit {
                            seat: Seat(chit.seat),
                            corner: c,
                            value: chit.value,
                        };
                        s.chit_count += 1;
                    }
                    s.players[usize::from(chit.seat)].special_vp += chit.value;
                }
                _ => p.add(format!(
                    "a chit of seat {} on {}, where that seat has no building",
                    chit.seat, chit.corner
                )),
            }
        }
        // Whose turn, and the phase.
        let active = Seat(pos.active.unwrap_or(pos.first_seat));
        if usize::from(active.0) >= seats {
            // Nothing about the phase can be checked for a seat that is not there.
            p.add(format!("the active seat {} is not at the table", active.0));
            return Err(SetupError(p.0));
        }
        s.active = active;
        // Neutral seats build during setup too, but only the playing seats take setup steps.
        // The Pirate Islands' start settlements were placed before setup (SC7-3).
        let preplaced = if game.config.rules.pirate_islands.is_some() {
            playing
        } else {
            0
        };
        let placed: usize = s.players[..playing]
            .iter()
            .map(|pl| pl.buildings().len())
            .sum::<usize>()
            .saturating_sub(preplaced);
        let to_phase = |text: &PhaseText, p: &mut Problems, s: &crate::state::State| match text {
            PhaseText::Word(w) => match w {
                PhaseWord::SetupSettlement => Phase::SetupSettlement,
                PhaseWord::BeforeRoll => Phase::BeforeRoll,
                PhaseWord::Rolling => Phase::Rolling,
                PhaseWord::Discarding => Phase::Discarding,
                PhaseWord::MovingRobber => Phase::MovingRobber,
                PhaseWord::Main => Phase::Main,
                PhaseWord::Drawing => Phase::Drawing,
                PhaseWord::TradeOffered => Phase::TradeOffered,
                PhaseWord::PickingGold => Phase::PickingGold,
                PhaseWord::Landing => Phase::Landing,
                PhaseWord::PlacingKnight => Phase::PlacingKnight { castle_only: true },
                PhaseWord::PlacingBlackKnight => Phase::PlacingKnight { castle_only: false },
                PhaseWord::Treason => Phase::Treason,
                PhaseWord::Intrigue => Phase::Intrigue,
                PhaseWord::MovingKnights => Phase::MovingKnights,
                PhaseWord::Battle => Phase::Battle,
                PhaseWord::ForeignKnight => Phase::ForeignKnight,
                PhaseWord::Event => Phase::Event,
                PhaseWord::DrawingGift => Phase::DrawingGift,
                PhaseWord::PlacingGiftHarbor => Phase::PlacingGiftHarbor,
                PhaseWord::FortressBattle => Phase::FortressBattle,
                PhaseWord::DrawingHarbor => Phase::DrawingHarbor,
                PhaseWord::PlacingHarbor => Phase::PlacingHarbor,
                PhaseWord::Over => Phase::Over,
            },
            PhaseText::With(PhaseWith::FleetPlunder { seat }) => {
                if usize::from(seat.0) >= seats || s.pirates.plunder_due[seat.index()] == 0 {
                    p.add(format!(
                        "fleet_plunder: {seat} owes the fleet no cards (`pirate_islands.plunder_due`)"
                    ));
                }
                Phase::FleetPlunder { seat: *seat }
            }
            PhaseText::With(PhaseWith::FleetReward { seat }) => {
                if usize::from(seat.0) >= seats || !s.pirates.reward_due.contains(*seat) {
                    p.add(format!(
                        "fleet_reward: {seat} is owed no resource (`pirate_islands.reward_due`)"
                    ));
                }
                Phase::FleetReward { seat: *seat }
            }
            PhaseText::With(PhaseWith::SetupRoad { settlement }) => {
                match t.corner_id(*settlement) {
                    // Barbarian Attack's second starting piece is a city (BA-7).
                    Some(c) if s.player(active).buildings().contains(c.index()) => {
                        Phase::SetupRoad { settlement: c }
                    }
                    _ => {
                        p.add(format!(
                            "setup_road: the active seat has no settlement or city on {settlement}"
                        ));
                        Phase::SetupSettlement
                    }
                }
            }
            PhaseText::With(PhaseWith::NeutralBuilding { settlement }) => Phase::NeutralBuilding {
                settlement: *settlement,
            },
            PhaseText::With(PhaseWith::ForcedTrade { victim }) => {
                Phase::ForcedTrade { victim: *victim }
            }
            PhaseText::With(PhaseWith::GivingBack { victim }) => {
                Phase::GivingBack { victim: *victim }
            }
            PhaseText::With(PhaseWith::EventStealing { taker, victim }) => {
                if usize::from(victim.0) >= seats || victim == taker {
                    p.add(format!(
                        "event_stealing: {taker} cannot take a card from {victim}"
                    ));
                } else if s.player(*victim).hand.is_empty() {
                    p.add(format!("event_stealing: {victim} holds no card to take"));
                }
                Phase::EventStealing {
                    taker: *taker,
                    victim: *victim,
                }
            }
            PhaseText::With(PhaseWith::Stealing { victim }) => {
                if usize::from(victim.0) >= seats || *victim == active {
                    p.add(format!("stealing: {victim} cannot be robbed by {active}"));
                } else if s.player(*victim).hand.is_empty() {
                    p.add(format!("stealing: {victim} holds no card to take"));
                }
                Phase::Stealing { victim: *victim }
            }
            PhaseText::With(PhaseWith::BuildingRoads { left }) => {
                if !(1..=2).contains(left) {
                    p.add(format!(
                        "building_roads: {left} roads left; Road Building gives 1 or 2"
                    ));
                }
                Phase::BuildingRoads { left: *left }
            }
            PhaseText::With(PhaseWith::Revealing { edge, seat }) => match t.edge_id(*edge) {
                Some(e) if s.paved.contains(e.index()) || s.shipped.contains(e.index()) => {
                    Phase::Revealing {
                        edge: e,
                        seat: *seat,
                    }
                }
                _ => {
                    p.add(format!("revealing: there is no road or ship on {edge}"));
                    Phase::Main
                }
            },
        };
        let phase = to_phase(&pos.phase, &mut p, s);
        if let Some(resume) = &pos.resume {
            s.resume = to_phase(resume, &mut p, s);
        } else if interrupts(phase) {
            p.add(
                "a position picking gold, revealing fog, landing barbarians or in a forced trade says which phase it resumes (`resume`)",
            );
        }
        s.phase = phase;
        let placing_harbors = matches!(phase, Phase::DrawingHarbor | Phase::PlacingHarbor);
        read_harbor_tokens(pos, phase, placed, s, &mut p);
        let in_setup = matches!(phase, Phase::SetupSettlement | Phase::SetupRoad { .. });
        if placing_harbors {
            s.setup_step = 0;
            s.turn = pos.turn.unwrap_or(0);
        } else if in_setup {
            let step = if matches!(phase, Phase::SetupRoad { .. }) {
                placed.saturating_sub(1)
            } else {
                placed
            };
            let rounds = usize::from(game.config.rules.setup_rounds);
            if step >= rounds * playing {
                p.add(format!(
                    "setup with {placed} buildings placed; setup places {}",
                    rounds * playing
                ));
            } else {
                s.setup_step = step as u8;
                let expected = crate::rules::setup::snake_seat(
                    Seat(pos.first_seat),
                    playing as u8,
                    step as u8,
                );
                if expected != active {
                    p.add(format!(
                        "in setup step {step} it is {expected}'s turn, not {active}'s"
                    ));
                }
            }
            s.turn = pos.turn.unwrap_or(0);
        } else {
            s.setup_step = (usize::from(game.config.rules.setup_rounds) * playing) as u8;
            s.turn = pos.turn.unwrap_or(1);
        }
        s.rolled = pos.rolled.unwrap_or(!matches!(
            phase,
            Phase::DrawingHarbor
                | Phase::PlacingHarbor
                | Phase::SetupSettlement
                | Phase::SetupRoad { .. }
                | Phase::BeforeRoll
                | Phase::Rolling
        ));
        s.card_played = pos.card_played;
        s.offers_this_turn = pos.offers_this_turn;
        if let Some(still) = &pos.standstill {
            if still.scores.len() != pos.players.len() {
                p.add(format!(
                    "standstill has {} scores for {} players",
                    still.scores.len(),
                    pos.players.len()
                ));
            }
            s.standstill.rounds = still.rounds;
            for (score, &given) in s.standstill.scores.iter_mut().zip(&still.scores) {
                *score = given;
            }
        }
        if let Some([a, b]) = pos.dice {
            if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
                p.add(format!("dice {a} and {b}: a die shows 1 to 6"));
            }
            s.dice = Some((a, b));
        }
        let given_discards = pos.players.iter().any(|pl| pl.discard.is_some());
        for (i, pl) in pos.players.iter().enumerate() {
            let total = s.players[i].hand.total();
            let owed = match pl.discard {
                Some(n) => n,
                None if phase == Phase::Discarding && !given_discards && total > 7 => {
                    (total / 2) as u8
                }
                None => 0,
            };
            if u32::from(owed) > total {
                p.add(format!(
                    "seat {i} owes {owed} discards but holds {total} cards"
                ));
            }
            s.players[i].discard_owed = owed;
        }
        if phase == Phase::Discarding && s.players.iter().all(|pl| pl.discard_owed == 0) {
            p.add("discarding, but nobody has cards to discard");
        }
        match (&pos.offer, phase) {
            (Some(o), Phase::TradeOffered) => {
                let offer = TradeOffer {
                    give: o.give,
                    get: o.get,
                    to: o.to,
                    give_gold: o.give_gold,
                    get_gold: o.get_gold,
                };
                if (o.give.is_empty() && o.give_gold == 0)
                    || (o.get.is_empty() && o.get_gold == 0)
                    || o.give.shares_a_type_with(&o.get)
                    || (o.give_gold > 0 && o.get_gold > 0)
                {
                    p.add("the offer must give and ask at least one card (or gold), of different types");
                }
                if !s.player(active).hand.covers(&o.give) {
                    p.add("the offer gives cards its maker does not hold");
                }
                if o.get.0.iter().any(|&n| n > MOST_ASKED) {
                    p.add("the offer asks for more than 19 cards of a type");
                }
                if o.to.is_empty()
                    || o.to.contains(active)
                    || o.to.iter().any(|x| usize::from(x.0) >= seats)
                {
                    p.add("the offer must go to opponents at the table");
                }
                if o.answered.0 & !o.to.0 != 0 || o.accepted.0 & !o.answered.0 != 0 {
                    p.add("the offer's answers come from seats it was not made to");
                }
                if o.accepted.iter().any(|x| !s.player(x).hand.covers(&o.get)) {
                    p.add("a seat accepted the offer without the cards it asks for");
                }
                s.offer = OpenOffer {
                    offer: Some(offer),
                    answered: o.answered,
                    accepted: o.accepted,
                };
            }
            (None, Phase::TradeOffered) => p.add("trade_offered, but there is no offer"),
            (Some(_), _) => p.add("an offer is given, but the phase is not trade_offered"),
            _ => {}
        }

        // Awards: given, or worked out.
        if !p.0.is_empty() {
            return Err(SetupError(p.0));
        }
        for seat in game.state.seat_ids() {
            game.recompute_closed_ships(seat);
            game.recompute_reach(seat);
            game.recompute_lane_end(seat);
            // Chits say which scoring areas a seat has earned in; its other islands are home.
            let rules = &game.config.rules.special_vp;
            let p = &game.state.players[seat.index()];
            let scored = game.state.chits[..game.state.chit_count as usize]
                .iter()
                .filter(|c| c.seat == seat)
                .fold(0, |m, c| m | rules.areas_at(c.corner.index()));
            let settled = p.buildings().iter().fold(0, |m, c| m | rules.areas_at(c));
            let home = if matches!(rules, crate::ruleset::SpecialVp::ForeignIslands { .. }) {
                settled & !scored
            } else {
                0
            };
            let p = &mut game.state.players[seat.index()];
            p.scored_areas = scored;
            p.home_areas = home;
            game.state.player_mut(seat).route = game.route_of(seat);
        }
        let s = &game.state;
        let longest_road_used =
            game.config.rules.longest_route != crate::ruleset::LongestRoute::Off;
        match pos.longest_road {
            // Not used in this game (SC6-9): nobody holds it.
            Some(Holder(Some(h))) if !longest_road_used => {
                p.add(format!(
                    "Longest Road: {h} holds it, but this game does without it"
                ));
            }
            Some(Holder(None)) if !longest_road_used => {}
            Some(Holder(Some(h))) => {
                let longest = s
                    .seat_ids()
                    .map(|x| award_length(s.player(x).route.low))
                    .max()
                    .unwrap_or(0);
                if usize::from(h.0) >= seats {
                    p.add(format!("Longest Road: {h} is not at the table"));
                } else if award_length(s.player(h).route.low) < LONGEST_ROAD_MINIMUM
                    || award_length(s.player(h).route.low) < longest
                {
                    p.add(format!(
                        "Longest Road: {h} has a road of {} and the longest is {longest}; the holder needs 5+ and the longest",
                        award_length(s.player(h).route.low)
                    ));
                }
                game.state.longest_road = Some(h);
            }
            Some(Holder(None)) => {
                game.state.longest_road = None;
                let s = &game.state;
                let longest = s
                    .seat_ids()
                    .map(|x| award_length(s.player(x).route.low))
                    .max()
                    .unwrap_or(0);
                let at = s
                    .seat_ids()
                    .filter(|&x| award_length(s.player(x).route.low) == longest)
                    .count();
                if longest >= LONGEST_ROAD_MINIMUM && at == 1 {
                    p.add(format!("Longest Road is set aside, but one seat alone has the longest road of {longest}"));
                }
            }
            None => game.award_longest_road(&mut ()),
        }
        let s = &game.state;
        match pos.largest_army {
            // Not used in this game (SC7-4): nobody holds it.
            Some(Holder(Some(h))) if !game.config.rules.largest_army => {
                p.add(format!(
                    "Largest Army: {h} holds it, but this game does without it"
                ));
            }
            Some(Holder(None)) if !game.config.rules.largest_army => {}
            Some(Holder(Some(h))) => {
                let most = s
                    .seat_ids()
                    .map(|x| s.player(x).played_knights)
                    .max()
                    .unwrap_or(0);
                if usize::from(h.0) >= seats {
                    p.add(format!("Largest Army: {h} is not at the table"));
                } else if s.player(h).played_knights < LARGEST_ARMY_MINIMUM
                    || s.player(h).played_knights < most
                {
                    p.add(format!(
                        "Largest Army: {h} has played {} Knights, the most is {most}",
                        s.player(h).played_knights
                    ));
                }
                game.state.largest_army = Some(h);
            }
            Some(Holder(None)) => {
                if s.seat_ids()
                    .any(|x| s.player(x).played_knights >= LARGEST_ARMY_MINIMUM)
                {
                    p.add("nobody holds Largest Army, but someone has played 3 or more Knights");
                }
            }
            None => {
                let most = s
                    .seat_ids()
                    .map(|x| s.player(x).played_knights)
                    .max()
                    .unwrap_or(0);
                let mut at_most = s.seat_ids().filter(|&x| s.player(x).played_knights == most);
                if let (Some(only), None) = (at_most.next(), at_most.next())
                    && most >= LARGEST_ARMY_MINIMUM
                {
                    game.state.largest_army = Some(only);
                } else if most >= LARGEST_ARMY_MINIMUM {
                    p.add(
                        "several seats share the most played Knights: say who holds Largest Army",
                    );
                }
            }
        }
        match pos.harbormaster_holder {
            Some(Holder(holder)) if game.config.rules.harbormaster => {
                let players = game.state.playing();
                let points: Vec<u8> = (0..players).map(|x| game.harbor_points(Seat(x))).collect();
                let most = points.iter().copied().max().unwrap_or(0);
                let leaders = points.iter().filter(|&&n| n == most).count();
                match holder {
                    Some(h) if h.0 >= players => {
                        p.add(format!("Harbormaster: {h} is not a player"))
                    }
                    Some(h)
                        if points[h.index()] < crate::modules::harbormaster::HARBORMASTER_MINIMUM
                            || points[h.index()] < most =>
                    {
                        p.add(format!(
                            "Harbormaster: {h} has {} harbor points and the most is {most}; the holder needs 3+ and the most",
                            points[h.index()]
                        ))
                    }
                    None if most >= crate::modules::harbormaster::HARBORMASTER_MINIMUM
                        && leaders == 1 =>
                    {
                        p.add(format!(
                            "the Harbormaster is set aside, but one player alone has the most harbor points, {most}"
                        ))
                    }
                    _ => {}
                }
                game.state.harbormaster = holder;
            }
            Some(_) => p.add("a Harbormaster holder is given, but this game plays without it"),
            None => game.award_harbormaster(&mut ()),
        }
        if phase == Phase::Event {
            let mut legal = crate::action::LegalActions::default();
            let owed = game.state.events.owed;
            if owed.is_empty() {
                p.add("phase event, but no seat owes a choice (`events.owed`)");
            }
            for seat in owed.iter() {
                game.legal_actions_into(seat, &mut legal);
                if legal.actions.is_empty() {
                    p.add(format!("phase event: {seat} owes a choice it cannot make"));
                }
            }
        }
        match (pos.winner, phase) {
            (Some(w), Phase::Over) if usize::from(w) < seats => {
                let points = game.victory_points(Seat(w));
                // Cloth for Catan also ends when the villages run dry (SC6-9).
                let villages_dry = game.cloth_rules().is_some()
                    && game.villages_with_cloth() < crate::modules::cloth::VILLAGES_TO_GO_ON;
                if !villages_dry && !game.wins_with(Seat(w), points) {
                    p.add(format!(
                        "seat {w} has won with {points} points; the target is {}",
                        game.state.victory_points
                    ));
                }
                game.state.winner = Some(Seat(w));
                game.state.shared_winners = pos.shared_winners;
            }
            (None, Phase::Over) => p.add("the game is over, but there is no winner"),
            (Some(w), _) => p.add(format!("seat {w} has won, but the phase is not over")),
            _ => {}
        }
        // A position play could not leave: the game would be over, or nobody could act.
        let s = &game.state;
        let in_play = phase != Phase::Over && !phase.is_setup();
        let points = game.victory_points(active);
        if in_play && game.wins_with(active, points) {
            p.add(format!(
                "{active} has {points} points in its own turn, the target is {}: the game would be over (B-42)",
                s.victory_points
            ));
        }
        if game.config.rules.forgotten_tribe.is_some() {
            let face_down = game.face_down_gift_cards() + u32::from(phase == Phase::DrawingGift);
            if s.deck.total() < face_down {
                p.add(format!(
                    "{} development cards in the deck, but {face_down} lie face down on gift edges",
                    s.deck.total()
                ));
            }
            let waiting =
                s.gifts.waiting[active.index()] != 0 && !game.gift_harbor_sites(active).is_empty();
            if phase == Phase::PlacingGiftHarbor && !waiting {
                p.add(format!(
                    "placing_gift_harbor, but {active} has no gift harbor it could place"
                ));
            }
            if waiting
                && matches!(
                    phase,
                    Phase::Main | Phase::BeforeRoll | Phase::BuildingRoads { .. }
                )
            {
                p.add(format!("{active} holds a gift harbor and a site is open: it must be placed first (phase placing_gift_harbor)"));
            }
        }
        if matches!(phase, Phase::DrawingHarbor | Phase::PlacingHarbor)
            && game.harbor_sites().is_empty()
        {
            p.add("placing harbors, but no coast edge takes one: setup would begin");
        }
        if phase == Phase::DrawingGift && game.config.rules.forgotten_tribe.is_none() {
            p.add("drawing_gift, but this map has no gifts");
        }
        if phase == Phase::PickingGold && game.gold_picker().is_none() {
            p.add("picking_gold, but nobody has gold picks to choose");
        }
        if let Phase::Revealing { edge, .. } = phase
            && game.next_fog(edge).is_none()
        {
            p.add("revealing, but the piece touches no fog");
        }
        if phase == Phase::Drawing && !game.development_cards_left() {
            p.add("drawing a development card from an empty deck");
        }
        let pl = s.player(active);
        let can_road = pl.roads_left() > 0 && !game.road_sites(active).is_empty();
        let can_ship =
            game.config.rules.ships && pl.ships_left() > 0 && !game.ship_sites(active).is_empty();
        if matches!(phase, Phase::BuildingRoads { .. }) && !can_road && !can_ship {
            p.add(format!(
                "building_roads, but {active} has no road or ship it could place"
            ));
        }
        if !p.0.is_empty() {
            return Err(SetupError(p.0));
        }
        // A position keeps no history: the table knows the hands' sizes only.
        let hands = std::array::from_fn(|i| game.state.players[i].hand);
        game.tracking.forget(&hands, game.state.seats);
        Ok(game)
    }

    /// The phase in its text form.
    pub fn phase_text(&self) -> PhaseText {
        self.phase_text_of(self.state.phase)
    }

    fn phase_text_of(&self, phase: Phase) -> PhaseText {
        let t = self.topology();
        match phase {
            Phase::SetupSettlement => PhaseText::Word(PhaseWord::SetupSettlement),
            Phase::SetupRoad { settlement } => PhaseText::With(PhaseWith::SetupRoad {
                settlement: t.corner(settlement),
            }),
            Phase::BeforeRoll => PhaseText::Word(PhaseWord::BeforeRoll),
            Phase::Rolling => PhaseText::Word(PhaseWord::Rolling),
            Phase::Discarding => PhaseText::Word(PhaseWord::Discarding),
            Phase::MovingRobber => PhaseText::Word(PhaseWord::MovingRobber),
            Phase::Stealing { victim } => PhaseText::With(PhaseWith::Stealing { victim }),
            Phase::Main => PhaseText::Word(PhaseWord::Main),
            Phase::BuildingRoads { left } => PhaseText::With(PhaseWith::BuildingRoads { left }),
            Phase::Drawing => PhaseText::Word(PhaseWord::Drawing),
            Phase::TradeOffered => PhaseText::Word(PhaseWord::TradeOffered),
            Phase::PickingGold => PhaseText::Word(PhaseWord::PickingGold),
            Phase::Landing => PhaseText::Word(PhaseWord::Landing),
            Phase::PlacingKnight { castle_only: true } => PhaseText::Word(PhaseWord::PlacingKnight),
            Phase::PlacingKnight { castle_only: false } => {
                PhaseText::Word(PhaseWord::PlacingBlackKnight)
            }
            Phase::Treason => PhaseText::Word(PhaseWord::Treason),
            Phase::Intrigue => PhaseText::Word(PhaseWord::Intrigue),
            Phase::MovingKnights => PhaseText::Word(PhaseWord::MovingKnights),
            Phase::Battle => PhaseText::Word(PhaseWord::Battle),
            Phase::ForeignKnight => PhaseText::Word(PhaseWord::ForeignKnight),
            Phase::Event => PhaseText::Word(PhaseWord::Event),
            Phase::DrawingGift => PhaseText::Word(PhaseWord::DrawingGift),
            Phase::PlacingGiftHarbor => PhaseText::Word(PhaseWord::PlacingGiftHarbor),
            Phase::FortressBattle => PhaseText::Word(PhaseWord::FortressBattle),
            Phase::DrawingHarbor => PhaseText::Word(PhaseWord::DrawingHarbor),
            Phase::PlacingHarbor => PhaseText::Word(PhaseWord::PlacingHarbor),
            Phase::FleetPlunder { seat } => PhaseText::With(PhaseWith::FleetPlunder { seat }),
            Phase::FleetReward { seat } => PhaseText::With(PhaseWith::FleetReward { seat }),
            Phase::EventStealing { taker, victim } => {
                PhaseText::With(PhaseWith::EventStealing { taker, victim })
            }
            Phase::NeutralBuilding { settlement } => {
                PhaseText::With(PhaseWith::NeutralBuilding { settlement })
            }
            Phase::ForcedTrade { victim } => PhaseText::With(PhaseWith::ForcedTrade { victim }),
            Phase::GivingBack { victim } => PhaseText::With(PhaseWith::GivingBack { victim }),
            Phase::Revealing { edge, seat } => PhaseText::With(PhaseWith::Revealing {
                edge: t.edge(edge),
                seat,
            }),
            Phase::Over => PhaseText::Word(PhaseWord::Over),
        }
    }

    /// The whole position, hidden information included: for saving a game, not for players.
    pub fn to_position(&self) -> Position {
        let t = self.topology();
        let s = &self.state;
        let corners = |set: &CornerSet| set.iter().map(|c| t.corner(CornerId(c as u16))).collect();
        let phase = self.phase_text();
        let mut map = self
            .board()
            .to_map_file_with_fog(&s.fog_hexes_left, &s.fog_numbers_left);
        // The tokens not yet on the board, in hand included (SC9-3); those placed are
        // among the map's harbors.
        let to_place: Vec<crate::map::HarborKind> = crate::map::HarborKind::ALL
            .iter()
            .flat_map(|&k| {
                let n = s.harbor_tokens.face_down[k.index()]
                    + u8::from(s.harbor_tokens.in_hand == Some(k));
                std::iter::repeat_n(k, usize::from(n))
            })
            .collect();
        map.harbor_placement =
            (!to_place.is_empty()).then(|| crate::map::HarborPlacementEntry::of_tokens(&to_place));
        if to_place.is_empty() {
            map.version = Some(1);
        }
        Position {
            format: POSITION_FORMAT.into(),
            version: POSITION_VERSION,
            scenario: self.config.scenario.clone(),
            map: MapSource::Inline(Box::new(map)),
            layout: None,
            victory_points: Some(s.victory_points),
            special_vp_value: self.config.options.special_vp_value,
            first_seat: s.first.0,
            phase,
            active: Some(s.active.0),
            turn: Some(s.turn),
            rolled: Some(s.rolled),
            card_played: s.card_played,
            dice: s.dice.map(|(a, b)| [a, b]),
            players: s.players[..s.seats as usize]
                .iter()
                .map(|pl| PlayerPosition {
                    settlements: corners(&pl.settlements),
                    cities: corners(&pl.cities),
                    roads: pl.roads.iter().map(|e| t.edge(EdgeId(e as u16))).collect(),
                    hand: pl.hand,
                    development_cards: pl.cards,
                    new_development_cards: pl.new_cards,
                    played_knights: pl.played_knights,
                    discard: Some(pl.discard_owed),
                    ships: pl.ships.iter().map(|e| t.edge(EdgeId(e as u16))).collect(),
                    gold_picks_owed: pl.gold_owed,
                    gold_version_1: None,
                    damaged_roads: pl
                        .roads
                        .intersection(&s.events.damaged)
                        .iter()
                        .map(|e| t.edge(EdgeId(e as u16)))
                        .collect(),
                })
                .collect(),
            bank: Some(s.bank),
            development_deck: Some(s.deck),
            robber: Some(s.robber.map_or("beside".into(), |h| t.hex(h).to_string())),
            longest_road: Some(Holder(s.longest_road)),
            largest_army: Some(Holder(s.largest_army)),
            offer: s.offer.offer.map(|o| OfferPosition {
                give: o.give,
                get: o.get,
                to: o.to,
                give_gold: o.give_gold,
                get_gold: o.get_gold,
                answered: s.offer.answered,
                accepted: s.offer.accepted,
            }),
            offers_this_turn: s.offers_this_turn,
            pirate: Some(s.pirate.map_or("beside".into(), |h| t.hex(h).to_string())),
            new_ships: s
                .new_ships
                .iter()
                .map(|e| t.edge(EdgeId(e as u16)))
                .collect(),
            ship_moved: s.ship_moved,
            chits: s.chits[..s.chit_count as usize]
                .iter()
                .map(|c| ChitPosition {
                    seat: c.seat.0,
                    corner: t.corner(c.corner),
                    value: c.value,
                })
                .collect(),
            barbarians: self
                .barbarian_rules()
                .map(|r| BarbariansPosition::of(self, r)),
            neutral: s.neutral,
            event_cards: self.config.options.event_cards,
            tournament: self.config.options.tournament,
            events: self.event_cards().then(|| EventsPosition {
                revealed: (0..EVENT_DECK.len())
                    .flat_map(|k| {
                        let gone = EVENT_DECK[k].2 - s.events.left[k];
                        std::iter::repeat_n(EventCard::of_kind(k), usize::from(gone))
                    })
                    .collect(),
                last: self.last_event_card(),
                owed: s.events.owed,
            }),
            harbormaster: self.config.options.harbormaster,
            harbormaster_holder: self
                .config
                .options
                .harbormaster
                .then_some(Holder(s.harbormaster)),
            win_off_turn: self.config.options.win_off_turn,
            unlimited_bank: self.config.options.unlimited_bank,
            resume: interrupts(s.phase).then(|| self.phase_text_of(s.resume)),
            wonders: Wonder::ALL
                .into_iter()
                .filter_map(|w| {
                    let seat = s.wonders.owner[w.index()]?;
                    Some(WonderPosition {
                        wonder: w,
                        seat: seat.0,
                        stages: s.wonders.stages[seat.index()],
                    })
                })
                .collect(),
            gifts: self
                .tribe_rules()
                .map(|rules| {
                    rules
                        .gifts
                        .iter()
                        .enumerate()
                        .filter_map(|(i, g)| {
                            Some(GiftPosition {
                                edge: t.edge(g.edge),
                                seat: s.gifts.taken_by[i]?.0,
                                harbor_at: s.gifts.placed[i].map(|e| t.edge(e)),
                            })
                        })
                        .collect()
                })
                .unwrap_or_default(),
            harbor_in_hand: s.harbor_tokens.in_hand,
            pirate_islands: self.pirate_rules().map(|_| {
                let seats = s.seats as usize;
                PirateIslandsPosition {
                    fortresses: s.pirates.chits[..seats].to_vec(),
                    warships: (0..seats)
                        .map(|i| {
                            self.warships(Seat(i as u8))
                                .iter()
                                .map(|e| t.edge(EdgeId(e as u16)))
                                .collect()
                        })
                        .collect(),
                    plunder_due: if s.pirates.plunder_due.iter().any(|&n| n > 0) {
                        s.pirates.plunder_due[..seats].to_vec()
                    } else {
                        Vec::new()
                    },
                    reward_due: s.pirates.reward_due,
                }
            }),
            cloth: self.cloth_rules().map(|rules| ClothPosition {
                villages: rules
                    .villages
                    .iter()
                    .enumerate()
                    .map(|(i, v)| VillagePosition {
                        corner: t.corner(v.corner),
                        cloth: s.cloth.on_village[i],
                        traders: s.cloth.traders_of(i).map(|x| x.0).collect(),
                    })
                    .collect(),
                supply: s.cloth.supply,
                held: s.cloth.held[..s.seats as usize].to_vec(),
            }),
            winner: s.winner.map(|w| w.0),
            shared_winners: s.shared_winners,
            standstill: (s.standstill != Default::default()).then(|| StandstillPosition {
                rounds: s.standstill.rounds,
                scores: s.standstill.scores[..usize::from(s.seats)].to_vec(),
            }),
        }
    }
}

/// The Pirate Islands in a position, checked: a number of chits for each seat's fortress,
/// warships on the seat's own ships, fleet debts only for seats at the table.
fn read_pirates(
    rules: &crate::modules::pirate_islands::PirateRules,
    pos: Option<&PirateIslandsPosition>,
    s: &crate::state::State,
    t: &crate::topology::Topology,
    p: &mut Problems,
) -> crate::modules::pirate_islands::Pirates {
    let mut out = crate::modules::pirate_islands::Pirates::default();
    let seats = rules.colours.len();
    for (i, c) in rules.colours.iter().enumerate() {
        out.chits[i] = c.fortress_chits;
    }
    let Some(pos) = pos else {
        return out;
    };
    if pos.fortresses.len() != seats {
        p.add(format!(
            "pirate_islands: {} fortresses given for {seats} seats",
            pos.fortresses.len()
        ));
    }
    for (i, &n) in pos.fortresses.iter().enumerate().take(seats) {
        if n > rules.colours[i].fortress_chits {
            p.add(format!(
                "pirate_islands: seat {i}'s fortress has {n} chits, and starts with {}",
                rules.colours[i].fortress_chits
            ));
        }
        out.chits[i] = n;
    }
    if pos.warships.len() > seats {
        p.add(format!(
            "pirate_islands: warships given for {} seats",
            pos.warships.len()
        ));
    }
    for (i, list) in pos.warships.iter().enumerate().take(seats) {
        for e in list {
            match t.edge_id(*e) {
                Some(id) if s.players[i].ships.contains(id.index()) => {
                    out.warships.insert(id.index())
                }
                _ => p.add(format!(
                    "pirate_islands: a warship of seat {i} on {e}, where it has no ship"
                )),
            }
        }
    }
    for (i, &n) in pos.plunder_due.iter().enumerate() {
        if i >= seats {
            p.add(format!(
                "pirate_islands: plunder_due for seat {i}, who is not at the table"
            ));
        } else if u32::from(n) > s.players[i].hand.total() {
            p.add(format!(
                "pirate_islands: seat {i} owes the fleet {n} cards and holds fewer"
            ));
        } else {
            out.plunder_due[i] = n;
        }
    }
    for seat in pos.reward_due.iter() {
        if seat.index() >= seats {
            p.add(format!(
                "pirate_islands: reward_due for {seat}, who is not at the table"
            ));
        } else {
            out.reward_due.insert(seat);
        }
    }
    out
}

/// Cloth for Catan's cloth in a position, checked: each village named once and by its
/// corner, traders seated and not repeated, and no cloth made or lost.
fn read_cloth(
    rules: &crate::modules::cloth::ClothRules,
    pos: &ClothPosition,
    seats: usize,
    t: &crate::topology::Topology,
    p: &mut Problems,
) -> crate::modules::cloth::Cloth {
    let mut cloth = crate::modules::cloth::Cloth::start(rules);
    let mut named = [false; crate::modules::cloth::MAX_VILLAGES];
    for v in &pos.villages {
        let Some(i) = t.corner_id(v.corner).and_then(|c| rules.village_at(c)) else {
            p.add(format!("cloth: there is no village on {}", v.corner));
            continue;
        };
        if std::mem::replace(&mut named[i], true) {
            p.add(format!("cloth: the village on {} is given twice", v.corner));
        }
        cloth.on_village[i] = v.cloth;
        cloth.traders[i] = [None; MAX_SEATS];
        for (k, &seat) in v.traders.iter().enumerate() {
            if usize::from(seat) >= seats {
                p.add(format!(
                    "cloth: seat {seat} trades on {}, and is not at the table",
                    v.corner
                ));
            } else if v.traders[..k].contains(&seat) {
                p.add(format!("cloth: seat {seat} trades on {} twice", v.corner));
            } else {
                cloth.traders[i][k] = Some(Seat(seat));
            }
        }
    }
    if pos.held.len() > seats {
        p.add(format!(
            "cloth: {} seats hold cloth, and {seats} are at the table",
            pos.held.len()
        ));
    }
    cloth.supply = pos.supply;
    for (seat, &n) in pos.held.iter().enumerate().take(seats) {
        cloth.held[seat] = n;
    }
    let total = |c: &crate::modules::cloth::Cloth| -> u32 {
        c.on_village
            .iter()
            .chain(c.held.iter())
            .map(|&n| u32::from(n))
            .sum::<u32>()
            + u32::from(c.supply)
    };
    let start = total(&crate::modules::cloth::Cloth::start(rules));
    if total(&cloth) != start {
        p.add(format!(
            "cloth: {} cloth on the villages, in the supply and held; the game has {start}",
            total(&cloth)
        ));
    }
    cloth
}

fn realise(file: &MapFile, layout: Layout) -> Result<crate::map::Board, Vec<String>> {
    let template = MapTemplate::check(file)
        .map_err(|e| e.0.iter().map(|p| p.to_string()).collect::<Vec<_>>())?;
    let options = LayoutOptions {
        layout,
        ..Default::default()
    };
    template
        .realise(&options, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0))
        .map_err(|e| e.0.iter().map(|p| p.to_string()).collect())
}

/// Barbarian Attack's pieces and counters in a position (barbarian-attack.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BarbariansPosition {
    /// Barbarians on each coastal hex that holds some.
    #[serde(default)]
    pub on: std::collections::BTreeMap<String, u8>,
    /// Barbarians in the supply; when left out, those neither on the board nor held
    /// prisoner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<u8>,
    #[serde(default)]
    pub knights: Vec<KnightPosition>,
    /// Gold and prisoners, one number per seat.
    #[serde(default)]
    pub gold: Vec<u16>,
    #[serde(default)]
    pub prisoners: Vec<u8>,
    /// The cards left in the deck; when left out, those not in the discards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<std::collections::BTreeMap<crate::state::BarbarianCard, u8>>,
    #[serde(default)]
    pub discard: std::collections::BTreeMap<crate::state::BarbarianCard, u8>,
    /// Gold exchanges made this turn.
    #[serde(default)]
    pub exchanges: u8,
    /// A landing under way: the totals used, the results still to come.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub landing_used: Vec<u8>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub landing_left: u8,
    /// Treason under way: hexes that held barbarians when it began, hexes used, moves left,
    /// of which from the supply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treason_sources: Vec<Hex>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treason_used: Vec<Hex>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treason_destinations: Vec<Hex>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub treason_left: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub treason_supply: u8,
    /// The battle check under way: the coastal hex being resolved, who rolls off for how
    /// many prisoners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_at: Option<Hex>,
    #[serde(default, skip_serializing_if = "no_seats")]
    pub contenders: SeatSet,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spots: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub landings_queued: u8,
    /// The two-player game: trade tokens by seat and in the supply, a token used this turn,
    /// seats that placed a first knight, foreign knights moving, rolls made this turn and
    /// the first total, cards owed back after a forced trade.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<u8>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub token_supply: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub token_used: bool,
    #[serde(default, skip_serializing_if = "no_seats")]
    pub first_knight: SeatSet,
    #[serde(default, skip_serializing_if = "is_false")]
    pub foreign_moving: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rolls: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub first_total: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub give_back: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnightPosition {
    pub seat: u8,
    pub edge: Edge,
    /// Whether it has moved this turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
}

impl BarbariansPosition {
    /// The two-player game's trade tokens (BA2-2): the start, 5 for each player and 10 in the
    /// supply, when the position leaves them out; otherwise the 20 there are, held and in
    /// the supply.
    fn read_tokens(&self, b: &mut crate::state::Barbarians, two_player: bool, p: &mut Problems) {
        use crate::modules::barbarian_attack::{TOKENS, deal_trade_tokens};
        if !two_player {
            if !self.tokens.is_empty() || self.token_supply > 0 {
                p.add("barbarians.tokens: trade tokens are played by two players only (BA2-2)");
            }
            return;
        }
        if self.tokens.is_empty() && self.token_supply == 0 {
            return deal_trade_tokens(b);
        }
        if self.tokens.len() != 2 {
            p.add(format!(
                "barbarians.tokens: one number for each of the two players, not {}",
                self.tokens.len()
            ));
        }
        for (s, &n) in self.tokens.iter().enumerate().take(2) {
            b.tokens[s] = n;
        }
        let held: u32 = self.tokens.iter().map(|&n| u32::from(n)).sum();
        let all = held + u32::from(self.token_supply);
        if all != u32::from(TOKENS) {
            p.add(format!(
                "barbarians.tokens: {held} held and {} in the supply make {all}; the game has {TOKENS} (BA2-2)",
                self.token_supply
            ));
        }
    }

    fn of(game: &Game, rules: &crate::ruleset::BarbarianRules) -> BarbariansPosition {
        let t = game.topology();
        let b = &game.state.barbarians;
        let seats = game.state.seats as usize;
        let hexes = |mask: u16| -> Vec<Hex> {
            (0..rules.coastal.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| t.hex(rules.coastal[i]))
                .collect()
        };
        let cards = |counts: [u8; 4]| {
            crate::state::BarbarianCard::ALL
                .into_iter()
                .zip(counts)
                .filter(|(_, n)| *n > 0)
                .collect()
        };
        BarbariansPosition {
            on: (0..rules.coastal.len())
                .filter(|&i| b.on[i] > 0)
                .map(|i| (t.hex(rules.coastal[i]).to_string(), b.on[i]))
                .collect(),
            supply: Some(b.supply),
            knights: b.knights[..b.knight_count as usize]
                .iter()
                .enumerate()
                .map(|(i, k)| KnightPosition {
                    seat: k.seat.0,
                    edge: t.edge(k.edge),
                    moved: b.moved >> i & 1 == 1,
                })
                .collect(),
            gold: b.gold[..seats].to_vec(),
            prisoners: b.prisoners[..seats].to_vec(),
            deck: Some(cards(b.deck)),
            discard: cards(b.discard),
            exchanges: b.exchanges,
            landing_used: (2..=12u8)
                .filter(|t| b.landing_used >> t & 1 == 1)
                .collect(),
            landing_left: b.landing_left,
            treason_sources: hexes(b.treason_sources),
            treason_used: hexes(b.treason_used),
            treason_destinations: hexes(b.treason_destination),
            treason_left: b.treason_left,
            treason_supply: b.treason_supply,
            battle_at: rules.coastal.get(b.battle_at as usize).map(|h| t.hex(*h)),
            contenders: b.contenders,
            spots: b.spots,
            landings_queued: b.landings_queued,
            tokens: if game.state.neutral.is_empty() {
                Vec::new()
            } else {
                b.tokens[..game.state.playing() as usize].to_vec()
            },
            token_supply: b.token_supply,
            token_used: b.token_used,
            first_knight: b.first_knight,
            foreign_moving: b.foreign_moving,
            rolls: b.rolls,
            first_total: b.first_total,
            give_back: b.give_back,
        }
    }

    fn read(
        &self,
        t: &crate::topology::Topology,
        rules: &crate::ruleset::BarbarianRules,
        seats: usize,
        two_player: bool,
        p: &mut Problems,
    ) -> crate::state::Barbarians {
        let mut b = crate::state::Barbarians {
            battle_at: u8::MAX,
            exchanges: self.exchanges,
            landing_left: self.landing_left,
            treason_left: self.treason_left,
            treason_supply: self.treason_supply,
            contenders: self.contenders,
            spots: self.spots,
            landings_queued: self.landings_queued,
            token_supply: self.token_supply,
            token_used: self.token_used,
            first_knight: self.first_knight,
            foreign_moving: self.foreign_moving,
            rolls: self.rolls,
            first_total: self.first_total,
            give_back: self.give_back,
            ..Default::default()
        };
        self.read_tokens(&mut b, two_player, p);
        let coastal = |h: &Hex, what: &str, p: &mut Problems| -> Option<usize> {
            let index = t.hex_id(*h).and_then(|id| rules.coastal_index(id));
            if index.is_none() {
                p.add(format!("barbarians.{what}: {h} is not a coastal hex"));
            }
            index
        };
        for (text, &n) in &self.on {
            match text.parse::<Hex>() {
                Ok(h) => {
                    if let Some(i) = coastal(&h, "on", p) {
                        if n > super::modules::barbarian_attack::CONQUERED_AT {
                            p.add(format!(
                                "barbarians.on: {n} barbarians on {h}; a hex holds 3 at most"
                            ));
                        }
                        b.on[i] = n;
                    }
                }
                Err(e) => p.add(format!("barbarians.on: {e}")),
            }
        }
        let mask = |list: &[Hex], what: &str, p: &mut Problems| -> u16 {
            list.iter()
                .filter_map(|h| coastal(h, what, p))
                .fold(0, |m, i| m | 1 << i)
        };
        b.treason_sources = mask(&self.treason_sources, "treason_sources", p);
        b.treason_used = mask(&self.treason_used, "treason_used", p);
        b.treason_destination = mask(&self.treason_destinations, "treason_destinations", p);
        for &total in &self.landing_used {
            if (2..=12).contains(&total) && total != 7 {
                b.landing_used |= 1 << total;
            } else {
                p.add(format!(
                    "barbarians.landing_used: {total} is not a landing total"
                ));
            }
        }
        if let Some(h) = &self.battle_at {
            b.battle_at = coastal(h, "battle_at", p).map_or(u8::MAX, |i| i as u8);
        }
        let mut per_seat = [0u8; MAX_SEATS];
        let mut taken = crate::topology::EdgeSet::new();
        for k in &self.knights {
            let Some(edge) = t.edge_id(k.edge) else {
                p.add(format!("a knight on {}, which is not on the board", k.edge));
                continue;
            };
            if usize::from(k.seat) >= seats {
                p.add(format!(
                    "a knight of seat {}, which is not at the table",
                    k.seat
                ));
                continue;
            }
            if taken.contains(edge.index()) {
                p.add(format!("two knights on {} (one per path)", k.edge));
                continue;
            }
            taken.insert(edge.index());
            per_seat[usize::from(k.seat)] += 1;
            let i = b.knight_count as usize;
            if i < crate::state::MAX_KNIGHTS {
                b.knights[i] = crate::state::Knight {
                    edge,
                    seat: Seat(k.seat),
                };
                if k.moved {
                    b.moved |= 1 << i;
                }
                b.knight_count += 1;
            }
        }
        for (s, &n) in per_seat.iter().enumerate().take(seats) {
            if n > rules.knights {
                p.add(format!(
                    "seat {s}: {n} knights, a player has {}",
                    rules.knights
                ));
            }
        }
        for (s, &g) in self.gold.iter().enumerate().take(seats) {
            b.gold[s] = g;
        }
        for (s, &n) in self.prisoners.iter().enumerate().take(seats) {
            b.prisoners[s] = n;
        }
        for (c, &n) in &self.discard {
            b.discard[*c as usize] = n;
        }
        use crate::state::BarbarianCard;
        match &self.deck {
            Some(deck) => {
                for (c, &n) in deck {
                    b.deck[*c as usize] = n;
                }
                for c in BarbarianCard::ALL {
                    let all = u16::from(b.deck[c as usize]) + u16::from(b.discard[c as usize]);
                    if all != u16::from(BarbarianCard::DECK[c as usize]) {
                        p.add(format!(
                            "{all} {} cards in the deck and discards; there are {}",
                            c.title(),
                            BarbarianCard::DECK[c as usize]
                        ));
                    }
                }
            }
            // Left out: the deck holds what the discards do not (BA-2).
            None => {
                for c in BarbarianCard::ALL {
                    let (printed, discarded) =
                        (BarbarianCard::DECK[c as usize], b.discard[c as usize]);
                    match printed.checked_sub(discarded) {
                        Some(left) => b.deck[c as usize] = left,
                        None => p.add(format!(
                            "{discarded} {} cards in the discards; there are {printed}",
                            c.title()
                        )),
                    }
                }
            }
        }
        let placed: u32 = b.on.iter().map(|&n| u32::from(n)).sum::<u32>()
            + b.prisoners.iter().map(|&n| u32::from(n)).sum::<u32>();
        match self.supply {
            Some(supply) => {
                b.supply = supply;
                let all = placed + u32::from(supply);
                if all != u32::from(rules.total) {
                    p.add(format!(
                        "{all} barbarians on the board, in the supply and held prisoner; there are {}",
                        rules.total
                    ));
                }
            }
            // Left out: the supply holds the barbarians neither on the board nor prisoner.
            None => match u32::from(rules.total).checked_sub(placed) {
                Some(left) => b.supply = left as u8,
                None => p.add(format!(
                    "{placed} barbarians on the board and held prisoner; there are {}",
                    rules.total
                )),
            },
        }
        b
    }
}

/// Phases that interrupt another and go back to it when done, so a position must say which.
fn interrupts(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::PickingGold
            | Phase::Revealing { .. }
            | Phase::Landing
            | Phase::ForcedTrade { .. }
            | Phase::GivingBack { .. }
            | Phase::DrawingGift
            | Phase::PlacingGiftHarbor
    )
}

/// The gifts of a position, checked: (gift index, seat, where its harbor was placed).
fn read_gifts(
    game: &Game,
    gifts: &[GiftPosition],
    seats: usize,
    p: &mut Problems,
) -> Vec<(usize, Seat, Option<EdgeId>)> {
    let mut out = Vec::new();
    if gifts.is_empty() {
        return out;
    }
    let Some(rules) = game.tribe_rules() else {
        p.add("gifts are given, but this map has none");
        return out;
    };
    let t = game.topology();
    for g in gifts {
        let Some(i) = t.edge_id(g.edge).and_then(|e| rules.gift_at(e)) else {
            p.add(format!("gifts: {} is not a gift edge", g.edge));
            continue;
        };
        if usize::from(g.seat) >= seats {
            p.add(format!("gifts: seat {} is not at the table", g.seat));
            continue;
        }
        if out.iter().any(|(j, _, _)| *j == i) {
            p.add(format!("gifts: the gift on {} is taken twice", g.edge));
            continue;
        }
        let harbor = matches!(
            rules.gifts[i].kind,
            crate::modules::forgotten_tribe::GiftKind::Harbor(_)
        );
        let at = match (&g.harbor_at, harbor) {
            (None, _) => None,
            (Some(e), true) => match t.edge_id(*e) {
                Some(id)
                    if t.road_edges.contains(id.index()) && t.ship_edges.contains(id.index()) =>
                {
                    Some(id)
                }
                _ => {
                    p.add(format!("gifts: a harbor on {e}, which is no coast edge"));
                    None
                }
            },
            (Some(_), false) => {
                p.add(format!(
                    "gifts: the gift on {} is no harbor to place",
                    g.edge
                ));
                None
            }
        };
        out.push((i, Seat(g.seat), at));
    }
    out
}

/// The harbor tokens of a position (SC9-3): the map's tokens are those not yet on the
/// board, and the one in hand is among them. Tokens left mean the phase places harbors, with
/// no building yet on the board.
fn read_harbor_tokens(
    pos: &Position,
    phase: Phase,
    buildings: usize,
    s: &mut crate::state::State,
    p: &mut Problems,
) {
    let placing = matches!(phase, Phase::DrawingHarbor | Phase::PlacingHarbor);
    let left = s.harbor_tokens.left();
    if placing && left == 0 {
        p.add("placing harbors, but the map has no harbor tokens to place (`harbor_placement`)");
    }
    if !placing && left > 0 {
        p.add(format!(
            "{left} harbor tokens are still to place before setup (`harbor_placement`): the phase is drawing_harbor or placing_harbor"
        ));
    }
    if placing && buildings > 0 {
        p.add("placing harbors, but buildings stand on the board: harbors come before setup");
    }
    match (pos.harbor_in_hand, phase) {
        (Some(kind), Phase::PlacingHarbor) => {
            let n = &mut s.harbor_tokens.face_down[kind.index()];
            if *n == 0 {
                p.add(format!(
                    "a {kind} harbor token in hand, but the map's `harbor_placement` has none left"
                ));
            } else {
                *n -= 1;
                s.harbor_tokens.in_hand = Some(kind);
            }
        }
        (None, Phase::PlacingHarbor) => {
            p.add("placing_harbor, but no token is in hand (`harbor_in_hand`)")
        }
        (Some(_), _) => p.add("a harbor token in hand, but the phase is not placing_harbor"),
        (None, _) => {}
    }
}

fn no_seats(seats: &SeatSet) -> bool {
    seats.is_empty()
}
