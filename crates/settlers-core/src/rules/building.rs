//! Building roads, settlements and cities (base.md B-8, B-9, B-16 to B-21).

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::modules::hooks::Built;
use crate::resources::{Resources, cost};
use crate::state::{Phase, Seat};
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet};

impl Game {
    /// Empty road edges `seat` may build on (B-18, B-19).
    #[inline]
    pub(crate) fn road_sites(&self, seat: Seat) -> EdgeSet {
        let sites = self
            .state
            .player(seat)
            .frontier
            .intersection(&self.topology().road_edges)
            .difference(&self.state.paved)
            .difference(&self.state.shipped)
            .difference(&self.closed_edges());
        match self.pirate_forbidden_roads(seat) {
            Some(no) => sites.difference(no),
            None => sites,
        }
    }

    /// Corners where `seat` may build a settlement (B-17, B-18, B-20).
    /// Seafarers: a ship touching a corner connects a settlement too (S-10).
    #[inline]
    pub(crate) fn settlement_sites(&self, seat: Seat) -> CornerSet {
        let p = self.state.player(seat);
        self.settlement_corners_open_to(seat, p.road_ends.union(&p.ship_reach))
    }

    /// The corners of `corners` where `seat` could settle, connection aside: empty land clear
    /// of the distance rule (B-16, B-17), of conquered hexes (BA-11), of islands nobody
    /// settles, and of another's territory (SC7-10).
    #[inline]
    pub(crate) fn settlement_corners_open_to(&self, seat: Seat, corners: CornerSet) -> CornerSet {
        let sites = corners
            .intersection(&self.topology().land_corners)
            .difference(&self.state.crowded)
            .difference(&self.closed_corners())
            .difference(&self.config.rules.no_settlement_corners);
        match self.pirate_forbidden_corners(seat) {
            Some(no) => sites.difference(no),
            None => sites,
        }
    }

    /// Adds `corner` to the corners `seat` may extend roads from.
    fn extend_reach(&mut self, seat: Seat, corner: CornerId) {
        let t = &self.config.topology;
        let p = &mut self.state.players[seat.index()];
        if p.reach.contains(corner.index()) {
            return;
        }
        p.reach.insert(corner.index());
        for e in t.corner_edges(corner) {
            p.frontier.insert(e.index());
        }
    }

    /// Works out `reach`, `frontier` and `road_ends` anew: after an opponent's building cut
    /// a network, or for a position read from a file.
    pub(crate) fn recompute_reach(&mut self, seat: Seat) {
        let t = &self.config.topology;
        let p = &self.state.players[seat.index()];
        let blocked = self.state.occupied.difference(&p.buildings());
        let mut reach = p.buildings();
        let mut road_ends = CornerSet::new();
        for e in p.roads.iter() {
            for c in t.edge_corners(EdgeId(e as u16)) {
                road_ends.insert(c.index());
                if !blocked.contains(c.index()) {
                    reach.insert(c.index());
                }
            }
        }
        let mut frontier = EdgeSet::new();
        for c in reach.iter() {
            for e in t.corner_edges(CornerId(c as u16)) {
                frontier.insert(e.index());
            }
        }
        let p = &mut self.state.players[seat.index()];
        p.reach = reach;
        p.frontier = frontier;
        p.road_ends = road_ends;
        self.recompute_ship_reach(seat);
    }

    /// `seat`'s settlement on `corner` becomes a city (B-21), paid for or not.
    pub(crate) fn raise_city(&mut self, seat: Seat, corner: CornerId, sink: &mut impl EventSink) {
        let p = self.state.player_mut(seat);
        p.settlements.remove(corner.index());
        p.cities.insert(corner.index());
        if sink.wanted() {
            sink.push(Event::CityBuilt {
                seat,
                corner: self.topology().corner(corner),
            });
        }
    }

    pub(crate) fn legal_builds(&self, seat: Seat, out: &mut LegalActions) {
        let p = self.state.player(seat);
        if p.roads_left() > 0 && p.hand.covers(&cost::ROAD) && !self.has_damaged_road(seat) {
            let sites = self.road_sites(seat);
            out.push_each(&sites, |e| Action::BuildRoad(EdgeId(e as u16)));
        }
        if p.settlements_left() > 0 && p.hand.covers(&cost::SETTLEMENT) {
            let sites = self.settlement_sites(seat);
            out.push_each(&sites, |c| Action::BuildSettlement(CornerId(c as u16)));
        }
        if p.cities_left() > 0 && p.hand.covers(&cost::CITY) {
            // A conquered settlement is not upgraded (BA-12, D-BA-3).
            let sites = p
                .settlements
                .difference(&self.conquered_among(&p.settlements));
            out.push_each(&sites, |c| Action::BuildCity(CornerId(c as u16)));
        }
        if p.hand.covers(&cost::DEVELOPMENT_CARD) && self.development_cards_left() {
            out.actions.push(Action::BuyDevelopmentCard);
        }
        if self.config.rules.ships {
            self.legal_ship_builds(seat, out);
        }
    }

