// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { Avatar } from './Avatar';

const { container, render } = mountPerTest();

describe('Avatar', () => {
  it('shows the picture, and the initials once the picture fails to load', async () => {
    await render(
      <Avatar size={36} src="https://example.invalid/face.png" alt="Ada Lovelace">
        AL
      </Avatar>,
    );
    const image = container().querySelector('img');
    expect(image?.getAttribute('alt')).toBe('Ada Lovelace');
    expect(container().textContent).toBe('');

    await act(async () => image?.dispatchEvent(new Event('error')));
    expect(container().querySelector('img')).toBeNull();
    expect(container().textContent).toBe('AL');
  });

  it('shows the initials on a disc of the given size when there is no picture', async () => {
    await render(<Avatar size={34}>AL</Avatar>);
    const disc = container().querySelector<HTMLElement>('.avatar');
    expect(disc?.style.width).toBe('34px');
    expect(disc?.style.height).toBe('34px');
    expect(disc?.textContent).toBe('AL');
  });
});
