//! The state of one game: plain data, a fixed size, cheap to clone. It holds ids and
//! bitsets only; what they mean is in the `Topology`.

use crate::resources::{DevelopmentCards, Resources};
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet, HexId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most seats a game has.
pub const MAX_SEATS: usize = 4;

/// Pieces per player (B-8).
pub const SETTLEMENTS: u8 = 5;
pub const CITIES: u8 = 4;
pub const ROADS: u8 = 15;
/// Ships per player (S-5).
pub const SHIPS: u8 = 15;
/// The most Catan chits (special victory points) a game records.
pub const MAX_CHITS: usize = 24;

/// A seat at the table, numbered from 0 in turn order (clockwise).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);
    pub fn one(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0
            .checked_shr(u32::from(seat.0))
            .is_some_and(|b| b & 1 == 1)
    }
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The seats in increasing order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut left = self.0;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let seat = Seat(left.trailing_zeros() as u8);
            left &= left - 1;
            Some(seat)
        })
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> SeatSet {
        let mut out = SeatSet::EMPTY;
        for seat in seats {
            out.insert(seat);
        }
        out
    }
}

impl Serialize for SeatSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let seats = Vec::<u8>::deserialize(d)?;
        let mut out = SeatSet::EMPTY;
        for s in seats {
            if usize::from(s) >= MAX_SEATS {
                return Err(serde::de::Error::custom(format!("there is no seat {s}")));
            }
            out.insert(Seat(s));
        }
        Ok(out)
    }
}

/// Where the game stands: who must do what next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before setup, on a map whose harbors the players place (the New World, SC9-3):
    /// chance turns over the next face-down harbor token for the active seat.
    DrawingHarbor,
    /// The active seat places the harbor token it holds on a coast edge (SC9-3).
    PlacingHarbor,
    /// Setup (B-22): the active seat places a settlement.
    SetupSettlement,
    /// Setup: the active seat places a road touching the settlement just placed.
    SetupRoad {
        settlement: CornerId,
    },
    /// Start of a turn: the active seat rolls, or first plays a development card (B-25.1).
    BeforeRoll,
    /// Chance rolls the dice.
    Rolling,
    /// After a 7: the seats holding more than 7 cards discard (B-27.2).
    Discarding,
    /// The active seat moves the robber (after a 7 or a Knight).
    MovingRobber,
    /// Chance picks the card the active seat steals from `victim`.
    Stealing {
        victim: Seat,
    },
    /// Trade and build (B-25.3).
    Main,
    /// Road Building: the active seat places `left` more free roads.
    BuildingRoads {
        left: u8,
    },
    /// Chance draws the development card the active seat bought.
    Drawing,
    /// A trade offer awaits answers (B-39).
    TradeOffered,
    /// Seats owed gold-field picks choose them, one seat at a time (S-18).
    PickingGold,
    /// Chance rolls where barbarians land (BA-10).
    Landing,
    /// The active seat places a knight: on a castle path, or anywhere (BA-14, BA-15).
    PlacingKnight {
        castle_only: bool,
    },
    /// The active seat moves barbarians for Treason (BA-16).
    Treason,
    /// The active seat takes a barbarian prisoner for Intrigue (BA-17).
    Intrigue,
    /// The active seat moves its knights; no more trade or build this turn (BA-19).
    MovingKnights,
    /// Chance resolves the battle check's roll-offs and casualties (BA-21 to BA-27).
    Battle,
    /// Two players: the active seat places a free road (or settlement) for a neutral
    /// player (BA2-4).
    NeutralBuilding {
        settlement: bool,
    },
    /// Two players: the active seat may put a foreign knight in the castle (BA2-8).
    ForeignKnight,
    /// Two players: chance takes cards for a forced trade (BA2-7).
    ForcedTrade {
        victim: Seat,
    },
    /// Two players: the active seat gives back as many cards as it took (BA2-7).
    GivingBack {
        victim: Seat,
    },
    /// Event cards: the seats in `EventCards::owed` make the choice the card's event asks
    /// (BAE-4): a road to damage, a card to give, whom to take a card from.
    Event,
    /// Event cards: chance picks the card `taker` takes from `victim` (Conflict, Trade
    /// Advantage; BAE-4).
    EventStealing {
        taker: Seat,
        victim: Seat,
    },
    /// Chance reveals the fog hexes touching the piece `seat` placed on `edge` (SC3-6).
    Revealing {
        edge: EdgeId,
        seat: Seat,
    },
    /// The Forgotten Tribe: chance turns over the face-down development card the active
    /// seat's ship just claimed (SC5-6, SC5-7).
    DrawingGift,
    /// The Forgotten Tribe: the active seat places the gift harbor tokens it holds, now that
    /// a site is open (SC5-7).
    PlacingGiftHarbor,
    /// The Pirate Islands: chance takes the cards the fleet plunders from `seat` (SC7-8).
    FleetPlunder {
        seat: Seat,
    },
    /// The Pirate Islands: `seat` beat the fleet and takes a resource of its choice (SC7-8).
    FleetReward {
        seat: Seat,
    },
    /// The Pirate Islands: chance rolls the die for the active seat's fortress (SC7-11).
    FortressBattle,
    Over,
}

