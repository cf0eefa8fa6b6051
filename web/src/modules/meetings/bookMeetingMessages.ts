/**
 * The texts of the 'Book meeting' buttons outside the meetings page (the header's notifications among them): apart
 * from meetingsMessages, so a first visit to the app loads these few words, not the page's catalogue.
 */
export const bookMeetingMessages = {
  bookMeeting: 'Book meeting',
  bookMeetingWith: (name: string) => `Book meeting with ${name}`,
} as const;
