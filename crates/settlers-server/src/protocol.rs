//! The messages of docs/protocol.md, as types. The document and these types say the same
//! thing: change both together.

use serde::{Deserialize, Serialize};
use settlers_core::action::{CardRange, OfferRange};
use settlers_core::event::Event;
use settlers_core::notation::ActionText;
use settlers_core::view::ViewData;
use settlers_core::{Game, LegalActions, Resources, SeatSet};

/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// The most messages a connection may send in [`RATE_WINDOW`].
pub const MAX_MESSAGES_PER_WINDOW: usize = 20;
pub const RATE_WINDOW: std::time::Duration = std::time::Duration::from_secs(1);

/// A message from the page.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientMessage {
    /// The seat acts.
    Act {
        action: ActionText,
    },
    /// A seat asked by the open trade offer proposes other terms instead (a counter-offer).
    Counter {
        terms: CounterTerms,
    },
    /// The offerer takes up or refuses the counter-offer of seat `from`.
    AnswerCounter {
        from: u8,
        accept: bool,
    },
    Ping,
}

/// A counter-offer's terms, from the side of the seat that makes it: what it gives and what
/// it gets for them (docs/protocol.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterTerms {
    pub give: Resources,
    pub get: Resources,
    /// Barbarian Attack: gold coins given or asked for besides the cards (BA-28).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub give_gold: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub get_gold: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A counter-offer standing in the offerer's turn, as every viewer sees it (table talk is
/// public): `refused` once the offerer turned it down. One taken up is a trade, and is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CounterData {
    pub from: u8,
    pub to: u8,
    #[serde(flatten)]
    pub terms: CounterTerms,
    pub refused: bool,
}

/// The messages a page may send, for the errors that list them.
const MESSAGE_TYPES: &str = "`act`, `counter`, `answer_counter` or `ping`";

impl ClientMessage {
    /// Reads a message exactly as docs/protocol.md writes it, or says what is wrong with it
    /// in the protocol's words (serde's own would name this type, which the sender never
    /// sees): an object with its `type`, and no field the message does not have.
    pub fn read(text: &str) -> Result<ClientMessage, String> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let serde_json::Value::Object(mut fields) = value else {
            return Err(format!(
                "a message is a JSON object with a `type`, {MESSAGE_TYPES}, not {}",
                json_kind(&value)
            ));
        };
        let kind = match fields.remove("type") {
            Some(serde_json::Value::String(kind)) => kind,
            Some(other) => {
                return Err(format!(
                    "`type` is a string, {MESSAGE_TYPES}, not {}",
                    json_kind(&other)
                ));
            }
            None => return Err(format!("a message has a `type`: {MESSAGE_TYPES}")),
        };
        let message = match kind.as_str() {
            "ping" => ClientMessage::Ping,
            "act" => {
                let action = fields
                    .remove("action")
                    .ok_or("an `act` message has an `action`")?;
                ClientMessage::Act {
                    action: crate::strict::read_action(action)?,
                }
            }
            "counter" => {
                // Every field is the terms': none is left over to refuse below.
                let terms = std::mem::take(&mut fields);
                ClientMessage::Counter {
                    terms: crate::strict::read(serde_json::Value::Object(terms), "`counter`")?,
                }
            }
            "answer_counter" => {
                let from = fields
                    .remove("from")
                    .ok_or("an `answer_counter` message has `from`, the seat that countered")?;
                let from = from
                    .as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .ok_or_else(|| format!("`from` is a seat number, not {from}"))?;
                let accept = fields
                    .remove("accept")
                    .ok_or("an `answer_counter` message has `accept`: true or false")?;
                let accept = accept
                    .as_bool()
                    .ok_or_else(|| format!("`accept` is true or false, not {accept}"))?;
                ClientMessage::AnswerCounter { from, accept }
            }
            other => {
                return Err(format!(
                    "`{other}` is not a message of the protocol: {MESSAGE_TYPES}"
                ));
            }
        };
        match fields.keys().next() {
            Some(unknown) => Err(format!(
                "`{kind}` has no field `{unknown}` (docs/protocol.md)"
            )),
            None => Ok(message),
        }
    }
}

