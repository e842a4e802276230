//! The observation vector of one seat (docs/python.md, "Observations"): built from the
//! seat's `View` alone, so it holds nothing the seat may not see. Counts are given as
//! they are, flags as 0 or 1.

use crate::session::{Pending, Session};
use crate::space::{CardStep, Mover, Space};
use settlers_core::bits::Bits;
use settlers_core::map::HarborKind;
use settlers_core::rules::routes::{Pieces, longest_route};
use settlers_core::state::{MAX_SEATS, OpenOffer, TradeOffer};
use settlers_core::topology::{CornerId, CornerSet, EdgeSet, HexId};
use settlers_core::{Phase, Resource, Seat, Terrain, ToAct};

pub const PHASES: usize = 33;
/// Phase, active seat, viewer, waiting seats, chance, over, dice, bank, deck, turn, target.
const GLOBAL: usize = PHASES + 4 + 4 + 4 + 1 + 1 + 2 + 5 + 1 + 1 + 1;
/// The offer on the table: give, get, to, answered, accepted.
const OFFER: usize = 5 + 5 + 4 + 4 + 4;
/// The viewer's choice in steps: its kind, the cards chosen, how many to choose, Treason
/// from the supply.
const PENDING: usize = 6 + 5 + 1 + 1;
/// The viewer's own cards: resources, playable development cards, those bought this turn.
const OWN: usize = 5 + 5 + 5;
pub const PER_SEAT: usize = 13;
pub const PER_HEX: usize = 10 + 1 + 1 + 1 + 1 + 1;
pub const PER_CORNER: usize = 4 + 4 + 6;
pub const PER_EDGE: usize = 4 + 4 + 4 + 1;

/// Where each part of the vector starts.
pub struct Layout {
    pub global: usize,
    pub offer: usize,
    pub pending: usize,
    pub own: usize,
    pub seats: usize,
    pub hexes: usize,
    pub corners: usize,
    pub edges: usize,
    pub len: usize,
}

impl Layout {
    pub fn of(space: &Space) -> Layout {
        let offer = GLOBAL;
        let pending = offer + OFFER;
        let own = pending + PENDING;
        let seats = own + OWN;
        let hexes = seats + MAX_SEATS * PER_SEAT;
        let corners = hexes + space.hexes * PER_HEX;
        let edges = corners + space.corners * PER_CORNER;
        let len = edges + space.edges * PER_EDGE;
        Layout {
            global: 0,
            offer,
            pending,
            own,
            seats,
            hexes,
            corners,
            edges,
            len,
        }
    }
}

pub fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::SetupSettlement => 0,
        Phase::SetupRoad { .. } => 1,
        Phase::BeforeRoll => 2,
        Phase::Rolling => 3,
        Phase::Discarding => 4,
        Phase::MovingRobber => 5,
        Phase::Stealing { .. } => 6,
        Phase::Main => 7,
        Phase::BuildingRoads { .. } => 8,
        Phase::Drawing => 9,
        Phase::TradeOffered => 10,
        Phase::PickingGold => 11,
        Phase::Landing => 12,
        Phase::PlacingKnight { .. } => 13,
        Phase::Treason => 14,
        Phase::Intrigue => 15,
        Phase::MovingKnights => 16,
        Phase::Battle => 17,
        Phase::NeutralBuilding { .. } => 18,
        Phase::ForeignKnight => 19,
        Phase::ForcedTrade { .. } => 20,
        Phase::GivingBack { .. } => 21,
        Phase::Event => 22,
        Phase::EventStealing { .. } => 23,
        Phase::Revealing { .. } => 24,
        Phase::DrawingGift => 25,
        Phase::PlacingGiftHarbor => 26,
        Phase::FleetPlunder { .. } => 27,
        Phase::FleetReward { .. } => 28,
        Phase::FortressBattle => 29,
        Phase::Over => 30,
        Phase::DrawingHarbor => 31,
        Phase::PlacingHarbor => 32,
    }
}

