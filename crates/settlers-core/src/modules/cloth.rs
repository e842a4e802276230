//! Cloth for Catan (shared/rules/scenarios.md SC6-2 to SC6-9; decisions D-SC6-1 to
//! D-SC6-5): villages on the corners of the tribe's islands, each with a number and a supply
//! of cloth; a ship route reaching a village establishes trade with it for good; cloth comes
//! on the village's number; two cloth make a victory point; the pirate may take cloth; the
//! game ends when fewer than 4 villages still hold cloth.
//!
//! Hooks: after a ship is placed or moved (`establish_trade`), after production (`produce`),
//! when the pirate is moved (`rules/robber.rs`), in the points (`rules/victory.rs`) and in
//! the closed routes of S-12 (`rules/ships.rs`), where a village one trades with counts as
//! one's own building.

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::state::{MAX_SEATS, Phase, Seat, SeatSet};
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet, Topology};
use serde_json::Value;

/// The most villages a map may have (SC6-2 has 8).
pub const MAX_VILLAGES: usize = 8;

/// The most cloth a village may start with (`extras.villages[].cloth`; SC6-2 gives 5).
pub const MOST_VILLAGE_CLOTH: u8 = 25;

/// The most cloth the general supply may start with (`extras.general_cloth_supply`; SC6-2
/// gives 10). With every village full, all the cloth of a game fits in a player's count.
pub const MOST_SUPPLY_CLOTH: u8 = 50;

/// The most cloth a victory point may cost (`special_vp.cloth_per_vp`; SC6-6 gives 2).
pub const MOST_CLOTH_PER_VP: u8 = 10;

/// The game ends when fewer villages than this still hold cloth (SC6-9).
pub const VILLAGES_TO_GO_ON: usize = 4;

/// A village: a number token on a corner of a tribe hex, and the cloth it starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Village {
    pub corner: CornerId,
    pub number: u8,
    pub cloth: u8,
}

/// The villages of the map (`extras.villages`), the general supply
/// (`extras.general_cloth_supply`) and what cloth is worth (`special_vp.cloth_per_vp`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClothRules {
    pub villages: Vec<Village>,
    pub general_supply: u8,
    pub cloth_per_vp: u8,
    /// Every village corner.
    pub corners: CornerSet,
    /// Every edge touching a village corner: where a ship may establish trade.
    pub edges: EdgeSet,
    /// The pirate may be chosen only by a player trading with a village (SC6-7).
    pub pirate_needs_trade: bool,
}

impl ClothRules {
    /// The cloth module, when the map lists villages (`extras.villages`).
    pub(crate) fn of(t: &Topology) -> Option<ClothRules> {
        let other = &t.board.other;
        let extras = other.get("extras")?;
        let list = extras.get("villages")?.as_array()?;
        let villages: Vec<Village> = list
            .iter()
            .filter_map(|v| {
                Some(Village {
                    corner: t.corner_id(v.get("corner")?.as_str()?.parse().ok()?)?,
                    // Both checked with the map (`MapTemplate::check`).
                    number: u8::try_from(v.get("number")?.as_u64()?).ok()?,
                    cloth: v
                        .get("cloth")
                        .and_then(Value::as_u64)
                        .map_or(5, |n| n.min(u64::from(MOST_VILLAGE_CLOTH)) as u8),
                })
            })
            .take(MAX_VILLAGES)
            .collect();
        if villages.is_empty() {
            return None;
        }
        let mut corners = CornerSet::new();
        let mut edges = EdgeSet::new();
        for v in &villages {
            corners.insert(v.corner.index());
            for e in t.corner_edges(v.corner) {
                edges.insert(e.index());
            }
        }
        Some(ClothRules {
            villages,
            general_supply: extras
                .get("general_cloth_supply")
                .and_then(Value::as_u64)
                .map_or(10, |n| n.min(u64::from(MOST_SUPPLY_CLOTH)) as u8),
            cloth_per_vp: other
                .get("special_vp")
                .and_then(|s| s.get("cloth_per_vp"))
                .and_then(Value::as_u64)
                .filter(|&n| n > 0)
                .map_or(2, |n| n.min(u64::from(MOST_CLOTH_PER_VP)) as u8),
            corners,
            edges,
            pirate_needs_trade: other
                .get("rules")
                .and_then(|r| r.get("pirate_requires_village_trade"))
                .and_then(Value::as_bool)
                .unwrap_or(false),
        })
    }

