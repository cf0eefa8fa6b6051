/**
 * The tenant key (DESIGN §3): everything a user owns lives in the partition `USER#<sub>`. The one place that spells it;
 * entities build their keys on it, and stream consumers read the user back from it with `tenantOf`.
 */
const tenantPrefix = 'USER#';

export const tenantKey = (uid: string) => `${tenantPrefix}${uid}`;

/** The user whose partition `pk` is (`USER#<sub>` -> sub); null for an item outside every user's partition. */
export const tenantOf = (pk: string) => (pk.startsWith(tenantPrefix) ? pk.slice(tenantPrefix.length) : null);
