import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@dq/api-client';
import { settle } from '../api/web-api';
import { useApi } from '../app/session';

type Schemas = components['schemas'];
export type ScoringSettings = Schemas['ScoringSettingsView'];
export type ScoringWeights = Schemas['ScoringWeights'];
export type PrivacySettings = Schemas['PrivacySettingsView'];
export type Deployment = Schemas['DeploymentView'];

const SCORING_KEY = ['admin', 'scoring'] as const;
const PRIVACY_KEY = ['admin', 'privacy'] as const;
const DEPLOYMENT_KEY = ['admin', 'deployment'] as const;

/** `GET /admin/scoring`: the weights in force, whether they are the defaults, and the defaults. */
export function useScoring() {
  const { client } = useApi();
  return useQuery({ queryKey: SCORING_KEY, queryFn: () => settle(client.GET('/api/v1/admin/scoring')) });
}

/** `PUT /admin/scoring`; the answer replaces the cached settings. */
export function useSaveScoring() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weights: ScoringWeights) => settle(client.PUT('/api/v1/admin/scoring', { body: weights })),
    onSuccess: (settings) => queryClient.setQueryData(SCORING_KEY, settings),
  });
}

/** `DELETE /admin/scoring`: back to the defaults. */
export function useResetScoring() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => settle(client.DELETE('/api/v1/admin/scoring')),
    onSuccess: (settings) => queryClient.setQueryData(SCORING_KEY, settings),
  });
}

export function usePrivacy() {
  const { client } = useApi();
  return useQuery({ queryKey: PRIVACY_KEY, queryFn: () => settle(client.GET('/api/v1/admin/privacy')) });
}

/** `PUT /admin/privacy`; the deployment view shows the effective mode too, so it is read again. */
export function useSavePrivacy() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zeroSampleMode: boolean) =>
      settle(client.PUT('/api/v1/admin/privacy', { body: { zero_sample_mode: zeroSampleMode } })),
    onSuccess: (settings) => {
      queryClient.setQueryData(PRIVACY_KEY, settings);
      void queryClient.invalidateQueries({ queryKey: DEPLOYMENT_KEY });
    },
  });
}

export function useDeployment() {
  const { client } = useApi();
  return useQuery({
    queryKey: DEPLOYMENT_KEY,
    queryFn: () => settle(client.GET('/api/v1/admin/deployment')),
  });
}

export type SecretSweepReport = Schemas['SecretSweepReport'];
const SECRET_SWEEP_KEY = ['admin', 'secret-sweep'] as const;

/** `GET /admin/secret-sweep`: the last orphan-secret sweep's report (`never_run` until one ran). */
export function useSecretSweep() {
  const { client } = useApi();
  return useQuery({
    queryKey: SECRET_SWEEP_KEY,
    queryFn: () => settle(client.GET('/api/v1/admin/secret-sweep')),
  });
}

/** `POST /admin/secret-sweep/run`: sweeps now; its report replaces the cached one. */
export function useRunSecretSweep() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => settle(client.POST('/api/v1/admin/secret-sweep/run')),
    onSuccess: (report) => queryClient.setQueryData(SECRET_SWEEP_KEY, report),
  });
}
