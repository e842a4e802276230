// Browser tests: the built page (web/dist) served by a real `settlers serve`, driven in the
// system Chromium. Run with `npm run test:browser` after `npm run build`.
//
// SETTLERS_URL=http://127.0.0.1:PORT uses a server already running instead of starting one.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ExternalServer, ROOT, Server, api, launchBrowser, settlersBinary } from './harness.mjs';
import { feelTests } from './feel.mjs';
import { editorTests } from './editor.mjs';
import { battleTests, choiceTests, tradeTests } from './choices.mjs';

// Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1 (README's pictures), else to a
// temporary folder, so a test run leaves the work tree as it was.
const SHOTS = process.env.UPDATE_SCREENSHOTS ? path.join(ROOT, 'docs/screenshots') : fs.mkdtempSync(path.join(os.tmpdir(), 'settlers-shots-'));
// A seed with which the simple player below buys Barbarian Attack cards early (Intrigue,
// Treason, Knighthood) and pays gold for a resource; BA_SEED=N tries another game.
const BA_SEED = Number(process.env.BA_SEED ?? 17);
// A Cloth for Catan game in which a ship route reaches a village early; CLOTH_SEED=N tries another.
const CLOTH_SEED = Number(process.env.CLOTH_SEED ?? 3);
// A Pirate Islands game for the test below; PIRATE_SEED=N tries another.
const PIRATE_SEED = Number(process.env.PIRATE_SEED ?? 5);
let server;
let browser;
let skip = false;
// The `settlers` binary the server runs (the map editor's test validates a file with it).
let bin = null;

before(async () => {
  if (process.env.SETTLERS_URL) {
    server = new ExternalServer(process.env.SETTLERS_URL);
  } else {
    bin = settlersBinary();
    if (!bin) {
      skip = 'the settlers binary has no `serve` command yet';
      console.log(`# SKIPPED: ${skip}`);
      return;
    }
    server = await Server.start(bin);
  }
  browser = await launchBrowser(server.url);
  fs.mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.cleanup();
  if (!process.env.UPDATE_SCREENSHOTS) fs.rmSync(SHOTS, { recursive: true, force: true });
});

// ---- helpers -------------------------------------------------------------------------

const TARGET = (kind) => `svg [role="button"][aria-label^="${kind} "]`;

async function seq(page) {
  return Number(await page.getAttribute('.game', 'data-seq'));
}

/** Clicks a button the page showed a moment ago. When it has gone because a newer view came
 * (a bot confirmed its offer with another seat while this one looked), the caller decides
 * again on that view (and this returns false); a button gone without a newer view is a
 * failure. */
async function press(page, locator, before) {
  try {
    await locator.click({ timeout: 5000 });
  } catch (error) {
    if ((await seq(page)) > before) return false;
    throw error;
  }
  await nextView(page, before);
  return true;
}

/** Waits until the game page shows the server's first view: the page's frame is drawn
 * before it comes, with `data-seq` -1. */
async function gameShown(page) {
  await page.waitForSelector('.game:not([data-seq="-1"])');
}

/** Waits until the page shows a view newer than `before`, or an error. */
async function nextView(page, before) {
  await page.waitForFunction(
    (b) => Number(document.querySelector('.game')?.getAttribute('data-seq')) > b || document.querySelector('[role="alert"]'),
    before,
  );
  const alert = await page.$('.problem[role="alert"]');
  if (alert) throw new Error(`the server refused: ${await alert.textContent()}`);
}

/** Waits until this seat must act, or the game is over. */
async function ourMove(page) {
  await page.waitForSelector('[data-testid="prompt"].yours, [data-testid="end-screen"]');
  return (await page.$('[data-testid="end-screen"]')) ? 'over' : 'ours';
}

async function fillPicker(page, picker) {
  const count = Number((await picker.locator('.count').textContent()).match(/of (\d+)/)[1]);
  let chosen = 0;
  for (const plus of await picker.locator('button[aria-label^="one "][aria-label$=" more"]').all()) {
    while (chosen < count && (await plus.isEnabled())) {
      await plus.click();
      chosen += 1;
    }
  }
  await picker.locator('button.primary').click();
}

async function clickChooserIfAny(page) {
  const chooser = page.locator('.chooser');
  if (await chooser.count()) await chooser.locator('button.primary').first().click();
}

/**
 * One decision of a simple player that does what the page highlights: answer pickers, place
 * on the first highlighted corner, edge or hex, trade with the bank once a turn, roll, end.
 */
async function decide(page, state) {
  const before = await seq(page);
  const picker = page.locator('section.picker');
  if (await picker.count()) {
    await fillPicker(page, picker.first());
    return nextView(page, before);
  }
  for (const kind of ['corner', 'hex']) {
    const t = page.locator(TARGET(kind));
    if (await t.count()) {
      await t.first().click();
      await clickChooserIfAny(page);
      if (kind === 'corner') state.built += 1;
      return nextView(page, before);
    }
  }
  const edges = page.locator(`${TARGET('edge')}:not([aria-pressed])`);
  if ((await edges.count()) && state.roadsThisTurn < 2) {
    await edges.first().click();
    await clickChooserIfAny(page);
    state.built += 1;
    state.roadsThisTurn += 1;
    return nextView(page, before);
  }
  const button = (name) => page.getByRole('button', { name, exact: true });
  if (await button('Reject the offer').count()) return press(page, button('Reject the offer'), before);
  if (await button('Roll the dice').count()) {
    if (await press(page, button('Roll the dice'), before)) state.rolls += 1;
    return;
  }
  if (!state.tradedThisTurn && (await button('Trade with the bank…').count())) {
    await button('Trade with the bank…').click();
    const dialog = page.getByRole('region', { name: 'Trade with the bank' });
    await dialog.getByRole('radio').first().click();
    await dialog.locator('button.primary').first().click();
    state.tradedThisTurn = true;
    state.trades += 1;
    return nextView(page, before);
  }
  if (await button('Cancel the offer').count()) return press(page, button('Cancel the offer'), before);
  if (await button('End the turn').count()) {
    if (await press(page, button('End the turn'), before)) {
      state.turns += 1;
      state.tradedThisTurn = false;
      state.roadsThisTurn = 0;
    }
    return;
  }
  // The prompt may be a step ahead of the buttons it names (a view arriving as the page was
  // read): decide again on a newer view, if one comes.
  const newer = await page
    .waitForFunction((b) => Number(document.querySelector('.game')?.getAttribute('data-seq')) > b, before, { timeout: 5000 })
    .then(() => true, () => false);
  if (newer) return;
  throw new Error(`nothing to do at: ${await page.textContent('[data-testid="prompt"]')}`);
}

/** Resources the hand holds, as the hand panel shows them. */
async function hand(page) {
  const out = {};
  for (const li of await page.locator('[data-testid="hand"] .cards li').all()) {
    const [n, r] = (await li.getAttribute('aria-label')).split(' ');
    out[r] = Number(n);
  }
  return out;
}

/** A card of Barbarian Attack costs wool, grain and ore: what the hand lacks of it. */
async function missingForCard(page) {
  const h = await hand(page);
  return ['wool', 'grain', 'ore'].filter((r) => !h[r]);
}

