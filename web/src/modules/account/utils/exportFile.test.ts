// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { downloadFromLink } from './exportFile';

describe('downloadFromLink', () => {
  it('follows the link once through a hidden anchor that names the file, and leaves nothing behind', () => {
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const url = 'https://uploads.example.com/users/u1/exports/01J.json?X-Amz-Signature=abc';

    downloadFromLink(url, 'outreach-export-2026-11-21.json');

    expect(clicked).toEqual([{ href: url, download: 'outreach-export-2026-11-21.json' }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    click.mockRestore();
  });
});
