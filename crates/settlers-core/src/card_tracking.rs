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
    /// and at most what the others leave (`narrowed`, which the tracking calls on counts; the
    /// tests state the rule on bounds).
    #[cfg(test)]
    fn narrow_to(&mut self, size: u32) {
        let (low, high) = narrowed(Counts::of(self.low), Counts::of(self.high), size);
        self.low = low.resources();
        self.high = high.resources();
    }
}

/// `HandBounds::narrow_to` on the bounds as counts, every count at most 255 before and after.
/// Worked on all five counts at once: the hand's size is at most 5 × 255, so no count below
/// passes 1,275 + 255, within a count's eleven bits.
#[inline(always)]
fn narrowed(low: Counts, high: Counts, size: u32) -> (Counts, Counts) {
    let size = Counts::splat(size.min(MOST_CARDS));
    // What the others' most leaves of the size, and what their least does.
    let least = size.plus(high).minus_or_zero(Counts::splat(high.sum()));
    let most = size.plus(low).minus_or_zero(Counts::splat(low.sum()));
    (low.max(least).min(Counts::splat(255)), high.min(most))
}

/// The most cards a hand holds: five counts of a byte.
const MOST_CARDS: u32 = 5 * 255;

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

/// The five counts of a hand in one word, twelve bits a count ("SIMD within a register"), so
/// that the bounds of a hand move by a few word operations at each public change of a hand,
/// which is most actions. Every count stays below 2^11: the twelfth bit of each is the guard
/// a subtraction borrows from, so that no borrow crosses into the next count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts(u64);

/// A one at the lowest bit of each count.
const ONES: u64 = 0x0001_0010_0100_1001;
/// Each count's guard bit.
const GUARDS: u64 = ONES << 11;

impl Counts {
    #[inline(always)]
    fn of(r: Resources) -> Counts {
        let [a, b, c, d, e] = r.0.map(u64::from);
        Counts(a | b << 12 | c << 24 | d << 36 | e << 48)
    }

    /// The counts as cards; every count is at most 255 here.
    #[inline(always)]
    fn resources(self) -> Resources {
        Resources(std::array::from_fn(|i| (self.0 >> (12 * i)) as u8))
    }

    /// `n` in every count; `n` is below 2^11.
    #[inline(always)]
    fn splat(n: u32) -> Counts {
        Counts(u64::from(n) * ONES)
    }

    /// Count by count; the sums stay below 2^11 (both sides at most 1,023).
    #[inline(always)]
    fn plus(self, other: Counts) -> Counts {
        Counts(self.0 + other.0)
    }

    /// Count by count, and 0 where `other` is the larger.
    #[inline(always)]
    fn minus_or_zero(self, other: Counts) -> Counts {
        let d = (self.0 | GUARDS) - other.0;
        // The guard bit stays where no borrow took it, which is where self ≥ other.
        let kept = (d & GUARDS) >> 11;
        Counts(d & ((kept << 11) - kept))
    }

    #[inline(always)]
    fn min(self, other: Counts) -> Counts {
        Counts(self.0 - self.minus_or_zero(other).0)
    }

    /// Count by count; both sides' counts below 2^11, so the larger is too.
    #[inline(always)]
    fn max(self, other: Counts) -> Counts {
        Counts(self.0 + other.minus_or_zero(self).0)
    }

    /// The five counts' sum: a multiplication gathers them in the top count's place, and no
    /// partial sum below it carries over while every count is at most 255 (the sum is then
    /// at most 1,275, within the place's twelve bits).
    #[inline(always)]
    fn sum(self) -> u32 {
        ((self.0.wrapping_mul(ONES) >> 48) & 0xFFF) as u32
    }
}

/// `HandBounds` as the hand's distance from them, count by count: `below` from the least a
/// resource may be held to the hand, `above` from the hand to the most. Kept so, a public
/// change of the hand leaves them as they are unless a count runs into a bound (a hand
/// paying a card it did not certainly hold): narrowing by the hand's size, which would
/// follow, asks only the distances' sums, and narrowing twice narrows no further.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Gaps {
    below: Counts,
    above: Counts,
}

impl Gaps {
    /// The distances of bounds that admit `hand` (`store_counts` works them out on counts).
    #[cfg(test)]
    fn of(b: HandBounds, hand: Resources) -> Gaps {
        let hand = Counts::of(hand);
        Gaps {
            below: hand.minus_or_zero(Counts::of(b.low)),
            above: Counts::of(b.high).minus_or_zero(hand),
        }
    }

    #[inline(always)]
    fn bounds(self, hand: Resources) -> HandBounds {
        let hand = Counts::of(hand);
        HandBounds {
            low: hand.minus_or_zero(self.below).resources(),
            high: hand.plus(self.above).resources(),
        }
    }

    fn is_exact(self) -> bool {
        self.below.0 | self.above.0 == 0
    }

