//! One game as Python plays it: the engine, chance drawn from the game's seed, its record,
//! and the choices made in steps through the action ids (`space.rs`).

use crate::space::{CardStep, Decoded, Mover, Space};
use rand_core::SeedableRng;
use settlers_bots::BotRng;
use settlers_bots::play::{GameSpec, deciding_seat};
use settlers_core::record::{Record, SeatInfo};
use settlers_core::state::MAX_SEATS;
use settlers_core::{Action, Actor, Game, LegalActions, Resource, Resources, Seat, ToAct};

/// A choice begun with one id and not yet applied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pending {
    #[default]
    Nothing,
    /// Cards chosen so far, out of `count`.
    Cards {
        step: CardStep,
        chosen: Resources,
        count: u8,
    },
    /// The piece chosen to move.
    From(Mover, usize),
}

/// Why a step or an action was refused, in the engine's words where it is the engine's.
pub type Refusal = String;

#[derive(Clone, Debug)]
pub struct Session {
    pub game: Game,
    /// Chance's generator: the one the board was drawn from, as in `settlers sim`.
    pub rng: BotRng,
    pub record: Option<Record>,
    pub pending: [Pending; MAX_SEATS],
    pub space: Space,
    legal: LegalActions,
    /// The seat whose legal actions `legal` holds, kept until the game changes: a step by
    /// an id that needs them (a card, an offer, a piece to move) after the ids were worked
    /// out asks the engine no more.
    legal_seat: Option<Seat>,
    /// The legal ids of `ids_seat`, ascending, kept until the game or a choice in steps
    /// changes: a loop that asks for the ids and then steps asks the engine once.
    ids: Vec<u32>,
    ids_seat: Option<Seat>,
    /// One bit an id, all clear between calls: the ids are gathered here, so that a piece
    /// with several moves names its "from" id once, and read back in ascending order.
    id_bits: Vec<u64>,
}

impl Session {
    /// A new game from `seed`: the board, the first seat and every chance outcome come
    /// from one generator, as in the game `settlers sim` plays from that game seed (its
    /// game `i` of a run from `s` has the seed `game_seed(s, i)`).
    pub fn new(spec: &GameSpec, seed: u64, keep_record: bool) -> Result<Session, Refusal> {
        spec.check_seats().map_err(|e| e.to_string())?;
        let mut rng = BotRng::seed_from_u64(seed);
        let setup = spec.setup(&mut rng).map_err(|e| e.to_string())?;
        let record = keep_record.then(|| {
            let seats = (0..setup.seats).map(|_| SeatInfo::default()).collect();
            Record::new(&setup, seats)
        });
        let game = Game::new(setup).map_err(|e| e.to_string())?;
        Ok(Session::from_game(game, rng, record))
    }

    pub fn from_game(game: Game, rng: BotRng, record: Option<Record>) -> Session {
        let space = Space::of(&game);
        Session {
            game,
            rng,
            record,
            pending: [Pending::Nothing; MAX_SEATS],
            ids: Vec::with_capacity(space.len()),
            ids_seat: None,
            id_bits: vec![0; space.len().div_ceil(64)],
            space,
            legal: LegalActions::default(),
            legal_seat: None,
        }
    }

    /// A copy without the record, which is the one part that grows with the game.
    pub fn clone_without_record(&self) -> Session {
        Session {
            game: self.game.clone(),
            rng: self.rng.clone(),
            record: None,
            pending: self.pending,
            space: self.space.clone(),
            legal: LegalActions::default(),
            legal_seat: None,
            ids: self.ids.clone(),
            ids_seat: self.ids_seat,
            id_bits: self.id_bits.clone(),
        }
    }

    /// The seat that decides next, or `None` when chance acts or the game is over.
    pub fn deciding_seat(&self) -> Option<Seat> {
        match self.game.to_act() {
            ToAct::Seats(waiting) => deciding_seat(waiting, self.game.state().active),
            _ => None,
        }
    }

