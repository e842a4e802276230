//! The fixed integer action space of a board (docs/python.md, "Action ids"): every kind of
//! seat action gets a block of ids, sized by the board's hexes, corners and edges.
//!
//! Three kinds of choice are too many to list as one id each, and are taken in steps:
//! discards, gold picks and cards given back are chosen a card at a time; a ship's or a
//! knight's move, and a Treason move, are chosen as "from" then "to". Domestic offers are a
//! documented subset: one card of a type for one of another, to every opponent the offer may
//! go to.

use settlers_core::map::HarborKind;
use settlers_core::state::{MAX_SEATS, Wonder};
use settlers_core::topology::{CornerId, EdgeId, HexId, MAX_CORNERS, MAX_EDGES, MAX_HEXES};
use settlers_core::{Action, Game, Resource, Resources, Seat};

/// The blocks of ids, in id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    EndTurn,
    RollDice,
    BuyDevelopmentCard,
    PlayKnight,
    PlayRoadBuilding,
    AcceptTrade,
    RejectTrade,
    CancelTrade,
    ForceTrade,
    AttackFortress,
    BuildWonderStage,
    PlayMonopoly,
    PlayYearOfPlenty,
    TradeWithBank,
    ConfirmTrade,
    BuyWithGold,
    RobPlayer,
    GiveCard,
    ClaimWonder,
    DiscardCard,
    PickGoldCard,
    GiveBackCard,
    OfferOneForOne,
    BuildSettlement,
    BuildCity,
    NeutralSettlement,
    BuildRoad,
    BuildShip,
    PlaceKnight,
    DamageRoad,
    RepairRoad,
    NeutralRoad,
    PlaceForeignKnight,
    PlaceGiftHarbor,
    MoveShipFrom,
    MoveShipTo,
    MoveKnightFrom,
    MoveKnightTo,
    MoveRobber,
    MovePirate,
    MovePirateForCloth,
    TakePrisoner,
    DriveAwayBarbarian,
    TreasonFrom,
    TreasonTo,
    PlaceHarbor,
}

impl Block {
    pub const ALL: [Block; 46] = [
        Block::EndTurn,
        Block::RollDice,
        Block::BuyDevelopmentCard,
        Block::PlayKnight,
        Block::PlayRoadBuilding,
        Block::AcceptTrade,
        Block::RejectTrade,
        Block::CancelTrade,
        Block::ForceTrade,
        Block::AttackFortress,
        Block::BuildWonderStage,
        Block::PlayMonopoly,
        Block::PlayYearOfPlenty,
        Block::TradeWithBank,
        Block::ConfirmTrade,
        Block::BuyWithGold,
        Block::RobPlayer,
        Block::GiveCard,
        Block::ClaimWonder,
        Block::DiscardCard,
        Block::PickGoldCard,
        Block::GiveBackCard,
        Block::OfferOneForOne,
        Block::BuildSettlement,
        Block::BuildCity,
        Block::NeutralSettlement,
        Block::BuildRoad,
        Block::BuildShip,
        Block::PlaceKnight,
        Block::DamageRoad,
        Block::RepairRoad,
        Block::NeutralRoad,
        Block::PlaceForeignKnight,
        Block::PlaceGiftHarbor,
        Block::MoveShipFrom,
        Block::MoveShipTo,
        Block::MoveKnightFrom,
        Block::MoveKnightTo,
        Block::MoveRobber,
        Block::MovePirate,
        Block::MovePirateForCloth,
        Block::TakePrisoner,
        Block::DriveAwayBarbarian,
        Block::TreasonFrom,
        Block::TreasonTo,
        Block::PlaceHarbor,
    ];

