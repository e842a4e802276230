//! What a seat or chance may do, who must act, and why an action is refused.

use crate::map::HarborKind;
use crate::resources::{DevelopmentCard, Resource, Resources, Terrain};
use crate::state::{BarbarianCard, EventCard, Seat, SeatSet, TradeOffer, Wonder};
use crate::topology::{CornerId, EdgeId, HexId};

/// Who acts: a seat, or chance (dice, card draws, stolen cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    Seat(Seat),
    Chance,
}

/// One action. Positions are dense ids of the game's topology; records and messages use
/// the text coordinates (`record::ActionText`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A settlement: in setup (free) or in the trade-and-build step.
    BuildSettlement(CornerId),
    /// A road: in setup, with Road Building (free), or in the trade-and-build step.
    BuildRoad(EdgeId),
    BuildCity(CornerId),
    /// A ship: in setup instead of a road, with Road Building (free), or bought (S-5, S-20).
    BuildShip(EdgeId),
    /// Move the end ship of an open route (S-13).
    MoveShip {
        from: EdgeId,
        to: EdgeId,
    },
    BuyDevelopmentCard,
    RollDice,
    EndTurn,
    /// Discard these cards after a 7 (B-27.2).
    Discard(Resources),
    /// Move the robber and choose whom to rob (B-27.3–4, B-31).
    MoveRobber {
        hex: HexId,
        victim: Option<Seat>,
    },
    /// Move the pirate instead of the robber, and choose whom to rob (S-14).
    MovePirate {
        hex: HexId,
        victim: Option<Seat>,
    },
    /// Cloth for Catan: move the pirate and take a cloth from `victim` (SC6-7).
    MovePirateForCloth {
        hex: HexId,
        victim: Seat,
    },
    /// Take these cards for gold-field picks (S-18).
    PickResources(Resources),
    /// Barbarian Attack: place a knight from the card just drawn (BA-14, BA-15).
    PlaceKnight(EdgeId),
    /// Barbarian Attack: move a knight (BA-19); beyond 3 steps it costs a grain.
    MoveKnight {
        from: EdgeId,
        to: EdgeId,
    },
    /// Barbarian Attack: Treason moves a barbarian from a hex (or the supply) to a hex (BA-16).
    TreasonMove {
        from: Option<HexId>,
        to: HexId,
    },
    /// Barbarian Attack: Intrigue takes a barbarian prisoner from a hex (BA-17).
    TakePrisoner(HexId),
    /// Barbarian Attack: two gold for one resource from the bank (BA-28).
    BuyWithGold(Resource),
    /// After a 7 without a robber: rob any one player, or no one (BA-29).
    RobPlayer(Option<Seat>),
    /// Two players: the free road or settlement of a neutral player (BA2-4).
    NeutralRoad {
        seat: Seat,
        edge: EdgeId,
    },
    NeutralSettlement {
        seat: Seat,
        corner: CornerId,
    },
    /// Two players: a foreign knight on a castle path, or none (BA2-8).
    PlaceForeignKnight(Option<EdgeId>),
    /// Two players: spend trade tokens (BA2-7) to drive a barbarian from a hex, or to force a
    /// trade on the opponent.
    DriveAwayBarbarian(HexId),
    ForceTrade,
    /// Two players: the cards given back after a forced trade (BA2-7).
    GiveBack(Resources),
    /// Earthquake: turn one of your roads sideways (BAE-4).
    DamageRoad(EdgeId),
    /// Repair a damaged road for a brick and a lumber (BAE-4).
    RepairRoad(EdgeId),
    /// Good Neighbors, Neighborly Assistance: give a card of your choice (BAE-4).
    GiveCard {
        to: Seat,
        resource: Resource,
    },
    PlayKnight,
    PlayRoadBuilding,
    /// Take these cards from the bank (B-33).
    PlayYearOfPlenty(Resources),
    PlayMonopoly(Resource),
    /// Give the harbor or bank rate of `give` for one `get` (B-40).
    TradeWithBank {
        give: Resource,
        get: Resource,
    },
    OfferTrade(TradeOffer),
    AcceptTrade,
    RejectTrade,
    /// The active seat trades with this seat, which accepted.
    ConfirmTrade(Seat),
    CancelTrade,
    /// Chance: the two dice.
    Dice(u8, u8),
    /// Chance: the development card drawn.
    DrawDevelopmentCard(DevelopmentCard),
    /// Chance: the card taken from the robber's victim.
    StealResource(Resource),
    /// Chance: the fog hex turned over, and its number if it is land (SC3-6).
    RevealFog {
        hex: HexId,
        terrain: Terrain,
        number: Option<u8>,
    },
    /// Chance: a landing's next result, a dice total (BA-10).
    LandBarbarian(u8),
    /// Chance: the Barbarian Attack card drawn (BA-13).
    DrawBarbarianCard(BarbarianCard),
    /// Chance: one die for each faction rolling off, in seat order (0 for the others) (BA-23).
    RollOff([u8; 4]),
    /// Chance: the casualty die (BA-25).
    Casualties(u8),
    /// Chance: the cards a forced trade takes from the opponent's hand (BA2-7).
    TakeCards(Resources),
    /// Chance: the event card revealed in place of the dice (BAE-3).
    RevealEvent(EventCard),
    /// The Pirate Islands: attack one's own fortress; the turn ends after it (SC7-11).
    AttackFortress,
    /// Chance: the cards the pirate fleet takes from a seat it beat (SC7-8).
    FleetPlunder(Resources),
    /// Chance: the fortress's die (SC7-11).
    FortressDie(u8),
    /// The Wonders of Catan: put a ship from stock on a wonder whose requirement the seat
    /// meets (SC8-6).
    ClaimWonder(Wonder),
    /// The Wonders of Catan: pay for the next stage of one's wonder (SC8-6).
    BuildWonderStage,
    /// The Forgotten Tribe: place a waiting gift harbor token of this type (SC5-7).
    PlaceGiftHarbor {
        edge: EdgeId,
        kind: HarborKind,
    },
    /// Chance: the face-down development card a ship claimed on a gift edge (SC5-6).
    RevealGiftCard(DevelopmentCard),
    /// Before setup (the New World, SC9-3): place the harbor token in hand on this coast
    /// edge.
    PlaceHarbor(EdgeId),
    /// Chance: the harbor token turned over for the seat in turn (SC9-3).
    TurnOverHarbor(HarborKind),
}