fn terrain_index(t: Terrain) -> usize {
    Terrain::ALL.iter().position(|&x| x == t).unwrap_or(0)
}

/// The dots on a number token: how many of the 36 dice rolls give it.
fn pips(number: u8) -> f32 {
    6.0 - (7.0 - f32::from(number)).abs()
}

/// Writes `seat`'s observation into `out` (`Layout::of(space).len` long).
pub fn observe(session: &Session, seat: Seat, out: &mut [f32]) {
    let layout = Layout::of(&session.space);
    debug_assert_eq!(out.len(), layout.len);
    out.fill(0.0);
    write_board(session, &layout, out);
    write_counts(
        session,
        seat,
        &layout,
        out,
        |s| session.game.view(seat).victory_points(s),
        |s| road_length(session, s),
    );
    write_marks(
        session,
        &layout,
        out,
        &Marks::default(),
        &Marks::of(session, seat),
    );
}

/// A seat's road length: as the state keeps it when it knows it exactly, else the trail
/// search.
fn road_length(session: &Session, seat: Seat) -> u8 {
    let route = session.game.state().player(seat).route;
    if route.low == route.high {
        route.low
    } else {
        session.game.view(seat).road_length(seat)
    }
}

/// What a seat's longest road is found from, as the engine takes it (`Game::road_length_of`):
/// its roads and ships, its own buildings (where the two join) and the others' (which a
/// trail does not pass).
fn route_pieces(session: &Session, seat: Seat) -> Pieces {
    let state = session.game.state();
    let own = state.player(seat).buildings();
    Pieces {
        roads: state.player(seat).roads,
        ships: state.player(seat).ships,
        own,
        blocked: state.occupied.difference(&own),
    }
}

/// Writes observations into a row it alone writes, one after another, changing only what
/// changed: the board (terrain, numbers, harbors) when the game's board changes, the places
/// of the pieces that came or went, and of the counts (before the board's parts) the
/// one-hot places that moved, the numbers of the table (a few stores), and a part of the
/// viewer's or a seat's only when what it is made of changed. The row ends the same as
/// `observe` writes it whole, for any viewer.
#[derive(Clone, Debug, Default)]
pub struct Observer {
    /// The `Game::board_key` the board part was written for; `None` before the first.
    board_key: Option<u32>,
    /// The pieces the row shows.
    marks: Marks,
    /// The buildings on the board when the row was written (`State::occupied`): they
    /// block trails, so every seat's road length may change with them.
    occupied: CornerSet,
    /// What the counts part shows, part by part: most steps change few of its places.
    counts: Counts,
}

/// The counts part (global, offer, pending, own, seats) as the row shows it, so that only
/// the places that changed are written. The default stands for zeros throughout.
#[derive(Clone, Debug, Default)]
struct Counts {
    /// The one place of each one-hot part that holds 1.
    phase: Option<usize>,
    active: Option<usize>,
    viewer: Option<usize>,
    /// The places of the waiting seats, chance and nobody (bits 0 to 5) that hold 1.
    to_act: u8,
    /// The offer part holds an offer (else zeros).
    offer: bool,
    pending: Pending,
    /// The viewer's own cards as shown (its hand, playable and new development cards, in
    /// the places' order); `None` before the first write.
    own: Option<u128>,
    /// What each seat's places were written from; `None` before the first write.
    seats: [Option<SeatKey>; MAX_SEATS],
    /// Each seat's road length, while its pieces and the buildings stay as they were: the
    /// trail search is the costliest part of an observation.
    roads: [Option<u8>; MAX_SEATS],
}

/// What a seat's places in the seats part are made of, as a viewer sees them, besides its
/// pieces (whose changes `Marks::update` reports), in bytes, so that two are compared at
/// once: when both halves and the pieces are unchanged, so are the 13 places. `points` and
/// the pieces are what its victory points are made of (the engine's `public_victory_points`
/// and `victory_points`, rules/victory.rs and modules/hooks.rs): its Victory Point cards
/// (seen by their holder, and by all once the game is over), its settlements and cities,
/// special points, the awards and the harbormaster. `rest` is what the other places are
/// made of. Games whose modules score from more (Barbarian Attack's prisoners and conquered
/// buildings, Cloth for Catan's cloth) write the places at every step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SeatKey {
    points: u128,
    rest: u128,
}