    /// Applies an action, recording it; a refused one changes nothing.
    pub fn apply(&mut self, actor: Actor, action: Action) -> Result<(), Refusal> {
        if let Some(r) = self.record.as_mut() {
            r.push(&self.game, actor, &action);
        }
        match self.game.apply_with(actor, action, &mut ()) {
            Ok(()) => {
                self.ids_seat = None;
                self.legal_seat = None;
                // An action of the seat's own, given whole, ends any choice it had begun.
                if let Actor::Seat(s) = actor
                    && let Some(p) = self.pending.get_mut(s.index())
                {
                    *p = Pending::Nothing;
                }
                Ok(())
            }
            Err(e) => {
                if let Some(r) = self.record.as_mut() {
                    r.actions.pop();
                }
                Err(e.to_string())
            }
        }
    }

    /// Chance draws and applies its action, when it must act.
    pub fn play_chance(&mut self) -> Option<Action> {
        let action = self.game.sample_chance(&mut self.rng)?;
        self.apply(Actor::Chance, action)
            .expect("the engine accepts the chance it draws");
        Some(action)
    }

    /// Plays chance until a seat must decide or the game is over.
    pub fn play_chance_through(&mut self) {
        while matches!(self.game.to_act(), ToAct::Chance(_)) {
            if self.play_chance().is_none() {
                break;
            }
        }
    }

    /// The legal ids of `seat` into `mask` (of `space.len()`), which is cleared first.
    /// Returns how many are set.
    pub fn mask_into(&mut self, seat: Seat, mask: &mut [bool]) -> usize {
        mask.fill(false);
        let ids = self.legal_ids(seat);
        for &id in ids {
            mask[id as usize] = true;
        }
        ids.len()
    }

    /// The legal ids of `seat`, ascending (none for a seat not in the game). Asked again
    /// before the game changes, they are not worked out again. Inlined, so that asking
    /// for ids already worked out (as a step does several times) costs no call.
    #[inline]
    pub fn legal_ids(&mut self, seat: Seat) -> &[u32] {
        if self.ids_seat != Some(seat) {
            self.gather_ids(seat);
            self.ids_seat = Some(seat);
        }
        &self.ids
    }

    /// Plays chance through (with `play_chance`) and takes every deciding seat's only
    /// legal id (with `skip_forced`), until a seat has a choice or the game is over. Returns
    /// how many actions and ids it took.
    pub fn settle(&mut self, play_chance: bool, skip_forced: bool) -> u64 {
        let mut taken = 0;
        loop {
            match self.game.to_act() {
                ToAct::Chance(_) if play_chance => {
                    if self.play_chance().is_none() {
                        return taken;
                    }
                }
                ToAct::Seats(_) if skip_forced => {
                    let Some(seat) = self.deciding_seat() else {
                        return taken;
                    };
                    let ids = self.legal_ids(seat);
                    if ids.len() != 1 {
                        return taken;
                    }
                    let id = ids[0] as usize;
                    self.step(seat, id).expect("a legal id applies");
                }
                _ => return taken,
            }
            taken += 1;
        }
    }

