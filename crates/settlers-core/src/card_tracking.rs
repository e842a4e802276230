//! Card tracking: what the table can know of each seat's resource cards (ARCHITECTURE.md,
//! Hidden information; docs/bots.md). Nearly every movement of cards is public: production,
//! builds, bank and player trades, discards, Monopoly, gold picks, the fleet's plunder. A few
//! move cards between two seats face down: the robber's steal (B-28), an event card's steal or
//! gift (BAE-4), the cards a forced trade takes and gives back (BA2-7). The two seats see the
//! cards; everyone else sees only how many moved.
//!
//! What a viewer knows of a seat's hand is kept as per-resource bounds, `HandBounds`: each
//! resource between `low` (held for certain) and `high` (the most that may be held), with the
//! hand's size exact (it is public). Every hand within the bounds and of that size is possible
//! as far as the bounds say; they forget which combinations a steal tied together (the thief
//! gained what the victim lost), so they may admit a few hands that the full history rules
//! out, never exclude the real one.
//!
//! The engine keeps bounds only where a viewer's knowledge is inexact; everywhere else the
//! viewer knows the hand, and the hand itself is the answer. A game that plays no hidden move
//! does no tracking work at all.

use crate::resources::Resources;
use crate::state::{MAX_SEATS, Seat};
use serde::Serialize;

/// What a viewer knows of one seat's resource cards: each resource between `low` and `high`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HandBounds {
    /// Cards held for certain.
    pub low: Resources,
    /// The most of each resource that may be held.
    pub high: Resources,
}

impl HandBounds {
    /// A hand known card for card.
    pub fn exactly(hand: Resources) -> HandBounds {
        HandBounds {
            low: hand,
            high: hand,
        }
    }

    /// Nothing known but the hand's size.
    pub fn unknown(size: u32) -> HandBounds {
        let most = size.min(u32::from(u8::MAX)) as u8;
        HandBounds {
            low: Resources::EMPTY,
            high: Resources([most; 5]),
        }
    }

    pub fn is_exact(&self) -> bool {
        self.low == self.high
    }

    /// The cards of a hand of `size` cards whose kind is not known for certain.
    pub fn unknown_cards(&self, size: u32) -> u32 {
        size.saturating_sub(self.low.total())
    }

    /// Whether `hand` is possible as far as these bounds say.
    pub fn admits(&self, hand: &Resources) -> bool {
        hand.covers(&self.low) && self.high.covers(hand)
    }

    /// Narrows the bounds by the hand's size: a resource holds at least what the others cannot,
    /// and at most what the others leave.
    fn narrow_to(&mut self, size: u32) {
        let size = i32::try_from(size).unwrap_or(i32::MAX);
        let sum = |r: &Resources| r.0.iter().map(|&n| i32::from(n)).sum::<i32>();
        let (all_low, all_high) = (sum(&self.low), sum(&self.high));
        let (low, high) = (self.low, self.high);
        for i in 0..5 {
            let (l, h) = (i32::from(low.0[i]), i32::from(high.0[i]));
            self.low.0[i] = l.max(size - (all_high - h)).clamp(0, 255) as u8;
            self.high.0[i] = h.min(size - (all_low - l)).clamp(0, 255) as u8;
        }
    }
}

/// A row of knowledge for each seat as viewer, and one for spectators.
const ROWS: usize = MAX_SEATS + 1;
const SPECTATORS: usize = MAX_SEATS;
/// The most face-down moves one action makes; one in the rules as written.
const MOST_HIDDEN_MOVES: usize = 4;

/// Cards moved face down from one seat to another by the action under way.
#[derive(Clone, Copy, Debug, Default)]
struct HiddenMove {
    from: Seat,
    to: Seat,
    cards: Resources,
}

/// Every viewer's knowledge of every seat's hand. Part of a game, not of its position: a
/// game read from a position starts knowing only the hands' sizes (`forget`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CardTracking {
    /// `bounds[row][seat]`, meaningful where `inexact` has the bit `row * MAX_SEATS + seat`.
    bounds: [[HandBounds; MAX_SEATS]; ROWS],
    inexact: u32,
    hidden: [HiddenMove; MOST_HIDDEN_MOVES],
    hidden_count: u8,
    /// More face-down moves than kept: the action's changes are all treated as hidden.
    overflow: bool,
}