impl SeatKey {
    /// `held` is the seat's bits of `held`.
    fn of(session: &Session, viewer: Seat, seat: Seat, held: u8) -> SeatKey {
        let game = &session.game;
        let state = game.state();
        let view = game.view(viewer);
        let p = state.player(seat);
        let mut points = [0; 16];
        points[..5].copy_from_slice(&p.cards.0);
        points[5..10].copy_from_slice(&p.new_cards.0);
        points[10] = p.special_vp;
        points[11] = held;
        let mut rest = [0; 16];
        rest[..5].copy_from_slice(&p.hand.0);
        rest[5] = p.played_knights;
        rest[6] = p.discard_owed;
        // With the ships on the board, the ships in stock.
        rest[7] = p.ships_retired;
        rest[8..10].copy_from_slice(&view.gold(seat).to_le_bytes());
        rest[10] = view.trade_tokens(seat);
        rest[11] = u8::from(view.has_damaged_road(seat));
        // As integers: arrays (or options of them) are compared a byte at a time.
        SeatKey {
            points: u128::from_le_bytes(points),
            rest: u128::from_le_bytes(rest),
        }
    }
}

/// For each seat, as bits, what of its points it holds or the viewer sees, once for all
/// seats: longest road, largest army, the harbormaster (bits 0 to 2), and whether `viewer`
/// sees its cards (bit 3: its own, or the game is over).
fn held(session: &Session, viewer: Seat) -> [u8; MAX_SEATS] {
    let game = &session.game;
    let state = game.state();
    let mut held = [0; MAX_SEATS];
    let mut set = |seat: Option<Seat>, bit: u8| {
        if let Some(h) = held.get_mut(seat.map_or(MAX_SEATS, |s| s.index())) {
            *h |= bit;
        }
    };
    set(state.longest_road, 1);
    set(state.largest_army, 2);
    set(state.harbormaster, 4);
    if game.is_over() {
        held.iter_mut().for_each(|h| *h |= 8);
    } else {
        set(Some(viewer), 8);
    }
    held
}

impl Observer {
    /// `seat`'s observation into `out`, which holds what this observer wrote last (or
    /// anything, before the first).
    pub fn observe(&mut self, session: &Session, seat: Seat, out: &mut [f32]) {
        let layout = Layout::of(&session.space);
        debug_assert_eq!(out.len(), layout.len);
        let key = session.game.board_key();
        if self.board_key != Some(key) {
            out.fill(0.0);
            write_board(session, &layout, out);
            self.board_key = Some(key);
            self.marks = Marks::default();
            self.counts = Counts::default();
        }
        // Only the places whose piece came or went are written: most stay as they were.
        let mut moved = self.marks.update(session, seat, &layout, out);
        let occupied = session.game.state().occupied;
        if occupied != self.occupied {
            moved = u8::MAX;
            self.occupied = occupied;
        }
        self.counts.update(session, seat, &layout, out, moved);
    }
}

/// The board's part that changes only with the board: each hex's terrain, number and its
/// dots, each corner's harbor.
fn write_board(session: &Session, layout: &Layout, out: &mut [f32]) {
    let t = session.game.topology();
    for h in 0..t.hex_count().min(session.space.hexes) {
        let id = HexId(h as u8);
        let o = &mut out[layout.hexes + h * PER_HEX..layout.hexes + (h + 1) * PER_HEX];
        o[terrain_index(t.terrain(id))] = 1.0;
        if let Some(n) = t.number(id) {
            o[10] = f32::from(n);
            o[11] = pips(n);
        }
    }
    let corners = t.corner_count().min(session.space.corners);
    // Only the few harbor corners are looked up.
    for c in t.harbor_corners().iter().filter(|&c| c < corners) {
        let at = layout.corners + c * PER_CORNER;
        match t.harbor_at(CornerId(c as u16)) {
            Some(HarborKind::Generic) => out[at + 8] = 1.0,
            Some(HarborKind::Special(r)) => out[at + 9 + r.index()] = 1.0,
            None => {}
        }
    }
}

