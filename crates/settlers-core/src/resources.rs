//! Resources, terrain and development cards (base.md B-2, B-5, B-6).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A resource card type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Brick,
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Ore,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Resource::Brick => "brick",
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Ore => "ore",
        }
    }

    pub fn from_name(name: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.name() == name)
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count of resource cards of each type: a hand, the bank, a cost, one side of a trade.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Resources(pub [u8; 5]);

impl Resources {
    pub const EMPTY: Resources = Resources([0; 5]);
    /// The bank at the start: 19 cards of each resource (B-5).
    pub const FULL_BANK: Resources = Resources([19; 5]);

    pub const fn new(brick: u8, lumber: u8, wool: u8, grain: u8, ore: u8) -> Resources {
        Resources([brick, lumber, wool, grain, ore])
    }

    pub fn one(r: Resource) -> Resources {
        let mut out = Resources::EMPTY;
        out.0[r.index()] = 1;
        out
    }

    #[inline]
    pub fn get(&self, r: Resource) -> u8 {
        self.0[r.index()]
    }

    #[inline]
    pub fn get_mut(&mut self, r: Resource) -> &mut u8 {
        &mut self.0[r.index()]
    }

    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 5]
    }

    /// Whether every count of `other` is covered by this one.
    #[inline]
    pub fn covers(&self, other: &Resources) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// Adds, saturating at 255 (never reached: there are 19 cards of a type).
    #[inline]
    pub fn add(&mut self, other: &Resources) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// Subtracts; the caller has checked `covers`.
    #[inline]
    pub fn subtract(&mut self, other: &Resources) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
    }

    /// The resource types with a non-zero count.
    pub fn kinds(&self) -> impl Iterator<Item = Resource> + '_ {
        Resource::ALL.into_iter().filter(|r| self.get(*r) > 0)
    }

    /// Whether both have a card of the same type.
    pub fn shares_a_type_with(&self, other: &Resources) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .any(|(a, b)| *a > 0 && *b > 0)
    }
}

impl fmt::Debug for Resources {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// `2 brick, 1 ore`; `nothing` when empty.
impl fmt::Display for Resources {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        let mut first = true;
        for r in Resource::ALL {
            let n = self.get(r);
            if n > 0 {
                if !first {
                    f.write_str(", ")?;
                }
                write!(f, "{n} {r}")?;
                first = false;
            }
        }
        Ok(())
    }
}

impl Serialize for Resources {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        for r in Resource::ALL {
            if self.get(r) > 0 {
                map.serialize_entry(r.name(), &self.get(r))?;
            }
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Resources {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<String, u8>::deserialize(d)?;
        let mut out = Resources::EMPTY;
        for (name, n) in map {
            let r = Resource::from_name(&name).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "`{name}` is not a resource (brick, lumber, wool, grain, ore)"
                ))
            })?;
            *out.get_mut(r) = n;
        }
        Ok(out)
    }
}

/// What a hex is (maps/README.md). Land produces per `Terrain::resource`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Sea,
    Desert,
    Gold,
    Fields,
    Hills,
    Mountains,
    Pasture,
    Forest,
    Castle,
    Fog,
}

impl Terrain {
    pub const ALL: [Terrain; 10] = [
        Terrain::Sea,
        Terrain::Desert,
        Terrain::Gold,
        Terrain::Fields,
        Terrain::Hills,
        Terrain::Mountains,
        Terrain::Pasture,
        Terrain::Forest,
        Terrain::Castle,
        Terrain::Fog,
    ];

    /// The resource a producing hex gives (B-2).
    pub fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Forest => Some(Resource::Lumber),
            _ => None,
        }
    }

    /// Land is every hex that is neither sea nor unexplored fog (S-2).
    pub fn is_land(self) -> bool {
        !matches!(self, Terrain::Sea | Terrain::Fog)
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Sea => "sea",
            Terrain::Desert => "desert",
            Terrain::Gold => "gold",
            Terrain::Fields => "fields",
            Terrain::Hills => "hills",
            Terrain::Mountains => "mountains",
            Terrain::Pasture => "pasture",
            Terrain::Forest => "forest",
            Terrain::Castle => "castle",
            Terrain::Fog => "fog",
        }
    }

    pub fn from_name(name: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A development card (B-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DevelopmentCard {
    Knight,
    VictoryPoint,
    RoadBuilding,
    YearOfPlenty,
    Monopoly,
}

impl DevelopmentCard {
    pub const ALL: [DevelopmentCard; 5] = [
        DevelopmentCard::Knight,
        DevelopmentCard::VictoryPoint,
        DevelopmentCard::RoadBuilding,
        DevelopmentCard::YearOfPlenty,
        DevelopmentCard::Monopoly,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DevelopmentCard::Knight => "knight",
            DevelopmentCard::VictoryPoint => "victory_point",
            DevelopmentCard::RoadBuilding => "road_building",
            DevelopmentCard::YearOfPlenty => "year_of_plenty",
            DevelopmentCard::Monopoly => "monopoly",
        }
    }

    /// The card's name as printed, for messages.
    pub fn title(self) -> &'static str {
        match self {
            DevelopmentCard::Knight => "Knight",
            DevelopmentCard::VictoryPoint => "Victory Point",
            DevelopmentCard::RoadBuilding => "Road Building",
            DevelopmentCard::YearOfPlenty => "Year of Plenty",
            DevelopmentCard::Monopoly => "Monopoly",
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A count of development cards of each kind: a deck or a hand.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct DevelopmentCards(pub [u8; 5]);

impl DevelopmentCards {
    /// The base deck of 25 cards (B-6).
    pub const BASE_DECK: DevelopmentCards = DevelopmentCards([14, 5, 2, 2, 2]);

    #[inline]
    pub fn get(&self, c: DevelopmentCard) -> u8 {
        self.0[c.index()]
    }
    #[inline]
    pub fn get_mut(&mut self, c: DevelopmentCard) -> &mut u8 {
        &mut self.0[c.index()]
    }
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 5]
    }
}

impl Serialize for DevelopmentCards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        for c in DevelopmentCard::ALL {
            if self.get(c) > 0 {
                map.serialize_entry(c.name(), &self.get(c))?;
            }
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for DevelopmentCards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<String, u8>::deserialize(d)?;
        let mut out = DevelopmentCards::default();
        for (name, n) in map {
            let c = DevelopmentCard::ALL
                .into_iter()
                .find(|c| c.name() == name)
                .ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "`{name}` is not a development card (knight, victory_point, road_building, year_of_plenty, monopoly)"
                    ))
                })?;
            *out.get_mut(c) = n;
        }
        Ok(out)
    }
}

/// Building costs (B-9).
pub mod cost {
    use super::Resources;
    pub const ROAD: Resources = Resources::new(1, 1, 0, 0, 0);
    pub const SETTLEMENT: Resources = Resources::new(1, 1, 1, 1, 0);
    pub const CITY: Resources = Resources::new(0, 0, 0, 2, 3);
    pub const DEVELOPMENT_CARD: Resources = Resources::new(0, 0, 1, 1, 1);
    /// A ship (seafarers.md S-5).
    pub const SHIP: Resources = Resources::new(0, 1, 1, 0, 0);
    /// Repairing a road an Earthquake damaged: what a road costs (barbarian-attack.md BAE-4).
    pub const ROAD_REPAIR: Resources = ROAD;
}
