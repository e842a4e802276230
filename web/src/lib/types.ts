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
  special_vp?: { kind: string; value?: number } | null;
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
  | { step: 'setup_road'; settlement: string }
  | { step: 'stealing'; victim: number }
  | { step: 'building_roads'; left: number }
  | { step: 'revealing'; edge: string; seat: number }
  | { step: string; [field: string]: unknown };

export interface PlayerData {
  seat: number;
  settlements: string[];
  cities: string[];
  roads: string[];
  ships: string[];
  closed_ships: string[];
  special_victory_points: number;
  gold_owed: number;
  resource_count: number;
  hand?: Resources;
  development_card_count: number;
  development_cards?: DevelopmentCards;
  new_development_cards?: DevelopmentCards;
  played_knights: number;
  road_length: number;
  victory_points: number;
  discard_owed: number;
  /** Not in the view yet: the seat's bank rate per resource, when the server sends it. */
  bank_rates?: Resources;
}

export interface OfferData {
  give: Resources;
  get: Resources;
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
  development_deck: number;
  robber: string | null;
  pirate: string | null;
  chits: Chit[];
  victory_target: number;
  longest_road: number | null;
  largest_army: number | null;
  winner: number | null;
  offer: OfferData | null;
  players: PlayerData[];
}

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
  | { action: 'move_pirate'; hex: string; victim?: number }
  | { action: 'pick_resources'; cards: Resources }
  | { action: 'play_knight' }
  | { action: 'play_road_building' }
  | { action: 'play_year_of_plenty'; cards: Resources }
  | { action: 'play_monopoly'; resource: Resource }
  | { action: 'trade_with_bank'; give: Resource; get: Resource }
  | { action: 'offer_trade'; give: Resources; get: Resources; to: number[] }
  | { action: 'accept_trade' }
  | { action: 'reject_trade' }
  | { action: 'confirm_trade'; with: number }
  | { action: 'cancel_trade' }
  | { action: 'dice'; dice: [number, number] }
  | { action: 'draw_development_card'; card: DevelopmentCard }
  | { action: 'steal_resource'; resource: Resource }
  | { action: 'reveal_fog'; hex: string; terrain: string; number?: number };

export interface CardRange {
  count: number;
  from: Resources;
}
export interface Legal {
  actions: Action[];
  discard: CardRange | null;
  gold: CardRange | null;
  offer: { can_give: Resources; to: number[] } | null;
  /** Not in the protocol yet: the seat's rate per resource given to the bank. */
  bank_rates?: Resources;
}

export type GameEvent = { event: string; [field: string]: unknown };

export type ServerMessage =
  | { type: 'view'; seq: number; view: ViewData; legal: Legal | null; events: GameEvent[] }
  | { type: 'error'; message: string; kind: string }
  | { type: 'pong' };

export interface ScenarioInfo {
  name: string;
  title: string;
  players: number[];
  victory_points: number;
  default_layout: string;
  preview: MapFile;
}

export interface SeatSummary {
  seat: number;
  kind: 'human' | 'bot';
  name?: string | null;
  bot?: string | null;
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