/// The parts before the board's (global, offer, pending, own, seats), on zeros.
fn write_counts(
    session: &Session,
    seat: Seat,
    layout: &Layout,
    out: &mut [f32],
    mut victory_points: impl FnMut(Seat) -> u8,
    mut road_length: impl FnMut(Seat) -> u8,
) {
    let game = &session.game;
    let view = game.view(seat);
    let seats = usize::from(view.seats());
    let g = &mut out[layout.global..layout.offer];
    g[phase_index(view.phase())] = 1.0;
    let mut i = PHASES;
    g[i + view.active().index()] = 1.0;
    i += 4;
    if seat.index() < MAX_SEATS {
        g[i + seat.index()] = 1.0;
    }
    i += 4;
    match view.to_act() {
        ToAct::Seats(waiting) => {
            for s in waiting.iter() {
                g[i + s.index()] = 1.0;
            }
        }
        ToAct::Chance(_) => g[i + 4] = 1.0,
        ToAct::Nobody => g[i + 5] = 1.0,
    }
    i += 6;
    if let Some((a, b)) = view.dice() {
        g[i] = f32::from(a);
        g[i + 1] = f32::from(b);
    }
    i += 2;
    for r in Resource::ALL {
        g[i + r.index()] = f32::from(view.bank().get(r));
    }
    i += 5;
    g[i] = view.deck_size() as f32;
    g[i + 1] = f32::from(view.turn());
    g[i + 2] = f32::from(view.victory_target());

    // The offer is public (the table sees it, and who answered how).
    let open = &game.state().offer;
    if let Some(offer) = open.offer {
        write_offer(&mut out[layout.offer..layout.pending], &offer, open);
    }

    write_pending(
        &mut out[layout.pending..layout.own],
        pending_of(session, seat),
    );

    let own = &mut out[layout.own..layout.seats];
    if let Some(hand) = view.hand() {
        for r in Resource::ALL {
            own[r.index()] = f32::from(hand.get(r));
        }
    }
    if let Some((cards, new)) = view.development_cards() {
        for k in 0..5 {
            own[5 + k] = f32::from(cards.0[k]);
            own[10 + k] = f32::from(new.0[k]);
        }
    }

    for s in 0..seats.min(MAX_SEATS) {
        let seat_s = Seat(s as u8);
        let o = &mut out[layout.seats + s * PER_SEAT..layout.seats + (s + 1) * PER_SEAT];
        o[0] = view.hand_size(seat_s) as f32;
        o[1] = view.development_card_count(seat_s) as f32;
        o[2] = f32::from(view.played_knights(seat_s));
        o[3] = f32::from(victory_points(seat_s));
        o[4] = f32::from(road_length(seat_s));
        o[5] = f32::from(u8::from(view.longest_road() == Some(seat_s)));
        o[6] = f32::from(u8::from(view.largest_army() == Some(seat_s)));
        o[7] = f32::from(view.discard_owed(seat_s));
        o[8] = f32::from(view.ships_in_stock(seat_s));
        o[9] = f32::from(view.gold(seat_s));
        o[10] = f32::from(view.trade_tokens(seat_s));
        o[11] = f32::from(view.special_victory_points(seat_s));
        o[12] = f32::from(u8::from(view.has_damaged_road(seat_s)));
    }
}