impl Phase {
    /// Before the first turn: the New World's harbors being placed (SC9-3) and the starting
    /// settlements and roads (B-22). Pieces are placed then, and none moves.
    pub fn is_setup(self) -> bool {
        matches!(
            self,
            Phase::DrawingHarbor
                | Phase::PlacingHarbor
                | Phase::SetupSettlement
                | Phase::SetupRoad { .. }
        )
    }
}

/// Barbarian Attack's development cards (BA-2, BA-14 to BA-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BarbarianCard {
    Knighthood,
    BlackKnight,
    Treason,
    Intrigue,
}

impl BarbarianCard {
    pub const ALL: [BarbarianCard; 4] = [
        BarbarianCard::Knighthood,
        BarbarianCard::BlackKnight,
        BarbarianCard::Treason,
        BarbarianCard::Intrigue,
    ];
    /// The 26-card deck (BA-2, D-BA-14), in `ALL` order.
    pub const DECK: [u8; 4] = [14, 4, 4, 4];

    pub fn title(self) -> &'static str {
        match self {
            BarbarianCard::Knighthood => "Knighthood",
            BarbarianCard::BlackKnight => "Black Knight",
            BarbarianCard::Treason => "Treason",
            BarbarianCard::Intrigue => "Intrigue",
        }
    }
}

/// The most coastal hexes a Barbarian Attack board has barbarians on (its 10, BA-5).
pub const MAX_COASTAL_HEXES: usize = 10;

/// The most knights on the board: six for each of four colours (BA-2).
pub const MAX_KNIGHTS: usize = 24;

/// A knight on a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Knight {
    pub edge: EdgeId,
    pub seat: Seat,
}

/// Barbarian Attack's pieces and counters (barbarian-attack.md). Zero in other games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Barbarians {
    /// Barbarians on each coastal hex, in battle order (`BarbarianRules::coastal`).
    pub on: [u8; MAX_COASTAL_HEXES],
    /// Barbarians still in the supply.
    pub supply: u8,
    pub knights: [Knight; MAX_KNIGHTS],
    pub knight_count: u8,
    /// Knights (by index) that have made their move this turn (BA-19).
    pub moved: u32,
    pub gold: [u16; MAX_SEATS],
    pub prisoners: [u8; MAX_SEATS],
    /// The development deck and its discard pile, in `BarbarianCard::ALL` order (BA-13).
    pub deck: [u8; 4],
    pub discard: [u8; 4],
    /// Gold exchanges made this turn (BA-28: two at most).
    pub exchanges: u8,
    /// A landing under way: the totals used so far, and the results still to come (BA-10).
    pub landing_used: u16,
    pub landing_left: u8,
    /// Treason under way (BA-16): the coastal hexes that held barbarians when it was
    /// resolved, the hexes used as sources or destinations so far, and the moves left, of
    /// which `treason_supply` come from the supply.
    pub treason_sources: u16,
    pub treason_used: u16,
    pub treason_destination: u16,
    pub treason_left: u8,
    pub treason_supply: u8,
    /// The battle check under way (BA-21): the coastal hex being resolved (its index in
    /// battle order), the factions rolling off, and how many of them win a prisoner.
    pub battle_at: u8,
    pub contenders: SeatSet,
    pub spots: u8,
    /// Landings still owed after the building that triggered them (BA-9, BA2-5).
    pub landings_queued: u8,
    /// The two-player game (BA2): trade tokens held and in the supply, whether a token was
    /// spent this turn, who has placed a first knight, whether foreign knights are moving,
    /// the production rolls made this turn and the first one's total, cards to give back
    /// after a forced trade.
    pub tokens: [u8; MAX_SEATS],
    pub token_supply: u8,
    pub token_used: bool,
    pub first_knight: SeatSet,
    pub foreign_moving: bool,
    pub rolls: u8,
    pub first_total: u8,
    pub give_back: u8,
}

