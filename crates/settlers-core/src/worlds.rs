//! Worlds consistent with a view: a whole game that one viewer cannot tell from the real one,
//! with everything hidden from it drawn again at random from what it knows. Search bots
//! (information-set Monte Carlo tree search) play ahead in such worlds.
//!
//! What is hidden from a seat, and how a world redraws it:
//!
//! - Each other seat's resource cards. The hand's size is public; each resource lies within
//!   the viewer's card-tracking bounds (`card_tracking.rs`); and with a limited bank the
//!   others' cards of each kind together are what the 19 of that kind leave after the bank
//!   and the viewer's own hand. A world draws hands meeting all three.
//!   An offer under way shows cards too: the offerer holds what it gives, and the seats that
//!   accepted hold what it asks for.
//! - Each other seat's unplayed development cards and the deck's contents. Their numbers are
//!   public (a seat's cards bought this turn too: everyone saw the purchase); a world deals
//!   the viewer's unseen development cards (`View::unseen_development_cards`) out again, the
//!   rest forming the deck. No seat gets Victory Point cards enough to reach the target,
//!   which it would have claimed: the game would be over.
//! - What each other seat knows of the others' hands: a world gives every seat the viewer's
//!   own knowledge of the third seats' hands, and of the viewer's hand what a spectator
//!   knows. Both are sound in the world (they admit its hands) and public to the viewer.
//!
//! Nothing else in a game is hidden: the deck has no order (chance draws from its contents,
//! `rules/chance.rs`), and the same holds for the fog stack, the Forgotten Tribe's face-down
//! gifts (drawn from the unseen development cards when claimed), and the event cards (drawn
//! from the cards not yet revealed). Their contents are public and the world keeps them;
//! chance draws them afresh as the world is played on.
//!
//! A world depends on nothing but the view and the generator: two games with the same view
//! give the same world from the same seed (`tests/worlds.rs`). It lives outside `State`: the
//! engine's step pays nothing for it.

use crate::card_tracking::HandBounds;
use crate::chance::{below, shuffle, weighted};
use crate::game::Game;
use crate::resources::{DevelopmentCard, DevelopmentCards, Resources};
use crate::state::{MAX_SEATS, Seat};
use crate::view::View;
use rand_core::Rng;

/// Plain deals tried before the slower deal that checks, card by card, that the rest can
/// still be dealt.
const QUICK_DEALS: usize = 4;

impl View<'_> {
    /// A game the viewer cannot tell from this one, with what it cannot see drawn at random
    /// from what it knows (see the module's text). Depends only on the view and `rng`.
    pub fn sample_world(&self, rng: &mut impl Rng) -> Game {
        self.game().sample_world(self.viewer(), rng)
    }
}

impl Game {
    /// A world as `viewer` (`None`: a spectator) may imagine this game: see `View::sample_world`.
    pub fn sample_world(&self, viewer: Option<Seat>, rng: &mut impl Rng) -> Game {
        let mut world = self.clone();
        // At the end every card is shown (`View::victory_points`): nothing is left to draw.
        if self.is_over() {
            return world;
        }
        let seats = usize::from(self.state.seats);
        let others: Vec<usize> = (0..seats)
            .filter(|&s| viewer != Some(Seat(s as u8)))
            .collect();
        let hands = self.draw_hands(viewer, &others, rng);
        for &s in &others {
            world.state.players[s].hand = hands[s];
        }
        world.deal_development_cards(viewer, &others, rng);
        let mut all_hands = [Resources::EMPTY; MAX_SEATS];
        for (s, hand) in all_hands.iter_mut().enumerate().take(seats) {
            *hand = world.state.players[s].hand;
        }
        world.tracking =
            self.tracking
                .for_world(viewer, &self.hands(), &all_hands, self.state.seats);
        // Its hidden cards are drawn anew: a seat may hold the target in it (Victory Point
        // cards), which the next action's victory check must see.
        world.victory_checked = false;
        world
    }