fn bit(row: usize, seat: usize) -> u32 {
    1 << (row * MAX_SEATS + seat)
}

fn row_of(viewer: Option<Seat>) -> usize {
    viewer.map_or(SPECTATORS, Seat::index)
}

impl CardTracking {
    /// What `viewer` (`None`: a spectator) knows of `seat`'s hand, which is `hand`.
    pub(crate) fn bounds(&self, viewer: Option<Seat>, seat: Seat, hand: Resources) -> HandBounds {
        let row = row_of(viewer);
        if viewer == Some(seat) || self.inexact & bit(row, seat.index()) == 0 {
            HandBounds::exactly(hand)
        } else {
            self.bounds[row][seat.index()]
        }
    }

    /// What every viewer knows in a world `viewer` imagines (`worlds.rs`), whose hands are
    /// `hands`: the viewer's own knowledge stays; every other seat knows of the third seats'
    /// hands what the viewer knows, and of the viewer's hand what a spectator knows; the
    /// spectators' knowledge stays. Each bound is widened, should it need to be, to admit
    /// the world's hand. Reads nothing the viewer cannot know.
    pub(crate) fn for_world(
        &self,
        viewer: Option<Seat>,
        hands: &[Resources; MAX_SEATS],
        seats: u8,
    ) -> CardTracking {
        let mut out = CardTracking::default();
        let seats = usize::from(seats);
        for row in (0..seats).chain([SPECTATORS]) {
            let row_viewer = (row < MAX_SEATS).then_some(Seat(row as u8));
            for (seat, hand) in hands.iter().enumerate().take(seats) {
                if row == seat {
                    continue;
                }
                let seat_id = Seat(seat as u8);
                let known_by = if row_viewer == viewer || row == SPECTATORS {
                    row_viewer
                } else if viewer == Some(seat_id) {
                    None
                } else {
                    viewer
                };
                let mut b = self.bounds(known_by, seat_id, *hand);
                for i in 0..5 {
                    b.low.0[i] = b.low.0[i].min(hand.0[i]);
                    b.high.0[i] = b.high.0[i].max(hand.0[i]);
                }
                out.store(row, seat, b);
            }
        }
        out
    }

    /// An action begins: no face-down move yet.
    #[inline]
    pub(crate) fn begin(&mut self) {
        self.hidden_count = 0;
        self.overflow = false;
    }

    /// The rules moved `cards` face down from `from` to `to`.
    pub(crate) fn hidden_move(&mut self, from: Seat, to: Seat, cards: Resources) {
        let i = usize::from(self.hidden_count);
        if i < MOST_HIDDEN_MOVES {
            self.hidden[i] = HiddenMove { from, to, cards };
            self.hidden_count += 1;
        } else {
            self.overflow = true;
        }
    }

    /// Everything any viewer knew of others' hands is lost but their sizes (a game read from
    /// a position, whose history is not kept).
    pub(crate) fn forget(&mut self, hands: &[Resources; MAX_SEATS], seats: u8) {
        self.inexact = 0;
        for row in 0..ROWS {
            for (seat, hand) in hands.iter().enumerate().take(usize::from(seats)) {
                if row == seat {
                    continue;
                }
                let mut b = HandBounds::unknown(hand.total());
                b.narrow_to(hand.total());
                self.store(row, seat, b);
            }
        }
    }

    fn store(&mut self, row: usize, seat: usize, b: HandBounds) {
        if b.is_exact() {
            self.inexact &= !bit(row, seat);
        } else {
            self.bounds[row][seat] = b;
            self.inexact |= bit(row, seat);
        }
    }

    /// `record` for an action that moved every card in the open: only the doubts kept change,
    /// each by its seat's change.
    fn record_public(&mut self, before: &[Resources; MAX_SEATS], after: &[Resources; MAX_SEATS]) {
        let mut left = self.inexact;
        while left != 0 {
            let b = left.trailing_zeros() as usize;
            left &= left - 1;
            let (row, seat) = (b / MAX_SEATS, b % MAX_SEATS);
            let (was, now) = (&before[seat], &after[seat]);
            if was == now {
                continue;
            }
            let bounds = &mut self.bounds[row][seat];
            for i in 0..5 {
                let change = i16::from(now.0[i]) - i16::from(was.0[i]);
                bounds.low.0[i] = (i16::from(bounds.low.0[i]) + change).clamp(0, 255) as u8;
                bounds.high.0[i] = (i16::from(bounds.high.0[i]) + change).clamp(0, 255) as u8;
            }
            let mut narrowed = *bounds;
            narrowed.narrow_to(now.total());
            self.store(row, seat, narrowed);
        }
    }

