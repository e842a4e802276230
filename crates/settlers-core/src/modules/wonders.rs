//! The Wonders of Catan (shared/rules/scenarios.md SC8-2, SC8-3, SC8-6, SC8-8, SC8-10;
//! decisions D-SC8-2, D-SC8-4): the marked corners where no starting settlement stands, the
//! five wonders a player claims with a ship and builds in four paid stages, and the two ways
//! to win. Hooks: the setup sites (ruleset.rs), the trade-and-build step's legal actions, and
//! the victory check. The map's `extras` names the marked corners; the requirements and
//! costs are the table of SC8-6.

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::Resources;
use crate::state::{Seat, WONDER_STAGES, Wonder};
use crate::topology::{CornerId, CornerSet, Topology};
use serde_json::Value;

/// The marked corners of the map (SC8-2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WonderRules {
    /// Great Wall sites, at the desert's edge.
    pub wall_sites: CornerSet,
    /// Great Bridge sites, at the strait.
    pub bridge_sites: CornerSet,
    /// Corners marked for no starting settlement.
    pub no_setup: CornerSet,
}

/// The stages of a wonder cost this much each (SC8-6; the Cathedral's is D-SC8-2's).
pub const fn stage_cost(wonder: Wonder) -> Resources {
    // Resources::new(brick, lumber, wool, grain, ore)
    match wonder {
        Wonder::Theater => Resources::new(1, 1, 3, 0, 0),
        Wonder::GreatBridge => Resources::new(0, 3, 1, 1, 0),
        Wonder::Monument => Resources::new(0, 0, 0, 3, 2),
        Wonder::GreatWall => Resources::new(3, 1, 0, 1, 0),
        Wonder::Cathedral => Resources::new(1, 0, 0, 1, 3),
    }
}

/// The Cathedral wants this many points, Victory Point cards included (SC8-6).
pub const CATHEDRAL_POINTS: u8 = 6;
/// The Monument wants a trade route at least this long (SC8-6, S-16).
pub const MONUMENT_ROUTE: u8 = 5;

impl WonderRules {
    /// The wonders module, when the map lists wonders (`extras.wonders`).
    pub(crate) fn of(t: &Topology) -> Option<WonderRules> {
        let extras = t.board.other.get("extras")?;
        extras.get("wonders")?;
        let corners = |name: &str| {
            let mut set = CornerSet::new();
            for c in extras
                .get(name)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(id) = c.as_str().and_then(|c| t.corner_id(c.parse().ok()?)) {
                    set.insert(id.index());
                }
            }
            set
        };
        Some(WonderRules {
            wall_sites: corners("great_wall_sites"),
            bridge_sites: corners("great_bridge_sites"),
            no_setup: corners("no_setup_corners"),
        })
    }

    /// Every marked corner: no starting settlement goes there (SC8-3).
    pub fn marked(&self) -> CornerSet {
        self.wall_sites
            .union(&self.bridge_sites)
            .union(&self.no_setup)
    }
}

impl Game {
    /// No starting settlement on a marked corner (SC8-3).
    pub(crate) fn check_wonder_setup_site(&self, corner: CornerId) -> Result<(), RuleError> {
        if let Some(w) = self.config.rules.wonders.as_deref()
            && w.marked().contains(corner.index())
        {
            return Err(RuleError::refused(format!(
                "{} is a marked corner (a Great Wall or Great Bridge site, or no-setup): no starting settlement there",
                self.topology().corner(corner)
            )));
        }
        Ok(())
    }

    /// The wonder `seat` has claimed (SC8-6).
    pub fn wonder_of(&self, seat: Seat) -> Option<Wonder> {
        self.config.rules.wonders.as_ref()?;
        self.state.wonders.of(seat)
    }

    /// The stages `seat` has built of its wonder.
    pub fn wonder_stages(&self, seat: Seat) -> u8 {
        self.state.wonders.stages[seat.index()]
    }

    /// Whether `seat` meets the requirement of `wonder` now (SC8-6): to claim it, and to
    /// build each stage. Points include Victory Point cards in hand.
    pub fn meets_wonder_requirement(&self, seat: Seat, wonder: Wonder) -> bool {
        let Some(rules) = self.config.rules.wonders.as_deref() else {
            return false;
        };
        let p = self.state.player(seat);
        match wonder {
            Wonder::Theater => p.cities.len() >= 2,
            Wonder::GreatBridge => p.buildings().intersects(&rules.bridge_sites),
            Wonder::Monument => {
                let t = self.topology();
                // The harbour city first: the route may need working out.
                p.cities
                    .iter()
                    .any(|c| t.corner_harbor(CornerId(c as u16)) != 0)
                    && self.route_at_least(seat, MONUMENT_ROUTE)
            }
            Wonder::GreatWall => p.buildings().intersects(&rules.wall_sites),
            Wonder::Cathedral => {
                !p.cities.is_empty() && self.victory_points(seat) >= CATHEDRAL_POINTS
            }
        }
    }

    /// Whether `seat` could meet any wonder's requirement (`meets_wonder_requirement`): each
    /// asks for a city but the Great Bridge's and the Great Wall's, which ask for a building
    /// on their sites. Most turns of a game are played before a seat has either.
    fn may_meet_a_requirement(&self, seat: Seat) -> bool {
        let Some(rules) = self.config.rules.wonders.as_deref() else {
            return false;
        };
        let p = self.state.player(seat);
        let may = !p.cities.is_empty()
            || p.settlements.intersects(&rules.bridge_sites)
            || p.settlements.intersects(&rules.wall_sites);
        debug_assert!(
            may || !Wonder::ALL
                .iter()
                .any(|&w| self.meets_wonder_requirement(seat, w))
        );
        may
    }

