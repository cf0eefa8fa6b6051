import {
  contactEnrollmentParams,
  contactEnrollmentSchema,
  enrollBody,
  enrollmentActionBody,
  enrollmentParams,
  enrollmentSchema,
  enrollResultSchema,
  sequenceBody,
  sequenceDetailSchema,
  sequenceIdParams,
  sequenceSchema,
} from '../schemas/sequences.js';
import type { DomainRouteTable } from './route-spec.js';
import * as z from 'zod/mini';

/** The sequences Lambda's routes (DESIGN §9 'Sequences'). */
export const sequencesRoutes = {
  'GET /api/sequences': {
    domain: 'sequences',
    auth: 'user',
    summary: "The user's sequences, newest first",
    response: z.array(sequenceSchema),
  },
  'POST /api/sequences': {
    domain: 'sequences',
    auth: 'user',
    summary: 'A new sequence of 1-6 follow-up steps',
    body: sequenceBody,
    response: sequenceSchema,
  },
  'GET /api/sequences/{id}': {
    domain: 'sequences',
    auth: 'user',
    summary: 'One sequence with its numbers: sent, replied, positive, bounced, unsubscribed, per step',
    params: sequenceIdParams,
    response: sequenceDetailSchema,
  },
  'PUT /api/sequences/{id}': {
    domain: 'sequences',
    auth: 'user',
    summary: 'Change a sequence (its name and steps; enrolled contacts take the new steps from their next one)',
    params: sequenceIdParams,
    body: sequenceBody,
    response: sequenceSchema,
  },
  'DELETE /api/sequences/{id}': {
    domain: 'sequences',
    auth: 'user',
    summary: 'Delete a sequence: its active enrolments stop and their unsent steps are called off',
    params: sequenceIdParams,
  },
  'POST /api/sequences/{id}/enrollments': {
    domain: 'sequences',
    auth: 'user',
    summary: 'Enrol 1-100 contacts (a contact is in at most one active sequence)',
    params: sequenceIdParams,
    body: enrollBody,
    response: enrollResultSchema,
  },
  'GET /api/sequences/{id}/enrollments': {
    domain: 'sequences',
    auth: 'user',
    summary: "The sequence's enrolments with their state",
    params: sequenceIdParams,
    response: z.array(enrollmentSchema),
  },
  'PATCH /api/sequences/{id}/enrollments/{contactId}': {
    domain: 'sequences',
    auth: 'user',
    summary: "Pause, resume, skip the next step of, or stop a contact's enrolment",
    params: enrollmentParams,
    body: enrollmentActionBody,
    response: enrollmentSchema,
  },
  'GET /api/sequence-enrollments/{contactId}': {
    domain: 'sequences',
    auth: 'user',
    summary: "The contact's enrolment (its newest), or null",
    params: contactEnrollmentParams,
    response: contactEnrollmentSchema,
  },
} as const satisfies DomainRouteTable<'sequences'>;
