// Words for people: the prompt that says what to do now, the event log, the actions.
// The page states what the server said; it decides nothing.

import type { Action, GameEvent, Legal, Resources, ViewData } from './types';
import { RESOURCES, phaseName } from './types';

export type NameOf = (seat: number) => string;

export const defaultName: NameOf = (seat) => `Seat ${seat}`;

const CARD_TITLES: Record<string, string> = {
  knight: 'Knight',
  victory_point: 'Victory Point',
  road_building: 'Road Building',
  year_of_plenty: 'Year of Plenty',
  monopoly: 'Monopoly',
};

export function cardTitle(card: string): string {
  return CARD_TITLES[card] ?? card;
}

/** `{"brick": 1, "ore": 2}` → `1 brick, 2 ore`; nothing → `nothing`. */
export function resourcesText(r: Resources | undefined | null): string {
  const parts = RESOURCES.filter((k) => (r?.[k] ?? 0) > 0).map((k) => `${r![k]} ${k}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

function seatsText(seats: unknown, nameOf: NameOf): string {
  const list = (seats as number[]) ?? [];
  return list.map(nameOf).join(', ') || 'nobody';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One event in plain words. */
export function eventText(e: GameEvent, nameOf: NameOf = defaultName): string {
  const n = (k: string) => nameOf(e[k] as number);
  const who = typeof e.seat === 'number' ? n('seat') : '';
  switch (e.event) {
    case 'settlement_built':
      return `${who} built a settlement at ${e.corner}`;
    case 'city_built':
      return `${who} built a city at ${e.corner}`;
    case 'road_built':
      return `${who} built a road at ${e.edge}`;
    case 'ship_built':
      return `${who} built a ship at ${e.edge}`;
    case 'ship_moved':
      return `${who} moved a ship from ${e.from} to ${e.to}`;
    case 'pirate_moved':
      return `${who} moved the pirate to ${e.hex}`;
    case 'robber_moved':
      return `${who} moved the robber to ${e.hex}`;
    case 'must_pick_gold':
      return `${who} chooses ${plural(e.count as number, 'card')} for gold`;
    case 'gold_picked':
      return `${who} took ${resourcesText(e.resources as Resources)} for gold`;
    case 'fog_revealed': {
      const num = e.number != null ? ` with number ${e.number}` : '';
      const reward = resourcesText(e.reward as Resources);
      return `${who} discovered ${e.terrain}${num} at ${e.hex}${reward === 'nothing' ? '' : ` and received ${reward}`}`;
    }
    case 'special_victory_points':
      return `${who} earned ${plural(e.value as number, 'special victory point')} at ${e.corner}`;
    case 'starting_resources':
      return `${who} received starting resources: ${resourcesText(e.resources as Resources)}`;
    case 'dice_rolled': {
      const [a, b] = e.dice as [number, number];
      return `${who} rolled ${a} + ${b} = ${e.total}`;
    }
    case 'produced':
      return `${who} received ${resourcesText(e.resources as Resources)}`;
    case 'bank_short':
      return `The bank is short of ${e.resource}: nobody receives it`;
    case 'must_discard':
      return `${who} must discard ${plural(e.count as number, 'card')}`;
    case 'discarded':
      return `${who} discarded ${resourcesText(e.resources as Resources)}`;
    case 'robbed':
      return `${n('thief')} took ${e.resource ? `1 ${e.resource}` : 'a card'} from ${n('victim')}`;
    case 'development_card_bought':
      return `${who} bought a development card${e.card ? ` (${cardTitle(e.card as string)})` : ''}`;
    case 'knight_played':
      return `${who} played a Knight`;
    case 'road_building_played':
      return `${who} played Road Building`;
    case 'year_of_plenty_played':
      return `${who} played Year of Plenty and took ${resourcesText(e.resources as Resources)}`;
    case 'monopoly_played':
      return `${who} played Monopoly on ${e.resource} and took ${plural(e.taken as number, 'card')}`;
    case 'traded_with_bank':
      return `${who} traded ${resourcesText(e.gave as Resources)} with the bank for ${resourcesText(e.got as Resources)}`;
    case 'trade_offered':
      return `${who} offers ${resourcesText(e.give as Resources)} for ${resourcesText(e.get as Resources)} to ${seatsText(e.to, nameOf)}`;
    case 'trade_accepted':
      return `${who} accepts the offer`;
    case 'trade_rejected':
      return `${who} rejects the offer`;
    case 'traded':
      return `${who} traded ${resourcesText(e.gave as Resources)} to ${n('with')} for ${resourcesText(e.got as Resources)}`;
    case 'trade_cancelled':
      return `${who} cancelled the offer`;
    case 'longest_road':
      return e.seat == null
        ? 'The Longest Road is set aside: nobody holds it'
        : `${who} takes the Longest Road (${e.length})`;
    case 'largest_army':
      return `${who} takes the Largest Army (${plural(e.knights as number, 'Knight')})`;
    case 'turn_started':
      return `Turn ${e.turn}: ${who}'s turn`;
    case 'game_won':
      return `${who} wins with ${e.points} points!`;
    default: {
      const { event, ...rest } = e;
      return `${event.replaceAll('_', ' ')} ${JSON.stringify(rest)}`;
    }
  }
}