/** Chooses the knight on the board, then a highlighted path it may reach without grain if any. */
async function moveAKnight(page, state) {
  const before = await seq(page);
  await page.locator('svg .edge.movable[role="button"]').first().click();
  await page.locator('svg .edge.target').first().waitFor();
  const prompt = await page.textContent('[data-testid="prompt"]');
  assert.match(prompt, /^Move the knight (between|out at sea) [a-z0-9 ,-]+: choose a highlighted path \(up to 3 paths/);
  const free = page.locator('svg .edge.target:not(.grain)');
  await (await free.count() ? free : page.locator('svg .edge.target')).first().click();
  state.knightMoves += 1;
  return nextView(page, before);
}

/**
 * One decision of a simple Barbarian Attack player that does what the page highlights: the
 * pickers, corners, hexes (a Treason source first), the paths a card or an event asks for, a
 * Barbarian Attack card whenever one can be bought (trading and paying gold towards it),
 * knights moved off the castle, rolls, the end of the turn.
 */
async function decideBA(page, state) {
  const before = await seq(page);
  const prompt = await page.textContent('[data-testid="prompt"]');
  const button = (name) => page.getByRole('button', { name, exact: true });
  const picker = page.locator('section.picker');
  if (await picker.count()) {
    await fillPicker(page, picker.first());
    return nextView(page, before);
  }
  // Corners, and hexes that take an action (a Treason source only chooses where from).
  for (const target of [TARGET('corner'), 'svg .hex[role="button"]:not(.source)']) {
    const t = page.locator(target);
    if (await t.count()) {
      if (target.includes('hex')) state.hexes.push(prompt);
      await t.first().click();
      await clickChooserIfAny(page);
      return nextView(page, before);
    }
  }
  const sources = page.locator('svg .hex.source[role="button"]');
  if (await sources.count()) {
    // Treason: a hex to take a barbarian from, then where it goes.
    await sources.first().click();
    assert.match(await page.textContent('[data-testid="prompt"]'), /^Treason: move a barbarian from/);
    state.hexes.push(prompt);
    await page.locator('svg .hex[role="button"]:not(.source)').first().click();
    return nextView(page, before);
  }
  if (/^Move your knights|^Move the knight/.test(prompt) && (await page.locator('svg .edge.movable[role="button"]').count())) {
    return moveAKnight(page, state);
  }
  const edges = page.locator(`${TARGET('edge')}:not([aria-pressed])`);
  if ((await edges.count()) && (!/^Build, trade/.test(prompt) || state.roadsThisTurn < 1)) {
    if (/^Build, trade/.test(prompt)) state.roadsThisTurn += 1;
    if (/knight/i.test(prompt)) state.knightPrompts.push(prompt);
    await edges.first().click();
    await clickChooserIfAny(page);
    return nextView(page, before);
  }
  // A card taken (a 7, Conflict) or given (Good Neighbors, Neighborly Assistance).
  const choice = page.getByRole('button', { name: /^(Take a card from|Give 1 [a-z]+ to) / });
  if (await choice.count()) {
    await choice.first().click();
    return nextView(page, before);
  }
  for (const name of ['Roll the dice', 'Reveal an event card']) {
    if (await button(name).count()) {
      await button(name).click();
      return nextView(page, before);
    }
  }
  if (await button('Buy a development card').count()) {
    await button('Buy a development card').click();
    state.cards += 1;
    await nextView(page, before);
    const drawn = (await page.locator('[data-testid="log"] li').allTextContents()).slice(-20).reverse().find((l) => /drew /.test(l));
    state.drawn.push(drawn);
    return;
  }
  const missing = await missingForCard(page);
  if (missing.length && (await button('Buy with gold…').count())) {
    await button('Buy with gold…').click();
    const panel = page.getByRole('region', { name: 'Buy with gold' });
    assert.match(await panel.getByTestId('gold-left').textContent(), /You have \d+ gold · [12] of 2 exchanges left this turn/);
    const want = panel.getByRole('button', { name: missing[0], exact: true });
    await ((await want.count()) ? want : panel.locator('button.primary').first()).click();
    state.goldBuys += 1;
    return nextView(page, before);
  }
  if (!state.tradedThisTurn && missing.length && (await button('Trade with the bank…').count())) {
    await button('Trade with the bank…').click();
    const dialog = page.getByRole('region', { name: 'Trade with the bank' });
    await dialog.getByRole('radio').first().click();
    const want = dialog.locator('button.primary').filter({ hasText: missing[0] });
    await ((await want.count()) ? want : dialog.locator('button.primary')).first().click();
    state.tradedThisTurn = true;
    return nextView(page, before);
  }
  if (!(await button('End the turn').count()) && (await page.locator('svg .edge.movable[role="button"]').count())) {
    // A knight on the castle: it leaves before the turn may end.
    assert.match(prompt, /move your knights off the castle/);
    return moveAKnight(page, state);
  }
  for (const name of ['No foreign knight', 'Reject the offer', 'Take no card', 'End the turn']) {
    if (await button(name).count()) {
      await button(name).click();
      if (name === 'End the turn') {
        state.turns += 1;
        state.tradedThisTurn = false;
        state.roadsThisTurn = 0;
      }
      return nextView(page, before);
    }
  }
  throw new Error(`nothing to do at: ${prompt}`);
}

async function newGameFromLobby(page, { scenario = 'base', humans = 1 } = {}) {
  await page.goto('/');
  await page.getByRole('radio', { name: new RegExp(scenario === 'base' ? 'Catan base game' : scenario) }).check({ force: true });
  await page.getByLabel('number of players').selectOption('4');
  for (let i = 0; i < 4; i++) {
    await page.getByLabel(`seat ${i} is`).selectOption(i < humans ? 'human' : 'bot');
    if (i >= humans) await page.getByLabel(`seat ${i} bot`).selectOption('medium');
  }
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByRole('region', { name: 'Your new game' }).waitFor();
}

/**
 * Cloth for Catan: the cloth the page shows on the villages, in the general supply and held
 * by the seats (8 villages of 5 and 10 in the supply: 50, whatever happened).
 */
async function clothInPlay(page) {
  const onVillages = (await page.locator('.village').evaluateAll((gs) => gs.map((g) => Number(g.dataset.cloth)))).reduce((a, b) => a + b, 0);
  const supply = Number((await page.getByTestId('cloth-supply').textContent()).match(/General supply: (\d+) cloth/)[1]);
  let held = 0;
  for (const li of await page.locator('[data-testid^="cloth-"]:is(li)').all()) held += Number((await li.textContent()).match(/(\d+) cloth =/)[1]);
  return onVillages + supply + held;
}

/** The Pirate Islands: where the board draws the fleet (`null`: not drawn). */
async function fleetHex(page) {
  const fleet = page.locator('.fleet');
  return (await fleet.count()) ? fleet.getAttribute('data-hex') : null;
}

/**
 * One decision of the simple player in The Pirate Islands: a roll is checked against the fleet
 * (it sails on by the lower die, and the board and the panel follow); the 7 robs the first
 * player offered; the fleet's reward is picked; the rest as `decide`.
 */
async function decidePirates(page, state, path) {
  const before = await seq(page);
  const button = (name) => page.getByRole('button', { name, exact: true });
  if (await button('Roll the dice').count()) {
    const from = await fleetHex(page);
    await button('Roll the dice').click();
    state.rolls += 1;
    await nextView(page, before);
    // What our roll did: the log from its line on (bots do not roll in our turn).
    const all = await page.locator('[data-testid="log"] li').allTextContents();
    const log = all.slice(all.findLastIndex((l) => /^Ada rolled /.test(l)));
    const [, a, b] = log.find((l) => /^Ada rolled/.test(l)).match(/^Ada rolled (\d) \+ (\d)/).map(Number);
    const strength = Math.min(a, b);
    const to = path[(path.indexOf(from) + strength) % path.length];
    assert.ok(log.some((l) => new RegExp(`^The pirate fleet sailed to the (open )?sea [a-z0-9 ,-]+ with strength ${strength}$`).test(l)), `the log says where the fleet sailed: ${log.join(' | ')}`);
    assert.equal(await fleetHex(page), to, `the fleet sails on by the lower die, ${strength}, from ${from} to ${to}`);
    assert.equal(await page.getByTestId('fleet').getAttribute('data-hex'), to);
    assert.equal(await page.getByTestId('fleet').textContent(), `The pirate fleet is on ${to} (hex ${path.indexOf(to) + 1} of ${path.length} on its path).`);
    state.sails.push({ from, to, strength });
    state.attacks += log.filter((l) => /^The pirate fleet attacked /.test(l)).length;
    return;
  }
  const picker = page.locator('section.picker');
  if ((await picker.count()) && /^You beat the pirate fleet/.test(await picker.first().locator('h3').textContent())) {
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'You beat the pirate fleet: take a resource from the bank');
    state.rewards += 1;
  }
  const rob = page.getByRole('button', { name: /^Take (a card from .*|no card)$/ });
  if (!(await picker.count()) && (await rob.count())) {
    await rob.first().click();
    return nextView(page, before);
  }
  return decide(page, state);
}

/**
 * Shows the page crafted views: every view the server sends is passed through `rewrite`
 * (which may change it in place), and every action the page sends is caught before it reaches
 * the server. `client` sends further views to the page; `last` is the last view it was shown.
 */
async function craftedViews(page, rewrite) {
  // `sent`: the actions the page sent; `talk`: its counter-offers and answers to them.
  const caught = { client: null, last: null, sent: [], talk: [] };
  await page.routeWebSocket(/\/api\/games\/.*\/ws/, (ws) => {
    caught.client = ws;
    const toServer = ws.connectToServer();
    toServer.onMessage((text) => {
      const m = JSON.parse(text);
      if (m.type === 'view') {
        rewrite(m);
        caught.last = m;
      }
      ws.send(JSON.stringify(m));
    });
    ws.onMessage((text) => {
      const m = JSON.parse(text);
      if (m.type === 'act') caught.sent.push(m.action);
      else if (m.type === 'counter' || m.type === 'answer_counter') caught.talk.push(m);
      else toServer.send(text);
    });
  });
  return caught;
}

/** Waits until the page has sent `n` actions (they reach the test a moment after the click). */
async function sentCount(caught, n) {
  for (let i = 0; i < 100 && caught.sent.length < n; i++) await new Promise((r) => setTimeout(r, 50));
  return caught.sent.length;
}

/** The next view after `view`: a copy with the board left out (a page keeps the last one). */
function followUp(view, change) {
  const next = structuredClone(view);
  next.seq += 1;
  delete next.view.map;
  next.events = [];
  change(next);
  return next;
}

/** A harbor type in the page's words: `3:1` → `3:1 any`, `wool` → `2:1 wool`. */
function harborWords(type) {
  return type === '3:1' ? '3:1 any' : `2:1 ${type}`;
}

