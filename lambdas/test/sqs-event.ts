import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

/** An SQS record as Lambda's event source mapping delivers it; `receiveCount` 1 unless told. */
export const sqsRecord = (
  body: string,
  options: { messageId?: string; receiveCount?: number; queue?: string } = {},
): SQSRecord => ({
  messageId: options.messageId ?? randomUUID(),
  receiptHandle: randomUUID(),
  body,
  attributes: {
    ApproximateReceiveCount: String(options.receiveCount ?? 1),
    SentTimestamp: String(Date.now()),
    SenderId: 'local',
    ApproximateFirstReceiveTimestamp: String(Date.now()),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${options.queue ?? 'test'}`,
  awsRegion: 'us-east-1',
});

export const sqsEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
