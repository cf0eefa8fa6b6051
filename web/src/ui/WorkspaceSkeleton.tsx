import { SkeletonBlock, SkeletonText } from './Skeleton';
import './WorkspaceSkeleton.css';

/** A grey bar of the skeleton; its size is the only thing that differs from one to the next. */
const block = (width: number, height: number, radius = 6) => (
  <SkeletonBlock width={width} height={height} radius={radius} />
);

export type WorkspaceSkeletonProps = {
  /** what it says it waits for (SPEC §2 'Loading your workspace...') */
  label: string;
};

/** SPEC §2 'Page styles': the full-page skeleton of the signed-in workspace (sidebar, header, content). */
export const WorkspaceSkeleton = ({ label }: WorkspaceSkeletonProps) => (
  <div role="status" aria-live="polite" aria-busy="true" className="workspace-skeleton">
    <div aria-hidden="true" className="workspace-skeleton__sidebar">
      <div className="workspace-skeleton__brand">{block(132, 28)}</div>
      {[168, 132, 150, 140, 128, 146, 136].map((width, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never changes order
        <div key={index} className="workspace-skeleton__nav-item">
          {block(18, 18, 4)}
          {block(width - 30, 16)}
        </div>
      ))}
    </div>
    <div className="workspace-skeleton__main">
      <div aria-hidden="true" className="workspace-skeleton__header">
        {block(120, 28)}
        {block(96, 28)}
        <SkeletonBlock width={32} height={32} radius="circle" />
        {block(140, 28)}
      </div>
      <div className="workspace-skeleton__content">
        <div className="workspace-skeleton__intro">
          <span className="workspace-skeleton__label">{label}</span>
          <div aria-hidden="true">{block(320, 30)}</div>
        </div>
        <div aria-hidden="true" className="workspace-skeleton__cards">
          {[0, 1].map((card) => (
            <div key={card} className="workspace-skeleton__card">
              <SkeletonText title rows={4} />
            </div>
          ))}
        </div>
      </div>
    </div>
  </div>
);
