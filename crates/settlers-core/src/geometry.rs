//! Axial hex geometry: hexes, corners and edges with one canonical name each.
//!
//! The coordinate system is the one of `shared/rules/coordinates.md`: pointy-top hexes,
//! `(q, r)` axial coordinates with `r` growing southward. Each hex owns its corners N and S
//! and its sides NE, E and SE; every other name of a corner or edge is turned into the
//! canonical one by the tables of sections 4 and 5 of that file.

use std::fmt;
use std::str::FromStr;

/// A hex position in axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub q: i16,
    pub r: i16,
}

/// The two corners a hex owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CornerSide {
    N,
    S,
}

/// The three sides a hex owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EdgeSide {
    NE,
    E,
    SE,
}

/// A corner (intersection) in its canonical form `q,r,N` or `q,r,S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Corner {
    pub hex: Hex,
    pub side: CornerSide,
}

/// An edge (path) in its canonical form `q,r,NE`, `q,r,E` or `q,r,SE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    pub hex: Hex,
    pub side: EdgeSide,
}

/// The six corners of a hex, clockwise from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CornerName {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

/// The six sides of a hex, clockwise from the upper right; a side faces the neighbour of the
/// same name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    NE,
    E,
    SE,
    SW,
    W,
    NW,
}

impl CornerName {
    pub const ALL: [CornerName; 6] = [
        CornerName::N,
        CornerName::NE,
        CornerName::SE,
        CornerName::S,
        CornerName::SW,
        CornerName::NW,
    ];

    /// Any case: `ne` is `NE`.
    fn parse(text: &str) -> Option<CornerName> {
        Some(match &name_letters(text)? {
            b"N\0" => CornerName::N,
            b"NE" => CornerName::NE,
            b"SE" => CornerName::SE,
            b"S\0" => CornerName::S,
            b"SW" => CornerName::SW,
            b"NW" => CornerName::NW,
            _ => return None,
        })
    }
}

impl Direction {
    pub const ALL: [Direction; 6] = [
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The axial offset of the neighbour in this direction.
    pub fn offset(self) -> (i16, i16) {
        match self {
            Direction::E => (1, 0),
            Direction::W => (-1, 0),
            Direction::NE => (1, -1),
            Direction::NW => (0, -1),
            Direction::SE => (0, 1),
            Direction::SW => (-1, 1),
        }
    }

    /// Any case: `se` is `SE`.
    fn parse(text: &str) -> Option<Direction> {
        Some(match &name_letters(text)? {
            b"NE" => Direction::NE,
            b"E\0" => Direction::E,
            b"SE" => Direction::SE,
            b"SW" => Direction::SW,
            b"W\0" => Direction::W,
            b"NW" => Direction::NW,
            _ => return None,
        })
    }
}

impl Hex {
    pub const fn new(q: i16, r: i16) -> Hex {
        Hex { q, r }
    }

    pub fn neighbour(self, direction: Direction) -> Hex {
        let (dq, dr) = direction.offset();
        Hex::new(self.q + dq, self.r + dr)
    }

    pub fn neighbours(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbour(d))
    }

    pub fn distance(self, other: Hex) -> i16 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// The corner of this hex with the given (possibly non-canonical) name, made canonical
    /// (coordinates.md §4).
    pub fn corner(self, name: CornerName) -> Corner {
        let Hex { q, r } = self;
        let (hex, side) = match name {
            CornerName::N => (Hex::new(q, r), CornerSide::N),
            CornerName::NE => (Hex::new(q + 1, r - 1), CornerSide::S),
            CornerName::SE => (Hex::new(q, r + 1), CornerSide::N),
            CornerName::S => (Hex::new(q, r), CornerSide::S),
            CornerName::SW => (Hex::new(q - 1, r + 1), CornerSide::N),
            CornerName::NW => (Hex::new(q, r - 1), CornerSide::S),
        };
        Corner { hex, side }
    }

    /// The six corners, clockwise from N.
    pub fn corners(self) -> [Corner; 6] {
        CornerName::ALL.map(|n| self.corner(n))
    }

