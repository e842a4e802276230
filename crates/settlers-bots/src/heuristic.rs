//! The heuristic bot: builds towards points the way a sensible beginner does.
//!
//! - Starting settlements on corners with many pips (the dots under a number: how often it
//!   rolls), resource variety and useful harbors; starting roads towards the next good corner.
//! - Then, each decision, the first goal it can pay for, in this order: a city, a settlement
//!   on the best open corner, a road towards the best corner within reach (only when no
//!   corner is open), a development card. A cheaper goal does not spend the cards of a dearer
//!   one that is nearly paid for.
//! - Bank and harbor trades when they complete a goal, or when a hand of more than 7 cards
//!   risks a discard on a 7.
//! - The robber on the hex that hurts the leader most, never on its own buildings; robs the
//!   leader. Discards what no goal needs. Knights when the robber blocks it, and otherwise
//!   for Largest Army; Road Building when roads are the goal; Year of Plenty for what a goal
//!   lacks; Monopoly on a resource it lacks when the others hold many cards.
//! - Accepts a domestic offer only when it brings a goal closer and the offerer is not near
//!   winning; makes no offers of its own.

use crate::{Bot, BotRng};
use settlers_core::map::HarborKind;
use settlers_core::resources::cost;
use settlers_core::state::{CITIES, ROADS, SETTLEMENTS};
use settlers_core::topology::{CornerId, CornerSet, EdgeId, EdgeSet, HexId, Topology};
use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Phase, Resource, Resources, Seat};

/// Decides by the rules of thumb in the module's comment. It keeps no state between
/// decisions and uses no randomness: every choice follows from the view.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

impl HeuristicBot {
    pub fn new() -> HeuristicBot {
        HeuristicBot
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, _rng: &mut BotRng) -> Action {
        let Some(me) = view.viewer() else {
            return fallback(legal);
        };
        let mind = Mind::new(view, me);
        let action = match view.phase() {
            Phase::SetupSettlement => mind.best_settlement(legal),
            Phase::SetupRoad { .. } | Phase::BuildingRoads { .. } => mind.best_road(legal),
            Phase::BeforeRoll => mind.before_roll(legal),
            Phase::Discarding => legal
                .discard
                .map(|d| Action::Discard(mind.discard(d.count))),
            Phase::MovingRobber => mind.robber(legal),
            Phase::Main => Some(mind.main(legal)),
            Phase::TradeOffered => Some(mind.answer(legal)),
            _ => None,
        };
        match action {
            Some(a) if legal.permits(&a) => a,
            _ => fallback(legal),
        }
    }
}

/// Ending the turn when it may, else the first legal action: only reached if a rule of
/// thumb found nothing, which keeps the game going rather than stalling it.
fn fallback(legal: &LegalActions) -> Action {
    if legal.actions.contains(&Action::EndTurn) {
        return Action::EndTurn;
    }
    if let Some(d) = legal.discard {
        let mut left = d.from;
        let mut out = Resources::EMPTY;
        for _ in 0..d.count {
            let i = (0..5).max_by_key(|&i| left.0[i]).expect("five types");
            left.0[i] -= 1;
            out.0[i] += 1;
        }
        return Action::Discard(out);
    }
    if let Some(g) = legal.gold {
        let mut left = g.from;
        let mut out = Resources::EMPTY;
        for _ in 0..g.count {
            let i = (0..5).max_by_key(|&i| left.0[i]).expect("five types");
            left.0[i] -= 1;
            out.0[i] += 1;
        }
        return Action::PickResources(out);
    }
    legal.actions.first().copied().unwrap_or(Action::EndTurn)
}

/// The dots under a number token: in how many of the 36 dice rolls it comes up.
fn pips(number: Option<u8>) -> u32 {
    match number {
        Some(n @ 2..=12) if n != 7 => 6 - (i32::from(n) - 7).unsigned_abs(),
        _ => 0,
    }
}

/// How much a pip of each resource is worth (brick, lumber, wool, grain, ore): wool buys
/// the least (only settlements and development cards need it).
const RESOURCE_WEIGHT: [f32; 5] = [1.0, 1.0, 0.8, 1.1, 1.1];

/// What the bot works towards, dearest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    City,
    Settlement,
    Road,
    DevelopmentCard,
}

