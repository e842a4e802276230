//! Harbors placed by the players before setup: the New World (shared/rules/scenarios.md
//! SC9-3, decisions D-SC9-2 and D-SC5-2), and any map that lists `harbor_placement`
//! (docs/map-format.md).
//!
//! The tokens lie shuffled face down. From the first player on, in seat order and round
//! again, chance turns over the next token for the seat in turn (`TurnOverHarbor`, so a
//! record replays), and that seat places it (`PlaceHarbor`) on a coast edge, between a land
//! hex and a sea hex, where neither corner is a harbor corner already and the sea hex across
//! carries no harbor. When every token is placed, setup begins with the first player.
//!
//! Should a board have no such edge left (none of the New World's maps: the generator keeps
//! only those with room for all 9), the tokens still face down go back to the box and setup
//! begins; the sources are silent (docs/rules-coverage.md, "Harbors with no coast left").
//!
//! Hooks: `Game::new` (the phase begins), and the two actions of the phase.

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::map::HarborKind;
use crate::state::{HarborTokens, Phase, Seat};
use crate::topology::{EdgeId, EdgeSet, HexId, HexSet, Topology};

/// The coast edges of the board where a token may ever go, each with its sea hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarborPlacementRules {
    pub coast: Vec<(EdgeId, HexId)>,
}

impl HarborPlacementRules {
    /// The module, when the board has tokens for the players to place.
    pub(crate) fn of(t: &Topology) -> Option<HarborPlacementRules> {
        if t.board.harbor_tokens.is_empty() {
            return None;
        }
        let coast = t
            .edge_ids()
            .filter_map(|e| {
                let mut land = false;
                let mut sea = None;
                for h in t.edge_hexes(e) {
                    if t.land_hexes.contains(h.index()) {
                        land = true;
                    } else if t.sea_hexes.contains(h.index()) {
                        sea = Some(h);
                    }
                }
                Some((e, sea.filter(|_| land)?))
            })
            .collect();
        Some(HarborPlacementRules { coast })
    }
}

/// The tokens of a board, face down, counted by type.
pub(crate) fn face_down(tokens: &[HarborKind]) -> HarborTokens {
    let mut out = HarborTokens::default();
    for t in tokens {
        out.face_down[t.index()] = out.face_down[t.index()].saturating_add(1);
    }
    out
}

/// Why an edge takes no harbor token (SC9-3), in a player's words.
enum Refusal {
    NotCoast,
    HarborCorner(crate::topology::CornerId),
    SeaHasHarbor(HexId),
}

impl Game {
    pub(crate) fn harbor_placement_rules(&self) -> Option<&HarborPlacementRules> {
        self.config.rules.harbor_placement.as_deref()
    }

    /// The sea hexes that carry a harbor.
    fn harbored_seas(&self) -> HexSet {
        let t = self.topology();
        let mut seas = HexSet::new();
        for h in &t.board.harbors {
            if let Some(e) = t.edge_id(h.edge) {
                for x in t.edge_hexes(e) {
                    if t.sea_hexes.contains(x.index()) {
                        seas.insert(x.index());
                    }
                }
            }
        }
        seas
    }

    /// Whether a token may go on `edge` now (SC9-3, D-SC5-2).
    fn harbor_site_refusal(&self, edge: EdgeId, harbored: &HexSet) -> Result<(), Refusal> {
        let Some(&(_, sea)) = self
            .harbor_placement_rules()
            .and_then(|r| r.coast.iter().find(|(e, _)| *e == edge))
        else {
            return Err(Refusal::NotCoast);
        };
        self.coast_site_refusal(edge, sea, harbored)
    }

    /// `harbor_site_refusal` for a coast edge, whose sea hex is `sea`.
    fn coast_site_refusal(
        &self,
        edge: EdgeId,
        sea: HexId,
        harbored: &HexSet,
    ) -> Result<(), Refusal> {
        let t = self.topology();
        if let Some(&c) = t
            .edge_corners(edge)
            .iter()
            .find(|&&c| t.corner_harbor(c) != 0)
        {
            return Err(Refusal::HarborCorner(c));
        }
        if harbored.contains(sea.index()) {
            return Err(Refusal::SeaHasHarbor(sea));
        }
        Ok(())
    }

