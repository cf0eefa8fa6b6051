import { Sha256 } from '@smithy/core/checksum';
import {
  ALGORITHM_IDENTIFIER,
  createScope,
  getSigningKey,
  getCanonicalHeaders,
  SignatureV4,
} from '@smithy/signature-v4';
import type { AwsCredentialIdentity, HttpRequest } from '@smithy/types';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { discardRest, readBody } from './http-util.js';

/** What the checking front of the local S3 (`createS3Front`) is told. */
export type S3FrontOptions = {
  /** the only credentials S3 knows here (ports.ts `localCredentials`) */
  credentials: AwsCredentialIdentity;
  region: string;
  /** where s3rver listens (a Unix socket only this user can open) */
  upstreamSocket: string;
  /** origins the bucket's CORS rule allows: its error answers carry CORS headers too, so the web can read them */
  corsOrigins: string[];
  /** @default Date.now */
  now?: () => number;
};

type S3ErrorAnswer = { status: number; code: string; message: string; extra?: Record<string, string | number> };

class S3Refusal extends Error {
  constructor(readonly answer: S3ErrorAnswer) {
    super(answer.message);
  }
}

const refuse = (status: number, code: string, message: string, extra?: S3ErrorAnswer['extra']): never => {
  throw new S3Refusal({ status, code, message, ...(extra ? { extra } : {}) });
};

/** The aws-chunked modes of a signed request's x-amz-content-sha256 that the front decodes. */
const streamingModes = [
  'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
  'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
  'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER',
];

/** S3 knows one access key here (the local credentials): any other is refused as S3 refuses an unknown one. */
const requireKnownAccessKey = (accessKeyId: string, known: AwsCredentialIdentity) => {
  if (accessKeyId !== known.accessKeyId) {
    refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', {
      AWSAccessKeyId: accessKeyId,
    });
  }
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

const accessDenied = () => refuse(403, 'AccessDenied', 'Access Denied');
const signatureMismatch = (extra: Record<string, string>) =>
  refuse(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    extra,
  );
/** S3 allows 15 minutes between a signed request's time and its own */
const allowedSkewMs = 15 * 60 * 1000;
/** S3: "The form data and boundaries (excluding the contents of the file) cannot exceed 20KB." */
const maxPostPreDataBytes = 20 * 1024;
/** the form variable S3 replaces with the uploaded file's name */
// biome-ignore lint/suspicious/noTemplateCurlyInString: S3's own variable, written as S3 reads it
const filenameVariable = '${filename}';
/** a presigned URL lives at most seven days (SigV4) */
const maxPresignedSeconds = 7 * 24 * 60 * 60;

const sameText = (a: string, b: string) => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/** `20261206T065652Z` -> its instant, or NaN. */
const parseAmzDate = (value: string) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return Number.NaN;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return Date.UTC(year!, month! - 1, day, hour, minute, second);
};

/** The query as the wire has it, decoded (`+` stays a plus: SigV4 clients encode a space as %20). */
const parseQuery = (search: string) => {
  const query: Record<string, string | string[]> = {};
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const [name, value] = (at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]).map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    }) as [string, string];
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
};

/** `<key>/<yyyymmdd>/<region>/<service>/aws4_request` */
const parseCredential = (credential: string) => {
  const [accessKeyId, date, region, service, terminal, ...rest] = credential.split('/');
  if (!accessKeyId || !date || !region || !service || terminal !== 'aws4_request' || rest.length > 0) return undefined;
  return { accessKeyId, date, region, service };
};

/** The signer of the SDK's S3 client, kept to recompute signatures (S3 signs the path as sent: no double escaping). */
class SignatureCheck extends SignatureV4 {
  constructor(credentials: AwsCredentialIdentity, region: string) {
    super({ credentials, region, service: 's3', sha256: Sha256, uriEscapePath: false, applyChecksum: false });
  }

  /** The SigV4 signature of a request over exactly `signedHeaders`, as its signer computed it. */
  async expected(input: {
    method: string;
    path: string;
    query: Record<string, string | string[]>;
    headers: Record<string, string>;
    payloadHash: string;
    amzDate: string;
    region: string;
  }) {
    const request = { method: input.method, path: input.path, query: input.query, headers: input.headers };
    const signed = getCanonicalHeaders(
      request as HttpRequest,
      undefined,
      new Set(Object.keys(input.headers).map((name) => name.toLowerCase())),
    );
    const canonicalRequest = this.createCanonicalRequest(request as HttpRequest, signed, input.payloadHash);
    const scope = createScope(input.amzDate.slice(0, 8), input.region, 's3');
    const stringToSign = await this.createStringToSign(input.amzDate, scope, canonicalRequest, ALGORITHM_IDENTIFIER);
    const signature = await this.sign(stringToSign, {
      signingDate: new Date(parseAmzDate(input.amzDate)),
      signingRegion: input.region,
      signingService: 's3',
    });
    return { signature, stringToSign, canonicalRequest };
  }
}

