//! The pirate fleet (SC7-8, D-SC7-4, D-SC7-6): on every roll, before production or a 7's
//! effects, it sails forward by the lower die and attacks, with that strength, every player
//! with a settlement or city beside its new hex, each on its own, in seat order from the
//! roller. More warships than its strength: a resource of one's choice from the bank. Fewer:
//! cards lost at random to the bank, 1 per settlement and 2 per city beside it. As many:
//! nothing.

use crate::action::{Action, CardRange, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::{Resource, Resources};
use crate::state::{Phase, Seat};

impl Game {
    /// After the dice: the fleet sails and attacks. Returns whether attacks wait for chance
    /// or a choice; the roll's own effects follow them (`fleet_done`).
    pub(crate) fn fleet_sails(&mut self, a: u8, b: u8, sink: &mut impl EventSink) -> bool {
        let Some(rules) = self.config.rules.pirate_islands.as_deref() else {
            return false;
        };
        let Some(at) = self.state.pirate else {
            return false;
        };
        let path = &rules.fleet_path;
        let Some(i) = path.iter().position(|&h| h == at) else {
            return false;
        };
        let strength = a.min(b);
        let hex = path[(i + usize::from(strength)) % path.len()];
        self.state.pirate = Some(hex);
        let t = &self.config.topology;
        if sink.wanted() {
            sink.push(Event::FleetSailed {
                hex: t.hex(hex),
                strength,
            });
        }
        let s = &mut self.state;
        let corners = t.hex_corner_set(hex);
        let roller = s.active;
        for k in 0..s.playing() {
            let seat = Seat((roller.0 + k) % s.playing());
            let p = s.player(seat);
            let settlements = p.settlements.intersection(corners).len() as u8;
            let cities = p.cities.intersection(corners).len() as u8;
            if settlements + cities == 0 {
                continue;
            }
            let warships = s.pirates.warships_of(&p.ships).len() as u8;
            let outcome = warships.cmp(&strength);
            match outcome {
                std::cmp::Ordering::Greater => s.pirates.reward_due.insert(seat),
                std::cmp::Ordering::Less => {
                    let loss = (settlements + 2 * cities).min(p.hand.total() as u8);
                    s.pirates.plunder_due[seat.index()] = loss;
                }
                std::cmp::Ordering::Equal => {}
            }
            if sink.wanted() {
                sink.push(Event::FleetAttacked {
                    seat,
                    warships,
                    strength,
                    outcome: match outcome {
                        std::cmp::Ordering::Greater => "won",
                        std::cmp::Ordering::Less => "lost",
                        std::cmp::Ordering::Equal => "drawn",
                    },
                });
            }
        }
        self.next_fleet_step()
    }

    /// The next seat, in seat order from the roller, still to lose cards or take its reward.
    fn next_fleet_step(&mut self) -> bool {
        let s = &mut self.state;
        // A reward the bank cannot give is lost (D-S-4).
        if s.bank.is_empty() {
            s.pirates.reward_due = crate::state::SeatSet::EMPTY;
        }
        for k in 0..s.playing() {
            let seat = Seat((s.active.0 + k) % s.playing());
            if s.pirates.plunder_due[seat.index()] > 0 {
                s.phase = Phase::FleetPlunder { seat };
                return true;
            }
            if s.pirates.reward_due.contains(seat) {
                s.phase = Phase::FleetReward { seat };
                return true;
            }
        }
        false
    }

    /// The attacks are over: the roll's total produces, or is a 7.
    fn fleet_done(&mut self, sink: &mut impl EventSink) {
        if !self.next_fleet_step() {
            let total = self.state.dice.map_or(0, |(a, b)| a + b);
            self.resolve_total(total, sink);
        }
    }

    /// The cards chance may take from `seat` for the fleet: each way of drawing them from its
    /// hand, as likely as that draw.
    pub(crate) fn plunder_outcomes(&self, seat: Seat) -> Vec<(Action, u32)> {
        let hand = self.state.player(seat).hand;
        let count = self.state.pirates.plunder_due[seat.index()];
        let mut out = Vec::new();
        draws(hand, count, Resources::EMPTY, 0, &mut |take, weight| {
            out.push((Action::FleetPlunder(take), weight));
        });
        out
    }

    pub(crate) fn apply_fleet_plunder(
        &mut self,
        seat: Seat,
        take: Resources,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let due = self.state.pirates.plunder_due[seat.index()];
        let hand = self.state.player(seat).hand;
        if take.total() != u32::from(due) || !hand.covers(&take) {
            return Err(RuleError::refused(format!(
                "the fleet takes {due} of {seat}'s cards, and {take} is not that"
            )));
        }
        self.pay(seat, &take);
        self.state.pirates.plunder_due[seat.index()] = 0;
        if sink.wanted() {
            sink.push(Event::FleetPlundered {
                seat,
                resources: take,
            });
        }
        self.fleet_done(sink);
        Ok(())
    }

    /// The seat that beat the fleet picks one resource the bank holds (SC7-8).
    pub(crate) fn legal_fleet_reward(&self, out: &mut LegalActions) {
        out.gold = Some(CardRange {
            count: 1,
            from: self.state.bank,
        });
    }

    pub(crate) fn apply_fleet_reward(
        &mut self,
        seat: Seat,
        pick: Resources,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if pick.total() != 1 || !self.state.bank.covers(&pick) {
            return Err(RuleError::refused(format!(
                "take one resource the bank holds for beating the fleet, not {pick}"
            )));
        }
        self.take_from_bank(seat, &pick);
        self.state.pirates.reward_due.remove(seat);
        if sink.wanted() {
            sink.push(Event::FleetBeaten {
                seat,
                resources: pick,
            });
        }
        self.fleet_done(sink);
        Ok(())
    }
}

/// Calls `out` with every way of drawing `left` more cards from `hand` (types from `from` on)
/// and how many sets of cards give it.
fn draws(
    hand: Resources,
    left: u8,
    taken: Resources,
    from: usize,
    out: &mut impl FnMut(Resources, u32),
) {
    if left == 0 {
        out(taken, sets_drawn(hand, taken));
        return;
    }
    for i in from..Resource::ALL.len() {
        if hand.0[i] > taken.0[i] {
            let mut next = taken;
            next.0[i] += 1;
            draws(hand, left - 1, next, i, out);
        }
    }
}

/// How many sets of cards of `hand` are exactly `taken`: the product over the types of the
/// ways to choose that type's cards (a blind draw is as likely to be any set).
fn sets_drawn(hand: Resources, taken: Resources) -> u32 {
    let mut ways: u64 = 1;
    for i in 0..Resource::ALL.len() {
        let (h, k) = (u64::from(hand.0[i]), u64::from(taken.0[i]));
        // h choose k, exact at each step.
        let mut choose: u64 = 1;
        for j in 0..k {
            choose = choose * (h - j) / (j + 1);
        }
        ways *= choose;
    }
    u32::try_from(ways).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_weighted_as_a_blind_draw() {
        // Two cards from 3 brick and 1 ore: two bricks in 3 ways, a brick and the ore in 3.
        let hand = Resources([3, 0, 0, 0, 1]);
        let mut seen = Vec::new();
        draws(hand, 2, Resources::EMPTY, 0, &mut |t, w| seen.push((t, w)));
        assert_eq!(
            seen,
            vec![
                (Resources([2, 0, 0, 0, 0]), 3),
                (Resources([1, 0, 0, 0, 1]), 3)
            ]
        );
        // Three from 2 brick, 2 wool, 1 ore: 10 sets of three cards from five in all.
        let hand = Resources([2, 0, 2, 0, 1]);
        let mut total = 0;
        draws(hand, 3, Resources::EMPTY, 0, &mut |_, w| total += w);
        assert_eq!(total, 10);
    }
}
