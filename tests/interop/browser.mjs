// A real browser for the interop checks: Chromium, headless, driven through WebDriver
// (Debian's `chromium` and `chromium-driver`, the same version). Plain W3C WebDriver
// over HTTP with node's fetch: no npm package, and chromedriver always matches the
// browser it drives.
//
//   const browser = await Browser.start({ logDir });
//   await browser.open(url);
//   await browser.type('#f-key', 'sk-...');
//   await browser.click('#submit');
//   await browser.waitFor('main[data-outcome="done"]');
//   await browser.screenshot(`${logDir}/page.png`);
//   await browser.close();
//
// Chromium runs headless, as root in CI (hence --no-sandbox), with a fresh profile
// directory, and without the background traffic a first run would start.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMEDRIVER = process.env.CHROMEDRIVER ?? '/usr/bin/chromedriver';

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Browser {
  constructor(driver, base, session, profile) {
    this.driver = driver;
    this.base = base;
    this.session = session;
    this.profile = profile;
  }

  /**
   * Starts chromedriver and a headless Chromium session with a fresh profile; the
   * driver's log goes to `logDir`, as `logName`.
   */
  static async start({ logDir, logName = 'chromedriver.log' } = {}) {
    const port = await freePort();
    const log = logDir ? openSync(join(logDir, logName), 'w') : 'ignore';
    const driver = spawn(CHROMEDRIVER, [`--port=${port}`, '--allowed-ips=127.0.0.1'], {
      stdio: ['ignore', log, log],
    });
    const base = `http://127.0.0.1:${port}`;
    let exited = null;
    driver.once('exit', (code, signal) => (exited = `chromedriver exited (${code ?? signal})`));
    for (let i = 0; ; i++) {
      if (exited) throw new Error(exited);
      try {
        const status = await (await fetch(`${base}/status`)).json();
        if (status.value?.ready) break;
      } catch {
        // not listening yet
      }
      if (i > 100) {
        driver.kill();
        throw new Error('chromedriver did not become ready within 10 s');
      }
      await sleep(100);
    }
    const profile = mkdtempSync(join(tmpdir(), 'elicit-chromium-'));
    const args = [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
      '--window-size=900,700',
    ];
    const created = await call(base, 'POST', '/session', {
      capabilities: { alwaysMatch: { browserName: 'chrome', 'goog:chromeOptions': { binary: CHROMIUM, args } } },
    }).catch((e) => {
      driver.kill();
      rmSync(profile, { recursive: true, force: true });
      throw e;
    });
    const browser = new Browser(driver, base, created.sessionId, profile);
    browser.version = created.capabilities?.browserVersion;
    return browser;
  }

  cmd(method, path, body) {
    return call(this.base, method, `/session/${this.session}${path}`, body);
  }

  /** Opens a URL and waits for the page to load. */
  open(url) {
    return this.cmd('POST', '/url', { url });
  }

  /** Goes back one page in the tab's history. */
  back() {
    return this.cmd('POST', '/back', {});
  }

  /** Sets a cookie for the current page's origin (open a page of the origin first). */
  addCookie(name, value) {
    return this.cmd('POST', '/cookie', { cookie: { name, value, path: '/' } });
  }

  /** Deletes every cookie of the current page's origin. */
  clearCookies() {
    // (about:blank has no cookies, and some drivers refuse the command there)
    return this.cmd('DELETE', '/cookie').catch(() => {});
  }

  async find(selector) {
    const found = await this.cmd('POST', '/element', { using: 'css selector', value: selector });
    return found[ELEMENT];
  }

  /** The first element matching `selector`, waiting for it (a submit navigates). */
  async waitFor(selector, timeoutMs = 10000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await this.find(selector);
      } catch (e) {
        if (Date.now() > until) {
          const text = await this.cmd('GET', '/source').then((html) => html.replace(/<style>.*?<\/style>/s, '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim(), () => '?');
          throw new Error(`no ${selector} within ${timeoutMs} ms (${e.message.split(':')[0]}); at ${await this.url()}: ${text.slice(0, 400)}`);
        }
        await sleep(50);
      }
    }
  }

  /** Every element matching `selector` now (no waiting): an empty list when none. */
  async findAll(selector) {
    const found = await this.cmd('POST', '/elements', { using: 'css selector', value: selector });
    return found.map((element) => element[ELEMENT]);
  }

  /** Empties an input. */
  async clear(selector) {
    const element = await this.waitFor(selector);
    await this.cmd('POST', `/element/${element}/clear`, {});
  }

  async type(selector, text) {
    const element = await this.waitFor(selector);
    await this.cmd('POST', `/element/${element}/value`, { text });
  }

  async click(selector) {
    const element = await this.waitFor(selector);
    await this.cmd('POST', `/element/${element}/click`, {});
  }

  async text(selector) {
    const element = await this.waitFor(selector);
    return this.cmd('GET', `/element/${element}/text`);
  }

  async attribute(selector, name) {
    const element = await this.waitFor(selector);
    return this.cmd('GET', `/element/${element}/attribute/${encodeURIComponent(name)}`);
  }

  /** A DOM property (`value`, `checked`, `validity`...), as the page has it now. */
  async property(selector, name) {
    const element = await this.waitFor(selector);
    return this.cmd('GET', `/element/${element}/property/${encodeURIComponent(name)}`);
  }

  /**
   * Runs `script` (a function body; `arguments` holds `args`) in the page and returns
   * what it returns. WebDriver's scripts are not the page's: its policy does not block them.
   */
  execute(script, args = []) {
    return this.cmd('POST', '/execute/sync', { script, args });
  }

  /** Makes the `<iframe>` matching `selector` the browsing context; `null`: the top one. */
  async frame(selector) {
    if (selector === null) return this.cmd('POST', '/frame', { id: null });
    const element = await this.waitFor(selector);
    return this.cmd('POST', '/frame', { id: { [ELEMENT]: element } });
  }

  /** Opens a new tab and returns its handle (the current tab stays current). */
  async newTab() {
    return (await this.cmd('POST', '/window/new', { type: 'tab' })).handle;
  }

  /** The handle of the current tab. */
  tab() {
    return this.cmd('GET', '/window');
  }

  /** Makes the tab `handle` current. */
  switchTab(handle) {
    return this.cmd('POST', '/window', { handle });
  }

  /** Resizes the window (a taller one shows a whole form in a screenshot). */
  resize(width, height) {
    return this.cmd('POST', '/window/rect', { width, height });
  }

  url() {
    return this.cmd('GET', '/url').catch((e) => `(unknown: ${e.message})`);
  }

  /** The page's HTML as the browser has it. */
  source() {
    return this.cmd('GET', '/source');
  }

  /** Saves a PNG of the viewport. */
  async screenshot(path) {
    const png = await this.cmd('GET', '/screenshot');
    writeFileSync(path, Buffer.from(png, 'base64'));
  }

  async close() {
    await this.cmd('DELETE', '').catch(() => {});
    this.driver.kill();
    rmSync(this.profile, { recursive: true, force: true });
  }
}

async function call(base, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = payload.value ?? {};
    throw new Error(`WebDriver ${method} ${path}: ${error.error ?? response.status}: ${String(error.message ?? '').split('\n')[0]}`);
  }
  return payload.value;
}