/// The events of the event cards (barbarian-attack.md BAE-1, BAE-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    Calm,
    RobberAttacks,
    Epidemic,
    NeighborlyAssistance,
    CalmSea,
    RobberFlees,
    PlentifulYear,
    Conflict,
    Tournament,
    TradeAdvantage,
    Earthquake,
    GoodNeighbors,
}

impl EventKind {
    pub fn title(self) -> &'static str {
        match self {
            EventKind::Calm => "No event",
            EventKind::RobberAttacks => "Robber Attacks",
            EventKind::Epidemic => "Epidemic",
            EventKind::NeighborlyAssistance => "Neighborly Assistance",
            EventKind::CalmSea => "Calm Sea",
            EventKind::RobberFlees => "Robber Flees",
            EventKind::PlentifulYear => "Plentiful Year",
            EventKind::Conflict => "Conflict",
            EventKind::Tournament => "Tournament",
            EventKind::TradeAdvantage => "Trade Advantage",
            EventKind::Earthquake => "Earthquake",
            EventKind::GoodNeighbors => "Good Neighbors",
        }
    }
}

/// A numbered event card: its event and its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCard {
    pub event: EventKind,
    pub number: u8,
}

/// The 36 numbered cards as (event, number, copies), one entry per kind of card (BAE-1).
pub const EVENT_DECK: [(EventKind, u8, u8); 22] = {
    use EventKind::*;
    [
        (Calm, 3, 1),
        (Calm, 4, 1),
        (Calm, 5, 2),
        (Calm, 6, 2),
        (Calm, 8, 4),
        (Calm, 9, 3),
        (Calm, 10, 2),
        (Calm, 11, 1),
        (RobberAttacks, 7, 6),
        (Epidemic, 6, 1),
        (Epidemic, 8, 1),
        (NeighborlyAssistance, 10, 1),
        (NeighborlyAssistance, 11, 1),
        (CalmSea, 9, 1),
        (CalmSea, 12, 1),
        (RobberFlees, 4, 2),
        (PlentifulYear, 2, 1),
        (Conflict, 3, 1),
        (Tournament, 5, 1),
        (TradeAdvantage, 5, 1),
        (Earthquake, 6, 1),
        (GoodNeighbors, 6, 1),
    ]
};

/// Cards revealed before New Year comes up: 36 less the 5 under it (BAE-2).
pub const EVENT_CARDS_BEFORE_NEW_YEAR: u8 = 31;

impl EventCard {
    /// The index of this kind of card in `EVENT_DECK`, if there is such a card.
    pub fn kind_index(self) -> Option<usize> {
        EVENT_DECK
            .iter()
            .position(|&(e, n, _)| e == self.event && n == self.number)
    }

    pub fn of_kind(i: usize) -> EventCard {
        let (event, number, _) = EVENT_DECK[i];
        EventCard { event, number }
    }
}

/// The event-card deck in place of the production dice (BAE-1 to BAE-4). Untouched when the
/// game rolls dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventCards {
    /// Copies of each kind of card (`EVENT_DECK` order) not yet revealed since New Year.
    pub left: [u8; 22],
    /// Cards revealed since New Year, a rejected second card included (BAE-2).
    pub revealed: u8,
    /// The card revealed last, as an `EVENT_DECK` index; `u8::MAX` before the first.
    pub last: u8,
    /// Seats still to make the choice the event asks (`Phase::Event`).
    pub owed: SeatSet,
    /// Roads turned sideways by an Earthquake, until repaired.
    pub damaged: EdgeSet,
}

impl Default for EventCards {
    fn default() -> EventCards {
        let mut left = [0; 22];
        for (i, &(_, _, n)) in EVENT_DECK.iter().enumerate() {
            left[i] = n;
        }
        EventCards {
            left,
            revealed: 0,
            last: u8::MAX,
            owed: SeatSet::EMPTY,
            damaged: EdgeSet::new(),
        }
    }
}

/// The five wonders of The Wonders of Catan, in the order of the table of SC8-6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wonder {
    Theater,
    GreatBridge,
    Monument,
    GreatWall,
    Cathedral,
}

