import { INTERACTIVE_DEADLINE_DEFAULT_MS, interactiveAnswerWaitMs } from '@dq/contracts';
import { ConfigError, loadConfig } from '@dq/platform';
import { WebConfig } from './web.config';

describe('WebConfig: the proxy outlasts interactive work', () => {
  it('by default the gateway waits the deadline plus its margin, and that is inside the proxy timeout', () => {
    const config = loadConfig(WebConfig, {});
    expect(config.INTERACTIVE_DEADLINE_MS).toBe(INTERACTIVE_DEADLINE_DEFAULT_MS);
    expect(interactiveAnswerWaitMs(config.INTERACTIVE_DEADLINE_MS)).toBeLessThan(config.API_PROXY_TIMEOUT_MS);
  });

  it('refuses at boot a proxy timeout that does not outlast the deadline plus the margin', () => {
    expect(() => loadConfig(WebConfig, { API_PROXY_TIMEOUT_MS: '60000' })).toThrow(
      /API_PROXY_TIMEOUT_MS: must be longer than INTERACTIVE_DEADLINE_MS plus/,
    );
    expect(() => loadConfig(WebConfig, { INTERACTIVE_DEADLINE_MS: '115000' })).toThrow(ConfigError);
    expect(loadConfig(WebConfig, { INTERACTIVE_DEADLINE_MS: '100000' }).API_PROXY_TIMEOUT_MS).toBe(120_000);
  });
});
