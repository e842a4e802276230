//! The Pirate Islands (shared/rules/scenarios.md SC7-1 to SC7-13; decisions D-SC7-1 to
//! D-SC7-11): a fixed board with each colour's settlement, ship and fortress placed before
//! setup; one ship route per player along its colour's lane; the pirate fleet sailing round
//! its path on every roll and attacking the settlements beside it; warships made by playing
//! Knights; fortresses attacked and conquered; 10 points and one's own fortress to win.
//!
//! The colours of `extras.colours` in play (white only with 4 players) go to the seats in
//! the order listed: seat 0 plays the first.
//!
//! The fleet stands where a pirate would (`State::pirate`): it blocks ships as the pirate
//! does (D-SC7-8), and a player never moves it.
//!
//! - `route.rs`: the lanes, the one route per player, where ships go and move.
//! - `fleet.rs`: the fleet's voyage and attacks.
//! - `fortress.rs`: warships and fortress battles.
//! - `dead_position.rs`: the end of a game nobody can win any more.

mod dead_position;
mod fleet;
mod fortress;
mod route;

pub use route::WaysToFortress;

use crate::action::RuleError;
use crate::event::EventSink;
use crate::game::Game;
use crate::resources::{DevelopmentCard, DevelopmentCards};
use crate::state::{MAX_SEATS, SETTLEMENTS, Seat, SeatSet};
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet, HexId, HexSet, Topology};
use serde_json::Value;

/// The most chits a fortress may have (`extras.colours[].fortress_chits`; SC7-9 gives 3):
/// each is a battle won.
pub const MOST_FORTRESS_CHITS: u8 = 10;

/// A colour's pieces and lane (SC7-2), for the seat playing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colour {
    pub name: String,
    pub start_settlement: CornerId,
    pub start_ship: EdgeId,
    /// The corner of its pirate island where it alone may settle (SC7-10).
    pub site: CornerId,
    pub fortress: CornerId,
    pub fortress_chits: u8,
    /// The edges its ships may use (SC7-2, SC7-6).
    pub lane: EdgeSet,
    /// Where others may not build: roads on its lane, settlements on corners its lane
    /// touches (D-SC7-9).
    pub lane_corners: CornerSet,
}

/// The Pirate Islands' board, read from the map (`extras.colours`, `extras.fleet_path`,
/// `areas.east-island`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PirateRules {
    /// By seat.
    pub colours: Vec<Colour>,
    /// The fleet's path in the order it sails, from its start (SC7-8).
    pub fleet_path: Vec<HexId>,
    /// Corners touching the east island: where settlements may stand besides one's own site
    /// and conquered fortress (SC7-10).
    pub east_corners: CornerSet,
    /// For each seat, where it may not build a road: other colours' lanes (D-SC7-9).
    pub no_roads: Vec<EdgeSet>,
    /// For each seat, where it may not build a settlement: off the east island but its own
    /// site and fortress, and the corners of other colours' lanes (SC7-10, D-SC7-9).
    pub no_settlements: Vec<CornerSet>,
}

