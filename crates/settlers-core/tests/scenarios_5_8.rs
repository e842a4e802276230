//! Seafarers scenarios 5 and 8 (shared/rules/scenarios.md): The Forgotten Tribe and The
//! Wonders of Catan. Their boards against the tables of SC5-1 and SC8-1 and the randomiser's
//! groups and limits (SC5-8, SC8-9, D-G-3); and random games of both for 3 and 4 players,
//! checked at every step for what `tests/properties.rs` does not play them for: the gifts
//! (SC5-6, SC5-7, SC5-9), the wonders (SC8-6, SC8-8, SC8-10), every legal action applying,
//! and saved positions reading back as they were written.
//!
//! The rule cases `tests/cases/sc5-*.json` and `sc8-*.json` show each rule on a position.

mod common;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use settlers_core::map::{Board, HarborKind, Layout, LayoutOptions, builtin};
use settlers_core::position::Position;
use settlers_core::resources::Resources;
use settlers_core::ruleset::GiftKind;
use settlers_core::state::{SHIPS, WONDER_STAGES};
use settlers_core::topology::EdgeId;
use settlers_core::{
    Action, Actor, Event, Game, Hex, Resource, Seat, Terrain, ToAct, WaysToFortress,
};
use std::collections::BTreeMap;

/// Hexes of each terrain and tokens of each number on a board.
fn counts(board: &Board) -> (BTreeMap<String, usize>, BTreeMap<u8, usize>) {
    let mut terrain = BTreeMap::new();
    let mut tokens = BTreeMap::new();
    for h in &board.hexes {
        *terrain.entry(h.terrain.name().to_string()).or_default() += 1;
        if let Some(n) = h.number {
            *tokens.entry(n).or_default() += 1;
        }
    }
    (terrain, tokens)
}

fn lay_out(id: &str, layout: Layout, seed: u64) -> Board {
    builtin::template(id)
        .expect("a built-in map")
        .expect("a valid map")
        .realise(
            &LayoutOptions {
                layout,
                ..Default::default()
            },
            &mut ChaCha8Rng::seed_from_u64(seed),
        )
        .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"))
}

fn hex(text: &str) -> Hex {
    text.parse().expect("a hex")
}

/// SC5-1 and SC8-1, counted from the tables of scenarios.md: 51 positions, 21 of them sea
/// (2 printed on the frame), 3 deserts, 2 gold fields and 5 of each other terrain on both
/// boards; the tokens of each table; 9 harbors of the Wonders (one 2:1 of each resource and
/// four 3:1), none on the Forgotten Tribe's main island (SC5-5).
#[test]
fn the_boards_have_the_printed_tiles_tokens_and_harbors() {
    let terrain: BTreeMap<String, usize> = [
        ("desert", 3),
        ("fields", 5),
        ("forest", 5),
        ("gold", 2),
        ("hills", 5),
        ("mountains", 5),
        ("pasture", 5),
        ("sea", 21),
    ]
    .into_iter()
    .map(|(t, n)| (t.to_string(), n))
    .collect();
    let wonders_tokens: BTreeMap<u8, usize> = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
        .into_iter()
        .zip([2, 3, 3, 3, 3, 3, 3, 3, 3, 1])
        .collect();
    let tribe_tokens: BTreeMap<u8, usize> = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
        .into_iter()
        .zip([1, 2, 2, 2, 2, 2, 2, 2, 2, 1])
        .collect();
    let wonders = lay_out("wonders", Layout::Beginner, 0);
    assert_eq!(wonders.hexes.len(), 51);
    assert_eq!(counts(&wonders), (terrain.clone(), wonders_tokens));
    assert_eq!(wonders.harbors.len(), 9);
    let mut kinds: Vec<String> = wonders.harbors.iter().map(|h| h.kind.to_string()).collect();
    kinds.sort();
    assert_eq!(
        kinds,
        [
            "3:1", "3:1", "3:1", "3:1", "brick", "grain", "lumber", "ore", "wool"
        ]
    );
    // D-G-3: the printed board keeps its 8 and 6 on gold.
    assert_eq!(wonders.hex(hex("1,0")).unwrap().number, Some(8));
    assert_eq!(wonders.hex(hex("5,4")).unwrap().number, Some(6));

    let tribe = lay_out("forgotten-tribe", Layout::Beginner, 0);
    assert_eq!(tribe.hexes.len(), 51);
    assert_eq!(counts(&tribe), (terrain, tribe_tokens));
    assert!(tribe.harbors.is_empty());
    // D-SC5-3.
    assert_eq!(tribe.hex(hex("2,4")).unwrap().number, Some(10));
}