/** A form field of a POST upload as sent (names are case-insensitive to S3, values are not). */
type FormField = { name: string; value: string };
type FilePart = { filename: string | undefined; contentType: string | undefined };

/** The multipart/form-data boundary of a Content-Type, or undefined. */
const boundaryOf = (contentType: string) => {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
};

/** `name` and `filename` of a part's Content-Disposition (form-data only). */
const dispositionOf = (headers: string) => {
  const line = /^content-disposition:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  if (!/^form-data\s*(;|$)/i.test(line)) return undefined;
  const parameter = (name: string) => {
    const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${name}=([^;\\s]*)`, 'i').exec(line);
    const value = match?.[1] ?? match?.[2];
    return value?.replace(/\\(.)/g, '$1');
  };
  return { name: parameter('name'), filename: parameter('filename') };
};

type PolicyCondition =
  | { kind: 'match'; operator: 'eq' | 'starts-with'; field: string; value: string; shown: string }
  | { kind: 'range'; min: number; max: number; shown: string };

const shownCondition = (items: unknown[]) => `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;

/** The policy document (base64 JSON) as S3 reads it, or S3's 400 InvalidPolicyDocument. */
const parsePolicy = (encoded: string) => {
  const invalid = (reason: string) => refuse(400, 'InvalidPolicyDocument', `Invalid Policy: ${reason}`);
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return invalid('Invalid JSON.');
  }
  if (!document || typeof document !== 'object' || Array.isArray(document)) return invalid('Invalid JSON.');
  const { expiration, conditions } = document as { expiration?: unknown; conditions?: unknown };
  if (expiration === undefined) return invalid('Policy missing expiration.');
  if (conditions === undefined) return invalid('Policy missing conditions.');
  if (
    typeof expiration !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(expiration) ||
    Number.isNaN(Date.parse(expiration))
  ) {
    return invalid(`Invalid 'expiration' value: '${String(expiration)}'`);
  }
  if (!Array.isArray(conditions)) return invalid("Invalid 'conditions' value: must be a List.");
  const parsed = conditions.map((condition): PolicyCondition => {
    if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
      const entries = Object.entries(condition);
      if (entries.length !== 1) {
        return invalid('Invalid Simple-Condition: Simple-Conditions must have exactly one property specified.');
      }
      const [name, value] = entries[0]!;
      if (typeof value !== 'string') return invalid('Invalid Simple-Condition: value must be a string.');
      return { kind: 'match', operator: 'eq', field: name, value, shown: shownCondition(['eq', `$${name}`, value]) };
    }
    if (!Array.isArray(condition)) return invalid('Invalid condition test: must be a List or Object.');
    if (condition.length === 0 || typeof condition[0] !== 'string') {
      return invalid('Invalid Condition: missing operation identifier.');
    }
    const operator = condition[0].toLowerCase();
    const shown = shownCondition(condition);
    if (operator === 'content-length-range') {
      if (condition.length !== 3) return invalid('Invalid content-length-range: wrong number of arguments.');
      const [min, max] = condition
        .slice(1)
        .map((bound) => (typeof bound === 'string' && /^\d+$/.test(bound) ? Number(bound) : bound));
      // a bound S3 cannot read fails the condition (403), as S3 answers it
      if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) return { kind: 'range', min: 1, max: 0, shown };
      if ((min as number) < 0 || (max as number) < 0) return invalid('Invalid content-length-range: negative bound.');
      return { kind: 'range', min: min as number, max: max as number, shown };
    }
    if (operator !== 'eq' && operator !== 'starts-with') {
      return invalid(`Invalid Condition: unknown operation '${condition[0]}'.`);
    }
    if (condition.length !== 3) return invalid(`Invalid ${operator}: wrong number of arguments.`);
    const [, field, value] = condition as [string, unknown, unknown];
    if (typeof field !== 'string' || typeof value !== 'string') return invalid('Invalid JSON.');
    // a field named without `$` matches nothing: the condition fails, as S3 answers it
    return { kind: 'match', operator, field: field.startsWith('$') ? field.slice(1) : '', value, shown };
  });
  return { expiration: Date.parse(expiration), conditions: parsed };
};

/** Names exempt from the policy: "except x-amz-signature, file, policy, and field names that have an x-ignore- prefix" */
const exemptFromPolicy = (name: string) =>
  name === 'x-amz-signature' || name === 'file' || name === 'policy' || name.startsWith('x-ignore-');

