// Browser tests of the choices a person answers on the table: a choice box opened beside the
// place clicked (road or ship, whom to rob), reached by keys and closed by Escape. Registered
// by run.mjs, whose server, browser and helpers they use; the views are the server's, with
// the situation under test written into them (`craftedViews`).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

/** Whether two boxes share any point. */
function overlap(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The gap between two boxes that do not overlap: 0 when they touch. */
function gap(a, b) {
  const dx = Math.max(0, b.x - (a.x + a.width), a.x - (b.x + b.width));
  const dy = Math.max(0, b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.hypot(dx, dy);
}

export function choiceTests(ctx) {
  const { api, craftedViews, sentCount } = ctx;

  /** A base game of three people, seat 0's page at `size`, its views rewritten by `rewrite`. */
  async function tableOfThree(size, rewrite) {
    const created = await api(ctx.server().url, 'POST', '/api/games', {
      scenario: 'base',
      seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human', name: 'Bea' }, { kind: 'human', name: 'Cy' }],
      options: {},
      seed: 5,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const page = await ctx.browser().newPage();
    await page.setViewportSize(size);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('settlers.pace', 'instant'));
    const game = await craftedViews(page, rewrite);
    await page.goto(created.body.seats[0].link);
    await page.waitForSelector('[data-testid="prompt"].yours');
    return { page, game };
  }

  describe('choices on the table', () => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      test(`at ${size.width}×${size.height}, a road or a ship on one edge: the choice box opens beside the edge, keys reach it, Escape closes it`, async (t) => {
        if (ctx.skip()) return t.skip(ctx.skip());
        let edge = null;
        const { page, game } = await tableOfThree(size, (m) => {
          // An edge in the middle of the board: the east side of the middle land hex.
          if (!edge) {
            const land = m.view.map.hexes.filter((h) => h.terrain !== 'sea');
            edge = `${land[Math.floor(land.length / 2)].hex},E`;
          }
          Object.assign(m.view, { phase: 'main', active: 0, to_act: [0], turn: 9, dice: [2, 3] });
          m.legal = { actions: [{ action: 'build_road', edge }, { action: 'build_ship', edge }, { action: 'end_turn' }], discard: null, gold: null, offer: null };
        });
        try {
          const place = page.getByRole('button', { name: `edge ${edge}`, exact: true });
          await place.scrollIntoViewIfNeeded();
          await place.click();
          const box = page.getByTestId('chooser');
          await box.waitFor();
          const placeBox = await place.boundingBox();
          const chooserBox = await box.boundingBox();
          assert.ok(!overlap(placeBox, chooserBox), 'the box leaves the edge in view');
          if (size.width > 600) await page.screenshot({ path: path.join(ctx.SHOTS, 'choice-box.png') });
          assert.ok(gap(placeBox, chooserBox) <= 24, `the box opens beside the edge (${Math.round(gap(placeBox, chooserBox))} px away)`);
          assert.ok(chooserBox.x >= 0 && chooserBox.x + chooserBox.width <= size.width && chooserBox.y >= 0 && chooserBox.y + chooserBox.height <= size.height, 'the box is in the window, whole');
          // The box's words name the edge by the hexes beside it, not by coordinates.
          assert.doesNotMatch(await box.innerText(), /-?\d+,-?\d+/);
          assert.deepEqual((await box.getByRole('button').allTextContents()).map((s) => s.trim()).slice(-1), ['Cancel']);

          // The focus is in the box: its first choice, then the next by Tab; Escape closes it
          // and gives the focus back to the edge.
          const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute('aria-label'));
          assert.match(await focused(), /^Build a road /);
          await page.keyboard.press('Tab');
          assert.match(await focused(), /^Build a ship /);
          await page.keyboard.press('Escape');
          await box.waitFor({ state: 'detached' });
          assert.equal(await focused(), `edge ${edge}`, 'the focus is back on the edge');
          assert.equal(game.sent.length, 0, 'nothing was sent');

          // By keys alone: Enter on the edge opens it, Tab and Enter choose the ship.
          await page.keyboard.press('Enter');
          await box.waitFor();
          await page.keyboard.press('Tab');
          await page.keyboard.press('Enter');
          assert.equal(await sentCount(game, 1), 1);
          assert.deepEqual(game.sent, [{ action: 'build_ship', edge }], 'the ship chosen by keys is sent');
        } finally {
          await page.close();
        }
      });
    }
  });
}

