//! One ship route per player, along its colour's lane (SC7-2, SC7-6, D-SC7-7, D-SC7-11): it
//! starts with the ship placed before setup, grows only at its free end, never branches,
//! never touches itself again, and never goes past the fortress.

use crate::action::{Action, LegalActions, RuleError};
use crate::game::Game;
use crate::state::{LaneEnd, SHIPS, Seat};
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet};
use std::cell::Cell;
use std::sync::Arc;

/// A player's route: its ships from the start settlement out, and the corner at its end.
#[derive(Clone, Copy, Debug)]
pub struct Route {
    pub ships: [EdgeId; SHIPS as usize],
    pub len: usize,
    pub end: CornerId,
}

impl Route {
    pub fn ships(&self) -> &[EdgeId] {
        &self.ships[..self.len]
    }
    pub fn last(&self) -> Option<EdgeId> {
        self.ships().last().copied()
    }
}

impl Game {
    /// `seat`'s route, walked from its start settlement along its ships.
    pub fn lane_route(&self, seat: Seat) -> Option<Route> {
        let colour = self.pirate_rules()?.colours.get(seat.index())?;
        let t = self.topology();
        // The ships not walked yet: each is taken out as the walk passes it, and the walk
        // stops once none is left rather than looking round the last corner for nothing.
        let mut left = self.state.player(seat).ships;
        let count = left.len().min(SHIPS as usize);
        let mut route = Route {
            ships: [EdgeId(0); SHIPS as usize],
            len: 0,
            end: colour.start_settlement,
        };
        while route.len < count {
            let Some(next) = t.corner_edges(route.end).find(|e| left.contains(e.index())) else {
                break;
            };
            left.remove(next.index());
            route.ships[route.len] = next;
            route.len += 1;
            let [a, b] = t.edge_corners(next);
            route.end = if a == route.end { b } else { a };
        }
        Some(route)
    }

    /// Where `seat`'s route ends (`lane_route` without the walk); `None` outside the
    /// Pirate Islands.
    pub(crate) fn lane_end(&self, seat: Seat) -> Option<LaneEnd> {
        self.pirate_rules()?.colours.get(seat.index())?;
        let kept = self.state.player(seat).lane_end;
        debug_assert_eq!(Some(kept), self.walk_lane_end(seat), "the kept route end");
        Some(kept)
    }

    /// `lane_end` worked out from the ships.
    fn walk_lane_end(&self, seat: Seat) -> Option<LaneEnd> {
        let route = self.lane_route(seat)?;
        let start = self.pirate_rules()?.colours[seat.index()].start_settlement;
        let last = route.last();
        let before = match last {
            Some(e) if route.len >= 2 => {
                let [a, b] = self.topology().edge_corners(e);
                if a == route.end { b } else { a }
            }
            _ => start,
        };
        Some(LaneEnd {
            end: route.end,
            last,
            before,
        })
    }

    /// After `seat`'s ships changed: where its route ends now.
    pub(crate) fn recompute_lane_end(&mut self, seat: Seat) {
        if let Some(end) = self.walk_lane_end(seat) {
            self.state.player_mut(seat).lane_end = end;
        }
    }

    /// Where the route ending on `end`, made of `ships`, may grow: a free lane edge at its end,
    /// clear of the fleet, whose far corner touches none of its ships; nowhere once it has
    /// reached the fortress or an opponent's building.
    fn lane_sites_from(&self, seat: Seat, end: CornerId, ships: &EdgeSet) -> EdgeSet {
        let mut sites = EdgeSet::new();
        let Some(colour) = self
            .pirate_rules()
            .and_then(|r| r.colours.get(seat.index()))
        else {
            return sites;
        };
        if end == colour.fortress || self.state.opponent_building_at(seat, end) {
            return sites;
        }
        let t = self.topology();
        let taken = self.state.paved.union(&self.state.shipped);
        let blocked = self.pirate_edges();
        for e in t.corner_edges(end) {
            let i = e.index();
            if !colour.lane.contains(i) || taken.contains(i) || blocked.contains(i) {
                continue;
            }
            let [a, b] = t.edge_corners(e);
            let far = if a == end { b } else { a };
            if t.corner_edges(far).any(|x| ships.contains(x.index())) {
                continue;
            }
            sites.insert(i);
        }
        sites
    }