/// SC6-1, counted from the table of scenarios.md: 44 positions, 20 of them sea (2 printed on
/// the frame), the four tribe islands (two gold, two desert) without tokens, two tokens of
/// each number, and 9 harbors (one 2:1 of each resource and four 3:1).
#[test]
fn the_cloth_board_has_the_printed_tiles_tokens_and_harbors() {
    let terrain: BTreeMap<String, usize> = [
        ("desert", 2),
        ("fields", 5),
        ("forest", 4),
        ("gold", 2),
        ("hills", 3),
        ("mountains", 4),
        ("pasture", 4),
        ("sea", 20),
    ]
    .into_iter()
    .map(|(t, n)| (t.to_string(), n))
    .collect();
    let tokens: BTreeMap<u8, usize> = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
        .into_iter()
        .map(|n| (n, 2))
        .collect();
    for seed in 0..4 {
        let cloth = lay_out("cloth-for-catan", Layout::Beginner, seed);
        assert_eq!(cloth.hexes.len(), 44);
        assert_eq!(counts(&cloth), (terrain.clone(), tokens.clone()));
        let mut kinds: Vec<String> = cloth.harbors.iter().map(|h| h.kind.to_string()).collect();
        kinds.sort();
        assert_eq!(
            kinds,
            [
                "3:1", "3:1", "3:1", "3:1", "brick", "grain", "lumber", "ore", "wool"
            ]
        );
        for tribe in ["2,2", "0,3", "3,3", "1,4"] {
            assert_eq!(cloth.hex(hex(tribe)).unwrap().number, None, "{tribe}");
        }
    }
}

/// SC7-1 to SC7-3 and SC7-5, from the game a scenario sets up: each colour in play has its
/// settlement and ship on the board and its fortress standing on 3 chits, with 3 settlements
/// left in stock; the fleet on 1,6; the deck of 20 cards for 3 players, 25 for 4; no robber;
/// and the setup goes on with two settlements each, by road.
#[test]
fn the_pirate_board_and_its_pieces() {
    let colours = [
        ("2,6,N", "2,5,SE", "-2,6,S"),
        ("5,0,S", "4,1,NE", "1,0,N"),
        ("3,3,S", "2,4,NE", "-2,5,N"),
        ("3,3,N", "3,2,SE", "0,1,S"),
    ];
    for seats in [3u8, 4] {
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(seats));
        let game = common::new_game(
            "pirate-islands",
            seats,
            Some(Seat(0)),
            Default::default(),
            &mut rng,
        )
        .unwrap();
        let t = game.topology();
        let s = game.state();
        for (i, (settlement, ship, fortress)) in colours.iter().take(usize::from(seats)).enumerate()
        {
            let seat = Seat(i as u8);
            let p = s.player(seat);
            let corner = |c: &str| t.corner_id(c.parse().unwrap()).unwrap().index();
            let edge = |e: &str| t.edge_id(e.parse().unwrap()).unwrap().index();
            assert_eq!(
                p.settlements.iter().collect::<Vec<_>>(),
                vec![corner(settlement)]
            );
            assert_eq!(p.ships.iter().collect::<Vec<_>>(), vec![edge(ship)]);
            assert!(s.occupied.contains(corner(fortress)));
            assert!(!p.buildings().contains(corner(fortress)));
            assert_eq!(s.pirates.chits[i], 3);
            assert_eq!(
                game.settlements_in_stock(seat),
                3,
                "{seats} players, {seat}"
            );
        }
        assert_eq!(
            s.pirate.map(|h| t.hex(h).to_string()).as_deref(),
            Some("1,6")
        );
        assert_eq!(s.robber, None);
        assert_eq!(s.deck.total(), if seats == 3 { 20 } else { 25 });
        assert_eq!(s.phase, settlers_core::Phase::SetupSettlement);
        // Starting settlements take a road, not a ship (SC7-3).
        let mut game = game;
        let first = game.legal_actions(Seat(0)).actions[0];
        game.apply(Actor::Seat(Seat(0)), first).unwrap();
        assert!(
            game.legal_actions(Seat(0))
                .actions
                .iter()
                .all(|a| matches!(a, Action::BuildRoad(_)))
        );
    }
}

