import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { PopoverButton } from '@/ui/PopoverButton';
import type { ReactNode } from 'react';
import { HeaderStatusButton } from '@/ui/HeaderStatusButton';
import { StatusPanel, type StatusPanelTone } from '@/ui/StatusPanel';
import type { ConnectionView } from '../state/connectionMachine';

/** What the popover says in one state, and what can be done there. */
export type ConnectionPanel = {
  heading: ReactNode;
  description?: ReactNode;
  /** a small muted line under the buttons */
  footnote?: ReactNode;
  /** the buttons, stacked */
  actions: ReactNode;
};

export type ConnectionWidgetProps = {
  /** what the header button is about, e.g. 'Email connection': its name is the label it shows, then this */
  name: string;
  /** the popover's title (SPEC §2: 'Email Connection', 'Zoom Connection') */
  title: string;
  /** the service's icon, on the header button and for the disconnected state */
  icon: ReactNode;
  view: ConnectionView;
  /** the short state on the header button */
  buttonLabel: ReactNode;
  /** the panel of `view` */
  panel: ConnectionPanel;
  /** SPEC §2 'Loading texts': covers the panel while work is under way */
  pendingText?: string | null;
  /** the popover opened or closed */
  onOpenChange?: (open: boolean) => void;
};

const tones: Record<ConnectionView, StatusPanelTone> = {
  connected: 'success',
  expired: 'warning',
  disconnected: 'neutral',
};

/**
 * A connection in the app header (SPEC §2 'E-mail connection popover', 'Zoom popover'): a button with the state's
 * colour and, on click, the popover for each state: connected, expired (reconnect) or disconnected (connect).
 */
export const ConnectionWidget = ({
  name,
  title,
  icon,
  view,
  buttonLabel,
  panel,
  pendingText = null,
  onOpenChange,
}: ConnectionWidgetProps) => {
  const stateIcon =
    view === 'connected' ? <CheckCircleFilled /> : view === 'expired' ? <ExclamationCircleFilled /> : icon;
  return (
    <PopoverButton
      placement="bottomRight"
      onOpenChange={onOpenChange}
      title={title}
      content={
        <StatusPanel
          tone={tones[view]}
          icon={stateIcon}
          heading={panel.heading}
          description={panel.description}
          footnote={panel.footnote}
          pendingText={pendingText}
        >
          {panel.actions}
        </StatusPanel>
      }
    >
      <HeaderStatusButton context={name} icon={icon} tone={tones[view]} label={buttonLabel} />
    </PopoverButton>
  );
};
