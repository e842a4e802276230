// Words for people: the prompt that says what to do now, the event log, the actions.
// The page states what the server said; it decides nothing.

import type { Action, GameEvent, Legal, MapFile, Resources, ViewData } from './types';
import { RESOURCES, phaseName } from './types';
import { WONDER_STAGES, giftText, harborText, wonderTitle, wonderWinReason } from './seafarers';
import { NO_WINNER_TEXT, noWinnerText, standstillText, winText, winnersOf } from './end';
import { pirateWinText } from './pirates';
import { plural } from './words';
import { COORDINATES, placeNames, placeText, type Places } from './places';
import { BARBARIAN_CARD_TITLES, GOLD_PER_RESOURCE, KNIGHT_STEPS, BOOSTED_STEPS, SUPPLY, eventTitle, tokenCost } from './barbarians';

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
  return CARD_TITLES[card] ?? BARBARIAN_CARD_TITLES[card] ?? card;
}

/** `{"brick": 1, "ore": 2}` → `1 brick, 2 ore`; nothing → `nothing`. */
export function resourcesText(r: Resources | undefined | null): string {
  const parts = RESOURCES.filter((k) => (r?.[k] ?? 0) > 0).map((k) => `${r![k]} ${k}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

/** What the bank holds, or that it never runs short (the engine option of an unlimited bank). */
export function bankText(view: Pick<ViewData, 'bank' | 'unlimited_bank'>): string {
  return view.unlimited_bank ? 'unlimited (never short of a resource)' : resourcesText(view.bank);
}

/** One side of a trade: its cards and, in Barbarian Attack, its gold coins. */
export function tradeSideText(cards: Resources | undefined | null, gold: number | undefined): string {
  const coins = gold ? plural(gold, 'gold coin') : '';
  const hand = resourcesText(cards);
  if (!coins) return hand;
  return hand === 'nothing' ? coins : `${hand}, ${coins}`;
}

function seatsText(seats: unknown, nameOf: NameOf): string {
  const list = (seats as number[]) ?? [];
  return list.map(nameOf).join(', ') || 'nobody';
}

/** A hex as the board shows it: its terrain and number (`the hills 5`). */
export function hexPlace(map: Pick<MapFile, 'hexes'>, hex: string): string {
  return placeNames(map).hex(hex);
}

/** One event in plain words; `p` names the places (`placeNames`), by their coordinates when not given. */
export function eventText(e: GameEvent, nameOf: NameOf = defaultName, p: Places = COORDINATES): string {
  const n = (k: string) => nameOf(e[k] as number);
  const who = typeof e.seat === 'number' ? n('seat') : '';
  switch (e.event) {
    case 'settlement_built':
      return `${who} built a settlement ${p.corner(e.corner as string, 'at')}`;
    case 'city_built':
      return `${who} built a city ${p.corner(e.corner as string, 'at')}`;
    case 'road_built':
      return `${who} built a road ${p.edge(e.edge as string, 'at')}`;
    case 'ship_built':
      return `${who} built a ship ${p.edge(e.edge as string, 'at')}`;
    case 'ship_moved':
      return `${who} moved a ship ${p.edge(e.from as string, 'from')} ${p.edge(e.to as string, 'to')}`;
    case 'pirate_moved':
      return `${who} moved the pirate to ${p.hex(e.hex as string)}`;
    case 'robber_moved':
      return `${who} moved the robber to ${p.hex(e.hex as string)}`;
    case 'must_pick_gold':
      return `${who} chooses ${plural(e.count as number, 'card')} for gold`;
    case 'gold_picked':
      return `${who} took ${resourcesText(e.resources as Resources)} for gold`;
    case 'fog_revealed': {
      const num = e.number != null ? ` with number ${e.number}` : '';
      const reward = resourcesText(e.reward as Resources);
      return `${who} discovered ${e.terrain}${num}${p === COORDINATES ? ` at ${e.hex}` : ''}${reward === 'nothing' ? '' : ` and received ${reward}`}`;
    }
    case 'special_victory_points':
      return `${who} earned ${plural(e.value as number, 'special victory point')} ${p.corner(e.corner as string, 'at')}`;
    case 'starting_resources':
      return `${who} received starting resources: ${resourcesText(e.resources as Resources)}`;
    case 'dice_rolled': {
      const [a, b] = e.dice as [number, number];
      return `${who} rolled ${a} + ${b} = ${e.total}`;
    }
    case 'produced':
      return `${who} received ${resourcesText(e.resources as Resources)}`;
    case 'no_place_in_setup':
      return `${who} has no place left for a starting ${e.piece} and places none`;
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
      return e.shared ? `${who} shares the win with ${plural(e.points as number, 'point')}` : `${who} wins with ${plural(e.points as number, 'point')}!`;
    case 'nobody_can_win':
      return NO_WINNER_TEXT;
    case 'scores_stood_still':
      return standstillText(e.rounds as number);
    // Barbarian Attack
    case 'barbarians_landed':
      return e.landed
        ? `Barbarians land on ${p.hex(e.hex as string)} (rolled ${e.total}): ${plural(e.barbarians as number, 'barbarian')} there${(e.barbarians as number) >= 3 ? ', the hex is conquered' : ''}`
        : `Rolled ${e.total} for a landing: ${p.hex(e.hex as string)} is conquered already, no barbarian lands`;
    case 'barbarian_card_drawn':
      return `${who} drew ${cardTitle(e.card as string)}`;
    case 'knight_placed':
      return `${who} placed a knight ${p.edge(e.edge as string, 'on')}`;
    case 'knight_moved':
      return `${who} moved a knight ${p.edge(e.from as string, 'from')} ${p.edge(e.to as string, 'to')}${e.grain ? ' (paid 1 grain)' : ''}`;
    case 'barbarian_moved':
      return `${who} moved a barbarian from ${e.from != null ? p.hex(e.from as string) : 'the supply'} to ${p.hex(e.to as string)} (Treason)`;
    case 'prisoner_taken':
      return `${who} took a barbarian prisoner from ${p.hex(e.hex as string)} (Intrigue)`;
    case 'battle_won':
      return `The knights beat the barbarians at ${p.hex(e.hex as string)}: ${plural(e.knights as number, 'knight')} against ${plural(e.barbarians as number, 'barbarian')}`;
    case 'prisoners_won':
      return `${who} takes ${plural(e.prisoners as number, 'prisoner')}`;
    case 'rolled_off':
      return `Roll-off for prisoners: ${(e.dice as number[]).map((d, i) => (d ? `${nameOf(i)} ${d}` : '')).filter(Boolean).join(', ')}`;
    case 'gold_won':
      return `${who} receives ${e.gold} gold`;
    case 'knight_lost':
      return `${who} lost the knight ${p.edge(e.edge as string, 'on')} and receives ${e.gold} gold`;
    case 'casualty_rolled':
      return `Casualty die: ${e.die}`;
    case 'gold_exchanged':
      return `${who} paid ${GOLD_PER_RESOURCE} gold for 1 ${e.resource}`;
    case 'barbarian_driven_away':
      return `${who} spent a trade token to drive a barbarian away from ${p.hex(e.hex as string)}`;
    case 'cards_taken':
      return `${who} spent a trade token and took ${plural(e.count as number, 'card')} from ${n('victim')}`;
    case 'cards_given_back':
      return `${who} gave ${plural(e.count as number, 'card')} back to ${n('victim')}`;
    case 'event_card_revealed':
      return `${who} revealed the event card ${eventTitle(e.kind as string)} (${e.number})`;
    case 'new_year':
      return 'New Year: the event cards are shuffled back into the deck';
    case 'event_card_rejected':
      return `A second ${e.number} (${eventTitle(e.kind as string)}) is put aside`;
    case 'road_damaged':
      return `Earthquake: ${who}'s road ${p.edge(e.edge as string, 'on')} is damaged`;
    case 'road_repaired':
      return `${who} repaired the road ${p.edge(e.edge as string, 'on')}`;
    case 'card_given':
      return `${who} gave ${e.resource ? `1 ${e.resource}` : 'a card'} to ${n('to')}`;
    case 'harbormaster':
      return e.seat == null ? 'The Harbormaster is set aside: nobody holds it' : `${who} takes the Harbormaster (${plural(e.points as number, 'harbor point')})`;
    // The Wonders of Catan and The Forgotten Tribe
    case 'wonder_claimed':
      return `${who} claimed the ${wonderTitle(e.wonder as string)} (a ship from stock leaves play)`;
    case 'wonder_stage_built':
      return `${who} built stage ${e.stage} of ${WONDER_STAGES} of the ${wonderTitle(e.wonder as string)}`;
    case 'gift_taken':
      return `${who} took the gift ${p.edge(e.edge as string, 'on')}: ${giftText({ gift: e.gift as string, harbor: (e.harbor as string | null) ?? undefined })}`;
    case 'gift_card_taken':
      return `${who} took the gift card${e.card ? ` (${cardTitle(e.card as string)})` : ''} into their hand`;
    case 'harbor_turned_over':
      return `${who} turned over a ${harborText(e.harbor as string)} harbor token to place`;
    case 'harbors_set_aside':
      return `No coast edge takes a harbor any more: ${plural(e.count as number, 'harbor token')} go back to the box`;
    case 'harbor_placed':
      return `${who} placed a ${harborText(e.harbor as string)} harbor ${p.edge(e.edge as string, 'at')}`;
    // Cloth for Catan
    case 'trade_established':
      return `${who} now trades with the village ${p.corner(e.village as string, 'at')}${e.cloth ? ' and took a cloth from it' : ' (it has no cloth left to give)'}`;
    case 'cloth_produced':
      // From the village, or from the general supply once the village ran out (SC6-5).
      return `${who} received a cloth for trading with the village ${p.corner(e.village as string, 'at')}${e.from_supply ? ', from the general supply: the village has none left' : ''}`;
    case 'cloth_stolen':
      return `${n('thief')}'s pirate took a cloth from ${n('victim')}`;
    case 'villages_ran_dry': {
      const left = e.villages_with_cloth as number;
      if (!left) return 'No village holds cloth any more: the game ends';
      return `Only ${plural(left, 'village')} still ${left === 1 ? 'holds' : 'hold'} cloth: the game ends`;
    }
    // The Pirate Islands
    case 'fleet_sailed':
      return `The pirate fleet sailed to ${p.hex(e.hex as string)} with strength ${e.strength}`;
    case 'fleet_attacked': {
      const w = plural(e.warships as number, 'warship');
      const against = `${w} against strength ${e.strength}`;
      switch (e.outcome) {
        case 'won':
          return `The pirate fleet attacked ${who}: ${against}, ${who} beat it`;
        case 'lost':
          return `The pirate fleet attacked ${who}: ${against}, the fleet wins`;
        default:
          return `The pirate fleet attacked ${who}: ${against}, a draw (nothing happens)`;
      }
    }
    case 'fleet_plundered':
      return `The pirate fleet took ${resourcesText(e.resources as Resources)} from ${who}`;
    case 'fleet_beaten':
      return `${who} beat the pirate fleet and took ${resourcesText(e.resources as Resources)} from the bank`;
    case 'fleet_left':
      return 'Every fortress has fallen: the pirate fleet leaves the game';
    case 'warship_made':
      return `${who} played ${e.card === 'victory_point' ? 'a Victory Point card as a Knight' : 'a Knight'}: the ship ${p.edge(e.edge as string, 'on')} is now a warship`;
    case 'fortress_attacked': {
      const [die, w] = [e.die as number, e.warships as number];
      const head = `${who} attacked their fortress: ${plural(w, 'warship')} against a die of ${die}`;
      const lost = e.ships_lost as number;
      if (lost) return `${head}, ${who} lost ${plural(lost, 'ship')}`;
      const left = e.chits_left as number;
      return left ? `${head}, the fortress lost a chit (${left} left)` : `${head}, the fortress lost its last chit`;
    }
    case 'ship_lost':
      return `${who}'s ship ${p.edge(e.edge as string, 'on')} was lost at the fortress (back to stock)`;
    case 'fortress_conquered':
      return `${who} conquered their fortress ${p.corner(e.corner as string, 'at')}: it is now their settlement`;
    default: {
      const { event, ...rest } = e;
      return `${event.replaceAll('_', ' ')} ${JSON.stringify(rest)}`;
    }
  }
}

