//! `settlers maps`: the built-in maps and scenarios, pictures of a board, checking a map
//! file, and drawing New World maps (scenarios.md SC9).

use crate::output::{counted, emit, note};
use crate::picture;
use crate::sim::LayoutArg;
use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use settlers_core::map::{
    Board, Layout, LayoutOptions, MapFile, MapProblem, MapTemplate, NewWorld, builtin, new_world,
};
use settlers_core::ruleset::{RuleSet, SpecialVp};
use settlers_core::scenario::{MapSource, SCENARIOS, check_map_players, player_counts_text};
use settlers_core::topology::Topology;
use settlers_core::{GameOptions, Scenario};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct MapsArgs {
    #[command(subcommand)]
    command: MapsCommand,
}

#[derive(Subcommand, Debug)]
enum MapsCommand {
    /// The built-in scenarios and maps, with their player counts and victory targets.
    List,
    /// A picture of a board: text by default, or SVG.
    Show(ShowArgs),
    /// Check a map file and name every problem with its place. Exits non-zero when the map
    /// cannot be played; warnings alone do not.
    Validate {
        /// The map file (JSON).
        file: PathBuf,
    },
    /// Draw a New World map (Seafarers scenario 9) and print or write it.
    NewWorld(NewWorldArgs),
}