/** Lets bots play a while so the picture has pieces; the test does not depend on how far they get. */
async function letBotsPlay(id, turns) {
  for (let i = 0; i < 300; i++) {
    const { body } = await api(server.url, 'GET', `/api/games/${id}`);
    if (body.status === 'finished' || body.turn >= turns) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

// ---- tests ---------------------------------------------------------------------------

describe('the page in a real browser', () => {
  test('a whole game against three bots: setup by clicking highlights, rolls, builds, a bank trade, to the end', async (t) => {
    if (skip) return t.skip(skip);
    // A known seed (the server runs with --accept-seeds) makes the game the same every run:
    // the bots and chance are the server's, and this player always takes the first choice.
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'base',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'random' }],
      options: { layout: 'variable' },
      seed: 7,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await browser.newPage();
    await page.goto(created.body.seats[0].link);
    await gameShown(page);
    const state = { built: 0, rolls: 0, trades: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0 };

    // The build bar: each piece with its cost; no ship in the base game.
    const costs = page.getByTestId('costs');
    assert.deepEqual(await costs.getByRole('button').allTextContents(), ['Road', 'Settlement', 'City', 'Development card']);
    assert.match(await costs.innerText(), /City\s+2 grain, 3 ore/);

    // Setup: our first settlement by keyboard, the rest by clicks on what is highlighted.
    assert.equal(await ourMove(page), 'ours');
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Place your first settlement');
    assert.equal(await page.locator(TARGET('edge')).count(), 0, 'no edge is legal before the settlement');
    let focused = '';
    for (let i = 0; i < 10 && !focused.startsWith('corner '); i++) {
      await page.keyboard.press('Tab');
      focused = (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '';
    }
    assert.match(focused, /^corner -?\d+,-?\d+,[NS]$/, 'a highlighted corner is reachable with Tab');
    let before = await seq(page);
    await page.keyboard.press('Enter');
    await nextView(page, before);
    assert.equal(await page.locator('.settlement[data-seat="0"]').count(), 1);
    assert.match(await page.textContent('[data-testid="prompt"]'), /^Place a road/);
    assert.ok((await page.locator(TARGET('edge')).count()) > 0, 'edges beside the settlement are highlighted');
    assert.equal(await page.locator(TARGET('corner')).count(), 0);
    await decide(page, state); // the road
    assert.equal(await ourMove(page), 'ours');
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Place your second settlement');
    await decide(page, state);
    await decide(page, state);
    assert.equal(await page.locator('.settlement[data-seat="0"]').count(), 2);
    assert.equal(await page.locator('.road[data-seat="0"]').count(), 2);

    // Play: the whole game, until someone wins, by clicks.
    let over = false;
    for (let steps = 0; steps < 4000 && !over; steps++) {
      if ((await ourMove(page)) === 'over') over = true;
      else await decide(page, state);
    }
    assert.ok(over, `the game was played to its end (${state.turns} turns)`);
    const log = await page.textContent('[data-testid="log"]');
    assert.ok(state.rolls > 0 && /rolled \d \+ \d = \d+/.test(log), 'the dice were rolled and logged');
    assert.ok(state.trades > 0 && /with the bank/.test(log), 'a bank trade was made and logged');
    assert.ok(state.built > 4, 'something was built after the setup');
    const pieces = await page.locator('.settlement[data-seat="0"], .city[data-seat="0"], .road[data-seat="0"]').count();
    assert.ok(pieces > 4, `more than the setup's four pieces on the board (${pieces})`);
    assert.ok(state.turns >= 8 || (await page.$('[data-testid="end-screen"]')), 'many turns were played');
    await page.screenshot({ path: path.join(SHOTS, 'game.png') });
    await page.close();
  });

  test('hot seat: the hand-over screen hides the hand until the next player takes the device', async (t) => {
    if (skip) return t.skip(skip);
    const page = await browser.newPage();
    // Four people and no bot: the first hand-over names the seat that places first.
    await newGameFromLobby(page, { humans: 4 });
    await page.getByRole('region', { name: 'Your new game' }).getByRole('link', { name: /hot seat/ }).click();
    const handover = page.getByTestId('handover');
    await handover.waitFor();
    const first = (await handover.locator('h2').textContent()).replace('Pass the device to ', '');
    assert.match(first, /^(Blue|Orange|Green|Pink) player$/);
    assert.equal(await page.getByTestId('hand').count(), 0, 'no hand is shown during the hand-over');
    assert.equal(await page.locator(TARGET('corner')).count(), 0, 'nothing can be played during the hand-over');
    await handover.getByRole('button', { name: `I am ${first}: show my hand` }).click();
    await page.getByTestId('hand').waitFor();
    assert.equal(await page.locator('[data-seat] ~ x').count(), 0);
    const state = { built: 0, rolls: 0, trades: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0 };
    // This seat places its settlement and road; then the other person's turn comes.
    await decide(page, state);
    await decide(page, state);
    await handover.waitFor();
    const second = (await handover.locator('h2').textContent()).replace('Pass the device to ', '');
    assert.notEqual(second, first, 'the device goes to the other person');
    assert.equal(await page.getByTestId('hand').count(), 0, 'the first hand is hidden before the hand-over');
    await handover.getByRole('button', { name: `I am ${second}: show my hand` }).click();
    await page.getByTestId('hand').waitFor();
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Place your first settlement');
    assert.match(await page.locator('.seats li').filter({ hasText: 'you' }).textContent(), new RegExp(second));
    await page.close();
  });

  test('a reload reconnects to the same seat, and a dropped socket reconnects by itself', async (t) => {
    if (skip) return t.skip(skip);
    const page = await browser.newPage();
    let socket = null;
    await page.routeWebSocket(/\/api\/games\/.*\/ws/, (ws) => {
      socket = ws;
      ws.connectToServer();
    });
    await newGameFromLobby(page);
    await page.getByRole('region', { name: 'Your new game' }).getByRole('link', { name: 'Play as Blue player' }).click();
    await ourMove(page);
    const state = { built: 0, rolls: 0, trades: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0 };
    await decide(page, state);
    await page.reload();
    await page.waitForSelector('.settlement[data-seat="0"]');
    assert.match(await page.textContent('[data-testid="prompt"]'), /^Place a road/, 'the same seat, at the same point');
    assert.equal(await page.textContent('[data-testid="connection"]'), 'Connected');

    // The server side of the socket goes away: the page says so and comes back by itself.
    const dropped = socket;
    await dropped.close({ code: 1012, reason: 'test' });
    await page.waitForSelector('[data-testid="connection"].bad');
    assert.match(await page.textContent('[data-testid="connection"]'), /reconnect/i);
    await page.waitForFunction(() => document.querySelector('[data-testid="connection"]')?.textContent === 'Connected');
    assert.notEqual(socket, dropped, 'a new socket was opened');
    await decide(page, state);
    assert.equal(await page.locator('.road[data-seat="0"]').count(), 1, 'play goes on over the new socket');
    await page.close();
  });

  test('a link to no game, with a seat that is no number or with a wrong token says so, and does not retry', async (t) => {
    if (skip) return t.skip(skip);
    const page = await browser.newPage();
    const noGame = page.getByTestId('no-game');
    const prompt = () => page.textContent('[data-testid="prompt"]');

    // No such game: the socket's upgrade is refused, and the page asks the server why.
    await page.goto('/game/doesnotexist');
    await noGame.waitFor();
    assert.equal(await prompt(), 'This game does not exist');
    assert.equal(await page.textContent('[data-testid="connection"]'), 'Disconnected: there is no game `doesnotexist`', 'stopped, not reconnecting');
    assert.match(await noGame.textContent(), /The server says: there is no game `doesnotexist`\./);
    assert.equal(await noGame.getByRole('link', { name: 'Back to the lobby' }).getAttribute('href'), '/');
    assert.equal(await noGame.getByRole('link', { name: /spectator/ }).count(), 0, 'nothing to watch');
    assert.equal(await page.locator('.problem').count(), 0, 'no alert besides');

    // A game that exists, opened with a seat that is no number: no quiet spectator view.
    const created = await api(server.url, 'POST', '/api/games', { scenario: 'base', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], options: {} });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    await page.goto(`/game/${id}?seat=abc`);
    await noGame.waitFor();
    assert.equal(await prompt(), "This link's seat is not a seat number");
    assert.match(await noGame.textContent(), /It says seat=abc: a seat link reads \?seat=N&token=…/);
    assert.equal(await page.locator('.board').count(), 0, 'no board is shown');

    // Hot seat in a browser that made none of the game's seats: said in place of "Connecting…".
    await page.goto(`/game/${id}?hotseat`);
    await noGame.waitFor();
    assert.equal(await prompt(), 'This browser holds no seats of this game');
    assert.equal(await page.locator('.problem').count(), 0, 'no alert besides');

    // A wrong token: refused by the server, said in its words, with the spectator view offered.
    await page.goto(`/game/${id}?seat=0&token=wrong`);
    await noGame.waitFor();
    assert.equal(await prompt(), 'This link cannot play its seat');
    assert.equal(await page.textContent('[data-testid="connection"]'), 'Disconnected: this token does not play seat 0');
    await noGame.getByRole('link', { name: 'Watch the game as a spectator' }).click();
    await gameShown(page);
    assert.equal(new URL(page.url()).pathname, `/game/${id}`);
    assert.equal(await page.getByTestId('hand').count(), 0, 'a spectator, knowingly');
    await page.close();
  });

  test('every scenario renders all its hexes, with a screenshot of its board', async (t) => {
    if (skip) return t.skip(skip);
    const { body: scenarios } = await api(server.url, 'GET', '/api/scenarios');
    const names = scenarios.map((s) => s.name);
    for (const name of ['base', 'new-shores', 'four-islands', 'fog-islands', 'through-the-desert', 'forgotten-tribe', 'cloth-for-catan', 'pirate-islands', 'wonders-of-catan', 'new-world']) {
      assert.ok(names.includes(name), `the server offers ${name}`);
    }
    const page = await browser.newPage();
    for (const s of scenarios) {
      // Every seat a bot, the most seats the scenario takes (the preview's map is laid out
      // for that many): the board's positions are the preview's.
      const seats = Array.from({ length: Math.max(...s.players) }, () => ({ kind: 'bot', bot: 'heuristic' }));
      const created = await api(server.url, 'POST', '/api/games', { scenario: s.name, seats, options: {}, seed: 11 });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      // Barbarian Attack's, the Forgotten Tribe's, Cloth for Catan's, the Pirate Islands' and the Wonders' bots
      // finish a game in a few seconds: their picture is the last board, so that the end
      // screen does not come up while the picture is taken.
      const quick = ['barbarian-attack', 'forgotten-tribe', 'cloth-for-catan', 'pirate-islands', 'wonders-of-catan'].includes(s.name);
      await letBotsPlay(created.body.id, quick ? Infinity : 30);
      await page.goto(created.body.spectate);
      await page.waitForSelector('.board');
      if (await page.getByTestId('end-screen').count()) await page.getByRole('button', { name: 'Look at the board' }).click();
      assert.equal(await page.locator('[aria-label^="hex "]').count(), s.preview.hexes.length, `${s.name}: every hex is drawn`);
      for (const h of s.preview.hexes) assert.equal(await page.locator(`[aria-label="hex ${h.hex}"]`).count(), 1, `${s.name}: hex ${h.hex}`);
      assert.equal(await page.getByTestId('hand').count(), 0, 'a spectator sees no hand');
      assert.equal(await page.locator('svg [role="button"]').count(), 0, 'a spectator has nothing to click');
      if (s.name === 'barbarian-attack') {
        // The picture shows the castle, barbarians with their counts, and knights.
        assert.equal(await page.locator('.hex.castle').count(), 1);
        assert.ok((await page.locator('.barbarians').count()) > 0, 'barbarians stand on the coast');
        assert.ok((await page.locator('.knight').count()) > 0, 'knights stand on the paths at the end');
      }
      if (s.name === 'forgotten-tribe') {
        // Every gift on its edge: a star, a face-down card or a harbor token, named in words.
        const gifts = s.preview.extras.gifts;
        const total = gifts.special_vp.length + gifts.development_card.length + gifts.harbor.length;
        assert.equal(await page.locator('.gift').count(), total, 'every gift is drawn');
        assert.equal(await page.locator('.gift[data-gift="special_vp"]').count(), gifts.special_vp.length);
        assert.equal(await page.locator('.gift[data-gift="development_card"]').count(), gifts.development_card.length);
        assert.ok(await page.locator(`[aria-label^="gift on ${gifts.harbor[0].edge}: a "][aria-label*=" harbor"]`).count(), 'a harbor gift says its type');
        assert.equal(await page.getByTestId('gifts').count(), 1, 'the gifts panel');
      }
      if (s.name === 'wonders-of-catan') {
        // The marked corners and the five wonders with their stages.
        const extras = s.preview.extras;
        assert.equal(await page.locator('.marked.great-wall').count(), extras.great_wall_sites.length);
        assert.equal(await page.locator('.marked.great-bridge').count(), extras.great_bridge_sites.length);
        assert.equal(await page.locator('[data-testid^="wonder-"]').count(), 5, 'five wonders listed');
        assert.equal(await page.getByTestId('wonder-great_wall').locator('.pip').count(), 4, 'four stage pips');
        assert.match(await page.getByTestId('wonder-cathedral').innerText(), /at least 6 victory points/);
      }
      if (s.name === 'cloth-for-catan') {
        // The eight villages on their corners with their numbers, and the cloth panel.
        const villages = s.preview.extras.villages;
        assert.equal(villages.length, 8);
        assert.equal(await page.locator('.village').count(), 8, 'every village is drawn');
        for (const v of villages) {
          assert.equal(await page.locator(`.village[data-corner="${v.corner}"]`).getAttribute('data-number'), String(v.number), `the village at ${v.corner}`);
        }
        assert.equal(await page.getByTestId('cloth').count(), 1, 'the cloth panel');
        assert.equal(await clothInPlay(page), 50, 'every cloth is on a village, in the supply or held');
      }
      if (s.name === 'pirate-islands') {
        // Each seat's lane, fortress and site; the fleet's path and the fleet on it (unless
        // every fortress fell); the warships the panel counts.
        const colours = s.preview.extras.colours;
        const seats = Math.max(...s.players);
        assert.equal(await page.locator('.lane').count(), seats, 'a lane per seat');
        for (let i = 0; i < seats; i++) {
          assert.equal(Number(await page.locator(`.lane[data-seat="${i}"]`).getAttribute('data-edges')), colours[i].ship_lane.length, `seat ${i}'s lane`);
          assert.equal(await page.locator(`.fortress[data-corner="${colours[i].fortress}"]`).count(), 1, `seat ${i}'s fortress`);
          assert.equal(await page.locator(`.pirate-site[data-corner="${colours[i].pirate_island_site}"]`).count(), 1, `seat ${i}'s site`);
        }
        assert.equal(await page.locator('.fortress').count(), seats, 'three or four fortresses');
        assert.equal(await page.locator('.fleet-path').count(), 1, 'the fleet path');
        assert.equal(await page.locator('.fleet-arrow').count(), s.preview.extras.fleet_path.length);
        const fleet = await page.getByTestId('fleet').getAttribute('data-hex');
        if (fleet) {
          assert.equal(await page.locator('.fleet').getAttribute('data-hex'), fleet, 'the fleet is drawn where the panel says');
          assert.ok(s.preview.extras.fleet_path.includes(fleet), 'the fleet is on its path');
        } else {
          assert.equal(await page.locator('.fleet').count(), 0, 'the fleet left the game');
        }
        assert.equal(await page.locator('.pirate').count(), 0, 'no pirate besides the fleet');
        let warships = 0;
        for (let i = 0; i < seats; i++) warships += Number((await page.getByTestId(`pirates-${i}`).textContent()).match(/(\d+) warships?/)[1]);
        assert.equal(await page.locator('.warship').count(), warships, 'every warship the panel counts is drawn');
        console.log(`# Pirate Islands board: ${warships} warships, fortress chits ${(await page.locator('.fortress').evaluateAll((gs) => gs.map((g) => g.dataset.chits))).join(' ')}`);
      }
      await page.locator('.board-wrap').screenshot({ path: path.join(SHOTS, `${s.name}.png`) });
    }
    await page.close();
  });

  test('corners, edges and hexes are found by their names', async (t) => {
    if (skip) return t.skip(skip);
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'base',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human' }, { kind: 'human' }],
      options: { layout: 'beginner' },
    });
    assert.equal(created.status, 201);
    const page = await browser.newPage();
    await page.goto(created.body.spectate);
    await gameShown(page);
    assert.equal(await page.getByLabel('corner 1,0,N', { exact: true }).count(), 1);
    assert.equal(await page.getByLabel('edge 1,-1,SE', { exact: true }).count(), 1);
    assert.equal(await page.getByLabel('hex 1,2', { exact: true }).count(), 1);
    assert.equal(await page.locator('[aria-label^="hex "]').count(), 19);
    // The seat that must place first sees 1,0,N as a button it can press.
    const { body: summary } = await api(server.url, 'GET', `/api/games/${created.body.id}`);
    assert.equal(summary.status, 'playing');
    for (const s of created.body.seats) {
      await page.goto(s.link);
      await page.waitForSelector('[data-testid="prompt"]');
      if (await page.$('[data-testid="prompt"].yours')) {
        const corner = page.getByRole('button', { name: 'corner 1,0,N', exact: true });
        assert.equal(await corner.count(), 1);
        const before = await seq(page);
        await corner.focus();
        await page.keyboard.press(' ');
        await nextView(page, before);
        assert.equal(await page.locator(`.settlement[data-seat="${s.seat}"]`).count(), 1);
        break;
      }
    }
    await page.close();
  });
});

