//! The battle check at the end of the turn: each coastal hex in order, knights against
//! barbarians, prisoners shared, casualties by the castle die (BA-21 to BA-27, D-BA-5,
//! D-BA-7, D-BA-8, D-BA-10). Every roll-off and casualty roll is chance's action.

use crate::action::{Action, RuleError};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::geometry::EdgeSide;
use crate::state::{MAX_SEATS, Phase, Seat, SeatSet};

/// Gold for a lost roll-off and for each knight lost (BA-23, BA-26).
pub const CONSOLATION_GOLD: u16 = 3;

/// The castle die: which edges a roll strikes (BA-25 with decision D-BA-5).
pub fn casualty_side(die: u8) -> EdgeSide {
    match die {
        1 | 4 => EdgeSide::NE,
        2 | 5 => EdgeSide::E,
        _ => EdgeSide::SE,
    }
}

impl Game {
    /// The knights on the edges of each coastal hex (its involved knights), by seat, for the
    /// hexes in battle order.
    fn involved(&self) -> [[u8; MAX_SEATS]; 16] {
        let rules = self
            .barbarian_rules()
            .expect("battles belong to Barbarian Attack");
        let b = &self.state.barbarians;
        let mut count = [[0u8; MAX_SEATS]; 16];
        for k in &b.knights[..b.knight_count as usize] {
            let mut coasts = rules.path_coasts[k.edge.index()];
            while coasts != 0 {
                count[coasts.trailing_zeros() as usize][k.seat.index()] += 1;
                coasts &= coasts - 1;
            }
        }
        count
    }

    /// The active seat ends its turn: not while its knights wait in the castle (BA-20);
    /// then the battle check begins (BA-21).
    pub(crate) fn end_turn_with_battles(
        &mut self,
        seat: Seat,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if self.knights_in_castle(seat) {
            return Err(RuleError::refused(
                "move your knights off the castle before the turn ends",
            ));
        }
        self.start_battles(sink);
        Ok(())
    }

    /// The end of the turn, after the knights moved: the battle check begins (BA-21).
    pub(crate) fn start_battles(&mut self, sink: &mut impl EventSink) {
        self.state.barbarians.battle_at = 0;
        self.state.phase = Phase::Battle;
        self.next_battle(sink);
    }

    /// Checks the coastal hexes from the current one on; stops where chance must roll.
    fn next_battle(&mut self, sink: &mut impl EventSink) {
        // Counted once: knights only change where the loop stops.
        let involved = self.involved();
        loop {
            let i = self.state.barbarians.battle_at as usize;
            if i >= 10 {
                self.state.barbarians.battle_at = u8::MAX;
                self.apply_end_turn(sink);
                return;
            }
            let barbarians = self.state.barbarians.on[i];
            let involved = involved[i];
            let knights: u8 = involved.iter().sum();
            // BA-22: strictly more knights than barbarians, and at least one barbarian.
            if barbarians == 0 || knights <= barbarians {
                self.state.barbarians.battle_at += 1;
                continue;
            }
            let factions: SeatSet = (0..MAX_SEATS as u8)
                .map(Seat)
                .filter(|s| involved[s.index()] > 0)
                .fold(SeatSet::EMPTY, |mut m, s| {
                    m.insert(s);
                    m
                });
            let f = factions.len() as u8;
            if sink.wanted() {
                let rules = self.barbarian_rules().expect("battles");
                sink.push(Event::BattleWon {
                    hex: self.topology().hex(rules.coastal[i]),
                    barbarians,
                    knights,
                });
            }
            if f == 1 {
                let only = factions.iter().next().expect("one faction");
                self.win_prisoners(only, barbarians, sink);
                self.liberate(i);
                return;
            }
            if barbarians >= f {
                // Each faction one prisoner; a leftover to the most knights (BA-23.2).
                for s in factions.iter() {
                    self.win_prisoners(s, 1, sink);
                }
                if barbarians > f {
                    let most = factions
                        .iter()
                        .map(|s| involved[s.index()])
                        .max()
                        .unwrap_or(0);
                    let leaders: SeatSet = factions
                        .iter()
                        .filter(|s| involved[s.index()] == most)
                        .fold(SeatSet::EMPTY, |mut m, s| {
                            m.insert(s);
                            m
                        });
                    if leaders.len() == 1 {
                        let leader = leaders.iter().next().expect("one leader");
                        self.win_prisoners(leader, 1, sink);
                    } else {
                        self.state.barbarians.contenders = leaders;
                        self.state.barbarians.spots = 1;
                        return;
                    }
                }
            } else {
                // More factions than prisoners: they all roll (BA-23.3).
                self.state.barbarians.contenders = factions;
                self.state.barbarians.spots = barbarians;
                return;
            }
            self.liberate(i);
            return;
        }
    }

