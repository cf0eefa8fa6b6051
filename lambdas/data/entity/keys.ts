/**
 * The tenant key (DESIGN §3): everything a user owns lives in the partition `USER#<sub>`. The one place that spells it;
 * entities build their keys on it.
 */
export const tenantKey = (uid: string) => `USER#${uid}`;
