//! The game's last events, kept by its task so that a page connecting (a reload, a reconnect)
//! gets the log of what happened before it, as its seat may see it (docs/protocol.md, `past`).

use settlers_core::Seat;
use settlers_core::event::{Event, EventSink};
use std::collections::VecDeque;

/// How many events a connecting page is sent: some turns' worth of a four-player game, and a
/// bound on the memory a game keeps and on the size of the first message.
pub const PAST_EVENTS: usize = 400;

/// The last [`PAST_EVENTS`] events of a game, oldest first.
#[derive(Debug, Default)]
pub struct PastEvents {
    events: VecDeque<Event>,
}

impl PastEvents {
    pub fn extend(&mut self, events: &[Event]) {
        for e in events {
            self.push(e.clone());
        }
    }

    /// The events as `viewer` may see them (`None`: a spectator), oldest first.
    pub fn seen_by(&self, viewer: Option<Seat>) -> Vec<Event> {
        self.events.iter().map(|e| e.seen_by(viewer)).collect()
    }
}

impl EventSink for PastEvents {
    fn push(&mut self, event: Event) {
        if self.events.len() == PAST_EVENTS {
            self.events.pop_front();
        }
        self.events.push_back(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use settlers_core::Resource;

    fn turn(n: u16) -> Event {
        Event::TurnStarted {
            seat: Seat(0),
            turn: n,
        }
    }

    #[test]
    fn keeps_the_newest_events_up_to_the_bound() {
        let mut past = PastEvents::default();
        for n in 0..(PAST_EVENTS as u16 + 10) {
            past.push(turn(n));
        }
        let kept = past.seen_by(None);
        assert_eq!(kept.len(), PAST_EVENTS);
        assert_eq!(kept[0], turn(10));
        assert_eq!(kept[PAST_EVENTS - 1], turn(PAST_EVENTS as u16 + 9));
    }

    #[test]
    fn a_stolen_card_shows_only_to_the_thief_and_the_victim() {
        let mut past = PastEvents::default();
        past.extend(&[Event::Robbed {
            thief: Seat(1),
            victim: Seat(2),
            resource: Some(Resource::Ore),
        }]);
        let resource = |viewer| match past.seen_by(viewer)[0] {
            Event::Robbed { resource, .. } => resource,
            ref other => panic!("not a robbery: {other:?}"),
        };
        assert_eq!(resource(Some(Seat(1))), Some(Resource::Ore));
        assert_eq!(resource(Some(Seat(2))), Some(Resource::Ore));
        assert_eq!(resource(Some(Seat(0))), None);
        assert_eq!(resource(None), None);
    }
}
