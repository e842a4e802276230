//! The turn (base.md B-25): roll, trade and build, end.

use crate::action::RuleError;
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::resources::DevelopmentCards;
use crate::state::Phase;

impl Game {
    /// Begins the active seat's turn.
    pub(crate) fn start_turn(&mut self, sink: &mut impl EventSink) {
        let s = &mut self.state;
        s.turn = s.turn.saturating_add(1);
        s.phase = Phase::BeforeRoll;
        s.rolled = false;
        s.card_played = false;
        s.dice = None;
        s.offers_this_turn = 0;
        // Ships placed before this turn, setup's included, may move in it (S-13.5).
        s.new_ships = Default::default();
        s.ship_moved = false;
        s.barbarians.moved = 0;
        s.barbarians.exchanges = 0;
        s.barbarians.token_used = false;
        s.barbarians.foreign_moving = false;
        s.barbarians.rolls = 0;
        s.barbarians.first_total = 0;
        if sink.wanted() {
            sink.push(Event::TurnStarted {
                seat: s.active,
                turn: s.turn,
            });
        }
    }

    pub(crate) fn apply_end_turn(&mut self, sink: &mut impl EventSink) {
        let s = &mut self.state;
        // Cards bought this turn become playable from the next one (B-30).
        let p = &mut s.players[s.active.index()];
        p.cards = p.all_cards();
        p.new_cards = DevelopmentCards::default();
        if self.end_if_nobody_can_win(sink) {
            return;
        }
        let s = &mut self.state;
        let next = s.next_seat(s.active);
        if next == s.first && self.end_if_standing_still(sink) {
            return;
        }
        let s = &mut self.state;
        s.active = next;
        self.start_turn(sink);
    }

    pub(crate) fn apply_dice(
        &mut self,
        a: u8,
        b: u8,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        // The modules' hooks (modules/hooks.rs), before the dice are read and after.
        if let Some(refused) = self.dice_refused() {
            return Err(refused);
        }
        if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return Err(RuleError::refused(format!(
                "a die shows 1 to 6, not {a} and {b}"
            )));
        }
        let total = a + b;
        self.module_roll(total)?;
        let s = &mut self.state;
        s.dice = Some((a, b));
        s.rolled = true;
        if sink.wanted() {
            sink.push(Event::DiceRolled {
                seat: s.active,
                dice: [a, b],
                total,
            });
        }
        // The Pirate Islands' fleet sails first (SC7-8); its attacks may wait for choices.
        if !self.fleet_sails(a, b, sink) {
            self.resolve_total(total, sink);
        }
        Ok(())
    }

    /// What a roll's total (or an event card's number) does: a 7, or production.
    pub(crate) fn resolve_total(&mut self, total: u8, sink: &mut impl EventSink) {
        if total == 7 {
            self.seven_rolled(sink);
        } else {
            self.produce(total, sink);
            self.state.phase = self.resume_phase();
            self.state.resume = self.state.phase;
            self.start_gold_picks(sink);
            // Last, as the villages running dry ends the game (SC6-9).
            self.produce_cloth(total, sink);
        }
    }
}
