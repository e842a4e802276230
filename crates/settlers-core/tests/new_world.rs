//! Scenario 9, New World (scenarios.md SC9-1 to SC9-7, shared/rules/maps/new-world.json,
//! decisions D-SC9-1, D-SC9-2, D-SC5-2), and the checks that let a person play a map of
//! their own (SC9-8).
//!
//! The frame, the stacks and the constraints are written out here from the rules, not read
//! from the generator, so the generator is checked against the rules.

mod common;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::chance::below;
use settlers_core::map::{Board, Layout, LayoutOptions, MapFile, MapTemplate, NewWorld};
use settlers_core::position::Position;
use settlers_core::record::Record;
use settlers_core::ruleset::SpecialVp;
use settlers_core::scenario::{Scenario, setup_on_map};
use settlers_core::topology::Topology;
use settlers_core::{
    Action, Actor, ChanceKind, Game, GameOptions, Hex, LegalActions, Phase, Seat, SeatSet, Terrain,
    ToAct,
};
use std::collections::{BTreeMap, BTreeSet};

/// SC9-1: the medium frame, `[first q, last q]` for r = 0..6 (new-world.json `frame.rows`).
const ROWS: [(i16, i16); 7] = [(1, 5), (0, 5), (-1, 5), (-2, 5), (-2, 4), (-2, 3), (-2, 2)];
/// SC9-1: the two sea cells printed on the frame.
const PRINTED: [(i16, i16); 2] = [(-2, 3), (5, 3)];
/// SC9-1: the 23 tokens.
const TOKENS: [u8; 23] = [
    2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12,
];

fn frame() -> BTreeSet<Hex> {
    (0i16..)
        .zip(ROWS)
        .flat_map(|(r, (a, b))| (a..=b).map(move |q| Hex::new(q, r)))
        .collect()
}

