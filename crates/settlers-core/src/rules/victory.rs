//! Victory points and winning (base.md B-41, B-42, D-B-5).

use crate::action::{Action, Actor};
use crate::event::{Event, EventSink};
use crate::game::Game;
use crate::state::{Phase, Seat};

/// Whether a seat's `action` leaves every seat's points, the awards, the cards and the
/// pieces as they were, in every scenario: rolling (the dice are chance's action), a
/// discard and the trades only move resource cards or change the phase. After one, the
/// victory check finds what it found after the action before, whose state it saw (B-42),
/// so `Game::apply_with` skips it when it has seen the state (`Game::victory_checked`).
#[inline]
pub(crate) fn leaves_points_alone(action: &Action) -> bool {
    matches!(
        action,
        Action::RollDice
            | Action::Discard(_)
            | Action::TradeWithBank { .. }
            | Action::OfferTrade(_)
            | Action::AcceptTrade
            | Action::RejectTrade
            | Action::ConfirmTrade(_)
            | Action::CancelTrade
    )
}

impl Game {
    /// `leaves_points_alone` for either actor. Of chance's actions, the dice leave the points
    /// alone too, but where a module's rolls move them (`rolls_move_points`).
    #[inline]
    pub(crate) fn action_leaves_points_alone(&self, actor: Actor, action: &Action) -> bool {
        match actor {
            Actor::Seat(_) => leaves_points_alone(action),
            Actor::Chance => {
                // The modules' hook (modules/hooks.rs).
                matches!(action, Action::Dice(..)) && !self.rolls_move_points()
            }
        }
    }

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
        self.victory_checked = true;
        let active = self.state.active;
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

#[cfg(test)]
mod tests {
    use crate::action::{Action, Actor, LegalActions, ToAct};
    use crate::game::{Game, GameOptions};
    use crate::random_play::{every_scenario, random_action};
    use crate::state::Phase;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// Every action that skips the victory check leaves the game as the full check would:
    /// random games of every scenario and player count, Barbarian Attack with event cards
    /// and with `win_off_turn` too, each such action applied both ways and the states
    /// compared. The dice are among them in the scenarios where no module acts on a roll.
    /// As a win after such an action is rare in random play, each one is also seen to leave
    /// every seat's points and its standing against the target as they were.
    #[test]
    fn skipping_the_check_after_an_action_that_moves_no_point_changes_nothing() {
        let standing = |game: &Game| -> Vec<(u8, bool)> {
            game.state
                .seat_ids()
                .map(|seat| (game.victory_points(seat), game.has_won(seat)))
                .collect()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let mut skipped = 0u32;
        let mut rolls = 0u32;
        let won = every_scenario(2, 20_000, &mut rng, |name, game, actor, action| {
            if game.action_leaves_points_alone(actor, &action) {
                rolls += u32::from(matches!(actor, Actor::Chance));
                assert!(game.victory_checked, "{action:?} after an unchecked state");
                let before = standing(game);
                let mut checked = game.clone();
                checked.victory_checked = false;
                checked.apply(actor, action).unwrap();
                game.apply(actor, action).unwrap();
                assert_eq!(game.state, checked.state, "{name}: {action:?}");
                assert_eq!(standing(game), before, "{name}: {action:?} moved points");
                skipped += 1;
            } else {
                game.apply(actor, action)
                    .unwrap_or_else(|e| panic!("{action:?}: {e}"));
            }
        });
        // The games were played, to their ends, with many checks skipped, rolls among them.
        assert!(skipped > 10_000, "{skipped} actions skipped the check");
        assert!(rolls > 1_000, "{rolls} rolls skipped the check");
        assert!(won > 20, "{won} games won");
    }

    /// A game the check has not seen (here, one whose target was lowered under the active
    /// seat's points) is checked after any action, one that moves no point included.
    #[test]
    fn an_unchecked_game_is_checked_after_its_first_action() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let scenario = crate::scenario::Scenario::by_name("base").unwrap();
        let setup = scenario
            .setup(
                4,
                &scenario.default_layout_options(),
                None,
                GameOptions::default(),
                &mut rng,
            )
            .unwrap();
        let mut game = Game::new(setup).unwrap();
        let mut legal = LegalActions::default();
        // Play to a turn that begins with a roll.
        loop {
            let (actor, action) = match game.to_act() {
                ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
                ToAct::Seats(seats) => {
                    let seat = seats.iter().next().unwrap();
                    if game.state.phase == Phase::BeforeRoll {
                        break;
                    }
                    game.legal_actions_into(seat, &mut legal);
                    (Actor::Seat(seat), random_action(&legal, &mut rng))
                }
                ToAct::Nobody => unreachable!("the game ended in its setup"),
            };
            game.apply(actor, action).unwrap();
        }
        let active = game.state.active;
        game.state.victory_points = game.victory_points(active);
        let mut edited = game.clone();
        // Seen by the check before the edit: the roll skips it, and nobody has won yet.
        edited.apply(Actor::Seat(active), Action::RollDice).unwrap();
        assert_eq!(edited.state.winner, None);
        // Not seen: the roll is checked, and the active seat holds the target.
        game.victory_checked = false;
        game.apply(Actor::Seat(active), Action::RollDice).unwrap();
        assert_eq!(game.state.winner, Some(active));
        assert_eq!(game.state.phase, Phase::Over);
    }

    /// A world drawn for a search holds hidden cards anew: its first action is checked.
    #[test]
    fn an_imagined_world_is_checked_after_its_first_action() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let scenario = crate::scenario::Scenario::by_name("base").unwrap();
        let setup = scenario
            .setup(
                4,
                &scenario.default_layout_options(),
                None,
                GameOptions::default(),
                &mut rng,
            )
            .unwrap();
        let mut game = Game::new(setup).unwrap();
        while let ToAct::Seats(seats) = game.to_act() {
            let seat = seats.iter().next().unwrap();
            let legal = game.legal_actions(seat);
            game.apply(Actor::Seat(seat), legal.actions[0]).unwrap();
            if game.victory_checked {
                break;
            }
        }
        assert!(game.victory_checked);
        assert!(!game.sample_world(None, &mut rng).victory_checked);
    }
}
