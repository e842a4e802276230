// Browser tests of how the game feels: bot turns paced so a person can follow them, the dice
// and production shown, nothing moving under reduced motion, places named in words, the log
// after a reload, the phone layout, the pictures after the game, and an axe-core check of the
// lobby, a game and the replay. Registered by run.mjs, whose server and browser they use.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import axe from 'axe-core';

/** A place named by coordinates (`2,1`, `2,1,S`, `-1,4,NE`): never in what a person reads. */
const COORDINATES = /-?\d+,-?\d+/;

/**
 * Records, in the page, each roll as it is shown (the dice tumbling in), with what the page
 * showed with it, and each change of whether the prompt is the viewer's.
 */
function watchTheTable() {
  const w = window;
  w.timeline = [];
  const yours = () => !!document.querySelector('[data-testid="prompt"].yours');
  const look = () => {
    const dice = document.querySelector('[data-testid="dice"].rolling');
    if (dice && dice !== w.lastDice) {
      w.lastDice = dice;
      w.timeline.push({
        kind: 'roll',
        t: performance.now(),
        dice: dice.getAttribute('aria-label'),
        yours: yours(),
        active: document.querySelector('.seats li.active strong')?.textContent ?? '',
        lit: document.querySelectorAll('.board .lit').length,
        gains: [...document.querySelectorAll('[data-testid^="gain-"]')].map((e) => e.textContent),
        animations: document.getAnimations().length,
      });
    }
    const now = yours();
    if (now !== w.wasYours) {
      w.wasYours = now;
      w.timeline.push({ kind: now ? 'yours' : 'waiting', t: performance.now() });
    }
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  look();
}

/** Axe-core's serious and critical findings on the page as it is now. */
async function seriousViolations(page) {
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

/** Everything to tap that is on screen and smaller than 44 px one way or the other. */
async function smallTapTargets(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, a.button, select, input:not([type="radio"]):not([type="checkbox"]):not([type="range"])')]
      .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .map(({ e, r }) => `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`),
  );
}

async function logLines(page) {
  return page.locator('[data-testid="log"] li').allTextContents();
}

/** `ctx`: run.mjs's server, browser and skip reason (read when the tests run), and helpers. */
export function feelTests(ctx) {
  const { gameShown, ourMove, decide, letBotsPlay, TARGET, api, SHOTS } = ctx;
  const fresh = () => ({ built: 0, rolls: 0, trades: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0 });

  /** The pace the other tests play at, restored whatever happened. */
  async function instantAgain(page) {
    await page.evaluate(() => localStorage.setItem('settlers.pace', 'instant')).catch(() => {});
  }

  describe('the game feels alive', () => {
    test('a bot turn shows its dice and production before the next player acts; the log reads in words and survives a reload', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const created = await api(ctx.server().url, 'POST', '/api/games', {
        scenario: 'base',
        seats: [{ kind: 'human', name: 'Ada' }, ...[1, 2, 3].map(() => ({ kind: 'bot', bot: 'heuristic' }))],
        options: {},
        seed: 21,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const page = await ctx.browser().newPage();
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto('/');
        await page.evaluate(() => localStorage.setItem('settlers.pace', 'normal'));
        await page.goto(created.body.seats[0].link);
        await gameShown(page);
        assert.equal(await page.getByTestId('pace').inputValue(), 'normal');
        await page.evaluate(watchTheTable);

        // The setup and our first turn; then the three bots' turns, at the normal pace.
        const state = fresh();
        for (let steps = 0; steps < 60 && state.turns < 2; steps++) {
          assert.equal(await ourMove(page), 'ours');
          await decide(page, state);
        }
        // The picture: a bot's roll, its hexes lit and the cards it brought (if the dice
        // gave any before our turn; else whatever the table shows then).
        await page
          .waitForFunction(
            () =>
              document.querySelector('.seats li.active strong')?.textContent !== 'Ada' &&
              document.querySelector('[data-testid="dice"].rolling') &&
              document.querySelector('.board .lit') &&
              document.querySelector('[data-testid^="gain-"]'),
            null,
            { polling: 'raf', timeout: 20000 },
          )
          .catch(() => {});
        // For the picture only: the dice have landed, the roll is still held.
        await page.waitForTimeout(800);
        await page.screenshot({ path: path.join(SHOTS, 'turn.png') });
        assert.equal(await ourMove(page), 'ours');
        const timeline = await page.evaluate(() => window.timeline);
        const botRolls = timeline.filter((e) => e.kind === 'roll' && e.active !== 'Ada');
        assert.ok(botRolls.length >= 3, `the bots' rolls were shown one by one: ${JSON.stringify(timeline)}`);
        for (const roll of botRolls) {
          assert.equal(roll.yours, false, `nobody may act over a bot's roll: ${JSON.stringify(roll)}`);
          assert.ok(roll.animations > 0, 'the dice tumble and the hexes glow');
          assert.match(roll.dice, /^dice \d and \d: \d+$/);
        }
        assert.ok(timeline.some((e) => e.kind === 'roll' && e.lit > 0 && e.gains.some((g) => /^\+\d+ (brick|lumber|wool|grain|ore)/.test(g))),
          `a roll lit its hexes and showed "+1 grain" at a seat: ${JSON.stringify(timeline.filter((e) => e.kind === 'roll'))}`);
        // Each bot's roll is held: the next person acts no sooner than a moment after it.
        for (const roll of botRolls) {
          const next = timeline.find((e) => e.t > roll.t && (e.kind === 'yours' || e.kind === 'roll'));
          assert.ok(next, 'something followed the roll');
          assert.ok(next.t - roll.t >= 1200, `a roll held ${Math.round(next.t - roll.t)} ms`);
        }

        // Every place in the log is named in words; the turns are grouped under their player.
        const before = await logLines(page);
        assert.ok(before.length > 20, `the log holds the setup and the turns (${before.length} lines)`);
        for (const line of before) assert.doesNotMatch(line, COORDINATES, `a place by coordinates: ${line}`);
        assert.ok(before.some((l) => /^Ada built a settlement between the [a-z]+/.test(l)), 'a settlement named by its hexes');
        assert.ok(before.some((l) => /built a road between the [a-z]+/.test(l)), 'a road named by its hexes');
        const headings = await page.locator('[data-testid="log-turn"] h4').allTextContents();
        assert.equal(headings[0].trim(), 'The setup');
        assert.ok(headings.filter((h) => /^Turn \d+ · (Ada|[A-Z][a-z]+ bot \(medium\))$/.test(h.trim())).length >= 4, `turns under their players: ${headings}`);
        // The newest line is in view.
        const inView = await page.evaluate(() => {
          const box = document.querySelector('[data-testid="log"]');
          const last = [...box.querySelectorAll('li')].pop();
          const b = box.getBoundingClientRect();
          const l = last.getBoundingClientRect();
          return l.bottom <= b.bottom + 1 && l.top >= b.top - 1 && l.bottom <= window.innerHeight;
        });
        assert.ok(inView, 'the newest line of the log is in view');

        // A reload: the server sends the game's past, and the log holds the same turns.
        await page.reload();
        await gameShown(page);
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="log"] li').length >= n, before.length);
        assert.deepEqual(await logLines(page), before, 'the log after a reload holds the turns before it');
      } finally {
        await instantAgain(page);
        await page.close();
      }
    });

    test('with reduced motion nothing animates: the dice, the hexes and the cards still show', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const created = await api(ctx.server().url, 'POST', '/api/games', {
        scenario: 'base',
        seats: [{ kind: 'human', name: 'Ada' }, ...[1, 2, 3].map(() => ({ kind: 'bot', bot: 'heuristic' }))],
        options: {},
        seed: 21,
      });
      const page = await ctx.browser().newPage();
      try {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto('/');
        await page.evaluate(() => localStorage.setItem('settlers.pace', 'quick'));
        await page.goto(created.body.seats[0].link);
        await gameShown(page);
        await page.evaluate(watchTheTable);
        const state = fresh();
        for (let steps = 0; steps < 60 && state.turns < 1; steps++) {
          await ourMove(page);
          await decide(page, state);
        }
        await ourMove(page);
        const rolls = (await page.evaluate(() => window.timeline)).filter((e) => e.kind === 'roll');
        assert.ok(rolls.length >= 2, 'rolls were shown');
        for (const roll of rolls) assert.equal(roll.animations, 0, `nothing moves: ${JSON.stringify(roll)}`);
        assert.ok(rolls.some((r) => r.lit > 0), 'the hexes that produce are still marked');
        assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
      } finally {
        await instantAgain(page);
        await page.close();
      }
    });

    test('the phone layout at 390×844: one click from the lobby, the board fills the width, every tap target 44 px', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const page = await ctx.browser().newPage();
      try {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto('/');
        await page.getByTestId('quick-start').waitFor();
        assert.deepEqual(await seriousViolations(page), [], 'the lobby passes axe-core');
        assert.deepEqual(await smallTapTargets(page), [], 'the lobby’s controls are large enough to tap');
        await page.getByTestId('quick-name').fill('Ada');
        await page.getByTestId('quick-start').click();
        await page.waitForURL(/\/game\/.+\?seat=0&token=/);
        await gameShown(page);
        // The seats are named by their players.
        const names = await page.locator('.seats li .who strong').allTextContents();
        // The one-click game is against three Medium bots, named by the server's level.
        assert.deepEqual(names, ['Ada', 'Orange bot (medium)', 'Green bot (medium)', 'Pink bot (medium)']);

        const board = await page.locator('.board-wrap').boundingBox();
        assert.ok(board.width >= 380, `the board fills the width (${board.width} px)`);
        const side = await page.locator('.side').boundingBox();
        assert.ok(side.y >= board.y + board.height - 20, 'the panels are a sheet below the board');
        assert.deepEqual(await smallTapTargets(page), [], 'the game’s controls are large enough to tap');

        // Zoomed in, a highlighted corner is large enough to tap.
        await ourMove(page);
        await page.getByTestId('zoom-in').click();
        await page.getByTestId('zoom-in').click();
        const corner = page.locator(`${TARGET('corner')} .hit`).first();
        await corner.scrollIntoViewIfNeeded();
        const hit = await corner.boundingBox();
        assert.ok(hit.width >= 44 && hit.height >= 44, `a corner to tap is ${Math.round(hit.width)}×${Math.round(hit.height)} px`);

        // A whole game, by taps: the setup, and turns until someone wins.
        const state = fresh();
        let over = false;
        for (let steps = 0; steps < 4000 && !over; steps++) {
          if ((await ourMove(page)) === 'over') over = true;
          else await decide(page, state);
        }
        assert.ok(over, `the game was played to its end on the phone (${state.turns} turns)`);
        await page.getByTestId('end-screen').waitFor();
        assert.ok((await page.locator('.settlement[data-seat="0"], .city[data-seat="0"]').count()) >= 2, 'the two settlements of the setup stand');
        assert.deepEqual(await smallTapTargets(page), [], 'still large enough in play');
        assert.deepEqual(await seriousViolations(page), [], 'a game passes axe-core');
        await page.getByTestId('zoom-in').evaluate((b) => b.previousElementSibling.click());
        await page.getByTestId('zoom-in').evaluate((b) => b.previousElementSibling.click());
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(SHOTS, 'phone.png') });
      } finally {
        await page.close();
      }
    });

    for (const scenario of ['base', 'new-shores', 'barbarian-attack']) {
      test(`a whole ${scenario} game of bots, watched from its start: every log line and prompt names places in words`, async (t) => {
        if (ctx.skip()) return t.skip(ctx.skip());
        const page = await ctx.browser().newPage();
        try {
          await page.setViewportSize({ width: 1280, height: 800 });
          await page.goto('/');
          await page.evaluate(() => localStorage.setItem('settlers.pace', 'instant'));
          const seats = Array.from({ length: 4 }, () => ({ kind: 'bot', bot: 'heuristic' }));
          const created = await api(ctx.server().url, 'POST', '/api/games', { scenario, seats, options: {}, seed: 12 });
          assert.equal(created.status, 201, JSON.stringify(created.body));
          // Every line the log shows and every prompt, as they come (the log keeps the last
          // 400 lines; a page joining late gets the game's past events, so nothing is missed).
          await page.addInitScript(() => {
            window.seen = [];
            new MutationObserver(() => {
              for (const el of document.querySelectorAll('[data-testid="log"] li, [data-testid="prompt"]')) {
                const text = el.textContent.trim();
                if (el.dataset.seen !== text) {
                  el.dataset.seen = text;
                  window.seen.push(text);
                }
              }
            }).observe(document, { subtree: true, childList: true, characterData: true });
          });
          await page.goto(created.body.spectate);
          await page.getByTestId('end-screen').waitFor({ timeout: 120000 });
          const seen = await page.evaluate(() => window.seen);
          const { body: record } = await api(ctx.server().url, 'GET', `/api/games/${created.body.id}/record`);
          assert.ok(seen.length > 200, `${seen.length} lines seen`);
          assert.ok(record.actions.length > 300, `a whole game: ${record.actions.length} actions`);
          const coordinates = seen.filter((line) => COORDINATES.test(line));
          assert.deepEqual(coordinates, [], 'no place named by its coordinates');
          assert.ok(seen.some((l) => / between the [a-z]+/.test(l)), 'places named by the hexes beside them');
        } finally {
          await page.close();
        }
      });
    }

    test('after the game: victory points, dice and resources in pictures, in the game and the replay', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const seats = Array.from({ length: 4 }, () => ({ kind: 'bot', bot: 'heuristic' }));
      const created = await api(ctx.server().url, 'POST', '/api/games', { scenario: 'base', seats, options: {}, seed: 9 });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.id;
      const done = await letBotsPlay(id, Infinity);
      assert.equal(done?.status, 'finished', 'the bots finish the game');
      const { body: numbers } = await api(ctx.server().url, 'GET', `/api/games/${id}/numbers`);
      const rolls = numbers.dice.reduce((a, b) => a + b, 0);

      const page = await ctx.browser().newPage();
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`/game/${id}`);
        const charts = page.getByTestId('end-screen').getByTestId('charts');
        await charts.waitFor();
        assert.equal(await charts.locator('[data-testid="chart-points"] polyline').count(), 4, 'a line per seat');
        const last = await charts.locator('[data-testid="chart-points"] polyline').evaluateAll((ls) => ls.map((l) => l.getAttribute('points').split(' ').length));
        assert.deepEqual(last, Array(4).fill(numbers.points.length), 'a point per turn and the end');
        const bars = await charts.locator('[data-testid="chart-dice"] rect.bar').evaluateAll((rs) => rs.map((r) => Number(r.dataset.count)));
        assert.deepEqual(bars, numbers.dice, 'a bar per total, as rolled');
        assert.ok(rolls > 20, `a whole game of rolls (${rolls})`);
        assert.match(await charts.getByTestId('chart-dice').getAttribute('aria-label'), /^Dice totals rolled: 2: \d+ \(expected [\d.]+\)/);
        assert.ok((await charts.locator('[data-testid="chart-received"] rect').count()) > 4, 'resources received per seat');
        assert.deepEqual(await seriousViolations(page), [], 'the end of a game passes axe-core');
        await page.getByTestId('end-screen').screenshot({ path: path.join(SHOTS, 'end-of-game.png') });

        // The replay: its speed can be set, and the same pictures at its end.
        await page.goto(`/game/${id}?replay`);
        await page.waitForSelector('.board');
        await page.getByTestId('replay-speed').selectOption('10');
        const actions = await page.locator('[data-testid="replay-actions"] li').count();
        assert.equal(actions, 0);
        await page.getByRole('button', { name: 'to the end' }).click();
        await page.getByTestId('charts').waitFor();
        for (const line of await page.locator('[data-testid="replay-actions"] li').allTextContents()) {
          assert.doesNotMatch(line, COORDINATES, `the replay names places in words: ${line}`);
        }
        assert.deepEqual(await seriousViolations(page), [], 'the replay passes axe-core');
        await page.screenshot({ path: path.join(SHOTS, 'replay.png') });
      } finally {
        await page.close();
      }
    });
  });
}