    /// Whether `record` has anything to do after an action that left the players so: a
    /// face-down move, or a doubt that a changed hand may narrow.
    #[inline]
    pub(crate) fn has_work(
        &self,
        before: &[Resources; MAX_SEATS],
        players: &[crate::state::PlayerState; MAX_SEATS],
    ) -> bool {
        self.hidden_count > 0
            || self.overflow
            || (self.inexact != 0 && before.iter().zip(players).any(|(b, p)| *b != p.hand))
    }

    /// The action is done: the hands went from `before` to `after`. Every change is public
    /// but the face-down moves, which the two seats see and the others count.
    pub(crate) fn record(
        &mut self,
        before: &[Resources; MAX_SEATS],
        after: &[Resources; MAX_SEATS],
        seats: u8,
    ) {
        if self.hidden_count == 0 && !self.overflow {
            self.record_public(before, after);
            return;
        }
        let seats = usize::from(seats);
        let hidden = self.hidden;
        let hidden = &hidden[..usize::from(self.hidden_count)];
        for row in 0..ROWS {
            if row < MAX_SEATS && row >= seats {
                continue;
            }
            let viewer = (row < MAX_SEATS).then_some(Seat(row as u8));
            let row_bits = 0b1111 << (row * MAX_SEATS);
            let moves_unseen = hidden
                .iter()
                .any(|m| viewer != Some(m.from) && viewer != Some(m.to));
            if self.inexact & row_bits == 0 && !moves_unseen && !self.overflow {
                continue;
            }
            // The change each seat made as this viewer sees it, the cards it lost and gained
            // face down, and what the gains may be.
            let mut public = [[0i32; 5]; MAX_SEATS];
            for (s, change) in public.iter_mut().enumerate().take(seats) {
                for (i, c) in change.iter_mut().enumerate() {
                    *c = i32::from(after[s].0[i]) - i32::from(before[s].0[i]);
                }
            }
            let mut lost = [0i32; MAX_SEATS];
            let mut gained = [0i32; MAX_SEATS];
            let mut touched = 0u32;
            for m in hidden {
                if viewer == Some(m.from) || viewer == Some(m.to) {
                    continue;
                }
                let (f, t) = (m.from.index(), m.to.index());
                for (i, &n) in m.cards.0.iter().enumerate() {
                    public[f][i] += i32::from(n);
                    public[t][i] -= i32::from(n);
                }
                let count = m.cards.total() as i32;
                lost[f] += count;
                gained[t] += count;
                touched |= bit(row, f) | bit(row, t);
            }
            if self.overflow {
                touched |= (0..seats).fold(0, |m, s| m | bit(row, s));
            }
            let mut before_bounds = [HandBounds::default(); MAX_SEATS];
            for (s, b) in before_bounds.iter_mut().enumerate().take(seats) {
                *b = self.bounds(viewer, Seat(s as u8), before[s]);
            }
            for seat in 0..seats {
                if viewer == Some(Seat(seat as u8)) {
                    continue;
                }
                let b = bit(row, seat);
                if (self.inexact | touched) & b == 0 {
                    continue;
                }
                let old = before_bounds[seat];
                let mut new = if self.overflow {
                    HandBounds::unknown(after[seat].total())
                } else {
                    let mut new = HandBounds::default();
                    // A card gained face down is of a kind its giver may have held: what it
                    // held before, what it gained openly or face down in the same action.
                    let mut gain = [0i32; 5];
                    for m in hidden.iter().filter(|m| m.to.index() == seat) {
                        if viewer == Some(m.from) {
                            continue;
                        }
                        let f = m.from.index();
                        let count = m.cards.total() as i32;
                        for (i, g) in gain.iter_mut().enumerate() {
                            let giver_most = i32::from(before_bounds[f].high.0[i])
                                + public[f][i].max(0)
                                + gained[f];
                            *g += count.min(giver_most);
                        }
                    }
                    for i in 0..5 {
                        let low = i32::from(old.low.0[i]) + public[seat][i] - lost[seat];
                        let high = i32::from(old.high.0[i]) + public[seat][i] + gain[i];
                        new.low.0[i] = low.clamp(0, 255) as u8;
                        new.high.0[i] = high.clamp(0, 255) as u8;
                    }
                    new
                };
                new.narrow_to(after[seat].total());
                self.store(row, seat, new);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hands(list: &[Resources]) -> [Resources; MAX_SEATS] {
        std::array::from_fn(|i| list.get(i).copied().unwrap_or_default())
    }

    #[test]
    fn a_steal_is_seen_by_thief_and_victim_and_counted_by_the_others() {
        let mut t = CardTracking::default();
        let before = hands(&[
            Resources::new(0, 0, 0, 0, 0),
            Resources::new(1, 0, 0, 0, 1),
            Resources::new(0, 2, 0, 0, 0),
        ]);
        let mut after = before;
        after[1] = Resources::new(1, 0, 0, 0, 0);
        after[0] = Resources::new(0, 0, 0, 0, 1);
        t.begin();
        t.hidden_move(Seat(1), Seat(0), Resources::new(0, 0, 0, 0, 1));
        t.record(&before, &after, 3);
        for viewer in [Some(Seat(0)), Some(Seat(1))] {
            for seat in 0..3 {
                let b = t.bounds(viewer, Seat(seat), after[seat as usize]);
                assert!(b.is_exact(), "{viewer:?} knows seat {seat}: {b:?}");
            }
        }
        for viewer in [Some(Seat(2)), None] {
            let victim = t.bounds(viewer, Seat(1), after[1]);
            assert_eq!(victim.low, Resources::EMPTY);
            assert_eq!(victim.high, Resources::new(1, 0, 0, 0, 1));
            let thief = t.bounds(viewer, Seat(0), after[0]);
            assert_eq!(thief.low, Resources::EMPTY);
            assert_eq!(thief.high, Resources::new(1, 0, 0, 0, 1));
            assert!(t.bounds(viewer, Seat(2), after[2]).is_exact());
        }
    }

    #[test]
    fn public_moves_narrow_what_a_steal_left_open() {
        let mut t = CardTracking::default();
        let before = hands(&[Resources::EMPTY, Resources::new(1, 0, 0, 0, 1)]);
        let mut after = before;
        after[1] = Resources::new(0, 0, 0, 0, 1);
        after[0] = Resources::new(1, 0, 0, 0, 0);
        t.begin();
        t.hidden_move(Seat(1), Seat(0), Resources::new(1, 0, 0, 0, 0));
        t.record(&before, &after, 3);
        let third = Some(Seat(2));
        assert!(!t.bounds(third, Seat(0), after[0]).is_exact());
        // The thief pays a brick to the bank in the open: its one card was a brick.
        let before = after;
        after[0] = Resources::EMPTY;
        t.begin();
        t.record(&before, &after, 3);
        assert!(t.bounds(third, Seat(0), after[0]).is_exact());
        // And the victim, who kept one card of brick or ore, builds with an ore: it was ore.
        let before = after;
        after[1] = Resources::EMPTY;
        t.begin();
        t.record(&before, &after, 3);
        assert!(t.bounds(third, Seat(1), after[1]).is_exact());
        assert_eq!(t.inexact, 0);
    }

    #[test]
    fn a_spent_card_shows_a_hand_held_it() {
        let mut b = HandBounds::unknown(3);
        b.narrow_to(3);
        assert_eq!(b.high, Resources([3; 5]));
        let mut t = CardTracking::default();
        let before = hands(&[Resources::EMPTY, Resources::new(0, 0, 2, 1, 0)]);
        t.forget(&before, 2);
        assert!(!t.bounds(Some(Seat(0)), Seat(1), before[1]).is_exact());
        // Two wool paid openly: the third card is unknown still, but two were wool.
        let mut after = before;
        after[1] = Resources::new(0, 0, 0, 1, 0);
        t.begin();
        t.record(&before, &after, 2);
        let b = t.bounds(Some(Seat(0)), Seat(1), after[1]);
        assert_eq!(b.low, Resources::EMPTY);
        assert_eq!(b.high, Resources([1; 5]));
        assert_eq!(b.unknown_cards(1), 1);
    }
}