    #[inline(never)]
    fn gather_ids(&mut self, seat: Seat) {
        self.ids.clear();
        if seat.index() >= usize::from(self.game.seats()) {
            return;
        }
        self.list(seat);
        let legal = &self.legal;
        let space = &self.space;
        let bits = &mut self.id_bits;
        // The words set, so that only they are read back.
        let (mut first, mut last) = (usize::MAX, 0);
        let mut set = |id: usize| {
            let w = id / 64;
            bits[w] |= 1 << (id % 64);
            first = first.min(w);
            last = last.max(w);
        };
        match self.pending[seat.index()] {
            Pending::Cards { step, chosen, .. } => {
                if let Some(range) = card_range(legal, step) {
                    for r in Resource::ALL {
                        if chosen.get(r) < range.from.get(r) {
                            set(space.card_id(step, r));
                        }
                    }
                }
            }
            Pending::From(mover, from) => {
                for a in &legal.actions {
                    if let Some((m, f, to)) = Mover::parts(a)
                        && m == mover
                        && f == from
                    {
                        set(space.move_to_id(mover, to));
                    }
                }
            }
            Pending::Nothing => {
                for a in &legal.actions {
                    match Mover::parts(a) {
                        Some((mover, from, _)) => set(space.move_from_id(mover, from)),
                        None => {
                            if let Some(id) = space.encode(a) {
                                set(id);
                            }
                        }
                    }
                }
                for step in [CardStep::Discard, CardStep::Gold, CardStep::GiveBack] {
                    if let Some(range) = card_range(legal, step)
                        && range.count > 0
                    {
                        for r in Resource::ALL {
                            if range.from.get(r) > 0 {
                                set(space.card_id(step, r));
                            }
                        }
                    }
                }
                if let Some(offer) = legal.offer {
                    for give in Resource::ALL {
                        if offer.can_give.get(give) == 0 {
                            continue;
                        }
                        for get in Resource::ALL {
                            if give != get {
                                set(space.offer_id(give, get));
                            }
                        }
                    }
                }
            }
        }
        if first > last {
            return;
        }
        // Read back ascending, each word cleared for the next call.
        for (w, word) in self
            .id_bits
            .iter_mut()
            .enumerate()
            .take(last + 1)
            .skip(first)
        {
            let mut bits = *word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                self.ids.push((w * 64 + b) as u32);
                bits &= bits - 1;
            }
            *word = 0;
        }
    }

    /// The listed actions of `seat` that no id names (none, if the space is whole): for
    /// the tests.
    pub fn unnamed_actions(&mut self, seat: Seat) -> Vec<Action> {
        self.list(seat);
        self.legal
            .actions
            .iter()
            .filter(|a| Mover::parts(a).is_none() && self.space.encode(a).is_none())
            .copied()
            .collect()
    }

    /// Takes one id for `seat`: applies its action, or records the step. A refused id
    /// changes nothing.
    pub fn step(&mut self, seat: Seat, id: usize) -> Result<(), Refusal> {
        if seat.index() >= usize::from(self.game.seats()) {
            return Err(format!("{} is not a seat in this game", seat.0));
        }
        let decoded = self.space.decode(id).ok_or_else(|| {
            format!(
                "{id} is not an action id: the ids are 0 to {}",
                self.space.len() - 1
            )
        })?;
        let pending = self.pending[seat.index()];
        match (pending, decoded) {
            (
                Pending::Cards {
                    step,
                    chosen,
                    count,
                },
                Decoded::Card(s, r),
            ) if s == step => {
                self.list(seat);
                let range = card_range(&self.legal, step)
                    .ok_or_else(|| format!("you have no cards to choose for {}", step.name()))?;
                if chosen.get(r) >= range.from.get(r) {
                    return Err(format!("you cannot choose another {} now", r.name()));
                }
                let mut chosen = chosen;
                *chosen.get_mut(r) += 1;
                self.choose_cards(seat, step, chosen, count)
            }
            (
                Pending::Cards {
                    step,
                    chosen,
                    count,
                },
                _,
            ) => Err(format!(
                "you are choosing cards for {} ({} of {}): choose one of them",
                step.name(),
                chosen.total(),
                count
            )),
            (Pending::From(mover, from), Decoded::To(m, to)) if m == mover => {
                if !self.to_fits(mover, to) {
                    return Err(format!(
                        "there is no place {to} to move the {} to",
                        m.name()
                    ));
                }
                self.apply(Actor::Seat(seat), mover.action(from, to))
            }
            (Pending::From(mover, _), _) => Err(format!(
                "you have chosen the {} to move: choose where it goes",
                mover.name()
            )),
            (Pending::Nothing, Decoded::Action(action)) => {
                if !fits(&self.game, &action) {
                    return Err(format!("id {id} names a place that is not on this board"));
                }
                self.apply(Actor::Seat(seat), action)
            }
            (Pending::Nothing, Decoded::Card(step, r)) => {
                self.list(seat);
                let range = card_range(&self.legal, step).ok_or_else(|| {
                    format!("you have no cards to choose for {} now", step.name())
                })?;
                if range.from.get(r) == 0 || range.count == 0 {
                    return Err(format!(
                        "you cannot choose {} for {} now",
                        r.name(),
                        step.name()
                    ));
                }
                self.choose_cards(seat, step, Resources::one(r), range.count)
            }
            (Pending::Nothing, Decoded::Offer { give, get }) => {
                self.list(seat);
                let range = self
                    .legal
                    .offer
                    .ok_or_else(|| "you cannot offer a trade now".to_string())?;
                let offer = settlers_core::TradeOffer::cards(
                    Resources::one(give),
                    Resources::one(get),
                    range.to,
                );
                self.apply(Actor::Seat(seat), Action::OfferTrade(offer))
            }
            (Pending::Nothing, Decoded::From(mover, from)) => {
                self.list(seat);
                let movable = self
                    .legal
                    .actions
                    .iter()
                    .any(|a| Mover::parts(a).is_some_and(|(m, f, _)| m == mover && f == from));
                if !movable {
                    return Err(format!("you have no {} move from there now", mover.name()));
                }
                self.pending[seat.index()] = Pending::From(mover, from);
                self.ids_seat = None;
                Ok(())
            }
            (Pending::Nothing, Decoded::To(mover, _)) => {
                Err(format!("choose the {} to move first", mover.name()))
            }
        }
    }

    fn choose_cards(
        &mut self,
        seat: Seat,
        step: CardStep,
        chosen: Resources,
        count: u8,
    ) -> Result<(), Refusal> {
        if chosen.total() < u32::from(count) {
            self.pending[seat.index()] = Pending::Cards {
                step,
                chosen,
                count,
            };
            self.ids_seat = None;
            return Ok(());
        }
        self.apply(Actor::Seat(seat), step.action(chosen))
    }

    /// The engine's legal actions of `seat` into `legal`, unless it holds them already.
    fn list(&mut self, seat: Seat) {
        if self.legal_seat != Some(seat) {
            self.game.legal_actions_into(seat, &mut self.legal);
            self.legal_seat = Some(seat);
        }
    }

    fn to_fits(&self, mover: Mover, to: usize) -> bool {
        let t = self.game.topology();
        match mover {
            Mover::Ship | Mover::Knight => to < t.edge_count(),
            Mover::Treason => to < t.hex_count(),
        }
    }
}

