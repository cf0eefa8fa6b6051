import type { DataClient } from '../data/client.js';
import { isKnownUnknown, markUnknownProfile } from '../data/unknown-profile.js';
import type { EnrichmentPort } from '../providers/enrichment/port.js';

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