    pub(crate) fn legal_free_roads(&self, seat: Seat, out: &mut LegalActions) {
        if self.state.player(seat).roads_left() > 0 {
            let sites = self.road_sites(seat);
            out.push_each(&sites, |e| Action::BuildRoad(EdgeId(e as u16)));
        }
        if self.config.rules.ships {
            self.legal_free_ships(seat, out);
        }
    }

    /// An empty land corner that keeps the distance rule (B-16 to B-18).
    pub(crate) fn check_settlement_site(&self, corner: CornerId) -> Result<(), RuleError> {
        let t = self.topology();
        let name = || t.corner(corner).to_string();
        self.check_corner_on_board(corner)?;
        if !t.land_corners.contains(corner.index()) {
            return Err(RuleError::NotLand { place: name() });
        }
        if self
            .config
            .rules
            .no_settlement_corners
            .contains(corner.index())
        {
            return Err(RuleError::refused(format!(
                "{} touches an island where nobody may ever build a settlement",
                name()
            )));
        }
        if self.closed_corners().contains(corner.index()) {
            return Err(RuleError::refused(format!(
                "{} is on a hex the barbarians hold: no settlement there",
                name()
            )));
        }
        if self.state.occupied.contains(corner.index()) {
            return Err(RuleError::Occupied { place: name() });
        }
        if self.state.crowded.contains(corner.index()) {
            let neighbour = t
                .corner_neighbours(corner)
                .find(|n| self.state.occupied.contains(n.index()))
                .map(|n| t.corner(n).to_string())
                .unwrap_or_default();
            return Err(RuleError::TooClose {
                corner: name(),
                neighbour,
            });
        }
        Ok(())
    }

    /// An empty edge touching land (B-16, B-18).
    pub(crate) fn check_road_site(&self, edge: EdgeId) -> Result<(), RuleError> {
        let t = self.topology();
        self.check_edge_on_board(edge)?;
        if !t.road_edges.contains(edge.index()) {
            return Err(RuleError::NotLand {
                place: t.edge(edge).to_string(),
            });
        }
        if self.state.paved.contains(edge.index()) || self.state.shipped.contains(edge.index()) {
            return Err(RuleError::Occupied {
                place: t.edge(edge).to_string(),
            });
        }
        if self.closed_edges().contains(edge.index()) {
            return Err(RuleError::refused(format!(
                "{} borders a hex the barbarians hold: no road there",
                t.edge(edge)
            )));
        }
        Ok(())
    }

    fn check_road_connected(&self, seat: Seat, edge: EdgeId) -> Result<(), RuleError> {
        self.check_pirate_road(seat, edge)?;
        if self.state.player(seat).frontier.contains(edge.index()) {
            Ok(())
        } else {
            Err(RuleError::RoadNotConnected {
                edge: self.topology().edge(edge).to_string(),
            })
        }
    }

    pub(crate) fn check_cost(
        &self,
        seat: Seat,
        what: &str,
        price: Resources,
    ) -> Result<(), RuleError> {
        let hand = self.state.player(seat).hand;
        if hand.covers(&price) {
            return Ok(());
        }
        let mut missing = Resources::EMPTY;
        for (m, (need, have)) in missing.0.iter_mut().zip(price.0.iter().zip(hand.0.iter())) {
            *m = need.saturating_sub(*have);
        }
        Err(RuleError::CannotAfford {
            what: what.into(),
            cost: price,
            missing,
        })
    }

    /// Puts a settlement down and updates everything that depends on it.
    pub(crate) fn place_settlement(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) {
        let t = &self.config.topology;
        let i = corner.index();
        let s = &mut self.state;
        s.players[seat.index()].settlements.insert(i);
        s.players[seat.index()].harbors |= t.corner_harbor(corner);
        s.occupied.insert(i);
        s.crowded.insert(i);
        for n in t.corner_neighbours(corner) {
            s.crowded.insert(n.index());
        }
        // An opponent's road or ship network may no longer pass this corner (B-19, S-7).
        for other in 0..self.state.seats {
            let p = &self.state.players[other as usize];
            if other != seat.0 && (p.reach.contains(i) || p.ship_reach.contains(i)) {
                self.recompute_reach(Seat(other));
            }
        }
        self.extend_reach(seat, corner);
        self.state.players[seat.index()].ship_reach.insert(i);
        // Routes through or to this corner may open or close (S-12).
        for other in self.state.seat_ids() {
            let ships = self.state.player(other).ships;
            if self
                .config
                .topology
                .corner_edges(corner)
                .any(|e| ships.contains(e.index()))
            {
                self.recompute_closed_ships(other);
            }
        }
        let t = &self.config.topology;
        if sink.wanted() {
            sink.push(Event::SettlementBuilt {
                seat,
                corner: t.corner(corner),
            });
        }
        self.settlement_cuts_roads(seat, corner, sink);
        if !matches!(self.state.phase, Phase::SetupSettlement) {
            self.island_bonus(seat, corner, sink);
        }
    }