    /// The others' hands, drawn within what `viewer` knows. Reads of their hands only what
    /// the viewer knows: sizes and bounds.
    fn draw_hands(
        &self,
        viewer: Option<Seat>,
        others: &[usize],
        rng: &mut impl Rng,
    ) -> [Resources; MAX_SEATS] {
        let mut bounds = [HandBounds::default(); MAX_SEATS];
        let mut sizes = [0u32; MAX_SEATS];
        for &s in others {
            let seat = Seat(s as u8);
            sizes[s] = self.state.player(seat).hand.total();
            bounds[s] = self.hand_bounds(viewer, seat);
        }
        // An offer under way shows cards: the offerer holds what it gives, and those who
        // accepted hold what it asks for (B-39).
        if let Some(offer) = self.state.offer.offer {
            let mut holds = |s: usize, cards: &Resources| {
                if others.contains(&s) {
                    let b = &mut bounds[s];
                    for i in 0..5 {
                        b.low.0[i] = b.low.0[i].max(cards.0[i]);
                        b.high.0[i] = b.high.0[i].max(b.low.0[i]);
                    }
                }
            };
            holds(self.state.active.index(), &offer.give);
            for seat in self.state.offer.accepted.iter() {
                holds(seat.index(), &offer.get);
            }
        }
        // With a limited bank, the cards of each kind the others hold together.
        let pool = (!self.bank_is_unlimited()).then(|| {
            let own = viewer.map_or(Resources::EMPTY, |v| self.state.player(v).hand);
            let mut pool = [0i32; 5];
            for (i, p) in pool.iter_mut().enumerate() {
                *p = i32::from(Resources::FULL_BANK.0[i])
                    - i32::from(self.state.bank.0[i])
                    - i32::from(own.0[i]);
            }
            pool
        });
        let deal = Deal {
            others,
            bounds: &bounds,
            sizes: &sizes,
        };
        match pool {
            Some(pool) => deal
                .within_pool(pool, rng)
                .unwrap_or_else(|| deal.free(rng)),
            None => deal.free(rng),
        }
    }

    /// Deals the viewer's unseen development cards to the others, as many to each as it
    /// holds (bought this turn and before apart), the rest to the deck.
    fn deal_development_cards(
        &mut self,
        viewer: Option<Seat>,
        others: &[usize],
        rng: &mut impl Rng,
    ) {
        let unseen = self.view_of(viewer).unseen_development_cards();
        let mut cards: Vec<u8> = Vec::with_capacity(unseen.total() as usize);
        for (kind, &n) in unseen.0.iter().enumerate() {
            cards.extend(std::iter::repeat_n(kind as u8, usize::from(n)));
        }
        shuffle(&mut cards, rng);
        let mut next = 0usize;
        let mut take = |n: u32, cards: &[u8]| {
            let mut out = DevelopmentCards::default();
            for &kind in cards.iter().skip(next).take(n as usize) {
                out.0[usize::from(kind)] += 1;
            }
            next += n as usize;
            out
        };
        for &s in others {
            let p = &self.state.players[s];
            let (old, new) = (p.cards.total(), p.new_cards.total());
            let old = take(old, &cards);
            let new = take(new, &cards);
            let p = &mut self.state.players[s];
            p.cards = old;
            p.new_cards = new;
        }
        let mut deck = DevelopmentCards::default();
        for &kind in cards.iter().skip(next) {
            deck.0[usize::from(kind)] += 1;
        }
        self.state.deck = deck;
        if !self.is_over() {
            for &s in others {
                self.keep_victory_cards_below_target(Seat(s as u8));
            }
        }
    }