impl Counts {
    /// Brings the counts part to `seat`'s view of the game, writing only the places that
    /// changed: the same places as `write_counts` writes on zeros. `moved` has bit `s` set
    /// when seat `s`'s pieces, or the buildings blocking its trails, changed since the last.
    fn update(
        &mut self,
        session: &Session,
        seat: Seat,
        layout: &Layout,
        out: &mut [f32],
        moved: u8,
    ) {
        let game = &session.game;
        let state = game.state();
        let view = game.view(seat);
        let g = &mut out[layout.global..layout.offer];
        let one_hot = |g: &mut [f32], shown: &mut Option<usize>, now: Option<usize>| {
            if *shown != now {
                if let Some(i) = *shown {
                    g[i] = 0.0;
                }
                if let Some(i) = now {
                    g[i] = 1.0;
                }
                *shown = now;
            }
        };
        one_hot(g, &mut self.phase, Some(phase_index(view.phase())));
        let mut i = PHASES;
        one_hot(g, &mut self.active, Some(i + view.active().index()));
        i += 4;
        one_hot(
            g,
            &mut self.viewer,
            (seat.index() < MAX_SEATS).then(|| i + seat.index()),
        );
        i += 4;
        let to_act = match view.to_act() {
            ToAct::Seats(waiting) => waiting.iter().fold(0, |bits, s| bits | 1 << s.index()),
            ToAct::Chance(_) => 1 << 4,
            ToAct::Nobody => 1 << 5,
        };
        if to_act != self.to_act {
            for b in 0..6 {
                g[i + b] = f32::from(to_act >> b & 1);
            }
            self.to_act = to_act;
        }
        i += 6;
        // The numbers are written whatever they were: a store costs less than a comparison.
        let (a, b) = view.dice().unwrap_or((0, 0));
        g[i] = f32::from(a);
        g[i + 1] = f32::from(b);
        i += 2;
        let bank = view.bank();
        for r in Resource::ALL {
            g[i + r.index()] = f32::from(bank.get(r));
        }
        i += 5;
        g[i] = view.deck_size() as f32;
        g[i + 1] = f32::from(view.turn());
        g[i + 2] = f32::from(view.victory_target());

        // An offer is on the table in few steps: written whole at each of them.
        let open = &state.offer;
        let o = &mut out[layout.offer..layout.pending];
        if let Some(offer) = open.offer {
            write_offer(o, &offer, open);
            self.offer = true;
        } else if self.offer {
            o.fill(0.0);
            self.offer = false;
        }

        let pending = pending_of(session, seat);
        if pending != self.pending {
            let p = &mut out[layout.pending..layout.own];
            p.fill(0.0);
            write_pending(p, pending);
            self.pending = pending;
        }

        let hand = view.hand().unwrap_or_default();
        let (cards, new) = view.development_cards().unwrap_or_default();
        // In bytes, compared at once as an integer.
        let mut own_key = [0; 16];
        own_key[..5].copy_from_slice(&hand.0);
        own_key[5..10].copy_from_slice(&cards.0);
        own_key[10..15].copy_from_slice(&new.0);
        let own_bits = u128::from_le_bytes(own_key);
        if self.own != Some(own_bits) {
            let own = &mut out[layout.own..layout.seats];
            for (o, &n) in own.iter_mut().zip(&own_key) {
                *o = f32::from(n);
            }
            self.own = Some(own_bits);
        }

        let rules = &game.config().rules;
        // Points made of more than a `SeatKey` holds: worked out at every step.
        let volatile = rules.barbarians.is_some() || rules.cloth.is_some();
        let held = held(session, seat);
        for s in 0..usize::from(view.seats()).min(MAX_SEATS) {
            let seat_s = Seat(s as u8);
            let key = SeatKey::of(session, seat, seat_s, held[s]);
            let shown = self.seats[s];
            let moved = moved & 1 << s != 0;
            if moved {
                self.roads[s] = None;
            }
            if !volatile && !moved && shown == Some(key) {
                continue;
            }
            let o = &mut out[layout.seats + s * PER_SEAT..layout.seats + (s + 1) * PER_SEAT];
            // Only the places of what changed: most steps change a hand, not the points
            // (the costliest to work out after the road) or the pieces.
            let points = volatile || moved || shown.is_none_or(|k| k.points != key.points);
            let rest = volatile || shown.is_none_or(|k| k.rest != key.rest);
            if points {
                o[1] = view.development_card_count(seat_s) as f32;
                o[3] = f32::from(view.victory_points(seat_s));
                o[5] = f32::from(u8::from(view.longest_road() == Some(seat_s)));
                o[6] = f32::from(u8::from(view.largest_army() == Some(seat_s)));
                o[11] = f32::from(view.special_victory_points(seat_s));
            }
            if rest {
                o[0] = view.hand_size(seat_s) as f32;
                o[2] = f32::from(view.played_knights(seat_s));
                o[7] = f32::from(view.discard_owed(seat_s));
                o[9] = f32::from(view.gold(seat_s));
                o[10] = f32::from(view.trade_tokens(seat_s));
                o[12] = f32::from(u8::from(view.has_damaged_road(seat_s)));
            }
            if rest || moved {
                o[8] = f32::from(view.ships_in_stock(seat_s));
            }
            if moved || shown.is_none() {
                let length = match self.roads[s] {
                    Some(length) => length,
                    None => {
                        let route = state.player(seat_s).route;
                        let length = if route.low == route.high {
                            route.low
                        } else {
                            longest_route(game.topology(), &route_pieces(session, seat_s))
                        };
                        self.roads[s] = Some(length);
                        length
                    }
                };
                o[4] = f32::from(length);
            }
            self.seats[s] = Some(key);
        }
    }
}