fn generate(players: u8, seed: u64) -> MapFile {
    NewWorld::new(players)
        .generate(&mut ChaCha8Rng::seed_from_u64(seed))
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

fn realise(file: &MapFile) -> (MapTemplate, Board) {
    let template = MapTemplate::check(file).unwrap_or_else(|e| panic!("{e}"));
    let options = LayoutOptions {
        layout: Layout::Beginner,
        ..Default::default()
    };
    let board = template
        .realise(&options, &mut ChaCha8Rng::seed_from_u64(0))
        .unwrap();
    (template, board)
}

fn red(n: Option<u8>) -> bool {
    matches!(n, Some(6 | 8))
}

/// Every rule of SC9-1 to SC9-7 on one drawn map.
fn assert_a_new_world(file: &MapFile, players: u8, seed: u64) {
    let (template, board) = realise(file);
    assert!(
        template.warnings.is_empty(),
        "seed {seed}: {:?}",
        template.warnings
    );
    let at = |h: Hex| board.hex(h).unwrap_or_else(|| panic!("no hex {h}"));

    // SC9-1: the frame, the printed sea, the tiles.
    let listed: BTreeSet<Hex> = board.hexes.iter().map(|h| h.hex).collect();
    assert_eq!(listed, frame(), "seed {seed}");
    for (q, r) in PRINTED {
        assert_eq!(at(Hex::new(q, r)).terrain, Terrain::Sea, "seed {seed}");
    }
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for h in &board.hexes {
        *counts.entry(h.terrain.name()).or_default() += 1;
    }
    let expected: BTreeMap<&str, usize> = [
        ("sea", 19 + 2),
        ("fields", 5),
        ("hills", 4),
        ("mountains", 4),
        ("pasture", 5),
        ("forest", 5),
    ]
    .into_iter()
    .collect();
    assert_eq!(counts, expected, "seed {seed}");

    // SC9-1: a token on every land hex, none on sea, the listed tokens, no 6/8 together.
    let mut tokens = Vec::new();
    for h in &board.hexes {
        assert_eq!(
            h.number.is_some(),
            h.terrain.is_land(),
            "seed {seed}: hex {}",
            h.hex
        );
        tokens.extend(h.number);
    }
    tokens.sort_unstable();
    assert_eq!(tokens, TOKENS, "seed {seed}");
    for a in board.hexes.iter().filter(|h| red(h.number)) {
        for b in board.hexes.iter().filter(|h| red(h.number)) {
            assert_ne!(
                a.hex.distance(b.hex),
                1,
                "seed {seed}: 6/8 on {} and {}",
                a.hex,
                b.hex
            );
        }
    }

    // SC9-3, D-SC9-2: no harbor on the board yet; the players place 9 tokens before setup.
    assert!(board.harbors.is_empty(), "seed {seed}: {:?}", board.harbors);
    let mut kinds: Vec<String> = board.harbor_tokens.iter().map(|h| h.to_string()).collect();
    kinds.sort();
    assert_eq!(kinds, HARBOR_TOKENS, "seed {seed}");
    assert_eq!(
        file.version,
        Some(2),
        "the switch came in map format version 2"
    );

    // SC9-5: robber and pirate beside the board.
    assert_eq!(board.robber, None);
    assert_eq!(board.pirate, None);

    // SC9-2: the areas are the islands, every land hex in exactly one.
    let t = Topology::new(board.clone());
    let islands: BTreeSet<BTreeSet<Hex>> = t
        .islands()
        .iter()
        .map(|set| {
            set.iter()
                .map(|i| t.hex(settlers_core::topology::HexId(i as u8)))
                .collect()
        })
        .collect();
    let areas: BTreeSet<BTreeSet<Hex>> = template
        .areas
        .iter()
        .map(|(_, hexes)| hexes.iter().copied().collect())
        .collect();
    assert_eq!(areas, islands, "seed {seed}");
    let names: BTreeSet<String> = template.areas.iter().map(|(n, _)| n.clone()).collect();
    let expected: BTreeSet<String> = (1..=islands.len()).map(|i| format!("island-{i}")).collect();
    assert_eq!(names, expected);
    let in_areas: usize = template.areas.iter().map(|(_, h)| h.len()).sum();
    assert_eq!(in_areas, 23, "seed {seed}");

    // SC9-6, SC9-7 and the modules: one game on it.
    assert_eq!(file.victory_points, Some(12));
    assert_eq!(file.players, [players]);
    let game = Game::new(settlers_core::GameSetup {
        scenario: "new-world".into(),
        board,
        seats: players,
        first: settlers_core::Seat(0),
        options: GameOptions::default(),
    })
    .unwrap();
    let rules = &game.config().rules;
    assert!(rules.ships && rules.pirate && rules.trade_route && !rules.fog);
    assert_eq!(rules.setup_corners, None, "SC9-4: anywhere on land");
    match &rules.special_vp {
        SpecialVp::ForeignIslands {
            islands: scoring,
            first: 1,
            further: 1,
        } => assert_eq!(scoring.len(), islands.len()),
        other => panic!("seed {seed}: {other:?}"),
    }
    assert_eq!(game.state().victory_points, 12);
}

/// D-SC9-2: the 9 tokens, 4 generic and one of each resource.
const HARBOR_TOKENS: [&str; 9] = [
    "3:1", "3:1", "3:1", "3:1", "brick", "grain", "lumber", "ore", "wool",
];

/// SC9-3, D-SC9-2, D-SC5-2 on a board whose harbors are placed: 9 harbors on coast edges
/// facing a sea hex, no corner shared, one per sea hex.
fn assert_harbors_follow_sc9_3(board: &Board, seed: u64) {
    let at = |h: Hex| board.hex(h).unwrap_or_else(|| panic!("no hex {h}"));
    assert_eq!(board.harbors.len(), 9, "seed {seed}");
    let mut kinds: Vec<String> = board.harbors.iter().map(|h| h.kind.to_string()).collect();
    kinds.sort();
    assert_eq!(kinds, HARBOR_TOKENS, "seed {seed}");
    let mut corners = BTreeSet::new();
    let mut seas = BTreeSet::new();
    for harbor in &board.harbors {
        let [a, b] = harbor.edge.hexes().map(|h| at(h).terrain);
        let sea = match (a.is_land(), b.is_land()) {
            (true, false) => harbor.edge.hexes()[1],
            (false, true) => harbor.edge.hexes()[0],
            _ => panic!("seed {seed}: harbor {} is no coast", harbor.edge),
        };
        assert_eq!(at(sea).terrain, Terrain::Sea);
        assert!(seas.insert(sea), "seed {seed}: two harbors on sea {sea}");
        for c in harbor.edge.corners() {
            assert!(corners.insert(c), "seed {seed}: two harbors at {c}");
        }
    }
}

#[test]
fn a_map_drawn_with_its_harbors_fixed_follows_sc9_3() {
    // How maps were drawn before the players placed the harbors: chance puts them.
    for seed in 0..100 {
        let file = NewWorld {
            harbors_by_players: false,
            ..NewWorld::new(4)
        }
        .generate(&mut ChaCha8Rng::seed_from_u64(seed))
        .unwrap();
        assert_eq!(file.harbor_placement, None);
        assert_eq!(
            file.version,
            Some(1),
            "readable by programs before version 2"
        );
        let (_, board) = realise(&file);
        assert_harbors_follow_sc9_3(&board, seed);
        // The same draw but for the harbors: the tokens are what the players place.
        let placed = generate(4, seed);
        let (_, by_players) = realise(&placed);
        assert_eq!(by_players.hexes, board.hexes, "seed {seed}");
    }
}

#[test]
fn every_drawn_map_follows_sc9() {
    for seed in 0..300 {
        let players = 3 + (seed % 2) as u8;
        assert_a_new_world(&generate(players, seed), players, seed);
    }
}

#[test]
fn a_drawn_map_passes_the_whole_check() {
    // The generator's check leaves out the search for places to settle, which it shows can
    // find nothing on a drawn map (`NewWorld::generate_checked`): the whole check of the
    // same map agrees, template, warnings and all, for a game's recipes and a recipe with gold.
    let mut gold = NewWorld::new(4);
    for _ in 0..2 {
        let sea = gold.tiles.iter().position(|t| *t == Terrain::Sea).unwrap();
        gold.tiles[sea] = Terrain::Gold;
    }
    gold.numbers.extend([4, 10]);
    let recipes = [
        NewWorld::new(3),
        NewWorld::new(4),
        NewWorld {
            red_numbers_apart: false,
            ..NewWorld::new(4)
        },
        NewWorld {
            harbors_by_players: false,
            ..NewWorld::new(3)
        },
        gold,
    ];
    for seed in 0..200 {
        for recipe in &recipes {
            let drawn = recipe
                .generate_checked(&mut ChaCha8Rng::seed_from_u64(seed))
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let whole =
                MapTemplate::check(&drawn.file).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(whole, drawn, "seed {seed}");
        }
    }
}

#[test]
fn the_same_seed_draws_the_same_map_and_other_seeds_other_maps() {
    assert_eq!(generate(4, 11), generate(4, 11));
    let maps: BTreeSet<String> = (0..20).map(|s| generate(4, s).to_json_pretty()).collect();
    assert_eq!(maps.len(), 20);
}

#[test]
fn a_drawn_map_reads_back_as_written() {
    let file = generate(3, 5);
    let again = MapFile::from_json(&file.to_json_pretty()).unwrap();
    assert_eq!(again, file);
    // The record's map: the board written back is the same board.
    let (_, board) = realise(&file);
    let (_, replayed) = realise(&board.to_map_file());
    assert_eq!(replayed, board);
}

#[test]
fn gold_in_the_stacks_never_touches_gold_or_carries_a_6_or_8() {
    // Two sea tiles swapped for gold, two tokens more: the randomiser's constraints of
    // scenarios.md ("Randomised set-up") hold.
    let mut recipe = NewWorld::new(4);
    for _ in 0..2 {
        let sea = recipe
            .tiles
            .iter()
            .position(|t| *t == Terrain::Sea)
            .unwrap();
        recipe.tiles[sea] = Terrain::Gold;
    }
    recipe.numbers.extend([4, 10]);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for seed in 0..200 {
        let file = recipe
            .generate(&mut rng)
            .unwrap_or_else(|e| panic!("draw {seed}: {e}"));
        let (_, board) = realise(&file);
        let gold: Vec<_> = board
            .hexes
            .iter()
            .filter(|h| h.terrain == Terrain::Gold)
            .collect();
        assert_eq!(gold.len(), 2);
        assert!(gold.iter().all(|g| g.number.is_some() && !red(g.number)));
        assert_ne!(gold[0].hex.distance(gold[1].hex), 1, "draw {seed}");
    }
}

#[test]
fn a_recipe_that_does_not_fit_the_frame_is_refused() {
    let mut recipe = NewWorld::new(4);
    recipe.tiles.pop();
    let error = recipe
        .generate(&mut ChaCha8Rng::seed_from_u64(1))
        .unwrap_err();
    assert!(
        error.to_string().contains("41 tiles for 42 cells"),
        "{error}"
    );

    let error = NewWorld::new(5)
        .generate(&mut ChaCha8Rng::seed_from_u64(1))
        .unwrap_err();
    assert!(
        error.to_string().contains("3 or 4 players, not 5"),
        "{error}"
    );

    let mut recipe = NewWorld::new(4);
    recipe.numbers.push(5);
    let error = recipe
        .generate(&mut ChaCha8Rng::seed_from_u64(1))
        .unwrap_err();
    assert!(error.to_string().contains("24 tokens for 23"), "{error}");
}

#[test]
fn the_new_world_scenario_draws_a_map_per_game_from_the_games_generator() {
    let scenario = Scenario::by_name("new-world").unwrap();
    assert_eq!(scenario.players().collect::<Vec<_>>(), [3, 4]);
    assert!(scenario.template(4).is_err(), "no fixed map");
    assert!(scenario.check_players(5).is_err());
    let setup = |seed| {
        scenario
            .setup(
                4,
                &scenario.default_layout_options(),
                None,
                GameOptions::default(),
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
            .unwrap()
    };
    assert_eq!(setup(3), setup(3));
    assert_ne!(setup(3).board, setup(4).board);
    let one = setup(3);
    assert_eq!(one.scenario, "new-world");
    assert_eq!(one.options.victory_points, Some(12));
    assert_a_new_world(&one.board.to_map_file(), 4, 3);
}

// ---------------------------------------------------------------------------------------
// The players place the harbors before setup (SC9-3, SC9-5).

/// A New World game for `seats`, `first` playing first.
fn new_world_game(seats: u8, first: u8, seed: u64) -> (settlers_core::GameSetup, Game) {
    let scenario = Scenario::by_name("new-world").unwrap();
    let setup = scenario
        .setup(
            seats,
            &scenario.default_layout_options(),
            Some(Seat(first)),
            GameOptions::default(),
            &mut ChaCha8Rng::seed_from_u64(seed),
        )
        .unwrap();
    (setup.clone(), Game::new(setup).unwrap())
}

/// Chance turns over a token, and the seat in turn places it on a legal edge picked by
/// `rng`; both go into `record`.
fn place_one_harbor(game: &mut Game, record: &mut Record, rng: &mut ChaCha8Rng) -> Seat {
    assert_eq!(game.to_act(), ToAct::Chance(ChanceKind::HarborToken));
    let token = game.sample_chance(rng).unwrap();
    assert!(matches!(token, Action::TurnOverHarbor(_)), "{token:?}");
    record.push(game, Actor::Chance, &token);
    game.apply(Actor::Chance, token).unwrap();
    let ToAct::Seats(seats) = game.to_act() else {
        panic!("a seat places the token: {:?}", game.to_act())
    };
    let seat = seats.iter().next().unwrap();
    assert_eq!(seats.len(), 1);
    let legal = game.legal_actions(seat);
    assert!(!legal.actions.is_empty());
    assert!(
        legal
            .actions
            .iter()
            .all(|a| matches!(a, Action::PlaceHarbor(_))),
        "{:?}",
        legal.actions
    );
    let pick = legal.actions[below(rng, legal.actions.len() as u32) as usize];
    record.push(game, Actor::Seat(seat), &pick);
    game.apply(Actor::Seat(seat), pick).unwrap();
    seat
}

#[test]
fn the_players_place_the_nine_harbors_in_turn_order_then_setup_begins_with_the_first() {
    for (seats, first, seed) in [(4, 2, 1), (3, 1, 2), (4, 0, 3), (3, 0, 4)] {
        let (setup, mut game) = new_world_game(seats, first, seed);
        let mut record = Record::new(&setup, vec![Default::default(); usize::from(seats)]);
        // SC9-5: robber and pirate beside the board from the start.
        assert_eq!(game.state().robber, None);
        assert_eq!(game.state().pirate, None);
        assert_eq!(
            game.phase_text(),
            Position::from_json(r#"{"map":"base","phase":"drawing_harbor","players":[{},{}]}"#)
                .unwrap()
                .phase
        );
        assert!(game.board().harbors.is_empty());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let order: Vec<u8> = (0..9)
            .map(|_| place_one_harbor(&mut game, &mut record, &mut rng).0)
            .collect();
        let expected: Vec<u8> = (0..9).map(|i| (first + i) % seats).collect();
        assert_eq!(order, expected, "{seats} seats, seat {first} first");
        // After the ninth token, setup begins with the first player.
        assert_eq!(game.state().phase, Phase::SetupSettlement);
        assert_eq!(game.to_act(), ToAct::Seats(SeatSet::one(Seat(first))));
        assert!(
            game.legal_actions(Seat(first))
                .actions
                .iter()
                .all(|a| matches!(a, Action::BuildSettlement(_)))
        );
        assert_harbors_follow_sc9_3(game.board(), seed);
        assert_eq!(game.state().robber, None);
        assert_eq!(game.state().pirate, None);
        // The record holds the map without harbors and the 18 actions: it replays to the
        // same board.
        assert!(record.map.harbors.is_empty());
        let again = Record::from_json(&record.to_json_pretty()).unwrap();
        let replayed = again.replay().unwrap();
        assert_eq!(replayed.board(), game.board());
        assert_eq!(replayed.state(), game.state());
    }
}

#[test]
fn a_position_placing_harbors_reads_back_as_written() {
    let (setup, mut game) = new_world_game(4, 3, 8);
    let mut record = Record::new(&setup, vec![Default::default(); 4]);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for _ in 0..4 {
        place_one_harbor(&mut game, &mut record, &mut rng);
    }
    // Drawing the fifth token, then holding it.
    for holding in [false, true] {
        if holding {
            let token = game.sample_chance(&mut rng).unwrap();
            game.apply(Actor::Chance, token).unwrap();
        }
        let position = game.to_position();
        assert_eq!(position.harbor_in_hand.is_some(), holding);
        let text = position.to_json_pretty();
        let back = Game::from_position(&Position::from_json(&text).unwrap())
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.to_position(), position);
        assert_eq!(back.state().harbor_tokens, game.state().harbor_tokens);
        assert_eq!(back.board().harbors, game.board().harbors);
        assert_eq!(back.to_act(), game.to_act());
        assert_eq!(back.legal_actions(Seat(3)), game.legal_actions(Seat(3)));
        assert_eq!(back.chance_outcomes(), game.chance_outcomes());
    }
}

#[test]
fn a_record_with_the_harbors_fixed_in_its_map_replays_as_it_was_played() {
    // New World records written before the players placed the harbors store them in the
    // map: such a game begins with setup, and replays so.
    let file = NewWorld {
        harbors_by_players: false,
        ..NewWorld::new(3)
    }
    .generate(&mut ChaCha8Rng::seed_from_u64(5))
    .unwrap();
    let (_, board) = realise(&file);
    let setup = settlers_core::GameSetup {
        scenario: "new-world".into(),
        board,
        seats: 3,
        first: Seat(0),
        options: GameOptions::default(),
    };
    let mut game = Game::new(setup.clone()).unwrap();
    assert_eq!(game.state().phase, Phase::SetupSettlement);
    let mut record = Record::new(&setup, vec![Default::default(); 3]);
    record.version = 3;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut legal = LegalActions::default();
    for _ in 0..12 {
        let Some((actor, action)) =
            common::next_move(&game, &mut legal, &mut rng, |_, legal, rng| {
                legal.actions[below(rng, legal.actions.len() as u32) as usize]
            })
        else {
            break;
        };
        record.push(&game, actor, &action);
        game.apply(actor, action).unwrap();
    }
    let text = record.to_json_pretty();
    assert!(!text.contains("place_harbor"));
    let replayed = Record::from_json(&text).unwrap().replay().unwrap();
    assert_eq!(replayed.board().harbors.len(), 9);
    assert_eq!(replayed.state(), game.state());
}

// ---------------------------------------------------------------------------------------
// Maps of one's own (SC9-8): the checks name the place of every problem.

fn problems(text: &str) -> Vec<String> {
    let file = MapFile::from_json(text).unwrap();
    match MapTemplate::check(&file) {
        Ok(t) => t.warnings.iter().map(|w| w.to_string()).collect(),
        Err(e) => e.0.iter().map(|p| p.to_string()).collect(),
    }
}

fn assert_problem(all: &[String], parts: &[&str]) {
    assert!(
        all.iter().any(|p| parts.iter().all(|x| p.contains(x))),
        "no problem names {parts:?}; the problems are:\n{}",
        all.join("\n")
    );
}

/// Two islands apart: `0,0`+`1,0`, and `4,0`, with sea `2,0` and `3,0` between.
fn two_islands(extra: &str) -> String {
    format!(
        r#"{{"id": "two", "game": "seafarers",
        "hexes": [
          {{"hex": "0,0", "terrain": "forest", "number": 5}},
          {{"hex": "1,0", "terrain": "hills", "number": 9}},
          {{"hex": "2,0", "terrain": "sea"}},
          {{"hex": "3,0", "terrain": "sea"}},
          {{"hex": "4,0", "terrain": "fields", "number": 4}}
        ]{extra}}}"#
    )
}