    /// The block's name in docs/python.md and `Game.action_space()`.
    pub fn name(self) -> &'static str {
        match self {
            Block::EndTurn => "end_turn",
            Block::RollDice => "roll_dice",
            Block::BuyDevelopmentCard => "buy_development_card",
            Block::PlayKnight => "play_knight",
            Block::PlayRoadBuilding => "play_road_building",
            Block::AcceptTrade => "accept_trade",
            Block::RejectTrade => "reject_trade",
            Block::CancelTrade => "cancel_trade",
            Block::ForceTrade => "force_trade",
            Block::AttackFortress => "attack_fortress",
            Block::BuildWonderStage => "build_wonder_stage",
            Block::PlayMonopoly => "play_monopoly",
            Block::PlayYearOfPlenty => "play_year_of_plenty",
            Block::TradeWithBank => "trade_with_bank",
            Block::ConfirmTrade => "confirm_trade",
            Block::BuyWithGold => "buy_with_gold",
            Block::RobPlayer => "rob_player",
            Block::GiveCard => "give_card",
            Block::ClaimWonder => "claim_wonder",
            Block::DiscardCard => "discard_card",
            Block::PickGoldCard => "pick_gold_card",
            Block::GiveBackCard => "give_back_card",
            Block::OfferOneForOne => "offer_one_for_one",
            Block::BuildSettlement => "build_settlement",
            Block::BuildCity => "build_city",
            Block::NeutralSettlement => "neutral_settlement",
            Block::BuildRoad => "build_road",
            Block::BuildShip => "build_ship",
            Block::PlaceKnight => "place_knight",
            Block::DamageRoad => "damage_road",
            Block::RepairRoad => "repair_road",
            Block::NeutralRoad => "neutral_road",
            Block::PlaceForeignKnight => "place_foreign_knight",
            Block::PlaceGiftHarbor => "place_gift_harbor",
            Block::MoveShipFrom => "move_ship_from",
            Block::MoveShipTo => "move_ship_to",
            Block::MoveKnightFrom => "move_knight_from",
            Block::MoveKnightTo => "move_knight_to",
            Block::MoveRobber => "move_robber",
            Block::MovePirate => "move_pirate",
            Block::MovePirateForCloth => "move_pirate_for_cloth",
            Block::TakePrisoner => "take_prisoner",
            Block::DriveAwayBarbarian => "drive_away_barbarian",
            Block::TreasonFrom => "treason_from",
            Block::PlaceHarbor => "place_harbor",
            Block::TreasonTo => "treason_to",
        }
    }
}

const SEATS: usize = MAX_SEATS;
const RESOURCES: usize = 5;
/// Harbor kinds of a gift harbor: generic, then one per resource.
const HARBOR_KINDS: usize = 6;