fn pending_of(session: &Session, seat: Seat) -> Pending {
    session
        .pending
        .get(seat.index())
        .copied()
        .unwrap_or_default()
}

/// The pieces on the board and the viewer's piece chosen to move: the places of the
/// board's parts that hold 1 (every other place of theirs holds 0), as sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Marks {
    settlements: [CornerSet; MAX_SEATS],
    cities: [CornerSet; MAX_SEATS],
    roads: [EdgeSet; MAX_SEATS],
    ships: [EdgeSet; MAX_SEATS],
    knights: [EdgeSet; MAX_SEATS],
    /// Some knight was on the board: `knights` may hold some (asked once, not of every
    /// seat's set at every step).
    any_knights: bool,
    robber: Option<usize>,
    pirate: Option<usize>,
    /// The hex chosen as Treason's "from".
    treason_from: Option<usize>,
    /// The ship or knight chosen to move.
    moving: Option<usize>,
}

impl Marks {
    fn of(session: &Session, seat: Seat) -> Marks {
        let view = session.game.view(seat);
        let t = view.topology();
        let hexes = t.hex_count().min(session.space.hexes);
        let edges = t.edge_count().min(session.space.edges);
        let mut m = Marks {
            robber: view.robber().map(|h| h.index()).filter(|&h| h < hexes),
            pirate: view.pirate().map(|h| h.index()).filter(|&h| h < hexes),
            ..Marks::default()
        };
        match pending_of(session, seat) {
            Pending::From(Mover::Treason, from) if (1..=hexes).contains(&from) => {
                m.treason_from = Some(from - 1);
            }
            Pending::From(Mover::Ship | Mover::Knight, from) if from < edges => {
                m.moving = Some(from);
            }
            _ => {}
        }
        for s in 0..usize::from(view.seats()).min(MAX_SEATS) {
            let seat_s = Seat(s as u8);
            m.settlements[s] = view.settlements(seat_s);
            m.cities[s] = view.cities(seat_s);
            m.roads[s] = view.roads(seat_s);
            m.ships[s] = view.ships(seat_s);
        }
        for k in view.knights() {
            if k.seat.index() < MAX_SEATS {
                m.knights[k.seat.index()].insert(k.edge.index());
            }
        }
        m.any_knights = !view.knights().is_empty();
        m
    }
}