impl Goal {
    fn cost(self) -> Resources {
        match self {
            Goal::City => cost::CITY,
            Goal::Settlement => cost::SETTLEMENT,
            Goal::Road => cost::ROAD,
            Goal::DevelopmentCard => cost::DEVELOPMENT_CARD,
        }
    }
}

/// What the bot knows of the game at one decision, worked out once.
struct Mind<'v, 'a> {
    view: &'v View<'a>,
    t: &'a Topology,
    me: Seat,
    hand: Resources,
    /// Cards the bank takes for one, per resource type.
    rates: [u8; 5],
    /// Pips per resource type of my settlements and cities (cities twice).
    production: [u32; 5],
    /// Edges holding anyone's road.
    paved: EdgeSet,
    /// Corners where I may build a settlement now (touching my roads, keeping distance).
    sites: CornerSet,
    /// Goals open to me, dearest first.
    goals: [Option<Goal>; 4],
}

impl<'v, 'a> Mind<'v, 'a> {
    fn new(view: &'v View<'a>, me: Seat) -> Self {
        let t = view.topology();
        let hand = view.hand().unwrap_or_default();
        let rates = Resource::ALL.map(|r| view.bank_rate(me, r));
        let mut production = [0u32; 5];
        let cities = view.cities(me);
        for c in view.settlements(me).union(&cities).iter() {
            let weight = if cities.contains(c) { 2 } else { 1 };
            for h in t.corner_hexes(CornerId(c as u16)) {
                if let Some(r) = t.resource(h) {
                    production[r.index()] += weight * pips(t.number(h));
                }
            }
        }
        let paved = view.paved();
        let sites = view.settlement_sites(me);
        let mut mind = Mind {
            view,
            t,
            me,
            hand,
            rates,
            production,
            paved,
            sites,
            goals: [None; 4],
        };
        mind.goals = mind.open_goals();
        mind
    }

    fn open_goals(&self) -> [Option<Goal>; 4] {
        let v = self.view;
        let settlements = v.settlements(self.me).len() as u8;
        let cities = v.cities(self.me).len() as u8;
        let settlements_left = SETTLEMENTS - settlements;
        let roads_left = ROADS - v.roads(self.me).len() as u8;
        let city = settlements > 0 && cities < CITIES;
        let settlement = settlements_left > 0 && !self.sites.is_empty();
        let road = settlements_left > 0
            && self.sites.is_empty()
            && roads_left > 0
            && self.best_road_value() > 0.0;
        let card = v.deck_size() > 0;
        [
            city.then_some(Goal::City),
            settlement.then_some(Goal::Settlement),
            road.then_some(Goal::Road),
            card.then_some(Goal::DevelopmentCard),
        ]
    }