/** The form fields S3 reads for the upload itself; s3rver is given the others (what the object is stored with). */
const authenticationFields = new Set([
  'policy',
  'x-amz-algorithm',
  'x-amz-credential',
  'x-amz-date',
  'x-amz-signature',
  'bucket',
]);

/** The SigV4 fields of a POST upload, checked as S3 checks them before it reads the policy. */
const postAuthentication = (fields: Map<string, FormField>, options: S3FrontOptions) => {
  const field = (name: string) => fields.get(name)?.value;
  const required = {
    'x-amz-algorithm': 'X-Amz-Algorithm',
    'x-amz-credential': 'X-Amz-Credential',
    'x-amz-date': 'X-Amz-Date',
    'x-amz-signature': 'X-Amz-Signature',
    policy: 'Policy',
  } as const;
  // none of them: an anonymous upload, which a private bucket refuses
  if (Object.keys(required).every((name) => field(name) === undefined)) return accessDenied();
  for (const [name, shown] of Object.entries(required)) {
    if (field(name) === undefined) {
      refuse(
        400,
        'InvalidArgument',
        `Bucket POST must contain a field named '${shown}'.  If it is specified, please check the order of the fields.`,
        { ArgumentName: shown, ArgumentValue: '' },
      );
    }
  }
  const algorithm = field('x-amz-algorithm')!;
  const credentialText = field('x-amz-credential')!;
  const amzDate = field('x-amz-date')!;
  if (algorithm !== ALGORITHM_IDENTIFIER) {
    refuse(400, 'InvalidArgument', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"', {
      ArgumentName: 'X-Amz-Algorithm',
      ArgumentValue: algorithm,
    });
  }
  const credential = parseCredential(credentialText);
  if (credential?.service !== 's3') {
    return refuse(
      400,
      'InvalidArgument',
      'the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
      { ArgumentName: 'X-Amz-Credential', ArgumentValue: credentialText },
    );
  }
  requireKnownAccessKey(credential.accessKeyId, options.credentials);
  if (credential.region !== options.region) {
    refuse(400, 'InvalidArgument', `the region '${credential.region}' is wrong; expecting '${options.region}'`, {
      ArgumentName: 'X-Amz-Credential',
      ArgumentValue: credentialText,
      Region: options.region,
    });
  }
  if (Number.isNaN(parseAmzDate(amzDate))) {
    refuse(400, 'InvalidArgument', 'X-Amz-Date must be formated via ISO8601 Long format', {
      ArgumentName: 'X-Amz-Date',
      ArgumentValue: amzDate,
    });
  }
  return { credential, policy: field('policy')!, signature: field('x-amz-signature')! };
};

/**
 * The checking front of the local S3 (s3.ts): it lets through to s3rver only what S3 itself would let through,
 * because s3rver checks no SigV4 signature and no POST policy (NOTES.md). Every request is authenticated as S3 does:
 * - an `Authorization: AWS4-HMAC-SHA256 ...` header (the SDK's calls), its signature recomputed with the SDK's own
 *   signer over the headers it names, the body checked against `x-amz-content-sha256`;
 * - a presigned URL (`X-Amz-Algorithm` ... in the query: the export and document links), recomputed likewise, and
 *   refused once `X-Amz-Date` + `X-Amz-Expires` has passed;
 * - a browser's POST of a form to the bucket (DESIGN §6 uploads): the policy's signature, its expiration and every one
 *   of its conditions (`eq`, `starts-with`, `content-length-range`, the bucket, the key, the `x-amz-*` fields, and no
 *   field the policy does not name), the file's size counted as it arrives and refused once over the range.
 * Anything else is anonymous, which a private bucket refuses (403 AccessDenied); CORS preflights pass, as S3 answers
 * them without credentials. Errors are S3's XML, with its codes and statuses.
 * @link https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 * @link https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */
