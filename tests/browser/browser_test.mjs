#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
// Browser tests of the pages of `paxbot serve`, in Debian's chromium driven headless by
// playwright-core. One case per run:
//   node browser_test.mjs --case NAME --paxbot BIN --node-modules DIR --artifacts DIR
// Cases: pages (lobby and game page load cleanly), daemons (two `paxbot run` daemons play;
// the page shows every move within a second), pacifist and standard (a human plays a
// daemon by clicks), controls (draw offers both ways, resigning), promotion (the piece is
// chosen), markup (chat text with markup is shown as text).
// Exit status 0: passed; 77: skipped (no chromium, outside CI); anything else: failed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as h from './harness.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const CHROMIUM = args.chromium || '/usr/bin/chromium';
const SKIP = 77;

const HUMAN = { name: 'Human', token: 'human_token' };
const BOTS = [
  { name: 'paxbot', token: 'paxbot_token' },
  { name: 'sparring', token: 'sparring_token' },
];
const ACCOUNTS = [`${HUMAN.name}:${HUMAN.token}`, ...BOTS.map((b) => `${b.name}:${b.token}:bot`)];

// Plays moves for both sides of a game through the Bot API.
async function playMoves(url, id, white, black, moves) {
  for (const [i, uci] of moves.entries()) {
    await h.api(url, 'POST', `/api/bot/game/${id}/move/${uci}`, (i % 2 === 0 ? white : black).token);
  }
}

async function challenge(url, from, to, form) {
  const c = await h.api(url, 'POST', `/api/challenge/${to.name}`, from.token, form);
  return c.id;
}

// The lobby as a logged-in human: the token goes into the log-in box.
async function logIn(page, url) {
  await page.goto(`${url}/`);
  await page.fill('input[name=token]', HUMAN.token);
  await page.click('form.login button');
  await page.waitForSelector('[data-testid=me]');
}

async function clickMove(page, uci, orientation) {
  const box = await page.locator('#board cg-board').boundingBox();
  const size = box.width / 8;
  const at = (sq) => {
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq[1]) - 1;
    const x = orientation === 'white' ? file : 7 - file;
    const y = orientation === 'white' ? 7 - rank : rank;
    return [box.x + (x + 0.5) * size, box.y + (y + 0.5) * size];
  };
  const [fx, fy] = at(uci.slice(0, 2));
  const [tx, ty] = at(uci.slice(2, 4));
  await page.mouse.click(fx, fy);
  await page.mouse.click(tx, ty);
}