    /// The trade-and-build step's wonder actions (SC8-6): a claim while holding none, or
    /// the next stage of one's own.
    pub(crate) fn legal_wonder_actions(&self, seat: Seat, out: &mut LegalActions) {
        // A claim and a stage alike want a wonder's requirement met: most of a game, a seat
        // meets none, and that is told before its wonder is looked up.
        if !self.may_meet_a_requirement(seat) {
            return;
        }
        let s = &self.state;
        match s.wonders.of(seat) {
            None => {
                if s.player(seat).ships_left() == 0 {
                    return;
                }
                for (i, w) in Wonder::ALL.into_iter().enumerate() {
                    if s.wonders.owner[i].is_none() && self.meets_wonder_requirement(seat, w) {
                        out.actions.push(Action::ClaimWonder(w));
                    }
                }
            }
            Some(w) => {
                if s.wonders.stages[seat.index()] < WONDER_STAGES
                    && s.player(seat).hand.covers(&stage_cost(w))
                    && self.meets_wonder_requirement(seat, w)
                {
                    out.actions.push(Action::BuildWonderStage);
                }
            }
        }
    }

    fn check_wonders_on(&self) -> Result<(), RuleError> {
        match self.config.rules.wonders {
            Some(_) => Ok(()),
            None => Err(RuleError::refused("this game has no wonders")),
        }
    }

    /// SC8-6, D-SC8-4: a ship from stock goes onto the wonder and leaves play; nothing else
    /// is paid.
    pub(crate) fn apply_claim_wonder(
        &mut self,
        seat: Seat,
        wonder: Wonder,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_wonders_on()?;
        let s = &self.state;
        if let Some(own) = s.wonders.of(seat) {
            return Err(RuleError::refused(format!(
                "you have already claimed the {}: a player claims one wonder",
                own.title()
            )));
        }
        if let Some(owner) = s.wonders.owner[wonder.index()] {
            return Err(RuleError::refused(format!(
                "the {} belongs to {owner} already",
                wonder.title()
            )));
        }
        if !self.meets_wonder_requirement(seat, wonder) {
            return Err(RuleError::refused(format!(
                "you do not meet the {}'s requirement: {}",
                wonder.title(),
                requirement(wonder)
            )));
        }
        if s.player(seat).ships_left() == 0 {
            return Err(RuleError::refused(
                "you have no ship left in stock to claim a wonder with",
            ));
        }
        let s = &mut self.state;
        s.wonders.owner[wonder.index()] = Some(seat);
        s.player_mut(seat).ships_retired += 1;
        if sink.wanted() {
            sink.push(Event::WonderClaimed { seat, wonder });
        }
        Ok(())
    }

    /// SC8-6: pay one stage's cost while meeting the requirement; up to the 4th.
    pub(crate) fn apply_build_wonder_stage(
        &mut self,
        seat: Seat,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_wonders_on()?;
        let Some(wonder) = self.state.wonders.of(seat) else {
            return Err(RuleError::refused(
                "claim a wonder before you build a stage of it",
            ));
        };
        let built = self.state.wonders.stages[seat.index()];
        if built >= WONDER_STAGES {
            return Err(RuleError::refused(format!(
                "your {} has all its {WONDER_STAGES} stages",
                wonder.title()
            )));
        }
        if !self.meets_wonder_requirement(seat, wonder) {
            return Err(RuleError::refused(format!(
                "you no longer meet the {}'s requirement ({}): regain it before you build",
                wonder.title(),
                requirement(wonder)
            )));
        }
        let price = stage_cost(wonder);
        self.check_cost(seat, &format!("a stage of the {}", wonder.title()), price)?;
        self.pay(seat, &price);
        self.state.wonders.stages[seat.index()] = built + 1;
        if sink.wanted() {
            sink.push(Event::WonderStageBuilt {
                seat,
                wonder,
                stage: built + 1,
            });
        }
        Ok(())
    }

    /// Whether `seat` has built every stage of its wonder (SC8-8).
    #[inline]
    pub(crate) fn wonder_finished(&self, seat: Seat) -> bool {
        self.config.rules.wonders.is_some()
            && self.state.wonders.stages[seat.index()] >= WONDER_STAGES
    }

    /// SC8-8: the active seat wins with its wonder's 4th stage, or with the target (10) and
    /// strictly more stages than every other player.
    pub(crate) fn wonder_victory(&self, seat: Seat, points: u8) -> bool {
        if self.wonder_finished(seat) {
            return true;
        }
        let stages = &self.state.wonders.stages;
        let mine = stages[seat.index()];
        points >= self.state.victory_points
            && self
                .state
                .seat_ids()
                .all(|other| other == seat || stages[other.index()] < mine)
    }
}

/// A wonder's requirement in words (SC8-6).
pub fn requirement(wonder: Wonder) -> &'static str {
    match wonder {
        Wonder::Theater => "2 cities",
        Wonder::GreatBridge => "a settlement or city on a Great Bridge site",
        Wonder::Monument => "a city on a harbor corner and a trade route of 5 or more",
        Wonder::GreatWall => "a settlement or city on a Great Wall site",
        Wonder::Cathedral => "a city and at least 6 victory points",
    }
}