/// Writes the places where `new` differs from `old` (what the row holds): 1 where `new`
/// marks, 0 where it no longer does. On a row of zeros, `Marks::default()` as `old` writes
/// them all.
fn write_marks(session: &Session, layout: &Layout, out: &mut [f32], old: &Marks, new: &Marks) {
    let t = session.game.topology();
    let corners = t.corner_count().min(session.space.corners);
    let edges = t.edge_count().min(session.space.edges);
    let hex_at = |h: usize| layout.hexes + h * PER_HEX;
    let corner_at = |c: usize| layout.corners + c * PER_CORNER;
    let edge_at = |e: usize| layout.edges + e * PER_EDGE;
    let mut one = |was: Option<usize>, now: Option<usize>, at: &dyn Fn(usize) -> usize| {
        if was != now {
            if let Some(i) = was {
                out[at(i)] = 0.0;
            }
            if let Some(i) = now {
                out[at(i)] = 1.0;
            }
        }
    };
    one(old.robber, new.robber, &|h| hex_at(h) + 12);
    one(old.pirate, new.pirate, &|h| hex_at(h) + 13);
    one(old.treason_from, new.treason_from, &|h| hex_at(h) + 14);
    one(old.moving, new.moving, &|e| edge_at(e) + 12);
    for s in 0..MAX_SEATS {
        changes(
            out,
            &old.settlements[s],
            &new.settlements[s],
            corners,
            |c| corner_at(c) + s,
        );
        changes(out, &old.cities[s], &new.cities[s], corners, |c| {
            corner_at(c) + 4 + s
        });
        changes(out, &old.roads[s], &new.roads[s], edges, |e| edge_at(e) + s);
        changes(out, &old.ships[s], &new.ships[s], edges, |e| {
            edge_at(e) + 4 + s
        });
        changes(out, &old.knights[s], &new.knights[s], edges, |e| {
            edge_at(e) + 8 + s
        });
    }
}

/// Writes the places of one part where `new` differs from `old`: 1 where `new` holds the
/// place, 0 where it no longer does.
fn changes<const W: usize>(
    out: &mut [f32],
    old: &Bits<W>,
    new: &Bits<W>,
    bound: usize,
    at: impl Fn(usize) -> usize,
) {
    for (w, (o, n)) in old.0.iter().zip(&new.0).enumerate() {
        let mut changed = o ^ n;
        while changed != 0 {
            let b = changed.trailing_zeros() as usize;
            let i = w * 64 + b;
            if i < bound {
                out[at(i)] = if n & (1 << b) != 0 { 1.0 } else { 0.0 };
            }
            changed &= changed - 1;
        }
    }
}

