// SPDX-License-Identifier: GPL-3.0-or-later
// A game page: the board (chessground), clocks, the SAN move list with Pacifist
// conversions, the result, stepping through the moves, and, for a logged-in player,
// moves, draw offers, resigning and chat through the Board API. Every rule comes from
// the server (/api/web/game/{id}/stream: SAN, FENs, converted squares, legal moves).
import { Chessground } from './vendor/chessground.min.js';
import { follow, request } from './api.js';
import { el, playerName, replace } from './dom.js';
import { conversionText, endingText, resultText } from './results.js';
import { session } from './session.js';

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.slice(1);

const view = {
  game: null, // the first line of the stream
  moves: [], // {uci, san, fen, converted}
  state: null,
  stateAt: 0, // performance.now() when state arrived (clocks count down from it)
  shown: 0, // the ply on the board
  me: null,
  color: null, // my colour when I play this game
  orientation: 'white',
};
let board = null;

const over = () => view.state && !['started', 'created'].includes(view.state.status);
const latest = () => view.shown === view.moves.length;

function squaresOf(uci) {
  return uci ? [uci.slice(0, 2), uci.slice(2, 4)] : undefined;
}

function fenAt(ply) {
  return ply === 0 ? view.game.startFen : view.moves[ply - 1].fen;
}

function drawBoard() {
  const ply = view.shown;
  const move = ply > 0 ? view.moves[ply - 1] : null;
  const custom = new Map();
  for (const c of move ? move.converted : []) custom.set(c.square, `converted to-${c.color}`);
  const myTurn = view.color && !over() && latest() && view.state.turn === view.color;
  const legal = view.state.legal || { dests: {}, promotions: [] };
  const dests = new Map(myTurn ? Object.entries(legal.dests) : []);
  board.set({
    fen: fenAt(ply),
    orientation: view.orientation,
    turnColor: ply % 2 === 0 ? firstColor() : otherColor(firstColor()),
    lastMove: move ? squaresOf(move.uci) : undefined,
    highlight: { lastMove: true, check: false, custom },
    movable: { color: myTurn ? view.color : undefined, dests, free: false, showDests: true },
  });
  document.body.dataset.ply = String(ply);
  document.body.dataset.latest = String(latest());
}

function firstColor() {
  // The side to move at the start, from the start FEN.
  return view.game.startFen.split(' ')[1] === 'b' ? 'black' : 'white';
}
function otherColor(c) {
  return c === 'white' ? 'black' : 'white';
}

