/** Where the runs domain learns whether zero-sample mode is in force (the workspace settings). */
export interface RunPrivacy {
  zeroSampleMode(): Promise<boolean>;
  /**
   * The same decision from the stored flag the run's claim read (`STORED_ZERO_SAMPLE_MODE_SQL`),
   * so starting a run costs no read of its own; without it the mode is read.
   */
  zeroSampleModeGiven?(stored: boolean | null): boolean;
}

/** Injection token of the {@link RunPrivacy} an app binds; without one, samples are allowed. */
export const RUN_PRIVACY = Symbol('RUN_PRIVACY');