/// Year of Plenty's picks: none (an empty bank), one card, or two (B-33), in id order.
pub const YEAR_OF_PLENTY: [[u8; 5]; 21] = {
    let mut out = [[0u8; 5]; 21];
    let mut n = 1;
    let mut i = 0;
    while i < 5 {
        out[n][i] = 1;
        n += 1;
        i += 1;
    }
    let mut i = 0;
    while i < 5 {
        let mut j = i;
        while j < 5 {
            out[n][i] += 1;
            out[n][j] += 1;
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
};

/// The ids of one board: hexes, corners and edges are the topology's dense ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    pub hexes: usize,
    pub corners: usize,
    pub edges: usize,
    offsets: [usize; Block::ALL.len() + 1],
}

impl Space {
    /// The space of a game's board. A scenario that draws a new map for every game (New
    /// World) has the largest board's space, so that every game of it shares one.
    pub fn of(game: &Game) -> Space {
        let t = game.topology();
        let generated = settlers_core::Scenario::by_name(&game.config().scenario)
            .is_ok_and(|s| matches!(s.map, settlers_core::scenario::MapSource::Generated { .. }));
        if generated {
            Space::new(MAX_HEXES, MAX_CORNERS, MAX_EDGES)
        } else {
            Space::new(t.hex_count(), t.corner_count(), t.edge_count())
        }
    }

    pub fn new(hexes: usize, corners: usize, edges: usize) -> Space {
        let mut offsets = [0; Block::ALL.len() + 1];
        for (i, b) in Block::ALL.iter().enumerate() {
            offsets[i + 1] = offsets[i] + block_size(*b, hexes, corners, edges);
        }
        Space {
            hexes,
            corners,
            edges,
            offsets,
        }
    }

    /// How many ids there are.
    pub fn len(&self) -> usize {
        self.offsets[Block::ALL.len()]
    }

    pub fn start(&self, block: Block) -> usize {
        self.offsets[block as usize]
    }

    pub fn size(&self, block: Block) -> usize {
        self.offsets[block as usize + 1] - self.offsets[block as usize]
    }

    /// The block an id falls in, and its place within it.
    pub fn locate(&self, id: usize) -> Option<(Block, usize)> {
        if id >= self.len() {
            return None;
        }
        let i = self.offsets.partition_point(|&o| o <= id) - 1;
        Some((Block::ALL[i], id - self.offsets[i]))
    }

    fn id(&self, block: Block, index: usize) -> usize {
        debug_assert!(index < self.size(block), "{block:?} {index}");
        self.start(block) + index
    }

    /// The id of a listed action that is one id (not a move, which is two steps), or
    /// `None` for a move, or for an action of no block (which the tests would find).
    pub fn encode(&self, action: &Action) -> Option<usize> {
        let seat = |s: Seat| s.index();
        let victim = |v: Option<Seat>| v.map_or(0, |s| 1 + s.index());
        Some(match *action {
            Action::EndTurn => self.id(Block::EndTurn, 0),
            Action::RollDice => self.id(Block::RollDice, 0),
            Action::BuyDevelopmentCard => self.id(Block::BuyDevelopmentCard, 0),
            Action::PlayKnight => self.id(Block::PlayKnight, 0),
            Action::PlayRoadBuilding => self.id(Block::PlayRoadBuilding, 0),
            Action::AcceptTrade => self.id(Block::AcceptTrade, 0),
            Action::RejectTrade => self.id(Block::RejectTrade, 0),
            Action::CancelTrade => self.id(Block::CancelTrade, 0),
            Action::ForceTrade => self.id(Block::ForceTrade, 0),
            Action::AttackFortress => self.id(Block::AttackFortress, 0),
            Action::BuildWonderStage => self.id(Block::BuildWonderStage, 0),
            Action::PlayMonopoly(r) => self.id(Block::PlayMonopoly, r.index()),
            Action::PlayYearOfPlenty(cards) => self.id(
                Block::PlayYearOfPlenty,
                YEAR_OF_PLENTY.iter().position(|p| *p == cards.0)?,
            ),
            Action::TradeWithBank { give, get } => {
                self.id(Block::TradeWithBank, give.index() * RESOURCES + get.index())
            }
            Action::ConfirmTrade(s) => self.id(Block::ConfirmTrade, seat(s)),
            Action::BuyWithGold(r) => self.id(Block::BuyWithGold, r.index()),
            Action::RobPlayer(v) => self.id(Block::RobPlayer, victim(v)),
            Action::GiveCard { to, resource } => {
                self.id(Block::GiveCard, seat(to) * RESOURCES + resource.index())
            }
            Action::ClaimWonder(w) => self.id(Block::ClaimWonder, w.index()),
            Action::BuildSettlement(c) => self.id(Block::BuildSettlement, c.index()),
            Action::BuildCity(c) => self.id(Block::BuildCity, c.index()),
            Action::NeutralSettlement { seat: s, corner } => self.id(
                Block::NeutralSettlement,
                seat(s) * self.corners + corner.index(),
            ),
            Action::BuildRoad(e) => self.id(Block::BuildRoad, e.index()),
            Action::BuildShip(e) => self.id(Block::BuildShip, e.index()),
            Action::PlaceKnight(e) => self.id(Block::PlaceKnight, e.index()),
            Action::DamageRoad(e) => self.id(Block::DamageRoad, e.index()),
            Action::RepairRoad(e) => self.id(Block::RepairRoad, e.index()),
            Action::NeutralRoad { seat: s, edge } => {
                self.id(Block::NeutralRoad, seat(s) * self.edges + edge.index())
            }
            Action::PlaceForeignKnight(e) => {
                self.id(Block::PlaceForeignKnight, e.map_or(0, |e| 1 + e.index()))
            }
            Action::PlaceGiftHarbor { edge, kind } => self.id(
                Block::PlaceGiftHarbor,
                edge.index() * HARBOR_KINDS + harbor_index(kind),
            ),
            Action::MoveRobber { hex, victim: v } => {
                self.id(Block::MoveRobber, hex.index() * (1 + SEATS) + victim(v))
            }
            Action::MovePirate { hex, victim: v } => {
                self.id(Block::MovePirate, hex.index() * (1 + SEATS) + victim(v))
            }
            Action::MovePirateForCloth { hex, victim: v } => {
                self.id(Block::MovePirateForCloth, hex.index() * SEATS + seat(v))
            }
            Action::TakePrisoner(h) => self.id(Block::TakePrisoner, h.index()),
            Action::PlaceHarbor(e) => self.id(Block::PlaceHarbor, e.index()),
            Action::DriveAwayBarbarian(h) => self.id(Block::DriveAwayBarbarian, h.index()),
            _ => return None,
        })
    }

    /// What an id means with nothing chosen before it: an action, or a step.
    pub fn decode(&self, id: usize) -> Option<Decoded> {
        let (block, i) = self.locate(id)?;
        let resource = |i: usize| Resource::ALL[i];
        let seat = |i: usize| Seat(i as u8);
        let victim = |i: usize| (i > 0).then(|| Seat(i as u8 - 1));
        let hex = |i: usize| HexId(i as u8);
        let corner = |i: usize| CornerId(i as u16);
        let edge = |i: usize| EdgeId(i as u16);
        let action = match block {
            Block::EndTurn => Action::EndTurn,
            Block::RollDice => Action::RollDice,
            Block::BuyDevelopmentCard => Action::BuyDevelopmentCard,
            Block::PlayKnight => Action::PlayKnight,
            Block::PlayRoadBuilding => Action::PlayRoadBuilding,
            Block::AcceptTrade => Action::AcceptTrade,
            Block::RejectTrade => Action::RejectTrade,
            Block::CancelTrade => Action::CancelTrade,
            Block::ForceTrade => Action::ForceTrade,
            Block::AttackFortress => Action::AttackFortress,
            Block::BuildWonderStage => Action::BuildWonderStage,
            Block::PlayMonopoly => Action::PlayMonopoly(resource(i)),
            Block::PlayYearOfPlenty => Action::PlayYearOfPlenty(Resources(YEAR_OF_PLENTY[i])),
            Block::TradeWithBank => Action::TradeWithBank {
                give: resource(i / RESOURCES),
                get: resource(i % RESOURCES),
            },
            Block::ConfirmTrade => Action::ConfirmTrade(seat(i)),
            Block::BuyWithGold => Action::BuyWithGold(resource(i)),
            Block::RobPlayer => Action::RobPlayer(victim(i)),
            Block::GiveCard => Action::GiveCard {
                to: seat(i / RESOURCES),
                resource: resource(i % RESOURCES),
            },
            Block::ClaimWonder => Action::ClaimWonder(Wonder::ALL[i]),
            Block::DiscardCard => return Some(Decoded::Card(CardStep::Discard, resource(i))),
            Block::PickGoldCard => return Some(Decoded::Card(CardStep::Gold, resource(i))),
            Block::GiveBackCard => return Some(Decoded::Card(CardStep::GiveBack, resource(i))),
            Block::OfferOneForOne => {
                return Some(Decoded::Offer {
                    give: resource(i / RESOURCES),
                    get: resource(i % RESOURCES),
                });
            }
            Block::BuildSettlement => Action::BuildSettlement(corner(i)),
            Block::BuildCity => Action::BuildCity(corner(i)),
            Block::NeutralSettlement => Action::NeutralSettlement {
                seat: seat(i / self.corners),
                corner: corner(i % self.corners),
            },
            Block::BuildRoad => Action::BuildRoad(edge(i)),
            Block::BuildShip => Action::BuildShip(edge(i)),
            Block::PlaceHarbor => Action::PlaceHarbor(edge(i)),
            Block::PlaceKnight => Action::PlaceKnight(edge(i)),
            Block::DamageRoad => Action::DamageRoad(edge(i)),
            Block::RepairRoad => Action::RepairRoad(edge(i)),
            Block::NeutralRoad => Action::NeutralRoad {
                seat: seat(i / self.edges),
                edge: edge(i % self.edges),
            },
            Block::PlaceForeignKnight => Action::PlaceForeignKnight((i > 0).then(|| edge(i - 1))),
            Block::PlaceGiftHarbor => Action::PlaceGiftHarbor {
                edge: edge(i / HARBOR_KINDS),
                kind: harbor_kind(i % HARBOR_KINDS),
            },
            Block::MoveShipFrom => return Some(Decoded::From(Mover::Ship, i)),
            Block::MoveKnightFrom => return Some(Decoded::From(Mover::Knight, i)),
            Block::TreasonFrom => return Some(Decoded::From(Mover::Treason, i)),
            Block::MoveShipTo => return Some(Decoded::To(Mover::Ship, i)),
            Block::MoveKnightTo => return Some(Decoded::To(Mover::Knight, i)),
            Block::TreasonTo => return Some(Decoded::To(Mover::Treason, i)),
            Block::MoveRobber => Action::MoveRobber {
                hex: hex(i / (1 + SEATS)),
                victim: victim(i % (1 + SEATS)),
            },
            Block::MovePirate => Action::MovePirate {
                hex: hex(i / (1 + SEATS)),
                victim: victim(i % (1 + SEATS)),
            },
            Block::MovePirateForCloth => Action::MovePirateForCloth {
                hex: hex(i / SEATS),
                victim: seat(i % SEATS),
            },
            Block::TakePrisoner => Action::TakePrisoner(hex(i)),
            Block::DriveAwayBarbarian => Action::DriveAwayBarbarian(hex(i)),
        };
        Some(Decoded::Action(action))
    }

    /// The id of the "from" step of a move.
    pub fn move_from_id(&self, mover: Mover, index: usize) -> usize {
        self.id(mover.first_block(), index)
    }

    /// The id of the "to" step of a move.
    pub fn move_to_id(&self, mover: Mover, index: usize) -> usize {
        self.id(mover.second_block(), index)
    }

    pub fn card_id(&self, step: CardStep, r: Resource) -> usize {
        self.id(step.block(), r.index())
    }

    pub fn offer_id(&self, give: Resource, get: Resource) -> usize {
        self.id(
            Block::OfferOneForOne,
            give.index() * RESOURCES + get.index(),
        )
    }
}

fn block_size(block: Block, hexes: usize, corners: usize, edges: usize) -> usize {
    match block {
        Block::EndTurn
        | Block::RollDice
        | Block::BuyDevelopmentCard
        | Block::PlayKnight
        | Block::PlayRoadBuilding
        | Block::AcceptTrade
        | Block::RejectTrade
        | Block::CancelTrade
        | Block::ForceTrade
        | Block::AttackFortress
        | Block::BuildWonderStage => 1,
        Block::PlayMonopoly | Block::BuyWithGold | Block::ClaimWonder => RESOURCES,
        Block::DiscardCard | Block::PickGoldCard | Block::GiveBackCard => RESOURCES,
        Block::PlayYearOfPlenty => YEAR_OF_PLENTY.len(),
        Block::TradeWithBank | Block::OfferOneForOne => RESOURCES * RESOURCES,
        Block::ConfirmTrade => SEATS,
        Block::RobPlayer => 1 + SEATS,
        Block::GiveCard => SEATS * RESOURCES,
        Block::BuildSettlement | Block::BuildCity => corners,
        Block::NeutralSettlement => SEATS * corners,
        Block::BuildRoad
        | Block::BuildShip
        | Block::PlaceKnight
        | Block::DamageRoad
        | Block::RepairRoad
        | Block::MoveShipFrom
        | Block::MoveShipTo
        | Block::MoveKnightFrom
        | Block::MoveKnightTo
        | Block::PlaceHarbor => edges,
        Block::NeutralRoad => SEATS * edges,
        Block::PlaceForeignKnight => 1 + edges,
        Block::PlaceGiftHarbor => HARBOR_KINDS * edges,
        Block::MoveRobber | Block::MovePirate => (1 + SEATS) * hexes,
        Block::MovePirateForCloth => SEATS * hexes,
        Block::TakePrisoner | Block::DriveAwayBarbarian | Block::TreasonTo => hexes,
        Block::TreasonFrom => 1 + hexes,
    }
}

fn harbor_index(kind: HarborKind) -> usize {
    match kind {
        HarborKind::Generic => 0,
        HarborKind::Special(r) => 1 + r.index(),
    }
}

fn harbor_kind(i: usize) -> HarborKind {
    if i == 0 {
        HarborKind::Generic
    } else {
        HarborKind::Special(Resource::ALL[i - 1])
    }
}

/// What an id does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// One whole action.
    Action(Action),
    /// One card of a choice made a card at a time.
    Card(CardStep, Resource),
    /// One card for one card, offered to every opponent the offer may go to.
    Offer { give: Resource, get: Resource },
    /// The piece to move (for Treason: 0 is the supply, else the hex's id plus one).
    From(Mover, usize),
    /// Where the chosen piece goes.
    To(Mover, usize),
}

