import { DesktopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Title } from '@/ui/text/Title';
import { Paragraph } from '@/ui/text/Paragraph';
import { useNavigate } from 'react-router-dom';
import { publicPaths } from '@/lib/paths';
import { BrandMark } from '@/ui/BrandMark';
import { useTranslation } from 'react-i18next';

/** SPEC §1: what a signed-in user sees on a screen narrower than 768 px, instead of the app. */
export const DesktopRequired = () => {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <main className="desktop-required">
      <title>{t('desktopRequiredPageTitle')}</title>
      <BrandMark size={28} />
      <div className="desktop-required__card">
        <span className="desktop-required__icon" aria-hidden="true">
          <DesktopOutlined />
        </span>
        <Title level={1} className="desktop-required__title">
          {t('desktopRequiredTitle')}
        </Title>
        <Paragraph type="secondary" className="desktop-required__text">
          {t('desktopRequiredText')}
        </Paragraph>
        <Button type="primary" size="large" block onClick={() => navigate(publicPaths.home)}>
          {t('continueToHomepage')}
        </Button>
      </div>
    </main>
  );
};