    fn win_prisoners(&mut self, seat: Seat, n: u8, sink: &mut impl EventSink) {
        // The prisoners leave the hex as they are handed out, so that while a roll-off is
        // pending the hex holds only those still to be won (BA-2: 30 barbarians in all).
        let i = self.state.barbarians.battle_at as usize;
        self.state.barbarians.on[i] -= n;
        // Foreign knights' prisoners go back to the supply (BA2-10, D-BA2-3).
        if self.is_foreign(seat) {
            self.state.barbarians.supply += n;
        } else {
            self.state.barbarians.prisoners[seat.index()] += n;
        }
        if sink.wanted() {
            sink.push(Event::PrisonersWon { seat, prisoners: n });
        }
    }

    /// BA-24: the barbarians are all prisoners now; the casualty die comes next.
    fn liberate(&mut self, i: usize) {
        self.state.barbarians.on[i] = 0;
        self.state.barbarians.contenders = SeatSet::EMPTY;
        self.state.barbarians.spots = 0;
    }

    /// What chance must decide in the battle now: a roll-off or the casualty die.
    pub(crate) fn battle_chance(&self) -> crate::action::ChanceKind {
        let b = &self.state.barbarians;
        if b.contenders.is_empty() {
            crate::action::ChanceKind::Casualties
        } else {
            crate::action::ChanceKind::RollOff {
                contenders: b.contenders,
            }
        }
    }

    pub(crate) fn roll_off_outcomes(&self, contenders: SeatSet) -> Vec<(Action, u32)> {
        // The foreign faction's roll is always 3 (BA2-10).
        let seats: Vec<Seat> = contenders.iter().filter(|s| !self.is_foreign(*s)).collect();
        let mut out = Vec::new();
        let n = 6u32.pow(seats.len() as u32);
        for code in 0..n {
            let mut dice = [0u8; 4];
            for s in contenders.iter().filter(|s| self.is_foreign(*s)) {
                dice[s.index()] = super::two_player::FOREIGN_ROLL;
            }
            let mut c = code;
            for s in &seats {
                dice[s.index()] = (c % 6) as u8 + 1;
                c /= 6;
            }
            out.push((Action::RollOff(dice), 1));
        }
        out
    }

