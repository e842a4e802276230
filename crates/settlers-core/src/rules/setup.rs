//! Setup (base.md B-22 to B-24): snake order, a settlement and a road each round, starting
//! resources from the second settlement.

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::Resources;
use crate::state::{Phase, Seat};
use crate::topology::{CornerId, EdgeId};

/// The seat placing the `step`-th starting settlement of `seats`, `first` starting.
pub(crate) fn snake_seat(first: Seat, seats: u8, step: u8) -> Seat {
    let offset = if step < seats {
        step
    } else {
        2 * seats - 1 - step
    };
    Seat((first.0 + offset) % seats)
}

impl Game {
    /// The seat placing the `step`-th starting settlement: seat order, then reversed (B-22).
    pub(crate) fn setup_seat(&self, step: u8) -> Seat {
        snake_seat(self.state.first, self.state.seats, step)
    }

    pub(crate) fn legal_setup_settlements(&self, out: &mut LegalActions) {
        let free = self.topology().land_corners.difference(&self.state.crowded);
        out.actions.extend(
            free.iter()
                .map(|c| Action::BuildSettlement(CornerId(c as u16))),
        );
    }

    pub(crate) fn legal_setup_roads(&self, settlement: CornerId, out: &mut LegalActions) {
        let t = self.topology();
        for e in t.corner_edges(settlement) {
            if t.road_edges.contains(e.index()) && !self.state.paved.contains(e.index()) {
                out.actions.push(Action::BuildRoad(e));
            }
        }
    }

    pub(crate) fn apply_setup_settlement(
        &mut self,
        seat: Seat,
        corner: CornerId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_settlement_site(corner)?;
        self.place_settlement(seat, corner, sink);
        // B-24: the second settlement yields one card per producing hex (D-B-4: robber or not).
        if self.state.setup_step >= self.state.seats {
            let t = &self.config.topology;
            let mut gain = Resources::EMPTY;
            for h in t.corner_hexes(corner) {
                if let Some(r) = t.resource(h)
                    && self.state.bank.get(r) > gain.get(r)
                {
                    *gain.get_mut(r) += 1;
                }
            }
            self.state.bank.subtract(&gain);
            self.state.player_mut(seat).hand.add(&gain);
            if sink.wanted() {
                sink.push(Event::StartingResources {
                    seat,
                    resources: gain,
                });
            }
        }
        self.state.phase = Phase::SetupRoad { settlement: corner };
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
        if !self.topology().edge_corners(edge).contains(&settlement) {
            return Err(RuleError::SetupRoadAway {
                settlement: self.topology().corner(settlement).to_string(),
            });
        }
        self.place_road(seat, edge, sink);
        self.state.setup_step += 1;
        if self.state.setup_step == 2 * self.state.seats {
            self.state.active = self.state.first;
            self.start_turn(sink);
        } else {
            self.state.active = self.setup_seat(self.state.setup_step);
            self.state.phase = Phase::SetupSettlement;
        }
        Ok(())
    }
}