    /// Whether a ship of `seat` on `edge`, at the end of its route, still leaves a way along
    /// the lane to its fortress: free lane edges from the ship's far corner to the fortress,
    /// through no corner its ships touch. A lane is wider than its shortest route (D-SC7-11),
    /// and a route that runs into a dead end of it never gets out, since only its last ship
    /// moves: players, and bots, steer clear of them. The fleet is left out, as it moves on.
    /// With `leaving`, the route's last ship moves to `edge`.
    pub fn lane_leads_to_fortress(
        &self,
        seat: Seat,
        edge: EdgeId,
        leaving: Option<EdgeId>,
    ) -> bool {
        let Some(colour) = self
            .pirate_rules()
            .and_then(|r| r.colours.get(seat.index()))
        else {
            return false;
        };
        let Some(route) = self.lane_end(seat) else {
            return false;
        };
        let t = self.topology();
        let mut ships = self.state.player(seat).ships;
        let mut end = route.end;
        if let Some(l) = leaving {
            ships.remove(l.index());
            let [a, b] = t.edge_corners(l);
            end = if a == end { b } else { a };
        }
        let [a, b] = t.edge_corners(edge);
        let far = if a == end { b } else { a };
        let mut touched = CornerSet::new();
        for e in ships.iter() {
            for c in t.edge_corners(EdgeId(e as u16)) {
                touched.insert(c.index());
            }
        }
        touched.insert(end.index());
        let mut free = colour
            .lane
            .difference(&self.state.paved)
            .difference(&self.state.shipped);
        free.remove(edge.index());
        if let Some(l) = leaving {
            free.insert(l.index());
        }
        // A simple path to the goal exists when the goal can be reached at all, so one set
        // of corners seen serves the whole search: no corner is looked at twice.
        fn search(
            g: &Game,
            at: CornerId,
            goal: CornerId,
            free: &EdgeSet,
            seen: &mut CornerSet,
        ) -> bool {
            if at == goal {
                return true;
            }
            let t = g.topology();
            t.corner_edges(at).any(|e| {
                if !free.contains(e.index()) {
                    return false;
                }
                let [a, b] = t.edge_corners(e);
                let next = if a == at { b } else { a };
                if seen.contains(next.index()) {
                    return false;
                }
                seen.insert(next.index());
                search(g, next, goal, free, seen)
            })
        }
        if touched.contains(far.index()) {
            return false;
        }
        touched.insert(far.index());
        search(self, far, colour.fortress, &free, &mut touched)
    }

    /// How far `seat`'s route has still to go: the fewest free edges of its lane from the
    /// route's end (its start settlement before its first ship) to its fortress, through no
    /// corner its ships touch, the way `lane_leads_to_fortress` looks for. `None` when there
    /// is no way on (a route in a dead end of its lane), and outside the Pirate Islands.
    pub fn lane_steps_left(&self, seat: Seat) -> Option<u32> {
        let colour = self.pirate_rules()?.colours.get(seat.index())?;
        let t = self.topology();
        let mut touched = CornerSet::new();
        for e in self.state.player(seat).ships.iter() {
            for c in t.edge_corners(EdgeId(e as u16)) {
                touched.insert(c.index());
            }
        }
        let free = colour
            .lane
            .difference(&self.state.paved)
            .difference(&self.state.shipped);
        let end = self.lane_end(seat)?.end;
        self.fewest_lane_steps(end, colour.fortress, &free, touched)
    }

    /// The length of `seat`'s lane: the fewest of its edges from its start settlement to its
    /// fortress, with nothing on them. `None` outside the Pirate Islands.
    pub fn lane_length(&self, seat: Seat) -> Option<u32> {
        let colour = self.pirate_rules()?.colours.get(seat.index())?;
        self.fewest_lane_steps(
            colour.start_settlement,
            colour.fortress,
            &colour.lane,
            CornerSet::new(),
        )
    }

    /// The fewest edges of `lane` from `from` to `to`, through no corner of `closed` but
    /// `from`; `None` if there is no way. A search by rings of corners, one step at a time.
    fn fewest_lane_steps(
        &self,
        from: CornerId,
        to: CornerId,
        lane: &EdgeSet,
        closed: CornerSet,
    ) -> Option<u32> {
        let t = self.topology();
        let mut seen = closed;
        seen.insert(from.index());
        let mut ring = CornerSet::new();
        ring.insert(from.index());
        let mut steps = 0;
        while !ring.is_empty() {
            if ring.contains(to.index()) {
                return Some(steps);
            }
            let mut next = CornerSet::new();
            for c in ring.iter() {
                for (e, far) in t.corner_links(CornerId(c as u16)) {
                    if lane.contains(e.index()) && !seen.contains(far.index()) {
                        seen.insert(far.index());
                        next.insert(far.index());
                    }
                }
            }
            ring = next;
            steps += 1;
        }
        None
    }