function renderMoves() {
  const list = $('moves');
  const first = firstColor();
  const rows = [];
  let row = null;
  view.moves.forEach((m, i) => {
    const color = i % 2 === 0 ? first : otherColor(first);
    const number = Math.floor((i + (first === 'black' ? 1 : 0)) / 2) + 1;
    if (!row || color === 'white' || i === 0) {
      row = el('li', {}, el('span', { class: 'number' }, `${number}.`));
      if (color === 'black') row.append(el('span', { class: 'move empty' }, '…'));
      rows.push(row);
    }
    const note = conversionText(m.converted);
    row.append(
      el(
        'span',
        { class: `move${i + 1 === view.shown ? ' current' : ''}`, 'data-ply': i + 1, onclick: () => show(i + 1) },
        m.san,
        note ? el('span', { class: 'conversion' }, note) : null,
      ),
    );
  });
  replace(list, rows);
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function renderStatus() {
  const g = view.game;
  const s = view.state;
  const white = playerName(g.white);
  const black = playerName(g.black);
  $('result').textContent = over() ? resultText(s) : '';
  $('ending').textContent = over() ? endingText(s, white, black) : `${s.turn === 'white' ? white : black} to move`;
  const offer = s.wdraw ? 'white' : s.bdraw ? 'black' : null;
  $('draw-offer').textContent = offer && !over() ? `${offer === 'white' ? white : black} offers a draw` : '';
  const mine = view.color && !over();
  $('player-controls').hidden = !mine;
  $('chat-form').hidden = !view.color;
  if (mine) {
    const offered = offer === otherColor(view.color);
    $('draw').textContent = offered ? 'Accept draw' : 'Offer draw';
    $('decline-draw').hidden = !offered;
  }
  document.body.dataset.status = s.status;
  document.body.dataset.turn = s.turn;
}

function formatClock(ms) {
  if (ms >= 2147483647) return '∞';
  const t = Math.max(0, ms);
  const minutes = Math.floor(t / 60000);
  const seconds = Math.floor((t % 60000) / 1000);
  const text = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return t < 10000 ? `${text}.${Math.floor((t % 1000) / 100)}` : text;
}

function tickClocks() {
  if (!view.state) return;
  const s = view.state;
  const elapsed = performance.now() - view.stateAt;
  for (const color of ['white', 'black']) {
    const base = color === 'white' ? s.wtime : s.btime;
    const running = s.clockRunning && !over() && s.turn === color;
    const node = $(`clock-${color}`);
    node.textContent = view.game.clock ? formatClock(running ? base - elapsed : base) : '';
    node.classList.toggle('running', running);
  }
}

function renderPlayers() {
  const top = view.orientation === 'white' ? 'black' : 'white';
  const bottom = otherColor(top);
  for (const [slot, color] of [['top', top], ['bottom', bottom]]) {
    const p = view.game[color];
    replace(
      $(`player-${slot}`),
      el('span', { class: `name ${color}`, 'data-testid': `name-${color}` }, playerName(p)),
      el('span', { class: 'clock', id: `clock-${color}` }),
    );
  }
  tickClocks();
}

function render() {
  drawBoard();
  renderMoves();
  renderStatus();
}

function show(ply) {
  view.shown = Math.max(0, Math.min(view.moves.length, ply));
  drawBoard();
  renderMoves();
}

function addChat(line) {
  const log = $('chat');
  log.append(
    el('li', { class: `chat-line room-${line.room}` }, el('b', { class: 'user' }, line.username), ': ', el('span', { class: 'text' }, line.text)),
  );
  log.scrollTop = log.scrollHeight;
}

function onLine(line) {
  if (line.type === 'game') {
    const first = !view.game;
    view.game = line;
    view.moves = line.moves;
    view.state = line.state;
    view.stateAt = performance.now();
    if (first || latest()) view.shown = view.moves.length;
    $('title').textContent = `${line.variant.name} · ${line.timeControl} · ${line.rated ? 'rated' : 'casual'}`;
    if (view.me && (line.white.id === view.me.id || line.black.id === view.me.id)) {
      view.color = line.white.id === view.me.id ? 'white' : 'black';
      if (first) view.orientation = view.color;
    }
    showChat(line.chat);
    renderPlayers();
    // The page around the board has its final layout now: chessground measures again
    // (it keeps the board's position for turning clicks into squares).
    if (first) board.redrawAll();
    render();
    if (first && view.color && !over()) holdBoardStream();
    document.body.dataset.ready = 'true';
  } else if (line.type === 'state') {
    const follow = latest();
    view.moves.splice(line.from, view.moves.length - line.from, ...line.moves);
    view.state = line.state;
    view.stateAt = performance.now();
    if (follow || view.shown > view.moves.length) view.shown = view.moves.length;
    tickClocks();
    render();
  } else if (line.type === 'chatLine' && !view.color) {
    addChat(line);
  }
}

// Spectators see the spectator room (the game view and the watch stream carry only that
// one); a player sees the players' room, read from the Board API (its history, then the
// chat lines of its game stream).
async function showChat(spectatorLines) {
  if (!view.color) {
    replace($('chat'));
    spectatorLines.forEach(addChat);
    return;
  }
  try {
    const history = await request('GET', `/api/board/game/${gameId}/chat`);
    replace($('chat'));
    history.forEach((l) => addChat({ room: 'player', username: l.user, text: l.text }));
  } catch (e) {
    $('error').textContent = e.message;
  }
}

// A player holds its Board API game stream, as any Board API client does: the server
// tells the opponent when it goes away.
function holdBoardStream() {
  follow(
    `/api/board/game/stream/${gameId}`,
    (line) => {
      if (line.type === 'chatLine' && line.room === 'player') addChat(line);
    },
    { auth: true, keepGoing: () => !over() },
  );
}

async function command(path, form) {
  $('error').textContent = '';
  try {
    await request('POST', `/api/board/game/${gameId}/${path}`, form);
  } catch (e) {
    $('error').textContent = e.message;
    drawBoard();
  }
}

// A pawn move to the last rank asks which piece it becomes; Escape or a click beside the
// choices takes the move back.
const PROMOTIONS = [
  ['q', 'queen', '♕'],
  ['r', 'rook', '♖'],
  ['b', 'bishop', '♗'],
  ['n', 'knight', '♘'],
];
function choosePromotion(orig, dest) {
  const chooser = $('promotion');
  const close = () => {
    chooser.hidden = true;
    document.removeEventListener('keydown', onKey);
  };
  const onKey = (ev) => {
    if (ev.key !== 'Escape') return;
    close();
    drawBoard();
  };
  replace(
    chooser,
    el('span', {}, 'Promote to'),
    PROMOTIONS.map(([letter, name, symbol]) =>
      el(
        'button',
        {
          type: 'button',
          'data-piece': letter,
          title: name,
          onclick: () => {
            close();
            command(`move/${orig}${dest}${letter}`);
          },
        },
        symbol,
      ),
    ),
    el('button', { type: 'button', class: 'cancel', onclick: () => (close(), drawBoard()) }, 'cancel'),
  );
  chooser.hidden = false;
  document.addEventListener('keydown', onKey);
}

function onMove(orig, dest) {
  const legal = view.state.legal || { promotions: [] };
  if (legal.promotions.includes(orig + dest)) choosePromotion(orig, dest);
  else command(`move/${orig}${dest}`);
}

function setUpControls() {
  $('first').onclick = () => show(0);
  $('back').onclick = () => show(view.shown - 1);
  $('forward').onclick = () => show(view.shown + 1);
  $('last').onclick = () => show(view.moves.length);
  $('flip').onclick = () => {
    view.orientation = otherColor(view.orientation);
    renderPlayers();
    drawBoard();
  };
  document.addEventListener('keydown', (ev) => {
    if (ev.target instanceof HTMLInputElement) return;
    if (ev.key === 'ArrowLeft') show(view.shown - 1);
    if (ev.key === 'ArrowRight') show(view.shown + 1);
  });
  $('draw').onclick = () => command('draw/yes');
  $('decline-draw').onclick = () => command('draw/no');
  $('resign').onclick = () => command('resign');
  $('chat-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const input = $('chat-text');
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    command('chat', { room: 'player', text });
  });
}

async function main() {
  board = Chessground($('board'), {
    viewOnly: false,
    coordinates: true,
    autoCastle: false,
    animation: { enabled: true, duration: 200 },
    movable: { free: false, events: { after: onMove } },
    premovable: { enabled: false },
    draggable: { enabled: true, showGhost: true },
  });
  setUpControls();
  view.me = await session($('session'));
  setInterval(tickClocks, 100);
  follow(`/api/web/game/${gameId}/stream`, onLine, {
    keepGoing: () => !over(),
    onError: (e) => {
      $('error').textContent = e.message;
      if (!view.game) document.body.dataset.ready = 'error';
    },
  });
}

main();
