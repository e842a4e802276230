//! What happened: for logs, views and the page. Events carry text coordinates, so they
//! serialise as they are; `seen_by` hides what a viewer may not know.

use crate::geometry::{Corner, Edge, Hex};
use crate::map::HarborKind;
use crate::resources::{DevelopmentCard, Resource, Resources, Terrain};
use crate::state::{BarbarianCard, EventKind, Seat, SeatSet, TradeOffer, Wonder};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    SettlementBuilt {
        seat: Seat,
        corner: Corner,
    },
    RoadBuilt {
        seat: Seat,
        edge: Edge,
    },
    ShipBuilt {
        seat: Seat,
        edge: Edge,
    },
    ShipMoved {
        seat: Seat,
        from: Edge,
        to: Edge,
    },
    /// `victims`: the seats that could be robbed there (S-14.3): one of them is robbed next,
    /// or no one when there is none.
    PirateMoved {
        seat: Seat,
        hex: Hex,
        victims: SeatSet,
    },
    /// A gold field's picks are owed (S-18), told for every seat owing any when the picks
    /// begin. `count` is what the bank holds for them then: a seat later in the order may
    /// get fewer if the bank runs short first (D-S-4).
    MustPickGold {
        seat: Seat,
        count: u8,
    },
    GoldPicked {
        seat: Seat,
        resources: Resources,
    },
    /// A fog hex turned over, and what its discoverer received (SC3-6).
    FogRevealed {
        seat: Seat,
        hex: Hex,
        terrain: Terrain,
        number: Option<u8>,
        reward: Resources,
    },
    /// A Catan chit: special victory points for a settlement (S-19).
    SpecialVictoryPoints {
        seat: Seat,
        corner: Corner,
        value: u8,
    },
    /// Barbarian Attack (barbarian-attack.md).
    BarbariansLanded {
        hex: Hex,
        total: u8,
        landed: bool,
        barbarians: u8,
    },
    BarbarianCardDrawn {
        seat: Seat,
        card: BarbarianCard,
    },
    KnightPlaced {
        seat: Seat,
        edge: Edge,
    },
    KnightMoved {
        seat: Seat,
        from: Edge,
        to: Edge,
        grain: bool,
    },
    BarbarianMoved {
        seat: Seat,
        from: Option<Hex>,
        to: Hex,
    },
    PrisonerTaken {
        seat: Seat,
        hex: Hex,
    },
    BattleWon {
        hex: Hex,
        barbarians: u8,
        knights: u8,
    },
    PrisonersWon {
        seat: Seat,
        prisoners: u8,
    },
    RolledOff {
        dice: [u8; 4],
    },
    GoldWon {
        seat: Seat,
        gold: u16,
    },
    KnightLost {
        seat: Seat,
        edge: Edge,
        gold: u16,
    },
    CasualtyRolled {
        die: u8,
    },
    GoldExchanged {
        seat: Seat,
        resource: Resource,
    },
    BarbarianDrivenAway {
        seat: Seat,
        hex: Hex,
    },
    /// A forced trade took `count` cards; which ones only the two players know.
    CardsTaken {
        seat: Seat,
        victim: Seat,
        count: u8,
    },
    CardsGivenBack {
        seat: Seat,
        victim: Seat,
        count: u8,
    },
    CityBuilt {
        seat: Seat,
        corner: Corner,
    },
    StartingResources {
        seat: Seat,
        resources: Resources,
    },
    DiceRolled {
        seat: Seat,
        dice: [u8; 2],
        total: u8,
    },
    Produced {
        seat: Seat,
        resources: Resources,
    },
    /// `seat` had nowhere to put a starting `piece` (`"settlement"`, or `"road"` for its road
    /// or ship) and places none: on a small map of one's own the distance rule may leave no
    /// corner, or others' roads every edge (`rules/setup.rs`).
    NoPlaceInSetup {
        seat: Seat,
        piece: &'static str,
    },
    /// The bank could not pay everyone this resource (B-26).
    BankShort {
        resource: Resource,
    },
    MustDiscard {
        seat: Seat,
        count: u8,
    },
    Discarded {
        seat: Seat,
        resources: Resources,
    },
    /// `victims`: the seats that could be robbed there (B-27.4): one of them is robbed next,
    /// or no one when there is none.
    RobberMoved {
        seat: Seat,
        hex: Hex,
        victims: SeatSet,
    },
    /// `resource` is known to the thief and the victim only.
    Robbed {
        thief: Seat,
        victim: Seat,
        resource: Option<Resource>,
    },
    /// `card` is known to the buyer only.
    DevelopmentCardBought {
        seat: Seat,
        card: Option<DevelopmentCard>,
    },
    KnightPlayed {
        seat: Seat,
    },
    RoadBuildingPlayed {
        seat: Seat,
    },
    YearOfPlentyPlayed {
        seat: Seat,
        resources: Resources,
    },
    MonopolyPlayed {
        seat: Seat,
        resource: Resource,
        taken: u8,
    },
    TradedWithBank {
        seat: Seat,
        gave: Resources,
        got: Resources,
    },
    TradeOffered {
        seat: Seat,
        give: Resources,
        get: Resources,
        to: SeatSet,
    },
    TradeAccepted {
        seat: Seat,
    },
    TradeRejected {
        seat: Seat,
    },
    Traded {
        seat: Seat,
        with: Seat,
        gave: Resources,
        got: Resources,
    },
    TradeCancelled {
        seat: Seat,
    },
    /// Event cards (BAE): the card revealed in place of the dice.
    EventCardRevealed {
        seat: Seat,
        kind: EventKind,
        number: u8,
    },
    /// New Year came up: every numbered card goes back into the deck (BAE-2).
    NewYear,
    /// Two players: a second card with the first card's number, put aside (D-BAE-2).
    EventCardRejected {
        kind: EventKind,
        number: u8,
    },
    /// Earthquake: a road turned sideways; no road may be built until it is repaired.
    RoadDamaged {
        seat: Seat,
        edge: Edge,
    },
    RoadRepaired {
        seat: Seat,
        edge: Edge,
    },
    /// A card given by an event (Good Neighbors, Neighborly Assistance); `resource` is known
    /// to the two seats only.
    CardGiven {
        seat: Seat,
        to: Seat,
        resource: Option<Resource>,
    },
    /// `seat` is `None` when the card is set aside (BAH-2).
    Harbormaster {
        seat: Option<Seat>,
        points: u8,
    },
    /// `seat` is `None` when the card is set aside (B-38.3).
    LongestRoad {
        seat: Option<Seat>,
        length: u8,
    },
    LargestArmy {
        seat: Seat,
        knights: u8,
    },
    TurnStarted {
        seat: Seat,
        turn: u16,
    },
    /// The Wonders of Catan (SC8-6): a wonder claimed with a ship, a stage built.
    WonderClaimed {
        seat: Seat,
        wonder: Wonder,
    },
    WonderStageBuilt {
        seat: Seat,
        wonder: Wonder,
        stage: u8,
    },
    /// The Forgotten Tribe (SC5-7): the first ship on a gift edge takes its gift:
    /// `special_vp`, `development_card` or `harbor` (with the token's type).
    GiftTaken {
        seat: Seat,
        edge: Edge,
        gift: &'static str,
        harbor: Option<HarborKind>,
    },
    /// The face-down card of a gift: `card` is known to the claimer only (SC5-9).
    GiftCardTaken {
        seat: Seat,
        card: Option<DevelopmentCard>,
    },
    /// The harbor token turned over for `seat` to place (SC9-3).
    HarborTurnedOver {
        seat: Seat,
        harbor: HarborKind,
    },
    /// Harbor tokens left in the box: no coast edge takes one any more (SC9-3 with a board
    /// too full; docs/rules-coverage.md).
    HarborsSetAside {
        count: u32,
    },
    /// A harbor placed: a gift (SC5-7), or a New World token before setup (SC9-3).
    HarborPlaced {
        seat: Seat,
        edge: Edge,
        harbor: HarborKind,
    },
    /// Cloth for Catan (SC6-4): `seat` now trades with the village on `village`, and took
    /// `cloth` (0 or 1) from it.
    TradeEstablished {
        seat: Seat,
        village: Corner,
        cloth: u8,
    },
    /// Cloth for Catan (SC6-5): a cloth for a trader of the village whose number came up,
    /// from the village, or from the general supply once the village has run out. Left out
    /// when it came from the village.
    ClothProduced {
        seat: Seat,
        village: Corner,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        from_supply: bool,
    },
    /// Cloth for Catan (SC6-7): the pirate took a cloth.
    ClothStolen {
        thief: Seat,
        victim: Seat,
    },
    /// Cloth for Catan (SC6-9): fewer than 4 villages hold cloth, and the game ends.
    VillagesRanDry {
        villages_with_cloth: u8,
    },
    /// The Pirate Islands (SC7-8): the fleet sailed to `hex` with the lower die's strength.
    FleetSailed {
        hex: Hex,
        strength: u8,
    },
    /// The fleet attacked `seat`: `won`, `lost` or `drawn`, for the seat.
    FleetAttacked {
        seat: Seat,
        warships: u8,
        strength: u8,
        outcome: &'static str,
    },
    /// The cards the fleet took from `seat` to the bank.
    FleetPlundered {
        seat: Seat,
        resources: Resources,
    },
    /// The resource `seat` took from the bank for beating the fleet.
    FleetBeaten {
        seat: Seat,
        resources: Resources,
    },
    /// Every fortress has fallen: the fleet leaves the game (D-SC7-6).
    FleetLeft,
    /// A Knight (or with 4 players a Victory Point card, `card`) laid a ship flat (SC7-7).
    WarshipMade {
        seat: Seat,
        edge: Edge,
        card: DevelopmentCard,
    },
    /// `seat` attacked its fortress: the die against its warships; a chit lost by the
    /// fortress, or ships lost by the attacker (SC7-11).
    FortressAttacked {
        seat: Seat,
        die: u8,
        warships: u8,
        chits_left: u8,
        ships_lost: u8,
    },
    /// A ship lost at a fortress, back to stock.
    ShipLost {
        seat: Seat,
        edge: Edge,
    },
    /// The last chit fell: the fortress is `seat`'s settlement.
    FortressConquered {
        seat: Seat,
        corner: Corner,
    },
    /// No seat can win any more: the game ends without a winner (the Pirate Islands; see
    /// `Game::nobody_can_win`).
    NobodyCanWin,
    /// The scores stood still for `rounds` rounds in a row: the game ends without a winner
    /// (`rules/standstill.rs`).
    ScoresStoodStill {
        rounds: u16,
    },
    GameWon {
        seat: Seat,
        points: u8,
        victory_point_cards: u8,
        /// One of several seats sharing the win (Cloth for Catan's full tie, D-SC6-1): each
        /// has its own event. Left out when the win is one seat's.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        shared: bool,
    },
}