/** An action in words, as a button or a record line says it. */
export function actionText(a: Action | { action: string; [k: string]: unknown }, nameOf: NameOf = defaultName): string {
  const x = a as Record<string, unknown>;
  const victim = x.victim != null ? ` and take a card from ${nameOf(x.victim as number)}` : '';
  switch (a.action) {
    case 'build_settlement':
      return `Build a settlement at ${x.corner}`;
    case 'build_city':
      return `Build a city at ${x.corner}`;
    case 'build_road':
      return `Build a road at ${x.edge}`;
    case 'build_ship':
      return `Build a ship at ${x.edge}`;
    case 'move_ship':
      return `Move the ship from ${x.from} to ${x.to}`;
    case 'buy_development_card':
      return 'Buy a development card';
    case 'roll_dice':
      return 'Roll the dice';
    case 'end_turn':
      return 'End the turn';
    case 'discard':
      return `Discard ${resourcesText(x.cards as Resources)}`;
    case 'move_robber':
      return `Move the robber to ${x.hex}${victim}`;
    case 'move_pirate':
      return `Move the pirate to ${x.hex}${victim}`;
    case 'pick_resources':
      return `Take ${resourcesText(x.cards as Resources)} for gold`;
    case 'play_knight':
      return 'Play a Knight';
    case 'play_road_building':
      return 'Play Road Building';
    case 'play_year_of_plenty':
      return `Play Year of Plenty for ${resourcesText(x.cards as Resources)}`;
    case 'play_monopoly':
      return `Play Monopoly on ${x.resource}`;
    case 'trade_with_bank':
      return `Trade ${x.give} with the bank for 1 ${x.get}`;
    case 'offer_trade':
      return `Offer ${resourcesText(x.give as Resources)} for ${resourcesText(x.get as Resources)} to ${seatsText(x.to, nameOf)}`;
    case 'accept_trade':
      return 'Accept the offer';
    case 'reject_trade':
      return 'Reject the offer';
    case 'confirm_trade':
      return `Trade with ${nameOf(x.with as number)}`;
    case 'cancel_trade':
      return 'Cancel the offer';
    case 'dice':
      return `Dice: ${(x.dice as number[]).join(' + ')}`;
    case 'draw_development_card':
      return `Draws a ${cardTitle(x.card as string)} card`;
    case 'steal_resource':
      return `The stolen card is ${x.resource}`;
    case 'reveal_fog':
      return `The fog at ${x.hex} is ${x.terrain}${x.number != null ? ` with number ${x.number}` : ''}`;
    default:
      return String(a.action).replaceAll('_', ' ');
  }
}

const ORDINAL = ['first', 'second', 'third', 'fourth'];

/** The engine's description with seat numbers turned into names ("seat 2" → "Bea"). */
export function describeWithNames(describe: string, nameOf: NameOf): string {
  const text = describe.replace(/\bseat (\d+)/g, (_, d) => nameOf(Number(d)));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What the viewer should do now, from the phase and what the server says is legal; when the
 * viewer has nothing to do, what the game waits for.
 */
export function prompt(view: ViewData, legal: Legal | null, nameOf: NameOf = defaultName): { text: string; yours: boolean } {
  const me = view.viewer;
  const phase = phaseName(view.phase);
  if (phase === 'over') {
    return { text: view.winner != null ? `${nameOf(view.winner)} won the game` : 'The game is over', yours: false };
  }
  const acts = legal?.actions ?? [];
  const has = (name: string) => acts.some((a) => a.action === name);
  const mine = me != null && legal != null && (acts.length > 0 || !!legal.discard || !!legal.gold || !!legal.offer);
  if (!mine) return { text: `Waiting: ${describeWithNames(view.describe, nameOf)}`, yours: false };
  const player = view.players.find((p) => p.seat === me);
  if (legal.discard) return { text: `Discard ${plural(legal.discard.count, 'card')} (half your hand)`, yours: true };
  if (legal.gold) return { text: `Choose ${plural(legal.gold.count, 'card')} for gold`, yours: true };
  switch (phase) {
    case 'setup_settlement': {
      const placed = (player?.settlements.length ?? 0) + (player?.cities.length ?? 0);
      return { text: `Place your ${ORDINAL[placed] ?? 'next'} settlement`, yours: true };
    }
    case 'setup_road':
      return {
        text: has('build_ship') && has('build_road') ? 'Place a road or a ship beside your new settlement'
          : has('build_ship') ? 'Place a ship beside your new settlement' : 'Place a road beside your new settlement',
        yours: true,
      };
    case 'before_roll':
      return { text: has('play_knight') ? 'Roll the dice (or play a Knight first)' : 'Roll the dice', yours: true };
    case 'moving_robber':
      return {
        text: has('move_pirate') && has('move_robber') ? 'Move the robber or the pirate: choose a highlighted hex'
          : has('move_pirate') ? 'Move the pirate: choose a highlighted sea hex' : 'Move the robber: choose a highlighted hex',
        yours: true,
      };
    case 'building_roads': {
      const left = (view.phase as { left?: number }).left ?? 0;
      return { text: `Place ${plural(left, 'free road')} (Road Building)`, yours: true };
    }
    case 'trade_offered': {
      if (has('accept_trade') || has('reject_trade')) {
        const o = view.offer;
        const offer = o ? `${resourcesText(o.give)} for ${resourcesText(o.get)}` : 'a trade';
        return { text: `${nameOf(view.active)} offers you ${offer}: accept or reject`, yours: true };
      }
      return { text: has('confirm_trade') ? 'Choose whom to trade with, or cancel the offer' : 'Waiting for answers to your offer (or cancel it)', yours: true };
    }
    case 'main':
      return { text: 'Build, trade or play a card, then end your turn', yours: true };
    default:
      return { text: describeWithNames(view.describe, nameOf), yours: true };
  }
}
