import { CreateRunsResultsAndInbox1795317000000 } from './1795317000000-create-runs-results-and-inbox';

/**
 * Every migration, oldest first. Listed explicitly (no globs) so SWC, Jest and tsc agree. Append new
 * ones at the end; never edit one that has been merged.
 */
export const MIGRATIONS = [CreateRunsResultsAndInbox1795317000000] as const;