#[test]
fn problems_of_ones_own_map_are_named_with_their_places() {
    let all = problems(
        r#"{"id": "bad", "victory_points": 0, "players": [6],
        "hexes": [
          {"hex": "0,0", "terrain": "sea", "number": 6},
          {"hex": "1,0", "terrain": "forest", "number": 8},
          {"hex": "0,1", "terrain": "hills", "number": 5},
          {"hex": "2000,0", "terrain": "hills"}
        ],
        "harbors": [{"edge": "1,0,SW", "type": "3:1"}, {"edge": "-32768,0,W", "type": "3:1"}],
        "areas": {"a": ["1,0", "0,0", "9,9"]},
        "setup": {"allowed_areas": ["a", "b"]},
        "special_vp": {"kind": "first-settlement-per-area", "areas": ["a", "c"], "value": 1},
        "rules": {"pirate": "yes", "wonders": true}
        }"#,
    );
    assert_problem(&all, &["hex 0,0", "a number on a sea hex"]);
    assert_problem(&all, &["harbor 0,1,NE", "land on both sides"]);
    assert_problem(&all, &["hexes[3]", "2000,0", "beyond the engine's limits"]);
    assert_problem(&all, &["harbors[1]", "beyond the engine's limits"]);
    assert_problem(&all, &["areas.a", "0,0 is not land"]);
    assert_problem(&all, &["areas.a", "9,9 is off the map"]);
    assert_problem(&all, &["setup.allowed_areas", "no area `b`"]);
    assert_problem(&all, &["special_vp.areas", "no area `c`"]);
    assert_problem(&all, &["victory_points", "0"]);
    assert_problem(&all, &["players", "no player count"]);
    assert_problem(&all, &["warning: rules.pirate", "neither true nor false"]);
    assert_problem(&all, &["warning: rules.wonders", "does not play it yet"]);
}

