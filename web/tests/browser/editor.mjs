// The map editor in a real browser (issue 25): a two-island map built from empty by clicks,
// a harbor put on a coast edge by mouse and by keyboard, a problem shown at its hex and
// fixed, the map saved, a game started on it from the lobby and played to the first roll; a
// built-in map opened, a number changed, the file downloaded and accepted by `settlers maps
// validate`; pools that do not match their hexes named at the pool, fixed, saved; the phone
// layout, a harbor tapped on its coast there too.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Everything to tap that is on screen and smaller than 44 px one way or the other. */
async function smallTapTargets(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, a.button, label.button, select, input:not([type="radio"]):not([type="checkbox"]):not([type="file"])')]
      .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .map(({ e, r }) => `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`),
  );
}

/** Waits until the server's check has answered the map as it is now. */
async function checked(page) {
  await page.waitForFunction(() => ![...document.querySelectorAll('.problems h2')].some((h) => h.textContent.includes('…')));
}

/** `ctx`: run.mjs's server, browser, skip reason and helpers. */
export function editorTests(ctx) {
  const { gameShown, ourMove, decide, SHOTS, binary } = ctx;
  const hex = (page, at) => page.locator(`[data-hex="${at}"]`);

  describe('the map editor', () => {
    test('a two-island map from empty by clicks: a problem at its hex, fixed, saved, played from the lobby to the first roll', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const page = await ctx.browser().newPage();
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto('/');
        await page.getByTestId('open-editor').click();
        await page.waitForURL(/\/editor$/);
        await checked(page);
        assert.equal(await page.locator('[data-hex]').count(), 37, 'an empty field to paint on');
        assert.match(await page.getByTestId('why-not').innerText(), /the map has no hexes/);
        assert.equal(await page.getByTestId('play-map').isDisabled(), true, 'an empty map cannot be played');

        // The west island: forest, hills and fields; a strait of sea; the east island.
        for (const [at, paint] of [['0,0', 'forest'], ['1,0', 'hills'], ['0,1', 'fields'], ['2,0', 'sea'], ['3,0', 'pasture']]) {
          await page.getByTestId(`paint-${paint}`).click();
          await hex(page, at).click();
        }
        await page.getByTestId('tool-number').click();
        for (const [at, n] of [['0,0', 6], ['1,0', 8], ['0,1', 4], ['3,0', 9]]) {
          await page.getByTestId(`number-${n}`).click();
          await hex(page, at).click();
        }
        assert.match(await page.getByTestId('red-warning').innerText(), /A 6 or 8 touches another at 0,0 and 1,0/);
        await checked(page);
        assert.equal(await hex(page, '1,0').getAttribute('data-problem'), 'warning', 'the server warns at the hexes');
        await page.getByTestId('number-5').click();
        await hex(page, '1,0').click();
        assert.equal(await page.getByTestId('red-warning').count(), 0, 'no red numbers touch any more');
        // Pips under the numbers.
        assert.match(await hex(page, '1,0').textContent(), /5\s*••••/);

        // A harbor on the west island's west side, by a click on the coast edge; by the
        // keyboard, the same edge made 3:1 and back to ore; by the hex and its side, taken off
        // and put back.
        await page.getByTestId('tool-harbor').click();
        await page.getByTestId('harbor-ore').click();
        const west = page.locator('[data-coast="-1,0,E"]');
        assert.equal(await page.locator('[data-coast="0,0,E"]').count(), 0, 'no coast between two land hexes');
        await west.click();
        assert.equal(await page.locator('.harbor[data-edge="-1,0,E"]').getAttribute('aria-label'), 'harbor ore on -1,0,E');
        await page.getByTestId('harbor-3:1').click();
        await west.focus();
        await page.keyboard.press('Enter');
        assert.equal(await page.locator('.harbor[data-edge="-1,0,E"]').getAttribute('aria-label'), 'harbor 3:1 on -1,0,E');
        await page.getByTestId('harbor-ore').click();
        await west.focus();
        assert.equal(await west.getAttribute('aria-label'), 'coast edge -1,0,E: 3:1 harbor, make it ore');
        await page.keyboard.press(' ');
        assert.equal(await page.locator('.harbor[data-edge="-1,0,E"]').getAttribute('aria-label'), 'harbor ore on -1,0,E');
        await hex(page, '0,0').click();
        await page.getByTestId('side-W').click();
        assert.equal(await page.locator('.harbor[data-edge="-1,0,E"]').count(), 0, 'the side button takes it off');
        await page.getByTestId('side-W').click();
        assert.equal(await page.locator('.harbor[data-edge="-1,0,E"]').count(), 1);
        assert.equal(await page.locator('.harbor').count(), 1, 'one harbor in all');

        // Starting settlements on the west island only, two players, and no ships: the east
        // island can never be settled, and the check says so at its hex.
        await page.getByTestId('tool-area').click();
        await page.getByTestId('area-name').fill('west');
        for (const at of ['0,0', '1,0', '0,1']) await hex(page, at).click();
        await page.getByRole('checkbox', { name: 'starting settlements' }).check();
        for (const [n, on] of [[2, true], [3, false], [4, false]]) {
          const box = page.locator('fieldset', { hasText: 'Players' }).getByRole('checkbox', { name: String(n) });
          if (on) await box.check();
          else await box.uncheck();
        }
        await page.getByRole('checkbox', { name: 'Seafarers (ships)' }).uncheck();
        await checked(page);
        assert.equal(await hex(page, '3,0').getAttribute('data-problem'), 'error', 'the east island is marked');
        const problems = await page.getByTestId('problems').innerText();
        assert.match(problems, /Problem at island 3,0: no corner of the island 3,0 could ever hold a settlement/);
        assert.match(await page.getByTestId('why-not').innerText(), /island 3,0/);
        assert.equal(await page.getByTestId('play-map').isDisabled(), true);
        assert.equal(await page.getByTestId('save').isDisabled(), true);

        // Undo brings the ships back (Ctrl+Z); redo takes them away; the box fixes it for good.
        await page.locator('body').click({ position: { x: 5, y: 5 } });
        await page.keyboard.press('Control+z');
        await checked(page);
        assert.equal(await hex(page, '3,0').getAttribute('data-problem'), null, 'undone');
        await page.keyboard.press('Control+Shift+z');
        await checked(page);
        assert.equal(await hex(page, '3,0').getAttribute('data-problem'), 'error', 'redone');
        await page.getByRole('checkbox', { name: 'Seafarers (ships)' }).check();
        await checked(page);
        assert.equal(await hex(page, '3,0').getAttribute('data-problem'), null, 'fixed');
        assert.equal(await page.getByTestId('why-not').count(), 0);
        assert.equal(await page.getByTestId('play-map').isDisabled(), false);
        // The east island scores, foreign islands escalating: 1 for the first, then 3 each.
        await page.getByTestId('area-name').fill('east');
        await hex(page, '3,0').click();
        await page.locator('.areas li', { hasText: 'east' }).getByRole('checkbox', { name: 'scores' }).check();
        await page.getByTestId('scoring-foreign').check();
        await page.getByTestId('scoring-further').fill('3');
        await page.getByTestId('scoring-further').press('Tab');
        await checked(page);
        assert.equal(await page.getByTestId('play-map').isDisabled(), false, 'the scoring is a map the check accepts');
        await page.getByTestId('map-title').fill('Two isles');
        await page.getByTestId('map-title').press('Tab');
        await page.getByTestId('save-name').fill('two-isles');
        await page.getByTestId('save').click();
        await page.getByText('Saved as two-isles.').waitFor();
        const saved = await page.evaluate(() => fetch('/api/maps/two-isles').then((r) => r.json()));
        assert.deepEqual(saved.map.special_vp, { kind: 'foreign-island-escalating', areas: ['east'], first_foreign: 1, each_further_foreign: 3 });
        // Islands away from one's start score without areas (SC9-6): the check takes it too.
        await page.getByTestId('tool-area').click();
        await page.getByTestId('scoring-islands').check();
        await checked(page);
        assert.equal(await page.getByTestId('why-not').count(), 0, await page.getByTestId('problems').innerText());
        assert.equal(await page.locator('.areas li', { hasText: 'east' }).getByRole('checkbox', { name: 'scores' }).isChecked(), false);
        await page.keyboard.press('Control+z');
        await page.getByTestId('tool-number').click();
        await page.locator('.panel-side').evaluate((e) => e.scrollTo(0, 0));
        await page.screenshot({ path: path.join(SHOTS, 'editor.png') });

        // From the lobby, a game on the map against a bot, to the first roll.
        await page.goto('/');
        const made = page.getByTestId('maps-made-here');
        await made.getByText('Two isles').waitFor();
        // With friends: the lobby shows a link for every seat of the new game.
        await page.getByTestId('friends-map-two-isles').click();
        const ready = page.getByRole('region', { name: 'Your new game' });
        await ready.waitFor();
        assert.ok((await ready.locator('input[readonly]').count()) >= 2, 'a link for each person at the table');
        await ready.getByRole('button', { name: 'Another game' }).click();
        await page.getByTestId('start-map-two-isles').click();
        await page.waitForURL(/\/game\/.+\?seat=0&token=/);
        await gameShown(page);
        const state = { built: 0, rolls: 0, trades: 0, turns: 0, tradedThisTurn: false, roadsThisTurn: 0 };
        for (let steps = 0; steps < 40; steps++) {
          if (/rolled \d \+ \d = \d+/.test(await page.textContent('[data-testid="log"]'))) break;
          if ((await ourMove(page)) === 'over') break;
          await decide(page, state);
        }
        assert.match(await page.textContent('[data-testid="log"]'), /rolled \d \+ \d = \d+/, 'the dice were rolled on the map');
        assert.equal(await page.locator('svg .hex').count(), 5, 'the game is on the five hexes of the map');
      } finally {
        await page.close();
      }
    });

    test('a built-in map opened, a number changed and downloaded: `settlers maps validate` accepts the file', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const page = await ctx.browser().newPage();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'settlers-editor-'));
      try {
        await page.goto('/editor');
        await page.getByTestId('open-source').selectOption('built-in:base');
        await page.getByTestId('open').click();
        await page.getByText('Opened the built-in map base.').waitFor();
        await checked(page);
        assert.equal(await page.locator('[data-hex]:not(.empty)').count(), 19, 'the base board');
        assert.equal(await page.getByTestId('play-map').isDisabled(), false);
        await page.getByTestId('tool-number').click();
        await page.getByTestId('number-3').click();
        // The hills 10 of the beginner layout is a 3 now.
        await hex(page, '3,1').click();
        await checked(page);
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
        assert.equal(download.suggestedFilename(), 'base.json');
        const file = path.join(dir, 'base.json');
        await download.saveAs(file);
        const map = JSON.parse(fs.readFileSync(file, 'utf8'));
        assert.equal(map.format, 'settlers-map');
        assert.equal(map.hexes.find((h) => h.hex === '3,1').number, 3, 'the number changed');
        const validate = spawnSync(binary(), ['maps', 'validate', file], { encoding: 'utf8' });
        assert.equal(validate.status, 0, validate.stdout + validate.stderr);
        assert.match(validate.stdout, /`base` is a valid map/);
        // A New World draw opens too, and can be played as it is.
        await page.getByTestId('open-source').selectOption('new-world');
        await page.getByTestId('open').click();
        await page.getByText(/Opened a New World drawn from seed \d+\./).waitFor();
        await checked(page);
        assert.ok((await page.locator('[data-hex]:not(.empty)').count()) > 19, 'a New World board');
        assert.equal(await page.getByTestId('play-map').isDisabled(), false, await page.getByTestId('problems').innerText());

        // The file opens again by upload, as a hand-written one would.
        await page.getByTestId('upload').setInputFiles(file);
        await page.getByText('Opened base.json.').waitFor();
        assert.match(await hex(page, '3,1').textContent(), /3/);
      } finally {
        await page.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    test('pools that do not match their hexes are named at the pool, fixed, and the map saved', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const page = await ctx.browser().newPage();
      const pool = (name) => page.getByTestId(`pool-${name}`);
      const problemAt = (name) => page.getByTestId(`pool-problem-${name}`);
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto('/editor');
        await checked(page);
        // A forest 5 and a hills 10, and two hexes drawn from the pool beside them.
        for (const [at, paint] of [['0,0', 'forest'], ['1,0', 'hills'], ['0,1', 'pool'], ['1,1', 'pool']]) {
          await page.getByTestId(`paint-${paint}`).click();
          await hex(page, at).click();
        }
        await page.getByTestId('tool-number').click();
        for (const [at, n] of [['0,0', 5], ['1,0', 10]]) {
          await page.getByTestId(`number-${n}`).click();
          await hex(page, at).click();
        }
        await checked(page);
        assert.match(await problemAt('terrain').innerText(), /Problem at pools\.terrain: 2 hexes draw from the terrain pool `terrain`, which the map does not have/);
        assert.equal(await page.getByTestId('save').isDisabled(), true);
        const count = async (name, key, n) => {
          await page.getByTestId(`pool-${name}-${key}`).fill(String(n));
          await page.getByTestId(`pool-${name}-${key}`).press('Tab');
        };
        await count('terrain', 'fields', 1);
        await count('terrain', 'pasture', 1);
        assert.match(await page.getByTestId('pool-summary-terrain').innerText(), /2 hexes draw from it; it holds 2 tiles/);
        await checked(page);
        assert.equal(await problemAt('terrain').count(), 0, 'the terrain pool matches');

        // One number for the two producing tiles: the check's problem stands at the number pool.
        await count('numbers', '4', 1);
        assert.match(await page.getByTestId('pool-summary-numbers').innerText(), /2 producing hexes draw numbers; the pool holds 1 number \(3 pips\)/);
        assert.equal(await pool('numbers').locator('.note.short').count(), 1, 'the page sees the pool is short');
        await checked(page);
        const problem = await problemAt('numbers').innerText();
        assert.match(problem, /Problem at pools\.numbers: 1 numbers for 2 hexes/);
        assert.match(await page.getByTestId('problems').innerText(), /pools\.numbers: 1 numbers for 2 hexes/, 'in the list too');
        assert.equal(await problemAt('terrain').count(), 0, 'at the number pool only');
        assert.equal(await page.getByTestId('save').isDisabled(), true);
        assert.match(await page.getByTestId('why-not').innerText(), /pools\.numbers/);
        await page.evaluate(() => document.activeElement?.blur());
        await pool('numbers').evaluate((e) => e.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: path.join(SHOTS, 'editor-pools.png') });
        // The harbor pool shows its count against the shuffled harbors; fog's pools are not offered.
        assert.match(await page.getByTestId('pool-summary-harbors').innerText(), /0 shuffled harbors/);
        assert.equal(await pool('fog-hexes').count(), 0);

        // A 9 more fixes it; the map saves.
        await count('numbers', '9', 1);
        await checked(page);
        assert.equal(await problemAt('numbers').count(), 0);
        assert.match(await page.getByTestId('pool-summary-numbers').innerText(), /the pool holds 2 numbers \(7 pips\)/);
        assert.equal(await page.getByTestId('why-not').count(), 0, await page.getByTestId('problems').innerText());
        await page.getByTestId('save-name').fill('drawn-isle');
        await page.getByTestId('save').click();
        await page.getByText('Saved as drawn-isle.').waitFor();
        const saved = await page.evaluate(() => fetch('/api/maps/drawn-isle').then((r) => r.json()));
        assert.deepEqual(saved.map.pools.numbers, { kind: 'numbers', contents: [4, 9] });
        assert.deepEqual(saved.map.pools.terrain, { kind: 'terrain', contents: { fields: 1, pasture: 1 } });

        // Fog on the map offers the fog's pools, and their problems stand there.
        await page.getByTestId('tool-paint').click();
        await page.getByTestId('paint-fog').click();
        await hex(page, '2,0').click();
        await checked(page);
        assert.match(await page.getByTestId('pool-summary-fog-hexes').innerText(), /1 fog hex turns into these/);
        assert.match(await problemAt('fog-hexes').innerText(), /pools\.fog_hexes: holds 0 tiles for 1 fog hexes/);
        await count('fog-hexes', 'gold', 1);
        await checked(page);
        assert.equal(await problemAt('fog-hexes').count(), 0);
        assert.match(await problemAt('fog-numbers').innerText(), /pools\.fog_numbers: holds 0 numbers for 1 fog hexes that take one/);
        await count('fog-numbers', '6', 1);
        await checked(page);
        assert.equal(await problemAt('fog-numbers').count(), 0);

        // A built-in fog map: its fog pools and harbor pool match; one fog number less is named there.
        await page.goto('/editor?built-in=fog-islands-4');
        await page.getByText('Opened the built-in map fog-islands-4.').waitFor();
        await checked(page);
        assert.match(await page.getByTestId('pool-summary-fog-hexes').innerText(), /12 fog hexes turn into these when discovered \(pools\.fog_hexes\); it holds 12 tiles/);
        assert.match(await page.getByTestId('pool-summary-fog-numbers').innerText(), /10 fog tiles take numbers; the pool holds 10 numbers/);
        assert.match(await page.getByTestId('pool-summary-harbors').innerText(), /9 shuffled harbors draw their types from it; it holds 9 types/);
        assert.equal(await page.locator('.pool-problem').count(), 0, await page.getByTestId('problems').innerText());
        assert.equal(await page.getByTestId('pool-fog-numbers-11').inputValue(), '2');
        await count('fog-numbers', '11', 1);
        await checked(page);
        assert.match(await problemAt('fog-numbers').innerText(), /pools\.fog_numbers: holds 9 numbers for 10 fog hexes that take one/);
        await page.getByTestId('undo').click();
        await checked(page);
        assert.equal(await problemAt('fog-numbers').count(), 0, 'undone');

        // The Forgotten Tribe's gift harbor tokens: one fewer than its harbor gift edges is named there.
        await page.goto('/editor?built-in=forgotten-tribe');
        await page.getByText('Opened the built-in map forgotten-tribe.').waitFor();
        await checked(page);
        assert.match(await page.getByTestId('pool-summary-gift-harbors').innerText(), /6 harbor gift edges take tokens; the pool holds 6 tokens/);
        await count('gift-harbors', 'ore', 0);
        await checked(page);
        assert.match(await problemAt('gift-harbors').innerText(), /extras\.gift_harbor_pool: 5 tokens for 6 gift harbor edges/);
      } finally {
        await page.close();
      }
    });

    test('the phone layout at 390×844: the board fills the width, every tap target 44 px', async (t) => {
      if (ctx.skip()) return t.skip(ctx.skip());
      const page = await ctx.browser().newPage();
      try {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto('/editor?built-in=new-shores-4');
        await page.getByText('Opened the built-in map new-shores-4.').waitFor();
        await checked(page);
        const board = await page.getByTestId('editor-board').boundingBox();
        assert.ok(board.width >= 370, `the board fills the width (${board.width} px)`);
        const land = await page.locator('[data-hex]:not(.empty)').first().boundingBox();
        assert.ok(land.width >= 44 && land.height >= 44, `a hex to tap is ${Math.round(land.width)}×${Math.round(land.height)} px`);
        assert.deepEqual(await smallTapTargets(page), [], 'the editor’s controls are large enough to tap');
        for (const tool of ['number', 'harbor', 'area', 'paint']) {
          await page.getByTestId(`tool-${tool}`).click();
          assert.deepEqual(await smallTapTargets(page), [], `the ${tool} tool’s controls are large enough to tap`);
        }
        // A harbor tapped onto a coast edge: the edge's tap area is a fingertip across.
        await page.getByTestId('tool-harbor').click();
        await page.getByTestId('harbor-grain').click();
        const free = page.locator('[data-coast]:not([aria-label*="harbor,"])').first();
        const edge = await free.getAttribute('data-coast');
        const area = await free.boundingBox();
        assert.ok(Math.max(area.width, area.height) >= 28 && Math.min(area.width, area.height) >= 14, `a coast edge to tap is ${Math.round(area.width)}×${Math.round(area.height)} px`);
        await free.scrollIntoViewIfNeeded();
        await free.click();
        assert.equal(await page.locator(`.harbor[data-edge="${edge}"]`).getAttribute('aria-label'), `harbor grain on ${edge}`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(SHOTS, 'editor-phone.png') });
        await page.getByTestId('tool-number').click();
        assert.equal(await page.locator('[data-coast]').count(), 0, 'the coast edges are offered by the harbor tool only');
      } finally {
        await page.close();
      }
    });
  });
}
