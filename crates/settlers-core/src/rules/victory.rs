//! Victory points and winning (base.md B-41, B-42, D-B-5).

use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::state::{Phase, Seat};

impl Game {
    /// Points everyone can see: buildings and awards (B-41 without hidden cards).
    pub fn public_victory_points(&self, seat: Seat) -> u8 {
        self.points_but_conquest(seat)
            .saturating_sub(self.uncounted_points(seat))
    }

    /// Public points as though no building were conquered: never fewer than the true count,
    /// and cheaper to work out, for the victory check after every action (inlined there).
    #[inline(always)]
    fn points_but_conquest(&self, seat: Seat) -> u8 {
        let s = &self.state;
        // Neutral players own pieces but never score (BA2-1).
        if s.neutral.contains(seat) {
            return 0;
        }
        let p = s.player(seat);
        // Every part is bounded (pieces, MOST_SPECIAL_VP, the cloth of a game), so the sum
        // stays far below a byte's limit; saturating keeps it exact should a position hold
        // more than a game could reach.
        let mut points = (p.settlements.len() as u8)
            .saturating_add(2 * p.cities.len() as u8)
            .saturating_add(p.special_vp)
            // The modules' points (modules/hooks.rs).
            .saturating_add(self.module_points(seat));
        if s.longest_road == Some(seat)
            && self.config.rules.longest_route == crate::ruleset::LongestRoute::Scores
        {
            points = points.saturating_add(2);
        }
        if s.largest_army == Some(seat) {
            points = points.saturating_add(2);
        }
        points
    }

    /// The points conquered buildings would have: they count nothing (BA-31). Asked by the
    /// hook `uncounted_points` in games with barbarians.
    pub(crate) fn conquered_points(&self, seat: Seat) -> u8 {
        let s = &self.state;
        if s.neutral.contains(seat) {
            return 0;
        }
        let p = s.player(seat);
        let conquered = self.conquered_among(&p.buildings());
        p.settlements.intersection(&conquered).len() as u8
            + 2 * p.cities.intersection(&conquered).len() as u8
    }

    /// All points, Victory Point cards included (B-35, B-41).
    pub fn victory_points(&self, seat: Seat) -> u8 {
        self.public_victory_points(seat)
            .saturating_add(self.victory_point_cards(seat))
    }

    /// B-42: the active seat wins the moment it holds the target during its own turn. Points
    /// gained in another's turn count when that seat's turn begins (D-B-5), which this check
    /// covers because it runs after the action that starts a turn. With Barbarian Attack's
    /// option `win_off_turn` (BA-31, D-BA-17), any seat wins the moment it holds the target:
    /// the active seat first, then the others in turn order after it.
    pub(crate) fn check_victory(&mut self, sink: &mut impl EventSink) {
        let s = &self.state;
        if matches!(
            s.phase,
            Phase::Over | Phase::SetupSettlement | Phase::SetupRoad { .. }
        ) {
            return;
        }
        let active = s.active;
        if self.has_won(active) {
            return self.declare_winner(active, sink);
        }
        if self.config.options.win_off_turn {
            self.check_victory_off_turn(sink);
        }
    }

    /// `win_off_turn`: the seats after the active one in turn order, the first holding the
    /// target winning.
    #[cold]
    #[inline(never)]
    fn check_victory_off_turn(&mut self, sink: &mut impl EventSink) {
        let s = &self.state;
        let playing = s.playing();
        let first_after = (1..playing)
            .map(|k| Seat((s.active.0 + k) % playing))
            .find(|&seat| self.has_won(seat));
        if let Some(seat) = first_after {
            self.declare_winner(seat, sink);
        }
    }

    /// Whether `seat` holds what wins the game now: the target, or a wonder's conditions.
    #[inline]
    fn has_won(&self, seat: Seat) -> bool {
        // Conquered buildings only take points away, and finding them is the dear part: a
        // seat short of the target without them has not won, unless by a finished wonder
        // (SC8-8).
        if self
            .points_but_conquest(seat)
            .saturating_add(self.victory_point_cards(seat))
            < self.state.victory_points
            && !self.wonder_finished(seat)
        {
            return false;
        }
        self.wins_with(seat, self.victory_points(seat))
    }

    #[cold]
    fn declare_winner(&mut self, seat: Seat, sink: &mut impl EventSink) {
        self.state.winner = Some(seat);
        self.state.phase = Phase::Over;
        if sink.wanted() {
            sink.push(Event::GameWon {
                seat,
                points: self.victory_points(seat),
                victory_point_cards: self.victory_point_cards(seat),
                shared: false,
            });
        }
    }
}
