const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `outreach-contacts-YYYY-MM-DD.csv`, dated in the person's own time zone. */
export const contactsCsvFileName = (now = new Date()) =>
  `outreach-contacts-${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}.csv`;

/** Saves CSV text as a file through a temporary link, the way a browser download starts. */
export const downloadCsv = (csv: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own copy once it started; a moment later the URL can go
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
