import type { DataClient } from '../data/client.js';
import { isKnownUnknown, markUnknownProfile } from '../data/unknown-profile.js';
import type { EnrichmentPort } from '../providers/enrichment/port.js';

/*
 * The enrichment port as the contacts Lambda uses it (limits on what costs money). Each vendor call costs
 * money; its answers are cached (a found profile as the shared profile for 30 days, ./service.ts; an unknown one
 * here), and what still reaches the vendor is charged to the user who asked.
 */

/**
 * How long a profile the enrichment vendor did not know stays unknown without asking again: a week. New LinkedIn
 * profiles take the vendor about that long to pick up, and found ones are reused for 30 days (./service.ts).
 */
export const unknownProfileMs = 7 * 24 * 60 * 60 * 1000;

/**
 * The enrichment port remembering the URLs its vendor did not know (lambdas/data/unknown-profile.ts): while such a
 * mark is fresh the answer is null again without a vendor call, so repeating a preview (or an add) of an unknown
 * profile costs nothing, as repeating one of a known profile does (its shared profile is the cache).
 */
export const rememberingUnknownProfiles = (
  enrichment: EnrichmentPort,
  deps: { db: DataClient; now: () => Date },
): EnrichmentPort => ({
  enrich: async (canonicalLinkedinUrl) => {
    if (await isKnownUnknown(deps.db, canonicalLinkedinUrl, deps.now())) return null;
    const profile = await enrichment.enrich(canonicalLinkedinUrl);
    if (!profile) await markUnknownProfile(deps.db, canonicalLinkedinUrl, deps.now(), unknownProfileMs);
    return profile;
  },
});

/** The enrichment port of one user's request: every vendor call first runs `charge`, which refuses (a 429) or not. */
export const chargedEnrichment = (enrichment: EnrichmentPort, charge: () => Promise<void>): EnrichmentPort => ({
  enrich: async (canonicalLinkedinUrl) => {
    await charge();
    return enrichment.enrich(canonicalLinkedinUrl);
  },
});
