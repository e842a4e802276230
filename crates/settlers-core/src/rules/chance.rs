//! What chance may decide, and how likely each outcome is (ARCHITECTURE.md: chance is an
//! actor; its outcomes are actions in the record).

use crate::action::{Action, ChanceKind, ToAct};
use crate::chance::{below, weighted};
use crate::game::Game;
use crate::map::HarborKind;
use crate::resources::{DevelopmentCard, Resource};
use rand_core::Rng;

impl Game {
    /// Every outcome chance may choose now, with its weight (equal weights are equally
    /// likely). Empty when chance need not act.
    pub fn chance_outcomes(&self) -> Vec<(Action, u32)> {
        match self.to_act() {
            ToAct::Chance(ChanceKind::Dice) => {
                // The second roll of the two-player game differs from the first (BA2-3).
                let not = self.state.barbarians.first_total;
                (1..=6)
                    .flat_map(|a| (1..=6).map(move |b| (Action::Dice(a, b), 1)))
                    .filter(|(a, _)| !matches!(a, Action::Dice(x, y) if x + y == not))
                    .collect()
            }
            ToAct::Chance(ChanceKind::DevelopmentCard) => DevelopmentCard::ALL
                .into_iter()
                .filter(|c| self.state.deck.get(*c) > 0)
                .map(|c| {
                    (
                        Action::DrawDevelopmentCard(c),
                        u32::from(self.state.deck.get(c)),
                    )
                })
                .collect(),
            // A gift's card is any card nobody has seen, the deck's and the other gifts'
            // (SC5-6).
            ToAct::Chance(ChanceKind::GiftCard) => DevelopmentCard::ALL
                .into_iter()
                .filter(|c| self.state.deck.get(*c) > 0)
                .map(|c| (Action::RevealGiftCard(c), u32::from(self.state.deck.get(c))))
                .collect(),
            ToAct::Chance(ChanceKind::StolenResource { victim }) => {
                let hand = self.state.player(victim).hand;
                Resource::ALL
                    .into_iter()
                    .filter(|r| hand.get(*r) > 0)
                    .map(|r| (Action::StealResource(r), u32::from(hand.get(r))))
                    .collect()
            }
            ToAct::Chance(ChanceKind::FogHex { hex }) => self.fog_outcomes(hex),
            ToAct::Chance(ChanceKind::Landing) => self.landing_outcomes(),
            ToAct::Chance(ChanceKind::BarbarianCard) => self.barbarian_card_outcomes(),
            ToAct::Chance(ChanceKind::RollOff { contenders }) => self.roll_off_outcomes(contenders),
            ToAct::Chance(ChanceKind::Casualties) => {
                (1..=6).map(|d| (Action::Casualties(d), 1)).collect()
            }
            ToAct::Chance(ChanceKind::ForcedTrade { victim }) => self.forced_trade_outcomes(victim),
            ToAct::Chance(ChanceKind::EventCard) => self.event_card_outcomes(),
            ToAct::Chance(ChanceKind::FleetPlunder { seat }) => self.plunder_outcomes(seat),
            ToAct::Chance(ChanceKind::FortressDie) => {
                (1..=6).map(|d| (Action::FortressDie(d), 1)).collect()
            }
            // Any token still face down, each as likely as the next (SC9-3: shuffled).
            ToAct::Chance(ChanceKind::HarborToken) => HarborKind::ALL
                .into_iter()
                .map(|k| {
                    let n = self.state.harbor_tokens.face_down[k.index()];
                    (Action::TurnOverHarbor(k), u32::from(n))
                })
                .filter(|(_, n)| *n > 0)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Draws chance's action from `rng`, or `None` when chance need not act.
    #[inline]
    pub fn sample_chance(&self, rng: &mut impl Rng) -> Option<Action> {
        match self.to_act() {
            ToAct::Chance(ChanceKind::Dice) => loop {
                let (a, b) = (below(rng, 6) as u8 + 1, below(rng, 6) as u8 + 1);
                if a + b != self.state.barbarians.first_total {
                    break Some(Action::Dice(a, b));
                }
            },
            ToAct::Chance(ChanceKind::DevelopmentCard) => weighted(rng, &self.state.deck.0)
                .map(|i| Action::DrawDevelopmentCard(DevelopmentCard::ALL[i])),
            ToAct::Chance(ChanceKind::GiftCard) => weighted(rng, &self.state.deck.0)
                .map(|i| Action::RevealGiftCard(DevelopmentCard::ALL[i])),
            ToAct::Chance(ChanceKind::StolenResource { victim }) => {
                weighted(rng, &self.state.player(victim).hand.0)
                    .map(|i| Action::StealResource(Resource::ALL[i]))
            }
            ToAct::Chance(ChanceKind::Casualties) => {
                Some(Action::Casualties(below(rng, 6) as u8 + 1))
            }
            ToAct::Chance(ChanceKind::EventCard) => self.sample_event_card(rng),
            ToAct::Chance(ChanceKind::RollOff { contenders }) => {
                let mut dice = [0u8; 4];
                for s in contenders.iter() {
                    dice[s.index()] = if self.state.neutral.contains(s) {
                        // Foreign knights always roll 3 (BA2-10).
                        3
                    } else {
                        below(rng, 6) as u8 + 1
                    };
                }
                Some(Action::RollOff(dice))
            }
            ToAct::Chance(ChanceKind::FortressDie) => {
                Some(Action::FortressDie(below(rng, 6) as u8 + 1))
            }
            ToAct::Chance(ChanceKind::HarborToken) => {
                weighted(rng, &self.state.harbor_tokens.face_down)
                    .map(|i| Action::TurnOverHarbor(HarborKind::ALL[i]))
            }
            ToAct::Chance(
                ChanceKind::Landing
                | ChanceKind::BarbarianCard
                | ChanceKind::ForcedTrade { .. }
                | ChanceKind::FleetPlunder { .. },
            ) => pick_weighted(self.chance_outcomes(), rng),
            ToAct::Chance(ChanceKind::FogHex { hex }) => self.sample_fog(hex, rng),
            _ => None,
        }
    }
}

/// An outcome drawn with probability proportional to its weight; `None` if there is none.
fn pick_weighted(outcomes: Vec<(Action, u32)>, rng: &mut impl Rng) -> Option<Action> {
    let total: u32 = outcomes.iter().map(|(_, w)| w).sum();
    let mut pick = below(rng, total.max(1));
    outcomes.into_iter().find_map(|(a, w)| {
        if pick < w {
            Some(a)
        } else {
            pick -= w;
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::pick_weighted;
    use crate::action::{ChanceKind, ToAct};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// Chance's draw of a fog hex without the list of outcomes is the draw from the list:
    /// the same outcome from the same generator, at every reveal of random games.
    #[test]
    fn a_fog_draw_is_the_draw_from_the_outcomes_listed() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut reveals = 0;
        crate::random_play::every_scenario(3, 5_000, &mut rng, |_, game, actor, action| {
            if let ToAct::Chance(ChanceKind::FogHex { hex }) = game.to_act() {
                for seed in 0..16 {
                    let mut listed = ChaCha8Rng::seed_from_u64(seed);
                    let mut drawn = listed.clone();
                    let outcome = pick_weighted(game.fog_outcomes(hex), &mut listed);
                    assert!(outcome.is_some());
                    assert_eq!(game.sample_fog(hex, &mut drawn), outcome);
                }
                reveals += 1;
            }
            game.apply(actor, action).unwrap();
        });
        assert!(reveals > 20, "only {reveals} fog hexes revealed");
    }
}