export const createS3Front = (options: S3FrontOptions) => {
  const now = options.now ?? Date.now;
  const signer = new SignatureCheck(options.credentials, options.region);
  const requestId = () => randomBytes(8).toString('hex').toUpperCase();

  const corsHeadersFor = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || !options.corsOrigins.some((allowed) => allowed === '*' || allowed === origin)) return {};
    return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  };

  const answerError = (req: IncomingMessage, res: ServerResponse, { status, code, message, extra }: S3ErrorAnswer) => {
    const id = requestId();
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>` +
      Object.entries(extra ?? {})
        .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
        .join('') +
      `<RequestId>${id}</RequestId><HostId>${id}</HostId></Error>`;
    res.writeHead(status, { 'Content-Type': 'application/xml', 'x-amz-request-id': id, ...corsHeadersFor(req) });
    // a HEAD answer has no body: the status says it all, as S3 answers HEAD
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  /** Passes the request on to s3rver with `body` (or the request's own stream) and its answer back. */
  const forward = (req: IncomingMessage, res: ServerResponse, body?: Buffer, headers = req.headers) =>
    new Promise<void>((resolve, reject) => {
      const upstream = httpRequest(
        {
          socketPath: options.upstreamSocket,
          method: req.method,
          path: req.url,
          headers: body ? bodyHeaders(headers, body.length) : headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.once('end', resolve);
          answer.once('error', reject);
        },
      );
      upstream.once('error', reject);
      if (body) upstream.end(body);
      else req.pipe(upstream);
    });

  /** `Authorization: AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...` */
  const checkHeaderSignature = async (req: IncomingMessage, url: URL) => {
    const authorization = String(req.headers.authorization);
    const malformed = (detail: string) =>
      refuse(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; ${detail}`);
    if (!authorization.startsWith(`${ALGORITHM_IDENTIFIER} `)) {
      return refuse(
        400,
        'InvalidRequest',
        'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
      );
    }
    const parts = new Map(
      authorization
        .slice(ALGORITHM_IDENTIFIER.length + 1)
        .split(',')
        .map((part) => {
          const at = part.indexOf('=');
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
        }),
    );
    const [credentialText, signedHeaderList, provided] = ['Credential', 'SignedHeaders', 'Signature'].map((name) =>
      parts.get(name),
    );
    if (!credentialText || !signedHeaderList || !provided) {
      return malformed('the authorization header requires three components: Credential, SignedHeaders, and Signature.');
    }
    const credential = parseCredential(credentialText);
    if (!credential) {
      return malformed('the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".');
    }
    requireKnownAccessKey(credential.accessKeyId, options.credentials);
    if (credential.region !== options.region) {
      malformed(`the region '${credential.region}' is wrong; expecting '${options.region}'`);
    }
    if (credential.service !== 's3')
      malformed(`incorrect service "${credential.service}". This endpoint belongs to "s3".`);
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const requestTime = parseAmzDate(amzDate);
    if (Number.isNaN(requestTime))
      refuse(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    if (credential.date !== amzDate.slice(0, 8))
      malformed('Invalid credential date. Date is not the same as X-Amz-Date.');
    if (Math.abs(now() - requestTime) > allowedSkewMs) {
      refuse(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
        {
          RequestTime: amzDate,
          ServerTime: new Date(now()).toISOString().replace(/\.\d+Z$/, 'Z'),
          MaxAllowedSkewMilliseconds: allowedSkewMs,
        },
      );
    }
    const payloadHash = req.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string') {
      refuse(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    }
    const signedNames = signedHeaderList.split(';');
    if (!signedNames.includes('host'))
      signatureMismatch({ AWSAccessKeyId: credential.accessKeyId, SignatureProvided: provided });
    const headers: Record<string, string> = {};
    for (const name of signedNames) {
      const value = req.headers[name];
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const { signature, stringToSign, canonicalRequest } = await signer.expected({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: parseQuery(url.search),
      headers,
      payloadHash: payloadHash as string,
      amzDate,
      region: credential.region,
    });
    if (!sameText(signature, provided)) {
      signatureMismatch({
        AWSAccessKeyId: credential.accessKeyId,
        StringToSign: stringToSign,
        SignatureProvided: provided,
        CanonicalRequest: canonicalRequest,
      });
    }
    return { payloadHash: payloadHash as string, seedSignature: signature, amzDate, credential };
  };

  /**
   * An `aws-chunked` body (x-amz-content-sha256 `STREAMING-...`), decoded as S3 reads it: `<hex size>;chunk-signature=
   * <sig>\r\n<data>\r\n` ... a 0-size chunk, then the trailer lines (a checksum) when the mode has `-TRAILER`. Each
   * chunk's signature chains from the previous one (the first from the request's), over the chunk's SHA-256; the
   * trailer's over its text. Unsigned modes carry no chunk signatures. The decoded length must be
   * `x-amz-decoded-content-length`.
   * @link https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html
   * @link https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming-trailers.html
   */
  const decodeChunked = async (
    req: IncomingMessage,
    mode: string,
    signed: Awaited<ReturnType<typeof checkHeaderSignature>>,
  ) => {
    const signedChunks = mode.startsWith('STREAMING-AWS4-HMAC-SHA256-PAYLOAD');
    const body = await readBody(req);
    const { credential, amzDate } = signed;
    const scope = createScope(credential.date, credential.region, 's3');
    const signingKey = signedChunks
      ? await getSigningKey(Sha256, options.credentials, credential.date, credential.region, 's3')
      : undefined;
    const hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
    const emptyHash = hex('');
    let previous = signed.seedSignature;
    const verify = (kind: string, lines: string[], provided: string | undefined) => {
      if (!signingKey) return;
      const expected = createHmac('sha256', signingKey)
        .update([kind, amzDate, scope, previous, ...lines].join('\n'))
        .digest('hex');
      if (!provided || !sameText(expected, provided)) {
        signatureMismatch({ AWSAccessKeyId: credential.accessKeyId, SignatureProvided: provided ?? '' });
      }
      previous = expected;
    };
    const incomplete = () =>
      refuse(
        400,
        'IncompleteBody',
        'You did not provide the number of bytes specified by the Content-Length HTTP header.',
      );
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd < 0) return incomplete();
      const [sizeText = '', ...extensions] = body.subarray(at, lineEnd).toString('latin1').split(';');
      const size = Number.parseInt(sizeText, 16);
      if (!/^[0-9a-f]+$/i.test(sizeText) || Number.isNaN(size)) return incomplete();
      const chunk = body.subarray(lineEnd + 2, lineEnd + 2 + size);
      if (chunk.length !== size) return incomplete();
      const provided = extensions.find((part) => part.startsWith('chunk-signature='))?.slice('chunk-signature='.length);
      verify('AWS4-HMAC-SHA256-PAYLOAD', [emptyHash, hex(chunk)], provided);
      at = lineEnd + 2 + size;
      if (size === 0) break;
      parts.push(chunk);
      if (body.subarray(at, at + 2).toString('latin1') !== '\r\n') return incomplete();
      at += 2;
    }
    if (mode.endsWith('-TRAILER')) {
      const trailerText = body.subarray(at).toString('latin1');
      const lines = trailerText.split('\r\n').filter(Boolean);
      const signatureLine = lines.find((line) => line.startsWith('x-amz-trailer-signature:'));
      const trailers = lines.filter((line) => line !== signatureLine);
      verify(
        'AWS4-HMAC-SHA256-TRAILER',
        [hex(trailers.map((line) => `${line}\n`).join(''))],
        signatureLine?.slice('x-amz-trailer-signature:'.length),
      );
    }
    const decoded = Buffer.concat(parts);
    if (String(decoded.length) !== String(req.headers['x-amz-decoded-content-length'])) return incomplete();
    const {
      'content-encoding': encoding,
      'x-amz-decoded-content-length': _decodedLength,
      'x-amz-trailer': _trailer,
      ...headers
    } = req.headers;
    const otherEncodings = String(encoding ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && part !== 'aws-chunked');
    return {
      body: decoded,
      headers: { ...headers, ...(otherEncodings.length > 0 ? { 'content-encoding': otherEncodings.join(', ') } : {}) },
    };
  };

  /** `?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=...&X-Amz-Date=...&X-Amz-Expires=...&X-Amz-SignedHeaders=...&X-Amz-Signature=...` */
  const checkPresignedUrl = async (req: IncomingMessage, url: URL) => {
    const query = parseQuery(url.search);
    const single = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
    const problem = (message: string) => refuse(400, 'AuthorizationQueryParametersError', message);
    if (single('X-Amz-Algorithm') !== ALGORITHM_IDENTIFIER) problem('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
    const [credentialText, amzDate, expiresText, signedHeaderList, provided] = [
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-SignedHeaders',
      'X-Amz-Signature',
    ].map(single);
    if (!credentialText || !amzDate || !expiresText || !signedHeaderList || !provided) {
      return problem(
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
    const credential = parseCredential(credentialText);
    if (!credential) {
      return problem(
        'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
      );
    }
    requireKnownAccessKey(credential.accessKeyId, options.credentials);
    if (credential.region !== options.region) {
      problem(
        `Error parsing the X-Amz-Credential parameter; the region '${credential.region}' is wrong; expecting '${options.region}'`,
      );
    }
    const signedAt = parseAmzDate(amzDate);
    if (Number.isNaN(signedAt)) problem("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
    const expires = /^\d+$/.test(expiresText) ? Number(expiresText) : Number.NaN;
    if (Number.isNaN(expires)) problem('X-Amz-Expires should be a number');
    if (expires > maxPresignedSeconds) {
      problem(
        'X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires must be less than 604800 seconds',
      );
    }
    if (signedAt - now() > allowedSkewMs) refuse(403, 'AccessDenied', 'Request is not valid yet');
    if (now() > signedAt + expires * 1000) {
      refuse(403, 'AccessDenied', 'Request has expired', {
        'X-Amz-Expires': expiresText,
        Expires: new Date(signedAt + expires * 1000).toISOString().replace(/\.\d+Z$/, 'Z'),
        ServerTime: new Date(now()).toISOString().replace(/\.\d+Z$/, 'Z'),
      });
    }
    const headers: Record<string, string> = {};
    for (const name of signedHeaderList.split(';')) {
      const value = req.headers[name];
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const { signature, stringToSign, canonicalRequest } = await signer.expected({
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      headers,
      // a presigned URL signs no payload
      payloadHash: 'UNSIGNED-PAYLOAD',
      amzDate,
      region: credential.region,
    });
    if (!sameText(signature, provided)) {
      signatureMismatch({
        AWSAccessKeyId: credential.accessKeyId,
        StringToSign: stringToSign,
        SignatureProvided: provided,
        CanonicalRequest: canonicalRequest,
      });
    }
  };

  /**
   * A browser's POST upload to `bucket`: the fields before the file are read (at most S3's 20 KB) and checked against
   * the signed policy before a byte of the file is kept; the file is then counted as it arrives and refused once over
   * the policy's range. What reaches s3rver is the form rebuilt from what was checked.
   */
  const checkPostUpload = async (req: IncomingMessage, bucket: string) => {
    const contentType = String(req.headers['content-type'] ?? '');
    if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
      refuse(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
        Condition: 'Bucket POST must be of the enclosure-type multipart/form-data',
      });
    }
    const boundary = boundaryOf(contentType);
    if (!boundary)
      refuse(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    const reader = new FormReader(req, boundary!);
    try {
      return await checkForm(reader, bucket);
    } finally {
      reader.release();
    }
  };

  const checkForm = async (reader: FormReader, bucket: string) => {
    const { fields, file } = await reader.readUntilFile();
    const forms = new Map<string, FormField>();
    for (const entry of fields) {
      const name = entry.name.toLowerCase();
      const before = forms.get(name);
      // S3: several fields of one name count as their values separated by commas
      forms.set(name, before ? { name: before.name, value: `${before.value},${entry.value}` } : entry);
    }
    const auth = postAuthentication(forms, options);
    const { credential } = auth;
    // the signature is over the policy as sent, checked before the policy is read
    const signingKey = await getSigningKey(Sha256, options.credentials, credential.date, credential.region, 's3');
    const expected = createHmac('sha256', signingKey).update(auth.policy, 'utf8').digest('hex');
    if (!sameText(expected, auth.signature)) {
      signatureMismatch({
        AWSAccessKeyId: credential.accessKeyId,
        StringToSign: auth.policy,
        SignatureProvided: auth.signature,
      });
    }
    const policy = parsePolicy(auth.policy);
    if (now() > policy.expiration) refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    if (!file) {
      refuse(400, 'InvalidArgument', 'POST requires exactly one file upload per request.', {
        ArgumentName: 'file',
        ArgumentValue: 0,
      });
    }
    const key = forms.get('key');
    if (!key) {
      refuse(
        400,
        'InvalidArgument',
        "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.",
        { ArgumentName: 'key', ArgumentValue: '' },
      );
    }
    // "The variable ${filename} is automatically replaced with the name of the file provided by the user"
    if (file!.filename !== undefined) {
      const base = file!.filename.split(/[/\\]/).at(-1) ?? '';
      forms.set('key', { name: key!.name, value: key!.value.replaceAll(filenameVariable, base) });
    }
    const policyConditionFailed = (shown: string) =>
      refuse(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${shown}`);
    let range = { min: 0, max: Number.POSITIVE_INFINITY };
    const covered = new Set<string>();
    for (const condition of policy.conditions) {
      if (condition.kind === 'range') {
        if (condition.min > condition.max) policyConditionFailed(condition.shown);
        range = { min: Math.max(range.min, condition.min), max: Math.min(range.max, condition.max) };
        continue;
      }
      const name = condition.field.toLowerCase();
      if (!name) policyConditionFailed(condition.shown);
      covered.add(name);
      // the bucket is the one the form was posted to (and the `bucket` field, if the form names one)
      const values =
        name === 'bucket'
          ? [bucket, ...(forms.has('bucket') ? [forms.get('bucket')!.value] : [])]
          : [forms.get(name)?.value];
      for (const value of values) {
        if (value === undefined) policyConditionFailed(condition.shown);
        const holds =
          condition.operator === 'eq'
            ? value === condition.value
            : // "Content-Types values for a starts-with condition that include commas are interpreted as lists"
              (name === 'content-type' ? value!.split(',') : [value!]).every((item) =>
                item.startsWith(condition.value),
              );
        if (!holds) policyConditionFailed(condition.shown);
      }
    }
    for (const [name, field] of forms) {
      if (!exemptFromPolicy(name) && !covered.has(name)) {
        refuse(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${field.name}`);
      }
    }
    const content = await reader.readFile(range.max);
    if (content.length < range.min) {
      refuse(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', {
        ProposedSize: content.length,
        MinSizeAllowed: range.min,
      });
    }
    const kept = [...forms.values()].filter((entry) => !authenticationFields.has(entry.name.toLowerCase()));
    return { body: buildForm(kept, file!, content, reader.boundary), boundary: reader.boundary };
  };

  /** The front's request handler. */
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    try {
      // a CORS preflight carries no credentials: s3rver answers it from the bucket's CORS rule, as S3 does
      if (req.method === 'OPTIONS') return await forward(req, res);
      const byHeader = req.headers.authorization !== undefined;
      const byQuery = url.searchParams.has('X-Amz-Algorithm') || url.searchParams.has('X-Amz-Credential');
      const bySigV2 = url.searchParams.has('Signature') || url.searchParams.has('AWSAccessKeyId');
      const segments = url.pathname.split('/').filter(Boolean);
      const isPostUpload = req.method === 'POST' && segments.length === 1 && url.search === '' && !byHeader;
      if ([byHeader, byQuery, bySigV2].filter(Boolean).length > 1) {
        refuse(
          400,
          'InvalidArgument',
          'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
        );
      }
      if (bySigV2) {
        refuse(
          400,
          'InvalidRequest',
          'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
        );
      }
      if (isPostUpload) {
        const { body, boundary } = await checkPostUpload(req, decodeURIComponent(segments[0]!));
        discardRest(req);
        const headers = { ...req.headers, 'content-type': `multipart/form-data; boundary=${boundary}` };
        return await forward(req, res, body, headers);
      }
      if (byQuery) {
        await checkPresignedUrl(req, url);
        return await forward(req, res);
      }
      if (!byHeader) return accessDenied();
      const signed = await checkHeaderSignature(req, url);
      const { payloadHash } = signed;
      if (/^[0-9a-f]{64}$/i.test(payloadHash)) {
        const body = await readBody(req);
        if (createHash('sha256').update(body).digest('hex') !== payloadHash.toLowerCase()) {
          refuse(
            400,
            'XAmzContentSHA256Mismatch',
            "The provided 'x-amz-content-sha256' header does not match what was computed.",
            {
              ClientComputedContentSHA256: payloadHash,
              S3ComputedContentSHA256: createHash('sha256').update(body).digest('hex'),
            },
          );
        }
        return await forward(req, res, body);
      }
      if (streamingModes.includes(payloadHash)) {
        const { body, headers } = await decodeChunked(req, payloadHash, signed);
        return await forward(req, res, body, headers);
      }
      if (payloadHash !== 'UNSIGNED-PAYLOAD') {
        // the ECDSA (SigV4a) modes never get here: their Authorization is refused above, as this S3 is one region's
        refuse(
          400,
          'InvalidArgument',
          `x-amz-content-sha256 must be UNSIGNED-PAYLOAD, ${streamingModes.join(', ')} or a valid sha256 value.`,
          { ArgumentName: 'x-amz-content-sha256', ArgumentValue: payloadHash },
        );
      }
      return await forward(req, res);
    } catch (error) {
      if (!(error instanceof S3Refusal) || res.headersSent) throw error;
      answerError(req, res, error.answer);
      discardRest(req);
    }
  };
};

