import { describe, expect, it } from 'vitest';
import { listOf } from './list-state';

const refetch = () => undefined;

describe('#26.7 listOf: a page query as a ListState list', () => {
  it('#26.7 loading: pending while nothing came and nothing failed', () => {
    expect(listOf<{ users: string[] }, string>({ isError: false, data: undefined, refetch }, (d) => d.users)).toEqual({
      isPending: true,
      isError: false,
      data: undefined,
      refetch,
    });
  });

  it('#26.7 a failed first load is the failure', () => {
    expect(listOf<{ users: string[] }, string>({ isError: true, data: undefined, refetch }, (d) => d.users)).toEqual({
      isPending: false,
      isError: true,
      data: undefined,
      refetch,
    });
  });

  it('#26.7 a failed refetch keeps the rows it has', () => {
    expect(listOf({ isError: true, data: { users: ['a', 'b'] }, refetch }, (d) => d.users)).toEqual({
      isPending: false,
      isError: false,
      data: ['a', 'b'],
      refetch,
    });
  });
});
