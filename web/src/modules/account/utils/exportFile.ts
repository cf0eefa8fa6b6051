/**
 * Starts the download of the export document from its short-lived link (DESIGN §6 "Your data"). The storage answers
 * it as an attachment with its file name, so the browser saves it and the page stays where it is; the document never
 * passes through the page, however large it is.
 */
export const downloadFromLink = (url: string, fileName: string, doc: Document = document) => {
  const link = doc.createElement('a');
  link.href = url;
  // a hint only: for a link to another origin the browser takes the name the storage gives
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
};
