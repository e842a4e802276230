//! The heuristic bot in Barbarian Attack (shared/rules/barbarian-attack.md).
//!
//! - Barbarians cost the players whose buildings touch their hex: production at risk as they
//!   gather, the hex's whole production once three conquer it, and the points of buildings
//!   left on conquered hexes only (BA-11, BA-12). What they cost me counts against a position,
//!   what they cost my rivals for it.
//! - Knights win where those round a hex outnumber its barbarians (BA-22). A position of the
//!   knights is worth the prisoners my share of each battle brings (BA-23), what the hexes it
//!   frees give back (BA-24), less the knights the casualty die may take (BA-25, one in three
//!   of those involved). Knights not fighting this turn are worth the hexes they could reach
//!   in a few turns, the hexes that need the fewest knights first.
//! - Movement: one knight at a time, the move that improves the position most, with a grain
//!   only when the extra steps pay for it (BA-19); my own knights before the foreign ones
//!   (BA2-9); none left in the castle (BA-20).
//! - Cards are a goal of their own, before roads, while a knight is left in stock or a
//!   barbarian on the board. A new knight goes where it does most; Treason takes barbarians off my land and puts them on my rivals' and
//!   beside my knights; Intrigue takes the prisoner that frees me most (BA-14 to BA-17).
//! - Gold buys what a goal lacks before any bank trade does, and otherwise each turn while the
//!   hand is small: two exchanges a turn are all there is (BA-28).
//! - Two players: a token drives away the barbarian whose going helps me most, or forces a
//!   trade when the opponent holds many cards (BA2-7); the neutral pieces go where they hinder
//!   me least and the opponent most (BA2-4); a foreign knight is always taken (BA2-8).

use super::picture::Board;
use super::{Mind, best_by, pips};
use settlers_core::action::CardRange;
use settlers_core::ruleset::BarbarianRules;
use settlers_core::state::{MAX_KNIGHTS, MAX_SEATS};
use settlers_core::topology::{
    CornerId, CornerSet, EdgeId, EdgeSet, HexId, MAX_EDGES, MAX_HEXES, Topology,
};
use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Resource, Resources, Seat, SeatSet};
use std::cell::OnceCell;

/// The most coastal hexes: the state counts barbarians on ten.
pub(super) const COAST: usize = 10;
/// A hex holding this many barbarians is conquered (BA-6).
const CONQUERED_AT: u8 = 3;
/// Steps a knight walks without a grain (BA-19).
const STEPS: u8 = 3;

/// One prisoner: the unit of the values below. Two make a point (BA-31).
const PRISONER: f32 = 1.0;
const POINT: f32 = 2.0 * PRISONER;
/// A pip of production kept for the rest of the game.
const PIP: f32 = 0.45;
/// The share of a hex's production lost, or as good as lost, with 0 to 3 barbarians on it.
const RISK: [f32; 4] = [0.0, 0.1, 0.3, 1.0];
/// A knight the casualty die takes, less the gold it pays back (BA-25, BA-26), times the one
/// chance in three that the die strikes its side.
const CASUALTY: f32 = 0.4 / 3.0;
/// A hex reached a turn later is worth this much less.
const LATER: f32 = 0.5;
/// `LATER` to the power of one more than the turns a knight needs to reach a hex: a knight
/// already there still waits for the others a battle needs. Further than this, nothing.
const LATER_BY_TURNS: [f32; 6] = {
    let mut powers = [0.0; 6];
    let mut power = LATER;
    let mut turns = 0;
    while turns < powers.len() {
        powers[turns] = power;
        power *= LATER;
        turns += 1;
    }
    powers
};
/// A knight with no hex to go for: a little for each coastal hex it borders, where
/// barbarians may land.
const IDLE: f32 = 0.03;
/// A move is made only when it improves the position by more than this.
const LEAST_GAIN: f32 = 0.02;
/// A trade token, spent on driving a barbarian away (BA2-7).
const TOKEN: f32 = 0.6;

/// Knights on the board: whose, and where.
#[derive(Clone, Copy)]
pub(super) struct Knights {
    at: [(Seat, EdgeId); MAX_KNIGHTS],
    len: usize,
}

