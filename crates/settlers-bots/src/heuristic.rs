//! The heuristic bot: builds towards points the way a sensible beginner does, on land and
//! at sea.
//!
//! - A corner is worth its pips (the dots under a number: how often it rolls) weighted by
//!   resource, a bonus for each resource type it does not produce yet, harbors that suit its
//!   production, gold fields (a card of its choice per pip), unexplored fog (land nobody
//!   holds yet) and the special victory points a first settlement there would earn. An area earns nothing while one of its buildings stands there: that covers areas
//!   already scored and the home islands of the Four Islands alike.
//! - Routes: how good each corner a road or a ship could reach is, less for each piece the
//!   way there needs. Roads cross land and ships cross sea; the two join only at one of its
//!   own buildings, so each grows from its own kind of network. It builds the first road or
//!   ship of the best route, and moves an end ship when the ship is worth more at the head of
//!   another route (towards an island, say) than where it stands.
//! - Starting settlements on good corners with good routes out of them; the starting road,
//!   or ship, that opens the best route.
//! - Then, each decision, the first goal it can pay for, in this order: a settlement on the
//!   best open corner, a city, a road or a ship towards the best corner within reach (when
//!   no corner is open, or one within reach is worth more than any open one), a development
//!   card. A cheaper goal does not spend the cards of a dearer one that is nearly paid for.
//! - Bank and harbor trades when they complete a goal, or, towards the nearest goal, when a
//!   hand of more than 7 cards risks a discard on a 7. Gold-field picks that bring its
//!   dearest goal closest.
//! - After a 7 or a Knight, the robber or the pirate robs the seat leading by public points
//!   among those it can rob (then the one holding most cards; a tie goes to the first after
//!   the bot in turn order). Of the moves that rob it, the robber on the hex that hurts the others
//!   most, the leader counting most, or the pirate beside their ships, whichever harms them
//!   more (and frees it of more harm where the piece stands now); it blocks itself only when
//!   nothing else robs the target. Discards what no goal needs. Knights when the
//!   robber blocks it, and otherwise for Largest Army; Road Building when a road or a ship is
//!   the goal; Year of Plenty for what a goal lacks; Monopoly on a resource it lacks when the
//!   others hold many cards.
//! - With no corner left to settle and no city left to build, it lengthens its road (or trade
//!   route) towards the Longest Road, when that award scores and more pieces could take it.
//! - Trades with players (heuristic/trading.rs says how): offers one card it can spare for
//!   one a goal lacks, to those who may hold it; answers offers by their worth to it; never
//!   trades with a seat about to win.
//! - In The Wonders of Catan: it claims a wonder as soon as it meets a requirement (one it
//!   cannot lose first: the Theater, the Great Bridge, the Great Wall), builds a stage
//!   whenever it can pay for one, and keeps a ship in stock for the claim until it holds a
//!   wonder. The Forgotten Tribe's gift harbors go on the first site listed. In Cloth for
//!   Catan its ships also head for the villages it does not trade with yet, while they hold
//!   cloth, and the pirate takes cloth rather than a card. In The Pirate Islands its ships
//!   sail its lane towards its fortress, never into a dead end of the lane; Knights become
//!   warships as soon as they may; it attacks the fortress, last thing in a turn, with 5
//!   warships or more (or 2, once no Knight is left to come).
//! - In Barbarian Attack (heuristic/barbarians.rs says how): the coast's production counted
//!   at the risk its barbarians put it in, a card before a road, gold spent before any bank
//!   trade, knights moved to win battles at the end of the turn, and the scenario's own cards,
//!   tokens and neutral pieces.
//! - In the New World, the harbor tokens placed before setup (heuristic/harbors.rs): a 2:1
//!   harbor beside the corner that would produce most of its resource, a 3:1 harbor beside
//!   the corner with the most pips.

mod barbarians;
mod harbors;
mod picture;
mod trading;

use crate::{Bot, BotRng};
use barbarians::{COAST as COAST_SIZE, Coast, CoastSteps};
use picture::{Picture, Pictures};
use settlers_core::action::CardRange;
use settlers_core::map::HarborKind;
use settlers_core::resources::cost;
use settlers_core::rules::awards::LONGEST_ROAD_MINIMUM;
use settlers_core::ruleset::{LongestRoute, SpecialVp};
use settlers_core::state::{CITIES, ROADS, SETTLEMENTS, Wonder};
use settlers_core::topology::{
    CornerId, CornerSet, EdgeId, EdgeSet, HexId, HexSet, MAX_CORNERS, Topology,
};
use settlers_core::view::View;
use settlers_core::{
    Action, LegalActions, Phase, Resource, Resources, Seat, Terrain, WaysToFortress,
};

/// Decides by the rules of thumb in the module's comment. It uses no randomness: every
/// choice follows from the view. It keeps its picture of the board between decisions
/// (heuristic/picture.rs), and in Barbarian Attack the paths' steps to the coast, used again
/// only while the board is the same, so what it keeps changes no choice.
#[derive(Clone, Debug, Default)]
pub struct HeuristicBot {
    pictures: Pictures,
    coast_steps: CoastSteps,
}

impl HeuristicBot {
    pub fn new() -> HeuristicBot {
        HeuristicBot::default()
    }

