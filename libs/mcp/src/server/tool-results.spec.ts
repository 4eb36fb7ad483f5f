import { ForbiddenException } from '@nestjs/common';
import { AppError, ErrorCode } from '@dq/contracts';
import { toolFailure, toolSuccess } from './tool-results';

describe('tool results', () => {
  it("a value is REST's body as JSON text and as structured content; an array as `items`", () => {
    expect(toolSuccess({ id: 'r1' })).toEqual({
      content: [{ type: 'text', text: '{"id":"r1"}' }],
      structuredContent: { id: 'r1' },
    });
    expect(toolSuccess([1, 2]).structuredContent).toEqual({ items: [1, 2] });
    expect(toolSuccess(undefined).structuredContent).toEqual({ done: true });
  });

  it("an AppError is a tool error with REST's envelope and status", () => {
    const result = toolFailure(new AppError(ErrorCode.NotFound, 'Suite not found', {}), () => undefined);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: { code: 'not_found', message: 'Suite not found', detail: {} },
      status: 404,
    });
  });

  it('an HttpException keeps its meaning', () => {
    expect(toolFailure(new ForbiddenException('no'), () => undefined).structuredContent).toMatchObject({
      error: { code: 'forbidden' },
      status: 403,
    });
  });

  it('anything else gives only an error id; the error itself goes to the log', () => {
    const logged: [unknown, string][] = [];
    const result = toolFailure(new Error('password=hunter2 at db:5432'), (error, id) =>
      logged.push([error, id]),
    );
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(result.structuredContent).toMatchObject({ error: { code: 'internal_error' }, status: 500 });
    const errorId = (result.structuredContent as { error: { detail: { error_id: string } } }).error.detail
      .error_id;
    expect(logged).toEqual([[expect.any(Error), errorId]]);
  });
});