describe('Barbarian Attack in a real browser', () => {
  test('against three bots: castle and barbarians drawn, setup by clicks, a card bought, a knight placed and moved', async (t) => {
    if (skip) return t.skip(skip);
    const started = Date.now();
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'barbarian-attack',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'heuristic' }],
      options: {},
      seed: BA_SEED,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await browser.newPage();
    await page.goto(created.body.seats[0].link);
    await gameShown(page);

    // The board: the castle, the two starting barbarians with their counts, no knights yet.
    assert.equal(await page.locator('.hex.castle[aria-label="hex -1,4"]').count(), 1, 'the castle is drawn at -1,4');
    for (const hex of ['0,4', '3,1']) {
      const b = page.locator(`.barbarians[data-hex="${hex}"]`);
      assert.equal(await b.getAttribute('data-count'), '1');
      assert.equal(await b.getAttribute('aria-label'), `1 barbarian on ${hex}`);
      assert.equal(await b.locator('.barbarian-count-text').textContent(), '1');
    }
    assert.equal(await page.locator('.barbarians').count(), 2);
    assert.equal(await page.locator('.knight').count(), 0);
    assert.match(await page.getByTestId('seat-0-numbers').textContent(), /0 gold\s+0 prisoners\s+knights 0 on board · 6 in stock/);
    assert.match(await page.textContent('[aria-label="Seats"]'), /26 Barbarian Attack cards · 28 barbarians in supply/);
    assert.deepEqual(
      await page.getByTestId('costs').locator('li button, li .piece').allTextContents(),
      ['Road', 'Settlement', 'City', 'Barbarian Attack card', "A knight's walk of 4–5 paths", '1 resource from the bank'],
    );

    // Setup: a settlement and a road, a city and a road, each by clicking what is highlighted.
    const state = { cards: 0, goldBuys: 0, knightMoves: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0, hexes: [], knightPrompts: [], drawn: [] };
    assert.equal(await ourMove(page), 'ours');
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Place your first settlement');
    await decideBA(page, state);
    await decideBA(page, state);
    assert.equal(await ourMove(page), 'ours');
    assert.match(await page.textContent('[data-testid="prompt"]'), /^Place your city/);
    await decideBA(page, state);
    assert.equal(await page.locator('.city[data-seat="0"]').count(), 1, 'the second starting piece is a city');
    await decideBA(page, state);
    assert.equal(await page.locator('.road[data-seat="0"]').count(), 2);

    // Play until a card was bought and one of our knights was placed and moved, or 30 turns.
    const ours = page.locator('.knight[data-seat="0"]');
    let steps = 0;
    while (steps++ < 800) {
      if ((await ourMove(page)) === 'over') break;
      if (state.turns >= 30 || (state.cards > 0 && state.knightMoves > 0)) break;
      await decideBA(page, state);
    }
    const log = (await page.locator('[data-testid="log"] li').allTextContents()).join('\n');
    console.log(`# Barbarian Attack: ${state.turns} turns, ${state.cards} cards (${state.drawn.join('; ')}), ${state.knightMoves} knight moves, ${state.goldBuys} gold buys, ${Math.round((Date.now() - started) / 1000)} s`);
    assert.ok(state.cards > 0, 'a Barbarian Attack card was bought');
    assert.match(state.drawn[0], /^Ada drew (Knighthood|Black Knight|Treason|Intrigue)$/, 'the card drawn is logged');
    // Each card asked for its clicks, with the prompt saying what to do.
    if (state.drawn.includes('Ada drew Treason')) assert.ok(state.hexes.some((p) => /^Treason: /.test(p)), 'Treason moved barbarians by clicks');
    if (state.drawn.includes('Ada drew Intrigue')) assert.ok(state.hexes.some((p) => /^Intrigue: /.test(p)), 'Intrigue took a prisoner by a click');
    if (state.drawn.includes('Ada drew Knighthood')) assert.ok(state.knightPrompts.some((p) => /^Knighthood: place a knight/.test(p)));
    assert.ok((await page.locator('.knight').count()) > 0, 'knights stand on the board');
    assert.ok(state.knightMoves > 0 || (await ours.count()) > 0 || state.hexes.length > 0, 'the card did something on the board');
    if (state.knightMoves > 0) {
      assert.match(log, /Ada placed a knight (between|out at sea) /);
      assert.match(log, /Ada moved a knight from/);
      assert.ok((await ours.count()) > 0, 'our knight is drawn');
      assert.match(await ours.first().getAttribute('aria-label'), /^knight of Ada on /);
      assert.match(await page.getByTestId('seat-0-knights').textContent(), /^knights [1-6] on board · [0-5] in stock$/);
    }
    await page.close();
  });

  test('for two players from the lobby: variants, neutral seats, trade tokens, event cards', async (t) => {
    if (skip) return t.skip(skip);
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByRole('radio', { name: /Barbarian Attack/ }).check({ force: true });
    assert.deepEqual(await page.getByLabel('number of players').locator('option').allTextContents(), ['2', '3', '4']);
    await page.getByLabel('number of players').selectOption('2');
    await page.getByLabel('seat 1 is').selectOption('bot');
    // Bots are offered by the server's levels, then the bots no level plays.
    assert.deepEqual(await page.getByLabel('seat 1 bot').locator('option').allTextContents(), ['Bot (easy)', 'Bot (medium)', 'Bot (hard)', 'Bot (random)']);
    assert.equal(await page.getByLabel('seat 1 bot').inputValue(), 'medium', 'a bot seat starts at Medium');
    await page.getByLabel('seat 1 bot').selectOption('hard');
    assert.equal(await page.getByLabel('tournament').count(), 0, 'the Tournament choice comes with the event cards');
    await page.getByLabel('event cards').check();
    await page.getByLabel('tournament').selectOption('none');
    assert.equal(await page.getByLabel('victory target').inputValue(), '12');
    await page.getByLabel('harbormaster').check();
    assert.equal(await page.getByLabel('victory target').inputValue(), '13', 'the Harbormaster raises the target');
    await page.getByLabel('win off turn').check();
    await page.getByLabel('unlimited bank').check();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/games') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Start the game' }).click();
    const body = JSON.parse((await request).postData());
    assert.deepEqual(body.seats, [{ kind: 'human' }, { kind: 'bot', level: 'hard' }], 'the seat is asked for by its level');
    assert.deepEqual(body.options, { victory_points: 13, layout: 'variable', event_cards: true, tournament: 'none', harbormaster: true, win_off_turn: true, unlimited_bank: true });
    await page.getByRole('region', { name: 'Your new game' }).getByRole('link', { name: 'Play as Blue player' }).click();
    await gameShown(page);
    await ourMove(page);

    // Two neutral seats with their settlements, trade tokens, the event card in place of the dice.
    const seats = await page.textContent('[aria-label="Seats"]');
    assert.match(seats, /target 13 points, won at once in any turn/);
    assert.match(seats, /Neutral green\s*neutral/);
    assert.match(seats, /Neutral pink\s*neutral/);
    assert.match(await page.getByTestId('seat-0-numbers').textContent(), /5 tokens/);
    assert.match(seats, /10 trade tokens in supply/);
    assert.match(seats, /Bank: unlimited \(never short of a resource\) · /);
    assert.equal(await page.locator('.settlement.neutral').count(), 2, 'each neutral seat has its settlement');
    assert.equal(await page.getByLabel('neutral settlement of Neutral green at 2,0,S', { exact: true }).count(), 1);
    assert.match(await page.getByTestId('event-card').textContent(), /no card yet\s*31 to New Year/);
    assert.equal(await page.locator('.hex.castle').count(), 1);
    assert.equal(await page.locator('.barbarians').count(), 2);

    // Setup and turns until an event card was revealed (and the log says which).
    const state = { cards: 0, goldBuys: 0, knightMoves: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0, hexes: [], knightPrompts: [], drawn: [] };
    let steps = 0;
    while (steps++ < 200) {
      if ((await ourMove(page)) === 'over') break;
      if (state.turns >= 2) break;
      await decideBA(page, state);
    }
    assert.match(await page.getByTestId('event-card').textContent(), /\d+ [A-Z][a-z]+/, 'the last event card shows its number and title');
    assert.match(await page.textContent('[data-testid="log"]'), /revealed the event card [A-Z][A-Za-z ]+ \(\d+\)/);
    await page.close();
  });

  test('the replay of a finished game shows its knights and barbarians at every step', async (t) => {
    if (skip) return t.skip(skip);
    const seats = Array.from({ length: 3 }, () => ({ kind: 'bot', bot: 'heuristic' }));
    const created = await api(server.url, 'POST', '/api/games', { scenario: 'barbarian-attack', seats, options: {}, seed: 5 });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const done = await letBotsPlay(created.body.id, Infinity);
    assert.equal(done?.status, 'finished', 'the bots finish the game');
    const page = await browser.newPage();
    await page.goto(`/game/${created.body.id}?replay`);
    await page.waitForSelector('.board');
    // The start: the two barbarians on the 2 and the 12 (BA-5), no knight yet.
    assert.match(await page.textContent('.prompt'), /action 0 of \d+/);
    await page.waitForFunction(() => document.querySelectorAll('.barbarians').length === 2);
    assert.equal(await page.locator('.knight').count(), 0);
    assert.deepEqual((await page.locator('.barbarians').evaluateAll((gs) => gs.map((g) => g.dataset.count))).sort(), ['1', '1']);
    // The end: the knights the battles left.
    await page.getByRole('button', { name: 'to the end' }).click();
    await page.waitForFunction(() => /action (\d+) of \1$/.test(document.querySelector('.prompt')?.textContent ?? ''));
    await page.waitForSelector('.knight');
    assert.ok((await page.locator('.knight').count()) > 0, 'knights stand on the paths at the end');
    await page.close();
  });
});

