// SPDX-License-Identifier: GPL-3.0-or-later
// Talking to paxbot serve from a page: the token (localStorage, sent as an
// Authorization header, never in a URL), JSON requests and NDJSON streams read with
// fetch() (EventSource cannot send headers).

const TOKEN_KEY = 'paxbot.token';

export function token() {
  return localStorage.getItem(TOKEN_KEY) || '';
}
export function setToken(value) {
  if (value) localStorage.setItem(TOKEN_KEY, value);
  else localStorage.removeItem(TOKEN_KEY);
}

function headers(extra = {}) {
  const h = { ...extra };
  if (token()) h.Authorization = `Bearer ${token()}`;
  return h;
}

// One request; resolves to the JSON answer, rejects with the server's error text.
export async function request(method, path, form) {
  const init = { method, headers: headers() };
  if (form !== undefined) {
    init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(form).toString();
  } else if (method === 'POST') {
    init.body = '';
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) throw new Error((body && body.error) || `${res.status} ${res.statusText}`);
  return body;
}

// Reads an NDJSON stream and calls onLine for each JSON line (keep-alive blank lines are
// skipped). Resolves when the stream ends; rejects when it cannot be opened.
export async function stream(path, onLine, { auth = false, signal } = {}) {
  const res = await fetch(path, { headers: auth ? headers() : {}, signal });
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      message = (await res.json()).error || message;
    } catch {
      // the body was not JSON: keep the status line
    }
    const error = new Error(message);
    error.status = res.status;
    throw error;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) onLine(JSON.parse(line));
    }
  }
}

// Follows a stream for as long as keepGoing() says, reopening it after a pause when
// it ends or fails (the server closed it, or the network went away). A 4xx answer
// (no such game, bad token) is final.
export async function follow(path, onLine, { auth = false, keepGoing = () => true, onError } = {}) {
  while (keepGoing()) {
    try {
      await stream(path, onLine, { auth });
    } catch (e) {
      if (onError) onError(e);
      if (e.status >= 400 && e.status < 500) break;
    }
    if (!keepGoing()) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// The logged-in account ({id, username, title?}) or null.
export async function account() {
  if (!token()) return null;
  try {
    return await request('GET', '/api/account');
  } catch {
    return null;
  }
}