#[derive(Args, Debug)]
struct ShowArgs {
    /// A built-in map (`base`, `new-shores-3`, …), a scenario (`four-islands`,
    /// `new-world`, …) or a map file.
    map: String,
    /// The player count: a scenario's map for that count (the most when not given); a map
    /// is checked to take it.
    #[arg(long)]
    players: Option<u8>,
    /// How the board is laid out: the scenario's own layout for a scenario, the map as
    /// listed for a built-in map, the variable layout for a map file (as `sim --map`).
    #[arg(long, value_enum)]
    layout: Option<LayoutArg>,
    /// The seed of the layout's (or the New World generator's) random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw an SVG picture instead of text, into FILE, or to standard output without one.
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-")]
    svg: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct NewWorldArgs {
    /// The seed the map is drawn from; the same seed draws the same map. A new one when not
    /// given, printed on standard error so that the map can be drawn again.
    #[arg(long)]
    seed: Option<u64>,
    /// The player count the map is for.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=4))]
    players: u8,
    /// Write the map to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

pub fn run(args: MapsArgs) -> Result<()> {
    match args.command {
        MapsCommand::List => list(),
        MapsCommand::Show(args) => show(args),
        MapsCommand::Validate { file } => validate(&file),
        MapsCommand::NewWorld(args) => draw_new_world(args),
    }
}

/// Reads and checks a map file, naming every problem; warnings go to standard error.
pub fn read_map(path: &Path) -> Result<MapTemplate> {
    let file = read_file(path)?;
    let template = MapTemplate::check(&file).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    for line in problem_lines(path, &template.warnings) {
        note(line.trim_end());
    }
    Ok(template)
}

fn read_file(path: &Path) -> Result<MapFile> {
    let text = crate::files::read_bounded(path, crate::files::MAP_FILE_LIMIT)?;
    MapFile::from_json(&text).with_context(|| format!("{}: not a map file", path.display()))
}

/// The player counts a map or scenario takes, for a sentence: `3 or 4 players`.
fn players_phrase(players: impl IntoIterator<Item = u8>) -> String {
    let counts: Vec<u8> = players.into_iter().collect();
    match counts.as_slice() {
        [] => "any number of players".into(),
        [1] => "1 player".into(),
        _ => format!("{} players", player_counts_text(counts)),
    }
}

fn list() -> Result<()> {
    let mut out = String::new();
    writeln!(out, "Scenarios (settlers sim --scenario NAME)")?;
    writeln!(
        out,
        "  {:<20} {:<10} {:>3}  {:<38} maps",
        "name", "players", "VP", "title"
    )?;
    for s in SCENARIOS {
        let maps = match s.map {
            MapSource::BuiltIn(maps) => {
                let mut ids: Vec<&str> = maps.iter().map(|(_, id)| *id).collect();
                ids.dedup();
                ids.join(", ")
            }
            MapSource::Generated { .. } => "a new map every game".into(),
        };
        writeln!(
            out,
            "  {:<20} {:<10} {:>3}  {:<38} {maps}",
            s.name,
            player_counts_text(s.players()),
            s.victory_points,
            s.title
        )?;
    }
    writeln!(out)?;
    writeln!(out, "Built-in maps (settlers maps show ID)")?;
    writeln!(
        out,
        "  {:<20} {:<10} {:>3}  {:>5}  name",
        "id", "players", "VP", "hexes"
    )?;
    for (id, _) in builtin::MAPS {
        let template = builtin::template(id)
            .expect("listed")
            .map_err(|e| anyhow!("built-in map {id}: {e}"))?;
        let f = &template.file;
        writeln!(
            out,
            "  {:<20} {:<10} {:>3}  {:>5}  {}",
            id,
            player_counts_text(f.players.iter().copied()),
            f.victory_points.map_or("-".into(), |v| v.to_string()),
            f.hexes.len(),
            f.name
        )?;
    }
    emit(&out)
}

/// A board to show, with what it is called.
struct Shown {
    board: Board,
    title: String,
    layout: Layout,
}

fn realise(template: &MapTemplate, layout: Layout, seed: u64) -> Result<Board> {
    let options = LayoutOptions {
        layout,
        ..LayoutOptions::default()
    };
    template
        .realise(&options, &mut ChaCha8Rng::seed_from_u64(seed))
        .map_err(|e| anyhow!("{}: {e}", template.file.id))
}

fn find_board(args: &ShowArgs) -> Result<Shown> {
    let asked = args.layout.map(LayoutArg::layout);
    let path = Path::new(&args.map);
    if path.is_file() {
        let template = read_map(path)?;
        if let Some(players) = args.players {
            check_map_players(&template.file, players)?;
        }
        let layout = asked.unwrap_or(Layout::Variable);
        let board = realise(&template, layout, args.seed)?;
        return Ok(Shown {
            title: format!("{} ({})", template.file.id, path.display()),
            board,
            layout,
        });
    }
    if let Some(template) = builtin::template(&args.map) {
        let template = template.map_err(|e| anyhow!("built-in map {}: {e}", args.map))?;
        if let Some(players) = args.players {
            check_map_players(&template.file, players)?;
        }
        let layout = asked.unwrap_or(Layout::Beginner);
        return Ok(Shown {
            board: realise(template, layout, args.seed)?,
            title: args.map.clone(),
            layout,
        });
    }
    let Ok(scenario) = Scenario::by_name(&args.map) else {
        bail!(
            "there is no map file, built-in map or scenario `{}` (settlers maps list shows them)",
            args.map
        );
    };
    let seats = args
        .players
        .or_else(|| scenario.players().max())
        .unwrap_or(4);
    let layout = asked.unwrap_or(scenario.default_layout);
    let setup = scenario.setup(
        seats,
        &LayoutOptions {
            layout,
            ..LayoutOptions::default()
        },
        None,
        GameOptions::default(),
        &mut ChaCha8Rng::seed_from_u64(args.seed),
    )?;
    Ok(Shown {
        board: setup.board,
        title: format!("{} ({seats} players)", scenario.name),
        layout,
    })
}

fn show(args: ShowArgs) -> Result<()> {
    let shown = find_board(&args)?;
    let board = &shown.board;
    if let Some(target) = &args.svg {
        let title = format!("{}: {}", shown.title, board.name);
        let svg = picture::svg(board, &title);
        if target.as_os_str() == "-" {
            emit(&svg)?;
        } else {
            std::fs::write(target, svg)
                .with_context(|| format!("cannot write {}", target.display()))?;
            note(&format!("wrote {}", target.display()));
        }
        return Ok(());
    }
    let mut out = String::new();
    let layout = match shown.layout {
        Layout::Beginner => "as listed",
        Layout::Variable => "variable layout",
        Layout::Random => "random layout",
    };
    writeln!(out, "{}: {}", shown.title, board.name)?;
    writeln!(
        out,
        "{} · {} to win · {layout} · seed {}",
        players_phrase(board.players.iter().copied()),
        counted(
            board.victory_points.unwrap_or(10),
            "victory point",
            "victory points"
        ),
        args.seed
    )?;
    writeln!(out)?;
    write!(out, "{}", picture::ascii(board))?;
    writeln!(out)?;
    writeln!(out, "{}", picture::LEGEND)?;
    writeln!(out)?;
    describe(&mut out, board)?;
    emit(&out)
}

/// Harbors, pieces, islands and the modules the map switches on, in words.
fn describe(out: &mut String, board: &Board) -> Result<()> {
    let land = board.hexes.iter().filter(|h| h.terrain.is_land()).count();
    writeln!(
        out,
        "hexes: {} ({land} land, {} sea or fog)",
        board.hexes.len(),
        board.hexes.len() - land
    )?;
    writeln!(out, "harbors: {}", board.harbors.len())?;
    if !board.harbor_tokens.is_empty() {
        // SC9-3: tokens the players place before setup (`harbor_placement`).
        let tokens: Vec<String> = board.harbor_tokens.iter().map(|k| k.to_string()).collect();
        writeln!(
            out,
            "harbor tokens the players place before setup: {} ({})",
            tokens.len(),
            tokens.join(", ")
        )?;
    }
    for h in &board.harbors {
        let [a, b] = h.edge.hexes();
        let land = |x| board.hex(x).is_some_and(|x| x.terrain.is_land());
        let (on, across) = if land(a) { (a, b) } else { (b, a) };
        writeln!(
            out,
            "  {:<8} {:<10} land {on}, across {across}",
            h.kind.to_string(),
            h.edge.to_string()
        )?;
    }
    let place =
        |at: Option<settlers_core::Hex>| at.map_or("beside the board".into(), |h| h.to_string());
    writeln!(out, "robber: {}", place(board.robber))?;
    let t = Topology::new(board.clone());
    let rules = RuleSet::of(&t, &GameOptions::default());
    if rules.pirate {
        writeln!(out, "pirate: {}", place(board.pirate))?;
    }
    let hexes: Vec<settlers_core::Hex> = board.hexes.iter().map(|h| h.hex).collect();
    let islands = new_world::islands(&hexes, |h| {
        board.hex(h).is_some_and(|x| x.terrain.is_land())
    });
    writeln!(out, "islands: {}", islands.len())?;
    for (i, island) in islands.iter().enumerate() {
        let list: Vec<String> = island.iter().map(|h| h.to_string()).collect();
        writeln!(out, "  {:<3} {}", i + 1, list.join(" "))?;
    }
    if let Some(areas) = board.other.get("areas").and_then(|a| a.as_object()) {
        writeln!(out, "areas: {}", areas.len())?;
        for (name, hexes) in areas {
            let list: Vec<&str> = hexes
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|h| h.as_str())
                .collect();
            writeln!(out, "  {name}: {}", list.join(" "))?;
        }
    }
    let mut modules = Vec::new();
    if rules.ships {
        modules.push("ships".to_string());
    }
    if rules.pirate {
        modules.push("pirate".into());
    }
    if rules.trade_route {
        modules.push("longest trade route".into());
    }
    if rules.fog {
        modules.push("fog discovery".into());
    }
    if rules.setup_corners.is_some() {
        modules.push("starting settlements in set areas".into());
    }
    match &rules.special_vp {
        SpecialVp::None => {}
        SpecialVp::FirstPerArea { areas, value } => modules.push(match areas.len() {
            1 => format!("special VP: {value} for a first settlement in the one area"),
            n => format!("special VP: {value} for a first settlement in each of {n} areas"),
        }),
        SpecialVp::ForeignIslands {
            islands,
            first,
            further,
        } => modules.push(if first == further {
            format!(
                "special VP: {first} for a first settlement on each foreign island ({})",
                counted(islands.len() as u64, "island", "islands")
            )
        } else {
            format!(
                "special VP: {first} for the first foreign island, {further} for each further ({})",
                counted(islands.len() as u64, "island", "islands")
            )
        }),
    }
    writeln!(
        out,
        "modules: {}",
        if modules.is_empty() {
            "none (the base game)".into()
        } else {
            modules.join(", ")
        }
    )?;
    Ok(())
}

/// Warnings that say the same thing shown before the rest are summed up in one line.
const SHOWN_OF_A_KIND: usize = 3;

/// A map's problems, one line each, every error, and of the warnings that say the same thing
/// in different places the first few and how many more there are.
fn problem_lines(path: &Path, problems: &[MapProblem]) -> Vec<String> {
    let mut of_a_kind: HashMap<&str, usize> = HashMap::new();
    for w in problems.iter().filter(|p| p.warning) {
        *of_a_kind.entry(&w.message).or_default() += 1;
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut lines = Vec::new();
    for p in problems {
        if !p.warning {
            lines.push(format!("{}: error: {p}\n", path.display()));
            continue;
        }
        let shown = seen.entry(&p.message).or_default();
        *shown += 1;
        if *shown <= SHOWN_OF_A_KIND {
            lines.push(format!("{}: {p}\n", path.display()));
        }
        let more = of_a_kind[p.message.as_str()].saturating_sub(SHOWN_OF_A_KIND);
        if *shown == SHOWN_OF_A_KIND && more > 0 {
            lines.push(format!(
                "{}: warning: and {more} more of the same ({})\n",
                path.display(),
                p.message
            ));
        }
    }
    lines
}

fn validate(path: &Path) -> Result<()> {
    let file = read_file(path)?;
    let template = match MapTemplate::check(&file) {
        Ok(t) => t,
        Err(e) => {
            emit(&problem_lines(path, &e.0).concat())?;
            let errors = e.0.iter().filter(|p| !p.warning).count() as u64;
            bail!(
                "{}: the map has {}",
                path.display(),
                counted(errors, "problem", "problems")
            );
        }
    };
    let mut out = problem_lines(path, &template.warnings).concat();
    // Laying the map out finds what only a layout can: pools that cannot keep the 6s and
    // 8s apart, for one.
    let board = realise(&template, Layout::Variable, 1)
        .with_context(|| format!("{}: the map cannot be laid out", path.display()))?;
    let land = board.hexes.iter().filter(|h| h.terrain.is_land()).count();
    writeln!(
        out,
        "{}: `{}` is a valid map: {} ({land} land), {}, {}",
        path.display(),
        file.id,
        counted(board.hexes.len() as u64, "hex", "hexes"),
        counted(board.harbors.len() as u64, "harbor", "harbors"),
        counted(template.warnings.len() as u64, "warning", "warnings")
    )?;
    emit(&out)
}

fn draw_new_world(args: NewWorldArgs) -> Result<()> {
    let seed = match args.seed {
        Some(seed) => seed,
        None => {
            let seed = settlers_server::token::new_seed()?;
            note(&format!(
                "seed {seed} (settlers maps new-world --seed {seed} --players {} draws this map again)",
                args.players
            ));
            seed
        }
    };
    let file = NewWorld::new(args.players)
        .generate(&mut ChaCha8Rng::seed_from_u64(seed))
        .map_err(|e| anyhow!("new-world: {e}"))?;
    let text = file.to_json_pretty() + "\n";
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => emit(&text)?,
    }
    Ok(())
}