describe('Cloth for Catan in a real browser', () => {
  test('against three bots: the villages and the cloth panel, three starting settlements, trade begun by ships', async (t) => {
    if (skip) return t.skip(skip);
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'cloth-for-catan',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'heuristic' }],
      options: {},
      seed: CLOTH_SEED,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await browser.newPage();
    await page.goto(created.body.seats[0].link);
    await gameShown(page);

    // The start: eight villages with 5 cloth each and nobody trading, 10 cloth in the supply.
    assert.equal(await page.locator('.village').count(), 8);
    const north = page.locator('.village[data-corner="2,2,N"]');
    assert.equal(await north.getAttribute('aria-label'), 'village at 2,2,N: number 11, 5 cloth, nobody trades with it yet');
    assert.equal(await north.locator('title').textContent(), 'village at 2,2,N: number 11, 5 cloth, nobody trades with it yet');
    assert.equal(await north.locator('.village-number').textContent(), '11');
    assert.equal(await north.locator('.village-cloth-count').textContent(), '5');
    assert.equal(await page.locator('.village.empty').count(), 0);
    assert.match(await page.getByTestId('cloth-supply').textContent(), /General supply: 10 cloth · 8 of 8 villages hold cloth/);
    assert.match(await page.getByTestId('cloth-0').textContent(), /Ada\s*0 cloth = 0 points\s*no trade yet/);

    // Setup: three settlements, each with a road or a ship (SC6-3).
    const state = { built: 0, rolls: 0, trades: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0 };
    for (const nth of ['first', 'second', 'third']) {
      assert.equal(await ourMove(page), 'ours');
      assert.equal(await page.textContent('[data-testid="prompt"]'), `Place your ${nth} settlement`);
      state.roadsThisTurn = 0;
      await decide(page, state);
      await decide(page, state);
    }
    assert.equal(await page.locator('.settlement[data-seat="0"]').count(), 3);

    // Play until someone trades with a village (the bots sail for them), or 20 turns.
    const traded = () => page.locator('.village:not([data-traders=""])');
    let steps = 0;
    while (steps++ < 800 && (await traded().count()) === 0 && state.turns < 20) {
      if ((await ourMove(page)) === 'over') break;
      await decide(page, state);
    }
    const log = await page.textContent('[data-testid="log"]');
    assert.ok((await traded().count()) > 0, 'a ship route reached a village');
    assert.match(log, /now trades with the village between /);
    // Its traders are drawn as marks and named; the panel says whom they trade with.
    const village = traded().first();
    const traders = (await village.getAttribute('data-traders')).split(' ').map(Number);
    assert.equal(await village.locator('.village-trader').count(), traders.length, 'a mark per trader');
    assert.match(await village.getAttribute('aria-label'), /^village at -?\d+,-?\d+,[NS]: number \d+, (\d+ cloth|no cloth left), trading with /);
    const number = await village.getAttribute('data-number');
    assert.match(await page.getByTestId(`cloth-${traders[0]}`).textContent(), new RegExp(`trades with villages? (\\d+, )*${number}\\b`));
    assert.equal(await clothInPlay(page), 50, 'every cloth is on a village, in the supply or held');
    console.log(`# Cloth for Catan: ${state.turns} turns played before trade was seen`);
    await page.close();
  });

  test('the pirate may take a card or a cloth, and a full tie is a shared win', async (t) => {
    if (skip) return t.skip(skip);
    // A choice the server offers only now and then (a 7, a trader, a victim with a card and a
    // cloth beside a sea hex): the page is shown a view with that choice in its legal actions,
    // and what it sends is caught before it reaches the server.
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'cloth-for-catan',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human', name: 'Bea' }, { kind: 'human', name: 'Cy' }],
      options: {},
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await browser.newPage();
    const pirate = [
      { action: 'move_pirate', hex: '4,2', victim: 1 },
      { action: 'move_pirate', hex: '4,2', victim: 1, take: 'cloth' },
      { action: 'move_pirate', hex: '4,2', victim: 2, take: 'cloth' },
    ];
    const game = await craftedViews(page, (m) => {
      m.view.phase = 'moving_robber';
      m.view.active = 0;
      m.view.to_act = [0];
      m.view.cloth.held = [0, 2, 1];
      m.view.players[1].resource_count = 3;
      m.legal = { actions: [{ action: 'move_robber', hex: '1,0' }, ...pirate], discard: null, gold: null, offer: null };
    });
    await page.goto(created.body.seats[0].link);
    await page.waitForSelector('[data-testid="prompt"].yours');
    assert.equal(
      await page.textContent('[data-testid="prompt"]'),
      'Move the robber or the pirate: choose a highlighted hex (the pirate may take a cloth in place of a card)',
    );
    await page.getByRole('button', { name: 'hex 4,2', exact: true }).click();
    const chooser = page.getByTestId('rob-chooser');
    const hexWords = (await chooser.locator('h3').textContent()).match(/^Move the pirate to (the sea by [a-z0-9 ,]+): whom to rob, and a card or a cloth\?$/)?.[1];
    assert.ok(hexWords, 'the chooser names the pirate\'s hex by the land beside it');
    assert.match(await chooser.getByTestId('rob-1').textContent(), /Bea\s*3 cards · 2 cloth\s*Take a card\s*Take a cloth/);
    assert.equal(await chooser.getByTestId('rob-2').getByRole('button').count(), 1, 'Cy holds a cloth and no card: a cloth only');
    await chooser.getByRole('button', { name: `Move the pirate to ${hexWords} and take a cloth from Bea`, exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="rob-chooser"]'));
    assert.equal(await sentCount(game, 1), 1);
    assert.deepEqual(game.sent, [pirate[1]], 'the page sends the pirate move that takes a cloth');

    // The end: Ada and Cy tie on points and cloth (D-SC6-1).
    const over = followUp(game.last, (next) => {
      Object.assign(next.view, { phase: 'over', winner: 0, shared_winners: [2], to_act: [] });
      next.legal = null;
      next.events = [{ event: 'villages_ran_dry', villages_with_cloth: 3 }];
    });
    game.client.send(JSON.stringify(over));
    await page.getByTestId('end-screen').waitFor();
    assert.equal(await page.getByTestId('end-title').textContent(), 'Ada and Cy share the win');
    assert.equal(await page.locator('.end tr.winner').count(), 2, 'both winners stand out');
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Ada and Cy share the win');
    assert.match(await page.textContent('[data-testid="log"]'), /Only 3 villages still hold cloth: the game ends/);
    await page.close();
  });
});