impl Action {
    /// Whether only chance takes this action.
    pub fn is_chance(&self) -> bool {
        matches!(
            self,
            Action::Dice(..)
                | Action::DrawDevelopmentCard(_)
                | Action::StealResource(_)
                | Action::RevealFog { .. }
                | Action::LandBarbarian(_)
                | Action::DrawBarbarianCard(_)
                | Action::RollOff(_)
                | Action::Casualties(_)
                | Action::TakeCards(_)
                | Action::RevealEvent(_)
                | Action::RevealGiftCard(_)
                | Action::FleetPlunder(_)
                | Action::FortressDie(_)
                | Action::TurnOverHarbor(_)
        )
    }
}

/// Who must act now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// These seats must decide (usually one; several while discarding or answering an offer).
    Seats(SeatSet),
    /// Chance must decide.
    Chance(ChanceKind),
    /// The game is over.
    Nobody,
}

/// What chance decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceKind {
    Dice,
    DevelopmentCard,
    StolenResource {
        victim: Seat,
    },
    /// A landing's next result (BA-10).
    Landing,
    /// The Barbarian Attack card bought (BA-13).
    BarbarianCard,
    /// The dice of a roll-off between these factions (BA-23).
    RollOff {
        contenders: SeatSet,
    },
    /// The casualty die (BA-25).
    Casualties,
    /// The event card revealed in place of the dice (BAE-3).
    EventCard,
    /// The cards a forced trade takes (BA2-7).
    ForcedTrade {
        victim: Seat,
    },
    /// The fog hex `hex` is turned over.
    FogHex {
        hex: HexId,
    },
    /// The face-down development card on a claimed gift edge is turned over (SC5-6).
    GiftCard,
    /// The cards the pirate fleet takes from `seat` (SC7-8).
    FleetPlunder {
        seat: Seat,
    },
    /// The fortress's die (SC7-11).
    FortressDie,
    /// The next face-down harbor token is turned over for the seat in turn (SC9-3).
    HarborToken,
}