/// What kind of JSON value `value` is, in words.
pub fn json_kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// A message to the page.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// The game as the viewer sees it, after `seq` actions.
    View {
        seq: u64,
        view: &'a ViewData,
        legal: Option<&'a LegalData>,
        events: &'a [Event],
        /// On connecting: `events` are the game's last events, not what happened since the
        /// last message, so the page's log starts from them (docs/protocol.md).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        past: bool,
        /// Counter-offers standing in this turn, if any.
        #[serde(skip_serializing_if = "<[_]>::is_empty")]
        counters: &'a [CounterData],
    },
    Error {
        kind: ErrorKind,
        message: &'a str,
    },
    Pong,
}

impl ServerMessage<'_> {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages serialise")
    }
}

/// Why a client's message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The rules refuse the action (the engine's reason is the message).
    Illegal,
    /// The seat is not among those the game waits for.
    NotYourTurn,
    /// Not one of the protocol's messages.
    Malformed,
    /// Larger than [`MAX_MESSAGE`].
    TooLarge,
    /// More than [`MAX_MESSAGES_PER_WINDOW`] in [`RATE_WINDOW`].
    TooFast,
    /// A wrong token (the connection is then closed), or a spectator acting.
    Forbidden,
    /// The server could not store the action; nothing changed, try again.
    Unavailable,
}

/// What a seat may do now, in the protocol's shape: listed actions, and the two ranges too
/// large to list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalData {
    pub actions: Vec<ActionText>,
    pub discard: Option<CardRangeData>,
    pub gold: Option<CardRangeData>,
    /// Barbarian Attack for two: the cards given back after a forced trade.
    pub give_back: Option<CardRangeData>,
    pub offer: Option<OfferRangeData>,
    /// Barbarian Attack: the gold exchanges (2 gold for a resource) the turn has left (BA-28:
    /// two a turn); `None` in other games.
    pub gold_exchanges_left: Option<u8>,
}

/// Gold exchanges allowed in a turn (barbarian-attack.md BA-28).
const GOLD_EXCHANGES_PER_TURN: u8 = 2;

/// Choose exactly `count` cards out of `from`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CardRangeData {
    pub count: u8,
    pub from: Resources,
}

/// Any offer giving cards out of `can_give` for cards of other types, to a non-empty subset
/// of `to` (the engine's `OfferRange::permits`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct OfferRangeData {
    pub can_give: Resources,
    pub to: SeatSet,
    /// Barbarian Attack: the gold coins the seat may give, and whether gold may be asked
    /// for (an offer gives gold or asks for it, not both).
    pub can_give_gold: u16,
    pub gold: bool,
}

impl LegalData {
    pub fn of(game: &Game, legal: &LegalActions) -> LegalData {
        let range = |r: CardRange| CardRangeData {
            count: r.count,
            from: r.from,
        };
        LegalData {
            actions: legal.actions.iter().map(|a| game.action_text(a)).collect(),
            discard: legal.discard.map(range),
            gold: legal.gold.map(range),
            give_back: legal.give_back.map(range),
            offer: legal.offer.map(|o: OfferRange| OfferRangeData {
                can_give: o.can_give,
                to: o.to,
                can_give_gold: o.can_give_gold,
                gold: o.gold,
            }),
            gold_exchanges_left: game
                .spectator_view()
                .rules()
                .barbarians
                .is_some()
                .then(|| GOLD_EXCHANGES_PER_TURN.saturating_sub(game.state().barbarians.exchanges)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use settlers_bots::BotRng;
    use settlers_core::map::LayoutOptions;
    use settlers_core::{GameOptions, Scenario};

    fn legal_at_start(scenario: &str) -> LegalData {
        let s = Scenario::by_name(scenario).unwrap();
        let mut rng = BotRng::seed_from_u64(1);
        let setup = s
            .setup(
                3,
                &LayoutOptions::default(),
                None,
                GameOptions::default(),
                &mut rng,
            )
            .unwrap();
        let game = Game::new(setup).unwrap();
        let seat = game.state().active;
        LegalData::of(&game, &game.legal_actions(seat))
    }

    #[test]
    fn gold_exchanges_left_are_told_in_barbarian_attack_only() {
        assert_eq!(
            legal_at_start("barbarian-attack").gold_exchanges_left,
            Some(2)
        );
        assert_eq!(legal_at_start("base").gold_exchanges_left, None);
        let json = serde_json::to_value(legal_at_start("base")).unwrap();
        assert!(json["gold_exchanges_left"].is_null());
    }
}