    pub(crate) fn apply_roll_off(
        &mut self,
        dice: [u8; 4],
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let b = &self.state.barbarians;
        let contenders = b.contenders;
        if contenders.is_empty() {
            return Err(RuleError::refused("there is no roll-off now"));
        }
        for s in 0..MAX_SEATS as u8 {
            let rolls = contenders.contains(Seat(s));
            let d = dice[s as usize];
            if rolls && self.is_foreign(Seat(s)) && d != super::two_player::FOREIGN_ROLL {
                return Err(RuleError::refused(format!(
                    "the foreign knights always roll {}",
                    super::two_player::FOREIGN_ROLL
                )));
            }
            if rolls != (1..=6).contains(&d) {
                return Err(RuleError::refused(format!(
                    "a roll-off gives one die of 1 to 6 to each faction rolling ({}) and none to the others",
                    contenders
                        .iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        }
        if sink.wanted() {
            sink.push(Event::RolledOff { dice });
        }
        // The `spots` highest win a prisoner each; ties across the cut roll again (D-BA-10).
        let spots = b.spots as usize;
        let mut values: Vec<u8> = contenders.iter().map(|s| dice[s.index()]).collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        let cut = values[spots - 1];
        let above: Vec<Seat> = contenders
            .iter()
            .filter(|s| dice[s.index()] > cut)
            .collect();
        let at: Vec<Seat> = contenders
            .iter()
            .filter(|s| dice[s.index()] == cut)
            .collect();
        let below: Vec<Seat> = contenders
            .iter()
            .filter(|s| dice[s.index()] < cut)
            .collect();
        for s in above.iter().copied() {
            self.win_prisoners(s, 1, sink);
        }
        for s in below.iter().copied() {
            self.roll_off_lost(s, sink);
        }
        let left = spots - above.len();
        if at.len() == left {
            for s in at {
                self.win_prisoners(s, 1, sink);
            }
        } else {
            let mut again = SeatSet::EMPTY;
            for s in at {
                again.insert(s);
            }
            self.state.barbarians.contenders = again;
            self.state.barbarians.spots = left as u8;
            return Ok(());
        }
        let i = self.state.barbarians.battle_at as usize;
        self.liberate(i);
        Ok(())
    }

    fn roll_off_lost(&mut self, seat: Seat, sink: &mut impl EventSink) {
        // The foreign faction's gold goes to no one (D-BA2-3).
        if self.is_foreign(seat) {
            return;
        }
        self.state.barbarians.gold[seat.index()] += CONSOLATION_GOLD;
        if sink.wanted() {
            sink.push(Event::GoldWon {
                seat,
                gold: CONSOLATION_GOLD,
            });
        }
    }

    /// BA-25, BA-26: the involved knights on edges of the rolled orientation fall; their
    /// owners take 3 gold each. Then the next hex.
    pub(crate) fn apply_casualties(
        &mut self,
        die: u8,
        sink: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if !(1..=6).contains(&die) || !self.state.barbarians.contenders.is_empty() {
            return Err(RuleError::refused(format!(
                "the casualty die shows 1 to 6, not {die}, once the prisoners are shared"
            )));
        }
        let side = casualty_side(die);
        let rules = self
            .barbarian_rules()
            .expect("battles belong to Barbarian Attack");
        let i = self.state.barbarians.battle_at as usize;
        let edges = *self.topology().hex_edge_set(rules.coastal[i]);
        let two_player = self.two_player();
        // Two players: a lost knight pays 2 gold and a trade token (BA2-11).
        let gold = if two_player {
            super::two_player::KNIGHT_GOLD_FOR_TWO
        } else {
            CONSOLATION_GOLD
        };
        let neutral = self.state.neutral;
        let t = &self.config.topology;
        let b = &mut self.state.barbarians;
        let mut k = 0;
        while k < b.knight_count as usize {
            let knight = b.knights[k];
            // Foreign knights never fall (BA2-10).
            let falls = !neutral.contains(knight.seat)
                && edges.contains(knight.edge.index())
                && t.edge(knight.edge).side == side;
            if falls {
                b.knight_count -= 1;
                let last = b.knight_count as usize;
                b.knights[k] = b.knights[last];
                b.knights[last] = Default::default();
                // The knight that fills the gap keeps its `moved` mark; none is left past
                // the last knight, where a saved position cannot hold it.
                let last_moved = b.moved >> last & 1;
                b.moved = (b.moved & !(1 << k) & !(1 << last)) | last_moved << k;
                b.gold[knight.seat.index()] += gold;
                if two_player && b.token_supply > 0 {
                    b.token_supply -= 1;
                    b.tokens[knight.seat.index()] += 1;
                }
                if sink.wanted() {
                    sink.push(Event::KnightLost {
                        seat: knight.seat,
                        edge: t.edge(knight.edge),
                        gold,
                    });
                }
            } else {
                k += 1;
            }
        }
        if sink.wanted() {
            sink.push(Event::CasualtyRolled { die });
        }
        self.state.barbarians.battle_at += 1;
        self.next_battle(sink);
        Ok(())
    }
}
