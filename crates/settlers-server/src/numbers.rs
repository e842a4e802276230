//! A finished game in numbers, for the pictures after the game (docs/protocol.md,
//! `GET /api/games/{id}/numbers`): every seat's victory points at the start of each turn, the
//! dice totals rolled, and the resources each seat received. Worked out by replaying the
//! record with its events, so the page never repeats the rules.

use serde::Serialize;
use settlers_core::Resources;
use settlers_core::event::Event;
use settlers_core::record::{Record, ReplayError};

#[derive(Debug, Serialize, PartialEq)]
pub struct GameNumbers {
    /// `points[t][s]`: seat `s`'s victory points as turn `t + 1` began; the last row is the
    /// end of the game.
    pub points: Vec<Vec<u8>>,
    /// `dice[n]`: how often the dice showed `n + 2` (2 to 12).
    pub dice: [u32; 11],
    /// Resources each seat received: from production, the setup and gold fields.
    pub received: Vec<Resources>,
}

pub fn game_numbers(record: &Record) -> Result<GameNumbers, ReplayError> {
    let mut game = record.start()?;
    let seats = record.seats.len();
    let mut numbers = GameNumbers {
        points: Vec::new(),
        dice: [0; 11],
        received: vec![Resources::EMPTY; seats],
    };
    let points_now = |game: &settlers_core::Game| -> Vec<u8> {
        game.state()
            .seat_ids()
            .map(|s| game.victory_points(s))
            .collect()
    };
    let mut events = Vec::new();
    for (index, entry) in record.actions.iter().enumerate() {
        let refused = |reason: String| ReplayError::Action {
            index,
            actor: format!("{:?}", entry.actor.0),
            action: serde_json::to_string(&entry.action).unwrap_or_default(),
            reason,
        };
        let action = game
            .action_from_text(&entry.action)
            .map_err(|e| refused(e.to_string()))?;
        events.clear();
        game.apply_with(entry.actor.0, action, &mut events)
            .map_err(|e| refused(e.to_string()))?;
        for event in &events {
            match event {
                Event::TurnStarted { .. } => numbers.points.push(points_now(&game)),
                Event::DiceRolled { total, .. } if (2..=12).contains(total) => {
                    numbers.dice[usize::from(total - 2)] += 1;
                }
                Event::Produced { seat, resources }
                | Event::StartingResources { seat, resources }
                | Event::GoldPicked { seat, resources } => {
                    if let Some(r) = numbers.received.get_mut(seat.index()) {
                        r.add(resources);
                    }
                }
                _ => {}
            }
        }
    }
    numbers.points.push(points_now(&game));
    Ok(numbers)
}