/// SC5-6: the six gift harbor tokens, one 2:1 of each resource and a 3:1, are dealt face up
/// onto the six harbor gift edges, anew with each layout.
#[test]
fn the_gift_harbors_are_dealt_onto_their_edges() {
    let mut deals = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let board = lay_out("forgotten-tribe", Layout::Beginner, seed);
        let game = Game::new(settlers_core::GameSetup {
            scenario: "forgotten-tribe".into(),
            board,
            seats: 3,
            first: Seat(0),
            options: Default::default(),
        })
        .unwrap();
        let rules = game.config().rules.forgotten_tribe.as_deref().unwrap();
        let kinds: Vec<GiftKind> = rules.gifts.iter().map(|g| g.kind).collect();
        assert_eq!(
            kinds.iter().filter(|k| **k == GiftKind::SpecialVp).count(),
            8
        );
        assert_eq!(
            kinds
                .iter()
                .filter(|k| **k == GiftKind::DevelopmentCard)
                .count(),
            4
        );
        let mut harbors: Vec<String> = kinds
            .iter()
            .filter_map(|k| match k {
                GiftKind::Harbor(h) => Some(h.to_string()),
                _ => None,
            })
            .collect();
        deals.insert(harbors.clone());
        harbors.sort();
        assert_eq!(
            harbors,
            ["3:1", "brick", "grain", "lumber", "ore", "wool"],
            "seed {seed}"
        );
        assert_eq!(game.development_deck_size(), 21);
    }
    assert!(deals.len() > 1, "the gift harbors never moved in 20 deals");
}

/// SC5-8, SC8-9, D-SC-1, D-G-3: each group's hexes and tokens stay within it; the hexes the
/// rules name never get the numbers they forbid; no 6 or 8 lands on gold or next to another
/// laid out anew; everything else stays.
#[test]
fn variable_layouts_keep_their_groups_and_limits() {
    type Group = Vec<&'static str>;
    type Limits = Vec<(&'static str, &'static [u8])>;
    let cases: [(&str, Vec<Group>, Limits); 3] = [
        // SC6-10: the two main islands together.
        (
            "cloth-for-catan",
            vec![vec![
                "1,0", "2,0", "3,0", "4,0", "5,0", "0,1", "1,1", "4,1", "5,1", "-1,2", "4,4",
                "-2,5", "-1,5", "2,5", "3,5", "-2,6", "-1,6", "0,6", "1,6", "2,6",
            ]],
            vec![],
        ),
        (
            "wonders",
            vec![
                vec![
                    "4,0", "3,1", "-1,2", "0,2", "1,2", "2,2", "3,2", "4,2", "-1,3", "0,3", "1,3",
                    "2,3", "3,3", "-2,4", "-1,4", "2,4", "-1,5", "1,5", "2,5", "-2,6", "0,6",
                    "1,6",
                ],
                vec!["1,0", "2,0", "5,4", "4,5", "3,6"],
            ],
            vec![("3,3", &[6, 8]), ("4,2", &[6, 8])],
        ),
        (
            "forgotten-tribe",
            vec![vec![
                "-1,2", "0,2", "1,2", "2,2", "3,2", "4,2", "-1,3", "0,3", "1,3", "2,3", "3,3",
                "4,3", "-2,4", "-1,4", "0,4", "1,4", "2,4", "3,4",
            ]],
            vec![
                ("4,2", &[5, 6, 8, 9]),
                ("4,3", &[5, 6, 8, 9]),
                ("3,4", &[5, 6, 8, 9]),
            ],
        ),
    ];
    for (id, groups, limits) in cases {
        let printed = lay_out(id, Layout::Beginner, 0);
        let at = |b: &Board, h: &str| *b.hex(hex(h)).unwrap();
        let grouped: Vec<Hex> = groups.iter().flatten().map(|h| hex(h)).collect();
        let mut differs = false;
        for seed in 0..80 {
            let board = lay_out(id, Layout::Variable, seed);
            for h in &printed.hexes {
                if !grouped.contains(&h.hex) {
                    assert_eq!(
                        *board.hex(h.hex).unwrap(),
                        *h,
                        "{id} seed {seed}: {}",
                        h.hex
                    );
                }
            }
            for group in &groups {
                let sorted = |b: &Board| {
                    let mut t: Vec<&str> = group.iter().map(|h| at(b, h).terrain.name()).collect();
                    let mut n: Vec<Option<u8>> = group.iter().map(|h| at(b, h).number).collect();
                    t.sort();
                    n.sort();
                    (t, n)
                };
                assert_eq!(sorted(&board), sorted(&printed), "{id} seed {seed}");
            }
            for (h, numbers) in &limits {
                let n = at(&board, h).number;
                assert!(
                    n.is_none_or(|n| !numbers.contains(&n)),
                    "{id} seed {seed}: {h} got {n:?}"
                );
            }
            for h in &grouped {
                let x = board.hex(*h).unwrap();
                let red = |n: Option<u8>| matches!(n, Some(6 | 8));
                if red(x.number) {
                    assert_ne!(x.terrain, Terrain::Gold, "{id} seed {seed}: red gold {h}");
                    for n in h.neighbours() {
                        assert!(
                            !board.hex(n).is_some_and(|y| red(y.number)),
                            "{id} seed {seed}: 6 or 8 on {h} and {n}"
                        );
                    }
                }
                assert_eq!(
                    x.number.is_some(),
                    x.terrain.resource().is_some() || x.terrain == Terrain::Gold,
                    "{id} seed {seed}: {h} is {} with {:?}",
                    x.terrain,
                    x.number
                );
            }
            differs |= board.hexes != printed.hexes;
        }
        assert!(differs, "{id}: 80 variable layouts are all the printed one");
    }
}

