import { CheckOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Select, Switch, Typography } from 'antd';
import { messages } from '@shared/messages';
import type { Settings } from '@shared/schemas/profile';
import { SectionCard } from '@/ui/SectionCard';
import { SettingRow } from '@/ui/SettingRow';
import { themeLabels, type ThemePreference } from '@/ui/theme/themePreference';
import { useToast } from '@/ui/toast/useToast';
import { useSettings } from '../hooks/useSettings';
import {
  followUpDelayOptions,
  followUpTimeOptions,
  languageOptions,
  meetingDurationOptions,
  timeZoneOptions,
} from '../utils/settingsOptions';
import './SettingsPanel.css';

const themeOptions = (['light', 'dark', 'system'] as const).map((value) => ({ value, label: themeLabels[value] }));

const SavedState = ({ saving }: { saving: boolean }) => (
  <Typography.Text
    type="secondary"
    className="settings-panel__save-state"
    role="status"
    data-testid="settings-save-state"
  >
    {saving ? (
      <>
        <LoadingOutlined /> Saving…
      </>
    ) : (
      <>
        <CheckOutlined /> Changes save automatically
      </>
    )}
  </Typography.Text>
);

/**
 * SPEC §3 profile settings and app settings, each applied the moment it changes (SPEC §8: a failed update rolls back,
 * reads the settings again and says 'Failed to update settings'). While they cannot be loaded, the defaults show
 * under 'Failed to load settings'.
 */
export const SettingsPanel = () => {
  const { settings, loadFailed, isLoading, saving, update, reload } = useSettings();
  const toast = useToast();

  const change = (changes: Partial<Settings>) => {
    update(changes).catch((error: Error) =>
      toast.error(error.message, { key: 'settings-update', description: 'Your change was undone. Please try again.' }),
    );
  };

  const selectProps = { disabled: isLoading, className: 'settings-panel__select' } as const;

  return (
    <div className="settings-panel">
      {loadFailed ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={messages.settings.loadFailed}
          description="The default settings are shown until yours can be read."
          action={
            <Button size="small" onClick={() => void reload()}>
              Try Again
            </Button>
          }
          data-testid="settings-load-failed"
        />
      ) : null}

      <SectionCard
        title="Notifications and region"
        description="How Outreach keeps you posted, and the time and language it works in."
        extra={<SavedState saving={saving} />}
        data-testid="settings-profile"
      >
        <SettingRow
          label="E-mail notifications"
          description="An e-mail when a contact replies to your outreach."
          htmlFor="setting-email-notifications"
        >
          <Switch
            id="setting-email-notifications"
            checked={settings.emailNotifications}
            disabled={isLoading}
            onChange={(emailNotifications) => change({ emailNotifications })}
          />
        </SettingRow>
        <SettingRow
          label="Reminder notifications"
          description="Reminders of upcoming meetings and follow-ups that are due."
          htmlFor="setting-reminder-notifications"
        >
          <Switch
            id="setting-reminder-notifications"
            checked={settings.reminderNotifications}
            disabled={isLoading}
            onChange={(reminderNotifications) => change({ reminderNotifications })}
          />
        </SettingRow>
        <SettingRow
          label="Time zone"
          description="Meetings, follow-up times and dates are shown and scheduled in this time zone."
          htmlFor="setting-time-zone"
        >
          <Select
            id="setting-time-zone"
            {...selectProps}
            className="settings-panel__select settings-panel__select--wide"
            value={settings.timeZone}
            options={timeZoneOptions(settings.timeZone)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(timeZone: string) => change({ timeZone })}
          />
        </SettingRow>
        <SettingRow label="Language" description="The language you prefer to work in." htmlFor="setting-language">
          <Select
            id="setting-language"
            {...selectProps}
            value={settings.language}
            options={languageOptions(settings.language)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(language: string) => change({ language })}
          />
        </SettingRow>
        <SettingRow label="Theme" description="Light or dark appearance, or the same as your device.">
          <Segmented<ThemePreference>
            aria-label="Theme"
            value={settings.theme}
            disabled={isLoading}
            options={themeOptions}
            onChange={(theme) => change({ theme })}
          />
        </SettingRow>
      </SectionCard>

      <SectionCard
        title="Outreach and meetings"
        description="Defaults for the meetings you schedule and the e-mails you send."
        extra={<SavedState saving={saving} />}
        data-testid="settings-app"
      >
        <SettingRow
          label="Meeting duration"
          description="The length of a meeting you schedule with a contact."
          htmlFor="setting-meeting-duration"
        >
          <Select
            id="setting-meeting-duration"
            {...selectProps}
            value={settings.meetingDuration}
            options={meetingDurationOptions(settings.meetingDuration)}
            onChange={(meetingDuration: number) => change({ meetingDuration })}
          />
        </SettingRow>
        <SettingRow
          label="Include résumé"
          description="Attach your résumé to the outreach e-mails you send."
          htmlFor="setting-include-resume"
        >
          <Switch
            id="setting-include-resume"
            checked={settings.includeResume}
            disabled={isLoading}
            onChange={(includeResume) => change({ includeResume })}
          />
        </SettingRow>
        <SettingRow
          label="Automatic follow-up"
          description="When a first e-mail gets no reply, a follow-up is drafted and sent after the delay below, unless you cancel it."
          htmlFor="setting-auto-follow-up"
        >
          <Switch
            id="setting-auto-follow-up"
            checked={settings.autoFollowUp}
            disabled={isLoading}
            onChange={(autoFollowUp) => change({ autoFollowUp })}
          />
        </SettingRow>
        <SettingRow
          label="Follow-up delay"
          description="How long to wait for a reply before following up."
          htmlFor="setting-follow-up-delay"
        >
          <Select
            id="setting-follow-up-delay"
            {...selectProps}
            disabled={isLoading || !settings.autoFollowUp}
            value={settings.followUpDelay}
            options={followUpDelayOptions(settings.followUpDelay)}
            onChange={(followUpDelay: number) => change({ followUpDelay })}
          />
        </SettingRow>
        <SettingRow
          label="Follow-up time"
          description={`The time of day follow-ups go out, in your time zone (${settings.timeZone}).`}
          htmlFor="setting-follow-up-time"
        >
          <Select
            id="setting-follow-up-time"
            {...selectProps}
            disabled={isLoading || !settings.autoFollowUp}
            value={settings.followUpTime}
            options={followUpTimeOptions(settings.followUpTime)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(followUpTime: string) => change({ followUpTime })}
          />
        </SettingRow>
      </SectionCard>
    </div>
  );
};
