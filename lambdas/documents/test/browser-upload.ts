import type { UploadTicket } from '../../../shared/schemas/documents.js';

/**
 * What a browser does with an upload ticket (DESIGN §6 "Uploads"): the ticket's fields, then the file, as multipart
 * form data to its URL. `fieldOverrides` plays a client that tampers with the form. Answers the storage's status.
 */
export const browserUpload = async (
  ticket: Pick<UploadTicket, 'url' | 'fields'>,
  bytes: Uint8Array,
  fileName: string,
  fieldOverrides: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...fieldOverrides })) form.append(name, value);
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: ticket.fields['Content-Type'] }), fileName);
  const response = await fetch(ticket.url, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
};