/** What an action's words depend on besides the action: the scenario. */
export interface ActionContext {
  /** The Pirate Islands: a Knight makes a warship, a gold pick is the fleet's reward. */
  pirates?: boolean;
}

/** An action in words, as a button or a record line says it. */
export function actionText(a: Action | { action: string; [k: string]: unknown }, nameOf: NameOf = defaultName, ctx: ActionContext = {}, p: Places = COORDINATES): string {
  const x = a as Record<string, unknown>;
  const loot = x.take === 'cloth' ? 'a cloth' : 'a card';
  const victim = x.victim != null ? ` and take ${loot} from ${nameOf(x.victim as number)}` : '';
  switch (a.action) {
    case 'build_settlement':
      return `Build a settlement ${p.corner(x.corner as string, 'at')}`;
    case 'build_city':
      return `Build a city ${p.corner(x.corner as string, 'at')}`;
    case 'build_road':
      return `Build a road ${p.edge(x.edge as string, 'at')}`;
    case 'build_ship':
      return `Build a ship ${p.edge(x.edge as string, 'at')}`;
    case 'move_ship':
      return `Move the ship ${p.edge(x.from as string, 'from')} ${p.edge(x.to as string, 'to')}`;
    case 'buy_development_card':
      return 'Buy a development card';
    case 'roll_dice':
      return 'Roll the dice';
    case 'end_turn':
      return 'End the turn';
    case 'discard':
      return `Discard ${resourcesText(x.cards as Resources)}`;
    case 'move_robber':
      return `Move the robber to ${p.hex(x.hex as string)}${victim}`;
    case 'move_pirate':
      return `Move the pirate to ${p.hex(x.hex as string)}${victim}`;
    case 'pick_resources':
      return `Take ${resourcesText(x.cards as Resources)} ${ctx.pirates ? 'for beating the pirate fleet' : 'for gold'}`;
    case 'play_knight':
      // SC7-7: the card's only effect is a warship.
      return ctx.pirates ? 'Play a Knight: your farthest ship becomes a warship' : 'Play a Knight';
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
      // In words the hex would read as what it turned out to be: it is named by coordinates only.
      return `The fog ${p === COORDINATES ? `at ${x.hex} ` : ''}is ${x.terrain}${x.number != null ? ` with number ${x.number}` : ''}`;
    // Barbarian Attack
    case 'place_knight':
      return `Place a knight ${p.edge(x.edge as string, 'on')}`;
    case 'move_knight':
      return `Move the knight ${p.edge(x.from as string, 'from')} ${p.edge(x.to as string, 'to')}`;
    case 'treason_move':
      return `Move a barbarian from ${x.from != null ? p.hex(x.from as string) : 'the supply'} to ${p.hex(x.to as string)}`;
    case 'take_prisoner':
      return `Take a barbarian prisoner from ${p.hex(x.hex as string)}`;
    case 'buy_with_gold':
      return `Pay ${GOLD_PER_RESOURCE} gold for 1 ${x.resource}`;
    case 'rob_player':
      return x.victim != null ? `Take a card from ${nameOf(x.victim as number)}` : 'Take no card';
    case 'neutral_road':
      return `Build a road for ${nameOf(x.seat as number)} ${p.edge(x.edge as string, 'at')}`;
    case 'neutral_settlement':
      return `Build a settlement for ${nameOf(x.seat as number)} ${p.corner(x.corner as string, 'at')}`;
    case 'place_foreign_knight':
      return x.edge ? `Place a foreign knight ${p.edge(x.edge as string, 'on')}` : 'No foreign knight';
    case 'drive_away_barbarian':
      return `Spend a trade token: drive a barbarian away from ${p.hex(x.hex as string)}`;
    case 'force_trade':
      return 'Spend a trade token: forced trade';
    case 'give_back':
      return `Give back ${resourcesText(x.cards as Resources)}`;
    case 'take_cards':
      return `The forced trade takes ${resourcesText(x.cards as Resources)}`;
    case 'damage_road':
      return `Damage your road ${p.edge(x.edge as string, 'on')}`;
    case 'repair_road':
      return `Repair the road ${p.edge(x.edge as string, 'on')} (1 brick, 1 lumber)`;
    case 'give_card':
      return `Give 1 ${x.resource} to ${nameOf(x.to as number)}`;
    case 'land_barbarian':
      return `Landing roll: ${x.total}`;
    case 'draw_barbarian_card':
      return `Draws ${cardTitle(x.card as string)}`;
    case 'roll_off':
      return `Roll-off: ${(x.dice as number[]).join(', ')}`;
    case 'casualties':
      return `Casualty die: ${x.die}`;
    case 'reveal_event':
      return `Event card: ${eventTitle(x.event as string)} (${x.number})`;
    // The Forgotten Tribe and The Wonders of Catan
    case 'reveal_gift_card':
      return `The gift card is ${cardTitle(x.card as string)}`;
    case 'place_gift_harbor':
      return `Place the ${harborText(x.harbor as string)} harbor ${p.edge(x.edge as string, 'at')}`;
    case 'turn_over_harbor':
      return `The harbor token turned over: ${harborText(x.harbor as string)}`;
    case 'place_harbor':
      return `Place the harbor token ${p.edge(x.edge as string, 'at')}`;
    case 'claim_wonder':
      return `Claim the ${wonderTitle(x.wonder as string)} (costs a ship from stock)`;
    case 'build_wonder_stage':
      return 'Build a stage of your wonder';
    // The Pirate Islands
    case 'attack_fortress':
      return 'Attack your fortress';
    case 'fortress_die':
      return `The fortress die: ${x.die}`;
    case 'fleet_plunder':
      return `The pirate fleet takes ${resourcesText(x.cards as Resources)}`;
    default:
      return String(a.action).replaceAll('_', ' ');
  }
}

