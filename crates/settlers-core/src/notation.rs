//! Actions in text form: the JSON shape used by records, the protocol and tests, with
//! positions as text coordinates (`1,-2,E`).

use crate::action::{Action, Actor, RuleError};
use crate::game::Game;
use crate::geometry::{Corner, Edge, Hex};
use crate::map::HarborKind;
use crate::resources::{DevelopmentCard, Resource, Resources, Terrain};
use crate::state::{BarbarianCard, EventCard, EventKind, Seat, SeatSet, TradeOffer, Wonder};
use serde::{Deserialize, Serialize};

/// What the pirate takes from its victim (SC6-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PirateLoot {
    /// A random resource card (S-14.3).
    Card,
    /// A cloth (Cloth for Catan).
    Cloth,
}

/// An action with text coordinates. Serialised with its name under `action`:
/// `{"action": "build_road", "edge": "1,-2,E"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionText {
    BuildSettlement {
        corner: Corner,
    },
    BuildRoad {
        edge: Edge,
    },
    BuildCity {
        corner: Corner,
    },
    BuildShip {
        edge: Edge,
    },
    MoveShip {
        from: Edge,
        to: Edge,
    },
    BuyDevelopmentCard,
    RollDice,
    EndTurn,
    Discard {
        cards: Resources,
    },
    MoveRobber {
        hex: Hex,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Seat>,
    },
    MovePirate {
        hex: Hex,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Seat>,
        /// What the pirate takes from the victim: a card when not given, or with Cloth for
        /// Catan a `cloth` (SC6-7).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        take: Option<PirateLoot>,
    },
    PickResources {
        cards: Resources,
    },
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty {
        cards: Resources,
    },
    PlayMonopoly {
        resource: Resource,
    },
    TradeWithBank {
        give: Resource,
        get: Resource,
    },
    OfferTrade {
        give: Resources,
        get: Resources,
        to: SeatSet,
        /// Barbarian Attack: gold coins given and asked for (BA-28).
        #[serde(default, skip_serializing_if = "is_zero")]
        give_gold: u8,
        #[serde(default, skip_serializing_if = "is_zero")]
        get_gold: u8,
    },
    AcceptTrade,
    RejectTrade,
    ConfirmTrade {
        with: Seat,
    },
    CancelTrade,
    Dice {
        dice: [u8; 2],
    },
    DrawDevelopmentCard {
        card: DevelopmentCard,
    },
    RevealFog {
        hex: Hex,
        terrain: Terrain,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        number: Option<u8>,
    },
    StealResource {
        resource: Resource,
    },
    PlaceKnight {
        edge: Edge,
    },
    MoveKnight {
        from: Edge,
        to: Edge,
    },
    TreasonMove {
        /// `None`: from the supply.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Hex>,
        to: Hex,
    },
    TakePrisoner {
        hex: Hex,
    },
    BuyWithGold {
        resource: Resource,
    },
    RobPlayer {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Seat>,
    },
    LandBarbarian {
        total: u8,
    },
    DrawBarbarianCard {
        card: BarbarianCard,
    },
    RollOff {
        dice: [u8; 4],
    },
    Casualties {
        die: u8,
    },
    NeutralRoad {
        seat: Seat,
        edge: Edge,
    },
    NeutralSettlement {
        seat: Seat,
        corner: Corner,
    },
    PlaceForeignKnight {
        /// `None`: no foreign knight.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edge: Option<Edge>,
    },
    DriveAwayBarbarian {
        hex: Hex,
    },
    ForceTrade,
    GiveBack {
        cards: Resources,
    },
    TakeCards {
        cards: Resources,
    },
    DamageRoad {
        edge: Edge,
    },
    RepairRoad {
        edge: Edge,
    },
    GiveCard {
        to: Seat,
        resource: Resource,
    },
    RevealEvent {
        event: EventKind,
        number: u8,
    },
    /// The Wonders of Catan (SC8-6).
    ClaimWonder {
        wonder: Wonder,
    },
    BuildWonderStage,
    /// The Forgotten Tribe (SC5-7): a waiting harbor token of type `harbor` (`3:1` or a
    /// resource) placed on `edge`.
    PlaceGiftHarbor {
        edge: Edge,
        harbor: HarborKind,
    },
    /// Chance: the face-down development card of a claimed gift (SC5-6).
    /// The Pirate Islands (SC7-8, SC7-11).
    AttackFortress,
    FleetPlunder {
        cards: Resources,
    },
    FortressDie {
        die: u8,
    },
    RevealGiftCard {
        card: DevelopmentCard,
    },
    /// The New World (SC9-3): the harbor token in hand placed on `edge`.
    PlaceHarbor {
        edge: Edge,
    },
    /// Chance: the harbor token turned over for the seat in turn (SC9-3).
    TurnOverHarbor {
        harbor: HarborKind,
    },
}

