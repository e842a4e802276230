//! What one seat, or a spectator, may see (ARCHITECTURE.md, Hidden information). This is
//! the one way the state leaves a server, and bots decide from it too.
//!
//! Hidden: other seats' resource cards and development cards (only their numbers show),
//! Victory Point cards of others, the deck's contents. Public: the board, every piece, the
//! bank, played Knights, awards, the dice, a pending trade offer.

use crate::action::ToAct;
use crate::game::Game;
use crate::geometry::{Corner, Edge, Hex};
use crate::map::{Board, MapFile};
use crate::position::PhaseText;
use crate::resources::{DevelopmentCards, Resources};
use crate::state::{
    EVENT_CARDS_BEFORE_NEW_YEAR, EVENT_DECK, EventCard, Phase, Seat, SeatSet, TradeOffer,
};
use crate::topology::{CornerId, CornerSet, EdgeId, EdgeSet, HexId, Topology};
use serde::Serialize;

/// A seat's (or a spectator's) window on a game. It borrows the game and answers only what
/// the viewer may know.
#[derive(Clone, Copy)]
pub struct View<'a> {
    game: &'a Game,
    viewer: Option<Seat>,
}

impl Game {
    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> View<'_> {
        View {
            game: self,
            viewer: Some(seat),
        }
    }

    /// What a spectator may see: the public part of every seat's view.
    pub fn spectator_view(&self) -> View<'_> {
        View {
            game: self,
            viewer: None,
        }
    }
}

