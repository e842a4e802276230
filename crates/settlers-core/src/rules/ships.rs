//! Ships: building, connecting, open and closed routes, moving (seafarers.md S-5 to S-13,
//! S-17, S-20; decisions D-S-2, D-S-3, D-S-12, D-G-4.1, D-G-4.2).

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::cost;
use crate::state::Seat;
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet};

/// The most ships a player has: the size of the local graphs below.
const MOST_SHIPS: usize = crate::state::SHIPS as usize;

impl Game {
    /// The edges of the pirate's hex, where ships may not be built, moved from or moved to
    /// (S-14.4, D-S-12).
    #[inline]
    pub(crate) fn pirate_edges(&self) -> EdgeSet {
        match self.state.pirate {
            Some(h) => *self.topology().hex_edge_set(h),
            None => EdgeSet::new(),
        }
    }

    /// Empty sea and coast edges touching `reach`, clear of the pirate: where a ship may go.
    /// A ship that moves is still on its edge while this is asked, so it goes to another
    /// (D-S-3).
    fn ship_sites_from(&self, reach: &CornerSet) -> EdgeSet {
        self.ship_sites_among(&self.ship_site_candidates(reach))
    }

    /// Those of `candidates` that are empty and clear of the pirate.
    pub(crate) fn ship_sites_among(&self, candidates: &EdgeSet) -> EdgeSet {
        let taken = self.state.paved.union(&self.state.shipped);
        candidates
            .difference(&taken)
            .difference(&self.pirate_edges())
    }

    /// The sea and coast edges at `reach`, empty or not.
    pub(crate) fn ship_site_candidates(&self, reach: &CornerSet) -> EdgeSet {
        let t = self.topology();
        // A settlement or city inland reaches no sea: only corners on a ship's edge count.
        t.edges_at(&reach.intersection(&t.ship_corners))
            .intersection(&t.ship_edges)
    }

    /// Whether `edge` is one of `ship_sites_from(reach)`, without listing them all.
    fn is_ship_site_from(&self, reach: &CornerSet, edge: EdgeId) -> bool {
        let t = self.topology();
        let i = edge.index();
        let site = t.ship_edges.contains(i)
            && !self.state.paved.contains(i)
            && !self.state.shipped.contains(i)
            && !self.pirate_edges().contains(i)
            && t.edge_corners(edge)
                .iter()
                .any(|c| reach.contains(c.index()));
        debug_assert_eq!(site, self.ship_sites_from(reach).contains(i));
        site
    }

    /// Where `seat` could build a ship if it could pay (S-6, S-7).
    pub(crate) fn ship_sites(&self, seat: Seat) -> EdgeSet {
        // The modules' hook (modules/hooks.rs).
        if let Some(sites) = self.module_ship_sites(seat) {
            return sites;
        }
        self.ship_sites_from(&self.state.player(seat).ship_reach)
    }

    /// Adds `corner` to the corners `seat` may extend ships from.
    pub(crate) fn extend_ship_reach(&mut self, seat: Seat, corner: CornerId) {
        if !self.state.opponent_building_at(seat, corner) {
            self.state
                .player_mut(seat)
                .ship_reach
                .insert(corner.index());
        }
    }

    /// The corners `seat`'s ships reach without `leaving`: its buildings and the ends of its
    /// other ships that hold no opponent's building.
    fn ship_reach_without(&self, seat: Seat, leaving: Option<EdgeId>) -> CornerSet {
        let t = self.topology();
        let p = self.state.player(seat);
        let Some(leaving) = leaving else {
            let blocked = self.state.occupied.difference(&p.buildings());
            let mut reach = p.buildings();
            for e in p.ships.iter() {
                for c in t.edge_corners(EdgeId(e as u16)) {
                    if !blocked.contains(c.index()) {
                        reach.insert(c.index());
                    }
                }
            }
            return reach;
        };
        // Only the ship's own corners can drop out: those where no building of the seat
        // stands and no other of its ships ends.
        let mut reach = p.ship_reach;
        for c in t.edge_corners(leaving) {
            let kept = p.buildings().contains(c.index())
                || t.corner_edges(c)
                    .any(|e| e != leaving && p.ships.contains(e.index()));
            if !kept {
                reach.remove(c.index());
            }
        }
        reach
    }