/** `headers` for a body of `length` bytes sent at once. */
const bodyHeaders = (headers: IncomingMessage['headers'], length: number) => {
  const { 'transfer-encoding': _chunked, ...rest } = headers;
  return { ...rest, 'content-length': String(length) };
};

/** A multipart/form-data body of `fields` then the file, as a browser sends it. */
const buildForm = (fields: FormField[], file: FilePart, content: Buffer, boundary: string) => {
  const quote = (text: string) => text.replace(/[\r\n"\\]/g, (char) => encodeURIComponent(char));
  const parts: Buffer[] = fields.map((field) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(field.name)}"\r\n\r\n${field.value}\r\n`,
    ),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"${
        file.filename === undefined ? '' : `; filename="${quote(file.filename)}"`
      }\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return Buffer.concat(parts);
};

/**
 * Reads a multipart/form-data request as it arrives (RFC 7578): the parts before the one named `file`, then the file
 * itself, keeping at most what it was told it may keep. Parts after the file are ignored, as S3 ignores them.
 */
class FormReader {
  private pending: Buffer = Buffer.alloc(0);
  private consumed = 0;
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private readonly delimiter: Buffer;
  /** body bytes before the file's content */
  private fileStart = 0;

  private readonly onData = (chunk: Buffer) => {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    this.consumed += chunk.length;
    this.req.pause();
    this.wake?.();
  };
  private readonly onEnd = () => {
    this.ended = true;
    this.wake?.();
  };
  private readonly onError = (error: Error) => {
    this.failure = error;
    this.wake?.();
  };