impl PirateRules {
    /// The module, when the map lists colours with lanes (`extras.colours`), for `seats`
    /// players: the colours in play are those `used_with_3_players` with 3.
    pub(crate) fn of(t: &Topology, seats: u8) -> Option<PirateRules> {
        let other = &t.board.other;
        let extras = other.get("extras")?;
        let list = extras.get("colours")?.as_array()?;
        let corner = |v: Option<&Value>| t.corner_id(v?.as_str()?.parse().ok()?);
        let edge = |v: &Value| t.edge_id(v.as_str()?.parse().ok()?);
        let mut colours = Vec::new();
        for c in list {
            let used_with_3 = c
                .get("used_with_3_players")
                .and_then(Value::as_bool)
                .unwrap_or(true);
            if seats < 4 && !used_with_3 {
                continue;
            }
            let lane: EdgeSet = c
                .get("ship_lane")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(edge)
                .map(|e| e.index())
                .collect();
            let mut lane_corners = CornerSet::new();
            for e in lane.iter() {
                for x in t.edge_corners(EdgeId(e as u16)) {
                    lane_corners.insert(x.index());
                }
            }
            colours.push(Colour {
                name: c
                    .get("colour")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                start_settlement: corner(c.get("start_settlement"))?,
                start_ship: c.get("start_ship").and_then(edge)?,
                site: corner(c.get("pirate_island_site"))?,
                fortress: corner(c.get("fortress"))?,
                fortress_chits: c
                    .get("fortress_chits")
                    .and_then(Value::as_u64)
                    .and_then(|n| u8::try_from(n).ok())
                    .unwrap_or(3)
                    // Checked with the map (`MapTemplate::check`).
                    .clamp(1, MOST_FORTRESS_CHITS),
                lane,
                lane_corners,
            });
        }
        if colours.len() < usize::from(seats) {
            return None;
        }
        colours.truncate(usize::from(seats));
        let fleet_path: Vec<HexId> = extras
            .get("fleet_path")?
            .as_array()?
            .iter()
            .filter_map(|h| t.hex_id(h.as_str()?.parse().ok()?))
            .collect();
        let mut east = HexSet::new();
        for h in other
            .get("areas")
            .and_then(|a| a.get("east-island"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(id) = h.as_str().and_then(|h| t.hex_id(h.parse().ok()?)) {
                east.insert(id.index());
            }
        }
        let east_corners = t.corners_of(&east);
        let mut no_roads = Vec::new();
        let mut no_settlements = Vec::new();
        for (i, mine) in colours.iter().enumerate() {
            let mut roads = EdgeSet::new();
            let mut settlements = t.land_corners.difference(&east_corners);
            settlements.remove(mine.site.index());
            settlements.remove(mine.fortress.index());
            for (j, c) in colours.iter().enumerate() {
                if i != j {
                    roads |= c.lane;
                    settlements |= c.lane_corners;
                    settlements.insert(c.site.index());
                }
            }
            no_roads.push(roads);
            no_settlements.push(settlements);
        }
        Some(PirateRules {
            colours,
            fleet_path,
            east_corners,
            no_roads,
            no_settlements,
        })
    }

    /// The development deck at the start (SC7-5): 3 players leave the Victory Point cards
    /// out; with 4 they stay, and are played as Knights.
    pub fn deck(&self) -> DevelopmentCards {
        let mut deck = DevelopmentCards::BASE_DECK;
        if self.colours.len() < 4 {
            *deck.get_mut(DevelopmentCard::VictoryPoint) = 0;
        }
        deck
    }

    /// The seat whose fortress stands on `corner`.
    pub fn fortress_of(&self, corner: CornerId) -> Option<Seat> {
        self.colours
            .iter()
            .position(|c| c.fortress == corner)
            .map(|i| Seat(i as u8))
    }
}

/// The Pirate Islands on the table: fortress chits, warships, and the fleet's attack under
/// way. The fleet itself stands on `State::pirate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pirates {
    /// Chits left on each seat's fortress; 0 once conquered (SC7-11).
    pub chits: [u8; MAX_SEATS],
    /// Every warship: ships laid flat (SC7-7). A seat's are those among its ships.
    pub warships: EdgeSet,
    /// The fleet's attack under way (SC7-8): cards each seat still loses to it, and the seats
    /// still to take a resource for beating it.
    pub plunder_due: [u8; MAX_SEATS],
    pub reward_due: SeatSet,
}

impl Pirates {
    /// `seat`'s warships, given its ships.
    #[inline]
    pub fn warships_of(&self, ships: &EdgeSet) -> EdgeSet {
        self.warships.intersection(ships)
    }
}

impl Game {
    /// `seat`'s warships on the board (SC7-7).
    pub fn warships(&self, seat: Seat) -> EdgeSet {
        self.state
            .pirates
            .warships_of(&self.state.player(seat).ships)
    }

    pub(crate) fn pirate_rules(&self) -> Option<&PirateRules> {
        self.config.rules.pirate_islands.as_deref()
    }