    /// The trade offer to other players this bot would make now, if it would make one
    /// (heuristic/trading.rs): a candidate for bots that search. Changes nothing of what the
    /// bot itself decides.
    pub fn trade_offer(view: &View<'_>, legal: &LegalActions) -> Option<Action> {
        let me = view.viewer()?;
        let mut steps = CoastSteps::default();
        let coast = Coast::read(view, me, &mut steps);
        let mut picture = Picture::blank();
        let mut mind = Mind::new(view, me, coast.as_ref(), &mut picture);
        mind.note_gold(legal);
        mind.offer(legal).filter(|a| legal.permits(a))
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    /// A counter-offer is weighed as an offer made to it would be (heuristic/trading.rs).
    fn takes_counter(
        &mut self,
        view: &View<'_>,
        from: Seat,
        counter: &settlers_core::TradeOffer,
        _rng: &mut BotRng,
    ) -> bool {
        view.viewer().is_some_and(|me| {
            let mut steps = CoastSteps::default();
            let coast = Coast::read(view, me, &mut steps);
            let mut picture = Picture::blank();
            Mind::new(view, me, coast.as_ref(), &mut picture).takes_counter(from, counter)
        })
    }

    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, _rng: &mut BotRng) -> Action {
        let Some(me) = view.viewer() else {
            return fallback(legal);
        };
        // A roll with nothing to play first, or any other lone choice: nothing to weigh, and
        // weighing is most of a heuristic game's work.
        if let Some(only) = only_choice(legal) {
            return only;
        }
        let coast = Coast::read(view, me, &mut self.coast_steps);
        let mut spare = None;
        let (lent, drawn_from) = match self.pictures.slot(me) {
            Some(kept) => (&mut kept.picture, Some(&mut kept.drawn_from)),
            None => (spare.insert(Picture::blank()), None),
        };
        let mut mind = Mind::read(view, me, coast.as_ref(), lent);
        picture::bring_up_to_date(drawn_from, &mut mind);
        mind.goals = mind.open_goals();
        mind.note_gold(legal);
        let barbarians = mind.coast.is_some();
        let action = match view.phase() {
            Phase::SetupSettlement => mind.best_setup_settlement(legal),
            Phase::SetupRoad { .. } | Phase::BuildingRoads { .. } => mind.best_step(legal),
            Phase::BeforeRoll => mind.before_roll(legal),
            Phase::Discarding => legal
                .discard
                .map(|d| Action::Discard(mind.discard(d.count))),
            Phase::MovingRobber => mind.robber(legal),
            Phase::Main => Some(mind.main(legal)),
            Phase::TradeOffered => Some(mind.answer(legal)),
            Phase::PickingGold => legal.gold.map(|g| Action::PickResources(mind.gold(g))),
            Phase::PlacingKnight { .. } if barbarians => mind.place_knight(legal),
            Phase::Treason if barbarians => mind.treason(legal),
            Phase::Intrigue if barbarians => mind.intrigue(legal),
            Phase::MovingKnights if barbarians => mind.knight_move(legal),
            Phase::ForeignKnight if barbarians => mind.foreign_knight(legal),
            Phase::NeutralBuilding { .. } => mind.neutral_build(legal),
            Phase::GivingBack { .. } => {
                legal.give_back.map(|g| Action::GiveBack(mind.give_back(g)))
            }
            Phase::PlacingHarbor => view
                .harbor_in_hand()
                .and_then(|kind| harbors::best_harbor(view.topology(), kind, legal)),
            _ => None,
        };
        match action {
            Some(a) if legal.permits(&a) => a,
            _ => fallback(legal),
        }
    }
}

/// The one action `legal` allows, when it allows only one.
fn only_choice(legal: &LegalActions) -> Option<Action> {
    let open = legal.discard.is_some()
        || legal.gold.is_some()
        || legal.give_back.is_some()
        || legal.offer.is_some()
        || !legal.knight_sets.is_empty();
    match legal.actions.as_slice() {
        [only] if !open => Some(*only),
        _ => None,
    }
}

/// Ending the turn when it may, else the first legal action: only reached if a rule of
/// thumb found nothing, which keeps the game going rather than stalling it.
fn fallback(legal: &LegalActions) -> Action {
    if legal.actions.contains(&Action::EndTurn) {
        return Action::EndTurn;
    }
    if let Some(d) = legal.discard {
        return Action::Discard(most_held(d));
    }
    if let Some(g) = legal.gold {
        return Action::PickResources(most_held(g));
    }
    if let Some(g) = legal.give_back {
        return Action::GiveBack(most_held(g));
    }
    legal.actions.first().copied().unwrap_or(Action::EndTurn)
}

/// `count` cards out of `from`, always of the type most plentiful there.
fn most_held(range: CardRange) -> Resources {
    let mut left = range.from;
    let mut out = Resources::EMPTY;
    for _ in 0..range.count {
        let i = (0..5).max_by_key(|&i| left.0[i]).expect("five types");
        left.0[i] -= 1;
        out.0[i] += 1;
    }
    out
}

/// The dots under a number token: in how many of the 36 dice rolls it comes up.
fn pips(number: Option<u8>) -> u32 {
    match number {
        Some(n @ 2..=12) if n != 7 => 6 - (i32::from(n) - 7).unsigned_abs(),
        _ => 0,
    }
}

/// How much a pip of each resource is worth (brick, lumber, wool, grain, ore): wool buys
/// the least on land (settlements and development cards), though ships need it too.
const RESOURCE_WEIGHT: [f32; 5] = [1.0, 1.0, 0.8, 1.1, 1.1];
/// A gold pip is a card of any type: worth more than any one resource.
const GOLD_WEIGHT: f32 = 1.3;
/// An unexplored fog hex. Most of the fog stack is land, and land nobody holds yet: the first
/// to reach it picks the best corners. Worth more than its average number (three pips or so)
/// says; simulations against the land-only bot bear that out.
const FOG_HEX_VALUE: f32 = 8.0;
/// Turning a fog hex over pays a card of its resource at once (SC3-6), and shows what is
/// there before anyone else can use it.
const FOG_REVEAL_VALUE: f32 = 4.0;
/// One victory point in the units of corner values. A settlement's own point is common to
/// every corner and left out; special points are not, and this is their price.
const VP_VALUE: f32 = 8.0;
/// The Pirate Islands: one's own fortress, a point and the key to the win.
const FORTRESS_VALUE: f32 = 3.0 * VP_VALUE;
/// Cloth for Catan: a cloth is half a point (SC6-6).
const CLOTH_VP: f32 = 0.5;
/// What a corner one more piece away is worth, relative to one a piece nearer.
const DECAY: f32 = 0.8;
/// Values spread at least this many pieces from each corner: routes much longer are not
/// worth planning, the board changes before they are built.
const MOST_PIECES: usize = 9;
/// How much a starting settlement's best route out counts beside its own production.
const SETUP_REACH: f32 = 0.3;
/// A ship moves only when it is worth this much more at the head of another route.
const MOVE_MARGIN: f32 = 1.0;
/// Below this a route is not worth a piece.
const LEAST_STEP: f32 = 0.5;
/// Barbarian Attack: a corner touching coastal hexes only, where the barbarians may take a
/// building's points.
const EXPOSED: f32 = 2.0;

/// Roads cross land, ships cross sea.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Road,
    Ship,
}

/// What the bot works towards; `open_goals` puts them in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    City,
    Settlement,
    Road,
    Ship,
    DevelopmentCard,
}

impl Goal {
    fn cost(self) -> Resources {
        match self {
            Goal::City => cost::CITY,
            Goal::Settlement => cost::SETTLEMENT,
            Goal::Road => cost::ROAD,
            Goal::Ship => cost::SHIP,
            Goal::DevelopmentCard => cost::DEVELOPMENT_CARD,
        }
    }
}

/// For each corner, the best value a route through it leads to, discounted by the pieces
/// still needed from there.
type Potential = [f32; MAX_CORNERS];

/// One kind of network (roads or ships) and where it may lead.
#[derive(Clone)]
struct Routes {
    /// Corners a new piece of this kind may start from.
    sources: CornerSet,
    potential: Potential,
    /// The value of the best piece of this kind I could build, were I able to pay for it.
    best: f32,
}

/// What the bot knows of the game at one decision, worked out once.
/// The scoring areas each corner belongs to, as masks: asked for every goal of every route.
fn area_masks(special: &SpecialVp) -> [u16; MAX_CORNERS] {
    let mut masks = [0u16; MAX_CORNERS];
    let areas = match special {
        SpecialVp::None => return masks,
        SpecialVp::FirstPerArea { areas, .. } => areas,
        SpecialVp::ForeignIslands { islands, .. } => islands,
    };
    for (i, area) in areas.iter().enumerate() {
        for c in area.iter() {
            masks[c] |= 1 << i;
        }
    }
    masks
}

