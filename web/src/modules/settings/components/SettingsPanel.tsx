import { toLanguage } from '@/i18n';
import { CheckOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Select, Switch, Typography } from 'antd';
import type { Settings } from '@shared/schemas/profile';
import { SectionCard } from '@/ui/SectionCard';
import { SettingRow } from '@/ui/SettingRow';
import type { ThemePreference } from '@/ui/theme/themePreference';
import { useTranslation } from 'react-i18next';
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

const themes = ['light', 'dark', 'system'] as const;

const SavedState = ({ saving }: { saving: boolean }) => {
  const { t } = useTranslation('settings');
  return (
    <Typography.Text
      type="secondary"
      className="settings-panel__save-state"
      role="status"
      data-testid="settings-save-state"
    >
      {saving ? (
        <>
          <LoadingOutlined /> {t('saving')}
        </>
      ) : (
        <>
          <CheckOutlined /> {t('savedAutomatically')}
        </>
      )}
    </Typography.Text>
  );
};

/**
 * SPEC §3 profile settings and app settings, each applied the moment it changes (SPEC §8: a failed update rolls back,
 * reads the settings again and says 'Failed to update settings'). While they cannot be loaded, the defaults show
 * under 'Failed to load settings'.
 */
export const SettingsPanel = () => {
  const { settings, loadFailed, isLoading, saving, update, reload } = useSettings();
  const toast = useToast();
  const { t } = useTranslation('settings');
  const themeOptions = themes.map((value) => ({ value, label: t(`theme.${value}`) }));

  const change = (changes: Partial<Settings>) => {
    update(changes).catch((error: Error) =>
      toast.error(error.message, { key: 'settings-update', description: t('updateUndone') }),
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
          title={t('loadFailed')}
          description={t('defaultsShown')}
          action={
            <Button size="small" onClick={() => void reload()}>
              {t('tryAgain')}
            </Button>
          }
          data-testid="settings-load-failed"
        />
      ) : null}

      <SectionCard
        title={t('profile.title')}
        description={t('profile.description')}
        extra={<SavedState saving={saving} />}
        data-testid="settings-profile"
      >
        <SettingRow
          label={t('emailNotifications.label')}
          description={t('emailNotifications.description')}
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
          label={t('reminderNotifications.label')}
          description={t('reminderNotifications.description')}
          htmlFor="setting-reminder-notifications"
        >
          <Switch
            id="setting-reminder-notifications"
            checked={settings.reminderNotifications}
            disabled={isLoading}
            onChange={(reminderNotifications) => change({ reminderNotifications })}
          />
        </SettingRow>
        <SettingRow label={t('timeZone.label')} description={t('timeZone.description')} htmlFor="setting-time-zone">
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
        <SettingRow label={t('language.label')} description={t('language.description')} htmlFor="setting-language">
          <Select
            id="setting-language"
            {...selectProps}
            value={toLanguage(settings.language)}
            options={languageOptions()}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(language: string) => change({ language })}
          />
        </SettingRow>
        <SettingRow label={t('theme.label')} description={t('theme.description')}>
          <Segmented<ThemePreference>
            aria-label={t('theme.label')}
            value={settings.theme}
            disabled={isLoading}
            options={themeOptions}
            onChange={(theme) => change({ theme })}
          />
        </SettingRow>
      </SectionCard>

      <SectionCard
        title={t('app.title')}
        description={t('app.description')}
        extra={<SavedState saving={saving} />}
        data-testid="settings-app"
      >
        <SettingRow
          label={t('meetingDuration.label')}
          description={t('meetingDuration.description')}
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
          label={t('includeResume.label')}
          description={t('includeResume.description')}
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
          label={t('autoFollowUp.label')}
          description={t('autoFollowUp.description')}
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
          label={t('followUpDelay.label')}
          description={t('followUpDelay.description')}
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
          label={t('followUpTime.label')}
          description={t('followUpTime.description', { zone: settings.timeZone })}
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
