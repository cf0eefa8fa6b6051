// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { SelectField } from './SelectField';

const { container, render } = mountPerTest();

const options = [
  { value: 'replied', label: 'Replied' },
  { value: 'closed', label: 'Closed' },
] as const;

const choose = async (value: string) => {
  const select = container().querySelector('select')!;
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

describe('SelectField', () => {
  it('offers the placeholder first, and choosing it clears the choice', async () => {
    const chosen: (string | undefined)[] = [];
    await render(
      <SelectField
        aria-label="Filter by relationship"
        placeholder="Relationship"
        value="replied"
        options={options}
        onChange={(value) => chosen.push(value)}
      />,
    );
    const select = container().querySelector('select');
    expect(select?.getAttribute('aria-label')).toBe('Filter by relationship');
    expect([...(select?.options ?? [])].map((option) => option.textContent)).toEqual([
      'Relationship',
      'Replied',
      'Closed',
    ]);
    expect(select?.selectedOptions[0]?.textContent).toBe('Replied');

    await choose('closed');
    await choose('');
    expect(chosen).toEqual(['closed', undefined]);
  });

  it('has no empty choice without a placeholder', async () => {
    await render(<SelectField aria-label="Sort contacts" value="closed" options={options} onChange={() => {}} />);
    expect(container().querySelectorAll('option')).toHaveLength(2);
  });
});
