//! Setup (base.md B-22 to B-24): snake order, a settlement and a road each round, starting
//! resources from the second settlement. Seafarers: a ship may replace the road (S-20),
//! a map may limit where starting settlements stand (SC1-3), gold gives picks (D-S-5).

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::Resources;
use crate::state::{Phase, Seat};
use crate::topology::{CornerId, CornerSet, EdgeId};

/// The seat placing the `step`-th starting settlement of `seats`, `first` starting: seat
/// order, then reversed (B-22); a third round goes in seat order again, from the player who
/// placed last in round 2, which is `first` (SC6-3).
pub(crate) fn snake_seat(first: Seat, seats: u8, step: u8) -> Seat {
    let offset = if step < seats {
        step
    } else if step < 2 * seats {
        2 * seats - 1 - step
    } else {
        step - 2 * seats
    };
    Seat((first.0 + offset) % seats)
}

impl Game {
    /// The seat placing the `step`-th starting settlement.
    pub(crate) fn setup_seat(&self, step: u8) -> Seat {
        snake_seat(self.state.first, self.state.playing(), step)
    }

    /// Land corners free of the distance rule, and inside the map's setup areas.
    fn setup_sites(&self) -> crate::topology::CornerSet {
        let free = self.topology().land_corners.difference(&self.state.crowded);
        match &self.config.rules.setup_corners {
            Some(allowed) => free.intersection(allowed),
            None => free,
        }
    }

    /// Where the active seat may put its starting settlement.
    fn setup_settlement_sites(&self) -> CornerSet {
        let free = self.setup_sites();
        match self.pirate_forbidden_corners(self.state.active) {
            Some(no) => free.difference(no),
            None => free,
        }
    }

    pub(crate) fn legal_setup_settlements(&self, out: &mut LegalActions) {
        out.push_each(&self.setup_settlement_sites(), |c| {
            Action::BuildSettlement(CornerId(c as u16))
        });
    }

    /// The edges at `settlement` where the active seat may put its starting road.
    fn setup_road_sites(&self, settlement: CornerId) -> impl Iterator<Item = EdgeId> + '_ {
        let t = self.topology();
        let taken = self.state.paved.union(&self.state.shipped);
        let no_roads = self.pirate_forbidden_roads(self.state.active);
        t.corner_edges(settlement).filter(move |e| {
            t.road_edges.contains(e.index())
                && !taken.contains(e.index())
                && !no_roads.is_some_and(|no| no.contains(e.index()))
        })
    }

    /// Whether a starting ship may take the place of the road (S-20).
    fn setup_ships_allowed(&self) -> bool {
        self.config.rules.ships && self.config.rules.setup_ships
    }

    pub(crate) fn legal_setup_roads(&self, settlement: CornerId, out: &mut LegalActions) {
        out.actions
            .extend(self.setup_road_sites(settlement).map(Action::BuildRoad));
        if self.setup_ships_allowed() {
            self.legal_setup_ships(settlement, out);
        }
    }

    pub(crate) fn apply_setup_settlement(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_settlement_site(corner)?;
        // The modules' hook (modules/hooks.rs).
        self.check_module_setup_site(seat, corner)?;
        if !self.setup_sites().contains(corner.index()) {
            return Err(RuleError::refused(format!(
                "starting settlements go on the islands this scenario names, and {} is not there",
                self.topology().corner(corner)
            )));
        }
        self.place_settlement(seat, corner, sink);
        // The modules' hook (modules/hooks.rs).
        self.after_setup_settlement(seat, corner, sink);
        self.state.phase = Phase::SetupRoad { settlement: corner };
        // B-24: the second settlement yields one card per producing hex (D-B-4: robber or not);
        // land without a number never produces (S-2); a gold field gives a pick (D-S-5).
        // With three, the third does (D-SC6-3).
        let last_round = self.config.rules.setup_rounds - 1;
        if self.state.setup_step >= last_round * self.state.playing() {
            let t = &self.config.topology;
            let mut gain = Resources::EMPTY;
            for h in t.corner_hexes(corner) {
                if t.number(h).is_none() {
                    continue;
                }
                if t.terrain(h) == crate::Terrain::Gold {
                    self.state.players[seat.index()].gold_owed += 1;
                }
                if let Some(r) = t.resource(h)
                    && self.state.bank.get(r) > gain.get(r)
                {
                    *gain.get_mut(r) += 1;
                }
            }
            self.take_from_bank(seat, &gain);
            if sink.wanted() {
                sink.push(Event::StartingResources {
                    seat,
                    resources: gain,
                });
            }
            // The gold picks come now, before the road (D-S-5).
            self.state.resume = self.state.phase;
            self.start_gold_picks(sink);
        }
        Ok(())
    }

    pub(crate) fn apply_setup_road(
        &mut self,
        seat: Seat,
        settlement: CornerId,
        edge: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_road_site(edge)?;
        self.check_pirate_road(seat, edge)?;
        if !self.topology().edge_corners(edge).contains(&settlement) {
            return Err(RuleError::SetupRoadAway {
                settlement: self.topology().corner(settlement).to_string(),
            });
        }
        self.place_road(seat, edge, sink);
        self.setup_piece_placed(seat, edge, sink);
        Ok(())
    }

    /// After the road or ship of a starting settlement: the next seat places, or the first
    /// turn begins; first, the fog the piece reached is revealed.
    pub(crate) fn setup_piece_placed(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        sink: &mut impl EventSink,
    ) {
        self.next_setup_step(sink);
        self.discover(seat, edge);
    }

    fn next_setup_step(&mut self, sink: &mut impl EventSink) {
        self.state.setup_step += 1;
        if self.state.setup_step == self.config.rules.setup_rounds * self.state.playing() {
            self.state.active = self.state.first;
            self.start_turn(sink);
        } else {
            self.state.active = self.setup_seat(self.state.setup_step);
            self.state.phase = Phase::SetupSettlement;
        }
    }

    /// The rules assume a board with room for every starting piece; a small map of one's own
    /// may have none left for a seat: the distance rule may have taken every corner, or
    /// others' roads every edge at its new settlement. Rather than wait for good on a seat
    /// that may do nothing, the engine passes over that placement, with its road (the
    /// sources are silent; docs/rules-coverage.md, "Setup with no place left").
    // Out of line: asked after every action of setup only, it would otherwise weigh on the
    // entry of `apply_with` at every step of a game.
    #[cold]
    #[inline(never)]
    pub(crate) fn pass_setup_places_left_empty(&mut self, sink: &mut impl EventSink) {
        loop {
            let (piece, placeable) = match self.state.phase {
                Phase::SetupSettlement => ("settlement", !self.setup_settlement_sites().is_empty()),
                Phase::SetupRoad { settlement } => (
                    "road",
                    self.setup_road_sites(settlement).next().is_some()
                        || (self.setup_ships_allowed()
                            && self.setup_ship_sites(settlement).next().is_some()),
                ),
                _ => return,
            };
            if placeable {
                return;
            }
            if sink.wanted() {
                sink.push(Event::NoPlaceInSetup {
                    seat: self.state.active,
                    piece,
                });
            }
            self.next_setup_step(sink);
        }
    }
}
