//! Pictures of a laid-out board: text for a terminal, SVG for a browser.
//!
//! Hexes are pointy-top in axial coordinates (shared/rules/coordinates.md): a row of the
//! text picture is one `r`, shifted half a hex per row, and the SVG places each hex at
//! `Hex::centre`.

use settlers_core::map::{Board, BoardHex, HarborKind};
use settlers_core::{Hex, Terrain};
use std::fmt::Write;

/// The letter of a terrain, as the map grids of scenarios.md write it.
pub fn terrain_code(t: Terrain) -> &'static str {
    match t {
        Terrain::Sea => "~~",
        Terrain::Desert => "D",
        Terrain::Gold => "G",
        Terrain::Fields => "F",
        Terrain::Hills => "H",
        Terrain::Mountains => "M",
        Terrain::Pasture => "P",
        Terrain::Forest => "W",
        Terrain::Castle => "C",
        Terrain::Fog => "?",
    }
}

pub const LEGEND: &str = "~~ sea  D desert  G gold  F fields  H hills  M mountains  P pasture  \
W forest  C castle  ? fog; the number is the token, _ a producing hex without one";

/// A hex's cell in the text picture: its terrain letter and number (`F6`, `H11`, `~~`).
pub fn cell(h: &BoardHex) -> String {
    let code = terrain_code(h.terrain);
    match h.number {
        Some(n) => format!("{code}{n}"),
        None if h.terrain.resource().is_some() || h.terrain == Terrain::Gold => {
            format!("{code}_")
        }
        None => code.to_string(),
    }
}

/// Each hex is 6 characters wide; each row down moves half a hex to the right.
const HALF: usize = 3;

/// The board as text: one line per row `r`, each listed hex a cell; the frame is blank.
pub fn ascii(board: &Board) -> String {
    let hexes = &board.hexes;
    let Some(min_x) = hexes
        .iter()
        .map(|h| 2 * i32::from(h.hex.q) + i32::from(h.hex.r))
        .min()
    else {
        return String::new();
    };
    let (min_r, max_r) = hexes.iter().fold((i16::MAX, i16::MIN), |(lo, hi), h| {
        (lo.min(h.hex.r), hi.max(h.hex.r))
    });
    let mut out = String::new();
    for r in min_r..=max_r {
        let mut row: Vec<&BoardHex> = hexes.iter().filter(|h| h.hex.r == r).collect();
        row.sort_by_key(|h| h.hex.q);
        let mut line = format!("{:>5}  ", format!("r{r}"));
        let start = line.len();
        for h in row {
            let column = start + (2 * i32::from(h.hex.q) + i32::from(r) - min_x) as usize * HALF;
            while line.len() < column {
                line.push(' ');
            }
            let _ = write!(line, "{:^5}", cell(h));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Sea => "#4f8fc0",
        Terrain::Desert => "#e6d5a1",
        Terrain::Gold => "#f2c230",
        Terrain::Fields => "#f0d264",
        Terrain::Hills => "#c4663f",
        Terrain::Mountains => "#8e98a8",
        Terrain::Pasture => "#a8cf6a",
        Terrain::Forest => "#3f7d4e",
        Terrain::Castle => "#b08090",
        Terrain::Fog => "#c8c8c8",
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Pixels from a hex's centre to its corners.
const SIZE: f64 = 40.0;

/// The board as an SVG picture: every hex in its terrain's colour with its number (6 and
/// 8 in red), every harbor as a thick edge with its type on the sea side.
pub fn svg(board: &Board, title: &str) -> String {
    let point = |(x, y): (f64, f64)| (x * SIZE, y * SIZE);
    let corners = |h: Hex| -> Vec<(f64, f64)> {
        let (x, y) = point(h.centre());
        (0..6)
            .map(|i| {
                let a = (60.0 * f64::from(i) - 90.0).to_radians();
                (x + SIZE * a.cos(), y + SIZE * a.sin())
            })
            .collect()
    };
    let all: Vec<(f64, f64)> = board.hexes.iter().flat_map(|h| corners(h.hex)).collect();
    let min_x = all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - SIZE;
    let max_x = all.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + SIZE;
    let min_y = all.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - 2.0 * SIZE;
    let max_y = all.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + SIZE;
    let (width, height) = (max_x - min_x, max_y - min_y);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x:.1} {min_y:.1} {width:.1} {height:.1}" width="{width:.0}" height="{height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-size="20">{}</text>"#,
        min_x + 10.0,
        min_y + 28.0,
        escape(title)
    );
    for h in &board.hexes {
        let points: Vec<String> = corners(h.hex)
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let number = h.number.map(|n| format!(" {n}")).unwrap_or_default();
        let _ = writeln!(
            out,
            r##"<g data-hex="{hex}"><title>{hex}: {terrain}{number}</title><polygon points="{points}" fill="{fill}" stroke="#333" stroke-width="1.5"/>"##,
            hex = h.hex,
            terrain = h.terrain,
            points = points.join(" "),
            fill = fill(h.terrain),
        );
        let (x, y) = point(h.hex.centre());
        if let Some(n) = h.number {
            let colour = if matches!(n, 6 | 8) {
                "#c1121f"
            } else {
                "#222"
            };
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="#f7efd8" stroke="#333"/><text x="{x:.1}" y="{ty:.1}" font-size="16" font-weight="bold" text-anchor="middle" fill="{colour}">{n}</text>"##,
                r = SIZE * 0.38,
                ty = y + 5.5,
            );
        }
        let marks = [(board.robber, "robber"), (board.pirate, "pirate")];
        for (_, name) in marks.iter().filter(|(at, _)| *at == Some(h.hex)) {
            let _ = writeln!(
                out,
                r##"<text x="{x:.1}" y="{ty:.1}" font-size="11" text-anchor="middle" fill="#000">{name}</text>"##,
                ty = y - SIZE * 0.5,
            );
        }
        out.push_str("</g>\n");
    }
    for harbor in &board.harbors {
        let [a, b] = harbor.edge.corners().map(|c| point(c.position()));
        // The label goes on the side away from land.
        let [one, two] = harbor.edge.hexes();
        let land = |h: Hex| board.hex(h).is_some_and(|x| x.terrain.is_land());
        let sea = if land(one) { two } else { one };
        let (sx, sy) = point(sea.centre());
        let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let (lx, ly) = (mx + (sx - mx) * 0.45, my + (sy - my) * 0.45);
        let label = match harbor.kind {
            HarborKind::Generic => "3:1".to_string(),
            HarborKind::Special(r) => format!("2:1 {r}"),
        };
        let _ = writeln!(
            out,
            r##"<g data-harbor="{edge}"><title>harbor {edge}: {label}</title><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#7a4a12" stroke-width="7" stroke-linecap="round"/><text x="{lx:.1}" y="{ly:.1}" font-size="11" text-anchor="middle" fill="#fff" stroke="#000" stroke-width="0.3">{label}</text></g>"##,
            a.0,
            a.1,
            b.0,
            b.1,
            edge = harbor.edge,
        );
    }
    out.push_str("</svg>\n");
    out
}