    /// Swaps Victory Point cards `seat` was dealt for others in the deck while they would
    /// give it the target: a seat holding the target would have won.
    fn keep_victory_cards_below_target(&mut self, seat: Seat) {
        let vp = DevelopmentCard::VictoryPoint.index();
        while self.victory_point_cards(seat) > 0
            && self.victory_points(seat) >= self.state.victory_points
        {
            let Some(kind) = (0..5).find(|&k| k != vp && self.state.deck.0[k] > 0) else {
                return;
            };
            let p = &mut self.state.players[seat.index()];
            let from = if p.cards.0[vp] > 0 {
                &mut p.cards
            } else {
                &mut p.new_cards
            };
            from.0[vp] -= 1;
            from.0[kind] += 1;
            self.state.deck.0[kind] -= 1;
            self.state.deck.0[vp] += 1;
        }
    }

    fn view_of(&self, viewer: Option<Seat>) -> View<'_> {
        match viewer {
            Some(seat) => self.view(seat),
            None => self.spectator_view(),
        }
    }
}

/// The others' hands to draw: each seat's size and bounds.
struct Deal<'a> {
    others: &'a [usize],
    bounds: &'a [HandBounds; MAX_SEATS],
    sizes: &'a [u32; MAX_SEATS],
}

impl Deal<'_> {
    /// Each seat's certain cards, and how many more it holds.
    fn start(&self) -> ([Resources; MAX_SEATS], [u32; MAX_SEATS]) {
        let mut hands = [Resources::EMPTY; MAX_SEATS];
        let mut unknown = [0u32; MAX_SEATS];
        for &s in self.others {
            hands[s] = self.bounds[s].low;
            unknown[s] = self.bounds[s].unknown_cards(self.sizes[s]);
        }
        (hands, unknown)
    }

    /// Hands whose cards of each kind add up to `pool`: a plain deal of the shuffled cards
    /// left over the certain ones, a few times; then a deal that draws each card among those
    /// that leave the rest dealable. `None` when no deal meets the bounds and the pool.
    fn within_pool(&self, pool: [i32; 5], rng: &mut impl Rng) -> Option<[Resources; MAX_SEATS]> {
        let (start, unknown) = self.start();
        let mut left = pool;
        for &s in self.others {
            for (l, &n) in left.iter_mut().zip(start[s].0.iter()) {
                *l -= i32::from(n);
            }
        }
        let unknown_total: u32 = self.others.iter().map(|&s| unknown[s]).sum();
        if left.iter().any(|&n| n < 0) || left.iter().sum::<i32>() != unknown_total as i32 {
            return None;
        }
        let mut cards: Vec<u8> = Vec::with_capacity(unknown_total as usize);
        for (kind, &n) in left.iter().enumerate() {
            cards.extend(std::iter::repeat_n(kind as u8, n as usize));
        }
        'deal: for _ in 0..QUICK_DEALS {
            shuffle(&mut cards, rng);
            let mut hands = start;
            let mut next = cards.iter();
            for &s in self.others {
                for _ in 0..unknown[s] {
                    let kind = usize::from(*next.next()?);
                    hands[s].0[kind] += 1;
                    if hands[s].0[kind] > self.bounds[s].high.0[kind] {
                        continue 'deal;
                    }
                }
            }
            return Some(hands);
        }
        self.card_by_card(start, unknown, left, rng)
    }

    fn card_by_card(
        &self,
        mut hands: [Resources; MAX_SEATS],
        mut unknown: [u32; MAX_SEATS],
        mut left: [i32; 5],
        rng: &mut impl Rng,
    ) -> Option<[Resources; MAX_SEATS]> {
        let room = |hands: &[Resources; MAX_SEATS], s: usize, k: usize| {
            i32::from(self.bounds[s].high.0[k]) - i32::from(hands[s].0[k])
        };
        if !self.dealable(&hands, &unknown, &left, &room) {
            return None;
        }
        for &s in self.others {
            while unknown[s] > 0 {
                let mut weights = [0u8; 5];
                for k in 0..5 {
                    if room(&hands, s, k) > 0 {
                        weights[k] = left[k].clamp(0, 255) as u8;
                    }
                }
                // Each kind is tried at most once: the deal stays dealable after one of them
                // (it was before this card).
                loop {
                    let k = weighted(rng, &weights)?;
                    hands[s].0[k] += 1;
                    unknown[s] -= 1;
                    left[k] -= 1;
                    if self.dealable(&hands, &unknown, &left, &room) {
                        break;
                    }
                    hands[s].0[k] -= 1;
                    unknown[s] += 1;
                    left[k] += 1;
                    weights[k] = 0;
                }
            }
        }
        Some(hands)
    }

    /// Whether the cards `left` can go to the seats, `unknown[s]` to seat `s`, none beyond
    /// its room for a kind: a transport problem of at most 4 seats and 5 kinds, solved as a
    /// maximum flow by augmenting paths.
    fn dealable(
        &self,
        hands: &[Resources; MAX_SEATS],
        unknown: &[u32; MAX_SEATS],
        left: &[i32; 5],
        room: &impl Fn(&[Resources; MAX_SEATS], usize, usize) -> i32,
    ) -> bool {
        // flow[s][k]: cards of kind k to seat s.
        let mut flow = [[0i32; 5]; MAX_SEATS];
        let mut to_seat = [0i32; MAX_SEATS];
        let mut from_kind = [0i32; 5];
        let need: i32 = self.others.iter().map(|&s| unknown[s] as i32).sum();
        let mut total = 0;
        loop {
            // Breadth-first from the kinds with cards left to a seat with room for more.
            let mut came_from_seat = [usize::MAX; MAX_SEATS];
            let mut came_from_kind = [usize::MAX; 5];
            let mut kind_reached = [false; 5];
            let mut queue: Vec<(bool, usize)> = Vec::new();
            for k in 0..5 {
                if left[k] - from_kind[k] > 0 {
                    kind_reached[k] = true;
                    queue.push((false, k));
                }
            }
            let mut end = None;
            let mut head = 0;
            while head < queue.len() && end.is_none() {
                let (is_seat, i) = queue[head];
                head += 1;
                if is_seat {
                    if (to_seat[i] as u32) < unknown[i] {
                        end = Some(i);
                        break;
                    }
                    for k in 0..5 {
                        if !kind_reached[k] && flow[i][k] > 0 {
                            kind_reached[k] = true;
                            came_from_kind[k] = i;
                            queue.push((false, k));
                        }
                    }
                } else {
                    for &s in self.others {
                        if came_from_seat[s] == usize::MAX && flow[s][i] < room(hands, s, i) {
                            came_from_seat[s] = i;
                            queue.push((true, s));
                        }
                    }
                }
            }
            let Some(mut s) = end else { break };
            to_seat[s] += 1;
            loop {
                let k = came_from_seat[s];
                flow[s][k] += 1;
                match came_from_kind[k] {
                    usize::MAX => {
                        from_kind[k] += 1;
                        break;
                    }
                    prev => {
                        flow[prev][k] -= 1;
                        s = prev;
                    }
                }
            }
            total += 1;
        }
        total == need
    }

    /// Hands within the bounds only, each unknown card of a kind the seat may hold more of
    /// (an unlimited bank, or bounds the pool cannot meet).
    fn free(&self, rng: &mut impl Rng) -> [Resources; MAX_SEATS] {
        let (mut hands, unknown) = self.start();
        for &s in self.others {
            for _ in 0..unknown[s] {
                let open: Vec<usize> = (0..5)
                    .filter(|&k| hands[s].0[k] < self.bounds[s].high.0[k])
                    .collect();
                let k = if open.is_empty() {
                    below(rng, 5) as usize
                } else {
                    open[below(rng, open.len() as u32) as usize]
                };
                hands[s].0[k] = hands[s].0[k].saturating_add(1);
            }
        }
        hands
    }
}
