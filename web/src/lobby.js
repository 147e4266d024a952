// SPDX-License-Identifier: GPL-3.0-or-later
// The lobby: accounts, games in progress, finished games and pending challenges, live
// from /api/web/lobby/stream; a logged-in human can challenge and answer challenges.
import { follow, request } from './api.js';
import { el, playerName, replace } from './dom.js';
import { resultText } from './results.js';
import { session } from './session.js';

const $ = (id) => document.getElementById(id);
let me = null;
let lobby = null;
// Challenges this page created or accepted: their games open when they start.
const awaited = new Set();
const started = new Set(); // games whose gameStart this page saw
function awaitGame(id) {
  awaited.add(id);
  if (started.has(id)) location.assign(`/${id}`);
}

function gameRow(g) {
  const result = g.status === 'started' ? `move ${Math.floor(g.ply / 2) + 1}` : `${resultText(g)} (${g.status})`;
  return el(
    'li',
    { 'data-game': g.id },
    el('a', { href: `/${g.id}` }, `${playerName(g.white)} – ${playerName(g.black)}`),
    ` · ${g.variant.name} · ${g.timeControl} · `,
    el('span', { class: 'result' }, result),
  );
}

function challengeRow(c) {
  const from = c.challenger ? c.challenger.name : '?';
  const to = c.destUser ? c.destUser.name : '?';
  const row = el('li', { 'data-challenge': c.id }, `${from} → ${to} · ${c.variant.name} · ${c.timeControl.show || c.speed} `);
  if (me && c.destUser && c.destUser.id === me.id) {
    row.append(
      el('button', { type: 'button', onclick: () => { awaitGame(c.id); act(`/api/challenge/${c.id}/accept`); } }, 'Accept'),
      el('button', { type: 'button', onclick: () => act(`/api/challenge/${c.id}/decline`) }, 'Decline'),
    );
  } else if (me && c.challenger && c.challenger.id === me.id) {
    row.append(el('button', { type: 'button', onclick: () => act(`/api/challenge/${c.id}/cancel`) }, 'Cancel'));
  }
  return row;
}

async function act(path) {
  try {
    await request('POST', path);
  } catch (e) {
    $('challenge-error').textContent = e.message;
  }
}

function render() {
  const accounts = lobby.accounts.map((a) =>
    el(
      'li',
      { class: a.online ? 'online' : 'offline', 'data-account': a.id },
      el('span', { class: 'dot' }),
      el('span', { class: 'name' }, playerName(a)),
      a.playing ? el('a', { href: `/${a.playing}` }, ' playing') : null,
    ),
  );
  replace($('accounts'), accounts);
  replace($('playing'), lobby.playing.length ? lobby.playing.map(gameRow) : el('li', { class: 'none' }, 'none'));
  replace($('finished'), lobby.finished.length ? lobby.finished.map(gameRow) : el('li', { class: 'none' }, 'none'));
  replace($('challenges'), lobby.challenges.length ? lobby.challenges.map(challengeRow) : el('li', { class: 'none' }, 'none'));
  const select = $('opponent');
  const chosen = select.value;
  replace(
    select,
    lobby.accounts
      .filter((a) => !me || a.id !== me.id)
      .map((a) => el('option', { value: a.id, selected: a.id === chosen }, playerName(a) + (a.online ? '' : ' (offline)'))),
  );
}

function setUpChallengeForm() {
  const form = $('challenge-form');
  form.hidden = !me;
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const fields = {
      'clock.limit': String(Math.round(Number(data.get('minutes')) * 60)),
      'clock.increment': String(data.get('increment')),
      variant: data.get('variant'),
      color: data.get('color'),
    };
    const fen = String(data.get('fen') || '').trim();
    if (fen) fields.fen = fen;
    if (data.get('variant') === 'pacifist' && data.get('chess960')) fields.chess960 = 'true';
    $('challenge-error').textContent = '';
    try {
      const created = await request('POST', `/api/challenge/${encodeURIComponent(data.get('opponent'))}`, fields);
      awaitGame(created.id);
    } catch (e) {
      $('challenge-error').textContent = e.message;
    }
  });
}

// A logged-in account holds its event stream: it is online, and a game this page
// challenged to or accepted opens when it starts.
function followEvents() {
  follow(
    '/api/stream/event',
    (line) => {
      if (line.type !== 'gameStart' || !line.game) return;
      const id = line.game.gameId || line.game.id;
      started.add(id);
      if (awaited.has(id)) location.assign(`/${id}`);
    },
    { auth: true },
  );
}

async function main() {
  me = await session($('session'));
  setUpChallengeForm();
  if (me) followEvents();
  follow(
    '/api/web/lobby/stream',
    (line) => {
      if (line.type === 'lobby') {
        lobby = line;
        document.body.dataset.ready = 'true';
      } else if (line.type === 'lobbyGame' && lobby) {
        // A move or an offer in a running game: only its row changes.
        lobby.playing = lobby.playing.map((g) => (g.id === line.game.id ? line.game : g));
      } else {
        return;
      }
      render();
    },
    { onError: (e) => ($('status').textContent = `lobby stream: ${e.message}`) },
  );
}

main();
