/** What a failed call says to a person (ApiError's message is already the SPEC §8 text). */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
