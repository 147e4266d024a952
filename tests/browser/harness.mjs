// SPDX-License-Identifier: GPL-3.0-or-later
// What the browser tests share: a `paxbot serve` child process on a free port, `paxbot
// run` daemons configured for it, JSON/NDJSON requests, and a headless Debian chromium
// driven by playwright-core that records console errors and failed requests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what, check, timeoutMs = 20000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// Starts `paxbot serve` with the accounts ("name:token[:bot]"); resolves to {url, stop}.
export async function startServer(paxbot, accounts, extra = []) {
  const args = ['serve', '--listen', '127.0.0.1:0', '--keepalive-ms', '1000', ...extra];
  for (const a of accounts) args.push('--account', a);
  const child = spawn(paxbot, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (d) => (output += d));
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output += d;
      const m = /listening on (http:\/\/[0-9.:]+)/.exec(output);
      if (m && /pages at|not installed/.test(output)) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`paxbot serve exited (${code}): ${output}`)));
  });
  if (!output.includes('pages at')) throw new Error(`paxbot serve has no pages: ${output}`);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

// `paxbot run` for one bot account, thinking `movetimeMs` per move.
export function startDaemon(paxbot, url, name, token, movetimeMs = 100) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `paxbot-browser-${name}-`));
  const config = path.join(dir, 'paxbot.yml');
  fs.writeFileSync(
    config,
    [
      `url: "${url}"`,
      'log_level: info',
      'engine:',
      '  hash_mb: 16',
      `  max_think_ms: ${movetimeMs}`,
      `  first_move_max_ms: ${movetimeMs}`,
      '  move_overhead_ms: 50',
      'challenge:',
      '  concurrency: 2',
      '',
    ].join('\n'),
  );
  const log = fs.openSync(path.join(dir, 'daemon.log'), 'w');
  const child = spawn(paxbot, ['run', '--config', config], {
    env: { ...process.env, LICHESS_BOT_TOKEN: token },
    stdio: ['ignore', log, log],
  });
  return {
    log: () => fs.readFileSync(path.join(dir, 'daemon.log'), 'utf8'),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function api(url, method, p, token, form) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let body;
  if (form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  } else if (method === 'POST') body = '';
  const res = await fetch(url + p, { method, headers, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

// Reads an NDJSON stream in the background; onLine(json, arrivalMs) for each line.
export function follow(url, p, onLine) {
  const controller = new AbortController();
  const done = (async () => {
    const res = await fetch(url + p, { signal: controller.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line) onLine(JSON.parse(line), Date.now());
      }
    }
  })().catch((e) => {
    if (e.name !== 'AbortError') throw e;
  });
  return { done, stop: () => controller.abort() };
}

// A headless chromium page that collects console errors and failed requests.
export async function openBrowser(playwright, executablePath) {
  const browser = await playwright.chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const problems = [];
  context.on('page', (page) => watchPage(page, problems));
  return { browser, context, problems };
}

function watchPage(page, problems) {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // Streams cut by navigation or by the page's own end of a game are not failures.
    const failure = r.failure() ? r.failure().errorText : '';
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${r.url()} ${failure}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
}

export function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}