/// Land corners, and corners of fog that may turn out land.
fn may_settle_some_day(t: &Topology) -> CornerSet {
    let mut corners = t.land_corners;
    for h in t.fog_hexes.iter() {
        corners = corners.union(t.hex_corner_set(HexId(h as u8)));
    }
    corners
}

struct Mind<'v, 'a> {
    view: &'v View<'a>,
    t: &'a Topology,
    me: Seat,
    hand: Resources,
    /// Cards the bank takes for one, per resource type.
    rates: [u8; 5],
    /// Pips per resource type of my settlements and cities (cities twice).
    production: [u32; 5],
    /// Pips of gold fields at my settlements and cities (cities twice).
    gold_pips: u32,
    /// Edges holding anyone's road or ship.
    taken: EdgeSet,
    /// Corners holding an opponent's building: no route of mine passes them.
    opponents: CornerSet,
    /// Corners where I may build a settlement now.
    sites: CornerSet,
    /// The scoring areas holding one of my buildings: no special points there any more.
    my_areas: u16,
    /// The scoring areas each corner belongs to, as a mask (`SpecialVp::areas_at`).
    areas: [u16; MAX_CORNERS],
    /// Land corners, and corners of fog that may turn out land: where a route may lead.
    settle_some_day: CornerSet,
    /// The picture of the board: what a settlement would produce on each corner, and where
    /// each network leads. Lent, most often the one the bot kept for the seat
    /// (heuristic/picture.rs), drawn in place when it is out of date.
    picture: &'v mut Picture,
    /// Goals open to me, dearest first.
    goals: [Option<Goal>; 5],
    /// Barbarian Attack: the barbarians, the knights, gold and tokens. Read by the caller
    /// and lent: the coast is kilobytes, and a mind is made at each decision.
    coast: Option<&'v Coast<'a>>,
    /// Barbarian Attack: what each coastal hex's barbarians would give back, were they all
    /// taken now (`Mind::freed_now`); worked out when first asked for, as most decisions
    /// weigh no knight.
    freed_now: std::cell::OnceCell<[f32; COAST_SIZE]>,
    /// Barbarian Attack: cards of my choice my gold still buys this turn.
    gold_cards: u32,
    /// The Pirate Islands: the ways on to my fortress, found once they are asked for.
    ways: std::cell::OnceCell<WaysToFortress>,
}

impl<'v, 'a> Mind<'v, 'a> {
    /// What the bot knows at this decision, its picture of the board newly drawn.
    fn new(
        view: &'v View<'a>,
        me: Seat,
        coast: Option<&'v Coast<'a>>,
        picture: &'v mut Picture,
    ) -> Self {
        let mut mind = Mind::read(view, me, coast, picture);
        mind.draw();
        mind.goals = mind.open_goals();
        mind
    }

    /// What the bot knows at this decision, with `picture` as yet undrawn (`draw`, or
    /// heuristic/picture.rs for a kept one) and without its goals, which follow from it.
    fn read(
        view: &'v View<'a>,
        me: Seat,
        coast: Option<&'v Coast<'a>>,
        picture: &'v mut Picture,
    ) -> Self {
        let t = view.topology();
        let hand = view.hand().unwrap_or_default();
        let rates = Resource::ALL.map(|r| view.bank_rate(me, r));
        let mut production = [0u32; 5];
        let mut gold_pips = 0;
        let cities = view.cities(me);
        let mine = view.settlements(me).union(&cities);
        let areas = area_masks(&view.rules().special_vp);
        let mut my_areas = 0u16;
        for c in mine.iter() {
            my_areas |= areas[c];
            let weight = if cities.contains(c) { 2 } else { 1 };
            for h in t.corner_hexes(CornerId(c as u16)) {
                // A conquered hex produces nothing (BA-11).
                if coast
                    .as_ref()
                    .is_some_and(|coast| coast.yield_factor(h) == 0.0)
                {
                    continue;
                }
                if let Some(r) = t.resource(h) {
                    production[r.index()] += weight * pips(t.number(h));
                } else if t.terrain(h) == Terrain::Gold {
                    gold_pips += weight * pips(t.number(h));
                }
            }
        }
        let mut taken = view.paved();
        if let Some(coast) = &coast {
            // No road is built along a conquered hex (BA-11).
            for h in t.hex_ids() {
                if coast.conquered_now(h) {
                    taken |= *t.hex_edge_set(h);
                }
            }
        }
        let mut opponents = CornerSet::new();
        for s in (0..view.seats()).map(Seat) {
            taken |= view.ships(s);
            if s != me {
                opponents |= view.settlements(s).union(&view.cities(s));
            }
        }
        Mind {
            view,
            t,
            me,
            hand,
            rates,
            production,
            gold_pips,
            taken,
            opponents,
            sites: view.settlement_sites(me),
            my_areas,
            areas,
            settle_some_day: may_settle_some_day(t),
            picture,
            goals: [None; 5],
            coast,
            freed_now: std::cell::OnceCell::new(),
            gold_cards: 0,
            ways: std::cell::OnceCell::new(),
        }
    }

    /// Draws the picture of the board: what a settlement would produce on each corner, and
    /// where each network leads.
    fn draw(&mut self) {
        self.draw_values();
        self.draw_routes();
    }

    /// What a settlement would produce on each corner (`corner_value`).
    fn draw_values(&mut self) {
        self.picture.values = [0.0; MAX_CORNERS];
        // Corners no settlement will ever stand on are worth nothing.
        for c in self.settle_some_day.iter() {
            self.picture.values[c] = self.corner_value(CornerId(c as u16));
        }
    }

    /// Where each network leads, from the corners' values drawn.
    fn draw_routes(&mut self) {
        let view = self.view;
        let me = self.me;
        self.picture.roads = self.routes(Mode::Road, view.road_reach(me), &view.road_sites(me));
        self.picture.ships = None;
        if view.rules().ships {
            let sources = self.ship_sources(&view.ships(me));
            self.picture.ships = Some(self.routes(Mode::Ship, sources, &view.ship_sites(me)));
        }
    }

    fn routes(&self, mode: Mode, sources: CornerSet, sites: &EdgeSet) -> Routes {
        let potential = self.potential(
            mode,
            &sources,
            &self.taken,
            &CornerSet::new(),
            self.my_areas,
        );
        let mut routes = Routes {
            sources,
            potential,
            best: 0.0,
        };
        for e in sites.iter() {
            routes.best = routes.best.max(self.step_value(EdgeId(e as u16), &routes));
        }
        routes
    }

    /// The corners my ships may be extended from: my buildings and the ends of these ships,
    /// unless an opponent's building stands there (S-7).
    fn ship_sources(&self, ships: &EdgeSet) -> CornerSet {
        let mut sources = self
            .view
            .settlements(self.me)
            .union(&self.view.cities(self.me));
        for e in ships.iter() {
            for c in self.t.edge_corners(EdgeId(e as u16)) {
                if !self.opponents.contains(c.index()) {
                    sources.insert(c.index());
                }
            }
        }
        sources
    }

