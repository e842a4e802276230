//! The Fog Islands: hexes discovered when a road or ship reaches them (scenarios.md SC3-6 to
//! SC3-8, decisions D-SC3-3 to D-SC3-5). Chance turns the hexes over: what the stacks give
//! is an action in the record. Hook: after a road or ship is placed.

use crate::action::{Action, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::{Resources, Terrain};
use crate::state::{Phase, Seat};
use crate::topology::{EdgeId, HexId};
use std::sync::Arc;

impl Game {
    /// The fog hex to reveal next for a piece on `edge`: of those touching its corners, the
    /// one of lowest r, then lowest q (SC3-6).
    pub(crate) fn next_fog(&self, edge: EdgeId) -> Option<HexId> {
        let t = self.topology();
        t.edge_corners(edge)
            .iter()
            .flat_map(|&c| t.corner_hexes(c))
            .filter(|h| t.fog_hexes.contains(h.index()))
            .min_by_key(|&h| {
                let hex = t.hex(h);
                (hex.r, hex.q)
            })
    }

    /// After `seat` placed a road or ship on `edge`: reveal what fog it touches.
    pub(crate) fn discover(&mut self, seat: Seat, edge: EdgeId) {
        if self.config.rules.fog && self.next_fog(edge).is_some() {
            self.state.resume = self.state.phase;
            self.state.phase = Phase::Revealing { edge, seat };
        }
    }

    /// What chance may turn over, with its weight: each terrain of the stack, and for land
    /// each number of the number stack.
    pub(crate) fn fog_outcomes(&self, hex: HexId) -> Vec<(Action, u32)> {
        let mut out = Vec::new();
        self.find_fog_outcome(hex, |action, weight| {
            out.push((action, weight));
            false
        });
        out
    }

    /// Calls `visit` with each of `fog_outcomes`, in its order, until it returns true, and
    /// returns that outcome. Nothing is allocated: chance draws from these at every reveal.
    fn find_fog_outcome(
        &self,
        hex: HexId,
        mut visit: impl FnMut(Action, u32) -> bool,
    ) -> Option<Action> {
        let s = &self.state;
        let numbers_left = s.fog_numbers_left.iter().any(|&n| n > 0);
        for (i, &count) in s.fog_hexes_left.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let terrain = Terrain::ALL[i];
            if takes_a_number(terrain) && numbers_left {
                for (n, &k) in s.fog_numbers_left.iter().enumerate() {
                    let action = Action::RevealFog {
                        hex,
                        terrain,
                        number: Some(n as u8),
                    };
                    if k > 0 && visit(action, u32::from(count) * u32::from(k)) {
                        return Some(action);
                    }
                }
            } else {
                let action = Action::RevealFog {
                    hex,
                    terrain,
                    number: None,
                };
                if visit(action, u32::from(count)) {
                    return Some(action);
                }
            }
        }
        None
    }

    /// Chance's draw of what `hex` turns over: each of `fog_outcomes` as likely as its
    /// weight, drawn as `chance_outcomes` are (`rules/chance.rs`), without the list.
    pub(crate) fn sample_fog(&self, hex: HexId, rng: &mut impl rand_core::Rng) -> Option<Action> {
        let mut total = 0u32;
        self.find_fog_outcome(hex, |_, weight| {
            total += weight;
            false
        });
        let mut pick = crate::chance::below(rng, total.max(1));
        self.find_fog_outcome(hex, |_, weight| {
            if pick < weight {
                true
            } else {
                pick -= weight;
                false
            }
        })
    }

    pub(crate) fn apply_reveal(
        &mut self,
        edge: EdgeId,
        seat: Seat,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let Action::RevealFog {
            hex,
            terrain,
            number,
        } = action
        else {
            return Err(RuleError::NotForChance("take a seat's action".into()));
        };
        let expected = self.next_fog(edge);
        if Some(hex) != expected {
            let t = self.topology();
            return Err(RuleError::refused(format!(
                "the fog to reveal now is {}, not {}",
                expected.map_or("none".into(), |h| t.hex(h).to_string()),
                if hex.index() < t.hex_count() {
                    t.hex(hex).to_string()
                } else {
                    format!("#{}", hex.0)
                }
            )));
        }
        if self.find_fog_outcome(hex, |a, _| a == action).is_none() {
            return Err(RuleError::refused(format!(
                "the fog stacks hold no {terrain}{}",
                number.map_or(String::new(), |n| format!(" with a {n}"))
            )));
        }
        let s = &mut self.state;
        s.fog_hexes_left[terrain as usize] -= 1;
        if let Some(n) = number {
            s.fog_numbers_left[n as usize] -= 1;
        }
        Arc::make_mut(&mut self.config)
            .topology
            .reveal(hex, terrain, number);
        // The discoverer's reward: one card of the hex's resource, or a gold pick.
        let mut reward = Resources::EMPTY;
        if let Some(r) = terrain.resource()
            && self.state.bank.get(r) > 0
        {
            reward = Resources::one(r);
            self.take_from_bank(seat, &reward);
        }
        if terrain == Terrain::Gold {
            self.state.player_mut(seat).gold_owed += 1;
        }
        if sink.wanted() {
            sink.push(Event::FogRevealed {
                seat,
                hex: self.topology().hex(hex),
                terrain,
                number,
                reward,
            });
        }
        if self.next_fog(edge).is_none() {
            self.start_gold_picks(sink);
        }
        Ok(())
    }
}

fn takes_a_number(t: Terrain) -> bool {
    t.resource().is_some() || t == Terrain::Gold
}
