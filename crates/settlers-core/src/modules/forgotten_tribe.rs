//! The Forgotten Tribe's gifts (shared/rules/scenarios.md SC5-5 to SC5-7, SC5-9; decisions
//! D-SC5-1, D-SC5-2, D-SC5-4): the first ship on a gift edge takes its gift, a special
//! victory point, a face-down development card or a harbor token that must be placed as
//! soon as a site is open. The map's `extras.gifts` names the edges; the harbor tokens were
//! dealt face up when the board was laid out (`gift_harbors`, map/layout.rs).
//!
//! The four face-down cards are drawn by chance when claimed, from the cards nobody has
//! seen (the deck and the gifts still lying out): nobody, the engine included, knows them
//! before, which is what SC5-9 asks, and each is as likely as if dealt at setup.
//!
//! Hooks: after a ship is built or moved (`gift_reached`), and after every action (a
//! waiting harbor token whose site has opened, `gift_harbors_due`).

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::map::HarborKind;
use crate::resources::DevelopmentCard;
use crate::state::{MAX_GIFTS, Phase, Seat};
use crate::topology::{CornerId, EdgeId, EdgeSet, HexSet, Topology};
use serde_json::Value;

/// What lies on a gift edge (SC5-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GiftKind {
    /// A Catan chit: 1 special victory point.
    SpecialVp,
    /// One face-down development card.
    DevelopmentCard,
    /// A harbor token, face up.
    Harbor(HarborKind),
}

impl GiftKind {
    /// The gift's name in records and views.
    pub fn name(self) -> &'static str {
        match self {
            GiftKind::SpecialVp => "special_vp",
            GiftKind::DevelopmentCard => "development_card",
            GiftKind::Harbor(_) => "harbor",
        }
    }
}

/// A gift edge and what lies there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gift {
    pub edge: EdgeId,
    pub kind: GiftKind,
}

/// The gifts of the map, in the order of `extras.gifts` (special victory points, then
/// development cards, then harbors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TribeRules {
    pub gifts: Vec<Gift>,
    /// Every gift edge, for the check after each ship.
    pub gift_edges: EdgeSet,
}

impl TribeRules {
    /// The gifts module, when the map lists gifts (`extras.gifts`).
    pub(crate) fn of(t: &Topology) -> Option<TribeRules> {
        let other = &t.board.other;
        let gifts = other.get("extras")?.get("gifts")?;
        let dealt: Vec<(String, HarborKind)> = t
            .board
            .dealt
            .get(crate::map::GIFT_HARBORS)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|g| {
                let edge = g.get("edge")?.as_str()?.to_string();
                let kind = HarborKind::parse(g.get("type")?.as_str()?)?;
                Some((edge, kind))
            })
            .collect();
        let edges = |name: &str| -> Vec<EdgeId> {
            gifts
                .get(name)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|g| t.edge_id(g.get("edge")?.as_str()?.parse().ok()?))
                .collect()
        };
        let mut out = Vec::new();
        for edge in edges("special_vp") {
            out.push(Gift {
                edge,
                kind: GiftKind::SpecialVp,
            });
        }
        for edge in edges("development_card") {
            out.push(Gift {
                edge,
                kind: GiftKind::DevelopmentCard,
            });
        }
        for edge in edges("harbor") {
            let text = t.edge(edge).to_string();
            // The token dealt to this edge; a board laid out by another program may name
            // the edge in another of its forms, so compare edges, not text.
            let kind = dealt
                .iter()
                .find(|(e, _)| {
                    e.parse::<crate::geometry::Edge>()
                        .is_ok_and(|e| t.edge_id(e) == Some(edge))
                        || *e == text
                })
                .map_or(HarborKind::Generic, |(_, k)| *k);
            out.push(Gift {
                edge,
                kind: GiftKind::Harbor(kind),
            });
        }
        out.truncate(MAX_GIFTS);
        let mut gift_edges = EdgeSet::new();
        for g in &out {
            gift_edges.insert(g.edge.index());
        }
        Some(TribeRules {
            gifts: out,
            gift_edges,
        })
    }

    /// The gift on an edge, by index.
    pub fn gift_at(&self, edge: EdgeId) -> Option<usize> {
        self.gifts.iter().position(|g| g.edge == edge)
    }
}

