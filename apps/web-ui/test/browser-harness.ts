import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { type AppProcess, GatewayWorld, codeOf, freePort, startApp, waitFor } from '@dq/testing';

const ROOT = path.resolve(__dirname, '../../..');
/** Where a failing test leaves its screenshot (git-ignored). */
export const SCREENSHOT_DIR = path.join(ROOT, 'tmp/web-ui-screenshots');
export const WEB_APP_DIR = path.join(ROOT, 'dist/apps/web-ui');
/** Debian's Chromium: no browser is downloaded. `CHROMIUM_PATH` points elsewhere when needed. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * The real stack for browser tests: an api-gateway on an isolated database with its SMTP and
 * identity-provider peers, the web host serving the built app and proxying `/api` to it, and a
 * headless Chromium.
 */
export class BrowserWorld {
  /** Every CSP report and page error seen in any page of this world. */
  readonly pageProblems: string[] = [];
  private readonly extraHosts: AppProcess[] = [];

  private constructor(
    readonly world: GatewayWorld,
    readonly gateway: AppProcess,
    readonly web: AppProcess,
    /** `http://localhost:<port>`: Chromium keeps the gateway's Secure cookie on localhost over http. */
    readonly baseUrl: string,
    readonly browser: Browser,
  ) {}

  /** `gatewayEnv`: settings added to the gateway's own (a test's loopback egress allowance). */
  static async create(label: string, gatewayEnv: Record<string, string> = {}): Promise<BrowserWorld> {
    const world = await GatewayWorld.create(label);
    // Each test signs in afresh from one address: the per-IP budget for unauthenticated calls is not under test here.
    const gateway = await world.startGateway({
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10000',
      ...gatewayEnv,
    });
    const web = await startApp('web', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      API_GATEWAY_URL: gateway.url,
      WEB_APP_DIR,
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      // Root in a container has no user namespace for Chromium's sandbox.
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
    return new BrowserWorld(world, gateway, web, web.url.replace('127.0.0.1', 'localhost'), browser);
  }

  /**
   * A second gateway with the dev-bypass for `email`, behind its own web host, on the same database:
   * what `npm run demo` runs. Answers the host's `http://localhost:<port>`.
   */
  async startDevBypassHost(email: string): Promise<string> {
    const gateway = await this.world.startGateway({
      AUTH_DEV_BYPASS_EMAIL: email,
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10000',
    });
    const web = await startApp('web', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      API_GATEWAY_URL: gateway.url,
      WEB_APP_DIR,
    });
    this.extraHosts.push(web);
    return web.url.replace('127.0.0.1', 'localhost');
  }

  /**
   * A web host signing browsers in at this world's identity provider (as a registered client),
   * in front of the same gateway. Answers its `http://localhost:<port>`.
   */
  async startOidcHost(extra: Record<string, string> = {}): Promise<string> {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const client = { clientId: 'dq-web', clientSecret: 'browser-world-client-secret' };
    this.world.identityProvider.registerClient({ ...client, redirectUris: [`${base}/auth/oidc/callback`] });
    const web = await startApp('web', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      API_GATEWAY_URL: this.gateway.url,
      WEB_APP_DIR,
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      OIDC_ISSUER: this.world.identityProvider.issuer,
      OIDC_CLIENT_ID: client.clientId,
      OIDC_CLIENT_SECRET: client.clientSecret,
      OIDC_COOKIE_SECRET: 'browser-world-cookie-secret-of-40-characters',
      OIDC_PROVIDER_NAME: 'Loopback',
      ...extra,
    });
    this.extraHosts.push(web);
    return base;
  }

  api(): string {
    return `${this.gateway.url}/api/v1`;
  }

  /** A fresh browser profile: 1280 px wide in the light theme unless told otherwise. */
  async newPage(
    options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      colorScheme: options.colorScheme ?? 'light',
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        this.pageProblems.push(`CSP: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => this.pageProblems.push(`page error: ${error.message}`));
    return { context, page };
  }

  /** Signs `email` in through the sign-in page with the code the SMTP peer captured. */
  async signIn(page: Page, email: string): Promise<void> {
    const sent = this.world.smtp.mails.length;
    // Settled first: the page's first reads (who am I, the sign-in modes) redraw the form when they answer.
    await page.goto(`${this.baseUrl}/sign-in`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const mail = await waitFor('the sign-in mail', () =>
      this.world.smtp.mails.slice(sent).find((candidate) => candidate.to.includes(email)),
    );
    await page.getByText('a code is on its way').waitFor();
    // The whole code into the first box at once, as a paste: the boxes share it out themselves.
    await page.getByRole('textbox').first().fill(codeOf(mail));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  }

  async close(): Promise<void> {
    await this.browser?.close();
    await Promise.all([this.web, ...this.extraHosts].map((host) => host?.stop()));
    await this.world?.close();
  }
}

/** Runs `body` and saves a full-page screenshot of `page` when it fails. */
export async function screenshotOnFailure(
  page: Page,
  name: string,
  body: () => Promise<void>,
): Promise<void> {
  try {
    await body();
  } catch (error) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw error;
  }
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page as it stands. The script is evaluated
 * through the DevTools protocol, which the page's CSP does not govern (an inline tag would be refused).
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // A dialog or dropdown still fading in reads as low contrast: judge the page once its finite
  // transitions ended (spinners and progress bars loop for ever); after 5 s, judge it as it is.
  await page
    .waitForFunction(
      () =>
        (
          globalThis as unknown as {
            document: {
              getAnimations(): {
                playState: string;
                effect: { getComputedTiming(): { iterations?: number } } | null;
              }[];
            };
          }
        ).document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(AXE_SOURCE);
  // Runs in the page: its globals are typed here by hand (this file compiles without the DOM library).
  const violations = await page.evaluate(async () => {
    const page = globalThis as unknown as {
      axe: { run(context: unknown): Promise<{ violations: AxeViolation[] }> };
      document: unknown;
    };
    const result = await page.axe.run(page.document);
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => [node.target, node.html]))}`,
    );
}