    /// The coast edges where a harbor token may go now (SC9-3).
    pub fn harbor_sites(&self) -> EdgeSet {
        let mut sites = EdgeSet::new();
        let Some(rules) = self.harbor_placement_rules() else {
            return sites;
        };
        let harbored = self.harbored_seas();
        // Each coast edge with its sea hex, as the rules list them: no search for the sea.
        for &(e, sea) in &rules.coast {
            if self.coast_site_refusal(e, sea, &harbored).is_ok() {
                sites.insert(e.index());
            }
        }
        sites
    }

    /// The next token is turned over for `seat`, or, with none left or no edge to take
    /// one, setup begins with the first player (SC9-3: "this happens before the setup
    /// settlements").
    pub(crate) fn next_harbor_token(&mut self, seat: Seat, sink: &mut impl EventSink) {
        let left = self.state.harbor_tokens.left();
        if left > 0 && self.harbor_sites().is_empty() {
            self.state.harbor_tokens = HarborTokens::default();
            if sink.wanted() {
                sink.push(Event::HarborsSetAside { count: left });
            }
        }
        if self.state.harbor_tokens.left() == 0 {
            self.state.active = self.state.first;
            self.state.phase = Phase::SetupSettlement;
            return;
        }
        self.state.active = seat;
        self.state.phase = Phase::DrawingHarbor;
    }

    /// Chance turns over `kind` for the seat in turn.
    pub(crate) fn apply_turn_over_harbor(
        &mut self,
        kind: HarborKind,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let tokens = &mut self.state.harbor_tokens;
        let n = &mut tokens.face_down[kind.index()];
        if *n == 0 {
            return Err(RuleError::refused(format!(
                "no {kind} harbor token is left face down"
            )));
        }
        *n -= 1;
        tokens.in_hand = Some(kind);
        self.state.phase = Phase::PlacingHarbor;
        if sink.wanted() {
            sink.push(Event::HarborTurnedOver {
                seat: self.state.active,
                harbor: kind,
            });
        }
        Ok(())
    }

    /// Every coast edge the token in hand may go on.
    pub(crate) fn legal_harbor_placements(&self, out: &mut LegalActions) {
        if self.state.harbor_tokens.in_hand.is_none() {
            return;
        }
        out.push_each(&self.harbor_sites(), |e| {
            Action::PlaceHarbor(EdgeId(e as u16))
        });
    }

    pub(crate) fn apply_place_harbor(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let t = self.topology();
        self.check_edge_on_board(edge)?;
        let Some(kind) = self.state.harbor_tokens.in_hand else {
            return Err(RuleError::refused(
                "you hold no harbor token: chance turns the next one over first",
            ));
        };
        let text = t.edge(edge);
        match self.harbor_site_refusal(edge, &self.harbored_seas()) {
            Ok(()) => {}
            Err(Refusal::NotCoast) => {
                return Err(RuleError::refused(format!(
                    "{text} is not a coast edge: a harbor goes between a land hex and a sea hex"
                )));
            }
            Err(Refusal::HarborCorner(c)) => {
                return Err(RuleError::refused(format!(
                    "{text} touches {}, already a harbor corner: neither corner of a harbor may be another's",
                    t.corner(c)
                )));
            }
            Err(Refusal::SeaHasHarbor(sea)) => {
                return Err(RuleError::refused(format!(
                    "the sea hex {} across {text} already has a harbor",
                    t.hex(sea)
                )));
            }
        }
        std::sync::Arc::make_mut(&mut self.config)
            .topology
            .add_harbor(edge, kind);
        self.state.harbor_tokens.in_hand = None;
        if sink.wanted() {
            sink.push(Event::HarborPlaced {
                seat,
                edge: text,
                harbor: kind,
            });
        }
        // The next seat in seat order draws the next token (SC9-3: "going clockwise").
        let next = self.state.next_seat(seat);
        self.next_harbor_token(next, sink);
        Ok(())
    }
}