impl Game {
    pub(crate) fn tribe_rules(&self) -> Option<&crate::modules::forgotten_tribe::TribeRules> {
        self.config.rules.forgotten_tribe.as_deref()
    }

    /// Development cards still lying face down on gift edges (SC5-6).
    pub fn face_down_gift_cards(&self) -> u32 {
        let Some(rules) = self.tribe_rules() else {
            return 0;
        };
        rules
            .gifts
            .iter()
            .enumerate()
            .filter(|(i, g)| {
                g.kind == GiftKind::DevelopmentCard && self.state.gifts.taken_by[*i].is_none()
            })
            .count() as u32
    }

    /// The development cards left to buy: the deck less the face-down gifts (SC5-6: "the
    /// deck now has 21 cards").
    pub fn development_deck_size(&self) -> u32 {
        self.state
            .deck
            .total()
            .saturating_sub(self.face_down_gift_cards())
    }

    /// After `seat`'s ship arrived on `edge`, built, placed by Road Building or moved
    /// (SC5-7, D-SC5-1): the first ship there takes the gift, for good.
    pub(crate) fn gift_reached(&mut self, seat: Seat, edge: EdgeId, sink: &mut impl EventSink) {
        let Some(rules) = self.config.rules.forgotten_tribe.as_deref() else {
            return;
        };
        if !rules.gift_edges.contains(edge.index()) {
            return;
        }
        let Some(i) = rules.gift_at(edge) else {
            return;
        };
        let s = &mut self.state;
        if s.gifts.taken_by[i].is_some() {
            return;
        }
        s.gifts.taken_by[i] = Some(seat);
        let kind = rules.gifts[i].kind;
        match kind {
            GiftKind::SpecialVp => s.player_mut(seat).special_vp += 1,
            GiftKind::DevelopmentCard => {
                s.resume = s.phase;
                s.phase = Phase::DrawingGift;
            }
            GiftKind::Harbor(_) => s.gifts.waiting[seat.index()] |= 1 << i,
        }
        if sink.wanted() {
            sink.push(Event::GiftTaken {
                seat,
                edge: self.topology().edge(edge),
                gift: kind.name(),
                harbor: match kind {
                    GiftKind::Harbor(k) => Some(k),
                    _ => None,
                },
            });
        }
    }

    /// Chance turns over the claimed card; it joins the claimer's cards bought this turn
    /// (D-SC5-4).
    pub(crate) fn apply_gift_card(
        &mut self,
        card: DevelopmentCard,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let seat = self.deal_new_card(card).ok_or_else(|| {
            RuleError::refused(format!(
                "no unseen {} card is left to lie on a gift edge",
                card.title()
            ))
        })?;
        if sink.wanted() {
            sink.push(Event::GiftCardTaken {
                seat,
                card: Some(card),
            });
        }
        self.resume(sink);
        Ok(())
    }

    /// D-SC5-2: the coast edges where `seat` may place a gift harbor now: a corner holds its
    /// settlement or city, neither corner is a harbor's, and the sea hex across (if any)
    /// carries no harbor.
    pub fn gift_harbor_sites(&self, seat: Seat) -> EdgeSet {
        let t = self.topology();
        let mut sites = EdgeSet::new();
        let coast = t.road_edges.intersection(&t.ship_edges);
        let mut harbored_sea = HexSet::new();
        for h in &t.board.harbors {
            if let Some(e) = t.edge_id(h.edge) {
                for x in t.edge_hexes(e) {
                    if t.sea_hexes.contains(x.index()) {
                        harbored_sea.insert(x.index());
                    }
                }
            }
        }
        for c in self.state.player(seat).buildings().iter() {
            for e in t.corner_edges(CornerId(c as u16)) {
                if !coast.contains(e.index())
                    || t.edge_corners(e).iter().any(|&c| t.corner_harbor(c) != 0)
                    || t.edge_hexes(e).any(|x| harbored_sea.contains(x.index()))
                {
                    continue;
                }
                sites.insert(e.index());
            }
        }
        sites
    }

