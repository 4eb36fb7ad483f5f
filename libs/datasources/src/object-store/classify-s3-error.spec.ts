import { type DatasourceErrorClass } from '@dq/contracts';
import { OBJECT_STORE_ERROR_MESSAGES, classifyS3Error } from './classify-s3-error';

/** The shape `@aws-sdk/client-s3` throws for an answer of the service. */
function serviceError(name: string, status: number, code: string | undefined = name): Error {
  return Object.assign(new Error('service text naming my-bucket and AKIAEXAMPLE'), {
    name,
    ...(code === undefined ? {} : { Code: code }),
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
  });
}

function socketError(code: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`connect ${code} 203.0.113.9:443`), { code, ...extra });
}

describe('classifyS3Error', () => {
  const table: [string, unknown, DatasourceErrorClass][] = [
    ['unknown access key id', serviceError('InvalidAccessKeyId', 403), 'auth'],
    ['wrong secret', serviceError('SignatureDoesNotMatch', 403), 'auth'],
    ['expired session token', serviceError('ExpiredToken', 400), 'auth'],
    ['missing grant', serviceError('AccessDenied', 403), 'permission'],
    ['bare 403 of a HEAD (no body, no code)', serviceError('Unknown', 403, undefined), 'permission'],
    ['missing bucket', serviceError('NoSuchBucket', 404), 'not_found'],
    ['missing key', serviceError('NoSuchKey', 404), 'not_found'],
    ['HEAD of a missing key', serviceError('NotFound', 404, undefined), 'not_found'],
    ['bare 404', serviceError('Unknown', 404, undefined), 'not_found'],
    ['throttled', serviceError('SlowDown', 503), 'unreachable'],
    ['any 5xx', serviceError('Unknown', 502, undefined), 'unreachable'],
    ['bad request', serviceError('InvalidArgument', 400), 'invalid'],
    ['unsatisfiable range', serviceError('InvalidRange', 416), 'invalid'],
    ['unknown host', socketError('ENOTFOUND'), 'unreachable'],
    ['DNS failure', socketError('EAI_AGAIN'), 'unreachable'],
    ['closed port', socketError('ECONNREFUSED'), 'unreachable'],
    [
      'closed port on every address (AggregateError)',
      Object.assign(new AggregateError([socketError('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' }),
      'unreachable',
    ],
    [
      'closed port wrapped as a cause',
      new Error('wrapped', { cause: socketError('ECONNREFUSED') }),
      'unreachable',
    ],
    [
      'reset socket (renamed TimeoutError by the handler)',
      Object.assign(socketError('ECONNRESET'), { name: 'TimeoutError' }),
      'unreachable',
    ],
    [
      'closed port wrapped by the SDK across realms',
      new Error('AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:9'),
      'unreachable',
    ],
    [
      'OS connect timeout wrapped by the SDK across realms',
      new Error('AWS SDK error wrapper for Error: connect ETIMEDOUT 203.0.113.9:443'),
      'unreachable',
    ],
    ['an unrelated wrapped value', new Error('AWS SDK error wrapper for [object Object]'), 'invalid'],
    ['untrusted certificate', socketError('SELF_SIGNED_CERT_IN_CHAIN'), 'unreachable'],
    [
      'connect timeout of the HTTP handler',
      Object.assign(
        new Error(
          '@smithy/node-http-handler - the request socket did not establish a connection with the server within the configured timeout of 5000 ms.',
        ),
        { name: 'TimeoutError' },
      ),
      'unreachable',
    ],
    [
      'OS connect timeout',
      Object.assign(socketError('ETIMEDOUT', { syscall: 'connect' }), { name: 'TimeoutError' }),
      'unreachable',
    ],
    [
      'request timeout of the HTTP handler',
      Object.assign(
        new Error(
          '@smithy/node-http-handler - [ERROR] a request has exceeded the configured 30 ms requestTimeout.',
        ),
        { name: 'TimeoutError', code: 'ETIMEDOUT' },
      ),
      'timeout',
    ],
    ['aborted request', Object.assign(new Error('Request aborted'), { name: 'AbortError' }), 'timeout'],
    ['not an error object', 'boom', 'invalid'],
    ['null', null, 'invalid'],
  ];

  it.each(table)('%s -> %s', (_label, error, expected) => {
    expect(classifyS3Error(error)).toBe(expected);
  });

  it('has one fixed message per class that names nothing specific', () => {
    for (const message of Object.values(OBJECT_STORE_ERROR_MESSAGES)) {
      expect(message).toMatch(/^The /);
      expect(message).not.toMatch(/"|'|@|:\d|AKIA|bucket-|\.amazonaws/);
    }
    expect(OBJECT_STORE_ERROR_MESSAGES.auth).toBe('The object store refused the credentials');
  });
});
