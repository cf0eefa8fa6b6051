import { Link } from 'react-router-dom';
import { DocumentLayout, type DocumentSection } from '@/modules/public/components/DocumentLayout';
import { PageHeader } from '@/modules/public/components/PageHeader';
import { publicPaths } from '@/lib/paths';
import { supportEmail } from '@/modules/public/utils/supportEmail';

const sections: DocumentSection[] = [
  {
    id: 'what-it-does',
    title: 'What the Zoom connection does',
    content: (
      <p>
        With Zoom connected, every meeting you schedule with a contact in Outreach gets a Zoom meeting created for it,
        with the join link stored on the meeting, ready to paste into your reply. You do not need to open Zoom, copy a
        link or keep two calendars of who you are meeting in step.
      </p>
    ),
  },
  {
    id: 'before-you-start',
    title: 'Before you start',
    content: (
      <ul>
        <li>A Zoom account (a free Zoom account works) that is allowed to install apps.</li>
        <li>
          An Outreach account, signed in on a desktop browser: the app itself needs a screen at least 768 pixels wide.
        </li>
      </ul>
    ),
  },
  {
    id: 'connect',
    title: 'Connect Zoom',
    content: (
      <>
        <ol>
          <li>
            In the app, open the <strong>Zoom widget</strong> in the header, next to your e-mail connection. It reads{' '}
            <em>No Zoom account connected</em>.
          </li>
          <li>
            Click <strong>Connect Zoom</strong>. Your browser goes to Zoom.
          </li>
          <li>Sign in to Zoom if it asks, read what Outreach may do, and click Allow.</li>
          <li>
            Zoom sends you back to the page you started from. The widget now shows <em>Connected:</em> with your Zoom
            e-mail address.
          </li>
        </ol>
        <p className="landing-prose__note">
          If you come back without a connection, open the widget again and click Connect Zoom once more. Connecting
          twice is harmless.
        </p>
      </>
    ),
  },
  {
    id: 'meeting-links',
    title: 'Meeting links',
    content: (
      <>
        <p>
          Schedule a meeting from the Meetings page or from a contact. Choose the time and length (30 minutes unless you
          change the default in Settings) and save. Outreach creates the Zoom meeting on your Zoom account and shows its
          join link with the meeting. The meeting also appears in your Zoom client like any other.
        </p>
        <p>
          Without Zoom connected you can still schedule meetings; they simply have no link until you add one yourself.
        </p>
      </>
    ),
  },
  {
    id: 'expiry',
    title: 'When the connection expires',
    content: (
      <>
        <p>
          Zoom access is granted through short-lived tokens that Outreach renews in the background; the widget shows
          when the current one expires (<em>Token expires at …</em>). You normally never need to do anything.
        </p>
        <p>
          If Zoom refuses to renew it, for example after you changed your Zoom password or removed the app in Zoom, the
          widget shows <em>Zoom Authentication Expired</em>: <em>Reconnect your Zoom account to continue.</em> Click{' '}
          <strong>Reconnect Zoom</strong> and allow access again. Meetings already created keep their links.
        </p>
      </>
    ),
  },
  {
    id: 'disconnect',
    title: 'Disconnect in Outreach',
    content: (
      <p>
        Open the Zoom widget and click <strong>Disconnect Zoom</strong>. Outreach deletes its Zoom tokens straight away
        and stops creating meetings. Meetings already created stay in your Zoom account; cancel them in Zoom if you no
        longer need them.
      </p>
    ),
  },
  {
    id: 'remove-app',
    title: 'Remove the app from Zoom',
    content: (
      <>
        <p>To revoke Outreach’s access from the Zoom side:</p>
        <ol>
          <li>Sign in to the Zoom App Marketplace.</li>
          <li>
            Click <strong>Manage</strong>, then <strong>Added Apps</strong> (or search for Outreach).
          </li>
          <li>
            Next to Outreach, click <strong>Remove</strong> and confirm.
          </li>
        </ol>
        <p>
          Outreach can no longer create meetings from that moment; the widget shows the connection as expired until you
          connect again or disconnect it. Removing the app does not delete data already stored in Outreach: disconnect
          in the app as well, or write to us to delete it.
        </p>
      </>
    ),
  },
  {
    id: 'data',
    title: 'What Outreach uses from Zoom',
    content: (
      <>
        <ul>
          <li>
            <strong>Your Zoom e-mail address</strong>, to show which Zoom account is connected.
          </li>
          <li>
            <strong>Permission to create meetings</strong> on your account, for the meetings you schedule.
          </li>
        </ul>
        <p>
          Outreach does not read your recordings, chats, contacts or other meetings. For each meeting it creates it
          stores the meeting id, time, length, title and join link. The Zoom tokens are encrypted at rest and never sent
          to your browser. More in the <Link to={publicPaths.privacy}>privacy policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'help',
    title: 'Something not working?',
    content: (
      <p>
        If connecting fails with <em>Zoom OAuth exchange failed.</em>, start again from the widget: the authorization
        Zoom gives can be used only once and expires within minutes. If it keeps failing, write to{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with the time it happened and the Zoom e-mail address you
        used.
      </p>
    ),
  },
];

/** `/zoom-guide`: connecting, using and removing the Zoom integration (SPEC §2 'Zoom popover', 'Connection flows'). */
export const ZoomGuidePage = () => (
  <div className="landing__inner">
    <title>Zoom guide · Outreach</title>
    <PageHeader
      eyebrow="Guide"
      title="Using Zoom with Outreach"
      lead="Connect your Zoom account once and every meeting you schedule with a contact gets its Zoom link automatically. Here is how to connect, reconnect and remove it."
      meta="Last updated 21 November 2026"
    />
    <DocumentLayout sections={sections} />
  </div>
);
