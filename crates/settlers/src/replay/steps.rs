//! `settlers replay --steps`: one JSON line after each action, with everything a comparison
//! with another engine's game needs at that moment (docs/record-format.md, "Replaying step
//! by step"), so a whole game is compared in one pass rather than a process per prefix.

use serde::Serialize;
use settlers_core::notation::ActionEntry;
use settlers_core::record::Record;
use settlers_core::{DevelopmentCards, Game, Resources, Seat, ToAct};

/// How the game stands after the action at `index`.
#[derive(Serialize)]
pub struct Step<'a> {
    /// The action's place in the record, from 0.
    pub index: usize,
    /// The action as the record has it: `actor` and the action's fields.
    #[serde(flatten)]
    pub entry: &'a ActionEntry,
    pub turn: u16,
    /// Who must act next: the seats that must decide, `"chance"`, or nobody (the game is
    /// over).
    pub to_act: ToActText,
    /// What the game waits for, in words.
    pub waiting: String,
    pub bank: Resources,
    /// Development cards left to buy.
    pub deck_size: u32,
    pub robber: Option<String>,
    pub pirate: Option<String>,
    pub longest_road: Option<Seat>,
    pub largest_army: Option<Seat>,
    pub winner: Option<Seat>,
    pub seats: Vec<SeatStep>,
}

#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ToActText {
    Seats(Vec<Seat>),
    Chance,
    Nobody,
}

/// One seat after the action.
#[derive(Serialize)]
pub struct SeatStep {
    /// The points every player sees.
    pub public_victory_points: u8,
    /// With the seat's hidden Victory Point cards.
    pub victory_points: u8,
    pub resources: Resources,
    /// Held since before this turn: playable.
    pub development_cards: DevelopmentCards,
    /// Bought this turn: not playable yet (B-30).
    pub new_development_cards: DevelopmentCards,
    pub played_knights: u8,
    pub settlements_left: u8,
    pub cities_left: u8,
    pub roads_left: u8,
    /// Only in games with ships.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ships_left: Option<u8>,
    pub road_length: u8,
}

impl<'a> Step<'a> {
    pub fn of(record: &'a Record, index: usize, game: &Game) -> Step<'a> {
        let s = game.state();
        let hex = |h: Option<settlers_core::topology::HexId>| {
            h.map(|h| game.topology().hex(h).to_string())
        };
        Step {
            index,
            entry: &record.actions[index],
            turn: s.turn,
            to_act: match game.to_act() {
                ToAct::Seats(seats) => ToActText::Seats(seats.iter().collect()),
                ToAct::Chance(_) => ToActText::Chance,
                ToAct::Nobody => ToActText::Nobody,
            },
            waiting: game.describe_phase(),
            bank: s.bank,
            deck_size: game.development_deck_size(),
            robber: hex(s.robber),
            pirate: hex(s.pirate),
            longest_road: s.longest_road,
            largest_army: s.largest_army,
            winner: game.winner(),
            seats: s
                .seat_ids()
                .map(|seat| {
                    let p = s.player(seat);
                    SeatStep {
                        public_victory_points: game.public_victory_points(seat),
                        victory_points: game.victory_points(seat),
                        resources: p.hand,
                        development_cards: p.cards,
                        new_development_cards: p.new_cards,
                        played_knights: p.played_knights,
                        settlements_left: p.settlements_left(),
                        cities_left: p.cities_left(),
                        roads_left: p.roads_left(),
                        ships_left: game.config().rules.ships.then(|| p.ships_left()),
                        road_length: game.road_length_of(seat),
                    }
                })
                .collect(),
        }
    }
}
