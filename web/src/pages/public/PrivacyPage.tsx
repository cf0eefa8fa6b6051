import { Link } from 'react-router-dom';
import { DocumentLayout, type DocumentSection } from '@/modules/public/components/DocumentLayout';
import { PageHeader } from '@/modules/public/components/PageHeader';
import { publicPaths } from '@/lib/paths';
import { supportEmail } from '@/modules/public/utils/supportEmail';
import { referral } from '@shared/constants';

const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;

const sections: DocumentSection[] = [
  {
    id: 'summary',
    title: 'In short',
    content: (
      <>
        <p>
          Outreach stores what it needs to run your contacts, drafts, e-mails, replies and meetings, and nothing for
          advertising. We do not sell your data. Mailbox and Zoom tokens are encrypted, and refresh tokens never leave
          our servers. You can export everything we hold about you as JSON, or delete your account, from Account
          settings at any time.
        </p>
        <p>The rest of this page lists exactly what is stored, why, and who helps us process it.</p>
      </>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What we store',
    content: (
      <>
        <h3>Your account</h3>
        <p>
          Your e-mail address, your name and the identity of your sign-in with Amazon Cognito (a user id, and whether
          you signed in with a password, Google or Microsoft). Passwords are handled by Cognito; we never see them, nor
          your Google or Microsoft password.
        </p>

        <h3>Your profile</h3>
        <p>
          What you choose to fill in: bio, job title, company, location, career interests, availability, goals,
          background and networking notes. These are used to personalise your drafts.
        </p>

        <h3>Your documents</h3>
        <p>
          A résumé, a cover letter or a background file you upload, and the text we extract from them for your drafts.
          Files are kept in Amazon S3 under a folder that belongs to your account alone; nobody else’s account can read
          or list it. Replacing or removing a document deletes the old file.
        </p>

        <h3>Your settings</h3>
        <p>
          Time zone, language, theme, notification choices, default meeting length, whether your résumé is included in
          e-mails, and your automatic follow-up settings (on or off, delay in days, time of day).
        </p>

        <h3>Your contacts</h3>
        <p>
          The people you add and everything you do with them (e-mail status, drafts, notes and pipeline stage) stay
          private to your account.
        </p>
        <p>
          <strong>Shared professional profiles.</strong> The public professional data of a contact (name, current role,
          education, experience and their work e-mail address once found and verified) is stored once and reused when
          another user adds the same person, so it is fetched and checked only once. Only this public professional data
          is shared. Nobody can see that you added someone, nor your notes, drafts or conversations.
        </p>

        <h3>E-mail lookup and verification results</h3>
        <p>
          For each contact: which address patterns were tried, how many lookups ran, the verification result (valid,
          risky or not found) and when the address was last checked.
        </p>

        <h3>Drafts and sent e-mails</h3>
        <p>
          The subject, body and scheduled time of your drafts, and for sent e-mails the send time, the mailbox they were
          sent from and the message and thread identifiers your provider gave them.
        </p>

        <h3>Conversations and replies</h3>
        <p>
          For each conversation you started: its subject, thread identifiers, reply status, and the sender and date of
          the latest reply. To notice replies, Outreach reads the changes in your mailbox since its last check and
          matches them against the conversations it started. Other messages in your mailbox are not stored.
        </p>

        <h3>Meetings</h3>
        <p>The contact, time, length and title of meetings you schedule, and their Zoom link when Zoom is connected.</p>

        <h3>Connected accounts</h3>
        <p>
          For your Gmail or Outlook mailbox and your Zoom account: the account’s e-mail address, connection status and
          OAuth tokens. Tokens are encrypted at rest with keys held in AWS Key Management Service. Refresh tokens never
          leave our servers; where the browser needs to act, it receives only a short-lived access token.
        </p>

        <h3>Plan and billing</h3>
        <p>
          Your plan, subscription status and renewal date, the contact slots you have used, your bonus slots, and the
          Stripe customer and subscription identifiers. Payments are made on Stripe’s pages; we never receive or store
          your card number.
        </p>

        <h3>Referrals, notifications and activity</h3>
        <p>
          Your referral code, who signed up with it and the bonus slots it earned, and how many of them were rewarded in
          each calendar month (a referrer is rewarded for at most {referral.monthlyRewardLimit} a month); your
          notifications (such as a reply received) and a short list of recent activity. When you signed up with
          someone’s referral code, a one-way hash of your mailbox (not the address itself) is kept so that the same
          inbox is not rewarded twice.
        </p>

        <h3>Page visits</h3>
        <p>
          Only where analytics is configured for the service: the pages you visit and a few named events (viewing
          pricing, features, sign-up or the dashboard), each with its path and time. When it is not configured, nothing
          is recorded.
        </p>

        <h3>Technical logs</h3>
        <p>
          Our servers log requests and errors with a request identifier so we can investigate problems. We keep tokens
          and the text of your e-mails out of these logs.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    content: (
      <>
        <p>We use your data to provide the service you signed up for, and only for that:</p>
        <ul>
          <li>to show your contacts and fetch their professional profiles;</li>
          <li>to find and verify e-mail addresses;</li>
          <li>to generate drafts from the contact’s profile and your own;</li>
          <li>to send e-mails through your mailbox when you ask, and follow-ups when you have turned them on;</li>
          <li>to detect replies, notify you and keep your pipeline up to date;</li>
          <li>to create Zoom meetings when you schedule them;</li>
          <li>to count your contact slots and bill your plan;</li>
          <li>to answer you when you write to support, and to keep the service secure.</li>
        </ul>
        <p>
          We do not sell data, do not use it for advertising and do not use the content of your e-mails to train AI
          models.
        </p>
      </>
    ),
  },
  {
    id: 'processors',
    title: 'Who processes it',
    content: (
      <>
        <p>A few companies process data for us, each only for its part of the service:</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">What for</th>
              <th scope="col">What it receives</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Amazon Web Services</td>
              <td>Hosting, database, file storage, sign-in (Cognito), encryption keys (KMS)</td>
              <td>Everything listed above, stored in our AWS account</td>
            </tr>
            <tr>
              <td>OpenAI</td>
              <td>Writing AI drafts</td>
              <td>The contact’s professional profile and the parts of your profile used for the draft</td>
            </tr>
            <tr>
              <td>Google or Microsoft</td>
              <td>Your mailbox: sending and noticing replies</td>
              <td>Only when you connect a mailbox, and only acting on your e-mails</td>
            </tr>
            <tr>
              <td>Zoom</td>
              <td>Creating meeting links</td>
              <td>Meeting time, length and title, when Zoom is connected</td>
            </tr>
            <tr>
              <td>Stripe</td>
              <td>Payments for paid plans</td>
              <td>Your e-mail address, plan and payment details you enter on Stripe’s pages</td>
            </tr>
            <tr>
              <td>A profile enrichment provider</td>
              <td>Fetching a contact’s public professional profile</td>
              <td>The profile link of the contact you add</td>
            </tr>
            <tr>
              <td>An e-mail verification provider</td>
              <td>Checking whether an address accepts mail</td>
              <td>The candidate address being checked</td>
            </tr>
          </tbody>
        </table>
      </>
    ),
  },
  {
    id: 'connected-accounts',
    title: 'Your mailbox and Zoom',
    content: (
      <>
        <p>
          Outreach only touches your mailbox because you connected it and for what you ask: sending the e-mails you send
          or schedule, sending the follow-ups you have turned on, and reading new messages to notice replies to your
          conversations. Zoom is used to create meetings when you schedule one; we use the e-mail of your Zoom account
          to show which account is connected. See the <Link to={publicPaths.zoomGuide}>Zoom guide</Link> for details.
        </p>
        <p>
          You can disconnect a mailbox or Zoom in the app at any time, and revoke Outreach’s access from your Google,
          Microsoft or Zoom account settings. Either way, the stored tokens stop working.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <ul>
        <li>Data is encrypted in transit (TLS) and at rest.</li>
        <li>OAuth tokens are encrypted with AWS KMS keys; refresh tokens never leave our servers.</li>
        <li>
          Every record you own is stored under your account’s key, and every request is checked against your verified
          sign-in, so one account cannot read another’s data.
        </li>
        <li>Uploads go straight to your own folder in S3 through short-lived, size-limited upload links.</li>
      </ul>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    content: (
      <>
        <ul>
          <li>
            <strong>Export:</strong> download everything we hold about you as one JSON file from Account settings.
          </li>
          <li>
            <strong>Correct:</strong> edit your profile, settings and contacts in the app at any time.
          </li>
          <li>
            <strong>Disconnect:</strong> remove your mailbox or Zoom connection in the app.
          </li>
          <li>
            <strong>Delete:</strong> delete your account from Account settings. This removes your records, your files
            and your sign-in identity; what is kept afterwards, and for how long, is under{' '}
            <a href="#retention">How long we keep it</a>.
          </li>
        </ul>
        <p>
          Shared professional profiles are not part of any one account, so they remain for the other users who have that
          person as a contact. If you appear in Outreach as someone’s contact and want your professional profile
          corrected or removed, write to {mail}.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <p>
          For as long as your account exists. When you delete your account, your data is removed from the live system
          straight away. Disconnecting a mailbox or Zoom deletes its tokens. Removing a document deletes the file and
          its extracted text. Our file storage keeps deleted files as recovery versions for up to 30 days, readable by
          no one through the product, after which they are erased for good; the database keeps point-in-time backups for
          35 days in the same way.
        </p>
        <h3 id="after-deletion">What is kept after you delete your account</h3>
        <ul>
          <li>
            <strong>For 12 months:</strong> a fingerprint of your e-mail address, together with the dates of the
            contact-slot period you were in and how many of its slots you had used. Nothing else: not your address, not
            your name, not your account id. The fingerprint is made with a secret key held on our servers, from your
            address written in lower case, without a “+tag” and, for Gmail, without dots (those variants all reach the
            same inbox); without the key it cannot be turned back into an address, nor can an address be tested against
            it. It exists so that deleting an account and signing up again with the same inbox continues that slot
            period instead of starting a new one, and brings no second welcome bonus. After 12 months it is deleted and
            a new sign-up with that address is treated as a new person.
          </li>
          <li>
            <strong>For good:</strong> the deleted account’s random id and when it was deleted, so that sign-in tokens
            issued before the deletion are refused; and, if you signed up with a referral code, the hash of your mailbox
            described under “Referrals, notifications and activity”.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: <p>Outreach is a professional tool and is not meant for anyone under 16.</p>,
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    content: (
      <p>
        If we change what we store or who processes it, we update this page and its date, and tell you in the app or by
        e-mail before a significant change takes effect. Questions or requests about your data: {mail}.
      </p>
    ),
  },
];

/** `/privacy`: what the system stores and who processes it, in plain words (DESIGN §3, §5, §6). */
export const PrivacyPage = () => (
  <div className="landing__inner">
    <title>Privacy · Outreach</title>
    <PageHeader
      eyebrow="Privacy"
      title="Privacy policy"
      lead="What Outreach stores about you and your contacts, why, who helps us process it and how to take it with you or delete it."
      meta="Last updated 6 December 2026"
    />
    <DocumentLayout sections={sections} />
  </div>
);