impl<'a> View<'a> {
    pub fn viewer(&self) -> Option<Seat> {
        self.viewer
    }
    pub(crate) fn game(&self) -> &'a Game {
        self.game
    }
    pub fn topology(&self) -> &'a Topology {
        self.game.topology()
    }
    pub fn board(&self) -> &'a Board {
        self.game.board()
    }
    pub fn seats(&self) -> u8 {
        self.game.state.seats
    }
    pub fn phase(&self) -> Phase {
        self.game.state.phase
    }
    pub fn active(&self) -> Seat {
        self.game.state.active
    }
    pub fn turn(&self) -> u16 {
        self.game.state.turn
    }
    pub fn to_act(&self) -> ToAct {
        self.game.to_act()
    }
    pub fn dice(&self) -> Option<(u8, u8)> {
        self.game.state.dice
    }
    pub fn bank(&self) -> Resources {
        self.game.state.bank
    }
    /// Development cards left to buy (the Forgotten Tribe's face-down gifts are not, SC5-6).
    pub fn deck_size(&self) -> u32 {
        self.game.development_deck_size()
    }
    /// The Wonders of Catan: the wonder a seat claimed and its stages (public, SC8-10).
    pub fn wonder_of(&self, seat: Seat) -> Option<(crate::state::Wonder, u8)> {
        self.game
            .wonder_of(seat)
            .map(|w| (w, self.game.wonder_stages(seat)))
    }
    /// The Forgotten Tribe: the gift harbor tokens `seat` holds, waiting for a site (public,
    /// SC5-9).
    pub fn waiting_gift_harbors(&self, seat: Seat) -> u32 {
        self.game.state.gifts.waiting[seat.index()]
    }
    /// Harbors placed by the players (SC9-3): the token the active seat turned over and
    /// holds (face up, public).
    pub fn harbor_in_hand(&self) -> Option<crate::map::HarborKind> {
        self.game.state.harbor_tokens.in_hand
    }
    /// Harbor tokens still face down (SC9-3).
    pub fn harbor_tokens_face_down(&self) -> u32 {
        self.game
            .state
            .harbor_tokens
            .face_down
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }
    pub fn robber(&self) -> Option<HexId> {
        self.game.state.robber
    }
    pub fn pirate(&self) -> Option<HexId> {
        self.game.state.pirate
    }
    pub fn ships(&self, seat: Seat) -> EdgeSet {
        self.game.state.player(seat).ships
    }
    /// Ships `seat` still has in stock: not on the board, nor on a wonder (SC8-6).
    pub fn ships_in_stock(&self, seat: Seat) -> u8 {
        self.game.state.player(seat).ships_left()
    }
    /// Where `seat` could build a ship if it could pay (S-6, S-7).
    pub fn ship_sites(&self, seat: Seat) -> EdgeSet {
        self.game.ship_sites(seat)
    }
    pub fn closed_ships(&self, seat: Seat) -> EdgeSet {
        self.game.closed_ships(seat)
    }
    /// The ships `seat` may move in the turn being played (S-13.3 to S-13.6): in its own turn
    /// only and none in setup, none once a ship has moved, none placed this turn, none beside
    /// the pirate or on a closed route, and each at an open end of a route.
    pub fn ships_movable_now(&self, seat: Seat) -> EdgeSet {
        self.game.movable_ships(seat, true)
    }
    /// The ships `seat` could move in its next turn if the board stood as it is: this turn's
    /// new ships and the ship already moved count as free again.
    pub fn ships_movable_next_turn(&self, seat: Seat) -> EdgeSet {
        self.game.movable_ships(seat, false)
    }
    /// The seats `thief` would rob at `hex`: with the robber on a land hex, those with a
    /// building there and a card (B-27.4); with the pirate on a sea hex, those with a ship
    /// there and a card, or a cloth in Cloth for Catan (S-14.3, SC6-7). Empty off the board
    /// and where the game has no such piece. Whether the piece may go there now (not where it
    /// stands, not where a rule forbids it) is for the legal actions to say.
    pub fn robbable(&self, thief: Seat, hex: HexId) -> SeatSet {
        let t = self.topology();
        let rules = self.rules();
        if hex.index() >= t.hex_count() {
            SeatSet::EMPTY
        } else if t.land_hexes.contains(hex.index()) && rules.robber {
            self.game.robbable(thief, hex)
        } else if t.sea_hexes.contains(hex.index()) && rules.pirate {
            self.game.pirate_victims(thief, hex)
        } else {
            SeatSet::EMPTY
        }
    }
    /// The cards of gold fields `seat` still has to choose (S-18). Barbarian Attack's gold
    /// coins are another thing: [`View::gold`].
    pub fn gold_picks_owed(&self, seat: Seat) -> u8 {
        self.game.state.player(seat).gold_owed
    }
    /// The scoring areas of the map (`SpecialVp`, maps' `special_vp`) where `seat` placed a
    /// starting settlement, as a mask of the areas' indices: no special points there (SC2-4,
    /// SC9-6). 0 in games without islands' points.
    pub fn home_islands(&self, seat: Seat) -> u16 {
        self.game.state.player(seat).home_areas
    }
    /// The scoring areas where `seat` has earned its special points, as a mask.
    pub fn scored_islands(&self, seat: Seat) -> u16 {
        self.game.state.player(seat).scored_areas
    }
    pub fn special_victory_points(&self, seat: Seat) -> u8 {
        self.game.state.player(seat).special_vp
    }
    /// The modules this game plays with.
    /// Cloth for Catan: the cloth on the villages, in the supply and held, and the traders
    /// (all public, SC6-11); empty in other games.
    pub fn cloth(&self) -> &'a crate::modules::cloth::Cloth {
        &self.game.state.cloth
    }

    /// The Pirate Islands: fortress chits, warships and the fleet's attack under way (all
    /// public, SC7-13); empty in other games.
    pub fn pirates(&self) -> &'a crate::modules::pirate_islands::Pirates {
        &self.game.state.pirates
    }

    /// Barbarian Attack: the barbarians on each coastal hex, in battle order
    /// (`BarbarianRules::coastal`); zero in other games. Public, as on the board.
    pub fn barbarians_on(&self) -> &'a [u8] {
        &self.game.state.barbarians.on
    }

    /// Barbarian Attack: the knights on the board; none in other games.
    pub fn knights(&self) -> &'a [crate::state::Knight] {
        let b = &self.game.state.barbarians;
        &b.knights[..usize::from(b.knight_count)]
    }

    /// Barbarian Attack: `seat`'s gold coins (public, as the coins lie before each player).
    pub fn gold(&self, seat: Seat) -> u16 {
        self.game.state.barbarians.gold[seat.index()]
    }

    /// Barbarian Attack for two: `seat`'s trade tokens (BA2); zero in other games.
    pub fn trade_tokens(&self, seat: Seat) -> u8 {
        if self.game.state.neutral.is_empty() {
            0
        } else {
            self.game.state.barbarians.tokens[seat.index()]
        }
    }

    /// The neutral seats of Barbarian Attack for two (BA2-1); none in other games.
    pub fn neutral_seats(&self) -> SeatSet {
        self.game.state.neutral
    }

    /// The Pirate Islands: makes `ways` those of `seat` now, for `closes_way_to_fortress`;
    /// what still holds of them is kept.
    pub fn renew_ways_to_fortress(&self, ways: &mut crate::WaysToFortress, seat: Seat) {
        ways.renew(self.game, seat);
    }

    /// The Pirate Islands: whether the seat's `action` closes its way to its fortress for
    /// good (`Game::closes_way_to_fortress`), with `ways` just renewed for it.
    #[inline]
    pub fn closes_way_to_fortress(
        &self,
        ways: &crate::WaysToFortress,
        action: &crate::Action,
    ) -> bool {
        ways.closes(self.game, action)
    }

    /// The Pirate Islands: whether `seat` has conquered its fortress.
    pub fn fortress_conquered(&self, seat: Seat) -> bool {
        self.game.fortress_conquered(seat)
    }

    pub fn rules(&self) -> &'a crate::ruleset::RuleSet {
        &self.game.config.rules
    }
    pub fn victory_target(&self) -> u8 {
        self.game.state.victory_points
    }
    pub fn winner(&self) -> Option<Seat> {
        self.game.state.winner
    }
    pub fn longest_road(&self) -> Option<Seat> {
        self.game.state.longest_road
    }
    pub fn largest_army(&self) -> Option<Seat> {
        self.game.state.largest_army
    }
    pub fn offer(&self) -> Option<TradeOffer> {
        self.game.state.offer.offer
    }
    pub fn offers_this_turn(&self) -> u8 {
        self.game.state.offers_this_turn
    }
    pub fn settlements(&self, seat: Seat) -> CornerSet {
        self.game.state.player(seat).settlements
    }
    pub fn cities(&self, seat: Seat) -> CornerSet {
        self.game.state.player(seat).cities
    }
    pub fn roads(&self, seat: Seat) -> EdgeSet {
        self.game.state.player(seat).roads
    }
    pub fn building_owner(&self, c: CornerId) -> Option<Seat> {
        self.game.state.building_owner(c)
    }
    /// Corners where the distance rule forbids a settlement.
    pub fn crowded(&self) -> CornerSet {
        self.game.state.crowded
    }
    /// Edges holding anyone's road.
    pub fn paved(&self) -> EdgeSet {
        self.game.state.paved
    }
    /// Corners from which `seat` may extend a road (B-19).
    pub fn road_reach(&self, seat: Seat) -> CornerSet {
        self.game.state.player(seat).reach
    }
    /// Where `seat` could build a road if it could pay (B-18, B-19).
    pub fn road_sites(&self, seat: Seat) -> EdgeSet {
        self.game.road_sites(seat)
    }
    /// Where `seat` could build a settlement if it could pay (B-17, B-18, B-20).
    pub fn settlement_sites(&self, seat: Seat) -> CornerSet {
        self.game.settlement_sites(seat)
    }
    pub fn road_length(&self, seat: Seat) -> u8 {
        self.game.road_length_of(seat)
    }
    /// Barbarian Attack with event cards: whether an Earthquake left a road of `seat`'s
    /// damaged, which stops it building roads until repaired (BAE-4). Public, as the table
    /// shows it.
    pub fn has_damaged_road(&self, seat: Seat) -> bool {
        self.game.has_damaged_road(seat)
    }
    /// `road_length` with one more road, or ship when `ship`, on `edge`.
    pub fn road_length_with(&self, seat: Seat, edge: EdgeId, ship: bool) -> u8 {
        self.game.road_length_with(seat, edge, ship)
    }
    pub fn played_knights(&self, seat: Seat) -> u8 {
        self.game.state.player(seat).played_knights
    }
    pub fn hand_size(&self, seat: Seat) -> u32 {
        self.game.state.player(seat).hand.total()
    }
    pub fn development_card_count(&self, seat: Seat) -> u32 {
        self.game.state.player(seat).all_cards().total()
    }
    pub fn discard_owed(&self, seat: Seat) -> u8 {
        self.game.state.player(seat).discard_owed
    }
    pub fn bank_rate(&self, seat: Seat, give: crate::Resource) -> u8 {
        self.game.bank_rate(seat, give)
    }
    /// Points everyone sees; a seat sees its own Victory Point cards too. At the end of the
    /// game every card is revealed.
    pub fn victory_points(&self, seat: Seat) -> u8 {
        if self.may_see(seat) || self.game.is_over() {
            self.game.victory_points(seat)
        } else {
            self.game.public_victory_points(seat)
        }
    }
    /// The viewer's own resource cards.
    pub fn hand(&self) -> Option<Resources> {
        self.viewer.map(|s| self.game.state.player(s).hand)
    }
    /// The viewer's development cards: playable ones, and those bought this turn.
    pub fn development_cards(&self) -> Option<(DevelopmentCards, DevelopmentCards)> {
        self.viewer.map(|s| {
            let p = self.game.state.player(s);
            (p.cards, p.new_cards)
        })
    }
    /// A seat's hand, if the viewer may see it.
    pub fn hand_of(&self, seat: Seat) -> Option<Resources> {
        self.may_see(seat)
            .then(|| self.game.state.player(seat).hand)
    }
    /// What the viewer can know of `seat`'s resource cards: each resource between bounds,
    /// exact for the viewer's own hand and wherever no hidden steal left a doubt
    /// (`card_tracking.rs`). The hand's size is `hand_size`.
    pub fn hand_bounds(&self, seat: Seat) -> crate::card_tracking::HandBounds {
        self.game.hand_bounds(self.viewer, seat)
    }
    /// The development cards the viewer has not seen: the deck and the others' unplayed
    /// cards together, which is the whole deck less the cards played face up and the
    /// viewer's own. A card drawn from the deck is one of these.
    pub fn unseen_development_cards(&self) -> DevelopmentCards {
        let s = &self.game.state;
        let mut out = s.deck;
        for seat in s.seat_ids().filter(|&seat| !self.may_see(seat)) {
            let held = s.player(seat).all_cards();
            for (a, b) in out.0.iter_mut().zip(held.0.iter()) {
                *a = a.saturating_add(*b);
            }
        }
        out
    }
    fn may_see(&self, seat: Seat) -> bool {
        self.viewer == Some(seat)
    }
    /// Whether the viewer knows `seat` to meet `wonder`'s requirement: the Cathedral's
    /// points are those the viewer may see (SC8-10).
    pub fn meets_wonder_requirement(&self, seat: Seat, wonder: crate::state::Wonder) -> bool {
        if wonder == crate::state::Wonder::Cathedral && !self.may_see(seat) {
            return !self.game.state.player(seat).cities.is_empty()
                && self.victory_points(seat) >= crate::modules::wonders::CATHEDRAL_POINTS;
        }
        self.game.meets_wonder_requirement(seat, wonder)
    }

    /// The view as data with text coordinates, for the protocol and the page.
    pub fn to_data(&self) -> ViewData {
        let mut data = self.to_data_without_map();
        data.map = Some(self.public_map());
        data
    }

    /// The board as every viewer sees it. The fog stacks are face down: no view holds them.
    pub fn public_map(&self) -> MapFile {
        let mut map = self.board().to_map_file();
        map.pools.clear();
        // The tokens still to place are in the view's `harbor_placement`.
        map.harbor_placement = None;
        map
    }

    /// The view as data without the board, which is the largest part and changes seldom: the
    /// server sends it only when it changed (docs/protocol.md).
    pub fn to_data_without_map(&self) -> ViewData {
        let t = self.topology();
        let s = &self.game.state;
        let corners = |set: CornerSet| set.iter().map(|c| t.corner(CornerId(c as u16))).collect();
        ViewData {
            viewer: self.viewer,
            scenario: self.game.config.scenario.clone(),
            map: None,
            phase: self.game.phase_text(),
            active: s.active,
            turn: s.turn,
            to_act: match self.to_act() {
                ToAct::Seats(seats) => seats,
                _ => SeatSet::EMPTY,
            },
            describe: self.game.describe_phase(),
            dice: s.dice.map(|(a, b)| [a, b]),
            bank: s.bank,
            unlimited_bank: self.game.bank_is_unlimited(),
            development_deck: self.game.development_deck_size(),
            unseen_development_cards: self.unseen_development_cards(),
            robber: s.robber.map(|h| t.hex(h)),
            pirate: s.pirate.map(|h| t.hex(h)),
            barbarians: self.game.barbarian_rules().map(|rules| {
                let b = &s.barbarians;
                let seats = s.seats as usize;
                BarbariansView {
                    castle: t.hex(rules.castle),
                    on: rules
                        .coastal
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| b.on[*i] > 0)
                        .map(|(i, h)| (t.hex(*h).to_string(), b.on[i]))
                        .collect(),
                    supply: b.supply,
                    conquered: self
                        .game
                        .conquered_hexes()
                        .iter()
                        .map(|h| t.hex(HexId(h as u8)))
                        .collect(),
                    conquered_buildings: (0..s.seats)
                        .flat_map(|seat| s.player(Seat(seat)).buildings().iter())
                        .filter(|&c| self.game.building_conquered(CornerId(c as u16)))
                        .map(|c| t.corner(CornerId(c as u16)))
                        .collect(),
                    knights: b.knights[..b.knight_count as usize]
                        .iter()
                        .map(|k| KnightView {
                            seat: k.seat,
                            edge: t.edge(k.edge),
                        })
                        .collect(),
                    gold: b.gold[..seats].to_vec(),
                    prisoners: b.prisoners[..seats].to_vec(),
                    deck: b.deck.iter().map(|&n| u32::from(n)).sum(),
                    tokens: if s.neutral.is_empty() {
                        Vec::new()
                    } else {
                        b.tokens[..s.playing() as usize].to_vec()
                    },
                    token_supply: b.token_supply,
                }
            }),
            events: self.game.event_cards().then(|| EventsView {
                last: self.game.last_event_card(),
                revealed: (0..EVENT_DECK.len())
                    .flat_map(|k| {
                        let gone = EVENT_DECK[k].2 - s.events.left[k];
                        std::iter::repeat_n(EventCard::of_kind(k), usize::from(gone))
                    })
                    .collect(),
                before_new_year: EVENT_CARDS_BEFORE_NEW_YEAR.saturating_sub(s.events.revealed),
                owed: s.events.owed,
                damaged_roads: s
                    .events
                    .damaged
                    .iter()
                    .map(|e| t.edge(EdgeId(e as u16)))
                    .collect(),
            }),
            harbormaster: self
                .game
                .config
                .rules
                .harbormaster
                .then(|| HarbormasterView {
                    holder: s.harbormaster,
                    points: (0..s.playing())
                        .map(|seat| self.game.harbor_points(Seat(seat)))
                        .collect(),
                }),
            wonders: self.game.config.rules.wonders.as_ref().map(|_| {
                crate::state::Wonder::ALL
                    .into_iter()
                    .map(|w| {
                        let owner = s.wonders.owner[w.index()];
                        WonderView {
                            wonder: w,
                            owner,
                            stages: owner.map_or(0, |o| s.wonders.stages[o.index()]),
                            cost: crate::modules::wonders::stage_cost(w),
                            // What the viewer may know: others' points without their cards
                            // (SC8-10).
                            meets: s
                                .seat_ids()
                                .filter(|&seat| self.meets_wonder_requirement(seat, w))
                                .collect(),
                        }
                    })
                    .collect()
            }),
            harbor_placement: (s.harbor_tokens.left() > 0).then(|| HarborPlacementView {
                in_hand: s.harbor_tokens.in_hand,
                face_down: self.harbor_tokens_face_down(),
            }),
            gifts: self.game.tribe_rules().map(|rules| {
                rules
                    .gifts
                    .iter()
                    .enumerate()
                    .map(|(i, g)| {
                        use crate::modules::forgotten_tribe::GiftKind;
                        let taken_by = s.gifts.taken_by[i];
                        GiftView {
                            edge: t.edge(g.edge),
                            gift: g.kind.name(),
                            // Harbor types are face up from the start (SC5-9); cards are
                            // face down, and only the claimer's hand shows one.
                            harbor: match g.kind {
                                GiftKind::Harbor(k) => Some(k),
                                _ => None,
                            },
                            taken_by,
                            waiting: taken_by.is_some()
                                && matches!(g.kind, GiftKind::Harbor(_))
                                && s.gifts.placed[i].is_none(),
                            placed_at: s.gifts.placed[i].map(|e| t.edge(e)),
                        }
                    })
                    .collect()
            }),
            chits: s.chits[..s.chit_count as usize]
                .iter()
                .map(|c| crate::position::ChitPosition {
                    seat: c.seat.0,
                    corner: t.corner(c.corner),
                    value: c.value,
                })
                .collect(),
            victory_target: s.victory_points,
            win_off_turn: self.game.config.options.win_off_turn,
            longest_road: s.longest_road,
            largest_army: s.largest_army,
            winner: s.winner,
            shared_winners: s.shared_winners,
            standstill_rounds: s.standstill.rounds,
            standstill_limit: (!self.game.config.options.play_on_when_standing_still)
                .then_some(crate::rules::STANDSTILL_ROUNDS),
            cloth: self.game.cloth_rules().map(|rules| ClothView {
                villages: rules
                    .villages
                    .iter()
                    .enumerate()
                    .map(|(i, v)| VillageView {
                        corner: t.corner(v.corner),
                        number: v.number,
                        cloth: s.cloth.on_village[i],
                        traders: s.cloth.traders_of(i).collect(),
                    })
                    .collect(),
                supply: s.cloth.supply,
                held: s.cloth.held[..s.seats as usize].to_vec(),
            }),
            pirate_islands: self.game.pirate_rules().map(|rules| PirateIslandsView {
                fleet: s.pirate.map(|h| t.hex(h)),
                fleet_path: rules.fleet_path.iter().map(|&h| t.hex(h)).collect(),
                colours: rules
                    .colours
                    .iter()
                    .enumerate()
                    .map(|(i, c)| ColourView {
                        seat: Seat(i as u8),
                        colour: c.name.clone(),
                        fortress: t.corner(c.fortress),
                        chits: s.pirates.chits[i],
                        site: t.corner(c.site),
                        lane: c.lane.iter().map(|e| t.edge(EdgeId(e as u16))).collect(),
                        warships: self
                            .game
                            .warships(Seat(i as u8))
                            .iter()
                            .map(|e| t.edge(EdgeId(e as u16)))
                            .collect(),
                    })
                    .collect(),
            }),
            offer: s.offer.offer.map(|o| OfferData {
                give: o.give,
                get: o.get,
                to: o.to,
                give_gold: o.give_gold,
                get_gold: o.get_gold,
                answered: s.offer.answered,
                accepted: s.offer.accepted,
            }),
            players: s
                .seat_ids()
                .map(|seat| {
                    let p = s.player(seat);
                    let own = self.may_see(seat);
                    PlayerData {
                        seat,
                        neutral: s.neutral.contains(seat),
                        settlements: corners(p.settlements),
                        cities: corners(p.cities),
                        ships: p.ships.iter().map(|e| t.edge(EdgeId(e as u16))).collect(),
                        closed_ships: self
                            .game
                            .closed_ships(seat)
                            .iter()
                            .map(|e| t.edge(EdgeId(e as u16)))
                            .collect(),
                        special_victory_points: p.special_vp,
                        gold_owed: p.gold_owed,
                        roads: p
                            .roads
                            .iter()
                            .map(|e| t.edge(crate::topology::EdgeId(e as u16)))
                            .collect(),
                        resource_count: p.hand.total(),
                        hand: own.then_some(p.hand),
                        hand_bounds: (!own).then(|| self.hand_bounds(seat)),
                        development_card_count: p.all_cards().total(),
                        development_cards: own.then_some(p.cards),
                        new_development_cards: own.then_some(p.new_cards),
                        played_knights: p.played_knights,
                        road_length: self.game.road_length_of(seat),
                        victory_points: self.victory_points(seat),
                        discard_owed: p.discard_owed,
                        bank_rates: Resources(
                            crate::Resource::ALL.map(|r| self.game.bank_rate(seat, r)),
                        ),
                    }
                })
                .collect(),
        }
    }
}