/// A choice of cards made a card at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardStep {
    Discard,
    Gold,
    GiveBack,
}

impl CardStep {
    fn block(self) -> Block {
        match self {
            CardStep::Discard => Block::DiscardCard,
            CardStep::Gold => Block::PickGoldCard,
            CardStep::GiveBack => Block::GiveBackCard,
        }
    }

    pub fn action(self, cards: Resources) -> Action {
        match self {
            CardStep::Discard => Action::Discard(cards),
            CardStep::Gold => Action::PickResources(cards),
            CardStep::GiveBack => Action::GiveBack(cards),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            CardStep::Discard => "discard",
            CardStep::Gold => "gold",
            CardStep::GiveBack => "give_back",
        }
    }
}

/// A piece moved in two steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Ship,
    Knight,
    Treason,
}

impl Mover {
    fn first_block(self) -> Block {
        match self {
            Mover::Ship => Block::MoveShipFrom,
            Mover::Knight => Block::MoveKnightFrom,
            Mover::Treason => Block::TreasonFrom,
        }
    }
    fn second_block(self) -> Block {
        match self {
            Mover::Ship => Block::MoveShipTo,
            Mover::Knight => Block::MoveKnightTo,
            Mover::Treason => Block::TreasonTo,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mover::Ship => "ship",
            Mover::Knight => "knight",
            Mover::Treason => "treason",
        }
    }

    /// The move's parts in the ids' terms, when `action` is one of this mover's.
    pub fn parts(action: &Action) -> Option<(Mover, usize, usize)> {
        match *action {
            Action::MoveShip { from, to } => Some((Mover::Ship, from.index(), to.index())),
            Action::MoveKnight { from, to } => Some((Mover::Knight, from.index(), to.index())),
            Action::TreasonMove { from, to } => Some((
                Mover::Treason,
                from.map_or(0, |h| 1 + h.index()),
                to.index(),
            )),
            _ => None,
        }
    }

    /// The move from `from` to `to`, in the ids' terms.
    pub fn action(self, from: usize, to: usize) -> Action {
        match self {
            Mover::Ship => Action::MoveShip {
                from: EdgeId(from as u16),
                to: EdgeId(to as u16),
            },
            Mover::Knight => Action::MoveKnight {
                from: EdgeId(from as u16),
                to: EdgeId(to as u16),
            },
            Mover::Treason => Action::TreasonMove {
                from: (from > 0).then(|| HexId(from as u8 - 1)),
                to: HexId(to as u8),
            },
        }
    }
}
