import { Badge, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { isAnalyticsConfigured, track } from '@/modules/analytics/analytics';
import { analyticsPaths } from '@/lib/paths';
import { DetailList } from '@/ui/DetailList';
import { PageHeader } from '@/ui/PageHeader';
import './RedditPixelTestPage.css';

/** /test/reddit-pixel (SPEC §2 'pixel test page'): is tracking on, and does a test event go out. */
export const RedditPixelTestPage = () => {
  const configured = isAnalyticsConfigured();
  const [result, setResult] = useState<string | null>(null);

  const handleSend = () => {
    const at = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }).format(new Date());
    track('test_event', analyticsPaths.redditPixelTest);
    setResult(
      configured
        ? `Test event sent at ${at}.`
        : `Test event dropped at ${at}: analytics is not configured for this deployment.`,
    );
  };

  return (
    <>
      <title>Pixel test · Outreach</title>
      <PageHeader title="Pixel test" description="Checks that page visits and named events leave the browser." />
      <Card title="Analytics">
        <DetailList
          items={[
            {
              key: 'status',
              label: 'Tracking',
              value: configured ? (
                <Badge status="success" text="Configured" />
              ) : (
                <Badge status="default" text="Not configured" />
              ),
            },
            {
              key: 'endpoint',
              label: 'Where events go',
              value: configured
                ? 'The analytics endpoint named in config.json'
                : 'Nowhere: config.json names no analytics endpoint, so events are dropped',
            },
            { key: 'event', label: 'Test event', value: <Typography.Text code>test_event</Typography.Text> },
          ]}
        />
        <div className="pixel-test__actions">
          <Button type="primary" onClick={handleSend}>
            Send test event
          </Button>
          {result ? (
            <Typography.Text role="status" type={configured ? 'success' : 'secondary'} data-testid="pixel-result">
              {result}
            </Typography.Text>
          ) : null}
        </div>
      </Card>
    </>
  );
};
