// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProfileCompleteCallback } from './useProfileCompleteCallback';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

type ProbeProps = { complete: boolean; onComplete: () => void; settled?: boolean };

const Probe = ({ complete, onComplete, settled }: ProbeProps) => {
  useProfileCompleteCallback(complete, onComplete, settled);
  return null;
};

const render = (complete: boolean, onComplete: () => void, settled?: boolean) =>
  act(() => root.render(<Probe complete={complete} onComplete={onComplete} settled={settled} />));

beforeEach(() => {
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
});

describe('useProfileCompleteCallback', () => {
  it('calls back when the profile turns complete, once per turn', () => {
    const onComplete = vi.fn();
    render(false, onComplete);
    render(false, onComplete);
    expect(onComplete).not.toHaveBeenCalled();
    render(true, onComplete);
    render(true, onComplete);
    expect(onComplete).toHaveBeenCalledTimes(1);
    render(false, onComplete);
    render(true, onComplete);
    expect(onComplete).toHaveBeenCalledTimes(2);
  });

  it('does not call back for a profile that was complete when the page opened', () => {
    const onComplete = vi.fn();
    render(true, onComplete);
    render(true, onComplete);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('waits with the call until the page has no unsaved changes left', () => {
    const onComplete = vi.fn();
    render(false, onComplete, false);
    // the save's answer completes the profile a moment before its form is reset
    render(true, onComplete, false);
    expect(onComplete).not.toHaveBeenCalled();
    render(true, onComplete, true);
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('does not call back for edits to a profile that was complete when the page opened', () => {
    const onComplete = vi.fn();
    render(true, onComplete, true);
    render(true, onComplete, false);
    render(true, onComplete, true);
    expect(onComplete).not.toHaveBeenCalled();
  });
});
