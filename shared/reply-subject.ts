/** The subject of an answer in a thread: `Re: <subject>`, once (the send path and the reply composer alike). */
export const replySubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
