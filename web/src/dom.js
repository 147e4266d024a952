// SPDX-License-Identifier: GPL-3.0-or-later
// Building the page from data without ever parsing it as markup: every text from the
// server or a user goes in through textContent.

// el('a', {href: '/x', class: 'y'}, 'text', child, ...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function replace(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
}

export function playerName(player) {
  if (!player) return '?';
  return player.bot ? `BOT ${player.name}` : player.name;
}
