/**
 * The workspace's layering holds: the project graph has apps depending on libs only, and the lint
 * refuses a deliberate boundary break.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';

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
        [path.join(ROOT, 'node_modules/nx/bin/nx.js'), 'graph', `--file=${file}`],
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
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
      ruleFilter: ({ ruleId }) => ruleId === '@nx/enforce-module-boundaries',
    });

    async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
      return (result?.messages ?? [])
        .filter((m) => m.ruleId === '@nx/enforce-module-boundaries')
        .map((m) => m.message);
    }

    it('a lib importing an app is an error', async () => {
      const errors = await boundaryErrors(
        'libs/runs/src/boundary-probe.ts',
        "import { RunnerModule } from '../../../apps/runner/src/runner.module';\nexport const probe = RunnerModule;\n",
      );
      expect(errors.length).toBeGreaterThan(0);
    });

    it('the contracts lib importing an infrastructure lib is an error', async () => {
      const errors = await boundaryErrors(
        'libs/contracts/src/boundary-probe.ts',
        "import { loadConfig } from '@dq/platform';\nexport const probe = loadConfig;\n",
      );
      expect(errors.join('\n')).toMatch(/type:contracts/);
    });

    it('an app importing another app is an error', async () => {
      const errors = await boundaryErrors(
        'apps/api-gateway/src/boundary-probe.ts',
        "import { RunnerModule } from '../../runner/src/runner.module';\nexport const probe = RunnerModule;\n",
      );
      expect(errors.length).toBeGreaterThan(0);
    });

    it('an app importing a lib through its barrel is allowed', async () => {
      const errors = await boundaryErrors(
        'apps/scheduler/src/boundary-probe.ts',
        "import { ServiceName } from '@dq/contracts';\nexport const probe = ServiceName.Scheduler;\n",
      );
      expect(errors).toEqual([]);
    });
  });
});