    /// The distances after a public change to the hand `now`, of which `room` is what a count
    /// may still grow to 255: `None` where they stay. `HandBounds`'s arithmetic (the change
    /// added to both bounds, clamped to 0..=255, then `narrow_to` the new size) on distances.
    #[inline(always)]
    fn after_public_change(self, now: Counts, room: Counts) -> Option<Gaps> {
        let below = self.below.min(now);
        let above = self.above.min(room);
        if below == self.below && above == self.above {
            return None;
        }
        // A count is at least what the others' most cannot hold, and at most what the
        // others' least leaves; the sums are at most 5 × 255, within a count's eleven bits.
        let over = Counts::splat(above.sum());
        let under = Counts::splat(below.sum());
        Some(Gaps {
            below: below.min(over.minus_or_zero(above)),
            above: above.min(under.minus_or_zero(below)),
        })
    }
}

/// Every viewer's knowledge of every seat's hand. Part of a game, not of its position: a
/// game read from a position starts knowing only the hands' sizes (`forget`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CardTracking {
    /// `gaps[row][seat]`, meaningful where `inexact` has the bit `row * MAX_SEATS + seat`:
    /// the bounds as distances from the seat's hand.
    gaps: [[Gaps; MAX_SEATS]; ROWS],
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
            self.gaps[row][seat.index()].bounds(hand)
        }
    }

    /// What every viewer knows in a world `viewer` imagines (`worlds.rs`), whose hands are
    /// `hands`, of a game whose hands are `real`: the viewer's own knowledge stays; every
    /// other seat knows of the third seats' hands what the viewer knows, and of the viewer's
    /// hand what a spectator knows; the spectators' knowledge stays. Each bound is widened,
    /// should it need to be, to admit the world's hand, and narrowed by its size. Of the real
    /// hands it reads only what bounds the viewer knows (which are kept as distances from
    /// them), and an exact knowledge is the world's hand itself.
    pub(crate) fn for_world(
        &self,
        viewer: Option<Seat>,
        real: &[Resources; MAX_SEATS],
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
                let mut b = self.bounds(known_by, seat_id, real[seat]);
                if b.is_exact() {
                    b = HandBounds::exactly(*hand);
                }
                for i in 0..5 {
                    b.low.0[i] = b.low.0[i].min(hand.0[i]);
                    b.high.0[i] = b.high.0[i].max(hand.0[i]);
                }
                out.store(row, seat, b, *hand);
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
                self.store(row, seat, HandBounds::unknown(hand.total()), *hand);
            }
        }
    }

    /// Keeps what `row`'s viewer knows of `seat`'s hand, which is `hand`: `b`, which admits
    /// it, narrowed by its size.
    fn store(&mut self, row: usize, seat: usize, b: HandBounds, hand: Resources) {
        self.store_counts(
            row,
            seat,
            (Counts::of(b.low), Counts::of(b.high)),
            Counts::of(hand),
            hand.total(),
        );
    }

    /// `store` on counts: the bounds `(low, high)`, every count at most 255, of the hand
    /// `hand` of `size` cards. A steal's record works on counts throughout.
    #[inline(always)]
    fn store_counts(
        &mut self,
        row: usize,
        seat: usize,
        (low, high): (Counts, Counts),
        hand: Counts,
        size: u32,
    ) {
        let (low, high) = narrowed(low, high, size);
        if low == high {
            self.inexact &= !bit(row, seat);
        } else {
            self.gaps[row][seat] = Gaps {
                below: hand.minus_or_zero(low),
                above: high.minus_or_zero(hand),
            };
            self.inexact |= bit(row, seat);
        }
    }

    /// `bounds` on counts for a viewer's `row` and another seat, whose hand is `hand`.
    #[inline(always)]
    fn bounds_counts(&self, row: usize, seat: usize, hand: Counts) -> (Counts, Counts) {
        if self.inexact & bit(row, seat) == 0 {
            (hand, hand)
        } else {
            let gaps = self.gaps[row][seat];
            (hand.minus_or_zero(gaps.below), hand.plus(gaps.above))
        }
    }

    /// `record` for an action that moved every card in the open: only the doubts kept of
    /// the seats whose hands changed may change.
    fn record_public(&mut self, before: &[Resources; MAX_SEATS], after: &[Resources; MAX_SEATS]) {
        self.record_public_but(before, after, None);
    }

    /// `record_public` for every seat but `left_out`'s (a pair whose change is recorded
    /// otherwise).
    #[inline(always)]
    fn record_public_but(
        &mut self,
        before: &[Resources; MAX_SEATS],
        after: &[Resources; MAX_SEATS],
        left_out: Option<[usize; 2]>,
    ) {
        let most = Counts::splat(u32::from(u8::MAX));
        for seat in 0..MAX_SEATS {
            // The seat's bit in every row.
            let rows = self.inexact & (0x1_1111 << seat);
            if rows == 0
                || before[seat] == after[seat]
                || left_out.is_some_and(|pair| pair.contains(&seat))
            {
                continue;
            }
            let now = Counts::of(after[seat]);
            let room = most.minus_or_zero(now);
            let mut left = rows;
            while left != 0 {
                let b = left.trailing_zeros() as usize;
                left &= left - 1;
                let gaps = &mut self.gaps[b / MAX_SEATS][seat];
                if let Some(new) = gaps.after_public_change(now, room) {
                    *gaps = new;
                    if new.is_exact() {
                        self.inexact &= !(1 << b);
                    }
                }
            }
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
        if self.record_steal(before, after, seats) {
            return;
        }
        self.record_any(before, after, seats);
    }

    /// `record_any` for an action whose one face-down move (a steal, most often) is all that
    /// changed the two hands it moved between: worked out on those two hands in a few word
    /// operations, and on the others' public changes, if any (an event card's production after
    /// the last card given, say), as `record_public` works them out. Returns false, doing
    /// nothing, for any other action.
    fn record_steal(
        &mut self,
        before: &[Resources; MAX_SEATS],
        after: &[Resources; MAX_SEATS],
        seats: u8,
    ) -> bool {
        if self.hidden_count != 1 || self.overflow {
            return false;
        }
        let HiddenMove { from, to, cards } = self.hidden[0];
        let (f, t) = (from.index(), to.index());
        let moved = Counts::of(cards);
        let seats = usize::from(seats);
        let (victim_before, thief_before) = (Counts::of(before[f]), Counts::of(before[t]));
        let (victim_after, thief_after) = (Counts::of(after[f]), Counts::of(after[t]));
        if f == t
            || victim_after.plus(moved) != victim_before
            || thief_before.plus(moved) != thief_after
        {
            return false;
        }
        // Each seat's bounds change with its own hand alone: the others' are public changes.
        if (0..seats).any(|s| s != f && s != t && before[s] != after[s]) {
            self.record_public_but(before, after, Some([f, t]));
        }
        let (victim_size, thief_size) = (after[f].total(), after[t].total());
        let count = Counts::splat(cards.total().min(MOST_CARDS));
        let most = Counts::splat(u32::from(u8::MAX));
        for row in (0..seats).chain([SPECTATORS]) {
            if row == f || row == t {
                // The thief and the victim saw the cards: a public change of both hands.
                for seat in [f, t] {
                    if row == seat || self.inexact & bit(row, seat) == 0 {
                        continue;
                    }
                    let now = if seat == f { victim_after } else { thief_after };
                    let gaps = &mut self.gaps[row][seat];
                    if let Some(new) = gaps.after_public_change(now, most.minus_or_zero(now)) {
                        *gaps = new;
                        if new.is_exact() {
                            self.inexact &= !bit(row, seat);
                        }
                    }
                }
                continue;
            }
            // The others counted the cards: the victim may have lost any kind it may have
            // held, the thief gained as many of a kind as the victim may have held of it.
            let (victim_low, victim_high) = self.bounds_counts(row, f, victim_before);
            let (thief_low, thief_high) = self.bounds_counts(row, t, thief_before);
            let victim_new = (victim_low.minus_or_zero(count), victim_high);
            let thief_new = (thief_low, thief_high.plus(victim_high.min(count)).min(most));
            self.store_counts(row, f, victim_new, victim_after, victim_size);
            self.store_counts(row, t, thief_new, thief_after, thief_size);
        }
        true
    }

    /// `record` for any action: every viewer's knowledge worked out anew from the changes it
    /// saw and the face-down moves it counted.
    fn record_any(
        &mut self,
        before: &[Resources; MAX_SEATS],
        after: &[Resources; MAX_SEATS],
        seats: u8,
    ) {
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
                let new = if self.overflow {
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
                self.store(row, seat, new, after[seat]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The public change as `HandBounds`'s arithmetic writes it, a count at a time.
    fn after_public_change_by_count(b: HandBounds, was: Resources, now: Resources) -> HandBounds {
        let mut b = b;
        for i in 0..5 {
            let change = i16::from(now.0[i]) - i16::from(was.0[i]);
            b.low.0[i] = (i16::from(b.low.0[i]) + change).clamp(0, 255) as u8;
            b.high.0[i] = (i16::from(b.high.0[i]) + change).clamp(0, 255) as u8;
        }
        b.narrow_to(now.total());
        b
    }

    /// `HandBounds::narrow_to` as the rule says it, a count at a time.
    fn narrow_to_by_count(b: HandBounds, size: u32) -> HandBounds {
        let size = i32::try_from(size).unwrap_or(i32::MAX);
        let sum = |r: &Resources| r.0.iter().map(|&n| i32::from(n)).sum::<i32>();
        let (all_low, all_high) = (sum(&b.low), sum(&b.high));
        let mut out = b;
        for i in 0..5 {
            let (l, h) = (i32::from(b.low.0[i]), i32::from(b.high.0[i]));
            out.low.0[i] = l.max(size - (all_high - h)).clamp(0, 255) as u8;
            out.high.0[i] = h.min(size - (all_low - l)).clamp(0, 255) as u8;
        }
        out
    }

    fn resources() -> impl Strategy<Value = Resources> {
        proptest::array::uniform5(any::<u8>()).prop_map(Resources)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// Kept as distances, bounds change at a public change of the hand as the
        /// count-by-count arithmetic changes them, for any bounds that admit the hand and are
        /// narrowed by its size, which are the bounds a game keeps.
        #[test]
        fn distances_change_as_the_bounds_do(
            low in resources(), high in resources(), was in resources(), now in resources(),
        ) {
            let mut b = HandBounds {
                low: Resources(std::array::from_fn(|i| low.0[i].min(was.0[i]))),
                high: Resources(std::array::from_fn(|i| high.0[i].max(was.0[i]))),
            };
            b.narrow_to(was.total());
            let gaps = Gaps::of(b, was);
            prop_assert_eq!(gaps.bounds(was), b);
            let now_counts = Counts::of(now);
            let room = Counts::splat(u32::from(u8::MAX)).minus_or_zero(now_counts);
            let changed = gaps.after_public_change(now_counts, room).unwrap_or(gaps);
            prop_assert_eq!(changed.bounds(now), after_public_change_by_count(b, was, now));
        }

        /// Narrowing all five counts at once narrows each as the count-by-count arithmetic
        /// does, for any bounds and any size a hand can have.
        #[test]
        fn narrowing_by_the_size_works_as_count_by_count(
            low in resources(), high in resources(), size in 0..=MOST_CARDS,
        ) {
            let b = HandBounds { low, high };
            let mut narrowed = b;
            narrowed.narrow_to(size);
            prop_assert_eq!(narrowed, narrow_to_by_count(b, size));
        }

        #[test]
        fn counts_add_subtract_and_sum_as_numbers(a in resources(), b in resources()) {
            let (x, y) = (Counts::of(a), Counts::of(b));
            prop_assert_eq!(x.resources(), a);
            prop_assert_eq!(x.sum(), a.total());
            for i in 0..5 {
                let (m, n) = (a.0[i], b.0[i]);
                prop_assert_eq!(x.minus_or_zero(y).resources().0[i], m.saturating_sub(n));
                prop_assert_eq!(x.min(y).resources().0[i], m.min(n));
                prop_assert_eq!(x.max(y).resources().0[i], m.max(n));
                prop_assert_eq!((x.plus(y).0 >> (12 * i)) & 0xFFF, u64::from(m) + u64::from(n));
            }
        }
    }

    /// The short way for a steal knows what the long way for any action knows: random games
    /// of every scenario, each action with a face-down move recorded both ways and every
    /// viewer's bounds of every hand compared.
    #[test]
    fn a_steal_recorded_the_short_way_is_known_as_the_long_way_knows_it() {
        use rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut short, mut long, mut short_with_others) = (0u32, 0u32, 0u32);
        crate::random_play::every_scenario(2, 5_000, &mut rng, |name, game, actor, action| {
            let (kept, before) = (game.tracking, game.hands());
            game.apply(actor, action).unwrap();
            let after = game.hands();
            let seats = game.state.seats;
            let done = game.tracking;
            if done.hidden_count == 0 && !done.overflow {
                return;
            }
            let mut any = kept;
            (any.hidden, any.hidden_count, any.overflow) =
                (done.hidden, done.hidden_count, done.overflow);
            let mut steal = any;
            if steal.record_steal(&before, &after, seats) {
                short += 1;
                let HiddenMove { from, to, .. } = done.hidden[0];
                if (0..seats)
                    .map(Seat)
                    .any(|s| s != from && s != to && before[s.index()] != after[s.index()])
                {
                    short_with_others += 1;
                }
            } else {
                long += 1;
            }
            any.record_any(&before, &after, seats);
            for viewer in (0..seats).map(|s| Some(Seat(s))).chain([None]) {
                for seat in (0..seats).map(Seat) {
                    let hand = after[seat.index()];
                    assert_eq!(
                        done.bounds(viewer, seat, hand),
                        any.bounds(viewer, seat, hand),
                        "{name}: {action:?}, {viewer:?} of {seat:?}"
                    );
                }
            }
        });
        assert!(short > 1_000, "{short} steals the short way");
        assert!(
            short_with_others > 0,
            "{short_with_others} steals the short way with others' hands changed too"
        );
        assert!(long > 0, "{long} face-down moves the long way");
    }

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
