// SPDX-License-Identifier: GPL-3.0-or-later
// The log-in box in every page's header: a token field, or who is logged in.
import { account, setToken, token } from './api.js';
import { el, replace } from './dom.js';

// Fills `box` and resolves to the logged-in account (or null).
export async function session(box) {
  const me = await account();
  if (token() && !me) setToken('');
  if (me) {
    replace(
      box,
      el('span', { class: 'me', 'data-testid': 'me' }, 'Logged in as ', el('b', {}, me.username)),
      el('button', { type: 'button', onclick: () => { setToken(''); location.reload(); } }, 'Log out'),
    );
    return me;
  }
  const input = el('input', { type: 'password', name: 'token', placeholder: 'account token', autocomplete: 'off' });
  const message = el('span', { class: 'error' });
  const form = el('form', { class: 'login' }, input, el('button', { type: 'submit' }, 'Log in'), message);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    setToken(input.value.trim());
    if (await account()) location.reload();
    else {
      setToken('');
      message.textContent = 'Unknown token';
    }
  });
  replace(box, form);
  return null;
}
