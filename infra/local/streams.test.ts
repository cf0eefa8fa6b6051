import type { AttributeValue as DynamoDbAttributeValue } from '@aws-sdk/client-dynamodb';
import type { _Record, AttributeValue } from '@aws-sdk/client-dynamodb-streams';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { streamConsumers, streamFilterPatterns } from '../../shared/streams.js';
import { localNames } from './ports.js';
import { lambdaStreamRecord, matchesFilter } from './streams.js';

const streamArn = 'arn:aws:dynamodb:ddblocal:000000000000:table/t/stream/2026-01-01T00:00:00.000';

const change = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', images: { NewImage?: object; OldImage?: object }) =>
  lambdaStreamRecord(
    {
      eventID: 'e1',
      eventName,
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'ddblocal',
      dynamodb: {
        Keys: { pk: { S: 'USER#u' }, sk: { S: 'CONTACT#c' } },
        SequenceNumber: '000000000000000000042',
        StreamViewType: 'NEW_AND_OLD_IMAGES',
        ...images,
      },
    } as _Record,
    streamArn,
  );

describe("the local stream runner's records", () => {
  it('are shaped as Lambda delivers them: epoch seconds, base64 binary (nested too), region and stream ARN', () => {
    const record = lambdaStreamRecord(
      {
        eventID: 'e1',
        eventName: 'MODIFY',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: 'ddblocal',
        dynamodb: {
          ApproximateCreationDateTime: new Date('2026-03-01T10:00:00.700Z'),
          Keys: { pk: { S: 'USER#u' }, sk: { S: 'CONTACT#c' } },
          NewImage: {
            pk: { S: 'USER#u' },
            count: { N: '2' },
            blob: { B: Buffer.from('hi') },
            nested: { M: { list: { L: [{ B: Buffer.from('x') }, { BOOL: true }] } } },
            set: { BS: [Buffer.from('a')] },
          },
          OldImage: { pk: { S: 'USER#u' }, count: { N: '1' } },
          SequenceNumber: '000000000000000000042',
          SizeBytes: 30,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
      },
      streamArn,
    );
    expect(record).toEqual({
      eventID: 'e1',
      eventName: 'MODIFY',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: localNames.region,
      eventSourceARN: streamArn,
      dynamodb: {
        ApproximateCreationDateTime: Date.parse('2026-03-01T10:00:00Z') / 1000,
        Keys: { pk: { S: 'USER#u' }, sk: { S: 'CONTACT#c' } },
        NewImage: {
          pk: { S: 'USER#u' },
          count: { N: '2' },
          blob: { B: Buffer.from('hi').toString('base64') },
          nested: { M: { list: { L: [{ B: Buffer.from('x').toString('base64') }, { BOOL: true }] } } },
          set: { BS: [Buffer.from('a').toString('base64')] },
        },
        OldImage: { pk: { S: 'USER#u' }, count: { N: '1' } },
        SequenceNumber: '000000000000000000042',
        SizeBytes: 30,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
  });

  it('give an empty map back as one: the streams client reads `{"M":{}}` as a value with no member', () => {
    // what GetRecords answered for an item with `placeholderAlternatives: {}` (DynamoDB Local, this client's version)
    const read = { alternatives: {}, nested: { M: { inner: {} } }, list: { L: [{}] } } as unknown as Record<
      string,
      AttributeValue
    >;
    const record = lambdaStreamRecord({ eventID: 'e2', eventName: 'INSERT', dynamodb: { NewImage: read } }, streamArn);
    const image = record.dynamodb?.NewImage as Record<string, DynamoDbAttributeValue>;
    expect(image).toEqual({ alternatives: { M: {} }, nested: { M: { inner: { M: {} } } }, list: { L: [{ M: {} }] } });
    expect(unmarshall(image)).toEqual({ alternatives: {}, nested: { inner: {} }, list: [{}] });
  });

  it("pass a consumer's filter when its entity is in the new image or in the old one, as the CDK filter says", () => {
    const patterns = streamFilterPatterns({ entities: ['contact', 'draft'] });
    expect(matchesFilter(change('INSERT', { NewImage: { entity: { S: 'contact' } } }), patterns)).toBe(true);
    expect(matchesFilter(change('REMOVE', { OldImage: { entity: { S: 'draft' } } }), patterns)).toBe(true);
    // an item that stops being one of them still tells its consumer
    expect(
      matchesFilter(
        change('MODIFY', { NewImage: { entity: { S: 'other' } }, OldImage: { entity: { S: 'contact' } } }),
        patterns,
      ),
    ).toBe(true);
    expect(matchesFilter(change('INSERT', { NewImage: { entity: { S: 'quota' } } }), patterns)).toBe(false);
    expect(matchesFilter(change('REMOVE', { OldImage: { entity: { S: 'quota' } } }), patterns)).toBe(false);
    // not a string attribute, or no entity at all
    expect(matchesFilter(change('INSERT', { NewImage: { entity: { N: '1' } } }), patterns)).toBe(false);
    expect(matchesFilter(change('INSERT', { NewImage: { other: { S: 'contact' } } }), patterns)).toBe(false);
  });

  it("filter on the real consumers' entities", () => {
    const patterns = streamFilterPatterns(streamConsumers.stats);
    for (const entity of streamConsumers.stats.entities) {
      expect(matchesFilter(change('INSERT', { NewImage: { entity: { S: entity } } }), patterns), entity).toBe(true);
    }
    expect(matchesFilter(change('INSERT', { NewImage: { entity: { S: 'streamEvent' } } }), patterns)).toBe(false);
  });
});