impl Wonder {
    pub const ALL: [Wonder; 5] = [
        Wonder::Theater,
        Wonder::GreatBridge,
        Wonder::Monument,
        Wonder::GreatWall,
        Wonder::Cathedral,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Wonder::Theater => "Theater",
            Wonder::GreatBridge => "Great Bridge",
            Wonder::Monument => "Monument",
            Wonder::GreatWall => "Great Wall",
            Wonder::Cathedral => "Cathedral",
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The stages of every wonder (SC8-6).
pub const WONDER_STAGES: u8 = 4;

/// The Wonders of Catan (SC8-6): who claimed each wonder, and how many stages each seat has
/// built of its own. Public (SC8-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Wonders {
    /// The owner of each wonder, in `Wonder::ALL` order.
    pub owner: [Option<Seat>; 5],
    pub stages: [u8; MAX_SEATS],
}

impl Wonders {
    /// The wonder `seat` has claimed, if any (one at most).
    #[inline]
    pub fn of(&self, seat: Seat) -> Option<Wonder> {
        self.owner
            .iter()
            .position(|&o| o == Some(seat))
            .map(|i| Wonder::ALL[i])
    }
}

/// The most gift edges a map may have (SC5-6 has 8 + 4 + 6).
pub const MAX_GIFTS: usize = 24;

/// The Forgotten Tribe's gifts (SC5-6, SC5-7), indexed as `TribeRules::gifts`. The four
/// development cards are not dealt until a ship claims one: until then they are no more
/// known than the deck's order, and chance draws each from the unseen cards when claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Gifts {
    /// Who took each gift.
    pub taken_by: [Option<Seat>; MAX_GIFTS],
    /// Each seat's harbor gifts still waiting for a site, as bits of gift indices.
    pub waiting: [u32; MAX_SEATS],
    /// Where each harbor gift was placed.
    pub placed: [Option<EdgeId>; MAX_GIFTS],
}

/// The harbor tokens the players place before setup (SC9-3), by type in the order of
/// `HarborKind::ALL`. Empty in other games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct HarborTokens {
    /// Tokens still face down.
    pub face_down: [u8; 6],
    /// The token the active seat turned over and holds, to place now.
    pub in_hand: Option<crate::map::HarborKind>,
}

impl HarborTokens {
    /// Tokens not yet on the board: face down, or in hand.
    pub fn left(&self) -> u32 {
        self.face_down.iter().map(|&n| u32::from(n)).sum::<u32>()
            + u32::from(self.in_hand.is_some())
    }
}

/// A special victory point marker (S-19): who earned it, with which settlement, how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Chit {
    pub seat: Seat,
    pub corner: CornerId,
    pub value: u8,
}

/// A domestic trade offer from the active seat (B-39).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TradeOffer {
    /// What the active seat gives.
    pub give: Resources,
    /// What the active seat asks for.
    pub get: Resources,
    /// The opponents the offer is made to.
    pub to: SeatSet,
    /// Barbarian Attack: gold coins given and asked for besides the cards (BA-28).
    pub give_gold: u8,
    pub get_gold: u8,
}

impl TradeOffer {
    /// An offer of cards only.
    pub fn cards(
        give: crate::resources::Resources,
        get: crate::resources::Resources,
        to: SeatSet,
    ) -> TradeOffer {
        TradeOffer {
            give,
            get,
            to,
            give_gold: 0,
            get_gold: 0,
        }
    }
}

/// An offer being answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OpenOffer {
    pub offer: Option<TradeOffer>,
    pub answered: SeatSet,
    pub accepted: SeatSet,
}

/// The length of a player's longest road or trade route lies between `low` and `high`. After
/// most changes both are the length itself; a ship moved from one loose end of its route to
/// another, or a road or ship built hanging loose, changes it by one at most, and it is worked
/// out again only when Longest Road could turn on it (`rules/routes.rs`, `rules/awards.rs`).
///
/// It is what the pieces on the board already say, kept to save working it out: two states
/// are equal whatever either knows of it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RouteLength {
    pub low: u8,
    pub high: u8,
    /// The end pieces of one trail `low` long, when known. A ship hanging loose that is
    /// neither is not on that trail, which stays whole when the ship moves.
    pub ends: Option<[EdgeId; 2]>,
}

impl RouteLength {
    pub fn exactly(length: u8) -> RouteLength {
        RouteLength {
            low: length,
            high: length,
            ends: None,
        }
    }