    /// The edges a piece of this kind may ever stand on, the pirate's aside.
    fn passable(&self, mode: Mode) -> EdgeSet {
        match mode {
            Mode::Road => self.t.road_edges,
            Mode::Ship => {
                // The Pirate Islands: its ships sail its lane only (SC7-6).
                let sea = match self.view.rules().pirate_islands.as_deref() {
                    Some(rules) => rules.colours[self.me.index()].lane,
                    None => self.t.ship_edges,
                };
                match self.view.pirate() {
                    Some(h) => sea.difference(self.t.hex_edge_set(h)),
                    None => sea,
                }
            }
        }
    }

    /// For each corner, the best corner a route from it reaches, discounted per piece, over
    /// routes of fewer than `MOST_PIECES` pieces. Routes start from `sources` and never pass
    /// through them, nor through an opponent's building, nor along a `taken` edge; the
    /// corners in `ruled_out` are no goal.
    ///
    /// The values spread outwards from the goals one piece at a time, and only from the
    /// corners whose value rose in the step before: about half of a heuristic game's work is
    /// here, and most corners settle after a step or two.
    fn potential(
        &self,
        mode: Mode,
        sources: &CornerSet,
        taken: &EdgeSet,
        ruled_out: &CornerSet,
        own_areas: u16,
    ) -> Potential {
        let t = self.t;
        let mut p = [0.0f32; MAX_CORNERS];
        let frozen = sources.union(&self.opponents);
        let goals = self
            .settle_some_day
            .difference(&frozen)
            .difference(&self.view.crowded())
            .difference(ruled_out);
        let special = !matches!(self.view.rules().special_vp, SpecialVp::None);
        for c in goals.iter() {
            p[c] = self.picture.values[c]
                + if special {
                    self.special_value(c, own_areas)
                } else {
                    0.0
                };
        }
        let mut rising = goals;
        if mode == Mode::Ship {
            self.add_villages(&mut p, &mut rising);
            self.add_fortress(&mut p, &mut rising);
        }
        let edges = self.passable(mode).difference(taken);
        for _ in 1..MOST_PIECES {
            let mut next = CornerSet::new();
            for a in rising.iter() {
                let reached = p[a] * DECAY;
                for (e, b) in t.corner_links(CornerId(a as u16)) {
                    if !edges.contains(e.index()) {
                        continue;
                    }
                    let b = b.index();
                    if reached > p[b] && !frozen.contains(b) {
                        p[b] = reached;
                        next.insert(b);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            rising = next;
        }
        p
    }

    /// Cloth for Catan (SC6-4, SC6-5): a village I do not trade with yet, while it holds
    /// cloth, is a goal for ships: a cloth at once and one on each roll of its number.
    fn add_villages(&self, p: &mut Potential, rising: &mut CornerSet) {
        let Some(rules) = self.view.rules().cloth.as_deref() else {
            return;
        };
        let cloth = self.view.cloth();
        for (i, v) in rules.villages.iter().enumerate() {
            if cloth.on_village[i] == 0 || cloth.trades(i, self.me) {
                continue;
            }
            let c = v.corner.index();
            let worth = VP_VALUE * CLOTH_VP * (1.0 + pips(Some(v.number)) as f32 / 2.0);
            p[c] = p[c].max(worth);
            rising.insert(c);
        }
    }

    /// The Pirate Islands (SC7-11, SC7-12): its own fortress, while it stands, is where its
    /// route heads: no win without it.
    fn add_fortress(&self, p: &mut Potential, rising: &mut CornerSet) {
        let Some(rules) = self.view.rules().pirate_islands.as_deref() else {
            return;
        };
        if !self.view.fortress_conquered(self.me) {
            let c = rules.colours[self.me.index()].fortress.index();
            p[c] = p[c].max(FORTRESS_VALUE);
            rising.insert(c);
        }
    }

    /// The Pirate Islands: attack the fortress when the warships all but always beat the die
    /// (a loss takes the last ships, warships among them), or when no more Knights will
    /// come and any chance is better than none (SC7-11).
    fn fortress_attack(&self, legal: &LegalActions) -> Option<Action> {
        if !legal.actions.contains(&Action::AttackFortress) {
            return None;
        }
        let warships = self
            .view
            .pirates()
            .warships_of(&self.view.ships(self.me))
            .len();
        let knights = self.view.deck_size() > 0 || self.hand_has_knight();
        (warships >= 5 || (!knights && warships >= 2)).then_some(Action::AttackFortress)
    }

    /// A card in hand that may still become a warship (SC7-7).
    fn hand_has_knight(&self) -> bool {
        use settlers_core::resources::DevelopmentCard;
        self.view.development_cards().is_some_and(|(cards, new)| {
            [DevelopmentCard::Knight, DevelopmentCard::VictoryPoint]
                .iter()
                .any(|&k| cards.get(k) + new.get(k) > 0)
        })
    }

    /// How good a piece on `e` is for this network: what the route through its far corner
    /// leads to, and the fog it turns over.
    fn step_value(&self, e: EdgeId, routes: &Routes) -> f32 {
        let [a, b] = self.t.edge_corners(e);
        let x = match (
            routes.sources.contains(a.index()),
            routes.sources.contains(b.index()),
        ) {
            (true, false) => b,
            (false, true) => a,
            // Joins two parts of my own network: only worth something for the longest route.
            _ => return 0.05,
        };
        if self.opponents.contains(x.index()) {
            return 0.0;
        }
        routes.potential[x.index()] + self.reveal_value(e)
    }

    /// What turning over the fog at a new piece's corners pays at once.
    fn reveal_value(&self, e: EdgeId) -> f32 {
        if self.t.fog_hexes.is_empty() {
            return 0.0;
        }
        let mut fog = HexSet::new();
        for c in self.t.edge_corners(e) {
            for h in self.t.corner_hexes(c) {
                if self.t.fog_hexes.contains(h.index()) {
                    fog.insert(h.index());
                }
            }
        }
        fog.len() as f32 * FOG_REVEAL_VALUE
    }

    /// The special victory points my first settlement on `c` would earn, in value units, when
    /// I already have buildings in the areas `own_areas` (S-19; SC1-5, SC2-4, SC4-4).
    fn special_value(&self, c: usize, own_areas: u16) -> f32 {
        let special = &self.view.rules().special_vp;
        let new = self.areas[c] & !own_areas;
        if new == 0 {
            return 0.0;
        }
        let points = match special {
            SpecialVp::None => 0,
            SpecialVp::FirstPerArea { value, .. } => u32::from(*value) * new.count_ones(),
            SpecialVp::ForeignIslands { first, further, .. } => {
                let mut scored = self.view.special_victory_points(self.me) > 0;
                let mut points = 0;
                for _ in 0..new.count_ones() {
                    points += u32::from(if scored { *further } else { *first });
                    scored = true;
                }
                points
            }
        };
        points as f32 * VP_VALUE
    }

    /// What a settlement of mine on `c` is worth in play, special points included.
    fn site_value(&self, c: CornerId) -> f32 {
        self.picture.values[c.index()] + self.special_value(c.index(), self.my_areas)
    }

    fn open_goals(&self) -> [Option<Goal>; 5] {
        let v = self.view;
        let settlements = v.settlements(self.me).len() as u8;
        let cities = v.cities(self.me).len() as u8;
        let settlements_left = SETTLEMENTS - settlements;
        let roads_left = ROADS.saturating_sub(v.roads(self.me).len() as u8);
        let ships_left = self.spare_ships();
        let city = settlements > 0 && cities < CITIES;
        let settlement = settlements_left > 0 && !self.sites.is_empty();
        let best_site = self
            .sites
            .iter()
            .map(|c| self.site_value(CornerId(c as u16)))
            .fold(0.0, f32::max);
        // A route is worth building when no corner is open, or when it leads somewhere
        // better than every open one.
        let worth = |best: f32| {
            settlements_left > 0 && best > LEAST_STEP && (self.sites.is_empty() || best > best_site)
        };
        let road_best = self.picture.roads.best;
        let ship_best = self.picture.ships.as_ref().map_or(0.0, |s| s.best);
        let road = (roads_left > 0 && worth(road_best)).then_some(Goal::Road);
        let ship = (ships_left > 0 && worth(ship_best)).then_some(Goal::Ship);
        let (first, second) = if ship_best > road_best {
            (ship, road)
        } else {
            (road, ship)
        };
        // A settlement first: it takes a corner before someone else does, and on another
        // island it may earn special points.
        if self.coast.is_some() {
            // Barbarian Attack's deck never runs out (BA-13), and its knights are the way to
            // prisoners and to land the barbarians took: a card comes before a road.
            let card = self.cards_worth_buying();
            return [
                settlement.then_some(Goal::Settlement),
                city.then_some(Goal::City),
                first,
                second,
                card.then_some(Goal::DevelopmentCard),
            ];
        }
        let mut card = v.deck_size() > 0;
        // The Pirate Islands: the deck is mostly Knights, which only make warships (SC7-5,
        // SC7-7), and 7 warships beat any die: past that, or once its fortress has fallen, a
        // card is worth little to it and a Knight left in the deck may be another's only way
        // to its fortress.
        if v.rules().pirate_islands.is_some() {
            let warships = v.pirates().warships_of(&v.ships(self.me)).len();
            card &= !v.fortress_conquered(self.me) && warships < 7;
        }
        // The Pirate Islands: no win without the fortress (SC7-12), reached by ship and taken
        // by warships, which Knights make: the route and the cards come before a city.
        if v.rules().pirate_islands.is_some() && !v.fortress_conquered(self.me) {
            let ship = (ships_left > 0 && ship_best > LEAST_STEP).then_some(Goal::Ship);
            return [
                settlement.then_some(Goal::Settlement),
                ship,
                card.then_some(Goal::DevelopmentCard),
                city.then_some(Goal::City),
                road,
            ];
        }
        // Nothing left to settle or upgrade: the Longest Road (or trade route) is the points
        // left to take, by a road or ship that lengthens mine.
        let (first, second) = if !settlement
            && !city
            && first.is_none()
            && second.is_none()
            && self.award_in_reach(roads_left + ships_left)
        {
            (
                (roads_left > 0).then_some(Goal::Road),
                (ships_left > 0 && self.picture.ships.is_some()).then_some(Goal::Ship),
            )
        } else {
            (first, second)
        };
        [
            settlement.then_some(Goal::Settlement),
            city.then_some(Goal::City),
            first,
            second,
            card.then_some(Goal::DevelopmentCard),
        ]
    }

    /// Whether `pieces` more roads and ships could take the Longest Road (or trade route)
    /// for its points: I do not hold it, and mine could pass the holder's, or reach the
    /// least that takes it.
    fn award_in_reach(&self, pieces: u8) -> bool {
        let v = self.view;
        if v.rules().longest_route != LongestRoute::Scores || v.longest_road() == Some(self.me) {
            return false;
        }
        let to_beat = v
            .longest_road()
            .map_or(LONGEST_ROAD_MINIMUM - 1, |holder| v.road_length(holder));
        v.road_length(self.me) + pieces > to_beat
    }

    /// The road or ship (by `mode`) that lengthens my longest road or trade route most, when
    /// the award is in reach and nothing else is left to build.
    fn lengthening_piece(&self, legal: &LegalActions, mode: Mode) -> Option<Action> {
        let v = self.view;
        if self.has_goal(Goal::Settlement) || self.has_goal(Goal::City) {
            return None;
        }
        let mine = v.road_length(self.me);
        best_by(legal, |a| {
            let (e, ship) = match (*a, mode) {
                (Action::BuildRoad(e), Mode::Road) => (e, false),
                (Action::BuildShip(e), Mode::Ship) => (e, true),
                _ => return None,
            };
            let gain = v.road_length_with(self.me, e, ship).saturating_sub(mine);
            (gain > 0).then_some(f32::from(gain))
        })
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
        self.players()
            .filter(|&s| s != self.me)
            .max_by_key(|&s| (self.vp(s), self.view.hand_size(s)))
    }

    /// How good a settlement on `c` would be for me, special points aside: pips weighted by
    /// resource, a bonus for each resource type I do not produce yet, harbors that suit my
    /// production, gold, and fog still to explore. It reads the board, my production and
    /// gold pips, and the barbarians on the coast, no more (`ValuesKey` in picture.rs).
    fn corner_value(&self, c: CornerId) -> f32 {
        let t = self.t;
        let mut value = 0.0;
        let mut gained = [0u32; 5];
        let mut gold = 0;
        for h in t.corner_hexes(c) {
            let p = pips(t.number(h));
            // Barbarian Attack: the coast's production is at risk.
            let factor = self
                .coast
                .as_ref()
                .map_or(1.0, |coast| coast.yield_factor(h));
            if factor == 0.0 {
                continue;
            }
            match t.terrain(h) {
                Terrain::Fog => value += FOG_HEX_VALUE,
                Terrain::Gold if p > 0 => {
                    value += p as f32 * GOLD_WEIGHT;
                    gold += p;
                }
                terrain => {
                    let Some(r) = terrain.resource() else {
                        continue;
                    };
                    if p == 0 {
                        continue;
                    }
                    let i = r.index();
                    value += p as f32 * RESOURCE_WEIGHT[i] * factor;
                    if self.production[i] == 0 && gained[i] == 0 {
                        value += 2.5;
                    }
                    gained[i] += p;
                }
            }
        }
        // Gold fills whatever is missing.
        if gold > 0 && self.gold_pips == 0 {
            value += 1.5;
        }
        // A building on the coast alone loses its points once the barbarians hold it all
        // (BA-12).
        if let Some(coast) = &self.coast
            && coast.exposed(t, c)
        {
            value -= EXPOSED;
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

    /// A starting settlement: its own production, and the best route out of it.
    ///
    /// A route's worth is a search of the board for each corner (`reach_from`), most of a
    /// heuristic game's set-up. It is skipped for a corner whose production, with the most
    /// any route could add (`most_reach`), falls short of a corner already weighed: such a
    /// corner cannot win, so the choice is the one every corner weighed would give.
    fn best_setup_settlement(&self, legal: &LegalActions) -> Option<Action> {
        let settle = |a: &Action| match a {
            Action::BuildSettlement(c) => Some(*c),
            _ => None,
        };
        let worth = |c: CornerId| self.picture.values[c.index()] + SETUP_REACH * self.reach_from(c);
        // The most productive corner first, to give the others something to fall short of.
        let richest = legal.actions.iter().filter_map(settle).max_by(|a, b| {
            self.picture.values[a.index()].total_cmp(&self.picture.values[b.index()])
        })?;
        let richest_worth = worth(richest);
        let most_route = self.most_route_value();
        let mut bar = richest_worth;
        best_by(legal, |a| {
            let c = settle(a)?;
            if c == richest {
                return Some(richest_worth);
            }
            if self.picture.values[c.index()] + SETUP_REACH * self.most_reach(c, most_route) < bar {
                return None;
            }
            let v = worth(c);
            bar = bar.max(v);
            Some(v)
        })
    }

    /// At least what any corner's potential can be, on any network, for `reach_from`:
    /// potentials start at the goals' values (special points as if no area were mine yet
    /// but those already held, which is the most) or a ship goal's (`add_villages`,
    /// `add_fortress`), and only fall as they spread. A corner beside a settlement is no
    /// goal, so what it holds has spread at least one piece, unless it is a ship goal.
    fn most_route_value(&self) -> f32 {
        let special = !matches!(self.view.rules().special_vp, SpecialVp::None);
        let mut goals: f32 = 0.0;
        for c in self.settle_some_day.iter() {
            let value = self.picture.values[c]
                + if special {
                    self.special_value(c, self.my_areas)
                } else {
                    0.0
                };
            goals = goals.max(value);
        }
        let mut ship_goals: f32 = 0.0;
        if self.view.rules().ships {
            let mut p = [0.0f32; MAX_CORNERS];
            let mut rising = CornerSet::new();
            self.add_villages(&mut p, &mut rising);
            self.add_fortress(&mut p, &mut rising);
            for c in rising.iter() {
                ship_goals = ship_goals.max(p[c]);
            }
        }
        ship_goals.max(goals.max(ship_goals) * DECAY)
    }

    /// At least `reach_from(c)`: the most a corner beside `c` may hold (`most_route`), with
    /// the most fog a first piece from `c` turns over (`step_value`).
    fn most_reach(&self, c: CornerId, most_route: f32) -> f32 {
        let mut most: f32 = 0.05;
        for e in self.t.corner_edges(c) {
            most = most.max(most_route + self.reveal_value(e));
        }
        most
    }

    /// The best route a settlement on `c` would start, by road or by ship. Its neighbours
    /// would be too close to settle, and its own area would be home or scored.
    fn reach_from(&self, c: CornerId) -> f32 {
        let t = self.t;
        let mut sources = CornerSet::new();
        sources.insert(c.index());
        let mut ruled_out = sources;
        for n in t.corner_neighbours(c) {
            ruled_out.insert(n.index());
        }
        let own_areas = self.my_areas | self.areas[c.index()];
        let mut best: f32 = 0.0;
        for mode in [Mode::Road, Mode::Ship] {
            if mode == Mode::Ship && !self.view.rules().ships {
                continue;
            }
            let open = self.passable(mode).difference(&self.taken);
            if !t.corner_edges(c).any(|e| open.contains(e.index())) {
                continue;
            }
            let routes = Routes {
                sources,
                potential: self.potential(mode, &sources, &self.taken, &ruled_out, own_areas),
                best: 0.0,
            };
            for e in t.corner_edges(c) {
                if open.contains(e.index()) {
                    best = best.max(self.step_value(e, &routes));
                }
            }
        }
        best
    }

    /// The road or ship, of those listed, that starts the best route.
    fn best_step(&self, legal: &LegalActions) -> Option<Action> {
        let ships = self.spare_ships() > 0
            || !legal
                .actions
                .iter()
                .any(|a| matches!(a, Action::BuildRoad(_)));
        let ways = self.ways_to_fortress();
        best_by(legal, |a| match *a {
            Action::BuildShip(_) | Action::BuildRoad(_)
                if self.view.closes_way_to_fortress(ways, a) =>
            {
                None
            }
            Action::BuildRoad(e) => Some(self.step_value(e, &self.picture.roads)),
            Action::BuildShip(e) if ships => {
                self.picture.ships.as_ref().map(|s| self.step_value(e, s))
            }
            _ => None,
        })
    }

    /// The Pirate Islands: the ways on to my fortress, for `closes_way_to_fortress`: one
    /// for the whole decision, so that what one look finds the next need not.
    fn ways_to_fortress(&self) -> &WaysToFortress {
        self.ways.get_or_init(|| {
            let mut ways = WaysToFortress::default();
            self.view.renew_ways_to_fortress(&mut ways, self.me);
            ways
        })
    }

    /// Ships in stock it may build: all of them, but the last while it holds no wonder in
    /// The Wonders of Catan, which is claimed with a ship from stock (SC8-6).
    fn spare_ships(&self) -> u8 {
        let v = self.view;
        let stock = v.ships_in_stock(self.me);
        if v.rules().wonders.is_some() && v.wonder_of(self.me).is_none() {
            stock.saturating_sub(1)
        } else {
            stock
        }
    }

    /// The Wonders of Catan (SC8-6): the next stage of its wonder, or a claim, preferring a
    /// wonder whose requirement cannot be lost.
    fn wonder_action(&self, legal: &LegalActions) -> Option<Action> {
        if legal.actions.contains(&Action::BuildWonderStage) {
            return Some(Action::BuildWonderStage);
        }
        best_by(legal, |a| match *a {
            Action::ClaimWonder(w) => Some(match w {
                Wonder::Theater | Wonder::GreatBridge | Wonder::GreatWall => 2.0,
                Wonder::Cathedral => 1.0,
                Wonder::Monument => 0.5,
            }),
            _ => None,
        })
    }

    /// The best piece of one kind, of those listed.
    fn best_piece(&self, legal: &LegalActions, mode: Mode) -> Option<Action> {
        let routes = match mode {
            Mode::Road => &self.picture.roads,
            Mode::Ship => self.picture.ships.as_ref()?,
        };
        let ways = self.ways_to_fortress();
        best_by(legal, |a| match (*a, mode) {
            (Action::BuildShip(_) | Action::BuildRoad(_), _)
                if self.view.closes_way_to_fortress(ways, a) =>
            {
                None
            }
            (Action::BuildRoad(e), Mode::Road) | (Action::BuildShip(e), Mode::Ship) => {
                Some(self.step_value(e, routes)).filter(|&v| v > LEAST_STEP)
            }
            _ => None,
        })
    }

    /// An end ship that is worth more at the head of another route than where it stands.
    /// Both places are valued with the rest of my ships as they are, without this one.
    fn ship_move(&self, legal: &LegalActions) -> Option<Action> {
        // Moving a ship off the longest trade route could cost the award.
        if self.view.longest_road() == Some(self.me) {
            return None;
        }
        let mut best: Option<(Action, f32)> = None;
        let mut seen = EdgeSet::new();
        let ways = self.ways_to_fortress();
        for a in &legal.actions {
            let Action::MoveShip { from, .. } = *a else {
                continue;
            };
            if seen.contains(from.index()) {
                continue;
            }
            seen.insert(from.index());
            let mut ships = self.view.ships(self.me);
            ships.remove(from.index());
            let sources = self.ship_sources(&ships);
            let mut taken = self.taken;
            taken.remove(from.index());
            let routes = Routes {
                sources,
                potential: self.potential(
                    Mode::Ship,
                    &sources,
                    &taken,
                    &CornerSet::new(),
                    self.my_areas,
                ),
                best: 0.0,
            };
            let stay = self.step_value(from, &routes);
            for b in &legal.actions {
                let Action::MoveShip { from: f, to } = *b else {
                    continue;
                };
                if f != from || self.view.closes_way_to_fortress(ways, b) {
                    continue;
                }
                let gain = self.step_value(to, &routes) - stay;
                if gain > MOVE_MARGIN && best.is_none_or(|(_, g)| gain > g) {
                    best = Some((*b, gain));
                }
            }
        }
        best.map(|(a, _)| a)
    }

    fn best_settlement(&self, legal: &LegalActions) -> Option<Action> {
        best_by(legal, |a| match a {
            Action::BuildSettlement(c) => Some(self.site_value(*c)),
            _ => None,
        })
    }

    fn best_city(&self, legal: &LegalActions) -> Option<Action> {
        let robber = self.view.robber();
        best_by(legal, |a| match a {
            Action::BuildCity(c) => {
                let pips: f32 = self
                    .t
                    .corner_hexes(*c)
                    .filter(|&h| Some(h) != robber)
                    .map(|h| {
                        let factor = self
                            .coast
                            .as_ref()
                            .map_or(1.0, |coast| coast.yield_factor(h));
                        pips(self.t.number(h)) as f32 * factor
                    })
                    .sum();
                let exposed = self
                    .coast
                    .as_ref()
                    .is_some_and(|coast| coast.exposed(self.t, *c));
                Some(pips - if exposed { EXPOSED } else { 0.0 })
            }
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
        missing.saturating_sub(tradeable + self.gold_cards)
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
        if let Some(a) = self.wonder_action(legal) {
            return a;
        }
        if let Some(a) = self.road_repair(legal) {
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
                Goal::Road => self
                    .best_piece(legal, Mode::Road)
                    .or_else(|| self.lengthening_piece(legal, Mode::Road)),
                Goal::Ship => self
                    .best_piece(legal, Mode::Ship)
                    .or_else(|| self.lengthening_piece(legal, Mode::Ship)),
                Goal::DevelopmentCard => legal
                    .actions
                    .contains(&Action::BuyDevelopmentCard)
                    .then_some(Action::BuyDevelopmentCard),
            };
            if let Some(a) = build {
                return a;
            }
        }
        if let Some(a) = self.ship_move(legal) {
            return a;
        }
        // A player may trade one for one where the bank takes four.
        if let Some(a) = self.offer(legal) {
            return a;
        }
        for goal in self.goals() {
            let price = goal.cost();
            if self.shortfall(&self.hand, &price) > 0 {
                continue;
            }
            // Trading towards a cheap goal must not sell what a dearer one nearly has.
            if matches!(goal, Goal::Road | Goal::Ship | Goal::DevelopmentCard)
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
        if self.view.has_damaged_road(self.me)
            && let Some(a) = self.trade_towards(legal, &cost::ROAD_REPAIR)
        {
            return a;
        }
        if self.hand.total() > 7 {
            // Towards the goal the fewest cards away, not the dearest: trading for a city
            // that is far off spends the cards a settlement nearly has.
            let nearest = self
                .goals()
                .min_by_key(|g| self.shortfall(&self.hand, &g.cost()));
            if let Some(goal) = nearest
                && let Some(a) = self.trade_towards(legal, &goal.cost())
            {
                return a;
            }
        }
        if self.coast.is_some() {
            return self.barbarian_turn_end(legal);
        }
        // Attacking the fortress ends the turn (D-SC7-5): last of all.
        self.fortress_attack(legal).unwrap_or(Action::EndTurn)
    }

    /// Barbarian Attack with event cards: a road an Earthquake damaged stops every new road,
    /// and so the settlements they lead to, until it is repaired (BAE-4). A bot that never
    /// repairs is stuck for good once all its roads are damaged: it mends one before building
    /// anything but a dearer goal nearly paid for.
    fn road_repair(&self, legal: &LegalActions) -> Option<Action> {
        // Listed only when the hand pays for it.
        let repair = legal
            .actions
            .iter()
            .find(|a| matches!(a, Action::RepairRoad(_)))?;
        (!self.spoils_dearer_goal(Goal::Road, &cost::ROAD_REPAIR)).then_some(*repair)
    }

    /// Barbarian Attack, once nothing more is built: a token action, spare gold, then the
    /// knights move and the turn ends (BA-8).
    fn barbarian_turn_end(&self, legal: &LegalActions) -> Action {
        if let Some(a) = self.token_action(legal) {
            return a;
        }
        if let Some(a) = self.gold_exchange(legal, true) {
            return a;
        }
        self.knight_move(legal).unwrap_or(Action::EndTurn)
    }

    /// A bank trade of cards `cost` does not need for a card it lacks, the most lacking first.
    fn trade_towards(&self, legal: &LegalActions, cost: &Resources) -> Option<Action> {
        // Gold buys nothing else: it pays before any card does (BA-28).
        let gold = best_by(legal, |a| {
            let Action::BuyWithGold(r) = *a else {
                return None;
            };
            let lacking = cost.get(r).saturating_sub(self.hand.get(r));
            (lacking > 0).then_some(f32::from(lacking))
        });
        if gold.is_some() {
            return gold;
        }
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
        if (self.has_goal(Goal::Road) || self.has_goal(Goal::Ship))
            && can(&Action::PlayRoadBuilding)
        {
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

    /// The seat to rob: of those a listed move of the robber or pirate robs, the one leading
    /// by the points the table sees, then by cards held; the first after me in turn order
    /// of those tied, so no seat is the target for its place at the table.
    fn robbery_target(&self, legal: &LegalActions) -> Option<Seat> {
        let mut robbable = settlers_core::SeatSet::EMPTY;
        for a in &legal.actions {
            match *a {
                Action::MoveRobber {
                    victim: Some(v), ..
                }
                | Action::MovePirate {
                    victim: Some(v), ..
                }
                | Action::MovePirateForCloth { victim: v, .. }
                | Action::RobPlayer(Some(v)) => robbable.insert(v),
                _ => {}
            }
        }
        let seats = u32::from(self.view.seats());
        robbable.iter().max_by_key(|&s| {
            let after_me = (u32::from(s.0) + seats - u32::from(self.me.0)) % seats;
            (
                self.vp(s),
                self.view.hand_size(s),
                std::cmp::Reverse(after_me),
            )
        })
    }

    /// The robber or the pirate on the seat leading by public points, among those it can
    /// rob (`robbery_target`), without blocking myself when another move robs it too; of
    /// those moves, whichever does the others more harm where it goes, and frees me of more
    /// harm where it stands.
    fn robber(&self, legal: &LegalActions) -> Option<Action> {
        let leader = self.leader();
        let target = self.robbery_target(legal);
        let aim = |victim: Option<Seat>, me: f32| -> f32 {
            match (victim.is_some() && victim == target, me == 0.0) {
                (true, true) => 2000.0,
                (true, false) => 1000.0,
                _ => 0.0,
            }
        };
        let robber_frees = self
            .view
            .robber()
            .map_or(0.0, |h| self.robber_harm(h, leader).1);
        let pirate_frees = self
            .view
            .pirate()
            .map_or(0.0, |h| self.pirate_harm(h, leader).1);
        // The moves to one hex are listed together, one for each seat it can rob: its harm
        // is worked out once for them all.
        let mut robber_on = None;
        let mut pirate_on = None;
        best_by(legal, |a| match *a {
            Action::MoveRobber { hex, victim } => {
                let (others, me) = harm_once(&mut robber_on, hex, || self.robber_harm(hex, leader));
                Some(
                    aim(victim, me) + others - me
                        + robber_frees
                        + self.victim_value(victim, leader),
                )
            }
            Action::MovePirate { hex, victim } => {
                let (others, me) = harm_once(&mut pirate_on, hex, || self.pirate_harm(hex, leader));
                Some(
                    aim(victim, me) + others - me
                        + pirate_frees
                        + self.victim_value(victim, leader),
                )
            }
            // A cloth is half a point to me and half a point less for them (SC6-7): more
            // than a card drawn blind.
            Action::MovePirateForCloth { hex, victim } => {
                let (others, me) = harm_once(&mut pirate_on, hex, || self.pirate_harm(hex, leader));
                Some(
                    aim(Some(victim), me) + others - me
                        + pirate_frees
                        + self.victim_value(Some(victim), leader)
                        + 1.0,
                )
            }
            // No robber (BA-29): rob whom I would rob beside it.
            Action::RobPlayer(victim) => Some(aim(victim, 0.0) + self.victim_value(victim, leader)),
            _ => None,
        })
    }

    /// The harm the robber on `hex` does to the others (the leader counting most) and to me.
    fn robber_harm(&self, hex: HexId, leader: Option<Seat>) -> (f32, f32) {
        let p = pips(self.t.number(hex)) as f32;
        let (mut others, mut me) = (0.0, 0.0);
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
                me += 10.0 * (p + 1.0) * size;
            } else {
                others += p * size * self.weight(owner, leader);
            }
        }
        (others, me)
    }

    /// How much harming `seat` is worth: more the closer it is to winning.
    fn weight(&self, seat: Seat, leader: Option<Seat>) -> f32 {
        let lead = if Some(seat) == leader { 1.5 } else { 1.0 };
        (1.0 + self.vp(seat) as f32 / 3.0) * lead
    }

    /// The harm the pirate's blockade on `hex` does to the others and to me (S-14.4): ships
    /// beside it cannot move, and none may be built there, which stops the routes that would
    /// pass.
    fn pirate_harm(&self, hex: HexId, leader: Option<Seat>) -> (f32, f32) {
        let edges = self.t.hex_edge_set(hex);
        let (mut others, mut me) = (0.0, 0.0);
        for s in (0..self.view.seats()).map(Seat) {
            let held = self.view.ships(s).intersection(edges).len() as f32;
            let stopped = self.ship_frontier(s).intersection(edges);
            if s == self.me {
                if let Some(ships) = &self.picture.ships {
                    for e in stopped.iter() {
                        me += 0.5 * self.step_value(EdgeId(e as u16), ships);
                    }
                }
                me += 0.5 * held;
            } else {
                others += (held + 0.5 * stopped.len() as f32) * self.weight(s, leader);
            }
        }
        (others, me)
    }

    /// Where `seat` could build a ship were the pirate away: empty sea and coast edges at its
    /// buildings and at the ends of its ships (S-7).
    fn ship_frontier(&self, seat: Seat) -> EdgeSet {
        let buildings = self.view.settlements(seat).union(&self.view.cities(seat));
        let mut reach = buildings;
        for e in self.view.ships(seat).iter() {
            for c in self.t.edge_corners(EdgeId(e as u16)) {
                let owner = self.view.building_owner(c);
                if owner.is_none() || owner == Some(seat) {
                    reach.insert(c.index());
                }
            }
        }
        let mut edges = EdgeSet::new();
        for c in reach.iter() {
            for e in self.t.corner_edges(CornerId(c as u16)) {
                edges.insert(e.index());
            }
        }
        edges
            .intersection(&self.t.ship_edges)
            .difference(&self.taken)
    }

    fn victim_value(&self, victim: Option<Seat>, leader: Option<Seat>) -> f32 {
        victim.map_or(0.0, |v| {
            let lead = if Some(v) == leader { 2.0 } else { 0.0 };
            lead + 0.3 * self.vp(v) as f32 + 0.2 * self.view.hand_size(v).min(7) as f32
        })
    }

    /// Gold picks one card at a time, each the one that brings my goals closest, then the
    /// type I produce least.
    fn gold(&self, range: CardRange) -> Resources {
        let mut hand = self.hand;
        let mut left = range.from;
        let mut out = Resources::EMPTY;
        for _ in 0..range.count {
            let Some(i) = (0..5).filter(|&i| left.0[i] > 0).min_by_key(|&i| {
                let mut after = hand;
                after.0[i] += 1;
                (self.distance(&after), self.production[i])
            }) else {
                break;
            };
            left.0[i] -= 1;
            hand.0[i] += 1;
            out.0[i] += 1;
        }
        out
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
}

/// The harm of a robber or pirate on `hex` (`Mind::robber_harm`, `Mind::pirate_harm`): the
/// one `last` holds when it was worked out for `hex`, else `harm`'s, then held.
fn harm_once(
    last: &mut Option<(HexId, (f32, f32))>,
    hex: HexId,
    harm: impl FnOnce() -> (f32, f32),
) -> (f32, f32) {
    match *last {
        Some((h, known)) if h == hex => known,
        _ => {
            let known = harm();
            *last = Some((hex, known));
            known
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