/// A view as data, as the server sends it (docs/protocol.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ViewData {
    pub viewer: Option<Seat>,
    pub scenario: String,
    /// The board (`View::public_map`); `None` when made without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map: Option<MapFile>,
    pub phase: PhaseText,
    pub active: Seat,
    pub turn: u16,
    pub to_act: SeatSet,
    /// What the game waits for, in words.
    pub describe: String,
    pub dice: Option<[u8; 2]>,
    pub bank: Resources,
    /// The bank never runs short, and `bank` stays at 19 of each (`GameOptions::unlimited_bank`).
    /// Left out when off.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unlimited_bank: bool,
    pub development_deck: u32,
    /// The development cards the viewer has not seen, by kind: the deck and the others'
    /// unplayed cards (`View::unseen_development_cards`). Empty in Barbarian Attack, whose
    /// cards are played as drawn.
    pub unseen_development_cards: DevelopmentCards,
    pub robber: Option<Hex>,
    pub pirate: Option<Hex>,
    /// Barbarian Attack: everything on the table is public but the deck's order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub barbarians: Option<BarbariansView>,
    /// Event cards in place of the dice (BAE): all public but the deck's order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<EventsView>,
    /// The Harbormaster (BAH): who holds it, and each player's harbor points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harbormaster: Option<HarbormasterView>,
    /// The Wonders of Catan: every wonder, its owner and stages (public, SC8-10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wonders: Option<Vec<WonderView>>,
    /// The Forgotten Tribe: every gift edge, what lies there (a card face down), who took it,
    /// and where a harbor went or that it waits (SC5-9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gifts: Option<Vec<GiftView>>,
    /// Harbors placed by the players before setup (SC9-3): the token the active seat holds,
    /// face up, and how many lie face down. Left out on other maps and once all are placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harbor_placement: Option<HarborPlacementView>,
    /// Special victory points: who, where, how many (public, S-19).
    pub chits: Vec<crate::position::ChitPosition>,
    pub victory_target: u8,
    /// Barbarian Attack's option: the target wins the moment anyone holds it, in another's
    /// turn too (`GameOptions::win_off_turn`). Left out when off.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub win_off_turn: bool,
    pub longest_road: Option<Seat>,
    pub largest_army: Option<Seat>,
    pub winner: Option<Seat>,
    /// Seats sharing the win with `winner` (Cloth for Catan's tie, D-SC6-1).
    #[serde(skip_serializing_if = "no_seats")]
    pub shared_winners: SeatSet,
    /// Rounds in a row that ended with the public scores as they began; the game ends
    /// without a winner at `standstill_limit` (`rules/standstill.rs`), which is left out when
    /// the game plays on.
    pub standstill_rounds: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standstill_limit: Option<u16>,
    /// Cloth for Catan: the villages with their numbers, cloth and traders, the general
    /// supply, and each seat's cloth (all public, SC6-11).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cloth: Option<ClothView>,
    /// The Pirate Islands: the fleet and its path, and each seat's colour, fortress with its
    /// chits, pirate-island site, lane and warships (all public, SC7-13).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pirate_islands: Option<PirateIslandsView>,
    pub offer: Option<OfferData>,
    pub players: Vec<PlayerData>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PirateIslandsView {
    /// Where the fleet stands; `None` once it has left the game (D-SC7-6).
    pub fleet: Option<Hex>,
    /// The hexes it sails, in order, from its start.
    pub fleet_path: Vec<Hex>,
    /// By seat.
    pub colours: Vec<ColourView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColourView {
    pub seat: Seat,
    /// The colour's name on the printed board (`orange`, `red`, `blue`, `white`).
    pub colour: String,
    pub fortress: Corner,
    /// Chits left on the fortress; 0 once conquered.
    pub chits: u8,
    /// The pirate-island corner where this seat alone may settle.
    pub site: Corner,
    pub lane: Vec<Edge>,
    pub warships: Vec<Edge>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClothView {
    pub villages: Vec<VillageView>,
    pub supply: u8,
    /// Cloth held, by seat.
    pub held: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VillageView {
    pub corner: Corner,
    pub number: u8,
    pub cloth: u8,
    /// The seats trading with it, in the order they began to.
    pub traders: Vec<Seat>,
}

fn no_seats(seats: &SeatSet) -> bool {
    seats.is_empty()
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OfferData {
    pub give: Resources,
    pub get: Resources,
    pub to: SeatSet,
    /// Barbarian Attack: gold coins given and asked for besides the cards (BA-28).
    #[serde(skip_serializing_if = "is_zero")]
    pub give_gold: u8,
    #[serde(skip_serializing_if = "is_zero")]
    pub get_gold: u8,
    pub answered: SeatSet,
    pub accepted: SeatSet,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerData {
    pub seat: Seat,
    /// A neutral player of two-player Barbarian Attack: pieces only, never a turn.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub neutral: bool,
    pub settlements: Vec<Corner>,
    pub cities: Vec<Corner>,
    pub roads: Vec<Edge>,
    pub ships: Vec<Edge>,
    /// Ships on closed routes, which never move (S-12): public.
    pub closed_ships: Vec<Edge>,
    pub special_victory_points: u8,
    pub gold_owed: u8,
    pub resource_count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Resources>,
    /// Another seat's hand as far as the viewer can know it: each resource between `low`
    /// and `high` (`card_tracking.rs`); left out for the viewer's own hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_bounds: Option<crate::card_tracking::HandBounds>,
    pub development_card_count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub development_cards: Option<DevelopmentCards>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_development_cards: Option<DevelopmentCards>,
    pub played_knights: u8,
    pub road_length: u8,
    pub victory_points: u8,
    pub discard_owed: u8,
    /// What the bank asks of each resource for one card: 4, or a harbor's 3 or 2 (B-40).
    pub bank_rates: Resources,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventsView {
    /// The card revealed last.
    pub last: Option<EventCard>,
    /// The cards revealed since New Year.
    pub revealed: Vec<EventCard>,
    /// Cards still to be revealed before New Year comes up.
    pub before_new_year: u8,
    /// Seats still to choose for the event.
    pub owed: SeatSet,
    /// Roads turned sideways by an Earthquake.
    pub damaged_roads: Vec<Edge>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WonderView {
    pub wonder: crate::state::Wonder,
    pub owner: Option<Seat>,
    pub stages: u8,
    /// What each stage costs.
    pub cost: Resources,
    /// The seats the viewer knows to meet its requirement now.
    pub meets: Vec<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HarborPlacementView {
    pub in_hand: Option<crate::map::HarborKind>,
    pub face_down: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GiftView {
    pub edge: Edge,
    /// `special_vp`, `development_card` or `harbor`.
    pub gift: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harbor: Option<crate::map::HarborKind>,
    pub taken_by: Option<Seat>,
    /// A harbor token taken and waiting in front of its seat.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub waiting: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placed_at: Option<Edge>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HarbormasterView {
    pub holder: Option<Seat>,
    pub points: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BarbariansView {
    pub castle: Hex,
    /// Barbarians on each coastal hex holding some.
    pub on: std::collections::BTreeMap<String, u8>,
    pub supply: u8,
    pub conquered: Vec<Hex>,
    pub conquered_buildings: Vec<Corner>,
    pub knights: Vec<KnightView>,
    /// Gold and prisoners, by seat.
    pub gold: Vec<u16>,
    pub prisoners: Vec<u8>,
    /// Cards left in the deck.
    pub deck: u32,
    /// Two players: trade tokens by seat, and in the supply (BA2-2).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<u8>,
    pub token_supply: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KnightView {
    pub seat: Seat,
    pub edge: Edge,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
