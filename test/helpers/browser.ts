/**
 * A real headless Chromium driven by playwright-core (which never downloads a browser of its own),
 * with a new empty profile per launch. The browser comes from npm alone: `@sparticuz/chromium`
 * ships a headless Chromium inside its package and unpacks it to the temp folder on first use, so
 * `npm ci && npm test` needs no system package. A Chromium named by `CHROMIUM_PATH`, or Debian's
 * `/usr/bin/chromium` when installed, is used instead. `watch(page)` records what
 * a person would notice as broken: console errors, uncaught page errors, failed requests and
 * answers >= 400. Screenshots go to test/artifacts/ (ignored by git).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import packagedChromium from '@sparticuz/chromium';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** The browser binary and the extra flags it needs. */
async function chromiumBinary(): Promise<{ executablePath: string; args: string[] }> {
  const chosen = process.env.CHROMIUM_PATH ?? (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : null);
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH=${chosen} does not exist`);
    return { executablePath: chosen, args: [] };
  }
  // The packaged build runs as one process without a zygote. Of its recommended flags, those that
  // weaken web security are not taken, so pages are tested under a real browser's rules.
  return {
    executablePath: await packagedChromium.executablePath(),
    args: ['--single-process', '--no-zygote'],
  };
}

export async function launchChromium(): Promise<Browser> {
  const binary = await chromiumBinary();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'recrutement-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: binary.executablePath,
    headless: true,
    args: [...ARGS, ...binary.args],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Everything that went wrong on a page, as text lines (empty when all is well). */
export function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) =>
    problems.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`),
  );
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  return problems;
}

/** Writes a screenshot of what the window shows to test/artifacts/<name>.png and returns its path. */
export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? false });
  return file;
}
