//! Production on a roll, with the bank's limits (base.md B-26, B-28), and gold fields
//! (seafarers.md S-18).

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::Terrain;
use crate::resources::{Resource, Resources};
use crate::state::MAX_SEATS;
use crate::topology::{HexId, HexSet};

impl Game {
    pub(crate) fn produce(&mut self, total: u8, sink: &mut impl EventSink) {
        // A conquered hex produces nothing (BA-11).
        let conquered = self.conquered_hexes();
        // An Epidemic's production gives a city one card (BAE-4).
        let city = if self.epidemic() { 1 } else { 2 };
        let unlimited = self.bank_is_unlimited();
        let t = &self.config.topology;
        let s = &mut self.state;
        let mut owed = [Resources::EMPTY; MAX_SEATS];
        let mut gold_hexes = HexSet::new();
        let mut hexes = t.hexes_by_number[total as usize].difference(&conquered);
        if let Some(robber) = s.robber {
            hexes.remove(robber.index());
        }
        for h in hexes.iter() {
            let h = HexId(h as u8);
            let Some(r) = t.resource(h) else {
                if t.terrain(h) == Terrain::Gold {
                    gold_hexes.insert(h.index());
                }
                continue;
            };
            // The hex's built corners alone: at most three (the distance rule), most often
            // none or one.
            for c in t.hex_corner_set(h).intersection(&s.occupied).iter() {
                for (seat, p) in s.players[..s.seats as usize].iter().enumerate() {
                    if p.settlements.contains(c) {
                        *owed[seat].get_mut(r) += 1;
                    } else if p.cities.contains(c) {
                        *owed[seat].get_mut(r) += city;
                    }
                }
            }
        }
        // Neutral players never receive resources (BA2-1).
        for o in owed.iter_mut().skip(s.playing() as usize) {
            *o = Resources::EMPTY;
        }
        // B-26 bank shortage: short of a resource, a single claimant takes what is left and
        // several claimants take nothing. An unlimited bank is never short (`bank.rs`).
        if !unlimited {
            // What all seats are owed, type by type: the bank is short of few types, if any.
            let mut wanted = [0u32; 5];
            for o in &owed {
                for (w, &n) in wanted.iter_mut().zip(&o.0) {
                    *w += u32::from(n);
                }
            }
            for r in Resource::ALL {
                let i = r.index();
                if wanted[i] <= u32::from(s.bank.0[i]) {
                    continue;
                }
                let claimants = owed.iter().filter(|o| o.0[i] > 0).count();
                if claimants == 1 {
                    let o = owed.iter_mut().find(|o| o.0[i] > 0).expect("one claimant");
                    o.0[i] = s.bank.0[i];
                } else {
                    for o in owed.iter_mut() {
                        o.0[i] = 0;
                    }
                }
                if sink.wanted() {
                    sink.push(Event::BankShort { resource: r });
                }
            }
        }
        // Gold: a pick per settlement, two per city, chosen after the rest is paid (D-S-4).
        for h in gold_hexes.iter() {
            for &c in t.hex_corners(HexId(h as u8)) {
                for p in s.players[..s.seats as usize].iter_mut() {
                    if p.settlements.contains(c.index()) {
                        p.gold_owed += 1;
                    } else if p.cities.contains(c.index()) {
                        p.gold_owed += 2;
                    }
                }
            }
        }
        for (seat, gain) in owed.iter().enumerate().take(s.seats as usize) {
            if gain.is_empty() {
                continue;
            }
            if !unlimited {
                s.bank.subtract(gain);
            }
            s.players[seat].hand.add(gain);
            if sink.wanted() {
                sink.push(Event::Produced {
                    seat: crate::state::Seat(seat as u8),
                    resources: *gain,
                });
            }
        }
    }
}
