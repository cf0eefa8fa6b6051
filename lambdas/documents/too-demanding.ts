/**
 * A document that would take more memory or time to read than the Lambda gives it (a zip bomb, a PDF whose content
 * never ends): refused with a 400, unlike a document that is merely unreadable (422).
 */
export class DocumentTooDemanding extends Error {
  override readonly name = 'DocumentTooDemanding';
}
