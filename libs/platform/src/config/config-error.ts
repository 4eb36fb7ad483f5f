export interface ConfigProblem {
  /** Name of the environment variable. */
  variable: string;
  /** What is wrong with it; never contains the value of a secret variable. */
  problem: string;
}

/** Every problem found in the environment at once, so an operator fixes them in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(['Invalid configuration:', ...problems.map((p) => `  ${p.variable}: ${p.problem}`)].join('\n'));
    this.name = 'ConfigError';
  }
}