    pub(crate) fn place_road(&mut self, seat: Seat, edge: EdgeId, sink: &mut impl EventSink) {
        let p = &mut self.state.players[seat.index()];
        p.roads.insert(edge.index());
        self.state.paved.insert(edge.index());
        for c in self.config.topology.edge_corners(edge) {
            self.state.players[seat.index()].road_ends.insert(c.index());
            if !self.state.opponent_building_at(seat, c) {
                self.extend_reach(seat, c);
            }
        }
        if sink.wanted() {
            sink.push(Event::RoadBuilt {
                seat,
                edge: self.topology().edge(edge),
            });
        }
        self.route_extended(seat, edge, sink);
    }

    pub(crate) fn apply_build_road(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_road_site(edge)?;
        if self.state.player(seat).roads_left() == 0 {
            return Err(RuleError::NoPiecesLeft("roads"));
        }
        if self.has_damaged_road(seat) {
            return Err(RuleError::refused(
                "repair your damaged road before you build a road (Earthquake)",
            ));
        }
        self.check_road_connected(seat, edge)?;
        self.check_cost(seat, "a road", cost::ROAD)?;
        self.pay(seat, &cost::ROAD);
        self.place_road(seat, edge, sink);
        self.discover(seat, edge);
        self.after_building(seat, Built::Road);
        Ok(())
    }

    /// A free road of Road Building (B-32).
    pub(crate) fn apply_free_road(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        left: u8,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_road_site(edge)?;
        if self.state.player(seat).roads_left() == 0 {
            return Err(RuleError::NoPiecesLeft("roads"));
        }
        self.check_road_connected(seat, edge)?;
        self.place_road(seat, edge, sink);
        self.continue_road_building(seat, left - 1);
        self.discover(seat, edge);
        Ok(())
    }

    /// Stays in Road Building while pieces are left to place and somewhere to place them
    /// (D-B-6: as many as possible; S-17: roads or ships).
    pub(crate) fn continue_road_building(&mut self, seat: Seat, left: u8) {
        let p = self.state.player(seat);
        let ships = self.config.rules.ships;
        let pieces = p.roads_left() + if ships { p.ships_left() } else { 0 };
        let left = left.min(pieces);
        let roads = p.roads_left() > 0 && !self.road_sites(seat).is_empty();
        let ships = ships && p.ships_left() > 0 && !self.ship_sites(seat).is_empty();
        self.state.phase = if left > 0 && (roads || ships) {
            Phase::BuildingRoads { left }
        } else {
            self.resume_phase()
        };
    }

    pub(crate) fn apply_build_settlement(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_settlement_site(corner)?;
        self.check_pirate_territory(seat, corner)?;
        if self.state.player(seat).settlements_left() == 0 {
            return Err(RuleError::NoPiecesLeft("settlements"));
        }
        if !self.settlement_sites(seat).contains(corner.index()) {
            return Err(RuleError::SettlementNotConnected {
                corner: self.topology().corner(corner).to_string(),
            });
        }
        self.check_cost(seat, "a settlement", cost::SETTLEMENT)?;
        self.pay(seat, &cost::SETTLEMENT);
        self.place_settlement(seat, corner, sink);
        self.after_building(seat, Built::Settlement(corner));
        Ok(())
    }

    pub(crate) fn apply_build_city(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let t = self.topology();
        self.check_corner_on_board(corner)?;
        if !self.state.player(seat).settlements.contains(corner.index()) {
            return Err(RuleError::NotYourSettlement {
                corner: t.corner(corner).to_string(),
            });
        }
        if self.state.player(seat).cities_left() == 0 {
            return Err(RuleError::NoPiecesLeft("cities"));
        }
        if self.building_conquered(corner) {
            return Err(RuleError::refused(format!(
                "the settlement on {} is conquered and cannot become a city",
                t.corner(corner)
            )));
        }
        self.check_cost(seat, "a city", cost::CITY)?;
        self.pay(seat, &cost::CITY);
        self.raise_city(seat, corner, sink);
        self.after_building(seat, Built::City);
        Ok(())
    }
}