    /// The length of `trail`, known with its ends; 0 without one.
    pub fn of(trail: Option<crate::rules::routes::Trail>) -> RouteLength {
        trail.map_or(RouteLength::exactly(0), |trail| RouteLength {
            low: trail.length,
            high: trail.length,
            ends: Some(trail.ends),
        })
    }

    /// Whether `edge` is an end of the trail `low` long that is known.
    pub fn ends_at(self, edge: EdgeId) -> bool {
        self.ends.is_some_and(|ends| ends.contains(&edge))
    }

    /// The length, when it is known.
    pub fn known(self) -> Option<u8> {
        (self.low == self.high).then_some(self.low)
    }
}

impl PartialEq for RouteLength {
    fn eq(&self, _: &RouteLength) -> bool {
        true
    }
}

impl Eq for RouteLength {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PlayerState {
    pub hand: Resources,
    /// Development cards held since before this turn: playable.
    pub cards: DevelopmentCards,
    /// Development cards bought this turn: not playable yet (B-30).
    pub new_cards: DevelopmentCards,
    pub played_knights: u8,
    pub roads: EdgeSet,
    pub settlements: CornerSet,
    pub cities: CornerSet,
    /// Corners from which this player may extend a road (B-19): its buildings, and the ends
    /// of its roads that hold no opponent's building. Kept up to date with every placement.
    pub reach: CornerSet,
    /// The edges at `reach`: where a new road may go, unless paved or off land.
    pub frontier: EdgeSet,
    /// Corners touched by this player's roads: where a settlement may connect (B-20).
    pub road_ends: CornerSet,
    pub ships: EdgeSet,
    /// Corners from which this player may extend a ship route (S-7): its buildings, and the
    /// ends of its ships that hold no opponent's building.
    pub ship_reach: CornerSet,
    /// This player's ships on closed routes (S-12), kept up to date with every ship and
    /// settlement placed.
    pub closed_ships: EdgeSet,
    /// Gold-field picks still to choose (S-18).
    pub gold_owed: u8,
    /// Special victory points earned (S-19).
    pub special_vp: u8,
    /// The scoring areas where this player has earned its special victory points.
    pub scored_areas: u16,
    /// The islands holding this player's starting settlements (SC2-3, SC9-2).
    pub home_areas: u16,
    /// What is known of the length of this player's longest road (B-37) or trade route
    /// (S-16): see [`RouteLength`].
    pub route: RouteLength,
    /// The harbors this player can use (`HarborKind::bit`s).
    pub harbors: u8,
    /// Cards this player must still discard after a 7 (B-27.2).
    pub discard_owed: u8,
    /// Ships out of play for good: the one a claimed wonder holds (SC8-6).
    pub ships_retired: u8,
    /// Settlements out of stock but not the player's: the Pirate Islands' fortress until
    /// conquered (D-SC7-10).
    pub settlements_retired: u8,
    /// The Pirate Islands: where this player's route along its lane ends, kept as its ships
    /// change (`modules/pirate_islands/route.rs`).
    pub lane_end: LaneEnd,
}

/// The end of a player's route along its lane in the Pirate Islands (SC7-6): the corner it
/// ends on, its last ship, and the corner before that ship (the start settlement for a
/// route of one ship). With no ship, `end` is the start settlement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneEnd {
    pub end: CornerId,
    pub last: Option<EdgeId>,
    pub before: CornerId,
}