impl Event {
    /// The event as `viewer` may see it (`None`: a spectator).
    pub fn seen_by(&self, viewer: Option<Seat>) -> Event {
        match *self {
            Event::Robbed {
                thief,
                victim,
                resource,
            } if viewer != Some(thief) && viewer != Some(victim) => {
                let _ = resource;
                Event::Robbed {
                    thief,
                    victim,
                    resource: None,
                }
            }
            Event::CardGiven { seat, to, .. } if viewer != Some(seat) && viewer != Some(to) => {
                Event::CardGiven {
                    seat,
                    to,
                    resource: None,
                }
            }
            Event::DevelopmentCardBought { seat, .. } if viewer != Some(seat) => {
                Event::DevelopmentCardBought { seat, card: None }
            }
            Event::GiftCardTaken { seat, .. } if viewer != Some(seat) => {
                Event::GiftCardTaken { seat, card: None }
            }
            ref e => e.clone(),
        }
    }

    /// The event as `TradeOffered` from an offer.
    pub fn offered(seat: Seat, offer: &TradeOffer) -> Event {
        Event::TradeOffered {
            seat,
            give: offer.give,
            get: offer.get,
            to: offer.to,
        }
    }
}

/// Where `apply` puts its events. A simulation that reads none passes `()`, and the
/// compiler removes the work of making them.
pub trait EventSink {
    fn push(&mut self, event: Event);
    /// Whether events are kept; when not, rules skip work done only for events.
    fn wanted(&self) -> bool {
        true
    }
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

impl EventSink for () {
    #[inline]
    fn push(&mut self, _: Event) {}
    #[inline]
    fn wanted(&self) -> bool {
        false
    }
}
