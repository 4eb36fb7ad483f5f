import { AppError } from '@dq/contracts';
import { McpToolset } from '../catalogue/mcp-tool';
import { toolsetsFrom } from './mcp-toolsets';

describe('toolsetsFrom', () => {
  it('keeps every toolset when the header is absent', () => {
    expect([...toolsetsFrom(undefined)].sort()).toEqual(Object.values(McpToolset).sort());
  });

  it('keeps exactly the named toolsets, case-insensitively, spaces ignored', () => {
    expect([...toolsetsFrom(' Read , operate')]).toEqual([McpToolset.Read, McpToolset.Operate]);
    expect([...toolsetsFrom(['read', 'admin'])]).toEqual([McpToolset.Read, McpToolset.Admin]);
  });

  it('refuses an unknown or empty list with a 422 instead of widening the catalogue', () => {
    for (const header of ['read,everything', '', ' , ']) {
      expect(() => toolsetsFrom(header)).toThrow(AppError);
    }
  });
});