    /// After every action: the active seat places a waiting token at once when a site is
    /// open (SC5-7), before anything else.
    pub(crate) fn gift_harbors_due(&mut self) {
        if self.config.rules.forgotten_tribe.is_none() {
            return;
        }
        let s = &self.state;
        if s.gifts.waiting[s.active.index()] == 0
            || !matches!(
                s.phase,
                Phase::Main | Phase::BeforeRoll | Phase::BuildingRoads { .. }
            )
            || self.gift_harbor_sites(s.active).is_empty()
        {
            return;
        }
        self.state.resume = self.state.phase;
        self.state.phase = Phase::PlacingGiftHarbor;
    }

    /// Each waiting token, by type, on each open site.
    pub(crate) fn legal_gift_harbors(&self, seat: Seat, out: &mut LegalActions) {
        let Some(rules) = self.tribe_rules() else {
            return;
        };
        let sites = self.gift_harbor_sites(seat);
        let waiting = self.state.gifts.waiting[seat.index()];
        let mut kinds: u8 = 0;
        for (i, g) in rules.gifts.iter().enumerate() {
            if let GiftKind::Harbor(kind) = g.kind
                && waiting >> i & 1 == 1
                && kinds & kind.bit() == 0
            {
                kinds |= kind.bit();
                out.actions
                    .extend(sites.iter().map(|e| Action::PlaceGiftHarbor {
                        edge: EdgeId(e as u16),
                        kind,
                    }));
            }
        }
    }

    pub(crate) fn apply_place_gift_harbor(
        &mut self,
        seat: Seat,
        edge: EdgeId,
        kind: HarborKind,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let Some(rules) = self.config.rules.forgotten_tribe.as_deref() else {
            return Err(RuleError::refused("this game has no gift harbors"));
        };
        let t = &self.config.topology;
        self.check_edge_on_board(edge)?;
        let waiting = self.state.gifts.waiting[seat.index()];
        let Some(i) = rules
            .gifts
            .iter()
            .enumerate()
            .position(|(i, g)| g.kind == GiftKind::Harbor(kind) && waiting >> i & 1 == 1)
        else {
            return Err(RuleError::refused(format!(
                "you hold no {kind} harbor token to place"
            )));
        };
        if !self.gift_harbor_sites(seat).contains(edge.index()) {
            return Err(RuleError::refused(format!(
                "{} is no site for a harbor: it must be a coast edge at your settlement or city, \
                 touch no harbor, and face a sea hex without one",
                t.edge(edge)
            )));
        }
        let config = std::sync::Arc::make_mut(&mut self.config);
        config.topology.add_harbor(edge, kind);
        let t = &self.config.topology;
        // Whoever has a building on its corners trades there at once (SC5-7).
        for c in t.edge_corners(edge) {
            if let Some(owner) = self.state.building_owner(c) {
                self.state.player_mut(owner).harbors |= kind.bit();
            }
        }
        let g = &mut self.state.gifts;
        g.waiting[seat.index()] &= !(1 << i);
        g.placed[i] = Some(edge);
        if sink.wanted() {
            sink.push(Event::HarborPlaced {
                seat,
                edge: t.edge(edge),
                harbor: kind,
            });
        }
        // Several tokens go one at a time, each checked again (SC5-7).
        if self.state.gifts.waiting[seat.index()] == 0 || self.gift_harbor_sites(seat).is_empty() {
            self.resume(sink);
        }
        Ok(())
    }
}