/// Every legal action of one seat. Two kinds of choice are too many to list and are given as
/// ranges: which cards to discard, and domestic trade offers. `permits` decides membership.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LegalActions {
    pub actions: Vec<Action>,
    /// Discard exactly `count` cards out of `from`.
    pub discard: Option<CardRange>,
    /// Pick exactly `count` cards out of `from` (the bank) for gold fields.
    pub gold: Option<CardRange>,
    /// Give back exactly `count` cards out of `from` after a forced trade (BA2-7).
    pub give_back: Option<CardRange>,
    /// Offer any trade within this range.
    pub offer: Option<OfferRange>,
    /// Where in `actions` the knight moves are (Barbarian Attack, BA-18): they are listed
    /// together, so a bot that weighs them as one choice finds them without a search.
    pub knight_moves: std::ops::Range<usize>,
    /// Set by the caller before listing: give the knight moves as `knight_sets`, one knight
    /// and the paths it may go to, rather than one action each in `actions`. A board full of
    /// knights has hundreds of moves, and a caller that samples them needs no list.
    pub compact_knight_moves: bool,
    /// With `compact_knight_moves`: each knight that may move, and where (BA-19).
    pub knight_sets: Vec<KnightMoves>,
    /// The ship sites and moves of the last listing, for the next (`rules/ship_memo.rs`):
    /// nothing a caller reads or sets, public only so that `..LegalActions::default()`
    /// builds one.
    pub ship_memo: crate::rules::ship_memo::ShipMovesMemo,
}

/// A knight that may move, and the paths it may go to (Barbarian Attack, BA-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightMoves {
    pub from: EdgeId,
    pub to: crate::topology::EdgeSet,
}

/// Exactly `count` cards out of `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardRange {
    pub count: u8,
    pub from: Resources,
}

/// The domestic offers the active seat may make (B-39, D-G-4.4): give at least one card it
/// holds, ask for at least one card of other types (at most 19 of a type), to any non-empty
/// set of these opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfferRange {
    pub can_give: Resources,
    pub to: SeatSet,
    /// Gold coins the seat may give (Barbarian Attack, BA-28); 0 elsewhere, where offers
    /// hold no gold.
    pub can_give_gold: u16,
    /// Whether gold may be asked for: in games with gold coins.
    pub gold: bool,
}

/// The most cards of one type an offer may ask for: there are 19 in the game.
pub const MOST_ASKED: u8 = 19;

impl OfferRange {
    pub fn permits(&self, offer: &TradeOffer) -> bool {
        let gold_ok = if self.gold {
            u16::from(offer.give_gold) <= self.can_give_gold
                && (offer.give_gold == 0 || offer.get_gold == 0)
        } else {
            offer.give_gold == 0 && offer.get_gold == 0
        };
        gold_ok
            && (!offer.give.is_empty() || offer.give_gold > 0)
            && (!offer.get.is_empty() || offer.get_gold > 0)
            && self.can_give.covers(&offer.give)
            && !offer.give.shares_a_type_with(&offer.get)
            && offer.get.0.iter().all(|&n| n <= MOST_ASKED)
            && !offer.to.is_empty()
            && offer.to.0 & !self.to.0 == 0
    }
}

impl CardRange {
    pub fn permits(&self, cards: &Resources) -> bool {
        cards.total() == u32::from(self.count) && self.from.covers(cards)
    }
}