impl Knights {
    fn iter(&self) -> impl Iterator<Item = (Seat, EdgeId)> + '_ {
        self.at[..self.len].iter().copied()
    }
    fn edges(&self) -> EdgeSet {
        self.iter().map(|(_, e)| e.index()).collect()
    }
    fn push(&mut self, seat: Seat, edge: EdgeId) {
        if self.len < MAX_KNIGHTS {
            self.at[self.len] = (seat, edge);
            self.len += 1;
        }
    }
    fn at_edge(&self, edge: EdgeId) -> Option<usize> {
        self.at[..self.len].iter().position(|&(_, e)| e == edge)
    }
}

/// What the view shows of Barbarian Attack, in the ids of the topology.
pub(super) struct Coast<'a> {
    rules: &'a BarbarianRules,
    /// Barbarians on each coastal hex, in battle order.
    on: [u8; COAST],
    knights: Knights,
    gold: u16,
    tokens: [u8; MAX_SEATS],
    pub(super) neutral: SeatSet,
    /// The coastal index of each hex, `u8::MAX` for the others.
    index: [u8; MAX_HEXES],
    t: &'a Topology,
    steps: &'a CoastSteps,
}

/// For each coastal hex, the steps from each path to the nearest of its edges (BA-19): fixed
/// with the board, so the bot keeps them from one decision to the next, and worked out when
/// first asked for, as most decisions move no knight.
#[derive(Default)]
pub(super) struct CoastSteps {
    /// The board and coast they were worked out for.
    drawn_for: Option<(Board, [HexId; COAST])>,
    worked_out: OnceCell<Steps>,
}

/// The steps of `CoastSteps`, once worked out.
struct Steps {
    /// For each coastal hex, the steps from each path to the nearest of its edges.
    dist: [[u8; MAX_EDGES]; COAST],
    /// For each path, the coastal hexes it borders (0 steps), as a mask of their indices.
    borders: [u16; MAX_EDGES],
}

impl CoastSteps {
    /// Forgets the steps unless they were worked out for this board and coast.
    fn keep_for(&mut self, t: &Topology, rules: &BarbarianRules) {
        let mut coastal = [HexId(u8::MAX); COAST];
        for (slot, &h) in coastal.iter_mut().zip(&rules.coastal) {
            *slot = h;
        }
        if let Some((board, kept)) = &self.drawn_for
            && *kept == coastal
            && board.is(t)
        {
            return;
        }
        self.drawn_for = Some((Board::of(t), coastal));
        self.worked_out = OnceCell::new();
    }
}

impl Clone for CoastSteps {
    /// A copy starts with no steps: they are only a saving.
    fn clone(&self) -> CoastSteps {
        CoastSteps::default()
    }
}

impl std::fmt::Debug for CoastSteps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.worked_out.get().is_some();
        write!(f, "CoastSteps {{ kept: {kept} }}")
    }
}