    /// Places each colour's settlement, ship and fortress before setup (SC7-2, SC7-3); the
    /// fleet at the start of its path (SC7-8).
    pub(crate) fn set_up_pirate_islands(&mut self) {
        let Some(rules) = self.config.rules.pirate_islands.clone() else {
            return;
        };
        let config = self.config.clone();
        let t = &config.topology;
        for (i, c) in rules.colours.iter().enumerate() {
            let seat = Seat(i as u8);
            self.place_settlement(seat, c.start_settlement, &mut ());
            let s = &mut self.state;
            s.occupied.insert(c.fortress.index());
            s.crowded.insert(c.fortress.index());
            for n in t.corner_neighbours(c.fortress) {
                s.crowded.insert(n.index());
            }
            s.pirates.chits[i] = c.fortress_chits;
            // The fortress is one of the colour's settlements (D-SC7-10).
            s.player_mut(seat).settlements_retired = 1;
            self.place_ship(seat, c.start_ship, &mut ());
        }
        self.state.new_ships = EdgeSet::new();
        self.state.pirate = rules.fleet_path.first().copied();
    }

    /// SC7-10, D-SC7-9: a settlement of `seat` stands on the east island, its own site or its
    /// own conquered fortress, and never on a corner of another colour's lane.
    pub(crate) fn check_pirate_territory(
        &self,
        seat: Seat,
        corner: CornerId,
    ) -> Result<(), RuleError> {
        let Some(rules) = self.pirate_rules() else {
            return Ok(());
        };
        let Some(no) = rules.no_settlements.get(seat.index()) else {
            return Ok(());
        };
        if !no.contains(corner.index()) {
            return Ok(());
        }
        let name = self.topology().corner(corner);
        let other_lane = rules.colours.iter().enumerate().find(|(i, c)| {
            *i != seat.index() && (c.lane_corners.contains(corner.index()) || c.site == corner)
        });
        Err(RuleError::refused(match other_lane {
            Some((i, _)) => format!(
                "{name} belongs to seat {i}'s lane or pirate island: nobody else may settle there"
            ),
            None => format!(
                "{name} is pirate territory: settlements stand on the east island, or on your own pirate-island site"
            ),
        }))
    }

    /// D-SC7-9: no road of `seat` on another colour's lane.
    pub(crate) fn check_pirate_road(&self, seat: Seat, edge: EdgeId) -> Result<(), RuleError> {
        match self
            .pirate_rules()
            .and_then(|r| r.no_roads.get(seat.index()))
        {
            Some(no) if no.contains(edge.index()) => Err(RuleError::refused(format!(
                "{} is on another colour's ship lane: nobody may block it",
                self.topology().edge(edge)
            ))),
            _ => Ok(()),
        }
    }

    /// Corners where `seat` may never build a settlement, for the listing of sites.
    #[inline]
    pub(crate) fn pirate_forbidden_corners(&self, seat: Seat) -> Option<&CornerSet> {
        self.pirate_rules()?.no_settlements.get(seat.index())
    }

    /// Edges where `seat` may never build a road, for the listing of sites.
    #[inline]
    pub(crate) fn pirate_forbidden_roads(&self, seat: Seat) -> Option<&EdgeSet> {
        self.pirate_rules()?.no_roads.get(seat.index())
    }

    /// Whether `seat` has conquered its fortress (SC7-11).
    pub fn fortress_conquered(&self, seat: Seat) -> bool {
        self.pirate_rules().is_some() && self.state.pirates.chits[seat.index()] == 0
    }

    /// SC7-12: 10 points in one's turn, and one's own fortress conquered.
    pub(crate) fn pirate_victory(&self, seat: Seat, points: u8) -> bool {
        points >= self.state.victory_points && self.fortress_conquered(seat)
    }

    /// The settlements `seat` still has in stock, the unconquered fortress being one of them
    /// (D-SC7-10).
    pub fn settlements_in_stock(&self, seat: Seat) -> u8 {
        let p = self.state.player(seat);
        SETTLEMENTS - p.settlements.len() as u8 - p.settlements_retired
    }

    /// Fortresses still standing: the fleet sails until none is left (D-SC7-6).
    fn fortresses_standing(&self) -> bool {
        self.state.pirates.chits[..self.state.seats as usize]
            .iter()
            .any(|&n| n > 0)
    }

    /// The fleet leaves once every fortress has fallen (D-SC7-6).
    pub(crate) fn fleet_may_leave(&mut self, sink: &mut impl EventSink) {
        if self.pirate_rules().is_some()
            && !self.fortresses_standing()
            && self.state.pirate.is_some()
        {
            self.state.pirate = None;
            if sink.wanted() {
                sink.push(crate::event::Event::FleetLeft);
            }
        }
    }
}