    fn goals(&self) -> impl Iterator<Item = Goal> + '_ {
        self.goals.iter().flatten().copied()
    }

    fn has_goal(&self, goal: Goal) -> bool {
        self.goals.contains(&Some(goal))
    }

    fn vp(&self, seat: Seat) -> u32 {
        u32::from(self.view.victory_points(seat))
    }

    /// The opponent with the most points everyone can see (then the most cards).
    fn leader(&self) -> Option<Seat> {
        (0..self.view.seats())
            .map(Seat)
            .filter(|&s| s != self.me)
            .max_by_key(|&s| (self.vp(s), self.view.hand_size(s)))
    }

    fn free_corner(&self, c: CornerId) -> bool {
        self.t.land_corners.contains(c.index()) && !self.view.crowded().contains(c.index())
    }

    /// How good a settlement on `c` would be for me: pips weighted by resource, a bonus for
    /// each resource type I do not produce yet, and harbors that suit my production.
    fn corner_value(&self, c: CornerId) -> f32 {
        let t = self.t;
        let mut value = 0.0;
        let mut gained = [0u32; 5];
        for h in t.corner_hexes(c) {
            let (Some(r), p) = (t.resource(h), pips(t.number(h))) else {
                continue;
            };
            if p == 0 {
                continue;
            }
            let i = r.index();
            value += p as f32 * RESOURCE_WEIGHT[i];
            if self.production[i] == 0 && gained[i] == 0 {
                value += 2.5;
            }
            gained[i] += p;
        }
        let harbor = t.corner_harbor(c);
        if harbor & HarborKind::Generic.bit() != 0 {
            value += 1.0;
        }
        for r in Resource::ALL {
            if harbor & HarborKind::Special(r).bit() != 0 {
                let i = r.index();
                if self.production[i] + gained[i] >= 5 {
                    value += 2.5;
                } else {
                    value += 0.3;
                }
            }
        }
        value
    }

    fn road_reach(&self) -> CornerSet {
        self.view.road_reach(self.me)
    }

    fn opponent_building(&self, c: CornerId) -> bool {
        self.view.building_owner(c).is_some_and(|o| o != self.me)
    }

    /// Whether I could put a road on the edge from `a` to `b` some day.
    fn open_edge(&self, a: CornerId, b: CornerId) -> bool {
        self.t
            .edge_between(a, b)
            .is_some_and(|e| !self.paved.contains(e.index()) || self.mine(e))
    }

    fn mine(&self, e: EdgeId) -> bool {
        self.view.roads(self.me).contains(e.index())
    }

    /// How good a road on `e` is: the value of the best open corner it leads to, less for
    /// each further road that corner needs.
    fn road_value(&self, e: EdgeId, reach: &CornerSet) -> f32 {
        let [a, b] = self.t.edge_corners(e);
        let x = match (reach.contains(a.index()), reach.contains(b.index())) {
            (true, false) => b,
            (false, true) => a,
            // Joins two parts of my own network: only worth something for Longest Road.
            _ => return 0.05,
        };
        if self.opponent_building(x) {
            return 0.0;
        }
        let from = if x == a { b } else { a };
        let mut best: f32 = 0.0;
        if self.free_corner(x) {
            best = self.corner_value(x);
        }
        for y in self.t.corner_neighbours(x) {
            if y == from || self.opponent_building(y) || !self.open_edge(x, y) {
                continue;
            }
            if self.free_corner(y) {
                best = best.max(0.7 * self.corner_value(y));
            }
            for z in self.t.corner_neighbours(y) {
                if z != x && self.free_corner(z) && self.open_edge(y, z) {
                    best = best.max(0.45 * self.corner_value(z));
                }
            }
        }
        best
    }

    /// The value of the best road I could build, were I able to pay for it.
    fn best_road_value(&self) -> f32 {
        let reach = self.road_reach();
        let mut best: f32 = 0.0;
        for e in self.view.road_sites(self.me).iter() {
            best = best.max(self.road_value(EdgeId(e as u16), &reach));
        }
        best
    }

    fn best_road(&self, legal: &LegalActions) -> Option<Action> {
        let reach = self.road_reach();
        best_by(legal, |a| match a {
            Action::BuildRoad(e) => Some(self.road_value(*e, &reach)),
            _ => None,
        })
    }

    fn best_settlement(&self, legal: &LegalActions) -> Option<Action> {
        best_by(legal, |a| match a {
            Action::BuildSettlement(c) => Some(self.corner_value(*c)),
            _ => None,
        })
    }

    fn best_city(&self, legal: &LegalActions) -> Option<Action> {
        let robber = self.view.robber();
        best_by(legal, |a| match a {
            Action::BuildCity(c) => Some(
                self.t
                    .corner_hexes(*c)
                    .filter(|&h| Some(h) != robber)
                    .map(|h| pips(self.t.number(h)) as f32)
                    .sum::<f32>(),
            ),
            _ => None,
        })
    }

    /// Whether the robber stands on a producing hex where I have a building.
    fn robber_blocks_me(&self) -> bool {
        let Some(h) = self.view.robber() else {
            return false;
        };
        pips(self.t.number(h)) > 0
            && self
                .t
                .hex_corners(h)
                .iter()
                .any(|&c| self.view.building_owner(c) == Some(self.me))
    }

    fn before_roll(&self, legal: &LegalActions) -> Option<Action> {
        if self.robber_blocks_me() && legal.actions.contains(&Action::PlayKnight) {
            return Some(Action::PlayKnight);
        }
        Some(Action::RollDice)
    }

    /// Cards missing for `cost` once every card beyond it is traded at my rates: 0 means the
    /// bank (or a harbor) can complete it.
    fn shortfall(&self, hand: &Resources, cost: &Resources) -> u32 {
        let mut missing = 0;
        let mut tradeable = 0;
        for i in 0..5 {
            let (have, need) = (u32::from(hand.0[i]), u32::from(cost.0[i]));
            if have < need {
                missing += need - have;
            } else {
                tradeable += (have - need) / u32::from(self.rates[i]);
            }
        }
        missing.saturating_sub(tradeable)
    }

    /// How far a hand is from my goals: the dearest open goal counts most.
    fn distance(&self, hand: &Resources) -> u32 {
        let mut weight = 8;
        let mut total = 0;
        for g in self.goals() {
            total += weight * self.shortfall(hand, &g.cost());
            weight = (weight / 2).max(1);
        }
        total
    }

    /// Whether paying `price` leaves a dearer goal, nearly paid for, further off.
    fn spoils_dearer_goal(&self, goal: Goal, price: &Resources) -> bool {
        let mut after = self.hand;
        after.subtract(price);
        self.goals().take_while(|&g| g != goal).any(|g| {
            let now = self.shortfall(&self.hand, &g.cost());
            now <= 1 && self.shortfall(&after, &g.cost()) > now
        })
    }

    fn main(&self, legal: &LegalActions) -> Action {
        if let Some(a) = self.card_play(legal) {
            return a;
        }
        for goal in self.goals() {
            let price = goal.cost();
            if !self.hand.covers(&price) || self.spoils_dearer_goal(goal, &price) {
                continue;
            }
            let build = match goal {
                Goal::City => self.best_city(legal),
                Goal::Settlement => self.best_settlement(legal),
                Goal::Road => self.best_road(legal),
                Goal::DevelopmentCard => legal
                    .actions
                    .contains(&Action::BuyDevelopmentCard)
                    .then_some(Action::BuyDevelopmentCard),
            };
            if let Some(a) = build {
                return a;
            }
        }
        for goal in self.goals() {
            let price = goal.cost();
            if self.shortfall(&self.hand, &price) > 0 {
                continue;
            }
            // Trading towards a cheap goal must not sell what a dearer one nearly has.
            if matches!(goal, Goal::Road | Goal::DevelopmentCard)
                && self
                    .goals()
                    .take_while(|&g| g != goal)
                    .any(|g| self.shortfall(&self.hand, &g.cost()) <= 1)
            {
                continue;
            }
            if let Some(a) = self.trade_towards(legal, &price) {
                return a;
            }
        }
        if self.hand.total() > 7
            && let Some(goal) = self.goals().next()
            && let Some(a) = self.trade_towards(legal, &goal.cost())
        {
            return a;
        }
        Action::EndTurn
    }

    /// A bank trade of cards `cost` does not need for a card it lacks, the most lacking first.
    fn trade_towards(&self, legal: &LegalActions, cost: &Resources) -> Option<Action> {
        best_by(legal, |a| {
            let Action::TradeWithBank { give, get } = *a else {
                return None;
            };
            let (g, w) = (give.index(), get.index());
            let lacking = cost.0[w].saturating_sub(self.hand.0[w]);
            let spare = self.hand.0[g].saturating_sub(cost.0[g]);
            (lacking > 0 && spare >= self.rates[g])
                .then(|| f32::from(lacking) * 10.0 + f32::from(spare - self.rates[g]))
        })
    }

    fn card_play(&self, legal: &LegalActions) -> Option<Action> {
        let can = |a: &Action| legal.actions.contains(a);
        let mut year_of_plenty = None;
        let mut best_distance = self.distance(&self.hand);
        let mut completes = false;
        for a in &legal.actions {
            if let Action::PlayYearOfPlenty(pick) = *a {
                let mut after = self.hand;
                after.add(&pick);
                let d = self.distance(&after);
                if d < best_distance {
                    best_distance = d;
                    year_of_plenty = Some(*a);
                    completes = self.goals().any(|g| after.covers(&g.cost()));
                }
            }
        }
        if completes {
            return year_of_plenty;
        }
        if let Some(a) = self.monopoly(legal) {
            return Some(a);
        }
        if self.has_goal(Goal::Road) && can(&Action::PlayRoadBuilding) {
            return Some(Action::PlayRoadBuilding);
        }
        if can(&Action::PlayKnight) {
            return Some(Action::PlayKnight);
        }
        year_of_plenty
    }

    /// Monopoly on the type my dearest goal lacks most, when the others hold many cards.
    fn monopoly(&self, legal: &LegalActions) -> Option<Action> {
        let others: u32 = (0..self.view.seats())
            .map(Seat)
            .filter(|&s| s != self.me)
            .map(|s| self.view.hand_size(s))
            .sum();
        if others < 10 {
            return None;
        }
        let goal = self.goals().next()?;
        let cost = goal.cost();
        let r = Resource::ALL
            .into_iter()
            .max_by_key(|r| cost.get(*r).saturating_sub(self.hand.get(*r)))?;
        let a = Action::PlayMonopoly(r);
        (cost.get(r) > self.hand.get(r) && legal.actions.contains(&a)).then_some(a)
    }

    /// The robber on the hex that costs the leader the most production, never one of mine;
    /// rob the leader when possible.
    fn robber(&self, legal: &LegalActions) -> Option<Action> {
        let leader = self.leader();
        best_by(legal, |a| {
            let Action::MoveRobber { hex, victim } = *a else {
                return None;
            };
            Some(self.robber_value(hex, leader) + self.victim_value(victim, leader))
        })
    }

    fn robber_value(&self, hex: HexId, leader: Option<Seat>) -> f32 {
        let p = pips(self.t.number(hex)) as f32;
        let mut value = 0.0;
        for &c in self.t.hex_corners(hex) {
            let Some(owner) = self.view.building_owner(c) else {
                continue;
            };
            let size = if self.view.cities(owner).contains(c.index()) {
                2.0
            } else {
                1.0
            };
            if owner == self.me {
                value -= 10.0 * (p + 1.0) * size;
            } else {
                let lead = if Some(owner) == leader { 1.5 } else { 1.0 };
                value += p * size * (1.0 + self.vp(owner) as f32 / 3.0) * lead;
            }
        }
        value
    }

    fn victim_value(&self, victim: Option<Seat>, leader: Option<Seat>) -> f32 {
        victim.map_or(0.0, |v| {
            let lead = if Some(v) == leader { 2.0 } else { 0.0 };
            lead + 0.3 * self.vp(v) as f32 + 0.2 * self.view.hand_size(v).min(7) as f32
        })
    }

    /// Discards `count` cards, keeping what my two dearest open goals need.
    fn discard(&self, count: u8) -> Resources {
        let mut keep = Resources::EMPTY;
        for g in self.goals().take(2) {
            let c = g.cost();
            for i in 0..5 {
                keep.0[i] = keep.0[i].max(c.0[i]);
            }
        }
        let mut left = self.hand;
        let mut out = Resources::EMPTY;
        for _ in 0..count {
            let Some(i) = (0..5)
                .filter(|&i| left.0[i] > 0)
                .max_by_key(|&i| (i32::from(left.0[i]) - i32::from(keep.0[i]), left.0[i]))
            else {
                break;
            };
            left.0[i] -= 1;
            out.0[i] += 1;
        }
        out
    }

    /// Answers an offer, or (as the offerer) confirms with the first who accepted.
    fn answer(&self, legal: &LegalActions) -> Action {
        if let Some(a) = legal
            .actions
            .iter()
            .find(|a| matches!(a, Action::ConfirmTrade(_)))
        {
            return *a;
        }
        if legal.actions.contains(&Action::CancelTrade) {
            return Action::CancelTrade;
        }
        let (Some(offer), true) = (
            self.view.offer(),
            legal.actions.contains(&Action::AcceptTrade),
        ) else {
            return Action::RejectTrade;
        };
        let offerer = self.view.active();
        if self.vp(offerer) + 2 >= u32::from(self.view.victory_target()) {
            return Action::RejectTrade;
        }
        let mut after = self.hand;
        after.subtract(&offer.get);
        after.add(&offer.give);
        if self.distance(&after) < self.distance(&self.hand) {
            Action::AcceptTrade
        } else {
            Action::RejectTrade
        }
    }
}

/// The listed action with the highest value (`None` values are not candidates); the first
/// listed wins a tie, so choices do not depend on anything but the view.
fn best_by(legal: &LegalActions, mut value: impl FnMut(&Action) -> Option<f32>) -> Option<Action> {
    let mut best: Option<(Action, f32)> = None;
    for a in &legal.actions {
        if let Some(v) = value(a)
            && best.is_none_or(|(_, b)| v > b)
        {
            best = Some((*a, v));
        }
    }
    best.map(|(a, _)| a)
}
