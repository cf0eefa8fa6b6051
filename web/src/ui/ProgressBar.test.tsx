// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { ProgressBar } from './ProgressBar';

const { container, render } = mountPerTest();

const bar = () => container().querySelector<HTMLElement>('[role="progressbar"]')!;
const track = () => container().querySelector<HTMLElement>('.progress-bar__track')!;

describe('ProgressBar', () => {
  it('tells screen readers what it measures and how far it is, and fills that share of its width', async () => {
    await render(<ProgressBar percent={40} aria-label="4 of 10 contact slots used" />);
    expect(bar().getAttribute('aria-label')).toBe('4 of 10 contact slots used');
    expect(bar().getAttribute('aria-valuenow')).toBe('40');
    expect(bar().getAttribute('aria-valuemin')).toBe('0');
    expect(bar().getAttribute('aria-valuemax')).toBe('100');
    expect(track().style.width).toBe('40%');
    expect(bar().classList.contains('progress-bar--exception')).toBe(false);
  });

  it('keeps its value between 0 and 100, rounded', async () => {
    await render(<ProgressBar percent={130.4} aria-label="over" />);
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(track().style.width).toBe('100%');
    await render(<ProgressBar percent={-5} aria-label="under" />);
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    await render(<ProgressBar percent={33.6} aria-label="third" />);
    expect(bar().getAttribute('aria-valuenow')).toBe('34');
  });

  it('is painted as an error when its status is exception', async () => {
    await render(<ProgressBar percent={100} status="exception" aria-label="full" />);
    expect(bar().classList.contains('progress-bar--exception')).toBe(true);
  });
});