const cases = {
  async pages({ url, context, artifacts }) {
    const [white, black] = BOTS;
    const id = await challenge(url, white, black, { 'clock.limit': '300', 'clock.increment': '3', color: 'white' });
    await h.api(url, 'POST', `/api/challenge/${id}/accept`, black.token);
    await playMoves(url, id, white, black, ['e2e4', 'e7e5', 'g1f3']);
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.waitForSelector(`#playing li[data-game="${id}"]`);
    const names = await page.locator('#accounts .name').allTextContents();
    h.assert(names.includes('BOT paxbot') && names.includes('Human'), `accounts listed: ${names}`);
    h.assert(!(await page.isVisible('#challenge-form')), 'no challenge form before logging in');
    const row = `#playing li[data-game="${id}"] .result`;
    h.assert((await page.locator(row).textContent()) === 'move 2', 'the game row shows the move');
    await playMoves(url, id, black, white, ['b8c6']);
    await page.waitForFunction((sel) => document.querySelector(sel).textContent === 'move 3', row, { timeout: 5000 });
    await page.screenshot({ path: path.join(artifacts, 'lobby.png'), fullPage: true });
    await page.click(`#playing li[data-game="${id}"] a`);
    await page.waitForSelector('body[data-ready=true]');
    const sans = await page.locator('#moves .move[data-ply]').allTextContents();
    h.assert(sans.join(' ') === 'e4 e5 Nf3 Nc6', `move list: ${sans}`);
    h.assert((await page.locator('#moves .current').textContent()) === 'Nc6', 'the current move is highlighted');
    h.assert(!(await page.isVisible('#chat-form')) && !(await page.isVisible('#player-controls')), 'spectators get no controls');
    await page.click('#back');
    h.assert((await page.locator('#moves .current').textContent()) === 'Nf3', 'stepping back');
    h.assert((await page.locator('#clock-white').textContent()).startsWith('5:0'), 'white clock shown');

    // A Chess960 game: its own start position, a move picked from the server's legal moves.
    const c960 = await challenge(url, white, black, { variant: 'chess960', 'clock.limit': '300', 'clock.increment': '3', color: 'white' });
    await h.api(url, 'POST', `/api/challenge/${c960}/accept`, black.token);
    const before = await h.api(url, 'GET', `/api/web/game/${c960}`);
    const [from, tos] = Object.entries(before.state.legal.dests)[0];
    await playMoves(url, c960, white, black, [from + tos[0]]);
    const after = await h.api(url, 'GET', `/api/web/game/${c960}`);
    await page.goto(`${url}/${c960}`);
    await page.waitForSelector('body[data-ready=true]');
    const shown = await page.locator('#moves .move[data-ply]').allTextContents();
    h.assert(shown.join(' ') === after.moves[0].san, `chess960 move list: ${shown}`);
    h.assert((await page.locator('#title').textContent()).startsWith('Chess960'), 'chess960 title');
    await page.waitForTimeout(300);
  },

  async daemons({ url, context, paxbot }) {
    const daemons = BOTS.map((b) => h.startDaemon(paxbot, url, b.name, b.token));
    try {
      await h.waitFor('daemons online', async () => {
        const lobby = await h.api(url, 'GET', '/api/web/lobby');
        return BOTS.every((b) => lobby.accounts.find((a) => a.name === b.name).online);
      });
      // King and queen against king: the daemons finish it in a few dozen plies.
      const id = await challenge(url, BOTS[0], BOTS[1], {
        'clock.limit': '60', 'clock.increment': '1', color: 'white', fen: '8/8/8/4k3/8/8/8/3QK3 w - - 0 1',
      });
      const page = await context.newPage();
      await page.goto(`${url}/${id}`);
      await page.waitForSelector('body[data-ready=true]');
      await page.evaluate(() => {
        window.plyShownAt = {};
        const note = () => {
          for (const m of document.querySelectorAll('#moves .move[data-ply]'))
            window.plyShownAt[m.dataset.ply] ??= Date.now();
        };
        new MutationObserver(note).observe(document.getElementById('moves'), { childList: true, subtree: true });
        note();
      });
      const accepted = {};
      let final = null;
      const watch = h.follow(url, `/api/web/game/${id}/stream`, (line, at) => {
        const moves = line.type === 'game' ? line.moves : line.type === 'state' ? line.moves : [];
        const from = line.type === 'state' ? line.from : 0;
        moves.forEach((_, i) => (accepted[from + i + 1] ??= at));
        const state = line.state;
        if (state && !['started', 'created'].includes(state.status)) final = state;
      });
      await h.waitFor('the end of the daemons game', () => final, 120000);
      await page.waitForSelector('body:not([data-status=started])');
      const shown = await page.evaluate(() => window.plyShownAt);
      watch.stop();
      const plies = Object.keys(accepted).map(Number);
      h.assert(plies.length >= 2, `the daemons played (${plies.length} plies)`);
      let worst = -Infinity;
      for (const ply of plies) {
        h.assert(shown[ply] !== undefined, `ply ${ply} shown on the page`);
        worst = Math.max(worst, shown[ply] - accepted[ply]);
      }
      console.log(`daemons: ${plies.length} plies, slowest page update ${worst} ms after the server's stream`);
      h.assert(worst < 1000, `every move shown within a second (slowest ${worst} ms)`);
      const result = await page.locator('#result').textContent();
      const expected = final.winner === 'white' ? '1-0' : final.winner === 'black' ? '0-1' : '½-½';
      h.assert(result === expected, `result ${result}, expected ${expected} (${final.status})`);
      await page.waitForTimeout(300);
    } catch (e) {
      for (const d of daemons) console.error(d.log().slice(-3000));
      throw e;
    } finally {
      for (const d of daemons) await d.stop();
    }
  },

  async pacifist(ctx) {
    // Black's king on a8 cannot move (a7, b7 and b8 are attacked), its pawn only walks
    // down the h-file; White shuffles its king, then Ra1 converts the king: variantEnd, 1-0.
    await humanGame(ctx, {
      variant: 'pacifist',
      fen: 'k7/7p/2N5/8/8/8/8/1R2K3 w - - 0 1',
      moves: ['e1e2', 'e2e1', 'b1a1'],
      status: 'variantEnd',
      result: '1-0',
      conversion: '1 piece turns white',
      screenshot: 'pacifist-conversion.png',
    });
  },

  async standard(ctx) {
    // Black (the daemon) moves first and has one move, Kg8; Ra8 mates.
    await humanGame(ctx, {
      variant: 'standard',
      fen: '7k/8/6K1/8/8/8/8/R7 b - - 0 1',
      moves: ['a1a8'],
      status: 'mate',
      result: '1-0',
    });
  },

  async controls({ url, context }) {
    // Three short games against a bot moved through the API: the human's draw offer is
    // accepted, the bot's offer is accepted by the human, and the human resigns.
    const bot = BOTS[0];
    const page = await context.newPage();
    await logIn(page, url);
    const game = async () => {
      const id = await challenge(url, HUMAN, bot, { 'clock.limit': '300', 'clock.increment': '3', color: 'white' });
      await h.api(url, 'POST', `/api/challenge/${id}/accept`, bot.token);
      await page.goto(`${url}/${id}`);
      await page.waitForSelector('body[data-ready=true][data-turn=white]');
      await clickMove(page, 'e2e4', 'white');
      await page.waitForSelector('body[data-turn=black]');
      await h.api(url, 'POST', `/api/bot/game/${id}/move/e7e5`, bot.token);
      await page.waitForSelector('body[data-turn=white]');
      return id;
    };
    let id = await game();
    await page.click('#draw');
    await h.waitFor('the offer', async () => (await h.api(url, 'GET', `/api/web/game/${id}`)).state.wdraw);
    await h.api(url, 'POST', `/api/bot/game/${id}/draw/yes`, bot.token);
    await page.waitForSelector('body[data-status=draw]');
    h.assert((await page.locator('#result').textContent()) === '½-½', 'draw by agreement shown');

    id = await game();
    await h.api(url, 'POST', `/api/bot/game/${id}/draw/yes`, bot.token);
    await page.waitForFunction(() => document.getElementById('draw').textContent === 'Accept draw');
    h.assert((await page.locator('#draw-offer').textContent()).includes('paxbot offers a draw'), 'the offer is shown');
    await page.click('#draw');
    await page.waitForSelector('body[data-status=draw]');

    id = await game();
    await page.click('#resign');
    await page.waitForSelector('body[data-status=resign]');
    h.assert((await page.locator('#result').textContent()) === '0-1', 'resignation shown as 0-1');
    h.assert((await page.locator('#ending').textContent()).startsWith('Human resigned'), 'how it ended');
  },

  async promotion({ url, context }) {
    // The human's pawn reaches the last rank: the page asks for the piece; Escape takes the
    // move back, a knight is sent as a7a8n (Black's pawn keeps the material sufficient).
    const bot = BOTS[0];
    const id = await challenge(url, HUMAN, bot, {
      'clock.limit': '300', 'clock.increment': '3', color: 'white', fen: '8/P6k/7p/8/8/8/8/K7 w - - 0 1',
    });
    await h.api(url, 'POST', `/api/challenge/${id}/accept`, bot.token);
    const page = await context.newPage();
    await logIn(page, url);
    await page.goto(`${url}/${id}`);
    await page.waitForSelector('body[data-ready=true][data-turn=white]');
    await clickMove(page, 'a7a8', 'white');
    await page.waitForSelector('#promotion:not([hidden])');
    const pieces = await page.locator('#promotion button[data-piece]').evaluateAll((bs) => bs.map((b) => b.dataset.piece));
    h.assert(pieces.join('') === 'qrbn', `promotion choices: ${pieces}`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#promotion[hidden]', { state: 'attached' });
    h.assert((await h.api(url, 'GET', `/api/web/game/${id}`)).moves.length === 0, 'Escape sends no move');
    await clickMove(page, 'a7a8', 'white');
    await page.click('#promotion button[data-piece=n]');
    await page.waitForSelector('body[data-turn=black]');
    const game = await h.api(url, 'GET', `/api/web/game/${id}`);
    h.assert(game.moves.map((m) => m.uci).join(' ') === 'a7a8n', `moves sent: ${game.moves.map((m) => m.uci)}`);
    h.assert((await page.locator('#moves .move[data-ply]').allTextContents()).join(' ') === 'a8=N', 'SAN of the promotion');
    // One ply played: resigning aborts the game, as on Lichess.
    await page.click('#resign');
    await page.waitForSelector('body[data-status=aborted]');
  },

  async markup({ url, context }) {
    const bot = BOTS[0];
    const id = await challenge(url, HUMAN, bot, { 'clock.limit': '300', 'clock.increment': '3', color: 'white' });
    await h.api(url, 'POST', `/api/challenge/${id}/accept`, bot.token);
    const page = await context.newPage();
    await logIn(page, url);
    await page.goto(`${url}/${id}`);
    await page.waitForSelector('body[data-ready=true]');
    const text = '<img src=x onerror="window.injected=1"><b>bold</b> & <script>window.injected=2</script>';
    await page.fill('#chat-text', text);
    await page.click('#chat-form button');
    await page.waitForSelector('#chat .chat-line');
    const shown = await page.locator('#chat .chat-line .text').first().textContent();
    h.assert(shown === text, `chat shown as text: ${shown}`);
    h.assert((await page.locator('#chat b:not(.user), #chat img, #chat script').count()) === 0, 'no markup in the chat');
    h.assert((await page.evaluate(() => window.injected)) === undefined, 'no script ran');
    const name = await page.locator('[data-testid=name-white]').textContent();
    h.assert(name === HUMAN.name, `username shown as text: ${name}`);
    await h.api(url, 'POST', `/api/board/game/${id}/abort`, HUMAN.token);
    await page.waitForSelector('body[data-status=aborted]');
  },
};

// A human logs in, challenges the daemon from the lobby's form, plays `moves` by clicks
// and sees the game end.
async function humanGame({ url, context, paxbot, artifacts }, spec) {
  const bot = BOTS[0];
  const daemon = h.startDaemon(paxbot, url, bot.name, bot.token);
  try {
    await h.waitFor('the daemon online', async () => {
      const lobby = await h.api(url, 'GET', '/api/web/lobby');
      return lobby.accounts.find((a) => a.name === bot.name).online;
    });
    const page = await context.newPage();
    await logIn(page, url);
    await page.selectOption('#opponent', bot.name.toLowerCase());
    await page.selectOption('select[name=variant]', spec.variant === 'standard' ? 'fromPosition' : spec.variant);
    await page.fill('input[name=fen]', spec.fen);
    await page.selectOption('select[name=color]', 'white');
    await Promise.all([page.waitForURL(/\/[A-Za-z0-9]{8}$/, { timeout: 20000 }), page.click('#challenge-form button')]);
    await page.waitForSelector('body[data-ready=true]');
    for (const uci of spec.moves) {
      await page.waitForSelector('body[data-status=started][data-turn=white][data-latest=true]', { timeout: 20000 });
      const before = await page.locator('#moves .move[data-ply]').count();
      await clickMove(page, uci, 'white');
      await page.waitForFunction((n) => document.querySelectorAll('#moves .move[data-ply]').length > n, before, { timeout: 20000 });
    }
    await page.waitForSelector(`body[data-status=${spec.status}]`, { timeout: 20000 });
    const result = await page.locator('#result').textContent();
    h.assert(result === spec.result, `result ${result}, expected ${spec.result}`);
    h.assert((await page.locator('#ending').textContent()).length > 0, 'how the game ended is shown');
    if (spec.conversion) {
      h.assert((await page.locator('#board square.converted').count()) > 0, 'the converted square is marked');
      const note = await page.locator('#moves .current .conversion').textContent();
      h.assert(note === spec.conversion, `conversion note: ${note}`);
    }
    if (spec.screenshot) await page.screenshot({ path: path.join(artifacts, spec.screenshot), fullPage: true });
    const game = await h.api(url, 'GET', `/api/web/game/${page.url().split('/').pop()}`);
    h.assert(game.state.status === spec.status, `server status ${game.state.status}`);
  } catch (e) {
    console.error(daemon.log().slice(-3000));
    throw e;
  } finally {
    await daemon.stop();
  }
}

async function main() {
  const name = args.case;
  if (!cases[name]) throw new Error(`unknown case '${name}': ${Object.keys(cases).join(', ')}`);
  if (!fs.existsSync(CHROMIUM)) {
    const message = `${CHROMIUM} is missing: apt-get install chromium (scripts/install-deps.sh)`;
    if (process.env.CI) throw new Error(message);
    console.log(`SKIPPED: ${message}`);
    process.exit(SKIP);
  }
  const entry = path.join(args['node-modules'], 'playwright-core', 'index.mjs');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm ci in web/`);
  const playwright = await import(pathToFileURL(entry).href);
  const artifacts = args.artifacts;
  fs.mkdirSync(artifacts, { recursive: true });
  const server = await h.startServer(args.paxbot, ACCOUNTS);
  const { browser, context, problems } = await h.openBrowser(playwright, CHROMIUM);
  try {
    await cases[name]({ url: server.url, context, paxbot: args.paxbot, artifacts });
    h.assert(problems.length === 0, `no console errors or failed requests:\n  ${problems.join('\n  ')}`);
    console.log(`PASSED: ${name}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(`FAILED: ${e.stack || e}`);
  process.exit(1);
});