    pub(crate) fn recompute_ship_reach(&mut self, seat: Seat) {
        let reach = self.ship_reach_without(seat, None);
        self.state.player_mut(seat).ship_reach = reach;
    }

    pub(crate) fn legal_ship_builds(&self, seat: Seat, out: &mut LegalActions) {
        let p = self.state.player(seat);
        let builds = p.ships_left() > 0 && p.hand.covers(&cost::SHIP);
        let moves = !self.state.ship_moved && !p.ships.is_empty();
        if !builds && !moves {
            return;
        }
        // The modules' hook (modules/hooks.rs).
        if self.legal_module_ships(seat, builds, moves, out) {
            return;
        }
        if moves {
            return self.legal_ships_remembered(seat, builds, out);
        }
        let sites = self.ship_sites(seat);
        out.push_each(&sites, |e| Action::BuildShip(EdgeId(e as u16)));
    }

    pub(crate) fn legal_free_ships(&self, seat: Seat, out: &mut LegalActions) {
        if self.state.player(seat).ships_left() > 0 {
            let sites = self.ship_sites(seat);
            out.push_each(&sites, |e| Action::BuildShip(EdgeId(e as u16)));
        }
    }

    /// S-20: a coastal starting settlement may take a ship instead of its road.
    pub(crate) fn legal_setup_ships(&self, settlement: CornerId, out: &mut LegalActions) {
        out.actions
            .extend(self.setup_ship_sites(settlement).map(Action::BuildShip));
    }