    /// The side of this hex facing `direction`, made canonical (coordinates.md §5).
    pub fn edge(self, direction: Direction) -> Edge {
        let Hex { q, r } = self;
        let (hex, side) = match direction {
            Direction::NE => (Hex::new(q, r), EdgeSide::NE),
            Direction::E => (Hex::new(q, r), EdgeSide::E),
            Direction::SE => (Hex::new(q, r), EdgeSide::SE),
            Direction::W => (Hex::new(q - 1, r), EdgeSide::E),
            Direction::NW => (Hex::new(q, r - 1), EdgeSide::SE),
            Direction::SW => (Hex::new(q - 1, r + 1), EdgeSide::NE),
        };
        Edge { hex, side }
    }

    /// The six sides, clockwise from NE.
    pub fn edges(self) -> [Edge; 6] {
        Direction::ALL.map(|d| self.edge(d))
    }

    /// Screen position of the centre for hexes of size 1 (y grows downward).
    pub fn centre(self) -> (f64, f64) {
        let (q, r) = (f64::from(self.q), f64::from(self.r));
        (3f64.sqrt() * (q + r / 2.0), 1.5 * r)
    }
}

impl Corner {
    pub const fn new(q: i16, r: i16, side: CornerSide) -> Corner {
        Corner {
            hex: Hex::new(q, r),
            side,
        }
    }

    /// The three hexes (possibly frame or off-board positions) that meet at this corner.
    pub fn hexes(self) -> [Hex; 3] {
        let Hex { q, r } = self.hex;
        match self.side {
            CornerSide::N => [self.hex, Hex::new(q, r - 1), Hex::new(q + 1, r - 1)],
            CornerSide::S => [self.hex, Hex::new(q, r + 1), Hex::new(q - 1, r + 1)],
        }
    }

    /// The three corners one edge away.
    pub fn neighbours(self) -> [Corner; 3] {
        let Hex { q, r } = self.hex;
        match self.side {
            CornerSide::N => [
                Corner::new(q, r - 1, CornerSide::S),
                Corner::new(q + 1, r - 1, CornerSide::S),
                Corner::new(q + 1, r - 2, CornerSide::S),
            ],
            CornerSide::S => [
                Corner::new(q, r + 1, CornerSide::N),
                Corner::new(q - 1, r + 1, CornerSide::N),
                Corner::new(q - 1, r + 2, CornerSide::N),
            ],
        }
    }

    /// The three edges that meet at this corner.
    pub fn edges(self) -> [Edge; 3] {
        let Hex { q, r } = self.hex;
        match self.side {
            CornerSide::N => [
                Edge::new(q, r, EdgeSide::NE),
                Edge::new(q, r - 1, EdgeSide::SE),
                Edge::new(q, r - 1, EdgeSide::E),
            ],
            CornerSide::S => [
                Edge::new(q, r, EdgeSide::SE),
                Edge::new(q - 1, r + 1, EdgeSide::NE),
                Edge::new(q - 1, r + 1, EdgeSide::E),
            ],
        }
    }

    /// Screen position for hexes of size 1.
    pub fn position(self) -> (f64, f64) {
        let (x, y) = self.hex.centre();
        match self.side {
            CornerSide::N => (x, y - 1.0),
            CornerSide::S => (x, y + 1.0),
        }
    }
}

impl Edge {
    pub const fn new(q: i16, r: i16, side: EdgeSide) -> Edge {
        Edge {
            hex: Hex::new(q, r),
            side,
        }
    }

    /// The two corners this edge joins.
    pub fn corners(self) -> [Corner; 2] {
        let Hex { q, r } = self.hex;
        match self.side {
            EdgeSide::NE => [
                Corner::new(q, r, CornerSide::N),
                Corner::new(q + 1, r - 1, CornerSide::S),
            ],
            EdgeSide::E => [
                Corner::new(q + 1, r - 1, CornerSide::S),
                Corner::new(q, r + 1, CornerSide::N),
            ],
            EdgeSide::SE => [
                Corner::new(q, r + 1, CornerSide::N),
                Corner::new(q, r, CornerSide::S),
            ],
        }
    }

    /// The two hexes this edge separates.
    pub fn hexes(self) -> [Hex; 2] {
        let Hex { q, r } = self.hex;
        match self.side {
            EdgeSide::NE => [self.hex, Hex::new(q + 1, r - 1)],
            EdgeSide::E => [self.hex, Hex::new(q + 1, r)],
            EdgeSide::SE => [self.hex, Hex::new(q, r + 1)],
        }
    }
}

/// The largest coordinate a text may name.
pub const MOST_COORDINATE: i16 = 1000;