/// Who acted, as text: a seat number, or `"chance"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActorText(pub Actor);

impl Serialize for ActorText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Actor::Seat(seat) => s.serialize_u8(seat.0),
            Actor::Chance => s.serialize_str("chance"),
        }
    }
}

impl<'de> Deserialize<'de> for ActorText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Seat(u8),
            Name(String),
        }
        match Raw::deserialize(d)? {
            Raw::Seat(n) => Ok(ActorText(Actor::Seat(Seat(n)))),
            Raw::Name(n) if n == "chance" => Ok(ActorText(Actor::Chance)),
            Raw::Name(n) => Err(serde::de::Error::custom(format!(
                "`{n}` is not an actor (a seat number or \"chance\")"
            ))),
        }
    }
}

/// One entry of a record: who acted, and what they did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionEntry {
    pub actor: ActorText,
    #[serde(flatten)]
    pub action: ActionText,
}

impl Game {
    /// The action with text coordinates.
    pub fn action_text(&self, action: &Action) -> ActionText {
        let t = self.topology();
        match *action {
            Action::BuildSettlement(c) => ActionText::BuildSettlement {
                corner: t.corner(c),
            },
            Action::BuildRoad(e) => ActionText::BuildRoad { edge: t.edge(e) },
            Action::BuildCity(c) => ActionText::BuildCity {
                corner: t.corner(c),
            },
            Action::BuyDevelopmentCard => ActionText::BuyDevelopmentCard,
            Action::RollDice => ActionText::RollDice,
            Action::EndTurn => ActionText::EndTurn,
            Action::Discard(cards) => ActionText::Discard { cards },
            Action::MoveRobber { hex, victim } => ActionText::MoveRobber {
                hex: t.hex(hex),
                victim,
            },
            Action::PlayKnight => ActionText::PlayKnight,
            Action::PlayRoadBuilding => ActionText::PlayRoadBuilding,
            Action::PlayYearOfPlenty(cards) => ActionText::PlayYearOfPlenty { cards },
            Action::PlayMonopoly(resource) => ActionText::PlayMonopoly { resource },
            Action::TradeWithBank { give, get } => ActionText::TradeWithBank { give, get },
            Action::OfferTrade(o) => ActionText::OfferTrade {
                give: o.give,
                get: o.get,
                to: o.to,
                give_gold: o.give_gold,
                get_gold: o.get_gold,
            },
            Action::AcceptTrade => ActionText::AcceptTrade,
            Action::RejectTrade => ActionText::RejectTrade,
            Action::ConfirmTrade(with) => ActionText::ConfirmTrade { with },
            Action::CancelTrade => ActionText::CancelTrade,
            Action::Dice(a, b) => ActionText::Dice { dice: [a, b] },
            Action::DrawDevelopmentCard(card) => ActionText::DrawDevelopmentCard { card },
            Action::StealResource(resource) => ActionText::StealResource { resource },
            Action::BuildShip(e) => ActionText::BuildShip { edge: t.edge(e) },
            Action::MoveShip { from, to } => ActionText::MoveShip {
                from: t.edge(from),
                to: t.edge(to),
            },
            Action::MovePirate { hex, victim } => ActionText::MovePirate {
                hex: t.hex(hex),
                victim,
                take: None,
            },
            Action::MovePirateForCloth { hex, victim } => ActionText::MovePirate {
                hex: t.hex(hex),
                victim: Some(victim),
                take: Some(PirateLoot::Cloth),
            },
            Action::PickResources(cards) => ActionText::PickResources { cards },
            Action::PlaceKnight(e) => ActionText::PlaceKnight { edge: t.edge(e) },
            Action::MoveKnight { from, to } => ActionText::MoveKnight {
                from: t.edge(from),
                to: t.edge(to),
            },
            Action::TreasonMove { from, to } => ActionText::TreasonMove {
                from: from.map(|h| t.hex(h)),
                to: t.hex(to),
            },
            Action::TakePrisoner(h) => ActionText::TakePrisoner { hex: t.hex(h) },
            Action::BuyWithGold(resource) => ActionText::BuyWithGold { resource },
            Action::RobPlayer(victim) => ActionText::RobPlayer { victim },
            Action::LandBarbarian(total) => ActionText::LandBarbarian { total },
            Action::DrawBarbarianCard(card) => ActionText::DrawBarbarianCard { card },
            Action::RollOff(dice) => ActionText::RollOff { dice },
            Action::Casualties(die) => ActionText::Casualties { die },
            Action::NeutralRoad { seat, edge } => ActionText::NeutralRoad {
                seat,
                edge: t.edge(edge),
            },
            Action::NeutralSettlement { seat, corner } => ActionText::NeutralSettlement {
                seat,
                corner: t.corner(corner),
            },
            Action::PlaceForeignKnight(edge) => ActionText::PlaceForeignKnight {
                edge: edge.map(|e| t.edge(e)),
            },
            Action::DriveAwayBarbarian(h) => ActionText::DriveAwayBarbarian { hex: t.hex(h) },
            Action::ForceTrade => ActionText::ForceTrade,
            Action::GiveBack(cards) => ActionText::GiveBack { cards },
            Action::TakeCards(cards) => ActionText::TakeCards { cards },
            Action::DamageRoad(e) => ActionText::DamageRoad { edge: t.edge(e) },
            Action::RepairRoad(e) => ActionText::RepairRoad { edge: t.edge(e) },
            Action::GiveCard { to, resource } => ActionText::GiveCard { to, resource },
            Action::RevealEvent(card) => ActionText::RevealEvent {
                event: card.event,
                number: card.number,
            },
            Action::ClaimWonder(wonder) => ActionText::ClaimWonder { wonder },
            Action::BuildWonderStage => ActionText::BuildWonderStage,
            Action::PlaceGiftHarbor { edge, kind } => ActionText::PlaceGiftHarbor {
                edge: t.edge(edge),
                harbor: kind,
            },
            Action::RevealGiftCard(card) => ActionText::RevealGiftCard { card },
            Action::PlaceHarbor(e) => ActionText::PlaceHarbor { edge: t.edge(e) },
            Action::TurnOverHarbor(harbor) => ActionText::TurnOverHarbor { harbor },
            Action::AttackFortress => ActionText::AttackFortress,
            Action::FleetPlunder(cards) => ActionText::FleetPlunder { cards },
            Action::FortressDie(die) => ActionText::FortressDie { die },
            Action::RevealFog {
                hex,
                terrain,
                number,
            } => ActionText::RevealFog {
                hex: t.hex(hex),
                terrain,
                number,
            },
        }
    }