/// A uniformly random choice among the legal actions; a discard or gold picks drawn card
/// by card. No trade offers: they change nothing these checks look at.
fn random_action(game: &Game, seat: Seat, rng: &mut ChaCha8Rng) -> Action {
    let legal = game.legal_actions(seat);
    let cards = |from: Resources, count: u8, rng: &mut ChaCha8Rng| {
        let mut left = from;
        let mut out = Resources::EMPTY;
        for _ in 0..count {
            let total: u32 = left.0.iter().map(|&n| u32::from(n)).sum();
            let mut pick = rng.next_u32() % total;
            for (i, n) in left.0.iter_mut().enumerate() {
                if pick < u32::from(*n) {
                    *n -= 1;
                    out.0[i] += 1;
                    break;
                }
                pick -= u32::from(*n);
            }
        }
        out
    };
    if let Some(d) = legal.discard {
        return Action::Discard(cards(d.from, d.count, rng));
    }
    if let Some(g) = legal.gold {
        return Action::PickResources(cards(g.from, g.count, rng));
    }
    // The Wonders of Catan: the last ship stays in stock for a claim (SC8-6), as the bots
    // keep it, or random games could never end.
    let p = game.state().player(seat);
    let keep = game.config().rules.wonders.is_some()
        && game.wonder_of(seat).is_none()
        && p.ships_left() == 1;
    // The Pirate Islands: no ship into a dead end of the lane, as the bots keep out of them,
    // or the fortress, and the win, could be out of reach for good (route.rs).

    let options: Vec<Action> = legal
        .actions
        .iter()
        .copied()
        .filter(|a| !(keep && matches!(a, Action::BuildShip(_))))
        .filter(|a| !game.closes_way_to_fortress(seat, a))
        .collect();
    let options = if options.is_empty() {
        legal.actions
    } else {
        options
    };
    options[(rng.next_u32() as usize) % options.len()]
}

