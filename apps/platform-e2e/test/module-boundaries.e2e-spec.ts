/**
 * The workspace's layering holds: the project graph has apps depending on libs only, and the lint
 * refuses a deliberate boundary break.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

interface ProjectGraph {
  graph: {
    nodes: Record<string, { type: string; data: { tags?: string[] } }>;
    dependencies: Record<string, { target: string; type: string }[]>;
  };
}

describe('module boundaries', () => {
  it('nx graph: apps depend on libs only, libs never on apps', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dq-graph-'));
    try {
      const file = path.join(dir, 'graph.json');
      execFileSync(
        process.execPath,
        [path.join(ROOT, 'node_modules/nx/dist/bin/nx.js'), 'graph', `--file=${file}`],
        {
          cwd: ROOT,
          env: { ...process.env, NX_DAEMON: 'false' },
          stdio: 'ignore',
        },
      );
      const { graph } = JSON.parse(readFileSync(file, 'utf8')) as ProjectGraph;
      const isApp = (name: string) => graph.nodes[name]?.type === 'app';
      const isE2e = (name: string) => graph.nodes[name]?.data.tags?.includes('type:e2e') ?? false;
      const apps = Object.keys(graph.nodes).filter((name) => isApp(name) && !isE2e(name));
      expect(apps.sort()).toEqual(
        [
          'alerting',
          'api-gateway',
          'lineage',
          'llm-worker',
          'mcp-gateway',
          'orchestration-observer',
          'runner',
          'scheduler',
          'web',
          'web-ui',
        ].sort(),
      );
      for (const [source, dependencies] of Object.entries(graph.dependencies)) {
        if (isE2e(source)) continue; // the e2e project runs the apps as processes, by design
        for (const { target } of dependencies) {
          if (!graph.nodes[target]) continue; // npm packages
          expect(`${source} -> ${target}: ${isApp(target) ? 'app' : 'lib'}`).toBe(
            `${source} -> ${target}: lib`,
          );
        }
      }
      // The libs the apps stand on are really in the graph.
      expect(graph.dependencies['runner']?.map((d) => d.target)).toEqual(
        expect.arrayContaining(['runs', 'platform']),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the lint refuses a boundary break', () => {
    /** Writes a probe file into a project, lints it with the workspace's ESLint CLI, removes it. */
    function boundaryErrors(filePath: string, code: string): string[] {
      const absolute = path.join(ROOT, filePath);
      writeFileSync(absolute, code);
      try {
        const output = execFileSync(
          process.execPath,
          [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', absolute],
          { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' } },
        );
        return messagesOf(output);
      } catch (error) {
        // ESLint exits 1 when it found errors; its report is still on stdout.
        const stdout = (error as { stdout?: string }).stdout;
        if (!stdout) throw error;
        return messagesOf(stdout);
      } finally {
        rmSync(absolute, { force: true });
      }
    }

    function messagesOf(output: string): string[] {
      const [result] = JSON.parse(output) as { messages: { ruleId: string | null; message: string }[] }[];
      return (result?.messages ?? [])
        .filter((m) => m.ruleId === '@nx/enforce-module-boundaries' || m.ruleId === 'no-restricted-imports')
        .map((m) => m.message);
    }

    it('a lib importing an app is an error', () => {
      const errors = boundaryErrors(
        'libs/runs/src/boundary-probe.ts',
        "import { RunnerModule } from '../../../apps/runner/src/runner.module';\nexport const probe = RunnerModule;\n",
      );
      expect(errors.length).toBeGreaterThan(0);
    });

    it('the contracts lib importing an infrastructure lib is an error', () => {
      const errors = boundaryErrors(
        'libs/contracts/src/boundary-probe.ts',
        "import { loadConfig } from '@dq/platform';\nexport const probe = loadConfig;\n",
      );
      expect(errors.length).toBeGreaterThan(0);
    });

    it('an app importing another app is an error', () => {
      const errors = boundaryErrors(
        'apps/api-gateway/src/boundary-probe.ts',
        "import { RunnerModule } from '../../runner/src/runner.module';\nexport const probe = RunnerModule;\n",
      );
      expect(errors.length).toBeGreaterThan(0);
    });

    // Only the runner and the alerting service hold private keys: a gateway, another worker or a lib
    // (the alerting lib included) cannot even import the code that opens a sealed credential.
    const opening =
      "import { SecretOpener } from '@dq/secrets-opening';\nexport const probe = SecretOpener;\n";

    it.each([
      ['the api-gateway', 'apps/api-gateway/src/boundary-probe.ts'],
      ['the mcp-gateway', 'apps/mcp-gateway/src/boundary-probe.ts'],
      ['a worker (the scheduler)', 'apps/scheduler/src/boundary-probe.ts'],
      ['a domain lib (connections)', 'libs/connections/src/boundary-probe.ts'],
      ['an infrastructure lib (rate-limit)', 'libs/rate-limit/src/boundary-probe.ts'],
      ['a gateway test', 'apps/api-gateway/test/boundary-probe.ts'],
      ['the api-gateway beside the channel controller', 'apps/api-gateway/src/alerting/boundary-probe.ts'],
      [
        'the alerting lib (the gateways run its channel service)',
        'libs/alerting/src/channels/boundary-probe.ts',
      ],
    ])('%s importing the credential-opening side is an error', (_who, file) => {
      const errors = boundaryErrors(file, opening);
      expect(errors).toEqual([
        expect.stringMatching(/Only the runner and the alerting service open sealed credentials/),
      ]);
    });

    it("the runner, the alerting service, and a library's own tests, importing the credential-opening side is allowed", () => {
      expect(boundaryErrors('apps/runner/src/boundary-probe.ts', opening)).toEqual([]);
      expect(boundaryErrors('apps/alerting/src/boundary-probe.ts', opening)).toEqual([]);
      expect(boundaryErrors('libs/connections/src/boundary-probe.spec.ts', opening)).toEqual([]);
      expect(boundaryErrors('libs/check-execution/test/boundary-probe.ts', opening)).toEqual([]);
    });

    // Each context owns its tables: another lib reads them through the owner's functions or views.
    it.each([
      ['runs importing the suites entities', 'libs/runs/src/boundary-probe.ts', 'suites', 'SuiteEntity'],
      [
        'suites importing the identity entities',
        'libs/suites/src/boundary-probe.ts',
        'identity',
        'UserEntity',
      ],
      [
        'connections importing the suites entities',
        'libs/connections/src/boundary-probe.ts',
        'suites',
        'CheckEntity',
      ],
      ['a non-context lib (mcp)', 'libs/mcp/src/boundary-probe.ts', 'connections', 'ConnectionEntity'],
    ])('%s is an error', (_who, file, context, entity) => {
      const errors = boundaryErrors(
        file,
        `import { ${entity} } from '@dq/${context}/entities';\nexport const probe = ${entity};\n`,
      );
      // (connections -> suites is also a cycle, reported beside it.)
      expect(errors).toContainEqual(
        expect.stringMatching(new RegExp(`Read the ${context} context's tables`)),
      );
    });

    it("a context importing its own entities, another's as a foreign key target, or a test seeding them is allowed", () => {
      const own = "import { SuiteEntity } from '../entities';\nexport const probe = SuiteEntity;\n";
      const foreign =
        "import { UserEntity } from '@dq/identity/entities';\nexport const probe = UserEntity;\n";
      expect(boundaryErrors('libs/suites/src/service/boundary-probe.ts', own)).toEqual([]);
      expect(boundaryErrors('libs/suites/src/entities/boundary-probe.ts', foreign)).toEqual([]);
      expect(boundaryErrors('libs/runs/src/boundary-probe.integration-spec.ts', foreign)).toEqual([]);
    });

    it('an app importing a lib through its barrel is allowed', () => {
      const errors = boundaryErrors(
        'apps/scheduler/src/boundary-probe.ts',
        "import { ServiceName } from '@dq/contracts';\nexport const probe = ServiceName.Scheduler;\n",
      );
      expect(errors).toEqual([]);
    });
  });
});