    /// The action a text names on this board; an unknown place is refused.
    pub fn action_from_text(&self, text: &ActionText) -> Result<Action, RuleError> {
        let t = self.topology();
        let hex = |h: &Hex| {
            t.hex_id(*h).ok_or_else(|| RuleError::OffBoard {
                what: "hex",
                text: h.to_string(),
            })
        };
        let corner = |c: &Corner| {
            t.corner_id(*c).ok_or_else(|| RuleError::OffBoard {
                what: "corner",
                text: c.to_string(),
            })
        };
        let edge = |e: &Edge| {
            t.edge_id(*e).ok_or_else(|| RuleError::OffBoard {
                what: "edge",
                text: e.to_string(),
            })
        };
        Ok(match text {
            ActionText::BuildSettlement { corner: c } => Action::BuildSettlement(corner(c)?),
            ActionText::BuildRoad { edge: e } => Action::BuildRoad(edge(e)?),
            ActionText::BuildCity { corner: c } => Action::BuildCity(corner(c)?),
            ActionText::BuyDevelopmentCard => Action::BuyDevelopmentCard,
            ActionText::RollDice => Action::RollDice,
            ActionText::EndTurn => Action::EndTurn,
            ActionText::Discard { cards } => Action::Discard(*cards),
            ActionText::MoveRobber { hex, victim } => Action::MoveRobber {
                hex: t.hex_id(*hex).ok_or_else(|| RuleError::OffBoard {
                    what: "hex",
                    text: hex.to_string(),
                })?,
                victim: *victim,
            },
            ActionText::PlayKnight => Action::PlayKnight,
            ActionText::PlayRoadBuilding => Action::PlayRoadBuilding,
            ActionText::PlayYearOfPlenty { cards } => Action::PlayYearOfPlenty(*cards),
            ActionText::PlayMonopoly { resource } => Action::PlayMonopoly(*resource),
            ActionText::TradeWithBank { give, get } => Action::TradeWithBank {
                give: *give,
                get: *get,
            },
            ActionText::OfferTrade {
                give,
                get,
                to,
                give_gold,
                get_gold,
            } => Action::OfferTrade(TradeOffer {
                give: *give,
                get: *get,
                to: *to,
                give_gold: *give_gold,
                get_gold: *get_gold,
            }),
            ActionText::AcceptTrade => Action::AcceptTrade,
            ActionText::RejectTrade => Action::RejectTrade,
            ActionText::ConfirmTrade { with } => Action::ConfirmTrade(*with),
            ActionText::CancelTrade => Action::CancelTrade,
            ActionText::Dice { dice: [a, b] } => Action::Dice(*a, *b),
            ActionText::DrawDevelopmentCard { card } => Action::DrawDevelopmentCard(*card),
            ActionText::StealResource { resource } => Action::StealResource(*resource),
            ActionText::BuildShip { edge: e } => Action::BuildShip(edge(e)?),
            ActionText::MoveShip { from, to } => Action::MoveShip {
                from: edge(from)?,
                to: edge(to)?,
            },
            ActionText::MovePirate {
                hex: h,
                victim,
                take: Some(PirateLoot::Cloth),
            } => Action::MovePirateForCloth {
                hex: hex(h)?,
                victim: victim.ok_or_else(|| {
                    RuleError::refused("name the victim whose cloth the pirate takes")
                })?,
            },
            ActionText::MovePirate { hex: h, victim, .. } => Action::MovePirate {
                hex: hex(h)?,
                victim: *victim,
            },
            ActionText::PickResources { cards } => Action::PickResources(*cards),
            ActionText::PlaceKnight { edge: e } => Action::PlaceKnight(edge(e)?),
            ActionText::MoveKnight { from, to } => Action::MoveKnight {
                from: edge(from)?,
                to: edge(to)?,
            },
            ActionText::TreasonMove { from, to } => Action::TreasonMove {
                from: match from {
                    Some(h) => Some(hex(h)?),
                    None => None,
                },
                to: hex(to)?,
            },
            ActionText::TakePrisoner { hex: h } => Action::TakePrisoner(hex(h)?),
            ActionText::BuyWithGold { resource } => Action::BuyWithGold(*resource),
            ActionText::RobPlayer { victim } => Action::RobPlayer(*victim),
            ActionText::LandBarbarian { total } => Action::LandBarbarian(*total),
            ActionText::DrawBarbarianCard { card } => Action::DrawBarbarianCard(*card),
            ActionText::RollOff { dice } => Action::RollOff(*dice),
            ActionText::Casualties { die } => Action::Casualties(*die),
            ActionText::NeutralRoad { seat, edge: e } => Action::NeutralRoad {
                seat: *seat,
                edge: edge(e)?,
            },
            ActionText::NeutralSettlement { seat, corner: c } => Action::NeutralSettlement {
                seat: *seat,
                corner: corner(c)?,
            },
            ActionText::PlaceForeignKnight { edge: e } => Action::PlaceForeignKnight(match e {
                Some(e) => Some(edge(e)?),
                None => None,
            }),
            ActionText::DriveAwayBarbarian { hex: h } => Action::DriveAwayBarbarian(hex(h)?),
            ActionText::ForceTrade => Action::ForceTrade,
            ActionText::GiveBack { cards } => Action::GiveBack(*cards),
            ActionText::TakeCards { cards } => Action::TakeCards(*cards),
            ActionText::DamageRoad { edge: e } => Action::DamageRoad(edge(e)?),
            ActionText::RepairRoad { edge: e } => Action::RepairRoad(edge(e)?),
            ActionText::GiveCard { to, resource } => Action::GiveCard {
                to: *to,
                resource: *resource,
            },
            ActionText::RevealEvent { event, number } => Action::RevealEvent(EventCard {
                event: *event,
                number: *number,
            }),
            ActionText::ClaimWonder { wonder } => Action::ClaimWonder(*wonder),
            ActionText::BuildWonderStage => Action::BuildWonderStage,
            ActionText::PlaceGiftHarbor { edge: e, harbor } => Action::PlaceGiftHarbor {
                edge: edge(e)?,
                kind: *harbor,
            },
            ActionText::RevealGiftCard { card } => Action::RevealGiftCard(*card),
            ActionText::PlaceHarbor { edge: e } => Action::PlaceHarbor(edge(e)?),
            ActionText::TurnOverHarbor { harbor } => Action::TurnOverHarbor(*harbor),
            ActionText::AttackFortress => Action::AttackFortress,
            ActionText::FleetPlunder { cards } => Action::FleetPlunder(*cards),
            ActionText::FortressDie { die } => Action::FortressDie(*die),
            ActionText::RevealFog {
                hex: h,
                terrain,
                number,
            } => Action::RevealFog {
                hex: hex(h)?,
                terrain: *terrain,
                number: *number,
            },
        })
    }

    /// Applies an action given as text.
    pub fn apply_text(
        &mut self,
        actor: Actor,
        text: &ActionText,
    ) -> Result<Vec<crate::Event>, RuleError> {
        let action = self.action_from_text(text)?;
        self.apply(actor, action)
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
