//! Event cards in place of the production dice (shared/rules/barbarian-attack.md BAE-1 to
//! BAE-4, decisions D-BAE-1 to D-BAE-4): 36 numbered cards and New Year, revealed by chance
//! at the start of a turn; the event first, then the number.
//!
//! The deck is kept as the copies of each kind of card not yet revealed. The five cards
//! under New Year are never revealed before it comes up, so each reveal is any of the
//! unrevealed cards alike, until 31 have been revealed: then New Year comes up, all 36 go
//! back, and the next card is revealed at once (BAE-2).

mod effects;

use crate::action::{Action, RuleError};
use crate::chance::weighted;
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::state::{EVENT_CARDS_BEFORE_NEW_YEAR, EVENT_DECK, EventCard, EventCards};
use rand_core::Rng;

impl Game {
    /// Whether event cards replace the production dice.
    #[inline]
    pub(crate) fn event_cards(&self) -> bool {
        self.config.rules.event_cards
    }

    /// The copies of each kind of card the next reveal draws from.
    fn event_cards_left(&self) -> [u8; EVENT_DECK.len()] {
        if self.state.events.revealed >= EVENT_CARDS_BEFORE_NEW_YEAR {
            EventCards::default().left
        } else {
            self.state.events.left
        }
    }

    /// The cards chance may reveal, each kind weighted by its copies.
    pub(crate) fn event_card_outcomes(&self) -> Vec<(Action, u32)> {
        let left = self.event_cards_left();
        (0..EVENT_DECK.len())
            .filter(|&i| left[i] > 0)
            .map(|i| {
                (
                    Action::RevealEvent(EventCard::of_kind(i)),
                    u32::from(left[i]),
                )
            })
            .collect()
    }

    pub(crate) fn sample_event_card(&self, rng: &mut impl Rng) -> Option<Action> {
        weighted(rng, &self.event_cards_left()).map(|i| Action::RevealEvent(EventCard::of_kind(i)))
    }

    /// The card revealed last, once one has been.
    pub fn last_event_card(&self) -> Option<EventCard> {
        let last = self.state.events.last;
        (usize::from(last) < EVENT_DECK.len()).then(|| EventCard::of_kind(usize::from(last)))
    }

    /// Chance reveals `card` in place of the roll (BAE-3).
    pub(crate) fn apply_reveal_event(
        &mut self,
        card: EventCard,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let Some(kind) = card.kind_index() else {
            return Err(RuleError::refused(format!(
                "there is no {} card numbered {}",
                card.event.title(),
                card.number
            )));
        };
        let new_year = self.state.events.revealed >= EVENT_CARDS_BEFORE_NEW_YEAR;
        if self.event_cards_left()[kind] == 0 {
            return Err(RuleError::refused(format!(
                "every {} card numbered {} has been revealed since New Year",
                card.event.title(),
                card.number
            )));
        }
        let events = &mut self.state.events;
        if new_year {
            events.left = EventCards::default().left;
            events.revealed = 0;
            if sink.wanted() {
                sink.push(Event::NewYear);
            }
        }
        events.left[kind] -= 1;
        events.revealed += 1;
        events.last = kind as u8;
        if self.two_player() {
            // Two cards a turn, the second with another number than the first (D-BAE-2).
            let b = &mut self.state.barbarians;
            if b.rolls == 1 && card.number == b.first_total {
                if sink.wanted() {
                    sink.push(Event::EventCardRejected {
                        kind: card.event,
                        number: card.number,
                    });
                }
                return Ok(());
            }
            b.rolls += 1;
            if b.rolls == 1 {
                b.first_total = card.number;
            }
        }
        let s = &mut self.state;
        s.dice = None;
        s.rolled = true;
        if sink.wanted() {
            sink.push(Event::EventCardRevealed {
                seat: s.active,
                kind: card.event,
                number: card.number,
            });
        }
        self.start_event(card.event, sink);
        Ok(())
    }

    /// After the event: the card's number produces, or is a 7 (BAE-3).
    pub(crate) fn resolve_event_number(&mut self, sink: &mut impl EventSink) {
        let Some(card) = self.last_event_card() else {
            return;
        };
        self.resolve_total(card.number, sink);
    }
}