/// A text that does not name a hex, corner or edge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not {expected}")]
pub struct CoordinateError {
    pub text: String,
    pub expected: &'static str,
}

/// Splits `q,r` or `q,r,NAME` (spaces allowed around each part) into its hex and name. Maps
/// and records name thousands of places, so this allocates nothing.
fn split_coordinate<'a>(
    text: &'a str,
    expected: &'static str,
) -> Result<(Hex, Option<&'a str>), CoordinateError> {
    let err = || CoordinateError {
        text: text.to_string(),
        expected,
    };
    let mut parts = [""; 3];
    let mut count = 0;
    let mut rest = text;
    while let Some(at) = rest.bytes().position(|b| b == b',') {
        if count == 2 {
            return Err(err());
        }
        parts[count] = rest[..at].trim();
        count += 1;
        rest = &rest[at + 1..];
    }
    parts[count] = rest.trim();
    count += 1;
    // Boards are small: a bound far beyond any map keeps neighbour arithmetic in range.
    let coordinate = |p: &str| {
        p.parse::<i16>()
            .ok()
            .filter(|n| (-MOST_COORDINATE..=MOST_COORDINATE).contains(n))
    };
    if count < 2 {
        return Err(err());
    }
    let q = coordinate(parts[0]).ok_or_else(err)?;
    let r = coordinate(parts[1]).ok_or_else(err)?;
    let name = (count == 3).then_some(parts[2]);
    Ok((Hex::new(q, r), name))
}

/// A corner or side name in capitals, on the stack: every name is one or two letters.
fn name_letters(text: &str) -> Option<[u8; 2]> {
    match *text.as_bytes() {
        [a] => Some([a.to_ascii_uppercase(), 0]),
        [a, b] => Some([a.to_ascii_uppercase(), b.to_ascii_uppercase()]),
        _ => None,
    }
}

impl FromStr for Hex {
    type Err = CoordinateError;
    fn from_str(text: &str) -> Result<Hex, CoordinateError> {
        const EXPECTED: &str = "a hex (`q,r`, for example `1,2`)";
        match split_coordinate(text, EXPECTED)? {
            (hex, None) => Ok(hex),
            _ => Err(CoordinateError {
                text: text.to_string(),
                expected: EXPECTED,
            }),
        }
    }
}

impl FromStr for Corner {
    type Err = CoordinateError;
    /// Accepts any of the six corner names of a hex (`q,r,N|NE|SE|S|SW|NW`).
    fn from_str(text: &str) -> Result<Corner, CoordinateError> {
        const EXPECTED: &str =
            "a corner (`q,r,N` or `q,r,S`, or another corner name of a hex: NE, SE, SW, NW)";
        let (hex, name) = split_coordinate(text, EXPECTED)?;
        name.and_then(CornerName::parse)
            .map(|n| hex.corner(n))
            .ok_or_else(|| CoordinateError {
                text: text.to_string(),
                expected: EXPECTED,
            })
    }
}

impl FromStr for Edge {
    type Err = CoordinateError;
    /// Accepts any of the six side names of a hex (`q,r,NE|E|SE|SW|W|NW`).
    fn from_str(text: &str) -> Result<Edge, CoordinateError> {
        const EXPECTED: &str =
            "an edge (`q,r,NE`, `q,r,E` or `q,r,SE`, or another side name of a hex: SW, W, NW)";
        let (hex, name) = split_coordinate(text, EXPECTED)?;
        name.and_then(Direction::parse)
            .map(|d| hex.edge(d))
            .ok_or_else(|| CoordinateError {
                text: text.to_string(),
                expected: EXPECTED,
            })
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            CornerSide::N => "N",
            CornerSide::S => "S",
        };
        write!(f, "{},{}", self.hex, side)
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            EdgeSide::NE => "NE",
            EdgeSide::E => "E",
            EdgeSide::SE => "SE",
        };
        write!(f, "{},{}", self.hex, side)
    }
}