/// What must hold at every step of a Forgotten Tribe or Wonders game.
fn check_step(game: &Game, step: usize) -> Result<(), String> {
    let s = game.state();
    let t = game.topology();
    for seat in s.seat_ids() {
        let p = s.player(seat);
        // SC8-6: a claimed wonder holds one ship out of play.
        let retired = u8::from(game.wonder_of(seat).is_some());
        if p.ships_retired != retired || p.ships.len() + usize::from(retired) > SHIPS as usize {
            return Err(format!(
                "{seat}: ships {} and retired {}",
                p.ships.len(),
                p.ships_retired
            ));
        }
        if game.wonder_stages(seat) > WONDER_STAGES
            || (game.wonder_of(seat).is_none() && game.wonder_stages(seat) > 0)
        {
            return Err(format!("{seat}: {} stages", game.wonder_stages(seat)));
        }
        // SC5-7: special points are the chits' and the point gifts taken.
        let chits: u8 = s.chits[..s.chit_count as usize]
            .iter()
            .filter(|c| c.seat == seat)
            .map(|c| c.value)
            .sum();
        let gifts = game
            .config()
            .rules
            .forgotten_tribe
            .as_deref()
            .map_or(0, |r| {
                r.gifts
                    .iter()
                    .enumerate()
                    .filter(|(i, g)| {
                        g.kind == GiftKind::SpecialVp && s.gifts.taken_by[*i] == Some(seat)
                    })
                    .count() as u8
            });
        if p.special_vp != chits + gifts {
            return Err(format!(
                "{seat}: {} special points, chits {chits} and gifts {gifts}",
                p.special_vp
            ));
        }
        // SC5-3: nobody ever settles a tribe island.
        if p.buildings()
            .intersects(&game.config().rules.no_settlement_corners)
        {
            return Err(format!("{seat} has a building on a tribe island"));
        }
    }
    // SC5-4: once moved the robber stays off the tribe islands.
    if s.turn > 1
        && let Some(r) = s.robber
        && game.config().rules.robber_forbidden.contains(r.index())
        && s.robber != game.topology().board.robber.and_then(|h| t.hex_id(h))
    {
        return Err(format!("the robber stands on {}", t.hex(r)));
    }
    // SC6-2, SC6-4: no cloth is made or lost, and a seat trades with a village once.
    if let Some(rules) = game.config().rules.cloth.as_deref() {
        let c = &s.cloth;
        let total: u32 = c
            .on_village
            .iter()
            .chain(c.held.iter())
            .map(|&n| u32::from(n))
            .sum::<u32>()
            + u32::from(c.supply);
        let start: u32 = rules
            .villages
            .iter()
            .map(|v| u32::from(v.cloth))
            .sum::<u32>()
            + u32::from(rules.general_supply);
        if total != start {
            return Err(format!("{total} cloth; the game has {start}"));
        }
        for i in 0..rules.villages.len() {
            let traders: Vec<Seat> = c.traders_of(i).collect();
            let mut unique = traders.clone();
            unique.sort();
            unique.dedup();
            if unique.len() != traders.len() {
                return Err(format!("village {i} lists a trader twice: {traders:?}"));
            }
        }
        // SC6-9: the game goes on only while 4 villages hold cloth.
        if !game.is_over() && game.villages_with_cloth() < 4 && s.turn > 0 {
            return Err(format!(
                "{} villages hold cloth and the game goes on",
                game.villages_with_cloth()
            ));
        }
    }
    // SC7: the fortresses, the warships, the routes and the fleet.
    if let Some(rules) = game.config().rules.pirate_islands.as_deref() {
        let mut standing = false;
        for seat in s.seat_ids() {
            let colour = &rules.colours[seat.index()];
            let p = s.player(seat);
            let chits = s.pirates.chits[seat.index()];
            if chits > colour.fortress_chits {
                return Err(format!("{seat}'s fortress has {chits} chits"));
            }
            standing |= chits > 0;
            // D-SC7-10: a standing fortress is an occupied corner of nobody's; a fallen
            // one is its seat's building.
            let fortress = colour.fortress.index();
            if (chits > 0) != (s.occupied.contains(fortress) && !p.buildings().contains(fortress))
                || (chits == 0) != p.buildings().contains(fortress)
                || p.settlements_retired != u8::from(chits > 0)
            {
                return Err(format!("{seat}'s fortress and its pieces disagree"));
            }
            // SC7-7: warships are ships of the seat.

            // SC7-6: every ship on its lane, all on its one route.
            let route = game.lane_route(seat).unwrap();
            if !p.ships.difference(&colour.lane).is_empty() || route.len != p.ships.len() {
                return Err(format!(
                    "{seat}: {} ships, {} on its route along its lane",
                    p.ships.len(),
                    route.len
                ));
            }
            // The shortcut for a route at its fortress agrees with the walk.
            let at_fortress = route.len > 0 && route.end == colour.fortress;
            if game.route_at_fortress(seat, colour.fortress) != at_fortress {
                return Err(format!("{seat}: the route's end and the shortcut disagree"));
            }
            // SC7-10: settlements on the east island, one's own site or conquered fortress.
            if p.buildings()
                .intersects(&rules.no_settlements[seat.index()])
            {
                return Err(format!("{seat} has a building in pirate territory"));
            }
        }
        // SC7-7: warships are ships.
        if !s.pirates.warships.difference(&s.shipped).is_empty() {
            return Err("a warship where no ship is".into());
        }
        // SC7-8, D-SC7-6: the fleet sails its path while a fortress stands.
        match s.pirate {
            Some(h) if !rules.fleet_path.contains(&h) => {
                return Err(format!("the fleet is off its path, on {}", t.hex(h)));
            }
            Some(_) if !standing => return Err("the fleet stays after the last fortress".into()),
            None if standing => return Err("the fleet left with a fortress standing".into()),
            _ => {}
        }
    }
    // SC5-6: the unseen cards hold the face-down gifts.
    if s.deck.total() < game.face_down_gift_cards() {
        return Err("fewer unseen cards than face-down gifts".into());
    }
    // SC8-10, SC5-9: views show the wonders and the gifts, and no seat's cards to another.
    if step.is_multiple_of(97) {
        for viewer in s.seat_ids() {
            let data = game.view(viewer).to_data();
            for p in &data.players {
                if p.seat != viewer && (p.development_cards.is_some() || p.hand.is_some()) {
                    return Err(format!("{viewer} sees the cards of {}", p.seat));
                }
            }
            if game.config().rules.wonders.is_some() != data.wonders.is_some()
                || game.config().rules.forgotten_tribe.is_some() != data.gifts.is_some()
                || game.config().rules.cloth.is_some() != data.cloth.is_some()
            {
                return Err("a view lacks the wonders, the gifts or the cloth".into());
            }
            if data.development_deck != game.development_deck_size() {
                return Err("the view's deck is not the cards left to buy".into());
            }
        }
    }
    Ok(())
}