  constructor(
    private readonly req: IncomingMessage,
    readonly boundary: string,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // the first delimiter has no CRLF before it when the body starts with it
    this.pending = Buffer.from('\r\n');
    req.pause();
    req.on('data', this.onData);
    req.once('end', this.onEnd);
    req.once('error', this.onError);
  }

  /** Waits for the next piece of the body; false once it has all arrived. */
  private async more() {
    if (!this.ended && !this.failure) {
      const before = this.consumed;
      await new Promise<void>((resolve) => {
        this.wake = () => {
          this.wake = undefined;
          resolve();
        };
        this.req.resume();
      });
      if (this.consumed > before) return true;
    }
    if (this.failure) throw this.failure;
    return false;
  }

  /** Stops reading: what the client still sends is for the caller to discard. */
  release() {
    this.req.off('data', this.onData);
    this.req.off('end', this.onEnd);
    this.req.off('error', this.onError);
    this.wake = undefined;
  }

  private malformed(): never {
    return refuse(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
  }

  private tooMuchPreData(): never {
    return refuse(
      400,
      'MaxPostPreDataLengthExceeded',
      'Your POST request fields preceeding the upload file was too large.',
      {
        MaxPostPreDataLengthBytes: maxPostPreDataBytes,
      },
    );
  }

  /** Bytes of the body taken before what is still pending (the fields' share of S3's 20 KB). */
  private get taken() {
    return this.consumed + 2 - this.pending.length;
  }

  /** Waits until `search` is found in what is pending, reading at most 20 KB of fields. */
  private async find(search: Buffer) {
    for (;;) {
      const at = this.pending.indexOf(search);
      if (at >= 0) return at;
      if (this.taken + this.pending.length > maxPostPreDataBytes + search.length + 2) this.tooMuchPreData();
      if (!(await this.more())) this.malformed();
    }
  }

  /** The fields before the part named `file`, and that part's headers (undefined if the form ends without one). */
  async readUntilFile(): Promise<{ fields: FormField[]; file: FilePart | undefined }> {
    const fields: FormField[] = [];
    let at = await this.find(this.delimiter);
    this.pending = this.pending.subarray(at + this.delimiter.length);
    for (;;) {
      // after a delimiter: `--` ends the form, otherwise optional padding and CRLF, then the part's headers
      while (this.pending.length < 2) if (!(await this.more())) this.malformed();
      if (this.pending.subarray(0, 2).toString() === '--') return { fields, file: undefined };
      const headersEnd = await this.find(Buffer.from('\r\n\r\n'));
      const headers = this.pending
        .subarray(0, headersEnd)
        .toString('utf8')
        .replace(/^[ \t]*\r\n/, '');
      this.pending = this.pending.subarray(headersEnd + 4);
      const disposition = dispositionOf(headers);
      const contentType = /^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim();
      if (disposition?.name?.toLowerCase() === 'file') {
        if (this.taken > maxPostPreDataBytes) this.tooMuchPreData();
        this.fileStart = this.taken - 2;
        return { fields, file: { filename: disposition.filename, contentType } };
      }
      at = await this.find(this.delimiter);
      if (this.taken + at > maxPostPreDataBytes) this.tooMuchPreData();
      // a part that is not form-data, or has no name, is no field
      if (disposition?.name !== undefined) {
        fields.push({ name: disposition.name, value: this.pending.subarray(0, at).toString('utf8') });
      }
      this.pending = this.pending.subarray(at + this.delimiter.length);
    }
  }

  /** The file's content, refused (400 EntityTooLarge) as soon as more than `maxBytes` of it has arrived. */
  async readFile(maxBytes: number) {
    const kept: Buffer[] = [];
    let size = 0;
    const keep = (part: Buffer) => {
      size += part.length;
      if (size > maxBytes) {
        refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
          ProposedSize: this.proposedSize(size),
          MaxSizeAllowed: maxBytes,
        });
      }
      kept.push(part);
    };
    for (;;) {
      const at = this.pending.indexOf(this.delimiter);
      if (at >= 0) {
        keep(this.pending.subarray(0, at));
        return Buffer.concat(kept);
      }
      // all but what could be the start of the delimiter is the file's
      const safe = this.pending.length - (this.delimiter.length - 1);
      if (safe > 0) {
        keep(this.pending.subarray(0, safe));
        this.pending = this.pending.subarray(safe);
      }
      if (!(await this.more())) this.malformed();
    }
  }

  /** The file's size as the request's Content-Length tells it (the form's end after it), else what has arrived. */
  private proposedSize(seen: number) {
    const announced = Number(this.req.headers['content-length']);
    if (!Number.isFinite(announced)) return seen;
    return Math.max(seen, announced - this.fileStart - (this.delimiter.length + 4));
  }
}