impl LegalActions {
    /// Lists one action for each member of `set`, in increasing order.
    #[inline]
    pub(crate) fn push_each<const W: usize>(
        &mut self,
        set: &crate::bits::Bits<W>,
        action: impl Fn(usize) -> Action,
    ) {
        self.actions.reserve(set.len());
        set.for_each(|i| self.actions.push(action(i)));
    }

    pub fn clear(&mut self) {
        self.actions.clear();
        self.discard = None;
        self.gold = None;
        self.give_back = None;
        self.offer = None;
        self.knight_moves = 0..0;
        self.knight_sets.clear();
    }

    /// The knight moves, listed or given as sets: how many. Inline: a bot asks at every
    /// decision, and in most games there are none.
    #[inline]
    pub fn knight_move_count(&self) -> usize {
        self.knight_moves.len() + self.knight_sets.iter().map(|k| k.to.len()).sum::<usize>()
    }

    /// The `n`-th knight move, listed or given as sets, in the order of `knight_moves`.
    pub fn nth_knight_move(&self, mut n: usize) -> Option<Action> {
        if n < self.knight_moves.len() {
            return Some(self.actions[self.knight_moves.start + n]);
        }
        n -= self.knight_moves.len();
        for k in &self.knight_sets {
            if n < k.to.len() {
                return k.to.nth(n).map(|e| Action::MoveKnight {
                    from: k.from,
                    to: EdgeId(e as u16),
                });
            }
            n -= k.to.len();
        }
        None
    }

    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
            && self.knight_sets.is_empty()
            && self.discard.is_none()
            && self.gold.is_none()
            && self.give_back.is_none()
            && self.offer.is_none()
    }

    /// Whether `action` is legal.
    pub fn permits(&self, action: &Action) -> bool {
        match action {
            Action::Discard(cards) => self.discard.is_some_and(|d| d.permits(cards)),
            Action::PickResources(cards) => self.gold.is_some_and(|g| g.permits(cards)),
            Action::GiveBack(cards) => self.give_back.is_some_and(|g| g.permits(cards)),
            Action::OfferTrade(offer) => self.offer.is_some_and(|o| o.permits(offer)),
            Action::MoveKnight { from, to }
                if self
                    .knight_sets
                    .iter()
                    .any(|k| k.from == *from && k.to.contains(to.index())) =>
            {
                true
            }
            a => self.actions.contains(a),
        }
    }
}

/// Why an action was refused, in a player's words. A refused action changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn to act: {waiting}")]
    NotYourTurn { waiting: String },
    #[error("only chance may {0}")]
    OnlyChance(String),
    #[error("chance cannot {0}")]
    NotForChance(String),
    #[error("you cannot {action} now: {now}")]
    NotNow { action: String, now: String },
    #[error("there is no {what} {text} on this board")]
    OffBoard { what: &'static str, text: String },
    #[error("{0} is not a seat in this game")]
    NoSuchSeat(u8),
    #[error("you cannot afford {what}: it costs {cost}, you are missing {missing}")]
    CannotAfford {
        what: String,
        cost: Resources,
        missing: Resources,
    },
    #[error("you have no {0} left")]
    NoPiecesLeft(&'static str),
    #[error("{place} is already taken")]
    Occupied { place: String },
    #[error("{corner} is too close to the building on {neighbour} (distance rule)")]
    TooClose { corner: String, neighbour: String },
    #[error("{place} touches no land")]
    NotLand { place: String },
    #[error("you have no road or settlement touching {edge}")]
    RoadNotConnected { edge: String },
    #[error("you have no road touching {corner}")]
    SettlementNotConnected { corner: String },
    #[error("the road must touch the settlement you just placed on {settlement}")]
    SetupRoadAway { settlement: String },
    #[error("you have no settlement on {corner}")]
    NotYourSettlement { corner: String },
    #[error("{0}")]
    Refused(String),
}

impl RuleError {
    /// Cold: no legal action comes here, so the code that words a refusal is kept out of
    /// the way of the code that plays one.
    #[cold]
    pub fn refused(message: impl Into<String>) -> RuleError {
        RuleError::Refused(message.into())
    }
}