    /// The village at a corner, by index.
    pub fn village_at(&self, corner: CornerId) -> Option<usize> {
        self.villages.iter().position(|v| v.corner == corner)
    }
}

/// Cloth on the table (SC6-2, SC6-5): on each village, in the general supply, in front of
/// each player; and who trades with each village, in the order trade was established.
/// All public (SC6-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Cloth {
    pub on_village: [u8; MAX_VILLAGES],
    pub supply: u8,
    pub held: [u8; MAX_SEATS],
    pub traders: [[Option<Seat>; MAX_SEATS]; MAX_VILLAGES],
}

impl Cloth {
    /// The table at the start (SC6-2).
    pub fn start(rules: &ClothRules) -> Cloth {
        let mut cloth = Cloth {
            supply: rules.general_supply,
            ..Cloth::default()
        };
        for (i, v) in rules.villages.iter().enumerate() {
            cloth.on_village[i] = v.cloth;
        }
        cloth
    }

    /// Whether `seat` trades with village `i`.
    #[inline]
    pub fn trades(&self, i: usize, seat: Seat) -> bool {
        self.traders[i].contains(&Some(seat))
    }

    /// The seats trading with village `i`, in the order they established trade.
    pub fn traders_of(&self, i: usize) -> impl Iterator<Item = Seat> + '_ {
        self.traders[i].iter().map_while(|s| *s)
    }

    fn add_trader(&mut self, i: usize, seat: Seat) {
        if let Some(slot) = self.traders[i].iter_mut().find(|s| s.is_none()) {
            *slot = Some(seat);
        }
    }
}

impl Game {
    pub(crate) fn cloth_rules(&self) -> Option<&ClothRules> {
        self.config.rules.cloth.as_deref()
    }

    /// The corners of the villages `seat` trades with: its own buildings for S-12 (SC6-4).
    pub(crate) fn trading_villages(&self, seat: Seat) -> CornerSet {
        let mut out = CornerSet::new();
        if let Some(rules) = self.cloth_rules() {
            for (i, v) in rules.villages.iter().enumerate() {
                if self.state.cloth.trades(i, seat) {
                    out.insert(v.corner.index());
                }
            }
        }
        out
    }

    /// Whether `seat` trades with any village: then it may choose the pirate (SC6-7).
    pub fn trades_with_a_village(&self, seat: Seat) -> bool {
        self.cloth_rules()
            .is_some_and(|r| (0..r.villages.len()).any(|i| self.state.cloth.trades(i, seat)))
    }

    /// The points `seat`'s cloth is worth (SC6-6).
    #[inline]
    pub fn cloth_points(&self, seat: Seat) -> u8 {
        match self.cloth_rules() {
            Some(r) => self.state.cloth.held[seat.index()] / r.cloth_per_vp,
            None => 0,
        }
    }

    /// Whether the chain of `seat`'s ships through `edge` reaches one of its settlements or
    /// cities, ships joined as for building (S-7: not across an opponent's building).
    fn ship_chain_reaches_building(&self, seat: Seat, edge: EdgeId) -> bool {
        let t = self.topology();
        let p = self.state.player(seat);
        let own = p.buildings();
        let mut seen = EdgeSet::new();
        seen.insert(edge.index());
        let mut stack = vec![edge];
        while let Some(e) = stack.pop() {
            for c in t.edge_corners(e) {
                if own.contains(c.index()) {
                    return true;
                }
                if self.state.opponent_building_at(seat, c) {
                    continue;
                }
                for next in t.corner_edges(c) {
                    if p.ships.contains(next.index()) && !seen.contains(next.index()) {
                        seen.insert(next.index());
                        stack.push(next);
                    }
                }
            }
        }
        false
    }

    /// SC6-4: `seat`'s ship arrived on `edge` (setup, built, Road Building or moved): each
    /// village at its corners that `seat` does not trade with yet, reached by an unbroken
    /// chain of its ships from one of its buildings, now trades with it, and gives it a
    /// cloth if it has one.
    pub(crate) fn establish_trade(&mut self, seat: Seat, edge: EdgeId, sink: &mut impl EventSink) {
        let Some(rules) = self.config.rules.cloth.as_deref() else {
            return;
        };
        if !rules.edges.contains(edge.index()) {
            return;
        }
        let t = &self.config.topology;
        let mut established = false;
        for c in t.edge_corners(edge) {
            let Some(i) = rules.village_at(c) else {
                continue;
            };
            if self.state.cloth.trades(i, seat) || !self.ship_chain_reaches_building(seat, edge) {
                continue;
            }
            established = true;
            let cloth = &mut self.state.cloth;
            cloth.add_trader(i, seat);
            let took = cloth.on_village[i] > 0;
            if took {
                cloth.on_village[i] -= 1;
                cloth.held[seat.index()] += 1;
            }
            if sink.wanted() {
                sink.push(Event::TradeEstablished {
                    seat,
                    village: t.corner(c),
                    cloth: u8::from(took),
                });
            }
        }
        if established {
            // The chain to the village is now closed (SC6-4, S-12).
            self.recompute_closed_ships(seat);
            self.check_villages_dry(sink);
        }
    }

