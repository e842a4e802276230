// The shapes the server sends (docs/protocol.md), mirroring settlers_core::view::ViewData,
// the legal object, the events (settlers_core::event::Event) and the actions of
// docs/record-format.md. Positions are text: hex "q,r", corner "q,r,N", edge "q,r,E".

export const RESOURCES = ['brick', 'lumber', 'wool', 'grain', 'ore'] as const;
export type Resource = (typeof RESOURCES)[number];
export type Resources = Partial<Record<Resource, number>>;

export const DEVELOPMENT_CARDS = ['knight', 'victory_point', 'road_building', 'year_of_plenty', 'monopoly'] as const;
export type DevelopmentCard = (typeof DEVELOPMENT_CARDS)[number];
export type DevelopmentCards = Partial<Record<DevelopmentCard, number>>;

export interface HexEntry {
  hex: string;
  terrain: string | null;
  number: number | null;
  [other: string]: unknown;
}
export interface HarborEntry {
  edge: string;
  type: string;
  beginner_type?: string;
}
export interface MapFile {
  id: string;
  name?: string;
  game?: string;
  players?: number[];
  victory_points?: number;
  hexes: HexEntry[];
  harbors?: HarborEntry[];
  robber?: { start?: string | null } | null;
  pirate?: { start?: string | null; used?: boolean } | null;
  rules?: Record<string, unknown>;
  special_vp?: { kind: string; value?: number; cloth_per_vp?: number; areas?: string[]; excluded_areas?: string[]; first_foreign?: number; each_further_foreign?: number } | null;
  [other: string]: unknown;
}

export type Phase =
  | 'setup_settlement'
  | 'before_roll'
  | 'rolling'
  | 'discarding'
  | 'moving_robber'
  | 'main'
  | 'drawing'
  | 'trade_offered'
  | 'picking_gold'
  | 'over'
  // Barbarian Attack
  | 'landing'
  | 'placing_knight'
  | 'placing_black_knight'
  | 'treason'
  | 'intrigue'
  | 'moving_knights'
  | 'battle'
  | 'foreign_knight'
  | 'event'
  // The Forgotten Tribe
  | 'drawing_gift'
  | 'placing_gift_harbor'
  // The New World: the harbor tokens placed before setup (SC9-3)
  | 'drawing_harbor'
  | 'placing_harbor'
  | { step: 'setup_road'; settlement: string }
  | { step: 'stealing'; victim: number }
  | { step: 'building_roads'; left: number }
  | { step: 'revealing'; edge: string; seat: number }
  | { step: 'neutral_building'; settlement: boolean }
  | { step: 'forced_trade'; victim: number }
  | { step: 'giving_back'; victim: number }
  | { step: 'event_stealing'; taker: number; victim: number }
  // The Pirate Islands: chance rolls the fortress die; chance takes the cards the fleet
  // plunders from a seat; a seat that beat the fleet takes a resource.
  | 'fortress_battle'
  | { step: 'fleet_plunder'; seat: number }
  | { step: 'fleet_reward'; seat: number }
  | { step: string; [field: string]: unknown };

export interface PlayerData {
  seat: number;
  /** Barbarian Attack for two: a neutral seat (pieces only, never a turn). */
  neutral?: boolean;
  settlements: string[];
  cities: string[];
  roads: string[];
  ships: string[];
  closed_ships: string[];
  special_victory_points: number;
  gold_owed: number;
  resource_count: number;
  hand?: Resources;
  /** Another seat's hand as far as the viewer can know it: each resource between `low` and `high` (card tracking, docs/bots.md). */
  hand_bounds?: { low: Resources; high: Resources };
  development_card_count: number;
  development_cards?: DevelopmentCards;
  new_development_cards?: DevelopmentCards;
  played_knights: number;
  road_length: number;
  victory_points: number;
  discard_owed: number;
  /** The seat's bank rate per resource (4, or a harbor's 3 or 2). */
  bank_rates?: Resources;
}

