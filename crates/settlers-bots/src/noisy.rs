//! A bot that now and then plays a random legal action instead of its own choice: an easier
//! opponent for people (the lobby's "Easy": the heuristic bot with `noise=0.3`), whose play
//! still makes sense most of the time. `heuristic:noise=P` builds it (see [`crate::by_name`]).

use crate::{Bot, BotRng, RandomBot};
use settlers_core::chance::below;
use settlers_core::view::View;
use settlers_core::{Action, LegalActions, Seat, TradeOffer};

/// The resolution of the noise: a chance in ten thousand.
const NOISE_SCALE: u32 = 10_000;

/// `inner`'s choice, or with chance `noise` the random bot's.
pub struct Noisy<B> {
    inner: B,
    random: RandomBot,
    /// The chance of a random action, in ten-thousandths.
    noise: u32,
    name: &'static str,
}

impl<B: Bot> Noisy<B> {
    /// `noise` is the chance of a random action, from 0 to 1; `name` is what records call
    /// the bot.
    pub fn new(inner: B, noise: f64, name: &'static str) -> Noisy<B> {
        Noisy {
            inner,
            random: RandomBot::new(),
            noise: (noise.clamp(0.0, 1.0) * f64::from(NOISE_SCALE)).round() as u32,
            name,
        }
    }
}

/// Reads a noise setting: a chance from 0 to 1 (`0.3`), or the problem in words.
pub fn parse_noise(text: &str) -> Result<f64, String> {
    let noise: f64 = text
        .parse()
        .map_err(|_| format!("`noise={text}`: the noise is a chance from 0 to 1, such as 0.3"))?;
    if !(0.0..=1.0).contains(&noise) {
        return Err(format!(
            "`noise={text}`: the noise is a chance from 0 to 1, such as 0.3"
        ));
    }
    Ok(noise)
}

impl<B: Bot> Bot for Noisy<B> {
    fn name(&self) -> &'static str {
        self.name
    }

    /// Counter-offers are weighed by the bot itself: the noise is in its moves.
    fn takes_counter(
        &mut self,
        view: &View<'_>,
        from: Seat,
        counter: &TradeOffer,
        rng: &mut BotRng,
    ) -> bool {
        self.inner.takes_counter(view, from, counter, rng)
    }

    fn choose(&mut self, view: &View<'_>, legal: &LegalActions, rng: &mut BotRng) -> Action {
        // Both bots are asked every time, so that each keeps what it tracks from one
        // decision to the next; the draw decides whose answer is played.
        let own = self.inner.choose(view, legal, rng);
        if below(rng, NOISE_SCALE) < self.noise {
            self.random.choose(view, legal, rng)
        } else {
            own
        }
    }
}
