import { VisuallyHidden } from '@/ui/text/VisuallyHidden';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Segmented, Table, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '@/modules/contacts/utils/downloadCsv';
import { EmptyState } from '@/ui/EmptyState';
import { analyticsCsvFileName, analyticsTableCsv } from '../utils/analyticsCsv';
import type { TimePeriod } from '../utils/analyticsPeriod';
import type { AnalyticsTable } from '../utils/analyticsTables';

type Shown = 'chart' | 'table';

export type AnalyticsChartCardProps = {
  /** what the chart shows, as its table and CSV show it (the caption is the card's title) */
  table: AnalyticsTable;
  period: TimePeriod;
  description?: ReactNode;
  /** said instead of chart and table when there is nothing to show */
  emptyText?: string | null;
  /** spans the grid's width */
  wide?: boolean;
  /** the chart */
  children: ReactNode;
};

/**
 * One chart of the analytics, with a Chart / Table switch for those who prefer numbers (a real table: caption,
 * column headers) and a 'Download CSV' of the numbers shown.
 */
export const AnalyticsChartCard = ({
  table,
  period,
  description,
  emptyText,
  wide,
  children,
}: AnalyticsChartCardProps) => {
  const { t } = useTranslation('networkAnalytics');
  const [shown, setShown] = useState<Shown>('chart');
  const shownOptions: { value: Shown; label: string }[] = [
    { value: 'chart', label: t('card.chart') },
    { value: 'table', label: t('card.table') },
  ];
  const titleId = useId();
  const handleDownload = () => downloadCsv(analyticsTableCsv(table), analyticsCsvFileName(table, period));

  return (
    <section aria-labelledby={titleId} className={wide ? 'analytics-card analytics-card--wide' : 'analytics-card'}>
      <Card
        title={
          <div className="analytics-card__heading">
            <Typography.Title level={3} id={titleId} className="analytics-card__title">
              {table.caption}
            </Typography.Title>
            {description ? (
              <Typography.Text type="secondary" className="analytics-card__description">
                {description}
              </Typography.Text>
            ) : null}
          </div>
        }
        extra={
          emptyText ? null : (
            <div className="analytics-card__actions">
              <Segmented<Shown>
                aria-label={t('card.showAs', { caption: table.caption })}
                name={`${titleId}-shown`}
                size="small"
                value={shown}
                onChange={setShown}
                options={shownOptions}
              />
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={handleDownload}
                aria-label={t('card.downloadOf', { caption: table.caption })}
              >
                {t('card.download')}
              </Button>
            </div>
          )
        }
      >
        {emptyText ? (
          <EmptyState compact title={emptyText} />
        ) : shown === 'chart' ? (
          <figure aria-label={table.caption} className="analytics-card__chart">
            {children}
          </figure>
        ) : (
          <div className="analytics-card__table">
            <Table<Record<string, string>>
              size="small"
              pagination={false}
              caption={<VisuallyHidden>{table.caption}</VisuallyHidden>}
              columns={table.columns.map((column, index) => ({
                key: String(index),
                dataIndex: String(index),
                title: column.title,
                align: column.numeric ? 'right' : 'left',
              }))}
              dataSource={table.rows.map((row, rowIndex) => ({
                key: String(rowIndex),
                ...Object.fromEntries(row.map((cell, index) => [String(index), cell])),
              }))}
            />
          </div>
        )}
      </Card>
    </section>
  );
};