describe('The Pirate Islands in a real browser', () => {
  test('against three bots: lanes, fortresses and the fleet drawn, setup on the east island, the fleet sailing on every roll', async (t) => {
    if (skip) return t.skip(skip);
    const { body: scenarios } = await api(server.url, 'GET', '/api/scenarios');
    const extras = scenarios.find((s) => s.name === 'pirate-islands').preview.extras;
    const path = extras.fleet_path;
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'pirate-islands',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'heuristic' }, { kind: 'bot', bot: 'heuristic' }],
      options: {},
      seed: PIRATE_SEED,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await browser.newPage();
    await page.goto(created.body.seats[0].link);
    await gameShown(page);

    // The start: each colour's lane, fortress on 3 chits, site, settlement and ship; the fleet
    // on the first hex of its path; no robber, no pirate.
    assert.equal(await page.locator('.lane').count(), 4);
    assert.equal(await page.locator('.fortress:not(.conquered)').count(), 4);
    assert.deepEqual(await page.locator('.fortress').evaluateAll((gs) => gs.map((g) => g.dataset.chits)), ['3', '3', '3', '3']);
    assert.equal(await page.locator('.fortress[data-seat="0"]').getAttribute('aria-label'), 'fortress of Ada at -2,6,S: 3 chits left');
    assert.equal(await page.locator('.pirate-site[data-seat="0"]').getAttribute('data-corner'), extras.colours[0].pirate_island_site);
    assert.equal(await fleetHex(page), path[0]);
    assert.equal(await page.locator('.fleet').getAttribute('aria-label'), `the pirate fleet on ${path[0]}`);
    assert.equal(await page.locator('.robber, .pirate').count(), 0);
    assert.equal(await page.locator('.settlement[data-seat="0"]').count(), 1, 'the settlement placed before setup');
    assert.equal(await page.locator('.ship[data-seat="0"]').getAttribute('data-edge'), extras.colours[0].start_ship);
    assert.equal(await page.locator('.warship').count(), 0);
    assert.equal(await page.getByTestId('fleet').textContent(), `The pirate fleet is on ${path[0]} (hex 1 of 14 on its path).`);
    assert.match(await page.getByTestId('pirates-0').textContent(), /Ada\s*0 warships\s*fortress: 3 of 3 chits left/);
    assert.match(await page.getByTestId('pirate-islands').locator('h3').textContent(), /10 points and your own fortress win/);

    // Setup: two settlements with roads on the east island (SC7-3).
    const state = { built: 0, rolls: 0, trades: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0, sails: [], attacks: 0, rewards: 0 };
    for (const nth of ['first', 'second']) {
      assert.equal(await ourMove(page), 'ours');
      assert.equal(await page.textContent('[data-testid="prompt"]'), `Place your ${nth} settlement on the east island`);
      state.roadsThisTurn = 0;
      await decidePirates(page, state, path);
      await decidePirates(page, state, path);
    }
    assert.equal(await page.locator('.settlement[data-seat="0"]').count(), 3);
    assert.equal(await page.locator('.road[data-seat="0"]').count(), 2);

    // Play until our dice sailed the fleet three times (each roll checked) and it attacked
    // someone, or 20 turns.
    const attacked = async () => (await page.locator('[data-testid="log"] li').allTextContents()).some((l) => /^The pirate fleet attacked /.test(l));
    let steps = 0;
    while (steps++ < 800 && (state.sails.length < 3 || !(await attacked())) && state.turns < 20) {
      if ((await ourMove(page)) === 'over') break;
      await decidePirates(page, state, path);
    }
    const log = await page.locator('[data-testid="log"] li').allTextContents();
    for (const l of log.filter((l) => /^The pirate fleet attacked /.test(l))) {
      assert.match(l, /^The pirate fleet attacked .+: \d+ warships? against strength [1-6], (.+ beat it|the fleet wins|a draw \(nothing happens\))$/);
    }
    console.log(`# Pirate Islands: ${state.turns} turns, the fleet ${state.sails.map((s) => `${s.from}→${s.to} (${s.strength})`).join(', ')}; ${state.attacks} attacks after our rolls, ${state.rewards} rewards`);
    assert.ok(state.sails.length >= 3, 'the fleet sailed on each of our rolls');
    assert.ok(log.some((l) => /^The pirate fleet sailed to the (open )?sea [a-z0-9 ,-]+ with strength [1-6]$/.test(l)), 'the bots\' rolls sail it too');
    assert.deepEqual(log.filter((l) => /^[a-z_ ]+ \{/.test(l)), [], 'every event is in words');
    await page.close();
  });

  test('warships drawn, the attack button, the fleet’s reward and the win with the fortress', async (t) => {
    if (skip) return t.skip(skip);
    // What the server offers only late in a game (a route at the fortress, a fleet beaten, the
    // win): the page is shown views with it, and what it sends is caught before the server.
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'pirate-islands',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human', name: 'Bea' }, { kind: 'human', name: 'Cy' }],
      options: {},
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await browser.newPage();
    const game = await craftedViews(page, (m) => {
      Object.assign(m.view, { phase: 'main', active: 0, to_act: [0] });
      // Ada's route: the ship placed before setup and one more, both warships.
      m.view.players[0].ships = ['2,5,SE', '1,6,NE'];
      m.view.pirate_islands.colours[0].warships = ['2,5,SE', '1,6,NE'];
      m.legal = { actions: [{ action: 'attack_fortress' }, { action: 'end_turn' }], discard: null, gold: null, offer: null };
    });
    await page.goto(created.body.seats[0].link);
    await page.waitForSelector('[data-testid="prompt"].yours');
    assert.equal(await page.locator('.lane').count(), 3, 'three colours for three players');
    assert.equal(await page.locator('.fortress').count(), 3);
    assert.equal(await page.locator('.warship').count(), 2);
    assert.equal(await page.getByLabel('warship of Ada on 1,6,NE', { exact: true }).count(), 1);
    assert.equal(await page.locator('.ship:not(.warship)').count(), 2, 'Bea and Cy each have an ordinary ship');
    assert.match(await page.getByTestId('pirates-0').textContent(), /Ada\s*2 warships\s*fortress: 3 of 3 chits left/);
    assert.equal(
      await page.textContent('[data-testid="prompt"]'),
      'Build, trade or play a card, or attack your fortress (in the Pirate Islands panel: it ends your turn), then end your turn',
    );
    const attack = page.getByTestId('pirate-islands').getByRole('button', { name: 'Attack your fortress (2 warships vs a die)', exact: true });
    assert.equal(await attack.count(), 1, 'the attack is a button in the panel');
    assert.equal(await page.getByRole('region', { name: 'Your actions' }).getByRole('button', { name: /Attack/ }).count(), 0, 'and only there');
    await attack.click();
    assert.equal(await sentCount(game, 1), 1);
    assert.deepEqual(game.sent, [{ action: 'attack_fortress' }]);

    // A roll later: the fleet beside Ada's settlement, beaten; Ada takes a resource.
    const reward = followUp(game.last, (next) => {
      Object.assign(next.view, { phase: { step: 'fleet_reward', seat: 0 }, describe: 'seat 0 beat the pirate fleet and takes a resource from the bank', pirate: '1,6' });
      next.view.pirate_islands.fleet = '1,6';
      next.legal = { actions: [], discard: null, gold: { count: 1, from: { brick: 2, ore: 1 } }, offer: null };
      next.events = [
        { event: 'dice_rolled', seat: 0, dice: [3, 5], total: 8 },
        { event: 'fleet_sailed', hex: '1,6', strength: 3 },
        { event: 'fleet_attacked', seat: 0, warships: 2, strength: 1, outcome: 'won' },
      ];
    });
    game.client.send(JSON.stringify(reward));
    const picker = page.getByRole('region', { name: 'You beat the pirate fleet: take a resource from the bank' });
    await picker.waitFor();
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'You beat the pirate fleet: take a resource from the bank');
    assert.equal(await fleetHex(page), '1,6');
    assert.match(await page.textContent('[data-testid="log"]'), /The pirate fleet attacked Ada: 2 warships against strength 1, Ada beat it/);
    await picker.getByRole('button', { name: 'one ore more' }).click();
    await picker.getByRole('button', { name: 'Take it' }).click();
    assert.equal(await sentCount(game, 2), 2);
    assert.deepEqual(game.sent[1], { action: 'pick_resources', cards: { ore: 1 } });

    // The end: Ada's third chit falls, the fortress is her settlement, and she has 10 points.
    const over = followUp(reward, (next) => {
      Object.assign(next.view, { phase: 'over', winner: 0, to_act: [], describe: 'the game is over' });
      next.view.pirate_islands.colours[0].chits = 0;
      next.view.players[0].settlements = [...next.view.players[0].settlements, '-2,6,S'];
      next.view.players[0].victory_points = 10;
      next.legal = null;
      next.events = [
        { event: 'fortress_attacked', seat: 0, die: 1, warships: 2, chits_left: 0, ships_lost: 0 },
        { event: 'fortress_conquered', seat: 0, corner: '-2,6,S' },
        { event: 'game_won', seat: 0, points: 10, victory_point_cards: 0 },
      ];
    });
    game.client.send(JSON.stringify(over));
    await page.getByTestId('end-screen').waitFor();
    assert.equal(await page.getByTestId('end-title').textContent(), 'Ada wins, with their fortress conquered!');
    assert.match(await page.locator('.end tr.winner').textContent(), /Ada\s*10\s*conquered/);
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Ada won the game and conquered their fortress');
    const log = await page.textContent('[data-testid="log"]');
    assert.match(log, /Ada attacked their fortress: 2 warships against a die of 1, the fortress lost its last chit/);
    assert.match(log, /Ada conquered their fortress between [a-z0-9 ,]+: it is now their settlement/);
    await page.getByRole('button', { name: 'Look at the board' }).click();
    assert.equal(await page.locator('.fortress.conquered[data-seat="0"]').getAttribute('aria-label'), "fortress of Ada at -2,6,S: conquered, now Ada's settlement");
    assert.equal(await page.locator('.settlement[data-seat="0"]').count(), 2, 'the fortress corner holds her settlement');
    assert.match(await page.getByTestId('pirates-0').textContent(), /fortress conquered/);
    await page.close();
  });
});