const ORDINAL = ['first', 'second', 'third', 'fourth'];

/** The engine's description with seat numbers turned into names ("seat 2" → "Bea"). */
export function describeWithNames(describe: string, nameOf: NameOf, p?: Places): string {
  let text = describe.replace(/\bseat (\d+)/g, (_, d) => nameOf(Number(d)));
  // A place the engine names by its coordinates, in words when the board is known.
  if (p) text = text.replace(/(?:\b(at|on|from|to) )?(?<![\w,])(-?\d+,-?\d+(?:,(?:NE|SE|N|S|E))?)(?![\w,])/g, (_, prep, place) => placeText(p, place, prep));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A piece the viewer chose to move: a knight's edge, or a Treason source (a hex or `supply`). */
export interface Selection {
  knight?: string | null;
  source?: string | null;
}

/** What Treason, a knight move or Intrigue asks, in words. */
function knightMovePrompt(view: ViewData, knight: string | null | undefined, grain: boolean): string {
  const reach = grain
    ? `up to ${KNIGHT_STEPS} paths free, ${KNIGHT_STEPS + 1}–${BOOSTED_STEPS} paths for 1 grain`
    : `up to ${KNIGHT_STEPS} paths (no grain for ${KNIGHT_STEPS + 1}–${BOOSTED_STEPS})`;
  const last = phaseName(view.phase) === 'main' ? '; after a knight moves, no more building or trading this turn' : '';
  if (knight) return `Move the knight ${placeNames(view.map).edge(knight, 'on')}: choose a highlighted path (${reach})${last}`;
  const castle = view.barbarians?.castle;
  const inCastle = castle != null && view.barbarians!.knights.some((k) => k.seat === view.viewer && castleEdge(castle, k.edge));
  return inCastle
    ? 'Move your knights off the castle: click a knight, then where it goes'
    : 'Move your knights (click a knight, then where it goes), then end your turn';
}

function castleEdge(castle: string, edge: string): boolean {
  const [q, r] = castle.split(',').map(Number);
  return [`${q},${r},NE`, `${q},${r},E`, `${q},${r},SE`, `${q - 1},${r + 1},NE`, `${q - 1},${r},E`, `${q},${r - 1},SE`].includes(edge);
}

/**
 * What the viewer should do now, from the phase and what the server says is legal; when the
 * viewer has nothing to do, what the game waits for.
 */
export function prompt(view: ViewData, legal: Legal | null, nameOf: NameOf = defaultName, selection: Selection = {}): { text: string; yours: boolean } {
  const me = view.viewer;
  const phase = phaseName(view.phase);
  if (phase === 'over') {
    const winners = winnersOf(view);
    if (winners.length > 1) return { text: winText(view, nameOf), yours: false };
    if (pirateWinText(view, nameOf)) return { text: `${nameOf(view.winner!)} won the game and conquered their fortress`, yours: false };
    const wonders = wonderWinReason(view);
    if (wonders) return { text: `${nameOf(view.winner!)} won the game, ${wonders}`, yours: false };
    return { text: view.winner != null ? `${nameOf(view.winner)} won the game` : noWinnerText(view), yours: false };
  }
  const acts = legal?.actions ?? [];
  const has = (name: string) => acts.some((a) => a.action === name);
  const mine = me != null && legal != null && (acts.length > 0 || !!legal.discard || !!legal.gold || !!legal.give_back || !!legal.offer);
  if (!mine) return { text: `Waiting: ${describeWithNames(view.describe, nameOf, placeNames(view.map))}`, yours: false };
  const player = view.players.find((p) => p.seat === me);
  const grain = (player?.hand?.grain ?? 0) > 0;
  /** Two players: what a trade token buys now, in words. */
  const tokens = () => {
    const what = [has('force_trade') ? 'a forced trade' : '', has('drive_away_barbarian') ? 'a highlighted hex to drive a barbarian away' : ''].filter(Boolean);
    return what.length ? ` (or spend ${plural(tokenCost(view, me), 'trade token')} on ${what.join(' or ')})` : '';
  };
  if (legal.discard) return { text: `Discard ${plural(legal.discard.count, 'card')} (half your hand)`, yours: true };
  if (legal.gold) {
    if (phase === 'fleet_reward') return { text: 'You beat the pirate fleet: take a resource from the bank', yours: true };
    const event = view.events?.last;
    if (event) return { text: `${eventTitle(event.event)}: choose ${plural(legal.gold.count, 'card')} from the bank`, yours: true };
    return { text: `Choose ${plural(legal.gold.count, 'card')} for gold`, yours: true };
  }
  if (legal.give_back) {
    const victim = (view.phase as { victim?: number }).victim;
    return { text: `Forced trade: give ${plural(legal.give_back.count, 'card')} of your choice back to ${victim != null ? nameOf(victim) : 'your opponent'}`, yours: true };
  }
  switch (phase) {
    case 'setup_settlement': {
      const placed = (player?.settlements.length ?? 0) + (player?.cities.length ?? 0);
      if (view.barbarians && placed === 1) return { text: 'Place your city (Barbarian Attack: the second piece is a city)', yours: true };
      // The Pirate Islands: the settlement placed before setup does not count; both go on the east island (SC7-3).
      if (view.pirate_islands) return { text: `Place your ${ORDINAL[Math.max(0, placed - 1)] ?? 'next'} settlement on the east island`, yours: true };
      return { text: `Place your ${ORDINAL[placed] ?? 'next'} settlement`, yours: true };
    }
    case 'setup_road':
      return {
        text: has('build_ship') && has('build_road') ? 'Place a road or a ship beside your new settlement'
          : has('build_ship') ? 'Place a ship beside your new settlement' : 'Place a road beside your new settlement',
        yours: true,
      };
    case 'before_roll': {
      const what = view.events ? 'Reveal an event card' : 'Roll the dice';
      if (has('force_trade') || has('drive_away_barbarian')) return { text: `${what}${tokens()}`, yours: true };
      if (has('play_knight') && view.pirate_islands) return { text: 'Roll the dice (or play a Knight first to make a warship)', yours: true };
      return { text: has('play_knight') ? 'Roll the dice (or play a Knight first)' : what, yours: true };
    }
    case 'moving_robber':
      if (has('rob_player')) {
        // The Pirate Islands: no robber; the roller robs any player (SC7-9).
        return { text: 'A 7: choose a player to take a random card from (or nobody)', yours: true };
      }
      if (view.cloth) {
        // SC6-7: the pirate only for a player trading with a village, and it may take cloth.
        const cloth = acts.some((a) => a.action === 'move_pirate' && a.take === 'cloth');
        if (!has('move_pirate')) return { text: 'Move the robber: choose a highlighted hex (the pirate sails only for a player trading with a village)', yours: true };
        return {
          text: `Move the ${has('move_robber') ? 'robber or the pirate' : 'pirate'}: choose a highlighted hex${cloth ? ' (the pirate may take a cloth in place of a card)' : ''}`,
          yours: true,
        };
      }
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
        const offer = o ? `${tradeSideText(o.give, o.give_gold)} for ${tradeSideText(o.get, o.get_gold)}` : 'a trade';
        return { text: `${nameOf(view.active)} offers you ${offer}: accept or reject`, yours: true };
      }
      return { text: has('confirm_trade') ? 'Choose whom to trade with, or cancel the offer' : 'Waiting for answers to your offer (or cancel it)', yours: true };
    }
    case 'main':
      if (view.barbarians) {
        if (selection.knight) return { text: knightMovePrompt(view, selection.knight, grain), yours: true };
        const repair = has('repair_road') ? ' (a highlighted damaged road: repair it for 1 brick and 1 lumber)' : '';
        const first = `Build, trade or buy a card${tokens()}${repair}`;
        if (!has('end_turn') && has('move_knight')) {
          return { text: `${first}; then move your knights off the castle (click one): the turn cannot end with a knight there`, yours: true };
        }
        if (has('move_knight')) return { text: `${first}; then move your knights (click one) or end your turn`, yours: true };
        return { text: `${first}, then end your turn`, yours: true };
      }
      if (view.pirate_islands && has('attack_fortress')) {
        return { text: 'Build, trade or play a card, or attack your fortress (in the Pirate Islands panel: it ends your turn), then end your turn', yours: true };
      }
      if (view.wonders && (has('claim_wonder') || has('build_wonder_stage'))) {
        const what = has('claim_wonder') ? 'claim a wonder' : 'build a stage of your wonder';
        return { text: `Build, trade or play a card (you may ${what} in the Wonders panel), then end your turn`, yours: true };
      }
      return { text: 'Build, trade or play a card, then end your turn', yours: true };
    // The New World: the harbor tokens before setup (SC9-3)
    case 'placing_harbor': {
      const kind = view.harbor_placement?.in_hand;
      const token = kind ? `your ${harborText(kind)} harbor` : 'your harbor token';
      return { text: `Place ${token}: choose a highlighted coast edge (neither corner a harbor's, its sea hex without one)`, yours: true };
    }
    // The Forgotten Tribe
    case 'placing_gift_harbor': {
      const types = [...new Set(acts.map((a) => (a.action === 'place_gift_harbor' ? a.harbor : null)).filter((x) => x != null))];
      const token = types.length === 1 ? `your ${harborText(types[0])} harbor` : 'one of your gift harbors';
      return { text: `Place ${token}: choose a highlighted coast edge beside your settlement or city`, yours: true };
    }
    // Barbarian Attack
    case 'moving_knights':
      return { text: knightMovePrompt(view, selection.knight, grain), yours: true };
    case 'placing_knight':
      return { text: 'Knighthood: place a knight on a highlighted free path of the castle', yours: true };
    case 'placing_black_knight':
      return { text: 'Black Knight: place a knight on any highlighted free path', yours: true };
    case 'treason': {
      const sources = new Set(acts.map((a) => (a.action === 'treason_move' ? a.from ?? SUPPLY : null)).filter((x) => x != null));
      const source = sources.size === 1 ? [...sources][0] : selection.source;
      if (source) {
        const from = source === SUPPLY ? 'the supply' : placeNames(view.map).hex(source);
        return { text: `Treason: move a barbarian from ${from} to a highlighted coastal hex`, yours: true };
      }
      return { text: 'Treason: choose a highlighted hex (or the supply) to take a barbarian from', yours: true };
    }
    case 'intrigue':
      return { text: 'Intrigue: choose a highlighted hex to take a barbarian prisoner from', yours: true };
    case 'neutral_building': {
      const settlement = (view.phase as { settlement?: boolean }).settlement;
      return {
        text: settlement && has('neutral_settlement')
          ? 'Place a free settlement for a neutral player: choose a highlighted corner'
          : 'Place a free road for a neutral player: choose a highlighted edge',
        yours: true,
      };
    }
    case 'foreign_knight':
      return { text: 'Your first knight: you may place a foreign knight on a highlighted castle path (or none)', yours: true };
    case 'event': {
      const last = view.events?.last;
      const title = last ? eventTitle(last.event) : 'The event';
      if (has('damage_road')) return { text: `${title}: choose one of your roads to damage`, yours: true };
      if (has('give_card')) {
        const to = [...new Set(acts.map((a) => (a.action === 'give_card' ? a.to : -1)).filter((s) => s >= 0))];
        return { text: `${title}: give a card of your choice to ${to.length === 1 ? nameOf(to[0]) : 'a player with fewer points'}`, yours: true };
      }
      if (has('rob_player')) return { text: `${title}: choose a player to take a random card from`, yours: true };
      return { text: describeWithNames(view.describe, nameOf, placeNames(view.map)), yours: true };
    }
    default:
      return { text: describeWithNames(view.describe, nameOf, placeNames(view.map)), yours: true };
  }
}