export function tradeTests(ctx) {
  const { api, craftedViews, followUp } = ctx;

  describe('trade offers on the table', () => {
    test('an offer answered in one click, a counter-offer proposed from its terms, and one taken up; the hand in view', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const created = await api(ctx.server().url, 'POST', '/api/games', {
        scenario: 'base',
        seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human', name: 'Bea' }, { kind: 'human', name: 'Cy' }],
        options: {},
        seed: 6,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const page = await ctx.browser().newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      await page.evaluate(() => localStorage.setItem('settlers.pace', 'instant'));
      const offer = { give: { wool: 1 }, get: { ore: 1 }, to: [0], answered: [], accepted: [] };
      const game = await craftedViews(page, (m) => {
        // Bea offers Ada a wool for an ore.
        Object.assign(m.view, { phase: 'trade_offered', active: 1, to_act: [0], turn: 9, dice: [2, 3], offer });
        Object.assign(m.view.players[0], { hand: { ore: 2, grain: 1 }, resource_count: 3 });
        m.legal = { actions: [{ action: 'accept_trade' }, { action: 'reject_trade' }], discard: null, gold: null, offer: null };
      });
      try {
        await page.goto(created.body.seats[0].link);
        await page.waitForSelector('[data-testid="prompt"].yours');
        const panel = page.getByTestId('trade-panel');
        assert.match(await panel.locator('h3').textContent(), /^Bea offers 1 wool for 1 ore$/);
        // Answered in the panel, nowhere else; the hand beside it, both in view.
        assert.deepEqual(await panel.getByRole('button').allTextContents(), ['Accept the offer', 'Reject the offer', 'Counter-offer…']);
        assert.equal(await page.getByRole('region', { name: 'Your actions' }).count(), 0, 'no second set of answers');
        for (const region of [panel, page.getByTestId('hand')]) {
          const box = await region.boundingBox();
          assert.ok(box && box.y >= 0 && box.y + box.height <= 800, 'the offer and the hand are both in view');
        }

        // A counter-offer starts from the offer's terms: one more wool asked, then proposed.
        await panel.getByRole('button', { name: 'Counter-offer…' }).click();
        const form = page.getByTestId('counter-form');
        assert.equal(await form.locator('h3').textContent(), 'Counter-offer to Bea');
        assert.equal(await form.getByLabel('ore given').textContent(), '1');
        assert.equal(await form.getByLabel('wool asked').textContent(), '1');
        assert.ok(await form.getByRole('button', { name: 'give one ore more' }).isEnabled(), 'Ada holds 2 ore');
        await form.getByRole('button', { name: 'get one wool more' }).click();
        await form.getByRole('button', { name: 'Propose' }).click();
        for (let i = 0; i < 100 && game.talk.length < 1; i++) await new Promise((r) => setTimeout(r, 50));
        assert.deepEqual(game.talk, [{ type: 'counter', give: { ore: 1 }, get: { wool: 2 } }]);
        assert.equal(await form.count(), 0, 'the form closes once it is sent');

        // Every viewer sees the counter-offer standing; Bea answers it (not Ada).
        const standing = followUp(game.last, (m) => {
          Object.assign(m.view, { phase: 'main', to_act: [1], offer: null });
          m.legal = null;
          m.counters = [{ from: 0, to: 1, give: { ore: 1 }, get: { wool: 2 }, refused: false }];
        });
        game.client.send(JSON.stringify(standing));
        await page.getByTestId('counter-0').waitFor();
        assert.equal(await page.getByTestId('counter-0').innerText(), 'Ada would give 1 ore for 2 wool — Bea to answer');
        assert.equal(await panel.getByRole('button').count(), 0, 'only the offerer answers a counter-offer');

        // Ada's own offer, countered by Bea: taken up in one click.
        const countered = followUp(standing, (m) => {
          Object.assign(m.view, { phase: 'trade_offered', active: 0, to_act: [0, 2], offer: { give: { ore: 1 }, get: { brick: 1 }, to: [1, 2], answered: [1], accepted: [] } });
          m.legal = { actions: [{ action: 'cancel_trade' }], discard: null, gold: null, offer: null };
          m.counters = [{ from: 1, to: 0, give: { brick: 1 }, get: { ore: 2 }, refused: false }];
        });
        game.client.send(JSON.stringify(countered));
        const bea = page.getByTestId('counter-1');
        await bea.waitFor();
        await page.screenshot({ path: path.join(ctx.SHOTS, 'trade.png') });
        assert.match(await bea.innerText(), /^Bea would give 1 brick for 2 ore/);
        await bea.getByRole('button', { name: "Take up Bea's counter-offer" }).click();
        for (let i = 0; i < 100 && game.talk.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
        assert.deepEqual(game.talk[1], { type: 'answer_counter', from: 1, accept: true });
        assert.ok(await panel.getByRole('button', { name: 'Cancel the offer' }).count(), 'the offer can still be cancelled in the panel');

        // Refused, it stays in view, marked so, with nothing to answer.
        const refused = followUp(countered, (m) => {
          m.counters = [{ ...m.counters[0], refused: true }];
        });
        game.client.send(JSON.stringify(refused));
        await page.waitForFunction(() => document.querySelector('[data-testid="counter-1"]')?.textContent.includes('refused'));
        assert.equal(await bea.getByRole('button').count(), 0);
      } finally {
        await page.close();
      }
    });
  });
}

export function battleTests(ctx) {
  const { api, craftedViews, followUp } = ctx;

  describe('Barbarian Attack: a battle as it happens', () => {
    for (const motion of ['no-preference', 'reduce']) {
      test(`the ship lands, the strengths are compared, the result follows (${motion === 'reduce' ? 'reduced motion: all at once, nothing moving' : 'one stage after another'})`, async (t) => {
        if (ctx.skip()) return t.skip(ctx.skip());
        const created = await api(ctx.server().url, 'POST', '/api/games', {
          scenario: 'barbarian-attack',
          seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human', name: 'Bea' }, { kind: 'human', name: 'Cy' }],
          options: {},
          seed: 8,
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const page = await ctx.browser().newPage();
        await page.emulateMedia({ reducedMotion: motion });
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto('/');
        // At the instant pace nothing moves anyway: the normal pace, as a new player has it.
        await page.evaluate(() => localStorage.setItem('settlers.pace', 'normal'));
        const game = await craftedViews(page, () => {});
        try {
          await page.goto(created.body.seats[0].link);
          await page.waitForSelector('.game:not([data-seq="-1"])');
          assert.equal(await page.getByTestId('battle').count(), 0, 'no battle on connecting');
          const coast = game.last.view.map.hexes.find((h) => h.terrain !== 'sea' && h.terrain !== 'castle').hex;
          const battle = followUp(game.last, (m) => {
            // The news of a view after the first, not the game's past.
            delete m.past;
            m.events = [
              { event: 'barbarians_landed', hex: coast, total: 6, landed: true, barbarians: 2 },
              { event: 'battle_won', hex: coast, barbarians: 2, knights: 3 },
              { event: 'prisoners_won', seat: 0, prisoners: 2 },
            ];
          });
          game.client.send(JSON.stringify(battle));
          const shown = page.getByTestId('battle');
          await shown.waitFor();
          assert.match(await shown.getByTestId('battle-landing').innerText(), /^Barbarians land on the [a-z]+ \d+ \(rolled 6\): 2 barbarians there\s*2 barbarians on the coast now\.$/);
          const fight = shown.getByTestId('battle-fight');
          assert.match(await fight.innerText(), /^At the [a-z]+ \d+: 3 knights against 2 barbarians/);
          assert.equal(await fight.getByRole('img').getAttribute('aria-label'), '3 knights against 2 barbarians');
          assert.equal(await shown.getByTestId('battle-result').innerText(), 'The knights win. Ada takes 2 prisoners');
          assert.doesNotMatch(await shown.innerText(), /-?\d+,-?\d+/, 'places in words');
          if (motion === 'reduce') await page.locator('.board-wrap').screenshot({ path: path.join(ctx.SHOTS, 'battle.png') });
          const moving = await shown.evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length);
          const delays = await shown.evaluate((el) => [...el.querySelectorAll('.stage')].map((s) => getComputedStyle(s).animationDelay));
          if (motion === 'reduce') {
            assert.equal(moving, 0, 'nothing animates for a player who asks for reduced motion');
          } else {
            assert.ok(moving > 0, 'the stages come in as they happen');
            assert.deepEqual(delays, ['0s', '0.9s'], 'the battle after the landing');
          }
        } finally {
          await page.close();
        }
      });
    }
  });
}