/// Every legal action of `seat` applies on a copy of the game (ARCHITECTURE.md).
fn every_legal_action_applies(game: &Game, seat: Seat) -> Result<(), String> {
    for a in game.legal_actions(seat).actions {
        let mut copy = game.clone();
        if let Err(e) = copy.apply(Actor::Seat(seat), a) {
            return Err(format!("{seat}: {a:?} is listed, but refused: {e}"));
        }
    }
    Ok(())
}

/// A saved position reads back as it was written (docs/record-format.md, Positions).
fn round_trip(game: &Game) -> Result<(), String> {
    let pos = game.to_position();
    let text = serde_json::to_string(&pos).map_err(|e| e.to_string())?;
    let back: Position = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let again = Game::from_position(&back).map_err(|e| format!("{e}: {text}"))?;
    if again.to_position() != pos {
        return Err("the position reads back differently".into());
    }
    Ok(())
}

fn play(scenario: &str, seats: u8, seed: u64) -> Result<(Game, usize), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = common::new_game(scenario, seats, None, Default::default(), &mut rng)?;
    let mut step = 0;
    while step < 40_000 {
        check_step(&game, step).map_err(|e| format!("step {step}: {e}"))?;
        if step.is_multiple_of(53) {
            round_trip(&game).map_err(|e| format!("step {step}: {e}"))?;
        }
        let (actor, action) = match game.to_act() {
            ToAct::Nobody => break,
            ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
            ToAct::Seats(seats) => {
                let seat = seats.iter().next().unwrap();
                if step.is_multiple_of(31) {
                    every_legal_action_applies(&game, seat)
                        .map_err(|e| format!("step {step}: {e}"))?;
                }
                (Actor::Seat(seat), random_action(&game, seat, &mut rng))
            }
        };
        game.apply(actor, action)
            .map_err(|e| format!("step {step}: {action:?} refused: {e}"))?;
        step += 1;
    }
    Ok((game, step))
}

