// The browser tests' harness: the `settlers` server (built from this checkout) on a free
// loopback port with a temporary database, and the system Chromium driven by playwright-core.
// Nothing here talks to anything but 127.0.0.1.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB = path.resolve(here, '../..');
export const ROOT = path.resolve(WEB, '..');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The `settlers` binary, built when missing; null when it has no `serve` command yet. */
export function settlersBinary() {
  const bin = process.env.SETTLERS_BIN ?? path.join(ROOT, 'target/debug/settlers');
  if (!process.env.SETTLERS_BIN) {
    const built = spawnSync('cargo', ['build', '-p', 'settlers'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('cargo build -p settlers failed');
  }
  const help = spawnSync(bin, ['serve', '--help'], { encoding: 'utf8' });
  return help.status === 0 ? bin : null;
}

export class Server {
  constructor(bin, port, db) {
    this.bin = bin;
    this.port = port;
    this.db = db;
    this.url = `http://127.0.0.1:${port}`;
    this.proc = null;
  }

  static async start(bin) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'settlers-web-'));
    const server = new Server(bin, await freePort(), `sqlite://${path.join(dir, 'games.sqlite')}`);
    server.dir = dir;
    await server.run();
    return server;
  }

  async run() {
    const args = ['serve', '--addr', `127.0.0.1:${this.port}`, '--db', this.db, '--web', path.join(WEB, 'dist'), '--bot-delay-ms', '0', '--accept-seeds',
      // The tests create games faster than a person: no per-client limit on new games.
      '--games-per-minute', '1000000'];
    this.proc = spawn(this.bin, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    this.exited = new Promise((resolve) => this.proc.once('exit', resolve));
    // Ready when the scenarios answer; a server that never answers fails the run.
    for (let i = 0; i < 300; i++) {
      if (this.proc.exitCode != null) throw new Error(`settlers serve exited with ${this.proc.exitCode}`);
      try {
        const res = await fetch(`${this.url}/api/scenarios`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('settlers serve did not answer on its port');
  }

  async stop() {
    if (this.proc && this.proc.exitCode == null) {
      this.proc.kill('SIGTERM');
      await this.exited;
    }
  }

  async cleanup() {
    await this.stop();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** An already running server (SETTLERS_URL), for working on the page. */
export class ExternalServer {
  constructor(url) {
    this.url = url.replace(/\/$/, '');
  }
  async cleanup() {}
}

/**
 * The system Chromium with a fresh profile. Pages may reach `base` (the server) and nothing
 * else: every other request is aborted.
 */
export async function launchBrowser(base, viewport = { width: 1400, height: 900 }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'settlers-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    baseURL: base,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const origin = new URL(base).origin;
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(origin) || u.startsWith('data:')) return route.continue();
    return route.abort();
  });
  // The rules' tests play at the instant pace; a test of the pace sets its own first.
  await context.addInitScript(() => {
    if (!localStorage.getItem('settlers.pace')) localStorage.setItem('settlers.pace', 'instant');
  });
  for (const p of context.pages()) await p.close();
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error('page error:', e.message));
      return page;
    },
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function api(base, method, pathname, body) {
  const res = await fetch(base + pathname, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
