import { AppError, DatasourceErrorClass, ErrorCode } from '@dq/contracts';
import { DatasourceError } from '@dq/datasources';
import { interactiveFailure } from './datasource-failure';

describe('interactiveFailure', () => {
  it('a datasource that did not answer within the deadline is 504 datasource_timeout with the deadline', () => {
    const mapped = interactiveFailure(
      new DatasourceError(DatasourceErrorClass.Timeout, 'The statement timed out'),
      45_000,
    );
    expect(mapped).toBeInstanceOf(AppError);
    expect((mapped as AppError).status).toBe(504);
    expect((mapped as AppError).toBody()).toMatchObject({
      code: ErrorCode.DatasourceTimeout,
      detail: { class: 'timeout', deadline_seconds: 45 },
    });
  });

  it('a datasource that cannot be reached stays 502 datasource_unreachable', () => {
    const mapped = interactiveFailure(new DatasourceError(DatasourceErrorClass.Unreachable, 'No route'));
    expect((mapped as AppError).code).toBe(ErrorCode.DatasourceUnreachable);
    expect((mapped as AppError).status).toBe(502);
  });
});