    /// Whether `seat`'s `action` closes its way to its fortress for good: a ship built or
    /// moved into a dead end of its lane (`lane_leads_to_fortress`), or a road of its own on
    /// its lane (`road_blocks_own_lane`). Never once the fortress has fallen, nor in other
    /// games. The rules allow these actions; bots keep clear of them.
    pub fn closes_way_to_fortress(&self, seat: Seat, action: &Action) -> bool {
        let mut ways = WaysToFortress::default();
        ways.renew(self, seat);
        ways.closes(self, action)
    }

    /// Whether `seat`'s road on `edge` would take an edge of its own lane while its fortress
    /// stands: the owner may build there (D-SC7-9), but a road is where no ship can go, and
    /// the route may need that edge. Bots keep off such edges.
    pub fn road_blocks_own_lane(&self, seat: Seat, edge: EdgeId) -> bool {
        self.pirate_rules()
            .and_then(|r| r.colours.get(seat.index()))
            .is_some_and(|c| c.lane.contains(edge.index()))
            && !self.fortress_conquered(seat)
    }

    /// Where `seat` may place a ship now: at the free end of its route (SC7-6).
    pub(crate) fn lane_sites(&self, seat: Seat) -> EdgeSet {
        self.lane_end(seat)
            .map_or(EdgeSet::new(), |route| self.lane_sites_on(seat, &route))
    }

    /// `lane_sites` for `seat`'s route ending as `route` says.
    fn lane_sites_on(&self, seat: Seat, route: &LaneEnd) -> EdgeSet {
        self.lane_sites_from(seat, route.end, &self.state.player(seat).ships)
    }

    /// The refusal for a ship off the route's free end.
    pub(crate) fn check_lane_site(&self, seat: Seat, edge: EdgeId) -> Result<(), RuleError> {
        if self.pirate_rules().is_none() || self.lane_sites(seat).contains(edge.index()) {
            return Ok(());
        }
        let colour = &self.pirate_rules().expect("checked").colours[seat.index()];
        let name = self.topology().edge(edge);
        Err(RuleError::refused(if !colour.lane.contains(edge.index()) {
            format!("{name} is not on your ship lane: your ships sail your colour's course only")
        } else {
            format!(
                "{name} is not at the free end of your ship route: the route grows from its end, never branches and never passes your fortress"
            )
        }))
    }

    /// The ship builds (when `builds`) and moves (when `moves`) of the trade-and-build step.
    pub(crate) fn legal_lane_ships(
        &self,
        seat: Seat,
        builds: bool,
        moves: bool,
        out: &mut LegalActions,
    ) {
        let Some(route) = self.lane_end(seat) else {
            return;
        };
        if builds {
            let sites = self.lane_sites_on(seat, &route);
            out.actions.reserve(sites.len());
            sites.for_each(|e| out.actions.push(Action::BuildShip(EdgeId(e as u16))));
        }
        if moves && let Some((from, sites)) = self.lane_move_sites_on(seat, &route) {
            for to in sites.iter() {
                out.actions.push(Action::MoveShip {
                    from,
                    to: EdgeId(to as u16),
                });
            }
        }
    }

    /// D-SC7-7: the last ship of the route may move to another lane edge at the route's end
    /// once it has left, under the usual limits (S-13): not placed this turn, not on a closed
    /// route, not beside the fleet, one move a turn. The ship that may move and where it may
    /// go.
    pub(crate) fn lane_move_sites(&self, seat: Seat) -> Option<(EdgeId, EdgeSet)> {
        if self.state.ship_moved {
            return None;
        }
        self.lane_move_sites_on(seat, &self.lane_end(seat)?)
    }

    /// `lane_move_sites` for `seat`'s route ending as `route` says, once no ship has moved
    /// this turn.
    fn lane_move_sites_on(&self, seat: Seat, route: &LaneEnd) -> Option<(EdgeId, EdgeSet)> {
        let last = route.last?;
        let i = last.index();
        if self.state.new_ships.contains(i)
            || self.closed_ships(seat).contains(i)
            || self.pirate_edges().contains(i)
        {
            return None;
        }
        let mut ships = self.state.player(seat).ships;
        ships.remove(i);
        let mut sites = self.lane_sites_from(seat, route.before, &ships);
        sites.remove(i);
        (!sites.is_empty()).then_some((last, sites))
    }