#[test]
fn a_player_count_the_engine_cannot_seat_is_named_once() {
    let map = |players: &str| {
        format!(
            r#"{{"id": "table", "players": {players}, "hexes": [
              {{"hex": "0,0", "terrain": "forest", "number": 5}},
              {{"hex": "1,0", "terrain": "hills", "number": 9}}
            ]}}"#
        )
    };
    // No count it can seat: one error, naming the map's count.
    let all = problems(&map("[5]"));
    assert_eq!(
        all,
        ["players: no player count the engine seats (2 to 4): the map is for 5"]
    );
    // One it cannot beside ones it can: a warning.
    let all = problems(&map("[3, 4, 5]"));
    assert_eq!(
        all,
        ["warning: players: the engine seats 2 to 4 players, so never 5"]
    );
}

#[test]
fn a_map_too_large_for_the_engine_is_refused() {
    let hexes: Vec<String> = (0..12)
        .flat_map(|r| (0..12).map(move |q| format!(r#"{{"hex": "{q},{r}", "terrain": "sea"}}"#)))
        .collect();
    let all = problems(&format!(
        r#"{{"id": "big", "hexes": [{}]}}"#,
        hexes.join(",")
    ));
    assert_problem(&all, &["hexes", "144 hexes", "at most 128"]);
}

#[test]
fn an_island_nobody_could_ever_settle_is_refused() {
    // Starting settlements only on `home`; without ships nothing reaches `4,0`.
    let setup = r#", "areas": {"home": ["0,0", "1,0"], "far": ["4,0"]},
        "setup": {"allowed_areas": ["home"]}"#;
    assert!(problems(&two_islands(setup)).is_empty());
    let no_ships = two_islands(setup).replace(r#""game": "seafarers","#, "");
    let all = problems(&no_ships);
    assert_problem(
        &all,
        &["island 4,0", "could ever hold a settlement", "no ships"],
    );

    // Ringed by the frame: ships cannot cross between two frame positions.
    let ringed = two_islands(setup)
        .replace(r#"{"hex": "2,0", "terrain": "sea"},"#, "")
        .replace(r#"{"hex": "3,0", "terrain": "sea"},"#, "");
    assert_problem(
        &problems(&ringed),
        &["island 4,0", "could ever hold a settlement"],
    );

    // Starting settlements anywhere: the ringed island may be settled at the start only.
    let anywhere = ringed.replace(r#""setup": {"allowed_areas": ["home"]}"#, r#""setup": {}"#);
    let all = problems(&anywhere);
    assert!(all.iter().all(|p| p.starts_with("warning")), "{all:?}");
    assert_problem(&all, &["warning: island 4,0", "only starting settlements"]);
}

#[test]
fn islands_score_when_no_areas_are_given_and_escalating_needs_them() {
    let auto = two_islands(r#", "special_vp": {"kind": "first-settlement-per-area", "value": 2}"#);
    let template = MapTemplate::check(&MapFile::from_json(&auto).unwrap()).unwrap();
    let setup = setup_on_map(
        &template,
        3,
        &LayoutOptions::default(),
        None,
        GameOptions::default(),
        &mut ChaCha8Rng::seed_from_u64(1),
    )
    .unwrap();
    assert_eq!(setup.scenario, "two");
    let game = Game::new(setup).unwrap();
    match &game.config().rules.special_vp {
        SpecialVp::ForeignIslands {
            islands,
            first: 2,
            further: 2,
        } => assert_eq!(islands.len(), 2),
        other => panic!("{other:?}"),
    }

    let escalating =
        two_islands(r#", "special_vp": {"kind": "foreign-island-escalating", "first_foreign": 1}"#);
    assert_problem(
        &problems(&escalating),
        &[
            "special_vp.areas",
            "lists none",
            "first-settlement-per-area",
        ],
    );
}

#[test]
fn a_map_for_other_player_counts_is_refused_by_name() {
    let file = MapFile::from_json(&two_islands(r#", "players": [3]"#)).unwrap();
    let template = MapTemplate::check(&file).unwrap();
    let error = setup_on_map(
        &template,
        4,
        &LayoutOptions::default(),
        None,
        GameOptions::default(),
        &mut ChaCha8Rng::seed_from_u64(1),
    )
    .unwrap_err();
    assert!(
        error.to_string().contains("`two` is for 3 players, not 4"),
        "{error}"
    );
}

#[test]
fn harbors_on_one_corner_are_a_warning() {
    let all = problems(&two_islands(
        r#", "harbors": [{"edge": "0,0,NE", "type": "3:1"}, {"edge": "0,0,NW", "type": "ore"}]"#,
    ));
    assert_eq!(all.len(), 1, "{all:?}");
    assert_problem(&all, &["warning: harbor", "shares the corner 0,0,N"]);
}
