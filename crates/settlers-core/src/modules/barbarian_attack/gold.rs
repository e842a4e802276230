//! Gold coins: earned in battles and from Treason, exchanged with the bank two for one at
//! most twice a turn (BA-28, D-BA-9). Gold is not a resource card.

use crate::action::{Action, LegalActions, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::{Resource, Resources};
use crate::state::Seat;

/// Gold for one resource from the bank, and exchanges allowed per turn (BA-28).
pub const GOLD_PER_RESOURCE: u16 = 2;
pub const EXCHANGES_PER_TURN: u8 = 2;

impl Game {
    pub(crate) fn legal_gold_exchanges(&self, seat: Seat, out: &mut LegalActions) {
        let b = &self.state.barbarians;
        if b.exchanges >= EXCHANGES_PER_TURN || b.gold[seat.index()] < GOLD_PER_RESOURCE {
            return;
        }
        for r in Resource::ALL {
            if self.state.bank.get(r) > 0 {
                out.actions.push(Action::BuyWithGold(r));
            }
        }
    }

    pub(crate) fn apply_buy_with_gold(
        &mut self,
        seat: Seat,
        r: Resource,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if self.barbarian_rules().is_none() {
            return Err(RuleError::refused("this game has no gold coins"));
        }
        let b = &self.state.barbarians;
        if b.exchanges >= EXCHANGES_PER_TURN {
            return Err(RuleError::refused(
                "you have already exchanged gold twice this turn",
            ));
        }
        if b.gold[seat.index()] < GOLD_PER_RESOURCE {
            return Err(RuleError::refused(format!(
                "a resource costs {GOLD_PER_RESOURCE} gold; you have {}",
                b.gold[seat.index()]
            )));
        }
        if self.state.bank.get(r) == 0 {
            return Err(RuleError::refused(format!("the bank has no {r} left")));
        }
        let b = &mut self.state.barbarians;
        b.gold[seat.index()] -= GOLD_PER_RESOURCE;
        b.exchanges += 1;
        let got = Resources::one(r);
        self.take_from_bank(seat, &got);
        if sink.wanted() {
            sink.push(Event::GoldExchanged { seat, resource: r });
        }
        Ok(())
    }
}