impl Marks {
    /// Brings the marks the row shows (`self`) to the game's, writing the places that
    /// changed: the same as `write_marks` from `self` to `Marks::of`, without gathering
    /// every set first (each seat's pieces are compared where the state keeps them).
    /// Returns the seats (bit `s` for seat `s`) whose settlements, cities, roads or ships
    /// changed.
    fn update(&mut self, session: &Session, seat: Seat, layout: &Layout, out: &mut [f32]) -> u8 {
        let view = session.game.view(seat);
        let t = view.topology();
        let hexes = t.hex_count().min(session.space.hexes);
        let corners = t.corner_count().min(session.space.corners);
        let edges = t.edge_count().min(session.space.edges);
        let (mut treason_from, mut moving) = (None, None);
        match pending_of(session, seat) {
            Pending::From(Mover::Treason, from) if (1..=hexes).contains(&from) => {
                treason_from = Some(from - 1);
            }
            Pending::From(Mover::Ship | Mover::Knight, from) if from < edges => {
                moving = Some(from);
            }
            _ => {}
        }
        let hex_at = |h: usize| layout.hexes + h * PER_HEX;
        let corner_at = |c: usize| layout.corners + c * PER_CORNER;
        let edge_at = |e: usize| layout.edges + e * PER_EDGE;
        let mut one =
            |mark: &mut Option<usize>, now: Option<usize>, at: &dyn Fn(usize) -> usize| {
                if *mark != now {
                    if let Some(i) = *mark {
                        out[at(i)] = 0.0;
                    }
                    if let Some(i) = now {
                        out[at(i)] = 1.0;
                    }
                    *mark = now;
                }
            };
        let robber = view.robber().map(|h| h.index()).filter(|&h| h < hexes);
        let pirate = view.pirate().map(|h| h.index()).filter(|&h| h < hexes);
        one(&mut self.robber, robber, &|h| hex_at(h) + 12);
        one(&mut self.pirate, pirate, &|h| hex_at(h) + 13);
        one(&mut self.treason_from, treason_from, &|h| hex_at(h) + 14);
        one(&mut self.moving, moving, &|e| edge_at(e) + 12);
        fn part<const W: usize>(
            out: &mut [f32],
            shown: &mut Bits<W>,
            now: Bits<W>,
            bound: usize,
            at: impl Fn(usize) -> usize,
        ) -> bool {
            if *shown != now {
                changes(out, shown, &now, bound, at);
                *shown = now;
                return true;
            }
            false
        }
        let mut moved = 0;
        for s in 0..usize::from(view.seats()).min(MAX_SEATS) {
            let seat_s = Seat(s as u8);
            let changed = part(
                out,
                &mut self.settlements[s],
                view.settlements(seat_s),
                corners,
                |c| corner_at(c) + s,
            ) | part(
                out,
                &mut self.cities[s],
                view.cities(seat_s),
                corners,
                |c| corner_at(c) + 4 + s,
            ) | part(out, &mut self.roads[s], view.roads(seat_s), edges, |e| {
                edge_at(e) + s
            }) | part(out, &mut self.ships[s], view.ships(seat_s), edges, |e| {
                edge_at(e) + 4 + s
            });
            moved |= u8::from(changed) << s;
        }
        // Knights are Barbarian Attack's alone: in other games both sides are empty.
        let knights = view.knights();
        if !knights.is_empty() || self.any_knights {
            self.any_knights = !knights.is_empty();
            let mut now = [EdgeSet::default(); MAX_SEATS];
            for k in knights {
                if k.seat.index() < MAX_SEATS {
                    now[k.seat.index()].insert(k.edge.index());
                }
            }
            for (s, now) in now.into_iter().enumerate() {
                part(out, &mut self.knights[s], now, edges, |e| {
                    edge_at(e) + 8 + s
                });
            }
        }
        moved
    }
}

/// The open offer into its places `o`: what it gives and asks, to whom, and who answered
/// how. Every place is written.
fn write_offer(o: &mut [f32], offer: &TradeOffer, open: &OpenOffer) {
    for r in Resource::ALL {
        o[r.index()] = f32::from(offer.give.get(r));
        o[5 + r.index()] = f32::from(offer.get.get(r));
    }
    for s in 0..MAX_SEATS as u8 {
        let s = Seat(s);
        o[10 + s.index()] = f32::from(u8::from(offer.to.contains(s)));
        o[14 + s.index()] = f32::from(u8::from(open.answered.contains(s)));
        o[18 + s.index()] = f32::from(u8::from(open.accepted.contains(s)));
    }
}

/// The viewer's choice in steps into its places `p` (docs/python.md, "Observations"), which
/// hold zeros: the kind of choice, the cards chosen so far and how many are owed, or the
/// piece being moved.
fn write_pending(p: &mut [f32], pending: Pending) {
    match pending {
        Pending::Nothing => {}
        Pending::Cards {
            step,
            chosen,
            count,
        } => {
            p[match step {
                CardStep::Discard => 0,
                CardStep::Gold => 1,
                CardStep::GiveBack => 2,
            }] = 1.0;
            for r in Resource::ALL {
                p[6 + r.index()] = f32::from(chosen.get(r));
            }
            p[11] = f32::from(count);
        }
        Pending::From(mover, from) => {
            p[match mover {
                Mover::Ship => 3,
                Mover::Knight => 4,
                Mover::Treason => 5,
            }] = 1.0;
            if mover == Mover::Treason && from == 0 {
                p[12] = 1.0;
            }
        }
    }
}
