// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonIn, buttonNamed, mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { resetZoom, zoomState, type ZoomState } from '../state/zoomState';
import { ZoomConnectionWidget, type ZoomConnectionWidgetProps } from './ZoomConnectionWidget';

const { render } = mountPerTest();

const open = async (state: Partial<ZoomState>, props: ZoomConnectionWidgetProps = {}) => {
  Object.assign(zoomState, state);
  await render(<ZoomConnectionWidget {...props} />);
  await act(async () => buttonNamed(/, Zoom connection$/)!.click());
  // the popover's code arrives at the first click (as in HeaderZoomConnection.test)
  await untilPasses(() => expect(document.querySelector('.ant-popover')?.textContent).toBeTruthy());
  return document.querySelector('.ant-popover')?.textContent ?? '';
};

const popoverButton = (name: string) => buttonIn('.ant-popover', name);

beforeEach(() => {
  resetZoom();
});

describe('ZoomConnectionWidget', () => {
  it('offers to connect Zoom while disconnected, disabled until a connect flow is given', async () => {
    const text = await open({});
    expect(text).toContain('Zoom Connection');
    expect(text).toContain('No Zoom account connected');
    expect(text).toContain('Connect your Zoom to auto-generate meeting links.');
    expect(popoverButton('Connect Zoom')?.disabled).toBe(true);
  });

  it('shows the connected account and when its token expires', async () => {
    const onDisconnect = vi.fn();
    const text = await open(
      { status: 'connected', settled: 'connected' },
      { account: { email: 'ada@example.com', expiresAt: '2025-06-01T13:00:00.000Z' }, onDisconnect },
    );
    expect(text).toContain('Connected: ada@example.com');
    expect(text).toMatch(/Token expires at .*2025/);
    act(() => popoverButton('Disconnect Zoom')!.click());
    expect(onDisconnect).toHaveBeenCalled();
  });

  it('asks to reconnect an expired account', async () => {
    const text = await open(
      { status: 'expired', settled: 'expired' },
      { account: { email: 'ada@example.com', expiresAt: null } },
    );
    expect(text).toContain('Zoom Authentication Expired');
    expect(text).toContain('Reconnect your Zoom account to continue.');
    expect(popoverButton('Reconnect Zoom')).toBeDefined();
  });

  it('shows the notice it is given under the panel', async () => {
    const text = await open({ status: 'error', settled: 'error' }, { notice: 'Zoom OAuth exchange failed.' });
    expect(text).toContain('No Zoom account connected');
    expect(text).toContain('Zoom OAuth exchange failed.');
  });

  it.each([
    ['loading', 'Loading Zoom info'],
    ['updating', 'Updating Zoom connection'],
    ['reconnecting', 'Reconnecting Zoom'],
  ] as const)('says what is under way (%s)', async (pending, expected) => {
    expect(await open({ pending })).toContain(expected);
  });
});
