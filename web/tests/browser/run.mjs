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

// Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1 (README's pictures), else to a
// temporary folder, so a test run leaves the work tree as it was.
const SHOTS = process.env.UPDATE_SCREENSHOTS ? path.join(ROOT, 'docs/screenshots') : fs.mkdtempSync(path.join(os.tmpdir(), 'settlers-shots-'));
let server;
let browser;
let skip = false;

before(async () => {
  if (process.env.SETTLERS_URL) {
    server = new ExternalServer(process.env.SETTLERS_URL);
  } else {
    const bin = settlersBinary();
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
  if (await button('Reject the offer').count()) {
    await button('Reject the offer').click();
    return nextView(page, before);
  }
  if (await button('Roll the dice').count()) {
    await button('Roll the dice').click();
    state.rolls += 1;
    return nextView(page, before);
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
  if (await button('Cancel the offer').count()) {
    await button('Cancel the offer').click();
    return nextView(page, before);
  }
  if (await button('End the turn').count()) {
    await button('End the turn').click();
    state.turns += 1;
    state.tradedThisTurn = false;
    state.roadsThisTurn = 0;
    return nextView(page, before);
  }
  throw new Error(`nothing to do at: ${await page.textContent('[data-testid="prompt"]')}`);
}

async function newGameFromLobby(page, { scenario = 'base', humans = 1 } = {}) {
  await page.goto('/');
  await page.getByRole('radio', { name: new RegExp(scenario === 'base' ? 'Catan base game' : scenario) }).check({ force: true });
  await page.getByLabel('number of players').selectOption('4');
  for (let i = 0; i < 4; i++) {
    await page.getByLabel(`seat ${i} is`).selectOption(i < humans ? 'human' : 'bot');
    if (i >= humans) await page.getByLabel(`seat ${i} bot`).selectOption('heuristic');
  }
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByRole('region', { name: 'Your new game' }).waitFor();
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
  test('a game against three bots: setup by clicking highlights, rolls, builds, a bank trade, many turns', async (t) => {
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
    await page.waitForSelector('.game');
    const state = { built: 0, rolls: 0, trades: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0 };

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

    // Play: until we rolled, built beyond the setup, traded with the bank and played 8 turns.
    let steps = 0;
    while (steps++ < 600) {
      if ((await ourMove(page)) === 'over') break;
      if (state.turns >= 8 && state.trades > 0 && state.built > 4) break;
      await decide(page, state);
    }
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
    await newGameFromLobby(page, { humans: 2 });
    await page.getByRole('region', { name: 'Your new game' }).getByRole('link', { name: /hot seat/ }).click();
    const handover = page.getByTestId('handover');
    await handover.waitFor();
    const first = (await handover.locator('h2').textContent()).replace('Pass the device to ', '');
    assert.match(first, /^Seat [01]$/);
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
    await page.getByRole('region', { name: 'Your new game' }).getByRole('link', { name: 'Play as Seat 0' }).click();
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

  test('every scenario renders all its hexes, with a screenshot of its board', async (t) => {
    if (skip) return t.skip(skip);
    const { body: scenarios } = await api(server.url, 'GET', '/api/scenarios');
    const names = scenarios.map((s) => s.name);
    for (const name of ['base', 'new-shores', 'four-islands', 'fog-islands', 'through-the-desert', 'new-world']) {
      assert.ok(names.includes(name), `the server offers ${name}`);
    }
    const page = await browser.newPage();
    for (const s of scenarios) {
      // Every seat a bot, the most seats the scenario takes (the preview's map is laid out
      // for that many): the board's positions are the preview's.
      const seats = Array.from({ length: Math.max(...s.players) }, () => ({ kind: 'bot', bot: 'heuristic' }));
      const created = await api(server.url, 'POST', '/api/games', { scenario: s.name, seats, options: {}, seed: 11 });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      await letBotsPlay(created.body.id, 30);
      await page.goto(created.body.spectate);
      await page.waitForSelector('.board');
      if (await page.getByTestId('end-screen').count()) await page.getByRole('button', { name: 'Look at the board' }).click();
      assert.equal(await page.locator('[aria-label^="hex "]').count(), s.preview.hexes.length, `${s.name}: every hex is drawn`);
      for (const h of s.preview.hexes) assert.equal(await page.locator(`[aria-label="hex ${h.hex}"]`).count(), 1, `${s.name}: hex ${h.hex}`);
      assert.equal(await page.getByTestId('hand').count(), 0, 'a spectator sees no hand');
      assert.equal(await page.locator('svg [role="button"]').count(), 0, 'a spectator has nothing to click');
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
    await page.waitForSelector('.game');
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