    /// The edges at `settlement` where a starting ship may go.
    pub(crate) fn setup_ship_sites(
        &self,
        settlement: CornerId,
    ) -> impl Iterator<Item = EdgeId> + '_ {
        let t = self.topology();
        let taken = self.state.paved.union(&self.state.shipped);
        let pirate = self.pirate_edges();
        t.corner_edges(settlement).filter(move |e| {
            let i = e.index();
            t.ship_edges.contains(i) && !taken.contains(i) && !pirate.contains(i)
        })
    }

    /// `seat`'s ships on closed routes (S-12).
    #[inline]
    pub fn closed_ships(&self, seat: Seat) -> EdgeSet {
        self.state.player(seat).closed_ships
    }

    /// Works out anew which ships of `seat` are closed: after it placed or moved a ship,
    /// or anyone placed a settlement.
    pub(crate) fn recompute_closed_ships(&mut self, seat: Seat) {
        let closed = self.find_closed_ships(seat);
        self.state.player_mut(seat).closed_ships = closed;
    }

    /// S-12 (D-S-2): a ship is closed when it lies on a chain of its owner's ships from one
    /// of its buildings to a different one, through corners holding no building at all. A
    /// village its owner trades with counts as one of its buildings (SC6-4).
    fn find_closed_ships(&self, seat: Seat) -> EdgeSet {
        let t = self.topology();
        let p = self.state.player(seat);
        let own = p.buildings().union(&self.trading_villages(seat));
        let mut closed = EdgeSet::new();
        if p.ships.is_empty() {
            return closed;
        }
        let mut touched = CornerSet::new();
        for e in p.ships.iter() {
            for c in t.edge_corners(EdgeId(e as u16)) {
                touched.insert(c.index());
            }
        }
        // A closed route joins two of the seat's buildings.
        if touched.intersection(&own).len() < 2 {
            return closed;
        }
        // The ships as a small graph over their corners, numbered in order.
        let mut corners = [CornerId(0); 2 * MOST_SHIPS];
        let mut links = [[(0u8, 0u8); 3]; 2 * MOST_SHIPS];
        let mut degree = [0u8; 2 * MOST_SHIPS];
        let mut ships = [EdgeId(0); MOST_SHIPS];
        let n = touched.len().min(2 * MOST_SHIPS);
        for (j, c) in touched.iter().take(n).enumerate() {
            corners[j] = CornerId(c as u16);
        }
        for (i, e) in p.ships.iter().take(MOST_SHIPS).enumerate() {
            ships[i] = EdgeId(e as u16);
            let ends = t
                .edge_corners(EdgeId(e as u16))
                .map(|c| touched.rank(c.index()));
            let [a, b] = ends;
            links[a][degree[a] as usize] = (i as u8, b as u8);
            degree[a] += 1;
            links[b][degree[b] as usize] = (i as u8, a as u8);
            degree[b] += 1;
        }
        let any = self.state.occupied;
        struct Search<'a> {
            links: &'a [[(u8, u8); 3]],
            degree: &'a [u8],
            home: u64,
            building: u64,
            closed: u32,
        }
        impl Search<'_> {
            fn walk(&mut self, at: usize, visited: u64, path: u32) {
                for &(ship, next) in &self.links[at][..self.degree[at] as usize] {
                    let next = next as usize;
                    if visited >> next & 1 == 1 {
                        continue;
                    }
                    if self.home >> next & 1 == 1 {
                        self.closed |= path | 1 << ship;
                    } else if self.building >> next & 1 == 0 {
                        self.walk(next, visited | 1 << next, path | 1 << ship);
                    }
                }
            }
        }
        let mut home = 0u64;
        let mut building = 0u64;
        for (i, c) in corners[..n].iter().enumerate() {
            if own.contains(c.index()) {
                home |= 1 << i;
            }
            if any.contains(c.index()) {
                building |= 1 << i;
            }
        }
        let mut search = Search {
            links: &links,
            degree: &degree,
            home,
            building,
            closed: 0,
        };
        for start in 0..n {
            if home >> start & 1 == 1 {
                search.walk(start, 1 << start, 0);
            }
        }
        for (i, e) in ships.iter().enumerate().take(p.ships.len()) {
            if search.closed >> i & 1 == 1 {
                closed.insert(e.index());
            }
        }
        closed
    }

    /// The corners where exactly one of `seat`'s ships ends, and those where two or more do.
    #[inline]
    fn ship_ends(&self, seat: Seat) -> (CornerSet, CornerSet) {
        let t = self.topology();
        let mut seen = CornerSet::new();
        let mut more = CornerSet::new();
        self.state.player(seat).ships.for_each(|e| {
            for c in t.edge_corners(EdgeId(e as u16)) {
                if seen.contains(c.index()) {
                    more.insert(c.index());
                }
                seen.insert(c.index());
            }
        });
        (seen.difference(&more), more)
    }

    /// S-13.4: a corner of a ship is an open end when it holds none of its owner's
    /// buildings and no other of its owner's ships is joined to it there (ships are not
    /// joined across an opponent's building, D-G-4.1).
    fn has_open_end(&self, seat: Seat, ship: EdgeId) -> bool {
        self.topology()
            .edge_corners(ship)
            .iter()
            .any(|&c| self.is_open_end(seat, ship, c))
    }

    /// Whether `corner` of `seat`'s ship on `ship` is an open end (`has_open_end`).
    fn is_open_end(&self, seat: Seat, ship: EdgeId, corner: CornerId) -> bool {
        let p = self.state.player(seat);
        !p.buildings().contains(corner.index())
            && (self.state.occupied.contains(corner.index())
                || !self
                    .topology()
                    .corner_edges(corner)
                    .any(|e| e != ship && p.ships.contains(e.index())))
    }

    /// Of `candidates`, the ships of `seat` at an open end of its routes; and the corners
    /// where exactly one of its ships ends. What `has_open_end` and `ship_reach_without` ask
    /// of each ship, for all ships at once, as sets.
    fn open_ended(&self, seat: Seat, candidates: &EdgeSet) -> (EdgeSet, CornerSet) {
        let (once, more) = self.ship_ends(seat);
        // An open end holds none of the seat's buildings, and no other ship of the seat or
        // an opponent's building (S-13.4, D-G-4.1).
        let open_ends = once
            .union(&more.intersection(&self.state.occupied))
            .difference(&self.state.player(seat).buildings());
        let movable = self
            .topology()
            .edges_at(&open_ends)
            .intersection(candidates);
        (movable, once)
    }

    /// The ships `seat` may move as the board stands (S-13.3 to S-13.6): at an open end of a
    /// route, not beside the pirate, not on a closed route. In `this_turn`, only in its own
    /// turn after setup, none once a ship has moved, and none placed this turn; otherwise in its next
    /// turn, if nothing changes before it.
    pub(crate) fn movable_ships(&self, seat: Seat, this_turn: bool) -> EdgeSet {
        let s = &self.state;
        let mut candidates = s
            .player(seat)
            .ships
            .difference(&self.pirate_edges())
            .difference(&self.closed_ships(seat));
        if this_turn {
            if s.phase.is_setup() || s.active != seat || s.ship_moved {
                return EdgeSet::new();
            }
            candidates = candidates.difference(&s.new_ships);
        }
        self.open_ended(seat, &candidates).0
    }

    /// The ships `seat` may move now (S-13.3 to S-13.6), each with its destinations. `sites`
    /// are where the seat could build a ship: a ship that moves takes away only the sites
    /// that no corner but its own reached.
    pub(crate) fn legal_ship_moves(&self, seat: Seat, sites: &EdgeSet, out: &mut LegalActions) {
        let t = self.topology();
        let p = self.state.player(seat);
        let candidates = p
            .ships
            .difference(&self.state.new_ships)
            .difference(&self.pirate_edges())
            .difference(&self.closed_ships(seat));
        if candidates.is_empty() {
            return;
        }
        let (movable, once) = self.open_ended(seat, &candidates);
        let own = p.buildings();
        // The corners only one ship reaches, which that ship takes with it when it moves.
        let alone = once.difference(&own);
        movable.for_each(|s| {
            let ship = EdgeId(s as u16);
            let mut reach = p.ship_reach;
            let mut to = *sites;
            let ends = t.edge_corners(ship);
            for c in ends {
                if alone.contains(c.index()) {
                    reach.remove(c.index());
                }
            }
            debug_assert_eq!(reach, self.ship_reach_without(seat, Some(ship)));
            for c in ends {
                if reach.contains(c.index()) {
                    continue;
                }
                for e in t.corner_edges(c) {
                    if !t.edge_corners(e).iter().any(|x| reach.contains(x.index())) {
                        to.remove(e.index());
                    }
                }
            }
            debug_assert_eq!(to, self.ship_sites_from(&reach));
            out.push_each(&to, |d| Action::MoveShip {
                from: ship,
                to: EdgeId(d as u16),
            });
        });
        debug_assert_eq!(
            movable,
            candidates
                .iter()
                .filter(|&s| self.has_open_end(seat, EdgeId(s as u16)))
                .collect::<EdgeSet>()
        );
    }

    /// A sea or coast edge, free, clear of the pirate (S-6).
    fn check_ship_site(&self, edge: EdgeId) -> Result<(), RuleError> {
        let t = self.topology();
        self.check_edge_on_board(edge)?;
        let name = t.edge(edge);
        if !t.ship_edges.contains(edge.index()) {
            return Err(RuleError::refused(format!(
                "{name} has land on both sides: a ship needs sea on one"
            )));
        }
        if self.state.paved.contains(edge.index()) || self.state.shipped.contains(edge.index()) {
            return Err(RuleError::Occupied {
                place: name.to_string(),
            });
        }
        if self.pirate_edges().contains(edge.index()) {
            return Err(RuleError::refused(format!(
                "the pirate blocks {name}: no ship is built beside it"
            )));
        }
        Ok(())
    }

    fn check_ship_connected(&self, seat: Seat, edge: EdgeId) -> Result<(), RuleError> {
        let reach = &self.state.player(seat).ship_reach;
        if self
            .topology()
            .edge_corners(edge)
            .iter()
            .any(|c| reach.contains(c.index()))
        {
            Ok(())
        } else {
            Err(RuleError::refused(format!(
                "you have no ship, settlement or city touching {} (a road does not carry a ship)",
                self.topology().edge(edge)
            )))
        }
    }

    fn check_ships_on(&self) -> Result<(), RuleError> {
        if self.config.rules.ships {
            Ok(())
        } else {
            Err(RuleError::refused("this game has no ships"))
        }
    }

    pub(crate) fn apply_build_ship(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_ships_on()?;
        self.check_ship_site(edge)?;
        if self.state.player(seat).ships_left() == 0 {
            return Err(RuleError::NoPiecesLeft("ships"));
        }
        self.check_ship_connected(seat, edge)?;
        self.check_lane_site(seat, edge)?;
        self.check_cost(seat, "a ship", cost::SHIP)?;
        self.pay(seat, &cost::SHIP);
        self.place_ship(seat, edge, sink);
        self.discover(seat, edge);
        self.ship_arrived(seat, edge, sink);
        Ok(())
    }

    /// A free ship of Road Building (S-17).
    pub(crate) fn apply_free_ship(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        left: u8,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_ships_on()?;
        self.check_ship_site(edge)?;
        if self.state.player(seat).ships_left() == 0 {
            return Err(RuleError::NoPiecesLeft("ships"));
        }
        self.check_ship_connected(seat, edge)?;
        self.check_lane_site(seat, edge)?;
        self.place_ship(seat, edge, sink);
        self.continue_road_building(seat, left - 1);
        self.discover(seat, edge);
        self.ship_arrived(seat, edge, sink);
        Ok(())
    }

    /// S-20: a ship instead of the starting road.
    pub(crate) fn apply_setup_ship(
        &mut self,
        seat: Seat,
        settlement: CornerId,
        edge: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_ships_on()?;
        if !self.config.rules.setup_ships {
            return Err(RuleError::refused(
                "in this scenario a starting settlement takes a road, not a ship",
            ));
        }
        self.check_ship_site(edge)?;
        if !self.topology().edge_corners(edge).contains(&settlement) {
            return Err(RuleError::SetupRoadAway {
                settlement: self.topology().corner(settlement).to_string(),
            });
        }
        self.place_ship(seat, edge, sink);
        // A setup ship establishes trade (D-SC6-4); gifts are for ships built in play.
        self.establish_trade(seat, edge, sink);
        self.setup_piece_placed(seat, edge, sink);
        Ok(())
    }

    pub(crate) fn apply_move_ship(
        &mut self,
        seat: Seat,
        from: EdgeId,
        to: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_ships_on()?;
        let t = self.topology();
        self.check_edge_on_board(from)?;
        self.check_edge_on_board(to)?;
        let name = t.edge(from);
        let p = self.state.player(seat);
        if !p.ships.contains(from.index()) {
            return Err(RuleError::refused(format!("you have no ship on {name}")));
        }
        if self.state.ship_moved {
            return Err(RuleError::refused(
                "you have already moved a ship this turn",
            ));
        }
        if self.state.new_ships.contains(from.index()) {
            return Err(RuleError::refused(format!(
                "the ship on {name} was placed this turn and cannot move yet"
            )));
        }
        if self.pirate_edges().contains(from.index()) {
            return Err(RuleError::refused(format!(
                "the pirate holds the ship on {name}"
            )));
        }
        if self.closed_ships(seat).contains(from.index()) {
            return Err(RuleError::refused(format!(
                "the ship on {name} is on a closed route and never moves"
            )));
        }
        // The modules' hook (modules/hooks.rs).
        self.check_module_ship_move(seat, from, to)?;
        if !self.has_open_end(seat, from) {
            return Err(RuleError::refused(format!(
                "the ship on {name} is not at the end of its route"
            )));
        }
        let reach = self.ship_reach_without(seat, Some(from));
        if !self.is_ship_site_from(&reach, to) {
            self.check_ship_site(to)?;
            return Err(RuleError::refused(format!(
                "a ship cannot go to {}: it must touch another of your ships or one of your settlements or cities",
                t.edge(to)
            )));
        }
        let p = self.state.player_mut(seat);
        p.ships.remove(from.index());
        self.state.shipped.remove(from.index());
        self.state.ship_moved = true;
        // A warship stays one where it goes (SC7-7).
        let warships = &mut self.state.pirates.warships;
        if warships.contains(from.index()) {
            warships.remove(from.index());
            warships.insert(to.index());
        }
        // Worked out without the ship that left, so as true now that it is gone.
        debug_assert_eq!(reach, self.ship_reach_without(seat, None));
        self.state.player_mut(seat).ship_reach = reach;
        if sink.wanted() {
            sink.push(Event::ShipMoved {
                seat,
                from: name,
                to: self.topology().edge(to),
            });
        }
        self.place_ship_quietly(seat, to);
        // A moved ship counts as placed this turn for nothing but the move itself.
        self.state.new_ships.remove(to.index());
        // The ship that left had an open end, so no closed route ran through it.
        let open_end = self.ship_added_to_routes(seat, to);
        if self.ship_turned_about(seat, from, to) {
            // The route is as long as it was: what was known of it still holds, but for a
            // trail that ended with the ship.
            let route = &mut self.state.player_mut(seat).route;
            if route.ends_at(from) {
                route.ends = None;
            }
            self.award_longest_road(sink);
        } else if open_end {
            // From an open end to an open end: in the trail search both are pieces hanging
            // off the rest at one corner (S-13.4).
            self.route_end_moved(seat, from, sink);
        } else {
            self.route_changed(seat, sink);
        }
        self.discover(seat, to);
        self.ship_arrived(seat, to, sink);
        Ok(())
    }

    /// Whether `seat`'s ship went from `from` to `to` about a corner of both, and each had
    /// nothing else of the seat at its other corner: no own building, and no other ship
    /// unless an opponent's building parts them (S-9, D-G-4.1). Then the seat's pieces make
    /// the same shape as before, with one loose end swapped for another, and its longest
    /// route is as long as it was.
    fn ship_turned_about(&self, seat: Seat, from: EdgeId, to: EdgeId) -> bool {
        let t = self.topology();
        let [a, b] = t.edge_corners(from);
        let [c, d] = t.edge_corners(to);
        let (left, reached) = if a == c {
            (b, d)
        } else if a == d {
            (b, c)
        } else if b == c {
            (a, d)
        } else if b == d {
            (a, c)
        } else {
            return false;
        };
        self.is_open_end(seat, to, left) && self.is_open_end(seat, to, reached)
    }

    /// After `seat`'s ship arrived on `edge`, built, placed by Road Building or moved: the
    /// scenarios' rules for ships reaching a place.
    fn ship_arrived(&mut self, seat: Seat, edge: EdgeId, sink: &mut impl EventSink) {
        self.gift_reached(seat, edge, sink);
        self.establish_trade(seat, edge, sink);
    }

    /// Puts a ship down: its owner's reach grows; the trade route may grow.
    pub(crate) fn place_ship(&mut self, seat: Seat, edge: EdgeId, sink: &mut impl EventSink) {
        if sink.wanted() {
            sink.push(Event::ShipBuilt {
                seat,
                edge: self.topology().edge(edge),
            });
        }
        self.place_ship_quietly(seat, edge);
        self.ship_added_to_routes(seat, edge);
        self.route_extended(seat, edge, sink);
    }

    /// After `seat` put a ship on `edge`: a route through it may have closed. A route runs
    /// through every corner of its ships, so none runs through a ship with an open end, and
    /// the closed ships are as they were. Says whether the ship has an open end.
    fn ship_added_to_routes(&mut self, seat: Seat, edge: EdgeId) -> bool {
        let open_end = self.has_open_end(seat, edge);
        if open_end {
            debug_assert_eq!(self.closed_ships(seat), self.find_closed_ships(seat));
        } else {
            self.recompute_closed_ships(seat);
        }
        open_end
    }

    fn place_ship_quietly(&mut self, seat: Seat, edge: EdgeId) {
        let s = &mut self.state;
        s.players[seat.index()].ships.insert(edge.index());
        s.shipped.insert(edge.index());
        s.new_ships.insert(edge.index());
        for c in self.config.topology.edge_corners(edge) {
            self.extend_ship_reach(seat, c);
        }
        // The modules' hook (modules/hooks.rs).
        self.after_ship_placed(seat);
    }
}