    /// SC6-5: on a village's number, each trader takes a cloth: from the village while it
    /// has some, then from the general supply, the roller first and the others in the order
    /// they began to trade. A village empty before the roll gives nothing.
    pub(crate) fn produce_cloth(&mut self, total: u8, sink: &mut impl EventSink) {
        let Some(rules) = self.config.rules.cloth.as_deref() else {
            return;
        };
        let t = &self.config.topology;
        let roller = self.state.active;
        let mut any = false;
        for (i, v) in rules.villages.iter().enumerate() {
            if v.number != total || self.state.cloth.on_village[i] == 0 {
                continue;
            }
            let cloth = &mut self.state.cloth;
            let mut order = [None; MAX_SEATS];
            let mut n = 0;
            if cloth.trades(i, roller) {
                order[0] = Some(roller);
                n = 1;
            }
            for seat in cloth.traders_of(i) {
                if seat != roller {
                    order[n] = Some(seat);
                    n += 1;
                }
            }
            for seat in order.into_iter().flatten() {
                let from_supply = cloth.on_village[i] == 0;
                if !from_supply {
                    cloth.on_village[i] -= 1;
                } else if cloth.supply > 0 {
                    cloth.supply -= 1;
                } else {
                    break;
                }
                cloth.held[seat.index()] += 1;
                any = true;
                if sink.wanted() {
                    sink.push(Event::ClothProduced {
                        seat,
                        village: t.corner(v.corner),
                        from_supply,
                    });
                }
            }
        }
        if any {
            self.check_villages_dry(sink);
        }
    }

    /// The villages still holding cloth.
    pub fn villages_with_cloth(&self) -> usize {
        match self.cloth_rules() {
            Some(r) => self.state.cloth.on_village[..r.villages.len()]
                .iter()
                .filter(|&&n| n > 0)
                .count(),
            None => 0,
        }
    }

    /// SC6-9.2 (D-SC6-1): when fewer than 4 villages hold cloth, the game ends at once, on
    /// anyone's turn. Most points wins, every card counted; then most cloth; then the tied
    /// share the win.
    fn check_villages_dry(&mut self, sink: &mut impl EventSink) {
        if self.state.phase == Phase::Over || self.villages_with_cloth() >= VILLAGES_TO_GO_ON {
            return;
        }
        let s = &self.state;
        let score = |seat: Seat| (self.victory_points(seat), s.cloth.held[seat.index()]);
        let best = s.seat_ids().map(score).max().expect("a game has seats");
        let winners: SeatSet = s.seat_ids().filter(|&x| score(x) == best).collect();
        // The first winner in turn order from the active seat names the game's winner; the
        // others share it.
        let first = (0..s.playing())
            .map(|k| Seat((s.active.0 + k) % s.playing()))
            .find(|&x| winners.contains(x))
            .expect("someone has the best score");
        let mut shared = winners;
        shared.remove(first);
        self.state.winner = Some(first);
        self.state.shared_winners = shared;
        self.state.phase = Phase::Over;
        if sink.wanted() {
            sink.push(Event::VillagesRanDry {
                villages_with_cloth: self.villages_with_cloth() as u8,
            });
            for seat in winners.iter() {
                sink.push(Event::GameWon {
                    seat,
                    points: best.0,
                    victory_point_cards: self.victory_point_cards(seat),
                    shared: winners.len() > 1,
                });
            }
        }
    }

    /// SC6-7: the pirate takes a cloth from `victim` for the active seat; it never goes back
    /// to a village or the supply.
    pub(crate) fn take_cloth(&mut self, victim: Seat, sink: &mut impl EventSink) {
        let thief = self.state.active;
        let cloth = &mut self.state.cloth;
        cloth.held[victim.index()] -= 1;
        cloth.held[thief.index()] += 1;
        if sink.wanted() {
            sink.push(Event::ClothStolen { thief, victim });
        }
    }
}