    pub(crate) fn check_lane_move(
        &self,
        seat: Seat,
        from: EdgeId,
        to: EdgeId,
    ) -> Result<(), RuleError> {
        match self.lane_move_sites(seat) {
            Some((last, sites)) if last == from && sites.contains(to.index()) => Ok(()),
            Some((last, _)) if last != from => Err(RuleError::refused(format!(
                "only the last ship of your route, on {}, may move",
                self.topology().edge(last)
            ))),
            _ => Err(RuleError::refused(format!(
                "{} is no place for that ship: it moves along your lane to the end of your route",
                self.topology().edge(to)
            ))),
        }
    }
}

/// `Game::closes_way_to_fortress` for one seat and many actions, over many turns: each answer
/// is kept while every road and ship on the board stays where it is.
#[derive(Clone, Debug, Default)]
pub struct WaysToFortress {
    /// The game and seat the answers are for, and the roads and ships they were found with.
    key: Option<WaysKey>,
    /// In the Pirate Islands, while the seat's fortress stands.
    on: bool,
    /// Ship sites found to leave a way on, and found not to.
    built: Answers,
    /// The same for moves of the ship on `moving`.
    moving: Cell<Option<EdgeId>>,
    moved: Answers,
}

#[derive(Clone, Debug)]
struct WaysKey {
    /// Held, so that no other game's rules take its address.
    game: Arc<crate::game::GameConfig>,
    seat: Seat,
    paved: EdgeSet,
    shipped: EdgeSet,
}

/// Edges found to leave a way on to the fortress, and found not to.
#[derive(Clone, Debug, Default)]
struct Answers {
    leads: Cell<EdgeSet>,
    dead: Cell<EdgeSet>,
}

impl Answers {
    fn leads(&self, edge: EdgeId, find: impl FnOnce() -> bool) -> bool {
        let i = edge.index();
        if self.leads.get().contains(i) {
            return true;
        }
        if self.dead.get().contains(i) {
            return false;
        }
        let found = find();
        let set = if found { &self.leads } else { &self.dead };
        let mut edges = set.get();
        edges.insert(i);
        set.set(edges);
        found
    }

    fn forget(&self) {
        self.leads.set(EdgeSet::new());
        self.dead.set(EdgeSet::new());
    }
}

impl WaysToFortress {
    /// Makes these the ways of `seat` in `game` as it is now: what no longer holds is
    /// forgotten.
    pub fn renew(&mut self, game: &Game, seat: Seat) {
        self.on = game.pirate_rules().is_some() && !game.fortress_conquered(seat);
        if !self.on {
            return;
        }
        let s = &game.state;
        let holds = self.key.as_ref().is_some_and(|k| {
            Arc::ptr_eq(&k.game, &game.config)
                && k.seat == seat
                && k.paved == s.paved
                && k.shipped == s.shipped
        });
        if holds {
            return;
        }
        self.key = Some(WaysKey {
            game: Arc::clone(&game.config),
            seat,
            paved: s.paved,
            shipped: s.shipped,
        });
        self.built.forget();
        self.moving.set(None);
        self.moved.forget();
    }

    /// Whether `action` is of a kind that may close a way to a fortress: a ship built or
    /// moved, or a road. `closes` is false for every other action.
    #[inline]
    pub fn may_close(action: &Action) -> bool {
        matches!(
            action,
            Action::BuildShip(_) | Action::MoveShip { .. } | Action::BuildRoad(_)
        )
    }

    /// `Game::closes_way_to_fortress`, for `game` as it was at the last `renew`.
    #[inline]
    pub fn closes(&self, game: &Game, action: &Action) -> bool {
        if !self.on || !Self::may_close(action) {
            return false;
        }
        let seat = self.key.as_ref().expect("renewed while on").seat;
        match *action {
            Action::BuildShip(e) => !self
                .built
                .leads(e, || game.lane_leads_to_fortress(seat, e, None)),
            Action::MoveShip { from, to } => {
                let find = || game.lane_leads_to_fortress(seat, to, Some(from));
                if self.moving.get().is_none() {
                    self.moving.set(Some(from));
                }
                if self.moving.get() == Some(from) {
                    !self.moved.leads(to, find)
                } else {
                    !find()
                }
            }
            Action::BuildRoad(e) => game.road_blocks_own_lane(seat, e),
            _ => false,
        }
    }
}