/** Barbarian Attack's pieces on the table (settlers_core::view::BarbariansView). */
export interface BarbariansView {
  castle: string;
  /** Barbarians on each coastal hex holding some: `{"0,4": 1}`. */
  on: Record<string, number>;
  supply: number;
  conquered: string[];
  conquered_buildings: string[];
  knights: { seat: number; edge: string }[];
  /** Gold coins and prisoners, by seat. */
  gold: number[];
  prisoners: number[];
  /** Barbarian Attack cards left in the deck. */
  deck: number;
  /** Two players: trade tokens by seat (absent otherwise), and in the supply. */
  tokens?: number[];
  token_supply: number;
}

export const EVENT_KINDS = [
  'calm',
  'robber_attacks',
  'epidemic',
  'neighborly_assistance',
  'calm_sea',
  'robber_flees',
  'plentiful_year',
  'conflict',
  'tournament',
  'trade_advantage',
  'earthquake',
  'good_neighbors',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export interface EventCard {
  event: EventKind;
  number: number;
}

/** Event cards in place of the dice (settlers_core::view::EventsView). */
export interface EventsView {
  last: EventCard | null;
  revealed: EventCard[];
  before_new_year: number;
  owed: number[];
  damaged_roads: string[];
}

export interface HarbormasterView {
  holder: number | null;
  /** Harbor points by playing seat. */
  points: number[];
}

/** The Wonders of Catan: one wonder (settlers_core::view::WonderView). */
export interface WonderView {
  wonder: string;
  owner: number | null;
  stages: number;
  /** What each stage costs. */
  cost: Resources;
  /** The seats the viewer knows to meet its requirement now. */
  meets: number[];
}

/** The Forgotten Tribe: one gift edge (settlers_core::view::GiftView). */
export interface GiftView {
  edge: string;
  gift: 'special_vp' | 'development_card' | 'harbor' | string;
  /** A harbor gift's type (`3:1` or a resource), face up from the start. */
  harbor?: string;
  taken_by: number | null;
  /** A harbor token taken and waiting in front of its seat. */
  waiting?: boolean;
  placed_at?: string;
}

/** Cloth for Catan: a village on a corner of a tribe island (settlers_core::view::VillageView). */
export interface VillageView {
  corner: string;
  number: number;
  cloth: number;
  /** The seats trading with it, in the order they began to. */
  traders: number[];
}

/** Cloth for Catan: the cloth on the table, all public (settlers_core::view::ClothView). */
export interface ClothView {
  villages: VillageView[];
  /** The general supply. */
  supply: number;
  /** Cloth held, by seat. */
  held: number[];
}

/** The Pirate Islands: one seat's colour (settlers_core::view::ColourView). */
export interface PirateColourView {
  seat: number;
  /** The colour's name on the printed board (`orange`, `red`, `blue`, `white`). */
  colour: string;
  /** The fortress's corner. */
  fortress: string;
  /** Chits left on the fortress; 0 once conquered (the corner then holds the seat's settlement). */
  chits: number;
  /** The pirate-island corner where this seat alone may settle. */
  site: string;
  /** The edges its ships may use (its dotted course). */
  lane: string[];
  /** Its ships laid flat: a subset of its `ships`. */
  warships: string[];
}

/** The Pirate Islands: the fleet and the colours, all public (settlers_core::view::PirateIslandsView). */
export interface PirateIslandsView {
  /** The fleet's hex (the view's `pirate`); `null` once it has left the game. */
  fleet: string | null;
  /** The hexes it sails, in order, from its start, wrapping round. */
  fleet_path: string[];
  /** By seat. */
  colours: PirateColourView[];
}

export interface OfferData {
  give: Resources;
  get: Resources;
  /** Barbarian Attack: gold coins given and asked for besides the cards; absent when 0. */
  give_gold?: number;
  get_gold?: number;
  to: number[];
  answered: number[];
  accepted: number[];
}

export interface Chit {
  seat: number;
  corner: string;
  value: number;
}

export interface ViewData {
  viewer: number | null;
  scenario: string;
  map: MapFile;
  phase: Phase;
  active: number;
  turn: number;
  to_act: number[];
  describe: string;
  dice: [number, number] | null;
  bank: Resources;
  /** The bank never runs short (an engine option, not the official rule); `bank` stays at 19 of each. */
  unlimited_bank?: boolean;
  development_deck: number;
  /** Development cards the viewer has not seen, by kind: the deck and the others' unplayed cards. */
  unseen_development_cards?: DevelopmentCards;
  robber: string | null;
  pirate: string | null;
  chits: Chit[];
  victory_target: number;
  /** Barbarian Attack: the target wins at once, in another's turn too. */
  win_off_turn?: boolean;
  longest_road: number | null;
  largest_army: number | null;
  winner: number | null;
  /** Seats sharing the win with `winner` (Cloth for Catan's full tie); absent when none. */
  shared_winners?: number[];
  /** Rounds in a row that ended with the public scores as they began. */
  standstill_rounds?: number;
  /** The game ends without a winner when `standstill_rounds` reaches this; absent when it plays on. */
  standstill_limit?: number;
  offer: OfferData | null;
  players: PlayerData[];
  barbarians?: BarbariansView;
  events?: EventsView;
  harbormaster?: HarbormasterView;
  wonders?: WonderView[] | null;
  gifts?: GiftView[] | null;
  /** The New World before setup (SC9-3): the token the active seat holds, face up, and how many lie face down. */
  harbor_placement?: HarborPlacementView | null;
  cloth?: ClothView | null;
  pirate_islands?: PirateIslandsView | null;
}

export type BarbarianCard = 'knighthood' | 'black_knight' | 'treason' | 'intrigue';

export type Action =
  | { action: 'build_settlement'; corner: string }
  | { action: 'build_city'; corner: string }
  | { action: 'build_road'; edge: string }
  | { action: 'build_ship'; edge: string }
  | { action: 'move_ship'; from: string; to: string }
  | { action: 'buy_development_card' }
  | { action: 'roll_dice' }
  | { action: 'end_turn' }
  | { action: 'discard'; cards: Resources }
  | { action: 'move_robber'; hex: string; victim?: number }
  // `take: 'cloth'` (Cloth for Catan): a cloth from the victim in place of a card.
  | { action: 'move_pirate'; hex: string; victim?: number; take?: 'card' | 'cloth' }
  | { action: 'pick_resources'; cards: Resources }
  | { action: 'play_knight' }
  | { action: 'play_road_building' }
  | { action: 'play_year_of_plenty'; cards: Resources }
  | { action: 'play_monopoly'; resource: Resource }
  | { action: 'trade_with_bank'; give: Resource; get: Resource }
  | { action: 'offer_trade'; give: Resources; get: Resources; to: number[]; give_gold?: number; get_gold?: number }
  | { action: 'accept_trade' }
  | { action: 'reject_trade' }
  | { action: 'confirm_trade'; with: number }
  | { action: 'cancel_trade' }
  | { action: 'dice'; dice: [number, number] }
  | { action: 'draw_development_card'; card: DevelopmentCard }
  | { action: 'steal_resource'; resource: Resource }
  | { action: 'reveal_fog'; hex: string; terrain: string; number?: number }
  // Barbarian Attack (docs/record-format.md, Actions)
  | { action: 'place_knight'; edge: string }
  | { action: 'move_knight'; from: string; to: string }
  | { action: 'treason_move'; from?: string; to: string }
  | { action: 'take_prisoner'; hex: string }
  | { action: 'buy_with_gold'; resource: Resource }
  | { action: 'rob_player'; victim?: number }
  | { action: 'neutral_road'; seat: number; edge: string }
  | { action: 'neutral_settlement'; seat: number; corner: string }
  | { action: 'place_foreign_knight'; edge?: string }
  | { action: 'drive_away_barbarian'; hex: string }
  | { action: 'force_trade' }
  | { action: 'give_back'; cards: Resources }
  | { action: 'take_cards'; cards: Resources }
  | { action: 'damage_road'; edge: string }
  | { action: 'repair_road'; edge: string }
  | { action: 'give_card'; to: number; resource: Resource }
  | { action: 'land_barbarian'; total: number }
  | { action: 'draw_barbarian_card'; card: BarbarianCard }
  | { action: 'roll_off'; dice: number[] }
  | { action: 'casualties'; die: number }
  | { action: 'reveal_event'; event: EventKind; number: number }
  // The Forgotten Tribe and The Wonders of Catan
  | { action: 'reveal_gift_card'; card: DevelopmentCard }
  | { action: 'place_gift_harbor'; edge: string; harbor: string }
  // The New World (SC9-3)
  | { action: 'turn_over_harbor'; harbor: string }
  | { action: 'place_harbor'; edge: string }
  | { action: 'claim_wonder'; wonder: string }
  | { action: 'build_wonder_stage' }
  // The Pirate Islands
  | { action: 'attack_fortress' }
  | { action: 'fortress_die'; die: number }
  | { action: 'fleet_plunder'; cards: Resources };

export interface CardRange {
  count: number;
  from: Resources;
}
export interface OfferRange {
  can_give: Resources;
  to: number[];
  /** Barbarian Attack: gold coins the seat may give, and whether gold may be asked for. */
  can_give_gold?: number;
  gold?: boolean;
}
export interface Legal {
  actions: Action[];
  discard: CardRange | null;
  gold: CardRange | null;
  /** Barbarian Attack for two: the cards to give back after a forced trade. */
  give_back?: CardRange | null;
  offer: OfferRange | null;
  /** Barbarian Attack: gold exchanges (2 gold for a resource) left this turn. */
  gold_exchanges_left?: number | null;
  /** Not in the protocol: the seat's rate per resource given to the bank. */
  bank_rates?: Resources;
}

export type GameEvent = { event: string; [field: string]: unknown };

/** A counter-offer standing in the turn (docs/protocol.md), from its maker's side. */
export interface CounterOffer {
  from: number;
  /** The offerer, the active seat. */
  to: number;
  give: Resources;
  get: Resources;
  give_gold?: number;
  get_gold?: number;
  refused: boolean;
}

/** A counter-offer's terms, as the seat making it sends them: what it gives, what it gets. */
export type CounterTerms = Pick<CounterOffer, 'give' | 'get' | 'give_gold' | 'get_gold'>;

export type ServerMessage =
  // The board comes on connecting and whenever it changed; otherwise it is the last one sent.
  // `past`: the first view of a connection, whose events are the game's last events.
  // `counters`: the counter-offers standing in the turn, when there are any.
  | { type: 'view'; seq: number; view: Omit<ViewData, 'map'> & { map?: MapFile }; legal: Legal | null; events: GameEvent[]; past?: boolean; counters?: CounterOffer[] }
  | { type: 'error'; message: string; kind: string }
  | { type: 'pong' };

export interface HarborPlacementView {
  /** `3:1` or a resource; `null` while chance turns the next one over. */
  in_hand: string | null;
  face_down: number;
}

export interface ScenarioInfo {
  name: string;
  title: string;
  players: number[];
  victory_points: number;
  default_layout: string;
  /** Barbarian Attack's options: `event_cards`, `tournament`, `harbormaster`, `win_off_turn`. */
  variants?: string[];
  generated?: boolean;
  preview: MapFile;
}

/** A level of `/api/levels`: the bot people choose by how hard it is to beat. */
export interface Level {
  /** `easy`, `medium`, `hard`. */
  level: string;
  /** As a player reads it: `Easy`. */
  title: string;
  /** The bot that plays it (`heuristic:noise=0.3`). */
  bot: string;
  about: string;
}
export interface SeatSummary {
  seat: number;
  kind: 'human' | 'bot';
  name?: string | null;
  bot?: string | null;
  /** The level the bot plays (`/api/levels`: `easy`, `medium`, `hard`), if it plays one. */
  level?: string | null;
}
export interface GameSummary {
  id: string;
  scenario: string;
  seats: SeatSummary[];
  status: 'playing' | 'finished';
  turn: number;
  winner: number | null;
  created: string;
}

export interface RecordEntry {
  actor: number | 'chance';
  action: string;
  [field: string]: unknown;
}
export interface GameRecord {
  format: string;
  version: number;
  scenario: string;
  map: MapFile;
  seats: { name?: string; bot?: string }[];
  first_seat: number;
  options: Record<string, unknown>;
  actions: RecordEntry[];
  result?: { winner: number | null; victory_points: number[]; turns: number };
}

export function count(r: Resources | undefined): number {
  if (!r) return 0;
  return RESOURCES.reduce((n, k) => n + (r[k] ?? 0), 0);
}

export function phaseName(p: Phase): string {
  return typeof p === 'string' ? p : p.step;
}
