// SPDX-License-Identifier: GPL-3.0-or-later
// Words for how a game ended, from the game's status (Lichess's status names).

export function resultText(state) {
  if (!state || state.status === 'started' || state.status === 'created') return '*';
  if (state.status === 'aborted') return 'aborted';
  if (state.winner === 'white') return '1-0';
  if (state.winner === 'black') return '0-1';
  return '½-½';
}

export function endingText(state, white, black) {
  const name = (color) => (color === 'white' ? white : black);
  const other = (color) => (color === 'white' ? 'black' : 'white');
  const w = state.winner;
  switch (state.status) {
    case 'started':
    case 'created':
      return '';
    case 'mate':
      return `Checkmate: ${name(w)} wins`;
    case 'resign':
      return `${name(other(w))} resigned: ${name(w)} wins`;
    case 'stalemate':
      return 'Stalemate: draw';
    case 'draw':
      return `Draw${state.reason ? ` (${state.reason})` : ' by agreement'}`;
    case 'outoftime':
      return w ? `${name(other(w))} ran out of time: ${name(w)} wins` : 'Out of time: draw';
    case 'timeout':
      return w ? `${name(other(w))} left the game: ${name(w)} wins` : 'Draw: opponent left';
    case 'variantEnd':
      return w ? `${name(other(w))} has no king left: ${name(w)} wins` : 'Draw (variant end)';
    case 'aborted':
      return 'Game aborted';
    case 'noStart':
      return w ? `${name(other(w))} did not start the game: ${name(w)} wins` : 'The game did not start';
    default:
      return state.status;
  }
}

// "3 pieces turn white" / "1 piece turns black, 2 pieces turn white".
export function conversionText(converted) {
  if (!converted || converted.length === 0) return '';
  const parts = [];
  for (const color of ['white', 'black']) {
    const n = converted.filter((c) => c.color === color).length;
    if (n) parts.push(n === 1 ? `1 piece turns ${color}` : `${n} pieces turn ${color}`);
  }
  return parts.join(', ');
}
