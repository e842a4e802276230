//! Gold fields: picks of the player's choice, in seat order from the active player, as far
//! as the bank holds cards (seafarers.md S-18, decisions D-S-4, D-S-5).

use crate::action::{CardRange, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::Resources;
use crate::state::{Phase, Seat};

impl Game {
    /// The seat choosing its gold picks now: the first owing one from the active seat on.
    pub(crate) fn gold_picker(&self) -> Option<Seat> {
        let s = &self.state;
        (0..s.seats)
            .map(|i| Seat((s.active.0 + i) % s.seats))
            .find(|&seat| s.player(seat).gold_owed > 0)
    }

    /// Goes to the gold picks if any are owed, or back to where play was.
    pub(crate) fn start_gold_picks(&mut self, sink: &mut impl EventSink) {
        // Picks an empty bank cannot fill are lost (D-S-4).
        if self.state.bank.is_empty() {
            for p in self.state.players.iter_mut() {
                p.gold_owed = 0;
            }
        }
        if self.gold_picker().is_some() {
            // Every pick owed is told when the picks begin, not again after each one.
            if self.state.phase != Phase::PickingGold && sink.wanted() {
                let bank = self.state.bank.total();
                for seat in self.state.seat_ids() {
                    let owed = self.state.player(seat).gold_owed;
                    if owed > 0 {
                        sink.push(Event::MustPickGold {
                            seat,
                            count: u32::from(owed).min(bank) as u8,
                        });
                    }
                }
            }
            self.state.phase = Phase::PickingGold;
        } else {
            self.resume(sink);
        }
    }

    pub(crate) fn legal_gold_picks(&self, seat: Seat, out: &mut LegalActions) {
        if self.gold_picker() == Some(seat) {
            let bank = self.state.bank;
            let owed = u32::from(self.state.player(seat).gold_owed).min(bank.total());
            out.gold = Some(CardRange {
                count: owed as u8,
                from: bank,
            });
        }
    }

    pub(crate) fn apply_gold_pick(
        &mut self,
        seat: Seat,
        cards: Resources,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if self.gold_picker() != Some(seat) {
            return Err(RuleError::refused("you have no gold picks to choose now"));
        }
        let bank = self.state.bank;
        let owed = u32::from(self.state.player(seat).gold_owed).min(bank.total());
        if cards.total() != owed {
            return Err(RuleError::refused(format!(
                "choose exactly {owed} card(s) for gold, not {}",
                cards.total()
            )));
        }
        if !bank.covers(&cards) {
            return Err(RuleError::refused(format!(
                "the bank cannot give {cards}: it holds {bank}"
            )));
        }
        self.take_from_bank(seat, &cards);
        self.state.player_mut(seat).gold_owed = 0;
        if sink.wanted() {
            sink.push(Event::GoldPicked {
                seat,
                resources: cards,
            });
        }
        self.start_gold_picks(sink);
        Ok(())
    }

    /// Back to the phase an interruption (gold picks, fog) left. Road Building looks again
    /// for somewhere to build, since a revealed hex may have changed that.
    pub(crate) fn resume(&mut self, sink: &mut impl EventSink) {
        let resume = self.state.resume;
        self.state.resume = Phase::Main;
        match resume {
            // An event's picks come before its number (BAE-3).
            Phase::Event => self.continue_event(sink),
            Phase::BuildingRoads { left } => {
                let seat = self.state.active;
                self.continue_road_building(seat, left);
            }
            phase => self.state.phase = phase,
        }
    }
}
