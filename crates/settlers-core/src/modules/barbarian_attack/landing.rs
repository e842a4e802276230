//! Landings: every settlement built or city upgraded lands barbarians on the coast
//! (BA-9 to BA-11, D-BA-2, D-BA-16). Each result is chance's action.

use super::CONQUERED_AT;
use crate::action::{Action, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::modules::hooks::Built;
use crate::state::{Phase, Seat};

/// Results of one landing (BA-10).
const RESULTS: u8 = 3;

/// In how many of the 36 rolls of two dice each total comes up.
pub(crate) fn ways(total: u8) -> u32 {
    match total {
        2..=12 => 6 - (i32::from(total) - 7).unsigned_abs(),
        _ => 0,
    }
}

impl Game {
    /// After a settlement or city: a landing is owed (BA-9).
    /// The hook after a building (modules/hooks.rs): a settlement or city bought brings a
    /// landing (BA-8); for two players a settlement earns trade tokens (BA2-2) and every
    /// building, a road too, lets the neutral seats build (BA2-4).
    pub(crate) fn barbarians_after_building(&mut self, seat: Seat, built: Built) {
        match built {
            Built::Road => {
                if self.two_player() {
                    self.neutral_builds(false);
                }
            }
            Built::Settlement(corner) => {
                self.queue_landing();
                if self.two_player() {
                    self.earn_tokens(seat, corner);
                    self.neutral_builds(true);
                } else {
                    self.run_landings();
                }
            }
            Built::City => {
                self.queue_landing();
                self.run_landings();
            }
        }
    }

    pub(crate) fn queue_landing(&mut self) {
        self.state.barbarians.landings_queued += 1;
    }

    /// The next landing owed, unless the supply is empty (BA-9, D-BA-16).
    pub(crate) fn run_landings(&mut self) {
        let b = &mut self.state.barbarians;
        if b.landings_queued == 0 {
            return;
        }
        if b.supply == 0 {
            b.landings_queued = 0;
            return;
        }
        b.landings_queued -= 1;
        b.landing_left = RESULTS;
        b.landing_used = 0;
        self.state.resume = self.state.phase;
        self.state.phase = Phase::Landing;
    }

    /// The totals chance may give now: not 7, not used in this landing, each as likely as
    /// the dice make it.
    pub(crate) fn landing_outcomes(&self) -> Vec<(Action, u32)> {
        let used = self.state.barbarians.landing_used;
        (2..=12u8)
            .filter(|&t| t != 7 && used >> t & 1 == 0)
            .map(|t| (Action::LandBarbarian(t), ways(t)))
            .collect()
    }

    pub(crate) fn apply_landing(
        &mut self,
        total: u8,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let used = self.state.barbarians.landing_used;
        if !(2..=12).contains(&total) || total == 7 || used >> total & 1 == 1 {
            return Err(RuleError::refused(format!(
                "a landing takes a total of 2 to 12, not 7 and not one already used, not {total}"
            )));
        }
        let rules = self
            .barbarian_rules()
            .expect("landings belong to Barbarian Attack");
        let index = rules.landing[total as usize];
        let hex = index.map(|i| rules.coastal[i as usize]);
        let b = &mut self.state.barbarians;
        b.landing_used |= 1 << total;
        b.landing_left -= 1;
        let mut landed = false;
        if let Some(i) = index {
            let on = &mut b.on[i as usize];
            // A conquered hex takes no more; the result still counts (BA-10.2).
            if *on < CONQUERED_AT && b.supply > 0 {
                *on += 1;
                b.supply -= 1;
                landed = true;
            }
        }
        if sink.wanted()
            && let Some(h) = hex
        {
            let on = index.map_or(0, |i| self.state.barbarians.on[i as usize]);
            sink.push(Event::BarbariansLanded {
                hex: self.topology().hex(h),
                total,
                landed,
                barbarians: on,
            });
        }
        let b = &self.state.barbarians;
        if b.landing_left == 0 || b.supply == 0 {
            self.state.barbarians.landing_left = 0;
            self.state.barbarians.landing_used = 0;
            self.resume(sink);
            self.run_landings();
        }
        Ok(())
    }
}