macro_rules! serde_as_text {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
serde_as_text!(Hex);
serde_as_text!(Corner);
serde_as_text!(Edge);

#[cfg(test)]
mod tests {
    use super::*;

    fn corner(text: &str) -> Corner {
        text.parse().unwrap()
    }
    fn edge(text: &str) -> Edge {
        text.parse().unwrap()
    }

    #[test]
    fn corner_names_map_to_canonical_form() {
        // coordinates.md §3: corner NE of (2,0) is canonically 3,-1,S.
        assert_eq!(corner("2,0,NE").to_string(), "3,-1,S");
        assert_eq!(corner("2,3,SE").to_string(), "2,4,N");
        assert_eq!(corner("2,3,SW").to_string(), "1,4,N");
        assert_eq!(corner("2,3,NW").to_string(), "2,2,S");
        assert_eq!(corner(" 2, 3, n").to_string(), "2,3,N");
    }

    #[test]
    fn edge_names_map_to_canonical_form() {
        assert_eq!(edge("1,0,NW").to_string(), "1,-1,SE");
        assert_eq!(edge("-1,4,SW").to_string(), "-2,5,NE");
        assert_eq!(edge("-1,3,W").to_string(), "-2,3,E");
        assert_eq!(edge("3,2,E").to_string(), "3,2,E");
    }

    #[test]
    fn bad_text_is_refused_with_what_was_expected() {
        for text in ["", "1", "1,2,3", "1,2,X", "a,b,N", "1,2,N,S"] {
            let err = text.parse::<Corner>().unwrap_err();
            assert!(err.to_string().contains("is not a corner"), "{err}");
        }
        assert!("1,2,N".parse::<Edge>().is_err());
        assert!("1,2,E".parse::<Corner>().is_err());
        assert!("1,2,N".parse::<Hex>().is_err());
        assert!("-32768,0,W".parse::<Edge>().is_err());
        assert!("1001,0".parse::<Hex>().is_err());
        for text in ["1,2,", "1,2,NEE", "1,,N", ",2,N", "1,2,,", "1,2,ñ"] {
            assert!(text.parse::<Corner>().is_err(), "{text}");
            assert!(text.parse::<Edge>().is_err(), "{text}");
        }
        assert!("1,2,".parse::<Hex>().is_err());
    }

    #[test]
    fn names_are_read_in_any_case_and_spacing() {
        assert_eq!(edge(" 1 , 0 , nw ").to_string(), "1,-1,SE");
        assert_eq!(edge("3,2,e"), edge("3,2,E"));
        assert_eq!(corner("2,0,Ne"), corner("2,0,NE"));
        assert_eq!(" -2 ,5".parse::<Hex>().unwrap(), Hex::new(-2, 5));
    }

    #[test]
    fn every_corner_of_a_hex_is_shared_consistently() {
        // Each corner of a hex lists that hex among its own three hexes, and the edges
        // of a hex join its corners in clockwise order.
        for q in -3..4 {
            for r in -3..4 {
                let hex = Hex::new(q, r);
                let corners = hex.corners();
                for c in corners {
                    assert!(c.hexes().contains(&hex), "{c} of {hex}");
                }
                for (i, e) in hex.edges().into_iter().enumerate() {
                    let mut joined = e.corners();
                    joined.sort();
                    let mut expected = [corners[i], corners[(i + 1) % 6]];
                    expected.sort();
                    assert_eq!(joined, expected, "side {i} of {hex}");
                    assert!(e.hexes().contains(&hex));
                }
            }
        }
    }

    #[test]
    fn corner_neighbours_are_joined_by_its_edges() {
        for c in [corner("1,2,N"), corner("1,2,S"), corner("-2,5,N")] {
            for e in c.edges() {
                let [a, b] = e.corners();
                let other = if a == c { b } else { a };
                assert!(a == c || b == c);
                assert!(c.neighbours().contains(&other));
            }
        }
    }

    #[test]
    fn adjacent_edges_example() {
        // coordinates.md §5: 0,0,E is adjacent to 1,-1,SE, 0,0,NE, 0,0,SE and 0,1,NE.
        let e = edge("0,0,E");
        let mut adjacent: Vec<String> = e
            .corners()
            .iter()
            .flat_map(|c| c.edges())
            .filter(|x| *x != e)
            .map(|x| x.to_string())
            .collect();
        adjacent.sort();
        assert_eq!(adjacent, ["0,0,NE", "0,0,SE", "0,1,NE", "1,-1,SE"]);
    }

    #[test]
    fn distance() {
        assert_eq!(Hex::new(1, 2).distance(Hex::new(1, 0)), 2);
        assert_eq!(Hex::new(-1, 4).distance(Hex::new(3, 0)), 4);
    }
}
