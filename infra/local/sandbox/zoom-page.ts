import type { Grant } from './oauth-grants.js';
import { escapeHtml, sandboxPage } from './oauth-server.js';
import type { SandboxRequest, SandboxResponse, ZoomWebhookSettings } from './router.js';
import type { ZoomMeetingRecord, ZoomMeetings } from './zoom.js';

/** A meeting's time as its host sees it: in the meeting's zone. */
const meetingTime = (meeting: ZoomMeetingRecord) =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: meeting.timezone || 'UTC',
  }).format(new Date(meeting.startTime));

/**
 * The page a meeting's join link (`/zoom/j/{id}`) or start link (`/zoom/s/{id}`) opens: 'Zoom meeting (sandbox)' with
 * its topic, time and host, so a link in the app or an invitation opens something real; a deleted one says it is gone.
 */
export const joinPage =
  (meetings: ZoomMeetings, role: 'join' | 'start') =>
  (request: SandboxRequest): SandboxResponse => {
    const meeting = /^\d+$/.test(request.params.id!) ? meetings.get(Number(request.params.id)) : undefined;
    if (!meeting || meeting.deleted) {
      return {
        status: 404,
        html: sandboxPage(
          'Zoom meeting (sandbox)',
          `<h1>Zoom meeting (sandbox)</h1>
<p class="sandbox">Sandbox: no real Zoom meeting is held.</p>
<p class="error">This meeting ID is not valid, or the meeting has been cancelled.</p>`,
        ),
      };
    }
    const zone = meeting.timezone || 'UTC';
    return {
      html: sandboxPage(
        `${meeting.topic} - Zoom meeting (sandbox)`,
        `<h1>Zoom meeting (sandbox)</h1>
<p class="sandbox">Sandbox: no real Zoom meeting is held.${role === 'start' ? ' This is the host&#39;s start link.' : ''}</p>
<h2 id="topic">${escapeHtml(meeting.topic)}</h2>
<p id="time"><time datetime="${escapeHtml(meeting.startTime)}">${escapeHtml(meetingTime(meeting))}</time> (${escapeHtml(zone)}), ${meeting.duration} minutes</p>
<p>Host: ${escapeHtml(meeting.hostEmail)}</p>
<p>Meeting ID: <code>${meeting.id}</code> &middot; Passcode: <code>${escapeHtml(meeting.password)}</code></p>`,
      ),
    };
  };

/**
 * `GET /_sandbox/zoom`: for a person, the Zoom accounts connected to an app (each with `Remove app`, which ends the
 * grant and sends Zoom's `app_deauthorized` event, as removing the app in Zoom's Marketplace does), where the events
 * go, and every meeting with its join link.
 */
export const controlPage = (
  grants: Omit<Grant, 'refreshTokens'>[],
  meetings: ZoomMeetingRecord[],
  webhook: ZoomWebhookSettings,
) => {
  const accounts = grants.filter((grant) => grant.vendor === 'zoom' && !grant.revoked);
  const accountRows = accounts
    .map(
      (grant) => `<tr><td>${escapeHtml(grant.email)}</td><td><code>${escapeHtml(grant.clientId)}</code></td>
<td><time>${escapeHtml(grant.createdAt)}</time></td>
<td><form method="post" action="/_sandbox/zoom/deauthorize"><input type="hidden" name="email" value="${escapeHtml(grant.email)}">
<button type="submit" aria-label="Remove app for ${escapeHtml(grant.email)}">Remove app</button></form></td></tr>`,
    )
    .join('\n');
  const meetingRows = meetings
    .map(
      (meeting) => `<tr${meeting.deleted ? ' class="deleted"' : ''}><td>${escapeHtml(meeting.topic)}</td>
<td>${escapeHtml(meeting.hostEmail)}</td><td><time datetime="${escapeHtml(meeting.startTime)}">${escapeHtml(meetingTime(meeting))}</time> (${escapeHtml(meeting.timezone || 'UTC')})</td>
<td>${meeting.duration} min</td>
<td>${meeting.deleted ? 'deleted' : `<a href="${escapeHtml(meeting.joinUrl)}">${meeting.id}</a>`}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Zoom</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; }
main { max-width: 64rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #e3e3e3; vertical-align: top; }
tr.deleted td { color: #888; text-decoration: line-through; }
tr.deleted td:last-child { text-decoration: none; }
.empty { color: #666; }
code { font-size: .85rem; color: #555; }
button { padding: .3rem .8rem; border-radius: 4px; border: 1px solid #b00020; color: #b00020; background: #fff; cursor: pointer; }
</style>
</head>
<body><main>
<h1>Sandbox Zoom</h1>
<p>Events go to ${webhook.endpoint ? `<code>${escapeHtml(webhook.endpoint)}</code>` : 'nowhere (no webhook configured)'}.</p>
<h2>Connected accounts</h2>
${accounts.length > 0 ? `<table><thead><tr><th>Email</th><th>App (client id)</th><th>Since</th><th></th></tr></thead><tbody>${accountRows}</tbody></table>` : '<p class="empty">No Zoom account is connected.</p>'}
<h2>Meetings</h2>
${meetings.length > 0 ? `<table><thead><tr><th>Topic</th><th>Host</th><th>Time</th><th>Length</th><th>Join</th></tr></thead><tbody>${meetingRows}</tbody></table>` : '<p class="empty">No meetings.</p>'}
</main></body>
</html>`;
};