impl<'a> Coast<'a> {
    /// The coast of a Barbarian Attack game; `None` in any other game. `steps` are the
    /// ones kept from earlier decisions, forgotten when the board is another.
    pub(super) fn read(view: &View<'a>, me: Seat, steps: &'a mut CoastSteps) -> Option<Coast<'a>> {
        let rules = view.rules().barbarians.as_deref()?;
        let t = view.topology();
        steps.keep_for(t, rules);
        let mut index = [u8::MAX; MAX_HEXES];
        for (i, h) in rules.coastal.iter().take(COAST).enumerate() {
            index[h.index()] = i as u8;
        }
        let mut on = [0u8; COAST];
        for (slot, &n) in on.iter_mut().zip(view.barbarians_on()) {
            *slot = n;
        }
        let mut knights = Knights {
            at: [(Seat(0), EdgeId(0)); MAX_KNIGHTS],
            len: 0,
        };
        for k in view.knights() {
            knights.push(k.seat, k.edge);
        }
        let mut tokens = [0u8; MAX_SEATS];
        for (s, slot) in tokens.iter_mut().enumerate() {
            *slot = view.trade_tokens(Seat(s as u8));
        }
        Some(Coast {
            rules,
            on,
            knights,
            gold: view.gold(me),
            tokens,
            neutral: view.neutral_seats(),
            index,
            t,
            steps,
        })
    }

    fn steps(&self) -> &Steps {
        self.steps.worked_out.get_or_init(|| {
            let mut dist = [[u8::MAX; MAX_EDGES]; COAST];
            let mut borders = [0u16; MAX_EDGES];
            for (i, h) in self.rules.coastal.iter().take(COAST).enumerate() {
                dist[i] = steps_from(self.t, self.t.hex_edge_set(*h));
                for (mask, &steps) in borders.iter_mut().zip(&dist[i]) {
                    if steps == 0 {
                        *mask |= 1 << i;
                    }
                }
            }
            Steps { dist, borders }
        })
    }

    fn coastal(&self, h: HexId) -> Option<usize> {
        let i = self.index[h.index()];
        (usize::from(i) < COAST).then_some(usize::from(i))
    }

    fn hexes(&self) -> usize {
        self.rules.coastal.len().min(COAST)
    }

    fn in_castle(&self, e: EdgeId) -> bool {
        self.rules.castle_paths.contains(e.index())
    }

    /// Barbarians on each coastal hex, in battle order: what production is worth depends on
    /// it (`yield_factor`), so the kept picture of the board does too (picture.rs).
    pub(super) fn on(&self) -> &[u8; COAST] {
        &self.on
    }

    /// Whether the barbarians hold a hex (BA-6).
    pub(super) fn conquered_now(&self, h: HexId) -> bool {
        self.coastal(h).is_some_and(|i| self.on[i] >= CONQUERED_AT)
    }

    /// How much of a hex's production counts: a coastal hex's less the more barbarians stand
    /// on it (none once conquered), and a little less even while empty, for the barbarians
    /// still to land.
    pub(super) fn yield_factor(&self, h: HexId) -> f32 {
        match self.coastal(h) {
            None => 1.0,
            Some(i) => match self.on[i] {
                0 => 0.8,
                1 => 0.7,
                2 => 0.55,
                _ => 0.0,
            },
        }
    }

    /// Whether every hex at a corner is coastal: a building there can be conquered (BA-12).
    pub(super) fn exposed(&self, t: &Topology, c: CornerId) -> bool {
        t.corner_hexes(c).all(|h| self.coastal(h).is_some())
    }
}

/// For each path, the fewest steps from one of `sources` (BA-19: a step goes to a path
/// sharing a corner).
fn steps_from(t: &Topology, sources: &EdgeSet) -> [u8; MAX_EDGES] {
    let mut steps = [u8::MAX; MAX_EDGES];
    for e in sources.iter() {
        steps[e] = 0;
    }
    let mut frontier = *sources;
    let mut step = 0u8;
    while !frontier.is_empty() {
        step += 1;
        let mut next = EdgeSet::new();
        for e in frontier.iter() {
            for c in t.edge_corners(EdgeId(e as u16)) {
                for n in t.corner_edges(c) {
                    if steps[n.index()] == u8::MAX {
                        steps[n.index()] = step;
                        next.insert(n.index());
                    }
                }
            }
        }
        frontier = next;
    }
    steps
}

/// The prisoners `seat` may expect from a battle over `barbarians` with these knights
/// involved, by seat (BA-23): all of them alone; else one each and a leftover to the most
/// knights when there are enough; else a roll-off among all.
fn share(barbarians: u8, involved: &[u8; MAX_SEATS], seat: Seat) -> f32 {
    let mine = involved[seat.index()];
    if mine == 0 {
        return 0.0;
    }
    let factions = involved.iter().filter(|&&n| n > 0).count() as u8;
    if factions == 1 {
        return f32::from(barbarians);
    }
    if barbarians < factions {
        return f32::from(barbarians) / f32::from(factions);
    }
    let mut prisoners = 1.0;
    if barbarians > factions {
        let most = involved.iter().copied().max().unwrap_or(0);
        let tied = involved.iter().filter(|&&n| n == most).count();
        if mine == most {
            prisoners += 1.0 / tied as f32;
        }
    }
    prisoners
}

