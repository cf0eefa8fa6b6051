/** What other domains use of contacts: a contact's wire form (the Outreach list of the drafts domain, issue 11). */
export { toContactWire } from './wire.js';
