/** The answer of every API route (DESIGN §1 "Envelope and errors"), shared by the Lambdas and the web client. */
export type Success<T = unknown> = { success: true; data: T };
export type Failure = { success: false; error: string; code: string; details?: unknown };
export type Envelope<T = unknown> = Success<T> | Failure;

/** A field that failed validation, as listed in a 400's `details`. */
export type FieldIssue = { field: string; message: string };