/// Random games of each scenario for 3 and 4 players keep every check above, and end:
/// 12 of each by default, `SETTLERS_PROPERTY_GAMES=<n>` for a longer hunt.
#[test]
fn random_games_keep_the_rules_of_gifts_cloth_and_wonders() {
    let mut gifts_taken = 0;
    let mut harbors_placed = 0;
    let mut stages = 0;
    let mut trades = 0;
    let mut ran_dry = 0;
    let games: u64 = std::env::var("SETTLERS_PROPERTY_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(12);
    let mut conquests = 0;
    let mut warships = 0;
    for scenario in [
        "forgotten-tribe",
        "cloth-for-catan",
        "pirate-islands",
        "wonders-of-catan",
    ] {
        for seats in [3, 4] {
            for seed in 0..games {
                let (game, steps) = play(scenario, seats, seed)
                    .unwrap_or_else(|e| panic!("{scenario}, {seats} players, seed {seed}: {e}"));
                let s = game.state();
                assert!(
                    game.is_over(),
                    "{scenario} {seats} seed {seed}: no end in {steps} steps"
                );
                let Some(winner) = game.winner() else {
                    // The Pirate Islands end a game nobody can win any more.
                    assert!(
                        scenario == "pirate-islands" && game.nobody_can_win(),
                        "{scenario} {seats} seed {seed}: over without a winner"
                    );
                    continue;
                };
                if scenario == "wonders-of-catan" {
                    // SC8-8.
                    let mine = game.wonder_stages(winner);
                    let most_others = s
                        .seat_ids()
                        .filter(|&x| x != winner)
                        .map(|x| game.wonder_stages(x))
                        .max()
                        .unwrap();
                    assert!(
                        mine == WONDER_STAGES
                            || (game.victory_points(winner) >= 10 && mine > most_others),
                        "{scenario} seed {seed}: {winner} won with {mine} stages"
                    );
                    stages += s.wonders.stages.iter().map(|&n| u32::from(n)).sum::<u32>();
                } else if scenario == "pirate-islands" {
                    // SC7-12.
                    assert!(
                        game.victory_points(winner) >= 10 && game.fortress_conquered(winner),
                        "{scenario} seed {seed}: {winner} won without its fortress"
                    );
                    conquests += s.pirates.chits[..usize::from(seats)]
                        .iter()
                        .filter(|&&n| n == 0)
                        .count();
                    warships += s.pirates.warships.len();
                } else if scenario == "cloth-for-catan" {
                    // SC6-9: 14 points, or the villages ran dry and the best score won.
                    let score = |x: Seat| (game.victory_points(x), s.cloth.held[x.index()]);
                    let best = s.seat_ids().map(score).max().unwrap();
                    if game.villages_with_cloth() < 4 {
                        ran_dry += 1;
                        assert_eq!(score(winner), best, "{scenario} seed {seed}");
                        for x in s.seat_ids() {
                            assert_eq!(
                                s.shared_winners.contains(x),
                                x != winner && score(x) == best,
                                "{scenario} seed {seed}: {x} shares the win"
                            );
                        }
                    } else {
                        assert!(game.victory_points(winner) >= 14);
                    }
                    trades += (0..8).map(|i| s.cloth.traders_of(i).count()).sum::<usize>();
                } else {
                    assert!(game.victory_points(winner) >= 13);
                    gifts_taken += s.gifts.taken_by.iter().filter(|x| x.is_some()).count();
                    harbors_placed += s.gifts.placed.iter().filter(|x| x.is_some()).count();
                }
            }
        }
    }
    assert!(
        gifts_taken > 20
            && harbors_placed > 2
            && stages > 20
            && trades > 20
            && ran_dry > 0
            && conquests > 20
            && warships > 20,
        "the games reached too little: {gifts_taken} gifts, {harbors_placed} harbors, {stages} stages, \
         {trades} trades with villages, {ran_dry} games ended by the villages, {conquests} \
         fortresses conquered, {warships} warships"
    );
}

/// A gift harbor's type is written in actions, events, positions and views as a map writes
/// it: `3:1` or a resource (SC5-7).
#[test]
fn a_harbor_kind_is_written_and_read_as_text() {
    for kind in [HarborKind::Generic, HarborKind::Special(Resource::Ore)] {
        let text = serde_json::to_string(&kind).unwrap();
        assert_eq!(serde_json::from_str::<HarborKind>(&text).unwrap(), kind);
    }
    assert!(serde_json::from_str::<HarborKind>("\"gold\"").is_err());
}

/// The Pirate Islands: what a player keeps of its ways to the fortress from one decision to
/// the next (`WaysToFortress`) answers as a fresh look would, while roads and ships come,
/// move and go.
#[test]
fn kept_ways_to_the_fortress_answer_as_fresh_ones() {
    let (mut asked, mut closed) = (0, 0);
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let seats = 3 + (seed % 2) as u8;
        let mut game =
            common::new_game("pirate-islands", seats, None, Default::default(), &mut rng).unwrap();
        let mut kept = vec![WaysToFortress::default(); usize::from(seats)];
        for _ in 0..20_000 {
            let (actor, action) = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
                ToAct::Seats(seats) => {
                    let seat = seats.iter().next().unwrap();
                    let ways = &mut kept[seat.index()];
                    ways.renew(&game, seat);
                    // Every edge of its lane as a ship site, besides the actions listed:
                    // what is kept of an edge no longer at the route's end must not linger.
                    let lane = game.config().rules.pirate_islands.as_ref().unwrap().colours
                        [seat.index()]
                    .lane;
                    let sites = lane.iter().map(|e| Action::BuildShip(EdgeId(e as u16)));
                    for a in game.legal_actions(seat).actions.into_iter().chain(sites) {
                        let fresh = game.closes_way_to_fortress(seat, &a);
                        assert_eq!(ways.closes(&game, &a), fresh, "seed {seed}: {a:?}");
                        asked += 1;
                        closed += usize::from(fresh);
                    }
                    (Actor::Seat(seat), random_action(&game, seat, &mut rng))
                }
            };
            game.apply(actor, action).unwrap();
        }
    }
    // Both answers come up, often.
    assert!(
        closed > asked / 10 && closed < asked * 9 / 10,
        "{closed} of {asked}"
    );
}