impl PlayerState {
    #[inline]
    pub fn buildings(&self) -> CornerSet {
        self.settlements.union(&self.cities)
    }
    pub fn settlements_left(&self) -> u8 {
        SETTLEMENTS - self.settlements.len() as u8 - self.settlements_retired
    }
    pub fn cities_left(&self) -> u8 {
        CITIES - self.cities.len() as u8
    }
    pub fn roads_left(&self) -> u8 {
        ROADS - self.roads.len() as u8
    }
    pub fn ships_left(&self) -> u8 {
        SHIPS - self.ships.len() as u8 - self.ships_retired
    }
    /// All development cards in hand, new or not.
    pub fn all_cards(&self) -> DevelopmentCards {
        let mut out = self.cards;
        for (a, b) in out.0.iter_mut().zip(self.new_cards.0.iter()) {
            *a += b;
        }
        out
    }
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub seats: u8,
    pub phase: Phase,
    /// Whose turn it is (during setup: who is placing).
    pub active: Seat,
    /// The seat that took the first turn.
    pub first: Seat,
    /// Settlements placed so far in setup: picks the seat in snake order.
    pub setup_step: u8,
    /// Turns started since setup (the first turn is 1).
    pub turn: u16,
    pub rolled: bool,
    /// A Knight or progress card was played this turn (B-30).
    pub card_played: bool,
    pub dice: Option<(u8, u8)>,
    pub players: [PlayerState; MAX_SEATS],
    pub bank: Resources,
    pub deck: DevelopmentCards,
    /// `None` while the robber is beside the board.
    pub robber: Option<HexId>,
    pub longest_road: Option<Seat>,
    pub largest_army: Option<Seat>,
    pub offer: OpenOffer,
    /// Offers made this turn, so bots can stop offering.
    pub offers_this_turn: u8,
    pub victory_points: u8,
    pub winner: Option<Seat>,
    /// Corners holding any building.
    pub occupied: CornerSet,
    /// Corners where the distance rule forbids a settlement: occupied or next to a building.
    pub crowded: CornerSet,
    /// Edges holding any road.
    pub paved: EdgeSet,
    /// Edges holding any ship.
    pub shipped: EdgeSet,
    /// Ships placed this turn: they may not move (S-13.5).
    pub new_ships: EdgeSet,
    /// A ship was moved this turn (S-13.2).
    pub ship_moved: bool,
    /// `None` while the pirate is beside the board.
    pub pirate: Option<HexId>,
    /// Catan chits earned, in the order earned.
    pub chits: [Chit; MAX_CHITS],
    pub chit_count: u8,
    /// The phase play goes back to when gold picks or fog reveals are done.
    pub resume: Phase,
    /// The fog stack still face down: hexes by terrain (`Terrain::ALL` order) and numbers.
    pub fog_hexes_left: [u8; 10],
    pub fog_numbers_left: [u8; 13],
    pub barbarians: Barbarians,
    /// The event cards, when they replace the dice (BAE).
    pub events: EventCards,
    /// Who holds the Harbormaster card (BAH-2).
    pub harbormaster: Option<Seat>,
    /// Neutral seats: they own pieces but never take a turn, receive resources or score
    /// (Barbarian Attack for two, BA2-1).
    pub neutral: SeatSet,
    /// The Wonders of Catan (SC8-6); untouched in other games.
    pub wonders: Wonders,
    /// The Forgotten Tribe's gifts (SC5-6, SC5-7); untouched in other games.
    pub gifts: Gifts,
    /// The harbor tokens the players place before setup (SC9-3); none in other games.
    pub harbor_tokens: HarborTokens,
    /// Cloth for Catan's villages and cloth (SC6-2 to SC6-5); untouched in other games.
    pub cloth: crate::modules::cloth::Cloth,
    /// Seats sharing the win with `winner` (Cloth for Catan's tie, D-SC6-1).
    pub shared_winners: SeatSet,
    /// The Pirate Islands' fortresses, warships and fleet attacks (SC7); untouched in other
    /// games.
    pub pirates: crate::modules::pirate_islands::Pirates,
    /// How long the scores have stood still (`rules/standstill.rs`).
    pub standstill: Standstill,
}

/// The public scores as the last round ended, and how many rounds in a row ended with the
/// scores as they began (`rules/standstill.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standstill {
    pub rounds: u16,
    pub scores: [u8; MAX_SEATS],
}

impl State {
    #[inline]
    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat.index()]
    }
    #[inline]
    pub fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.players[seat.index()]
    }
    pub fn seat_ids(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.seats).map(Seat)
    }
    /// The seats that take turns: all but the neutral ones, which come last.
    #[inline]
    pub fn playing(&self) -> u8 {
        self.seats - self.neutral.len() as u8
    }
    /// The seat after `seat` in turn order.
    pub fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.playing())
    }
    /// Who owns the building at a corner.
    #[inline]
    pub fn building_owner(&self, c: CornerId) -> Option<Seat> {
        if !self.occupied.contains(c.index()) {
            return None;
        }
        (0..self.seats)
            .map(Seat)
            .find(|&s| self.player(s).buildings().contains(c.index()))
    }
    /// Whether a corner holds a building of someone other than `seat`.
    #[inline]
    pub fn opponent_building_at(&self, seat: Seat, c: CornerId) -> bool {
        self.occupied.contains(c.index()) && !self.player(seat).buildings().contains(c.index())
    }
}
