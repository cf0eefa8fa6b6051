const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `outreach-export-YYYY-MM-DD.json`, dated in the person's own time zone. */
export const exportFileName = (now = new Date()) =>
  `outreach-export-${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}.json`;

/** Saves `data` as a pretty-printed JSON file through a temporary link, the way a browser download starts. */
export const downloadJson = (data: unknown, fileName: string) => {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
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
