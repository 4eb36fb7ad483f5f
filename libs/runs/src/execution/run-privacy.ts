/** Where the runs domain learns whether zero-sample mode is in force (the workspace settings). */
export interface RunPrivacy {
  zeroSampleMode(): Promise<boolean>;
}

/** Injection token of the {@link RunPrivacy} an app binds; without one, samples are allowed. */
export const RUN_PRIVACY = Symbol('RUN_PRIVACY');