impl Mind<'_, '_> {
    fn coast(&self) -> &Coast<'_> {
        self.coast
            .as_ref()
            .expect("only Barbarian Attack asks for the coast")
    }

    /// The seats that take turns (the neutral ones of the two-player game do not).
    pub(super) fn players(&self) -> impl Iterator<Item = Seat> + '_ {
        let neutral = self.coast.as_ref().map_or(SeatSet::EMPTY, |c| c.neutral);
        (0..self.view.seats())
            .map(Seat)
            .filter(move |s| !neutral.contains(*s))
    }

    /// How much a rival's gain counts against mine: one rival is all there is with two
    /// players, one of several otherwise.
    fn rival_weight(&self) -> f32 {
        if self.players().count() <= 2 {
            0.8
        } else {
            0.4
        }
    }

    /// What the barbarians on `on` cost my rivals, less what they cost me.
    fn harm(&self, on: &[u8; COAST]) -> f32 {
        let coast = self.coast();
        let t = self.t;
        let rival = self.rival_weight();
        let mut total = 0.0;
        for s in self.players() {
            let cities = self.view.cities(s);
            let mut harm = 0.0;
            for c in self.view.settlements(s).union(&cities).iter() {
                let size = if cities.contains(c) { 2.0 } else { 1.0 };
                let mut lost = true;
                for h in t.corner_hexes(CornerId(c as u16)) {
                    match coast.coastal(h) {
                        Some(i) => {
                            let n = usize::from(on[i].min(CONQUERED_AT));
                            harm += pips(t.number(h)) as f32 * size * PIP * RISK[n];
                            lost &= n == usize::from(CONQUERED_AT);
                        }
                        None => lost = false,
                    }
                }
                if lost {
                    harm += size * POINT;
                }
            }
            total += if s == self.me { -harm } else { rival * harm };
        }
        total
    }

    /// For each coastal hex, what taking all its barbarians would change in `harm`.
    fn freed(&self, on: &[u8; COAST]) -> [f32; COAST] {
        let now = self.harm(on);
        let mut freed = [0.0; COAST];
        for i in 0..self.coast().hexes() {
            if on[i] > 0 {
                let mut after = *on;
                after[i] = 0;
                freed[i] = self.harm(&after) - now;
            }
        }
        freed
    }

    /// What the coast's barbarians would give back now, for each coastal hex.
    fn freed_now(&self) -> &[f32; COAST] {
        self.freed_now.get_or_init(|| self.freed(&self.coast().on))
    }

    /// The worth of the knights standing on `knights` against the barbarians on `on`: the
    /// battles they would win at the end of this turn, and for my knights not fighting, the
    /// hexes they could reach in later turns.
    fn knights_value(&self, on: &[u8; COAST], freed: &[f32; COAST], knights: &Knights) -> f32 {
        let coast = self.coast();
        let me = self.me;
        let rival = self.rival_weight();
        let hexes = coast.hexes();
        let Steps { dist, borders } = coast.steps();
        let mut involved = [[0u8; MAX_SEATS]; COAST];
        for (s, e) in knights.iter() {
            let mut bordered = borders[e.index()];
            while bordered != 0 {
                involved[bordered.trailing_zeros() as usize][s.index()] += 1;
                bordered &= bordered - 1;
            }
        }
        let mut value = 0.0;
        // The hexes where a battle is won, as a mask of their indices.
        let mut fighting = 0u16;
        for i in 0..hexes {
            let b = on[i];
            let total: u8 = involved[i].iter().sum();
            if b == 0 || total <= b {
                continue;
            }
            fighting |= 1 << i;
            value += share(b, &involved[i], me) * PRISONER + freed[i]
                - f32::from(involved[i][me.index()]) * CASUALTY;
            for s in self.players().filter(|&s| s != me) {
                value -= rival * share(b, &involved[i], s) * PRISONER;
            }
        }
        // Knights in no battle now, and what each still-open hex is worth per knight missing.
        let mut free = [EdgeId(0); MAX_KNIGHTS];
        let mut frees = 0;
        for (s, e) in knights.iter() {
            if s == me && borders[e.index()] & fighting == 0 {
                free[frees] = e;
                frees += 1;
            }
        }
        let mut slots = [0u8; COAST];
        let mut worth = [0.0f32; COAST];
        for i in 0..hexes {
            let b = on[i];
            if b == 0 || fighting & (1 << i) != 0 {
                continue;
            }
            let others: u8 = involved[i].iter().sum::<u8>() - involved[i][me.index()];
            let need = (b + 1).saturating_sub(others).max(1);
            slots[i] = need;
            worth[i] = (f32::from(b) * PRISONER + freed[i]).max(0.0) / f32::from(need);
        }
        // What each free knight would bring to each open hex, worked out once for all the
        // rounds below.
        let mut credits = [[0.0f32; COAST]; MAX_KNIGHTS];
        for (row, &e) in credits.iter_mut().zip(&free[..frees]) {
            for i in 0..hexes {
                if slots[i] > 0 {
                    let turns = usize::from(dist[i][e.index()].div_ceil(STEPS));
                    row[i] = worth[i] * LATER_BY_TURNS.get(turns).copied().unwrap_or(0.0);
                }
            }
        }
        // Each round, the knight and hex of the most credit still open.
        let mut assigned = [false; MAX_KNIGHTS];
        for _ in 0..frees {
            let mut best: Option<(usize, usize, f32)> = None;
            for (k, row) in credits[..frees].iter().enumerate() {
                if assigned[k] {
                    continue;
                }
                for (i, &credit) in row[..hexes].iter().enumerate() {
                    if slots[i] == 0 {
                        continue;
                    }
                    if best.is_none_or(|(_, _, c)| credit > c) {
                        best = Some((k, i, credit));
                    }
                }
            }
            let Some((k, i, credit)) = best else {
                break;
            };
            assigned[k] = true;
            slots[i] -= 1;
            value += credit;
        }
        for (k, &e) in free[..frees].iter().enumerate() {
            if !assigned[k] {
                value += IDLE * borders[e.index()].count_ones() as f32;
            }
        }
        value
    }

    /// The worth of the coast with barbarians `on` and the knights where they stand.
    fn coast_value(&self, on: &[u8; COAST]) -> f32 {
        let freed = self.freed(on);
        self.harm(on) + self.knights_value(on, &freed, &self.coast().knights)
    }

    /// A grain spent on a long move: what it takes from my goals.
    fn grain_cost(&self) -> f32 {
        let mut after = self.hand;
        if after.get(Resource::Grain) == 0 {
            return 0.0;
        }
        after.subtract(&Resources::one(Resource::Grain));
        let lost = self
            .distance(&after)
            .saturating_sub(self.distance(&self.hand));
        0.1 + 0.04 * lost as f32
    }

    /// The next knight move, or the end of the turn.
    pub(super) fn knight_move(&self, legal: &LegalActions) -> Option<Action> {
        let coast = self.coast();
        let on = coast.on;
        let now = self.knights_value(&on, self.freed_now(), &coast.knights);
        let grain = self.grain_cost();
        // Steps from the knights that may move, worked out once each.
        let mut from_steps: [(EdgeId, [u8; MAX_EDGES]); MAX_KNIGHTS] =
            [(EdgeId(u16::MAX), [0; MAX_EDGES]); MAX_KNIGHTS];
        let mut froms = 0;
        let (mut own, mut foreign, mut forced): (Option<(Action, f32)>, _, _) = (None, None, None);
        let mut own_in_castle = false;
        let mut foreign_in_castle = false;
        for a in &legal.actions {
            let Action::MoveKnight { from, to } = *a else {
                continue;
            };
            let Some(k) = coast.knights.at_edge(from) else {
                continue;
            };
            let seat = coast.knights.at[k].0;
            let slot = match from_steps[..froms].iter().position(|(f, _)| *f == from) {
                Some(slot) => slot,
                None => {
                    let mut sources = EdgeSet::new();
                    sources.insert(from.index());
                    from_steps[froms] = (from, steps_from(self.t, &sources));
                    froms += 1;
                    froms - 1
                }
            };
            let steps = from_steps[slot].1[to.index()];
            let mut after = coast.knights;
            after.at[k].1 = to;
            let mut value = self.knights_value(&on, self.freed_now(), &after);
            if steps > STEPS {
                value -= grain;
            }
            let gain = value - now;
            let castle = coast.in_castle(from);
            let better = |best: &Option<(Action, f32)>, v: f32| best.is_none_or(|(_, b)| v > b);
            if seat == self.me {
                own_in_castle |= castle;
                if better(&own, gain) {
                    own = Some((*a, gain));
                }
            } else {
                foreign_in_castle |= castle;
                if better(&foreign, gain) {
                    foreign = Some((*a, gain));
                }
            }
            if castle && better(&forced, gain) {
                forced = Some((*a, gain));
            }
        }
        let pick = |best: Option<(Action, f32)>| best.filter(|(_, g)| *g > LEAST_GAIN);
        // My knights move before the foreign ones: once one of those moves, mine may not.
        if let Some((a, _)) = pick(own) {
            return Some(a);
        }
        if own_in_castle {
            return forced.map(|(a, _)| a);
        }
        if let Some((a, _)) = pick(foreign) {
            return Some(a);
        }
        if foreign_in_castle {
            return forced.map(|(a, _)| a);
        }
        legal
            .actions
            .contains(&Action::EndTurn)
            .then_some(Action::EndTurn)
    }

    /// Where a new knight of `seat` does most. One placed in the castle must leave it this
    /// turn (BA-20): it is worth the best path it reaches without a grain.
    fn knight_site_value(&self, seat: Seat, e: EdgeId) -> f32 {
        let coast = self.coast();
        let on = coast.on;
        let mut knights = coast.knights;
        if !coast.in_castle(e) {
            knights.push(seat, e);
            return self.knights_value(&on, self.freed_now(), &knights);
        }
        let taken = knights.edges();
        let mut sources = EdgeSet::new();
        sources.insert(e.index());
        let steps = steps_from(self.t, &sources);
        let k = knights.len;
        knights.push(seat, e);
        let mut best = f32::MIN;
        for d in self.t.edge_ids() {
            if steps[d.index()] > STEPS || taken.contains(d.index()) || coast.in_castle(d) {
                continue;
            }
            knights.at[k].1 = d;
            best = best.max(self.knights_value(&on, self.freed_now(), &knights));
        }
        best
    }

    pub(super) fn place_knight(&self, legal: &LegalActions) -> Option<Action> {
        best_by(legal, |a| match *a {
            Action::PlaceKnight(e) => Some(self.knight_site_value(self.me, e)),
            _ => None,
        })
    }

    /// A foreign knight fights beside mine, and I move it on my turns (BA2-8, BA2-9).
    pub(super) fn foreign_knight(&self, legal: &LegalActions) -> Option<Action> {
        let foreign = self.coast().neutral.iter().next()?;
        best_by(legal, |a| match *a {
            Action::PlaceForeignKnight(Some(e)) => Some(self.knight_site_value(foreign, e)),
            _ => None,
        })
    }

    /// Treason's barbarians: off my land, onto my rivals' and beside my knights.
    pub(super) fn treason(&self, legal: &LegalActions) -> Option<Action> {
        let coast = self.coast();
        best_by(legal, |a| {
            let Action::TreasonMove { from, to } = *a else {
                return None;
            };
            let mut on = coast.on;
            if let Some(i) = from.and_then(|h| coast.coastal(h)) {
                on[i] = on[i].saturating_sub(1);
            }
            let j = coast.coastal(to)?;
            on[j] += 1;
            Some(self.coast_value(&on))
        })
    }

    /// Intrigue's prisoner: from the hex whose barbarians hurt me most.
    pub(super) fn intrigue(&self, legal: &LegalActions) -> Option<Action> {
        let coast = self.coast();
        best_by(legal, |a| {
            let Action::TakePrisoner(h) = *a else {
                return None;
            };
            let mut on = coast.on;
            let i = coast.coastal(h)?;
            on[i] = on[i].saturating_sub(1);
            Some(self.coast_value(&on))
        })
    }

    /// A gold exchange for what a goal lacks, else for the card that brings my goals closest
    /// while the hand stays safe from a 7.
    pub(super) fn gold_exchange(&self, legal: &LegalActions, spare: bool) -> Option<Action> {
        if spare && self.hand.total() >= 7 {
            return None;
        }
        let now = self.distance(&self.hand);
        best_by(legal, |a| {
            let Action::BuyWithGold(r) = *a else {
                return None;
            };
            let mut after = self.hand;
            after.add(&Resources::one(r));
            let d = self.distance(&after);
            (spare || d < now).then(|| {
                -(d as f32) - 0.01 * self.production[r.index()] as f32
                    + 0.001 * f32::from(self.view.bank().get(r))
            })
        })
    }

    /// The token action worth its price, if any (BA2-7).
    pub(super) fn token_action(&self, legal: &LegalActions) -> Option<Action> {
        let coast = self.coast();
        // Tokens are of the two-player game: elsewhere no token action is ever listed, and
        // the coast's worth below is not worked out for nothing.
        if !legal
            .actions
            .iter()
            .any(|a| matches!(a, Action::DriveAwayBarbarian(_) | Action::ForceTrade))
        {
            return None;
        }
        let opponent = self.players().find(|&s| s != self.me)?;
        let cost = if self.view.victory_points(self.me) <= self.view.victory_points(opponent) {
            1.0
        } else {
            2.0
        };
        let now = self.coast_value(&coast.on);
        let drive = best_by(legal, |a| {
            let Action::DriveAwayBarbarian(h) = *a else {
                return None;
            };
            let mut on = coast.on;
            let i = coast.coastal(h)?;
            on[i] = on[i].saturating_sub(1);
            let gain = self.coast_value(&on) - now - TOKEN * cost;
            (gain > 0.0).then_some(gain)
        });
        if drive.is_some() {
            return drive;
        }
        // Two random cards for two I choose: worth it when they hold many, and a token is
        // left for a barbarian.
        let tokens = coast.tokens[self.me.index()];
        (legal.actions.contains(&Action::ForceTrade)
            && self.view.hand_size(opponent) >= 5
            && self.hand.total() >= 2
            && f32::from(tokens) >= cost + 1.0
            && self.distance(&self.hand) > 0)
            .then_some(Action::ForceTrade)
    }

    /// The cards to give back after a forced trade: those my goals need least.
    pub(super) fn give_back(&self, range: CardRange) -> Resources {
        self.discard(range.count)
    }

    /// A neutral player's free piece (BA2-4): where it takes the least from me and blocks the
    /// opponent most.
    pub(super) fn neutral_build(&self, legal: &LegalActions) -> Option<Action> {
        let opponents = self.players().filter(|&s| s != self.me);
        let mut their_reach = CornerSet::new();
        for s in opponents {
            their_reach |= self.view.road_reach(s);
        }
        let near_them = |c: CornerId| {
            their_reach.contains(c.index())
                || self
                    .t
                    .corner_neighbours(c)
                    .any(|n| their_reach.contains(n.index()))
        };
        best_by(legal, |a| match *a {
            Action::NeutralSettlement { corner, .. } => {
                let mine = self.picture.roads.potential[corner.index()]
                    .max(self.picture.values[corner.index()]);
                let block = if near_them(corner) {
                    self.picture.values[corner.index()]
                } else {
                    0.0
                };
                Some(0.5 * block - mine)
            }
            Action::NeutralRoad { edge, .. } => {
                let [a, b] = self.t.edge_corners(edge);
                let mine = self.picture.roads.potential[a.index()]
                    .max(self.picture.roads.potential[b.index()]);
                let block = f32::from(u8::from(near_them(a) || near_them(b)));
                Some(block - mine)
            }
            _ => None,
        })
    }

    /// Whether buying a card is worth it: a knight may still come of it, or the other cards
    /// (Treason, Intrigue) are worth it on their own with barbarians on the board.
    pub(super) fn cards_worth_buying(&self) -> bool {
        let coast = self.coast();
        let mine = coast.knights.iter().filter(|(s, _)| *s == self.me).count();
        mine < usize::from(coast.rules.knights) || coast.on.iter().any(|&n| n > 0)
    }

    /// Notes how many cards of my choice my gold still buys this turn, as far as the
    /// exchanges listed show (BA-28: two a turn at most).
    pub(super) fn note_gold(&mut self, legal: &LegalActions) {
        let Some(coast) = &self.coast else {
            return;
        };
        let exchanges = legal
            .actions
            .iter()
            .any(|a| matches!(a, Action::BuyWithGold(_)));
        if exchanges {
            self.gold_cards = u32::from(coast.gold / 2).min(2);
        }
    }
}
