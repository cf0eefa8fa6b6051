import { proxy } from 'valtio';
import type { PlanTier } from '@shared/constants';
import type { Quota } from '@shared/schemas/contacts';
import type { ApiClient } from '@/lib/http/apiClient';
import { isApiError } from '@/lib/http/ApiError';
import { getQuota } from '../api/quotaApi';

/** SPEC §9: the quota is cached 5 min. */
export const quotaCacheMs = 300_000;
/** SPEC §4 'Quota', §9: a failed fetch is retried 3 times, 1 s, 2 s then 4 s later. */
export const quotaRetryDelaysMs = [1_000, 2_000, 4_000] as const;
/** SPEC §4 'Quota': after a local increment the server's numbers are fetched 1 s later. */
export const quotaRefreshAfterIncrementMs = 1_000;

/** SPEC §3 'Upgrade-modal state': which dialog; only the contact limit opens it so far. */
export type UpgradeModalType = 'contact_limit';

export type QuotaState = {
  quota: Quota | null;
  loading: boolean;
  /** the last fetch's failure after its retries, shown with the slots */
  error: string | null;
  /** epoch ms of the last successful fetch */
  fetchedAt: number | null;
  /** SPEC §3 'Upgrade-modal state' */
  isUpgradeModalOpen: boolean;
  modalType: UpgradeModalType | null;
  modalProps: { plan: PlanTier; message?: string } | null;
};

const initialState = (): QuotaState => ({
  quota: null,
  loading: false,
  error: null,
  fetchedAt: null,
  isUpgradeModalOpen: false,
  modalType: null,
  modalProps: null,
});

export const quotaState = proxy<QuotaState>(initialState());

type QuotaApi = Pick<ApiClient, 'request'>;

export type LoadQuotaOptions = {
  /** fetch even when the cached quota is younger than 5 min */
  force?: boolean;
  /** @default Date.now */
  now?: () => number;
  /** @default a setTimeout */
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let inFlight: Promise<Quota | null> | null = null;
let refreshScheduled = false;
/** bumped by a reset, so a fetch of the previous session does not write into the next one */
let generation = 0;

/** Failures that will answer the same on a retry (SPEC §8 'Data fetch retry': none on 401 or 404). */
const isFinal = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 404);

/**
 * The quota of the current period, from the cache when younger than 5 min (SPEC §9), else fetched; a failed fetch is
 * retried 3 times at 1 s, 2 s, 4 s, then its error is recorded (SPEC §4). Concurrent calls share one fetch.
 */
export const loadQuota = (api: QuotaApi, { force = false, now = Date.now, sleep = defaultSleep }: LoadQuotaOptions = {}) => {
  const fresh = quotaState.fetchedAt !== null && now() - quotaState.fetchedAt < quotaCacheMs;
  if (!force && fresh && quotaState.quota) return Promise.resolve(quotaState.quota);
  if (inFlight) return inFlight;

  const started = generation;
  quotaState.loading = true;
  const run = async (): Promise<Quota | null> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const quota = await getQuota(api);
        if (started !== generation) return null;
        quotaState.quota = quota;
        quotaState.fetchedAt = now();
        quotaState.error = null;
        return quota;
      } catch (error) {
        const delay = quotaRetryDelaysMs[attempt];
        if (delay === undefined || isFinal(error)) {
          if (started === generation) quotaState.error = error instanceof Error ? error.message : String(error);
          return null;
        }
        await sleep(delay);
        if (started !== generation) return null;
      }
    }
  };
  const flight = run().finally(() => {
    if (inFlight === flight) inFlight = null;
    if (started === generation) quotaState.loading = false;
  });
  inFlight = flight;
  return flight;
};

export type IncrementSlotsUsedOptions = Pick<LoadQuotaOptions, 'now' | 'sleep'> & {
  /** @default a setTimeout */
  schedule?: (run: () => void, ms: number) => void;
};

/**
 * One slot used by an add (SPEC §4 'Quota'): a bonus slot while there are any, else a regular one; the server's
 * numbers are fetched 1 s later, so the count is right at once and exact soon after.
 */
export const incrementSlotsUsed = (api: QuotaApi, { schedule = (run, ms) => void setTimeout(run, ms), ...options }: IncrementSlotsUsedOptions = {}) => {
  const quota = quotaState.quota;
  if (quota) {
    if (quota.bonusSlotsAvailable > 0) {
      quota.bonusSlotsAvailable -= 1;
      quota.totalBonusSlotsUsed += 1;
    } else {
      quota.slotsUsed += 1;
    }
    quota.totalAvailableSlots = Math.max(0, quota.totalAvailableSlots - 1);
  }
  // adds in a row share one refresh, 1 s after the first of them
  if (refreshScheduled) return;
  refreshScheduled = true;
  const started = generation;
  schedule(() => {
    if (started !== generation) return;
    refreshScheduled = false;
    void loadQuota(api, { ...options, force: true });
  }, quotaRefreshAfterIncrementMs);
};

/** SPEC §4 'Quota': the upgrade modal opens when the contact limit is hit. */
export const openContactLimitDialog = (message?: string) => {
  quotaState.isUpgradeModalOpen = true;
  quotaState.modalType = 'contact_limit';
  quotaState.modalProps = { plan: quotaState.quota?.plan ?? 'free', ...(message ? { message } : {}) };
};

export const closeUpgradeModal = () => {
  quotaState.isUpgradeModalOpen = false;
  quotaState.modalType = null;
  quotaState.modalProps = null;
};

/** SPEC §4 'Logout': the quota is reset on sign-out. */
export const resetQuota = () => {
  generation += 1;
  inFlight = null;
  refreshScheduled = false;
  Object.assign(quotaState, initialState());
};