#[test]
fn the_lane_left_to_the_fortress_is_there_when_the_way_is_open() {
    let base = common::new_game(
        "base",
        4,
        None,
        Default::default(),
        &mut ChaCha8Rng::seed_from_u64(0),
    );
    let base = base.unwrap();
    assert_eq!(base.lane_length(Seat(0)), None);
    assert_eq!(base.lane_steps_left(Seat(0)), None);
    let (mut open, mut dead) = (0, 0);
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game =
            common::new_game("pirate-islands", 4, None, Default::default(), &mut rng).unwrap();
        for seat in game.state().seat_ids() {
            assert!(
                game.lane_length(seat).is_some_and(|n| n > 0),
                "seed {seed}, {seat}"
            );
        }
        for _ in 0..20_000 {
            let (actor, action) = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance(_) => (Actor::Chance, game.sample_chance(&mut rng).unwrap()),
                ToAct::Seats(seats) => {
                    let seat = seats.iter().next().unwrap();
                    if !game.fortress_conquered(seat)
                        && game.lane_steps_left(seat).is_some_and(|n| n > 0)
                    {
                        // A ship built at the route's end: the way on is left exactly when
                        // the ship does not close it.
                        for a in game.legal_actions(seat).actions {
                            let Action::BuildShip(_) = a else { continue };
                            let mut after = game.clone();
                            after.apply(Actor::Seat(seat), a).unwrap();
                            if after.lane_route(seat).map(|r| r.len)
                                == game.lane_route(seat).map(|r| r.len)
                            {
                                continue;
                            }
                            let closes = game.closes_way_to_fortress(seat, &a);
                            assert_eq!(
                                after.lane_steps_left(seat).is_none(),
                                closes,
                                "seed {seed}: {a:?}"
                            );
                            if closes { dead += 1 } else { open += 1 }
                        }
                    }
                    (Actor::Seat(seat), random_action(&game, seat, &mut rng))
                }
            };
            game.apply(actor, action).unwrap();
        }
    }
    assert!(open > 20 && dead > 20, "{open} open, {dead} closed");
}

/// The position a rule case (`tests/cases/*.json`, its text) starts from.
fn position_of_case(text: &str) -> Position {
    let case: serde_json::Value = serde_json::from_str(text).unwrap();
    Position::from_json(&case["position"].to_string()).unwrap()
}

/// SC7-11 with S-9: a conquered fortress is its conqueror's settlement, where its ships
/// now join; its trade route is as long as they make it, at once.
#[test]
fn a_conquered_fortress_joins_its_conquerors_ships() {
    // The position of the case sc7-11-the-last-chit-conquers-the-fortress, with one more
    // ship of Orange's on the fortress's corner.
    let mut position = position_of_case(include_str!(
        "cases/sc7-11-the-last-chit-conquers-the-fortress.json"
    ));
    position.players[0].ships.push("-2,6,SW".parse().unwrap());
    let mut game = Game::from_position(&position).unwrap_or_else(|e| panic!("{e}"));
    let orange = Seat(0);
    let before = game.road_length_of(orange);
    game.apply(Actor::Seat(orange), Action::AttackFortress)
        .unwrap();
    game.apply(Actor::Chance, Action::FortressDie(2)).unwrap();
    assert!(game.fortress_conquered(orange));
    let after = game.road_length_of(orange);
    assert_eq!(
        after,
        before + 1,
        "the ship beside the fortress joins the route"
    );
    assert!(
        game.route_at_least(orange, after),
        "the route kept is as long as the pieces make it"
    );
}

/// SC6-9, D-SC6-1: a full tie is a shared win, and the log says each winner shares it.
#[test]
fn a_shared_win_says_it_is_shared() {
    let position = position_of_case(include_str!("cases/sc6-9-a-full-tie-is-a-shared-win.json"));
    let mut game = Game::from_position(&position).unwrap_or_else(|e| panic!("{e}"));
    let events = game
        .apply(Actor::Chance, Action::Dice(1, 3))
        .unwrap_or_else(|e| panic!("{e}"));
    let won: Vec<(Seat, bool)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::GameWon { seat, shared, .. } => Some((seat, shared)),
            _ => None,
        })
        .collect();
    assert_eq!(won, [(Seat(0), true), (Seat(1), true)]);
    let text = serde_json::to_value(&events).unwrap().to_string();
    assert!(text.contains(r#""shared":true"#), "{text}");
    // One seat's win says nothing of sharing, as before there were shared wins.
    let alone = Event::GameWon {
        seat: Seat(0),
        points: 14,
        victory_point_cards: 0,
        shared: false,
    };
    let text = serde_json::to_string(&alone).unwrap();
    assert!(!text.contains("shared"), "{text}");
}

/// EX-29, SC6-5: the cloth a village has left goes first, then the general supply's, and the
/// log says which.
#[test]
fn cloth_from_the_supply_says_so() {
    let position = position_of_case(include_str!(
        "cases/ex29-cloth-from-the-village-then-the-supply.json"
    ));
    let mut game = Game::from_position(&position).unwrap_or_else(|e| panic!("{e}"));
    let events = game
        .apply(Actor::Chance, Action::Dice(1, 3))
        .unwrap_or_else(|e| panic!("{e}"));
    let produced: Vec<bool> = events
        .iter()
        .filter_map(|e| match *e {
            Event::ClothProduced { from_supply, .. } => Some(from_supply),
            _ => None,
        })
        .collect();
    assert_eq!(produced, [false, true, true]);
    let text = serde_json::to_string(&events).unwrap();
    assert_eq!(text.matches(r#""from_supply":true"#).count(), 2, "{text}");
}