fn card_range(legal: &LegalActions, step: CardStep) -> Option<settlers_core::action::CardRange> {
    match step {
        CardStep::Discard => legal.discard,
        CardStep::Gold => legal.gold,
        CardStep::GiveBack => legal.give_back,
    }
}

/// Whether every place an action names is on the game's board (a space sized for the
/// largest board has ids past a smaller one's).
pub fn fits(game: &Game, action: &Action) -> bool {
    let t = game.topology();
    let hex = |h: &settlers_core::topology::HexId| h.index() < t.hex_count();
    let corner = |c: &settlers_core::topology::CornerId| c.index() < t.corner_count();
    let edge = |e: &settlers_core::topology::EdgeId| e.index() < t.edge_count();
    match action {
        Action::BuildSettlement(c) | Action::BuildCity(c) => corner(c),
        Action::NeutralSettlement { corner: c, .. } => corner(c),
        Action::BuildRoad(e)
        | Action::BuildShip(e)
        | Action::PlaceKnight(e)
        | Action::DamageRoad(e)
        | Action::RepairRoad(e)
        | Action::PlaceHarbor(e) => edge(e),
        Action::NeutralRoad { edge: e, .. } | Action::PlaceGiftHarbor { edge: e, .. } => edge(e),
        Action::PlaceForeignKnight(e) => e.as_ref().is_none_or(edge),
        Action::MoveRobber { hex: h, .. }
        | Action::MovePirate { hex: h, .. }
        | Action::MovePirateForCloth { hex: h, .. } => hex(h),
        Action::TakePrisoner(h) | Action::DriveAwayBarbarian(h) => hex(h),
        _ => true,
    }
}
