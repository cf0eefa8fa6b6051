// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { MenuButton } from './MenuButton';

const { render } = mountPerTest();

const item = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((node) => node.textContent === label);

describe('MenuButton', () => {
  it('opens its menu at the first click and answers the choice', async () => {
    const chosen: string[] = [];
    await render(
      <MenuButton
        menu={{
          items: [
            { key: 'manual', label: 'By hand' },
            { key: 'many', label: 'Many LinkedIn URLs' },
          ],
          onClick: ({ key }) => chosen.push(key),
        }}
      >
        <button type="button">More ways to add</button>
      </MenuButton>,
    );
    expect(item('By hand')).toBeUndefined();

    await act(async () => document.querySelector('button')?.click());
    await untilPasses(() => expect(item('By hand')).toBeDefined());
    await act(async () => item('Many LinkedIn URLs')?.click());
    expect(chosen).toEqual(['many']);
  });
});