describe('The Wonders of Catan and The Forgotten Tribe in a real browser', () => {
  const noRanges = { discard: null, gold: null, offer: null };

  test('a wonder claimed and two of its stages built in the Wonders panel', async (t) => {
    if (skip) return t.skip(skip);
    // A wonder may be claimed only once its requirement is met, late in a game: the page is
    // shown the situation of rule case SC8-6 (Ada with 2 cities claims the Theater, then
    // builds two stages) in views made from the server's own, and what it sends is caught
    // before it reaches the server.
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'wonders-of-catan',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human', name: 'Bea' }, { kind: 'human', name: 'Cy' }],
      options: {},
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await browser.newPage();
    const claim = { action: 'claim_wonder', wonder: 'theater' };
    const build = { action: 'build_wonder_stage' };
    const game = await craftedViews(page, (m) => {
      Object.assign(m.view, { phase: 'main', active: 0, to_act: [0], turn: 12, dice: [3, 4], describe: 'seat 0 trades and builds, then ends the turn' });
      const [ada, bea, cy] = m.view.players;
      Object.assign(ada, { cities: ['1,3,N', '0,3,S'], hand: { brick: 2, lumber: 2, wool: 6, ore: 1 }, resource_count: 11, victory_points: 4 });
      Object.assign(bea, { settlements: ['2,4,S', '-1,2,N'], victory_points: 2 });
      Object.assign(cy, { settlements: ['-2,4,N', '2,2,N'], victory_points: 2 });
      m.view.wonders.find((w) => w.wonder === 'theater').meets = [0];
      m.legal = { actions: [claim, { action: 'end_turn' }], ...noRanges };
    });
    await page.goto(created.body.seats[0].link);
    await page.waitForSelector('[data-testid="prompt"].yours');
    const panel = page.getByTestId('wonders');
    const theater = page.getByTestId('wonder-theater');
    const stages = () => theater.locator('.stages').getAttribute('aria-label');
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Build, trade or play a card (you may claim a wonder in the Wonders panel), then end your turn');
    assert.equal(
      await page.getByTestId('wonders-win').textContent(),
      'Win in your turn by building all 4 stages of your wonder, or with 10 points and more stages built than anyone else. Stages give no points.',
    );
    assert.deepEqual(await page.getByTestId('costs').getByRole('button').allTextContents(), ['Road', 'Ship', 'Settlement', 'City', 'Development card'], 'a ship costs too');
    assert.match(await theater.innerText(), /^Theater\s+unclaimed\s+Needs 2 cities\s+Stage: 1 brick, 1 lumber, 3 wool\s+met by Ada\s+Claim \(a ship from stock\)$/);
    assert.equal(await stages(), '0 of 4 stages built');
    assert.equal(await panel.getByRole('button').count(), 1, 'the one claim the server offers is the panel\'s one button');
    assert.equal(await page.getByRole('region', { name: 'Your actions' }).getByRole('button', { name: /claim|wonder/i }).count(), 0, 'and it is only there');
    await theater.getByRole('button', { name: 'Claim (a ship from stock)', exact: true }).click();
    await sentCount(game, 1);
    assert.deepEqual(game.sent, [claim], 'the page sends the claim of the Theater');

    // The Theater is Ada's: no more claims, and a stage to build.
    const claimed = followUp(game.last, (m) => {
      m.view.wonders.find((w) => w.wonder === 'theater').owner = 0;
      m.legal = { actions: [build, { action: 'end_turn' }], ...noRanges };
      m.events = [{ event: 'wonder_claimed', seat: 0, wonder: 'theater' }];
    });
    game.client.send(JSON.stringify(claimed));
    const build1 = theater.getByRole('button', { name: 'Build stage 1 (1 brick, 1 lumber, 3 wool)', exact: true });
    await build1.waitFor();
    assert.equal((await theater.locator('.owner').innerText()).trim(), 'Ada', 'the owner is named');
    assert.ok((await theater.getAttribute('class')).split(' ').includes('owned'), 'the row is marked as owned');
    assert.equal(await stages(), '0 of 4 stages built');
    assert.equal(await panel.getByRole('button').count(), 1, 'no claim is left: only the build button');
    for (const w of ['great_bridge', 'monument', 'great_wall', 'cathedral']) {
      assert.match(await page.getByTestId(`wonder-${w}`).locator('.owner').innerText(), /^unclaimed$/);
    }
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Build, trade or play a card (you may build a stage of your wonder in the Wonders panel), then end your turn');
    assert.match(await page.textContent('[data-testid="log"]'), /Ada claimed the Theater \(a ship from stock leaves play\)/);
    await build1.click();
    await sentCount(game, 2);
    assert.deepEqual(game.sent[1], build, 'the page sends the stage');

    // Stage 1 built; Ada can pay for another.
    const stage1 = followUp(claimed, (m) => {
      m.view.wonders.find((w) => w.wonder === 'theater').stages = 1;
      Object.assign(m.view.players[0], { hand: { brick: 1, lumber: 1, wool: 3, ore: 1 }, resource_count: 6 });
      m.events = [{ event: 'wonder_stage_built', seat: 0, wonder: 'theater', stage: 1 }];
    });
    game.client.send(JSON.stringify(stage1));
    const build2 = theater.getByRole('button', { name: 'Build stage 2 (1 brick, 1 lumber, 3 wool)', exact: true });
    await build2.waitFor();
    assert.equal(await stages(), '1 of 4 stages built');
    assert.equal(await theater.locator('.pip.built').count(), 1);
    assert.match(await page.textContent('[data-testid="log"]'), /Ada built stage 1 of 4 of the Theater/);
    await build2.click();
    await sentCount(game, 3);
    assert.deepEqual(game.sent[2], build);

    // Stage 2 built: what is left in hand pays for no third (only the end of the turn is legal).
    const stage2 = followUp(stage1, (m) => {
      m.view.wonders.find((w) => w.wonder === 'theater').stages = 2;
      Object.assign(m.view.players[0], { hand: { ore: 1 }, resource_count: 1 });
      m.legal = { actions: [{ action: 'end_turn' }], ...noRanges };
      m.events = [{ event: 'wonder_stage_built', seat: 0, wonder: 'theater', stage: 2 }];
    });
    game.client.send(JSON.stringify(stage2));
    await page.waitForFunction(() => document.querySelector('[data-testid="wonder-theater"] .stages')?.getAttribute('aria-label') === '2 of 4 stages built');
    assert.equal(await theater.locator('.pip.built').count(), 2);
    assert.equal(await theater.locator('.pip:not(.built)').count(), 2);
    assert.equal(await panel.getByRole('button').count(), 0, 'no button once no stage can be paid for');
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Build, trade or play a card, then end your turn');
    assert.match(await page.textContent('[data-testid="log"]'), /Ada built stage 2 of 4 of the Theater/);
    assert.deepEqual(await hand(page), { brick: 0, lumber: 0, wool: 0, grain: 0, ore: 1 }, 'two stages paid for');
    assert.match(await page.getByTestId('seat-0-numbers').textContent(), /\b1 card\b/, 'one card, not 1 cards');
    assert.equal(game.sent.length, 3, 'nothing else was sent');

    // Ada wins on 10 points with the most stages while Bea holds more points (SC8-8): the end
    // says why, and the table shows the stages.
    const over = followUp(stage2, (m) => {
      Object.assign(m.view, { phase: 'over', winner: 0, to_act: [], describe: 'the game is over' });
      m.view.players[0].victory_points = 10;
      m.view.players[1].victory_points = 12;
      m.view.wonders.find((w) => w.wonder === 'great_wall').owner = 1;
      m.view.wonders.find((w) => w.wonder === 'great_wall').stages = 1;
      m.legal = null;
      m.events = [{ event: 'game_won', seat: 0, points: 10, victory_point_cards: 0 }];
    });
    game.client.send(JSON.stringify(over));
    await page.getByTestId('end-screen').waitFor();
    assert.equal(await page.getByTestId('end-title').textContent(), 'Ada wins, with 10 points and more wonder stages than anyone else (2 against 1)!');
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Ada won the game, with 10 points and more wonder stages than anyone else (2 against 1)');
    assert.deepEqual(await page.locator('.end thead th').allTextContents(), ['Seat', 'Points', 'Wonder stages', 'Knights', 'Road']);
    assert.match(await page.locator('.end tbody tr').first().textContent(), /Bea\s*12\s*1/);
    assert.match(await page.locator('.end tr.winner').textContent(), /Ada\s*10\s*2/);
    await page.close();
  });

  test('gift harbors placed on highlighted edges, with a choice of token where two fit', async (t) => {
    if (skip) return t.skip(skip);
    // A gift harbor is placed only after a ship took it and a site is open: the page is shown
    // the situation of rule case SC5-7 (Ada holds the tokens of the harbor gifts on 5,4,SE
    // and 1,6,SE; her new settlement on 2,5,N opens two coast edges) in views made from the
    // server's own, and what it sends is caught before it reaches the server. The tokens'
    // types are the game's own (dealt face up at setup, one of each type).
    const created = await api(server.url, 'POST', '/api/games', {
      scenario: 'forgotten-tribe',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human', name: 'Bea' }, { kind: 'human', name: 'Cy' }],
      options: {},
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await browser.newPage();
    const tokens = {};
    const game = await craftedViews(page, (m) => {
      Object.assign(m.view, { phase: 'placing_gift_harbor', active: 0, to_act: [0], turn: 9, dice: [2, 6], describe: 'seat 0 places a gift harbor' });
      const [ada, bea, cy] = m.view.players;
      Object.assign(ada, { settlements: ['2,4,N', '2,5,N'], roads: ['2,4,NE', '2,4,E'], victory_points: 2 });
      Object.assign(bea, { settlements: ['-1,3,S', '1,3,S'], victory_points: 2 });
      Object.assign(cy, { settlements: ['0,4,S', '3,3,N'], victory_points: 2 });
      for (const g of m.view.gifts) {
        if (g.edge === '5,4,SE' || g.edge === '1,6,SE') {
          assert.equal(g.gift, 'harbor', `a harbor gift lies on ${g.edge}`);
          Object.assign(g, { taken_by: 0, waiting: true });
          tokens[g.edge] = g.harbor;
        }
      }
      const types = [tokens['5,4,SE'], tokens['1,6,SE']];
      m.legal = {
        actions: ['2,5,NE', '2,4,SE'].flatMap((edge) => types.map((harbor) => ({ action: 'place_gift_harbor', edge, harbor }))),
        ...noRanges,
      };
    });
    await page.goto(created.body.seats[0].link);
    await page.waitForSelector('[data-testid="prompt"].yours');
    const [first, second] = [tokens['5,4,SE'], tokens['1,6,SE']];
    assert.ok(first && second && first !== second, `two tokens of different types: ${first}, ${second}`);
    const gifts = page.getByTestId('gifts');
    const giftLabel = (edge) => page.locator(`.gift[data-edge="${edge}"]`).getAttribute('aria-label');
    const highlighted = () => page.locator('svg .edge.target').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label')).sort());
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Place one of your gift harbors: choose a highlighted coast edge beside your settlement or city');
    assert.deepEqual(await highlighted(), ['edge 2,4,SE', 'edge 2,5,NE'], 'the two coast edges of the new settlement');
    assert.equal(await page.locator('svg [role="button"]').count(), 2, 'nothing else on the board to click');
    assert.match(await gifts.innerText(), /16 of 18 gifts still on the coast/);
    for (const type of [first, second]) {
      assert.match(await gifts.innerText(), new RegExp(`Ada holds a ${harborWords(type)} harbor, waiting for a site\\.`));
    }
    assert.equal(await giftLabel('1,6,SE'), `gift on 1,6,SE: a ${harborWords(second)} harbor, taken by Ada, waiting for a site`);
    assert.equal(await page.locator('.harbor[aria-label^="harbor 2,5,NE"]').count(), 0, 'no harbor on the edge yet');

    // Two tokens fit the edge: a click asks which.
    await page.getByRole('button', { name: 'edge 2,5,NE', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: /^Choices: between / });
    await chooser.waitFor();
    const choices = await chooser.locator('button.primary').allTextContents();
    assert.equal(choices.length, 2);
    assert.match(choices[0], new RegExp(`^Place the ${harborWords(first)} harbor between [a-z0-9 ,]+$`));
    assert.match(choices[1], new RegExp(`^Place the ${harborWords(second)} harbor between [a-z0-9 ,]+$`));
    assert.equal(game.sent.length, 0, 'nothing is sent before the choice');
    await chooser.getByRole('button', { name: choices[1], exact: true }).click();
    await sentCount(game, 1);
    assert.deepEqual(game.sent, [{ action: 'place_gift_harbor', edge: '2,5,NE', harbor: second }], 'the page sends the token chosen, on the edge clicked');
    await page.waitForFunction(() => !document.querySelector('.chooser'));

    // Placed: the harbor is drawn on its edge; the other token waits (no site is left for it).
    const rate = (type) => (type === '3:1' ? 3 : 2);
    const placed = followUp(game.last, (m) => {
      Object.assign(m.view, { phase: 'main', describe: 'seat 0 trades and builds, then ends the turn' });
      Object.assign(m.view.gifts.find((g) => g.edge === '1,6,SE'), { waiting: false, placed_at: '2,5,NE' });
      const rates = m.view.players[0].bank_rates;
      for (const r of Object.keys(rates)) if (second === '3:1' || r === second) rates[r] = Math.min(rates[r], rate(second));
      m.legal = { actions: [{ action: 'end_turn' }], ...noRanges };
      m.events = [{ event: 'harbor_placed', seat: 0, edge: '2,5,NE', harbor: second }];
    });
    game.client.send(JSON.stringify(placed));
    await page.locator(`.harbor[aria-label="harbor 2,5,NE: ${harborWords(second)}"]`).waitFor();
    assert.equal(await giftLabel('1,6,SE'), `gift on 1,6,SE: a ${harborWords(second)} harbor, taken by Ada, placed at 2,5,NE`);
    assert.equal(await giftLabel('5,4,SE'), `gift on 5,4,SE: a ${harborWords(first)} harbor, taken by Ada, waiting for a site`);
    assert.doesNotMatch(await gifts.innerText(), new RegExp(`holds a ${harborWords(second)} harbor`), 'the placed token no longer waits');
    assert.match(await gifts.innerText(), new RegExp(`Ada holds a ${harborWords(first)} harbor, waiting for a site\\.`));
    assert.equal(await page.locator('svg .edge.target').count(), 0, 'no edge is highlighted any more');
    assert.equal(await page.textContent('[data-testid="prompt"]'), 'Build, trade or play a card, then end your turn');
    assert.match(await page.textContent('[data-testid="log"]'), new RegExp(`Ada placed a ${harborWords(second)} harbor between `));

    // A later settlement on 4,2,N opens two more edges, and one token is left: a click places it.
    const again = followUp(placed, (m) => {
      Object.assign(m.view, { phase: 'placing_gift_harbor', describe: 'seat 0 places a gift harbor' });
      m.view.players[0].settlements = [...m.view.players[0].settlements, '4,2,N'];
      m.view.players[0].victory_points = 3;
      m.legal = { actions: ['4,2,NE', '4,1,SE'].map((edge) => ({ action: 'place_gift_harbor', edge, harbor: first })), ...noRanges };
      m.events = [{ event: 'settlement_built', seat: 0, corner: '4,2,N' }];
    });
    game.client.send(JSON.stringify(again));
    await page.waitForFunction(() => document.querySelectorAll('svg .edge.target').length === 2);
    assert.deepEqual(await highlighted(), ['edge 4,1,SE', 'edge 4,2,NE']);
    assert.equal(await page.textContent('[data-testid="prompt"]'), `Place your ${harborWords(first)} harbor: choose a highlighted coast edge beside your settlement or city`);
    await page.getByRole('button', { name: 'edge 4,1,SE', exact: true }).click();
    await sentCount(game, 2);
    assert.equal(await page.locator('.chooser').count(), 0, 'one token fits: no choice is asked');
    assert.deepEqual(game.sent[1], { action: 'place_gift_harbor', edge: '4,1,SE', harbor: first });

    const both = followUp(again, (m) => {
      Object.assign(m.view, { phase: 'main', describe: 'seat 0 trades and builds, then ends the turn' });
      Object.assign(m.view.gifts.find((g) => g.edge === '5,4,SE'), { waiting: false, placed_at: '4,1,SE' });
      m.legal = { actions: [{ action: 'end_turn' }], ...noRanges };
      m.events = [{ event: 'harbor_placed', seat: 0, edge: '4,1,SE', harbor: first }];
    });
    game.client.send(JSON.stringify(both));
    await page.locator(`.harbor[aria-label="harbor 4,1,SE: ${harborWords(first)}"]`).waitFor();
    assert.equal(await page.locator(`.harbor[aria-label="harbor 2,5,NE: ${harborWords(second)}"]`).count(), 1, 'the first harbor stays');
    assert.equal(await page.locator('.harbor').count(), 2, 'the map has no other harbors');
    assert.equal(await giftLabel('5,4,SE'), `gift on 5,4,SE: a ${harborWords(first)} harbor, taken by Ada, placed at 4,1,SE`);
    assert.doesNotMatch(await gifts.innerText(), /waiting for a site/, 'no token waits');
    assert.equal(game.sent.length, 2, 'nothing else was sent');
    await page.close();
  });
});

feelTests({
  server: () => server,
  browser: () => browser,
  skip: () => skip,
  api,
  SHOTS,
  TARGET,
  gameShown,
  ourMove,
  decide,
  letBotsPlay,
});

editorTests({
  browser: () => browser,
  skip: () => skip,
  binary: () => bin ?? process.env.SETTLERS_BIN ?? path.join(ROOT, 'target/debug/settlers'),
  SHOTS,
  gameShown,
  ourMove,
  decide,
});

choiceTests({
  server: () => server,
  browser: () => browser,
  skip: () => skip,
  api,
  craftedViews,
  followUp,
  sentCount,
  SHOTS,
});

tradeTests({
  server: () => server,
  browser: () => browser,
  skip: () => skip,
  api,
  craftedViews,
  followUp,
  SHOTS,
});

battleTests({
  server: () => server,
  browser: () => browser,
  skip: () => skip,
  api,
  craftedViews,
  followUp,
  SHOTS,
});
